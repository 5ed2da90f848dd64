package raster

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestEncodePNG checks the encoder against image/png's decoder: every
// pixel must come back, for flat, striped, noisy and translucent pictures
// of odd sizes.
func TestEncodePNG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		w, h   int
		opaque bool
		fill   func(x, y int) [4]byte
	}{
		{"flat", 37, 5, true, func(x, y int) [4]byte { return [4]byte{10, 20, 30, 255} }},
		{"1x1", 1, 1, true, func(x, y int) [4]byte { return [4]byte{1, 2, 3, 255} }},
		{"stripes", 300, 41, true, func(x, y int) [4]byte { return [4]byte{byte(x / 7), byte(y), 5, 255} }},
		{"noise", 129, 77, true, func(x, y int) [4]byte {
			return [4]byte{byte(rng.Uint32()), byte(rng.Uint32()), byte(rng.Uint32()), 255}
		}},
		{"translucent", 64, 64, false, func(x, y int) [4]byte {
			a := byte(x * 4)
			return [4]byte{a / 2, a / 3, 0, a} // premultiplied: colour <= alpha
		}},
		{"long runs", 5000, 3, true, func(x, y int) [4]byte { return [4]byte{byte(x / 1000), 0, 0, 255} }},
	} {
		img := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
		for y := range tc.h {
			for x := range tc.w {
				c := tc.fill(x, y)
				copy(img.Pix[img.PixOffset(x, y):], c[:])
			}
		}
		var buf bytes.Buffer
		if err := encodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("%s: image/png cannot read our PNG: %v", tc.name, err)
		}
		if got.Bounds() != img.Bounds() {
			t.Fatalf("%s: bounds %v, want %v", tc.name, got.Bounds(), img.Bounds())
		}
		for y := range tc.h {
			for x := range tc.w {
				// PNG holds colours apart from alpha (NRGBA), as image/png
				// writes them too.
				if color.NRGBAModel.Convert(got.At(x, y)) != color.NRGBAModel.Convert(img.At(x, y)) {
					t.Fatalf("%s: pixel %d,%d = %v, want %v", tc.name, x, y, got.At(x, y), img.At(x, y))
				}
			}
		}
	}
}

func BenchmarkEncodePNG400(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 400, 400))
	for i := range img.Pix {
		img.Pix[i] = byte(i / 4000)
	}
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 255
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		encodePNG(&buf, img)
	}
}

var lightSquareForTest = color.NRGBA{0xee, 0xe0, 0xc6, 0xff}
