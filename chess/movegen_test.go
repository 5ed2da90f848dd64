package chess

import (
	"math/rand/v2"
	"testing"

	chess960 "github.com/chess960/chess960"
)

// TestIsLegalEveryMove: IsLegal, which looks only at one piece's moves,
// accepts exactly the moves LegalMoves lists, among every value a Move can
// hold (each origin, destination, promotion and flag), in positions with
// castling, en passant, promotions, checks, pins and a lot of material, and
// in positions from random games.
func TestIsLegalEveryMove(t *testing.T) {
	var positions []Position
	for _, fen := range append(moveFuzzFENs,
		"8/8/8/KPp4r/8/8/8/7k w - c6 0 1",    // en passant along a pinned rank
		"8/8/8/1k6/2pP4/8/8/5BK1 b - d3 0 1", // en passant out of check
		"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", // check: block or capture, no castling
		"4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",  // a pinned pawn
		"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1",
		"KQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q5RB/QQQQnQBk w - - 0 1",
		"k1n1n1n1/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/K7 w - - 0 1",
	) {
		positions = append(positions, MustParseFEN(fen))
	}
	for _, p := range playouts(positions, rand.New(rand.NewPCG(17, 960)), 60, 60) {
		legal := map[Move]bool{}
		for _, m := range p.AppendLegalMoves(nil) {
			legal[m] = true
		}
		for m := Move(0); m < 1<<17; m++ {
			if p.IsLegal(m) != legal[m] {
				t.Fatalf("%s: IsLegal(%#x, %s) = %v", p.FEN(Chess960), uint32(m), m, !legal[m])
			}
		}
		for _, m := range []Move{1 << 17, 1<<17 | newMove(E2, E4), 1<<31 | newMove(G1, F3), ^Move(0)} {
			if p.IsLegal(m) {
				t.Fatalf("%s: IsLegal(%#x) = true", p.FEN(Chess960), uint32(m))
			}
		}
	}
}

// playouts appends to positions, until it holds n, positions from random
// games: a random start position, then fewer than maxPly random moves.
func playouts(positions []Position, rng *rand.Rand, n, maxPly int) []Position {
	for len(positions) < n {
		p := NewPosition(chess960.MustNew(rng.IntN(960)))
		for ply := rng.IntN(maxPly); ply > 0; ply-- {
			legal := p.AppendLegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.Play(legal[rng.IntN(len(legal))])
		}
		positions = append(positions, p)
	}
	return positions
}
