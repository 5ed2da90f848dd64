package raster_test

import (
	"bytes"
	"fmt"
	"image/png"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/raster"
)

func ExampleImage() {
	d := diagram.FromStartPos(chess960.Standard())
	img := raster.Image(&d, &diagram.Options{Size: 256, Coords: true})
	fmt.Println(img.Bounds())
	// Output:
	// (0,0)-(256,256)
}

func ExampleWritePNG() {
	d := diagram.FromStartPos(chess960.MustNew(0))
	var buf bytes.Buffer
	if err := raster.WritePNG(&buf, &d, &diagram.Options{Size: 400, Flip: true}); err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(&buf)
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy(), err)
	// Output:
	// 400 400 <nil>
}
