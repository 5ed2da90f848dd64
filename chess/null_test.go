package chess

import (
	"errors"
	"testing"

	"github.com/chess960/chess960"
)

func TestPlayNull(t *testing.T) {
	for _, c := range []struct{ before, after string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 5 7", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 6 8"},
		// The en-passant square goes with the turn.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"},
		// Chess960 castling rights stay.
		{"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b GBgb - 1 1"},
	} {
		p, err := ParseFEN(c.before)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.PlayNull(); err != nil {
			t.Fatalf("%s: PlayNull: %v", c.before, err)
		}
		want, err := ParseFEN(c.after)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(Chess960); got != want.FEN(Chess960) {
			t.Errorf("%s: after PlayNull %s, want %s", c.before, got, c.after)
		}
		if p != want {
			t.Errorf("%s: after PlayNull the position (hash %x, check %v) differs from the one read from %s (hash %x)", c.before, p.Hash(), p.InCheck(), c.after, want.Hash())
		}
	}
}

func TestPlayNullInCheck(t *testing.T) {
	p, err := ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if err != nil {
		t.Fatal(err)
	}
	before := p
	err = p.PlayNull()
	var me *MoveError
	if !errors.Is(err, ErrNullInCheck) || !errors.As(err, &me) || me.Input != "--" {
		t.Errorf("PlayNull in check: %v, want a *MoveError with ErrNullInCheck", err)
	}
	if p != before {
		t.Error("a refused PlayNull changed the position")
	}
}

func TestNullMoveNotation(t *testing.T) {
	p := NewPosition(chess960.Standard())
	if got := NullMove.UCI(Chess960); got != "0000" {
		t.Errorf("NullMove.UCI = %q, want 0000", got)
	}
	if got := NullMove.UCI(Standard); got != "0000" {
		t.Errorf("NullMove.UCI(Standard) = %q, want 0000", got)
	}
	if got := p.SAN(NullMove); got != "--" {
		t.Errorf("SAN(NullMove) = %q, want --", got)
	}
	if p.IsLegal(NullMove) {
		t.Error("IsLegal(NullMove) = true")
	}
	g := NewGame(p)
	if err := g.Play(NullMove); !errors.Is(err, ErrIllegal) {
		t.Errorf("Game.Play(NullMove) = %v, want ErrIllegal", err)
	}
}
