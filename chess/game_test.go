package chess

import (
	"errors"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if _, err := g.PlayMove(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestGameCheckmateAndStalemate(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard))
	playAll(t, g, "f3 e5 g4 Qh4#")
	if s := g.Status(); s.Termination != Checkmate || s.Result != "0-1" || !s.Check || !s.IsOver() {
		t.Errorf("fool's mate: %+v", s)
	}
	g = NewGame(MustParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
	if s := g.Status(); s.Termination != Stalemate || s.Result != "1/2-1/2" || s.Check {
		t.Errorf("stalemate: %+v", s)
	}
	g = NewGame(MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"))
	playAll(t, g, "Ra8")
	if s := g.Status(); s.Termination != Checkmate || s.Result != "1-0" {
		t.Errorf("back-rank mate: %+v", s)
	}
	if s := NewGame(NewPosition(chess960.Standard)).Status(); s.Termination != Ongoing || s.Result != "*" || len(s.Claimable) != 0 {
		t.Errorf("start: %+v", s)
	}
}

func TestGameInsufficientMaterial(t *testing.T) {
	cases := map[string]bool{
		"8/8/4k3/8/8/4K3/8/8 w - - 0 1":         true,  // K v K
		"8/8/4k3/8/8/4KN2/8/8 w - - 0 1":        true,  // K+N v K
		"8/8/4k3/8/8/4KB2/8/8 w - - 0 1":        true,  // K+B v K
		"8/8/2b1k3/8/8/4KB2/8/8 w - - 0 1":      true,  // bishops on one colour (c6, f3: both light)
		"8/8/1b2k3/8/8/4KB2/8/8 w - - 0 1":      false, // bishops on both colours
		"8/8/4k3/8/8/3NKN2/8/8 w - - 0 1":       false, // two knights: mate is possible
		"8/8/3nk3/8/8/4KN2/8/8 w - - 0 1":       false, // K+N v K+N: a mate exists
		"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1":       false,
		"8/8/4k3/8/8/4K3/8/4R3 w - - 0 1":       false,
		"B6k/1B6/2B5/3B4/8/5B2/4K3/8 w - - 0 1": true, // many bishops, all on one colour
	}
	for fen, want := range cases {
		p := MustParseFEN(fen)
		if got := p.InsufficientMaterial(); got != want {
			t.Errorf("%s: InsufficientMaterial = %v, want %v", fen, got, want)
		}
		if want {
			if s := NewGame(p).Status(); s.Termination != InsufficientMaterial || s.Result != "1/2-1/2" {
				t.Errorf("%s: status %+v", fen, s)
			}
		}
	}
}

func TestGameRepetition(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard))
	shuffle := "Nf3 Nf6 Ng1 Ng8 "
	playAll(t, g, shuffle)
	if g.Repetitions() != 2 || len(g.Status().Claimable) != 0 {
		t.Errorf("after one cycle: %d repetitions, %+v", g.Repetitions(), g.Status())
	}
	playAll(t, g, shuffle)
	if s := g.Status(); g.Repetitions() != 3 || s.Termination != Ongoing || len(s.Claimable) != 1 || s.Claimable[0] != ThreefoldRepetition {
		t.Errorf("third occurrence: %d, %+v", g.Repetitions(), s)
	}
	playAll(t, g, "Nf3")
	// The position after 1. Nf3 now stands for the third time too.
	if s := g.Status(); g.Repetitions() != 3 || len(s.Claimable) != 1 {
		t.Errorf("after Nf3: %d %+v", g.Repetitions(), s)
	}
	playAll(t, g, "Nf6 Ng1 Ng8 "+shuffle)
	if s := g.Status(); g.Repetitions() != 5 || s.Termination != FivefoldRepetition || s.Result != "1/2-1/2" {
		t.Errorf("fifth occurrence: %d, %+v", g.Repetitions(), s)
	}
	if !g.Undo() || g.Repetitions() != 4 || g.Status().IsOver() {
		t.Errorf("after undo: %d", g.Repetitions())
	}

	// Castling rights differ, so the positions differ: moving the king and
	// back does not repeat the start position.
	g = NewGame(NewPosition(chess960.Standard))
	playAll(t, g, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8")
	if n := g.Repetitions(); n != 2 {
		t.Errorf("king walk: %d repetitions of the rights-less position, want 2", n)
	}
}

func TestGameMoveRules(t *testing.T) {
	g := NewGame(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"))
	playAll(t, g, "Ra2")
	s := g.Status()
	if s.Termination != Ongoing || len(s.Claimable) != 1 || s.Claimable[0] != FiftyMoves {
		t.Errorf("fifty moves: %+v", s)
	}
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"))
	playAll(t, g, "Ra2")
	if s := g.Status(); s.Termination != SeventyFiveMoves || s.Result != "1/2-1/2" {
		t.Errorf("seventy-five moves: %+v", s)
	}
	// Checkmate on the 150th ply wins all the same.
	g = NewGame(MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"))
	playAll(t, g, "Ra8")
	if s := g.Status(); s.Termination != Checkmate {
		t.Errorf("mate on the 150th ply: %+v", s)
	}
	// A capture resets the clock.
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/r7/R3K3 w - - 120 80"))
	playAll(t, g, "Rxa2")
	cur := g.Position()
	if s := g.Status(); len(s.Claimable) != 0 || cur.Halfmove() != 0 {
		t.Errorf("after capture: %+v, halfmove %d", s, cur.Halfmove())
	}
}

func TestGameIllegal(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard))
	if _, err := g.PlayMove("e5"); !errors.Is(err, ErrIllegal) {
		t.Errorf("e5: %v", err)
	}
	if err := g.Play(newMove(E2, E5)); !errors.Is(err, ErrIllegal) || len(g.Moves()) != 0 {
		t.Errorf("Play(e2e5): %v", err)
	}
	if g.Undo() {
		t.Error("Undo on an empty game")
	}
	start := g.Position()
	m, _ := start.ParseUCI("e2e4")
	if err := g.Play(m); err != nil || len(g.Moves()) != 1 || g.Start() != NewPosition(chess960.Standard) {
		t.Errorf("Play(e2e4): %v", err)
	}
}
