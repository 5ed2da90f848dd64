package chess

import (
	"math/rand/v2"
	"sort"
	"testing"

	chess960 "github.com/chess960/chess960"
)

// FuzzParseFEN: ParseFEN never panics, and what it accepts writes out in
// both styles and reads back to the same position and the same text.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rr2k3/8/8/8/8/8/8/RR2K2R w BHb - 0 1",
		"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
		"8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K -",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		// More material than a game can have: 64 pieces, and 271 moves.
		"QQQQqqqk/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/KQQQqqqq w - - 0 1",
		"KQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q5RB/QQQQQQBk w - - 0 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("%q: hash", s)
		}
		for _, style := range []CastlingMode{Standard, Chess960} {
			out := p.FEN(style)
			q, err := ParseFEN(out)
			if err != nil {
				t.Fatalf("%q -> %q: %v", s, out, err)
			}
			if q != p {
				t.Fatalf("%q -> %q: reparsed position differs", s, out)
			}
			if out2 := q.FEN(style); out2 != out {
				t.Fatalf("%q -> %q -> %q", s, out, out2)
			}
		}
		// A legal position: the generator must not overflow or misbehave.
		var ml MoveList
		p.LegalMoves(&ml)
		checkMoves(t, &p, &ml)
	})
}

// FuzzMoves plays random legal games from a fuzzed FEN (or, when it does
// not parse, a start position chosen by the seed) and checks every
// position on the way against a slow reference generator.
func FuzzMoves(f *testing.F) {
	f.Add(uint64(0), "", uint8(40))
	f.Add(uint64(518), "", uint8(80))
	f.Add(uint64(7), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", uint8(60))
	f.Add(uint64(99), "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", uint8(30))
	f.Add(uint64(3), "1r4kr/p1pppppp/1p6/8/8/1P6/P1PPPPPP/1R4KR w KQkq - 0 1", uint8(100))
	f.Add(uint64(12), "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", uint8(100))
	f.Add(uint64(5), "KQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q5RB/QQQQnQBk w - - 0 1", uint8(40))
	f.Add(uint64(6), "QQQQqqqk/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/QQQQqqqq/KQQQqqqq w - - 0 1", uint8(60))
	f.Add(uint64(8), "k1n1n1n1/8/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/K7 w - - 0 1", uint8(60))
	f.Fuzz(func(t *testing.T, seed uint64, fen string, plies uint8) {
		p, err := ParseFEN(fen)
		if err != nil {
			p = NewPosition(chess960.MustNew(int(seed % 960)))
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for ply := 0; ply < int(plies); ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			checkMoves(t, &p, &ml)
			if ml.Len() == 0 {
				return
			}
			m := ml.At(rng.IntN(ml.Len()))
			before := p.FEN(Chess960)
			p.Play(m)
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s %v: incremental hash differs", before, m)
			}
			q, err := ParseFEN(p.FEN(Chess960))
			if err != nil {
				t.Fatalf("%s %v -> %s: %v", before, m, p.FEN(Chess960), err)
			}
			if q != p {
				t.Fatalf("%s %v -> %s: reparsed position differs", before, m, p.FEN(Chess960))
			}
		}
	})
}

// checkMoves compares the generated moves with the slow reference and
// checks that no move leaves the mover's king attacked.
func checkMoves(t *testing.T, p *Position, ml *MoveList) {
	t.Helper()
	if got := p.countMoves(); got != ml.Len() {
		t.Fatalf("%s: countMoves %d, generated %d", p.FEN(Chess960), got, ml.Len())
	}
	fast := make([]string, 0, ml.Len())
	for _, m := range ml.Moves() {
		if !p.IsLegal(m) {
			t.Fatalf("%s: %v not IsLegal", p.FEN(Chess960), m)
		}
		q := *p
		q.Play(m)
		if slowAttacked(&q, q.KingSquare(p.turn), q.turn) {
			t.Fatalf("%s: %v leaves the king attacked", p.FEN(Chess960), m)
		}
		if got, want := q.Checkers(), slowCheckers(&q); got != want {
			t.Fatalf("%s: after %v checkers %x, want %x", p.FEN(Chess960), m, got, want)
		}
		fast = append(fast, m.UCI(Chess960))
	}
	slow := slowLegalMoves(p)
	sort.Strings(fast)
	if len(fast) != len(slow) {
		t.Fatalf("%s: %d moves %v, reference %d %v", p.FEN(Chess960), len(fast), fast, len(slow), slow)
	}
	for i := range fast {
		if fast[i] != slow[i] {
			t.Fatalf("%s: moves %v, reference %v", p.FEN(Chess960), fast, slow)
		}
	}
}

// The slow reference: attacks by walking rays, pseudo-legal moves by
// walking the board, legality by playing the move and looking at the king.

func slowPieceAttacks(p *Position, sq Square, occ Bitboard) Bitboard {
	pc := p.PieceAt(sq)
	switch pc.Role {
	case Pawn:
		return pawnAttacks[pc.Color][sq]
	case Knight:
		return knightAttacks[sq]
	case King:
		return kingAttacks[sq]
	case Bishop:
		return slideAttacks(sq, occ, bishopDirs)
	case Rook:
		return slideAttacks(sq, occ, rookDirs)
	case Queen:
		return slideAttacks(sq, occ, bishopDirs) | slideAttacks(sq, occ, rookDirs)
	}
	return 0
}

func slowAttackers(p *Position, target Square, by Color, occ Bitboard) Bitboard {
	var a Bitboard
	for sq := Square(0); sq < 64; sq++ {
		if occ.Has(sq) && p.PieceAt(sq).Role != NoRole && p.PieceAt(sq).Color == by && slowPieceAttacks(p, sq, occ).Has(target) {
			a |= sq.BB()
		}
	}
	return a
}

func slowAttacked(p *Position, target Square, by Color) bool {
	return slowAttackers(p, target, by, p.Occupied()) != 0
}

func slowCheckers(p *Position) Bitboard {
	return slowAttackers(p, p.KingSquare(p.turn), p.turn^1, p.Occupied())
}

func slowLegalMoves(p *Position) []string {
	us := p.turn
	occ := p.Occupied()
	var pseudo []Move
	for from := Square(0); from < 64; from++ {
		pc := p.PieceAt(from)
		if pc.Role == NoRole || pc.Color != us {
			continue
		}
		if pc.Role == Pawn {
			dir := 8
			if us == Black {
				dir = -8
			}
			add := func(to Square, flags Move) {
				if to.Rank() == 0 || to.Rank() == 7 {
					for _, r := range []Role{Queen, Rook, Bishop, Knight} {
						pseudo = append(pseudo, newPromotion(from, to, r))
					}
				} else {
					pseudo = append(pseudo, newMove(from, to)|flags)
				}
			}
			one := Square(int(from) + dir)
			if !occ.Has(one) {
				add(one, 0)
				start := 1
				if us == Black {
					start = 6
				}
				if two := Square(int(one) + dir); from.Rank() == start && !occ.Has(two) {
					add(two, 0)
				}
			}
			for b := pawnAttacks[us][from]; b != 0; b &= b - 1 {
				to := b.First()
				if p.byColor[us^1].Has(to) {
					add(to, 0)
				} else if to == p.ep {
					add(to, moveEnPassant)
				}
			}
			continue
		}
		for b := slowPieceAttacks(p, from, occ) &^ p.byColor[us]; b != 0; b &= b - 1 {
			pseudo = append(pseudo, newMove(from, b.First()))
		}
	}
	var out []string
	for _, m := range pseudo {
		q := *p
		q.Play(m)
		if !slowAttacked(&q, q.KingSquare(us), us^1) {
			out = append(out, m.UCI(Chess960))
		}
	}
	// Castling, straight from the rules: both pieces end on their squares,
	// everything they cross is empty but for themselves, the king is not in
	// check and crosses or lands on no attacked square, with the castling
	// rook taken off the board.
	k := p.KingSquare(us)
	for b := p.castling & p.byColor[us]; b != 0 && !slowAttacked(p, k, us^1); b &= b - 1 {
		r := b.First()
		rank := k.Rank()
		kto, rto := SquareAt(2, rank), SquareAt(3, rank)
		if r > k {
			kto, rto = SquareAt(6, rank), SquareAt(5, rank)
		}
		span := func(a, b Square) []Square {
			lo, hi := min(a, b), max(a, b)
			var s []Square
			for x := lo; x <= hi; x++ {
				s = append(s, x)
			}
			return s
		}
		ok := true
		for _, s := range append(span(k, kto), span(r, rto)...) {
			if s != k && s != r && occ.Has(s) {
				ok = false
			}
		}
		for _, s := range span(k, kto) {
			if slowAttackers(p, s, us^1, occ&^r.BB()) != 0 {
				ok = false
			}
		}
		if ok {
			out = append(out, newMove(k, r).UCI(Chess960))
		}
	}
	sort.Strings(out)
	return out
}
