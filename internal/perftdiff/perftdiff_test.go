package perftdiff

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/perft"
	"github.com/chess960/chess960/uci"
)

// fakeEngine starts the fake engine of package uci's tests with the flags
// (-bug plants a move generation bug).
func fakeEngine(t *testing.T, flags ...string) *uci.Engine {
	t.Helper()
	e, err := uci.Start(context.Background(), uci.Config{Path: testtool.FakeEngine(t), Args: flags})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// TestFindPlantedBugs: each bug planted in the fake engine is found in the
// position where it first shows, found by hand: the walk takes the first
// move (in UCI order) whose counts differ.
func TestFindPlantedBugs(t *testing.T) {
	for _, c := range []struct {
		bug, fen       string
		flags          []string
		depth          int
		path           string
		culprit        string
		missing, extra []string
		steps          int
	}{
		// Forgets castling when the king does not move (king g1, rook h1).
		{"castle-static-king", "k7/8/8/8/8/8/8/5NKR w H - 0 1", nil, 3, "f1d2 a8a7", "8/k7/8/8/8/8/3N4/6KR w K - 2 2", []string{"g1h1"}, nil, 3},
		// At depth 4 the same position, one level earlier in the walk.
		{"castle-static-king", "k7/8/8/8/8/8/8/5NKR w H - 0 1", nil, 4, "f1d2 a8a7", "8/k7/8/8/8/8/3N4/6KR w K - 2 2", []string{"g1h1"}, nil, 3},
		// An en-passant capture that exposes its king on the rank.
		{"ep-pin", "7k/2p5/8/KP5r/8/8/8/6N1 w - - 0 1", []string{"-perft", "space"}, 3, "g1e2 c7c5", "7k/8/8/KPp4r/8/8/4N3/8 w - - 0 2", nil, []string{"b5c6"}, 3},
		// No capturing promotion to a knight.
		{"promo-capture-knight", "r6k/8/1P6/8/8/8/8/4K3 w - - 0 1", []string{"-perft", "nototal"}, 3, "b6b7 a8c8", "2r4k/1P6/8/8/8/8/8/4K3 w - - 1 2", []string{"b7c8n"}, nil, 3},
	} {
		eng := fakeEngine(t, append([]string{"-bug", c.bug}, c.flags...)...)
		r, err := Find(context.Background(), eng, chess.MustParseFEN(c.fen), c.depth, time.Minute)
		if err != nil {
			t.Fatalf("%s: %v", c.bug, err)
		}
		if !r.Differs || strings.Join(r.PathUCI(), " ") != c.path || r.Pos.FEN(chess.Standard) != c.culprit ||
			!slices.Equal(r.Missing, c.missing) || !slices.Equal(r.Extra, c.extra) || len(r.Steps) != c.steps || r.Odd != "" {
			t.Errorf("%s depth %d: %+v", c.bug, c.depth, r)
		}
		if err := r.Err(); err == nil || !strings.Contains(err.Error(), "differs from ours after "+c.path+": ") {
			t.Errorf("%s: verdict %v", c.bug, err)
		}
	}
}

// TestFindNoBug: an engine without a bug agrees, at every depth asked.
func TestFindNoBug(t *testing.T) {
	eng := fakeEngine(t)
	kiwipete := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	r, err := Find(context.Background(), eng, kiwipete, 2, time.Minute)
	if err != nil || r.Differs || r.Err() != nil || len(r.Steps) != 1 || r.Steps[0].Ours != 2039 || r.Steps[0].Theirs != 2039 || r.Steps[0].Moves != 48 {
		t.Errorf("%+v, %v", r, err)
	}
	if _, err := Find(context.Background(), eng, kiwipete, 0, time.Minute); err == nil {
		t.Error("depth 0 accepted")
	}
	if _, err := Find(context.Background(), eng, kiwipete, perft.MaxDepth+1, time.Minute); err == nil || !strings.Contains(err.Error(), "out of range: must be 1..10000") {
		t.Errorf("depth past MaxDepth: %v", err)
	}
}

// liar is a Divider whose counts are ours, changed by lie.
type liar struct {
	lie func(moves []chess.Move, d uci.Divide)
}

func (l liar) Mode() chess.CastlingMode { return chess.Chess960 }

func (l liar) Perft(ctx context.Context, start chess.Position, moves []chess.Move, depth int) (uci.Divide, error) {
	p := start
	for _, m := range moves {
		p.Play(m)
	}
	d := uci.Divide{Counts: map[string]uint64{}}
	for _, e := range perft.Divide(p, depth) {
		d.Counts[e.Move.String()] = e.Nodes
		d.Order = append(d.Order, e.Move.String())
	}
	l.lie(moves, d)
	return d, nil
}

// TestFindOddEngine: an engine whose counts disagree with themselves is
// wrong, and the verdict says how.
func TestFindOddEngine(t *testing.T) {
	start := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	for _, c := range []struct {
		name  string
		depth int
		lie   func([]chess.Move, uci.Divide)
		odd   string
	}{
		{"more at the root than below", 2, func(moves []chess.Move, d uci.Divide) {
			if len(moves) == 0 {
				d.Counts["a1a2"]++
			}
		}, "the engine counted 6 below a1a2 at depth 2, but its divide of the position after it adds up to 5"},
		{"a count at depth 1", 1, func(moves []chess.Move, d uci.Divide) {
			if len(moves) == 0 {
				for k := range d.Counts {
					d.Counts[k] = 2
				}
			}
		}, "the engine counts 2 below a1a2 at depth 1, where every move counts 1"},
	} {
		r, err := Find(context.Background(), liar{c.lie}, start, c.depth, time.Minute)
		if err != nil || !r.Differs || !strings.Contains(r.Odd, c.odd) || r.Err() == nil || !strings.Contains(r.Err().Error(), c.odd) {
			t.Errorf("%s: %+v, %v", c.name, r, err)
		}
	}
}

// TestFindCancelled: a walk whose context is done stops with its error.
func TestFindCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Find(ctx, liar{func([]chess.Move, uci.Divide) {}}, chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), 8, time.Minute); err != context.Canceled {
		t.Errorf("%v", err)
	}
}
