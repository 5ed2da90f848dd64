package chess

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// The reasons ParseFEN and ParseSetup refuse the text of a FEN. Test for
// them with errors.Is; the *FENError that carries them names the input, the
// field and the detail.
var (
	ErrFieldCount = errors.New("wrong number of fields")
	ErrRankSize   = errors.New("rank does not have 8 squares")
)

// FENError is the error for FEN text that cannot be read: the input, the
// field that is wrong ("fields", "placement", "turn", "castling",
// "en passant", "halfmove clock", "fullmove number"), the reason (one of
// ErrFieldCount, chess960.ErrSyntax, ErrRankSize, ErrCounter) and a detail. A FEN
// that reads but breaks the rules gets a *PositionError instead.
type FENError struct {
	Input  string
	Field  string
	Err    error
	Detail string
}

// Error formats the error as
// `chess: FEN "...": turn field: want 'w' or 'b', have "x"`, quoting at most
// 100 bytes of the input.
func (e *FENError) Error() string {
	d := e.Detail
	if d == "" && e.Err != nil {
		d = e.Err.Error()
	}
	if e.Field == "fields" {
		return "chess: FEN " + quote.Input(e.Input) + ": " + d
	}
	return "chess: FEN " + quote.Input(e.Input) + ": " + e.Field + " field: " + d
}

// Unwrap returns the reason, so that errors.Is(err, chess960.ErrSyntax) works.
func (e *FENError) Unwrap() error { return e.Err }

// MustParseFEN is like ParseFEN but panics on an error. Use it for constants
// and tests only.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// ParseFEN reads a position in Forsyth-Edwards Notation: ParseSetup, then
// Setup.Position. It accepts six fields, or four (EPD style; the counters
// then default to 0 and 1). The castling field may be standard (KQkq),
// X-FEN (K/Q for the outermost rook on that side of the king, a file letter
// for an inner rook) or Shredder-FEN (file letters, HAha), or a mixture; on
// a Chess960 position KQkq means the outermost rooks.
//
// Text that cannot be read is refused with a *FENError; a position that
// cannot be played with a *PositionError listing every rule it breaks (see
// Setup.Position). A position that could not arise in a game but can be
// played (extra queens, say) is accepted; Position.Warnings tells.
func ParseFEN(fen string) (Position, error) {
	s, probs, err := parseSetup(fen)
	if err != nil {
		return Position{}, err
	}
	p, probs := s.validate(probs)
	if len(probs) > 0 {
		return Position{}, &PositionError{FEN: fen, Problems: probs}
	}
	return p, nil
}

// ParseSetup reads the fields of a FEN (see ParseFEN) without checking them
// against the rules. It refuses only text that does not read, and castling
// letters that name no rook of that side on its first rank.
func ParseSetup(fen string) (Setup, error) {
	s, probs, err := parseSetup(fen)
	if err != nil {
		return Setup{}, err
	}
	if len(probs) > 0 {
		return Setup{}, &PositionError{FEN: fen, Problems: probs}
	}
	return s, nil
}

// parseSetup reads the fields of fen. Castling letters that name no rook are
// problems, not errors, so that ParseFEN can list them with the rules the
// setup breaks.
func parseSetup(fen string) (Setup, []Problem, error) {
	fail := func(field string, err error, detail string) (Setup, []Problem, error) {
		return Setup{}, nil, &FENError{Input: fen, Field: field, Err: err, Detail: detail}
	}
	fields := strings.Fields(fen)
	if len(fields) != 6 && len(fields) != 4 {
		return fail("fields", ErrFieldCount, "want 6 fields (or 4), have "+strconv.Itoa(len(fields)))
	}
	var s Setup
	if _, perr := s.Board.parse(fields[0]); perr != nil {
		return fail(perr.Field, perr.Err, perr.Detail)
	}
	switch fields[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return fail("turn", chess960.ErrSyntax, "want 'w' or 'b', have "+quote.Input(fields[1]))
	}
	probs, d := s.parseCastling(fields[2])
	if d != "" {
		return fail("castling", chess960.ErrSyntax, d)
	}
	s.EnPassant = NoSquare
	if fields[3] != "-" {
		ep, ok := parseSquare(fields[3])
		if !ok {
			return fail("en passant", chess960.ErrSyntax, "want '-' or a square, have "+quote.Input(fields[3]))
		}
		s.EnPassant = ep
	}
	s.Fullmove = 1
	if len(fields) == 6 {
		hm, err := decimal.Int(fields[4], 0, maxCounter)
		if err != nil {
			return fail("halfmove clock", ErrCounter, "want a number 0.."+strconv.Itoa(maxCounter)+", have "+quote.Input(fields[4]))
		}
		fm, err := decimal.Int(fields[5], 1, maxCounter)
		if err != nil {
			return fail("fullmove number", ErrCounter, "want a number 1.."+strconv.Itoa(maxCounter)+", have "+quote.Input(fields[5]))
		}
		s.Halfmove, s.Fullmove = int(hm), int(fm)
	}
	return s, probs, nil
}

// parseCastling reads the castling field into s.CastlingRooks. A letter
// that is not a castling letter is a syntax error (returned as its detail);
// K/Q/k/q without a king and a rook to name, and a right given twice, are
// problems.
func (s *Setup) parseCastling(field string) (probs []Problem, syntax string) {
	if field == "-" {
		return nil, ""
	}
	b := &s.Board
	for i := 0; i < len(field); i++ {
		ch := field[i]
		var c Color
		var lower byte
		switch {
		case ch >= 'A' && ch <= 'Z':
			c, lower = White, ch+0x20
		case ch >= 'a' && ch <= 'z':
			c, lower = Black, ch
		}
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return nil, "bad character " + quote.Char(field, i) + ": want '-', KQkq or the rooks' file letters (A-H, a-h)"
		}
		back := backRank(c)
		rooks := b.byRole[Rook] & b.byColor[c] & back
		var rook Square
		switch lower {
		case 'k', 'q':
			king := b.byRole[King] & b.byColor[c] & back
			if king.Count() != 1 {
				probs = append(probs, Problem{"castling", ErrCastling, "no " + c.String() + " king on its first rank for " + quote.Char(field, i)})
				continue
			}
			ksq := king.First()
			if lower == 'k' {
				r := rooks & above(ksq)
				if r == 0 {
					probs = append(probs, Problem{"castling", ErrCastling, "no " + c.String() + " rook on the h-side of the king for " + quote.Char(field, i)})
					continue
				}
				rook = Square(63 - bits.LeadingZeros64(uint64(r)))
			} else {
				r := rooks & below(ksq)
				if r == 0 {
					probs = append(probs, Problem{"castling", ErrCastling, "no " + c.String() + " rook on the a-side of the king for " + quote.Char(field, i)})
					continue
				}
				rook = r.First()
			}
		default:
			rook = SquareAt(int(lower-'a'), 0)
			if c == Black {
				rook += 56
			}
			if !rooks.Has(rook) {
				// Said here, with the letter, rather than by Position.
				probs = append(probs, Problem{"castling", ErrCastling, "no " + c.String() + " rook on " + rook.String() + " for " + quote.Char(field, i)})
				continue
			}
		}
		if s.CastlingRooks.Has(rook) {
			probs = append(probs, Problem{"castling", ErrCastling, "right for the rook on " + rook.String() + " given twice"})
		}
		s.CastlingRooks |= rook.BB()
	}
	return probs, ""
}

// FEN returns the position in FEN, with the castling field in the given
// mode: Standard writes X-FEN (KQkq, a file letter only for an inner rook
// that is not the outermost one on its side), Chess960 writes Shredder-FEN
// (the rooks' file letters, White's first, h-side before a-side, as in
// HAha). The en-passant square is written only when an en-passant capture
// is legal.
func (p Position) FEN(mode CastlingMode) string {
	var b [92]byte
	return string(p.AppendFEN(b[:0], mode))
}

// AppendFEN appends the FEN of p (see FEN) to dst.
func (p Position) AppendFEN(dst []byte, mode CastlingMode) []byte {
	return appendFEN(dst, &p.placement, p.turn, p.castling, p.ep, int(p.halfmove), int(p.fullmove), mode)
}

// FEN returns the setup in FEN, as Position.FEN does. A castling right that
// K or Q cannot name (no king or rook to make it the outermost) is written
// as the rook's file letter. The en-passant square is written as it is.
func (s Setup) FEN(mode CastlingMode) string {
	return string(appendFEN(nil, &s.Board.placement, s.Turn&1, s.CastlingRooks&(Rank1|Rank8), s.EnPassant, s.Halfmove, s.Fullmove, mode))
}

func appendFEN(dst []byte, b *placement, turn Color, castling Bitboard, ep Square, half, full int, mode CastlingMode) []byte {
	dst = b.appendPlacement(dst)
	if turn == White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	dst = appendCastling(dst, b, castling, mode)
	dst = append(dst, ' ')
	if ep < NoSquare {
		dst = append(dst, ep.String()...)
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(half), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(full), 10)
	return dst
}

// appendCastling writes the castling field: for each side, White first,
// the h-side right before the a-side one.
func appendCastling(dst []byte, b *placement, castling Bitboard, mode CastlingMode) []byte {
	if castling == 0 {
		return append(dst, '-')
	}
	for c := White; c <= Black; c++ {
		back := backRank(c)
		rights := castling & back
		if rights == 0 {
			continue
		}
		var lowerCase byte
		if c == Black {
			lowerCase = 0x20
		}
		rooks := b.byRole[Rook] & b.byColor[c] & back
		king := b.byRole[King] & b.byColor[c] & back
		if king.Count() != 1 {
			for r := rights; r != 0; r &= r - 1 {
				dst = append(dst, ('A'+byte(r.First().File()))|lowerCase)
			}
			continue
		}
		ksq := king.First()
		hSide, aSide := above(ksq), below(ksq)
		// h-side first (outermost first), then a-side.
		for r := rights & hSide; r != 0; {
			sq := Square(63 - bits.LeadingZeros64(uint64(r)))
			r &^= sq.BB()
			if mode != Chess960 && sq == Square(63-bits.LeadingZeros64(uint64(rooks&hSide))) {
				dst = append(dst, 'K'|lowerCase)
			} else {
				dst = append(dst, ('A'+byte(sq.File()))|lowerCase)
			}
		}
		for r := rights & aSide; r != 0; r &= r - 1 {
			sq := r.First()
			if mode != Chess960 && sq == (rooks&aSide).First() {
				dst = append(dst, 'Q'|lowerCase)
			} else {
				dst = append(dst, ('A'+byte(sq.File()))|lowerCase)
			}
		}
	}
	return dst
}

// String returns the FEN in X-FEN style (mode Standard).
func (p Position) String() string { return p.FEN(Standard) }
