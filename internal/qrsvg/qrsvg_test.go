package qrsvg

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/testtool"
)

// raster draws the SVG's path (its "Mx yhNv1h-Nz" runs) at 6 pixels a
// module, as a printer would, into a PNG.
func raster(t *testing.T, svg string, path string) {
	t.Helper()
	vb := regexp.MustCompile(`viewBox="0 0 (\d+) (\d+)"`).FindStringSubmatch(svg)
	if vb == nil {
		t.Fatalf("no viewBox in %.200s", svg)
	}
	n, _ := strconv.Atoi(vb[1])
	const px = 6
	img := image.NewGray(image.Rect(0, 0, n*px, n*px))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	runs := regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(svg, -1)
	if len(runs) == 0 {
		t.Fatal("no modules in the path")
	}
	for _, r := range runs {
		x, _ := strconv.Atoi(r[1])
		y, _ := strconv.Atoi(r[2])
		w, _ := strconv.Atoi(r[3])
		for yy := y * px; yy < (y+1)*px; yy++ {
			for xx := x * px; xx < (x+w)*px; xx++ {
				img.SetGray(xx, yy, color.Gray{0})
			}
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestSVGReadsBack: zbarimg (an independent decoder) reads each code as
// drawn back to the text, for a player's link of the real length and for
// short and long texts.
func TestSVGReadsBack(t *testing.T) {
	zbar := testtool.Zbarimg(t)
	for _, text := range []string{
		"https://chess960.example/e/oslo-960-2026/p/17-Qm9wZXJ0eV9vZl90aGVfY2hlc3M5NjBfcGxheWVyX2xpbmtzXw",
		"http://127.0.0.1:8960/e/abc/p/1-" + strings.Repeat("x", 43),
		"A",
		strings.Repeat("0123456789", 30),
	} {
		svg, err := SVG(text, 30)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(svg), "<svg ") || !strings.Contains(string(svg), `width="30mm"`) {
			t.Errorf("the SVG starts %.120s", svg)
		}
		path := filepath.Join(t.TempDir(), "qr.png")
		raster(t, string(svg), path)
		out, err := exec.Command(zbar, "--raw", "-q", path).Output()
		if err != nil {
			t.Fatalf("zbarimg %q: %v", text, err)
		}
		if got := strings.TrimRight(string(out), "\n"); got != text {
			t.Errorf("zbarimg reads %q, want %q", got, text)
		}
	}
	if _, err := SVG(strings.Repeat("x", 5000), 30); err == nil {
		t.Error("a text past a QR code's capacity was drawn")
	}
}
