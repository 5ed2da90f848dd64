package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "play", args: "POSITION MOVE... [--castling xfen|shredder] [--json]",
		summary: "play moves (SAN or UCI) from a position; print the FEN and the game state",
		detail: `POSITION is read as fen reads it: a FEN (quoted), startpos, a start position number
(518), a back rank, or "-" for stdin. Moves are SAN (Nf3, O-O, exd6, e8=Q) or UCI
(g1f3, e7e8q; castling as king-takes-rook e1h1, or as the king's move e1g1 where
that is not also an ordinary king move). A wrong "+" or "#" on a SAN move is
accepted and corrected, with a note on stderr (--json: the move's "note").
Checkmate, stalemate, insufficient material, the 75-move rule and fivefold
repetition end the game, and a move after the end is refused; the 50-move rule
and threefold repetition are listed as claimable.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			castling := castlingFlag(fs, "castling style of the FENs: xfen (KQkq) or shredder (HAha)")
			asJSON := boolFlag(fs, "json", "print a JSON object: the moves, the position reached and the game state")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, -1, "position"); err != nil {
					return err
				}
				mode := castlingMode(castling)
				p, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				g := chess.NewGame(p)
				inputs := args[1:]
				for i, s := range inputs {
					before := g.Position()
					if _, err := g.PlayText(s); err != nil {
						return api.MoveError(g, i+1, s, before, err, mode)
					}
				}
				j := api.NewPlay(g, inputs, mode)
				if *asJSON {
					return writeJSON(e.stdout, j)
				}
				noteWarnings(e, p)
				var notes []string
				for i, m := range j.Moves {
					if m.Note != "" {
						notes = append(notes, fmt.Sprintf("move %d: %s", i+1, m.Note))
					}
				}
				if len(notes) > 0 {
					e.notef("%s", strings.Join(notes, "; "))
				}
				writeStatusText(e, j.Position)
				if len(j.Moves) > 0 {
					fmt.Fprintf(e.stdout, "moves: %s\n", j.Movetext)
				}
				return nil
			}
		},
	})
}

var claimNames = map[string]string{"threefoldRepetition": "threefold repetition", "fiftyMoves": "fifty-move rule"}

// writeStatusText prints a position and its state as play prints them.
func writeStatusText(e *env, j api.Position) {
	fmt.Fprintln(e.stdout, j.FEN)
	state := j.StatusText
	if j.Status == "ongoing" {
		state = j.Turn + " to move"
		if j.Check {
			state += ", in check"
		}
		state += fmt.Sprintf(", %d legal moves", j.LegalMoves)
	}
	fmt.Fprintf(e.stdout, "status: %s (%s)\n", state, j.Result)
	if len(j.Claims) > 0 {
		var cs []string
		for _, c := range j.Claims {
			s := claimNames[c.Rule]
			if c.SAN != "" {
				s += " by announcing " + c.SAN
			}
			cs = append(cs, s)
		}
		fmt.Fprintf(e.stdout, "claimable: %s\n", strings.Join(cs, ", "))
	}
	if j.StartPos != nil {
		fmt.Fprintf(e.stdout, "start position: %d\n", *j.StartPos)
	}
}
