package perft

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/chess960/chess960/chess"
)

// The positions of testdata/tiny-trees.perft whose counts are 1 at any
// depth and 2^floor((d+1)/4) at depth d (Stockfish agrees to depths 500
// and 100: see the file).
const (
	shuttle1 = "k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K1N5 w - - 0 1"
	shuttle2 = "k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K2B4 w - - 0 1"
)

// contextOptions are the ways of counting that must agree.
func contextOptions() map[string]Options {
	return map[string]Options{
		"1 thread":           {Threads: 1},
		"3 threads":          {Threads: 3},
		"budget":             {MaxNodes: 1 << 40, Threads: 2},
		"table":              {Table: NewTable(1), Threads: 1},
		"table, budget":      {Table: NewTable(0), MaxNodes: 1 << 40, Threads: 3},
		"all CPUs, progress": {Progress: func(Progress) {}},
	}
}

// TestCountContextSuites: CountContext and DivideContext count what the
// suites say (Stockfish's counts), in every way of counting, and the
// divide adds up to the count.
func TestCountContextSuites(t *testing.T) {
	var cases []SuiteEntry
	for _, name := range []string{"castling.perft", "promoted.perft", "tiny-trees.perft", "random-playouts.perft"} {
		cases = append(cases, readSuite(t, name)...)
	}
	for name, o := range contextOptions() {
		checked := 0
		for i, c := range cases {
			if i%25 != 0 && i >= 60 {
				continue
			}
			p := chess.MustParseFEN(c.FEN)
			for _, want := range c.Counts {
				if want.Nodes > 300_000 {
					continue
				}
				n, err := CountContext(context.Background(), p, want.Depth, o)
				if err != nil || n != want.Nodes {
					t.Fatalf("%s: %s depth %d: %d, %v; want %d", name, c.ID, want.Depth, n, err, want.Nodes)
				}
				if want.Depth == 0 {
					continue
				}
				d, err := DivideContext(context.Background(), p, want.Depth, o)
				if err != nil || Total(d) != want.Nodes || len(d) != p.CountLegalMoves() {
					t.Fatalf("%s: %s depth %d: divide of %d moves adds up to %d, %v; want %d", name, c.ID, want.Depth, len(d), Total(d), err, want.Nodes)
				}
				checked++
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d counts checked", name, checked)
		}
	}
}

// TestDivideContextCastling: the divide itself, move by move, is
// Stockfish's.
func TestDivideContextCastling(t *testing.T) {
	for _, c := range castlingDivides {
		for name, o := range contextOptions() {
			d, err := DivideContext(context.Background(), chess.MustParseFEN(c.fen), c.depth, o)
			if got := divideText(d); err != nil || got != c.divide {
				t.Errorf("%s: %s: divide %d: %v\n got: %s\nwant: %s", name, c.fen, c.depth, err, got, c.divide)
			}
		}
	}
}

// TestCountContextDeep: depths past 63 (where the table once mixed depth d
// with d-64) and up to MaxDepth count, on one goroutine or several, with
// or without a table and a budget; MaxDepth+1 and -1 are refused.
func TestCountContextDeep(t *testing.T) {
	one, two := chess.MustParseFEN(shuttle1), chess.MustParseFEN(shuttle2)
	for name, o := range contextOptions() {
		for _, c := range []struct {
			p     chess.Position
			depth int
			want  uint64
		}{{one, MaxDepth, 1}, {one, 4321, 1}, {two, 64, 65536}, {two, 65, 65536}, {two, 81, 1 << 20}} {
			if n, err := CountContext(context.Background(), c.p, c.depth, o); err != nil || n != c.want {
				t.Errorf("%s: %s depth %d: %d, %v; want %d", name, c.p.FEN(chess.Chess960), c.depth, n, err, c.want)
			}
		}
	}
	// The table holds every depth apart: shuttle-2 at depth 100 (2^25,
	// Stockfish's count) reaches each of its positions at 25 depths.
	tab := NewTable(1)
	if n := tab.Count(two, 100); n != 33554432 {
		t.Errorf("table count of shuttle-2 at depth 100: %d, want 33554432", n)
	}
	for _, depth := range []int{MaxDepth + 1, -1, math.MinInt} {
		n, err := CountContext(context.Background(), one, depth, Options{})
		var de *DepthError
		if !errors.As(err, &de) || de.Depth != depth || !errors.Is(err, ErrDepth) || n != 0 {
			t.Errorf("depth %d: %d, %v", depth, n, err)
		}
	}
	if _, err := DivideContext(context.Background(), one, MaxDepth+1, Options{}); err == nil || err.Error() != "perft: depth 10001: out of range: must be 0..10000" {
		t.Errorf("divide past MaxDepth: %v", err)
	}
	if n, err := CountContext(context.Background(), one, 0, Options{}); n != 1 || err != nil {
		t.Errorf("depth 0: %d, %v", n, err)
	}
	if d, err := DivideContext(context.Background(), one, 0, Options{}); d != nil || err != nil {
		t.Errorf("divide depth 0: %v, %v", d, err)
	}
}

// TestCountContextOverflow: a count past 2^64 (shuttle-2 at depth 255,
// 2^64 leaves, which only a table counts in time) is ErrOverflow and
// math.MaxUint64; the count before it (depth 254, 2^63) is exact. Table.Count
// saturates without saying so.
func TestCountContextOverflow(t *testing.T) {
	two := chess.MustParseFEN(shuttle2)
	for _, threads := range []int{1, 2} {
		o := Options{Table: NewTable(1), Threads: threads}
		if n, err := CountContext(context.Background(), two, 254, o); err != nil || n != 1<<63 {
			t.Errorf("threads %d: depth 254: %d, %v; want 2^63", threads, n, err)
		}
		n, err := CountContext(context.Background(), two, 255, o)
		if !errors.Is(err, ErrOverflow) || n != math.MaxUint64 || err.Error() != "perft: the count does not fit in 64 bits" {
			t.Errorf("threads %d: depth 255: %d, %v; want ErrOverflow", threads, n, err)
		}
		// With a budget, the count stops at the budget first.
		o.MaxNodes = 1 << 62
		if n, err := CountContext(context.Background(), two, 300, o); !errors.Is(err, ErrBudget) || n <= 1<<62 {
			t.Errorf("threads %d: depth 300 with a budget: %d, %v; want ErrBudget", threads, n, err)
		}
	}
	if n := NewTable(1).Count(two, 400); n != math.MaxUint64 {
		t.Errorf("Table.Count at depth 400: %d, want math.MaxUint64", n)
	}
	for _, c := range []struct{ a, b, want uint64 }{
		{1, 2, 3}, {math.MaxUint64 - 1, 1, math.MaxUint64}, {math.MaxUint64 - 1, 2, math.MaxUint64},
		{1 << 63, 1 << 63, math.MaxUint64}, {math.MaxUint64, math.MaxUint64, math.MaxUint64},
	} {
		if got := add(c.a, c.b); got != c.want {
			t.Errorf("add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if n := Total([]Entry{{Nodes: 1 << 63}, {Nodes: 1 << 63}, {Nodes: 5}}); n != math.MaxUint64 {
		t.Errorf("Total: %d", n)
	}
}

// TestCountContextBudget: a count past the budget stops soon after it (the
// goroutines look at it every 65,536 nodes) with ErrBudget and the leaves
// counted so far; a count of exactly the budget is not over it; a deep
// line that visits more positions than the budget stops too, though it
// has few leaves.
func TestCountContextBudget(t *testing.T) {
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	for name, o := range contextOptions() {
		threads := max(o.Threads, 2)
		o.MaxNodes = 1_000_000
		n, err := CountContext(context.Background(), start, 7, o) // 3,195,901,860 leaves
		var be *BudgetError
		if !errors.As(err, &be) || be.MaxNodes != 1_000_000 || !errors.Is(err, ErrBudget) {
			t.Errorf("%s: error %v, want a BudgetError", name, err)
		}
		if n < 900_000 || n > 1_000_000+uint64(threads+1)*flushEvery {
			t.Errorf("%s: stopped after %d leaves, want about 1,000,000", name, n)
		}
		// At depth 5 every job (a position two plies down) is counted by
		// the engine in one call: the budget still stops the count between
		// jobs.
		o.MaxNodes = 100_000
		n, err = CountContext(context.Background(), start, 5, o) // 4,865,609 leaves
		if !errors.Is(err, ErrBudget) || n < 90_000 || n > 100_000+uint64(threads+1)*(flushEvery+20_000) {
			t.Errorf("%s: depth 5 with a budget of 100,000: %d, %v", name, n, err)
		}
		o.MaxNodes = 197281
		if n, err := CountContext(context.Background(), start, 4, o); n != 197281 || err != nil {
			t.Errorf("%s: depth 4 with a budget of its count: %d, %v", name, n, err)
		}
		o.MaxNodes = 197280
		if n, err := CountContext(context.Background(), start, 4, o); !errors.Is(err, ErrBudget) || n > 197281 {
			t.Errorf("%s: depth 4 with a budget one below its count: %d, %v", name, n, err)
		}
		o.MaxNodes = 5000
		if n, err := CountContext(context.Background(), chess.MustParseFEN(shuttle1), MaxDepth, o); !errors.Is(err, ErrBudget) || n > 1 {
			t.Errorf("%s: a line of %d plies with a budget of 5000: %d, %v", name, MaxDepth, n, err)
		}
	}
	if msg := (&BudgetError{MaxNodes: 10}).Error(); msg != "perft: count stopped: past the node budget of 10 nodes" {
		t.Errorf("message %q", msg)
	}
}

// TestCountContextCancel: a count whose context ends stops with ctx.Err()
// and fewer leaves than the whole count: cancelled before it starts, or
// from its own progress report (no clock involved).
func TestCountContextCancel(t *testing.T) {
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, threads := range []int{1, 2} {
		n, err := CountContext(ctx, start, 9, Options{Threads: threads})
		if !errors.Is(err, context.Canceled) || n > uint64(threads+1)*flushEvery {
			t.Errorf("threads %d: cancelled before: %d, %v", threads, n, err)
		}
	}
	for name, o := range contextOptions() {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		var last Progress
		o.Progress = func(p Progress) {
			calls++
			if p.Nodes < last.Nodes || p.Done < last.Done || p.Jobs != 400 {
				t.Errorf("%s: progress %+v after %+v", name, p, last)
			}
			last = p
			if p.Done == 3 {
				cancel()
			}
		}
		n, err := CountContext(ctx, start, 7, o)
		if !errors.Is(err, context.Canceled) || n == 0 || n >= 3_195_901_860 || calls < 3 {
			t.Errorf("%s: cancelled at the third subtree: %d, %v, %d progress calls", name, n, err, calls)
		}
		cancel()
	}
}

// TestProgress: the last report of a finished count has every job done
// and every leaf.
func TestProgress(t *testing.T) {
	p := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for name, o := range contextOptions() {
		var last Progress
		o.Progress = func(p Progress) { last = p }
		n, err := CountContext(context.Background(), p, 4, o)
		if err != nil || n != 4085603 || last != (Progress{Nodes: 4085603, Done: 2039, Jobs: 2039}) {
			t.Errorf("%s: %d, %v, last progress %+v", name, n, err, last)
		}
		if _, err := CountContext(context.Background(), p, 2, o); err != nil || last != (Progress{Nodes: 2039, Done: 1, Jobs: 1}) {
			t.Errorf("%s: depth 2: %v, last progress %+v", name, err, last)
		}
	}
}
