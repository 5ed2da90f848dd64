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
	castlePaths   [8][8]castlePath // by king file and rook file, on the first rank
)

// castlePath holds, for a king and a castling rook on the first rank, the
// squares that must be empty (the king's and rook's paths and targets, less
// the two pieces themselves) and the king's path, its own square included,
// which must not be attacked. Shift both by 56 for the eighth rank.
type castlePath struct {
	empty, kpath Bitboard
}

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
	initCastlePaths()
}

func initCastlePaths() {
	for kf := 0; kf < 8; kf++ {
		for rf := 0; rf < 8; rf++ {
			if kf == rf {
				continue
			}
			ksq, rook := SquareAt(kf, 0), SquareAt(rf, 0)
			kto, rto := C1, D1
			if rook > ksq {
				kto, rto = G1, F1
			}
			kpath := between[ksq][kto] | kto.BB()
			castlePaths[kf][rf] = castlePath{
				empty: (kpath | between[rook][rto] | rto.BB()) &^ (ksq.BB() | rook.BB()),
				kpath: kpath | ksq.BB(),
			}
		}
	}
}
