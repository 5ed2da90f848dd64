package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/uci"
	"github.com/coder/websocket"
)

// TestAPIEqualsCLI sweeps many more inputs than TestContract: each API
// endpoint answers, byte for byte, what the matching command prints with
// --json for the same input, and each picture is the svg command's. Both
// build their answers with internal/api, so this shows that they read the
// same inputs alike; what the answers hold is checked by TestContract
// against files written without the project's code. Perft's time and speed
// are left out of the comparison.
func TestAPIEqualsCLI(t *testing.T) {
	h := server.New(server.Config{})
	fens := []string{
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1",
		"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
	}
	type pair struct {
		api string
		cli []string
	}
	var cases []pair
	for _, n := range []string{"0", "518", "959", "960", "SP-7"} {
		cases = append(cases, pair{"/api/positions/" + url.PathEscape(n), []string{"pos", n, "--json"}})
	}
	for _, n := range []string{"1", "359", "960"} {
		cases = append(cases, pair{"/api/positions/" + n + "?fritz9=1", []string{"pos", n, "--fritz9", "--json"}})
	}
	cases = append(cases,
		pair{"/api/random?count=3&seed=Round%201", []string{"random", "--count", "3", "--seed", "Round 1", "--json"}},
		pair{"/api/random?count=12&seed=x&unique=1&exclude=518,0-9", []string{"random", "--count", "12", "--seed", "x", "--unique", "--exclude", "518,0-9", "--json"}},
		pair{"/api/random?seed=", []string{"random", "--seed", "", "--json"}},
		pair{"/api/random?count=960&seed=all&unique=1", []string{"random", "--count", "960", "--seed", "all", "--unique", "--json"}},
		pair{"/api/random?count=5&seed=Round%201&unique=1&balanced=20", []string{"random", "--count", "5", "--seed", "Round 1", "--unique", "--balanced", "20", "--json"}},
		pair{"/api/random?count=200&seed=b&unique=1&exclude=0-99,518&balanced=30", []string{"random", "--count", "200", "--seed", "b", "--unique", "--exclude", "0-99,518", "--balanced", "30", "--json"}},
		pair{"/api/identify?q=RKRNNQBB", []string{"id", "RKRNNQBB", "--json"}},
		pair{"/api/identify?q=rnbqkbnr", []string{"id", "rnbqkbnr", "--json"}},
		pair{"/api/identify?q=" + url.QueryEscape("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"), []string{"id", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "--json"}},
	)
	for _, f := range append(fens, "518", "startpos", "RKRNNQBB") {
		q := url.QueryEscape(f)
		cases = append(cases,
			pair{"/api/moves?fen=" + q, []string{"moves", f, "--json"}},
			pair{"/api/moves?fen=" + q + "&standard=1", []string{"moves", f, "--standard", "--json"}},
			pair{"/api/play?fen=" + q, []string{"play", f, "--json"}},
		)
	}
	for _, f := range fens {
		q := url.QueryEscape(f)
		cases = append(cases,
			pair{"/api/perft?fen=" + q + "&depth=2&divide=1", []string{"perft", "--fen", f, "--depth", "2", "--divide", "--threads", "1", "--json"}},
			pair{"/api/perft?fen=" + q + "&depth=3", []string{"perft", "--fen", f, "--depth", "3", "--threads", "1", "--json"}},
		)
	}
	cases = append(cases,
		pair{"/api/play?fen=0&moves=Ne3,Ne6,Nd3,Nd6,b3,b6,Qb2,Qb7,O-O-O", []string{"play", "0", "Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O", "--json"}},
		pair{"/api/play?fen=0&moves=Ne3,Ne6,Nd3,Nd6,b3,b6,Qb2,Qb7,O-O-O&castling=shredder", []string{"play", "0", "Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O", "--castling", "shredder", "--json"}},
		pair{"/api/play?fen=startpos&moves=f3,e5,g4,Qh4", []string{"play", "startpos", "f3", "e5", "g4", "Qh4", "--json"}},
		pair{"/api/play?fen=518&moves=Nf3,Nf6,Ng1,Ng8,Nf3,Nf6,Ng1,Ng8", []string{"play", "518", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "--json"}},
		pair{"/api/play?fen=250&moves=d2d4,d7d5,d1d3,d8d6,c1b1", []string{"play", "250", "d2d4", "d7d5", "d1d3", "d8d6", "c1b1", "--json"}},
		pair{"/api/perft?pos=518&depth=4", []string{"perft", "--pos", "518", "--depth", "4", "--threads", "1", "--json"}},
		pair{"/api/perft?pos=0&depth=0", []string{"perft", "--pos", "0", "--depth", "0", "--threads", "1", "--json"}},
		pair{"/api/perft?fen=" + url.QueryEscape("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1") + "&depth=2&divide=1", []string{"perft", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1", "--depth", "2", "--divide", "--threads", "1", "--json"}},
	)
	// Pictures: the svg command's output for the same flags.
	for _, c := range []struct{ q, args string }{
		{"pos=518", "518"},
		{"pos=0&flip=1&size=200&coords=1", "0 --flip --size 200 --coords"},
		{"fen=" + url.QueryEscape("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1") + "&highlight=e1,h1&arrow=e1g1,d5e6&theme=dark",
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|--highlight|e1,h1|--arrow|e1g1,d5e6|--theme|dark"},
		{"fen=" + url.QueryEscape("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2") + "&last-move=e7e5", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2|--last-move|e7e5"},
	} {
		args := strings.Fields(c.args)
		if strings.Contains(c.args, "|") {
			args = strings.Split(c.args, "|")
		}
		for _, format := range []string{"svg", "png"} {
			r := httptest.NewRequest("GET", "/diagram."+format+"?"+c.q, nil)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			out, errOut, code := call(t, "", append(append([]string{"svg"}, args...), "--format", format)...)
			if code != 0 || w.Code != 200 {
				t.Errorf("/diagram.%s?%s: %d; chess960 svg %q: exit %d %s", format, c.q, w.Code, args, code, errOut)
				continue
			}
			if w.Body.String() != out {
				t.Errorf("/diagram.%s?%s differs from chess960 svg %q --format %s (%d and %d bytes)", format, c.q, args, format, w.Body.Len(), len(out))
			}
		}
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.api, nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		out, errOut, code := call(t, "", c.cli...)
		if code != 0 {
			t.Errorf("chess960 %q: exit %d: %s", c.cli, code, errOut)
			continue
		}
		if w.Code != 200 {
			t.Errorf("GET %s: %d %s", c.api, w.Code, w.Body)
			continue
		}
		api, cli := perftTiming.ReplaceAllString(w.Body.String(), `"$1": T`), perftTiming.ReplaceAllString(out, `"$1": T`)
		if api != cli {
			t.Errorf("GET %s differs from chess960 %q:\napi:\n%s\ncli:\n%s", c.api, c.cli, api, cli)
		}
	}
	// POST /api/play answers as GET does.
	body := `{"fen": "0", "moves": ["Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O"]}`
	r := httptest.NewRequest("POST", "/api/play", strings.NewReader(body))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	out, _, _ := call(t, "", "play", "0", "Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O", "--json")
	if w.Body.String() != out {
		t.Errorf("POST /api/play:\n%s\nCLI:\n%s", w.Body, out)
	}
	// POST /api/pgn answers what pgn --json prints (NDJSON), a game with an
	// error included.
	games := "[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR w KQkq - 0 1\"]\n\n" +
		"1. d4 d5 2. Qd3 Qd6 3. O-O-O {castles, king stays} Nf6 (3... Nc6 4. e4) *\n\n1. e4 e5 2. Ke3 *\n\n" +
		"[White \"<b>\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	r = httptest.NewRequest("POST", "/api/pgn", strings.NewReader(games))
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	out, _, _ = call(t, games, "pgn", "--json")
	if w.Code != 200 || w.Body.String() != out || strings.Count(out, "\n") != 3 {
		t.Errorf("POST /api/pgn: %d\n%s\npgn --json:\n%s", w.Code, w.Body, out)
	}
	// An unseeded draw has the same shape.
	r = httptest.NewRequest("GET", "/api/random?count=2", nil)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	out, _, _ = call(t, "", "random", "--count", "2", "--json")
	var a, b map[string]any
	if json.Unmarshal(w.Body.Bytes(), &a) != nil || json.Unmarshal([]byte(out), &b) != nil {
		t.Fatalf("unseeded draws: %s / %s", w.Body, out)
	}
	pa, _ := a["positions"].([]any)
	pb, _ := b["positions"].([]any)
	if !reflect.DeepEqual(keys(a), keys(b)) || len(pa) != 2 || len(pb) != 2 || !reflect.DeepEqual(keys(pa[0].(map[string]any)), keys(pb[0].(map[string]any))) {
		t.Errorf("unseeded draw: %s\nCLI: %s", w.Body, out)
	}
	delete(a, "positions")
	delete(b, "positions")
	if !reflect.DeepEqual(a, b) {
		t.Errorf("unseeded draw options %v, CLI %v", a, b)
	}
}

// TestAnalyseAPIEqualsCLI: GET /api/analyse answers what analyse --json
// prints for the same position, moves and limits: byte for byte with the
// fake engine, and with Stockfish at a node limit (one thread, a new game
// each time: deterministic).
func TestAnalyseAPIEqualsCLI(t *testing.T) {
	t.Run("fake", func(t *testing.T) { analyseAPIEqualsCLI(t, fakeEngine(t)) })
	t.Run("stockfish", func(t *testing.T) { analyseAPIEqualsCLI(t, stockfishPath(t)) })
}

func analyseAPIEqualsCLI(t *testing.T, eng string) {
	pool := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: eng}, Size: 1, MaxSearch: 10 * time.Second})
	defer pool.Close()
	name, err := pool.Check(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	h := server.New(server.Config{Engine: server.PoolEngine{Pool: pool, EngineName: name}, EngineTime: 10 * time.Second})
	type pair struct {
		api string
		cli []string
	}
	fen := "k7/8/8/8/8/8/8/5NKR w H - 0 1"
	cases := []pair{
		{"/api/analyse?fen=" + url.QueryEscape(fen) + "&depth=3", []string{"analyse", fen, "--depth", "3"}},
		{"/api/analyse?fen=" + url.QueryEscape(fen) + "&moves=Nd2&depth=2&multipv=2", []string{"analyse", fen, "--moves", "Nd2", "--depth", "2", "--multipv", "2"}},
		{"/api/analyse?pos=250&moves=d4,d5,Qd3,Qd6&nodes=20000", []string{"analyse", "250", "--moves", "d4,d5,Qd3,Qd6", "--nodes", "20000"}},
		{"/api/analyse?fen=518&nodes=30000&multipv=3", []string{"analyse", "518", "--nodes", "30000", "--multipv", "3"}},
		{"/api/analyse?fen=" + url.QueryEscape("1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1") + "&nodes=5000", []string{"analyse", "1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "--nodes", "5000"}},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", c.api, nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		out, errOut, code := call(t, "", append(c.cli, "--engine", eng, "--json")...)
		if code != 0 || w.Code != 200 {
			t.Errorf("%s: %d %s; chess960 %q: exit %d %s", c.api, w.Code, w.Body, c.cli, code, errOut)
			continue
		}
		if w.Body.String() != out {
			t.Errorf("%s (%s) differs from chess960 %q:\napi:\n%s\ncli:\n%s", c.api, name, c.cli, w.Body, out)
		}
	}
}

// TestAPIErrorsEqualCLI: where the API and a command refuse the same input
// for the same reason, they say the same thing: the command's message after
// its "chess960 CMD: " prefix, and api.Code's code.
func TestAPIErrorsEqualCLI(t *testing.T) {
	pool := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: fakeEngine(t)}})
	defer pool.Close()
	h := server.New(server.Config{Engine: server.PoolEngine{Pool: pool, EngineName: "Fake 1.0"}})
	fake := fakeEngine(t)
	for _, c := range []struct {
		api string
		cli []string
	}{
		{"/api/positions/961", []string{"pos", "961"}},
		{"/api/positions/-1", []string{"pos", "-1"}},
		{"/api/positions/0?fritz9=1", []string{"pos", "0", "--fritz9"}},
		{"/api/identify?q=RNBQBKNR", []string{"id", "RNBQBKNR"}},
		{"/api/identify?q=RNBQKBN", []string{"id", "RNBQKBN"}},
		{"/api/identify?q=" + url.QueryEscape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), []string{"id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"}},
		{"/api/moves?fen=961", []string{"moves", "961"}},
		{"/api/moves?fen=RNBQBKNR", []string{"moves", "RNBQBKNR"}},
		{"/api/moves?fen=" + url.QueryEscape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w BQkq - 0 1"), []string{"moves", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w BQkq - 0 1"}},
		{"/api/play?fen=518&moves=e4,e5,Ke3", []string{"play", "518", "e4", "e5", "Ke3"}},
		{"/api/play?fen=startpos&moves=f3,e5,g4,Qh4,a3", []string{"play", "startpos", "f3", "e5", "g4", "Qh4", "a3"}},
		{"/api/random?exclude=0-959", []string{"random", "--exclude", "0-959"}},
		{"/api/analyse?fen=518&moves=e4,e5,Ke3", []string{"analyse", "518", "--moves", "e4,e5,Ke3", "--engine", fake}},
		{"/api/analyse?fen=startpos&moves=f3,e5,g4,Qh4", []string{"analyse", "startpos", "--moves", "f3,e5,g4,Qh4", "--engine", fake}},
		{"/api/analyse?fen=" + url.QueryEscape("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), []string{"analyse", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "--engine", fake}},
		{"/api/analyse?fen=961", []string{"analyse", "961", "--engine", fake}},
	} {
		r := httptest.NewRequest("GET", c.api, nil)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		_, errOut, code := call(t, "", c.cli...)
		if code != 1 || w.Code != 400 {
			t.Errorf("%s: status %d, chess960 %q exit %d", c.api, w.Code, c.cli, code)
			continue
		}
		var e struct{ Error, Code string }
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		cli := strings.TrimSpace(errOut)
		cli = cli[strings.Index(cli, ": ")+2:]
		cli = strings.TrimPrefix(cli, "--")
		if e.Error != cli {
			t.Errorf("GET %s says\n  %s\nchess960 %q says\n  %s", c.api, e.Error, c.cli, cli)
		}
		if e.Code == "" {
			t.Errorf("GET %s: no code", c.api)
		}
	}
}

func keys(m map[string]any) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return k
}

// TestServeCommand runs serve in-process on a free port, asks it a
// question, and stops it as SIGINT would.
func TestServeCommand(t *testing.T) {
	base, before, stop := startServe(t, "--log", "json", "--engine", "none")
	if len(before) != 1 || before[0] != "chess960: no engine (--engine none): engine play and analysis are off\n" {
		t.Fatalf("lines before serving: %q", before)
	}
	resp, err := http.Get(base + "/api/positions/518")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want, _, _ := call(t, "", "pos", "518", "--json")
	if string(b) != want {
		t.Errorf("served %q, want %q", b, want)
	}
	stop()
	// Bad flags.
	if _, errOut, code := call(t, "", "serve", "--log", "xml"); code != 1 || !strings.Contains(errOut, `--log "xml"`) {
		t.Errorf("--log xml: %d %q", code, errOut)
	}
	if _, errOut, code := call(t, "", "serve", "--addr", "nonsense:port:x"); code != 1 || !strings.Contains(errOut, "--addr") {
		t.Errorf("bad --addr: %d %q", code, errOut)
	}
	if _, _, code := call(t, "", "serve", "extra"); code != 2 {
		t.Errorf("serve extra: exit %d, want 2", code)
	}
}

// TestServeEngine: serve --engine starts the engine pool (failing at once
// on a wrong path) and answers the engine endpoints.
func TestServeEngine(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--engine", "/no/such/engine"}, 1, `--engine "/no/such/engine": start: cannot start engine`},
		{[]string{"serve", "--engine", "/bin/true"}, 1, `--engine "/bin/true": handshake: engine exited`},
		{[]string{"serve", "--engine", fakeEngine(t), "--engine-time", "50"}, 1, `--engine-time "50": out of range: must be 100..20000`},
		{[]string{"serve", "--engine", fakeEngine(t), "--engine-searches", "0"}, 1, `--engine-searches "0": out of range: must be 1..64`},
		{[]string{"serve", "--engine", "none", "--engine-searches", "2"}, 2, "--engine-searches and --engine-time set the engine, and --engine none turns it off"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d %q", c.args, code, errOut)
		}
	}
	eng := fakeEngine(t)
	base, before, stop := startServe(t, "--log", "off", "--engine", eng, "--engine-searches", "2", "--engine-time", "1500")
	if want := "chess960: engine Fake 1.0 at " + eng + " (2 searches at once, 1500 ms each at most)\n"; len(before) != 1 || before[0] != want {
		t.Errorf("start-up lines %q, want %q", before, want)
	}
	resp, err := http.Get(base + "/api/engine")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"searches": 2`) || !strings.Contains(string(b), `"maxMovetime": 1500`) {
		t.Errorf("/api/engine: %s", b)
	}
	stop()
}

// TestServeFindsEngine: without --engine, serve looks for stockfish on the
// PATH (then at the Debian path, replaced here by one that does not
// exist), enables engine play when it finds one and says which; says so
// when it finds none; and --engine none turns it off.
func TestServeFindsEngine(t *testing.T) {
	saved := defaultEngines
	defer func() { defaultEngines = saved }()
	defaultEngines = []string{"stockfish", filepath.Join(t.TempDir(), "games", "stockfish")}
	dir := t.TempDir()
	sf := fakeEngineAt(t, filepath.Join(dir, "stockfish"), "-name", "Stockfish 99 (fake)")
	engineAPI := func(base string) (int, string) {
		resp, err := http.Get(base + "/api/engine")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, c := range []struct {
		name, path string
		flags      []string
		line       string // before "serving on"
		status     int
		body       string // in /api/engine's answer
	}{
		{"on the PATH", dir, []string{"--engine-searches", "2"}, "chess960: engine Stockfish 99 (fake) at " + sf + " (2 searches at once, 5000 ms each at most)\n", 200, `"engine": "Stockfish 99 (fake)"`},
		{"none found", "", nil, "chess960: no engine found (stockfish is not on PATH nor at /usr/games/stockfish): engine play and analysis are off; install Stockfish (Debian: apt-get install stockfish) or give --engine PATH\n",
			404, `"code": "noEngine"`},
		{"--engine none", dir, []string{"--engine", "none"}, "chess960: no engine (--engine none): engine play and analysis are off\n", 404, `"code": "noEngine"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("PATH", c.path)
			base, before, stop := startServe(t, append([]string{"--log", "off"}, c.flags...)...)
			defer stop()
			if len(before) != 1 || before[0] != c.line {
				t.Errorf("lines before serving: %q, want %q", before, c.line)
			}
			if status, body := engineAPI(base); status != c.status || !strings.Contains(body, c.body) {
				t.Errorf("/api/engine: %d %s", status, body)
			}
		})
	}
	// Engine settings with no engine to be found are an error.
	t.Setenv("PATH", "")
	_, errOut, code := call(t, "", "serve", "--engine-time", "1000")
	if code != 1 || errOut != "chess960 serve: --engine-searches and --engine-time set the engine, but there is none: stockfish is not on PATH nor at /usr/games/stockfish; install it (Debian: apt-get install stockfish) or give --engine PATH\n" {
		t.Errorf("--engine-time without an engine: %d %q", code, errOut)
	}
	// An engine found that does not work stops serve, saying how to go on.
	broken := filepath.Join(t.TempDir(), "stockfish")
	os.WriteFile(broken, []byte("#!/bin/sh\nexit 3\n"), 0o755)
	t.Setenv("PATH", filepath.Dir(broken))
	_, errOut, code = call(t, "", "serve")
	if code != 1 || !strings.Contains(errOut, `chess960 serve: engine "`+broken+`" (found on its own; give --engine PATH, or --engine none to serve without one): handshake: engine exited`) {
		t.Errorf("a broken engine found: %d %q", code, errOut)
	}
}

// startServe runs serve in-process on a free port with the extra flags,
// and returns its address, the lines it wrote before "serving on", and a
// func that stops it as SIGINT would (see stopServe). What it writes after
// is read and dropped.
func startServe(t *testing.T, flags ...string) (base string, before []string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	old := serveContext
	serveContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { serveContext = old })
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := run(append([]string{"serve", "--addr", "127.0.0.1:0"}, flags...), strings.NewReader(""), io.Discard, pw)
		pw.Close()
		done <- code
	}()
	rd := bufio.NewReader(pr)
	for base == "" {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if m := regexp.MustCompile(`serving on (http://\S+)`).FindStringSubmatch(line); m != nil {
			base = m[1]
		} else {
			before = append(before, line)
		}
	}
	go io.Copy(io.Discard, rd) // the access log
	return base, before, func() { stopServe(t, cancel, done) }
}

// stopServe cancels a running serve command and checks that it stops, with
// exit status 0, within 15 seconds.
func stopServe(t *testing.T, cancel func(), done <-chan int) {
	t.Helper()
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("serve exited %d", code)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeLiveLimits: serve's live-play limits (and --pprof) refuse values that make no
// sense, clearly, and the ones given are the server's: past them a write
// or a live connection is answered 429.
func TestServeLiveLimits(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--live-max", "0"}, 1, `--live-max "0": out of range: must be 1..1000000`},
		{[]string{"serve", "--live-max", "-5"}, 1, `--live-max "-5": out of range: must be 1..1000000`},
		{[]string{"serve", "--live-max", "1e6"}, 1, `--live-max "1e6": want a whole number in plain decimal digits`},
		{[]string{"serve", "--live-max", "1000001"}, 1, `--live-max "1000001": out of range: must be 1..1000000`},
		{[]string{"serve", "--live-per-address", "0"}, 1, `--live-per-address "0": out of range: must be 1..1000000`},
		{[]string{"serve", "--live-max", "10", "--live-per-address", "11"}, 2, "--live-per-address 11 is more than --live-max 10"},
		{[]string{"serve", "--live-per-address", "10001"}, 2, "--live-per-address 10001 is more than --live-max 10000"},
		{[]string{"serve", "--game-writes-per-second", "0"}, 1, `--game-writes-per-second "0": out of range: must be 1..1000000`},
		{[]string{"serve", "--game-writes-per-second", "2.5"}, 1, `--game-writes-per-second "2.5": want a whole number in plain decimal digits`},
		{[]string{"serve", "--game-writes-per-second", ""}, 1, `--game-writes-per-second "": want a whole number`},
		{[]string{"serve", "--pprof", "0.0.0.0:6060"}, 1, `--pprof "0.0.0.0:6060": want a loopback address`},
		{[]string{"serve", "--pprof", "example.com:6060"}, 1, `--pprof "example.com:6060": want a loopback address`},
		{[]string{"serve", "--pprof", "6060"}, 1, `--pprof "6060": address 6060: missing port in address`},
	} {
		out, errOut, code := call(t, "", c.args...)
		checkRefusal(t, c.args, out, errOut, code)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d %q, want %d and %q", c.args, code, errOut, c.code, c.msg)
		}
	}

	t.Setenv("CHESS960_DB", filepath.Join(t.TempDir(), "limits.db"))
	base, _, stop := startServe(t, "--log", "off", "--engine", "none", "--live-max", "3", "--live-per-address", "2", "--game-writes-per-second", "1",
		"--pprof", "127.0.0.1:0")
	defer stop()
	// One write a second, in bursts of three: the fourth at once is refused.
	var id string
	for i := 1; i <= 4; i++ {
		resp, err := http.Post(base+"/api/games", "application/json", strings.NewReader(`{"position": "518"}`))
		if err != nil {
			t.Fatal(err)
		}
		var created struct {
			Game struct{ ID string } `json:"game"`
		}
		json.NewDecoder(resp.Body).Decode(&created)
		resp.Body.Close()
		want := http.StatusCreated
		if i == 4 {
			want = http.StatusTooManyRequests
		}
		if resp.StatusCode != want {
			t.Fatalf("game %d: status %d, want %d", i, resp.StatusCode, want)
		}
		if i == 1 {
			id = created.Game.ID
		}
	}
	// Two live connections from one address, and not a third.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	live := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/live"
	for i := 1; i <= 3; i++ {
		c, resp, err := websocket.Dial(ctx, live, nil)
		if i <= 2 {
			if err != nil {
				t.Fatalf("live connection %d: %v", i, err)
			}
			defer c.CloseNow()
			continue
		}
		if err == nil {
			c.CloseNow()
			t.Fatalf("live connection %d from one address: opened, want 429", i)
		}
		if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("live connection %d from one address: %v, want 429", i, err)
		}
	}
}
