package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/pgn"
)

// TestBook: --all writes the 960 in Scharnagl order, each line the FEN pos
// N prints; with --dfrc the 921,600 in index order; a sample has no start
// twice; the PGN form reads back with package pgn as Chess960 games from
// the same starts; the errors.
func TestBook(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(mustRun(t, "book", "--all"), "\n"), "\n")
	if len(lines) != 960 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, n := range []int{0, 1, 517, 518, 959} {
		want := ""
		for _, l := range strings.Split(mustRun(t, "pos", strconv.Itoa(n)), "\n") {
			if f, ok := strings.CutPrefix(l, "X-FEN:      "); ok {
				want = f
			}
		}
		if lines[n] != want || !strings.HasSuffix(want, " w KQkq - 0 1") {
			t.Errorf("line %d: %q, pos %d: %q", n+1, lines[n], n, want)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "dfrc.epd")
	mustRun(t, "book", "--all", "--dfrc", "--castling", "shredder", "-o", file)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dl := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(dl) != 921600 {
		t.Fatalf("DFRC book: %d lines", len(dl))
	}
	if want := "rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w HAha - 0 1"; dl[502*960+532] != want {
		t.Errorf("line of 502:532: %q, want %q", dl[502*960+532], want)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "book", "--sample", "500", "--dfrc", "--seed", "s", "--ids")), "\n") {
		if seen[l] || !strings.Contains(l, ` id "DFRC `) || strings.HasSuffix(l, " 0 1") {
			t.Errorf("sample line %q", l)
		}
		seen[l] = true
	}
	// PGN: each game starts from its start and is a Chess960 game.
	r := pgn.NewReader(strings.NewReader(mustRun(t, "book", "--all", "--format", "pgn")))
	n := 0
	for g, err := range r.All() {
		if err != nil || g.Err != nil {
			t.Fatalf("game %d: %v %v", n+1, err, g.Err)
		}
		if id, ok := g.StartID(); !ok || id != n || !g.IsChess960() && id != 518 || g.Tags.Get("Round") != strconv.Itoa(n+1) {
			t.Fatalf("game %d: start %d %v, round %s", n+1, id, ok, g.Tags.Get("Round"))
		}
		n++
	}
	if n != 960 {
		t.Errorf("%d games", n)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"book"}, 2, "give one of --all and --sample N"},
		{[]string{"book", "--all", "--sample", "3"}, 2, "give one of --all and --sample N"},
		{[]string{"book", "--all", "--seed", "x"}, 2, "--seed and --exclude go with --sample"},
		{[]string{"book", "--all", "--format", "pgn", "--ids"}, 2, "--ids goes with --format epd"},
		{[]string{"book", "--sample", "961"}, 1, "960 start positions are allowed"},
		{[]string{"book", "--sample", "5", "--dfrc", "--exclude", "*:*"}, 1, "every start is excluded"},
		{[]string{"book", "--all", "-o", filepath.Join(dir, "no", "such", "dir.epd")}, 1, "-o"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}
