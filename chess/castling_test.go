package chess

import (
	"strings"
	"testing"
)

// Each castling configuration of SPEC §4, with the move written
// king-takes-rook, whether it is legal, and the placement afterwards.
var castlingCases = []struct {
	name  string
	fen   string
	move  string
	legal bool
	after string // placement field after the move (legal moves only)
}{
	{"king already on g1: only the rook moves", "4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"king already on c1: only the rook moves", "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1", true, "4k3/8/8/8/8/8/8/2KR4"},
	{"rook already on f1: only the king moves", "4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"rook already on d1: only the king moves", "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", "e1d1", true, "4k3/8/8/8/8/8/8/2KR4"},
	{"king and rook swap (h-side)", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"king and rook swap (a-side)", "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", "d1c1", true, "4k3/8/8/8/8/8/8/2KR4"},
	{"rook on the king's target (a-side)", "4k3/8/8/8/8/8/8/2R1K3 w Q - 0 1", "e1c1", true, "4k3/8/8/8/8/8/8/2KR4"},
	{"rook on the king's target (h-side)", "4k3/8/8/8/8/8/8/1K4R1 w K - 0 1", "b1g1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"king on the rook's target (h-side)", "4k3/8/8/8/8/8/8/5K1R w K - 0 1", "f1h1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"king on the rook's target (a-side)", "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", "d1a1", true, "4k3/8/8/8/8/8/8/2KR4"},
	{"king on c1, rook on d1: h-side, both travel far", "4k3/8/8/8/8/8/8/2KR4 w K - 0 1", "c1d1", true, "4k3/8/8/8/8/8/8/5RK1"},
	{"inner rook with the right, second rook outside", "4k3/8/8/8/8/8/8/RR1K4 w B - 0 1", "d1b1", true, "4k3/8/8/8/8/8/8/R1KR4"},
	{"inner rook with the right (h-side)", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "e1g1", true, "4k3/8/8/8/8/8/8/5RKR"},
	{"outer rook's right blocked by the inner rook", "4k3/8/8/8/8/8/8/RR1K4 w Q - 0 1", "d1a1", false, ""},
	{"square only the rook crosses is attacked", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true, "1r2k3/8/8/8/8/8/8/2KR4"},
	{"rook x-rays the king's target through the castling rook", "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", "d1b1", false, ""},
	{"rook x-rays the unmoving king through the castling rook", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "c1b1", false, ""},
	{"queen x-rays through the castling rook", "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", "d1b1", false, ""},
	{"queen on a8 sees none of the king's path", "q3k3/8/8/8/8/8/8/1R1K3R w Q - 0 1", "d1b1", true, "q3k3/8/8/8/8/8/8/2KR3R"},
	{"black: x-ray through the castling rook", "Rr1k4/8/8/8/8/8/8/4K3 b b - 0 1", "d8b8", false, ""},
	{"black: inner rook", "rr1k4/8/8/8/8/8/8/4K3 b b - 0 1", "d8b8", true, "r1kr4/8/8/8/8/8/8/4K3"},
	{"square the king crosses is attacked", "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1", false, ""},
	{"the other side is fine", "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", true, "3rk3/8/8/8/8/8/8/R4RK1"},
	{"king's target attacked", "2r1k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", false, ""},
	{"in check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", false, ""},
	{"piece between rook and its target", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1a1", false, ""},
	{"piece on the king's path", "4k3/8/8/8/8/8/8/1RK2BRN w KQ - 0 1", "c1g1", false, ""},
	{"king stays, rook passes it", "4k3/8/8/8/8/8/8/1RK2BRN w KQ - 0 1", "c1b1", true, "4k3/8/8/8/8/8/8/2KR1BRN"},
	{"pawn attacks the king's path", "4k3/8/8/8/8/8/2p3p1/R3K2R w KQ - 0 1", "e1a1", false, ""},
	{"knight attacks the king's target", "4k3/8/8/8/8/8/n7/R3K2R w KQ - 0 1", "e1a1", false, ""},
	{"knight attacks only a square the rook crosses", "4k3/8/8/8/8/n7/8/R3K2R w KQ - 0 1", "e1a1", true, "4k3/8/8/8/8/n7/8/2KR3R"},
}

func TestCastlingMoves(t *testing.T) {
	for _, c := range castlingCases {
		t.Run(c.name, func(t *testing.T) {
			p := MustParseFEN(c.fen)
			var found Move
			var ml MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Moves() {
				if m.IsCastle() && m.UCI(Chess960) == c.move {
					found = m
				}
			}
			if (found != 0) != c.legal {
				t.Fatalf("%s: castling %s legal = %v, want %v", c.fen, c.move, found != 0, c.legal)
			}
			if !c.legal {
				return
			}
			p.Play(found)
			if got, _, _ := strings.Cut(p.FEN(Standard), " "); got != c.after {
				t.Errorf("after %s: placement %s, want %s", c.move, got, c.after)
			}
			if p.CastlingRooks()&backRank(p.Turn().Other()) != 0 {
				t.Errorf("after %s: castling rights left: %s", c.move, p.FEN(Chess960))
			}
			if p.Hash() != p.computeHash() {
				t.Errorf("after %s: incremental hash differs from a fresh one", c.move)
			}
		})
	}
}
