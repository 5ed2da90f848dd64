package diagram

import (
	"image/color"

	"github.com/chess960/chess960/chess"
)

// Options say how to draw a Diagram. The zero Options (or nil) draw a
// scalable board, White at the bottom, in the Light theme, without
// coordinates or marks.
type Options struct {
	// Size is the width and height of the picture in pixels, coordinates
	// included. 0 leaves the SVG without width and height, so that it fills
	// its container; diagram/raster then draws raster.DefaultSize pixels.
	Size int
	// Flip puts Black at the bottom (h8 in the lower left corner).
	Flip bool
	// Coords adds the file letters and rank numbers in a frame around the
	// board.
	Coords bool
	// Theme chooses the colours; Palette, when not nil, replaces them
	// (Colors tells which apply).
	Theme   Theme
	Palette *Palette
	// Highlight tints these squares.
	Highlight chess.Bitboard
	// LastMove tints these squares in the last-move colour; MoveSquares
	// gives the squares of a move.
	LastMove chess.Bitboard
	// Check puts the check marker under these squares (kings in check), in
	// addition to the king in check of a Diagram made from a Position,
	// unless NoCheck is set.
	Check   chess.Bitboard
	NoCheck bool
	// Arrows are drawn over the pieces, in order.
	Arrows []Arrow
	// Class is added to the class attribute of the <svg> element (which
	// always has "c960-board" and "c960-light" or "c960-dark"); ID sets its
	// id. Both are escaped, not checked.
	Class, ID string
	// Title and Desc replace the picture's title and description.
	Title, Desc string
	// External makes the pieces refer to definitions that the page holds
	// once (AppendDefs), instead of carrying their own <defs>.
	External bool
	// Thumbnail draws the squares as two elements (one shared <use> with
	// External) instead of 64, without data-square: for pages that list
	// many small boards, not for a board a page makes interactive. The
	// pieces keep data-piece and data-square. With External, the squares
	// take the colours of the definitions.
	Thumbnail bool
}

// Arrow is an arrow from the centre of one square to the centre of
// another; an arrow from a square to itself is drawn as a ring around it.
// The zero Color means the palette's arrow colour.
type Arrow struct {
	From, To chess.Square
	Color    color.NRGBA
}

// MoveSquares returns the squares a move's marker covers: where the piece
// came from and where it went. For castling, stored as the king taking its
// own rook, these are the king's two squares, or the rook's when the king
// does not move. A null move (chess.NullMove, also no move at all) covers
// none.
func MoveSquares(m chess.Move) chess.Bitboard {
	if m == chess.NullMove {
		return 0
	}
	a := MoveArrow(m) // the same two squares
	return a.From.BB() | a.To.BB()
}

// MoveArrow returns the arrow of a move: for castling, the king's path, or
// the rook's when the king does not move.
func MoveArrow(m chess.Move) Arrow {
	if !m.IsCastle() {
		return Arrow{From: m.From(), To: m.To()}
	}
	if m.KingTo() != m.From() {
		return Arrow{From: m.From(), To: m.KingTo()}
	}
	return Arrow{From: m.To(), To: m.RookTo()}
}

// Colors returns the colours o draws in: *o.Palette when it is set, else
// the palette of o.Theme (nil means the zero Options: the Light theme).
func (o *Options) Colors() Palette {
	switch {
	case o == nil:
		return lightPalette
	case o.Palette != nil:
		return *o.Palette
	}
	return o.Theme.Palette()
}

// Theme is a named set of colours.
type Theme uint8

// The themes: Light for white pages and print, Dark for dark pages.
const (
	Light Theme = iota
	Dark
)

// String returns "light" or "dark".
func (t Theme) String() string {
	if t == Dark {
		return "dark"
	}
	return "light"
}

// Palette returns the theme's colours.
func (t Theme) Palette() Palette {
	if t == Dark {
		return darkPalette
	}
	return lightPalette
}

// Palette is every colour of a picture. Colours with an alpha below 255 are
// drawn translucent over what lies below.
type Palette struct {
	LightSquare, DarkSquare color.NRGBA
	Frame, Text             color.NRGBA // the frame around the board and its coordinates
	Highlight, LastMove     color.NRGBA // tints over squares
	Check                   color.NRGBA // centre of the check marker, fading out towards the square's edge
	Arrow                   color.NRGBA
	WhiteFill, WhiteLine    color.NRGBA // White's pieces: body, outline and detail lines
	BlackFill, BlackLine    color.NRGBA // Black's pieces: body and outline
	BlackDetail             color.NRGBA // detail lines on Black's pieces
}

var lightPalette = Palette{
	LightSquare: color.NRGBA{0xee, 0xe0, 0xc6, 0xff},
	DarkSquare:  color.NRGBA{0xb3, 0x8b, 0x67, 0xff},
	Frame:       color.NRGBA{0xf7, 0xf3, 0xeb, 0xff},
	Text:        color.NRGBA{0x5a, 0x4a, 0x3c, 0xff},
	Highlight:   color.NRGBA{0x3c, 0x8d, 0xe8, 0x73},
	LastMove:    color.NRGBA{0xf2, 0xc9, 0x2e, 0x80},
	Check:       color.NRGBA{0xe0, 0x1b, 0x1b, 0xff},
	Arrow:       color.NRGBA{0x1f, 0x8a, 0x4c, 0xc0},
	WhiteFill:   color.NRGBA{0xfc, 0xfa, 0xf5, 0xff},
	WhiteLine:   color.NRGBA{0x24, 0x20, 0x1c, 0xff},
	BlackFill:   color.NRGBA{0x2e, 0x2a, 0x27, 0xff},
	BlackLine:   color.NRGBA{0x12, 0x10, 0x0e, 0xff},
	BlackDetail: color.NRGBA{0xe8, 0xe2, 0xd8, 0xff},
}

var darkPalette = Palette{
	LightSquare: color.NRGBA{0xad, 0xb9, 0xc6, 0xff},
	DarkSquare:  color.NRGBA{0x71, 0x81, 0x94, 0xff},
	Frame:       color.NRGBA{0x1d, 0x21, 0x27, 0xff},
	Text:        color.NRGBA{0xc4, 0xcc, 0xd6, 0xff},
	Highlight:   color.NRGBA{0x4f, 0xb0, 0xff, 0x73},
	LastMove:    color.NRGBA{0xf0, 0xc8, 0x40, 0x70},
	Check:       color.NRGBA{0xff, 0x30, 0x30, 0xff},
	Arrow:       color.NRGBA{0xff, 0xa6, 0x2b, 0xc8},
	WhiteFill:   color.NRGBA{0xfc, 0xfa, 0xf5, 0xff},
	WhiteLine:   color.NRGBA{0x24, 0x20, 0x1c, 0xff},
	BlackFill:   color.NRGBA{0x2e, 0x2a, 0x27, 0xff},
	BlackLine:   color.NRGBA{0x12, 0x10, 0x0e, 0xff},
	BlackDetail: color.NRGBA{0xe8, 0xe2, 0xd8, 0xff},
}
