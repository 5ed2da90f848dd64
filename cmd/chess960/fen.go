package main

import (
	"flag"
	"fmt"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "fen", args: "POSITION [--castling xfen|shredder] [--json]",
		summary: "validate a position and print its FEN, normalised",
		detail: `POSITION is a FEN (quoted), startpos, a start position number (518), a back rank
(RNBQKBNR), or "-" to read one from stdin. Castling rights are read in KQkq, X-FEN
and Shredder-FEN form (and mixtures) and written in the chosen style. A position
that breaks the rules of play is refused with every rule it breaks; one that no
game can reach but that can be played (promoted material, say) is accepted with
a note on stderr (with --json: in "warnings").`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			castling := castlingFlag(fs, "castling style of the FEN: xfen (KQkq) or shredder (HAha)")
			asJSON := boolFlag(fs, "json", "print a JSON object: both FEN styles, the game state and the warnings")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position"); err != nil {
					return err
				}
				p, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, api.NewPosition(chess.NewGame(p), castlingMode(castling)))
				}
				noteWarnings(e, p)
				fmt.Fprintln(e.stdout, p.FEN(castlingMode(castling)))
				return nil
			}
		},
	})
}
