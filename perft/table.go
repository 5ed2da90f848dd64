package perft

import (
	"math/bits"
	"sync/atomic"

	"github.com/chess960/chess960/chess"
)

// Table is a fixed-size transposition table for perft: it remembers the
// counts of subtrees by the position's Zobrist key and the depth, so that a
// position reached again by another move order is counted once. It may be
// shared by goroutines; its size never changes, whatever the depth.
//
// A count is trusted when the full 64-bit key matches, so a wrong count
// needs two positions with the same key and depth, which is astronomically
// unlikely but not impossible: verify important counts without a table.
type Table struct {
	entries []entry
	mask    uint64
}

// entry holds key^nodes and nodes, written and read atomically: a torn entry
// (two goroutines storing at once) fails the key check instead of giving a
// wrong count.
type entry struct {
	check atomic.Uint64 // key ^ nodes
	nodes atomic.Uint64
}

// NewTable returns a table of about mb megabytes (rounded down to a power of
// two entries; at least 1024 entries).
func NewTable(mb int) *Table {
	n := uint64(1024)
	if mb > 0 {
		want := uint64(mb) << 20 / 16
		if want > n {
			n = 1 << (63 - bits.LeadingZeros64(want))
		}
	}
	return &Table{entries: make([]entry, n), mask: n - 1}
}

// depthKey mixes the depth into the key, so that the same position at
// another depth is another entry: a SplitMix64 hash of the depth, for any
// depth.
func depthKey(depth int) uint64 {
	z := uint64(depth)*0x9e3779b97f4a7c15 + 0xdeb7_960
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (t *Table) probe(key uint64) (uint64, bool) {
	e := &t.entries[key&t.mask]
	nodes := e.nodes.Load()
	if e.check.Load()^nodes == key {
		return nodes, true
	}
	return 0, false
}

func (t *Table) store(key, nodes uint64) {
	e := &t.entries[key&t.mask]
	e.nodes.Store(nodes)
	e.check.Store(key ^ nodes)
}

// Count counts like Count, using and filling the table. Counts saturate
// as Count's do; with a table a count past 2^64 is quick to reach (two
// lone kings at depth 100), so prefer CountContext, which reports it.
func (t *Table) Count(p chess.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return t.count(&p, depth)
}

// tableBelow is the depth up to which a subtree is counted by the engine
// rather than looked up: counting two plies costs less than a probe that
// misses the cache.
const tableBelow = 2

func (t *Table) count(p *chess.Position, depth int) uint64 {
	if depth <= tableBelow {
		return fastCount(p, depth)
	}
	key := p.Hash() ^ depthKey(depth)
	if n, ok := t.probe(key); ok {
		return n
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total = add(total, t.countAfter(*p, m, depth-1))
	}
	t.store(key, total)
	return total
}

func (t *Table) countAfter(p chess.Position, m chess.Move, depth int) uint64 {
	p.Play(m)
	return t.count(&p, depth)
}

// CountParallel is CountParallel with the table t, shared by the goroutines.
func (t *Table) CountParallel(p chess.Position, depth, threads int) uint64 {
	if depth <= 0 {
		return 1
	}
	return Total(t.DivideParallel(p, depth, threads))
}

// DivideParallel is DivideParallel with the table t, shared by the
// goroutines.
func (t *Table) DivideParallel(p chess.Position, depth, threads int) []Entry {
	return divideParallel(p, depth, threads, t.Count)
}

// tableCount is counter.count with the table of the run: a subtree found
// in the table counts its leaves at once; one that was stopped is not
// stored.
func (c *counter) tableCount(p *chess.Position, depth int) uint64 {
	c.inner++
	if depth <= tableBelow {
		n := fastCount(p, depth)
		c.leaves += n
		return n
	}
	key := p.Hash() ^ depthKey(depth)
	if n, ok := c.table.probe(key); ok {
		c.leaves = add(c.leaves, n)
		return n
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total = add(total, c.tableAfter(*p, m, depth-1))
		if add(c.leaves, c.inner) >= flushEvery && c.flush() {
			return total
		}
	}
	c.table.store(key, total)
	return total
}

// tableAfter is tableCount of the position after m, which it gets by value
// (see after).
func (c *counter) tableAfter(p chess.Position, m chess.Move, depth int) uint64 {
	p.Play(m)
	return c.tableCount(&p, depth)
}
