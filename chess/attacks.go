package chess

import "github.com/chess960/chess960/internal/attack"

// Precomputed attack tables, built by package internal/attack and copied
// here with chess's types. Sliding pieces use attack's "fancy" magic
// bitboards, one copy shared with package perft's counting engine.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	between       [64][64]Bitboard // squares strictly between two aligned squares
	lineThrough   [64][64]Bitboard // the whole line through two aligned squares
	rookPseudo    [64]Bitboard     // rook attacks on an empty board
	bishopPseudo  [64]Bitboard     // bishop attacks on an empty board
)

// castlePaths holds the squares of castling, by king file and rook file.
var castlePaths = &attack.Castling

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	return Bitboard(attack.Rook(uint8(sq), uint64(occ)))
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	return Bitboard(attack.Bishop(uint8(sq), uint64(occ)))
}

// slideAttacks walks the rays from sq, stopping at (and including) the first
// occupied square: the slow reference of the tests.
func slideAttacks(sq Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	return Bitboard(attack.Slide(int(sq), uint64(occ), dirs))
}

var (
	rookDirs   = &attack.RookDirs
	bishopDirs = &attack.BishopDirs
)

func init() {
	for a := range 64 {
		knightAttacks[a] = Bitboard(attack.Knight[a])
		kingAttacks[a] = Bitboard(attack.King[a])
		pawnAttacks[White][a] = Bitboard(attack.Pawn[0][a])
		pawnAttacks[Black][a] = Bitboard(attack.Pawn[1][a])
		rookPseudo[a] = Bitboard(attack.RookPseudo[a])
		bishopPseudo[a] = Bitboard(attack.BishopPseudo[a])
		for b := range 64 {
			between[a][b] = Bitboard(attack.Between[a][b])
			lineThrough[a][b] = Bitboard(attack.Line[a][b])
		}
	}
}
