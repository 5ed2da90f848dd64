package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "explain", args: "N|RANK|FEN|W:B [--fritz9] [--json]",
		summary: "derive a start position from its number step by step",
		detail: `The argument is a Scharnagl number (or with --fritz9 a Fritz9 number), a back rank
or a start position's FEN; "-" reads it from stdin.

W:B is a Double Fischer Random start (502:532), and so is the FEN of a start whose
ranks differ: explain gives its index W x 960 + B, its mirror B:W, whether it is a
Chess960 start (W = B), both FENs, and the derivation of each side's rank from its
number.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fritz := boolFlag(fs, "fritz9", "N is a Fritz9 number (1..960)")
			asJSON := boolFlag(fs, "json", "print the derivation as JSON")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position number, back rank or FEN"); err != nil {
					return err
				}
				s, err := readInput(e, args[0], "position number, back rank or FEN")
				if err != nil {
					return err
				}
				in := s
				s = strings.TrimSpace(s)
				if strings.Contains(s, ":") && !strings.Contains(s, "/") {
					if *fritz {
						return usagef("--fritz9 goes with a position number, not a DFRC start")
					}
					d, err := chess960.ParseDFRC(s)
					if err != nil {
						return err
					}
					return writeDFRCExplanation(e, d, *asJSON)
				}
				var p chess960.StartPos
				switch {
				case *fritz && !chess960.NumberLike(s):
					return usagef("--fritz9 reads a Fritz9 number (1..960), and %s is not a number", quoteArg(in))
				case *fritz:
					p, err = chess960.ParseFritz9(s)
				case strings.ContainsAny(s, "/ "):
					p, err = chess960.ParseFEN(s)
					if errors.Is(err, chess960.ErrNotMirrored) {
						// The ranks differ: a DFRC start, if each is a start rank.
						if d, derr := chess960.ParseDFRC(s); derr == nil {
							return writeDFRCExplanation(e, d, *asJSON)
						}
					}
				case chess960.NumberLike(s):
					if p, err = chess960.ParseID(s); err == nil {
						note960(e, s)
					}
				case api.RankLike(s):
					p, err = chess960.ParseRank(s)
				default:
					return fmt.Errorf("%s: want a start position number 0..959, a back rank such as RNBQKBNR or a start position's FEN", quoteArg(in))
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, api.NewExplanation(p))
				}
				fmt.Fprintln(e.stdout, p.Derive())
				return nil
			}
		},
	})
}

// writeDFRCExplanation prints explain W:B.
func writeDFRCExplanation(e *env, d chess960.DFRC, asJSON bool) error {
	x := api.NewDFRCExplanation(d)
	if asJSON {
		return writeJSON(e.stdout, x)
	}
	fmt.Fprintln(e.stdout, x.Text)
	return nil
}
