package diagram

import (
	"image/color"
	"math"

	"github.com/chess960/chess960/chess"
)

// The picture's own coordinates, in which a Scene is laid out: a square is
// Unit wide, the board 8 Units, and the frame that holds the coordinates
// Margin on every side.
const (
	Unit   = 100
	Margin = 40
)

// LabelScale is the factor from glyph coordinates (Glyph) to the picture's:
// a digit, 100 high in its glyph, is 24 high beside the board.
const LabelScale = 0.24

// Scene is a picture laid out: everything a Diagram and its Options put
// where, in the picture's coordinates (y downwards). The SVG writer and
// diagram/raster both draw a Scene, in this order: the frame, the squares,
// the last-move and highlight tints, the check markers, the pieces, the
// arrows and the coordinates.
type Scene struct {
	// The view box: the picture covers MinX..MinX+Width, MinY..MinY+Height.
	MinX, MinY, Width, Height int
	// Frame reports whether the frame (palette colour Frame) fills the view
	// box behind the board; it does when coordinates are shown.
	Frame   bool
	Palette Palette
	// Cells are the 64 squares, the top row first, left to right.
	Cells [64]Cell
	// Labels are the coordinates, when shown.
	Labels  [16]Label
	NLabels int
	// Arrows are the options' arrows; ArrowShape lays each one out.
	Arrows []Arrow
	Flip   bool
}

// Cell is one square of a Scene.
type Cell struct {
	Square chess.Square
	X, Y   int  // the top left corner; the square is Unit wide
	Light  bool // a light square
	Piece  chess.Piece
	Marks  Marks
}

// Marks are what is drawn on a square besides its colour and its piece.
type Marks uint8

// The marks of a square.
const (
	MarkLastMove Marks = 1 << iota
	MarkHighlight
	MarkCheck
)

// Label is one character of the coordinates: its glyph (Glyph) drawn with
// its top left corner at X, Y and scaled by LabelScale.
type Label struct {
	Char byte
	X, Y float64
}

// Point is a point in the picture's coordinates.
type Point struct{ X, Y float64 }

// Scene lays out the diagram with the options (nil means the zero Options).
func (d *Diagram) Scene(o *Options) Scene {
	var s Scene
	d.layout(&s, o)
	return s
}

var zeroOptions Options

func (d *Diagram) layout(s *Scene, o *Options) {
	if o == nil {
		o = &zeroOptions
	}
	if o.Palette != nil {
		s.Palette = *o.Palette
	} else {
		s.Palette = o.Theme.Palette()
	}
	s.Width, s.Height = 8*Unit, 8*Unit
	if o.Coords {
		s.MinX, s.MinY = -Margin, -Margin
		s.Width += 2 * Margin
		s.Height += 2 * Margin
		s.Frame = true
	}
	s.Flip = o.Flip
	s.Arrows = o.Arrows
	check := o.Check
	if !o.NoCheck {
		check |= d.check
	} else {
		check = 0
	}
	b := &d.setup.Board
	for row := range 8 {
		for col := range 8 {
			sq := chess.SquareAt(col, 7-row)
			if o.Flip {
				sq = chess.SquareAt(7-col, row)
			}
			c := &s.Cells[row*8+col]
			c.Square = sq
			c.X, c.Y = col*Unit, row*Unit
			c.Light = (sq.File()+sq.Rank())&1 == 1
			c.Piece = b.PieceAt(sq)
			bb := sq.BB()
			if o.LastMove&bb != 0 {
				c.Marks |= MarkLastMove
			}
			if o.Highlight&bb != 0 {
				c.Marks |= MarkHighlight
			}
			if check&bb != 0 {
				c.Marks |= MarkCheck
			}
		}
	}
	if o.Coords {
		const h = 100 * LabelScale // a digit's height
		for i := range 8 {
			rank, file := byte('8'-i), byte('a'+i)
			if o.Flip {
				rank, file = byte('1'+i), byte('h'-i)
			}
			s.Labels[i] = Label{Char: rank,
				X: -Margin + (Margin-GlyphWidth(rank)*LabelScale)/2,
				Y: float64(i*Unit) + (Unit-h)/2}
			s.Labels[8+i] = Label{Char: file,
				X: float64(i*Unit) + (Unit-GlyphWidth(file)*LabelScale)/2,
				Y: 8*Unit + 5}
		}
		s.NLabels = 16
	}
}

// center returns the centre of sq in the scene.
func (s *Scene) center(sq chess.Square) Point {
	col, row := sq.File(), 7-sq.Rank()
	if s.Flip {
		col, row = 7-col, 7-row
	}
	return Point{float64(col*Unit + Unit/2), float64(row*Unit + Unit/2)}
}

// ArrowShape is an arrow laid out: a ring (Center, Radius, Width) for an
// arrow from a square to itself, else the polygon Points (the tail's two
// corners, the shaft and the head).
type ArrowShape struct {
	Ring          bool
	Center        Point
	Radius, Width float64
	Points        [7]Point
	Color         color.NRGBA
}

// The proportions of an arrow, in the picture's coordinates.
const (
	arrowShaft    = 17 // width of the shaft
	arrowHead     = 44 // width of the head
	arrowHeadLen  = 38 // length of the head
	arrowTipShort = 10 // the tip stops this short of the target's centre
	ringRadius    = 44
	ringWidth     = 8
)

// ArrowShape lays out arrow a of the scene.
func (s *Scene) ArrowShape(a Arrow) ArrowShape {
	col := a.Color
	if col.A == 0 {
		col = s.Palette.Arrow
	}
	from, to := s.center(a.From&63), s.center(a.To&63)
	if a.From&63 == a.To&63 {
		return ArrowShape{Ring: true, Center: from, Radius: ringRadius, Width: ringWidth, Color: col}
	}
	dx, dy := to.X-from.X, to.Y-from.Y
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l // along the arrow
	nx, ny := -uy, ux    // across it
	tip := Point{to.X - ux*arrowTipShort, to.Y - uy*arrowTipShort}
	base := Point{tip.X - ux*arrowHeadLen, tip.Y - uy*arrowHeadLen}
	w, hw := arrowShaft/2.0, arrowHead/2.0
	p := func(o Point, k float64) Point { return Point{round1(o.X + nx*k), round1(o.Y + ny*k)} }
	return ArrowShape{Color: col, Points: [7]Point{
		p(from, w), p(base, w), p(base, hw), {round1(tip.X), round1(tip.Y)},
		p(base, -hw), p(base, -w), p(from, -w),
	}}
}

// round1 rounds to one decimal, the precision the SVG writes, so that
// both renderers use the same numbers.
func round1(x float64) float64 { return math.Round(x*10) / 10 }
