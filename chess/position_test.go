package chess

import (
	"testing"

	chess960 "github.com/chess960/chess960"
)

func TestSquare(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		got, err := ParseSquare(sq.String())
		if err != nil || got != sq || SquareAt(sq.File(), sq.Rank()) != sq {
			t.Fatalf("%d: %q %v %v", sq, sq.String(), got, err)
		}
	}
	if E4.String() != "e4" || E4.File() != 4 || E4.Rank() != 3 || NoSquare.String() != "-" {
		t.Error("e4")
	}
	for _, s := range []string{"", "e", "e9", "i1", "E4", "e44"} {
		if _, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) accepted", s)
		}
	}
}

func TestPositionQueries(t *testing.T) {
	// Fool's mate.
	p := NewPosition(chess960.Standard())
	for _, s := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
	}
	if !p.InCheck() || p.Checkers() != H4.BB() || p.HasLegalMoves() || p.CountLegalMoves() != 0 {
		t.Errorf("fool's mate: check %v checkers %v moves %d", p.InCheck(), p.Checkers().Squares(), p.CountLegalMoves())
	}
	if p.AttackersTo(E1, Black) != H4.BB() || p.AttackersTo(F3, White) != (E2.BB()|G1.BB()) {
		t.Errorf("attackers: %v %v", p.AttackersTo(E1, Black).Squares(), p.AttackersTo(F3, White).Squares())
	}
	if p.Pieces(White, Pawn).Count() != 8 || p.Pieces(Black, NoRole).Count() != 16 || p.Occupied().Count() != 32 {
		t.Error("piece counts")
	}
	if p.PieceAt(H4) != (Piece{Black, Queen}) || p.PieceAt(NoSquare) != (Piece{}) || p.KingSquare(Black) != E8 {
		t.Error("PieceAt / KingSquare")
	}
	if p.Halfmove() != 1 || p.Fullmove() != 3 || p.Turn() != White {
		t.Errorf("counters %d %d", p.Halfmove(), p.Fullmove())
	}
	// Stalemate.
	s := MustParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if s.InCheck() || s.HasLegalMoves() {
		t.Error("stalemate")
	}
}

func TestHashTransposition(t *testing.T) {
	a := NewPosition(chess960.Standard())
	b := a
	for _, s := range []string{"g1f3", "g8f6", "b1c3"} {
		m, _ := a.ParseUCI(s)
		a.Play(m)
	}
	for _, s := range []string{"b1c3", "g8f6", "g1f3"} {
		m, _ := b.ParseUCI(s)
		b.Play(m)
	}
	if a.Hash() != b.Hash() {
		t.Error("transposed positions hash differently")
	}
	// Knights out and back: same placement, but White's castling rights
	// survive, so the hash matches the start only up to the move counters.
	c := NewPosition(chess960.Standard())
	start := c.Hash()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		m, _ := c.ParseUCI(s)
		c.Play(m)
	}
	if c.Hash() != start {
		t.Error("repeated position hashes differently")
	}
	for _, s := range []string{"h1h2"} {
		if _, err := c.ParseUCI(s); err == nil {
			t.Error("h1h2 accepted")
		}
	}
}

func TestAllocs(t *testing.T) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, 256)
	var ml MoveList
	if n := testing.AllocsPerRun(20, func() {
		buf = p.AppendLegalMoves(buf[:0])
		p.LegalMoves(&ml)
		_ = p.CountLegalMoves()
		q := p
		q.Play(ml.At(0))
	}); n != 0 {
		t.Errorf("%v allocations per run, want 0", n)
	}
}
