package attack

import (
	"math/rand/v2"
	"testing"
)

// TestMagicNumbers: every written-down magic number worked, so start-up
// did not search, and the tables agree with the slow reference.
func TestMagicNumbers(t *testing.T) {
	for sq := range 64 {
		if rookMagics[sq].magic != rookMagicNumbers[sq] {
			t.Errorf("rook magic for %d: searched %#x, written %#x", sq, rookMagics[sq].magic, rookMagicNumbers[sq])
		}
		if bishopMagics[sq].magic != bishopMagicNumbers[sq] {
			t.Errorf("bishop magic for %d: searched %#x, written %#x", sq, bishopMagics[sq].magic, bishopMagicNumbers[sq])
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		sq := rng.IntN(64)
		occ := rng.Uint64() & rng.Uint64()
		if got, want := Rook(uint8(sq), occ), Slide(sq, occ, &RookDirs); got != want {
			t.Fatalf("Rook(%d, %#x) = %#x, want %#x", sq, occ, got, want)
		}
		if got, want := Bishop(uint8(sq), occ), Slide(sq, occ, &BishopDirs); got != want {
			t.Fatalf("Bishop(%d, %#x) = %#x, want %#x", sq, occ, got, want)
		}
	}
}

// TestTables checks the step tables on squares whose answers are known by
// hand.
func TestTables(t *testing.T) {
	const a1, b1, d4, e4, h8, g7 = 0, 1, 27, 28, 63, 54
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"knight a1", Knight[a1], 1<<10 | 1<<17},
		{"king h8", King[h8], 1<<62 | 1<<55 | 1<<54},
		{"white pawn e4", Pawn[0][e4], 1<<35 | 1<<37},
		{"black pawn e4", Pawn[1][e4], 1<<19 | 1<<21},
		{"between a1 h8", Between[a1][h8], 1<<9 | 1<<18 | 1<<27 | 1<<36 | 1<<45 | 1<<54},
		{"between a1 b1", Between[a1][b1], 0},
		{"line d4 e4", Line[d4][e4], 0xff << 24},
		{"line a1 g7", Line[a1][g7], 0x8040201008040201},
		{"line a1 knight's square", Line[a1][10], 0},
		{"rook a1 on an empty board", RookPseudo[a1], 0x01010101010101fe},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %#x, want %#x", c.name, c.got, c.want)
		}
	}
}
