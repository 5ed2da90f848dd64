package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/api"
)

// call runs the command line in-process and returns stdout, stderr and the
// exit status.
func call(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

// mustRun runs a command that must succeed.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := call(t, "", args...)
	if code != 0 {
		t.Fatalf("chess960 %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
	}
	return out
}

func TestPos(t *testing.T) {
	out := mustRun(t, "pos", "518")
	lines := strings.Split(out, "\n")
	if lines[0] != "RNBQKBNR" {
		t.Errorf("first line %q, want the rank", lines[0])
	}
	for _, want := range []string{"Fritz9:     359", "w KQkq - 0 1", "w HAha - 0 1", "Mirror:     534 RNBKQBNR", "  1 R N B Q K B N R"} {
		if !strings.Contains(out, want) {
			t.Errorf("pos 518 lacks %q:\n%s", want, out)
		}
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(mustRun(t, "pos", "--json", "0")), &obj); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"id": 0.0, "fritz9": 81.0, "rank": "BBQNNRKR", "mirror": 959.0,
		"fen":         "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		"shredderFen": "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}
	for k, v := range want {
		if obj[k] != v {
			t.Errorf("pos 0 --json: %s = %v, want %v", k, obj[k], v)
		}
	}
	if got := strings.SplitN(mustRun(t, "pos", "359", "--fritz9"), "\n", 2)[0]; got != "RNBQKBNR" {
		t.Errorf("pos 359 --fritz9 = %q", got)
	}
	out, errOut, code := call(t, "", "pos", "960")
	if code != 0 || !strings.HasPrefix(out, "BBQNNRKR\n") || !strings.Contains(errOut, "960 is taken as 0") {
		t.Errorf("pos 960: exit %d, %q, stderr %q", code, out, errOut)
	}
}

func TestID(t *testing.T) {
	for in, want := range map[string]string{
		"RNBQKBNR": "518\n", "rkrnnqbb": "959\n",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1": "518\n",
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -":     "0\n",
	} {
		if got := mustRun(t, "id", in); got != want {
			t.Errorf("id %q = %q, want %q", in, got, want)
		}
	}
	// Unquoted FEN and stdin.
	if got := mustRun(t, "id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"); got != "518\n" {
		t.Errorf("unquoted FEN: %q", got)
	}
	if got := mustRun(t, "id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1", "--json"); !strings.Contains(got, `"id": 518`) {
		t.Errorf("unquoted FEN with --json: %q", got)
	}
	if out, _, code := call(t, "RKRNNQBB\n", "id", "-"); code != 0 || out != "959\n" {
		t.Errorf("id - from stdin: %q %d", out, code)
	}
	var obj api.StartPosition
	if err := json.Unmarshal([]byte(mustRun(t, "id", "RNBQKBNR", "--json")), &obj); err != nil || obj.ID != 518 || obj.Fritz9 != 359 {
		t.Errorf("id --json: %+v %v", obj, err)
	}
}

func TestRandom(t *testing.T) {
	a := mustRun(t, "random", "--count", "5", "--seed", "Round 1")
	b := mustRun(t, "random", "--seed=Round 1", "--count=5")
	if a != b || a != "353 BNRBKRQN\n14 QNNRKBBR\n506 RQNKBBNR\n263 NRBKNQRB\n123 NQRNBKRB\n" {
		t.Errorf("seeded draws differ or changed:\n%s\n%s", a, b)
	}
	out := mustRun(t, "random", "--count", "949", "--unique", "--exclude", "518,0-9", "--seed", "u")
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		id := strings.Fields(l)[0]
		if seen[id] || id == "518" || len(id) == 1 {
			t.Fatalf("draw %q repeated or excluded", l)
		}
		seen[id] = true
	}
	if len(seen) != 949 {
		t.Errorf("%d distinct of 949 allowed", len(seen))
	}
	var draw api.Draw
	if err := json.Unmarshal([]byte(mustRun(t, "random", "--count", "3", "--json")), &draw); err != nil || len(draw.Positions) != 3 || draw.Seeded {
		t.Errorf("random --json: %+v %v", draw, err)
	}
	if got := mustRun(t, "random", "--exclude", "0-517,519-959"); got != "518 RNBQKBNR\n" {
		t.Errorf("only 518 allowed: %q", got)
	}
}

func TestTables(t *testing.T) {
	text := mustRun(t, "table")
	if n := strings.Count(text, "\n"); n != 961 {
		t.Errorf("table: %d lines, want header + 960", n)
	}
	recs, err := csv.NewReader(strings.NewReader(mustRun(t, "table", "--format", "csv"))).ReadAll()
	if err != nil || len(recs) != 961 || recs[519][2] != "RNBQKBNR" || recs[519][1] != "359" {
		t.Errorf("table csv: %d records, %v", len(recs), err)
	}
	var list []api.StartPosition
	if err := json.Unmarshal([]byte(mustRun(t, "table", "--format", "json")), &list); err != nil || len(list) != 960 || list[959].Rank != "RKRNNQBB" {
		t.Errorf("table json: %d, %v", len(list), err)
	}
	tables := mustRun(t, "tables")
	for _, want := range []string{"512 RNQKNR", "945 RKRQNN", "N5N table", "Bishop's table"} {
		if !strings.Contains(tables, want) {
			t.Errorf("tables lacks %q", want)
		}
	}
	ex := mustRun(t, "explain", "518")
	if !strings.Contains(ex, "518 = 32*16 + 6; 32 = 5*6 + 2 -> bishops c1 f1, queen on free square 2, knights -N-N-\n**B**B** -> **BQ*B** -> *NBQ*BN* -> RNBQKBNR\n") {
		t.Errorf("explain 518:\n%s", ex)
	}
	if ex2 := mustRun(t, "explain", "RNBQKBNR"); ex2 != ex {
		t.Errorf("explain by rank differs")
	}
	if ex3 := mustRun(t, "explain", "359", "--fritz9"); ex3 != ex {
		t.Errorf("explain --fritz9 359 differs")
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		frag string
	}{
		{[]string{"pos", "961"}, 1, `"961": out of range`},
		{[]string{"pos", "-1"}, 1, `"-1": out of range`},
		{[]string{"pos", "abc"}, 1, `"abc": invalid syntax`},
		{[]string{"pos", "0", "--fritz9"}, 1, "Fritz9 number"},
		{[]string{"pos"}, 2, "missing"},
		{[]string{"pos", "1", "2"}, 2, `unexpected argument "2"`},
		{[]string{"pos", "1", "--nope"}, 2, "unknown flag"},
		{[]string{"id", "RNBQKBNX"}, 1, "'X'"},
		{[]string{"id", "RNBQBKNR"}, 1, "one colour"},
		{[]string{"id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"}, 1, "side to move"},
		{[]string{"random", "--count", "0"}, 1, `--count "0": out of range: must be 1..10000000`},
		{[]string{"random", "--count", "x"}, 1, `--count "x": want a whole number in plain decimal digits`},
		{[]string{"random", "--exclude", "0-959"}, 1, "every position is excluded"},
		{[]string{"random", "--exclude", "5-1"}, 1, "downwards"},
		{[]string{"random", "--seed"}, 2, "needs a value"},
		{[]string{"table", "--format", "xml"}, 1, `--format "xml": unknown value: want text, csv or json`},
		{[]string{"explain", "999"}, 1, "out of range"},
		{[]string{"frobnicate"}, 2, "unknown command"},
		{nil, 2, "usage"},
	}
	for _, c := range cases {
		out, errOut, code := call(t, "", c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.frag) {
			t.Errorf("chess960 %v: exit %d (want %d), stdout %q, stderr %q (want %q)", c.args, code, c.code, out, errOut, c.frag)
		}
		if c.args != nil && strings.Count(errOut, "\n") != 1 {
			t.Errorf("chess960 %v: stderr is not one line: %q", c.args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, c := range commands {
		out, _, code := call(t, "", c.name, "--help")
		if code != 0 || !strings.HasPrefix(out, "usage: chess960 "+c.name) {
			t.Errorf("%s --help: exit %d, %q", c.name, code, out)
		}
		newFlagSet(c).VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			// One-letter flags are shown with one dash (-o, -p), the others with two.
			shown := "--" + f.Name
			if len(f.Name) == 1 {
				shown = "  -" + f.Name
			}
			if !strings.Contains(out, shown) || !strings.Contains(out, usage) {
				t.Errorf("%s --help does not explain %s", c.name, strings.TrimSpace(shown))
			}
		})
	}
	out, _, code := call(t, "", "--help")
	if code != 0 || !strings.Contains(out, "pos") || !strings.Contains(out, "random") {
		t.Errorf("--help: %d %q", code, out)
	}
}
