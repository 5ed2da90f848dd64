package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

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

// TestBookCheckFix: book check finds a fault in a gzip and a zstd book and
// exits 1, passes book's own books, reads stdin; book fix repairs in place
// (-o FILE itself), and what it writes passes book check; the errors.
func TestBookCheckFix(t *testing.T) {
	dir := t.TempDir()
	good := mustRun(t, "book", "--all")
	// Line 7 in Shredder-FEN among X-FEN, and line 518 holds start 0 again.
	lines := strings.Split(strings.TrimSuffix(good, "\n"), "\n")
	sh := strings.Split(strings.TrimSuffix(mustRun(t, "book", "--all", "--castling", "shredder"), "\n"), "\n")
	lines[6] = sh[6]
	lines[517] = lines[0]
	bad := strings.Join(lines, "\n") + "\n"
	for _, ext := range []string{".gz", ".zst"} {
		name := filepath.Join(dir, "bad.epd"+ext)
		writeCompressed(t, name, bad)
		out, errOut, code := call(t, "", "book", "check", name)
		for _, want := range []string{
			name + ":7: mixed castling notation: castling in Shredder-FEN",
			name + ":518: duplicate: start 0 again (first on line 1)",
			name + ": missing start: start 517 is missing",
			"3 problems (1 mixed castling notation, 1 duplicate, 1 missing start)",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q:\n%s", ext, want, out)
			}
		}
		if code != 1 || !strings.Contains(errOut, "3 problems in 1 of 1 book") {
			t.Errorf("%s: exit %d, %q", ext, code, errOut)
		}
	}
	if out, errOut, code := call(t, good, "book", "check", "-"); code != 0 || !strings.Contains(out, "-: EPD, 960 positions, checked as the complete 960") || !strings.Contains(out, "no problems") {
		t.Errorf("check of book --all: exit %d, %q %q", code, out, errOut)
	}
	// In place: the file is replaced by the fixed book.
	file := filepath.Join(dir, "fix.epd")
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := call(t, "", "book", "fix", file, "--castling", "xfen", "--dedupe", "--sort", "-o", file)
	if code != 0 || !strings.Contains(errOut, "fix.epd:7: castling") || !strings.Contains(errOut, "1 duplicate removed") {
		t.Fatalf("fix: exit %d, %q", code, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Fixed, it is the 960 less the missing one; adding it back gives book --all.
	fixed := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	fixed = append(fixed[:517], append([]string{strings.Split(good, "\n")[517]}, fixed[517:]...)...)
	if strings.Join(fixed, "\n")+"\n" != good {
		t.Errorf("fixed book differs from book --all")
	}
	if out, _, code := call(t, "", "book", "check", file); code != 1 || !strings.Contains(out, "1 problem (1 missing start)") {
		t.Errorf("check after fix: exit %d, %q", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"book", "check"}, 2, "book check needs the books"},
		{[]string{"book", "check", filepath.Join(dir, "none.epd")}, 1, "none.epd"},
		{[]string{"book", "check", "--expect", "all", file}, 1, `--expect "all": unknown value: want auto, positions, starts, 960 or dfrc`},
		{[]string{"book", "check", "--dedupe", file}, 2, "book check does not take --dedupe"},
		{[]string{"book", "fix", file}, 2, "book fix needs --castling"},
		{[]string{"book", "fix", file, file, "--castling", "xfen"}, 2, "book fix takes one book"},
		{[]string{"book", "--all", "--dedupe"}, 2, "--dedupe and --sort with book fix"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

func writeCompressed(t *testing.T, name, text string) {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	if strings.HasSuffix(name, ".gz") {
		w = gzip.NewWriter(&buf)
	} else {
		z, err := zstd.NewWriter(&buf)
		if err != nil {
			t.Fatal(err)
		}
		w = z
	}
	io.WriteString(w, text)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
