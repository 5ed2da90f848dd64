// Package scene is what package diagram and its renderers share and its
// users need not see: a picture laid out (Scene), the piece shapes and the
// coordinates' glyphs as SVG path data, and the geometry of both. Package
// diagram writes SVG from a Scene; diagram/raster draws the same Scene in
// pixels, and its tests look at the probe point of the shapes.
package scene

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

// Scene is a picture laid out: everything a diagram and its options put
// where, in the picture's coordinates (y downwards). The SVG writer and
// diagram/raster both draw a Scene, in this order: the frame, the squares,
// the last-move and highlight tints, the check markers, the pieces, the
// arrows (the options', each laid out by Arrow) and the coordinates, in the
// colours of the options' palette.
type Scene struct {
	// The view box: the picture covers MinX..MinX+Width, MinY..MinY+Height.
	MinX, MinY, Width, Height int
	// Frame reports whether the frame (palette colour Frame) fills the view
	// box behind the board; it does when coordinates are shown.
	Frame bool
	// Cells are the 64 squares, the top row first, left to right.
	Cells [64]Cell
	// Labels are the coordinates, when shown.
	Labels  [16]Label
	NLabels int
	Flip    bool
}

// Layout lays out a diagram into s. Package diagram sets it when it is
// initialised, to a function of a *diagram.Diagram d and *diagram.Options o
// (not nil), so that diagram/raster draws the very Scene the SVG is written
// from without package diagram exporting its layout.
var Layout func(s *Scene, d, o any)

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

// Arrow lays out the arrow from the centre of square from to that of to in
// colour c, or in the palette's arrow colour def when c is the zero colour.
func (s *Scene) Arrow(from, to chess.Square, c, def color.NRGBA) ArrowShape {
	if c.A == 0 {
		c = def
	}
	a, b := s.center(from&63), s.center(to&63)
	if from&63 == to&63 {
		return ArrowShape{Ring: true, Center: a, Radius: ringRadius, Width: ringWidth, Color: c}
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l // along the arrow
	nx, ny := -uy, ux    // across it
	tip := Point{b.X - ux*arrowTipShort, b.Y - uy*arrowTipShort}
	base := Point{tip.X - ux*arrowHeadLen, tip.Y - uy*arrowHeadLen}
	w, hw := arrowShaft/2.0, arrowHead/2.0
	p := func(o Point, k float64) Point { return Point{round1(o.X + nx*k), round1(o.Y + ny*k)} }
	return ArrowShape{Color: c, Points: [7]Point{
		p(a, w), p(base, w), p(base, hw), {round1(tip.X), round1(tip.Y)},
		p(base, -hw), p(base, -w), p(a, -w),
	}}
}

// round1 rounds to one decimal, the precision the SVG writes, so that
// both renderers use the same numbers.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// CheckStop is a stop of the check marker's radial gradient: at Offset
// (0 the centre, 1 the edge of a circle as wide as the square) the
// marker has the palette's Check colour at Opacity times its alpha.
type CheckStop struct{ Offset, Opacity float64 }

// CheckStops returns the check marker's gradient, shared by SVG and raster.
func CheckStops() [3]CheckStop { return [3]CheckStop{{0, 1}, {0.35, 0.85}, {1, 0}} }
