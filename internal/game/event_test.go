package game

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/secret"
	"github.com/chess960/chess960/internal/store"
)

const minute = time.Minute

// eventGame is an event's game of 10+5 made at t0, its study window
// ending at t0+5 min, with a default time of 10 minutes (so due at
// t0+15 min).
func eventGame(t *testing.T) *Game {
	t.Helper()
	g := NewTimed(chess.NewPosition(chess960.MustNew(518)), mustControl(t, "10+5"), t0)
	g.SetInfo(Info{Event: EventRef{ID: "ev", Round: 1, Board: 3}, StartAt: t0.Add(5 * minute), DefaultTime: 10 * minute})
	return g
}

func mustControl(t *testing.T, s string) clock.Control {
	t.Helper()
	c, err := clock.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func apply(t *testing.T, g *Game, a Action) {
	t.Helper()
	a.Base = g.Version()
	if err := g.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
}

// TestEventGameStudyAndDefault: no move in the study window (the clocks
// show their full time until it ends), no abort; the default time counts
// from the clocks' start, and a side that has not arrived by then loses
// by forfeit, or both do.
func TestEventGameStudyAndDefault(t *testing.T) {
	g := eventGame(t)
	refused(t, g, Action{Kind: Move, Side: chess.White, Text: "e4", Base: 1, At: t0.Add(4 * minute)}, ErrIllegal, "the clocks start at 18:05:00 UTC")
	refused(t, g, Action{Kind: Offer, Side: chess.Black, At: t0.Add(minute)}, ErrIllegal, "study window")
	refused(t, g, Action{Kind: Abort, Side: chess.White, At: t0.Add(6 * minute)}, ErrIllegal, "an event's game cannot be aborted")
	clk, _ := g.Clock()
	if r := clk.Remaining(clock.White, t0.Add(4*minute)); r != 10*minute {
		t.Errorf("White's clock in the study window: %s, want 10m", r)
	}
	if r := clk.Remaining(clock.White, t0.Add(7*minute)); r != 8*minute {
		t.Errorf("White's clock 2 min after the start: %s, want 8m", r)
	}
	if _, due := g.Due(t0.Add(15*minute - time.Microsecond)); due {
		t.Error("due before the default time")
	}
	if at := g.NextDue(); !at.Equal(t0.Add(15 * minute)) {
		t.Errorf("next due at +%s, want +15m (the default time)", at.Sub(t0))
	}
	// Neither arrived: both lose.
	a, due := g.Due(t0.Add(15 * minute))
	if !due || a.Kind != Default || a.Text != "both" || !a.At.Equal(t0.Add(15*minute)) {
		t.Fatalf("due at +15m: %+v %v; want a default of both at +15m", a, due)
	}
	both := g.Clone()
	apply(t, both, a)
	if both.Result() != chess.NoResult || both.Ending() != DefaultLoss || both.Describe() != "-/- (neither player arrived)" {
		t.Errorf("both defaulted: %v %q %q", both.Result(), both.Ending(), both.Describe())
	}
	// White arrived in the window and moved; Black never came: +/-.
	apply(t, g, Action{Kind: Arrive, Side: chess.White, At: t0.Add(2 * minute)})
	refused(t, g, Action{Kind: Arrive, Side: chess.White, At: t0.Add(3 * minute)}, ErrIllegal, "has arrived already")
	apply(t, g, Action{Kind: Move, Side: chess.White, Text: "e4", At: t0.Add(6 * minute)})
	a, due = g.Due(t0.Add(20 * minute))
	if !due || a.Kind != Default || a.Text != "b" {
		t.Fatalf("due at +20m: %+v %v; want Black's default", a, due)
	}
	refused(t, g, Action{Kind: Default, Side: chess.Black, Text: "b", At: t0.Add(14 * minute), Base: g.Version()}, ErrIllegal, "the default time has not passed")
	refused(t, g, Action{Kind: Default, Side: chess.Black, Text: "w", At: a.At, Base: g.Version()}, ErrIllegal, "the sides that have not arrived")
	apply(t, g, a)
	if g.Result() != chess.WhiteWins || g.Describe() != "+/- (Black did not arrive)" || !g.EndedAt().Equal(t0.Add(15*minute)) {
		t.Errorf("Black defaulted: %v %q at +%s", g.Result(), g.Describe(), g.EndedAt().Sub(t0))
	}
	refused(t, g, Action{Kind: Rematch, Side: chess.White, Text: RematchSame, At: t0.Add(16 * minute)}, ErrIllegal, "an event's game has no rematch")
}

// TestEventGameFlagBeforeDefault: at 1+0 with a default time of 10
// minutes, both arrived: the flag falls first, at the start + 60 s + the
// 1 s lag quota.
func TestEventGameFlagBeforeDefault(t *testing.T) {
	g := NewTimed(chess.NewPosition(chess960.MustNew(518)), mustControl(t, "1+0"), t0)
	g.SetInfo(Info{Event: EventRef{ID: "ev", Round: 1, Board: 1}, StartAt: t0.Add(minute), DefaultTime: 10 * minute})
	if at := g.NextDue(); !at.Equal(t0.Add(2*minute + time.Second)) {
		t.Errorf("next due +%s, want +2m1s (White's flag: it need not have arrived)", at.Sub(t0))
	}
	a, due := g.Due(t0.Add(5 * minute))
	if !due || a.Kind != Flag || a.Side != chess.White || !a.At.Equal(t0.Add(2*minute+time.Second)) {
		t.Errorf("due: %+v %v; want White's flag at +2m1s", a, due)
	}
}

// TestEventGameArbiter: the arbiter stops the clocks (no move, nothing
// due while they stand), restarts them (the pause charged to nobody),
// adds time, and adjudicates.
func TestEventGameArbiter(t *testing.T) {
	g := eventGame(t)
	apply(t, g, Action{Kind: Arrive, Side: chess.White, At: t0.Add(minute)})
	apply(t, g, Action{Kind: Arrive, Side: chess.Black, At: t0.Add(minute)})
	apply(t, g, Action{Kind: Move, Side: chess.White, Text: "e4", At: t0.Add(6 * minute)}) // 10:00 − 1:00 + 5 s
	apply(t, g, Action{Kind: Pause, At: t0.Add(7 * minute)})
	refused(t, g, Action{Kind: Pause, At: t0.Add(7 * minute), Base: g.Version()}, ErrIllegal, "stopped already")
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: "e5", At: t0.Add(8 * minute), Base: g.Version()}, ErrIllegal, "the arbiter has stopped the clocks")
	if _, due := g.Due(t0.Add(5 * time.Hour)); due {
		t.Error("something fell due while the clocks stood")
	}
	apply(t, g, Action{Kind: Unpause, At: t0.Add(9 * minute)})
	clk, _ := g.Clock()
	// Black, to move since +6, used +6..+7 and +9..+10: 2 minutes.
	if w, b := clk.Remaining(clock.White, t0.Add(10*minute)), clk.Remaining(clock.Black, t0.Add(10*minute)); w != 9*minute+5*time.Second || b != 8*minute {
		t.Errorf("at +10m: White %s, Black %s; want 9m5s, 8m", w, b)
	}
	apply(t, g, Action{Kind: AddTime, Side: chess.Black, Amount: 2 * minute, At: t0.Add(10 * minute)})
	clk, _ = g.Clock()
	if b := clk.Remaining(clock.Black, t0.Add(10*minute)); b != 10*minute {
		t.Errorf("Black after 2 min added: %s, want 10m", b)
	}
	refused(t, g, Action{Kind: AddTime, Side: chess.White, Amount: 25 * time.Hour, At: t0.Add(10 * minute), Base: g.Version()}, ErrInvalid, "at most 24h")
	refused(t, g, Action{Kind: Adjudicate, Text: "2-0", At: t0.Add(11 * minute), Base: g.Version()}, ErrInvalid, "an adjudication is one of 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-")
	apply(t, g, Action{Kind: Adjudicate, Text: "1/2-1/2", Note: "both flags hanging, dead drawn", At: t0.Add(11 * minute)})
	if r, note := g.Adjudication(); g.Result() != chess.Draw || g.Ending() != Adjudicated || r != "1/2-1/2" || note != "both flags hanging, dead drawn" ||
		g.Describe() != "1/2-1/2 (adjudicated by the arbiter: both flags hanging, dead drawn)" {
		t.Errorf("adjudicated: %v %q %q %q: %q", g.Result(), g.Ending(), r, note, g.Describe())
	}
	// A game that is not an event's has no default and no arbiter's
	// limits: abort works as before.
	plain := NewTimed(chess.NewPosition(chess960.MustNew(518)), mustControl(t, "10+5"), t0)
	refused(t, plain, Action{Kind: Default, Side: chess.White, Text: "both", At: t0.Add(time.Hour), Base: 1}, ErrIllegal, "no default time")
	apply(t, plain, Action{Kind: Abort, Side: chess.White, At: t0.Add(minute)})
}

// TestServiceEventGame: an event's game is made under the event's ID for
// it, once (a second try returns it); its seats are the event's hashes;
// arrivals, the arbiter's actions and the default are committed and read
// back the same by another Service on the same database; a seat cannot
// send the arbiter's actions.
func TestServiceEventGame(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		svc := NewService(open())
		now := t0
		svc.now = func() time.Time { return now }
		white, black := secret.Token(16), secret.Token(16)
		sp := Spec{Start: chess.NewPosition(chess960.MustNew(100)), Control: mustControl(t, "10+5"),
			Event: EventRef{ID: "ev1", Round: 2, Board: 7}, StartAt: t0.Add(5 * minute), DefaultTime: 10 * minute}
		id := "ev1-r2-b7"
		g, err := svc.CreateEvent(ctx, id, sp, secret.Hash(white), secret.Hash(black))
		if err != nil {
			t.Fatal(err)
		}
		if !g.StartsAt().Equal(t0.Add(5 * minute)) {
			t.Errorf("starts at +%s", g.StartsAt().Sub(t0))
		}
		if again, err := NewService(open()).CreateEvent(ctx, id, sp, secret.Hash(white), secret.Hash(black)); err != nil || again.Version() != 1 {
			t.Errorf("made again: %v, %v; want the same game", again, err)
		}
		other := sp
		other.Event.Board = 8
		if _, err := svc.CreateEvent(ctx, id, other, secret.Hash(white), secret.Hash(black)); err == nil {
			t.Error("a game under the ID of another board was taken as the board's")
		}
		if _, err := svc.Act(ctx, id, white, Action{Kind: Adjudicate, Text: "1-0"}); !errors.Is(err, ErrInvalid) {
			t.Errorf("a seat adjudicating: %v, want ErrInvalid", err)
		}
		now = t0.Add(minute)
		if g, err = svc.Arrive(ctx, id, white); err != nil || !g.Arrived(chess.White) || g.Version() != 2 {
			t.Fatalf("White arrives: %v, version %d", err, g.Version())
		}
		if g, err = svc.Arrive(ctx, id, white); err != nil || g.Version() != 2 {
			t.Errorf("White arrives again: %v, version %d; want no new version", err, g.Version())
		}
		if _, err = svc.Arrive(ctx, id, "nobody"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a stranger arrives: %v", err)
		}
		now = t0.Add(6 * minute)
		if _, err := svc.Act(ctx, id, white, Action{Kind: Move, Text: "e4", Base: 2}); err != nil {
			t.Fatal(err)
		}
		now = t0.Add(7 * minute)
		if _, err := svc.Arbitrate(ctx, id, "Anna (arbiter)", Action{Kind: Pause}); err != nil {
			t.Fatal(err)
		}
		now = t0.Add(9 * minute)
		if _, err := svc.Arbitrate(ctx, id, "Anna (arbiter)", Action{Kind: Unpause}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Arbitrate(ctx, id, "Anna (arbiter)", Action{Kind: AddTime, Side: chess.Black, Amount: 30 * time.Second}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Arbitrate(ctx, id, "Anna", Action{Kind: Move, Text: "e5"}); !errors.Is(err, ErrInvalid) {
			t.Errorf("an arbiter's move: %v", err)
		}
		// Black never arrived: at +15 the next contact ends the game +/-.
		now = t0.Add(16 * minute)
		g, err = svc.Check(ctx, id)
		if err != nil || g.Ending() != DefaultLoss || g.Result() != chess.WhiteWins || !g.EndedAt().Equal(t0.Add(15*minute)) {
			t.Fatalf("at +16: %v %q %v at +%s", err, g.Ending(), g.Result(), g.EndedAt().Sub(t0))
		}
		back, err := NewService(open()).Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if back.Version() != g.Version() || back.Describe() != "+/- (Black did not arrive)" || back.Info().Event != sp.Event || back.Info().DefaultTime != 10*minute {
			t.Errorf("read back: version %d (want %d), %q, %+v", back.Version(), g.Version(), back.Describe(), back.Info())
		}
		clk, _ := back.Clock()
		// Black: 10 min at its turn's start (+6), the pause +7..+9, 30 s added.
		if b := clk.Remaining(clock.Black, t0.Add(9*minute)); b != 9*minute+30*time.Second {
			t.Errorf("read back, Black at +9m: %s, want 9m30s", b)
		}
		// A game that is not an event's has no arbiter.
		seats, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(5)), mustControl(t, "3+2"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Arbitrate(ctx, seats.ID, "x", Action{Kind: Pause}); !errors.Is(err, ErrIllegal) {
			t.Errorf("pausing a friendly game: %v", err)
		}
		if g, err := svc.Arrive(ctx, seats.ID, seats.White); err != nil || g.Version() != 1 {
			t.Errorf("arriving at a friendly game: %v, version %d; want nothing recorded", err, g.Version())
		}
	})
}
