package chess

import (
	"strconv"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
)

// placement is the piece placement shared by Board and Position: a piece
// code per square and the same pieces as bitboards.
type placement struct {
	board   [64]uint8   // piece code per square: 0 empty, else role | color<<3
	byRole  [7]Bitboard // indexed by Role; [NoRole] unused
	byColor [2]Bitboard // pieces of each side
}

func code(c Color, r Role) uint8 { return uint8(r) | uint8(c)<<3 }

// put places a piece on an empty square.
func (b *placement) put(sq Square, c Color, r Role) {
	b.board[sq] = code(c, r)
	b.byRole[r] |= sq.BB()
	b.byColor[c] |= sq.BB()
}

func (b *placement) pieceAt(sq Square) Piece {
	if sq >= 64 {
		return Piece{}
	}
	c := b.board[sq]
	return Piece{Color(c >> 3), Role(c & 7)}
}

func (b *placement) pieces(c Color, r Role) Bitboard {
	if r == NoRole || r > King {
		return b.byColor[c&1]
	}
	return b.byRole[r] & b.byColor[c&1]
}

// Board is a placement of pieces on the 64 squares, with no other state: no
// side to move, no rights, and no rules checked. Any number of pieces may
// stand anywhere. The zero Board is empty. A board editor builds one with
// Set, puts it in a Setup and asks the Setup for a Position.
type Board struct{ placement }

// ParseBoard reads the placement field of a FEN, e.g.
// "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".
func ParseBoard(s string) (Board, error) {
	var b Board
	if field, err := b.parse(s); err != nil {
		return Board{}, &FENError{Input: s, Field: field, Err: err.Err, Detail: err.Detail}
	}
	return b, nil
}

// parse reads a placement field into an empty board.
func (b *Board) parse(s string) (field string, err *Problem) {
	fail := func(err error, detail string) (string, *Problem) {
		return "placement", &Problem{Field: "placement", Err: err, Detail: detail}
	}
	rank, f := 7, 0
	start := 0 // where the current rank's text starts
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '/' {
			if f != 8 {
				return fail(ErrRankSize, "rank "+strconv.Itoa(rank+1)+" ("+quote.Input(s[start:i])+") has "+sizeWord(f, s[start:i]))
			}
			if i == len(s) {
				break
			}
			if rank == 0 {
				return fail(ErrRankSize, "more than 8 ranks")
			}
			rank, f, start = rank-1, 0, i+1
			continue
		}
		c := s[i]
		if c >= '1' && c <= '8' {
			f += int(c - '0')
			continue
		}
		r := roleFromChar(c)
		if r == NoRole {
			return fail(chess960.ErrSyntax, "bad character "+quote.Char(s, i)+" in rank "+strconv.Itoa(rank+1))
		}
		if f < 8 {
			col := White
			if c >= 'a' {
				col = Black
			}
			b.put(SquareAt(f, rank), col, r)
		}
		f++
	}
	if rank != 0 {
		return fail(ErrRankSize, "want 8 ranks separated by '/', have "+strconv.Itoa(8-rank))
	}
	return "", nil
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

// PieceAt returns the piece on sq (Role NoRole if the square is empty or sq
// is out of range).
func (b Board) PieceAt(sq Square) Piece { return b.pieceAt(sq) }

// Set puts pc on sq, replacing what stood there; Piece{} empties the square.
// It does nothing for a square out of range or a role out of range.
func (b *Board) Set(sq Square, pc Piece) {
	if sq >= 64 || pc.Role > King || pc.Color > Black {
		return
	}
	if old := b.board[sq]; old != 0 {
		b.byRole[old&7] &^= sq.BB()
		b.byColor[old>>3] &^= sq.BB()
		b.board[sq] = 0
	}
	if pc.Role != NoRole {
		b.put(sq, pc.Color, pc.Role)
	}
}

// Pieces returns the squares of c's pieces of role r (r == NoRole: all of
// c's pieces).
func (b Board) Pieces(c Color, r Role) Bitboard { return b.pieces(c, r) }

// Occupied returns the set of occupied squares.
func (b Board) Occupied() Bitboard { return b.byColor[White] | b.byColor[Black] }

// KingSquare returns the square of c's king, the lowest one if c has
// several, or NoSquare if c has none.
func (b Board) KingSquare(c Color) Square {
	k := b.byRole[King] & b.byColor[c&1]
	if k == 0 {
		return NoSquare
	}
	return k.First()
}

// String returns the placement field of a FEN.
func (b Board) String() string { return string(b.appendPlacement(nil)) }

// appendPlacement appends the placement field of a FEN to dst.
func (b *placement) appendPlacement(dst []byte) []byte {
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for f := 0; f < 8; f++ {
			c := b.board[SquareAt(f, rank)]
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
	return dst
}
