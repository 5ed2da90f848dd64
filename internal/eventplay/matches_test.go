package eventplay

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
)

// TestMatchesInApp: a Swiss of 2-game matches counting match points,
// played in the app: both games are drawn, so the match goes to its
// Armageddon, whose game has White's clock 5+2 and Black's 4 minutes;
// drawn, it gives Black the match and its 2 points. On SQLite and
// Postgres, read back by another instance.
func TestMatchesInApp(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		w := open()
		st, _, err := w.events.Create(ctx, event.Init{Settings: event.Settings{Name: "Matches online", System: event.Swiss, Rounds: 1, TimeControl: "10+5", Play: event.PlayApp,
			Matches: event.MatchRules{Games: 2, Scoring: event.ScoreMatch, Armageddon: true, ArmageddonWhite: "5+2", ArmageddonBlack: "4+2"}},
			Players: []event.PlayerInfo{{Name: "Ada", Rating: 2100}, {Name: "Ben", Rating: 2000}}})
		if err != nil {
			t.Fatal(err)
		}
		id := st.ID()
		// play round n: its one game starts, both players draw by agreement.
		play := func(n int, wantControl string, wantBlack time.Duration) *event.State {
			t.Helper()
			for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
				if st, _, err = w.events.Apply(ctx, id, admin, event.Change{Kind: k, Round: n}); err != nil {
					t.Fatalf("round %d, %s: %v", n, k, err)
				}
			}
			if _, err := w.c.MakeGames(ctx, st); err != nil {
				t.Fatal(err)
			}
			b := st.Admin().Schedule[n-1].Boards[0]
			g, err := w.games.Load(ctx, b.Game)
			if err != nil {
				t.Fatal(err)
			}
			clk, _ := g.Clock()
			at := g.StartsAt()
			if g.Control().String() != wantControl || clk.Remaining(0, at) != g.Control().Periods[0].Time || clk.Remaining(1, at) != wantBlack {
				t.Errorf("round %d (%s): control %s, White %s, Black %s; want %s and Black %s", n, b.KO.Match, g.Control(), clk.Remaining(0, at), clk.Remaining(1, at), wantControl, wantBlack)
			}
			wt, bt := st.SeatToken(b.Game, "w"), st.SeatToken(b.Game, "b")
			for _, tok := range []string{wt, bt} {
				if _, err := w.games.Arrive(ctx, b.Game, tok); err != nil {
					t.Fatal(err)
				}
			}
			g, _ = w.games.Load(ctx, b.Game)
			if g, err = w.games.Act(ctx, b.Game, wt, game.Action{Kind: game.Move, Text: firstMove(g), Base: g.Version()}); err != nil {
				t.Fatal(err)
			}
			if _, err = w.games.Act(ctx, b.Game, bt, game.Action{Kind: game.Move, Text: firstMove(g), Base: g.Version()}); err != nil {
				t.Fatal(err)
			}
			if _, err = w.games.Act(ctx, b.Game, wt, game.Action{Kind: game.Offer}); err != nil {
				t.Fatal(err)
			}
			if _, err = w.games.Act(ctx, b.Game, bt, game.Action{Kind: game.Accept}); err != nil {
				t.Fatal(err)
			}
			if st, err = w.c.Sync(ctx, id, true); err != nil {
				t.Fatal(err)
			}
			if r := st.Admin().Schedule[n-1].Boards[0].Result; r != event.Draw {
				t.Fatalf("round %d's board: %q", n, r)
			}
			return st
		}
		play(1, "10+5", 10*time.Minute)
		play(2, "10+5", 10*time.Minute)
		st = play(3, "5+2", 4*time.Minute)
		e := st.Public()
		arm := e.Schedule[2].Boards[0]
		if r := e.Schedule[2]; r.KORound != 1 || r.KOGame != 3 || arm.KO == nil || !arm.KO.Armageddon {
			t.Fatalf("round 3: %d.%d, want round 1's Armageddon", r.KORound, r.KOGame)
		}
		s, err := e.Standings(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range s.Rows {
			want := "0.0"
			if row.Player == arm.Black {
				want = "2.0" // the drawn Armageddon is Black's match
			}
			if row.Points != want {
				t.Errorf("%s: %s points, want %s", row.Name, row.Points, want)
			}
		}
		// Another instance reads the Armageddon's clocks from the store.
		if g, err := open().games.Load(ctx, arm.Game); err != nil || g.Info().BlackTime != 4*time.Minute || g.Control().String() != "5+2" {
			t.Errorf("the Armageddon read again: %v, Black's time %s, control %v", err, g.Info().BlackTime, g.Control())
		}
		if !strings.Contains(arm.PGN, `[Round "1.1.3"]`) || !strings.Contains(arm.PGN, `[Stage "Armageddon (5+2 v 4+2; a draw is Black's win)"]`) {
			t.Errorf("the Armageddon's PGN:\n%s", arm.PGN)
		}
	})
}
