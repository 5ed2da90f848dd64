package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/testtool"

	"github.com/chess960/chess960/chess"
)

// fakeEngine returns an executable that runs the fake engine of package
// uci's tests (uci/testdata/fakeengine) with the flags.
func fakeEngine(t *testing.T, flags ...string) string {
	t.Helper()
	return fakeEngineAt(t, filepath.Join(t.TempDir(), "engine"), flags...)
}

// fakeEngineAt writes that executable at path.
func fakeEngineAt(t *testing.T, path string, flags ...string) string {
	t.Helper()
	script := "#!/bin/sh\nexec " + testtool.FakeEngine(t)
	for _, f := range flags {
		script += " '" + f + "'"
	}
	if err := os.WriteFile(path, []byte(script+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// stockfishPath returns Stockfish's path, or fails (CI) or skips the test.
func stockfishPath(t *testing.T) string { return testtool.Stockfish(t) }

// without drops the lines that start with prefix (timings).
func without(s, prefix string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, prefix) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func TestAnalyse(t *testing.T) {
	eng := fakeEngine(t)
	// The fake plays the first legal move in UCI order each ply and scores
	// cp 20*depth-15 for the side to move: Nd2 (f1d2) Ka7 Nb1 Ka6.
	out := mustRun(t, "analyse", "k7/8/8/8/8/8/8/5NKR w H - 0 1", "--engine", eng, "--depth", "3")
	want := "engine:   Fake 1.0\nposition: k7/8/8/8/8/8/8/5NKR w K - 0 1\n" +
		" 1   +0.45  1. Nd2 Ka7 2. Nb1 Ka6\nbestmove: f1d2 (Nd2)\n"
	if without(out, "search:") != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if !strings.Contains(out, "search:   depth 3/5, 300 nodes") {
		t.Errorf("search line: %s", out)
	}
	// Black to move: the score turns to White's side, the moves are
	// numbered from 1... .
	out = mustRun(t, "analyse", "k7/8/8/8/8/8/8/5NKR b - - 0 1", "--engine", eng, "--depth", "3", "--json")
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var wantJSON map[string]any
	json.Unmarshal([]byte(`{"bestmove": "a8a7", "depth": 3, "lines": [{"multipv": 1, "score": {"cp": -45},
		"uci": ["a8a7", "f1d2", "a7a6", "d2b1"], "san": ["Ka7", "Nd2", "Ka6", "Nb1"]}]}`), &wantJSON)
	if !reflect.DeepEqual(got, wantJSON) {
		t.Errorf("--json: %s", out)
	}
	out = mustRun(t, "analyse", "k7/8/8/8/8/8/8/5NKR b - - 0 1", "--engine", eng, "--depth", "2")
	if !strings.Contains(out, " 1   -0.25  1... Ka7 2. Nd2 Ka6 3. Nb1\n") {
		t.Errorf("black to move:\n%s", out)
	}
	// Mate scores, from White's side; several lines.
	mate := fakeEngine(t, "-mate", "2")
	out = mustRun(t, "analyse", "k7/8/8/8/8/8/8/5NKR b - - 0 1", "--engine", mate, "--depth", "1", "--multipv", "2", "--json")
	if !strings.Contains(out, `"mate": -2`) || strings.Count(out, `"multipv"`) != 2 {
		t.Errorf("mate, multipv 2: %s", out)
	}
	out = mustRun(t, "analyse", "k7/8/8/8/8/8/8/5NKR w H - 0 1", "--engine", mate, "--depth", "1")
	if !strings.Contains(out, " 1      #2  1. Nd2") {
		t.Errorf("mate: %s", out)
	}
	// Castling in --moves reaches the engine as king takes rook (the fake
	// exits on any other form).
	out = mustRun(t, "analyse", "k7/8/8/8/8/8/8/6KR w H - 0 1", "--moves", "O-O,Ka7", "--engine", eng, "--nodes", "100")
	if !strings.Contains(out, "position: 8/k7/8/8/8/8/8/5RK1 w - - 2 2") {
		t.Errorf("after O-O: %s", out)
	}
}

func TestAnalyseErrors(t *testing.T) {
	eng := fakeEngine(t)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"analyse", "518", "--engine", filepath.Join(t.TempDir(), "none")}, 1, "cannot start engine"},
		{[]string{"analyse", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", "--engine", eng}, 1, "the game is over: 1-0 (checkmate)"},
		{[]string{"analyse", "518", "--moves", "e4 e5 Ke3", "--engine", eng}, 1, `--moves: move 3 "Ke3": illegal move`},
		{[]string{"analyse", "518", "--depth", "5", "--nodes", "9", "--engine", eng}, 2, "give one of --depth, --movetime and --nodes"},
		{[]string{"analyse", "518", "--depth", "0", "--engine", eng}, 1, `--depth "0": out of range: must be 1..200`},
		{[]string{"analyse", "518", "--multipv", "0", "--engine", eng}, 1, `--multipv "0": out of range: must be 1..500`},
		{[]string{"analyse", "518", "--multipv", "11", "--engine", eng}, 1, "out of range 1..10"},
		{[]string{"analyse", "999", "--engine", eng}, 1, `position number "999": out of range`},
		{[]string{"analyse", "--engine", eng}, 2, "missing position"},
		{[]string{"analyse", "518", "--engine", fakeEngine(t, "-crash")}, 1, "segmentation fault (planted)"},
		{[]string{"analyse", "518", "--engine", fakeEngine(t, "-bestmove", "e2e5")}, 1, `illegal move from the engine: bestmove "e2e5"`},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", c.args, code, errOut, c.code, c.msg)
		}
	}
	// No engine anywhere.
	saved := defaultEngines
	defaultEngines = []string{"no-such-engine-anywhere", "/no/such/stockfish"}
	defer func() { defaultEngines = saved }()
	_, errOut, code := call(t, "", "analyse", "518")
	if code != 1 || !strings.Contains(errOut, "no engine: stockfish is not on PATH nor at /usr/games/stockfish; install it") {
		t.Errorf("no engine: %d %q", code, errOut)
	}
}

// TestAnalyseStockfish: "analyse 518 --depth 15 with Stockfish prints a
// legal line in SAN".
func TestAnalyseStockfish(t *testing.T) {
	sf := stockfishPath(t)
	out := mustRun(t, "analyse", "518", "--depth", "15", "--engine", sf)
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, " 1 ") {
			line = l
		}
	}
	f := strings.Fields(line)
	if len(f) < 8 {
		t.Fatalf("no line:\n%s", out)
	}
	// Play the SAN moves (skipping the move numbers) from the start.
	g := chess.NewGame(chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
	n := 0
	for _, w := range f[2:] {
		if strings.HasSuffix(w, ".") {
			continue
		}
		if _, err := g.PlayText(w); err != nil {
			t.Fatalf("move %q of %q: %v", w, line, err)
		}
		n++
	}
	if n < 6 {
		t.Errorf("a line of %d moves: %q", n, line)
	}
	if !strings.Contains(out, "search:   depth 15/") || !strings.Contains(out, "engine:   Stockfish") {
		t.Errorf("output:\n%s", out)
	}
	// Its JSON names the same first move in UCI and SAN.
	var a struct {
		BestMove string `json:"bestmove"`
		Depth    int    `json:"depth"`
		Lines    []struct {
			MultiPV int            `json:"multipv"`
			Score   map[string]int `json:"score"`
			UCI     []string       `json:"uci"`
			SAN     []string       `json:"san"`
		} `json:"lines"`
	}
	out = mustRun(t, "analyse", "0", "--moves", "Nd3 Nd6 Ne3 Ne6 g3 g6", "--depth", "12", "--multipv", "3", "--json", "--engine", sf)
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if a.Depth != 12 || len(a.Lines) != 3 || a.BestMove != a.Lines[0].UCI[0] {
		t.Fatalf("%s", out)
	}
	for _, l := range a.Lines {
		if len(l.Score) != 1 || len(l.UCI) != len(l.SAN) {
			t.Errorf("line %+v", l)
		}
	}
}

func TestPerftDiff(t *testing.T) {
	// Planted bugs, and the positions where they first show, found by
	// hand: the walk takes the first move (in UCI order) whose counts
	// differ.
	for _, c := range []struct {
		bug, fen string
		flags    []string
		want     string
	}{
		// Forgets castling when the king does not move (king g1, rook h1:
		// only the rook moves). The knight on f1 must move first; Nd2 is the
		// first such move, Ka7 Black's first reply.
		{"castle-static-king", "k7/8/8/8/8/8/8/5NKR w H - 0 1", nil,
			`{"path":["f1d2","a8a7"],"fen":"8/k7/8/8/8/8/3N4/6KR w K - 2 2","missing":["g1h1"],"extra":[]}`},
		// Makes an en-passant capture that exposes its king on the rank:
		// after c7c5, bxc6 e.p. would leave Ka5 to the rook on h5. Only the
		// knight's moves keep the king on the rank, Ne2 first.
		{"ep-pin", "7k/2p5/8/KP5r/8/8/8/6N1 w - - 0 1", []string{"-perft", "space"},
			`{"path":["g1e2","c7c5"],"fen":"7k/8/8/KPp4r/8/8/4N3/8 w - - 0 2","missing":[],"extra":["b5c6"]}`},
		// Forgets capturing promotions to a knight: after b7, the first of
		// Black's moves that leaves a piece to capture on the back rank is
		// Rc8 (Ra1-Ra7 and Rb8 do not).
		{"promo-capture-knight", "r6k/8/1P6/8/8/8/8/4K3 w - - 0 1", []string{"-perft", "nototal"},
			`{"path":["b6b7","a8c8"],"fen":"2r4k/1P6/8/8/8/8/8/4K3 w - - 1 2","missing":["b7c8n"],"extra":[]}`},
	} {
		eng := fakeEngine(t, append([]string{"-bug", c.bug}, c.flags...)...)
		out, errOut, code := call(t, "", "perft-diff", c.fen, "--depth", "3", "--engine", eng, "--json")
		var got, want any
		json.Unmarshal([]byte(out), &got)
		json.Unmarshal([]byte(c.want), &want)
		if code != 1 || !reflect.DeepEqual(got, want) || !strings.Contains(errOut, "differs from ours after") {
			t.Errorf("%s: exit %d\n%s\nstderr %q\nwant %s", c.bug, code, out, errOut, c.want)
		}
		out, _, _ = call(t, "", "perft-diff", c.fen, "--depth", "3", "--engine", eng)
		if !strings.Contains(out, "the engine goes wrong after") {
			t.Errorf("%s: text report:\n%s", c.bug, out)
		}
	}
	// The walk itself (depth 4, engines whose counts disagree with
	// themselves) is tested in internal/perftdiff.
	// An engine without the bug: no difference, exit 0.
	out := mustRun(t, "perft-diff", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "--depth", "2", "--engine", fakeEngine(t))
	if !strings.Contains(out, "depth 2 from the position: 48 moves; nodes ours 2039, engine 2039\nno difference at depth 2\n") {
		t.Errorf("no bug:\n%s", out)
	}
	// An engine that writes castling as the king's move with UCI_Chess960.
	out, _, code := call(t, "", "perft-diff", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "--depth", "1", "--engine", fakeEngine(t, "-standard-castling"))
	if code != 1 || !strings.Contains(out, "missing: e1a1 (O-O-O) e1h1 (O-O)") || !strings.Contains(out, "extra:   e1c1 e1g1") ||
		!strings.Contains(out, "note:    the engine writes castling e1h1 as e1g1") {
		t.Errorf("standard castling:\n%s", out)
	}
	_, errOut, code := call(t, "", "perft-diff", "518", "--engine", fakeEngine(t))
	if code != 2 || !strings.Contains(errOut, "missing --depth") {
		t.Errorf("no depth: %d %q", code, errOut)
	}
	_, errOut, code = call(t, "", "perft-diff", "518", "--depth", "10001", "--engine", fakeEngine(t))
	if code != 1 || !strings.Contains(errOut, `--depth "10001": out of range: must be 1..10000`) {
		t.Errorf("depth 10001: %d %q", code, errOut)
	}
}

func TestPerftDiffStockfish(t *testing.T) {
	sf := stockfishPath(t)
	// A Chess960 middle game with castling rights on both sides.
	out := mustRun(t, "perft-diff", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "3", "--engine", sf)
	if !strings.Contains(out, "engine: Stockfish") || !regexp.MustCompile(`nodes ours (\d+), engine (\d+)\nno difference at depth 3`).MatchString(out) {
		t.Errorf("%s", out)
	}
}
