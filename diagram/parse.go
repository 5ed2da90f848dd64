package diagram

import (
	"errors"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// Error is the error for option text that cannot be read: what it was
// (Kind: "squares", "arrows", "last move", "theme"), the input, and why.
// Err is chess960.ErrSyntax, the module's reason for text that does not
// read.
type Error struct {
	Kind   string
	Input  string
	Err    error
	Detail string
}

// Error formats the error as `diagram: squares "e9": "e9" is not a square`,
// quoting at most 100 bytes of the input.
func (e *Error) Error() string {
	return "diagram: " + e.Kind + " " + quote.Input(e.Input) + ": " + e.Detail
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

func syntaxError(kind, input, detail string) error {
	return &Error{Kind: kind, Input: input, Err: chess960.ErrSyntax, Detail: detail}
}

// ParseTheme reads a theme name, "light" or "dark" (in any case).
func ParseTheme(s string) (Theme, error) {
	switch strings.ToLower(s) {
	case "light":
		return Light, nil
	case "dark":
		return Dark, nil
	}
	return 0, syntaxError("theme", s, "want light or dark")
}

// ParseSquares reads a comma-separated list of squares, such as "e1,h1",
// as a set. Spaces around the items are allowed; the empty string is the
// empty set.
func ParseSquares(s string) (chess.Bitboard, error) {
	var b chess.Bitboard
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		sq, err := chess.ParseSquare(item)
		if err != nil {
			return 0, syntaxError("squares", s, quote.Input(item)+" is not a square (want a1..h8)")
		}
		b |= sq.BB()
	}
	return b, nil
}

// squarePair reads the two squares of a move in UCI, "e2e4", allowing a
// promotion letter after them ("e7e8q").
func squarePair(s string) (from, to chess.Square, ok bool) {
	if len(s) != 4 && len(s) != 5 {
		return 0, 0, false
	}
	from, err1 := chess.ParseSquare(s[:2])
	to, err2 := chess.ParseSquare(s[2:4])
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	if len(s) == 5 && !strings.ContainsRune("qrbn", rune(s[4])) {
		return 0, 0, false
	}
	return from, to, true
}

// ParseArrows reads a comma-separated list of arrows, each written as a
// move in UCI: "e2e4,g1f3". An arrow that is a legal move in p (when p is
// not nil) is drawn as MoveArrow draws the move, so castling written
// either way, as the king taking its rook ("e1h1") or as the king's move
// ("e1g1"), shows the king's path. Any other pair of squares is drawn as
// written: arrows may show plans as well as moves, and "d4d4" is a ring
// around d4. The empty string is no arrows.
func ParseArrows(s string, p *chess.Position) ([]Arrow, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var arrows []Arrow
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if p != nil {
			if m, err := p.ParseUCI(item); err == nil {
				arrows = append(arrows, MoveArrow(m))
				continue
			}
		}
		from, to, ok := squarePair(item)
		if !ok {
			return nil, syntaxError("arrows", s, quote.Input(item)+" is not two squares like e2e4")
		}
		arrows = append(arrows, Arrow{From: from, To: to})
	}
	return arrows, nil
}

// ParseLastMove reads the move that led to position p, in UCI ("e2e4",
// "e7e8q", castling as the king taking its rook, "e1h1", or as the king's
// move, "e1g1"), and returns the squares its marker covers, as MoveSquares
// does: where the piece came from and where it went, and for castling the
// king's two squares (the rook's, when the king did not move).
//
// The move cannot be checked against the rules, since the position it was
// played in is not p; it is checked against p instead: the side not to move
// in p made it, so its piece stands where the move went and the square it
// left is empty (or holds the castling rook). With p nil only the syntax
// is checked and the two squares written are marked.
func ParseLastMove(s string, p *chess.Position) (chess.Bitboard, error) {
	from, to, ok := squarePair(strings.TrimSpace(s))
	if !ok {
		return 0, syntaxError("last move", s, "want a move in UCI such as e2e4 or e7e8q")
	}
	if p == nil {
		return from.BB() | to.BB(), nil
	}
	mover := p.Turn().Other()
	fromPc, toPc := p.PieceAt(from), p.PieceAt(to)
	if from != to && toPc.Role != chess.NoRole && toPc.Color == mover && fromPc.Role == chess.NoRole {
		return from.BB() | to.BB(), nil
	}
	if b, ok := lastCastling(p, mover, from, to); ok {
		return b, nil
	}
	detail := squareName[from] + " is not empty"
	switch {
	case from == to:
		detail = "a move needs two squares (or is castling, with the king on the c- or g-file and its rook beside it)"
	case toPc.Role == chess.NoRole || toPc.Color != mover:
		detail = squareName[to] + " holds no " + colorWord[mover] + " piece"
	}
	return 0, &Error{Kind: "last move", Input: s, Err: ErrImpossible,
		Detail: detail + ": the last move is the one that led to the position shown, made by " + colorWord[mover]}
}

var colorWord = [2]string{"white", "black"}

// ErrImpossible is the reason ParseLastMove gives for a move that cannot
// have led to the position shown.
var ErrImpossible = errors.New("not the last move of this position")

// lastCastling recognises castling by side c, written from-to in either
// form, in the position p it led to: c's king on the c- or g-file of its
// first rank with its rook beside it on the d- or f-file, the king's start
// from on the b- to g-file, now empty or holding that king or rook, and to
// the king's square or the rook's start on the king's side of from. It
// returns the squares of the marker, as MoveSquares does.
func lastCastling(p *chess.Position, c chess.Color, from, to chess.Square) (chess.Bitboard, bool) {
	rank := 0
	if c == chess.Black {
		rank = 7
	}
	if from.Rank() != rank || to.Rank() != rank || from.File() < 1 || from.File() > 6 {
		return 0, false
	}
	king := p.KingSquare(c)
	var rookTo chess.Square
	switch king {
	case chess.SquareAt(6, rank):
		rookTo = chess.SquareAt(5, rank)
	case chess.SquareAt(2, rank):
		rookTo = chess.SquareAt(3, rank)
	default:
		return 0, false
	}
	if pc := p.PieceAt(rookTo); pc.Role != chess.Rook || pc.Color != c {
		return 0, false
	}
	if p.PieceAt(from).Role != chess.NoRole && from != king && from != rookTo {
		return 0, false
	}
	// The rook started beyond the king, on the side it castled to.
	rookSide := (king.File() == 6 && to.File() > from.File()) || (king.File() == 2 && to.File() < from.File())
	switch {
	case from != king && (to == king || rookSide && (p.PieceAt(to).Role == chess.NoRole || to == rookTo)):
		return from.BB() | king.BB(), true // the king moved
	case from == king && to == king:
		return king.BB() | rookTo.BB(), true // "g1g1": the king stayed, the rook's start unwritten
	case from == king && rookSide && p.PieceAt(to).Role == chess.NoRole:
		return to.BB() | rookTo.BB(), true // the king stayed; the rook came from to
	}
	return 0, false
}
