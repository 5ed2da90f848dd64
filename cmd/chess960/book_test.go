package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/testtool"
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
		{[]string{"book", "--all", "--seed", "x"}, 2, "--seed goes with --sample, or with --plies N"},
		{[]string{"book", "--all", "--exclude", "5"}, 2, "--exclude goes with --sample"},
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

// TestBookBalanced: --balanced keeps the starts the shipped tables score
// within CP, and --draw-rate those whose model draw rate is in the band;
// both read here from the CSV files with encoding/csv and the formula of
// docs/cli.md written out again.
func TestBookBalanced(t *testing.T) {
	scores := func(file string, col int, name func([]string) string) map[string]int {
		f, err := os.Open(filepath.Join("..", "..", "internal", "balance", "data", file))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, r := range rows[1:] {
			cp, err := strconv.Atoi(r[col])
			if err != nil {
				t.Fatal(err)
			}
			out[name(r)] = cp
		}
		return out
	}
	drawRate := func(cp int) float64 {
		v := float64(cp) * 3.61
		w := 1 / (1 + math.Exp((344.49745382-v)/73.61029937))
		l := 1 / (1 + math.Exp((344.49745382+v)/73.61029937))
		return 1 - w - l
	}
	s960 := scores("balance-stockfish-15.1-d25.csv", 2, func(r []string) string { return r[0] })
	sDFRC := scores("dfrc-sample-stockfish-15.1-d17.csv", 7, func(r []string) string { return "DFRC " + r[0] })
	for _, c := range []struct {
		args   []string
		scores map[string]int
		keep   func(cp int) bool
	}{
		{[]string{"--all", "--balanced", "10"}, s960, func(cp int) bool { return cp >= -10 && cp <= 10 }},
		{[]string{"--all", "--draw-rate", "70-80"}, s960, func(cp int) bool { d := drawRate(cp); return d >= 0.7 && d <= 0.8 }},
		{[]string{"--all", "--dfrc", "--balanced", "5"}, sDFRC, func(cp int) bool { return cp >= -5 && cp <= 5 }},
		{[]string{"--all", "--dfrc", "--draw-rate", "40-60"}, sDFRC, func(cp int) bool { d := drawRate(cp); return d >= 0.4 && d <= 0.6 }},
		{[]string{"--all", "--dfrc", "--draw-rate", "40-60", "--balanced", "95"}, sDFRC, func(cp int) bool {
			d := drawRate(cp)
			return d >= 0.4 && d <= 0.6 && cp >= -95 && cp <= 95
		}},
	} {
		var want []string
		for name, cp := range c.scores {
			if c.keep(cp) {
				want = append(want, name)
			}
		}
		out := mustRun(t, append([]string{"book", "--ids"}, c.args...)...)
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			_, id, _ := strings.Cut(l, ` id "`)
			got = append(got, strings.TrimSuffix(id, `";`))
		}
		sort.Strings(got)
		sort.Strings(want)
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("book %s: %d starts, want %d: %v / %v", strings.Join(c.args, " "), len(got), len(want), head(got), head(want))
		}
	}
	// A sample draws from the balanced ones only, reproducibly.
	a := mustRun(t, "book", "--sample", "50", "--dfrc", "--seed", "s", "--balanced", "20", "--ids")
	if b := mustRun(t, "book", "--sample", "50", "--dfrc", "--seed", "s", "--balanced", "20", "--ids"); a != b {
		t.Errorf("the same seed drew other starts")
	}
	for _, l := range strings.Split(strings.TrimSpace(a), "\n") {
		_, id, _ := strings.Cut(l, ` id "`)
		if cp, ok := sDFRC[strings.TrimSuffix(id, `";`)]; !ok || cp < -20 || cp > 20 {
			t.Errorf("sample line %q: score %d (%v)", l, cp, ok)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"book", "--all", "--draw-rate", "60-40"}, 1, `--draw-rate "60-40": want a band of percentages LO-HI`},
		{[]string{"book", "--all", "--scores", "x.csv"}, 2, "--scores goes with --balanced or --draw-rate"},
		{[]string{"book", "--all", "--balanced", "5", "--scores", "no-such.csv"}, 1, `--scores "no-such.csv"`},
		{[]string{"book", "--sample", "500", "--balanced", "10"}, 1, "--sample 500: 14 starts of the shipped balance table"},
		{[]string{"book", "--all", "--draw-rate", "0-1"}, 1, "no start of the shipped balance table (Stockfish 15.1 at depth 25) passes --draw-rate 0-1"},
		{[]string{"book", "--all", "--play", "engine"}, 2, "--play, --engine and --depth go with --plies N"},
		{[]string{"book", "--all", "--plies", "2", "--depth", "5"}, 2, "--engine and --depth go with --play engine"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

func head(s []string) []string {
	if len(s) > 5 {
		return s[:5]
	}
	return s
}

// TestBookPlies: --plies plays N legal plies from each start of the book:
// random ones reproducible by seed (each line its own), an engine's the
// same on a second run; PGN games hold the start's FEN and the moves.
func TestBookPlies(t *testing.T) {
	starts := strings.Split(strings.TrimSpace(mustRun(t, "book", "--sample", "30", "--dfrc", "--seed", "p", "--format", "pgn")), "\n*\n")
	pgnOut := mustRun(t, "book", "--sample", "30", "--dfrc", "--seed", "p", "--plies", "6", "--format", "pgn")
	r := pgn.NewReader(strings.NewReader(pgnOut))
	n := 0
	for g, err := range r.All() {
		if err != nil || g.Err != nil {
			t.Fatalf("game %d: %v %v", n+1, err, g.Err)
		}
		if len(g.Moves.Nodes) != 6 || !strings.Contains(starts[n], `[FEN "`+g.Tags.Get("FEN")+`"]`) {
			t.Errorf("game %d: %d plies from %s", n+1, len(g.Moves.Nodes), g.Tags.Get("FEN"))
		}
		n++
	}
	if n != 30 {
		t.Fatalf("%d games", n)
	}
	// EPD: the positions reached, the same for the same seed.
	e1 := mustRun(t, "book", "--sample", "30", "--dfrc", "--seed", "p", "--plies", "6")
	if e2 := mustRun(t, "book", "--sample", "30", "--dfrc", "--seed", "p", "--plies", "6"); e1 != e2 {
		t.Errorf("the same seed played other moves")
	}
	if e3 := mustRun(t, "book", "--sample", "30", "--dfrc", "--seed", "q", "--plies", "6"); e1 == e3 {
		t.Errorf("another seed played the same book")
	}
	for i, l := range strings.Split(strings.TrimSpace(e1), "\n") {
		p, err := chess.ParseFEN(l)
		if err != nil || p.Fullmove() != 4 || p.Turn() != chess.White {
			t.Errorf("line %d %q: %v, move %d", i+1, l, err, p.Fullmove())
		}
	}
	// --all with a seed for the plies: the 960 in order, each played out.
	all := strings.Split(strings.TrimSpace(mustRun(t, "book", "--all", "--plies", "1", "--seed", "a", "--ids")), "\n")
	if len(all) != 960 || !strings.HasSuffix(all[517], ` id "517";`) || strings.Contains(all[0], " w ") {
		t.Errorf("--all --plies 1: %d lines, line 518 %q", len(all), all[517])
	}
	// An engine's moves: legal, and the same on a second run.
	eng := testtool.Stockfish(t)
	a := mustRun(t, "book", "--sample", "4", "--seed", "e", "--plies", "3", "--play", "engine", "--engine", eng, "--depth", "6", "--format", "pgn")
	if b := mustRun(t, "book", "--sample", "4", "--seed", "e", "--plies", "3", "--play", "engine", "--engine", eng, "--depth", "6", "--format", "pgn"); a != b {
		t.Errorf("Stockfish at depth 6 played otherwise on a second run")
	}
	r = pgn.NewReader(strings.NewReader(a))
	n = 0
	for g, err := range r.All() {
		if err != nil || g.Err != nil || len(g.Moves.Nodes) != 3 {
			t.Fatalf("engine game %d: %v %v, %d plies", n+1, err, g.Err, len(g.Moves.Nodes))
		}
		n++
	}
	if n != 4 {
		t.Errorf("%d engine games", n)
	}
}

// TestBookChessops: lichess's chessops reads every line of the books book
// writes, starts and played-out lines, EPD and PGN, both notations
// (scripts/chessops-book.mjs: it sets each position up, checks the
// castling rights against the rooks and plays the PGN moves).
func TestBookChessops(t *testing.T) {
	node, dir := testtool.Chessops(t)
	tmp := t.TempDir()
	books := map[string][]string{
		"frc-xfen.epd":       {"--all"},
		"frc-shredder.epd":   {"--all", "--castling", "shredder"},
		"dfrc-ids.epd":       {"--sample", "3000", "--dfrc", "--seed", "c", "--ids"},
		"dfrc-shredder.pgn":  {"--sample", "1000", "--dfrc", "--seed", "c", "--format", "pgn", "--castling", "shredder"},
		"plies-xfen.epd":     {"--sample", "3000", "--dfrc", "--seed", "c", "--plies", "8"},
		"plies-shredder.epd": {"--sample", "3000", "--dfrc", "--seed", "c", "--plies", "8", "--castling", "shredder"},
		"plies.pgn":          {"--sample", "1000", "--dfrc", "--seed", "c", "--plies", "8", "--format", "pgn"},
	}
	var starts, plies []string
	for name, args := range books {
		f := filepath.Join(tmp, name)
		mustRun(t, append([]string{"book", "-o", f}, args...)...)
		if strings.HasPrefix(name, "plies") {
			plies = append(plies, f)
		} else {
			starts = append(starts, f)
		}
	}
	args := append(append(append([]string{filepath.Join("..", "..", "scripts", "chessops-book.mjs")}, starts...), "--positions"), plies...)
	cmd := exec.Command(node, args...)
	cmd.Env = append(os.Environ(), "CHESSOPS_DIR="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("chessops: %v\n%s", err, out)
	}
	for name, args := range books {
		n := "960"
		for i, a := range args {
			if a == "--sample" {
				n = args[i+1]
			}
		}
		if want := filepath.Join(tmp, name) + ": " + n + " positions, all read"; !strings.Contains(string(out), want) {
			t.Errorf("chessops output lacks %q:\n%s", want, out)
		}
	}
}

// TestBookPGNWidth: book --format pgn writes its games with package pgn's
// writer: movetext lines of at most 80 columns (the PGN standard's export
// format), each filled until the next word would not fit.
func TestBookPGNWidth(t *testing.T) {
	out := mustRun(t, "book", "--sample", "10", "--seed", "wrap", "--plies", "120", "--format", "pgn")
	full, games := 0, 0
	for _, game := range strings.Split(strings.TrimSpace(out), "\n\n[") {
		_, movetext, ok := strings.Cut(game, "\n\n")
		if !ok {
			t.Fatalf("no movetext:\n%s", game)
		}
		games++
		lines := strings.Split(movetext, "\n")
		for i, l := range lines {
			if len(l) > 80 {
				t.Errorf("a line of %d columns: %q", len(l), l)
			}
			if len(l) == 80 {
				full++
			}
			if i+1 < len(lines) {
				if next, _, _ := strings.Cut(lines[i+1], " "); len(l)+1+len(next) <= 80 {
					t.Errorf("a line of %d columns broken before %q, which fits: %q", len(l), next, l)
				}
			}
		}
	}
	if games != 10 || full == 0 {
		t.Errorf("%d games, %d lines of 80 columns; want 10 games and some full lines", games, full)
	}
}
