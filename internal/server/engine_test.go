package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/uci"
)

// fakePool is a pool of size fake engines started with the flags, each
// search capped at maxSearch.
func fakePool(t *testing.T, size int, maxSearch time.Duration, flags ...string) PoolEngine {
	t.Helper()
	p := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: testtool.FakeEngine(t), Args: flags, StopTimeout: 500 * time.Millisecond},
		Size: size, MaxSearch: maxSearch})
	t.Cleanup(func() { p.Close() })
	name, err := p.Check(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return PoolEngine{Pool: p, EngineName: name}
}

// engineServer is a server with a pool of fake engines.
func engineServer(t *testing.T, size int, maxSearch time.Duration, flags ...string) *Server {
	return New(Config{Engine: fakePool(t, size, maxSearch, flags...), EngineTime: maxSearch})
}

type apiError struct {
	Error, Code, Param string
	Status             int
}

func decodeError(t *testing.T, r *http.Response) apiError {
	t.Helper()
	var e apiError
	if err := json.Unmarshal([]byte(readAll(t, r)), &e); err != nil {
		t.Fatalf("error body: %v", err)
	}
	return e
}

const knightFEN = "k7/8/8/8/8/8/8/5NKR w H - 0 1"

func TestEngineEndpoints(t *testing.T) {
	s := engineServer(t, 2, 5*time.Second)
	// The fake plays the first legal move in UCI order at every ply and
	// scores cp 20*depth - 15*k for the side to move: Nd2 Ka7 Nb1 Ka6, +45
	// at depth 3 (as analyse's test of the same fake has it).
	r := get(t, s, "GET", "/api/analyse?fen="+url.QueryEscape(knightFEN)+"&depth=3", nil)
	body := readAll(t, r)
	want := `{"bestmove": "f1d2", "depth": 3, "lines": [{"multipv": 1, "score": {"cp": 45},
		"uci": ["f1d2", "a8a7", "d2b1", "a7a6"], "san": ["Nd2", "Ka7", "Nb1", "Ka6"]}]}`
	if r.StatusCode != 200 || !sameJSON(t, body, want) {
		t.Errorf("analyse: %d %s", r.StatusCode, body)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("analyse: Cache-Control %q", cc)
	}
	// Black to move after the moves, two lines: scores turn to White's
	// side (line 2: 20*2-30 = +10 for Black, -10 for White).
	r = get(t, s, "GET", "/api/analyse?fen="+url.QueryEscape(knightFEN)+"&moves=Nd2&depth=2&multipv=2", nil)
	body = readAll(t, r)
	want = `{"bestmove": "a8a7", "depth": 2, "lines": [
		{"multipv": 1, "score": {"cp": -25}, "uci": ["a8a7", "d2b1", "a7a6", "b1a3"], "san": ["Ka7", "Nb1", "Ka6", "Na3"]},
		{"multipv": 2, "score": {"cp": -10}, "uci": ["a8b7", "d2b1", "b7a6", "b1a3"], "san": ["Kb7", "Nb1", "Ka6", "Na3"]}]}`
	if r.StatusCode != 200 || !sameJSON(t, body, want) {
		t.Errorf("analyse multipv 2: %d %s", r.StatusCode, body)
	}
	// The engine's move; castling in the moves reaches the fake as the
	// king taking its rook (it exits on any other form).
	r = get(t, s, "GET", "/api/engine/move?fen="+url.QueryEscape("k7/8/8/8/8/8/8/6KR w H - 0 1")+"&moves=O-O,Ka7&skill=3&nodes=500", nil)
	body = readAll(t, r)
	want = `{"uci": "f1a1", "san": "Ra1+", "fen": "8/k7/8/8/8/8/8/R5K1 b - - 3 2", "depth": 3, "nodes": 300, "engine": "Fake 1.0"}`
	if r.StatusCode != 200 || !sameJSON(t, body, want) {
		t.Errorf("engine move: %d %s", r.StatusCode, body)
	}
	r = get(t, s, "GET", "/api/engine", nil)
	body = readAll(t, r)
	if r.StatusCode != 200 || !sameJSON(t, body, `{"engine": "Fake 1.0", "searches": 2, "maxMovetime": 5000, "maxDepth": 99, "maxNodes": 999999999, "maxMultipv": 5, "maxSkill": 20}`) {
		t.Errorf("engine: %d %s", r.StatusCode, body)
	}
}

func sameJSON(t *testing.T, got, want string) bool {
	t.Helper()
	var a, b any
	if err := json.Unmarshal([]byte(got), &a); err != nil {
		t.Errorf("not JSON: %v: %s", err, got)
		return false
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatalf("the test's JSON: %v", err)
	}
	return reflect.DeepEqual(a, b)
}

// TestAnalyseStream reads a streamed analysis: a line per depth, then the
// result, each the analysis object on one line.
func TestAnalyseStream(t *testing.T) {
	s := engineServer(t, 1, 5*time.Second)
	r := get(t, s, "GET", "/api/analyse?fen="+url.QueryEscape(knightFEN)+"&depth=3&stream=1", nil)
	if r.StatusCode != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("stream: %d %s", r.StatusCode, r.Header.Get("Content-Type"))
	}
	var depths []int
	var last map[string]any
	sc := bufio.NewScanner(r.Body)
	for sc.Scan() {
		var a map[string]any
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		depths = append(depths, int(a["depth"].(float64)))
		last = a
	}
	// Depths 1, 2 and 3 as they come, then the result (depth 3).
	if !reflect.DeepEqual(depths, []int{1, 2, 3, 3}) {
		t.Errorf("depths %v", depths)
	}
	b, _ := json.Marshal(last)
	if !sameJSON(t, string(b), `{"bestmove": "f1d2", "depth": 3, "lines": [{"multipv": 1, "score": {"cp": 45},
		"uci": ["f1d2", "a8a7", "d2b1", "a7a6"], "san": ["Nd2", "Ka7", "Nb1", "Ka6"]}]}`) {
		t.Errorf("last line %s", b)
	}
}

// TestEngineBusy: with the only engine searching, a request is answered
// 429 with Retry-After, never queued behind that search; the engine is
// free again after the first search.
func TestEngineBusy(t *testing.T) {
	// The fake searches until it is stopped; the cap is far beyond the
	// test, so the first search runs until it is cancelled.
	s := engineServer(t, 1, MaxEngineTime, "-slow")
	first := startSearch(t, s, "/api/analyse?pos=518&stream=1", 1)
	r := get(t, s, "GET", "/api/engine/move?pos=518&movetime=100", nil)
	e := decodeError(t, r)
	if r.StatusCode != 429 || e.Code != "busy" {
		t.Errorf("busy: %d %+v", r.StatusCode, e)
	}
	// The seconds until the running search is due to end, rounded up.
	if ra, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || ra < 1 || ra > int(MaxEngineTime/time.Second) {
		t.Errorf("Retry-After %q: want 1..%d", r.Header.Get("Retry-After"), int(MaxEngineTime/time.Second))
	}
	select {
	case <-first.done:
		t.Error("the first search ended before it was cancelled")
	default:
	}
	if code := first.stop(); code != 200 {
		t.Errorf("the first search: %d", code)
	}
	startSearch(t, s, "/api/analyse?pos=518&stream=1", 1).stop()
}

// running is a streamed analysis started by startSearch.
type running struct {
	cancel func()
	done   chan int     // the status, once the handler has returned
	w      *lineCounter // its answer (read it after done)
}

// stop cancels the request, as a client that leaves, and returns its
// status once the handler has returned.
func (r running) stop() int {
	r.cancel()
	return <-r.done
}

// startSearch starts a streamed analysis on s and returns once the
// handler has written n lines (the search is running); it runs until its
// stop (or the end of the test).
func startSearch(t *testing.T, s http.Handler, target string, n int) running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := &lineCounter{ResponseRecorder: httptest.NewRecorder(), want: n, reached: make(chan struct{})}
	r := running{cancel: cancel, done: make(chan int, 1), w: w}
	go func() {
		s.ServeHTTP(w, httptest.NewRequest("GET", target, nil).WithContext(ctx))
		r.done <- w.Code
	}()
	t.Cleanup(cancel)
	select {
	case <-w.reached:
	case code := <-r.done:
		t.Fatalf("%s: ended (%d) before %d lines: %s", target, code, n, w.Body)
	case <-time.After(time.Minute): // a guard against a hang
		t.Fatalf("%s: no %d lines", target, n)
	}
	return r
}

// lineCounter is a ResponseRecorder that closes reached at the want-th
// write (a streamed analysis writes a line at a time).
type lineCounter struct {
	*httptest.ResponseRecorder
	want, n int
	reached chan struct{}
}

func (l *lineCounter) Write(b []byte) (int, error) {
	l.n++
	if l.n == l.want {
		close(l.reached)
	}
	return l.ResponseRecorder.Write(b)
}

// within returns the answer to a request, failing the test if the handler
// has not answered within a minute: a guard against a hang, for requests
// that only a cap can end.
func within(t *testing.T, s http.Handler, target string) *http.Response {
	t.Helper()
	got := make(chan *http.Response, 1)
	go func() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		got <- w.Result()
	}()
	select {
	case r := <-got:
		return r
	case <-time.After(time.Minute):
		t.Fatalf("%s: no answer: the search was not stopped", target)
		return nil
	}
}

// TestEngineTimeCap: a search that would not end (the fake with -slow
// searches until it is told to stop) is stopped at the time cap and
// answered with what the engine found; an engine that ignores stop is
// killed and the answer is a 503.
func TestEngineTimeCap(t *testing.T) {
	s := engineServer(t, 1, 400*time.Millisecond, "-slow")
	r := within(t, s, "/api/analyse?pos=518&depth=2")
	body := readAll(t, r)
	if r.StatusCode != 200 || !strings.Contains(body, `"bestmove": "a2a3"`) {
		t.Errorf("capped search: %d %s", r.StatusCode, body)
	}
	// The server's own cap holds when the pool's would never come.
	s = New(Config{Engine: fakePool(t, 1, time.Hour, "-slow"), EngineTime: 300 * time.Millisecond})
	r = within(t, s, "/api/engine/move?pos=518&depth=5")
	body = readAll(t, r)
	if r.StatusCode != 200 || !strings.Contains(body, `"uci": "a2a3"`) {
		t.Errorf("server cap: %d %s", r.StatusCode, body)
	}
	// Ignoring stop: killed after the stop timeout (500ms here).
	s = engineServer(t, 1, 300*time.Millisecond, "-hang")
	r = within(t, s, "/api/analyse?pos=518&depth=2")
	e := decodeError(t, r)
	if r.StatusCode != 503 || e.Code != "engineFailed" || r.Header.Get("Retry-After") == "" {
		t.Errorf("hung engine: %d %+v", r.StatusCode, e)
	}
}

// TestEngineFailures: an engine that crashes mid-search, or says an
// illegal move, is the server's failure: 503 with Retry-After and a JSON
// error, without the engine's stderr (it goes to the log).
func TestEngineFailures(t *testing.T) {
	for _, c := range []struct {
		flags []string
		words string
		log   string
	}{
		{[]string{"-crash"}, "engine exited", "segmentation fault (planted)"},
		{[]string{"-bestmove", "e2e5"}, "illegal move from the engine", `bestmove \"e2e5\"`},
	} {
		var logs bytes.Buffer
		s := New(Config{Engine: fakePool(t, 1, 5*time.Second, c.flags...), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		for _, target := range []string{"/api/analyse?pos=518&depth=3", "/api/engine/move?pos=518", "/api/analyse?pos=518&depth=3"} {
			r := get(t, s, "GET", target, nil)
			e := decodeError(t, r)
			if r.StatusCode != 503 || e.Code != "engineFailed" || r.Header.Get("Retry-After") != "1" || !strings.Contains(e.Error, c.words) {
				t.Errorf("%v %s: %d %+v", c.flags, target, r.StatusCode, e)
			}
			if strings.Contains(e.Error, "planted") || strings.Contains(e.Error, "stderr") {
				t.Errorf("%v: the answer shows the engine's stderr: %s", c.flags, e.Error)
			}
		}
		if !strings.Contains(logs.String(), c.log) {
			t.Errorf("%v: the log lacks %q:\n%s", c.flags, c.log, logs.String())
		}
	}
	// A crash after the stream began: the lines so far, then the error.
	s := engineServer(t, 1, 5*time.Second, "-crash")
	r := get(t, s, "GET", "/api/analyse?pos=518&depth=3&stream=1", nil)
	lines := strings.Split(strings.TrimSpace(readAll(t, r)), "\n")
	if r.StatusCode != 200 || len(lines) != 2 || !strings.Contains(lines[0], `"depth":1`) || !strings.Contains(lines[1], `"code":"engineFailed"`) {
		t.Errorf("crash in a stream: %d %q", r.StatusCode, lines)
	}
}

// TestEngineClientGone: a client that leaves stops its search, and the
// engine serves the next request.
func TestEngineClientGone(t *testing.T) {
	// The fake prints depths 1 to 3 and searches until it is stopped; no
	// cap comes within the test.
	s := engineServer(t, 1, MaxEngineTime, "-slow")
	search := startSearch(t, s, "/api/analyse?pos=518&depth=3&stream=1", 3)
	search.stop()
	// Stopped by the client's leaving, not by a cap: no result line after
	// the three depths.
	if body := search.w.Body.String(); strings.Count(body, "\n") != 3 {
		t.Errorf("after the client left: %q", body)
	}
	next := startSearch(t, s, "/api/analyse?pos=518&stream=1", 1)
	if code := next.stop(); code != 200 {
		t.Errorf("next request: %d", code)
	}
}

// TestEngineBadInput: every bad input is a 4xx naming the input; none
// reaches the engine.
func TestEngineBadInput(t *testing.T) {
	s := engineServer(t, 1, 2*time.Second)
	q := url.QueryEscape
	for _, c := range []struct {
		target string
		status int
		param  string
		words  string
	}{
		{"/api/analyse", 400, "fen", "missing fen"},
		{"/api/analyse?pos=961", 400, "pos", "961"},
		{"/api/analyse?fen=" + q("8/8/8/8/8/8/8/8 w - - 0 1"), 400, "fen", ""},
		{"/api/analyse?pos=518&moves=e4,e5,Ke3", 400, "moves", `moves: move 3 "Ke3": illegal move`},
		{"/api/analyse?fen=startpos&moves=f3,e5,g4,Qh4", 400, "moves", "nothing to analyse, the game is over: 0-1 (checkmate)"},
		{"/api/analyse?fen=" + q("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), 400, "fen", "the game is over"},
		{"/api/engine/move?fen=" + q("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 400, "fen", "no move to play, the game is over: 1/2-1/2 (stalemate)"},
		// More material than engines hold: played by the rules, but not
		// sent to an engine (Stockfish crashes past 16 of a kind).
		{"/api/analyse?fen=" + q("NNNNNNNN/NNNNNNNN/8/8/8/8/8/k1K5 w - - 0 1"), 422, "", "engines take at most 16 pieces and 8 pawns a side"},
		{"/api/engine/move?fen=" + q("4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1"), 422, "", "white has 17 pieces and 16 pawns"},
		{"/api/analyse?pos=518&depth=0", 400, "depth", "out of range"},
		{"/api/analyse?pos=518&depth=100", 400, "depth", "1..99"},
		{"/api/analyse?pos=518&depth=x", 400, "depth", "not a whole number"},
		{"/api/analyse?pos=518&nodes=-5", 400, "nodes", "out of range"},
		{"/api/analyse?pos=518&movetime=2001", 422, "movetime", "cap of 2000 ms"},
		{"/api/analyse?pos=518&depth=3&nodes=5", 400, "nodes", "not depth and nodes"},
		{"/api/analyse?pos=518&multipv=6", 400, "multipv", "1..5"},
		{"/api/analyse?pos=518&stream=maybe", 400, "stream", ""},
		{"/api/analyse?pos=518&skill=3", 400, "skill", "unknown parameter"},
		{"/api/engine/move?pos=518&skill=21", 400, "skill", "0..20"},
		{"/api/engine/move?pos=518&skill=-1", 400, "skill", "0..20"},
		{"/api/engine/move?pos=518&multipv=2", 400, "multipv", "unknown parameter"},
		{"/api/engine/move?pos=518&moves=" + strings.Repeat("e4,", 3000), 400, "moves", "too long"},
		{"/api/engine?x=1", 400, "x", "unknown parameter"},
	} {
		r := get(t, s, "GET", c.target, nil)
		e := decodeError(t, r)
		if r.StatusCode != c.status || e.Param != c.param || !strings.Contains(e.Error, c.words) {
			short := c.target
			if len(short) > 100 {
				short = short[:100]
			}
			t.Errorf("%s: %d %+v; want %d, param %q, %q", short, r.StatusCode, e, c.status, c.param, c.words)
		}
	}
	if n := s.cfg.Engine.(PoolEngine).Running(); n != 0 {
		t.Errorf("%d searches running", n)
	}
	// Without an engine: 404, saying how to get one.
	s = testServer()
	for _, target := range []string{"/api/analyse?pos=518", "/api/engine/move?pos=518", "/api/engine"} {
		r := get(t, s, "GET", target, nil)
		e := decodeError(t, r)
		if r.StatusCode != 404 || e.Code != "noEngine" || !strings.Contains(e.Error, "chess960 serve --engine") {
			t.Errorf("%s without an engine: %d %+v", target, r.StatusCode, e)
		}
	}
}

// TestPlayPageEngine: the play page against the engine without
// JavaScript: a move played through the form gets the engine's reply in
// the redirect, the engine's first move is asked for with go=1, undo goes
// back to the player's turn, and the board shows the player's side at the
// bottom.
func TestPlayPageEngine(t *testing.T) {
	s := engineServer(t, 1, 2*time.Second)
	// The fake replies with the first legal move in UCI order: a7a5 after
	// e4, a2a3 in the start position.
	for _, c := range []struct{ target, location string }{
		{"/play?pos=518&engine=black&skill=3&move=e4", "/play?pos=518&moves=e2e4,a7a5&engine=black&skill=3"},
		{"/play?pos=518&engine=white&nodes=100&go=1", "/play?pos=518&moves=a2a3&engine=white&nodes=100"},
		{"/play?pos=518&moves=e2e4,a7a5&ply=0&engine=black&analysis=1&move=d4", "/play?pos=518&moves=d2d4,a7a5&engine=black&analysis=1"},
		// A game that ends with the player's move: no reply asked.
		{"/play?fen=startpos&moves=f3,e5,g4&engine=white&move=Qh4", "/play?pos=518&moves=f2f3,e7e5,g2g4,d8h4&engine=white"},
	} {
		r := get(t, s, "GET", c.target, nil)
		if loc := r.Header.Get("Location"); r.StatusCode != 303 || loc != c.location {
			t.Errorf("%s: %d to %q, want %q", c.target, r.StatusCode, loc, c.location)
		}
	}
	for _, c := range []struct {
		target string
		status int
		words  []string
	}{
		{"/play?pos=518&moves=e2e4,a7a5,d2d4,a5a4&engine=black&skill=3", 200, []string{
			`href="/play?pos=518&amp;moves=e2e4,a7a5,d2d4,a5a4&amp;ply=2&amp;engine=black&amp;skill=3" id="undo"`,
			"Fake 1.0 plays Black (skill 3, 1 s a move)", "Your move.", `id="engine-stop"`, `data-orientation="white"`}},
		{"/play?pos=518&engine=white&nodes=1000", 200, []string{"Fake 1.0 plays White (full strength, 1,000 nodes a move)",
			"Ask the engine to move", `name="go" value="1"`, `data-orientation="black"`, `href="/play?pos=518&amp;engine=white&amp;nodes=1000" id="undo" title="Undo: one move back (←)" aria-label="Undo (one move back)" aria-disabled="true"`}},
		{"/play?pos=518&engine=white&flip=1", 200, []string{`data-orientation="white"`}},
		{"/play?pos=518&moves=e4", 200, []string{`id="engine-form"`, `name="engine" value="white" id="side-black" checked`, `<option value="5" selected>5</option>`}},
		{"/play?pos=518&moves=e2e4,a7a5&engine=black&analysis=1", 200, []string{`id="analysis" aria-labelledby="analysis-title">`, "Hide analysis", "/api/analyse?pos=518&amp;moves=e2e4,a7a5"}},
		{"/play?pos=518&engine=white&move=e4", 400, []string{"it is the engine&#39;s move"}},
		{"/play?pos=518&moves=e4&engine=white&go=1", 400, []string{"not the engine&#39;s move"}},
		{"/play?pos=518&engine=purple", 400, []string{"want white or black"}},
		{"/play?pos=518&engine=black&skill=21", 400, []string{"0..20"}},
		{"/play?pos=518&engine=black&nodes=0", 400, []string{"out of range"}},
		{"/play?pos=518&engine=black&skill=&nodes=", 200, []string{"Fake 1.0 plays Black (full strength, 1 s a move)"}},
	} {
		r := get(t, s, "GET", c.target, nil)
		b := readAll(t, r)
		if r.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", c.target, r.StatusCode, c.status)
		}
		for _, w := range c.words {
			if !strings.Contains(b, w) {
				t.Errorf("%s: the page lacks %q", c.target, w)
			}
		}
	}
	// Busy: the player's move is kept, and the page offers to ask again;
	// asking again says the engine is busy (429, Retry-After).
	busy := engineServer(t, 1, MaxEngineTime, "-slow")
	defer startSearch(t, busy, "/api/analyse?pos=518&stream=1", 1).stop()
	r := get(t, busy, "GET", "/play?pos=518&engine=black&move=e4", nil)
	if loc := r.Header.Get("Location"); r.StatusCode != 303 || loc != "/play?pos=518&moves=e2e4&engine=black" {
		t.Errorf("busy: %d %q", r.StatusCode, loc)
	}
	r = get(t, busy, "GET", "/play?pos=518&moves=e2e4&engine=black&go=1", nil)
	if b := readAll(t, r); r.StatusCode != 429 || r.Header.Get("Retry-After") == "" || !strings.Contains(b, "busy") || !strings.Contains(b, "Ask the engine to move") {
		t.Errorf("busy go: %d %q", r.StatusCode, r.Header.Get("Retry-After"))
	}
	// Without an engine on the server the game still plays, and the page
	// says how to get one.
	r = get(t, testServer(), "GET", "/play?pos=518&engine=black&move=e4", nil)
	if loc := r.Header.Get("Location"); loc != "/play?pos=518&moves=e2e4&engine=black" {
		t.Errorf("no engine: %d %q", r.StatusCode, loc)
	}
	r = get(t, testServer(), "GET", "/play?pos=518&moves=e2e4&engine=black", nil)
	if b := readAll(t, r); r.StatusCode != 200 || !strings.Contains(b, "<code>chess960 serve</code> finds Stockfish when it is installed") {
		t.Errorf("no engine: %d", r.StatusCode)
	}
}

// TestEngineHostileInputs sends the engine endpoints and the play page what
// an attacker would, with a real (fake) engine behind them: a 4xx or a
// redirect every time, never a 5xx, and no search left running.
func TestEngineHostileInputs(t *testing.T) {
	s := engineServer(t, 1, time.Second)
	huge := strings.Repeat("A", 9000)
	q := url.QueryEscape
	for _, target := range []string{
		"/api/analyse?fen=" + huge, "/api/analyse?pos=518&moves=" + huge, "/api/analyse?pos=518&depth=" + huge,
		"/api/analyse?pos=518&depth=99999999999", "/api/analyse?pos=518&nodes=1e9", "/api/analyse?pos=518&movetime=-1",
		"/api/analyse?pos=518&multipv=0", "/api/analyse?pos=518&multipv=5&stream=2", "/api/analyse?pos=518&depth=1&depth=2",
		"/api/analyse?fen=" + q("kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1"), "/api/analyse?fen=" + q("<script>alert(1)</script>"),
		"/api/analyse?pos=518&moves=" + q("e4,\x00,e5"), "/api/analyse?pos=518&moves=" + q("e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8"),
		"/api/engine/move?pos=518&skill=" + huge, "/api/engine/move?pos=518&skill=%FF", "/api/engine/move?pos=518&skill=1&skill=2",
		"/api/engine/move?fen=" + q("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "/api/engine/move?pos=518&moves=" + q("f3,e5,g4,Qh4"),
		"/api/engine/move?fen=" + q("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "/api/engine/move?pos=518&nodes=0&depth=0",
		"/api/engine?x", "/api/engine/", "/api/engine/move/x", "/api/analyse/../engine",
		"/play?pos=518&engine=" + huge, "/play?pos=518&engine=black&skill=" + q("<b>"), "/play?pos=518&engine=black&go=yes%20please",
		"/play?pos=518&moves=f3,e5,g4,Qh4&engine=white&go=1", "/play?pos=518&engine=black&move=" + q("<script>"),
		"/play/state?pos=518&engine=blue", "/play.pgn?pos=518&engine=black&nodes=-1",
		"/draw?rounds=2&seed=x&balanced=" + huge, "/gallery?balanced=%00", "/api/random?balanced=1&balanced=2",
	} {
		r := get(t, s, "GET", target, nil)
		b := readAll(t, r)
		short := target
		if len(short) > 90 {
			short = short[:90] + "..."
		}
		if r.StatusCode >= 500 || r.StatusCode < 300 {
			t.Errorf("%s: %d, want 3xx or 4xx: %.200s", short, r.StatusCode, b)
		}
		if strings.Contains(b, "<script>") || strings.Contains(b, "<b>") || strings.Contains(b, strings.Repeat("A", 1000)) {
			t.Errorf("%s: the answer echoes the input unescaped or whole", short)
		}
	}
	if n := s.cfg.Engine.(PoolEngine).Running(); n != 0 {
		t.Errorf("%d searches left running", n)
	}
}
