package chess

import (
	"math/bits"
	"sync/atomic"
)

// PerftTable is a fixed-size transposition table for perft: it remembers
// the counts of subtrees by the position's Zobrist key and the depth, so
// that a position reached again by another move order is counted once. It
// may be shared by goroutines; its size never changes, whatever the depth.
//
// A count is trusted when the full 64-bit key matches, so a wrong count
// needs two positions with the same key and depth, which is astronomically
// unlikely but not impossible: verify important counts without a table.
type PerftTable struct {
	entries []perftEntry
	mask    uint64
}

// perftEntry holds key^nodes and nodes, written and read atomically: a torn
// entry (two goroutines storing at once) fails the key check instead of
// giving a wrong count.
type perftEntry struct {
	check atomic.Uint64 // key ^ nodes
	nodes atomic.Uint64
}

// NewPerftTable returns a table of about mb megabytes (rounded down to a
// power of two entries; at least 1024 entries).
func NewPerftTable(mb int) *PerftTable {
	n := uint64(1024)
	if mb > 0 {
		want := uint64(mb) << 20 / 16
		if want > n {
			n = 1 << (63 - bits.LeadingZeros64(want))
		}
	}
	return &PerftTable{entries: make([]perftEntry, n), mask: n - 1}
}

// zobDepth mixes the depth into the key: the same position at another depth
// is another entry.
var zobDepth [64]uint64

func init() {
	s := uint64(0xdeb7_960)
	for i := range zobDepth {
		s += 0x9e3779b97f4a7c15
		z := (s ^ s>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		zobDepth[i] = z ^ z>>31
	}
}

func (t *PerftTable) probe(key uint64) (uint64, bool) {
	e := &t.entries[key&t.mask]
	nodes := e.nodes.Load()
	if e.check.Load()^nodes == key {
		return nodes, true
	}
	return 0, false
}

func (t *PerftTable) store(key, nodes uint64) {
	e := &t.entries[key&t.mask]
	e.nodes.Store(nodes)
	e.check.Store(key ^ nodes)
}

// Perft counts like Perft, using and filling the table.
func (t *PerftTable) Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return t.perft(&p, depth)
}

func (t *PerftTable) perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves())
	}
	key := p.hash ^ zobDepth[depth&63]
	if n, ok := t.probe(key); ok {
		return n
	}
	var list [maxMoves]Move
	n := p.generate(&list)
	var total uint64
	if depth == 2 {
		for _, m := range list[:n] {
			q := *p
			q.Play(m)
			total += uint64(q.countMoves())
		}
	} else {
		for _, m := range list[:n] {
			total += t.perftAfter(*p, m, depth-1)
		}
	}
	t.store(key, total)
	return total
}

func (t *PerftTable) perftAfter(p Position, m Move, depth int) uint64 {
	p.Play(m)
	return t.perft(&p, depth)
}
