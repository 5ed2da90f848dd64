package eventplay

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pgn"
)

var t0 = time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)

// clock is a test's wall clock, shared by the services.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t0.Add(d)
}

// world is one instance: an event service and a game service on the
// test's database, and their coordinator.
type world struct {
	events *event.Service
	games  *game.Service
	c      *Coordinator
}

// eachDB runs f on a fresh SQLite file and on a fresh PostgreSQL schema,
// with a function that opens another instance on the same database.
func eachDB(t *testing.T, f func(t *testing.T, open func() world, clk *clock, dsn string)) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "db.sqlite")
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t)
			}
			clk := &clock{t: t0}
			f(t, func() world {
				ev, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: store.Events})
				if err != nil {
					t.Fatal(err)
				}
				gs, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: store.Games})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { ev.Close(); gs.Close() })
				w := world{events: event.NewService(ev), games: game.NewService(gs)}
				w.events.SetClock(clk.now)
				w.games.SetClock(clk.now)
				w.c = New(w.events, w.games, nil)
				return w
			}, clk, dsn)
		})
	}
}

var admin = event.Actor{Role: event.RoleAdmin, Label: "admin"}

// startRound makes an event of 4 players in the app (10+5, a study window
// of 1 minute, a default time of 5), pairs, publishes and starts round 1
// at t0, and returns it.
func startRound(t *testing.T, w world) *event.State {
	t.Helper()
	ctx := context.Background()
	var ps []event.PlayerInfo
	for _, n := range []string{"Ada", "Ben", "Cai", "Dov"} {
		ps = append(ps, event.PlayerInfo{Name: n, Rating: 2000})
	}
	st, _, err := w.events.Create(ctx, event.Init{Settings: event.Settings{Name: "Club 960", Place: "Oslo", System: event.Swiss, Rounds: 3,
		TimeControl: "10+5", Play: event.PlayApp, Study: 1, DefaultTime: 5}, Players: ps, FirstColor: "w"})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
		if st, _, err = w.events.Apply(ctx, st.ID(), admin, event.Change{Kind: k, Round: 1}); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
	}
	return st
}

func boardOf(st *event.State, n int) event.Board { return st.Admin().Schedule[0].Boards[n-1] }

// TestRoundInApp: a round started in the app gets a game per board, on
// the round's position, with the pairing's colours (each seat opened by
// the seat token its player's page hands out) and the clocks from the end
// of the study window; a game won on the board puts its result and its
// PGN on the board (through the coordinator's sync, once); a game nobody
// came to ends on the default time by itself and its board gets -/-; the
// round is then complete, and the standings count it.
func TestRoundInApp(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		w := open()
		st := startRound(t, w)
		if n, err := w.c.MakeGames(ctx, st); err != nil || n != 2 {
			t.Fatalf("MakeGames: %d, %v; want 2", n, err)
		}
		if n, err := w.c.MakeGames(ctx, st); err != nil || n != 0 {
			t.Errorf("MakeGames again: %d, %v; want none", n, err)
		}
		r := st.Admin().Schedule[0]
		for _, b := range r.Boards {
			g, err := w.games.Load(ctx, b.Game)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := g.Start().FEN(chess.Chess960), chess.NewPosition(*r.Position).FEN(chess.Chess960); got != want {
				t.Errorf("board %d starts from %s, the round's position is %s", b.Board, got, want)
			}
			if !g.StartsAt().Equal(t0.Add(time.Minute)) || g.Info().DefaultTime != 5*time.Minute || g.Control().String() != "10+5" {
				t.Errorf("board %d: clocks at +%s, default %s, control %s", b.Board, g.StartsAt().Sub(t0), g.Info().DefaultTime, g.Control())
			}
			for _, side := range []string{"w", "b"} {
				c, err := w.games.Seat(ctx, b.Game, st.SeatToken(b.Game, side))
				if err != nil || (c == chess.Black) != (side == "b") {
					t.Errorf("board %d, seat %s: %v %v", b.Board, side, c, err)
				}
			}
		}
		b1, b2 := r.Boards[0], r.Boards[1]
		wt, bt := st.SeatToken(b1.Game, "w"), st.SeatToken(b1.Game, "b")
		// Board 1: both come in the study window; two moves; Black resigns.
		clk.set(30 * time.Second)
		for _, tok := range []string{wt, bt} {
			if _, err := w.games.Arrive(ctx, b1.Game, tok); err != nil {
				t.Fatal(err)
			}
		}
		g, _ := w.games.Load(ctx, b1.Game)
		if _, err := w.games.Act(ctx, b1.Game, wt, game.Action{Kind: game.Move, Text: firstMove(g), Base: g.Version()}); err == nil || !errors.Is(err, game.ErrIllegal) {
			t.Errorf("a move in the study window: %v", err)
		}
		clk.set(70 * time.Second)
		m1 := firstMove(g)
		if g, err := w.games.Act(ctx, b1.Game, wt, game.Action{Kind: game.Move, Text: m1, Base: g.Version()}); err != nil {
			t.Fatal(err)
		} else {
			clk.set(80 * time.Second)
			if _, err := w.games.Act(ctx, b1.Game, bt, game.Action{Kind: game.Move, Text: firstMove(g), Base: g.Version()}); err != nil {
				t.Fatal(err)
			}
		}
		clk.set(90 * time.Second)
		if _, err := w.games.Act(ctx, b1.Game, bt, game.Action{Kind: game.Resign}); err != nil {
			t.Fatal(err)
		}
		select {
		case id := <-w.c.kick:
			if id != st.ID() {
				t.Errorf("the game's end kicked event %q", id)
			}
		default:
			t.Error("the game's end did not kick its event")
		}
		st, err := w.c.Sync(ctx, st.ID(), false)
		if err != nil {
			t.Fatal(err)
		}
		b := boardOf(st, 1)
		if b.Result != event.WhiteWins || len(b.History) != 1 || b.History[0].By != "game" || !strings.Contains(b.History[0].Note, "resigned") {
			t.Errorf("board 1 after the resignation: %q, %+v", b.Result, b.History)
		}
		var games []*pgn.Game
		for g, err := range pgn.NewReader(strings.NewReader(b.PGN)).All() {
			if err != nil || g.Err != nil {
				t.Fatalf("board 1's PGN: %v %v\n%s", err, g.Err, b.PGN)
			}
			games = append(games, g)
		}
		if len(games) != 1 {
			t.Fatalf("board 1's PGN holds %d games\n%s", len(games), b.PGN)
		}
		tags := games[0].Tags
		if tags.Get("Event") != "Club 960" || tags.Get("Round") != "1.1" || tags.Get("White") != name(st, b.White) || tags.Get("Black") != name(st, b.Black) ||
			tags.Get("Result") != "1-0" || tags.Get("Variant") != "Chess960" || tags.Get("TimeControl") != "600+5" || len(games[0].Moves.Nodes) != 2 ||
			!strings.Contains(b.PGN, "[%clk 0:09:55]") {
			t.Errorf("board 1's PGN:\n%s", b.PGN)
		}
		v := st.Version()
		if st, err = w.c.Sync(ctx, st.ID(), true); err != nil || st.Version() != v {
			t.Errorf("a second sync: %v, version %d (was %d): it wrote again", err, st.Version(), v)
		}
		// Board 2: nobody came. Before the default time nothing happens;
		// after it the sweep (a fresh read) ends it.
		clk.set(6*time.Minute - time.Second)
		if st, _ = w.c.Sync(ctx, st.ID(), true); boardOf(st, 2).Result != "" {
			t.Errorf("board 2 before its default time: %q", boardOf(st, 2).Result)
		}
		clk.set(6*time.Minute + time.Second)
		if st, err = w.c.Sync(ctx, st.ID(), true); err != nil {
			t.Fatal(err)
		}
		if b := boardOf(st, 2); b.Result != event.DoubleForfeit || b.PGN != "" || !strings.Contains(b.History[0].Note, "neither player came") {
			t.Errorf("board 2 after its default time: %q, %+v", b.Result, b.History)
		}
		if g, _ := w.games.Load(ctx, b2.Game); g.Ending() != game.DefaultLoss || !g.EndedAt().Equal(t0.Add(6*time.Minute)) {
			t.Errorf("board 2's game: %q at +%s", g.Ending(), g.EndedAt().Sub(t0))
		}
		if p := st.Admin().Schedule[0].Pending(); p != 0 {
			t.Errorf("the round has %d boards pending", p)
		}
		if len(w.c.Live()) != 0 {
			t.Errorf("the event is still live: %v", w.c.Live())
		}
		sd, err := st.Standings(1)
		if err != nil {
			t.Fatal(err)
		}
		points := map[string]string{}
		for _, row := range sd.Rows {
			points[row.Name] = row.Points
		}
		if points[name(st, b1.White)] != "1.0" || points[name(st, b1.Black)] != "0.0" || points[name(st, b2.White)] != "0.0" || points[name(st, b2.Black)] != "0.0" {
			t.Errorf("standings %v", points)
		}
		// Round 2 pairs on these results.
		if _, _, err := w.events.Apply(ctx, st.ID(), admin, event.Change{Kind: event.KindPair, Round: 2}); err != nil {
			t.Errorf("pairing round 2: %v", err)
		}
	})
}

func firstMove(g *game.Game) string {
	var ml chess.MoveList
	p := g.Position()
	p.LegalMoves(&ml)
	return ml.At(0).UCI(chess.Chess960)
}

func name(st *event.State, id int) string {
	for _, p := range st.Admin().Players {
		if p.ID == id {
			return p.Name
		}
	}
	return ""
}

// TestCrashBetween: the two gaps a crash can leave are closed by the next
// instance's Start: a round started whose games were never made gets
// them, and a game that ended where nobody carried its result (a game
// service with no coordinator: the process died before its sync) gets
// its result on its board.
func TestCrashBetween(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		a := open()
		st := startRound(t, a) // no MakeGames: the process died there
		b := open()
		stop, err := b.c.Start(ctx)
		if err != nil {
			t.Fatal(err)
		}
		stop()
		for _, bd := range st.Admin().Schedule[0].Boards {
			if _, err := b.games.Load(ctx, bd.Game); err != nil {
				t.Errorf("board %d's game after the restart: %v", bd.Board, err)
			}
		}
		// A third instance's game service ends board 1's game, and dies
		// before any sync (its OnEnd goes nowhere).
		gs, err := store.OpenWith(ctx, dsn, store.Options{Kind: store.Games})
		if err != nil {
			t.Fatal(err)
		}
		defer gs.Close()
		lone := game.NewService(gs)
		lone.SetClock(clk.now)
		b1 := boardOf(st, 1)
		clk.set(2 * time.Minute)
		if _, err := lone.Act(ctx, b1.Game, st.SeatToken(b1.Game, "w"), game.Action{Kind: game.Resign}); err != nil {
			t.Fatal(err)
		}
		c := open()
		stop, err = c.c.Start(ctx)
		if err != nil {
			t.Fatal(err)
		}
		stop()
		st, _ = c.events.Load(ctx, st.ID())
		if r := boardOf(st, 1).Result; r != event.BlackWins {
			t.Errorf("board 1 after the restart: %q, want 0-1", r)
		}
	})
}

// TestEnterResult: the arbiter's result on a board whose game is in play
// needs confirming; confirmed, it ends the game (adjudicated, with the
// note) and is the board's result, the game's later sync changing
// nothing; on a game that ended first it is refused, and the game's
// result is the board's. Pausing and adding time reach the game; a board
// over the board has no game to pause.
func TestEnterResult(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		w := open()
		st := startRound(t, w)
		if _, err := w.c.MakeGames(ctx, st); err != nil {
			t.Fatal(err)
		}
		arb := event.Actor{Role: event.RoleArbiter, Label: "Anna"}
		clk.set(2 * time.Minute)
		if _, err := w.c.EnterResult(ctx, st, arb, event.Change{Kind: event.KindResult, Round: 1, Board: 1, Result: "1/2-1/2"}); !errors.Is(err, event.ErrConfirm) {
			t.Errorf("a result on a game in play, unconfirmed: %v", err)
		}
		if g, err := w.c.Arbitrate(ctx, st, arb, 1, 1, game.Action{Kind: game.Pause}); err != nil {
			t.Fatal(err)
		} else if p, _ := g.Paused(); !p {
			t.Error("the game is not paused")
		}
		st, err := w.c.EnterResult(ctx, st, arb, event.Change{Kind: event.KindResult, Round: 1, Board: 1, Result: "1/2-1/2", Confirm: true, Note: "agreed at the board"})
		if err != nil {
			t.Fatal(err)
		}
		b := boardOf(st, 1)
		g, _ := w.games.Load(ctx, b.Game)
		if r, note := g.Adjudication(); b.Result != event.Draw || b.History[0].By != "Anna" || g.Ending() != game.Adjudicated || r != "1/2-1/2" || note != "agreed at the board" {
			t.Errorf("board 1: %q by %q; the game %q %q %q", b.Result, b.History[0].By, g.Ending(), r, note)
		}
		v := st.Version()
		if st, _ = w.c.Sync(ctx, st.ID(), true); st.Version() != v || len(boardOf(st, 1).History) != 1 {
			t.Errorf("the sync after the arbiter's result wrote: version %d (was %d)", st.Version(), v)
		}
		// Board 2's game ends (White resigns) before the arbiter's 1-0.
		b2 := boardOf(st, 2)
		if _, err := w.games.Act(ctx, b2.Game, st.SeatToken(b2.Game, "w"), game.Action{Kind: game.Resign}); err != nil {
			t.Fatal(err)
		}
		st, err = w.c.EnterResult(ctx, st, arb, event.Change{Kind: event.KindResult, Round: 1, Board: 2, Result: "1-0", Confirm: true})
		if !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "its result 0-1 is on the board") {
			t.Errorf("the arbiter's result after the game's end: %v", err)
		}
		if st == nil || boardOf(st, 2).Result != event.BlackWins {
			t.Fatalf("board 2: want the game's 0-1")
		}
		// A correction afterwards is the arbiter's, in the history.
		if _, err = w.c.EnterResult(ctx, st, arb, event.Change{Kind: event.KindResult, Round: 1, Board: 2, Result: "1/2-1/2"}); err == nil {
			t.Error("a correction that the PGN contradicts was taken")
		}
	})
}

// TestEnterResultRace: the arbiter's confirmed result ends the game, and
// the game's end may reach the board first (the instance's sync runs on
// the game's end): the arbiter's result stands either way, once, by the
// arbiter. Here the sync runs inside the game's end, so it always wins.
func TestEnterResultRace(t *testing.T) {
	eachDB(t, func(t *testing.T, open func() world, clk *clock, dsn string) {
		ctx := context.Background()
		w := open()
		st := startRound(t, w)
		if _, err := w.c.MakeGames(ctx, st); err != nil {
			t.Fatal(err)
		}
		w.games.OnEnd(func(id string, g *game.Game) {
			if _, err := w.c.Sync(ctx, g.Info().Event.ID, true); err != nil {
				t.Errorf("the sync on the game's end: %v", err)
			}
		})
		clk.set(2 * time.Minute)
		arb := event.Actor{Role: event.RoleArbiter, Label: "Anna"}
		st, err := w.c.EnterResult(ctx, st, arb, event.Change{Kind: event.KindResult, Round: 1, Board: 1, Result: "0-1", Confirm: true, Note: "White left"})
		if err != nil {
			t.Fatalf("the confirmed result, the sync first: %v", err)
		}
		b := boardOf(st, 1)
		if b.Result != event.BlackWins || len(b.History) != 1 || b.History[0].By != "Anna" || !strings.Contains(b.History[0].Note, "White left") {
			t.Errorf("board 1: %q, history %+v; want 0-1 once, by Anna, with her note", b.Result, b.History)
		}
		// And read back from the store by another instance.
		if g, err := open().games.Load(ctx, b.Game); err != nil || g.Adjudicator() != "Anna" {
			t.Errorf("the game read back: adjudicated by %q, %v", g.Adjudicator(), err)
		}
	})
}
