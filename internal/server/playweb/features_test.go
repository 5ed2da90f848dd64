package playweb

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

func create(t *testing.T, a *app, body string) createdJSON {
	t.Helper()
	r := a.do(t, "POST", "/api/games", "", body)
	if r.status != 201 {
		t.Fatalf("create %s: %d %s", body, r.status, r.body)
	}
	var made createdJSON
	if err := json.Unmarshal([]byte(r.body), &made); err != nil {
		t.Fatal(err)
	}
	return made
}

func getGame(t *testing.T, a *app, id, token string) gameJSON {
	t.Helper()
	r := a.do(t, "GET", "/api/games/"+id, token, "")
	if r.status != 200 {
		t.Fatalf("GET %s: %d %s", id, r.status, r.body)
	}
	var g gameJSON
	if err := json.Unmarshal([]byte(r.body), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCreateOptions: the colour says the creator's seat; a random start
// shows its seed only after the game, and the seed draws that start; the
// number is the start's; bad options are refused by name.
func TestCreateOptions(t *testing.T) {
	eachDB(t, func(t *testing.T, a *app) {
		if m := create(t, a, `{"position": "0", "colour": "black"}`); m.You != "b" || *m.Game.Number != 0 {
			t.Errorf("colour black: you %q, number %v", m.You, m.Game.Number)
		}
		if m := create(t, a, `{"position": "518", "colour": "white"}`); m.You != "w" || *m.Game.Number != 518 {
			t.Errorf("colour white: you %q, number %v", m.You, m.Game.Number)
		}
		seen := map[string]bool{}
		for i := 0; i < 40; i++ {
			seen[create(t, a, `{"position": "1"}`).You] = true
		}
		if !seen["w"] || !seen["b"] {
			t.Errorf("40 random colours gave only %v", seen)
		}
		m := create(t, a, `{"position": "random"}`)
		if m.Game.Seed != "" {
			t.Errorf("the seed is shown before the game ends: %q", m.Game.Seed)
		}
		if r := a.do(t, "POST", "/api/games/"+m.Game.ID+"/actions", m.White, `{"kind": "resign"}`); r.status != 200 {
			t.Fatalf("resign: %d %s", r.status, r.body)
		}
		g := getGame(t, a, m.Game.ID, "")
		d, _ := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: g.Seed})
		sp := d.Next()
		if g.Seed == "" || g.Start != chess.NewPosition(sp).FEN(chess.Chess960) || g.Number == nil || *g.Number != sp.ID() {
			t.Errorf("after the game: seed %q, start %s, number %v; the seed draws %d", g.Seed, g.Start, g.Number, sp.ID())
		}
		for _, c := range []struct{ body, want string }{
			{`{"position": "1", "colour": "green"}`, `colour \"green\": want white, black or random`},
			{`{"position": "1", "delay": "3 hours"}`, "the unit is moves or minutes"},
			{`{"position": "1", "delay": "99 moves"}`, "at most 20 moves"},
		} {
			if r := a.do(t, "POST", "/api/games", "", c.body); r.status != 400 || !strings.Contains(r.body, c.want) {
				t.Errorf("create %s: %d %s; want 400 with %q", c.body, r.status, r.body, c.want)
			}
		}
	})
}

// TestSpectatorDelay: with a delay of 1 move, a spectator (over GET, the
// PGN and the live connection) sees the game a move behind, without its
// clock; a seat sees it all; after the game everyone does.
func TestSpectatorDelay(t *testing.T) {
	eachDB(t, func(t *testing.T, a *app) {
		srv := httptest.NewServer(a)
		defer srv.Close()
		m := create(t, a, `{"position": "518", "control": "5+3", "delay": "1 move"}`)
		id := m.Game.ID
		watcher := dial(t, srv, id)
		watcher.gameAt(1)
		for i, mv := range []string{"e4", "e5"} {
			tok := m.White
			if i == 1 {
				tok = m.Black
			}
			if r := a.do(t, "POST", "/api/games/"+id+"/actions", tok, `{"kind": "move", "move": "`+mv+`", "base": `+string(rune('1'+i))+`}`); r.status != 200 {
				t.Fatalf("%s: %d %s", mv, r.status, r.body)
			}
		}
		g := watcher.gameAt(3)
		if !g.Delayed || len(g.Moves) != 1 || g.Moves[0].SAN != "e4" || g.Clock != nil || g.Delay != "1 move" {
			t.Errorf("the watcher at version 3: delayed %v, moves %v, clock %v, delay %q; want e4 only, no clock", g.Delayed, g.Moves, g.Clock, g.Delay)
		}
		if g := getGame(t, a, id, ""); !g.Delayed || len(g.Moves) != 1 {
			t.Errorf("GET as a spectator: delayed %v, %d moves", g.Delayed, len(g.Moves))
		}
		if g := getGame(t, a, id, m.Black); g.Delayed || len(g.Moves) != 2 || g.Clock == nil {
			t.Errorf("GET as Black: delayed %v, %d moves, clock %v", g.Delayed, len(g.Moves), g.Clock)
		}
		if r := a.do(t, "GET", "/api/games/"+id+"/pgn", "", ""); strings.Contains(r.body, "e5") || !strings.Contains(r.body, "1. e4") {
			t.Errorf("the spectator's PGN shows the hidden move:\n%s", r.body)
		}
		if r := a.do(t, "GET", "/api/games/"+id+"/pgn", m.White, ""); !strings.Contains(r.body, "1. e4 {[%clk") || !strings.Contains(r.body, "e5") {
			t.Errorf("White's PGN:\n%s", r.body)
		}
		if r := a.do(t, "GET", "/api/games/"+id, "not-a-seat", ""); r.status != 404 {
			t.Errorf("GET with a token that is no seat: %d %s", r.status, r.body)
		}
		// A seat taken on the connection: the game in full.
		watcher.send(`{"type": "seat", "token": "` + m.White + `"}`)
		if s := watcher.next("seated"); s.Side != "w" {
			t.Errorf("seated: %+v", s)
		}
		if g := watcher.next("game").Game; g.Delayed || len(g.Moves) != 2 {
			t.Errorf("after taking the seat: delayed %v, %d moves", g.Delayed, len(g.Moves))
		}
		if r := a.do(t, "POST", "/api/games/"+id+"/actions", m.Black, `{"kind": "resign"}`); r.status != 200 {
			t.Fatal(r.body)
		}
		if g := getGame(t, a, id, ""); g.Delayed || len(g.Moves) != 2 || !g.Over {
			t.Errorf("after the game, a spectator: delayed %v, %d moves, over %v", g.Delayed, len(g.Moves), g.Over)
		}
	})
}

// TestLiveFeatures: the ack names the version made and the server's time;
// the players' presence reaches the opponent, with the instant one left;
// a rematch is offered and agreed over the connection, and names the new
// game; a flag falls with nobody acting, at its instant, and reaches
// every connection.
func TestLiveFeatures(t *testing.T) {
	eachDB(t, func(t *testing.T, a *app) {
		srv := httptest.NewServer(a)
		defer srv.Close()
		m := create(t, a, `{"position": "518", "control": "2s+0"}`)
		id := m.Game.ID
		white, black := dial(t, srv, id), dial(t, srv, id)
		white.gameAt(1)
		black.gameAt(1)
		black.send(`{"type": "seat", "token": "` + m.Black + `"}`)
		black.next("seated")
		white.send(`{"type": "seat", "token": "` + m.White + `"}`)
		white.next("seated")
		// Black sees White arrive.
		for {
			g := black.next("game").Game
			if g.Presence != nil && g.Presence.White.Online && g.Presence.Black.Online {
				break
			}
		}
		white.send(`{"type": "action", "n": 1, "kind": "move", "move": "e4", "base": 1, "think": 100}`)
		if ack := white.next("ack"); ack.N != 1 || ack.Version != 2 || ack.Took <= 0 {
			t.Errorf("ack %+v: want n 1, version 2, took > 0", ack)
		}
		// White leaves; Black is told, with when.
		white.c.CloseNow()
		left := time.Now()
		for {
			g := black.next("game").Game
			if g.Presence != nil && !g.Presence.White.Online {
				if g.Presence.White.Since == nil || g.Presence.White.Since.After(left.Add(time.Second)) {
					t.Errorf("White left: since %v", g.Presence.White.Since)
				}
				break
			}
		}
		// Black does not move: its 2 s and the 1 s lag quota run out, and
		// the flag falls by itself.
		var over gameJSON
		for {
			if over = *black.next("game").Game; over.Over {
				break
			}
		}
		if over.Result != "1-0" || over.Ending != "time" || over.Clock.Black != 0 {
			t.Errorf("the flag: %s %s, Black's clock %d", over.Result, over.Ending, over.Clock.Black)
		}
		// Rematch: Black offers the same start, White (back on) accepts.
		white = dial(t, srv, id)
		white.send(`{"type": "seat", "token": "` + m.White + `"}`)
		white.next("seated")
		black.send(`{"type": "action", "n": 2, "kind": "rematch", "move": "same"}`)
		black.next("ack")
		for {
			if g := white.next("game").Game; g.Rematch != nil {
				if g.Rematch.By != "b" || g.Rematch.Mode != "same" {
					t.Errorf("the offer: %+v", g.Rematch)
				}
				break
			}
		}
		white.send(`{"type": "action", "n": 3, "kind": "rematch", "move": "same"}`)
		white.next("ack")
		g := getGame(t, a, id, "")
		if g.Next == "" {
			t.Fatalf("no next game after the rematch was agreed: %+v", g)
		}
		ng := getGame(t, a, g.Next, m.Black)
		if ng.Start != m.Game.Start || ng.Prev != id || ng.Control != "2s+0" {
			t.Errorf("the rematch: start %s, prev %s, control %s", ng.Start, ng.Prev, ng.Control)
		}
		if r := a.do(t, "POST", "/api/games/"+g.Next+"/actions", m.Black, `{"kind": "move", "move": "d4", "base": 1}`); r.status != 200 {
			t.Errorf("the old Black is White in the rematch: %d %s", r.status, r.body)
		}
	})
}
