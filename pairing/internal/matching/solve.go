package matching

// Solve computes a maximum-weight matching for the current weights, read
// back with Mate. It starts from the previous matching, blossoms and duals:
// only the exposed vertices with a positive dual (those SetWeight freed, and
// their old mates) grow alternating trees, so re-solving after the edges of
// k vertices changed costs about k stages of O(n²) word operations.
//
// The result is deterministic: the same weights set by the same sequence of
// calls give the same matching. Among several maximum-weight matchings any
// one may be returned.
func (g *Graph) Solve() {
	if g.fresh {
		g.initFresh()
		g.fresh = false
	}
	for v := 0; v < g.n; v++ {
		if g.loose(v) && !isZero(g.y(v)) {
			g.lower(v)
		}
	}
	g.fixParity()
	for g.stage() {
		if g.stop != nil && g.stop() {
			return
		}
	}
}

// SetStop sets a function that Solve calls after each stage; when it
// returns true, Solve returns at once and the matching is not optimal (the
// caller is giving up on it, as when its context is cancelled). nil: never
// stop.
func (g *Graph) SetStop(stop func() bool) { g.stop = stop }

// lower sets the dual of the loose vertex v (exposed, outside blossoms) to
// the least value that keeps its edges feasible, so that its best edges are
// tight when the stage starts, instead of every root's dual coming down
// together until they are. If no edge needs a positive dual, v is done.
func (g *Graph) lower(v int) {
	n := g.n
	y := g.y(v)
	clear(y)
	d := g.scratch(1)
	for x := 0; x < n; x++ {
		if g.has[v*n+x] && sub(d, g.wt(v, x), g.y(x)) == 0 && cmp(d, y) > 0 {
			copy(y, d)
		}
	}
}

// initFresh sets the duals for a first solve: y(v) is the largest weight at
// v (half the largest doubled weight, so every edge is feasible), and edges
// that are then tight are matched greedily, which saves many stages.
func (g *Graph) initFresh() {
	n := g.n
	for v := 0; v < n; v++ {
		y := g.y(v)
		clear(y)
		for x := 0; x < n; x++ {
			if g.has[v*n+x] && cmp(g.wt(v, x), y) > 0 {
				copy(y, g.wt(v, x))
			}
		}
		shr1(y, y)
	}
	s := g.scratch(1)
	for v := 0; v < n; v++ {
		if g.mate[v] >= 0 || isZero(g.y(v)) {
			continue
		}
		for x := v + 1; x < n; x++ {
			if g.mate[x] < 0 && g.has[v*n+x] && !slackOf(s, g.y(v), g.y(x), g.wt(v, x)) && isZero(s) {
				g.mate[v], g.mate[x] = x, v
				break
			}
		}
	}
}

// fixParity makes the dual of every exposed vertex even. The dual changes of
// a stage keep all roots at one parity, and since all weights are even the
// slack between two S-vertices is then even, so halving it is exact.
//
// An odd exposed vertex outside blossoms gets one more; one inside gets it
// from its top-level blossom: z drops by 2 and every vertex of the blossom
// gains 1, which leaves the edges inside unchanged and raises the others
// (no matched edge leaves a blossom whose base is exposed). A blossom with
// zero dual is dissolved first, which costs nothing.
func (g *Graph) fixParity() {
	for v := 0; v < g.n; v++ {
		if g.mate[v] >= 0 || g.y(v)[0]&1 == 0 {
			continue
		}
		b := g.inBlossom[v]
		for b >= g.n && isZero(g.y(b)) {
			c := g.childs[b][0]
			g.dissolve(b)
			b = c
		}
		if b < g.n {
			addSmall(g.y(v), 1)
			continue
		}
		subSmall(g.y(b), 2)
		for _, x := range g.leaves[b] {
			addSmall(g.y(x), 1)
		}
	}
}

// stage runs one stage of the primal-dual algorithm: it grows alternating
// trees from the exposed vertices with positive dual until it augments the
// matching, or until an S-vertex's dual reaches zero (then the tree path to
// that vertex is flipped, leaving it exposed with zero dual, which is
// optimal for it). It reports false if there was no such root: the matching
// is then optimal.
func (g *Graph) stage() bool {
	n := g.n
	g.stamp++
	if g.stamp == 0 {
		clear(g.allow)
		g.stamp = 1
	}
	for b := range g.label {
		g.label[b] = 0
		g.labelFrom[b] = -1
		g.bestFrom[b] = -1
	}
	g.queue = g.queue[:0]
	g.qhead = 0
	roots := 0
	for v := 0; v < n; v++ {
		if g.mate[v] < 0 && !isZero(g.y(v)) && g.label[g.inBlossom[v]] == 0 {
			g.assignLabel(v, labelS, -1)
			roots++
		}
	}
	if roots == 0 {
		return false
	}
	for !g.grow() {
	}
	for b := n; b < 2*n; b++ {
		if g.used[b] && g.parent[b] == -1 && g.label[b] == labelS && isZero(g.y(b)) {
			g.expand(b, true)
		}
	}
	return true
}

// grow scans the queued S-vertices and then makes one dual adjustment and the
// step it enables. It reports whether the stage is over.
func (g *Graph) grow() bool {
	n := g.n
	for g.qhead < len(g.queue) {
		v := g.queue[g.qhead]
		g.qhead++
		if g.scanVertex(v) {
			return true
		}
	}

	// The dual adjustment: the largest delta keeping every S-vertex dual
	// non-negative (1), every edge from an S-vertex to an unlabelled one
	// (2) and between S-blossoms (3) non-negative, and every T-blossom
	// dual non-negative (4).
	delta := g.scratch(2)
	half := g.scratch(3)
	kind, which := 0, -1
	for v := 0; v < n; v++ {
		if g.label[g.inBlossom[v]] == 0 && g.bestFrom[v] != -1 {
			if kind == 0 || cmp(g.slackBuf(v), delta) < 0 {
				kind, which = 2, v
				copy(delta, g.slackBuf(v))
			}
		}
	}
	for x := 0; x < n; x++ {
		if g.bestFrom[x] == -1 || g.label[g.inBlossom[x]] != labelS {
			continue
		}
		if g.inBlossom[g.bestTo[x]] == g.inBlossom[x] {
			// The other end has joined x's blossom since: look again.
			g.rescan(x)
			if g.bestFrom[x] == -1 {
				continue
			}
		}
		shr1(half, g.slackBuf(x))
		if kind == 0 || cmp(half, delta) < 0 {
			kind, which = 3, x
			copy(delta, half)
		}
	}
	for b := n; b < 2*n; b++ {
		if g.used[b] && g.parent[b] == -1 && g.label[b] == labelT {
			shr1(half, g.y(b))
			if kind == 0 || cmp(half, delta) < 0 {
				kind, which = 4, b
				copy(delta, half)
			}
		}
	}
	for v := 0; v < n; v++ {
		if g.label[g.inBlossom[v]] == labelS {
			if kind == 0 || cmp(g.y(v), delta) < 0 {
				kind, which = 1, v
				copy(delta, g.y(v))
			}
		}
	}

	if !isZero(delta) {
		g.adjust(delta)
	}

	switch kind {
	case 1:
		// An S-vertex's dual reached zero: make it the exposed end of its
		// tree.
		g.augmentSide(which, -1)
		return true
	case 2:
		u, v := g.bestFrom[which], which
		g.allowEdge(u, v)
		return g.useTight(u, v)
	case 3:
		u, v := g.bestFrom[which], g.bestTo[which]
		g.allowEdge(u, v)
		return g.useTight(u, v)
	case 4:
		g.expand(which, false)
	default:
		panic("matching: internal error: no dual adjustment")
	}
	return false
}

// adjust changes the duals by delta: S-vertices down, T-vertices up,
// S-blossoms up by twice delta, T-blossoms down by twice delta, and the
// recorded least slacks with them.
func (g *Graph) adjust(delta []uint64) {
	n := g.n
	two := g.scratch(3)
	shl1(two, delta)
	for v := 0; v < n; v++ {
		switch g.label[g.inBlossom[v]] {
		case labelS:
			sub(g.y(v), g.y(v), delta)
			if g.bestFrom[v] != -1 {
				sub(g.slackBuf(v), g.slackBuf(v), two)
			}
		case labelT:
			add(g.y(v), g.y(v), delta)
		case 0:
			if g.bestFrom[v] != -1 {
				sub(g.slackBuf(v), g.slackBuf(v), delta)
			}
		}
	}
	for b := n; b < 2*n; b++ {
		if g.parent[b] != -1 || !g.used[b] {
			continue
		}
		switch g.label[b] {
		case labelS:
			add(g.y(b), g.y(b), two)
		case labelT:
			sub(g.y(b), g.y(b), two)
		}
	}
}

// rescan recomputes the least-slack edge from the S-vertex x to an S-vertex
// of another blossom.
func (g *Graph) rescan(x int) {
	n := g.n
	g.bestFrom[x] = -1
	bx := g.inBlossom[x]
	yx := g.y(x)
	bs := g.slackBuf(x)
	for w, ok := range g.has[x*n : (x+1)*n] {
		if !ok {
			continue
		}
		bw := g.inBlossom[w]
		if bw == bx || g.label[bw] != labelS {
			continue
		}
		if g.bestFrom[x] != -1 && exceeds(yx, g.y(w), g.wt(x, w), bs) {
			continue
		}
		s := g.scratch(1)
		slackOf(s, yx, g.y(w), g.wt(x, w))
		if g.bestFrom[x] == -1 || cmp(s, bs) < 0 {
			g.bestFrom[x], g.bestTo[x] = x, w
			copy(bs, s)
		}
	}
}

// scanVertex scans the edges of the S-vertex v (see scanEdge), rejecting
// cheaply those that cannot matter. It reports whether the stage is over.
func (g *Graph) scanVertex(v int) bool {
	n, l := g.n, g.l
	row := g.has[v*n : (v+1)*n]
	allow := g.allow[v*n : (v+1)*n]
	weights := g.w[v*n*l : (v+1)*n*l]
	yv := g.y(v)
	for w, ok := range row {
		if !ok {
			continue
		}
		bv, bw := g.inBlossom[v], g.inBlossom[w]
		if bv == bw {
			continue
		}
		lw := g.label[bw]
		if lw == labelT && g.label[w] != 0 {
			continue
		}
		if allow[w] != g.stamp {
			slot := w
			if lw == labelS {
				slot = v
			}
			if g.bestFrom[slot] != -1 && exceeds(yv, g.y(w), weights[w*l:(w+1)*l], g.slackBuf(slot)) {
				continue
			}
		}
		if g.scanEdge(v, w) {
			return true
		}
	}
	return false
}

// scanEdge looks at the edge vw from the S-vertex v, which scanVertex has
// not rejected. If it is tight it is used (see useTight); otherwise it may
// become the least-slack edge of v (to another S-blossom) or of w (from the
// S-vertices). It reports whether the stage is over.
func (g *Graph) scanEdge(v, w int) bool {
	bv, bw := g.inBlossom[v], g.inBlossom[w]
	if bv == bw {
		return false
	}
	lw := g.label[bw]
	if lw == labelT && g.label[w] != 0 {
		// Already reached: the edge can neither label nor improve.
		return false
	}
	k := v*g.n + w
	if g.allow[k] != g.stamp {
		s := g.scratch(1)
		slackOf(s, g.y(v), g.y(w), g.wt(v, w))
		if !isZero(s) {
			if g.label[bw] == labelS {
				if g.bestFrom[v] == -1 || cmp(s, g.slackBuf(v)) < 0 {
					g.bestFrom[v], g.bestTo[v] = v, w
					copy(g.slackBuf(v), s)
				}
			} else if g.label[w] == 0 {
				if g.bestFrom[w] == -1 || cmp(s, g.slackBuf(w)) < 0 {
					g.bestFrom[w], g.bestTo[w] = v, w
					copy(g.slackBuf(w), s)
				}
			}
			return false
		}
		g.allowEdge(v, w)
	}
	return g.useTight(v, w)
}

// useTight acts on the tight edge vw from the S-vertex v: it labels w's
// blossom T (and its mate's S), forms a blossom, or augments the matching
// along the path through vw when w's blossom is exposed or in another tree.
// It reports whether the matching was augmented.
func (g *Graph) useTight(v, w int) bool {
	bw := g.inBlossom[w]
	switch g.label[bw] {
	case 0:
		if g.mate[g.base[bw]] < 0 {
			// An exposed blossom with zero dual at its base.
			g.augmentSide(v, w)
			g.augmentSide(w, v)
			return true
		}
		g.assignLabel(w, labelT, v)
	case labelS:
		if base := g.scanBlossom(v, w); base >= 0 {
			g.addBlossom(base, v, w)
		} else {
			g.augmentSide(v, w)
			g.augmentSide(w, v)
			return true
		}
	case labelT:
		if g.label[w] == 0 {
			// w is inside a T-blossom: remember how it was reached,
			// for when the blossom is expanded.
			g.label[w] = labelT
			g.labelFrom[w] = v
			g.labelTo[w] = w
		}
	}
	return false
}
