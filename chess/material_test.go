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

// TestManyPieces: positions with many moves or more material than a game
// can have are played like any other: the position with 218 legal moves
// (Petrovic, 1964), the most any game can reach; one with fifteen queens
// and 232 (found by a search); and those of perft/testdata/material.perft,
// whose counts Stockfish and chessops give (a board full of queens, rings
// of queens with more than 256 moves, 16 to 40 pawns a side, 16 knights a
// side, extra queens beside castling rights). The counter, the generator
// and the slow reference agree, every move reads back from its SAN and
// UCI, and every position after one reads back from its FEN with the same
// hash.
func TestManyPieces(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves int
	}{
		{"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218},
		{"kn1Q1Q2/ppQ3Q1/4Q3/1Q5Q/7Q/Q4Q2/2QQ3Q/Q5QK w - - 0 1", 232},
		{"QQQQqqqk/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/KQQQqqqq w - - 0 1", 22},
		{"QQQQQQqk/QQQQQQqq/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/KQQQQQQQ w - - 0 1", 9},
		{"qqqqqqqk/qqqqqqqq/8/3QQ3/3qq3/8/QQQQQQQQ/KQQQQQQQ w - - 0 1", 84},
		{"kqqqqqqq/qqqqqqqq/8/3QQ3/3qq3/8/QQQQQQQQ/QQQQQQQK b - - 0 1", 84},
		{"rnbqkbnr/pppppppp/qqqqqqqq/8/8/QQQQQQQQ/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 60},
		{"KQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q5RB/QQQQQQBk w - - 0 1", 271},
		{"KQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q5RB/QQQQnQBk w - - 0 1", 265},
		{"KQQQQQQQ/Q6Q/Q6Q/Q6Q/3n3Q/Q6Q/Q5RB/QQQQQQBk w - - 0 1", 248},
		{"4k3/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", 10},
		{"k1n1n1n1/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/K7 w - - 0 1", 9},
		{"k7/n1n1n1n1/1n1n1n1n/8/8/N1N1N1N1/1N1N1N1N/7K w - - 0 1", 45},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if all := p.AppendLegalMoves(nil); ml.Len() != c.moves || len(all) != c.moves {
			t.Errorf("%s: LegalMoves %d, AppendLegalMoves %d; want %d", c.fen, ml.Len(), len(all), c.moves)
		}
		checkMoves(t, &p, &ml)
		san := map[string]bool{}
		for _, m := range ml.Moves() {
			s := p.SAN(m)
			if san[s] {
				t.Errorf("%s: two moves write %s", c.fen, s)
			}
			san[s] = true
			if back, err := p.ParseSAN(s); err != nil || back != m {
				t.Errorf("%s: ParseSAN(%s) = %v, %v; want %s", c.fen, s, back, err, m)
			}
			if back, err := p.ParseUCI(m.UCI(Chess960)); err != nil || back != m {
				t.Errorf("%s: ParseUCI(%s) = %v, %v", c.fen, m, back, err)
			}
			q := p
			q.Play(m)
			if r, err := ParseFEN(q.FEN(Chess960)); err != nil || r != q {
				t.Errorf("%s: after %s, the FEN %s reads back as another position (%v)", c.fen, m, q.FEN(Chess960), err)
			}
		}
	}
}
