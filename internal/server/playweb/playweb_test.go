package playweb

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// app is the API as package server mounts it, over a games Store on dsn.
type app struct {
	*Server
	mux *http.ServeMux
}

func newApp(t *testing.T, dsn string) *app {
	t.Helper()
	st, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	a := &app{Server: New(Config{Games: game.NewService(st), WriteBurst: 1 << 20}, site.New(site.Config{})), mux: http.NewServeMux()}
	a.Routes(a.mux)
	return a
}

func (a *app) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.site.Serve(w, r, a.mux, a.Before) }

type resp struct {
	status int
	body   string
}

func (a *app) do(t *testing.T, method, target, token, body string) resp {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	a.ServeHTTP(w, r)
	if w.Code >= 500 {
		t.Fatalf("%s %s: %d %s", method, target, w.Code, w.Body)
	}
	return resp{w.Code, w.Body.String()}
}

func eachDB(t *testing.T, f func(t *testing.T, a *app)) {
	t.Run("sqlite", func(t *testing.T) { f(t, newApp(t, filepath.Join(t.TempDir(), "g.db"))) })
	t.Run("postgres", func(t *testing.T) { f(t, newApp(t, testtool.FreshPostgres(t))) })
}

// TestPlayOverTheAPI: a game made, played by both seats, watched by a
// third party, and every refusal a 4xx that names the reason, with the
// game unchanged.
func TestPlayOverTheAPI(t *testing.T) {
	eachDB(t, func(t *testing.T, a *app) {
		r := a.do(t, "POST", "/api/games", "", `{"position": "0"}`)
		if r.status != http.StatusCreated {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		var made createdJSON
		if err := json.Unmarshal([]byte(r.body), &made); err != nil {
			t.Fatal(err)
		}
		id, w, b := made.Game.ID, made.White, made.Black
		if made.Game.Start != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1" || made.Game.Version != 1 || w == "" || b == "" {
			t.Fatalf("made: %+v", made.Game)
		}
		act := func(token, body string) resp { return a.do(t, "POST", "/api/games/"+id+"/actions", token, body) }
		for _, c := range []struct {
			token, body string
			status      int
			want        string
		}{
			{w, `{"kind": "move", "move": "e4", "base": 1}`, 200, `"san": "e4"`},
			{w, `{"kind": "move", "move": "d4", "base": 2}`, 422, "not your turn"},
			{b, `{"kind": "move", "move": "e5", "base": 1}`, 409, `"version": 2`},
			{b, `{"kind": "move", "move": "e4", "base": 2}`, 422, "not possible here"},
			{b, `{"kind": "move", "move": "e5"}`, 400, "names the version"},
			{b, `{"kind": "castle", "base": 2}`, 400, `unknown kind \"castle\"`},
			{b, `{"kind": "move", "move": "e5", "base": 2, "extra": 1}`, 400, "unknown field"},
			{b, `{"kind": "move"`, 400, "not the JSON"},
			{b, `{"kind": "move", "move": "` + strings.Repeat("e", 5000) + `"}`, 413, "body too large"},
			{"nobody", `{"kind": "resign"}`, 404, "no such game or seat"},
			{"", `{"kind": "resign"}`, 401, "Bearer"},
			{b, `{"kind": "flag"}`, 400, `black flag: malformed action: only the server or the arbiter sends \"flag\", never a seat`},
			{b, `{"kind": "adjudicate", "move": "1-0"}`, 400, `only the server or the arbiter sends \"adjudicate\"`},
			{w, `{"kind": "arrive"}`, 400, `white arrive: malformed action: only the server or the arbiter sends \"arrive\"`},
			{b, `{"kind": "move", "move": "e5", "base": 2}`, 200, `"fen": "bbqnnrkr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BBQNNRKR w HFhf - 0 2"`},
			{w, `{"kind": "offer"}`, 200, `"offer": "w"`},
			{b, `{"kind": "accept"}`, 200, `"status": "1/2-1/2 (draw by agreement)"`},
			{w, `{"kind": "resign"}`, 422, "the game is over"},
		} {
			r := act(c.token, c.body)
			if r.status != c.status || !strings.Contains(r.body, c.want) {
				t.Errorf("%.60s: %d %.400s; want %d with %s", c.body, r.status, r.body, c.status, c.want)
			}
		}
		// The PGN: the Chess960 tags and the moves.
		if r := a.do(t, "GET", "/api/games/"+id+"/pgn", "", ""); r.status != 200 || !strings.Contains(r.body, `[Variant "Chess960"]`) ||
			!strings.Contains(r.body, "1. e4 e5 1/2-1/2") || !strings.Contains(r.body, `[Result "1/2-1/2"]`) {
			t.Errorf("the PGN: %d %s", r.status, r.body)
		}
		// The watcher's view: the moves, the result, and no token.
		r = a.do(t, "GET", "/api/games/"+id, "", "")
		if r.status != 200 || !strings.Contains(r.body, `"result": "1/2-1/2"`) || strings.Contains(r.body, w) || strings.Contains(r.body, b) {
			t.Errorf("the watcher's view: %d %s", r.status, r.body)
		}
		for target, want := range map[string]int{"/api/games/nope": 404, "/api/games/" + id + "?x=1": 400, "/api/games/%2e%2e": 404} {
			if r := a.do(t, "GET", target, "", ""); r.status != want {
				t.Errorf("GET %s: %d, want %d: %s", target, r.status, want, r.body)
			}
		}
		// A timed game shows its clocks (White's runs from the start;
		// Black's holds its 3 minutes); a control that makes no sense is
		// refused.
		if r := a.do(t, "POST", "/api/games", "", `{"position": "518", "control": "3+2"}`); r.status != 201 ||
			!strings.Contains(r.body, `"control": "3+2"`) || !strings.Contains(r.body, `"black": 180000`) || !strings.Contains(r.body, `"white": `) {
			t.Errorf("a 3+2 game: %d %s", r.status, r.body)
		}
		for _, c := range []struct{ body, want string }{
			{`{"position": "518", "control": "0+0"}`, `time control \"0+0\": no time for either side`},
			{`{"position": "518", "control": "90/0"}`, `a period of 0 moves`},
			{`{}`, "missing position"},
			{`{"position": "99999999"}`, "position"},
			{`{"position": "7k/8/8/8/8/8/8/K6Q w - - 0 1"}`, "position"},
			{`{"position": "k7/8/1Q6/8/8/8/8/K7 b - - 0 1"}`, "no legal move"},
		} {
			if r := a.do(t, "POST", "/api/games", "", c.body); r.status != 400 || !strings.Contains(r.body, c.want) {
				t.Errorf("create %s: %d %s; want 400 with %q", c.body, r.status, r.body, c.want)
			}
		}
	})
}

// TestOpenAPIDocumentsTheGame: web/openapi.json names exactly the fields
// of the game and of an action.
func TestOpenAPIDocumentsTheGame(t *testing.T) {
	for schema, typ := range map[string]reflect.Type{"Game": reflect.TypeFor[gameJSON](), "GameAction": reflect.TypeFor[actionJSON]()} {
		doc2, code := testtool.OpenAPINames(t, "../web/openapi.json", schema), testtool.JSONNames(typ)
		if !slices.Equal(doc2, code) {
			t.Errorf("%s: openapi.json names %v, the JSON has %v", schema, doc2, code)
		}
	}
}

// TestWriteLimit: past its burst, a client's writes are answered 429 with
// Retry-After, and reads still pass.
func TestWriteLimit(t *testing.T) {
	st, err := store.OpenWith(context.Background(), filepath.Join(t.TempDir(), "g.db"), store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := &app{Server: New(Config{Games: game.NewService(st), WriteRate: 0.001, WriteBurst: 2}, site.New(site.Config{})), mux: http.NewServeMux()}
	a.Routes(a.mux)
	for i, want := range []int{201, 201, 429} {
		r := httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"position": "518"}`))
		w := httptest.NewRecorder()
		a.ServeHTTP(w, r)
		if w.Code != want || (want == 429 && w.Header().Get("Retry-After") == "") {
			t.Errorf("write %d: %d %q, want %d", i+1, w.Code, w.Header().Get("Retry-After"), want)
		}
	}
	if r := a.do(t, "GET", "/api/games/nope", "", ""); r.status != 404 {
		t.Errorf("a read past the write limit: %d, want 404", r.status)
	}
}
