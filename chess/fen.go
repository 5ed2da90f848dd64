package chess

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// The reasons ParseFEN refuses a FEN. Test for them with errors.Is; the
// *FENError that carries them names the input, the field and the detail.
var (
	ErrFieldCount = errors.New("wrong number of fields")
	ErrSyntax     = errors.New("invalid syntax")
	ErrRankSize   = errors.New("rank does not have 8 squares")
	ErrKings      = errors.New("not exactly one king per side")
	ErrMaterial   = errors.New("impossible material")
	ErrPawnRank   = errors.New("pawn on the first or last rank")
	ErrCheck      = errors.New("side not to move is in check")
	ErrCastling   = errors.New("impossible castling right")
	ErrEnPassant  = errors.New("impossible en-passant square")
	ErrCounter    = errors.New("bad move counter")
)

// FENError is the error ParseFEN returns: the input, the field that is wrong
// ("fields", "placement", "turn", "castling", "en passant", "halfmove clock",
// "fullmove number"), the reason (one of the Err values above) and a detail.
type FENError struct {
	Input  string
	Field  string
	Err    error
	Detail string
}

// Error formats the error as
// `chess: FEN "...": castling field: no white rook on b1 for 'B'`.
func (e *FENError) Error() string {
	d := e.Detail
	if d == "" && e.Err != nil {
		d = e.Err.Error()
	}
	if e.Field == "fields" {
		return "chess: FEN " + strconv.Quote(e.Input) + ": " + d
	}
	return "chess: FEN " + strconv.Quote(e.Input) + ": " + e.Field + " field: " + d
}

// Unwrap returns the reason, so that errors.Is(err, ErrCastling) works.
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

// ParseFEN reads a position in Forsyth-Edwards Notation. It accepts six
// fields, or four (EPD style; the counters then default to 0 and 1). The
// castling field may be standard (KQkq), X-FEN (K/Q for the outermost rook
// on that side of the king, a file letter for an inner rook) or Shredder-FEN
// (file letters, HAha), or a mixture; on a Chess960 position KQkq means the
// outermost rooks. Impossible positions are refused with a *FENError: see
// the Err values for the rules checked.
//
// The en-passant field is checked against the board (a double step must
// have produced it), but the position keeps it only when an en-passant
// capture is legal.
func ParseFEN(fen string) (Position, error) {
	var p Position
	fail := func(field string, err error, detail string) (Position, error) {
		return Position{}, &FENError{Input: fen, Field: field, Err: err, Detail: detail}
	}
	fields := strings.Fields(fen)
	if len(fields) != 6 && len(fields) != 4 {
		return fail("fields", ErrFieldCount, "want 6 fields (or 4), have "+strconv.Itoa(len(fields)))
	}

	// Placement.
	rows := strings.Split(fields[0], "/")
	if len(rows) != 8 {
		return fail("placement", ErrRankSize, "want 8 ranks separated by '/', have "+strconv.Itoa(len(rows)))
	}
	for i, row := range rows {
		rank := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			r := roleFromChar(c)
			if r == NoRole {
				return fail("placement", ErrSyntax, "bad character "+quoteByte(c)+" in rank "+strconv.Itoa(rank+1))
			}
			if f >= 8 {
				f++
				continue
			}
			col := White
			if c >= 'a' {
				col = Black
			}
			p.put(SquareAt(f, rank), col, r)
			f++
		}
		if f != 8 {
			return fail("placement", ErrRankSize, "rank "+strconv.Itoa(rank+1)+" ("+strconv.Quote(row)+") has "+sizeWord(f, row))
		}
	}
	for c := White; c <= Black; c++ {
		if k := p.byRole[King] & p.byColor[c]; k.Count() != 1 {
			return fail("placement", ErrKings, c.String()+" has "+strconv.Itoa(k.Count())+" kings")
		}
		if err := checkMaterial(&p, c); err != "" {
			return fail("placement", ErrMaterial, err)
		}
	}
	if b := p.byRole[Pawn] & (Rank1 | Rank8); b != 0 {
		return fail("placement", ErrPawnRank, "pawn on "+b.First().String())
	}

	// Turn.
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return fail("turn", ErrSyntax, "want 'w' or 'b', have "+strconv.Quote(fields[1]))
	}
	occ := p.Occupied()
	them := p.turn ^ 1
	if a := p.attackersTo(p.KingSquare(them), p.turn, occ); a != 0 {
		return fail("placement", ErrCheck, them.String()+" is not to move but its king on "+
			p.KingSquare(them).String()+" is attacked from "+a.First().String())
	}
	p.checkers = p.attackersTo(p.KingSquare(p.turn), them, occ)

	// Castling.
	if d, err := parseCastling(&p, fields[2]); err != nil {
		return fail("castling", err, d)
	}

	// En passant.
	p.ep = NoSquare
	if fields[3] != "-" {
		ep, ok := parseSquare(fields[3])
		if !ok {
			return fail("en passant", ErrSyntax, "want '-' or a square, have "+strconv.Quote(fields[3]))
		}
		if d := checkEnPassant(&p, ep); d != "" {
			return fail("en passant", ErrEnPassant, d)
		}
		if p.epCaptureExists(ep, p.turn) {
			p.ep = ep
		}
	}

	// Counters.
	p.fullmove = 1
	if len(fields) == 6 {
		hm, ok := parseCounter(fields[4])
		if !ok {
			return fail("halfmove clock", ErrCounter, "want a number 0.."+strconv.Itoa(maxCounter)+", have "+strconv.Quote(fields[4]))
		}
		fm, ok := parseCounter(fields[5])
		if !ok || fm == 0 {
			return fail("fullmove number", ErrCounter, "want a number 1.."+strconv.Itoa(maxCounter)+", have "+strconv.Quote(fields[5]))
		}
		p.halfmove, p.fullmove = int32(hm), int32(fm)
	}
	p.hash = p.computeHash()
	return p, nil
}

const maxCounter = 1 << 20

func parseCounter(s string) (int, bool) {
	if len(s) == 0 || len(s) > 7 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= maxCounter
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return strconv.QuoteRuneToASCII(rune(c))
}

func sizeWord(f int, row string) string {
	if f > 8 {
		return "more than 8 squares"
	}
	if row == "" {
		return "no squares"
	}
	return strconv.Itoa(f) + " squares"
}

// checkMaterial refuses more pieces than a side can have: at most 16, at
// most 8 pawns, and no more promoted pieces than missing pawns. (This also
// bounds the number of legal moves, so MoveList never overflows.)
func checkMaterial(p *Position, c Color) string {
	own := p.byColor[c]
	if n := own.Count(); n > 16 {
		return c.String() + " has " + strconv.Itoa(n) + " pieces (at most 16)"
	}
	pawns := (p.byRole[Pawn] & own).Count()
	if pawns > 8 {
		return c.String() + " has " + strconv.Itoa(pawns) + " pawns (at most 8)"
	}
	extra := 0
	for r, start := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
		if start == 0 {
			continue
		}
		if n := (p.byRole[r] & own).Count(); n > start {
			extra += n - start
		}
	}
	if extra > 8-pawns {
		return c.String() + " has " + strconv.Itoa(extra) + " promoted pieces but only " + strconv.Itoa(8-pawns) + " missing pawns"
	}
	return ""
}

func parseCastling(p *Position, field string) (detail string, err error) {
	if field == "-" {
		return "", nil
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		var c Color
		var lower byte
		switch {
		case ch >= 'A' && ch <= 'Z':
			c, lower = White, ch+0x20
		case ch >= 'a' && ch <= 'z':
			c, lower = Black, ch
		default:
			return "bad character " + quoteByte(ch), ErrSyntax
		}
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return "bad character " + quoteByte(ch), ErrSyntax
		}
		back := backRank(c)
		rankNo := 0
		if c == Black {
			rankNo = 7
		}
		king := p.byRole[King] & p.byColor[c] & back
		if king == 0 {
			return "no " + c.String() + " king on its first rank for " + quoteByte(ch), ErrCastling
		}
		ksq := king.First()
		rooks := p.byRole[Rook] & p.byColor[c] & back
		var rook Square
		switch lower {
		case 'k':
			r := rooks & ^(ksq.BB()<<1 - 1) // files beyond the king towards h
			if r == 0 {
				return "no " + c.String() + " rook on the h-side of the king for " + quoteByte(ch), ErrCastling
			}
			rook = Square(63 - leadingZeros(r))
		case 'q':
			r := rooks & (ksq.BB() - 1)
			if r == 0 {
				return "no " + c.String() + " rook on the a-side of the king for " + quoteByte(ch), ErrCastling
			}
			rook = r.First()
		default:
			rook = SquareAt(int(lower-'a'), rankNo)
			if !rooks.Has(rook) {
				return "no " + c.String() + " rook on " + rook.String() + " for " + quoteByte(ch), ErrCastling
			}
		}
		if p.castling.Has(rook) {
			return "right for the rook on " + rook.String() + " given twice", ErrCastling
		}
		// One right per side of the king.
		var side Bitboard
		if rook > ksq {
			side = back & ^(ksq.BB()<<1 - 1)
		} else {
			side = back & (ksq.BB() - 1)
		}
		if p.castling&side != 0 {
			return "two " + c.String() + " castling rights on the same side of the king (" + quoteByte(ch) + ")", ErrCastling
		}
		p.castling |= rook.BB()
	}
	return "", nil
}

func leadingZeros(b Bitboard) int { return bits.LeadingZeros64(uint64(b)) }

// checkEnPassant tests that a double step of the side not to move could have
// produced the en-passant square ep.
func checkEnPassant(p *Position, ep Square) string {
	them := p.turn ^ 1
	wantRank, dir := 5, 8 // White to move: Black stepped from rank 7 to 5
	if p.turn == Black {
		wantRank, dir = 2, -8
	}
	if ep.Rank() != wantRank {
		return ep.String() + " is not on rank " + strconv.Itoa(wantRank+1) + " (" + p.turn.String() + " to move)"
	}
	pawnSq := Square(int(ep) - dir)
	if p.board[pawnSq] != code(them, Pawn) {
		return "no " + them.String() + " pawn on " + pawnSq.String() + " in front of " + ep.String()
	}
	from := Square(int(ep) + dir)
	if p.Occupied()&(ep.BB()|from.BB()) != 0 {
		return "the squares " + ep.String() + " and " + from.String() + " the pawn passed must be empty"
	}
	return ""
}

// FEN returns the position in FEN, with the castling field in the given
// style: X-FEN (KQkq, a file letter only for an inner rook that is not the
// outermost one on its side) or Shredder-FEN (the rooks' file letters,
// White's first, h-side before a-side, as in HAha). The en-passant square is
// written only when an en-passant capture is legal.
func (p *Position) FEN(mode CastlingMode) string {
	var b [92]byte
	return string(p.AppendFEN(b[:0], mode))
}

// AppendFEN appends the FEN of p (see FEN) to dst.
func (p *Position) AppendFEN(dst []byte, mode CastlingMode) []byte {
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for f := 0; f < 8; f++ {
			c := p.board[SquareAt(f, rank)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, '0'+empty)
				empty = 0
			}
			dst = append(dst, Piece{Color(c >> 3), Role(c & 7)}.Letter())
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	if p.turn == White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	dst = p.appendCastling(dst, mode)
	dst = append(dst, ' ')
	if p.ep != NoSquare {
		dst = append(dst, p.ep.String()...)
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.halfmove), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.fullmove), 10)
	return dst
}

func (p *Position) appendCastling(dst []byte, mode CastlingMode) []byte {
	if p.castling == 0 {
		return append(dst, '-')
	}
	for c := White; c <= Black; c++ {
		back := backRank(c)
		rights := p.castling & back
		if rights == 0 {
			continue
		}
		ksq := p.KingSquare(c)
		rooks := p.byRole[Rook] & p.byColor[c] & back
		hSide := back & ^(ksq.BB()<<1 - 1)
		aSide := back & (ksq.BB() - 1)
		var lowerCase byte
		if c == Black {
			lowerCase = 0x20
		}
		// h-side first, then a-side.
		if r := rights & hSide; r != 0 {
			sq := r.First()
			if mode != Chess960 && sq == Square(63-leadingZeros(rooks&hSide)) {
				dst = append(dst, 'K'|lowerCase)
			} else {
				dst = append(dst, ('A'+byte(sq.File()))|lowerCase)
			}
		}
		if r := rights & aSide; r != 0 {
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

// String returns the FEN in X-FEN style.
func (p Position) String() string { return p.FEN(Standard) }
