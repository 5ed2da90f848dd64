package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	livegame "github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/store"
)

var testServer = sync.OnceValue(func() *Server { return New(Config{}) })

// get serves one request and returns the response.
func get(t *testing.T, s http.Handler, method, target string, body io.Reader) *http.Response {
	t.Helper()
	r := httptest.NewRequest(method, target, body)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w.Result()
}

func readAll(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEndpoints(t *testing.T) {
	s := testServer()
	for _, c := range []struct {
		method, target string
		status         int
		ctype          string
		contains       []string
	}{
		{"GET", "/api/positions/518", 200, "application/json", []string{`"rank": "RNBQKBNR"`, `"fritz9": 359`, `"mirror": 534`}},
		{"GET", "/api/positions/359?fritz9=1", 200, "application/json", []string{`"id": 518`}},
		{"GET", "/api/positions/SP-0", 200, "application/json", []string{`"rank": "BBQNNRKR"`}},
		{"GET", "/api/positions/960", 200, "application/json", []string{`"id": 0,`}},
		{"GET", "/api/random?count=3&seed=Round%201", 200, "application/json", []string{`"id": 353`, `"id": 14`, `"id": 506`}},
		{"GET", "/api/random?count=3&seed=Round%201&unique=1&exclude=518,0-9", 200, "application/json", []string{`"id": 671`, `"id": 589`, `"id": 576`}},
		{"GET", "/api/random", 200, "application/json", []string{`"rank": `}},
		// DFRC: 518:518 is the standard start; 0:959 is BBQNNRKR under
		// rkrnnqbb, index 0*960 + 959, rooks on f1 h1 and a8 c8.
		{"GET", "/api/positions/518:518", 200, "application/json", []string{`"dfrc": "518:518"`, `"index": 497798`, `"chess960": true`,
			`"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`, `"shredderFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"`}},
		{"GET", "/api/positions/0:959", 200, "application/json", []string{`"dfrc": "0:959"`, `"index": 959,`, `"blackFirstIndex": 920640`, `"chess960": false`,
			`"fen": "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"`, `"shredderFen": "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1"`, `"mirror": "959:0"`}},
		{"GET", "/api/positions/DFRC%20502:532", 200, "application/json", []string{`"dfrc": "502:532"`}},
		{"GET", "/api/random?dfrc=1&count=2&seed=Round%201", 200, "application/json", []string{`"dfrc": "775:187"`, `"dfrc": "496:531"`, `"allowed": 921600`}},
		{"GET", "/api/random?dfrc=1", 200, "application/json", []string{`"dfrc": `, `"seeded": false`}},
		{"GET", "/api/identify?q=RKRNNQBB", 200, "application/json", []string{`"id": 959`}},
		{"GET", "/api/identify?q=bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR%20w%20HFhf%20-%200%201", 200, "application/json", []string{`"id": 0,`}},
		{"GET", "/api/moves?fen=1r2k3/8/8/8/8/8/8/1R4KR%20w%20HB%20-%200%201", 200, "application/json", []string{`"san": "O-O-O"`, `"uci": "g1b1"`, `"uci": "g1h1"`}},
		{"GET", "/api/moves?fen=518&standard=1", 200, "application/json", []string{`"uci": "g1f3"`}},
		{"GET", "/api/play?fen=0&moves=Ne3,Ne6,Nd3,Nd6,b3,b6,Qb2,Qb7,O-O-O", 200, "application/json", []string{`"fen": "bb3rkr/pqpppppp/1p1nn3/8/8/1P1NN3/PQPPPPPP/BBKR3R b kq - 3 5"`}},
		{"GET", "/api/play?fen=startpos&moves=f3,e5,g4,Qh4", 200, "application/json", []string{`"status": "checkmate"`, `"result": "0-1"`}},
		{"GET", "/api/perft?fen=518&depth=3", 200, "application/json", []string{`"nodes": 8902`}},
		{"GET", "/api/perft?fen=4k3/8/8/8/8/8/8/R3K2R%20w%20KQ%20-%200%201&depth=1&divide=1", 200, "application/json", []string{`"uci": "e1a1",` + "\n" + `      "san": "O-O-O",`, `"uci": "e1h1",` + "\n" + `      "san": "O-O",`, `"nodes": 26`}},
		{"GET", "/api/perft?pos=0&depth=0", 200, "application/json", []string{`"nodes": 1`}},
		{"GET", "/api/openapi.json", 200, "application/json", []string{`"openapi": "3.0.3"`}},
		{"GET", "/healthz", 200, "application/json", []string{`"ok"`}},
		{"GET", "/diagram.svg?pos=518", 200, "image/svg+xml", []string{`data-square="e1"`, `data-piece="wK"`}},
		{"GET", "/diagram.svg?fen=4k3/8/8/8/8/8/8/4K2R%20w%20K%20-%200%201&flip=1&size=200&coords=1&highlight=e1,h1&arrow=e1g1&last-move=e7e8&theme=dark", 200, "image/svg+xml", []string{`width="200"`}},
		{"GET", "/diagram.png?pos=518&size=64", 200, "image/png", []string{"\x89PNG"}},
		{"GET", "/", 200, "text/html", []string{"Drawn at random", `id="board"`, `action="/random"`}},
		{"GET", "/pos/518", 200, "text/html", []string{"RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "w HAha - 0 1", `href="/pos/534"`, "Bishops", "Knights", "Rook, king, rook", "https://lichess.org/editor/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1?variant=chess960"}},
		{"GET", "/pos/353?seed=Round%201&k=0", 200, "text/html", []string{"Draw 1 from seed", "Round 1", "chess960 random --seed &#39;Round 1&#39; --count 1"}},
		{"GET", "/pos/SP-518", 301, "", nil},
		{"GET", "/pos?n=359&numbering=fritz9", 303, "", nil},
		{"GET", "/identify?q=RNBQKBNR", 303, "", nil},
		{"GET", "/random", 303, "", nil},
		{"GET", "/random?seed=Round+1&k=1", 303, "", nil},
		{"GET", "/gallery", 200, "text/html", []string{`data-rank="RNBQKBNR"`, "960 of 960 positions"}},
		{"GET", "/gallery?pattern=R%3FK%3F%3FR%3F%3F&king=c", 200, "text/html", []string{"of 960 positions"}},
		{"GET", "/gallery?pairs=1", 200, "text/html", []string{"480 of 480 mirror pairs"}},
		{"GET", "/draw", 200, "text/html", []string{`id="draw-form"`, `name="seed"`}},
		{"GET", "/draw?rounds=3&seed=Round+1&unique=1&exclude=518,0-9", 200, "text/html", []string{"129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6", `data-id="671"`}},
		{"GET", "/draw?rounds=3", 303, "", nil},
		{"GET", "/verify?rounds=3&seed=Round+1&unique=1&exclude=518,0-9&commit=129ACDD50865DD9C2CFA496A8E4148994D6C6EA2FB68A06FD3A2C82982BE07F6", 200, "text/html", []string{"The commitment matches"}},
		{"GET", "/verify?rounds=3&seed=Round+2&commit=129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6", 200, "text/html", []string{"does not match"}},
		{"GET", "/draw/sheet?rounds=2&seed=s&mirror=1&event=Club", 200, "text/html", []string{"Round 2", "Game B"}},
		{"GET", "/draw.csv?rounds=3&seed=Round+1&unique=1&exclude=518,0-9", 200, "text/csv", []string{"round,game,id,fritz9,rank,fen,shredder_fen\n1,,671,"}},
		{"GET", "/play?pos=518&moves=e2e4,e7e5", 200, "text/html", []string{`id="fen"`, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", `id="moves"`, `data-promotion="q"`}},
		{"GET", "/play", 303, "", nil},
		{"GET", "/play?pos=518&move=Nf3", 303, "", nil},
		{"GET", "/play/state?pos=518&moves=e4", 200, "application/json", []string{`"san":["e4"]`, `"legal":[`}},
		{"GET", "/play.pgn?pos=250&moves=d4,d5", 200, "application/x-chess-pgn", []string{`[Variant "Chess960"]`, `[FEN "nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR w KQkq - 0 1"]`, "1. d4 d5 *"}},
		{"GET", "/play.pgn?pos=518&moves=e4,e5,Qh5,Nc6,Bc4,Nf6,Qxf7", 200, "application/x-chess-pgn", []string{`[Result "1-0"]`, "4. Qxf7# 1-0"}},
		{"GET", "/api", 200, "text/html", []string{"JSON API"}},
		{"GET", "/robots.txt", 200, "text/plain", nil},
		{"POST", "/api/play", 200, "application/json", nil},
	} {
		var body io.Reader
		if c.method == "POST" {
			body = strings.NewReader(`{"fen": "518", "moves": ["e4", "e5"]}`)
		}
		r := get(t, s, c.method, c.target, body)
		b := readAll(t, r)
		if r.StatusCode != c.status {
			t.Errorf("%s %s: status %d, want %d: %.300s", c.method, c.target, r.StatusCode, c.status, b)
			continue
		}
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, c.ctype) {
			t.Errorf("%s %s: Content-Type %q, want %q", c.method, c.target, ct, c.ctype)
		}
		for _, w := range c.contains {
			if !strings.Contains(b, w) {
				t.Errorf("%s %s: answer lacks %q: %.400s", c.method, c.target, w, b)
			}
		}
	}
}

func TestRedirects(t *testing.T) {
	s := testServer()
	for target, want := range map[string]string{
		"/pos/SP-518":                       "/pos/518",
		"/pos/0960":                         "/pos/0",
		"/pos?n=359&numbering=fritz9":       "/pos/518",
		"/pos?n=7":                          "/pos/7",
		"/identify?q=rkrnnqbb":              "/pos/959",
		"/random?seed=Round+1&k=2":          "/pos/506?k=2&seed=Round+1",
		"/play?pos=518&move=Nf3":            "/play?pos=518&moves=g1f3",
		"/play?pos=518&moves=e4&move=e5":    "/play?pos=518&moves=e2e4,e7e5",
		"/play?pos=250&moves=d4&move=O-O-O": "",
	} {
		r := get(t, s, "GET", target, nil)
		loc := r.Header.Get("Location")
		if want == "" {
			if r.StatusCode != 400 {
				t.Errorf("%s: status %d (Location %q), want 400", target, r.StatusCode, loc)
			}
			continue
		}
		if r.StatusCode/100 != 3 || loc != want {
			t.Errorf("%s: %d to %q, want a redirect to %q", target, r.StatusCode, loc, want)
		}
	}
}

func TestErrorsNameTheInput(t *testing.T) {
	s := testServer()
	for _, c := range []struct {
		target string
		status int
		param  string
		words  []string
	}{
		{"/api/positions/961", 400, "n", []string{`"961"`, "out of range"}},
		{"/api/positions/0?fritz9=1", 400, "n", []string{`"0"`, "Fritz9"}},
		{"/api/positions/518?fritz9=maybe", 400, "fritz9", []string{`"maybe"`}},
		{"/api/positions/518?color=red", 400, "color", []string{"unknown parameter"}},
		{"/api/positions/518?fritz9=1&fritz9=0", 400, "fritz9", []string{"given 2 times"}},
		{"/api/random?count=0", 400, "count", []string{`"0"`, "out of range"}},
		{"/api/random?count=1001", 400, "count", []string{"out of range: must be 1..1000"}},
		{"/api/random?count=0x10", 400, "count", []string{"not a whole number"}},
		{"/api/random?exclude=0-959", 400, "exclude", []string{`"0-959"`, "nothing left"}},
		{"/api/random?exclude=5-2", 400, "exclude", []string{`"5-2"`}},
		{"/api/positions/502:960", 400, "n", []string{`"502:960"`, "0..959"}},
		{"/api/positions/502:x", 400, "n", []string{`"502:x"`, "want W:B"}},
		{"/api/positions/5:5?fritz9=1", 400, "fritz9", []string{"not a DFRC start"}},
		{"/api/random?dfrc=1&exclude=*:*", 400, "exclude", []string{`"*:*"`, "every start is excluded"}},
		{"/api/random?dfrc=1&exclude=518", 400, "exclude", []string{`"518"`, "want W:B"}},
		{"/api/random?dfrc=1&exclude=1:960", 400, "exclude", []string{"0..959"}},
		{"/api/random?dfrc=1&balanced=20", 400, "balanced", []string{"goes with Chess960 draws"}},
		{"/api/random?dfrc=1&count=1001", 400, "count", []string{"out of range: must be 1..1000"}},
		{"/api/random?dfrc=maybe", 400, "dfrc", []string{`"maybe"`}},
		{"/api/identify", 400, "q", []string{"missing q"}},
		{"/api/identify?q=RNBQBKNR", 400, "q", []string{`"RNBQBKNR"`, "bishops"}},
		{"/api/moves", 400, "fen", []string{"missing fen"}},
		{"/api/moves?fen=xyz", 400, "fen", []string{`"xyz"`}},
		{"/api/moves?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20BQkq%20-%200%201", 400, "fen", []string{"castling"}},
		{"/api/play?fen=518&moves=e4,e5,Ke3", 400, "moves", []string{`move 3 "Ke3"`, "illegal"}},
		{"/api/play?fen=518&castling=both", 400, "castling", []string{`"both"`}},
		{"/api/perft?fen=518", 400, "depth", []string{"missing depth"}},
		{"/api/perft?fen=518&depth=10001", 400, "depth", []string{"out of range: must be 0..10000"}},
		{"/api/perft?fen=518&depth=-1", 400, "depth", []string{"out of range"}},
		{"/api/perft?fen=518&depth=7", 422, "depth", []string{"budget"}},
		{"/api/perft?fen=518&pos=1&depth=1", 400, "pos", []string{"not both"}},
		{"/diagram.svg?pos=518&size=5", 400, "size", []string{"out of range"}},
		{"/diagram.svg?pos=518&highlight=z9", 400, "highlight", []string{`"z9"`}},
		{"/diagram.svg?pos=518&arrow=e2", 400, "arrow", []string{`"e2"`}},
		{"/diagram.svg?pos=518&theme=blue", 400, "theme", []string{`"blue"`}},
		{"/diagram.png?fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201", 400, "fen", []string{"king"}},
		{"/play/state?pos=518&moves=e4,e4", 400, "moves", []string{`move 2 "e4"`}},
		{"/play/state?pos=518&claim=threefold", 400, "claim", []string{"no such draw"}},
		{"/api/nothing", 404, "", []string{`no such page: "/api/nothing"`}},
	} {
		r := get(t, s, "GET", c.target, nil)
		b := readAll(t, r)
		if r.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.target, r.StatusCode, c.status, b)
			continue
		}
		var e site.ErrorJSON
		if err := json.Unmarshal([]byte(b), &e); err != nil {
			t.Errorf("%s: not a JSON error: %v: %s", c.target, err, b)
			continue
		}
		if e.Param != c.param || e.Status != c.status {
			t.Errorf("%s: param %q status %d, want %q %d", c.target, e.Param, e.Status, c.param, c.status)
		}
		for _, w := range c.words {
			if !strings.Contains(e.Error, w) {
				t.Errorf("%s: error %q lacks %q", c.target, e.Error, w)
			}
		}
	}
}

// TestHostileInputs sends what an attacker or a broken client would, and
// wants a 4xx (or a redirect) every time: never a 5xx, a panic or a hang.
func TestHostileInputs(t *testing.T) {
	s := testServer()
	huge := strings.Repeat("A", 100_000)
	hugeMoves := strings.Repeat("e2e4,", 7000)
	cases := []struct{ method, target, body string }{
		{"GET", "/api/positions/" + huge, ""},
		{"GET", "/api/positions/%00", ""},
		{"GET", "/api/positions/%FF%FE", ""},
		{"GET", "/api/positions/ⅷ", ""},
		{"GET", "/api/positions/518%0d%0aSet-Cookie:x=1", ""},
		{"GET", "/api/positions/-0", ""},
		{"GET", "/api/positions/99999999999999999999999", ""},
		{"GET", "/api/positions/99999999999:1", ""},
		{"GET", "/api/positions/:", ""},
		{"GET", "/api/positions/1:2:3", ""},
		{"GET", "/api/random?dfrc=1&exclude=" + strings.Repeat("*:*,", 2000), ""},
		{"GET", "/dfrc/" + huge, ""},
		{"GET", "/dfrc/%00:1", ""},
		{"GET", "/dfrc/-1:-1", ""},
		{"GET", "/dfrc/1:2?seed=" + huge[:8000] + "&k=10001", ""},
		{"GET", "/dfrc/find?q=" + huge[:8000], ""},
		{"GET", "/dfrc/find?q=99999999999999999999", ""},
		{"GET", "/dfrc/random?seed=x&k=99999999", ""},
		{"GET", "/api/random?count=" + huge, ""},
		{"GET", "/api/random?count=1e9", ""},
		{"GET", "/api/random?seed=" + huge, ""},
		{"GET", "/api/random?exclude=" + strings.Repeat("1-2,", 3000), ""},
		{"GET", "/api/random?%zz=1", ""},
		{"GET", "/api/identify?q=" + url.QueryEscape("<script>alert(1)</script>"), ""},
		{"GET", "/api/identify?q=" + huge[:8000], ""},
		{"GET", "/identify?q=" + huge[:8000], ""},
		{"GET", "/api/moves?fen=" + huge[:8000], ""},
		{"GET", "/api/moves?fen=" + url.QueryEscape(huge[:4000]+"/8/8/8/8/8/8/8 w - - 0 1"), ""},
		{"GET", "/api/play?fen=518&moves=" + huge[:8000], ""},
		{"GET", "/play?pos=518&move=" + huge[:8000], ""},
		{"GET", "/api/random?exclude=" + huge[:8000], ""},
		{"GET", "/draw?rounds=2&seed=x&exclude=" + huge[:8000], ""},
		{"GET", "/api/identify?q=" + url.QueryEscape("ＲＮＢＱＫＢＮＲ"), ""},
		{"GET", "/api/identify?q=" + url.QueryEscape("é/é/é/é/é/é/é/é w - - 0 1"), ""},
		{"GET", "/api/moves?fen=" + url.QueryEscape(strings.Repeat("8/", 5000)), ""},
		{"GET", "/api/moves?fen=" + url.QueryEscape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999 1"), ""},
		{"GET", "/api/moves?fen=" + url.QueryEscape("kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1"), ""},
		{"GET", "/api/play?fen=518&moves=" + hugeMoves, ""},
		{"GET", "/api/play?fen=518&moves=" + url.QueryEscape("e4,,,,  ,e5,\x00"), ""},
		{"GET", "/api/perft?fen=" + url.QueryEscape("4k3/8/8/8/8/8/8/4K3 w - - 0 1") + "&depth=15", ""},
		{"GET", "/api/perft?fen=518&depth=15&divide=1", ""},
		{"GET", "/api/perft?fen=518&depth=99999999999", ""},
		{"POST", "/api/play", huge},
		{"POST", "/api/play", strings.Repeat("[", 50000)},
		{"POST", "/api/play", `{"fen": "518", "moves": 5}`},
		{"POST", "/api/play", `{"fen": "518", "moves": ["e4"]} {"x": 1}`},
		{"POST", "/api/play", `{"fen": "518", "evil": true}`},
		{"POST", "/api/play", strings.Repeat("x", 1<<20)},
		{"POST", "/api/pgn", strings.Repeat("1. e4 ", 1<<20)},
		{"PUT", "/api/positions/518", ""},
		{"DELETE", "/api/play", ""},
		{"POST", "/api/positions/518", "x"},
		{"PATCH", "/", ""},
		{"POST", "/pos/518", "x"},
		{"GET", "/../../etc/passwd", ""},
		{"GET", "/s/../../../etc/passwd", ""},
		{"GET", "/s/" + strings.Repeat("../", 20) + "go.mod", ""},
		{"GET", "/s/abc/../../server.go", ""},
		{"GET", "/s/x/%2e%2e/%2e%2e/web.go", ""},
		{"GET", "/s/x/templates/layout.html", ""},
		{"GET", "/pos/" + huge, ""},
		{"GET", "/pos/518?seed=" + url.QueryEscape("<img src=x onerror=alert(1)>") + "&k=99999", ""},
		{"GET", "/pos?n=" + huge, ""},
		{"GET", "/identify?q=" + url.QueryEscape("\"><script>"), ""},
		{"GET", "/random?seed=%20&k=3", ""},
		{"GET", "/random?seed=x&k=-1", ""},
		{"GET", "/gallery?pattern=" + huge, ""},
		{"GET", "/gallery?ids=" + huge, ""},
		{"GET", "/gallery?ids=" + strings.Repeat("0-959,", 4000), ""},
		{"GET", "/gallery?king=z&light=a", ""},
		{"GET", "/draw?rounds=100000&seed=x", ""},
		{"GET", "/draw?rounds=5&seed=x&exclude=0-959", ""},
		{"GET", "/draw?rounds=200&seed=x&unique=1&mirror=1&exclude=" + url.QueryEscape("0-900"), ""},
		{"GET", "/draw/sheet?rounds=2", ""},
		{"GET", "/draw.csv?seed=x&rounds=abc", ""},
		{"GET", "/verify?rounds=3", ""},
		{"GET", "/verify?seed=x&commit=" + huge[:4000], ""},
		{"GET", "/play?pos=518&moves=" + hugeMoves, ""},
		{"GET", "/play?pos=518&moves=e4&ply=9", ""},
		{"GET", "/play?pos=518&moves=e4&ply=-1", ""},
		{"GET", "/play?fen=" + url.QueryEscape("<b>hi</b>"), ""},
		{"GET", "/play?pos=518&claim=fifty", ""},
		{"GET", "/play?pos=518&claim=" + url.QueryEscape("<x>"), ""},
		{"GET", "/play?pos=518&move=" + url.QueryEscape("<script>"), ""},
		{"GET", "/play/state?fen=" + url.QueryEscape("8/8/8/8/8/8/8/8 w - - 0 1"), ""},
		{"GET", "/play.pgn?pos=518&moves=zz", ""},
		{"GET", "/diagram.svg?pos=518&size=99999999", ""},
		{"GET", "/diagram.svg?pos=518&arrow=" + strings.Repeat("e2e4,", 1000), ""},
		{"GET", "/diagram.png?pos=518&size=2001", ""},
		{"GET", "/api/openapi.json?x=1", ""},
		{"GET", "/" + huge, ""},
		{"GET", "/?" + strings.Repeat("a=1&", 10000), ""},
		{"GET", "/healthz/../api/positions/1", ""},
		{"GET", "//api//positions//1", ""},
		{"GET", "/api/positions/518?" + strings.Repeat("%", 10), ""},
	}
	for _, c := range cases {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		done := make(chan *http.Response, 1)
		go func() { done <- get(t, s, c.method, c.target, body) }()
		var r *http.Response
		select {
		case r = <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s %.80s: no answer in 20 s", c.method, c.target)
		}
		b := readAll(t, r)
		short := c.target
		if len(short) > 80 {
			short = short[:80] + "..."
		}
		if r.StatusCode >= 500 || r.StatusCode < 300 {
			t.Errorf("%s %s: status %d, want 3xx or 4xx: %.200s", c.method, short, r.StatusCode, b)
		}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") && r.StatusCode >= 400 && len(b) > 2000 {
			t.Errorf("%s %s: an error of %d bytes: %.300s", c.method, short, len(b), b)
		}
		if strings.Contains(b, strings.Repeat("A", 1000)) || strings.Contains(b, strings.Repeat("e2e4,", 200)) {
			t.Errorf("%s %s: the answer echoes the huge input", c.method, short)
		}
		if strings.Contains(b, "<script>") || strings.Contains(b, "<img src=x") || strings.Contains(b, "<b>hi") {
			t.Errorf("%s %s: user text not escaped: %.300s", c.method, short, b)
		}
		if r.StatusCode >= 400 && r.Header.Get("Content-Type") == "" {
			t.Errorf("%s %s: no Content-Type", c.method, short)
		}
	}
}

func TestSecurityHeaders(t *testing.T) {
	s := testServer()
	for _, target := range []string{"/", "/pos/1", "/api/positions/1", "/api/nothing", "/play?pos=1", s.site.AssetURL("style.css")} {
		r := get(t, s, "GET", target, nil)
		h := r.Header
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") && strings.Contains(csp, "script-src 'self' 'unsafe-inline'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", target, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", target, h)
		}
	}
	// No inline script in any page: every <script> has a src or is a JSON
	// data block.
	for _, target := range []string{"/", "/pos/1", "/gallery", "/draw", "/draw?rounds=2&seed=a", "/verify?seed=a&rounds=1", "/draw/sheet?seed=a&rounds=1", "/play?pos=1&moves=e4", "/api", "/pos/999"} {
		b := readAll(t, get(t, s, "GET", target, nil))
		for _, m := range regexp.MustCompile(`<script[^>]*>`).FindAllString(b, -1) {
			if !strings.Contains(m, "src=") && !strings.Contains(m, `type="application/json"`) {
				t.Errorf("%s: inline script %s", target, m)
			}
		}
		if regexp.MustCompile(`\son[a-z]+=`).MatchString(b) {
			t.Errorf("%s: an inline event handler", target)
		}
		if strings.Contains(b, "javascript:") {
			t.Errorf("%s: a javascript: URL", target)
		}
	}
}

// The theme switch's cookie picks the theme the server renders; anything
// else in it is ignored.
func TestThemeCookie(t *testing.T) {
	s := testServer()
	for _, c := range []struct {
		cookie, want string
	}{
		{"", `<html lang="en">`},
		{"theme=dark", `<html lang="en" data-theme="dark">`},
		{"theme=light", `<html lang="en" data-theme="light">`},
		{"other=1; theme=dark", `<html lang="en" data-theme="dark">`},
		{"theme=blue", `<html lang="en">`},
		{"theme=Dark", `<html lang="en">`},
		{`theme="><script>alert(1)</script>`, `<html lang="en">`},
		{"theme=" + strings.Repeat("dark", 2000), `<html lang="en">`},
	} {
		for _, target := range []string{"/", "/pos/7", "/gallery", "/play?pos=7", "/draw", "/pos/9999"} {
			r := httptest.NewRequest("GET", target, nil)
			if c.cookie != "" {
				r.Header.Set("Cookie", c.cookie)
			}
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			res := w.Result()
			b := readAll(t, res)
			if !strings.Contains(b, c.want+"\n<head>") {
				t.Errorf("%s with cookie %.40q: want %s, got %.80q", target, c.cookie, c.want, b)
			}
			if !strings.Contains(res.Header.Get("Vary"), "Cookie") {
				t.Errorf("%s: Vary %q lacks Cookie", target, res.Header.Get("Vary"))
			}
		}
	}
}

// TestNoScriptBeforePaint: no page runs a script before it is first
// painted. Every script is an ES module from /s/ (deferred: it runs once
// the page is parsed, and never holds up its first paint), none is inline
// or classic (a JSON data block is data), and what a script would
// otherwise have to set up first, the theme, comes rendered from the
// server (TestThemeCookie). A module a page's script imports may be
// named by <link rel="modulepreload">: fetched beside the rest and parsed,
// never run before its importer runs. (The live game page's head script
// is the one exception, allowed by its hash: TestGamePageInlineScript.)
func TestNoScriptBeforePaint(t *testing.T) {
	s := testServer()
	tag := regexp.MustCompile(`(?is)<script\b[^>]*>`)
	module := regexp.MustCompile(`^<script type="module" src="/s/[0-9a-f]+/js/[a-z]+\.js"></script>$`)
	for _, target := range []string{"/", "/pos/7", "/gallery", "/gallery?pairs=1", "/draw", "/draw?rounds=2&seed=a", "/verify?seed=a&rounds=1",
		"/draw/sheet?seed=a&rounds=1", "/play?pos=7", "/play?pos=1&moves=e4", "/api", "/pos/9999"} {
		b := readAll(t, get(t, s, "GET", target, nil))
		tags := tag.FindAllStringIndex(b, -1)
		if len(tags) == 0 {
			t.Errorf("%s: no script at all (app.js is on every page)", target)
		}
		for _, m := range tags {
			if strings.HasPrefix(b[m[0]:m[1]], `<script type="application/json" `) {
				continue // data for a module (the play page's state), never run
			}
			whole := b[m[0]:min(len(b), m[1]+len("</script>"))]
			if !module.MatchString(whole) {
				t.Errorf("%s: %.120q is not a module script from /s/, with nothing inline", target, whole)
			}
		}
		if strings.Contains(b, " onload=") {
			t.Errorf("%s: an inline handler", target)
		}
		for _, m := range regexp.MustCompile(`<link rel="modulepreload"[^>]*>`).FindAllString(b, -1) {
			if !regexp.MustCompile(`^<link rel="modulepreload" href="/s/[0-9a-f]+/js/[a-z]+\.js">$`).MatchString(m) {
				t.Errorf("%s: %.120q preloads what is not a module from /s/", target, m)
			}
		}
	}
}

// TestEscaping puts markup in every place user text reaches a page.
func TestEscaping(t *testing.T) {
	s := testServer()
	evil := `"><script>alert(1)</script><x y='`
	q := url.QueryEscape(evil)
	for _, target := range []string{
		"/pos/1?seed=" + q, "/random?seed=" + q + "&k=0", "/identify?q=" + q, "/pos?n=" + q,
		"/gallery?pattern=" + q, "/gallery?ids=" + q, "/draw?rounds=2&seed=" + q + "&event=" + q, "/draw?rounds=2&seed=a&exclude=" + q,
		"/verify?rounds=1&seed=" + q + "&commit=" + q, "/draw/sheet?rounds=1&seed=" + q + "&event=" + q,
		"/play?pos=1&moves=" + q, "/play?pos=1&move=" + q, "/play?fen=" + q, "/api/positions/" + url.PathEscape(evil),
		"/api/identify?q=" + q,
	} {
		r := get(t, s, "GET", target, nil)
		b := readAll(t, r)
		if r.StatusCode >= 300 && r.StatusCode < 400 {
			loc := r.Header.Get("Location")
			r = get(t, s, "GET", loc, nil)
			b = readAll(t, r)
		}
		if strings.Contains(b, "<script>alert") || strings.Contains(b, "<x y=") {
			t.Errorf("%s: not escaped: %.300s", target, b)
		}
		if r.StatusCode >= 500 {
			t.Errorf("%s: %d", target, r.StatusCode)
		}
	}
}

func TestBusyAnswers429(t *testing.T) {
	s := New(Config{MaxPerft: 1})
	s.perftSem <- struct{}{} // one count running
	r := get(t, s, "GET", "/api/perft?fen=518&depth=1", nil)
	if r.StatusCode != 429 || r.Header.Get("Retry-After") == "" {
		t.Errorf("busy perft: %d, Retry-After %q", r.StatusCode, r.Header.Get("Retry-After"))
	}
	<-s.perftSem
	if r := get(t, s, "GET", "/api/perft?fen=518&depth=1", nil); r.StatusCode != 200 {
		t.Errorf("free perft: %d", r.StatusCode)
	}
	if len(s.perftSem) != 0 {
		t.Errorf("the slot was not given back")
	}
}

func TestPerftBudget(t *testing.T) {
	s := New(Config{PerftBudget: 10_000})
	if r := get(t, s, "GET", "/api/perft?fen=518&depth=3", nil); r.StatusCode != 200 { // 8,902 nodes
		t.Errorf("depth 3 (8902 nodes) within 10000: %d", r.StatusCode)
	}
	r := get(t, s, "GET", "/api/perft?fen=518&depth=4", nil) // 197,281 nodes
	if b := readAll(t, r); r.StatusCode != 422 || !strings.Contains(b, "10000 nodes") {
		t.Errorf("depth 4 over 10000 nodes: %d %s", r.StatusCode, b)
	}
}

// TestGracefulShutdown stops the server while a request is in flight: the
// request finishes, new connections are refused.
func TestGracefulShutdown(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "done")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewHTTPServer(ln.Addr().String(), h, nil)
	// Shutdown calls this after it has closed the listener.
	shutting := make(chan struct{})
	srv.RegisterOnShutdown(func() { close(shutting) })
	ctx, cancel := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() { runErr <- Run(ctx, srv, ln, 5*time.Second) }()
	got := make(chan string, 1)
	go func() {
		r, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(r.Body)
		got <- string(b)
	}()
	<-started
	cancel()
	<-shutting // the shutdown has begun, with the request still in flight
	close(release)
	if b := <-got; b != "done" {
		t.Errorf("the request in flight got %q", b)
	}
	if err := <-runErr; err != nil {
		t.Errorf("Run: %v", err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

func TestServerTimeouts(t *testing.T) {
	srv := NewHTTPServer(":0", http.NotFoundHandler(), nil)
	if srv.ReadTimeout == 0 || srv.WriteTimeout == 0 || srv.IdleTimeout == 0 || srv.ReadHeaderTimeout == 0 || srv.MaxHeaderBytes == 0 {
		t.Errorf("timeouts and limits not all set: %+v", srv)
	}
}

// TestOpenAPI checks that the document is JSON and describes every API
// route the server has.
func TestOpenAPI(t *testing.T) {
	s := testServer()
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(s.openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi %q", doc.OpenAPI)
	}
	for _, route := range []string{"GET /api/positions/{n}", "GET /api/random", "GET /api/identify", "GET /api/moves",
		"GET /api/play", "POST /api/play", "GET /api/perft", "POST /api/pgn", "GET /diagram.svg", "GET /diagram.png",
		"GET /api/openapi.json", "GET /healthz", "GET /api/analyse", "GET /api/engine/move", "GET /api/engine",
		"POST /api/events", "GET /api/events/{id}", "GET /api/events/{id}/standings", "GET /api/events/{id}/history",
		"POST /api/events/{id}/changes"} {
		method, path, _ := strings.Cut(route, " ")
		if doc.Paths[path][strings.ToLower(method)] == nil {
			t.Errorf("OpenAPI lacks %s", route)
		}
		// And the server has the route.
		r := httptest.NewRequest(method, strings.NewReplacer("{n}", "1", "{id}", "abc").Replace(path), nil)
		if _, pattern := s.mux.Handler(r); pattern == "" {
			t.Errorf("the server lacks %s", route)
		}
	}
}

// TestHomePageBudget adds up everything the home page loads: the page,
// the style sheet, the scripts and the icon. The budget is 100 KB.
func TestHomePageBudget(t *testing.T) {
	s := testServer()
	page := readAll(t, get(t, s, "GET", "/pos/518", nil))
	total := len(page)
	for _, m := range regexp.MustCompile(`(?:src|href)="(/s/[^"]+)"`).FindAllStringSubmatch(page, -1) {
		r := get(t, s, "GET", m[1], nil)
		if r.StatusCode != 200 {
			t.Errorf("%s: %d", m[1], r.StatusCode)
		}
		total += len(readAll(t, r))
	}
	t.Logf("home page: %d bytes in all (page %d)", total, len(page))
	if total > 100_000 {
		t.Errorf("home page loads %d bytes, over the budget of 100 KB", total)
	}
	// Gzipped, as browsers get it.
	r := httptest.NewRequest("GET", "/pos/518", nil)
	r.Header.Set("Accept-Encoding", "gzip, deflate, br")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatal("the page is not gzipped for a browser that takes it")
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if !bytes.Equal(unz, []byte(page)) {
		t.Error("the gzipped page differs")
	}
}

// TestStaticAssets: every file under /s/HASH/ is served, cached forever,
// and gzipped on request; an unknown file is a 404.
func TestStaticAssets(t *testing.T) {
	s := testServer()
	for _, name := range s.site.AssetNames() {
		r := get(t, s, "GET", s.site.AssetURL(name), nil)
		if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d %q", name, r.StatusCode, r.Header.Get("Cache-Control"))
		}
	}
	if r := get(t, s, "GET", s.site.AssetURL("nothing.js"), nil); r.StatusCode != 404 {
		t.Errorf("unknown asset: %d", r.StatusCode)
	}
}

func TestAccessLogLeavesOutTheQuery(t *testing.T) {
	var buf bytes.Buffer
	s := New(Config{Logger: newTestLogger(&buf)})
	get(t, s, "GET", "/draw?rounds=2&seed=top-secret", nil)
	if !strings.Contains(buf.String(), "path=/draw") || strings.Contains(buf.String(), "top-secret") {
		t.Errorf("access log %q", buf.String())
	}
}

func newTestLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }

// TestPlayStates checks the play page's state for each way a game ends or
// may be claimed drawn.
func TestPlayStates(t *testing.T) {
	s := testServer()
	type state struct {
		Status, Result, Claimed string
		Over, Check             bool
		Claims                  []claimView
		Legal                   []legalMove
	}
	for _, c := range []struct {
		target  string
		status  string
		over    bool
		result  string
		claims  []string // kind, or kind:SAN for an announced move
		nlegal  int
		claimed string
	}{
		{"/play/state?pos=518&moves=f3,e5,g4,Qh4", "Checkmate: Black wins (0-1)", true, "0-1", nil, 0, ""},
		{"/play/state?fen=" + url.QueryEscape("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "Stalemate: draw (½–½)", true, "1/2-1/2", nil, 0, ""},
		{"/play/state?fen=" + url.QueryEscape("7k/8/6K1/8/8/8/8/8 w - - 0 1"), "Draw: insufficient material (½–½)", true, "1/2-1/2", nil, 0, ""},
		{"/play/state?fen=" + url.QueryEscape("7k/8/6K1/8/8/8/8/R7 w - - 149 100") + "&moves=a1a2", "Draw: 75 moves without a capture or pawn move (½–½)", true, "1/2-1/2", nil, 0, ""},
		{"/play/state?pos=518&moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8", "Draw: fivefold repetition (½–½)", true, "1/2-1/2", nil, 0, ""},
		{"/play/state?pos=518&moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8", "White to move", false, "*", []string{"threefold"}, 20, ""},
		{"/play/state?pos=518&moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1", "Black to move", false, "*", []string{"threefold:Ng8"}, 20, ""},
		{"/play/state?pos=518&moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1,f6g8&claim=threefold", "Draw claimed: threefold repetition (½–½)", true, "1/2-1/2", nil, 0, "threefold"},
		{"/play/state?fen=" + url.QueryEscape("7k/8/6K1/8/8/8/8/R7 w - - 100 80"), "White to move", false, "*", []string{"fifty"}, 19, ""},
		{"/play/state?fen=" + url.QueryEscape("7k/8/6K1/8/8/8/8/R7 w - - 100 80") + "&claim=fifty", "Draw claimed: fifty-move rule (½–½)", true, "1/2-1/2", nil, 0, "fifty"},
		{"/play/state?fen=" + url.QueryEscape("7k/8/6K1/8/8/8/8/R7 w - - 99 80") + "&moves=a1a2&claim=fifty", "Draw claimed: fifty-move rule (½–½)", true, "1/2-1/2", nil, 0, "fifty"},
		{"/play/state?pos=518&moves=e4,f5,Qh5", "Black to move, in check", false, "*", nil, 1, ""},
	} {
		r := get(t, s, "GET", c.target, nil)
		b := readAll(t, r)
		if r.StatusCode != 200 {
			t.Errorf("%s: %d %s", c.target, r.StatusCode, b)
			continue
		}
		var st state
		if err := json.Unmarshal([]byte(b), &st); err != nil {
			t.Fatal(err)
		}
		var claims []string
		for _, cl := range st.Claims {
			k := cl.Kind
			if cl.SAN != "" {
				k += ":" + cl.SAN
			}
			claims = append(claims, k)
		}
		if st.Status != c.status || st.Over != c.over || st.Result != c.result || st.Claimed != c.claimed ||
			strings.Join(claims, " ") != strings.Join(c.claims, " ") || len(st.Legal) < c.nlegal || (c.nlegal == 0 && len(st.Legal) != 0) {
			t.Errorf("%s:\n got %q over=%v %s claims %v claimed %q, %d moves\nwant %q over=%v %s claims %v claimed %q, %d moves",
				c.target, st.Status, st.Over, st.Result, claims, st.Claimed, len(st.Legal), c.status, c.over, c.result, c.claims, c.claimed, c.nlegal)
		}
	}
}

// TestCastlingTargets: castling is offered on the rook's square, and on the
// king's destination only where no other king move goes there.
func TestCastlingTargets(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want string // castling entries: from-to=uci
	}{
		// Ordinary chess: e1h1 and e1g1 both castle short; e1a1 and e1c1 long.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1-a1=e1a1 e1-c1=e1a1 e1-g1=e1h1 e1-h1=e1h1"},
		// King on f1, rook h1: f1g1 is also the king's ordinary move, so O-O is
		// only king onto rook.
		{"4k3/8/8/8/8/8/8/5K1R w K - 0 1", "f1-h1=f1h1"},
		// King on g1 with the rook on h1: the king does not move, only onto the rook.
		{"4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", "g1-a1=g1a1 g1-c1=g1a1 g1-h1=g1h1"},
		// King b1, rook a1: O-O-O puts the king on c1, also an ordinary move.
		{"4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1-a1=b1a1"},
	} {
		p := chess.MustParseFEN(c.fen)
		var got []string
		for _, m := range legalMoves(p) {
			if m.Castle {
				got = append(got, m.From+"-"+m.To+"="+m.UCI)
			}
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: castling targets %v, want %s", c.fen, got, c.want)
		}
	}
}

// TestGamePageInlineScript: the game page's one inline script (the head's
// live-open.js) is allowed by the hash the Content-Security-Policy names,
// computed here from the bytes the page carries; no other inline script.
func TestGamePageInlineScript(t *testing.T) {
	s, gameID := gamePageServer(t)
	r := get(t, s, "GET", "/g/"+gameID, nil)
	b := readAll(t, r)
	scripts := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllStringSubmatch(b, -1)
	if len(scripts) != 1 || !strings.Contains(scripts[0][1], "chess960Live") {
		t.Fatalf("the game page's inline scripts: %d, want live-open.js alone", len(scripts))
	}
	sum := sha256.Sum256([]byte(scripts[0][1]))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' "+hash) {
		t.Errorf("the CSP %q does not allow the inline script (%s)", csp, hash)
	}
	if strings.Contains(b, "</script>") && strings.Count(b, "<script") != strings.Count(b, "</script>") {
		t.Error("unbalanced script tags")
	}
}

// TestGamePageScriptBudget: the live game page's own scripts (its module
// and the modules it loads, app.js aside, which every page loads, and the
// head's inline script) stay under live play's budget of 40 KB, and each
// is fetched from the start: the page names them all (modulepreload).
func TestGamePageScriptBudget(t *testing.T) {
	s, gameID := gamePageServer(t)
	page := readAll(t, get(t, s, "GET", "/g/"+gameID, nil))
	total := 0
	if m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindStringSubmatch(page); m != nil {
		total += len(m[1])
	}
	var names []string
	for _, m := range regexp.MustCompile(`(?:<script type="module" src|<link rel="modulepreload" href)="(/s/[^"]+\.js)"`).FindAllStringSubmatch(page, -1) {
		if strings.HasSuffix(m[1], "/js/app.js") {
			continue
		}
		names = append(names, m[1][strings.LastIndex(m[1], "/")+1:])
		total += len(readAll(t, get(t, s, "GET", m[1], nil)))
	}
	sort.Strings(names)
	if got := strings.Join(names, " "); got != "board.js live.js" {
		t.Errorf("the game page loads %q, want board.js and live.js", got)
	}
	t.Logf("the game page's scripts: %d bytes", total)
	if total > 40_000 {
		t.Errorf("the game page's scripts are %d bytes, over the budget of 40 KB", total)
	}
}

// gamePageServer is a server with live play's games on an SQLite file,
// and the ID of a game made on it.
func gamePageServer(t *testing.T) (*Server, string) {
	t.Helper()
	st, err := store.OpenWith(context.Background(), filepath.Join(t.TempDir(), "g.db"), store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s := New(Config{Games: livegame.NewService(st)})
	r := get(t, s, "POST", "/api/games", strings.NewReader(`{"position": "100"}`))
	var made struct{ Game struct{ ID string } }
	if err := json.NewDecoder(r.Body).Decode(&made); err != nil || r.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %v", r.StatusCode, err)
	}
	return s, made.Game.ID
}
