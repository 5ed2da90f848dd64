package raster_test

import (
	"io"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/raster"
)

// BenchmarkPNG400 draws the standard start position at 400 px and encodes
// it as PNG.
func BenchmarkPNG400(b *testing.B) {
	d := diagram.FromStartPos(chess960.Standard())
	o := &diagram.Options{Size: 400}
	for b.Loop() {
		if err := raster.WritePNG(io.Discard, &d, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNG400Cold is BenchmarkPNG400 with the pieces drawn afresh each
// time, as for the first picture of a size.
func BenchmarkPNG400Cold(b *testing.B) {
	d := diagram.FromStartPos(chess960.Standard())
	o := &diagram.Options{Size: 400}
	for b.Loop() {
		raster.ResetSpriteCache()
		if err := raster.WritePNG(io.Discard, &d, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkImage400 draws it, with coordinates, without encoding.
func BenchmarkImage400(b *testing.B) {
	d := diagram.FromStartPos(chess960.Standard())
	o := &diagram.Options{Size: 400, Coords: true}
	for b.Loop() {
		raster.Image(&d, o)
	}
}
