package main

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	diag "github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/internal/server"
)

// The gallery groups the 960 by the King's table: group g holds positions
// 16g..16g+15, which share the King's table entry (the queen, knights,
// rooks and king in order) and differ in the bishops, at Bishop's table
// offsets 0..15.
const galleryGroups = chess960.Count / 16

func init() {
	register(&command{
		name: "gallery", args: "[--format html|svg] [-o FILE]",
		summary: "draw all 960 start positions in one self-contained HTML or SVG file",
		detail: `The positions come in Scharnagl order, each with its number, back rank and Fritz9
number, in 60 groups of 16: one group per King's table entry (the six pieces other
than the bishops), the 16 boards of a group at the 16 Bishop's table offsets.
The HTML is the web app's gallery page (serve's /gallery) as one file: the same
filters (numbers such as 0-9,518, the king's file, the bishops' squares, the balance,
a rank pattern such as R?K??R??), kept in the address after # (gallery.html#ids=0-9),
and one group per page when printed on A4 or Letter. The file holds everything it
shows: no fonts, images or scripts from elsewhere.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			format := choiceFlag(fs, "format", "", []string{"html", "svg"}, nil, "the file's format (default: svg if FILE ends in .svg, else html)")
			out := fs.String("o", "", "write to `FILE` instead of stdout")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				f := format.v
				if f == "" {
					f = "html"
					if strings.EqualFold(filepath.Ext(*out), ".svg") {
						f = "svg"
					}
				}
				if f == "svg" {
					return writeOutput(e, *out, appendGallerySVG(nil))
				}
				var b bytes.Buffer
				if err := server.New(server.Config{}).WriteGallery(&b); err != nil {
					return err
				}
				return writeOutput(e, *out, b.Bytes())
			}
		},
	})
}

// The layout of the SVG gallery, in its own units.
const (
	gBoard  = 120 // a board's side
	gGapX   = 14  // between boards
	gLabelW = 170 // the column of group labels
	gHeadH  = 150 // the title and the column heads
	gRowH   = gBoard + 52
)

// appendGallerySVG appends the gallery as one SVG picture: a row per King's
// table entry, a column per Bishop's table offset.
func appendGallerySVG(b []byte) []byte {
	w := gLabelW + 16*(gBoard+gGapX)
	h := gHeadH + galleryGroups*gRowH + 20
	b = fmt.Appendf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="system-ui,Segoe UI,Roboto,sans-serif" role="img">`, w, h, w, h)
	b = append(b, `<title>The 960 Chess960 start positions</title><desc>In Scharnagl's order: one row per King's table entry (positions N to N+15), one column per Bishop's table offset; each board with its number, back rank and Fritz9 number.</desc>`...)
	b = fmt.Appendf(b, `<rect width="%d" height="%d" fill="#fbf8f3"/>`, w, h)
	b = diag.AppendDefs(b, nil)
	b = append(b, `<text x="20" y="50" font-size="34" font-weight="600" fill="#2b2420">The 960 Chess960 start positions</text>`...)
	b = append(b, `<text x="20" y="84" font-size="17" fill="#6d6258">Rows: King's table entries (queen, knights, rooks and king in order). Columns: Bishop's table offsets. Position = row + column. Under each board: Scharnagl number, back rank, Fritz9 number.</text>`...)
	offsets := chess960.BishopsTable()
	for off := range 16 {
		x := gLabelW + off*(gBoard+gGapX) + gBoard/2
		b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="17" text-anchor="middle" fill="#2b2420" font-weight="600">+%d</text>`, x, gHeadH-34, off)
		b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#6d6258" font-family="ui-monospace,Menlo,Consolas,monospace">%s</text>`, x, gHeadH-14, offsets[off])
	}
	kings := chess960.KingsTable()
	o := &diag.Options{External: true, Thumbnail: true, Size: gBoard}
	for g := range galleryGroups {
		k := kings[g]
		y := gHeadH + g*gRowH
		b = fmt.Appendf(b, `<g id="k%d"><text x="20" y="%d" font-size="22" font-weight="600" fill="#2b2420">%d</text>`, k.N, y+40, k.N)
		b = fmt.Appendf(b, `<text x="20" y="%d" font-size="19" fill="#2b2420" font-family="ui-monospace,Menlo,Consolas,monospace">%s</text>`, y+68, k.Entry)
		for off := range 16 {
			sp := chess960.MustNew(k.N + off)
			d := diag.FromStartPos(sp)
			x := gLabelW + off*(gBoard+gGapX)
			b = fmt.Appendf(b, `<g transform="translate(%d %d)" data-id="%d">`, x, y, sp.ID())
			b = d.AppendSVG(b, o)
			b = b[:len(b)-1]
			b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="15" text-anchor="middle" fill="#2b2420"><tspan font-weight="600">%d</tspan> <tspan font-family="ui-monospace,Menlo,Consolas,monospace">%s</tspan></text>`, gBoard/2, gBoard+19, sp.ID(), sp)
			b = fmt.Appendf(b, `<text x="%d" y="%d" font-size="13" text-anchor="middle" fill="#6d6258">Fritz9 %s</text></g>`, gBoard/2, gBoard+37, strconv.Itoa(sp.Fritz9()))
		}
		b = append(b, "</g>\n"...)
	}
	return append(b, "</svg>\n"...)
}
