package chess

import (
	"math/rand/v2"
	"testing"

	chess960 "github.com/chess960/chess960"
)

// TestCountMoves checks the leaf counter against the generator on every
// suite position, on random playouts from each of them and from every start
// position, and on all the positions one ply after them.
func TestCountMoves(t *testing.T) {
	var starts []Position
	for _, name := range []string{"chess960-start.perft", "chess960-midgame.perft", "random-playouts.perft", "castling.perft"} {
		for _, c := range readPerftSuite(t, name) {
			p, err := ParseFEN(c.FEN)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			starts = append(starts, p)
		}
	}
	for id := 0; id < chess960.Count; id++ {
		starts = append(starts, NewPosition(chess960.MustNew(id)))
	}
	rng := rand.New(rand.NewPCG(960, 4))
	checked := 0
	check := func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		if got := p.countMoves(); got != ml.Len() {
			t.Fatalf("%s: countMoves %d, generated %d", p.FEN(chess960.Shredder), got, ml.Len())
		}
		checked++
	}
	for _, start := range starts {
		p := start
		plies := 120
		if testing.Short() {
			plies = 20
		}
		for ply := 0; ply < plies; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			check(&p)
			if ply%10 == 0 {
				for _, m := range ml.Moves() {
					q := p
					q.Play(m)
					check(&q)
				}
			}
			if ml.Len() == 0 {
				break
			}
			p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions", checked)
}

func TestPerftParallel(t *testing.T) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		for depth := 0; depth <= 4; depth++ {
			want := Divide(p, depth)
			for _, threads := range []int{0, 1, 2, 3, 7} {
				got := DivideParallel(p, depth, threads)
				if len(got) != len(want) {
					t.Fatalf("%s depth %d threads %d: %d moves, want %d", bp.name, depth, threads, len(got), len(want))
				}
				var sum uint64
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s depth %d threads %d: %v, want %v", bp.name, depth, threads, got[i], want[i])
					}
					sum += got[i].Nodes
				}
				if n := PerftParallel(p, depth, threads); n != Perft(p, depth) || (depth > 0 && n != sum) {
					t.Fatalf("%s depth %d threads %d: PerftParallel %d, Perft %d", bp.name, depth, threads, n, Perft(p, depth))
				}
			}
		}
	}
	// A position whose root has no legal move, and one with a single reply.
	for _, fen := range []string{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/8/8/8/8/8/1R6/1R5K b - - 0 1"} {
		p := MustParseFEN(fen)
		for depth := 0; depth <= 4; depth++ {
			if got, want := PerftParallel(p, depth, 2), Perft(p, depth); got != want {
				t.Fatalf("%s depth %d: %d, want %d", fen, depth, got, want)
			}
		}
	}
}

// TestPerftTable: hashed perft agrees with Perft, with a tiny table (many
// replacements) and a larger one, alone and shared by goroutines.
func TestPerftTable(t *testing.T) {
	var cases []SuiteEntry
	for _, name := range []string{"castling.perft", "random-playouts.perft"} {
		cases = append(cases, readPerftSuite(t, name)...)
	}
	for _, bp := range benchPositions {
		cases = append(cases, SuiteEntry{ID: bp.name, FEN: bp.fen})
	}
	small, large := NewPerftTable(0), NewPerftTable(16)
	for i, c := range cases {
		if i%10 != 0 && i < len(cases)-len(benchPositions) {
			continue
		}
		p := MustParseFEN(c.FEN)
		depth := 4
		if p.CountLegalMoves() > 30 {
			depth = 3
		}
		want := Perft(p, depth)
		for _, tab := range []*PerftTable{small, large} {
			if got := tab.Perft(p, depth); got != want {
				t.Fatalf("%s: table perft %d = %d, want %d", c.FEN, depth, got, want)
			}
			if got := tab.PerftParallel(p, depth, 3); got != want {
				t.Fatalf("%s: parallel table perft %d = %d, want %d", c.FEN, depth, got, want)
			}
		}
	}
	if n := len(NewPerftTable(1).entries); n != 1<<16 {
		t.Errorf("1 MB table: %d entries", n)
	}
}

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
