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
// The table is made of buckets of four entries, one cache line each. A new
// count goes into the bucket's entry for the same position, or else
// replaces its shallowest count: a deep subtree, which costs the most to
// count again, stays longest.
//
// A count is trusted when the key's upper 56 bits and the depth match. A
// wrong count needs two positions with the same 56 bits and depth in one
// bucket, which is astronomically unlikely but not impossible: verify
// important counts without a table.
type Table struct {
	buckets []bucket
	mask    uint64
}

type bucket [4]entry

// entry holds check, the key's upper 56 bits and the depth in the lower 8,
// xor nodes, and nodes, each written and read atomically: a torn entry (two
// goroutines storing at once) fails the key check instead of giving a wrong
// count. An empty entry has depth 0, which no stored count has.
type entry struct {
	check atomic.Uint64
	nodes atomic.Uint64
}

// NewTable returns a table of about mb megabytes (rounded down to a power of
// two buckets of 64 bytes; at least 256 buckets).
func NewTable(mb int) *Table {
	n := uint64(256)
	if mb > 0 {
		want := uint64(mb) << 20 / 64
		if want > n {
			n = 1 << (63 - bits.LeadingZeros64(want))
		}
	}
	return &Table{buckets: make([]bucket, n), mask: n - 1}
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

// tag is what an entry's check holds for key at depth, xor the count: the
// key's upper 56 bits and the depth's lower 8, which order the
// replacements (the key itself mixes in the whole depth: depthKey).
func tag(key uint64, depth int) uint64 { return key&^0xff | uint64(depth)&0xff }

func (t *Table) probe(key uint64, depth int) (uint64, bool) {
	b := &t.buckets[key&t.mask]
	want := tag(key, depth)
	for i := range b {
		e := &b[i]
		nodes := e.nodes.Load()
		if e.check.Load()^nodes == want {
			return nodes, true
		}
	}
	return 0, false
}

func (t *Table) store(key uint64, depth int, nodes uint64) {
	b := &t.buckets[key&t.mask]
	want := tag(key, depth)
	victim, low := 0, 256
	for i := range b {
		e := &b[i]
		n := e.nodes.Load()
		c := e.check.Load() ^ n
		if c == want {
			victim = i
			break
		}
		if d := int(c & 0xff); d < low {
			victim, low = i, d
		}
	}
	e := &b[victim]
	e.nodes.Store(nodes)
	e.check.Store(want ^ nodes)
}

// Count counts like Count, using and filling the table. Counts saturate
// as Count's do; with a table a count past 2^64 is quick to reach (two
// lone kings at depth 100), so prefer CountContext, which reports it.
func (t *Table) Count(p chess.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var x replies
	return t.count(&p, depth, &x)
}

// tableBelow is the depth up to which a subtree is counted by the engine
// rather than looked up: counting two plies costs less than a probe that
// misses the cache.
const tableBelow = 2

func (t *Table) count(p *chess.Position, depth int, x *replies) uint64 {
	if depth <= tableBelow {
		return engineCount(p, depth, x)
	}
	key := p.Hash() ^ depthKey(depth)
	if n, ok := t.probe(key, depth); ok {
		return n
	}
	if depth == tableBelow+1 {
		// The children are not looked up: the engine counts them all.
		n := engineCount(p, depth, x)
		t.store(key, depth, n)
		return n
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total = add(total, t.countAfter(*p, m, depth-1, x))
	}
	t.store(key, depth, total)
	return total
}

func (t *Table) countAfter(p chess.Position, m chess.Move, depth int, x *replies) uint64 {
	p.Play(m)
	return t.count(&p, depth, x)
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
		n := engineCount(p, depth, &c.x)
		c.leaves += n
		return n
	}
	key := p.Hash() ^ depthKey(depth)
	if n, ok := c.table.probe(key, depth); ok {
		c.leaves = add(c.leaves, n)
		return n
	}
	if depth == tableBelow+1 {
		// As in count: one engine call, then a look at the budget.
		n := engineCount(p, depth, &c.x)
		c.leaves += n
		c.table.store(key, depth, n)
		if c.leaves+c.inner >= flushEvery {
			c.flush()
		}
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
	c.table.store(key, depth, total)
	return total
}

// tableAfter is tableCount of the position after m, which it gets by value
// (see after).
func (c *counter) tableAfter(p chess.Position, m chess.Move, depth int) uint64 {
	p.Play(m)
	return c.tableCount(&p, depth)
}
