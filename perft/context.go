package perft

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/chess960/chess960/chess"
)

// Options says how CountContext and DivideContext count. The zero value
// counts on one goroutine per CPU, without a budget or a table.
type Options struct {
	// MaxNodes, if not 0, is the node budget, which bounds the work
	// whatever the depth: the count stops with ErrBudget once it has
	// counted more than MaxNodes leaves, or visited more than MaxNodes
	// positions above the leaves (a deep tree whose lines end before the
	// depth). A count that finishes with more than MaxNodes leaves is
	// ErrBudget too, so that the verdict does not depend on the threads.
	MaxNodes uint64
	// Threads is the number of goroutines that count (0: one per CPU,
	// runtime.GOMAXPROCS). With 1 the count runs on the calling goroutine
	// alone.
	Threads int
	// Table, if set, is used and filled by the count, shared by its
	// goroutines (see Table). With a budget, the leaves of a subtree found
	// in the table count against it like leaves counted one by one.
	Table *Table
	// Yield makes the count yield the processor (runtime.Gosched) every
	// 65,536 nodes of a goroutine instead of about every million, so that
	// the goroutines queued behind it run sooner: a server's cheap
	// requests, whose 99th percentile latency it takes down by a
	// millisecond or two while perft counts. It costs up to 15% of the
	// count's speed where processors are idle (each yield may wake a
	// thread).
	Yield bool
	// Progress, if set, is called as the count goes: after each subtree
	// the count is shared into, and about every million nodes. It is
	// called from the counting goroutines, one call at a time, and should
	// return quickly.
	Progress func(Progress)
}

// Progress is how far a count has got (see Options.Progress).
type Progress struct {
	// Nodes is the number of leaves counted so far (some of the last
	// 65,536 of each goroutine may be missing).
	Nodes uint64
	// Done of the Jobs subtrees the count is shared into are counted. A
	// count of 3 plies or more is shared into the subtrees two plies below
	// the root; a shallower one is one job.
	Done, Jobs int
}

var (
	// ErrBudget is the reason a count stopped at its node budget
	// (Options.MaxNodes).
	ErrBudget = errors.New("past the node budget")
	// ErrOverflow is the reason CountContext gives for a count that does
	// not fit in a uint64, which it returns as math.MaxUint64.
	ErrOverflow = errors.New("the count does not fit in 64 bits")
	// ErrDepth is the reason for a depth outside 0..MaxDepth.
	ErrDepth = errors.New("depth out of range")
)

// BudgetError is a count stopped by its node budget. It unwraps to
// ErrBudget.
type BudgetError struct {
	MaxNodes uint64
}

// Error formats the error as "perft: count stopped: past the node budget
// of 100 nodes".
func (e *BudgetError) Error() string {
	return "perft: count stopped: " + ErrBudget.Error() + " of " + strconv.FormatUint(e.MaxNodes, 10) + " nodes"
}

// Unwrap returns ErrBudget.
func (e *BudgetError) Unwrap() error { return ErrBudget }

// errOverflow is ErrOverflow as CountContext returns it.
var errOverflow = fmt.Errorf("perft: %w", ErrOverflow)

// CountContext counts the leaf nodes of the legal move tree of p to depth
// (0..MaxDepth; 1 for depth 0), as o says, until ctx is done. It returns
// the count, or, with an error, the leaves counted before it stopped (a
// lower bound): ctx.Err() when ctx ended, an error wrapping ErrBudget when
// the count passed o.MaxNodes, ErrOverflow with math.MaxUint64 when the
// count does not fit in a uint64, and a *DepthError for a depth out of
// range. A count that cannot be stopped (a context that is never done, no
// budget) is still checked for overflow: unlike Count it never returns a
// saturated count without saying so.
//
// It looks at ctx and the budget about every 65,536 nodes of each
// goroutine, and yields the processor (runtime.Gosched) about every
// million (see Options.Yield), so that other goroutines sharing the CPU
// run soon.
func CountContext(ctx context.Context, p chess.Position, depth int, o Options) (uint64, error) {
	if depth == 0 {
		return 1, nil
	}
	d, err := DivideContext(ctx, p, depth, o)
	return Total(d), err
}

// DivideContext is the divide of CountContext: for each legal move of p,
// the count to depth-1 of the position after it, sorted as Divide sorts
// (nil for depth 0). With an error, the entries hold the leaves counted
// before the count stopped.
func DivideContext(ctx context.Context, p chess.Position, depth int, o Options) ([]Entry, error) {
	if err := checkDepth(depth); err != nil {
		return nil, err
	}
	if depth == 0 {
		return nil, nil
	}
	r := &run{max: o.MaxNodes, done: ctx.Done(), table: o.Table, progress: o.Progress, yield: o.Yield}
	var out []Entry
	if depth <= 2 {
		r.jobs = 1
		c := r.counter()
		var ml chess.MoveList
		p.LegalMoves(&ml)
		out = make([]Entry, ml.Len())
		for i, m := range ml.Moves() {
			out[i].Move = m
			if depth == 1 {
				out[i].Nodes = 1
				c.leaves++
			} else {
				q := p
				q.Play(m)
				out[i].Nodes = c.count(&q, 1)
			}
		}
		c.inner++
		c.flush()
		r.finished.Add(1)
		c.report()
		sortEntries(out)
	} else {
		s := newSplit(p)
		r.jobs = len(s.jobs)
		counts := make([]uint64, len(s.jobs))
		s.run(o.Threads, func() (func(int), func()) {
			c := r.counter()
			job := func(i int) {
				if c.stopped || r.stop.Load() {
					c.stopped = true
					return
				}
				q := s.job(i)
				if c.table != nil {
					counts[i] = c.tableCount(&q, depth-2)
				} else {
					counts[i] = c.count(&q, depth-2)
				}
				r.finished.Add(1)
				c.report()
			}
			return job, func() {
				c.flush()
				c.report()
			}
		})
		out = s.entries(counts)
	}
	return out, r.err(ctx, Total(out))
}

// flushEvery is how many nodes (leaves and positions above them) a
// goroutine counts between two looks at the budget and the context.
const flushEvery = 1 << 16

// run is the state a count's goroutines share.
type run struct {
	max      uint64
	done     <-chan struct{}
	table    *Table
	progress func(Progress)
	yield    bool
	jobs     int

	leaves, inner atomic.Uint64 // flushed by the goroutines
	finished      atomic.Int64  // jobs done
	stop          atomic.Bool   // the budget is passed or ctx is done
	over          atomic.Bool   // the budget is passed
	mu            sync.Mutex    // held while calling progress
}

func (r *run) counter() *counter { return &counter{r: r, table: r.table} }

// err is the error of a count that ended with total leaves.
func (r *run) err(ctx context.Context, total uint64) error {
	switch {
	case r.over.Load() || r.max != 0 && total > r.max:
		return &BudgetError{MaxNodes: r.max}
	case r.stop.Load():
		return ctx.Err()
	case total == math.MaxUint64:
		return errOverflow
	}
	return nil
}

// addShared adds n to a, saturating, and returns the sum.
func addShared(a *atomic.Uint64, n uint64) uint64 {
	for {
		old := a.Load()
		if s := add(old, n); a.CompareAndSwap(old, s) {
			return s
		}
	}
}

// counter is one goroutine's count: it counts like count, and every
// flushEvery nodes adds them to the shared totals, looks at the budget and
// the context, and yields.
type counter struct {
	// The counters of a run's goroutines are written all the time: the
	// padding keeps two of them out of one cache line.
	_       [128]byte
	r       *run
	table   *Table
	leaves  uint64 // leaves counted since the last flush
	inner   uint64 // positions above the leaves visited since the last flush
	flushes int
	stopped bool
	x       replies // the engine's working memory
	_       [128]byte
}

// flush adds the nodes counted to the shared totals and reports whether
// the count must stop. Once stopped, it keeps its nodes, so that every
// caller up the recursion sees them past flushEvery and returns.
func (c *counter) flush() bool {
	if c.stopped {
		return true
	}
	r := c.r
	leaves := addShared(&r.leaves, c.leaves)
	inner := addShared(&r.inner, c.inner)
	c.leaves, c.inner = 0, 0
	if r.max != 0 && (leaves > r.max || inner > r.max) {
		r.over.Store(true)
		r.stop.Store(true)
	}
	select {
	case <-r.done:
		r.stop.Store(true)
	default:
	}
	if r.stop.Load() {
		c.stopped = true
		c.leaves = flushEvery
		return true
	}
	if c.flushes++; c.flushes%16 == 0 {
		c.report()
		runtime.Gosched()
	} else if r.yield {
		runtime.Gosched()
	}
	return false
}

// report calls the progress function, if there is one.
func (c *counter) report() {
	r := c.r
	if r.progress == nil || c.stopped {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.progress(Progress{Nodes: r.leaves.Load(), Done: int(r.finished.Load()), Jobs: r.jobs})
}

// count counts the tree below p, depth >= 1 plies. The last three plies
// are counted by the engine in one call, which touches the counter once:
// the budgeted count pays its bookkeeping per position three plies above
// the leaves (and looks at the budget, the context and the yield after
// any such call that brings its nodes past flushEvery), and counts that
// position as the one position above them it visited (a subtree of three
// plies has at most 492² of them).
func (c *counter) count(p *chess.Position, depth int) uint64 {
	if depth <= engineBelow {
		n := engineCount(p, depth, &c.x)
		c.inner++
		c.leaves += n
		if c.leaves+c.inner >= flushEvery {
			c.flush() // the caller sees a stop by the counts it leaves
		}
		return n
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	c.inner++
	for _, m := range ml.Moves() {
		total = add(total, c.after(*p, m, depth-1))
		if c.leaves+c.inner >= flushEvery && c.flush() {
			break
		}
	}
	return total
}

// engineBelow is the depth up to which counter.count hands a subtree to
// the engine whole.
const engineBelow = 3

// after is count of the position after m. It gets its position by value:
// that copy is the copy-make, and as no pointer to it crosses a recursive
// call it stays on the stack.
func (c *counter) after(p chess.Position, m chess.Move, depth int) uint64 {
	p.Play(m)
	return c.count(&p, depth)
}
