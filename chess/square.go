package chess

import (
	"errors"
	"math/bits"
	"strconv"

	"github.com/chess960/chess960/internal/quote"
)

// Square is one of the 64 squares: A1 = 0, B1 = 1, ..., H1 = 7, A2 = 8, ...,
// H8 = 63. NoSquare (64) stands for "none".
type Square uint8

// The squares, and NoSquare.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// SquareAt returns the square on file (0 = a) and rank (0 = first rank). Both
// must be in 0..7.
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (first) to 7 (eighth).
func (s Square) Rank() int { return int(s >> 3) }

// String returns the square's name, e.g. "e4", or "-" for NoSquare and any
// other value out of range.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// ErrSquare is the reason ParseSquare gives for a name that is not a square.
var ErrSquare = errors.New("not a square")

// ParseSquare reads a square name such as "e4" (lower-case file letter, then
// the rank digit).
func ParseSquare(s string) (Square, error) {
	sq, ok := parseSquare(s)
	if !ok {
		return NoSquare, &squareError{s}
	}
	return sq, nil
}

func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

type squareError struct{ input string }

func (e *squareError) Error() string {
	return "chess: square " + quote.Input(e.input) + ": " + ErrSquare.Error()
}
func (e *squareError) Unwrap() error { return ErrSquare }

// Bitboard is a set of squares: bit i is set when Square(i) is in the set.
type Bitboard uint64

// Some useful sets of squares.
const (
	Empty Bitboard = 0
	All   Bitboard = ^Bitboard(0)
	Rank1 Bitboard = 0xff
	Rank8 Bitboard = 0xff << 56
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
)

// BB returns the set holding only s.
func (s Square) BB() Bitboard { return 1 << (s & 63) }

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b>>(sq&63)&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b, or NoSquare when b is empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// More reports whether b holds more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// Squares returns the squares of b in increasing order. It allocates; loop
// with First and b &= b-1 where speed matters.
func (b Bitboard) Squares() []Square {
	s := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		s = append(s, b.First())
	}
	return s
}

// Color is a side: White or Black.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposite side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Role is a kind of piece. NoRole marks an empty square or no promotion.
type Role uint8

// The roles.
const (
	NoRole Role = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the role's upper-case letter as SAN writes it ('P', 'N',
// 'B', 'R', 'Q', 'K'), or '-' for NoRole.
func (r Role) Letter() byte {
	if r > King {
		return '?'
	}
	return "-PNBRQK"[r]
}

// String returns the role's English name, e.g. "knight", or "none".
func (r Role) String() string {
	if r > King {
		return "role(" + strconv.Itoa(int(r)) + ")"
	}
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[r]
}

// roleFromChar maps a FEN letter (either case) to its role.
func roleFromChar(c byte) Role {
	switch c | 0x20 {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoRole
}

// Piece is a coloured piece. Its zero value (Role NoRole) means "no piece".
type Piece struct {
	Color Color
	Role  Role
}

// Letter returns the piece's FEN letter, upper case for White ('N'), lower
// case for Black ('n'), or '.' for no piece.
func (p Piece) Letter() byte {
	if p.Role == NoRole {
		return '.'
	}
	if p.Color == White {
		return p.Role.Letter()
	}
	return p.Role.Letter() | 0x20
}

// String returns e.g. "white knight", or "none".
func (p Piece) String() string {
	if p.Role == NoRole {
		return "none"
	}
	return p.Color.String() + " " + p.Role.String()
}
