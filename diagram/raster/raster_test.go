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
	"github.com/chess960/chess960/diagram/raster"
	"github.com/chess960/chess960/internal/boardpixels"
)

// The pixel checks are shared with the browser tests of the e2e module.
var (
	lightSquare = boardpixels.LightSquare
	darkSquare  = boardpixels.DarkSquare
	average     = boardpixels.Average
	distance    = boardpixels.Distance
	checkPixels = boardpixels.Check
	pixelFENs   = boardpixels.FENs
)

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
