// Package raster_test compares, in headless Chromium, the pictures of the
// diagrams' SVG with the PNGs of package diagram/raster.
package raster_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/raster"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/boardpixels"
)

var browserShots = os.Getenv("DIAGRAM_SHOTS") // a directory to keep the screenshots in

// TestBrowser draws SVGs in headless Chromium and checks the screenshots'
// pixels: the right colour of piece on each square, the board flipped
// when asked, and the same picture as our own PNG of the same diagram.
func TestBrowser(t *testing.T) {
	bctx := browser.Start(t, 1000, 1000, chromedp.Flag("force-device-scale-factor", "1"))

	pages := map[string][]byte{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(pages[r.URL.Path])
	}))
	defer srv.Close()

	for i, tc := range []struct {
		fen          string
		px           int
		flip, coords bool
	}{
		{boardpixels.FENs[0], 400, false, false},
		{boardpixels.FENs[1], 400, true, false},
		{boardpixels.FENs[3], 400, false, false},
		{boardpixels.FENs[3], 400, true, false},
		{boardpixels.FENs[1], 440, false, true},
		{boardpixels.FENs[3], 256, true, true},
	} {
		p := chess.MustParseFEN(tc.fen)
		b := p.Board()
		d := diagram.FromPosition(p)
		o := &diagram.Options{Size: tc.px, Flip: tc.flip, Coords: tc.coords}
		page := fmt.Appendf(nil, "<!doctype html><html><body style='margin:0;background:#f0f'>%s</body></html>", d.AppendSVG(nil, o))
		path := fmt.Sprintf("/board%d", i)
		pages[path] = page
		browser.Do(t, bctx, chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("svg")))
		shot := browser.Get(t, bctx, chromedp.Screenshot(chromedp.CSS("svg")))
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		what := fmt.Sprintf("chromium %s at %d flip=%v coords=%v", tc.fen, tc.px, tc.flip, tc.coords)
		if browserShots != "" {
			os.WriteFile(filepath.Join(browserShots, fmt.Sprintf("browser%d.png", i)), shot, 0o644)
		}
		boardpixels.Check(t, what, img, &b, tc.px, tc.flip, tc.coords)

		// Chromium's picture of the SVG and ours of the same diagram agree:
		// they differ only along the antialiased edges.
		ours := raster.Image(&d, o)
		mean, far := compare(img, ours)
		if mean > 2.5 || far > 0.01 {
			t.Errorf("%s: our PNG differs from Chromium's picture of the SVG: mean difference %.2f/255, %.2f%% of pixels off by more than 64", what, mean, 100*far)
		}
	}
}

// compare returns the mean absolute difference of two pictures per
// channel (0..255) and the share of pixels where a channel differs by
// more than 64.
func compare(a, b image.Image) (mean, far float64) {
	r := a.Bounds().Intersect(b.Bounds())
	var sum float64
	var n, bad int
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			worst := 0
			for _, d := range []int{int(ca.R) - int(cb.R), int(ca.G) - int(cb.G), int(ca.B) - int(cb.B)} {
				d = max(d, -d)
				sum += float64(d)
				worst = max(worst, d)
			}
			if worst > 64 {
				bad++
			}
			n++
		}
	}
	return sum / float64(3*n), float64(bad) / float64(n)
}
