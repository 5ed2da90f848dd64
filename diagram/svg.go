package diagram

import (
	"image/color"
	"io"
	"math"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram/internal/scene"
)

// IDPrefix starts every id the SVG defines: the pieces' definitions
// ("c960-wK", "c960-bN", ...) and the check marker's gradient
// ("c960-check").
const IDPrefix = "c960-"

// AppendSVG appends the SVG picture of d drawn with the options o (nil
// means the zero Options) to dst and returns the extended slice. It does
// not allocate when dst has room (a start position takes about 14 kB, and
// about 7 kB with Options.External).
func (d *Diagram) AppendSVG(dst []byte, o *Options) []byte {
	if o == nil {
		o = &zeroOptions
	}
	var s scene.Scene
	d.layout(&s, o)
	pal := o.Colors()

	dst = append(dst, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="`...)
	dst = strconv.AppendInt(dst, int64(s.MinX), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(s.MinY), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(s.Width), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(s.Height), 10)
	dst = append(dst, '"')
	if o.Size > 0 {
		dst = append(dst, ` width="`...)
		dst = strconv.AppendInt(dst, int64(o.Size), 10)
		dst = append(dst, `" height="`...)
		dst = strconv.AppendInt(dst, int64(o.Size), 10)
		dst = append(dst, '"')
	}
	dst = append(dst, ` class="c960-board c960-`...)
	dst = append(dst, o.Theme.String()...)
	if o.Class != "" {
		dst = append(dst, ' ')
		dst = appendEscaped(dst, o.Class)
	}
	dst = append(dst, '"')
	if o.ID != "" {
		dst = append(dst, ` id="`...)
		dst = appendEscaped(dst, o.ID)
		dst = append(dst, '"')
	}
	dst = append(dst, ` role="img" data-orientation="`...)
	if o.Flip {
		dst = append(dst, `black">`...)
	} else {
		dst = append(dst, `white">`...)
	}

	dst = append(dst, "<title>"...)
	if o.Title != "" {
		dst = appendEscaped(dst, o.Title)
	} else {
		dst = d.appendTitle(dst)
	}
	dst = append(dst, "</title><desc>"...)
	if o.Desc != "" {
		dst = appendEscaped(dst, o.Desc)
	} else {
		dst = d.appendDesc(dst)
	}
	dst = append(dst, "</desc>"...)

	pb := prebuiltFor(&pal)

	// The definitions: the pieces on the board, and the check gradient.
	var used [2][7]bool
	var anyCheck bool
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Piece.Role != chess.NoRole {
			used[c.Piece.Color&1][c.Piece.Role] = true
		}
		anyCheck = anyCheck || c.Marks&scene.MarkCheck != 0
	}
	if !o.External {
		open := false
		for col := range 2 {
			for r := chess.Pawn; r <= chess.King; r++ {
				if used[col][r] {
					if !open {
						dst = append(dst, "<defs>"...)
						open = true
					}
					if pb != nil {
						dst = append(dst, pb.pieces[col][r]...)
					} else {
						dst = appendPieceDef(dst, chess.Piece{Color: chess.Color(col), Role: r}, &pal)
					}
				}
			}
		}
		if anyCheck {
			if !open {
				dst = append(dst, "<defs>"...)
				open = true
			}
			dst = appendCheckGradient(dst, &pal)
		}
		if open {
			dst = append(dst, "</defs>"...)
		}
	}

	if s.Frame {
		dst = append(dst, `<rect class="c960-frame"`...)
		dst = appendRectGeom(dst, s.MinX, s.MinY, s.Width, s.Height)
		dst = appendFill(dst, pal.Frame)
		dst = append(dst, "/>"...)
	}

	// The squares.
	switch {
	case o.Thumbnail && o.External:
		dst = append(dst, `<use href="#`+IDPrefix+`squares"/>`...)
	case o.Thumbnail:
		dst = appendSquares(dst, &pal)
	case pb != nil:
		dst = append(dst, pb.squares[b2i(s.Flip)]...)
	default:
		dst = appendSquareRects(dst, &s, &pal)
	}
	return d.appendBody(dst, o, &s, &pal)
}

// prebuilt holds the parts of a picture that depend only on the palette
// (and the orientation), written once for each theme.
type prebuilt struct {
	pal     Palette
	pieces  [2][7][]byte // the pieces' definitions
	squares [2][]byte    // the squares, White at the bottom and flipped
}

var prebuilts = [...]*prebuilt{build(lightPalette), build(darkPalette)}

func build(p Palette) *prebuilt {
	pb := &prebuilt{pal: p}
	for c := range 2 {
		for r := chess.Pawn; r <= chess.King; r++ {
			pb.pieces[c][r] = appendPieceDef(nil, chess.Piece{Color: chess.Color(c), Role: r}, &p)
		}
	}
	var d Diagram
	for flip := range 2 {
		var s scene.Scene
		d.layout(&s, &Options{Palette: &p, Flip: flip == 1})
		pb.squares[flip] = appendSquareRects(nil, &s, &p)
	}
	return pb
}

// prebuiltFor returns the prebuilt parts for palette p, or nil when p is
// not a theme's.
func prebuiltFor(p *Palette) *prebuilt {
	for _, pb := range prebuilts {
		if pb.pal == *p {
			return pb
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendSquareRects appends the 64 squares, each a <rect> with its
// data-square.
func appendSquareRects(dst []byte, s *scene.Scene, pal *Palette) []byte {
	dst = append(dst, `<g class="c960-squares" shape-rendering="crispEdges">`...)
	for i := range s.Cells {
		c := &s.Cells[i]
		dst = append(dst, "<rect"...)
		dst = appendRectGeom(dst, c.X, c.Y, scene.Unit, scene.Unit)
		if c.Light {
			dst = appendFill(dst, pal.LightSquare)
		} else {
			dst = appendFill(dst, pal.DarkSquare)
		}
		dst = append(dst, ` data-square="`...)
		dst = append(dst, squareName[c.Square]...)
		dst = append(dst, `"/>`...)
	}
	return append(dst, "</g>"...)
}

// appendSquares appends the 64 squares as two elements, the light ones
// as one rectangle under the whole board and the dark ones as one path
// (the pattern is the same whichever side is at the bottom).
func appendSquares(dst []byte, p *Palette) []byte {
	dst = append(dst, `<g class="c960-squares" shape-rendering="crispEdges"><rect width="800" height="800"`...)
	dst = appendFill(dst, p.LightSquare)
	dst = append(dst, `/><path d="`...)
	for row := range 8 {
		for col := 1 - row%2; col < 8; col += 2 {
			dst = append(dst, 'M')
			dst = strconv.AppendInt(dst, int64(col*scene.Unit), 10)
			dst = append(dst, ' ')
			dst = strconv.AppendInt(dst, int64(row*scene.Unit), 10)
			dst = append(dst, "h100v100h-100z"...)
		}
	}
	dst = append(dst, '"')
	dst = appendFill(dst, p.DarkSquare)
	return append(dst, "/></g>"...)
}

// appendBody appends what lies over the squares, and closes the picture.
func (d *Diagram) appendBody(dst []byte, o *Options, s *scene.Scene, pal *Palette) []byte {
	// The tints and check markers.
	var marks scene.Marks
	for i := range s.Cells {
		marks |= s.Cells[i].Marks
	}
	if marks != 0 {
		dst = append(dst, `<g class="c960-marks">`...)
		for i := range s.Cells {
			c := &s.Cells[i]
			if c.Marks&scene.MarkLastMove != 0 {
				dst = appendTint(dst, c, "last-move", pal.LastMove)
			}
			if c.Marks&scene.MarkHighlight != 0 {
				dst = appendTint(dst, c, "highlight", pal.Highlight)
			}
		}
		for i := range s.Cells {
			c := &s.Cells[i]
			if c.Marks&scene.MarkCheck != 0 {
				dst = append(dst, `<circle cx="`...)
				dst = strconv.AppendInt(dst, int64(c.X+scene.Unit/2), 10)
				dst = append(dst, `" cy="`...)
				dst = strconv.AppendInt(dst, int64(c.Y+scene.Unit/2), 10)
				dst = append(dst, `" r="50" fill="url(#`+IDPrefix+`check)" data-mark="check" data-square="`...)
				dst = append(dst, squareName[c.Square]...)
				dst = append(dst, `"/>`...)
			}
		}
		dst = append(dst, "</g>"...)
	}

	// The pieces.
	dst = append(dst, `<g class="c960-pieces">`...)
	for i := range s.Cells {
		c := &s.Cells[i]
		if c.Piece.Role == chess.NoRole {
			continue
		}
		code := pieceCode(c.Piece)
		dst = append(dst, `<use href="#`+IDPrefix...)
		dst = append(dst, code[0], code[1])
		dst = append(dst, `" x="`...)
		dst = strconv.AppendInt(dst, int64(c.X), 10)
		dst = append(dst, `" y="`...)
		dst = strconv.AppendInt(dst, int64(c.Y), 10)
		dst = append(dst, `" data-piece="`...)
		dst = append(dst, code[0], code[1])
		dst = append(dst, `" data-square="`...)
		dst = append(dst, squareName[c.Square]...)
		dst = append(dst, `"/>`...)
	}
	dst = append(dst, "</g>"...)

	// The arrows.
	if len(o.Arrows) > 0 {
		dst = append(dst, `<g class="c960-arrows">`...)
		for _, a := range o.Arrows {
			sh := s.Arrow(a.From, a.To, a.Color, pal.Arrow)
			if sh.Ring {
				dst = append(dst, `<circle cx="`...)
				dst = appendNum(dst, sh.Center.X)
				dst = append(dst, `" cy="`...)
				dst = appendNum(dst, sh.Center.Y)
				dst = append(dst, `" r="`...)
				dst = appendNum(dst, sh.Radius-sh.Width/2)
				dst = append(dst, `" fill="none" stroke="`...)
				dst = appendHex(dst, sh.Color)
				dst = append(dst, `" stroke-width="`...)
				dst = appendNum(dst, sh.Width)
				dst = append(dst, '"')
				dst = appendOpacity(dst, " stroke-opacity", sh.Color.A)
			} else {
				dst = append(dst, `<path d="M`...)
				for k, p := range sh.Points {
					if k > 0 {
						dst = append(dst, " L"...)
					}
					dst = appendNum(dst, p.X)
					dst = append(dst, ' ')
					dst = appendNum(dst, p.Y)
				}
				dst = append(dst, ` Z"`...)
				dst = appendFill(dst, sh.Color)
			}
			dst = append(dst, ` data-arrow="`...)
			dst = append(dst, squareName[a.From&63]...)
			dst = append(dst, squareName[a.To&63]...)
			dst = append(dst, `"/>`...)
		}
		dst = append(dst, "</g>"...)
	}

	// The coordinates.
	if s.NLabels > 0 {
		dst = append(dst, `<g class="c960-coords" aria-hidden="true" fill="none" stroke="`...)
		dst = appendHex(dst, pal.Text)
		dst = append(dst, '"')
		dst = appendOpacity(dst, " stroke-opacity", pal.Text.A)
		dst = append(dst, ` stroke-width="`...)
		dst = strconv.AppendInt(dst, scene.GlyphStroke, 10)
		dst = append(dst, `" stroke-linecap="round" stroke-linejoin="round">`...)
		for _, l := range s.Labels[:s.NLabels] {
			dst = append(dst, `<path transform="translate(`...)
			dst = appendNum(dst, l.X)
			dst = append(dst, ' ')
			dst = appendNum(dst, l.Y)
			dst = append(dst, `) scale(`...)
			dst = appendNum(dst, scene.LabelScale)
			dst = append(dst, `)" d="`...)
			dst = append(dst, scene.Glyph(l.Char)...)
			dst = append(dst, `"/>`...)
		}
		dst = append(dst, "</g>"...)
	}
	return append(dst, "</svg>\n"...)
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

// WriteSVG writes the SVG picture of d drawn with the options o (nil means
// the zero Options) to w.
func (d *Diagram) WriteSVG(w io.Writer, o *Options) error {
	bp := bufPool.Get().(*[]byte)
	b := d.AppendSVG((*bp)[:0], o)
	_, err := w.Write(b)
	if cap(b) <= 1<<20 {
		*bp = b
		bufPool.Put(bp)
	}
	return err
}

// AppendDefs appends, for a page that shows many boards drawn with
// Options.External, one hidden <svg> element that holds the definitions
// those boards refer to: the twelve pieces and the check gradient, in the
// colours of o's palette (nil means the Light theme). Put it once in the
// page, before the boards; give it no size with CSS (.c960-defs
// {position: absolute}) if the page's layout needs that.
func AppendDefs(dst []byte, o *Options) []byte {
	if o == nil {
		o = &zeroOptions
	}
	p := o.Colors()
	dst = append(dst, `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" class="c960-defs" aria-hidden="true" focusable="false"><defs>`...)
	for col := chess.White; col <= chess.Black; col++ {
		for r := chess.Pawn; r <= chess.King; r++ {
			dst = appendPieceDef(dst, chess.Piece{Color: col, Role: r}, &p)
		}
	}
	dst = appendCheckGradient(dst, &p)
	dst = append(dst, `<g id="`+IDPrefix+`squares">`...)
	dst = appendSquares(dst, &p)
	return append(dst, "</g></defs></svg>\n"...)
}

// pieceCode returns "wK", "bN", ...
func pieceCode(pc chess.Piece) [2]byte {
	c := byte('w')
	if pc.Color == chess.Black {
		c = 'b'
	}
	return [2]byte{c, pc.Role.Letter()}
}

func appendPieceDef(dst []byte, pc chess.Piece, p *Palette) []byte {
	fill, line, detail := p.WhiteFill, p.WhiteLine, p.WhiteLine
	if pc.Color == chess.Black {
		fill, line, detail = p.BlackFill, p.BlackLine, p.BlackDetail
	}
	code := pieceCode(pc)
	dst = append(dst, `<g id="`+IDPrefix...)
	dst = append(dst, code[0], code[1])
	dst = append(dst, '"')
	dst = appendFill(dst, fill)
	dst = append(dst, ` stroke="`...)
	dst = appendHex(dst, line)
	dst = append(dst, '"')
	dst = appendOpacity(dst, " stroke-opacity", line.A)
	dst = append(dst, ` stroke-width="`...)
	dst = appendNum(dst, scene.StrokeWidth)
	dst = append(dst, `" stroke-linecap="round" stroke-linejoin="round">`...)
	for _, part := range scene.Shape(pc.Role) {
		dst = append(dst, "<path"...)
		switch part.Kind {
		case scene.Line:
			dst = append(dst, ` fill="none"`...)
			if detail != line {
				dst = append(dst, ` stroke="`...)
				dst = appendHex(dst, detail)
				dst = append(dst, '"')
				dst = appendOpacity(dst, " stroke-opacity", detail.A)
			}
		case scene.Dot:
			dst = append(dst, ` stroke="none"`...)
			dst = appendFill(dst, detail)
		}
		dst = append(dst, ` d="`...)
		dst = append(dst, part.D...)
		dst = append(dst, `"/>`...)
	}
	return append(dst, "</g>"...)
}

func appendCheckGradient(dst []byte, p *Palette) []byte {
	dst = append(dst, `<radialGradient id="`+IDPrefix+`check">`...)
	for _, st := range scene.CheckStops() {
		dst = append(dst, `<stop offset="`...)
		dst = appendNum(dst, st.Offset)
		dst = append(dst, `" stop-color="`...)
		dst = appendHex(dst, p.Check)
		dst = append(dst, `" stop-opacity="`...)
		dst = appendNum(dst, math.Round(st.Opacity*float64(p.Check.A)/255*1000)/1000)
		dst = append(dst, `"/>`...)
	}
	return append(dst, "</radialGradient>"...)
}

func appendTint(dst []byte, c *scene.Cell, mark string, col color.NRGBA) []byte {
	dst = append(dst, "<rect"...)
	dst = appendRectGeom(dst, c.X, c.Y, scene.Unit, scene.Unit)
	dst = appendFill(dst, col)
	dst = append(dst, ` data-mark="`...)
	dst = append(dst, mark...)
	dst = append(dst, `" data-square="`...)
	dst = append(dst, squareName[c.Square]...)
	return append(dst, `"/>`...)
}

func appendRectGeom(dst []byte, x, y, w, h int) []byte {
	dst = append(dst, ` x="`...)
	dst = strconv.AppendInt(dst, int64(x), 10)
	dst = append(dst, `" y="`...)
	dst = strconv.AppendInt(dst, int64(y), 10)
	dst = append(dst, `" width="`...)
	dst = strconv.AppendInt(dst, int64(w), 10)
	dst = append(dst, `" height="`...)
	dst = strconv.AppendInt(dst, int64(h), 10)
	return append(dst, '"')
}

// appendFill appends ` fill="#rrggbb"` and, for a translucent colour,
// its fill-opacity.
func appendFill(dst []byte, c color.NRGBA) []byte {
	dst = append(dst, ` fill="`...)
	dst = appendHex(dst, c)
	dst = append(dst, '"')
	return appendOpacity(dst, " fill-opacity", c.A)
}

func appendOpacity(dst []byte, attr string, a uint8) []byte {
	if a == 255 {
		return dst
	}
	dst = append(dst, attr...)
	dst = append(dst, `="`...)
	dst = appendNum(dst, math.Round(float64(a)/255*1000)/1000)
	return append(dst, '"')
}

const hexDigits = "0123456789abcdef"

func appendHex(dst []byte, c color.NRGBA) []byte {
	return append(dst, '#',
		hexDigits[c.R>>4], hexDigits[c.R&15],
		hexDigits[c.G>>4], hexDigits[c.G&15],
		hexDigits[c.B>>4], hexDigits[c.B&15])
}

// appendNum appends x in the shortest form that reads back the same.
func appendNum(dst []byte, x float64) []byte {
	if x == math.Trunc(x) && math.Abs(x) < 1e9 {
		return strconv.AppendInt(dst, int64(x), 10)
	}
	return strconv.AppendFloat(dst, x, 'f', -1, 64)
}

// appendEscaped appends s escaped for XML text and attribute values.
// Characters XML does not allow are replaced by U+FFFD.
func appendEscaped(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '&':
			dst = append(dst, "&amp;"...)
		case r == '<':
			dst = append(dst, "&lt;"...)
		case r == '>':
			dst = append(dst, "&gt;"...)
		case r == '"':
			dst = append(dst, "&#34;"...)
		case r == '\'':
			dst = append(dst, "&#39;"...)
		case r == '\t' || r == '\n' || r == '\r':
			dst = append(dst, "&#"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, ';')
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			dst = append(dst, "\uFFFD"...)
		default:
			dst = utf8.AppendRune(dst, r)
		}
	}
	return dst
}
