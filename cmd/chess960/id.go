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
		name: "id", args: "RANK|FEN [--json]",
		summary: "print the Scharnagl number of a back rank (RNBQKBNR) or start-position FEN",
		detail: `RANK is eight letters K Q R B N in either case. FEN is a start position's FEN in any
castling style (KQkq, HAha, ...); quote it. "-" reads the rank or FEN from stdin. A
FEN whose Black back rank is a start rank that does not mirror White's is a Double
Fischer Random start: id prints it as W:B (502:532), and --json as pos W:B does.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			asJSON := boolFlag(fs, "json", "print the same JSON object as pos")
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
				if errors.Is(err, chess960.ErrNotMirrored) {
					// Black's rank is a start rank of its own: a DFRC start.
					if d, derr := chess960.ParseDFRC(s); derr == nil {
						if *asJSON {
							return writeJSON(e.stdout, api.NewDFRCStart(d))
						}
						fmt.Fprintln(e.stdout, d)
						return nil
					}
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, api.NewStartPosition(p))
				}
				fmt.Fprintln(e.stdout, p.ID())
				return nil
			}
		},
	})
}
