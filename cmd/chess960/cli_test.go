package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
)

const issue7 = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1"

// TestPositionForms: fen, moves, play and perft read a position the same
// five ways, and perft also as --fen and --pos.
func TestPositionForms(t *testing.T) {
	const std = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	forms := []struct{ arg, stdin string }{
		{"startpos", ""}, {"StartPos", ""}, {"518", ""}, {"SP-518", ""}, {"RNBQKBNR", ""}, {"rnbqkbnr", ""},
		{std, ""}, {"-", std + "\n"}, {"-", "  518\r\n"}, {"-", "RNBQKBNR"}, {"-", "startpos\n\n"},
	}
	for _, f := range forms {
		if out, errOut, code := call(t, f.stdin, "fen", f.arg); code != 0 || out != std+"\n" {
			t.Errorf("fen %q (stdin %q): exit %d, %q %q", f.arg, f.stdin, code, out, errOut)
		}
		if out, _, code := call(t, f.stdin, "moves", f.arg, "--uci"); code != 0 || strings.Count(out, "\n") != 20 || !strings.Contains(out, "g1f3\n") {
			t.Errorf("moves %q: exit %d, %q", f.arg, code, out)
		}
		if out, _, code := call(t, f.stdin, "play", f.arg, "e4", "c5"); code != 0 || !strings.HasPrefix(out, "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n") {
			t.Errorf("play %q: exit %d, %q", f.arg, code, out)
		}
		for _, args := range [][]string{{"perft", f.arg, "--depth", "3"}, {"perft", "--fen", f.arg, "--depth", "3"}, {"perft", "--depth=3", "--pos", f.arg}} {
			// 8902: the published perft(3) of the start position.
			if out, errOut, code := call(t, f.stdin, args...); code != 0 || !strings.HasPrefix(out, "nodes: 8902\n") {
				t.Errorf("%q: exit %d, %q %q", args, code, out, errOut)
			}
		}
	}
	// An unquoted FEN is rejoined, and may be followed by moves.
	if out := mustRun(t, "play", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1", "e4"); !strings.HasPrefix(out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n") {
		t.Errorf("unquoted FEN: %q", out)
	}
	if out := mustRun(t, "perft", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "--depth", "2"); !strings.HasPrefix(out, "nodes: 400\n") {
		t.Errorf("perft unquoted EPD: %q", out)
	}
	// 960 is 0, with a note; SP-0's FEN.
	out, errOut, code := call(t, "", "fen", "960")
	if code != 0 || out != chess960.MustNew(0).FEN()+"\n" || errOut != "chess960 fen: note: 960 is taken as 0 (Scharnagl's 1..960 convention: the number mod 960)\n" {
		t.Errorf("fen 960: %d %q %q", code, out, errOut)
	}
}

// TestPromotedPositions: the issue's position with promoted material is
// played, counts as Stockfish 15.1 counts it, and fen shows the warnings.
func TestPromotedPositions(t *testing.T) {
	// perft 1..4 of the issue's position by Stockfish 15.1
	// (perft/testdata/promoted.perft).
	for depth, want := range map[string]string{"1": "23", "2": "575", "3": "13031", "4": "315431"} {
		out, errOut, code := call(t, "", "perft", issue7, "--depth", depth)
		if code != 0 || !strings.HasPrefix(out, "nodes: "+want+"\n") {
			t.Errorf("perft depth %s: exit %d, %q", depth, code, out)
		}
		if errOut != "chess960 perft: note: no game can reach this position, but it is played: placement field: white has 1 promoted piece but no missing pawn; castling field: both sides have castling rights but their kings stand on different files (f1, e8)\n" {
			t.Errorf("perft note: %q", errOut)
		}
	}
	// Every count of the promoted suite up to 2,000,000 nodes.
	out, errOut, code := call(t, "", "perft", "--suite", "../../perft/testdata/promoted.perft", "--max-nodes", "2000000", "--json")
	var s api.Suite
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 || s.Positions != 12 || s.Counts < 40 || len(s.Mismatches) != 0 {
		t.Errorf("promoted suite: exit %d, %+v %v %q", code, s, err, errOut)
	}
	var p api.Position
	if err := json.Unmarshal([]byte(mustRun(t, "fen", issue7, "--json")), &p); err != nil || len(p.Warnings) != 2 ||
		p.Warnings[0] != (api.Problem{Code: "promoted", Field: "placement", Message: "white has 1 promoted piece but no missing pawn"}) || p.Warnings[1].Code != "castlingMirror" {
		t.Errorf("fen --json warnings: %+v %v", p.Warnings, err)
	}
	// Nine queens and four knights are played too.
	for fen, want := range map[string]string{
		"rnbqkbnr/pppppppp/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1": "nodes: 1751\n",
		"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNNQKNNR w KQkq - 0 1": "nodes: 577\n",
	} {
		if out := mustRun(t, "perft", fen, "--depth", "2"); !strings.HasPrefix(out, want) {
			t.Errorf("perft %s: %q", fen, out)
		}
	}
}

// TestPlayCorrectsSuffixes: a wrong + or # is accepted, reported in
// --json's "note" and as a note on stderr.
func TestPlayCorrectsSuffixes(t *testing.T) {
	var j api.Play
	out := mustRun(t, "play", "startpos", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7+", "--json")
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.Moves[6].SAN != "Qxf7#" || j.Moves[6].Input != "Qxf7+" || j.Position.Status != "checkmate" {
		t.Errorf("%+v %v", j, err)
	}
	out, errOut, code := call(t, "", "play", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "Kd8", "e4#")
	if code != 1 || !strings.Contains(errOut, `move 3 "e4#"`) {
		t.Errorf("e4# with no pawn: %d %q %q", code, out, errOut)
	}
	out, errOut, code = call(t, "", "play", "r3k2r/8/8/8/8/8/4P3/R3K2R w KQkq - 0 1", "O-O+", "Kd8", "e4#")
	if code != 0 || errOut != "chess960 play: note: move 1: O-O+ gives no check: O-O; move 3: e4# gives no check: e4\n" || !strings.Contains(out, "moves: 1. O-O Kd8 2. e4\n") {
		t.Errorf("suffixes: %d %q %q", code, out, errOut)
	}
}

// TestMovesStandard: never two moves with the same text.
func TestMovesStandard(t *testing.T) {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/5K1R w H - 0 1",   // O-O and Kg1 would both be f1g1
		"4k3/8/8/8/8/8/8/6KR w H - 0 1",    // the king does not move: g1g1
		"4k3/8/8/8/8/8/8/R1K5 w A - 0 1",   // O-O-O and the king's move c1c1
		"4k3/8/8/8/8/8/8/1RK5 w B - 0 1",   // king on c1, rook b1: c1c1
		"4k3/8/8/8/8/8/8/RK6 w A - 0 1",    // b1c1 is also Kc1
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", // standard: e1g1, e1c1
	} {
		out, errOut, code := call(t, "", "moves", fen, "--standard", "--uci")
		seen := map[string]bool{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if seen[l] {
				t.Errorf("%s: %q printed twice", fen, l)
			}
			seen[l] = true
		}
		if code != 0 || strings.Contains(out, "g1g1") || strings.Contains(out, "c1c1") {
			t.Errorf("%s: %d %q", fen, code, out)
		}
		if strings.HasSuffix(fen, "KQ - 0 1") != (errOut == "") {
			t.Errorf("%s: note %q", fen, errOut)
		}
	}
	_, errOut, _ := call(t, "", "moves", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "--standard")
	if errOut != "chess960 moves: note: O-O is written g1h1 (king takes rook): the king does not move, and standard UCI g1g1 reads as no move\n" {
		t.Errorf("g1 note: %q", errOut)
	}
}

// TestKeywordsAndNumbers: keywords in either case, numbers in plain decimal.
func TestKeywordsAndNumbers(t *testing.T) {
	if a, b := mustRun(t, "table", "--format", "CSV"), mustRun(t, "table", "--format=csv"); a != b || !strings.HasPrefix(a, "id,fritz9,rank,fen,shredderFen,mirror\n") {
		t.Errorf("CSV: %.100q", a)
	}
	if out := mustRun(t, "fen", "518", "--castling", "SHREDDER"); out != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n" {
		t.Errorf("SHREDDER: %q", out)
	}
	if a, b := mustRun(t, "pos", "518", "--json=TRUE"), mustRun(t, "pos", "518", "--json"); a != b {
		t.Error("--json=TRUE differs from --json")
	}
	if a, b := mustRun(t, "pos", "518", "--json=false"), mustRun(t, "pos", "518"); a != b {
		t.Error("--json=false differs from no --json")
	}
	// 010 is ten, everywhere.
	if out := mustRun(t, "random", "--count", "010", "--seed", "x"); strings.Count(out, "\n") != 10 {
		t.Errorf("--count 010: %d lines", strings.Count(out, "\n"))
	}
	if a, b := mustRun(t, "pos", "010"), mustRun(t, "pos", "10"); a != b {
		t.Error("pos 010 is not pos 10")
	}
	if out := mustRun(t, "perft", "518", "--depth", "03"); !strings.HasPrefix(out, "nodes: 8902\n") {
		t.Errorf("--depth 03: %q", out)
	}
	// A seed that looks like a flag is attached.
	if a, b := mustRun(t, "random", "--seed=--json", "--count", "3"), mustRun(t, "random", "--count", "3", "--seed", "x"); a == b || strings.Count(a, "\n") != 3 {
		t.Errorf("--seed=--json: %q", a)
	}
	if _, _, code := call(t, "", "random", "--count=3", "--seed", "--json"); code != 2 {
		t.Errorf("--seed --json: exit %d", code)
	}
}

// failWriter fails every write, as /dev/full does, and counts the calls.
type failWriter struct{ calls int }

func (f *failWriter) Write(p []byte) (int, error) {
	f.calls++
	return 0, errors.New("no space left on device")
}

// TestStopsAtFailedWrite: a long output stops at the first failed write.
func TestStopsAtFailedWrite(t *testing.T) {
	for _, args := range [][]string{
		{"random", "--count", "10000000"},
		{"random", "--count", "10000000", "--json"},
		{"table"},
		{"moves", "518"},
	} {
		w := &failWriter{}
		var errOut strings.Builder
		code := run(args, strings.NewReader(""), w, &errOut)
		if code != 1 || w.calls > 2 || errOut.String() != "chess960 "+args[0]+": writing output: no space left on device\n" {
			t.Errorf("%q: exit %d after %d writes, stderr %q", args, code, w.calls, errOut.String())
		}
	}
}

// TestHelpCommand: "help CMD" prints what "CMD --help" prints.
func TestHelpCommand(t *testing.T) {
	for _, c := range commands {
		a, _, code1 := call(t, "", "help", c.name)
		b, _, code2 := call(t, "", c.name, "-h")
		if code1 != 0 || code2 != 0 || a != b || !strings.HasPrefix(a, "usage: chess960 "+c.name+" ") {
			t.Errorf("help %s: exit %d/%d, %q vs %q", c.name, code1, code2, a, b)
		}
	}
	out, errOut, code := call(t, "", "help")
	if code != 0 || errOut != "" {
		t.Errorf("help: exit %d, %q", code, errOut)
	}
	for _, c := range commands {
		if !strings.Contains(out, "\n  "+c.name+" ") {
			t.Errorf("help does not list %s", c.name)
		}
	}
	if out, errOut, code := call(t, ""); code != 2 || out != "" || !strings.Contains(errOut, "usage: chess960 COMMAND") {
		t.Errorf("no arguments: exit %d, %q %q", code, out, errOut)
	}
	// The flags' help shows their kind.
	out = mustRun(t, "help", "perft")
	for _, want := range []string{"--depth N ", "--divide ", "--suite FILE ", "--max-nodes N "} {
		if !strings.Contains(out, want) {
			t.Errorf("help perft lacks %q:\n%s", want, out)
		}
	}
	if out := mustRun(t, "help", "table"); !strings.Contains(out, "--format text|csv|json ") || !strings.Contains(out, "(default text)") {
		t.Errorf("help table:\n%s", out)
	}
}
