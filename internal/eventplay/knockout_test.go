package eventplay

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
)

// TestKnockoutInApp: a knockout's games in the app, on both databases:
// each game's clock is its stage's (the match's 10+5, the tie-break's
// 3+2, the Armageddon's 5+2 for White and 4+2 for Black), a game's end
// puts its result on its board, and a drawn Armageddon puts Black through;
// the PGN names the game round.match.game with its stage.
func TestKnockoutInApp(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		w := open()
		st, _, err := w.events.Create(ctx, event.Init{Settings: event.Settings{Name: "KO online", System: event.Knockout, TimeControl: "10+5", Play: event.PlayApp,
			Knockout: event.KnockoutRules{Games: 1, Ladder: []event.TieBreakStage{{Games: 1, TimeControl: "3+2"}}, Armageddon: true, ArmageddonWhite: "5+2", ArmageddonBlack: "4+2"}},
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
		play(2, "3+2", 3*time.Minute)
		st = play(3, "5+2", 4*time.Minute)
		e := st.Public()
		b, err := e.Bracket()
		if err != nil {
			t.Fatal(err)
		}
		arm := e.Schedule[2].Boards[0]
		if m := b.Rounds[0][0]; !b.Finished || e.SeedPlayer(m.Winner) != arm.Black {
			t.Errorf("the drawn Armageddon: the winner is seed %d (player %d), its Black is player %d", m.Winner, e.SeedPlayer(m.Winner), arm.Black)
		}
		// Another instance reads the Armageddon's clocks from the store.
		if g, err := open().games.Load(ctx, arm.Game); err != nil || g.Info().BlackTime != 4*time.Minute || g.Control().String() != "5+2" {
			t.Errorf("the Armageddon read again: %v, Black's time %s, control %v", err, g.Info().BlackTime, g.Control())
		}
		if !strings.Contains(arm.PGN, `[Round "1.1.3"]`) || !strings.Contains(arm.PGN, `[Stage "Armageddon (5+2 v 4+2; a draw is Black's win)"]`) || !strings.Contains(arm.PGN, "1... Na6 {[%clk 0:04:02]}") && !strings.Contains(arm.PGN, "{[%clk 0:04:02]} 1/2-1/2") {
			t.Errorf("the Armageddon's PGN:\n%s", arm.PGN)
		}
	})
}
