package chess

import (
	"errors"

	chess960 "github.com/chess960/chess960"
)

// Position is a chess position that can be played: the pieces, the side to
// move, castling rights, the en-passant square and the move counters,
// validated once when it is made (by NewPosition, ParseFEN or
// Setup.Position), so that methods never need to check again. It is a value
// type: copying it makes an independent snapshot. The zero Position is not
// a valid position.
type Position struct {
	placement
	castling Bitboard // squares of rooks that keep a castling right
	checkers Bitboard // pieces giving check to the side to move
	hash     uint64   // Zobrist key
	halfmove int32    // plies since the last capture or pawn move
	fullmove int32    // starts at 1, incremented after Black's move
	ep       Square   // en-passant target, only when a capture there is legal
	turn     Color    // side to move
}

// NewPosition returns the start position sp with White to move and all four
// castling rights.
func NewPosition(sp chess960.StartPos) Position {
	var p Position
	rank := sp.Rank()
	for f, pc := range rank {
		r := roleFromChar(byte(pc))
		p.put(SquareAt(f, 0), White, r)
		p.put(SquareAt(f, 1), White, Pawn)
		p.put(SquareAt(f, 6), Black, Pawn)
		p.put(SquareAt(f, 7), Black, r)
		if r == Rook {
			p.castling |= SquareAt(f, 0).BB() | SquareAt(f, 7).BB()
		}
	}
	p.ep = NoSquare
	p.fullmove = 1
	p.hash = p.computeHash()
	return p
}

// Turn returns the side to move.
func (p Position) Turn() Color { return p.turn }

// PieceAt returns the piece on sq (Role NoRole if the square is empty or sq
// is out of range).
func (p Position) PieceAt(sq Square) Piece { return p.pieceAt(sq) }

// Occupied returns the set of occupied squares.
func (p Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// Pieces returns the squares of c's pieces of role r (r == NoRole: all of
// c's pieces).
func (p Position) Pieces(c Color, r Role) Bitboard { return p.pieces(c, r) }

// KingSquare returns the square of c's king.
func (p Position) KingSquare(c Color) Square {
	return (p.byRole[King] & p.byColor[c&1]).First()
}

// InCheck reports whether the side to move is in check.
func (p Position) InCheck() bool { return p.checkers != 0 }

// Checkers returns the pieces that give check to the side to move.
func (p Position) Checkers() Bitboard { return p.checkers }

// EnPassantSquare returns the square a pawn may capture onto en passant and
// true, but only when such a capture is legal in this position (a double step
// alone is not enough). This is also when FEN writes the square and when the
// hash includes it.
func (p Position) EnPassantSquare() (Square, bool) { return p.ep, p.ep != NoSquare }

// CastlingRooks returns the squares of the rooks that keep a castling right.
func (p Position) CastlingRooks() Bitboard { return p.castling }

// Halfmove returns the number of plies since the last capture or pawn move.
func (p Position) Halfmove() int { return int(p.halfmove) }

// Fullmove returns the move number, starting at 1 and incremented after
// each move by Black.
func (p Position) Fullmove() int { return int(p.fullmove) }

// Hash returns a Zobrist key of the piece placement, side to move, castling
// rights and en-passant square (the latter only when a capture there is
// legal). Positions that the repetition rule treats as the same have equal
// keys; the counters do not enter it.
func (p Position) Hash() uint64 { return p.hash }

// AttackersTo returns the pieces of side by that attack sq.
func (p Position) AttackersTo(sq Square, by Color) Bitboard {
	return p.attackersTo(sq&63, by, p.Occupied())
}

func (p *Position) attackersTo(sq Square, by Color, occ Bitboard) Bitboard {
	sq, by = sq&63, by&1 // no bounds checks below
	them := p.byColor[by]
	att := them & (pawnAttacks[by^1][sq]&p.byRole[Pawn] |
		knightAttacks[sq]&p.byRole[Knight] |
		kingAttacks[sq]&p.byRole[King])
	// Look up slider attacks only when a slider stands on one of the lines.
	if rq := them & (p.byRole[Rook] | p.byRole[Queen]) & rookPseudo[sq]; rq != 0 {
		att |= rookAttacks(sq, occ) & rq
	}
	if bq := them & (p.byRole[Bishop] | p.byRole[Queen]) & bishopPseudo[sq]; bq != 0 {
		att |= bishopAttacks(sq, occ) & bq
	}
	return att
}

// attacked reports whether side by attacks sq, with occupancy occ.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	sq, by = sq&63, by&1 // no bounds checks below
	them := p.byColor[by]
	if them&(pawnAttacks[by^1][sq]&p.byRole[Pawn]|knightAttacks[sq]&p.byRole[Knight]|kingAttacks[sq]&p.byRole[King]) != 0 {
		return true
	}
	if rq := them & (p.byRole[Rook] | p.byRole[Queen]) & rookPseudo[sq]; rq != 0 && rookAttacks(sq, occ)&rq != 0 {
		return true
	}
	bq := them & (p.byRole[Bishop] | p.byRole[Queen]) & bishopPseudo[sq]
	return bq != 0 && bishopAttacks(sq, occ)&bq != 0
}

// Zobrist keys, from a fixed-seed splitmix64 generator.
var (
	zobPiece  [16][64]uint64
	zobCastle [64]uint64
	zobEP     [8]uint64
	zobTurn   uint64
)

func init() {
	s := uint64(0x5eed_c0de_960)
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobPiece {
		for sq := range zobPiece[c] {
			zobPiece[c][sq] = next()
		}
	}
	for sq := range zobCastle {
		zobCastle[sq] = next()
	}
	for f := range zobEP {
		zobEP[f] = next()
	}
	zobTurn = next()
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for sq, c := range p.board {
		if c != 0 {
			h ^= zobPiece[c][sq]
		}
	}
	for b := p.castling; b != 0; b &= b - 1 {
		h ^= zobCastle[b.First()]
	}
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
	}
	if p.turn == Black {
		h ^= zobTurn
	}
	return h
}

// backRank returns c's first rank.
func backRank(c Color) Bitboard {
	if c == White {
		return Rank1
	}
	return Rank8
}

// Play makes the move m, which must be legal in p (one of the moves
// AppendLegalMoves returns, or accepted by IsLegal or ParseUCI). Playing an
// illegal move leaves p in an undefined state.
func (p *Position) Play(m Move) {
	us := p.turn & 1 // masked: no bounds checks below
	them := us ^ 1
	from, to := m.From(), m.To()
	h := p.hash ^ zobTurn
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	castling := p.castling
	mc := p.board[from]
	role := Role(mc & 7)
	switch {
	case m&moveCastle != 0:
		kto, rto := m.KingTo(), m.RookTo()
		rc := code(us, Rook)
		// Lift both pieces before putting them down: they may swap squares.
		p.board[from], p.board[to] = 0, 0
		p.board[kto], p.board[rto] = mc, rc
		kb := from.BB() ^ kto.BB()
		rb := to.BB() ^ rto.BB()
		p.byRole[King] ^= kb
		p.byRole[Rook] ^= rb
		p.byColor[us] ^= kb ^ rb
		h ^= zobPiece[mc][from] ^ zobPiece[mc][kto] ^ zobPiece[rc][to] ^ zobPiece[rc][rto]
		castling &^= backRank(us)
	default:
		if cc := p.board[to]; cc != 0 {
			tb := to.BB()
			p.byRole[cc&7] ^= tb
			p.byColor[them] ^= tb
			h ^= zobPiece[cc][to]
			p.halfmove = 0
		}
		fb, tb := from.BB(), to.BB()
		p.byColor[us] ^= fb | tb
		p.board[from] = 0
		h ^= zobPiece[mc][from]
		switch role {
		case Pawn:
			p.halfmove = 0
			if m&moveEnPassant != 0 {
				capsq := to ^ 8
				cc := code(them, Pawn)
				p.board[capsq] = 0
				p.byRole[Pawn] ^= capsq.BB()
				p.byColor[them] ^= capsq.BB()
				h ^= zobPiece[cc][capsq]
			}
			if pr := m.Promotion(); pr != NoRole {
				p.byRole[Pawn] ^= fb
				p.byRole[pr] |= tb
				mc = code(us, pr)
			} else {
				p.byRole[Pawn] ^= fb | tb
				if to^from == 16 {
					// Double step: the square passed over is an en-passant
					// target when a capture there would be legal.
					ep := (from + to) / 2
					if pawnAttacks[us][ep]&p.byRole[Pawn]&p.byColor[them] != 0 {
						if p.epCaptureExists(ep, them) {
							p.ep = ep
							h ^= zobEP[ep.File()]
						}
					}
				}
			}
		case King:
			p.byRole[King] ^= fb | tb
			castling &^= backRank(us)
		default:
			p.byRole[role] ^= fb | tb
		}
		p.board[to] = mc
		h ^= zobPiece[mc][to]
		castling &^= fb | tb
	}
	if castling != p.castling {
		for b := castling ^ p.castling; b != 0; b &= b - 1 {
			h ^= zobCastle[b.First()]
		}
		p.castling = castling
	}
	p.turn = them
	p.hash = h
	ksq := (p.byRole[King] & p.byColor[them]).First()
	p.checkers = p.attackersTo(ksq, us, p.byColor[0]|p.byColor[1])
}

// ErrNullInCheck is the reason PlayNull refuses to pass the turn of a side
// in check.
var ErrNullInCheck = errors.New("a null move while in check")

// PlayNull plays NullMove: the other side is to move, on the same board.
// The en-passant square goes, the castling rights stay, and the move
// counters advance as for any move that is not a capture or a pawn move. A
// side in check may not pass (its king could be taken): that is refused
// with a *MoveError (ErrNullInCheck) and p is left as it was.
func (p *Position) PlayNull() error {
	if p.checkers != 0 {
		return errNullInCheck()
	}
	h := p.hash ^ zobTurn
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if p.turn == Black {
		p.fullmove++
	}
	us := p.turn & 1
	p.turn = us ^ 1
	p.hash = h
	ksq := (p.byRole[King] & p.byColor[us^1]).First()
	p.checkers = p.attackersTo(ksq, us, p.byColor[0]|p.byColor[1])
	return nil
}

func errNullInCheck() error {
	return &MoveError{Input: "--", Err: ErrNullInCheck, Detail: "the side to move must answer the check"}
}

// epCaptureExists reports whether a pawn of side c can legally capture en
// passant onto ep. The board must already show the double step.
func (p *Position) epCaptureExists(ep Square, c Color) bool {
	for b := pawnAttacks[c^1][ep] & p.byRole[Pawn] & p.byColor[c]; b != 0; b &= b - 1 {
		if p.epLegal(b.First(), ep, c) {
			return true
		}
	}
	return false
}

// epLegal reports whether c's pawn on from may capture en passant onto ep
// without leaving its king attacked. It tests the position after the
// capture, so pins, discovered checks along the rank and existing checks are
// all covered.
func (p *Position) epLegal(from, ep Square, c Color) bool {
	capsq := ep ^ 8
	occ := (p.byColor[0]|p.byColor[1])&^(from.BB()|capsq.BB()) | ep.BB()
	ksq := (p.byRole[King] & p.byColor[c]).First()
	them := p.byColor[c^1] &^ capsq.BB()
	return them&(pawnAttacks[c][ksq]&p.byRole[Pawn]|
		knightAttacks[ksq]&p.byRole[Knight]|
		kingAttacks[ksq]&p.byRole[King]|
		rookAttacks(ksq, occ)&(p.byRole[Rook]|p.byRole[Queen])|
		bishopAttacks(ksq, occ)&(p.byRole[Bishop]|p.byRole[Queen])) == 0
}
