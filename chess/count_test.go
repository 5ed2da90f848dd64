package chess

import (
	"math/rand/v2"
	"testing"
)

// TestMagicNumbers: every written-down magic number worked, so start-up
// did not search.
func TestMagicNumbers(t *testing.T) {
	for sq := range 64 {
		if rookMagics[sq].magic != rookMagicNumbers[sq] {
			t.Errorf("rook magic for %v: searched %#x, written %#x", Square(sq), rookMagics[sq].magic, rookMagicNumbers[sq])
		}
		if bishopMagics[sq].magic != bishopMagicNumbers[sq] {
			t.Errorf("bishop magic for %v: searched %#x, written %#x", Square(sq), bishopMagics[sq].magic, bishopMagicNumbers[sq])
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		sq := Square(rng.IntN(64))
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		if got, want := rookAttacks(sq, occ), slideAttacks(sq, occ, &rookDirs); got != want {
			t.Fatalf("rookAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
		}
		if got, want := bishopAttacks(sq, occ), slideAttacks(sq, occ, &bishopDirs); got != want {
			t.Fatalf("bishopAttacks(%v, %#x) = %#x, want %#x", sq, occ, got, want)
		}
	}
}
