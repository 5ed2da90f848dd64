package main

import (
	"flag"
	"fmt"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "moves", args: "POSITION [--uci|--san] [--standard] [--json]",
		summary: "list the legal moves of a position",
		detail: `Prints one move per line, sorted by UCI: UCI (castling as king-takes-rook, e1h1)
and SAN, or only one of them with --uci or --san. POSITION is read as fen reads it.

--standard writes castling in UCI as the king's move (e1g1), as UCI GUIs do for
standard chess. Where that text would not name the move alone, the move is
written as the king taking its rook instead, which Chess960 GUIs and this program
read, and a note on stderr says so: when the king does not move (standard UCI
would write g1g1, which reads as no move), and when the king's castling move is
also an ordinary king move (king f1, rook h1: O-O and Kg1 would both be f1g1).
No two moves are ever printed with the same text.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			uciOnly := boolFlag(fs, "uci", "print UCI only")
			sanOnly := boolFlag(fs, "san", "print SAN only")
			standard := boolFlag(fs, "standard", "UCI castling as the king's move (e1g1) where that is unambiguous")
			asJSON := boolFlag(fs, "json", "print a JSON object: the moves with UCI, SAN and squares, and the warnings")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position"); err != nil {
					return err
				}
				switch {
				case *uciOnly && *sanOnly:
					return usagef("--uci and --san exclude each other")
				case *asJSON && (*uciOnly || *sanOnly):
					return usagef("--json prints UCI and SAN both: --uci and --san do nothing with it")
				case *sanOnly && *standard:
					return usagef("--standard changes UCI castling, and --san prints no UCI")
				}
				p, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				mode := chess.Chess960
				if *standard {
					mode = chess.Standard
				}
				list := api.NewMoves(p, mode)
				if *asJSON {
					return writeJSON(e.stdout, list)
				}
				noteWarnings(e, p)
				for _, w := range list.Warnings {
					if w.Code == "uciCastling" {
						e.notef("%s", w.Message)
					}
				}
				for _, m := range list.Moves {
					var err error
					switch {
					case *uciOnly:
						_, err = fmt.Fprintln(e.stdout, m.UCI)
					case *sanOnly:
						_, err = fmt.Fprintln(e.stdout, m.SAN)
					default:
						_, err = fmt.Fprintf(e.stdout, "%-6s %s\n", m.UCI, m.SAN)
					}
					if err != nil {
						return &outputError{err}
					}
				}
				return nil
			}
		},
	})
}
