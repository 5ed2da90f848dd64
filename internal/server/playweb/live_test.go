package playweb

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wsClient is one live connection of a test.
type wsClient struct {
	t *testing.T
	c *websocket.Conn
	// kept are the messages read while waiting for another type, in the
	// order they came: an action's ack and the game message it made may
	// come in either order (the room sends the one, the connection's
	// reader the other), and the test reading the ack first must still
	// see the game.
	kept []liveOut
}

func dial(t *testing.T, srv *httptest.Server, id string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/api/games/"+id+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: t, c: c}
}

func (w *wsClient) send(v string) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, []byte(v)); err != nil {
		w.t.Fatal(err)
	}
}

// next reads messages until one of the type comes (a guard against a
// hang, not a measure of speed: 10 s).
func (w *wsClient) next(typ string) liveOut {
	w.t.Helper()
	for i, m := range w.kept {
		if m.Type == typ {
			w.kept = append(w.kept[:i:i], w.kept[i+1:]...)
			return m
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		_, b, err := w.c.Read(ctx)
		if err != nil {
			w.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m liveOut
		if err := json.Unmarshal(b, &m); err != nil {
			w.t.Fatal(err)
		}
		if m.Type == typ {
			return m
		}
		w.kept = append(w.kept, m)
	}
}

// gameAt reads game messages until the game is at version v.
func (w *wsClient) gameAt(v int) gameJSON {
	w.t.Helper()
	for {
		m := w.next("game")
		if m.Game.Version >= v {
			if m.Game.Version != v {
				w.t.Fatalf("game at version %d, want %d", m.Game.Version, v)
			}
			return *m.Game
		}
	}
}

// TestLive: two seats and a watcher on live connections; each move is
// acknowledged to its sender and reaches all three; a watcher cannot act,
// a stale move is refused with the reason, a bad message is refused and
// the connection goes on, an oversized one closes it, and another site's
// page cannot open one.
func TestLive(t *testing.T) {
	eachDB(t, func(t *testing.T, a *app) {
		srv := httptest.NewServer(a)
		defer srv.Close()
		r := a.do(t, "POST", "/api/games", "", `{"position": "0", "control": "5+3"}`)
		var made createdJSON
		if err := json.Unmarshal([]byte(r.body), &made); err != nil {
			t.Fatal(err)
		}
		id := made.Game.ID
		white, black, watcher := dial(t, srv, id), dial(t, srv, id), dial(t, srv, id)
		for _, c := range []*wsClient{white, black, watcher} {
			if g := c.gameAt(1); g.Clock == nil || g.Clock.Black != 300000 {
				t.Fatalf("the first message: %+v", g)
			}
		}
		white.send(`{"type": "seat", "token": "` + made.White + `"}`)
		black.send(`{"type": "seat", "token": "` + made.Black + `"}`)
		watcher.send(`{"type": "action", "n": 1, "kind": "resign"}`)
		if m := watcher.next("refused"); m.N != 1 || !strings.Contains(m.Error, "take a seat") {
			t.Errorf("a watcher's action: %+v", m)
		}
		white.send(`{"type": "action", "n": 7, "kind": "move", "move": "e4", "base": 1, "think": 900}`)
		if m := white.next("ack"); m.N != 7 {
			t.Errorf("the ack: %+v", m)
		}
		for _, c := range []*wsClient{white, black, watcher} {
			if g := c.gameAt(2); len(g.Moves) != 1 || g.Moves[0].SAN != "e4" || g.Turn != "b" {
				t.Errorf("after e4: %+v", g)
			}
		}
		black.send(`{"type": "action", "n": 8, "kind": "move", "move": "e5", "base": 1}`)
		if m := black.next("refused"); m.N != 8 || m.Code != "conflict" || !strings.Contains(m.Error, "you saw version 1, it is at 2") {
			t.Errorf("a stale move: %+v", m)
		}
		black.send(`not json`)
		if m := black.next("refused"); !strings.Contains(m.Error, "not JSON") {
			t.Errorf("a bad message: %+v", m)
		}
		black.send(`{"type": "action", "n": 9, "kind": "move", "move": "e5", "base": 2}`)
		if m := black.next("ack"); m.N != 9 {
			t.Errorf("Black's ack: %+v", m)
		}
		if g := watcher.gameAt(3); g.FEN != "bbqnnrkr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BBQNNRKR w HFhf - 0 2" {
			t.Errorf("the watcher after e5: %s", g.FEN)
		}
		// An oversized message closes the connection (1009).
		watcher.send(`{"type": "seat", "token": "` + strings.Repeat("x", 5000) + `"}`)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for {
			if _, _, err := watcher.c.Read(ctx); err != nil {
				if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
					t.Errorf("after an oversized message: %v, want close 1009", err)
				}
				break
			}
		}
		// Another site's page: refused before the upgrade.
		req, _ := http.NewRequest("GET", srv.URL+"/api/games/"+id+"/live", nil)
		for k, v := range map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
			"Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "https://evil.example"} {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("a cross-site upgrade: %d, want 403", res.StatusCode)
		}
		if r := a.do(t, "GET", "/api/games/nope/live", "", ""); r.status != 404 {
			t.Errorf("no such game: %d", r.status)
		}
	})
}

// TestLiveMessageRate: a client sending past msgBurst messages at once is
// closed with 1008 (policy violation).
func TestLiveMessageRate(t *testing.T) {
	a := newApp(t, filepath.Join(t.TempDir(), "g.db"))
	srv := httptest.NewServer(a)
	defer srv.Close()
	var made createdJSON
	if err := json.Unmarshal([]byte(a.do(t, "POST", "/api/games", "", `{"position": "518"}`).body), &made); err != nil {
		t.Fatal(err)
	}
	c := dial(t, srv, made.Game.ID)
	for range msgBurst + 5 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := c.c.Write(ctx, websocket.MessageText, []byte(`{"type": "nothing"}`))
		cancel()
		if err != nil {
			break // closed already
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if _, _, err := c.c.Read(ctx); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("after %d messages at once: %v, want close 1008", msgBurst+5, err)
			}
			return
		}
	}
}

// TestLivePing: a client that answers the server's pings stays connected
// over many of them; one that does not (it never reads, so its library
// never sends the pong) is closed once pongWithin has passed.
func TestLivePing(t *testing.T) {
	oldEvery, oldWithin := pingEvery, pongWithin
	pingEvery, pongWithin = 50*time.Millisecond, 100*time.Millisecond
	defer func() { pingEvery, pongWithin = oldEvery, oldWithin }()
	a := newApp(t, filepath.Join(t.TempDir(), "g.db"))
	srv := httptest.NewServer(a)
	defer srv.Close()
	r := a.do(t, "POST", "/api/games", "", `{"position": "518"}`)
	var made createdJSON
	if err := json.Unmarshal([]byte(r.body), &made); err != nil {
		t.Fatal(err)
	}
	good, silent := dial(t, srv, made.Game.ID), dial(t, srv, made.Game.ID)
	good.gameAt(1)
	// The good client reads (answering pings) for 20 ping intervals, then
	// acts: its connection is still open.
	ctx, cancel := context.WithTimeout(context.Background(), 20*pingEvery)
	for {
		if _, _, err := good.c.Read(ctx); err != nil {
			if ctx.Err() == nil {
				t.Fatalf("the answering client was closed: %v", err)
			}
			break
		}
	}
	cancel()
	// (A read ended by its context closes the connection in this library;
	// so the good client's survival is shown by its not having been
	// closed by the server during the reads above.)
	// The silent client: once it reads again, it finds its connection
	// closed by the server.
	time.Sleep(pingEvery + pongWithin + 100*time.Millisecond)
	rctx, rcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer rcancel()
	for {
		if _, _, err := silent.c.Read(rctx); err != nil {
			if rctx.Err() != nil {
				t.Fatal("the silent client is still connected")
			}
			break
		}
	}
}
