package event

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func appSettings() Settings {
	return Settings{Name: "Online 960", System: Swiss, Rounds: 3, TimeControl: "15+10", Play: PlayApp, Study: 5, DefaultTime: 15, Delay: "2 moves"}
}

// TestPlaySettings: the games in the app need a clock control; the study
// window, the default time and the delay have their ranges and belong to
// the app; bad values are refused, naming the value.
func TestPlaySettings(t *testing.T) {
	for _, c := range []struct {
		change func(*Settings)
		want   string
	}{
		{func(s *Settings) { s.Play = "online" }, `play "online": want board, app, hybrid`},
		{func(s *Settings) { s.TimeControl = "" }, "time control: the games in the app need one"},
		{func(s *Settings) { s.TimeControl = "G/90" }, `time control "G/90": the games in the app need a clock`},
		{func(s *Settings) { s.TimeControl = "0+0" }, `time control "0+0"`},
		{func(s *Settings) { s.Study = 61 }, "study window 61 minutes: want 0 to 60"},
		{func(s *Settings) { s.Study = -1 }, "study window -1 minutes"},
		{func(s *Settings) { s.DefaultTime = 241 }, "default time 241 minutes: want 0 (none) to 240"},
		{func(s *Settings) { s.Delay = "soon" }, `spectator delay "soon"`},
		{func(s *Settings) { s.Play = PlayBoard }, "study window 5 minutes: only for games in the app"},
		{func(s *Settings) { s.Play, s.Study = PlayBoard, 0 }, "default time 15 minutes: only for games in the app"},
	} {
		s := appSettings()
		c.change(&s)
		_, _, err := NewService(newMem()).Create(context.Background(), Init{Settings: s})
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", s, err, c.want)
		}
	}
	st, _, err := NewService(newMem()).Create(context.Background(), Init{Settings: Settings{Name: "x", System: Swiss, Rounds: 1, TimeControl: "90/40 + 30"}})
	if err != nil || st.Public().Play != PlayBoard || st.Public().TimeControl != "90/40 + 30" {
		t.Errorf("over the board: %v, play %q, control %q (kept as typed)", err, st.Public().Play, st.Public().TimeControl)
	}
	s := appSettings()
	s.TimeControl = "90/40+30"
	st, _, err = NewService(newMem()).Create(context.Background(), Init{Settings: s})
	if err != nil || st.Public().TimeControl != "90/40+30" || st.Public().Control().Periods[0].Moves != 40 || st.Public().Delay != "2 moves" {
		t.Errorf("in the app: %v, control %q, delay %q", err, st.Public().TimeControl, st.Public().Delay)
	}
}

// TestPlayRoundGames: starting a round of an event in the app gives every
// board its game, named from the event, round and board, and the round
// the instant its clocks start (the study window after the start); in a
// hybrid event a board with a player at a board has none.
func TestPlayRoundGames(t *testing.T) {
	now := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	f := newFixture(t, appSettings(), "seed", players(6))
	f.svc.now = func() time.Time { return now }
	f.do(Change{Kind: KindPair, Round: 1})
	f.do(Change{Kind: KindPublish, Round: 1})
	if b := f.st.Public().Schedule[0].Boards[0]; b.Game != "" {
		t.Errorf("a published round's board has a game %q before the start", b.Game)
	}
	st := f.do(Change{Kind: KindStart, Round: 1})
	r := st.Public().Schedule[0]
	if !r.Clocks.Equal(now.Add(5 * time.Minute)) {
		t.Errorf("clocks at %s, want the start + 5 min", r.Clocks)
	}
	for _, b := range r.Boards {
		if want := GameID(f.id, 1, b.Board); b.Game != want {
			t.Errorf("board %d: game %q, want %q", b.Board, b.Game, want)
		}
	}
	if GameID("oslo", 3, 12) != "oslo-r3-b12" {
		t.Errorf("GameID: %s", GameID("oslo", 3, 12))
	}

	h := appSettings()
	h.Play = PlayHybrid
	ps := players(4)
	ps[1].AtBoard = true // player 2
	f = newFixture(t, h, "seed", ps)
	f.do(Change{Kind: KindPair, Round: 1})
	f.do(Change{Kind: KindPublish, Round: 1})
	st = f.do(Change{Kind: KindStart, Round: 1})
	for _, b := range st.Public().Schedule[0].Boards {
		atBoard := b.White == 2 || b.Black == 2
		if atBoard == (b.Game != "") {
			t.Errorf("hybrid, board %d (%d v %d): game %q", b.Board, b.White, b.Black, b.Game)
		}
	}
	if p := st.Admin().Players[1]; !p.AtBoard {
		t.Errorf("player 2 lost AtBoard: %+v", p)
	}
}

// TestPlayerLinks: each player's link opens that player alone, is
// compared whole, and stops working when rotated; seats' tokens differ by
// game and side; an event over the board has links only once it moves to
// the app.
func TestPlayerLinks(t *testing.T) {
	f := newFixture(t, appSettings(), "seed", players(4))
	st := f.st
	tok := st.PlayerToken(3)
	if !strings.HasPrefix(tok, "3-") || len(tok) < 2+43 {
		t.Fatalf("player 3's token %q: want 3- and 256 bits", tok)
	}
	if st.PlayerOf(tok) != 3 || st.PlayerOf(st.PlayerToken(1)) != 1 {
		t.Error("a player's token does not open that player")
	}
	for _, bad := range []string{"", "3", "3-", "4" + tok[1:], tok[:len(tok)-1], tok + "A", "x-" + tok[2:], "99-" + tok[2:], "-3-" + tok[2:]} {
		if id := st.PlayerOf(bad); id != 0 {
			t.Errorf("token %q opens player %d", bad, id)
		}
	}
	if st.PlayerToken(99) != "" {
		t.Error("a token for no player")
	}
	_, tok2, err := f.svc.Apply(context.Background(), f.id, Actor{Role: RoleArbiter, Label: "Anna"}, Change{Kind: KindRotatePlayer, Player: 3})
	if err != nil {
		t.Fatal(err)
	}
	st, _ = f.svc.Load(context.Background(), f.id)
	if tok2 == tok || st.PlayerOf(tok) != 0 || st.PlayerOf(tok2) != 3 || st.PlayerToken(3) != tok2 {
		t.Errorf("after rotating: the old token opens %d, the new %d", st.PlayerOf(tok), st.PlayerOf(tok2))
	}
	if st.PlayerOf(st.PlayerToken(1)) != 1 || st.PlayerToken(1) != f.st.PlayerToken(1) {
		t.Error("rotating player 3's link changed player 1's")
	}
	seats := map[string]bool{st.SeatToken("g1", "w"): true, st.SeatToken("g1", "b"): true, st.SeatToken("g2", "w"): true}
	if len(seats) != 3 {
		t.Error("two seats have the same token")
	}
	f.fail(Change{Kind: KindRotatePlayer, Player: 9}, ErrInvalid, "rotate-player: no player has the ID 9")
	// Another event's tokens open nothing here.
	g := newFixture(t, appSettings(), "seed", players(4))
	if st.PlayerOf(g.st.PlayerToken(3)) != 0 {
		t.Error("another event's link opens a player here")
	}
}

// TestGameResult: the game's result lands on its board through the
// server's change alone, once: a board with a result (the arbiter's, or
// an earlier copy) is left as it is and nothing is written; the PGN must
// agree; a result by hand on a board whose game is in play needs the
// arbiter's confirmation; a correction after the game's result is kept in
// the history.
func TestGameResult(t *testing.T) {
	f := newFixture(t, appSettings(), "seed", players(4))
	f.do(Change{Kind: KindPair, Round: 1})
	f.do(Change{Kind: KindPublish, Round: 1})
	st := f.do(Change{Kind: KindStart, Round: 1})
	b1 := st.Public().Schedule[0].Boards[0]
	server := Actor{Role: RoleServer, Label: "game"}
	apply := func(who Actor, c Change) (*State, error) {
		st, _, err := f.svc.Apply(context.Background(), f.id, who, c)
		return st, err
	}
	pgn := "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	if _, err := apply(Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindGameResult, Round: 1, Board: 1, Game: b1.Game, Result: "1-0"}); !errors.Is(err, ErrForbidden) {
		t.Errorf("game-result by the admin: %v", err)
	}
	if _, err := apply(server, Change{Kind: KindGameResult, Round: 1, Board: 1, Game: "other", Result: "1-0"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("game-result of another game: %v", err)
	}
	if _, err := apply(server, Change{Kind: KindGameResult, Round: 1, Board: 1, Game: b1.Game, Result: "0-1", PGN: pgn}); err == nil || !strings.Contains(err.Error(), "the PGN does not match") {
		t.Errorf("game-result against its PGN: %v", err)
	}
	st, err := apply(server, Change{Kind: KindGameResult, Round: 1, Board: 1, Game: b1.Game, Result: "1-0", PGN: pgn, Note: "checkmate"})
	if err != nil {
		t.Fatal(err)
	}
	v := st.Version()
	b := st.Public().Schedule[0].Boards[0]
	if b.Result != WhiteWins || b.PGN != pgn || len(b.History) != 1 || b.History[0].By != "game" || b.History[0].Note != "checkmate" {
		t.Errorf("board 1: %q, PGN %t, history %+v", b.Result, b.PGN == pgn, b.History)
	}
	// Again (another instance saw the game end too): nothing written.
	if st, err = apply(server, Change{Kind: KindGameResult, Round: 1, Board: 1, Game: b1.Game, Result: "1-0", PGN: pgn}); err != nil || st.Version() != v {
		t.Errorf("the same game-result again: %v, version %d (was %d)", err, st.Version(), v)
	}
	// The arbiter's correction after it stands, in the history.
	f.do(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: ""})
	st = f.do(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1/2-1/2"})
	if b := st.Public().Schedule[0].Boards[0]; b.Result != Draw || len(b.History) != 2 {
		t.Errorf("corrected: %q, history %+v", b.Result, b.History)
	}
	// Board 2's game is in play: a result by hand needs confirming.
	f.fail(Change{Kind: KindResult, Round: 1, Board: 2, Result: "0-1"}, ErrConfirm, "its game is in play in the app")
	st = f.do(Change{Kind: KindResult, Round: 1, Board: 2, Result: "-/+", Confirm: true})
	if st, err = apply(server, Change{Kind: KindGameResult, Round: 1, Board: 2, Game: st.Public().Schedule[0].Boards[1].Game, Result: "-/+"}); err != nil ||
		st.Public().Schedule[0].Boards[1].Result != BlackForfeit || len(st.Public().Schedule[0].Boards[1].History) != 1 {
		t.Errorf("the game's result after the arbiter's: %v, %+v", err, st.Public().Schedule[0].Boards[1])
	}
	if !st.Public().Schedule[0].complete() {
		t.Error("the round with both results is not complete")
	}
}
