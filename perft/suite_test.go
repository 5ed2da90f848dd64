package perft

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
)

func TestReadSuiteErrors(t *testing.T) {
	long := "id x\nepd " + strings.Repeat("8/", 200) + "\n"
	cases := []struct{ text, want string }{
		{"", "perft: suite s: no positions"},
		{"# only a comment\n\n", "perft: suite s: no positions"},
		{"perft 1 20\n", `line 1 "perft 1 20": perft line before any position`},
		{"id a\nperft 1 20\n", `line 1: entry "a" has no epd line`},
		{"epd 8/8 w - -\nperft 1\n", `line 2 "perft 1": want perft DEPTH NODES`},
		{"epd 8/8 w - -\nperft 1 2 3\n", `want perft DEPTH NODES`},
		{"epd 8/8 w - -\nperft one 20\n", `want perft DEPTH NODES in decimal digits`},
		{"epd 8/8 w - -\nperft 010001 20\n", `depth 010001 out of range: must be 0..10000`},
		{"epd 8/8 w - -\nperft 0x3 20\n", `in decimal digits`},
		{"epd 8/8 w - -\nperft +3 20\n", `in decimal digits`},
		{"epd 8/8 w - -\nperft 3 1_000\n", `in decimal digits`},
		{"epd 8/8 w - -\nperft 10001 20\n", `depth 10001 out of range: must be 0..10000`},
		{"epd 8/8 w - -\nperft 99999999999999999999 1\n", `in decimal digits`},
		{"epd 8/8 w - -\nperft 3 8902\nperft 2 400\nperft 3 8902\n", `line 4 "perft 3 8902": depth 3 is given twice for this position`},
		{"epd 8/8 w - -\nperft 2 99999999999999999999999\n", `in decimal digits`},
		{"epd\n", `line 1 "epd": no FEN after epd`},
		{"fen 8/8 w - -\nnodes 3\n", `line 2 "nodes 3": unknown keyword "nodes": want id, epd or perft`},
		{long + "perft 1 x\n", `line 3 "perft 1 x"`},
	}
	for _, c := range cases {
		_, err := ReadSuite(strings.NewReader(c.text), "s")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to contain %q", c.text, err, c.want)
			continue
		}
		if !errors.Is(err, ErrSuite) {
			t.Errorf("%q: %v does not unwrap to ErrSuite", c.text, err)
		}
	}
	// A long line is quoted short.
	_, err := ReadSuite(strings.NewReader("id x\nbogus "+strings.Repeat("y", 5000)+"\n"), "s")
	if err == nil || len(err.Error()) > 250 || !strings.Contains(err.Error(), "(5006 bytes)") {
		t.Errorf("long line: %v", err)
	}
}

func TestReadSuiteEntries(t *testing.T) {
	text := `# header
id one
epd 4k3/8/8/8/8/8/8/4K3 w - -   # trailing comment
perft 2 25
perft 1 5

epd 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1
perft 1 16
perft 64 0
perft 0 1
`
	got, err := ReadSuite(strings.NewReader(text), "s")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d entries, want 2", len(got))
	}
	a, b := got[0], got[1]
	if a.ID != "one" || a.Line != 2 || a.FEN != "4k3/8/8/8/8/8/8/4K3 w - -" || !slices.Equal(a.Counts, []SuiteCount{{1, 5}, {2, 25}}) {
		t.Errorf("first entry %+v", a)
	}
	if b.ID != "s:7" || b.Line != 7 || !slices.Equal(b.Counts, []SuiteCount{{0, 1}, {1, 16}, {64, 0}}) {
		t.Errorf("second entry %+v", b)
	}
}

// TestCheckBoundsWork: a suite that claims a small count for a deep tree
// stops after MaxNodes leaves instead of counting the whole tree, and is a
// mismatch.
func TestCheckBoundsWork(t *testing.T) {
	entries := []SuiteEntry{{ID: "deep", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Line: 1,
		Counts: []SuiteCount{{1, 20}, {12, 100}}}}
	for _, threads := range []int{1, 2} {
		s := Check(entries, CheckOptions{MaxNodes: 1_000_000, Threads: threads})
		if len(s.Mismatches) != 1 || !s.Mismatches[0].Over || s.Mismatches[0].Depth != 12 {
			t.Fatalf("threads %d: %+v", threads, s)
		}
		// Batches of 65536 per goroutine may overshoot a little.
		if s.Nodes < 1_000_000 || s.Nodes > 1_000_000+uint64(threads+1)<<17 {
			t.Errorf("threads %d: counted %d nodes, want about 1,000,000", threads, s.Nodes)
		}
		if s.Counts != 2 {
			t.Errorf("threads %d: %d counts, want 2", threads, s.Counts)
		}
		if msg := s.Mismatches[0].String(); !strings.Contains(msg, "deep (line 1) depth 12: got at least") || !strings.Contains(msg, "(stopped at the node budget), want 100") {
			t.Errorf("message %q", msg)
		}
	}
}

// TestCheckReportsBadFEN: a FEN the rules refuse is a mismatch naming it.
func TestCheckReportsBadFEN(t *testing.T) {
	s := Check([]SuiteEntry{{ID: "kings", FEN: "8/8/8/8/8/8/8/8 w - - 0 1", Line: 4, Counts: []SuiteCount{{1, 1}}}}, CheckOptions{})
	if len(s.Mismatches) != 1 || s.Mismatches[0].Err == nil || s.Counts != 0 {
		t.Fatalf("%+v", s)
	}
	var pe *chess.PositionError
	if !errors.As(s.Mismatches[0].Err, &pe) || !errors.Is(pe, chess.ErrKings) {
		t.Errorf("error %v is not a position error about kings", s.Mismatches[0].Err)
	}
	if msg := s.Mismatches[0].String(); !strings.HasPrefix(msg, "kings (line 4): chess: FEN") {
		t.Errorf("message %q", msg)
	}
}

// TestCheckStopsAtFirstMismatch: an entry's deeper counts are not checked
// after a wrong one, and a count above MaxNodes ends the entry.
func TestCheckStopsAtFirstMismatch(t *testing.T) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	s := Check([]SuiteEntry{{ID: "a", FEN: fen, Counts: []SuiteCount{{1, 21}, {2, 400}, {3, 8902}}}}, CheckOptions{MaxNodes: 10000})
	if s.Counts != 1 || len(s.Mismatches) != 1 || s.Mismatches[0].Got != 20 {
		t.Errorf("%+v", s)
	}
	s = Check([]SuiteEntry{{ID: "a", FEN: fen, Counts: []SuiteCount{{1, 20}, {2, 400}, {3, 8902}, {4, 197281}}}}, CheckOptions{MaxNodes: 10000})
	if s.Counts != 3 || len(s.Mismatches) != 0 || s.Nodes != 20+400+8902 {
		t.Errorf("%+v", s)
	}
}

// TestCheckUnchecked: a count stopped by the budget before it reached the
// suite's count (a deep line visits more positions than the budget) is
// unchecked, not a mismatch; past the suite's count it is a mismatch.
func TestCheckUnchecked(t *testing.T) {
	// shuttle-2 of tiny-trees.perft: 65536 leaves at depth 64 (Stockfish),
	// some 500,000 positions above them.
	e := SuiteEntry{ID: "shuttle-2", FEN: "k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K2B4 w - - 0 1", Line: 3,
		Counts: []SuiteCount{{20, 32}, {64, 65536}, {65, 65536}}}
	for _, threads := range []int{1, 2} {
		s := Check([]SuiteEntry{e}, CheckOptions{MaxNodes: 100_000, Threads: threads})
		if s.Counts != 1 || len(s.Mismatches) != 0 || len(s.Unchecked) != 1 || s.Unchecked[0].Depth != 64 || !s.Unchecked[0].Over {
			t.Errorf("threads %d: %+v", threads, s)
		}
		if s := Check([]SuiteEntry{e}, CheckOptions{MaxNodes: 1_000_000, Threads: threads}); s.Counts != 3 || len(s.Mismatches)+len(s.Unchecked) != 0 {
			t.Errorf("threads %d, budget 1,000,000: %+v", threads, s)
		}
	}
	e.Counts = []SuiteCount{{64, 100}}
	if s := Check([]SuiteEntry{e}, CheckOptions{MaxNodes: 100_000}); len(s.Mismatches) != 1 || len(s.Unchecked) != 0 || !s.Mismatches[0].Over {
		t.Errorf("a count of 100 claimed: %+v", s)
	}
}
