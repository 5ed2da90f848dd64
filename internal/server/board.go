package server

// Every board the server draws goes through this file, which is the only one
// that knows the drawing package.

import (
	"html/template"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
)

// boardOpts is how the server wants a board drawn.
type boardOpts struct {
	Size                int // pixels; 0: fill the container
	Flip, Coords, Dark  bool
	Highlight, LastMove chess.Bitboard
	Arrows              [][2]chess.Square
	Title, Class, ID    string
	// External: the page holds the piece definitions once (boardDefs).
	External bool
	// Thumbnail: squares as one element, for pages of many small boards.
	Thumbnail bool
}

func (o boardOpts) options() *diagram.Options {
	d := &diagram.Options{Size: o.Size, Flip: o.Flip, Coords: o.Coords, Highlight: o.Highlight,
		LastMove: o.LastMove, Title: o.Title, Class: o.Class, ID: o.ID, External: o.External, Thumbnail: o.Thumbnail}
	if o.Dark {
		d.Theme = diagram.Dark
	}
	for _, a := range o.Arrows {
		d.Arrows = append(d.Arrows, diagram.Arrow{From: a[0], To: a[1]})
	}
	return d
}

// appendStartBoard draws start position sp.
func appendStartBoard(dst []byte, sp chess960.StartPos, o boardOpts) []byte {
	d := diagram.FromStartPos(sp)
	return d.AppendSVG(dst, o.options())
}

// appendPositionBoard draws a position, with the check marker when the side
// to move is in check.
func appendPositionBoard(dst []byte, p chess.Position, o boardOpts) []byte {
	d := diagram.FromPosition(p)
	return d.AppendSVG(dst, o.options())
}

func startBoard(sp chess960.StartPos, o boardOpts) template.HTML {
	return template.HTML(appendStartBoard(nil, sp, o))
}

// rankStrip draws White's first rank only, from a board holding the pieces
// placed so far: the whole board is drawn and the picture shows its bottom
// row.
func rankStrip(b chess.Board, title string) template.HTML {
	d := diagram.FromBoard(b)
	inner := string(d.AppendSVG(nil, &diagram.Options{Title: title, External: true, Thumbnail: true}))
	// The board is 8 units of 100 wide with no frame; size the inner picture
	// to it and show the rank from y = 700 to 800.
	inner = strings.Replace(inner, "<svg ", `<svg width="800" height="800" `, 1)
	var s strings.Builder
	s.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="strip" viewBox="0 700 800 100" role="img" aria-label="`)
	template.HTMLEscape(&s, []byte(title))
	s.WriteString(`">`)
	s.WriteString(inner)
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// boardDefs is what a page with External boards holds once.
func boardDefs() template.HTML {
	return template.HTML(diagram.AppendDefs(nil, &diagram.Options{}))
}

// boardTitle is the title of the diagram of a position, for alt text.
func startTitle(sp chess960.StartPos) string {
	d := diagram.FromStartPos(sp)
	return d.Title()
}
