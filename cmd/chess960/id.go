package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/chess960/chess960"

	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "id", args: "RANK|FEN [--dfrc] [--json]",
		summary: "print the Scharnagl number of a back rank (RNBQKBNR) or start-position FEN",
		detail: `RANK is eight letters K Q R B N in either case. FEN is a start position's FEN in any
castling style (KQkq, HAha, ...); quote it. "-" reads the rank or FEN from stdin. A
FEN whose Black back rank is a start rank that does not mirror White's is a Double
Fischer Random start: id prints it as W:B (502:532), and --json as pos W:B does.
--dfrc takes every start as a DFRC one and prints W:B and its index W x 960 + B
(518:518 497798 for RNBQKBNR), so that each line of a DFRC book gets its index;
with --json, the object pos W:B prints. --json alone gives a Chess960 start's W:W
and index too ("dfrc", "index").`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			asJSON := boolFlag(fs, "json", "print the same JSON object as pos, with the start's W:B and DFRC index")
			dfrc := boolFlag(fs, "dfrc", "print every start as a DFRC one: W:B and its index")
			return func(e *env, args []string) error {
				args = joinFEN(args) // an unquoted FEN arrives as several arguments
				if err := wantArgs(args, 1, 1, "back rank or FEN"); err != nil {
					return err
				}
				s, err := readInput(e, args[0], "back rank or FEN")
				if err != nil {
					return err
				}
				p, err := api.Identify(s, func(n string) string { return "run 'chess960 pos " + n + "' to see position " + n })
				var d chess960.DFRC
				switch {
				case errors.Is(err, chess960.ErrNotMirrored):
					// Black's rank is a start rank of its own: a DFRC start.
					var derr error
					if d, derr = chess960.ParseDFRC(s); derr != nil {
						return err
					}
				case err != nil:
					return err
				case !*dfrc:
					if *asJSON {
						return writeJSON(e.stdout, api.NewIdentifiedStart(p))
					}
					fmt.Fprintln(e.stdout, p.ID())
					return nil
				default:
					d = chess960.DFRC{White: p, Black: p}
				}
				if *asJSON {
					return writeJSON(e.stdout, api.NewDFRCStart(d))
				}
				if *dfrc {
					fmt.Fprintln(e.stdout, d, d.Index())
				} else {
					fmt.Fprintln(e.stdout, d)
				}
				return nil
			}
		},
	})
}
