package game

import "github.com/chess960/chess960/chess"

// darkSquares are a1, c1, ..., the squares of a1's colour.
const darkSquares chess.Bitboard = 0xAA55AA55AA55AA55

// CanMate reports whether side could still mate the other by some series
// of legal moves, the test of FIDE Laws 6.9 for a flag: when it cannot, a
// player whose time runs out draws instead of losing. It answers false
// only where mate is impossible:
//   - side has its king alone;
//   - side has king and one knight, and the other side only its king and
//     queens (a queen next to its king takes any checking knight);
//   - side has king and bishops all on squares of one colour, and the
//     other side only its king and bishops on squares of that colour.
//
// Every other balance counts as mate being possible, which is right for
// nearly all of them; a rare dead position outside these (a blocked pawn
// chain, say) is scored as a loss on time, as most servers score it.
func CanMate(p chess.Position, side chess.Color) bool {
	other := side.Other()
	count := func(c chess.Color, r chess.Role) int { return p.Pieces(c, r).Count() }
	heavy := count(side, chess.Pawn) + count(side, chess.Rook) + count(side, chess.Queen)
	knights, bishops := count(side, chess.Knight), count(side, chess.Bishop)
	if heavy > 0 {
		return true
	}
	switch {
	case knights == 0 && bishops == 0:
		return false
	case knights == 1 && bishops == 0:
		return count(other, chess.Pawn)+count(other, chess.Knight)+count(other, chess.Bishop)+count(other, chess.Rook) > 0
	case knights == 0:
		b := p.Pieces(side, chess.Bishop)
		if b&darkSquares != 0 && b&^darkSquares != 0 {
			return true // bishops on both colours
		}
		shade := darkSquares
		if b&darkSquares == 0 {
			shade = ^darkSquares
		}
		ob := p.Pieces(other, chess.Bishop)
		return count(other, chess.Pawn)+count(other, chess.Knight)+count(other, chess.Rook)+count(other, chess.Queen) > 0 ||
			ob&^shade != 0
	}
	return true
}
