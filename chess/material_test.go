package chess

import "testing"

// TestMaxMovesBound redoes the sums of the proof that maxMoves bounds the
// legal moves of any position (see maxMoves), from the board's geometry
// counted here square by square, not from the package's tables.
func TestMaxMovesBound(t *testing.T) {
	onBoard := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	// Every rank, file and diagonal, by its first square: the one with no
	// square before it in the line's direction.
	lineMoves, lines := 0, 0
	for _, dir := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		for f := range 8 {
			for r := range 8 {
				if onBoard(f-dir[0], r-dir[1]) {
					continue
				}
				n := 0
				for x, y := f, r; onBoard(x, y); x, y = x+dir[0], y+dir[1] {
					n++
				}
				lines++
				lineMoves += max(2*n-4, n-1)
			}
		}
	}
	knightEdges := 0
	for f := range 8 {
		for r := range 8 {
			for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
				if onBoard(f+d[0], r+d[1]) {
					knightEdges++
				}
			}
		}
	}
	knightEdges /= 2
	if lines != 46 || lineMoves != 340 || knightEdges != 168 {
		t.Errorf("%d lines with %d moves, %d knight edges; the comment says 46, 340, 168", lines, lineMoves, knightEdges)
	}
	best, bestO, bestK := 0, 0, 0
	for o := 1; o <= 63; o++ {
		d := 63 - o
		for k := 0; k < o; k++ {
			if s := min(8*d, 27*(o-k), lineMoves) + min(8*d, 8*k, knightEdges); s > best {
				best, bestO, bestK = s, o, k
			}
		}
	}
	promotions := 0 // pawn moves from the seventh rank to the eighth
	for f := range 8 {
		for df := -1; df <= 1; df++ {
			if onBoard(f+df, 7) {
				promotions++
			}
		}
	}
	bound := best + 3*promotions + 2
	if best != 424 || bestO != 30 || bestK != 20 || promotions != 22 || bound != maxMoves {
		t.Errorf("largest sum %d (o = %d, k = %d), %d promotions: bound %d; maxMoves is %d", best, bestO, bestK, promotions, bound, maxMoves)
	}
}
