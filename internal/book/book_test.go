package book

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/chess960/chess960"
)

// found is a problem as the tests compare it: its line and kind.
type found struct {
	Line int
	Kind Kind
}

func check(t *testing.T, text string, ex Expect) ([]found, []Problem, Summary) {
	t.Helper()
	var got []found
	var probs []Problem
	sum, err := Check(strings.NewReader(text), Options{Expect: ex, Report: func(p Problem) {
		got = append(got, found{p.Line, p.Kind})
		probs = append(probs, p)
	}})
	if err != nil {
		t.Fatal(err)
	}
	return got, probs, sum
}

// The 960 written by hand for the few positions the tests name: 518 is
// the standard start, 0 is BBQNNRKR, 959 is RKRNNQBB (Scharnagl's table).
const (
	start518 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	start0   = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
	start959 = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
)

// all960 writes the 960 as Stockfish lists them, from the rank table.
func all960(castling func(r string) string) []string {
	var lines []string
	for id := 0; id < chess960.Count; id++ {
		r := chess960.MustNew(id).Rank().String()
		lines = append(lines, strings.ToLower(r)+"/pppppppp/8/8/8/8/PPPPPPPP/"+r+" w "+castling(r)+" - 0 1")
	}
	return lines
}

func xfenOf(string) string { return "KQkq" }

func shredderOf(r string) string {
	a, h := strings.IndexByte(r, 'R'), strings.LastIndexByte(r, 'R')
	return string([]byte{'A' + byte(h), 'A' + byte(a), 'a' + byte(h), 'a' + byte(a)})
}

func TestTheRankTable(t *testing.T) {
	// The helpers above build on the rank table: pin the three positions
	// the tests write out by hand.
	l := all960(xfenOf)
	if l[0] != start0 || l[518] != start518 || l[959] != start959 {
		t.Fatalf("rank table: %q %q %q", l[0], l[518], l[959])
	}
	if got := shredderOf("RNBQKBNR"); got != "HAha" {
		t.Fatalf("shredderOf = %q", got)
	}
}

func TestCheckClean(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  Expect
	}{
		{"960 X-FEN", all960(xfenOf), All960},
		{"960 Shredder", all960(shredderOf), All960},
	} {
		got, _, sum := check(t, strings.Join(tc.lines, "\n")+"\n", Auto)
		if len(got) != 0 || sum.Expect != tc.want || sum.Distinct != 960 || !sum.InOrder || sum.Entries != 960 {
			t.Errorf("%s: problems %v, summary %+v", tc.name, got, sum)
		}
	}
}

func TestCheckFaults(t *testing.T) {
	lines := all960(xfenOf)
	// A duplicate that took a start's place: line 518 (start 517) holds
	// start 0 again.
	dup := append([]string(nil), lines...)
	dup[517] = start0
	got, probs, _ := check(t, strings.Join(dup, "\n")+"\n", Auto)
	want := []found{{518, Duplicate}, {0, Missing}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("duplicate and missing: %v, want %v", got, want)
	}
	if !strings.Contains(probs[0].Msg, "first on line 1") || !strings.Contains(probs[1].Msg, "start 517") {
		t.Errorf("messages: %q / %q", probs[0].Msg, probs[1].Msg)
	}
	// Mixed notations: three lines in Shredder-FEN among X-FEN.
	mixed := append([]string(nil), lines...)
	sh := all960(shredderOf)
	for _, i := range []int{3, 10, 700} {
		mixed[i] = sh[i]
	}
	got, probs, sum := check(t, strings.Join(mixed, "\n"), Auto)
	want = []found{{4, MixedCastling}, {11, MixedCastling}, {701, MixedCastling}}
	if !reflect.DeepEqual(got, want) || sum.XFEN != 957 || sum.Shredder != 3 {
		t.Fatalf("mixed: %v, want %v (%+v)", got, want, sum)
	}
	if !strings.Contains(probs[0].Fix, "--castling xfen") {
		t.Errorf("mixed fix: %q", probs[0].Fix)
	}
	// Out of order: two lines swapped.
	swapped := append([]string(nil), lines...)
	swapped[5], swapped[6] = swapped[6], swapped[5]
	got, _, sum = check(t, strings.Join(swapped, "\n"), Auto)
	if want := []found{{7, Order}}; !reflect.DeepEqual(got, want) || sum.InOrder {
		t.Fatalf("order: %v, want %v", got, want)
	}
	// A DFRC start in a book of the 960.
	extra := append([]string(nil), lines...)
	extra[959] = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" // 0:959
	got, _, _ = check(t, strings.Join(extra, "\n"), All960)
	if want := []found{{0, Missing}, {960, Extra}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("extra: %v, want %v", got, want)
	}
}

func TestCheckLines(t *testing.T) {
	// Each line has the one fault its comment names; the expected kinds are
	// written by hand.
	text := strings.Join([]string{
		start0,
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 3 7",                   // 2: line 1 again, clocks aside
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQk - 0 1",                    // 3: a right short: not a start
		start518[:len(start518)-4] + " pv g1f3 g8f6 e2e3 e7e6 f1e2 f8e7 e1h1;",       // 4: O-O as king takes rook: fine
		start959[:len(start959)-4] + " pv g2g3 g7g6 b1g6;",                           // 5: illegal pv move 3
		"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - bm Nd3; pv e1d3 c7c6;", // 6: DFRC 0:959, both moves legal
		"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",                   // 7: DFRC 959:0, fine
		"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",                                            // 8: Q names no rook; not a start
		"4k3/8/8/8/8/8/8/R3KR1R w KQ - 0 1",                                          // 9: K with two rooks on the h-side; not a start
		"4k3/8/8/8/8/8/8/R3K2R w QK - 0 1",                                           // 10: neither notation; not a start
		"8/8/8/8/8/8/8/8 w - - 0 1",                                                  // 11: no kings (two problems)
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",                   // 12: unreadable
		"just words",  // 13: unreadable
		"",            // 14: blank: skipped
		"# a comment", // 15: skipped
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - pv e1g1;",    // 16: not a start; e1g1 castling
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",   // 17: Black to move: not a start
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; c0 \"semi;colon\"; bm Kd2;", // 18: not a start; the quoted ';' is no end
	}, "\n")
	got, probs, sum := check(t, text, Auto)
	want := []found{
		{2, Duplicate}, {3, NotStart}, {5, BadMove},
		{8, NoRook}, {9, Ambiguous}, {9, NotStart}, {10, OtherCastling}, {10, NotStart},
		{11, Illegal}, {11, Illegal}, {12, Syntax}, {13, Syntax},
		{16, NotStart}, {16, KingCastle}, {17, NotStart}, {18, NotStart},
	}
	if !reflect.DeepEqual(got, want) {
		for _, p := range probs {
			t.Logf("%d %v: %s; %s", p.Line, p.Kind, p.Msg, p.Fix)
		}
		t.Fatalf("got %v\nwant %v", got, want)
	}
	if sum.Expect != Starts || sum.Entries != 16 || sum.MovesSeen != 7+3+(1+2)+1+1 {
		t.Errorf("summary %+v", sum)
	}
	for _, p := range probs {
		if p.Fix == "" || p.Msg == "" {
			t.Errorf("line %d: no message or fix: %+v", p.Line, p)
		}
	}
	byLine := map[int]string{}
	for _, p := range probs {
		byLine[p.Line] += p.Msg + "|" + p.Fix
	}
	for line, part := range map[int]string{
		5:  `pv move 3 "b1g6"`,
		9:  "HQ",
		16: "e1h1",
		3:  "castling rights KQk",
	} {
		if !strings.Contains(byLine[line], part) {
			t.Errorf("line %d: %q lacks %q", line, byLine[line], part)
		}
	}
	// As positions, the lines that are not starts are no problem.
	got, _, _ = check(t, text, Positions)
	for _, f := range got {
		if f.Kind == NotStart {
			t.Errorf("--expect positions reported line %d as not a start", f.Line)
		}
	}
}

func TestCheckAutoPositions(t *testing.T) {
	text := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n" + start518 + "\n"
	got, _, sum := check(t, text, Auto)
	if len(got) != 0 || sum.Expect != Positions || sum.Starts != 1 || sum.Distinct != 2 {
		t.Fatalf("%v %+v", got, sum)
	}
}

func TestCheckDFRC(t *testing.T) {
	// Every DFRC start but one, with 502:532 given twice in its place.
	var b strings.Builder
	missing, _ := chess960.NewDFRC(502, 532)
	first, _ := chess960.NewDFRC(0, 0)
	for i := 0; i < chess960.DFRCCount; i++ {
		d, _ := chess960.DFRCFromIndex(i)
		if d == missing {
			d = first
		}
		b.WriteString(d.ShredderFEN())
		b.WriteByte('\n')
	}
	got, probs, sum := check(t, b.String(), Auto)
	want := []found{{missing.Index() + 1, Duplicate}, {0, Missing}}
	if !reflect.DeepEqual(got, want) || sum.Expect != AllDFRC {
		t.Fatalf("%v, want %v (%+v)", got, want, sum)
	}
	if !strings.Contains(probs[1].Msg, "502:532") || !strings.Contains(probs[1].Msg, fmt.Sprint(502*960+532)) {
		t.Errorf("missing: %q", probs[1].Msg)
	}
}

func TestCheckPGN(t *testing.T) {
	text := `[Event "a"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "` + start0 + `"]

*

[Event "b"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]

1. e4 e5 2. Bxe5 *

[Event "c"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "` + start0 + `"]

*
`
	got, _, sum := check(t, text, Auto)
	want := []found{{8, BadMove}, {15, Duplicate}, {8, MixedCastling}}
	if !reflect.DeepEqual(got, want) || sum.Format != "PGN" || sum.Entries != 3 {
		t.Fatalf("%v, want %v (%+v)", got, want, sum)
	}
}

func fix(t *testing.T, text string, o FixOptions) (string, FixSummary, []Change) {
	t.Helper()
	var out bytes.Buffer
	var changes []Change
	o.Report = func(c Change) { changes = append(changes, c) }
	sum, err := Fix(strings.NewReader(text), &out, o)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), sum, changes
}

func TestFix(t *testing.T) {
	lines := all960(xfenOf)
	sh := all960(shredderOf)
	// Mixed, a duplicate for a missing one, out of order, and a pv with
	// e1g1-style castling: every fault book fix repairs.
	in := append([]string(nil), lines...)
	in[3], in[10] = sh[3], sh[10]
	in[5], in[6] = in[6], in[5]
	in = append(in, start0)
	in[518] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1;"
	text := strings.Join(in, "\n") + "\n"
	out, sum, _ := fix(t, text, FixOptions{Castling: XFEN, Dedupe: true, Sort: true})
	wantLines := append([]string(nil), lines...)
	wantLines[518] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1;"
	if want := strings.Join(wantLines, "\n") + "\n"; out != want {
		t.Fatalf("fixed book differs from the 960 (first difference near %q)", firstDiff(out, want))
	}
	if sum.Castling != 2 || sum.Moves != 1 || sum.Removed != 1 || !sum.Sorted || sum.Unfixed != 0 {
		t.Errorf("summary %+v", sum)
	}
	if got, _, _ := check(t, out, Auto); len(got) != 0 {
		t.Errorf("book check finds %v in book fix's output", got)
	}
	// To Shredder-FEN, the lines keep everything but the castling field.
	out, sum, _ = fix(t, strings.Join(lines, "\n")+"\n", FixOptions{Castling: Shredder})
	if want := strings.Join(sh, "\n") + "\n"; out != want || sum.Castling != 960 {
		t.Fatalf("to Shredder-FEN: %d changed, first difference near %q", sum.Castling, firstDiff(out, want))
	}
	// Ambiguous K and a field in neither notation, with CRLF line ends
	// and opcodes kept; an unreadable line is left as it is.
	in2 := "r3k2r/8/8/8/8/8/8/R3KR1R w KQkq - bm Ke2; id \"a\";\r\n4k3/8/8/8/8/8/8/R3K2R w QK - 0 1\r\nnot a fen\r\n"
	out, sum, changes := fix(t, in2, FixOptions{Castling: XFEN})
	want := "r3k2r/8/8/8/8/8/8/R3KR1R w HQkq - bm Ke2; id \"a\";\r\n4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\r\nnot a fen\r\n"
	if out != want || sum.Unfixed != 1 || len(changes) != 3 || !changes[2].Failed {
		t.Fatalf("got %q, want %q (%+v, %+v)", out, want, sum, changes)
	}
	if got, _, _ := check(t, strings.Join(strings.Split(out, "\r\n")[:2], "\n"), Positions); len(got) != 0 {
		t.Errorf("check after fix: %v", got)
	}
}

func TestFixPGN(t *testing.T) {
	text := `[Event "a"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]

1. e4 *

[Event "b"]
[FEN "` + start0 + `"]

1. e4 *

[Event "c"]
[FEN "` + start959 + `"]

*
`
	out, sum, _ := fix(t, text, FixOptions{Castling: XFEN, Dedupe: true})
	want := `[Event "a"]
[FEN "` + start0 + `"]

1. e4 *

[Event "c"]
[FEN "` + start959 + `"]

*
`
	if out != want || sum.Castling != 1 || sum.Removed != 1 {
		t.Fatalf("got\n%s\nwant\n%s(%+v)", out, want, sum)
	}
}

func TestBadOptions(t *testing.T) {
	if _, err := Fix(strings.NewReader(""), &bytes.Buffer{}, FixOptions{Castling: "KQkq"}); err == nil || !strings.Contains(err.Error(), `"KQkq"`) {
		t.Errorf("Fix with a bad notation: %v", err)
	}
	if _, err := ParseExpect("all"); err == nil || !strings.Contains(err.Error(), `"all"`) {
		t.Errorf("ParseExpect: %v", err)
	}
}

func firstDiff(a, b string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			lo := max(0, i-40)
			return a[lo:min(len(a), i+40)]
		}
	}
	return "(one is a prefix of the other)"
}

// TestCheckTwoPass: past MaxTable positions a Bloom filter and a second
// pass find the same duplicates, with the lines they first came on, as the
// table does, including one repeated before the switch.
func TestCheckTwoPass(t *testing.T) {
	// Positions that are not starts: a start with its e-pawn on e3.
	pos := func(id int) string {
		r := chess960.MustNew(id).Rank().String()
		return strings.ToLower(r) + "/pppppppp/8/8/8/4P3/PPPP1PPP/" + r + " b KQkq - 0 1"
	}
	var lines []string
	var want []found
	firstLine := map[int]int{}
	add := func(id int) {
		lines = append(lines, pos(id))
		n := len(lines)
		if _, ok := firstLine[id]; ok {
			want = append(want, found{n, Duplicate})
			return
		}
		firstLine[id] = n
	}
	for _, id := range []int{0, 1, 2, 1} { // a repeat before the switch
		add(id)
	}
	for id := 3; id < 40; id++ {
		add(id)
	}
	for _, id := range []int{5, 39, 0, 5, 1} {
		add(id)
	}
	text := strings.Join(lines, "\n") + "\n"
	for _, two := range []bool{false, true} {
		o := Options{Expect: Positions}
		if two {
			o.MaxTable = 10
			o.Reopen = func() (io.Reader, func(), error) { return strings.NewReader(text), func() {}, nil }
		}
		var got []found
		var msgs []string
		o.Report = func(p Problem) { got = append(got, found{p.Line, p.Kind}); msgs = append(msgs, p.Msg) }
		sum, err := Check(strings.NewReader(text), o)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || sum.Distinct != 40 {
			t.Fatalf("two passes %v: %v (distinct %d), want %v", two, got, sum.Distinct, want)
		}
		// Line 45 repeats id 0, first on line 1; line 47 id 1, first on line 2.
		if !strings.Contains(msgs[len(msgs)-3], "line 1 again") || !strings.Contains(msgs[len(msgs)-1], "line 2 again") {
			t.Errorf("two passes %v: %q", two, msgs)
		}
	}
}

func TestCheckNotationCounts(t *testing.T) {
	// A start with a pv is counted once, as any line.
	text := start518[:len(start518)-4] + " pv e2e4;\n" + start0 + "\n"
	_, _, sum := check(t, text, Auto)
	if sum.XFEN != 2 || sum.Shredder != 0 {
		t.Errorf("X-FEN %d, Shredder-FEN %d; want 2 and 0", sum.XFEN, sum.Shredder)
	}
}

func TestLongLine(t *testing.T) {
	// A line longer than the reader's 64 KB buffer reads whole.
	long := start0[:len(start0)-4] + ` c0 "` + strings.Repeat("x", 200000) + `";`
	text := long + "\n" + start0 + "\n"
	got, _, sum := check(t, text, Auto)
	if want := []found{{2, Duplicate}}; !reflect.DeepEqual(got, want) || sum.Entries != 2 {
		t.Errorf("%v (%+v), want %v", got, sum, want)
	}
	out, _, _ := fix(t, text, FixOptions{Castling: Shredder})
	if want := strings.Replace(long, "KQkq", "HFhf", 1) + "\n" + strings.Replace(start0, "KQkq", "HFhf", 1) + "\n"; out != want {
		t.Errorf("fix of a long line: %d bytes, want %d", len(out), len(want))
	}
}
