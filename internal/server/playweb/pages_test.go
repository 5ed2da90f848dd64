package playweb

import (
	"encoding/json"
	"html"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/server/site"
)

// TestGamePage: the game page of a game made over the API: its start,
// both orientations of the board and the script, and no seat's token
// (which travels in the link's fragment, never to the server); an
// unknown game is a 404 page that says so; a query is refused.
func TestGamePage(t *testing.T) {
	a := newApp(t, filepath.Join(t.TempDir(), "g.db"))
	r := a.do(t, "POST", "/api/games", "", `{"position": "245", "control": "10+5"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var made struct {
		Game         struct{ ID string }
		White, Black string
	}
	if err := json.Unmarshal([]byte(r.body), &made); err != nil {
		t.Fatal(err)
	}
	p := a.do(t, "GET", "/g/"+made.Game.ID, "", "")
	if p.status != http.StatusOK {
		t.Fatalf("GET /g/%s: %d %s", made.Game.ID, p.status, p.body)
	}
	for _, want := range []string{
		`data-id="` + made.Game.ID + `"`,
		`data-start="nrbbkqnr/pppppppp/8/8/8/8/PPPPPPPP/NRBBKQNR w HBhb - 0 1"`,
		`data-control="10+5"`,
		"Chess960 position 245 (NRBBKQNR)",
		`id="board-svg-white"`, `data-orientation="white"`,
		`id="board-svg-black"`, `data-orientation="black"`,
		"js/live.js",
		`href="/api/games/` + made.Game.ID + `/pgn"`,
	} {
		if !strings.Contains(html.UnescapeString(p.body), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	for _, tok := range []string{made.White, made.Black} {
		if strings.Contains(p.body, tok) {
			t.Error("the page holds a seat's token")
		}
	}
	if n := strings.Count(p.body, "data-piece="); n != 0 {
		t.Errorf("the boards hold %d pieces; the script places them", n)
	}

	nf := a.do(t, "GET", "/g/NoSuchGame", "", "")
	if nf.status != http.StatusNotFound || !strings.Contains(nf.body, "no such game") || !strings.Contains(nf.body, "<html") {
		t.Errorf("an unknown game: %d %.300s", nf.status, nf.body)
	}
	if q := a.do(t, "GET", "/g/"+made.Game.ID+"?x=1", "", ""); q.status != http.StatusBadRequest {
		t.Errorf("a query: %d", q.status)
	}
}

// TestGamePageNoDatabase: without a store the page says why there is no
// game.
func TestGamePageNoDatabase(t *testing.T) {
	a := &app{Server: New(Config{}, site.New(site.Config{})), mux: http.NewServeMux()}
	a.Routes(a.mux)
	r := a.do(t, "GET", "/g/abc", "", "")
	if r.status != http.StatusNotFound || !strings.Contains(r.body, "without a database") {
		t.Errorf("%d %.300s", r.status, r.body)
	}
}
