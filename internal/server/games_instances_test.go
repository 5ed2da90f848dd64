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
