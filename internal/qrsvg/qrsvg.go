// Package qrsvg draws a QR code as inline SVG, for the printed sheets
// (the players' links): the code's modules come from
// github.com/skip2/go-qrcode (its Reed-Solomon coding and masking are what
// a hand-written encoder would have to get right; it is small, MIT
// licensed and has no dependencies), and the SVG is one path, crisp at
// any size and printed without an image fetched.
package qrsvg

import (
	"fmt"
	"html/template"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// SVG returns the QR code of text (error correction level M, which reads
// through a 15% blot, a fold or a thumb) as an SVG of size mm millimetres
// square, with its quiet zone, black modules on white.
func SVG(text string, mm float64) (template.HTML, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("qrsvg: %v", err)
	}
	bits := q.Bitmap() // with the quiet zone of 4 modules
	n := len(bits)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%gmm" height="%gmm" shape-rendering="crispEdges" role="img" aria-label="QR code"><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n, mm, mm, n, n)
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return template.HTML(b.String()), nil
}
