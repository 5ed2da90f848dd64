package chess

// Move is a move packed into 32 bits: origin, destination, promotion role and
// flags. It is comparable; its zero value is not a move any position
// generates. A castling move is stored as the king "taking" its own rook:
// From is the king's square and To the castling rook's square.
type Move uint32

const (
	moveCastle    = 1 << 15
	moveEnPassant = 1 << 16
)

// NullMove passes the turn without moving a piece, as analysis in PGN
// files does ("--" in ChessBase's and python-chess's files). It is the zero
// Move: no position generates it, IsLegal refuses it and Position.Play
// must not be given it; Position.PlayNull plays it, and Game.Record records
// it. Its UCI form is "0000" and its SAN "--".
const NullMove Move = 0

func newMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

func newPromotion(from, to Square, r Role) Move {
	return Move(from) | Move(to)<<6 | Move(r)<<12
}

// From returns the square the moving piece (for castling, the king) leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination; for castling, the castling rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the role a pawn promotes to, or NoRole.
func (m Move) Promotion() Role { return Role(m >> 12 & 7) }

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m&moveCastle != 0 }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m&moveEnPassant != 0 }

// KingTo returns where the king lands: To for ordinary moves, and for
// castling the g- or c-file square of the king's rank (g for a rook on the
// h-side of the king, c for one on the a-side).
func (m Move) KingTo() Square {
	if !m.IsCastle() {
		return m.To()
	}
	from, to := m.From(), m.To()
	if to > from {
		return SquareAt(6, from.Rank())
	}
	return SquareAt(2, from.Rank())
}

// RookTo returns where the castling rook lands (the f- or d-file square), or
// NoSquare for a move that is not castling.
func (m Move) RookTo() Square {
	if !m.IsCastle() {
		return NoSquare
	}
	from, to := m.From(), m.To()
	if to > from {
		return SquareAt(5, from.Rank())
	}
	return SquareAt(3, from.Rank())
}

// UCI returns the move in UCI notation, e.g. "e2e4" or "e7e8q". Castling is
// written as the king taking its own rook ("e1h1") in mode Chess960, and as
// the king's move ("e1g1", "e1c1"; "g1g1" when the king does not move) in
// mode Standard. NullMove is "0000".
func (m Move) UCI(mode CastlingMode) string {
	var b [5]byte
	return string(m.AppendUCI(b[:0], mode))
}

// AppendUCI appends the UCI form of m (see UCI) to dst.
func (m Move) AppendUCI(dst []byte, mode CastlingMode) []byte {
	if m == NullMove {
		return append(dst, "0000"...)
	}
	from, to := m.From(), m.To()
	if m.IsCastle() && mode != Chess960 {
		to = m.KingTo()
	}
	dst = append(dst, 'a'+byte(from.File()), '1'+byte(from.Rank()), 'a'+byte(to.File()), '1'+byte(to.Rank()))
	if p := m.Promotion(); p != NoRole {
		dst = append(dst, p.Letter()|0x20)
	}
	return dst
}

// String returns the move in Chess960 UCI notation (castling as
// king-takes-rook).
func (m Move) String() string { return m.UCI(Chess960) }

// MoveList is a fixed-capacity list of moves, large enough for any position
// this package accepts, whatever its material (see maxMoves). Reuse one to generate moves without allocating.
type MoveList struct {
	moves [maxMoves]Move
	n     int
}

// maxMoves bounds the legal moves of any position this package accepts,
// whatever its material. Take a move as its piece and its destination (a
// promotion counts four times, castling apart), with o pieces to move, k of
// them knights:
//   - a destination holds no piece of the side to move and is not the other
//     king's square (nothing attacks that king: the side not to move is never
//     in check), so there are d = 63-o of them;
//   - every move but a knight's goes along a rank, file or diagonal with only
//     empty squares between: from at most 8 directions to each destination
//     (8d), by pieces with at most 27 destinations each (a queen's on an empty
//     board: 27(o-k)), and on a line of n squares each square that is not the
//     mover's is reached from at most its two sides, so at most
//     max(2n-4, n-1) times: 340 over the 46 ranks, files and diagonals;
//   - a knight move is an edge of the knight's graph, which has 168, with at
//     most 8 at a knight (8k) and 8 at a destination (8d).
//
// The largest min(8d, 27(o-k), 340) + min(8d, 8k, 168) over every o and k is
// 424 (o = 30, k = 20). A promotion adds 3 to each of at most 22 pawn moves
// to the last rank (8 pushes, 14 captures), and castling 2: 492 moves.
// TestMaxMovesBound checks the sums. The most a search over boards found is
// 271, for a ring of queens (perft/testdata/material.perft); a position
// reachable from a start position has at most 218.
const maxMoves = 492

// Len returns the number of moves in the list.
func (ml *MoveList) Len() int { return ml.n }

// At returns the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Moves returns the moves as a slice that shares the list's storage.
func (ml *MoveList) Moves() []Move { return ml.moves[:ml.n] }
