package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "explain", args: "N|RANK|FEN [--fritz9] [--json]",
		summary: "derive a start position from its number step by step",
		detail: `The argument is a Scharnagl number (or with --fritz9 a Fritz9 number), a back rank
or a start position's FEN; "-" reads it from stdin.`,
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
				var p chess960.StartPos
				switch {
				case *fritz && !chess960.NumberLike(s):
					return usagef("--fritz9 reads a Fritz9 number (1..960), and %s is not a number", quoteArg(in))
				case *fritz:
					p, err = chess960.ParseFritz9(s)
				case strings.ContainsAny(s, "/ "):
					p, err = chess960.ParseFEN(s)
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
