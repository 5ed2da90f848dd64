package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	diag "github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/diagram/raster"
)

// The sizes svg draws, in pixels.
const minSize, maxSize = 16, raster.MaxSize

// stdoutIsTerminal reports whether the process's stdout is a terminal,
// where PNG bytes would make a mess. Tests replace it.
var stdoutIsTerminal = func() bool {
	fi, err := os.Stdout.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}

// writeOutput writes data to the file out, or to stdout when out is "".
func writeOutput(e *env, out string, data []byte) error {
	if out == "" {
		_, err := e.stdout.Write(data)
		return err
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("-o %s: %v", quoteArg(out), err)
	}
	return nil
}

func init() {
	register(&command{
		name: "svg", args: "N|RANK|FEN [--flip] [--size PX] [--coords] [--highlight SQUARES] [--arrow MOVES] [--last-move UCI] [--theme light|dark] [--format svg|png] [-o FILE]",
		summary: "draw a position as an SVG or PNG picture",
		detail: `The position is a start-position number (518), a back rank (RNBQKBNR), "startpos",
a FEN (quoted) or "-" (a line of stdin). The picture goes to stdout, or to FILE with -o;
the format is --format, else png when FILE ends in .png, else svg. PNG is not written
to a terminal. --highlight takes squares (e1,h1). --arrow takes moves in UCI (e2e4,g1f3):
a legal move is drawn as played, so castling written as the king taking its rook (e1h1)
or as the king's move (e1g1) shows the king's path; other square pairs are drawn as
written, and d4d4 rings d4. --last-move marks the move that led to the position shown
(e2e4; castling as e1h1 or e1g1 marks the king's path): its piece must stand where it
went, and the square it left must be empty. A king in check gets a red marker.
The SVG's squares carry data-square="e1" and its pieces data-piece="wK" and
data-square, for pages and scripts.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			flip := boolFlag(fs, "flip", "Black at the bottom")
			size := numberFlag(fs, "size", 400, minSize, maxSize, fmt.Sprintf("width and height in pixels (%d..%d)", minSize, maxSize))
			coords := boolFlag(fs, "coords", "show the file letters and rank numbers")
			highlight := fs.String("highlight", "", "`SQUARES` to highlight, e.g. e1,h1")
			arrows := fs.String("arrow", "", "arrows, as `MOVES` in UCI, e.g. e1g1,d2d4")
			last := fs.String("last-move", "", "the move that led to the position, in `UCI`, e.g. e2e4")
			theme := choiceFlag(fs, "theme", "light", []string{"light", "dark"}, nil, "colours")
			format := choiceFlag(fs, "format", "", []string{"svg", "png"}, nil, "the picture's format (default: png if FILE ends in .png, else svg)")
			out := fs.String("o", "", "write the picture to `FILE` instead of stdout")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position (FEN, startpos, number or back rank)"); err != nil {
					return err
				}
				f := format.v
				if f == "" {
					f = "svg"
					if strings.EqualFold(filepath.Ext(*out), ".png") {
						f = "png"
					}
				}
				if f == "png" && *out == "" && stdoutIsTerminal() {
					return usagef("refusing to write PNG to a terminal: use -o FILE or redirect stdout (> board.png)")
				}
				o := &diag.Options{Size: int(size.n), Flip: *flip, Coords: *coords}
				o.Theme, _ = diag.ParseTheme(theme.v)
				var err error
				if o.Highlight, err = diag.ParseSquares(*highlight); err != nil {
					return flagError("highlight", err)
				}
				p, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				if *last != "" {
					if o.LastMove, err = diag.ParseLastMove(*last, &p); err != nil {
						return flagError("last-move", err)
					}
				}
				if o.Arrows, err = diag.ParseArrows(*arrows, &p); err != nil {
					return flagError("arrow", err)
				}
				d := diag.FromPosition(p)
				var data []byte
				if f == "png" {
					var buf bytes.Buffer
					if err := raster.WritePNG(&buf, &d, o); err != nil {
						return err
					}
					data = buf.Bytes()
				} else {
					data = d.AppendSVG(nil, o)
				}
				return writeOutput(e, *out, data)
			}
		},
	})
}

// flagError words an option parser's error for the flag it came from:
// `--highlight "e9": "e9" is not a square (want a1..h8)`.
func flagError(name string, err error) error {
	if de, ok := err.(*diag.Error); ok {
		return fmt.Errorf("--%s %s: %s", name, quoteArg(de.Input), de.Detail)
	}
	return fmt.Errorf("--%s: %v", name, err)
}
