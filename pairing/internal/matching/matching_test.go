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
// one edge (now and then at several vertices before one solve), many times,
// re-solving each time, and compares the optimum with a fresh Graph and with
// brute force.
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
				// Mostly one vertex changes between solves, sometimes
				// several.
				for k := 1 + rng.IntN(3)/2*rng.IntN(4); k > 0; k-- {
					mutate(rng, wg, g, m)
				}
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

// TestTrivialGraphs covers graphs without edges, of 0, 1 and 3 vertices.
func TestTrivialGraphs(t *testing.T) {
	for _, n := range []int{0, 1, 3} {
		g := New(n, 2)
		g.Solve()
		if g.Len() != n || g.Words() != 2 {
			t.Fatalf("n=%d: Len %d Words %d", n, g.Len(), g.Words())
		}
		for v := 0; v < n; v++ {
			if g.Mate(v) != -1 {
				t.Fatalf("n=%d: vertex %d matched to %d without edges", n, v, g.Mate(v))
			}
		}
		if err := certify(g); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWeightCopies checks that SetWeight copies its argument and Weight
// returns what was set, in a new slice.
func TestWeightCopies(t *testing.T) {
	g := New(3, 2)
	w := []uint64{5, 1 << 61}
	g.SetWeight(0, 2, w)
	w[0] = 9
	got := g.Weight(2, 0)
	if len(got) != 2 || got[0] != 5 || got[1] != 1<<61 {
		t.Fatalf("Weight(2, 0) = %v, want [5 %d]", got, uint64(1)<<61)
	}
	got[0] = 7
	if g.Weight(0, 2)[0] != 5 {
		t.Fatal("changing Weight's result changed the graph")
	}
	g.Solve()
	if g.Mate(0) != 2 || g.Mate(2) != 0 || g.Mate(1) != -1 {
		t.Fatalf("mates %d %d %d, want 2 -1 0", g.Mate(0), g.Mate(1), g.Mate(2))
	}
}

// TestSolveAgain re-solves without changes and after setting weights to
// their current values: nothing may move.
func TestSolveAgain(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	wg := &wideGen{rng: rng, words: 2, density: 0.9, spread: 2}
	n := 40
	g := New(n, 2)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			g.SetWeight(i, j, wg.weight())
		}
	}
	g.Solve()
	before := make([]int, n)
	for v := range before {
		before[v] = g.Mate(v)
	}
	g.Solve()
	for v := 0; v < n; v++ {
		for u := 0; u < n; u++ {
			if u != v {
				g.SetWeight(v, u, g.Weight(v, u))
			}
		}
	}
	g.Solve()
	for v := range before {
		if g.Mate(v) != before[v] {
			t.Fatalf("vertex %d: mate %d, was %d", v, g.Mate(v), before[v])
		}
	}
}

// TestChainOfChanges moves the optimum around a path: each change makes a
// different perfect matching the best, which the re-solve must find.
func TestChainOfChanges(t *testing.T) {
	n := 8
	g := New(n, 3)
	m := bigMatrix(n)
	for i := 0; i+1 < n; i++ {
		setBoth(g, m, i, i+1, []uint64{0, 0, 10})
	}
	g.Solve()
	checkAgainst(t, g, bruteForce(m), "path")
	for k := 0; k+1 < n; k++ {
		// Make edge k-(k+1) heavy enough to be in every optimum (30
		// plus the two or more edges left beside it beats the 40 of a
		// perfect matching), then drop it again.
		setBoth(g, m, k, k+1, []uint64{0, 1, 30})
		g.Solve()
		checkAgainst(t, g, bruteForce(m), "raised")
		if g.Mate(k) != k+1 {
			t.Fatalf("edge %d-%d raised but not matched", k, k+1)
		}
		setBoth(g, m, k, k+1, []uint64{0, 0, 10})
		g.Solve()
		checkAgainst(t, g, bruteForce(m), "restored")
	}
}

// TestDutchShaped runs the benchmarks' workload on a smaller field and
// checks every re-solve by its certificate and against a fresh solve.
func TestDutchShaped(t *testing.T) {
	n, words := 120, 20
	steps := 40
	if testing.Short() {
		steps = 8
	}
	d := newDutchWeights(n, words, 2)
	g := New(n, words)
	w := make([]uint64, words)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d.weight(w, i, j, 0)
			g.SetWeight(i, j, w)
		}
	}
	g.Solve()
	if err := certify(g); err != nil {
		t.Fatal(err)
	}
	v := 0
	for s := 1; s <= steps; s++ {
		for u := 0; u < n; u++ {
			if u != v {
				d.weight(w, v, u, s)
				g.SetWeight(v, u, w)
			}
		}
		g.Solve()
		if err := certify(g); err != nil {
			t.Fatalf("step %d: %v", s, err)
		}
		if s%10 == 0 {
			want, err := matchingWeight(g)
			if err != nil {
				t.Fatal(err)
			}
			f := fresh(g)
			f.Solve()
			checkAgainst(t, f, want, "fresh Dutch-shaped graph")
		}
		v = (v + 37) % n
	}
}
