package api

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// ParsePosition reads a position given as text the way every command and
// endpoint takes one: a FEN (any castling style), "startpos", a Scharnagl
// number (518, SP-518; 960 is taken as 0), a back rank (RNBQKBNR, either
// case) or a Double Fischer Random start (502:532). A refused text gets the reason the library gives (a number out of
// range, bishops on one colour, every rule a FEN breaks).
func ParsePosition(s string) (chess.Position, error) {
	t := strings.TrimSpace(s)
	switch {
	case strings.ContainsAny(t, "/ "):
		return chess.ParseFEN(t)
	case strings.EqualFold(t, "startpos"):
		return chess.NewPosition(chess960.Standard()), nil
	case chess960.NumberLike(t):
		sp, err := chess960.ParseID(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.NewPosition(sp), nil
	case RankLike(t):
		sp, err := chess960.ParseRank(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.NewPosition(sp), nil
	case strings.Contains(t, ":"):
		// A Double Fischer Random start, W:B.
		d, err := chess960.ParseDFRC(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.ParseFEN(d.FEN())
	}
	return chess.Position{}, fmt.Errorf("position %s: want a FEN, startpos, a start position number 0..959, a back rank such as RNBQKBNR, or a DFRC start W:B such as 502:532", quote.Input(s))
}

// Identify reads a back rank or a start position's FEN, as the id command
// and /api/identify do. A number is refused with a hint: number is how to
// see position N, given N (e.g. "run 'chess960 pos 518'").
func Identify(s string, number func(n string) string) (chess960.StartPos, error) {
	switch t := strings.TrimSpace(s); {
	case strings.ContainsAny(t, "/ "):
		return chess960.ParseFEN(t)
	case t == "":
		return chess960.StartPos{}, fmt.Errorf("%s: want a back rank such as RNBQKBNR or a start position's FEN", quote.Input(s))
	case chess960.NumberLike(t):
		return chess960.StartPos{}, fmt.Errorf("%s is a position number: id reads a back rank or FEN (%s)", quote.Input(t), number(t))
	default:
		return chess960.ParseRank(t)
	}
}

// RankLike reports whether s is meant as a back rank: eight letters.
func RankLike(s string) bool {
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

// PlayMoves plays moves (SAN or UCI) from p, as the play command and
// /api/play do, and returns the game, or with the game so far the error for
// the first move refused (see MoveError).
func PlayMoves(p chess.Position, moves []string, mode chess.CastlingMode) (*chess.Game, error) {
	g := chess.NewGame(p)
	for i, s := range moves {
		before := g.Position()
		if _, err := g.PlayText(s); err != nil {
			return g, MoveError(g, i+1, s, before, err, mode)
		}
	}
	return g, nil
}

// MoveError words the error for move n, text s, that g refused in the
// position before: `move 3 "Ke3": illegal move: ... (in FEN)`, or, after the
// end of the game, how it ended. The error unwraps to err, so that Code
// finds its reason.
func MoveError(g *chess.Game, n int, s string, before chess.Position, err error, mode chess.CastlingMode) error {
	var me *chess.MoveError
	if !errors.As(err, &me) {
		return wrapped{fmt.Sprintf("move %d %s: %v", n, quote.Input(s), Message(err)), err}
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
			end += " after " + Movetext(p, []string{p.SAN(moves[len(moves)-1])})
		}
		return wrapped{fmt.Sprintf("move %d %s: the game is over: %s (%s): no move may follow", n, quote.Input(s), end, o.Result), err}
	}
	detail := ""
	if me.Detail != "" {
		detail = ": " + me.Detail
	}
	return wrapped{fmt.Sprintf("move %d %s: %v%s (in %s)", n, quote.Input(s), me.Err, detail, before.FEN(mode)), err}
}

// wrapped is an error with its own message that unwraps to the library's.
type wrapped struct {
	msg string
	err error
}

func (w wrapped) Error() string { return w.msg }
func (w wrapped) Unwrap() error { return w.err }
