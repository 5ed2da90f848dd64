package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/testtool"
	"github.com/coder/websocket"
)

// TestGameTwoInstances: two chess960 serve processes on one database (an
// SQLite file, and PostgreSQL) serve one game: made on A, White moves on
// B, Black on A, each sees the other's move at once, and a move on a
// stale version sent to either is refused with the game as it is.
func TestGameTwoInstances(t *testing.T) {
	testtool.Long(t, "builds and runs the binary")
	bin := filepath.Join(t.TempDir(), "chess960")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/chess960/chess960/cmd/chess960").CombinedOutput(); err != nil {
		t.Fatalf("building chess960: %v\n%s", err, out)
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "games.db")
			if name == "postgres" {
				db = testtool.FreshPostgres(t)
			}
			a, b := startServeDB(t, bin, db), startServeDB(t, bin, db)
			post := func(in *instance, path, token, body string) (int, string) {
				t.Helper()
				req, _ := http.NewRequest("POST", in.url+path, strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				b, err := io.ReadAll(res.Body)
				if err != nil {
					t.Fatal(err)
				}
				return res.StatusCode, string(b)
			}
			code, body := post(a, "/api/games", "", `{"position": "518"}`)
			if code != 201 {
				t.Fatalf("create on A: %d %s", code, body)
			}
			var made struct {
				Game         struct{ ID string }
				White, Black string
			}
			if err := json.Unmarshal([]byte(body), &made); err != nil {
				t.Fatal(err)
			}
			act := "/api/games/" + made.Game.ID + "/actions"
			// A watcher on A's live connection.
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(a.url, "http")+"/api/games/"+made.Game.ID+"/live", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.CloseNow()
			if code, body := post(b, act, made.White, `{"kind": "move", "move": "e4", "base": 1}`); code != 200 {
				t.Fatalf("White's move on B: %d %s", code, body)
			}
			// It reaches the watcher on A (through the database: SQLite's
			// polling, PostgreSQL's NOTIFY), within the 20 s guard.
			for {
				_, msg, err := ws.Read(ctx)
				if err != nil {
					t.Fatalf("the watcher on A, waiting for White's move made on B: %v", err)
				}
				if strings.Contains(string(msg), `"san":"e4"`) {
					break
				}
			}
			if code, body := a.fetch(t, "/api/games/"+made.Game.ID); code != 200 || !strings.Contains(body, `"san": "e4"`) {
				t.Fatalf("A after White's move on B: %d %s", code, body)
			}
			if code, body := post(a, act, made.Black, `{"kind": "move", "move": "c5", "base": 2}`); code != 200 {
				t.Fatalf("Black's move on A: %d %s", code, body)
			}
			if code, body := post(b, act, made.White, `{"kind": "move", "move": "Nf3", "base": 2}`); code != 409 || !strings.Contains(body, `"san": "c5"`) {
				t.Errorf("a stale move on B: %d %s; want 409 with Black's c5", code, body)
			}
			if code, body := b.fetch(t, "/api/games/"+made.Game.ID); code != 200 || !strings.Contains(body, `"version": 3`) || strings.Contains(body, made.White) {
				t.Errorf("B's view: %d %s", code, body)
			}
		})
	}
}

// TestGameThreeInstancesFlag: White plays on instance A, Black on B, a
// spectator watches on C, all over live connections on one database.
// Each move reaches the other two instances' sockets; then White does not
// move, and the flag falls by itself: all three sockets are told, each
// instance's room tries to commit it, and it is committed once (the game
// ends at version 4: made, e4, e5, the flag).
func TestGameThreeInstancesFlag(t *testing.T) {
	testtool.Long(t, "builds and runs the binary")
	bin := filepath.Join(t.TempDir(), "chess960")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/chess960/chess960/cmd/chess960").CombinedOutput(); err != nil {
		t.Fatalf("building chess960: %v\n%s", err, out)
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "games.db")
			if name == "postgres" {
				db = testtool.FreshPostgres(t)
			}
			a, b, c := startServeDB(t, bin, db), startServeDB(t, bin, db), startServeDB(t, bin, db)
			res, err := http.Post(a.url+"/api/games", "application/json", strings.NewReader(`{"position": "518", "control": "4s+0"}`))
			if err != nil {
				t.Fatal(err)
			}
			var made struct {
				Game         struct{ ID string }
				White, Black string
			}
			err = json.NewDecoder(res.Body).Decode(&made)
			res.Body.Close()
			if err != nil || res.StatusCode != 201 {
				t.Fatalf("create: %d %v", res.StatusCode, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			type msg struct {
				Type string
				Game *struct {
					Version int
					Over    bool
					Result  string
					Ending  string
					Moves   []struct{ SAN string }
				}
			}
			dial := func(in *instance, seat string) *websocket.Conn {
				ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(in.url, "http")+"/api/games/"+made.Game.ID+"/live", nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { ws.CloseNow() })
				if seat != "" {
					ws.Write(ctx, websocket.MessageText, []byte(`{"type": "seat", "token": "`+seat+`"}`))
				}
				return ws
			}
			// until reads game messages on ws until one satisfies ok.
			until := func(ws *websocket.Conn, what string, ok func(m msg) bool) msg {
				t.Helper()
				for {
					_, b, err := ws.Read(ctx)
					if err != nil {
						t.Fatalf("waiting for %s: %v", what, err)
					}
					var m msg
					if json.Unmarshal(b, &m) == nil && m.Type == "game" && ok(m) {
						return m
					}
				}
			}
			white, black, watcher := dial(a, made.White), dial(b, made.Black), dial(c, "")
			white.Write(ctx, websocket.MessageText, []byte(`{"type": "action", "n": 1, "kind": "move", "move": "e4", "base": 1}`))
			for _, ws := range []*websocket.Conn{black, watcher} {
				until(ws, "e4 on the other instances", func(m msg) bool { return m.Game.Version == 2 })
			}
			black.Write(ctx, websocket.MessageText, []byte(`{"type": "action", "n": 1, "kind": "move", "move": "e5", "base": 2}`))
			for _, ws := range []*websocket.Conn{white, watcher} {
				until(ws, "e5 on the other instances", func(m msg) bool { return m.Game.Version == 3 })
			}
			for i, ws := range []*websocket.Conn{white, black, watcher} {
				m := until(ws, "the flag", func(m msg) bool { return m.Game.Over })
				if m.Game.Result != "0-1" || m.Game.Ending != "time" || m.Game.Version != 4 || len(m.Game.Moves) != 2 {
					t.Errorf("socket %d: %+v; want 0-1 on time at version 4", i, *m.Game)
				}
			}
			if code, body := c.fetch(t, "/api/games/"+made.Game.ID); code != 200 || !strings.Contains(body, `"version": 4`) || !strings.Contains(body, `"ending": "time"`) {
				t.Errorf("the game on C: %d %s", code, body)
			}
		})
	}
}
