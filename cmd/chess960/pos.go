package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "pos", args: "N|W:B [--fritz9] [--json]",
		summary: "show the start position with Scharnagl number N (0..959; 960 is taken as 0), or the DFRC start W:B",
		detail: `Prints the back rank on the first line, then both numbers, the FEN in X-FEN and
Shredder-FEN castling style, the mirror image and a diagram. N may also be written
SP-N, or "-" to read it from stdin.

W:B is a Double Fischer Random start: White's back rank is start position W and
Black's is start position B, drawn independently (502:532, as TCEC names them). It
prints both ranks, the single index W x 960 + B (the line order of Stockfish's
DFRC_openings.epd), both FENs and the mirror B:W.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fritz := boolFlag(fs, "fritz9", "N is a Fritz9 number (1..960)")
			asJSON := boolFlag(fs, "json", "print one JSON object")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 1, 1, "position number N"); err != nil {
					return err
				}
				s, err := readInput(e, args[0], "position number")
				if err != nil {
					return err
				}
				if t := strings.TrimSpace(s); strings.Contains(t, ":") && !strings.Contains(t, "/") {
					if *fritz {
						return usagef("--fritz9 goes with a position number, not a DFRC start")
					}
					d, err := chess960.ParseDFRC(t)
					if err != nil {
						return err
					}
					if *asJSON {
						return writeJSON(e.stdout, api.NewDFRCStart(d))
					}
					writeDFRCText(e.stdout, d)
					return nil
				}
				if t := strings.TrimSpace(s); !chess960.NumberLike(t) && (api.RankLike(t) || strings.Contains(t, "/")) {
					what := "a back rank"
					if strings.Contains(t, "/") {
						what = "a FEN"
					}
					return fmt.Errorf("%s is %s, and pos reads a number (run 'chess960 id' to find its number)", quoteArg(s), what)
				}
				var p chess960.StartPos
				if *fritz {
					p, err = chess960.ParseFritz9(s)
				} else {
					p, err = chess960.ParseID(s)
					if err == nil {
						note960(e, s)
					}
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, api.NewStartPosition(p))
				}
				writePosText(e.stdout, p)
				return nil
			}
		},
	})
}

// diagram draws the start position as text, White at the bottom.
func diagram(p chess960.StartPos) string { return diagramOf(p, p) }

// diagramOf draws White's back rank w and Black's b as text.
func diagramOf(w, bl chess960.StartPos) string {
	r := w.String()
	var b strings.Builder
	row := func(n int, s string) {
		fmt.Fprintf(&b, "  %d %s\n", n, strings.Join(strings.Split(s, ""), " "))
	}
	row(8, strings.ToLower(bl.String()))
	row(7, "pppppppp")
	for n := 6; n >= 3; n-- {
		row(n, "........")
	}
	row(2, "PPPPPPPP")
	row(1, r)
	b.WriteString("    a b c d e f g h\n")
	return b.String()
}

func writePosText(w io.Writer, p chess960.StartPos) {
	m := p.Mirror()
	fmt.Fprintln(w, p)
	fmt.Fprintf(w, "Scharnagl:  %d\n", p.ID())
	fmt.Fprintf(w, "Fritz9:     %d\n", p.Fritz9())
	fmt.Fprintf(w, "X-FEN:      %s\n", p.FEN())
	fmt.Fprintf(w, "Shredder:   %s\n", chess.NewPosition(p).FEN(chess.Chess960))
	fmt.Fprintf(w, "Mirror:     %d %s\n", m.ID(), m)
	fmt.Fprintf(w, "Tables:     King's table %d %s + Bishop's table %d; NQ-skeleton %s\n",
		p.ID()-p.BishopCode(), p.KingsTableEntry(), p.BishopCode(), p.Skeleton())
	fmt.Fprintln(w)
	fmt.Fprint(w, diagram(p))
}

func writeDFRCText(w io.Writer, d chess960.DFRC) {
	fmt.Fprintf(w, "DFRC %s\n", d)
	fmt.Fprintf(w, "Index:      %d (W x 960 + B; B x 960 + W is %d)\n", d.Index(), d.BlackFirstIndex())
	fmt.Fprintf(w, "White:      %d %s (Fritz9 %d)\n", d.White.ID(), d.White, d.White.Fritz9())
	fmt.Fprintf(w, "Black:      %d %s (Fritz9 %d)\n", d.Black.ID(), d.Black, d.Black.Fritz9())
	fmt.Fprintf(w, "X-FEN:      %s\n", d.FEN())
	fmt.Fprintf(w, "Shredder:   %s\n", d.ShredderFEN())
	fmt.Fprintf(w, "Mirror:     %s\n", d.Mirror())
	if d.IsChess960() {
		fmt.Fprintf(w, "Chess960:   Black mirrors White: start position %d\n", d.White.ID())
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, diagramOf(d.White, d.Black))
}
