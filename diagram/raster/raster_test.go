package raster_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/internal/scene"
	"github.com/chess960/chess960/diagram/raster"
)

// The colours of the Light theme, written out here rather than read from
// the package, so that a change of palette shows up in the tests.
var (
	lightSquare = color.NRGBA{0xee, 0xe0, 0xc6, 0xff}
	darkSquare  = color.NRGBA{0xb3, 0x8b, 0x67, 0xff}
	whiteFill   = color.NRGBA{0xfc, 0xfa, 0xf5, 0xff}
	blackFill   = color.NRGBA{0x2e, 0x2a, 0x27, 0xff}
)

// probePoint returns the pixel of square sq's probe point (the point of
// the piece box that lies inside every piece, scene.ProbeX/ProbeY) in a
// picture of size px: the board is 800 units wide, plus a frame of 40 on
// each side with coordinates; unflipped the a-file is on the left and rank
// 8 at the top, flipped the h-file is on the left and rank 1 at the top.
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
	return image.Pt(int((margin+float64(col*100)+scene.ProbeX)*k), int((margin+float64(row*100)+scene.ProbeY)*k))
}

// average returns the mean colour of the 3x3 pixels around p, or of p
// alone in a small picture.
func average(img image.Image, p image.Point) color.NRGBA {
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

func distance(a, b color.NRGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// classify names the colour c: a white piece, a black piece, a light or a
// dark square, or "?" when it is near none of them.
func classify(c color.NRGBA) string {
	names := []string{"white piece", "black piece", "light square", "dark square"}
	best, bestD := "?", 30.0
	for i, ref := range []color.NRGBA{whiteFill, blackFill, lightSquare, darkSquare} {
		if d := distance(c, ref); d < bestD {
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

// checkPixels checks every square of a picture of board b: the right
// colour of piece on the right square, or the right colour of square.
func checkPixels(t *testing.T, what string, img image.Image, b *chess.Board, px int, flip, coords bool) {
	t.Helper()
	if got := img.Bounds().Size(); got != image.Pt(px, px) {
		t.Fatalf("%s: picture is %v, want %dx%d", what, got, px, px)
	}
	bad := 0
	for sq := chess.A1; sq <= chess.H8; sq++ {
		c := average(img, probePoint(sq, px, flip, coords))
		if got, want := classify(c), expected(b, sq); got != want {
			t.Errorf("%s: %s shows %s (%v), want %s", what, sq, got, c, want)
			if bad++; bad > 5 {
				t.FailNow()
			}
		}
	}
}

var pixelFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"8/8/8/4k3/8/8/8/4K3 b - - 0 60",
	"nqrk4/8/8/8/8/8/8/4KRBB w - - 0 1", // asymmetric, so a flip shows
}

// TestPNGPixels decodes our PNGs with image/png and checks each square.
func TestPNGPixels(t *testing.T) {
	for _, fen := range pixelFENs {
		p := chess.MustParseFEN(fen)
		b := p.Board()
		d := diagram.FromPosition(p)
		for _, tc := range []struct {
			px           int
			flip, coords bool
		}{{400, false, false}, {400, true, false}, {440, false, true}, {333, true, true}, {800, false, false}} {
			var buf bytes.Buffer
			o := &diagram.Options{Size: tc.px, Flip: tc.flip, Coords: tc.coords}
			if err := raster.WritePNG(&buf, &d, o); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("image/png cannot read our PNG: %v", err)
			}
			checkPixels(t, fmt.Sprintf("%s at %d flip=%v coords=%v", fen, tc.px, tc.flip, tc.coords), img, &b, tc.px, tc.flip, tc.coords)
		}
	}
}

// TestPNGAll960 checks the probe points of every start position, small.
func TestPNGAll960(t *testing.T) {
	for n := range chess960.Count {
		sp := chess960.MustNew(n)
		d := diagram.FromStartPos(sp)
		b := d.Board()
		checkPixels(t, fmt.Sprint("position ", n), raster.Image(&d, &diagram.Options{Size: 200, Flip: n%2 == 1}), &b, 200, n%2 == 1, false)
	}
}

// TestMarksPixels: the tints, the check marker and the arrows show where
// they should, and nowhere else.
func TestMarksPixels(t *testing.T) {
	p := chess.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") // White is mated, king e1
	d := diagram.FromPosition(p)
	o := &diagram.Options{Size: 400, Highlight: chess.A3.BB(), LastMove: chess.D8.BB() | chess.H4.BB(),
		Arrows: []diagram.Arrow{{From: chess.A6, To: chess.H6}}}
	img := raster.Image(&d, o)
	at := func(sq chess.Square, dx, dy int) color.NRGBA {
		col, row := sq.File(), 7-sq.Rank()
		return average(img, image.Pt(col*50+25+dx, row*50+25+dy))
	}
	near := func(what string, got, want color.NRGBA) {
		t.Helper()
		if d := distance(got, want); d > 12 {
			t.Errorf("%s: %v, want about %v", what, got, want)
		}
	}
	// a3 is dark, tinted with the highlight blue at 0x73/255.
	near("highlight on a3", at(chess.A3, 0, 0), mix(darkSquare, color.NRGBA{0x3c, 0x8d, 0xe8, 0xff}, 0x73/255.0))
	// d8, where the queen came from, is dark and empty now.
	near("last move on d8", at(chess.D8, 0, 0), mix(darkSquare, color.NRGBA{0xf2, 0xc9, 0x2e, 0xff}, 0x80/255.0))
	near("untouched c3", at(chess.C3, 0, 0), darkSquare)
	// The check marker is red at e1's corners, outside the king.
	if c := at(chess.E1, -20, -20); int(c.R) < int(c.G)+40 {
		t.Errorf("no red check marker on e1: %v", c)
	}
	if c := at(chess.E2, -20, -20); int(c.R) > int(c.G)+40 {
		t.Errorf("red on e2: %v", c)
	}
	// The arrow crosses the empty sixth rank; the fifth stays clear.
	arrow := color.NRGBA{0x1f, 0x8a, 0x4c, 0xff}
	for _, sq := range []chess.Square{chess.B6, chess.D6, chess.F6} {
		near("arrow over "+sq.String(), at(sq, 0, 0), mix(map[bool]color.NRGBA{true: lightSquare, false: darkSquare}[(sq.File()+sq.Rank())%2 == 1], arrow, 0xc0/255.0))
	}
	near("no arrow on d5", at(chess.D5, 0, 0), lightSquare)
}

func mix(under, over color.NRGBA, a float64) color.NRGBA {
	f := func(u, o uint8) uint8 { return uint8(math.Round(float64(o)*a + float64(u)*(1-a))) }
	return color.NRGBA{f(under.R, over.R), f(under.G, over.G), f(under.B, over.B), 255}
}

func TestImageSizes(t *testing.T) {
	d := diagram.FromStartPos(chess960.Standard())
	for _, tc := range []struct{ size, want int }{{0, 400}, {-5, 400}, {16, 16}, {97, 97}, {5000, raster.MaxSize}} {
		if got := raster.Image(&d, &diagram.Options{Size: tc.size}).Bounds().Dx(); got != tc.want {
			t.Errorf("Size %d: picture %d wide, want %d", tc.size, got, tc.want)
		}
	}
	if got := raster.Image(&d, nil).Bounds().Dx(); got != raster.DefaultSize {
		t.Errorf("nil options: %d wide", got)
	}
	// Squares fall on whole pixels: at 404 px (not a multiple of 8) every
	// pixel is a square's colour or a piece's, with no seam between empty
	// squares on rank 4.
	img := raster.Image(&d, &diagram.Options{Size: 404})
	for x := range 404 {
		c := color.NRGBAModel.Convert(img.At(x, 404*4/8+25)).(color.NRGBA)
		if c != lightSquare && c != darkSquare {
			t.Fatalf("pixel %d of rank 4 is %v, not a square colour", x, c)
		}
	}
}

// TestConcurrent draws from many goroutines at several sizes at once (run
// with -race): the pictures are the same as drawn alone.
func TestConcurrent(t *testing.T) {
	d := diagram.FromStartPos(chess960.MustNew(100))
	want := map[int][]byte{}
	for _, px := range []int{64, 100, 160} {
		var b bytes.Buffer
		raster.WritePNG(&b, &d, &diagram.Options{Size: px})
		want[px] = b.Bytes()
	}
	done := make(chan bool)
	for g := range 6 {
		go func() {
			defer func() { done <- true }()
			for i := range 20 {
				raster.ResetSpriteCache()
				px := []int{64, 100, 160}[(g+i)%3]
				var b bytes.Buffer
				if err := raster.WritePNG(&b, &d, &diagram.Options{Size: px}); err != nil || !bytes.Equal(b.Bytes(), want[px]) {
					t.Errorf("goroutine %d: the %d px picture differs", g, px)
					return
				}
			}
		}()
	}
	for range 6 {
		<-done
	}
}
