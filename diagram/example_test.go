package diagram_test

import (
	"bytes"
	"fmt"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
)

func ExampleFromStartPos() {
	d := diagram.FromStartPos(chess960.MustNew(518))
	fmt.Println(d.Title())
	fmt.Println(d.Desc())
	// Output:
	// Chess960 position 518: RNBQKBNR, White to move
	// Start position with Scharnagl number 518 and Fritz9 number 359 (ordinary chess). FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.
}

func ExampleFromPosition() {
	p := chess.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	d := diagram.FromPosition(p)
	fmt.Println(d.Title())
	fmt.Println(d.Check().Squares()) // the king that gets the check marker
	// Output:
	// Chess position, White to move, checkmated
	// [e1]
}

func ExampleFromSetup() {
	// A Setup need not be legal: a board editor draws what it has.
	s, _ := chess.ParseSetup("8/8/8/8/8/8/8/KQ6 w - - 0 1")
	d := diagram.FromSetup(s)
	fmt.Println(d.Title())
	fmt.Println(d.Desc())
	// Output:
	// Chess position, White to move
	// FEN: 8/8/8/8/8/8/8/KQ6 w - - 0 1. White: king a1, queen b1. Black: no pieces.
}

func ExampleFromBoard() {
	var b chess.Board
	b.Set(chess.E4, chess.Piece{Color: chess.Black, Role: chess.Knight})
	d := diagram.FromBoard(b)
	fmt.Println(d.Title())
	fmt.Println(d.Desc())
	// Output:
	// Chess diagram
	// Placement: 8/8/8/8/4n3/8/8/8. White: no pieces. Black: knight e4.
}

func ExampleDiagram_AppendSVG() {
	d := diagram.FromStartPos(chess960.MustNew(0))
	svg := d.AppendSVG(nil, &diagram.Options{Size: 320, Flip: true, Coords: true})
	fmt.Println(string(svg[:120]))
	fmt.Println(bytes.Count(svg, []byte(`<rect x=`)), "squares,", bytes.Count(svg, []byte("data-piece=")), "pieces")
	i := bytes.Index(svg, []byte(`data-piece="wK"`))
	fmt.Println(string(svg[i : i+34]))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" viewBox="-40 -40 880 880" width="320" height="320" class="c960-board c960-light"
	// 64 squares, 32 pieces
	// data-piece="wK" data-square="g1"/>
}

func ExampleDiagram_WriteSVG() {
	d := diagram.FromPosition(chess.NewPosition(chess960.Standard()))
	o := &diagram.Options{
		Size:      360,
		Theme:     diagram.Dark,
		LastMove:  chess.E2.BB() | chess.E4.BB(),
		Highlight: chess.D5.BB(),
		Arrows:    []diagram.Arrow{{From: chess.G1, To: chess.F3}},
		Class:     "board",
	}
	var b strings.Builder
	if err := d.WriteSVG(&b, o); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Count(b.String(), `data-mark="last-move"`), strings.Count(b.String(), `data-arrow="g1f3"`))
	// Output:
	// 2 1
}

// A page that shows many boards holds the pieces' definitions once.
func ExampleAppendDefs() {
	page := []byte("<!doctype html><body>")
	page = diagram.AppendDefs(page, nil)
	o := &diagram.Options{External: true, Thumbnail: true, Size: 120}
	for _, n := range []int{0, 518, 959} {
		d := diagram.FromStartPos(chess960.MustNew(n))
		page = d.AppendSVG(page, o)
	}
	page = append(page, "</body>"...)
	fmt.Println(bytes.Count(page, []byte(`<g id="c960-`)), "definitions,", bytes.Count(page, []byte(`class="c960-board`)), "boards")
	// Output:
	// 13 definitions, 3 boards
}

func ExampleParseSquares() {
	b, err := diagram.ParseSquares("e1, h1")
	fmt.Println(b.Squares(), err)
	_, err = diagram.ParseSquares("e1,i9")
	fmt.Println(err)
	// Output:
	// [e1 h1] <nil>
	// diagram: squares "e1,i9": "i9" is not a square (want a1..h8)
}

func ExampleParseArrows() {
	// Castling written either way shows the king's path.
	p := chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	arrows, _ := diagram.ParseArrows("e1h1,e1g1,a1a8,d4d4", &p)
	for _, a := range arrows {
		fmt.Print(a.From, "-", a.To, " ")
	}
	fmt.Println()
	// Output:
	// e1-g1 e1-g1 a1-a8 d4-d4
}

func ExampleParseLastMove() {
	// Black has just castled, O-O in position 518: written either way, the
	// marker shows the king's path.
	p := chess.MustParseFEN("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQK2R w KQ - 4 4")
	for _, s := range []string{"e8g8", "e8h8", "e2e4"} {
		b, err := diagram.ParseLastMove(s, &p)
		fmt.Println(b.Squares(), err)
	}
	// Output:
	// [e8 g8] <nil>
	// [e8 g8] <nil>
	// [] diagram: last move "e2e4": e4 holds no black piece: the last move is the one that led to the position shown, made by black
}

func ExampleParseTheme() {
	t, err := diagram.ParseTheme("Dark")
	fmt.Println(t, err, t.Palette().DarkSquare)
	// Output:
	// dark <nil> {113 129 148 255}
}

func ExampleMoveSquares() {
	// O-O with the king already on g1 moves only the rook: its squares
	// get the marker.
	p := chess.MustParseFEN("1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1")
	m, _ := p.ParseUCI("g1h1")
	a := diagram.MoveArrow(m)
	fmt.Println(diagram.MoveSquares(m).Squares(), a.From, a.To)
	// Output:
	// [f1 h1] h1 f1
}

// A page can take the board's colours for what it draws around it.
func ExampleOptions_Colors() {
	o := &diagram.Options{Theme: diagram.Dark}
	fmt.Println(o.Colors().Frame == diagram.Dark.Palette().Frame)
	p := diagram.Light.Palette()
	p.Frame.A = 0 // no frame colour
	o.Palette = &p
	fmt.Println(o.Colors().Frame.A)
	// Output:
	// true
	// 0
}
