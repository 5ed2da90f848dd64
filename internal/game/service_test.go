package game

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// eachStore runs f on a fresh SQLite file and on the tests' PostgreSQL
// database (testtool.Postgres: with CI set and none, that subtest fails),
// with a function that opens another Store of games on the same database,
// as another process or instance would.
func eachStore(t *testing.T, f func(t *testing.T, open func() store.Store)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "games.db")
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t)
			}
			f(t, func() store.Store {
				st, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: store.Games})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				return st
			})
		})
	}
}

// TestServiceKeepsTheGame: a game made, played by its seats and read back
// through another Store is the same game; a seat acts only for its side,
// and a token that is neither seat's opens nothing.
func TestServiceKeepsTheGame(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		svc := NewService(open())
		seats, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(0)), clock.Control{})
		if err != nil {
			t.Fatal(err)
		}
		if len(seats.White) < 22 || seats.White == seats.Black {
			t.Fatalf("seat tokens %q %q: want 128 random bits each", seats.White, seats.Black)
		}
		for i, m := range []struct{ token, text string }{{seats.White, "e4"}, {seats.Black, "e5"}, {seats.White, "Nd3"}} {
			if _, err := svc.Act(ctx, seats.ID, m.token, Action{Kind: Move, Text: m.text, Base: i + 1}); err != nil {
				t.Fatalf("%s: %v", m.text, err)
			}
		}
		if _, err := svc.Act(ctx, seats.ID, seats.White, Action{Kind: Move, Text: "Nc6", Base: 4}); !errors.Is(err, ErrTurn) {
			t.Errorf("White's token moving for Black: %v, want ErrTurn", err)
		}
		if _, err := svc.Act(ctx, seats.ID, "not-a-seat", Action{Kind: Resign}); !errors.Is(err, ErrNotFound) {
			t.Errorf("a token of no seat: %v, want ErrNotFound", err)
		}
		if _, err := svc.Act(ctx, seats.ID, seats.Black, Action{Kind: Flag}); !errors.Is(err, ErrInvalid) {
			t.Errorf("a seat sending a flag: %v, want ErrInvalid", err)
		}
		if _, err := svc.Load(ctx, "../x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a malformed ID: %v", err)
		}
		if _, err := svc.Act(ctx, seats.ID, seats.Black, Action{Kind: Resign}); err != nil {
			t.Fatal(err)
		}
		other := NewService(open())
		g, err := other.Load(ctx, seats.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Version() != 5 || len(g.Moves()) != 3 || g.Result() != chess.WhiteWins || g.Describe() != "1-0 (black resigned)" ||
			g.Position().FEN(chess.Chess960) != "bbqnnrkr/pppp1ppp/8/4p3/4P3/3N4/PPPP1PPP/BBQN1RKR b HFhf - 1 2" {
			t.Errorf("read back: version %d, %d moves, %s, %s", g.Version(), len(g.Moves()), g.Describe(), g.Position().FEN(chess.Chess960))
		}
		if side, err := other.Seat(ctx, seats.ID, seats.Black); err != nil || side != chess.Black {
			t.Errorf("Black's seat: %v %v", side, err)
		}
	})
}

// TestServiceOneMoveWins: the same seat sends two moves on one version at
// once, through two Services on two Stores (two tabs on two instances):
// exactly one is committed, the other is refused with ErrConflict.
func TestServiceOneMoveWins(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		a, b := NewService(open()), NewService(open())
		for round := 0; round < 10; round++ {
			seats, _, err := a.Create(ctx, chess.NewPosition(chess960.MustNew(518)), clock.Control{})
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, m := range []string{"e4", "d4"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					svc := []*Service{a, b}[i]
					_, errs[i] = svc.Act(ctx, seats.ID, seats.White, Action{Kind: Move, Text: m, Base: 1})
				}()
			}
			wg.Wait()
			if (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: %v and %v; want one move committed and one refused", round, errs[0], errs[1])
			}
			for _, err := range errs {
				if err != nil && !errors.Is(err, ErrConflict) {
					t.Errorf("the refused move: %v, want ErrConflict", err)
				}
			}
			g, err := a.Load(ctx, seats.ID)
			if err != nil || len(g.Moves()) != 1 || g.Version() != 2 {
				t.Fatalf("round %d: %v, %d moves", round, err, len(g.Moves()))
			}
		}
	})
}

// TestServiceFlagOnce: two instances see the same flag fall; one commits
// it, the other is told the game changed.
func TestServiceFlagOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		a, b := NewService(open()), NewService(open())
		seats, _, err := a.Create(ctx, chess.NewPosition(chess960.MustNew(518)), clock.Control{})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, svc := range []*Service{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = svc.Flag(ctx, seats.ID, chess.White, t0)
			}()
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("%v and %v; want one flag committed", errs[0], errs[1])
		}
		g, err := b.Load(ctx, seats.ID)
		if err != nil || g.Result() != chess.BlackWins || g.Ending() != TimeForfeit || g.Version() != 2 {
			t.Errorf("after the flag: %v %v %q version %d", err, g.Result(), g.Ending(), g.Version())
		}
	})
}

// TestServiceClock: a 1+0 game on the server's clock, the instants given.
// White moves at 10 s (50 s left), Black at 40 s (30 s used: 30 s left);
// White then never moves. White's 50 s run out at 90 s, and the lag quota
// (clock.LagQuotaStart, 1 s, untouched by moves charged in full) makes the
// flag fall at 91 s. Nobody is connected: the next contact, at 95 s, ends
// the game 0-1 at 91 s, and White's late move is refused.
func TestServiceClock(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		svc := NewService(open())
		now := t0
		svc.now = func() time.Time { return now }
		c, err := clock.Parse("1+0")
		if err != nil {
			t.Fatal(err)
		}
		seats, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(518)), c)
		if err != nil {
			t.Fatal(err)
		}
		now = t0.Add(10 * time.Second)
		if _, err := svc.Act(ctx, seats.ID, seats.White, Action{Kind: Move, Text: "e4", Base: 1}); err != nil {
			t.Fatal(err)
		}
		now = t0.Add(40 * time.Second)
		g, err := svc.Act(ctx, seats.ID, seats.Black, Action{Kind: Move, Text: "e5", Base: 2})
		if err != nil {
			t.Fatal(err)
		}
		clk, timed := g.Clock()
		if !timed || clk.Remaining(clock.White, now) != 50*time.Second || clk.Remaining(clock.Black, now) != 30*time.Second {
			t.Errorf("at 40 s: White %v, Black %v; want 50s and 30s", clk.Remaining(clock.White, now), clk.Remaining(clock.Black, now))
		}
		// Read back from the store, the clocks are the same.
		g, err = NewService(open()).Load(ctx, seats.ID)
		if err != nil {
			t.Fatal(err)
		}
		if clk, _ := g.Clock(); clk.Remaining(clock.White, now) != 50*time.Second {
			t.Errorf("read back: White %v, want 50s", clk.Remaining(clock.White, now))
		}
		now = t0.Add(95 * time.Second)
		if _, err := svc.Act(ctx, seats.ID, seats.White, Action{Kind: Move, Text: "Nf3", Base: 3}); !errors.Is(err, ErrOver) {
			t.Errorf("White's move at 95 s: %v, want ErrOver", err)
		}
		g, err = svc.Check(ctx, seats.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g.Result() != chess.BlackWins || g.Ending() != TimeForfeit || !g.EndedAt().Equal(t0.Add(91*time.Second)) || g.Version() != 4 {
			t.Errorf("after the flag: %v %q at %v, version %d; want 0-1 on time at 91 s, version 4", g.Result(), g.Ending(), g.EndedAt().Sub(t0), g.Version())
		}
	})
}
