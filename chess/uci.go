package chess

import (
	"errors"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
)

// The reasons ParseUCI refuses a move.
var (
	ErrNoPiece = errors.New("no piece of the side to move")
	ErrIllegal = errors.New("illegal move")
)

// MoveError is the error ParseUCI returns: the input, the reason (one of
// chess960.ErrSyntax, ErrNoPiece, ErrIllegal) and a detail.
type MoveError struct {
	Input  string
	Err    error
	Detail string
}

// Error formats the error as `chess: move "e2e5": illegal move: ...`,
// quoting at most 100 bytes of the input.
func (e *MoveError) Error() string {
	s := "chess: move " + quote.Input(e.Input) + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the reason.
func (e *MoveError) Unwrap() error { return e.Err }

// ParseUCI reads a move in UCI notation ("e2e4", "e7e8q") and returns it if
// it is legal in p. Castling is accepted both as king-takes-rook ("e1h1",
// the Chess960 form) and as the king's move ("e1g1", "e1c1") when that is
// not also an ordinary king move. When the king does not move, its
// standard form names the king's square twice ("g1g1"), as Move.UCI(Standard)
// writes it.
func (p Position) ParseUCI(s string) (Move, error) {
	fail := func(err error, detail string) (Move, error) {
		return 0, &MoveError{Input: s, Err: err, Detail: detail}
	}
	if len(s) != 4 && len(s) != 5 {
		return fail(chess960.ErrSyntax, "want 4 or 5 characters like e2e4 or e7e8q")
	}
	from, ok1 := parseSquare(s[0:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 {
		return fail(chess960.ErrSyntax, "want two squares like e2e4")
	}
	promo := NoRole
	if len(s) == 5 {
		promo = roleFromChar(s[4])
		if promo == NoRole || promo == Pawn || promo == King {
			return fail(chess960.ErrSyntax, "promotion letter must be one of q, r, b, n")
		}
	}
	pc := p.PieceAt(from)
	if pc.Role == NoRole || pc.Color != p.turn {
		what := "it is empty"
		if pc.Role != NoRole {
			what = "it holds a " + pc.String()
		}
		return fail(ErrNoPiece, p.turn.String()+" has no piece on "+from.String()+"; "+what)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var castle Move
	castles := 0
	for _, m := range ml.Moves() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastle() && m.KingTo() == to {
			castle = m
			castles++
		}
	}
	if castles == 1 {
		return castle, nil
	}
	detail := "the " + pc.String() + " on " + from.String() + " cannot move to " + to.String()
	if pc.Role == Pawn && promo == NoRole && (to.Rank() == 0 || to.Rank() == 7) {
		detail += " without a promotion letter"
	} else if promo != NoRole {
		detail += " promoting to a " + promo.String()
	}
	if p.InCheck() {
		detail += " (" + p.turn.String() + " is in check)"
	}
	return fail(ErrIllegal, detail)
}
