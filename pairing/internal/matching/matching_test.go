package matching

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

func small(words int, x uint64) []uint64 {
	w := make([]uint64, words)
	w[0] = x
	return w
}

// TestExhaustiveSmall compares Solve with brute force on every graph with
// n <= 5 vertices and edge weights in {0,1,2,3}, and every graph with n = 6
// and weights in {0,1} (the full {0,1,2} range for n = 6 is covered by a
// seeded sample of 200000 graphs). Each result is also certified by its
// duals.
func TestExhaustiveSmall(t *testing.T) {
	type run struct{ n, base int }
	runs := []run{{1, 4}, {2, 4}, {3, 4}, {4, 4}, {5, 4}, {6, 2}}
	if testing.Short() {
		runs = []run{{1, 4}, {2, 4}, {3, 4}, {4, 4}, {5, 3}, {6, 2}}
	}
	for _, r := range runs {
		n := r.n
		var edges [][2]int
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				edges = append(edges, [2]int{i, j})
			}
		}
		total := 1
		for range edges {
			total *= r.base
		}
		w := make([]int64, n*n)
		for code := 0; code < total; code++ {
			c := code
			for _, e := range edges {
				x := int64(c % r.base)
				c /= r.base
				w[e[0]*n+e[1]], w[e[1]*n+e[0]] = x, x
			}
			checkSmall(t, n, w)
			if t.Failed() {
				return
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 6))
	samples := 200000
	if testing.Short() {
		samples = 20000
	}
	n := 6
	w := make([]int64, n*n)
	for k := 0; k < samples; k++ {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				x := int64(rng.IntN(3))
				w[i*n+j], w[j*n+i] = x, x
			}
		}
		checkSmall(t, n, w)
		if t.Failed() {
			return
		}
	}
}

func checkSmall(t *testing.T, n int, w []int64) {
	t.Helper()
	g := New(n, 1)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if w[i*n+j] != 0 {
				g.SetWeight(i, j, small(1, uint64(w[i*n+j])))
			}
		}
	}
	g.Solve()
	got, err := matchingWeight(g)
	if err != nil {
		t.Fatalf("n=%d weights %v: %v", n, w, err)
	}
	want := bruteForceSmall(n, w)
	if got.Cmp(big.NewInt(want)) != 0 {
		t.Fatalf("n=%d weights %v: matching weight %v, brute force %d", n, w, got, want)
	}
	if err := certify(g); err != nil {
		t.Fatalf("n=%d weights %v: certificate: %v", n, w, err)
	}
}

// wideGen draws weights shaped like the Dutch engine's: a few words whose
// values are mostly shared high parts with small differences, many ties,
// bits in every word, and missing edges.
type wideGen struct {
	rng   *rand.Rand
	words int
	// density is the chance an edge exists; spread how many distinct
	// values each word takes (small means many ties).
	density float64
	spread  int
}

func (wg *wideGen) weight() []uint64 {
	w := make([]uint64, wg.words)
	if wg.rng.Float64() >= wg.density {
		return w
	}
	for i := range w {
		switch wg.rng.IntN(4) {
		case 0:
			w[i] = 0
		case 1:
			w[i] = uint64(wg.rng.IntN(wg.spread))
		case 2:
			w[i] = uint64(wg.rng.IntN(wg.spread)) << 62
		default:
			w[i] = wg.rng.Uint64()
		}
	}
	// Leave the top two bits free as the callers do; also keep some
	// weights near the limit.
	w[len(w)-1] &= 1<<62 - 1
	if isZero(w) {
		w[0] = 1
	}
	return w
}

func bigMatrix(n int) [][]*big.Int {
	m := make([][]*big.Int, n)
	for i := range m {
		m[i] = make([]*big.Int, n)
	}
	return m
}

func setBoth(g *Graph, m [][]*big.Int, u, v int, w []uint64) {
	g.SetWeight(u, v, w)
	b := toBig(w)
	m[u][v], m[v][u] = b, b
}

func checkAgainst(t *testing.T, g *Graph, want *big.Int, what string) {
	t.Helper()
	got, err := matchingWeight(g)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if got.Cmp(want) != 0 {
		t.Fatalf("%s: matching weight %v, want %v", what, got, want)
	}
	if err := certify(g); err != nil {
		t.Fatalf("%s: certificate: %v", what, err)
	}
}

// TestRandomWide compares Solve with brute force on random graphs of 7 to 16
// vertices with wide weights.
func TestRandomWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 16))
	for n := 7; n <= 16; n++ {
		count := 60
		if n > 12 {
			count = 8
		}
		if testing.Short() {
			count = 3
		}
		for k := 0; k < count; k++ {
			wg := &wideGen{rng: rng, words: 1 + rng.IntN(4), density: []float64{0.3, 0.7, 1}[k%3], spread: 1 + rng.IntN(4)}
			g := New(n, wg.words)
			m := bigMatrix(n)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					setBoth(g, m, i, j, wg.weight())
				}
			}
			g.Solve()
			checkAgainst(t, g, bruteForce(m), "random wide graph")
		}
	}
}

// TestIncremental changes the weights of all edges at a random vertex, or of
// one edge, many times, re-solving each time, and compares the optimum with
// a fresh Graph and with brute force.
func TestIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	steps := 150
	if testing.Short() {
		steps = 30
	}
	for _, n := range []int{2, 3, 5, 8, 11, 13} {
		for trial := 0; trial < 4; trial++ {
			wg := &wideGen{rng: rng, words: 1 + rng.IntN(3), density: 0.8, spread: 2}
			g := New(n, wg.words)
			m := bigMatrix(n)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					setBoth(g, m, i, j, wg.weight())
				}
			}
			g.Solve()
			checkAgainst(t, g, bruteForce(m), "initial")
			for s := 0; s < steps; s++ {
				mutate(rng, wg, g, m)
				g.Solve()
				want := bruteForce(m)
				checkAgainst(t, g, want, "after a change")
				f := fresh(g)
				f.Solve()
				checkAgainst(t, f, want, "fresh graph")
			}
		}
	}
}

// mutate changes the weights at one random vertex: all its edges (going up,
// down, to zero, or all to zero so the vertex is isolated) or just one edge.
func mutate(rng *rand.Rand, wg *wideGen, g *Graph, m [][]*big.Int) {
	n := g.Len()
	v := rng.IntN(n)
	switch rng.IntN(6) {
	case 0: // one edge
		u := rng.IntN(n - 1)
		if u >= v {
			u++
		}
		setBoth(g, m, v, u, wg.weight())
	case 1: // isolate v
		for u := 0; u < n; u++ {
			if u != v {
				setBoth(g, m, v, u, make([]uint64, wg.words))
			}
		}
	case 2: // scale all edges at v down or up a little
		up := rng.IntN(2) == 0
		for u := 0; u < n; u++ {
			if u == v || m[v][u] == nil || m[v][u].Sign() == 0 {
				continue
			}
			w := g.Weight(v, u)
			if up {
				addSmall(w, uint64(1+rng.IntN(3)))
			} else if w[0] > 0 {
				w[0]--
			}
			setBoth(g, m, v, u, w)
		}
	case 3: // raise the matched edge at v
		if u := g.Mate(v); u >= 0 {
			w := g.Weight(v, u)
			w[0] |= 1 << 40
			setBoth(g, m, v, u, w)
			return
		}
		fallthrough
	default: // new random weights at v
		for u := 0; u < n; u++ {
			if u != v {
				setBoth(g, m, v, u, wg.weight())
			}
		}
	}
}

// fresh returns a new Graph with g's weights.
func fresh(g *Graph) *Graph {
	f := New(g.Len(), g.Words())
	for i := 0; i < g.Len(); i++ {
		for j := i + 1; j < g.Len(); j++ {
			f.SetWeight(i, j, g.Weight(i, j))
		}
	}
	return f
}

// TestLarge solves graphs of 100 to 400 vertices, dense and sparse, and
// checks each result by its dual certificate; then re-solves after changes
// and checks again, and compares with a fresh solve.
func TestLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(100, 400))
	sizes := []int{100, 173, 250, 400}
	steps := 20
	if testing.Short() {
		sizes = []int{100, 150}
		steps = 5
	}
	for _, n := range sizes {
		for _, density := range []float64{0.05, 1} {
			wg := &wideGen{rng: rng, words: 3, density: density, spread: 3}
			g := New(n, wg.words)
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					g.SetWeight(i, j, wg.weight())
				}
			}
			g.Solve()
			if err := certify(g); err != nil {
				t.Fatalf("n=%d density %v: %v", n, density, err)
			}
			m := bigMatrix(n)
			for s := 0; s < steps; s++ {
				mutate(rng, wg, g, m)
				g.Solve()
				if err := certify(g); err != nil {
					t.Fatalf("n=%d density %v step %d: %v", n, density, s, err)
				}
			}
			want, err := matchingWeight(g)
			if err != nil {
				t.Fatal(err)
			}
			f := fresh(g)
			f.Solve()
			checkAgainst(t, f, want, "fresh large graph")
		}
	}
}

// TestDeterministic solves the same sequence twice and expects the same
// matching.
func TestDeterministic(t *testing.T) {
	build := func() []int {
		rng := rand.New(rand.NewPCG(5, 5))
		wg := &wideGen{rng: rng, words: 2, density: 1, spread: 2}
		g := New(60, 2)
		m := bigMatrix(60)
		for i := 0; i < 60; i++ {
			for j := i + 1; j < 60; j++ {
				setBoth(g, m, i, j, wg.weight())
			}
		}
		g.Solve()
		for s := 0; s < 30; s++ {
			mutate(rng, wg, g, m)
			g.Solve()
		}
		out := make([]int, 60)
		for v := range out {
			out[v] = g.Mate(v)
		}
		return out
	}
	a, b := build(), build()
	for v := range a {
		if a[v] != b[v] {
			t.Fatalf("vertex %d: mate %d, then %d", v, a[v], b[v])
		}
	}
}

// TestFullWidth uses weights with all bits set, beyond the two free top bits
// the callers keep, which the extra internal word allows.
func TestFullWidth(t *testing.T) {
	n := 7
	g := New(n, 2)
	m := bigMatrix(n)
	rng := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			w := []uint64{^uint64(0) - uint64(rng.IntN(3)), ^uint64(0) - uint64(rng.IntN(2))}
			setBoth(g, m, i, j, w)
		}
	}
	g.Solve()
	checkAgainst(t, g, bruteForce(m), "full-width weights")
}
