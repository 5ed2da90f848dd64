// This file holds the Graph, its storage, and the weight updates that free
// vertices for the next Solve.

package matching

import "fmt"

// Graph is a complete graph on n vertices with edge weights of Words() 64-bit
// words, least significant word first. A zero weight means no edge. Solve
// computes a maximum-weight matching (not a maximum-cardinality one: callers
// who want cardinality first encode it in the high bits of the weights).
//
// Memory is about n²·(Words()+1)·8 bytes for the weights. A Graph is not
// safe for concurrent use.
type Graph struct {
	stop func() bool // see SetStop

	n     int // vertices
	words int // words per weight, as the caller sees them
	l     int // words per stored number: words + 1

	w   []uint64 // n·n·l: twice the weight of each edge, row by row
	has []bool   // n·n: whether the edge exists (its weight is not zero)

	// dual holds y(v) for the vertices 0..n-1 and z(b) for the blossoms
	// n..2n-1, l words each.
	dual []uint64

	mate      []int // the vertex matched to each vertex, or -1
	inBlossom []int // the top-level blossom that holds each vertex

	// Blossoms are numbered 0..2n-1: the vertices are the trivial blossoms
	// 0..n-1, the nontrivial ones take the numbers n..2n-1 as needed.
	parent []int      // the blossom directly enclosing each blossom, or -1
	childs [][]int    // the sub-blossoms of a blossom, in cycle order, base first
	cycle  [][][2]int // cycle[b][i] is the edge from childs[i] (first) to childs[i+1]
	leaves [][]int    // the vertices of each nontrivial blossom
	base   []int      // the base vertex of each blossom
	used   []bool     // which nontrivial blossom numbers are in use
	unused []int      // the free nontrivial blossom numbers, as a stack

	// State of one stage of the algorithm.
	label     []int8 // per blossom and per vertex: 0, labelS or labelT
	labelFrom []int  // the vertex outside that gave the label, or -1
	labelTo   []int  // the vertex inside that received it
	// For a vertex not in an S-blossom, the least-slack edge to it from an
	// S-vertex; for an S-vertex, the least-slack edge from it to an
	// S-vertex of another blossom (possibly out of date: see grow).
	bestFrom  []int    // its S end (the vertex itself for an S-vertex), or -1
	bestTo    []int    // its other end
	bestSlack []uint64 // its slack, l words per vertex
	allow     []uint32 // n·n: the edge is known tight in the stage numbered stamp
	stamp     uint32
	queue     []int // S-vertices whose edges are still to be scanned, from qhead on
	qhead     int
	mark      []bool
	path      []int

	tmp   []uint64 // scratch numbers, l words each
	fresh bool     // no Solve yet: start from the standard initial duals
}

// The labels of the alternating forest.
const (
	labelS int8 = 1 // outer: an even distance from an exposed root
	labelT int8 = 2 // inner
)

// New returns a graph on n vertices with weights of words 64-bit words, all
// zero (no edges). It panics if n < 0 or words < 1.
func New(n, words int) *Graph {
	if n < 0 || words < 1 {
		panic(fmt.Sprintf("matching.New: bad size n=%d words=%d", n, words))
	}
	l := words + 1
	g := &Graph{
		n:         n,
		words:     words,
		l:         l,
		w:         make([]uint64, n*n*l),
		has:       make([]bool, n*n),
		dual:      make([]uint64, 2*n*l),
		mate:      make([]int, n),
		inBlossom: make([]int, n),
		parent:    make([]int, 2*n),
		childs:    make([][]int, 2*n),
		cycle:     make([][][2]int, 2*n),
		leaves:    make([][]int, 2*n),
		base:      make([]int, 2*n),
		used:      make([]bool, 2*n),
		label:     make([]int8, 2*n),
		labelFrom: make([]int, 2*n),
		labelTo:   make([]int, 2*n),
		bestFrom:  make([]int, 2*n),
		bestTo:    make([]int, 2*n),
		bestSlack: make([]uint64, n*l),
		allow:     make([]uint32, n*n),
		mark:      make([]bool, 2*n),
		tmp:       make([]uint64, 4*l),
		fresh:     true,
	}
	for v := 0; v < n; v++ {
		g.mate[v] = -1
		g.inBlossom[v] = v
		g.base[v] = v
	}
	for b := range g.parent {
		g.parent[b] = -1
		if b >= n {
			g.base[b] = -1
		}
	}
	for b := 2*n - 1; b >= n; b-- {
		g.unused = append(g.unused, b)
	}
	return g
}

// Len returns the number of vertices.
func (g *Graph) Len() int { return g.n }

// Words returns the number of 64-bit words in a weight.
func (g *Graph) Words() int { return g.words }

// Mate returns the vertex matched to v by the last Solve, or -1. Before the
// first Solve every vertex is unmatched. After weights change and before the
// next Solve it reflects the matching being repaired, not an optimum.
func (g *Graph) Mate(v int) int { return g.mate[v] }

// wt returns the stored (doubled) weight of uv.
func (g *Graph) wt(u, v int) []uint64 {
	i := (u*g.n + v) * g.l
	return g.w[i : i+g.l : i+g.l]
}

// y returns the dual of vertex v, or z of blossom v for v >= n.
func (g *Graph) y(v int) []uint64 {
	i := v * g.l
	return g.dual[i : i+g.l : i+g.l]
}

func (g *Graph) slackBuf(b int) []uint64 {
	i := b * g.l
	return g.bestSlack[i : i+g.l : i+g.l]
}

func (g *Graph) scratch(k int) []uint64 {
	return g.tmp[k*g.l : (k+1)*g.l : (k+1)*g.l]
}

// Weight returns the weight of uv as a new slice of Words() words.
func (g *Graph) Weight(u, v int) []uint64 {
	g.checkPair("Weight", u, v)
	out := make([]uint64, g.l)
	shr1(out, g.wt(u, v))
	return out[:g.words:g.words]
}

func (g *Graph) checkPair(op string, u, v int) {
	if u < 0 || u >= g.n || v < 0 || v >= g.n || u == v {
		panic(fmt.Sprintf("matching.%s: bad edge %d-%d in a graph of %d vertices", op, u, v, g.n))
	}
}

// SetWeight sets the weight of the edge uv (and vu) to a copy of w, which
// must have Words() words; zero removes the edge.
//
// When the change breaks the previous solution (the edge is matched, lies
// inside a blossom, or would get a negative slack), u is the vertex that is
// freed: it is unmatched, taken out of its blossoms and given a dual large
// enough for all its edges. Callers changing all edges at one vertex should
// pass that vertex as u; after the first such call the others cost O(words).
func (g *Graph) SetWeight(u, v int, w []uint64) {
	g.checkPair("SetWeight", u, v)
	if len(w) != g.words {
		panic(fmt.Sprintf("matching.SetWeight: weight of %d words, want %d", len(w), g.words))
	}
	nw := g.scratch(0)
	copy(nw, w)
	nw[g.words] = 0
	shl1(nw, nw)
	old := g.wt(u, v)
	if cmp(nw, old) == 0 {
		return
	}
	if g.mate[u] == v || g.inBlossom[u] == g.inBlossom[v] {
		g.prepare(u)
	}
	copy(old, nw)
	copy(g.wt(v, u), nw)
	present := !isZero(nw)
	g.has[u*g.n+v] = present
	g.has[v*g.n+u] = present
	if !present {
		return
	}
	s := g.scratch(1)
	if !slackOf(s, g.y(u), g.y(v), nw) {
		return
	}
	// The new weight is above the sum of the duals: raise the dual of a
	// free vertex outside blossoms, which touches nothing else.
	x, o := u, v
	if !g.loose(u) {
		if g.loose(v) {
			x, o = v, u
		} else {
			g.prepare(u)
			if !slackOf(s, g.y(u), g.y(v), nw) {
				return
			}
		}
	}
	sub(g.y(x), nw, g.y(o))
}

// loose reports whether v is exposed and not inside a nontrivial blossom, so
// that its dual can be raised freely.
func (g *Graph) loose(v int) bool {
	return g.mate[v] < 0 && g.inBlossom[v] == v
}

// prepare frees u: it unmatches the base of u's top-level blossom, makes u
// its base, and dissolves every blossom that holds u, moving each one's dual
// onto its vertices so that no slack becomes negative. Afterwards u is a
// trivial top-level blossom, exposed, and the old mate of the base is exposed
// too (the base of its own blossoms).
func (g *Graph) prepare(u int) {
	b := g.inBlossom[u]
	bs := g.base[b]
	if m := g.mate[bs]; m >= 0 {
		g.mate[bs] = -1
		g.mate[m] = -1
	}
	if b < g.n {
		return
	}
	g.rotate(b, u)
	g.mate[u] = -1
	for b >= g.n {
		c := u
		for g.parent[c] != b {
			c = g.parent[c]
		}
		g.dissolve(b)
		b = c
	}
}

// dissolve removes the top-level blossom b: its children become top-level
// blossoms and its dual z is spread over its vertices, half to each, which
// keeps the slack of the edges inside b and raises that of the edges leaving
// it. The caller makes sure no matched edge leaves b (or z(b) is zero).
func (g *Graph) dissolve(b int) {
	z := g.y(b)
	if !isZero(z) {
		half := g.scratch(2)
		shr1(half, z)
		for _, x := range g.leaves[b] {
			add(g.y(x), g.y(x), half)
		}
	}
	for _, c := range g.childs[b] {
		g.parent[c] = -1
		g.setTop(c)
	}
	g.release(b)
}

// setTop records c as the top-level blossom of its vertices.
func (g *Graph) setTop(c int) {
	if c < g.n {
		g.inBlossom[c] = c
		return
	}
	for _, x := range g.leaves[c] {
		g.inBlossom[x] = c
	}
}

func (g *Graph) alloc() int {
	b := g.unused[len(g.unused)-1]
	g.unused = g.unused[:len(g.unused)-1]
	g.used[b] = true
	return b
}

func (g *Graph) release(b int) {
	g.used[b] = false
	g.parent[b] = -1
	g.childs[b] = g.childs[b][:0]
	g.cycle[b] = g.cycle[b][:0]
	g.leaves[b] = g.leaves[b][:0]
	g.base[b] = -1
	g.label[b] = 0
	g.labelFrom[b] = -1
	g.bestFrom[b] = -1
	clear(g.y(b))
	g.unused = append(g.unused, b)
}
