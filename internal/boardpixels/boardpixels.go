// Package boardpixels checks pictures of a chess board square by square:
// at a point of each square that every piece covers (ProbeX, ProbeY), the
// picture must show a white piece, a black piece, a light square or a dark
// square, as the board says. The tests of diagram/raster (our PNGs) and the
// browser tests of the e2e module (Chromium's pictures of our SVGs) share
// it. Only tests import it.
package boardpixels

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/chess960/chess960/chess"
)

// The colours of the Light theme, written out here rather than read from
// package diagram, so that a change of palette shows up in the tests.
var (
	LightSquare = color.NRGBA{0xee, 0xe0, 0xc6, 0xff}
	DarkSquare  = color.NRGBA{0xb3, 0x8b, 0x67, 0xff}
	WhiteFill   = color.NRGBA{0xfc, 0xfa, 0xf5, 0xff}
	BlackFill   = color.NRGBA{0x2e, 0x2a, 0x27, 0xff}
)

// ProbeX, ProbeY is the probe point of a square, in the units of the
// diagram's piece box (100 a square, from its top left corner): a point
// inside the body of every piece of the diagrams' piece set, on which a
// piece's fill colour shows. Written out here, as the colours are, so that
// a change of the pieces' shapes shows up in the tests.
const ProbeX, ProbeY = 50, 70

// FENs are positions worth checking: the start, a middle game, a bare
// ending, and an asymmetric one, so that a flip shows.
var FENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"8/8/8/4k3/8/8/8/4K3 b - - 0 60",
	"nqrk4/8/8/8/8/8/8/4KRBB w - - 0 1",
}

// probePoint returns the pixel of square sq's probe point in a picture of
// size px: the board is 800 units wide, plus a frame of 40 on each side
// with coordinates; unflipped the a-file is on the left and rank 8 at the
// top, flipped the h-file is on the left and rank 1 at the top.
func probePoint(sq chess.Square, px int, flip, coords bool) image.Point {
	width, margin := 800.0, 0.0
	if coords {
		width, margin = 880, 40
	}
	col, row := sq.File(), 7-sq.Rank()
	if flip {
		col, row = 7-sq.File(), sq.Rank()
	}
	k := float64(px) / width
	return image.Pt(int((margin+float64(col*100)+ProbeX)*k), int((margin+float64(row*100)+ProbeY)*k))
}

// Average returns the mean colour of the 3x3 pixels around p, or of p
// alone in a picture narrower than 320 pixels.
func Average(img image.Image, p image.Point) color.NRGBA {
	var r, g, b, n int
	w := 1
	if img.Bounds().Dx() < 320 {
		w = 0
	}
	for dy := -w; dy <= w; dy++ {
		for dx := -w; dx <= w; dx++ {
			c := color.NRGBAModel.Convert(img.At(p.X+dx, p.Y+dy)).(color.NRGBA)
			r, g, b, n = r+int(c.R), g+int(c.G), b+int(c.B), n+1
		}
	}
	return color.NRGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255}
}

// Distance is the Euclidean distance of two colours in RGB.
func Distance(a, b color.NRGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// classify names the colour c: a white piece, a black piece, a light or a
// dark square, or "?" when it is near none of them.
func classify(c color.NRGBA) string {
	names := []string{"white piece", "black piece", "light square", "dark square"}
	best, bestD := "?", 30.0
	for i, ref := range []color.NRGBA{WhiteFill, BlackFill, LightSquare, DarkSquare} {
		if d := Distance(c, ref); d < bestD {
			best, bestD = names[i], d
		}
	}
	return best
}

// expected says what the probe point of sq must show for board b.
func expected(b *chess.Board, sq chess.Square) string {
	switch pc := b.PieceAt(sq); {
	case pc.Role != chess.NoRole && pc.Color == chess.White:
		return "white piece"
	case pc.Role != chess.NoRole:
		return "black piece"
	case (sq.File()+sq.Rank())%2 == 0: // a1 is dark
		return "dark square"
	}
	return "light square"
}

// Check checks every square of a picture of board b, px pixels square,
// flipped and with coordinates or not: the right colour of piece on the
// right square, or the right colour of square. It reports each wrong
// square (what names the picture) and stops after six.
func Check(t testing.TB, what string, img image.Image, b *chess.Board, px int, flip, coords bool) {
	t.Helper()
	if got := img.Bounds().Size(); got != image.Pt(px, px) {
		t.Fatalf("%s: picture is %v, want %dx%d", what, got, px, px)
	}
	bad := 0
	for sq := chess.A1; sq <= chess.H8; sq++ {
		c := Average(img, probePoint(sq, px, flip, coords))
		if got, want := classify(c), expected(b, sq); got != want {
			t.Errorf("%s: %s shows %s (%v), want %s", what, sq, got, c, want)
			if bad++; bad > 5 {
				t.FailNow()
			}
		}
	}
}
