package matching

// This file holds the blossom operations of Edmonds' algorithm: labelling,
// finding and forming blossoms, expanding them, and augmenting through them.

// assignLabel gives w's top-level blossom label t, reached from the vertex
// from (-1 for a root). A T-blossom's base is matched, and its mate's blossom
// becomes S at once.
func (g *Graph) assignLabel(w int, t int8, from int) {
	b := g.inBlossom[w]
	g.label[w], g.label[b] = t, t
	g.labelFrom[w], g.labelFrom[b] = from, from
	g.labelTo[w], g.labelTo[b] = w, w
	g.bestFrom[w], g.bestFrom[b] = -1, -1
	if t == labelS {
		if b < g.n {
			g.queue = append(g.queue, b)
		} else {
			for _, x := range g.leaves[b] {
				g.bestFrom[x] = -1
			}
			g.queue = append(g.queue, g.leaves[b]...)
		}
		return
	}
	bb := g.base[b]
	g.assignLabel(g.mate[bb], labelS, bb)
}

// scanBlossom follows the tree paths up from the S-vertices v and w, which a
// tight edge joins, and returns the base of the new blossom if both are in
// the same tree, or -1 if the paths reach two roots (an augmenting path).
func (g *Graph) scanBlossom(v, w int) int {
	path := g.path[:0]
	base := -1
	for v != -1 {
		b := g.inBlossom[v]
		if g.mark[b] {
			base = g.base[b]
			break
		}
		g.mark[b] = true
		path = append(path, b)
		if g.labelFrom[b] == -1 {
			v = -1
		} else {
			t := g.labelFrom[b]
			v = g.labelFrom[g.inBlossom[t]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		g.mark[b] = false
	}
	g.path = path
	return base
}

// addBlossom forms a blossom with base vertex base from the tree paths of the
// S-vertices v and w and the tight edge vw between them.
func (g *Graph) addBlossom(base, v, w int) {
	bb := g.inBlossom[base]
	bv := g.inBlossom[v]
	bw := g.inBlossom[w]
	b := g.alloc()
	g.base[b] = base
	g.parent[b] = -1
	g.parent[bb] = b
	ch := append(g.childs[b][:0], bb)
	cy := g.cycle[b][:0]
	side := g.path[:0]
	for bv != bb {
		g.parent[bv] = b
		side = append(side, bv)
		bv = g.inBlossom[g.labelFrom[bv]]
	}
	for i := len(side) - 1; i >= 0; i-- {
		x := side[i]
		cy = append(cy, [2]int{g.labelFrom[x], g.labelTo[x]})
		ch = append(ch, x)
	}
	g.path = side
	cy = append(cy, [2]int{v, w})
	for bw != bb {
		g.parent[bw] = b
		ch = append(ch, bw)
		cy = append(cy, [2]int{g.labelTo[bw], g.labelFrom[bw]})
		bw = g.inBlossom[g.labelFrom[bw]]
	}
	g.childs[b] = ch
	g.cycle[b] = cy
	g.label[b] = labelS
	g.labelFrom[b] = g.labelFrom[bb]
	g.labelTo[b] = g.labelTo[bb]
	clear(g.y(b))

	lv := g.leaves[b][:0]
	for _, c := range ch {
		if c < g.n {
			lv = append(lv, c)
		} else {
			lv = append(lv, g.leaves[c]...)
		}
	}
	g.leaves[b] = lv
	for _, x := range lv {
		if g.label[g.inBlossom[x]] == labelT {
			// A T-vertex becomes an S-vertex: its edges are scanned.
			g.bestFrom[x] = -1
			g.queue = append(g.queue, x)
		}
		g.inBlossom[x] = b
	}
}

// mod returns j modulo k in 0..k-1.
func mod(j, k int) int {
	j %= k
	if j < 0 {
		j += k
	}
	return j
}

// step returns the cycle edge of blossom b that leaves child j in direction
// dir (+1 or -1), as (vertex in child j, vertex in child j+dir).
func (g *Graph) step(b, j, dir int) (int, int) {
	k := len(g.childs[b])
	if dir > 0 {
		e := g.cycle[b][mod(j, k)]
		return e[0], e[1]
	}
	e := g.cycle[b][mod(j-1, k)]
	return e[1], e[0]
}

// childIndex returns the position of child c in blossom b.
func (g *Graph) childIndex(b, c int) int {
	for i, x := range g.childs[b] {
		if x == c {
			return i
		}
	}
	panic("matching: internal error: child not in its blossom")
}

// expand removes the top-level blossom b, whose dual is zero, making its
// children top-level. In the middle of a stage (endStage false) a T-blossom's
// children are relabelled: the even path from the child where the label came
// in to the base alternates T and S, and the other children are unlabelled
// unless one of their vertices was reached by a tight edge. At the end of a
// stage, children with zero dual are expanded too.
func (g *Graph) expand(b int, endStage bool) {
	for _, c := range g.childs[b] {
		g.parent[c] = -1
		if c >= g.n && endStage && isZero(g.y(c)) {
			g.expand(c, endStage)
		} else {
			g.setTop(c)
		}
	}
	if !endStage && g.label[b] == labelT {
		entry := g.inBlossom[g.labelTo[b]]
		k := len(g.childs[b])
		j := g.childIndex(b, entry)
		dir := -1
		if j&1 == 1 {
			dir = 1
		}
		from, to := g.labelFrom[b], g.labelTo[b]
		for mod(j, k) != 0 {
			a, c := g.step(b, j, dir)
			g.label[to] = 0
			g.label[c] = 0
			g.assignLabel(to, labelT, from)
			g.allowEdge(a, c)
			j += dir
			from, to = g.step(b, j, dir)
			g.allowEdge(from, to)
			j += dir
		}
		bv := g.childs[b][0]
		g.label[to], g.label[bv] = labelT, labelT
		g.labelFrom[to], g.labelFrom[bv] = from, from
		g.labelTo[to], g.labelTo[bv] = to, to
		g.bestFrom[bv] = -1
		j += dir
		for g.childs[b][mod(j, k)] != entry {
			bv := g.childs[b][mod(j, k)]
			j += dir
			if g.label[bv] == labelS {
				continue
			}
			reached := -1
			if bv < g.n {
				if g.label[bv] != 0 {
					reached = bv
				}
			} else {
				for _, x := range g.leaves[bv] {
					if g.label[x] != 0 {
						reached = x
						break
					}
				}
			}
			if reached >= 0 {
				g.label[reached] = 0
				g.label[g.mate[g.base[bv]]] = 0
				g.assignLabel(reached, labelT, g.labelFrom[reached])
			}
		}
	}
	g.release(b)
}

// allowEdge records that uv is tight in this stage.
func (g *Graph) allowEdge(u, v int) {
	g.allow[u*g.n+v] = g.stamp
	g.allow[v*g.n+u] = g.stamp
}

// rotate changes the matching inside blossom b so that vertex v becomes its
// base (recursively in the sub-blossoms), and reorders its cycle to start at
// the child holding v. All cycle edges are tight, so the matching stays tight.
func (g *Graph) rotate(b, v int) {
	t := v
	for g.parent[t] != b {
		t = g.parent[t]
	}
	if t >= g.n {
		g.rotate(t, v)
	}
	k := len(g.childs[b])
	i := g.childIndex(b, t)
	j := i
	dir := -1
	if i&1 == 1 {
		dir = 1
	}
	for mod(j, k) != 0 {
		j += dir
		a, c := g.step(b, j, dir)
		if t := g.childs[b][mod(j, k)]; t >= g.n {
			g.rotate(t, a)
		}
		j += dir
		if t := g.childs[b][mod(j, k)]; t >= g.n {
			g.rotate(t, c)
		}
		g.mate[a] = c
		g.mate[c] = a
	}
	rotateLeft(g.childs[b], i)
	rotateLeft(g.cycle[b], i)
	g.base[b] = g.base[g.childs[b][0]]
}

// rotateLeft moves s[i:] to the front of s.
func rotateLeft[T any](s []T, i int) {
	reverse(s[:i])
	reverse(s[i:])
	reverse(s)
}

func reverse[T any](s []T) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// augmentSide matches the S-vertex s to partner (-1 leaves it exposed) and
// flips the tree path from s up to its root, so that the root becomes
// matched.
func (g *Graph) augmentSide(s, partner int) {
	for {
		bs := g.inBlossom[s]
		if bs >= g.n {
			g.rotate(bs, s)
		}
		g.mate[s] = partner
		if g.labelFrom[bs] == -1 {
			return
		}
		t := g.labelFrom[bs]
		bt := g.inBlossom[t]
		s2, j := g.labelFrom[bt], g.labelTo[bt]
		if bt >= g.n {
			g.rotate(bt, j)
		}
		g.mate[j] = s2
		s, partner = s2, j
	}
}
