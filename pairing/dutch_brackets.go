package pairing

// brackets walks the pairing brackets from the top score group down
// (C.04.3 B), deciding each bracket's pairs by changing edge weights of one
// global matching and re-solving it, so that every decision also keeps the
// rest of the round pairable. The order of the decisions follows C.04.3:
// which moved-down players are paired in the bracket (MDP selection), their
// opponents, then the remainder: how many exchanges, which players are
// exchanged, and the pairs of S1 in order.
type brackets struct {
	e         *engine
	m         matcher
	maxWeight weight
	w         weight

	vertexOf map[int]int // entrant index -> vertex (index in e.sorted)

	pbi     []*entrant // the players of the current bracket, then of the next score group
	vi      []int      // their vertices
	matched []bool     // by vertex: the player's pair is decided
	stable  []int      // by vertex: the current matching, a vertex's own index if unmatched

	base      []weight // basic weights, see baseAt
	baseFirst int      // sgBegin when base was computed
	slab      []uint64 // the words of base
	addend    weight   // scratch for exchangeWeight
	cands     []int    // scratch for pairFirst's candidates
}

// baseAt is the basic weight of the pair (smaller, larger), indices in pbi,
// larger >= the bracket's first resident.
func (b *brackets) baseAt(larger, smaller int) weight {
	// Row r holds the pairs of larger = baseFirst + r with every smaller
	// index below it.
	r := larger - b.baseFirst
	return b.base[r*b.baseFirst+r*(r-1)/2+smaller]
}

func (b *brackets) solve() {
	b.m.Solve()
	for v := range b.stable {
		u := b.m.Mate(v)
		if u < 0 {
			u = v
		}
		b.stable[v] = u
	}
}

// finalize fixes the pair (u, v): its edge gets the largest weight and every
// other edge at u or v none.
func (b *brackets) finalize(u, v int) {
	zero := b.w
	zero.clear()
	n := len(b.stable)
	for x := 0; x < n; x++ {
		if x != u {
			if x == v {
				b.m.SetWeight(u, x, b.maxWeight)
			} else {
				b.m.SetWeight(u, x, zero)
			}
		}
		if x != v {
			if x == u {
				b.m.SetWeight(v, x, b.maxWeight)
			} else {
				b.m.SetWeight(v, x, zero)
			}
		}
	}
}

// exchangeWeight is the basic weight of (smaller, larger) with the remainder
// fields added: fewer exchanges, then the smallest difference of the
// exchanged BSNs (C.04.3 B3-B5), for a smaller player at position
// smallerPos of the remainder, which forms pairs pairs.
func (b *brackets) exchangeWeight(dst weight, smaller, larger, smallerPos, pairs int) {
	dst.set(b.baseAt(larger, smaller))
	if dst.isZero() {
		return
	}
	g := b.e.groupBits
	add := b.addend
	add.clear()
	add.or(b2u(smallerPos < pairs))
	add.shl(2 * g)
	add.sub(uint64(smallerPos))
	add.shl(1)
	dst.addWeight(add)
}

// pairFirst fixes the pair of player pi (an index in pbi): the edges to the
// candidates, listed from the least wanted to the most, get their basic
// weights plus an addend that grows from add along the list (also past a
// candidate it may not meet when countMissing is set, as for S1), so that
// of the pairings the criteria allow, the one with the most wanted opponent
// is the heaviest; then the matching is solved and the pair fixed.
func (b *brackets) pairFirst(w weight, pi int, cands []int, add uint64, countMissing bool) {
	v := b.vi[pi]
	for _, c := range cands {
		w.set(b.baseAt(c, pi))
		if !w.isZero() {
			w.add(add)
			b.m.SetWeight(v, b.vi[c], w)
		} else if !countMissing {
			continue
		}
		add++
	}
	b.solve()
	u := b.stable[v]
	b.matched[v] = true
	b.matched[u] = true
	b.finalize(v, u)
}

// run pairs all brackets and returns the mate of each vertex, -1 for the
// player with the bye.
func (b *brackets) run() []int {
	e := b.e
	sorted := e.sorted
	n := len(sorted)
	b.vertexOf = make(map[int]int, n)
	for v, p := range sorted {
		b.vertexOf[p.index] = v
	}
	b.addend = make(weight, e.words)
	b.matched = make([]bool, n)
	b.stable = make([]int, n)
	final := make([]int, n)
	for i := range final {
		final[i] = -1
	}
	score := func(v int) Points { return e.scoreBack(sorted[v], 0) }

	next := 0
	for next < n && score(next) >= score(0) {
		b.pbi = append(b.pbi, sorted[next])
		b.vi = append(b.vi, next)
		next++
	}
	sgBegin := 0       // moved-down players at the head of the bracket
	sgBeginVertex := 0 // vertex of the bracket's first resident
	w := make(weight, e.words)

	for len(b.pbi) > 1 || next < n {
		nextBegin := len(b.pbi) // first player of the next score group, in pbi
		nextBeginVertex := sgBeginVertex + (nextBegin - sgBegin)
		groupStart := next
		for next < n && score(next) >= score(groupStart) {
			b.pbi = append(b.pbi, sorted[next])
			b.vi = append(b.vi, b.vi[len(b.vi)-1]+1)
			next++
		}
		inRange := func(u int) bool { return u >= sgBeginVertex && u < nextBeginVertex }

		// The basic weights of every pair with a resident or a player of
		// the next group as the lower player.
		b.baseFirst = sgBegin
		b.base = b.base[:0]
		count := 0
		for larger := sgBegin; larger < len(b.pbi); larger++ {
			count += larger
		}
		if cap(b.slab) < count*e.words {
			b.slab = make([]uint64, count*e.words)
		}
		slab := b.slab[:count*e.words]
		for larger := sgBegin; larger < len(b.pbi); larger++ {
			for smaller := 0; smaller < larger; smaller++ {
				bw := weight(slab[:e.words:e.words])
				slab = slab[e.words:]
				e.edgeWeight(bw, b.pbi[smaller], b.pbi[larger], larger < nextBegin, larger >= nextBegin)
				b.base = append(b.base, bw)
			}
		}
		for larger := sgBegin; larger < len(b.pbi); larger++ {
			for smaller := 0; smaller < larger; smaller++ {
				b.m.SetWeight(b.vi[larger], b.vi[smaller], b.baseAt(larger, smaller))
			}
		}
		b.solve()

		// Which moved-down players are paired in this bracket.
		var mdScore Points
		remaining, remainingMatched := 0, 0
		for pi := 0; pi < sgBegin; pi++ {
			if pi == 0 || e.scoreBack(b.pbi[pi], 0) < mdScore {
				mdScore = e.scoreBack(b.pbi[pi], 0)
				remaining, remainingMatched = 0, 0
				for k := pi; k < len(b.pbi) && e.scoreBack(b.pbi[k], 0) >= mdScore; k++ {
					remaining++
					if inRange(b.stable[b.vi[k]]) {
						remainingMatched++
					}
				}
			}
			if remainingMatched == 0 {
				continue
			}
			v := b.vi[pi]
			if remaining <= remainingMatched {
				b.matched[v] = true
				continue
			}
			remaining--
			if !inRange(b.stable[v]) {
				for opp := sgBegin; opp < nextBegin; opp++ {
					w.set(b.baseAt(opp, pi))
					if !w.isZero() {
						w.or(1)
						b.m.SetWeight(v, b.vi[opp], w)
					}
				}
				b.solve()
			}
			if inRange(b.stable[v]) {
				b.matched[v] = true
				remainingMatched--
				for opp := sgBegin; opp < nextBegin; opp++ {
					w.set(b.baseAt(opp, pi))
					if !w.isZero() {
						w.or(uint64(nextBegin - sgBegin))
						w.add(1)
						b.m.SetWeight(v, b.vi[opp], w)
					}
				}
			}
		}

		// The opponents of the moved-down players, in order.
		for pi := 0; pi < sgBegin; pi++ {
			v := b.vi[pi]
			if !b.matched[v] {
				continue
			}
			cands := b.cands[:0]
			for opp := nextBegin - 1; opp >= sgBegin; opp-- {
				if !b.matched[b.vi[opp]] {
					cands = append(cands, opp)
				}
			}
			b.cands = cands
			b.pairFirst(w, pi, cands, uint64(len(b.pbi)), false)
		}

		// The remainder: residents not paired with a moved-down player.
		var rem []int
		pairs := 0
		for pi := sgBegin; pi < nextBegin; pi++ {
			v := b.vi[pi]
			if b.stable[v] < sgBeginVertex {
				continue
			}
			rem = append(rem, pi)
			if b.stable[v] < v {
				pairs++
			}
		}
		for oi, opp := range rem {
			for pos := 0; pos < oi; pos++ {
				b.exchangeWeight(w, rem[pos], opp, pos, pairs)
				b.m.SetWeight(b.vi[rem[pos]], b.vi[opp], w)
			}
		}
		b.solve()

		// isS1Paired: the player is paired with a later resident.
		isS1Paired := func(v int) bool { return b.stable[v] > v && b.stable[v] < nextBeginVertex }

		exchanges := 0
		for k := 0; k < pairs; k++ {
			if !isS1Paired(b.vi[rem[k]]) {
				exchanges++
			}
		}

		// Exchange the lowest players of S1 that can be exchanged.
		left := exchanges
		pos := pairs
		for k := pairs; k > 0 && left > 0; {
			after := k
			pos--
			k--
			v := b.vi[rem[k]]
			if isS1Paired(v) {
				for o := after; o < len(rem); o++ {
					b.exchangeWeight(w, rem[k], rem[o], pos, pairs)
					if !w.isZero() {
						w.sub(1)
						b.m.SetWeight(v, b.vi[rem[o]], w)
					}
				}
				b.solve()
			}
			exchange := !isS1Paired(v)
			if exchange {
				left--
			}
			for o := k + 1; o < len(rem); o++ {
				if exchange {
					b.baseAt(rem[o], rem[k]).clear()
				}
				b.exchangeWeight(w, rem[k], rem[o], pos, pairs)
				b.m.SetWeight(v, b.vi[rem[o]], w)
			}
		}

		// Exchange the highest players of S2 that can be exchanged.
		left = exchanges
		pos = pairs
		for k := pairs; k < len(rem) && left > 1; k++ {
			v := b.vi[rem[k]]
			already := isS1Paired(v)
			if !already {
				for o := k + 1; o < len(rem); o++ {
					b.exchangeWeight(w, rem[k], rem[o], pos, pairs)
					if !w.isZero() {
						w.add(1)
						b.m.SetWeight(v, b.vi[rem[o]], w)
					}
				}
				b.solve()
			}
			if isS1Paired(v) {
				left--
				for o := 0; o < k; o++ {
					bw := b.baseAt(rem[k], rem[o])
					bw.clear()
					b.m.SetWeight(v, b.vi[rem[o]], bw)
				}
				for opp := nextBegin; opp < len(b.pbi); opp++ {
					bw := b.baseAt(opp, rem[k])
					bw.clear()
					b.m.SetWeight(v, b.vi[opp], bw)
				}
			}
			if !already {
				for o := k + 1; o < len(rem); o++ {
					b.exchangeWeight(w, rem[k], rem[o], pos, pairs)
					b.m.SetWeight(v, b.vi[rem[o]], w)
				}
			}
			pos++
		}

		// Fix which players are in S1 and S2, and drop the exchange fields.
		for k := range rem {
			v := b.vi[rem[k]]
			for o := k + 1; o < len(rem); o++ {
				ov := b.vi[rem[o]]
				bw := b.baseAt(rem[o], rem[k])
				if !isS1Paired(v) || isS1Paired(ov) {
					bw.clear()
				}
				b.m.SetWeight(v, ov, bw)
			}
		}

		// The opponents of S1, in order.
		for _, pi := range rem {
			v := b.vi[pi]
			if !isS1Paired(v) {
				continue
			}
			cands := b.cands[:0]
			for o := len(rem) - 1; o >= 0; o-- {
				if rem[o] > pi && !b.matched[b.vi[rem[o]]] {
					cands = append(cands, rem[o])
				}
			}
			b.cands = cands
			b.pairFirst(w, pi, cands, 0, true)
		}

		// The next bracket: the players left over, then the next group.
		var npbi []*entrant
		var nvi []int
		sgBegin = 0
		b.e.singleBye = n&1 == 1 && groupStart < n && e.byeScore >= score(groupStart)
		for pi := range b.pbi {
			v := b.vi[pi]
			if pi < nextBegin && b.matched[v] {
				u := b.stable[v]
				final[v] = u
				final[u] = v
				continue
			}
			npbi = append(npbi, b.pbi[pi])
			nvi = append(nvi, v)
			if pi < nextBegin {
				sgBegin++
			}
			if b.e.singleBye && score(b.stable[v]) < score(groupStart) {
				b.e.singleBye = false
			}
		}
		b.pbi, b.vi = npbi, nvi
		sgBeginVertex = nextBeginVertex
	}
	return final
}
