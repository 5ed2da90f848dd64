// Package diagramstub is a stand-in for package diagram while that package is
// written on another branch. It has the same names and the same contract
// (an <svg> with role="img", class "c960-board", a <title>; squares with
// data-square; pieces with data-piece and data-square) and draws the pieces
// as letters in circles. internal/server uses it in one file, board.go;
// swapping in package diagram changes that file's import.
package diagramstub

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// Diagram is what a picture shows.
type Diagram struct {
	board chess.Board
	title string
	check chess.Bitboard
}

// FromStartPos returns the diagram of start position sp.
func FromStartPos(sp chess960.StartPos) Diagram {
	p := chess.NewPosition(sp)
	return Diagram{board: p.Board(), title: "Chess960 position " + strconv.Itoa(sp.ID()) + ": " + sp.String() + ", White to move"}
}

// FromPosition returns the diagram of p.
func FromPosition(p chess.Position) Diagram {
	d := Diagram{board: p.Board(), title: "Chess position, " + sideTitle(p.Turn()) + " to move"}
	if p.InCheck() {
		d.check = p.KingSquare(p.Turn()).BB()
		d.title += ", in check"
	}
	return d
}

func sideTitle(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// FromBoard returns the diagram of a bare placement.
func FromBoard(b chess.Board) Diagram { return Diagram{board: b, title: "Chess diagram"} }

// Title returns the picture's title.
func (d *Diagram) Title() string { return d.title }

// Theme is a named set of colours.
type Theme uint8

// The themes.
const (
	Light Theme = iota
	Dark
)

// Arrow is an arrow between two squares.
type Arrow struct{ From, To chess.Square }

// Options say how to draw a Diagram.
type Options struct {
	Size                   int
	Flip, Coords           bool
	Theme                  Theme
	Highlight, LastMove    chess.Bitboard
	Check                  chess.Bitboard
	Arrows                 []Arrow
	Class, ID, Title, Desc string
	External               bool
}

const unit, margin = 100, 40

// AppendSVG appends the SVG picture of d to dst.
func (d *Diagram) AppendSVG(dst []byte, o *Options) []byte {
	if o == nil {
		o = &Options{}
	}
	light, dark := "#eee0c6", "#b38b67"
	if o.Theme == Dark {
		light, dark = "#9ba7b4", "#5b6979"
	}
	min, w := 0, 8*unit
	if o.Coords {
		min, w = -margin, 8*unit+2*margin
	}
	dst = append(dst, `<svg xmlns="http://www.w3.org/2000/svg" role="img" class="c960-board`...)
	if o.Class != "" {
		dst = append(dst, ' ')
		dst = appendEsc(dst, o.Class)
	}
	dst = append(dst, '"')
	if o.ID != "" {
		dst = append(dst, ` id="`...)
		dst = appendEsc(dst, o.ID)
		dst = append(dst, '"')
	}
	dst = append(dst, ` viewBox="`...)
	dst = strconv.AppendInt(dst, int64(min), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(min), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(w), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(w), 10)
	dst = append(dst, '"')
	if o.Size > 0 {
		dst = append(dst, ` width="`...)
		dst = strconv.AppendInt(dst, int64(o.Size), 10)
		dst = append(dst, `" height="`...)
		dst = strconv.AppendInt(dst, int64(o.Size), 10)
		dst = append(dst, '"')
	}
	dst = append(dst, `><title>`...)
	t := d.title
	if o.Title != "" {
		t = o.Title
	}
	dst = appendEsc(dst, t)
	dst = append(dst, `</title>`...)
	if o.Coords {
		dst = append(dst, `<rect x="-40" y="-40" width="880" height="880" fill="#f7f3eb"/>`...)
	}
	check := d.check | o.Check
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			sq := chess.SquareAt(col, 7-row)
			if o.Flip {
				sq = chess.SquareAt(7-col, row)
			}
			x, y := col*unit, row*unit
			fill := dark
			if (sq.File()+sq.Rank())%2 == 1 {
				fill = light
			}
			dst = appendRect(dst, x, y, fill, sq)
			for _, m := range []struct {
				bb   chess.Bitboard
				fill string
			}{{o.LastMove, "rgba(242,201,46,.5)"}, {o.Highlight, "rgba(60,141,232,.45)"}, {check, "rgba(224,27,27,.6)"}} {
				if m.bb.Has(sq) {
					dst = append(dst, `<rect x="`...)
					dst = strconv.AppendInt(dst, int64(x), 10)
					dst = append(dst, `" y="`...)
					dst = strconv.AppendInt(dst, int64(y), 10)
					dst = append(dst, `" width="100" height="100" fill="`...)
					dst = append(dst, m.fill...)
					dst = append(dst, `"/>`...)
				}
			}
		}
	}
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			sq := chess.SquareAt(col, 7-row)
			if o.Flip {
				sq = chess.SquareAt(7-col, row)
			}
			pc := d.board.PieceAt(sq)
			if pc.Role == chess.NoRole {
				continue
			}
			fill, ink := "#fcfaf5", "#24201c"
			c := byte('w')
			if pc.Color == chess.Black {
				fill, ink, c = "#2e2a27", "#f0ebe2", 'b'
			}
			dst = append(dst, `<g data-piece="`...)
			dst = append(dst, c, pc.Role.Letter())
			dst = append(dst, `" data-square="`...)
			dst = append(dst, sq.String()...)
			dst = append(dst, `" transform="translate(`...)
			dst = strconv.AppendInt(dst, int64(col*unit), 10)
			dst = append(dst, ' ')
			dst = strconv.AppendInt(dst, int64(row*unit), 10)
			dst = append(dst, `)"><circle cx="50" cy="50" r="38" fill="`...)
			dst = append(dst, fill...)
			dst = append(dst, `" stroke="#12100e" stroke-width="4"/><text x="50" y="66" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="46" fill="`...)
			dst = append(dst, ink...)
			dst = append(dst, `">`...)
			dst = append(dst, pc.Role.Letter())
			dst = append(dst, `</text></g>`...)
		}
	}
	if o.Coords {
		for i := 0; i < 8; i++ {
			f, r := byte('a'+i), byte('8'-i)
			if o.Flip {
				f, r = byte('h'-i), byte('1'+i)
			}
			dst = append(dst, `<text x="`...)
			dst = strconv.AppendInt(dst, int64(i*unit+50), 10)
			dst = append(dst, `" y="828" text-anchor="middle" font-family="sans-serif" font-size="24" fill="#5a4a3c">`...)
			dst = append(dst, f)
			dst = append(dst, `</text><text x="-20" y="`...)
			dst = strconv.AppendInt(dst, int64(i*unit+58), 10)
			dst = append(dst, `" text-anchor="middle" font-family="sans-serif" font-size="24" fill="#5a4a3c">`...)
			dst = append(dst, r)
			dst = append(dst, `</text>`...)
		}
	}
	for _, a := range o.Arrows {
		x1, y1 := centre(a.From, o.Flip)
		x2, y2 := centre(a.To, o.Flip)
		dst = append(dst, `<line stroke="rgba(31,138,76,.75)" stroke-width="16" stroke-linecap="round" x1="`...)
		dst = strconv.AppendInt(dst, int64(x1), 10)
		dst = append(dst, `" y1="`...)
		dst = strconv.AppendInt(dst, int64(y1), 10)
		dst = append(dst, `" x2="`...)
		dst = strconv.AppendInt(dst, int64(x2), 10)
		dst = append(dst, `" y2="`...)
		dst = strconv.AppendInt(dst, int64(y2), 10)
		dst = append(dst, `"/>`...)
	}
	return append(dst, `</svg>`...)
}

func centre(sq chess.Square, flip bool) (int, int) {
	col, row := sq.File(), 7-sq.Rank()
	if flip {
		col, row = 7-col, 7-row
	}
	return col*unit + 50, row*unit + 50
}

func appendRect(dst []byte, x, y int, fill string, sq chess.Square) []byte {
	dst = append(dst, `<rect x="`...)
	dst = strconv.AppendInt(dst, int64(x), 10)
	dst = append(dst, `" y="`...)
	dst = strconv.AppendInt(dst, int64(y), 10)
	dst = append(dst, `" width="100" height="100" fill="`...)
	dst = append(dst, fill...)
	dst = append(dst, `" data-square="`...)
	dst = append(dst, sq.String()...)
	return append(dst, `"/>`...)
}

func appendEsc(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '&':
			dst = append(dst, "&amp;"...)
		case '"':
			dst = append(dst, "&#34;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// AppendDefs appends the shared definitions a page holds once (none here).
func AppendDefs(dst []byte, o *Options) []byte { return dst }

// WritePNG draws d as PNG: squares, and pieces as discs.
func WritePNG(w io.Writer, d *Diagram, o *Options) error {
	size := o.Size
	if size <= 0 {
		size = 400
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	sq := float64(size) / 8
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			col, row := int(float64(x)/sq), int(float64(y)/sq)
			s := chess.SquareAt(col, 7-row)
			if o.Flip {
				s = chess.SquareAt(7-col, row)
			}
			c := color.NRGBA{0xb3, 0x8b, 0x67, 0xff}
			if (s.File()+s.Rank())%2 == 1 {
				c = color.NRGBA{0xee, 0xe0, 0xc6, 0xff}
			}
			pc := d.board.PieceAt(s)
			if pc.Role != chess.NoRole {
				cx, cy := (float64(col)+.5)*sq, (float64(row)+.5)*sq
				dx, dy := float64(x)-cx, float64(y)-cy
				if dx*dx+dy*dy < sq*sq*0.14 {
					c = color.NRGBA{0xfc, 0xfa, 0xf5, 0xff}
					if pc.Color == chess.Black {
						c = color.NRGBA{0x2e, 0x2a, 0x27, 0xff}
					}
				}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
