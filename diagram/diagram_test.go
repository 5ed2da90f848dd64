package diagram_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/internal/scene"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// node is any XML element, read with encoding/xml (which refuses text
// that is not well-formed XML).
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []node     `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *node) walk(f func(*node)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

func parseSVG(t *testing.T, b []byte) *node {
	t.Helper()
	var root node
	if err := xml.Unmarshal(b, &root); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, b)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element %v, want svg in the SVG namespace", root.XMLName)
	}
	return &root
}

// squareAt returns the square drawn at column col, row row (0, 0 is the
// top left), worked out by hand: unflipped, the top row is rank 8 and the
// left column the a-file; flipped, the top row is rank 1 and the left
// column the h-file.
func squareAt(col, row int, flip bool) string {
	if flip {
		return string(rune('h'-col)) + string(rune('1'+row))
	}
	return string(rune('a'+col)) + string(rune('8'-row))
}

// fenPieces reads the placement field of a FEN by hand into square ->
// "wK"-style codes.
func fenPieces(t *testing.T, fen string) map[string]string {
	t.Helper()
	m := map[string]string{}
	rows := strings.Split(strings.Fields(fen)[0], "/")
	for i, row := range rows {
		f := 0
		for _, c := range row {
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			code := "w" + string(c)
			if c >= 'a' {
				code = "b" + strings.ToUpper(string(c))
			}
			m[string(rune('a'+f))+strconv.Itoa(8-i)] = code
			f++
		}
	}
	return m
}

// checkBoard checks the addressing contract: 64 squares with data-square
// in the right places and colours, and the pieces of fen with data-piece
// and data-square on their squares.
func checkBoard(t *testing.T, svg []byte, fen string, flip bool) {
	t.Helper()
	root := parseSVG(t, svg)
	if root.attr("role") != "img" || !strings.Contains(" "+root.attr("class")+" ", " c960-board ") {
		t.Errorf("svg role %q class %q", root.attr("role"), root.attr("class"))
	}
	if root.Nodes[0].XMLName.Local != "title" || root.Nodes[1].XMLName.Local != "desc" {
		t.Errorf("the first children are %s and %s, want title and desc", root.Nodes[0].XMLName.Local, root.Nodes[1].XMLName.Local)
	}
	ids := map[string]bool{}
	root.walk(func(n *node) {
		if id := n.attr("id"); id != "" {
			ids[id] = true
		}
	})
	squares := map[string][2]int{}
	pieces := map[string]string{}
	root.walk(func(n *node) {
		sq := n.attr("data-square")
		switch {
		case n.XMLName.Local == "rect" && sq != "" && n.attr("data-mark") == "":
			if _, dup := squares[sq]; dup {
				t.Errorf("square %s drawn twice", sq)
			}
			x, _ := strconv.Atoi(n.attr("x"))
			y, _ := strconv.Atoi(n.attr("y"))
			squares[sq] = [2]int{x, y}
			if n.attr("width") != "100" || n.attr("height") != "100" {
				t.Errorf("square %s is %sx%s", sq, n.attr("width"), n.attr("height"))
			}
			// a1 is dark; a square is dark when file+rank (from 0) is even.
			dark := (int(sq[0]-'a')+int(sq[1]-'1'))%2 == 0
			want := map[bool]string{true: "#b38b67", false: "#eee0c6"}[dark]
			if n.attr("fill") != want && root.attr("class") == "c960-board c960-light" {
				t.Errorf("square %s fill %s, want %s", sq, n.attr("fill"), want)
			}
		case n.attr("data-piece") != "":
			if n.XMLName.Local != "use" {
				t.Errorf("piece element <%s>, want <use>", n.XMLName.Local)
			}
			if _, dup := pieces[sq]; dup {
				t.Errorf("two pieces on %s", sq)
			}
			pieces[sq] = n.attr("data-piece")
			if href := strings.TrimPrefix(n.attr("href"), "#"); href != "c960-"+n.attr("data-piece") {
				t.Errorf("piece %s on %s refers to %q", n.attr("data-piece"), sq, href)
			} else if root.attr("class") != "c960-board c960-light sp" && !ids[href] {
				t.Errorf("piece %s refers to #%s, which the picture does not define", n.attr("data-piece"), href)
			}
			x, _ := strconv.Atoi(n.attr("x"))
			y, _ := strconv.Atoi(n.attr("y"))
			squares["piece "+sq] = [2]int{x, y}
		}
	})
	if len(squares)-len(pieces) != 64 {
		t.Fatalf("%d squares with data-square, want 64", len(squares)-len(pieces))
	}
	for row := range 8 {
		for col := range 8 {
			sq := squareAt(col, row, flip)
			if got, want := squares[sq], [2]int{100 * col, 100 * row}; got != want {
				t.Errorf("square %s at %v, want %v (flip %v)", sq, got, want, flip)
			}
			if _, ok := pieces[sq]; ok && squares["piece "+sq] != squares[sq] {
				t.Errorf("piece on %s drawn at %v, its square at %v", sq, squares["piece "+sq], squares[sq])
			}
		}
	}
	want := fenPieces(t, fen)
	if fmt.Sprint(pieces) != fmt.Sprint(want) {
		t.Errorf("pieces\n got %v\nwant %v", pieces, want)
	}
}

var testFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	"8/8/8/4k3/8/8/8/4K3 b - - 0 60",
}

func TestAddressing(t *testing.T) {
	for _, fen := range testFENs {
		for _, flip := range []bool{false, true} {
			for _, o := range []diagram.Options{
				{Flip: flip},
				{Flip: flip, Coords: true, Size: 256, Theme: diagram.Dark},
				{Flip: flip, External: true, Class: "sp", Highlight: chess.E4.BB(), LastMove: chess.E2.BB() | chess.E4.BB(),
					Arrows: []diagram.Arrow{{From: chess.G1, To: chess.F3}, {From: chess.D4, To: chess.D4}}},
			} {
				d := diagram.FromPosition(chess.MustParseFEN(fen))
				checkBoard(t, d.AppendSVG(nil, &o), fen, flip)
			}
		}
	}
	for n := 0; n < chess960.Count; n += 37 {
		sp := chess960.MustNew(n)
		d := diagram.FromStartPos(sp)
		checkBoard(t, d.AppendSVG(nil, nil), sp.FEN(), false)
	}
}

func TestTitles(t *testing.T) {
	fools := chess.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	after := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	check := chess.MustParseFEN("4k3/8/8/8/8/8/8/4K2R b - - 0 1")
	check.Play(must(check.ParseUCI("e8d7")))
	check.Play(must(check.ParseUCI("h1h7")))
	setup, _ := chess.ParseSetup("8/8/8/8/8/8/8/K6k w - - 0 1")
	board, _ := chess.ParseBoard("8/8/8/8/8/8/8/QQ5k")
	for _, tc := range []struct {
		d                diagram.Diagram
		title, descStart string
	}{
		{diagram.FromStartPos(chess960.Standard()), "Chess960 position 518: RNBQKBNR, White to move",
			"Start position with Scharnagl number 518 and Fritz9 number 359 (ordinary chess). FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1."},
		{diagram.FromStartPos(chess960.MustNew(0)), "Chess960 position 0: BBQNNRKR, White to move",
			"Start position with Scharnagl number 0 and Fritz9 number 81. FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1."},
		// A Position that is a start position is named as one.
		{diagram.FromPosition(chess.MustParseFEN("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1")), "Chess960 position 959: RKRNNQBB, White to move", "Start position with Scharnagl number 959"},
		{diagram.FromPosition(after), "Chess position, Black to move",
			"FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1. White: king e1, queen d1, rook a1, rook h1, bishop c1, bishop f1, knight b1, knight g1, pawn a2, pawn b2, pawn c2, pawn d2, pawn f2, pawn g2, pawn h2, pawn e4. Black: king e8,"},
		{diagram.FromPosition(fools), "Chess position, White to move, checkmated", "FEN: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3."},
		{diagram.FromPosition(check), "Chess position, Black to move, in check", "FEN: 8/3k3R/8/8/8/8/8/4K3 b - - 2 2. White: king e1, rook h7. Black: king d7."},
		{diagram.FromSetup(setup), "Chess position, White to move", "FEN: 8/8/8/8/8/8/8/K6k w - - 0 1. White: king a1. Black: king h1."},
		{diagram.FromBoard(board), "Chess diagram", "Placement: 8/8/8/8/8/8/8/QQ5k. White: queen a1, queen b1. Black: king h1."},
		{diagram.FromBoard(chess.Board{}), "Chess diagram", "Placement: 8/8/8/8/8/8/8/8. White: no pieces. Black: no pieces."},
	} {
		if got := tc.d.Title(); got != tc.title {
			t.Errorf("title %q, want %q", got, tc.title)
		}
		if got := tc.d.Desc(); !strings.HasPrefix(got, tc.descStart) {
			t.Errorf("%s: desc\n%q, want it to start with\n%q", tc.title, got, tc.descStart)
		}
		root := parseSVG(t, tc.d.AppendSVG(nil, nil))
		if root.Nodes[0].Text != tc.title || root.Nodes[1].Text != tc.d.Desc() {
			t.Errorf("svg title %q desc %q", root.Nodes[0].Text, root.Nodes[1].Text)
		}
	}
}

func must(m chess.Move, err error) chess.Move {
	if err != nil {
		panic(err)
	}
	return m
}

// TestCheckMarker: a king in check gets the marker (and the gradient it
// uses), unless NoCheck; Options.Check adds more.
func TestCheckMarker(t *testing.T) {
	fools := diagram.FromPosition(chess.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"))
	marks := func(o *diagram.Options) []string {
		var got []string
		root := parseSVG(t, fools.AppendSVG(nil, o))
		hasGradient := false
		root.walk(func(n *node) {
			if n.attr("data-mark") == "check" {
				got = append(got, n.attr("data-square"))
				if n.attr("fill") != "url(#c960-check)" {
					t.Errorf("check marker fill %q", n.attr("fill"))
				}
			}
			hasGradient = hasGradient || n.XMLName.Local == "radialGradient" && n.attr("id") == "c960-check"
		})
		if len(got) > 0 && !hasGradient && !o.External {
			t.Errorf("check marker without its gradient")
		}
		return got
	}
	if got := marks(nil); fmt.Sprint(got) != "[e1]" {
		t.Errorf("check markers %v, want [e1]", got)
	}
	if got := marks(&diagram.Options{NoCheck: true}); len(got) != 0 {
		t.Errorf("NoCheck: markers %v", got)
	}
	if got := marks(&diagram.Options{Check: chess.E8.BB()}); fmt.Sprint(got) != "[e8 e1]" {
		t.Errorf("Check e8: markers %v, want [e8 e1]", got)
	}
}

// TestMarksAndArrows: tints, arrows and coordinates are where the options
// say, with the data attributes that name them.
func TestMarksAndArrows(t *testing.T) {
	d := diagram.FromStartPos(chess960.Standard())
	o := &diagram.Options{Coords: true, Highlight: chess.E1.BB() | chess.H1.BB(), LastMove: chess.E2.BB() | chess.E4.BB(),
		Arrows: []diagram.Arrow{{From: chess.E2, To: chess.E4}, {From: chess.D4, To: chess.D4}}}
	root := parseSVG(t, d.AppendSVG(nil, o))
	var tints, arrows []string
	labels := 0
	root.walk(func(n *node) {
		if m := n.attr("data-mark"); m == "last-move" || m == "highlight" {
			tints = append(tints, m+" "+n.attr("data-square"))
		}
		if a := n.attr("data-arrow"); a != "" {
			arrows = append(arrows, n.XMLName.Local+" "+a)
		}
		if n.attr("class") == "c960-coords" {
			labels = len(n.Nodes)
		}
	})
	if fmt.Sprint(tints) != "[last-move e4 last-move e2 highlight e1 highlight h1]" {
		t.Errorf("tints %v", tints)
	}
	if fmt.Sprint(arrows) != "[path e2e4 circle d4d4]" {
		t.Errorf("arrows %v", arrows)
	}
	if labels != 16 {
		t.Errorf("%d coordinate labels, want 16", labels)
	}
	if root.attr("viewBox") != "-40 -40 880 880" {
		t.Errorf("with coordinates, viewBox %q", root.attr("viewBox"))
	}
	// The e2-e4 arrow goes up the e-file: from the centre of e2 (450, 650)
	// to just short of the centre of e4 (450, 450).
	var sc scene.Scene
	scene.Layout(&sc, &d, o)
	a := o.Arrows[0]
	sh := sc.Arrow(a.From, a.To, a.Color, o.Colors().Arrow)
	if sh.Color != diagram.Light.Palette().Arrow {
		t.Errorf("arrow e2e4 in %v, want the palette's arrow colour", sh.Color)
	}
	if tail, tip := sh.Points[0], sh.Points[3]; tail.Y != 650 || tip.X != 450 || tip.Y <= 450 || tip.Y > 470 {
		t.Errorf("arrow e2e4: tail %v tip %v", tail, tip)
	}
}

// TestGolden compares whole pictures with the files in testdata/golden
// (go test ./diagram -run Golden -update rewrites them; look at them).
func TestGolden(t *testing.T) {
	mid := chess.MustParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QK2R w KQ - 0 8")
	castle := must(mid.ParseUCI("e1g1"))
	for _, tc := range []struct {
		name string
		d    diagram.Diagram
		o    *diagram.Options
	}{
		{"start518", diagram.FromStartPos(chess960.Standard()), &diagram.Options{Size: 400}},
		{"start0-flip-coords", diagram.FromStartPos(chess960.MustNew(0)), &diagram.Options{Size: 320, Flip: true, Coords: true}},
		{"middlegame-dark-marks", diagram.FromPosition(mid), &diagram.Options{Theme: diagram.Dark, Coords: true,
			Highlight: chess.D4.BB(), LastMove: chess.F8.BB() | chess.E7.BB(),
			Arrows: []diagram.Arrow{diagram.MoveArrow(castle), {From: chess.C4, To: chess.D5}, {From: chess.D5, To: chess.D5}}}},
		{"checkmate-external", diagram.FromPosition(chess.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")),
			&diagram.Options{External: true, Class: "mini", ID: "b1", Title: `Fool's <mate> & "more"`}},
	} {
		got := tc.d.AppendSVG(nil, tc.o)
		parseSVG(t, got)
		file := filepath.Join("testdata", "golden", tc.name+".svg")
		if *update {
			if err := os.WriteFile(file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run with -update to write it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (run with -update, then look at the picture)", tc.name, file)
		}
	}
	defs := diagram.AppendDefs(nil, nil)
	parseSVG(t, defs)
	file := filepath.Join("testdata", "golden", "defs.svg")
	if *update {
		os.WriteFile(file, defs, 0o644)
	} else if want, err := os.ReadFile(file); err != nil || !bytes.Equal(defs, want) {
		t.Errorf("AppendDefs differs from %s (%v)", file, err)
	}
}

// TestEscaping: text from the caller cannot break the XML.
func TestEscaping(t *testing.T) {
	d := diagram.FromStartPos(chess960.Standard())
	for _, s := range []string{`<script>alert("x")</script>`, "a & b ' \" > <", "tab\tnew\nline\x00\x1b\xff\xfe", "\U0001F600 ok"} {
		o := &diagram.Options{Title: s, Desc: s, Class: s, ID: s}
		root := parseSVG(t, d.AppendSVG(nil, o))
		// Each byte that is not UTF-8 and each control character becomes
		// U+FFFD (strings.Map reads a bad byte as U+FFFD).
		want := strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
				return '\uFFFD'
			}
			return r
		}, s)
		if root.Nodes[0].Text != want || root.attr("id") != want || root.attr("class") != "c960-board c960-light "+want {
			t.Errorf("%q: title %q id %q class %q", s, root.Nodes[0].Text, root.attr("id"), root.attr("class"))
		}
	}
}

func TestDeterministicAndConcurrent(t *testing.T) {
	d := diagram.FromPosition(chess.MustParseFEN(testFENs[2]))
	o := &diagram.Options{Coords: true, Arrows: []diagram.Arrow{{From: chess.A1, To: chess.H8}}}
	want := d.AppendSVG(nil, o)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				var b bytes.Buffer
				if err := d.WriteSVG(&b, o); err != nil || !bytes.Equal(b.Bytes(), want) {
					t.Error("WriteSVG gave another picture")
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestAppendSVGDoesNotAllocate(t *testing.T) {
	d := diagram.FromStartPos(chess960.Standard())
	buf := make([]byte, 0, 64<<10)
	o := &diagram.Options{Size: 400, Coords: true, Highlight: chess.E4.BB(), Arrows: []diagram.Arrow{{From: chess.E2, To: chess.E4}}}
	if n := testing.AllocsPerRun(100, func() { buf = d.AppendSVG(buf[:0], o) }); n != 0 {
		t.Errorf("AppendSVG allocates %v times", n)
	}
}

func TestMoveSquares(t *testing.T) {
	start := chess.NewPosition(chess960.Standard())
	p := chess.MustParseFEN("1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1") // the king already on g1
	for _, tc := range []struct {
		p         chess.Position
		uci       string
		squares   string
		arrowFrom chess.Square
		arrowTo   chess.Square
	}{
		{start, "e2e4", "[e2 e4]", chess.E2, chess.E4},
		{chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1h1", "[e1 g1]", chess.E1, chess.G1},
		{chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1g1", "[e1 g1]", chess.E1, chess.G1},
		{chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1a1", "[c1 e1]", chess.E1, chess.C1},
		// O-O with the king on g1: only the rook moves, h1 to f1.
		{p, "g1h1", "[f1 h1]", chess.H1, chess.F1},
	} {
		m := must(tc.p.ParseUCI(tc.uci))
		if got := fmt.Sprint(diagram.MoveSquares(m).Squares()); got != tc.squares {
			t.Errorf("MoveSquares(%s) = %s, want %s", tc.uci, got, tc.squares)
		}
		if a := diagram.MoveArrow(m); a.From != tc.arrowFrom || a.To != tc.arrowTo {
			t.Errorf("MoveArrow(%s) = %v-%v", tc.uci, a.From, a.To)
		}
	}
	// A null move (also the last move of a game with none) marks nothing,
	// not a1.
	if got := diagram.MoveSquares(chess.NullMove); got != 0 {
		t.Errorf("MoveSquares(NullMove) = %v", got.Squares())
	}
}

// TestThumbnail: squares as two elements (or one shared <use>), pieces
// still addressable.
func TestThumbnail(t *testing.T) {
	d := diagram.FromStartPos(chess960.MustNew(0))
	for _, o := range []*diagram.Options{{Thumbnail: true}, {Thumbnail: true, Flip: true}, {Thumbnail: true, External: true}} {
		root := parseSVG(t, d.AppendSVG(nil, o))
		var squares, pieces int
		var dark string
		root.walk(func(n *node) {
			if n.attr("data-piece") != "" && n.attr("data-square") != "" {
				pieces++
			} else if n.attr("data-square") != "" {
				squares++
			}
			if n.XMLName.Local == "path" && n.attr("fill") == "#b38b67" {
				dark = n.attr("d")
			}
			if n.XMLName.Local == "use" && n.attr("href") == "#c960-squares" && !o.External {
				t.Error("a self-contained thumbnail refers to #c960-squares")
			}
		})
		if pieces != 32 || squares != 0 {
			t.Errorf("%+v: %d pieces, %d squares with data-square", o, pieces, squares)
		}
		if !o.External && (strings.Count(dark, "M") != 32 || !strings.Contains(dark, "M0 700h100v100h-100z") || strings.Contains(dark, "M100 700h")) {
			t.Errorf("%+v: dark squares %q: want 32, the lower left one (a1, or h8 flipped) among them", o, dark)
		}
	}
	defs := parseSVG(t, diagram.AppendDefs(nil, nil))
	found := false
	defs.walk(func(n *node) { found = found || n.attr("id") == "c960-squares" })
	if !found {
		t.Error("AppendDefs does not define c960-squares")
	}
}

// TestParseLastMove: the move that led to the position shown, checked
// against it; castling in either form, in Chess960 too.
func TestParseLastMove(t *testing.T) {
	for _, tc := range []struct {
		fen, move, want string // want: the squares, or the start of the error's detail
	}{
		// After 1. e4: e2-e4 (white just moved; black to move).
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e2e4", "[e2 e4]"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e7e5", "e5 holds no white piece"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4", "e4 holds no black piece"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "d2e4", "d2 is not empty"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e4e4", "a move needs two squares"},
		// A promotion.
		{"4k2Q/8/8/8/8/8/8/4K3 b - - 0 1", "h7h8q", "[h7 h8]"},
		// White castled O-O in standard chess: either form marks e1 and g1.
		{"r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "e1g1", "[e1 g1]"},
		{"r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "e1h1", "[e1 g1]"},
		// O-O-O: e1c1 or e1a1.
		{"r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", "e1c1", "[c1 e1]"},
		{"r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", "e1a1", "[c1 e1]"},
		// Chess960: the king on b1 castled O-O-O with the a1 rook: it moved
		// right, to c1; the rook went to d1.
		{"4k3/8/8/8/8/8/8/2KR4 b - - 1 1", "b1a1", "[b1 c1]"},
		{"4k3/8/8/8/8/8/8/2KR4 b - - 1 1", "b1c1", "[b1 c1]"},
		// The king started on f1, where the rook now stands.
		{"4k3/8/8/8/8/8/8/5RK1 b - - 1 1", "f1h1", "[f1 g1]"},
		{"4k3/8/8/8/8/8/8/5RK1 b - - 1 1", "f1g1", "[f1 g1]"},
		// The king stayed on g1; only the rook moved, h1 to f1.
		{"1r2k3/8/8/8/8/8/8/1R3RK1 b - - 1 1", "g1h1", "[f1 h1]"},
		{"1r2k3/8/8/8/8/8/8/1R3RK1 b - - 1 1", "g1g1", "[f1 g1]"},
		// Black castled.
		{"rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQK2R w KQ - 4 4", "e8h8", "[e8 g8]"},
		{"rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQK2R w KQ - 4 4", "e1h1", "h1 holds no black piece"},
	} {
		p := chess.MustParseFEN(tc.fen)
		b, err := diagram.ParseLastMove(tc.move, &p)
		got := fmt.Sprint(b.Squares())
		if err != nil {
			got = err.(*diagram.Error).Detail
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s after %s: %q, want %q", tc.move, tc.fen, got, tc.want)
		}
	}
	// Without a position only the syntax counts.
	if b, err := diagram.ParseLastMove(" e1h1 ", nil); err != nil || fmt.Sprint(b.Squares()) != "[e1 h1]" {
		t.Errorf("no position: %v %v", b.Squares(), err)
	}
	if _, err := diagram.ParseLastMove("e1-h1", nil); err == nil || !errors.Is(err, chess960.ErrSyntax) {
		t.Errorf("e1-h1: %v", err)
	}
}

// TestLayoutFlipped: the top left cell of a flipped board is h1, a light
// square with White's rook on it; the bottom right one a8, light too.
func TestLayoutFlipped(t *testing.T) {
	d := diagram.FromStartPos(chess960.Standard())
	var s scene.Scene
	scene.Layout(&s, &d, &diagram.Options{Flip: true})
	c := s.Cells[0]
	if got := fmt.Sprint(c.Square, c.X, c.Y, c.Light, c.Piece); got != "h1 0 0 true white rook" {
		t.Errorf("top left cell: %s", got)
	}
	if c := s.Cells[63]; c.Square != chess.A8 || c.X != 700 || c.Y != 700 || !c.Light || c.Piece.Role != chess.Rook {
		t.Errorf("bottom right cell: %+v", c)
	}
}

// TestColors: the palette when set, else the theme's.
func TestColors(t *testing.T) {
	p := diagram.Dark.Palette()
	p.Arrow.R ^= 1
	for _, c := range []struct {
		o    *diagram.Options
		want diagram.Palette
	}{
		{nil, diagram.Light.Palette()}, {&diagram.Options{Theme: diagram.Dark}, diagram.Dark.Palette()},
		{&diagram.Options{Theme: diagram.Light, Palette: &p}, p},
	} {
		if got := c.o.Colors(); got != c.want {
			t.Errorf("%+v: %+v", c.o, got)
		}
	}
}
