package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cancelledInterrupt makes the commands run under a context that is
// already done, as after Ctrl-C, for the rest of the test.
func cancelledInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	old := interruptContext
	interruptContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	t.Cleanup(func() { interruptContext = old })
}

// TestPerftInterrupted: a count whose context ends (Ctrl-C) stops, says
// so with the nodes it counted, prints no result and exits 130; the same
// for a suite and for perft-diff.
func TestPerftInterrupted(t *testing.T) {
	cancelledInterrupt(t)
	for _, args := range [][]string{
		{"perft", "518", "--depth", "12"},
		{"perft", "518", "--depth", "12", "--threads", "1", "--hash", "1", "--divide"},
	} {
		out, errOut, code := call(t, "", args...)
		if code != 130 || out != "" || !regexp.MustCompile(`^chess960 perft: interrupted \(Ctrl-C\): depth 12 not finished, \d+ nodes counted in [0-9.]+s\n$`).MatchString(errOut) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	suite := filepath.Join(t.TempDir(), "s.perft")
	os.WriteFile(suite, []byte("id std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 8 84998978956\n"), 0o644)
	out, errOut, code := call(t, "", "perft", "--suite", suite, "--max-nodes", "0")
	if code != 130 || out != "" || !strings.HasPrefix(errOut, `chess960 perft: interrupted (Ctrl-C): --suite "`) || !strings.HasSuffix(errOut, `" not finished, 0 counts checked, 0 mismatches`+"\n") {
		t.Errorf("suite: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	out, errOut, code = call(t, "", "perft-diff", "518", "--depth", "9", "--engine", fakeEngine(t))
	if code != 130 || out != "" || errOut != "chess960 perft-diff: interrupted (Ctrl-C): perft-diff not finished\n" {
		t.Errorf("perft-diff: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestPerftDeepCommand: deep counts of tiny trees (Stockfish's counts, from
// perft/testdata/tiny-trees.perft) are counted, and a deep line on a wide
// tree in a suite stops at --max-nodes.
func TestPerftDeepCommand(t *testing.T) {
	for _, c := range []struct{ fen, depth, want string }{
		{"k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K1N5 w - - 0 1", "10000", "nodes: 1\n"},
		{"k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K2B4 b - - 0 1", "64", "nodes: 65536\n"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "32", "nodes: 0\n"},
	} {
		for _, threads := range []string{"1", "2"} {
			if out := mustRun(t, "perft", c.fen, "--depth", c.depth, "--threads", threads); !strings.HasPrefix(out, c.want) {
				t.Errorf("%s depth %s: %q, want %q", c.fen, c.depth, out, c.want)
			}
		}
	}
	// shuttle-2 at depth 64 has 65536 leaves but visits some 500,000
	// positions above them: with --max-nodes 100000 it is left unchecked.
	out, _, code := call(t, "", "perft", "--suite", "../../perft/testdata/tiny-trees.perft", "--max-nodes", "100000")
	if code != 0 || !strings.Contains(out, "6 positions, 30 counts checked, ") || !strings.Contains(out, " 0 mismatches, 2 unchecked, ") ||
		!strings.HasPrefix(out, "UNCHECKED shuttle-2 (line 32) depth 64: stopped at --max-nodes 100000 with ") {
		t.Errorf("tiny trees: exit %d %q", code, out)
	}
	out, _, code = call(t, "", "perft", "--suite", "../../perft/testdata/tiny-trees.perft", "--max-nodes", "1000000")
	if code != 0 || !strings.Contains(out, "6 positions, 33 counts checked, 197433 nodes, 0 mismatches, ") {
		t.Errorf("tiny trees: exit %d %q", code, out)
	}
	suite := filepath.Join(t.TempDir(), "wide.perft")
	os.WriteFile(suite, []byte("id std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 32 1\n"), 0o644)
	out, _, code = call(t, "", "perft", "--suite", suite, "--max-nodes", "100000")
	if code != 1 || !strings.Contains(out, "MISMATCH std (line 1) depth 32: got at least ") || !strings.Contains(out, "(stopped at the node budget), want 1") {
		t.Errorf("perft 32 1 on the start position: exit %d %q", code, out)
	}
}
