package balance

import (
	"encoding/csv"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/uci"
)

var src = Source{Engine: "E 1", Depth: 9, Options: "Hash=16"}

// head is the header row, and tail the last four columns of a row of src
// made on 2026-01-02.
const (
	head = Columns + "\n"
	tail = ",E 1,9,Hash=16,2026-01-02\n"
)

func testRows() []Row {
	return []Row{
		{ID: 518, Rank: "RNBQKBNR", Score: uci.Score{Kind: uci.Centipawns, Value: 31}, BestMove: "e2e4", Depth: 9, SelDepth: 12, Nodes: 1234, TimeMS: 5, PV: []string{"e2e4", "e7e5", "g1f3"},
			Source: src, Date: "2026-01-02"},
		{ID: 0, Rank: "BBQNNRKR", Score: uci.Score{Kind: uci.MateIn, Value: -3}, BestMove: "g2g3", Depth: 9, PV: nil,
			Source: src, Date: "2026-01-03"},
	}
}

func TestReadWrite(t *testing.T) {
	rows := testRows()
	for _, f := range []Format{CSV, JSON} {
		var b strings.Builder
		if err := writeTable(&b, f, rows); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		got, err := Read(strings.NewReader(text), "t")
		if err != nil {
			t.Fatalf("%v: %v\n%s", f, err, text)
		}
		want := Header{Source: src, Date: "2026-01-02 to 2026-01-03"}
		if got.Format != f || got.Header != want || len(got.Rows) != 2 || got.Torn || got.Legacy {
			t.Fatalf("%v: %+v", f, got)
		}
		for i, r := range got.Rows {
			if string(appendRow(nil, f, r)) != string(appendRow(nil, f, rows[i])) {
				t.Errorf("%v row %d: %+v", f, i, r)
			}
		}
		// A line cut short at the end is ignored and reported.
		torn, err := Read(strings.NewReader(text+"5,BQNNRK"), "t")
		if err != nil || !torn.Torn || len(torn.Rows) != 2 || torn.Complete != int64(len(text)) {
			t.Errorf("%v torn: %+v, %v", f, torn, err)
		}
	}
	// The CSV as written, by hand.
	want := head + "518,RNBQKBNR,31,,e2e4,9,12,1234,5,e2e4 e7e5 g1f3,E 1,9,Hash=16,2026-01-02\n" +
		"0,BBQNNRKR,,-3,g2g3,9,0,0,0,,E 1,9,Hash=16,2026-01-03\n"
	var b strings.Builder
	writeTable(&b, CSV, rows)
	if b.String() != want {
		t.Errorf("CSV %q, want %q", b.String(), want)
	}
	b.Reset()
	writeTable(&b, JSON, rows[1:])
	want = `{"id":0,"rank":"BBQNNRKR","score_cp":null,"mate":-3,"bestmove":"g2g3","depth":9,"seldepth":0,"nodes":0,"time_ms":0,"pv":[],"engine":"E 1","search_depth":9,"options":"Hash=16","date":"2026-01-03"}` + "\n"
	if b.String() != want {
		t.Errorf("JSON %s, want %s", b.String(), want)
	}
	// An engine name with a comma and a quote is quoted as RFC 4180 says,
	// and reads back.
	odd := rows[:1:1]
	odd[0].Source.Engine = `Odd, "quoted" 2`
	b.Reset()
	writeTable(&b, CSV, odd)
	if !strings.Contains(b.String(), `,"Odd, ""quoted"" 2",9,`) {
		t.Errorf("quoting: %s", b.String())
	}
	if f, err := Read(strings.NewReader(b.String()), "t"); err != nil || f.Header.Engine != odd[0].Source.Engine {
		t.Errorf("quoted engine: %+v, %v", f, err)
	}
	// Saved by a spreadsheet: a byte order mark and CRLF line ends.
	b.Reset()
	writeTable(&b, CSV, testRows())
	saved := "\ufeff" + strings.ReplaceAll(b.String(), "\n", "\r\n")
	if f, err := Read(strings.NewReader(saved), "t"); err != nil || len(f.Rows) != 2 {
		t.Errorf("BOM and CRLF: %+v, %v", f, err)
	}
	// The header row alone (a run killed at once) is an empty table.
	if f, err := Read(strings.NewReader(head), "t"); err != nil || len(f.Rows) != 0 || f.Header != (Header{}) || f.Complete != int64(len(head)) {
		t.Errorf("header row only: %+v, %v", f, err)
	}
}

// TestEncodingCSV reads a table with Go's encoding/csv, as any CSV tool
// would: a header row with the column names, then one record of as many
// fields per position; no comment lines.
func TestEncodingCSV(t *testing.T) {
	read := func(name, text string) [][]string {
		t.Helper()
		recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
		if err != nil {
			t.Fatalf("%s: encoding/csv: %v", name, err)
		}
		if len(recs) == 0 || strings.Join(recs[0], ",") != Columns {
			t.Fatalf("%s: header row %q", name, recs[0])
		}
		for i, r := range recs[1:] {
			if len(r) != 14 {
				t.Fatalf("%s: record %d: %d fields", name, i+1, len(r))
			}
		}
		return recs
	}
	var b strings.Builder
	writeTable(&b, CSV, testRows())
	recs := read("written", b.String())
	if len(recs) != 3 || recs[1][0] != "518" || recs[1][9] != "e2e4 e7e5 g1f3" || recs[2][3] != "-3" || recs[2][10] != "E 1" || recs[2][13] != "2026-01-03" {
		t.Errorf("records %q", recs)
	}
	// The shipped file.
	data, err := os.ReadFile("data/" + ShippedName)
	if err != nil {
		t.Fatal(err)
	}
	recs = read(ShippedName, string(data))
	if len(recs) != 961 {
		t.Fatalf("%s: %d records", ShippedName, len(recs))
	}
	for i, r := range recs[1:] {
		if r[0] != strconv.Itoa(i) || r[1] != chess960.MustNew(i).String() || r[10] != "Stockfish 15.1" || r[11] != "25" || r[12] != "Threads=1 Hash=64" || r[13] != "2026-11-30" {
			t.Errorf("%s: record %d: %q", ShippedName, i+1, r)
		}
	}
}

// TestReadLegacy reads files of the previous form: comment lines and ten
// columns, or a JSON header object.
func TestReadLegacy(t *testing.T) {
	csvText := "# chess960 balance: every start position searched by a UCI engine\n# engine: E 1\n# depth: 9\n# options: Hash=16\n# date: 2026-01-02\n# shard: 1/2 (positions 0-479)\n" +
		"id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv\n" +
		"518,RNBQKBNR,31,,e2e4,9,12,1234,5,e2e4 e7e5 g1f3\n0,BBQNNRKR,,-3,g2g3,9,0,0,0,\n"
	jsonText := `{"engine":"E 1","depth":9,"options":"Hash=16","date":"2026-01-02","shard":"1/2 (positions 0-479)"}` + "\n" +
		`{"id":518,"rank":"RNBQKBNR","score_cp":31,"mate":null,"bestmove":"e2e4","depth":9,"seldepth":12,"nodes":1234,"time_ms":5,"pv":["e2e4","e7e5","g1f3"]}` + "\n" +
		`{"id":0,"rank":"BBQNNRKR","score_cp":null,"mate":-3,"bestmove":"g2g3","depth":9,"seldepth":0,"nodes":0,"time_ms":0,"pv":[]}` + "\n"
	want := testRows()
	want[1].Date = "2026-01-02" // the table's date, for every row
	for _, c := range []struct {
		text   string
		format Format
	}{{csvText, CSV}, {jsonText, JSON}} {
		f, err := Read(strings.NewReader(c.text+"5,BQ"), "old")
		if err != nil {
			t.Fatalf("%v: %v", c.format, err)
		}
		if f.Format != c.format || !f.Legacy || !f.Torn || f.Header != (Header{Source: src, Date: "2026-01-02"}) || len(f.Rows) != 2 {
			t.Fatalf("%v: %+v", c.format, f)
		}
		for i, r := range f.Rows {
			if string(appendRow(nil, CSV, r)) != string(appendRow(nil, CSV, want[i])) {
				t.Errorf("%v: row %d %+v, want %+v", c.format, i, r, want[i])
			}
		}
	}
	// A merged table of that form dates its rows with its span.
	f, err := Read(strings.NewReader(strings.Replace(csvText, "2026-01-02", "2026-01-02 to 2026-02-03", 1)), "old")
	if err != nil || f.Rows[0].Date != "2026-01-02 to 2026-02-03" || f.Header.Date != "2026-01-02 to 2026-02-03" {
		t.Errorf("merged: %+v, %v", f, err)
	}
	// The comments alone (a run killed at once) read as an empty table.
	f, err = Read(strings.NewReader("# engine: E\n# depth: 3\n"), "t")
	if err != nil || len(f.Rows) != 0 || !f.Legacy {
		t.Errorf("comments only: %+v, %v", f, err)
	}
}

func TestReadErrors(t *testing.T) {
	row := "518,RNBQKBNR,1,,e2e4,9,12,1234,5,"
	old := "# engine: E 1\n# depth: 9\n# options: Hash=16\n# date: 2026-01-02\n" + legacyColumns + "\n"
	for _, c := range []struct{ text, msg string }{
		{"", "empty file"},
		{"id,rank\n", `t:1: malformed balance table: want the header row`},
		{head + "518,RNBQKBNR,31,,e2e4,9,12,1234,5" + tail, "t:2: malformed balance table: 13 fields, want 14"},
		{head + "518,RNBQKBNR,31,2,e2e4,9,12,1234,5," + tail, "want score_cp or mate, not both"},
		{head + "518,RNBQKBNR,,,e2e4,9,12,1234,5," + tail, "want score_cp or mate, not both or neither"},
		{head + "960,BBQNNRKR,1,,g2g3,9,12,1234,5," + tail, "id out of range"},
		{head + "517,RNBQKBNR,1,,e2e4,9,12,1234,5," + tail, `rank "RNBQKBNR", but position 517 is RNBBQKNR`},
		{head + "518,RNBQKBNR,1,,e2e5,9,12,1234,5," + tail, `bestmove "e2e5" is not a legal move`},
		{head + row + "e2e4 e2e4" + tail, `pv move 2 "e2e4" is not legal`},
		{head + row + "d2d4" + tail, "pv starts with d2d4, not the bestmove e2e4"},
		{head + "518,RNBQKBNR,1,,e2e4,x,12,1234,5," + tail, `depth "x": not a whole number`},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,-4,5," + tail, "a negative count"},
		{head + row + tail + row + tail, "t:3: malformed balance table: position 518 comes twice (first on line 2)"},
		{head + row + ",,9,Hash=16,2026-01-02\n", "no engine"},
		{head + row + ",E 1,0,Hash=16,2026-01-02\n", `search_depth "0": not a whole number above 0`},
		{head + row + ",E 1,9,Hash=16,2026-13-02\n", `date "2026-13-02": want YYYY-MM-DD`},
		{head + row + ",E 1,9,Hash=16,\n", `date "": want YYYY-MM-DD`},
		{head + row + tail + "0,BBQNNRKR,,-3,g2g3,9,0,0,0,,E 1,10,Hash=16,2026-01-02\n",
			`t:3: malformed balance table: position 0 was made by "E 1" at depth 10 with "Hash=16", but position 518 (line 2) by "E 1" at depth 9`},
		{head + `518,"RNB` + "\n", "t:2: malformed balance table: extraneous or missing \" in quoted-field"},
		{"# chess960 balance\n" + Columns + "\n", "want the header row \"" + legacyColumns + "\""},
		{old + "518,RNBQKBNR,31,,e2e4,9,12,1234,5\n", "t:6: malformed balance table: 9 fields, want 10"},
		{old + "518,RNBQKBNR,1,,e2e4,9,12,4,5,\n# more\n", "a comment after the header row"},
		{legacyColumns + "\n518,RNBQKBNR,1,,e2e4,9,12,4,5,\n", "want the header row"},
		{"# depth: 9\n" + legacyColumns + "\n", "no engine in the header"},
		{"# engine: E\n# depth: x\n", `depth "x": not a whole number`},
		{`{"engine":"E","depth":9,"date":"2026-01-02"}` + "\n" + `{"id":518,"rank":"RNBQKBNR","score_cp":1,"bestmove":"e2e4","extra":1}` + "\n", `unknown field "extra"`},
		{`{"engine":"E","depth":9,"date":"2026-01-02"}` + "\n" + `{"id":518,"rank":"RNBQKBNR","bestmove":"e2e4"}` + "\n", "want score_cp or mate"},
		{`{"engine":"E","depth":9,"date":"2026-01-02"}` + "\n" + `{"id":518,"rank":"RNBQKBNR","score_cp":1,"bestmove":"e2e4","engine":"E"}` + "\n", "in a row of a table with a header object"},
		{`{"engine":"E","depth":9}` + "\n", "header object: no date"},
		{`{"id":518,"rank":"RNBQKBNR","score_cp":1,"bestmove":"e2e4","pv":[]}` + "\n", "want engine, search_depth, options and date"},
		{`{"engine":` + "\n", "t:1: malformed balance table: unexpected EOF"},
	} {
		_, err := Read(strings.NewReader(c.text), "t")
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v; want %q", c.text, err, c.msg)
		}
	}
}

func TestShard(t *testing.T) {
	for _, c := range []struct {
		s      string
		lo, hi int
	}{{"1/1", 0, 960}, {"1/240", 0, 4}, {"2/240", 4, 8}, {"240/240", 956, 960}, {"1/7", 0, 137}, {"7/7", 822, 960}, {"960/960", 959, 960}} {
		sh, err := ParseShard(c.s)
		if lo, hi := sh.Range(); err != nil || lo != c.lo || hi != c.hi {
			t.Errorf("%s: %d-%d, %v; want %d-%d", c.s, lo, hi, err, c.lo, c.hi)
		}
	}
	// The parts of any N cover the 960 once.
	for _, n := range []int{1, 2, 3, 7, 239, 960} {
		next := 0
		for i := 1; i <= n; i++ {
			lo, hi := Shard{I: i, N: n}.Range()
			if lo != next || hi <= lo {
				t.Fatalf("%d/%d: %d-%d after %d", i, n, lo, hi, next)
			}
			next = hi
		}
		if next != 960 {
			t.Errorf("N=%d ends at %d", n, next)
		}
	}
	if lo, hi := (Shard{}).Range(); lo != 0 || hi != 960 {
		t.Errorf("zero shard: %d-%d", lo, hi)
	}
	for _, c := range []struct{ s, msg string }{
		{"0/4", `"0/4": out of range: want 1 <= I <= N <= 960`}, {"5/4", `"5/4": out of range`}, {"1/961", "out of range"},
		{"x", `"x": want I/N, e.g. 3/8`}, {"1/", "want I/N"}, {"1/2/3", "want I/N"},
	} {
		if _, err := ParseShard(c.s); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v, want %q", c.s, err, c.msg)
		}
	}
}

func TestTable(t *testing.T) {
	// A table with scores chosen by hand: position id scores id-480
	// centipawns, except 7, which is a mate.
	var rows []Row
	for id := range 960 {
		sp := chess960.MustNew(id)
		r := Row{ID: id, Rank: sp.String(), Score: uci.Score{Kind: uci.Centipawns, Value: id - 480}, BestMove: "a2a3", Depth: 1,
			Source: Source{Engine: "E", Depth: 1}, Date: "2026-01-02"}
		if id == 7 {
			r.Score = uci.Score{Kind: uci.MateIn, Value: 5}
		}
		rows = append(rows, r)
	}
	var b strings.Builder
	writeTable(&b, CSV, rows)
	f, err := Read(strings.NewReader(b.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := newTable(f, "t")
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Balanced(30).String(); got != "450-510" {
		t.Errorf("Balanced(30) = %s, want 450-510", got)
	}
	if got := tab.Balanced(479).String(); got != "1-6,8-959" {
		t.Errorf("Balanced(479) = %s", got)
	}
	if r := tab.Row(chess960.Standard()); r.Score.Value != 38 || r.Rank != "RNBQKBNR" {
		t.Errorf("row 518: %+v", r)
	}
	f.Rows = f.Rows[:959]
	if _, err := newTable(f, "t"); err == nil || !strings.Contains(err.Error(), "1 positions missing: 959") {
		t.Errorf("missing: %v", err)
	}
}

// TestShipped checks the table the project ships: every position, made by
// Stockfish, in this form, with plausible scores (start positions are
// close to equal; White, to move, is never worse by much).
func TestShipped(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	h := tab.Header()
	if h != (Header{Source: Source{Engine: "Stockfish 15.1", Depth: 25, Options: "Threads=1 Hash=64"}, Date: "2026-11-30"}) {
		t.Errorf("header %+v", h)
	}
	f, err := Read(strings.NewReader(shipped), ShippedName)
	if err != nil || f.Legacy || f.Torn || f.Format != CSV {
		t.Errorf("%s: legacy %v, torn %v, format %v, %v", ShippedName, f.Legacy, f.Torn, f.Format, err)
	}
	all := tab.Balanced(1 << 30)
	if all.Len() != 960 {
		t.Errorf("%d positions with a centipawn score", all.Len())
	}
	for _, sp := range all.Positions() {
		r := tab.Row(sp)
		if r.Score.Value < -60 || r.Score.Value > 150 || r.Depth != h.Depth || len(r.PV) == 0 {
			t.Errorf("position %d: %+v", sp.ID(), r)
		}
	}
	if n := tab.Balanced(30).Len(); n < 100 || n > 900 {
		t.Errorf("%d positions within 0.30", n)
	}
}

// FuzzRead: Read never panics, and what it reads, written again (in this
// form), reads back the same.
func FuzzRead(f *testing.F) {
	var b strings.Builder
	writeTable(&b, CSV, testRows())
	f.Add(b.String())
	b.Reset()
	writeTable(&b, JSON, testRows())
	f.Add(b.String())
	f.Add("# engine: E\n# depth: 9\n# date: 2026-01-02\n" + legacyColumns + "\n518,RNBQKBNR,31,,e2e4,9,12,1234,5,e2e4 e7e5 g1f3\n0,BBQNNRKR,,-3,g2g3,9,0,0,0,\n")
	f.Add(`{"engine":"E","depth":9,"options":"","date":"2026-01-02"}` + "\n" + `{"id":518,"rank":"RNBQKBNR","score_cp":1,"mate":null,"bestmove":"e2e4","depth":1,"seldepth":0,"nodes":0,"time_ms":0,"pv":["e2e4"]}` + "\n")
	f.Add(head + "5,BQNNRK")
	f.Add(DFRCColumns + "\n518:0,497280,RNBQKBNR,BBQNNRKR,,,,31,,e2e4,9,12,1234,5,e2e4 g7g6 d2d4,E 1,9,Hash=16,2026-01-02\n")
	f.Add(DFRCColumns + "\n9:884,9524,QNNBBRKR,RBBQKRNN,x,3,1,31,,a2a3,9,12,1234,5,a2a3,E 1,9,Hash=16,2026-01-02\n")
	f.Add(`{"start":"9:884","index":9524,"white_rank":"QNNBBRKR","black_rank":"RBBQKRNN","sample_seed":"x","sample_size":3,"sample_draw":1,"score_cp":31,"mate":null,"bestmove":"a2a3","depth":9,"seldepth":12,"nodes":1234,"time_ms":5,"pv":["a2a3"],"engine":"E 1","search_depth":9,"options":"Hash=16","date":"2026-01-02"}` + "\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Read(strings.NewReader(text), "f")
		if err != nil || a.Format == JSON && len(a.Rows) == 0 {
			return // refused, or JSON Lines with no row: nothing to write
		}
		var b strings.Builder
		writeTableOf(&b, a.Format, a.Header.DFRC, a.Rows)
		again, err := Read(strings.NewReader(b.String()), "f")
		if err != nil {
			t.Fatalf("%q -> %q: %v", text, b.String(), err)
		}
		if again.Header != a.Header || len(again.Rows) != len(a.Rows) || again.Legacy {
			t.Fatalf("%q: %+v -> %+v", text, a, again)
		}
		if !slices.EqualFunc(a.Rows, again.Rows, func(x, y Row) bool { return string(appendRow(nil, CSV, x)) == string(appendRow(nil, CSV, y)) }) {
			t.Fatalf("%q: rows %+v -> %+v", text, a.Rows, again.Rows)
		}
	})
}
