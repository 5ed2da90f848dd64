package server

// The JSON the API returns is, byte for byte, what the command line prints
// with --json for the same input: one contract. Both build their values with
// the pure functions of internal/api and encode them the same way
// (marshalCLI); the inputs are read here as the commands read their
// arguments. cmd/chess960's TestAPIEqualsCLI compares the two outputs.

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/perft"
)

// marshalCLI encodes v as the command line writes it (writeJSON):
// indented by two spaces, with a final newline.
func marshalCLI(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		// Only internal/api's values are encoded; they always encode.
		panic(err)
	}
	return append(b, '\n')
}

// playMoves plays moves (SAN or UCI) from p as the play command does, and
// returns the game, or the error the command gives for the first bad move.
func playMoves(p chess.Position, moves []string, mode chess.CastlingMode) (*chess.Game, error) {
	g := chess.NewGame(p)
	for i, s := range moves {
		before := g.Position()
		if _, err := g.PlayText(s); err != nil {
			return g, moveError(g, i+1, s, before, err, mode)
		}
	}
	return g, nil
}

// moveError words the error for move n, text s, refused in position
// before, as the play command words it.
func moveError(g *chess.Game, n int, s string, before chess.Position, err error, mode chess.CastlingMode) error {
	var me *chess.MoveError
	if !errors.As(err, &me) {
		return fmt.Errorf("move %d %s: %v", n, quote.Input(s), api.Message(err))
	}
	if errors.Is(err, chess.ErrGameOver) {
		o := g.Outcome()
		end := "the position is " + o.Termination.String()
		if moves := g.Moves(); len(moves) > 0 {
			end = o.Termination.String()
			p := g.Start()
			for _, m := range moves[:len(moves)-1] {
				p.Play(m)
			}
			end += " after " + api.Movetext(p, []string{p.SAN(moves[len(moves)-1])})
		}
		return wrapped{fmt.Sprintf("move %d %s: the game is over: %s (%s): no move may follow", n, quote.Input(s), end, o.Result), err}
	}
	detail := ""
	if me.Detail != "" {
		detail = ": " + me.Detail
	}
	return wrapped{fmt.Sprintf("move %d %s: %v%s (in %s)", n, quote.Input(s), me.Err, detail, before.FEN(mode)), err}
}

// wrapped is an error with its own words that keeps the library's reason
// for api.Code.
type wrapped struct {
	msg string
	err error
}

func (w wrapped) Error() string { return w.msg }
func (w wrapped) Unwrap() error { return w.err }

// perftJSON is perft --json for a count on one thread without a table.
func perftJSON(p chess.Position, depth int, nodes uint64, divide []perft.Entry, withDivide bool, elapsed time.Duration) api.Perft {
	return api.NewPerft(p, depth, nodes, divide, withDivide, api.PerftRun{Threads: 1, Elapsed: elapsed})
}

// parsePositionText reads a position as the commands read a position
// argument: a FEN (any castling style), "startpos", a Scharnagl number
// (518, SP-518) or a back rank (RNBQKBNR, either case).
func parsePositionText(s string) (chess.Position, error) {
	t := strings.TrimSpace(s)
	switch {
	case strings.ContainsAny(t, "/ "):
		return chess.ParseFEN(t)
	case strings.EqualFold(t, "startpos"):
		return chess.NewPosition(chess960.Standard), nil
	case numericArg(t):
		sp, err := chess960.ParseID(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.NewPosition(sp), nil
	case rankLike(t):
		sp, err := chess960.ParseRank(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.NewPosition(sp), nil
	}
	return chess.Position{}, fmt.Errorf("position %s: want a FEN, startpos, a start position number 0..959 or a back rank such as RNBQKBNR", quote.Input(s))
}

// identify reads a back rank or a start position's FEN, as the id command.
func identify(s string) (chess960.StartPos, error) {
	switch t := strings.TrimSpace(s); {
	case strings.ContainsAny(t, "/ "):
		return chess960.ParseFEN(t)
	case t == "":
		return chess960.StartPos{}, fmt.Errorf("%s: want a back rank such as RNBQKBNR or a start position's FEN", quote.Input(s))
	case numericArg(t):
		return chess960.StartPos{}, fmt.Errorf("%s is a position number: id reads a back rank or FEN (GET /api/positions/%s gives position %s)", quote.Input(t), t, t)
	default:
		return chess960.ParseRank(t)
	}
}

// numericArg reports whether s is meant as a position number: digits,
// perhaps signed, or after an SP, SP- or # prefix.
func numericArg(s string) bool {
	if len(s) >= 2 && strings.EqualFold(s[:2], "sp") {
		return true
	}
	s = strings.TrimPrefix(s, "#")
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	return isDigits(s)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// rankLike reports whether s is meant as a back rank: eight letters.
func rankLike(s string) bool {
	if len(s) != 8 {
		return false
	}
	for i := 0; i < 8; i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
