package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
)

func TestParsePosition(t *testing.T) {
	for _, c := range []struct{ in, fen string }{
		{"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{" 518 ", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"SP-0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
		{"960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
		{"qnrbkrbn", "qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 3 40", "4k3/8/8/8/8/8/8/4K3 b - - 3 40"},
	} {
		p, err := ParsePosition(c.in)
		if err != nil {
			t.Errorf("ParsePosition(%q): %v", c.in, err)
			continue
		}
		if got := p.FEN(chess.Standard); got != c.fen {
			t.Errorf("ParsePosition(%q) = %s, want %s", c.in, got, c.fen)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"961", "961"},
		{"RBNBKQRN", "RBNBKQRN"},
		{"hello", `position "hello": want a FEN, startpos`},
		{"8/8/8 w - -", "8/8/8"},
		{"", `position "": want a FEN`},
	} {
		_, err := ParsePosition(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) error = %v, want one naming %q", c.in, err, c.want)
		}
	}
}

func TestIdentify(t *testing.T) {
	sp, err := Identify("rnbqkbnr", nil)
	if err != nil || sp.ID() != 518 {
		t.Errorf("Identify(rnbqkbnr) = %v, %v; want 518", sp.ID(), err)
	}
	_, err = Identify("518", func(n string) string { return "see pos " + n })
	if err == nil || !strings.Contains(err.Error(), "see pos 518") {
		t.Errorf("Identify(518) error = %v, want the hint", err)
	}
	if _, err := Identify("  ", nil); err == nil {
		t.Error("Identify of blanks: no error")
	}
}

func TestPlayMoves(t *testing.T) {
	p, _ := ParsePosition("518")
	g, err := PlayMoves(p, []string{"e4", "e7e5", "Nf3"}, chess.Standard)
	if err != nil || len(g.Moves()) != 3 {
		t.Fatalf("PlayMoves: %v, %d moves", err, len(g.Moves()))
	}
	g, err = PlayMoves(p, []string{"e4", "Ke3"}, chess.Standard)
	var me *chess.MoveError
	if err == nil || !errors.As(err, &me) || len(g.Moves()) != 1 {
		t.Fatalf("PlayMoves with Ke3: err %v, %d moves; want a MoveError after 1 move", err, len(g.Moves()))
	}
	if want := `move 2 "Ke3": `; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "(in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1)") {
		t.Errorf("PlayMoves with Ke3: %v", err)
	}
	g, err = PlayMoves(p, []string{"f3", "e5", "g4", "Qh4#", "a3"}, chess.Standard)
	if err == nil || !errors.Is(err, chess.ErrGameOver) || !strings.Contains(err.Error(), "the game is over") || len(g.Moves()) != 4 {
		t.Errorf("PlayMoves after mate: %v, %d moves; want the game over after 4", err, len(g.Moves()))
	}
}
