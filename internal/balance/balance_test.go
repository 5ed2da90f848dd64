package balance

import (
	"errors"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/uci"
)

const head = "# engine: E 1\n# depth: 9\n# options: Hash=16\n# date: 2026-01-02\n" + Columns + "\n"

func TestReadWrite(t *testing.T) {
	rows := []Row{
		{ID: 518, Rank: "RNBQKBNR", Score: uci.Score{Kind: uci.Centipawns, Value: 31}, BestMove: "e2e4", Depth: 9, SelDepth: 12, Nodes: 1234, TimeMS: 5, PV: []string{"e2e4", "e7e5", "g1f3"}},
		{ID: 0, Rank: "BBQNNRKR", Score: uci.Score{Kind: uci.MateIn, Value: -3}, BestMove: "g2g3", Depth: 9, PV: nil},
	}
	for _, f := range []Format{CSV, JSON} {
		var b strings.Builder
		h := Header{Engine: "E 1", Depth: 9, Options: "Hash=16", Date: "2026-01-02", Shard: "1/2"}
		if err := WriteHeader(&b, f, h); err != nil {
			t.Fatal(err)
		}
		var data []byte
		for _, r := range rows {
			data = AppendRow(data, f, r)
		}
		text := b.String() + string(data)
		got, err := Read(strings.NewReader(text), "t")
		if err != nil {
			t.Fatalf("%v: %v\n%s", f, err, text)
		}
		if got.Format != f || got.Header != h || len(got.Rows) != 2 || got.Torn {
			t.Fatalf("%v: %+v", f, got)
		}
		for i, r := range got.Rows {
			if string(AppendRow(nil, f, r)) != string(AppendRow(nil, f, rows[i])) {
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
	want := "518,RNBQKBNR,31,,e2e4,9,12,1234,5,e2e4 e7e5 g1f3\n0,BBQNNRKR,,-3,g2g3,9,0,0,0,\n"
	if got := string(AppendRow(AppendRow(nil, CSV, rows[0]), CSV, rows[1])); got != want {
		t.Errorf("CSV rows %q, want %q", got, want)
	}
	want = `{"id":0,"rank":"BBQNNRKR","score_cp":null,"mate":-3,"bestmove":"g2g3","depth":9,"seldepth":0,"nodes":0,"time_ms":0,"pv":[]}` + "\n"
	if got := string(AppendRow(nil, JSON, rows[1])); got != want {
		t.Errorf("JSON row %s, want %s", got, want)
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ text, msg string }{
		{"", "empty file"},
		{"id,rank\n", `want the header row`},
		{head + "518,RNBQKBNR,31,,e2e4,9,12,1234,5\n", "t:6: malformed balance table: 9 fields, want 10"},
		{head + "518,RNBQKBNR,31,2,e2e4,9,12,1234,5,\n", "want score_cp or mate, not both"},
		{head + "518,RNBQKBNR,,,e2e4,9,12,1234,5,\n", "want score_cp or mate, not both or neither"},
		{head + "960,BBQNNRKR,1,,g2g3,9,12,1234,5,\n", "id out of range"},
		{head + "517,RNBQKBNR,1,,e2e4,9,12,1234,5,\n", `rank "RNBQKBNR", but position 517 is RNBBQKNR`},
		{head + "518,RNBQKBNR,1,,e2e5,9,12,1234,5,\n", `bestmove "e2e5" is not a legal move`},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,1234,5,e2e4 e2e4\n", `pv move 2 "e2e4" is not legal`},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,1234,5,d2d4\n", "pv starts with d2d4, not the bestmove e2e4"},
		{head + "518,RNBQKBNR,1,,e2e4,x,12,1234,5,\n", `depth "x": not a whole number`},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,-4,5,\n", "a negative count"},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,4,5,\n518,RNBQKBNR,1,,e2e4,9,12,4,5,\n", "t:7: malformed balance table: position 518 comes twice (first on line 6)"},
		{head + "518,RNBQKBNR,1,,e2e4,9,12,4,5,\n# more\n", "a comment after the header row"},
		{Columns + "\n518,RNBQKBNR,1,,e2e4,9,12,4,5,\n", "no engine in the header"},
		{`{"engine":"E","depth":9}` + "\n" + `{"id":518,"rank":"RNBQKBNR","score_cp":1,"bestmove":"e2e4","extra":1}` + "\n", `unknown field "extra"`},
		{`{"engine":"E","depth":9}` + "\n" + `{"id":518,"rank":"RNBQKBNR","bestmove":"e2e4"}` + "\n", "want score_cp or mate"},
		{`{"engine":` + "\n", "header object"},
	} {
		_, err := Read(strings.NewReader(c.text), "t")
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v; want %q", c.text, err, c.msg)
		}
	}
	// The comments alone (a run killed at once) read as an empty table.
	f, err := Read(strings.NewReader("# engine: E\n# depth: 3\n"), "t")
	if err != nil || len(f.Rows) != 0 || f.Header.Engine != "E" {
		t.Errorf("comments only: %+v, %v", f, err)
	}
}

func TestTable(t *testing.T) {
	// A table with scores chosen by hand: position id scores id-480
	// centipawns, except 7, which is a mate.
	var b strings.Builder
	WriteHeader(&b, CSV, Header{Engine: "E", Depth: 1})
	var data []byte
	for id := range 960 {
		sp := chess960.MustNew(id)
		r := Row{ID: id, Rank: sp.String(), Score: uci.Score{Kind: uci.Centipawns, Value: id - 480}, BestMove: "a2a3", Depth: 1}
		if id == 7 {
			r.Score = uci.Score{Kind: uci.MateIn, Value: 5}
		}
		data = AppendRow(data, CSV, r)
	}
	f, err := Read(strings.NewReader(b.String()+string(data)), "t")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := NewTable(f, "t")
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
	if _, err := NewTable(f, "t"); err == nil || !strings.Contains(err.Error(), "1 positions missing: 959") {
		t.Errorf("missing: %v", err)
	}
}

// TestShipped checks the table in data/: every position, made by
// Stockfish, with plausible scores (start positions are close to equal;
// White, to move, is never worse by much).
func TestShipped(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	h := tab.Header()
	if !strings.HasPrefix(h.Engine, "Stockfish ") || h.Depth < 8 || h.Date == "" || h.Shard != "" {
		t.Errorf("header %+v", h)
	}
	all := tab.Balanced(1 << 30)
	if all.Len() != 960 {
		t.Errorf("%d positions with a centipawn score", all.Len())
	}
	for _, sp := range all.Positions() {
		r := tab.Row(sp)
		if r.Score.Value < -60 || r.Score.Value > 150 || r.Depth != h.Depth {
			t.Errorf("position %d: %+v", sp.ID(), r)
		}
	}
	if n := tab.Balanced(30).Len(); n < 100 || n > 900 {
		t.Errorf("%d positions within 0.30", n)
	}
}

// FuzzRead: Read never panics, and what it reads, written again, reads
// back the same.
func FuzzRead(f *testing.F) {
	f.Add(head + "518,RNBQKBNR,31,,e2e4,9,12,1234,5,e2e4 e7e5 g1f3\n0,BBQNNRKR,,-3,g2g3,9,0,0,0,\n")
	f.Add(`{"engine":"E","depth":9,"options":"","date":"d"}` + "\n" + `{"id":518,"rank":"RNBQKBNR","score_cp":1,"mate":null,"bestmove":"e2e4","depth":1,"seldepth":0,"nodes":0,"time_ms":0,"pv":["e2e4"]}` + "\n")
	f.Add(head + "5,BQNNRK")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Read(strings.NewReader(text), "f")
		if err != nil || a.Header.Engine == "" {
			return // refused, or nothing whole in it yet (a file cut short at once)
		}
		var b strings.Builder
		WriteHeader(&b, a.Format, a.Header)
		var data []byte
		for _, r := range a.Rows {
			data = AppendRow(data, a.Format, r)
		}
		again, err := Read(strings.NewReader(b.String()+string(data)), "f")
		if err != nil {
			t.Fatalf("%q -> %q: %v", text, b.String()+string(data), err)
		}
		if again.Header != a.Header || len(again.Rows) != len(a.Rows) {
			t.Fatalf("%q: %+v -> %+v", text, a, again)
		}
		for i := range a.Rows {
			if x, y := AppendRow(nil, a.Format, a.Rows[i]), AppendRow(nil, a.Format, again.Rows[i]); string(x) != string(y) {
				t.Fatalf("%q: row %s -> %s", text, x, y)
			}
		}
	})
}
