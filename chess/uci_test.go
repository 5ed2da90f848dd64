package chess

import (
	"errors"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

func TestParseUCI(t *testing.T) {
	std := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	castle := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	cases := []struct {
		fen, in string
		want    string // Chess960 UCI of the move, or "" for an error
		err     error
		detail  string
	}{
		{std, "e2e4", "e2e4", nil, ""},
		{std, "g1f3", "g1f3", nil, ""},
		{castle, "e1h1", "e1h1", nil, ""},
		{castle, "e1g1", "e1h1", nil, ""},
		{castle, "e1c1", "e1a1", nil, ""},
		{castle, "e1a1", "e1a1", nil, ""},
		{castle, "e8g8", "", ErrNoPiece, "white has no piece on e8; it holds a black king"},
		// King on b1, rook a1: b1c1 is an ordinary king move; castling is b1a1.
		{"4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1c1", "b1c1", nil, ""},
		{"4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "b1a1", nil, ""},
		// King already on g1: only g1h1 castles.
		{"4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "g1h1", nil, ""},
		{"4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1g1", "g1h1", nil, ""},
		{"4k3/8/8/8/8/8/8/6KR w - - 0 1", "g1g1", "", ErrIllegal, "the white king on g1 cannot move to g1"},
		// Swap: f1g1 is king-takes-rook and the king's destination at once.
		{"4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1", "f1g1", nil, ""},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b7b8q", nil, ""},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b7b8n", nil, ""},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "", ErrIllegal, "without a promotion letter"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8k", "", chess960.ErrSyntax, "promotion letter"},
		{"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4e3", "d4e3", nil, ""},
		{std, "e2e5", "", ErrIllegal, "the white pawn on e2 cannot move to e5"},
		{std, "e3e4", "", ErrNoPiece, "white has no piece on e3; it is empty"},
		{std, "e2e4q", "", ErrIllegal, "promoting to a queen"},
		{std, "e2", "", chess960.ErrSyntax, "want 4 or 5 characters"},
		{std, "e2e4qq", "", chess960.ErrSyntax, "want 4 or 5 characters"},
		{std, "E2E4", "", chess960.ErrSyntax, "two squares"},
		{std, "i2i4", "", chess960.ErrSyntax, "two squares"},
		{std, "0000", "", chess960.ErrSyntax, "two squares"},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "", ErrIllegal, "(white is in check)"},
	}
	for _, c := range cases {
		p := MustParseFEN(c.fen)
		m, err := p.ParseUCI(c.in)
		if c.err == nil {
			if err != nil || m.UCI(Chess960) != c.want {
				t.Errorf("%s: ParseUCI(%q) = %v, %v; want %s", c.fen, c.in, m, err, c.want)
			}
			continue
		}
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.detail) || me.Input != c.in {
			t.Errorf("%s: ParseUCI(%q) = %v, %v; want error %v containing %q", c.fen, c.in, m, err, c.err, c.detail)
		}
	}
}

func TestMoveUCI(t *testing.T) {
	p := MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, _ := p.ParseUCI("e1h1")
	if m.UCI(Chess960) != "e1h1" || m.UCI(Standard) != "e1g1" || m.KingTo() != G1 || m.RookTo() != F1 || !m.IsCastle() {
		t.Errorf("castle: %s %s %v %v", m.UCI(Chess960), m.UCI(Standard), m.KingTo(), m.RookTo())
	}
	m, _ = p.ParseUCI("e1c1")
	if m.UCI(Chess960) != "e1a1" || m.UCI(Standard) != "e1c1" || m.KingTo() != C1 || m.RookTo() != D1 {
		t.Errorf("castle: %s %s", m.UCI(Chess960), m.UCI(Standard))
	}
	m, _ = p.ParseUCI("a1a8")
	if m.KingTo() != A8 || m.RookTo() != NoSquare || m.IsCastle() || m.IsEnPassant() || m.Promotion() != NoRole {
		t.Errorf("ordinary move: %v", m)
	}
}

// Every legal move's UCI text, in both forms, parses back to the move, in
// every start position and a few plies in.
func TestParseUCIRoundTrip(t *testing.T) {
	for id := 0; id < chess960.Count; id += 7 {
		p := NewPosition(chess960.MustNew(id))
		for ply := 0; ply < 12; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			for _, m := range ml.Moves() {
				for _, c960 := range []CastlingMode{Chess960, Standard} {
					s := m.UCI(c960)
					got, err := p.ParseUCI(s)
					if err != nil {
						t.Fatalf("%s: ParseUCI(%q): %v", p.FEN(Chess960), s, err)
					}
					if got != m && !(c960 == Standard && m.IsCastle()) {
						t.Fatalf("%s: ParseUCI(%q) = %v, want %v", p.FEN(Chess960), s, got, m)
					}
				}
			}
			p.Play(ml.At((id + ply*5) % ml.Len()))
		}
	}
}
