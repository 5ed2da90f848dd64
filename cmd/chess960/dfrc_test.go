package main

import (
	"encoding/json"
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
