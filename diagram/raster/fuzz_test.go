package raster

import (
	"image"
	"math"
	"strconv"
	"strings"
	"testing"
)

// formatPath writes a path back as absolute SVG path data.
func formatPath(p path) string {
	var b strings.Builder
	num := func(x float64) { b.WriteString(strconv.FormatFloat(x, 'g', -1, 64)); b.WriteByte(' ') }
	for _, s := range p {
		switch s.op {
		case opMove:
			b.WriteString("M")
			num(s.p[0].x)
			num(s.p[0].y)
		case opLine:
			b.WriteString("L")
			num(s.p[0].x)
			num(s.p[0].y)
		case opQuad:
			b.WriteString("Q")
			for _, q := range s.p[:2] {
				num(q.x)
				num(q.y)
			}
		case opCube:
			b.WriteString("C")
			for _, q := range s.p {
				num(q.x)
				num(q.y)
			}
		case opClose:
			b.WriteString("Z ")
		}
	}
	return b.String()
}

// FuzzParsePath: no panic; a path written back reads the same; and a
// path of sane size draws without trouble.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{
		"M10 10 L20 20 Z", "M0 0 h10 v10 h-10 z", "M10 10 C20 20 30 30 40 40 S50 50 60 60",
		"M0 0 Q10 10 20 0 T40 0", "M50 5.5 A4.5 4.5 0 1 1 50 14.5 A4.5 4.5 0 1 1 50 5.5 Z",
		"m1,2l3-4", "M1e2 2e-1", "M", "L1 2", "M1 2 Z 3", "M0 0 a10 20 30 1 0 5 5", "M.5.5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, d string) {
		p, err := parsePath(d)
		if err != nil {
			return
		}
		again, err := parsePath(formatPath(p))
		if err != nil || len(again) != len(p) {
			t.Fatalf("%q -> %q: %v", d, formatPath(p), err)
		}
		for i := range p {
			if again[i] != p[i] {
				t.Fatalf("%q: segment %d %v, again %v", d, i, p[i], again[i])
			}
		}
		for _, s := range p {
			for _, q := range s.p {
				if math.Abs(q.x) > 1e4 || math.Abs(q.y) > 1e4 {
					return
				}
			}
		}
		r := renderer{img: image.NewRGBA(image.Rect(0, 0, 40, 40))}
		pls := flatten(nil, p, transform{sx: 0.4, sy: 0.4})
		r.paint(r.img, pls, 0, lightSquareForTest)
		r.paint(r.img, pls, 1.2, lightSquareForTest)
	})
}
