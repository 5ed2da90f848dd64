package game

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/store"
)

// TestRematch: after a resignation, White offers a rematch on the same
// start; Black's counter-offer of a new draw replaces it; White accepts
// that. The new game starts from the draw of its seed (re-derived here by
// the Drawer itself, which chess960's tests check against the published
// algorithm), has the same control, and each seat's token opens the other
// colour there. A rematch before the end, a second acceptance, and a
// decline of one's own offer are refused.
func TestRematch(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		svc := NewService(open())
		c, _ := clock.Parse("5+3")
		seats, _, err := svc.CreateWith(ctx, Spec{Start: chess.NewPosition(chess960.MustNew(100)), Control: c, Delay: Delay{Moves: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Act(ctx, seats.ID, seats.White, Action{Kind: Rematch, Text: RematchSame}); !errors.Is(err, ErrIllegal) {
			t.Errorf("rematch during the game: %v; want ErrIllegal", err)
		}
		steps := []struct {
			token string
			a     Action
			want  error
		}{
			{seats.White, Action{Kind: Move, Text: "e4", Base: 1}, nil},
			{seats.Black, Action{Kind: Resign}, nil},
			{seats.White, Action{Kind: Rematch, Text: "again"}, ErrInvalid},
			{seats.White, Action{Kind: Rematch, Text: RematchSame}, nil},
			{seats.White, Action{Kind: Decline}, ErrIllegal}, // its own offer
			{seats.White, Action{Kind: Rematch, Text: RematchSame}, ErrIllegal},
			{seats.Black, Action{Kind: Rematch, Text: RematchNew}, nil}, // a counter-offer
		}
		for _, s := range steps {
			if _, err := svc.Act(ctx, seats.ID, s.token, s.a); !errors.Is(err, s.want) && (s.want != nil || err != nil) {
				t.Fatalf("%s %q: %v; want %v", s.a.Kind, s.a.Text, err, s.want)
			}
		}
		g, _ := svc.Load(ctx, seats.ID)
		if mode, by := g.RematchOffer(); mode != RematchNew || by != chess.Black || g.Next() != "" {
			t.Fatalf("offer %q by %s, next %q; want Black's new-draw offer", mode, by, g.Next())
		}
		g, err = svc.Act(ctx, seats.ID, seats.White, Action{Kind: Rematch, Text: RematchNew})
		if err != nil {
			t.Fatal(err)
		}
		next := g.Next()
		if next == "" || next == seats.ID {
			t.Fatalf("accepted: next game %q", next)
		}
		if _, err := svc.Act(ctx, seats.ID, seats.Black, Action{Kind: Rematch, Text: RematchSame}); !errors.Is(err, ErrIllegal) {
			t.Errorf("a rematch after one was agreed: %v; want ErrIllegal", err)
		}
		// Read through another Store, as another instance would.
		other := NewService(open())
		ng, err := other.Load(ctx, next)
		if err != nil {
			t.Fatal(err)
		}
		info := ng.Info()
		if info.Seed == "" || info.Prev != seats.ID || info.Delay != (Delay{Moves: 2}) || ng.Control().String() != "5+3" {
			t.Errorf("rematch info %+v, control %s; want a seed, prev %s, the 2-move delay and 5+3", info, ng.Control(), seats.ID)
		}
		d, _ := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: info.Seed})
		if want := chess.NewPosition(d.Next()).FEN(chess.Chess960); ng.Start().FEN(chess.Chess960) != want {
			t.Errorf("rematch start %s; the seed draws %s", ng.Start().FEN(chess.Chess960), want)
		}
		if side, err := other.Seat(ctx, next, seats.White); err != nil || side != chess.Black {
			t.Errorf("the old White token in the rematch: %s, %v; want Black", side, err)
		}
		if side, err := other.Seat(ctx, next, seats.Black); err != nil || side != chess.White {
			t.Errorf("the old Black token in the rematch: %s, %v; want White", side, err)
		}
		if _, err := other.Act(ctx, next, seats.Black, Action{Kind: Move, Text: "a3", Base: 1}); err != nil {
			t.Errorf("the new White (old Black) moves first: %v", err)
		}
	})
}

// TestDelay: spectators see a game 2 moves behind (or, with a minutes
// delay, the moves older than that), the players and everyone after the
// game see it all.
func TestDelay(t *testing.T) {
	g := NewTimed(chess.NewPosition(chess960.Standard()), clock.Control{}, t0)
	g.SetInfo(Info{Delay: Delay{Moves: 2}})
	for i, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		if err := g.Apply(Action{Kind: Move, Side: chess.Color(i % 2), Text: m, Base: i + 1, At: t0.Add(time.Duration(i+1) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Apply(Action{Kind: Offer, Side: chess.White, At: t0.Add(5 * time.Minute)}); err != nil {
		t.Fatal(err)
	}
	s, delayed, next := g.Shown(t0.Add(10 * time.Minute))
	if !delayed || len(s.Moves()) != 2 || s.Position().FEN(chess.Standard) != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" || !next.IsZero() {
		t.Errorf("2 moves' delay: delayed %v, %d moves, %s, next %v; want 2 moves shown", delayed, len(s.Moves()), s.Position().FEN(chess.Standard), next)
	}
	if _, ok := s.Offer(); ok {
		t.Errorf("the offer made after the hidden moves is shown")
	}
	g.SetInfo(Info{Delay: Delay{Minutes: 2}})
	// At +3.5 min, the moves of +1 min is 2.5 min old: shown; that of +2 is
	// 1.5 min old: hidden until +4.
	s, delayed, next = g.Shown(t0.Add(3*time.Minute + 30*time.Second))
	if !delayed || len(s.Moves()) != 1 || !next.Equal(t0.Add(4*time.Minute)) {
		t.Errorf("2 minutes' delay at +3.5: delayed %v, %d moves, next +%v; want 1 move, next at +4m", delayed, len(s.Moves()), next.Sub(t0))
	}
	if s, delayed, _ = g.Shown(t0.Add(time.Hour)); delayed || len(s.Moves()) != 4 {
		t.Errorf("an hour on: delayed %v, %d moves; want all 4", delayed, len(s.Moves()))
	}
	g.SetInfo(Info{Delay: Delay{Moves: 2}})
	if err := g.Apply(Action{Kind: Resign, Side: chess.Black, At: t0.Add(6 * time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if s, delayed, _ = g.Shown(t0.Add(6 * time.Minute)); delayed || len(s.Moves()) != 4 {
		t.Errorf("after the game: delayed %v, %d moves; want all 4", delayed, len(s.Moves()))
	}
	for _, c := range []struct {
		in   string
		want Delay
		err  string
	}{
		{"", Delay{}, ""}, {"none", Delay{}, ""}, {"3 moves", Delay{Moves: 3}, ""}, {"1 move", Delay{Moves: 1}, ""},
		{"15 minutes", Delay{Minutes: 15}, ""}, {"5 min", Delay{Minutes: 5}, ""},
		{"0 moves", Delay{}, "at least 1"}, {"21 moves", Delay{}, "at most 20 moves"}, {"61 minutes", Delay{}, "at most 60 minutes"},
		{"3 hours", Delay{}, "moves or minutes"}, {"three moves", Delay{}, "want none"},
	} {
		d, err := ParseDelay(c.in)
		if c.err == "" && (err != nil || d != c.want) || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("ParseDelay(%q) = %+v, %v; want %+v %q", c.in, d, err, c.want, c.err)
		}
		if c.err == "" && c.want.String() != "" {
			if back, err := ParseDelay(c.want.String()); err != nil || back != c.want {
				t.Errorf("ParseDelay(%q) = %+v, %v", c.want.String(), back, err)
			}
		}
	}
}

// TestDowntime: a 1+0 game, White moves at +10 s (Black's clock runs from
// +10). The last beat of any instance is at +30 (Black has used 20 s),
// then the service is down until +100. A Service starting at +100 resumes
// the game: at +110 Black has 60 - 20 - 10 = 30 s. A second instance
// starting at once (its beats are recent) changes nothing; a game whose
// flag had fallen before the last beat is flagged at that instant; an
// untimed game and a game over are left alone.
func TestDowntime(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		st := open()
		svc := NewService(st)
		now := t0
		svc.now = func() time.Time { return now }
		c, _ := clock.Parse("1+0")
		fast, _ := clock.Parse("5s+0")
		seats, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(518)), c)
		if err != nil {
			t.Fatal(err)
		}
		flagged, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(518)), fast)
		if err != nil {
			t.Fatal(err)
		}
		untimed, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(518)), clock.Control{})
		if err != nil {
			t.Fatal(err)
		}
		now = t0.Add(10 * time.Second)
		if _, err := svc.Act(ctx, seats.ID, seats.White, Action{Kind: Move, Text: "e4", Base: 1}); err != nil {
			t.Fatal(err)
		}
		if err := st.Beat(ctx, "old", t0.Add(30*time.Second), nil); err != nil {
			t.Fatal(err)
		}
		// Back at +100, in a new process.
		now = t0.Add(100 * time.Second)
		back := NewService(open())
		back.now = func() time.Time { return now }
		stop, did, err := back.Start(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		if !did.Down || !did.Since.Equal(t0.Add(30*time.Second)) || did.Resumed != 1 || len(did.Failed) != 0 {
			t.Errorf("Start after the downtime: %+v; want down since +30s, 1 game resumed", did)
		}
		g, err := back.Load(ctx, seats.ID)
		if err != nil {
			t.Fatal(err)
		}
		clk, _ := g.Clock()
		if got := clk.Remaining(clock.Black, t0.Add(110*time.Second)); got != 30*time.Second {
			t.Errorf("Black at +110 after the downtime +30..+100: %v; want 30s", got)
		}
		if log := g.Log(); log[len(log)-1].Kind != Resume || g.Version() != 3 {
			t.Errorf("the game's last action %+v at version %d; want a resume at 3", log[len(log)-1], g.Version())
		}
		// The fast game's flag fell at +6 s (5 s and the 1 s lag quota), before the last beat.
		if f, _ := back.Load(ctx, flagged.ID); !f.Over() || f.Ending() != TimeForfeit || !f.EndedAt().Equal(t0.Add(6*time.Second)) {
			t.Errorf("the 5s game: over %v (%s) at +%v; want lost on time at +6s", f.Over(), f.Ending(), f.EndedAt().Sub(t0))
		}
		if u, _ := back.Load(ctx, untimed.ID); u.Version() != 1 {
			t.Errorf("the untimed game is at version %d; want 1 (untouched)", u.Version())
		}
		// Another instance starting now sees the recent beat: nothing more.
		again := NewService(open())
		again.now = func() time.Time { return now.Add(time.Second) }
		stop2, did, err := again.Start(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer stop2()
		if did.Down || did.Resumed != 0 {
			t.Errorf("a second instance's Start: %+v; want no downtime", did)
		}
		if g, _ := again.Load(ctx, seats.ID); g.Version() != 3 {
			t.Errorf("after a second instance started: version %d; want 3", g.Version())
		}
		// A resume of a downtime the game saw the server up in is refused.
		if n, failed, err := back.ResumeAll(ctx, t0.Add(50*time.Second), t0.Add(120*time.Second)); err != nil || n != 0 || len(failed) != 0 {
			t.Errorf("ResumeAll of a downtime that overlaps the last resume: %d, %v, %v; want 0", n, failed, err)
		}
	})
}

// TestServiceCache: a Service that has read a game sees the actions
// another Service (another instance) committed since, and a shared game
// cannot be changed.
func TestServiceCache(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() store.Store) {
		ctx := context.Background()
		a, b := NewService(open()), NewService(open())
		seats, _, err := a.Create(ctx, chess.NewPosition(chess960.MustNew(518)), clock.Control{})
		if err != nil {
			t.Fatal(err)
		}
		moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5"}
		for i, m := range moves {
			svc, tok := a, seats.White
			if i%2 == 1 {
				svc, tok = b, seats.Black
			}
			if _, err := svc.Act(ctx, seats.ID, tok, Action{Kind: Move, Text: m, Base: i + 1}); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
			for _, s := range []*Service{a, b} {
				g, err := s.Load(ctx, seats.ID)
				if err != nil || g.Version() != i+2 || len(g.Moves()) != i+1 {
					t.Fatalf("after %s: version %d, %d moves, %v; want %d", m, g.Version(), len(g.Moves()), err, i+2)
				}
			}
		}
		g, _ := a.Load(ctx, seats.ID)
		if err := g.Apply(Action{Kind: Offer, Side: chess.Black}); !errors.Is(err, ErrInvalid) {
			t.Errorf("Apply to a shared game: %v; want ErrInvalid", err)
		}
		c := g.Clone()
		if err := c.Apply(Action{Kind: Offer, Side: chess.Black}); err != nil {
			t.Errorf("Apply to a clone: %v", err)
		}
		if g2, _ := a.Load(ctx, seats.ID); g2.Version() != 6 {
			t.Errorf("the clone's action reached the cache: version %d", g2.Version())
		}
	})
}
