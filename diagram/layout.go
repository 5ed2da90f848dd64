package diagram

import (
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram/internal/scene"
)

var zeroOptions Options

func init() {
	scene.Layout = func(s *scene.Scene, d, o any) { d.(*Diagram).layout(s, o.(*Options)) }
}

// layout lays out d with the options o (not nil) into s, which holds the
// zero Scene: the Scene both renderers draw.
func (d *Diagram) layout(s *scene.Scene, o *Options) {
	s.Width, s.Height = 8*scene.Unit, 8*scene.Unit
	if o.Coords {
		s.MinX, s.MinY = -scene.Margin, -scene.Margin
		s.Width += 2 * scene.Margin
		s.Height += 2 * scene.Margin
		s.Frame = true
	}
	s.Flip = o.Flip
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
			c.X, c.Y = col*scene.Unit, row*scene.Unit
			c.Light = (sq.File()+sq.Rank())&1 == 1
			c.Piece = b.PieceAt(sq)
			bb := sq.BB()
			if o.LastMove&bb != 0 {
				c.Marks |= scene.MarkLastMove
			}
			if o.Highlight&bb != 0 {
				c.Marks |= scene.MarkHighlight
			}
			if check&bb != 0 {
				c.Marks |= scene.MarkCheck
			}
		}
	}
	if o.Coords {
		const h = 100 * scene.LabelScale // a digit's height
		for i := range 8 {
			rank, file := byte('8'-i), byte('a'+i)
			if o.Flip {
				rank, file = byte('1'+i), byte('h'-i)
			}
			s.Labels[i] = scene.Label{Char: rank,
				X: -scene.Margin + (scene.Margin-scene.GlyphWidth(rank)*scene.LabelScale)/2,
				Y: float64(i*scene.Unit) + (scene.Unit-h)/2}
			s.Labels[8+i] = scene.Label{Char: file,
				X: float64(i*scene.Unit) + (scene.Unit-scene.GlyphWidth(file)*scene.LabelScale)/2,
				Y: 8*scene.Unit + 5}
		}
		s.NLabels = 16
	}
}
