package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestDFRCCommands: pos W:B and id of a DFRC FEN. The ranks are checked
// against pos N's for each side, which the numbering tests check against
// the source documents.
func TestDFRCCommands(t *testing.T) {
	out := mustRun(t, "pos", "502:532")
	lines := strings.Split(out, "\n")
	white := strings.Split(mustRun(t, "pos", "502"), "\n")[0]
	black := strings.Split(mustRun(t, "pos", "532"), "\n")[0]
	want := []string{"DFRC 502:532", "Index:      482452 (W x 960 + B; B x 960 + W is 511222)",
		"White:      502 " + white + " (Fritz9 407)", "Black:      532 " + black + " (Fritz9 597)"}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("pos 502:532 line %d: %q, want %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(out, "  8 "+strings.Join(strings.Split(strings.ToLower(black), ""), " ")) {
		t.Errorf("the diagram's rank 8 is not Black's %s:\n%s", black, out)
	}
	var d struct {
		Name, FEN, ShredderFEN, Mirror string
		Index                          int
		Chess960                       bool
		White, Black                   struct{ ID int }
	}
	if err := json.Unmarshal([]byte(mustRun(t, "pos", "502:532", "--json")), &d); err != nil {
		t.Fatal(err)
	}
	if d.Index != 502*960+532 || d.White.ID != 502 || d.Black.ID != 532 || d.Chess960 || d.Mirror != "532:502" ||
		d.FEN != strings.ToLower(black)+"/pppppppp/8/8/8/8/PPPPPPPP/"+white+" w KQkq - 0 1" {
		t.Errorf("pos 502:532 --json: %+v", d)
	}
	for _, fen := range []string{d.FEN, d.ShredderFEN} {
		if got := mustRun(t, "id", fen); got != "502:532\n" {
			t.Errorf("id %s: %q", fen, got)
		}
	}
	// A mirrored FEN is still a Chess960 position number.
	if got := mustRun(t, "id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); got != "518\n" {
		t.Errorf("id of the standard start: %q", got)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"pos", "502:960"}, 1, "each number must be 0..959"},
		{[]string{"pos", "502:x"}, 1, "want W:B with two Scharnagl numbers"},
		{[]string{"pos", "5:5", "--fritz9"}, 2, "--fritz9 goes with a position number"},
		{[]string{"id", "kbbqrnnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 1, "rank 8"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

// TestRandomDFRC: random --dfrc's seeded draws are those its help text
// says, computed here with crypto/sha256; --unique draws a small pool
// without repeats; the errors.
func TestRandomDFRC(t *testing.T) {
	out := strings.Split(strings.TrimSpace(mustRun(t, "random", "--dfrc", "--seed", "Round 1", "--count", "20")), "\n")
	for k, line := range out {
		sum := sha256.Sum256([]byte("chess960-dfrc:Round 1:" + strconv.Itoa(k)))
		x := int(binary.BigEndian.Uint64(sum[:8]) % 921600)
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != fmt.Sprintf("%d:%d", x/960, x%960) {
			t.Fatalf("draw %d: %q, want %d:%d", k, line, x/960, x%960)
		}
		if w := strings.Split(mustRun(t, "pos", strconv.Itoa(x/960)), "\n")[0]; f[1] != w {
			t.Errorf("draw %d: White's rank %s, pos %d says %s", k, f[1], x/960, w)
		}
	}
	// 959:950..959 is a pool of 10: drawn uniquely, each comes once.
	lines := strings.Split(strings.TrimSpace(mustRun(t, "random", "--dfrc", "--seed", "u", "--unique", "--count", "10", "--exclude", "0-958:*,959:0-949")), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		name := strings.Fields(l)[0]
		if seen[name] || !strings.HasPrefix(name, "959:95") {
			t.Errorf("unique draw %q", l)
		}
		seen[name] = true
	}
	if len(seen) != 10 {
		t.Errorf("%d distinct of 10", len(seen))
	}
	var j struct {
		Allowed int `json:"allowed"`
		Starts  []struct {
			Name string `json:"dfrc"`
		} `json:"starts"`
		SeedSHA256 string `json:"seedSha256"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "random", "--dfrc", "--seed", "Round 1", "--count", "2", "--exclude", "chess960", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if j.Allowed != 921600-960 || len(j.Starts) != 2 || len(j.SeedSHA256) != 64 {
		t.Errorf("--json: %+v", j)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"random", "--dfrc", "--exclude", "*:*"}, 1, "every start is excluded"},
		{[]string{"random", "--dfrc", "--exclude", "518"}, 1, "want W:B"},
		{[]string{"random", "--dfrc", "--exclude", "1:960"}, 1, "0..959"},
		{[]string{"random", "--dfrc", "--balanced", "20"}, 2, "--balanced goes with Chess960 draws"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

// TestDFRCPositionArg: every command that takes a position takes W:B, as
// the FEN pos W:B prints.
func TestDFRCPositionArg(t *testing.T) {
	fen := "rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1" // pos 502:532
	for _, args := range [][]string{{"perft", "%", "--depth", "3", "--json"}, {"fen", "%", "--json"}, {"moves", "%"}, {"play", "%", "e4", "--json"}} {
		with := func(p string) []string {
			out := make([]string, len(args))
			for i, a := range args {
				out[i] = strings.ReplaceAll(a, "%", p)
			}
			return out
		}
		a, b := mustRun(t, with("502:532")...), mustRun(t, with(fen)...)
		if strings.Contains(args[0], "perft") {
			// The timing differs; the counts must not.
			a, b = strings.Split(a, "\"seconds\"")[0], strings.Split(b, "\"seconds\"")[0]
		}
		if a != b {
			t.Errorf("%s: with 502:532\n%s\nwith its FEN\n%s", args[0], a, b)
		}
	}
	if _, errOut, code := call(t, "", "perft", "5:999", "--depth", "1"); code != 1 || !strings.Contains(errOut, "0..959") {
		t.Errorf("perft 5:999: exit %d %q", code, errOut)
	}
}
