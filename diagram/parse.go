package diagram

import (
	"errors"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// ErrSyntax is the reason the Parse functions give for text they cannot
// read; the *Error that carries it names the input and the detail.
var ErrSyntax = errors.New("invalid syntax")

// Error is the error for option text that cannot be read: what it was
// (Kind: "squares", "arrows", "last move", "theme"), the input, and why.
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
	return &Error{Kind: kind, Input: input, Err: ErrSyntax, Detail: detail}
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

// ParseLastMove reads the move that led to the position a picture shows,
// in UCI ("e2e4", "e7e8q"), and returns the squares its marker covers: the
// two squares written. It checks no rules, since the position the move was
// played in is not the one shown; castling written either way ("e1h1" or
// "e1g1") marks the king's square and the square written after it.
func ParseLastMove(s string) (chess.Bitboard, error) {
	from, to, ok := squarePair(strings.TrimSpace(s))
	if !ok {
		return 0, syntaxError("last move", s, "want a move in UCI such as e2e4 or e7e8q")
	}
	return from.BB() | to.BB(), nil
}
