package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/balance"
)

// dfrcHeader is the header row of a DFRC table.
const dfrcHeader = "start,index,white_rank,black_rank,sample_seed,sample_size,sample_draw,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date\n"

// bookStarts returns the starts "book --sample N --dfrc --seed S --ids"
// writes, W:B, in its order.
func bookStarts(t *testing.T, n, seed string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(mustRun(t, "book", "--sample", n, "--dfrc", "--seed", seed, "--ids")), "\n") {
		_, id, ok := strings.Cut(l, `id "DFRC `)
		if !ok {
			t.Fatalf("book line %q", l)
		}
		out = append(out, strings.TrimSuffix(id, `";`))
	}
	return out
}

// startsOf returns the first column of a CSV table's rows.
func startsOf(t *testing.T, table string) []string {
	t.Helper()
	if !strings.HasPrefix(table, dfrcHeader) {
		t.Fatalf("no DFRC header row:\n%s", table)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(strings.TrimPrefix(table, dfrcHeader)), "\n") {
		out = append(out, strings.Split(l, ",")[0])
	}
	return out
}

// TestBalanceDFRC evaluates a sample of 6 in two shards and merges them:
// the rows are the starts book draws with the same seed, in its order.
func TestBalanceDFRC(t *testing.T) {
	eng := fakeEngine(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	mustRun(t, "balance", "--dfrc", "--sample", "6", "--seed", "t", "--shard", "1/2", "--depth", "2", "--engine", eng, "--out", a)
	mustRun(t, "balance", "--dfrc", "--sample", "6", "--seed", "t", "--shard", "2/2", "--depth", "2", "--engine", eng, "--out", b)
	out := mustRun(t, "balance", "--merge", b, a)
	want := bookStarts(t, "6", "t")
	if got := startsOf(t, out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("starts %v, want %v (book's)", got, want)
	}
	// Each row: the start, its index, both ranks, the sample, the fake's
	// score (cp 20*2-15) and move: the first legal one in UCI order, the
	// knight a1b3 (White's rank is NBRKNRBQ).
	first := strings.Split(strings.Split(out, "\n")[1], ",")
	if len(first) != 19 || first[4] != "t" || first[5] != "6" || first[6] != "1" || first[7] != "25" || first[9] != "a1b3" || first[15] != "Fake 1.0" || first[16] != "2" {
		t.Errorf("row 1: %q", first)
	}
	// The whole 921,600 by index: shard 1/921600 is 0:0, Chess960's 0.
	out = mustRun(t, "balance", "--dfrc", "--shard", "1/921600", "--depth", "2", "--engine", eng)
	if !strings.HasPrefix(out, dfrcHeader+"0:0,0,BBQNNRKR,BBQNNRKR,,,,25,,a2a3,2,") || strings.Count(out, "\n") != 2 {
		t.Errorf("shard 1/921600:\n%s", out)
	}
	// JSON Lines name the start too.
	out = mustRun(t, "balance", "--dfrc", "--shard", "2/921600", "--depth", "2", "--engine", eng, "--format", "json")
	if !strings.HasPrefix(out, `{"start":"0:1","index":1,"white_rank":"BBQNNRKR","black_rank":"BQNBNRKR","score_cp":25,`) {
		t.Errorf("json: %s", out)
	}
	// A 960 part and a DFRC part do not merge; nor parts of two samples.
	p960 := filepath.Join(dir, "960.csv")
	mustRun(t, "balance", "--shard", "1/240", "--depth", "2", "--engine", eng, "--out", p960)
	other := filepath.Join(dir, "other.csv")
	mustRun(t, "balance", "--dfrc", "--sample", "6", "--seed", "u", "--shard", "2/2", "--depth", "2", "--engine", eng, "--out", other)
	for _, c := range []struct {
		files []string
		msg   string
	}{
		{[]string{a, p960}, a + " is a table of a sample of DFRC starts, but " + p960 + " of the 960 Chess960 positions: they cannot be merged"},
		{[]string{a, other}, `a table of the sample of 6 drawn with seed "t", but ` + other + ` of the sample of 6 drawn with seed "u": they are not parts of one table`},
		{[]string{a, a}, "is in both " + a + " and " + a},
		{[]string{a}, `--merge: 3 of the 6 starts of the sample (seed "t") are in none of the files, e.g. draw 4, draw 5, draw 6`},
	} {
		_, errOut, code := call(t, "", append([]string{"balance", "--merge"}, c.files...)...)
		if code != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("merge %v: exit %d, %q; want %q", c.files, code, errOut, c.msg)
		}
	}
}

func TestBalanceDFRCErrors(t *testing.T) {
	eng := fakeEngine(t)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--sample", "5", "--seed", "t"}, 2, "--sample goes with --dfrc"},
		{[]string{"--dfrc", "--seed", "t"}, 2, "--seed goes with --sample"},
		{[]string{"--dfrc", "--sample", "5"}, 2, "--sample 5 needs --seed S"},
		{[]string{"--dfrc", "--sample", "5", "--seed", ""}, 2, "--sample 5 needs --seed S"},
		{[]string{"--dfrc", "--sample", "0", "--seed", "t"}, 1, `--sample "0": out of range: must be 1..921600`},
		{[]string{"--dfrc", "--sample", "x", "--seed", "t"}, 1, `--sample "x"`},
		{[]string{"--dfrc", "--sample", "5", "--seed", "t", "--shard", "1/6"}, 1, `--shard "1/6": out of range: want 1 <= I <= N <= 5`},
		{[]string{"--dfrc", "--shard", "1/921601"}, 1, `--shard "1/921601": out of range: want 1 <= I <= N <= 921600`},
		{[]string{"--shard", "1/961"}, 1, `--shard "1/961": out of range: want 1 <= I <= N <= 960`},
		{[]string{"--merge", "--dfrc", "x.csv"}, 2, "--merge takes only --out and --format, not --dfrc"},
	} {
		args := append([]string{"balance"}, c.args...)
		args = append(args, "--engine", eng)
		_, errOut, code := call(t, "", args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

// TestBalanceDFRCStockfish: a sample of 3 and one start of the 921,600,
// searched by Stockfish at depth 6; Read checks every row (start, ranks,
// best move and pv legal from it, the seed's draw).
func TestBalanceDFRCStockfish(t *testing.T) {
	sf := stockfishPath(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "sf.csv")
	mustRun(t, "balance", "--dfrc", "--sample", "3", "--seed", "sf", "--depth", "6", "--engine", sf, "--out", file, "--jobs", "2")
	data, _ := os.ReadFile(file)
	if got, want := startsOf(t, string(data)), bookStarts(t, "3", "sf"); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("starts %v, want %v", got, want)
	}
	f, err := balance.Read(strings.NewReader(string(data)), file)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rows) != 3 || !strings.HasPrefix(f.Header.Engine, "Stockfish ") || f.Header.Depth != 6 || f.Header.Sample != (balance.Sample{Seed: "sf", N: 3}) {
		t.Fatalf("%+v", f.Header)
	}
	for _, r := range f.Rows {
		if r.Depth < 6 || len(r.PV) < 2 {
			t.Errorf("%v: depth %d, pv %v", r.DFRC, r.Depth, r.PV)
		}
	}
	out := mustRun(t, "balance", "--dfrc", "--shard", "921600/921600", "--depth", "6", "--engine", sf)
	if !strings.HasPrefix(out, dfrcHeader+"959:959,921599,RKRNNQBB,RKRNNQBB,,,,") {
		t.Errorf("the last start:\n%s", out)
	}
	if _, err := balance.Read(strings.NewReader(out), "stdout"); err != nil {
		t.Error(err)
	}
}
