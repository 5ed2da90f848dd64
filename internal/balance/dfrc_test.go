package balance

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/uci"
)

// dfrcHead is the header row of a DFRC table.
const dfrcHead = DFRCColumns + "\n"

// draws returns the first n starts of the sample of seed, drawn here with
// chess960.DFRCDrawer as book --sample --dfrc draws them.
func draws(t *testing.T, seed string, n int) []chess960.DFRC {
	t.Helper()
	dr, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: seed, Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	var out []chess960.DFRC
	for range n {
		out = append(out, dr.Next())
	}
	return out
}

func dfrcRows() []Row {
	sp := func(id int) chess960.StartPos { return chess960.MustNew(id) }
	return []Row{
		// 518:0: White has the standard rank, Black BBQNNRKR.
		{IsDFRC: true, DFRC: chess960.DFRC{White: sp(518), Black: sp(0)}, Score: uci.Score{Kind: uci.Centipawns, Value: 31}, BestMove: "e2e4", Depth: 9, SelDepth: 12, Nodes: 1234, TimeMS: 5,
			PV: []string{"e2e4", "g7g6", "d2d4"}, Source: src, Date: "2026-01-02"},
		{IsDFRC: true, DFRC: chess960.DFRC{White: sp(0), Black: sp(518)}, Score: uci.Score{Kind: uci.MateIn, Value: -3}, BestMove: "g2g3", Depth: 9,
			Source: src, Date: "2026-01-03"},
	}
}

// sampleRows are draws 1 and 2 of the sample of 3 of seed "x".
func sampleRows(t *testing.T) []Row {
	d := draws(t, "x", 2)
	rows := dfrcRows()
	for i := range rows {
		rows[i].DFRC, rows[i].Sample, rows[i].Draw = d[i], Sample{Seed: "x", N: 3}, i+1
		rows[i].BestMove, rows[i].PV = "a2a3", []string{"a2a3"} // legal from any start
	}
	return rows
}

func TestReadWriteDFRC(t *testing.T) {
	for _, sample := range []bool{false, true} {
		rows := dfrcRows()
		want := Header{Source: src, Date: "2026-01-02 to 2026-01-03", DFRC: true}
		if sample {
			rows = sampleRows(t)
			want.Sample = Sample{Seed: "x", N: 3}
		}
		for _, f := range []Format{CSV, JSON} {
			var b strings.Builder
			if err := writeTable(&b, f, rows); err != nil {
				t.Fatal(err)
			}
			got, err := Read(strings.NewReader(b.String()), "t")
			if err != nil {
				t.Fatalf("%v: %v\n%s", f, err, b.String())
			}
			if got.Header != want || len(got.Rows) != 2 {
				t.Fatalf("%v sample %v: %+v", f, sample, got)
			}
			for i, r := range got.Rows {
				if string(appendRow(nil, f, r)) != string(appendRow(nil, f, rows[i])) || r.Start() != rows[i].DFRC || r.ID != 0 || r.Rank != "" {
					t.Errorf("%v row %d: %+v", f, i, r)
				}
			}
		}
	}
	// The CSV and JSON as written, by hand: 518:0 is index 518 × 960 + 0.
	var b strings.Builder
	writeTable(&b, CSV, dfrcRows())
	want := dfrcHead + "518:0,497280,RNBQKBNR,BBQNNRKR,,,,31,,e2e4,9,12,1234,5,e2e4 g7g6 d2d4,E 1,9,Hash=16,2026-01-02\n" +
		"0:518,518,BBQNNRKR,RNBQKBNR,,,,,-3,g2g3,9,0,0,0,,E 1,9,Hash=16,2026-01-03\n"
	if b.String() != want {
		t.Errorf("CSV %q, want %q", b.String(), want)
	}
	b.Reset()
	writeTable(&b, JSON, sampleRows(t)[:1])
	// Draw 0 of seed "x": sha256("chess960-dfrc:x:0") starts eeb775923b82e534,
	// which mod 921600 is 9524 = 9 × 960 + 884.
	want = `{"start":"9:884","index":9524,"white_rank":"QNNBBRKR","black_rank":"RBBQKRNN","sample_seed":"x","sample_size":3,"sample_draw":1,` +
		`"score_cp":31,"mate":null,"bestmove":"a2a3","depth":9,"seldepth":12,"nodes":1234,"time_ms":5,"pv":["a2a3"],"engine":"E 1","search_depth":9,"options":"Hash=16","date":"2026-01-02"}` + "\n"
	if b.String() != want {
		t.Errorf("JSON %s, want %s", b.String(), want)
	}
	// The header row alone says that the table is of DFRC starts.
	if f, err := Read(strings.NewReader(dfrcHead), "t"); err != nil || len(f.Rows) != 0 || f.Header != (Header{DFRC: true}) {
		t.Errorf("header row only: %+v, %v", f, err)
	}
	// Row.Start of a row of the 960 is the mirrored start.
	if s := testRows()[0].Start(); s.String() != "518:518" || !s.IsChess960() {
		t.Errorf("Start of position 518: %v", s)
	}
}

func TestReadDFRCErrors(t *testing.T) {
	row := func(start, index, white, black string) string {
		return dfrcHead + start + "," + index + "," + white + "," + black + ",,,,1,,e2e4,9,12,1234,5,e2e4" + tail
	}
	good := "518:0,497280,RNBQKBNR,BBQNNRKR,,,,1,,e2e4,9,12,1234,5,e2e4" + tail
	sample := func(start, index, white, black, seed, size, draw string) string {
		return dfrcHead + start + "," + index + "," + white + "," + black + "," + seed + "," + size + "," + draw + ",1,,a2a3,9,12,1234,5,a2a3" + tail
	}
	d := draws(t, "x", 2)
	s1 := func(size, draw string) string {
		return sample(d[0].String(), "9524", "QNNBBRKR", "RBBQKRNN", "x", size, draw)
	}
	for _, c := range []struct{ text, msg string }{
		{row("518-0", "497280", "RNBQKBNR", "BBQNNRKR"), `start "518-0": want W:B`},
		{row("960:0", "921600", "RNBQKBNR", "BBQNNRKR"), `start "960:0": want W:B`},
		{row("0518:0", "497280", "RNBQKBNR", "BBQNNRKR"), `start "0518:0": want W:B`},
		{row("518:0", "497281", "RNBQKBNR", "BBQNNRKR"), "index 497281, but start 518:0 is index 497280"},
		{row("518:0", "x", "RNBQKBNR", "BBQNNRKR"), `index "x": not a whole number`},
		{row("518:0", "497280", "BBQNNRKR", "BBQNNRKR"), `white_rank "BBQNNRKR", but start 518:0 has White's rank RNBQKBNR`},
		{row("518:0", "497280", "RNBQKBNR", "RNBQKBNR"), `black_rank "RNBQKBNR", but start 518:0 has Black's rank BBQNNRKR`},
		// From 0:518 (White BBQNNRKR) e2e4 is legal, but not g1f3: g1 is
		// White's king.
		{dfrcHead + "0:518,518,BBQNNRKR,RNBQKBNR,,,,1,,g1f3,9,12,1234,5,g1f3" + tail, `t:2: malformed balance table: start 0:518: bestmove "g1f3" is not a legal move`},
		// Black has RNBQKBNR in 0:518: its c8 bishop is shut in by b7 and d7.
		{dfrcHead + "0:518,518,BBQNNRKR,RNBQKBNR,,,,1,,e2e4,9,12,1234,5,e2e4 c8b7" + tail, `start 0:518: pv move 2 "c8b7" is not legal`},
		{dfrcHead + good + good, "t:3: malformed balance table: start 518:0 comes twice (first on line 2)"},
		{dfrcHead + "518:0,497280,RNBQKBNR,BBQNNRKR,1,,e2e4,9,12,1234,5,e2e4" + tail, "16 fields, want 19"},
		// Samples: the start must be the seed's draw, and all rows of one
		// sample.
		{s1("3", "2"), "start 9:884 is not draw 2 of the sample of 3 drawn with seed \"x\": that is " + d[1].String()},
		{sample(d[0].String(), "9524", "QNNBBRKR", "RBBQKRNN", "y", "3", "1"), `is not draw 1 of the sample of 3 drawn with seed "y"`},
		{s1("3", "4"), "sample_draw 4: out of range 1..3"},
		{s1("3", "0"), "sample_draw 0: out of range"},
		{s1("921601", "1"), "sample_size 921601: out of range 1..921600"},
		{s1("", ""), "sample_size \"\", sample_draw \"\": want two whole numbers"},
		{sample(d[0].String(), "9524", "QNNBBRKR", "RBBQKRNN", "", "3", "1"), "sample_size and sample_draw without a sample_seed"},
		{s1("3", "1") + good, `start 518:0 is not of a sample, but start 9:884 (line 2) of the sample of 3 drawn with seed "x"`},
		{s1("3", "1") + strings.Replace(strings.TrimPrefix(s1("4", "1"), dfrcHead), "9:884", "9:884", 1), `of the sample of 4 drawn with seed "x", but start 9:884 (line 2) of the sample of 3`},
		{s1("3", "1") + strings.TrimPrefix(s1("3", "1"), dfrcHead), "start 9:884 comes twice"},
		// JSON Lines.
		{`{"start":"518:0","index":497280,"white_rank":"RNBQKBNR","black_rank":"BBQNNRKR","score_cp":1,"bestmove":"e2e4","pv":[],"engine":"E","search_depth":1,"options":"","date":"2026-01-02","id":3}` + "\n", `unknown field "id"`},
		{`{"start":"518:0","index":497280,"white_rank":"RNBQKBNR","black_rank":"BBQNNRKR","sample_seed":"x","score_cp":1,"bestmove":"e2e4","pv":[],"engine":"E","search_depth":1,"options":"","date":"2026-01-02"}` + "\n", "want sample_seed, sample_size and sample_draw, or none"},
		{`{"start":"518:1","index":497280,"white_rank":"RNBQKBNR","black_rank":"BBQNNRKR","score_cp":1,"bestmove":"e2e4","pv":[],"engine":"E","search_depth":1,"options":"","date":"2026-01-02"}` + "\n", "index 497280, but start 518:1 is index 497281"},
		{`{"id":518,"rank":"RNBQKBNR","score_cp":1,"mate":null,"bestmove":"e2e4","depth":1,"seldepth":0,"nodes":0,"time_ms":0,"pv":["e2e4"],"engine":"E","search_depth":1,"options":"","date":"2026-01-02"}` + "\n" +
			`{"start":"518:0","index":497280,"white_rank":"RNBQKBNR","black_rank":"BBQNNRKR","score_cp":1,"bestmove":"e2e4","pv":[],"engine":"E","search_depth":1,"options":"","date":"2026-01-02"}` + "\n",
			"t:2: malformed balance table: start 518:0 (line 2) is a DFRC start, position 518 (line 1) a Chess960 position: a table holds one or the other"},
		{`{"engine":"E","depth":9,"date":"2026-01-02"}` + "\n" + `{"start":"518:0","index":497280,"white_rank":"RNBQKBNR","black_rank":"BBQNNRKR","score_cp":1,"bestmove":"e2e4","pv":[],"engine":"E","search_depth":1,"options":"","date":"2026-01-02"}` + "\n", "a DFRC row in a table with a header object"},
		// A CSV whose header row is neither.
		{"start,index\n", `want the header row "id,rank,`},
	} {
		_, err := Read(strings.NewReader(c.text), "t")
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q:\n%v; want %q", c.text, err, c.msg)
		}
	}
}

func TestShardDFRC(t *testing.T) {
	for _, c := range []struct {
		s      string
		total  int
		lo, hi int
	}{
		{"1/960", chess960.DFRCCount, 0, 960}, {"2/960", chess960.DFRCCount, 960, 1920}, {"960/960", chess960.DFRCCount, 920640, 921600},
		{"1/1", chess960.DFRCCount, 0, 921600}, {"921600/921600", chess960.DFRCCount, 921599, 921600}, {"1/7", chess960.DFRCCount, 0, 131657},
		{"1/3", 2000, 0, 666}, {"3/3", 2000, 1333, 2000}, {"2000/2000", 2000, 1999, 2000},
	} {
		sh, err := ParseShardOf(c.s, c.total)
		if lo, hi := sh.RangeOf(c.total); err != nil || lo != c.lo || hi != c.hi {
			t.Errorf("%s of %d: %d-%d, %v; want %d-%d", c.s, c.total, lo, hi, err, c.lo, c.hi)
		}
	}
	// The parts of any N cover the 921,600 once.
	for _, n := range []int{1, 7, 960, 1000, 4099} {
		next := 0
		for i := 1; i <= n; i++ {
			lo, hi := Shard{I: i, N: n}.RangeOf(chess960.DFRCCount)
			if lo != next || hi <= lo {
				t.Fatalf("%d/%d: %d-%d after %d", i, n, lo, hi, next)
			}
			next = hi
		}
		if next != chess960.DFRCCount {
			t.Errorf("N=%d ends at %d", n, next)
		}
	}
	for _, c := range []struct {
		s     string
		total int
		msg   string
	}{
		{"1/921601", chess960.DFRCCount, `"1/921601": out of range: want 1 <= I <= N <= 921600`},
		{"1/2001", 2000, `out of range: want 1 <= I <= N <= 2000`},
		{"0/4", 2000, "out of range"}, {"1:4", 2000, "want I/N"},
	} {
		if _, err := ParseShardOf(c.s, c.total); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q of %d: %v, want %q", c.s, c.total, err, c.msg)
		}
	}
}

// TestRunDFRC runs a sample of 5 in two shards with the fake engine, to a
// file and to stdout, resumes one, and merges them.
func TestRunDFRC(t *testing.T) {
	dir := t.TempDir()
	d := draws(t, "s", 5)
	c := fakeConfig(t)
	c.DFRC, c.Sample = true, Sample{Seed: "s", N: 5}
	// Shard 1/2 is draws 1 and 2, to stdout, in order.
	var out strings.Builder
	c.Shard, c.Stdout = Shard{I: 1, N: 2}, &out
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	f, err := Read(strings.NewReader(out.String()), "out")
	if err != nil || len(f.Rows) != 2 || f.Header.Sample != c.Sample || !f.Header.DFRC {
		t.Fatalf("%+v, %v\n%s", f, err, out.String())
	}
	for i, r := range f.Rows {
		if r.DFRC != d[i] || r.Draw != i+1 || r.Score.Value != 45 || r.Depth != 3 {
			t.Errorf("row %d: %+v, want %v", i, r, d[i])
		}
	}
	a := filepath.Join(dir, "a.csv")
	os.WriteFile(a, []byte(out.String()), 0o644)
	// Shard 2/2 to a file, interrupted after one row, then resumed.
	b := filepath.Join(dir, "b.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	c2 := fakeConfig(t, "-stall-at", "2")
	c2.DFRC, c2.Sample, c2.Shard, c2.Out, c2.Jobs, c2.Format, c2.FormatGiven = true, c.Sample, Shard{I: 2, N: 2}, b, 1, JSON, true
	c2.Progress = func(p Progress) {
		if p.Done == 1 {
			cancel()
		}
	}
	if err := Run(ctx, c2); err == nil || err.Error() != "interrupted; 1 of 3 starts are in "+b+": run the same command with --resume to finish" {
		t.Fatalf("interrupted: %v", err)
	}
	var notes []string
	c2.Engine.Args, c2.Progress, c2.Resume = nil, nil, true
	c2.Note = func(s string) { notes = append(notes, s) }
	if err := Run(context.Background(), c2); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || notes[0] != "resuming "+b+": 1 of 3 starts done" {
		t.Errorf("notes %q", notes)
	}
	// Resuming a finished part (a retried job) leaves it as it is.
	done, _ := os.ReadFile(b)
	if err := Run(context.Background(), c2); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(b); string(again) != string(done) || strings.Count(string(done), "\n") != 3 {
		t.Errorf("resumed when finished:\n%s\nwas\n%s", again, done)
	}
	// The parts merge into the whole sample, in its order.
	var merged strings.Builder
	if err := Merge([]string{b, a}, "", &merged, CSV, true, nil); err != nil {
		t.Fatal(err)
	}
	m, err := Read(strings.NewReader(merged.String()), "merged")
	if err != nil || len(m.Rows) != 5 {
		t.Fatalf("merged: %+v, %v", m, err)
	}
	for i, r := range m.Rows {
		if r.DFRC != d[i] || r.Draw != i+1 {
			t.Errorf("merged row %d: %v draw %d, want %v", i, r.DFRC, r.Draw, d[i])
		}
	}
	s, err := newDFRCSample(m, "merged")
	if err != nil || s.Seed() != "s" || len(s.Rows()) != 5 {
		t.Fatalf("sample: %v", err)
	}
	if r, ok := s.Lookup(d[3]); !ok || r.Draw != 4 {
		t.Errorf("Lookup(%v): %+v %v", d[3], r, ok)
	}
	for i := 0; i < 6; i++ { // at least one of 0:0..0:5 is not drawn
		x, _ := chess960.DFRCFromIndex(i)
		if _, ok := s.Lookup(x); ok != slices.Contains(d, x) {
			t.Errorf("Lookup(%v): %v", x, ok)
		}
	}
	if _, err := newDFRCSample(f, "part"); err == nil || !strings.Contains(err.Error(), "2 of the sample's 5 starts") {
		t.Errorf("part as a sample: %v", err)
	}

	// A whole-DFRC run: shard 2/921600 is the one start 0:1.
	out.Reset()
	c3 := fakeConfig(t)
	c3.DFRC, c3.Shard, c3.Stdout = true, Shard{I: 2, N: chess960.DFRCCount}, &out
	if err := Run(context.Background(), c3); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), dfrcHead+"0:1,1,BBQNNRKR,BQNBNRKR,,,,45,,a2a3,3,5,300,3,") {
		t.Errorf("shard 2/921600:\n%s", out.String())
	}

	// Errors: resuming a file of the other kind or of another sample, a
	// shard beyond the sample.
	p960 := filepath.Join(dir, "960.csv")
	os.WriteFile(p960, []byte(head+"0,BBQNNRKR,45,,a2a3,3,5,300,3,a2a3,Fake 1.0,3,Hash=16,2026-03-04\n"), 0o644)
	c4 := fakeConfig(t)
	c4.DFRC, c4.Sample, c4.Out, c4.Resume = true, c.Sample, p960, true
	if err := Run(context.Background(), c4); err == nil || err.Error() != "--resume: "+p960+" is a table of the 960 Chess960 positions; this run is of DFRC starts" {
		t.Errorf("resume a 960 file: %v", err)
	}
	c4.Out = a
	c4.Sample = Sample{Seed: "other", N: 5}
	if err := Run(context.Background(), c4); err == nil || !strings.Contains(err.Error(), `is a table of the sample of 5 drawn with seed "s"; this run is of the sample of 5 drawn with seed "other"`) {
		t.Errorf("resume another sample: %v", err)
	}
	c4.Sample, c4.Shard = c.Sample, Shard{I: 2, N: 2}
	if err := Run(context.Background(), c4); err == nil || !strings.Contains(err.Error(), "holds start "+d[0].String()+", outside draws 3-5 of this run") {
		t.Errorf("resume another shard: %v", err)
	}
	c4.Shard = Shard{I: 1, N: 6}
	if err := Run(context.Background(), c4); err == nil || err.Error() != "--shard 1/6: out of range: want 1 <= I <= N <= 5" {
		t.Errorf("shard beyond the sample: %v", err)
	}
	c5 := fakeConfig(t)
	c5.Out, c5.Resume = a, true
	if err := Run(context.Background(), c5); err == nil || err.Error() != "--resume: "+a+" is a table of DFRC starts; this run is of the 960 Chess960 positions" {
		t.Errorf("resume a DFRC file for the 960: %v", err)
	}
}

// TestMergeDFRC: parts of the 960 and of DFRC starts, of different
// samples, overlapping or leaving a start out, are refused.
func TestMergeDFRC(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, rows []Row) string {
		var b strings.Builder
		writeTable(&b, CSV, rows)
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(b.String()), 0o644)
		return p
	}
	d := draws(t, "m", 4)
	sampleRow := func(seed string, n, draw int, dd chess960.DFRC) Row {
		return Row{IsDFRC: true, DFRC: dd, Sample: Sample{Seed: seed, N: n}, Draw: draw, Score: uci.Score{Kind: uci.Centipawns}, BestMove: "a2a3", Source: src, Date: "2026-01-02"}
	}
	p12 := write("p12.csv", []Row{sampleRow("m", 4, 1, d[0]), sampleRow("m", 4, 2, d[1])})
	p3 := write("p3.csv", []Row{sampleRow("m", 4, 3, d[2])})
	p4 := write("p4.csv", []Row{sampleRow("m", 4, 4, d[3])})
	p23 := write("p23.csv", []Row{sampleRow("m", 4, 2, d[1]), sampleRow("m", 4, 3, d[2])})
	other := draws(t, "n", 4)
	n4 := write("n4.csv", []Row{sampleRow("n", 4, 4, other[3])})
	m5 := write("m5.csv", []Row{sampleRow("m", 5, 4, d[3])})
	full := write("full.csv", dfrcRows())
	p960 := write("960.csv", testRows())
	empty := filepath.Join(dir, "empty.csv")
	os.WriteFile(empty, []byte(dfrcHead), 0o644)
	var out strings.Builder
	if err := Merge([]string{p4, empty, p12, p3}, "", &out, CSV, false, nil); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != 5 || !strings.HasPrefix(out.String(), dfrcHead+d[0].String()+",") {
		t.Errorf("merged:\n%s", out.String())
	}
	for _, c := range []struct {
		files []string
		msg   string
	}{
		{[]string{p12, p960}, "--merge: " + p12 + " is a table of a sample of DFRC starts, but " + p960 + " of the 960 Chess960 positions: they cannot be merged"},
		{[]string{p960, full}, "of the 960 Chess960 positions, but " + full + " of DFRC starts: they cannot be merged"},
		{[]string{empty, p960}, "cannot be merged"},
		{[]string{p12, p3, n4}, `--merge: ` + p12 + ` is a table of the sample of 4 drawn with seed "m", but ` + n4 + ` of the sample of 4 drawn with seed "n": they are not parts of one table`},
		{[]string{p12, p3, m5}, `but ` + m5 + ` of the sample of 5 drawn with seed "m"`},
		{[]string{p12, full}, "not of a sample: they are not parts of one table"},
		{[]string{p12, p23, p4}, "--merge: start " + d[1].String() + " is in both " + p12 + " and " + p23},
		{[]string{p12, p4}, `--merge: 1 of the 4 starts of the sample (seed "m") are in none of the files, e.g. draw 3`},
		{[]string{full}, "--merge: 921598 of the 921,600 DFRC starts are in none of the files, e.g. 0:0, 0:1, 0:2, 0:3, 0:4"},
	} {
		err := Merge(c.files, "", &strings.Builder{}, CSV, false, nil)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("merge %v:\n%v; want %q", c.files, err, c.msg)
		}
	}
}

// TestShippedDFRC checks the sample the project ships: exactly the
// seeded draw (drawn again here with chess960.DFRCDrawer), every row
// made by Stockfish at the sample's depth, and every best move and pv
// legal from its start (replayed here on the FEN of the start).
func TestShippedDFRC(t *testing.T) {
	s, err := ShippedDFRC()
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header()
	if h.Engine != "Stockfish 15.1" || h.Depth != 17 || h.Options != "Threads=1 Hash=16" || !h.DFRC || s.Seed() != "chess960-dfrc-sample-2026" || h.Sample.N < 2000 {
		t.Errorf("header %+v, seed %q", h, s.Seed())
	}
	rows := s.Rows()
	want := draws(t, s.Seed(), h.Sample.N)
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	near := 0
	for i, r := range rows {
		if r.DFRC != want[i] || r.Draw != i+1 || !r.IsDFRC || r.Source != h.Source {
			t.Fatalf("row %d: %v draw %d, want %v", i, r.DFRC, r.Draw, want[i])
		}
		if got, ok := s.Lookup(want[i]); !ok || got.Draw != i+1 {
			t.Errorf("Lookup(%v): draw %d, %v", want[i], got.Draw, ok)
		}
		p, err := chess.ParseFEN(want[i].FEN())
		if err != nil {
			t.Fatal(err)
		}
		if len(r.PV) == 0 || r.PV[0] != r.BestMove || r.Depth < h.Depth {
			t.Errorf("%v: bestmove %s, pv %v, depth %d", r.DFRC, r.BestMove, r.PV, r.Depth)
		}
		for _, u := range r.PV {
			m, err := p.ParseUCI(u)
			if err != nil {
				t.Fatalf("%v: pv %v: %s: %v", r.DFRC, r.PV, u, err)
			}
			p.Play(m)
		}
		if r.Score.Kind == uci.Centipawns && r.Score.Value >= -50 && r.Score.Value <= 50 {
			near++
		}
	}
	// DFRC starts are less balanced than Chess960's, but most are within a
	// pawn or so: a sample of Stockfish's scores, not of noise.
	if near < len(rows)/10 || near == len(rows) {
		t.Errorf("%d of %d within 0.50", near, len(rows))
	}
	// A start not drawn is not found.
	in := map[int]bool{}
	for _, d := range want {
		in[d.Index()] = true
	}
	for i := 0; ; i++ {
		if !in[i] {
			d, _ := chess960.DFRCFromIndex(i)
			if _, ok := s.Lookup(d); ok {
				t.Errorf("Lookup(%v) found a start not in the sample", d)
			}
			break
		}
	}
	// Rows is the caller's copy.
	rows[0].Score.Value = 12345
	if s.Rows()[0].Score.Value == 12345 {
		t.Error("Rows shares its slice")
	}
}
