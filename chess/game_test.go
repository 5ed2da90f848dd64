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
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestGameCheckmateAndStalemate(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "f3 e5 g4 Qh4#")
	if s := g.Status(); s.Outcome != (Outcome{BlackWins, Checkmate}) || !s.Check || len(s.Claims) != 0 {
		t.Errorf("fool's mate: %+v", s)
	}
	if got := g.Outcome().String(); got != "0-1 (checkmate)" {
		t.Errorf("outcome %q", got)
	}
	g = NewGame(MustParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
	if s := g.Status(); s.Outcome != (Outcome{Draw, Stalemate}) || s.Check {
		t.Errorf("stalemate: %+v", s)
	}
	g = NewGame(MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"))
	playAll(t, g, "Ra8")
	if s := g.Status(); s.Outcome != (Outcome{WhiteWins, Checkmate}) {
		t.Errorf("back-rank mate: %+v", s)
	}
	if w, ok := g.Outcome().Result.Winner(); !ok || w != White {
		t.Errorf("winner %v %v", w, ok)
	}
	if s := NewGame(NewPosition(chess960.Standard())).Status(); s.Outcome != (Outcome{}) || s.Outcome.IsOver() || s.Outcome.String() != "*" || len(s.Claims) != 0 {
		t.Errorf("start: %+v", s)
	}
}

// TestGameOverRefusesMoves: after every automatic ending, Play and PlayText
// refuse with ErrGameOver and leave the game as it was.
func TestGameOverRefusesMoves(t *testing.T) {
	cases := []struct {
		fen, moves string
		want       Outcome
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f3 e5 g4 Qh4", Outcome{BlackWins, Checkmate}},
		{"7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", "Qf7", Outcome{Draw, Stalemate}},
		// Kxb2 leaves king and knight against king: the game ends although
		// moves remain.
		{"8/8/4k3/2n5/8/8/1pK5/8 w - - 0 1", "Kxb2", Outcome{Draw, InsufficientMaterial}},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "Ra2", Outcome{Draw, SeventyFiveMoves}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4), Outcome{Draw, FivefoldRepetition}},
	}
	for _, c := range cases {
		g := NewGame(MustParseFEN(c.fen))
		playAll(t, g, c.moves)
		if got := g.Outcome(); got != c.want {
			t.Errorf("%s %s: outcome %v, want %v", c.fen, c.moves, got, c.want)
			continue
		}
		n := g.Len()
		p := g.Position()
		var ml MoveList
		p.LegalMoves(&ml)
		if ml.Len() > 0 {
			err := g.Play(ml.At(0))
			var me *MoveError
			if !errors.Is(err, ErrGameOver) || !errors.As(err, &me) || !strings.Contains(err.Error(), c.want.Termination.String()) {
				t.Errorf("%s: Play after the end: %v", c.want, err)
			}
			if _, err := g.PlayText(ml.At(0).String()); !errors.Is(err, ErrGameOver) {
				t.Errorf("%s: PlayText after the end: %v", c.want, err)
			}
		}
		if g.Len() != n {
			t.Errorf("%s: a refused move changed the game", c.want)
		}
		if err := g.Claim(Claim{ThreefoldRepetition, 0}); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: claim after the end: %v", c.want, err)
		}
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
			if o := NewGame(p).Outcome(); o != (Outcome{Draw, InsufficientMaterial}) {
				t.Errorf("%s: outcome %v", fen, o)
			}
		}
	}
}

func TestGameRepetition(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	shuffle := "Nf3 Nf6 Ng1 Ng8 "
	playAll(t, g, shuffle)
	if g.Repetitions() != 2 {
		t.Errorf("after one cycle: %d repetitions", g.Repetitions())
	}
	// White may claim by announcing Nf3, which repeats the position after
	// 1. Nf3 a third time... not yet: it has stood once.
	if c := g.Claims(); len(c) != 0 {
		t.Errorf("after one cycle: claims %v", c)
	}
	playAll(t, g, "Nf3 Nf6 Ng1")
	// Black to move: Ng8 would bring the start position a third time.
	cur := g.Position()
	ng8, _ := cur.ParseSAN("Ng8")
	if c := g.Claims(); len(c) != 1 || c[0] != (Claim{ThreefoldRepetition, ng8}) || c[0].String() != "threefold repetition with f6g8" {
		t.Errorf("before the third occurrence: claims %v", c)
	}
	playAll(t, g, "Ng8")
	if s := g.Status(); g.Repetitions() != 3 || s.Outcome.IsOver() || len(s.Claims) != 1 || s.Claims[0] != (Claim{ThreefoldRepetition, 0}) {
		t.Errorf("third occurrence: %d, %+v", g.Repetitions(), s)
	}
	playAll(t, g, "Nf3")
	// The position after 1. Nf3 now stands for the third time too.
	if s := g.Status(); g.Repetitions() != 3 || len(s.Claims) < 1 || s.Claims[0] != (Claim{ThreefoldRepetition, 0}) {
		t.Errorf("after Nf3: %d %+v", g.Repetitions(), s)
	}
	playAll(t, g, "Nf6 Ng1 Ng8 "+shuffle)
	if s := g.Status(); g.Repetitions() != 5 || s.Outcome != (Outcome{Draw, FivefoldRepetition}) {
		t.Errorf("fifth occurrence: %d, %+v", g.Repetitions(), s)
	}
	if !g.Undo() || g.Repetitions() != 4 || g.Outcome().IsOver() {
		t.Errorf("after undo: %d", g.Repetitions())
	}

	// Castling rights differ, so the positions differ: moving the king and
	// back does not repeat the start position.
	g = NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8")
	if n := g.Repetitions(); n != 2 {
		t.Errorf("king walk: %d repetitions of the rights-less position, want 2", n)
	}
}

// TestRepetitionEnPassant: a position with an en-passant capture available
// is not the same as one without, even with the same pieces; a double step
// no pawn can capture leaves the position the same.
func TestRepetitionEnPassant(t *testing.T) {
	// Black's d-pawn on d4: after e2e4, dxe3 is possible. The same pieces
	// after Ng1 twice (no en passant any more) make two occurrences, not
	// three.
	g := NewGame(MustParseFEN("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"))
	playAll(t, g, "e4 Kd8 Nf3 Ke8 Ng1 Kd8 Nf3 Ke8 Ng1")
	if n := g.Repetitions(); n != 2 {
		t.Errorf("with en passant once: %d repetitions, want 2", n)
	}
	// Without a black pawn to capture, the double step changes nothing:
	// the position after e4 counts with the later ones.
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1"))
	playAll(t, g, "e4 Kd8 Nf3 Ke8 Ng1 Kd8 Nf3 Ke8 Ng1")
	if n := g.Repetitions(); n != 3 {
		t.Errorf("no capture possible: %d repetitions, want 3", n)
	}
}

func TestGameMoveRules(t *testing.T) {
	g := NewGame(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"))
	// Before the 100th ply, White may claim by announcing a quiet move.
	claims := g.Claims()
	if len(claims) == 0 {
		t.Fatal("no announced fifty-move claims")
	}
	for _, c := range claims {
		if c.Termination != FiftyMoves || c.Move == 0 {
			t.Errorf("claim %v", c)
		}
	}
	playAll(t, g, "Ra2")
	s := g.Status()
	if s.Outcome.IsOver() || len(s.Claims) != 1 || s.Claims[0] != (Claim{FiftyMoves, 0}) {
		t.Errorf("fifty moves: %+v", s)
	}
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"))
	playAll(t, g, "Ra2")
	if o := g.Outcome(); o != (Outcome{Draw, SeventyFiveMoves}) {
		t.Errorf("seventy-five moves: %v", o)
	}
	// Checkmate on the 150th ply wins all the same.
	g = NewGame(MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 80"))
	playAll(t, g, "Ra8")
	if o := g.Outcome(); o != (Outcome{WhiteWins, Checkmate}) {
		t.Errorf("mate on the 150th ply: %v", o)
	}
	// A capture resets the clock.
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/r7/R3K3 w - - 120 80"))
	playAll(t, g, "Rxa2")
	cur := g.Position()
	if s := g.Status(); len(s.Claims) != 0 || cur.Halfmove() != 0 {
		t.Errorf("after capture: %+v, halfmove %d", s, cur.Halfmove())
	}
}

// TestBothClaims: the fifty-move rule and threefold repetition at once, both
// on the board; claiming one ends the game and later moves are refused.
func TestBothClaims(t *testing.T) {
	g := NewGame(MustParseFEN("4k3/4p3/8/8/8/8/4P3/4K1N1 w - - 92 60"))
	playAll(t, g, "Nf3 Kd7 Ng1 Ke8 Nf3 Kd7 Ng1 Ke8")
	s := g.Status()
	if len(s.Claims) != 2 || s.Claims[0] != (Claim{ThreefoldRepetition, 0}) || s.Claims[1] != (Claim{FiftyMoves, 0}) {
		t.Fatalf("claims %v", s.Claims)
	}
	if err := g.Claim(Claim{FiftyMoves, 0}); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != (Outcome{Draw, FiftyMoves}) || o.String() != "1/2-1/2 (fifty-move rule)" {
		t.Errorf("outcome %v", o)
	}
	if s := g.Status(); len(s.Claims) != 0 || !s.Outcome.IsOver() {
		t.Errorf("after the claim: %+v", s)
	}
	if _, err := g.PlayText("Nf3"); !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "fifty-move rule") {
		t.Errorf("move after claim: %v", err)
	}
	// Undo takes back the last move and the claim with it.
	if !g.Undo() || g.Outcome().IsOver() || g.Len() != 7 {
		t.Errorf("after undo: %v, %d moves", g.Outcome(), g.Len())
	}
}

// TestAnnouncedClaim: a claim with a move plays the move and ends the game.
func TestAnnouncedClaim(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	cur := g.Position()
	ng8, _ := cur.ParseSAN("Ng8")
	nc6, _ := cur.ParseSAN("Nc6")
	if err := g.Claim(Claim{ThreefoldRepetition, nc6}); !errors.Is(err, ErrNoClaim) || !strings.Contains(err.Error(), "does not qualify") {
		t.Errorf("claim with Nc6: %v", err)
	}
	if err := g.Claim(Claim{ThreefoldRepetition, 0}); !errors.Is(err, ErrNoClaim) {
		t.Errorf("claim without move: %v", err)
	}
	if err := g.Claim(Claim{Checkmate, 0}); !errors.Is(err, ErrNoClaim) || !strings.Contains(err.Error(), "only the fifty-move rule") {
		t.Errorf("claim checkmate: %v", err)
	}
	if err := g.Claim(Claim{ThreefoldRepetition, ng8}); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 8 || g.Outcome() != (Outcome{Draw, ThreefoldRepetition}) {
		t.Errorf("after the claim: %d moves, %v", g.Len(), g.Outcome())
	}
}

func TestGameIllegal(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	if _, err := g.PlayText("e5"); !errors.Is(err, ErrIllegal) {
		t.Errorf("e5: %v", err)
	}
	if err := g.Play(newMove(E2, E5)); !errors.Is(err, ErrIllegal) || g.Len() != 0 {
		t.Errorf("Play(e2e5): %v", err)
	}
	if g.Undo() {
		t.Error("Undo on an empty game")
	}
	start := g.Position()
	m, _ := start.ParseUCI("e2e4")
	if err := g.Play(m); err != nil || g.Len() != 1 || g.Start() != NewPosition(chess960.Standard()) {
		t.Errorf("Play(e2e4): %v", err)
	}
	// Moves returns a copy.
	ms := g.Moves()
	ms[0] = 0
	if g.Moves()[0] != m {
		t.Error("Moves shares the game's storage")
	}
}

func TestResult(t *testing.T) {
	for _, r := range []Result{NoResult, WhiteWins, BlackWins, Draw} {
		back, err := ParseResult(r.String())
		if err != nil || back != r {
			t.Errorf("%v: %v %v", r, back, err)
		}
	}
	for _, s := range []string{"", "1-1", "½-½", "1/2", "0-1 "} {
		if _, err := ParseResult(s); !errors.Is(err, ErrResult) {
			t.Errorf("ParseResult(%q): %v", s, err)
		}
	}
	if _, ok := Draw.Winner(); ok {
		t.Error("a draw has a winner")
	}
}

// Reset starts a game again: no moves, no claim, the repetitions counted
// from the new start only.
func TestGameReset(t *testing.T) {
	start := MustParseFEN("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
	g := NewGame(start)
	for _, s := range []string{"Nf3", "Nf6", "Ne1", "Ne8", "Nf3", "Nf6", "Ne1", "Ne8"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(s, err)
		}
	}
	if err := g.Claim(Claim{ThreefoldRepetition, 0}); err != nil {
		t.Fatal(err)
	}
	if !g.Outcome().IsOver() {
		t.Fatal("the claimed draw does not end the game")
	}
	other := MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	g.Reset(other)
	if now, from := g.Position(), g.Start(); g.Len() != 0 || now != other || from != other || g.Outcome().IsOver() {
		t.Fatalf("after Reset: %d moves, at %s from %s, outcome %v", g.Len(), now.FEN(Standard), from.FEN(Standard), g.Outcome())
	}
	// Twice to the start of the new game and back: two repetitions, so no
	// claim yet; the old game's positions do not count.
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(s, err)
		}
	}
	if c := g.Status().Claims; len(c) != 0 {
		t.Errorf("claims at the second occurrence of the new start: %v", c)
	}
	if got := g.Moves(); len(got) != 4 || got[0].UCI(Standard) != "g1f3" {
		t.Errorf("moves after Reset: %v", got)
	}
}

// TestClaimWithEndingMove: a move that mates or stalemates ends the game by
// itself, even when it is also the 100th ply without a capture or pawn
// move (FIDE 5.1.1, 5.2.1, 9.6): it is not offered as an announced claim,
// a claim naming it is refused, and played it ends the game by its rule.
func TestClaimWithEndingMove(t *testing.T) {
	start := MustParseFEN("7k/Q7/6K1/8/8/8/8/8 w - - 99 120")
	uci := func(s string) Move {
		m, err := start.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	ending := map[Move]Outcome{
		uci("a7b8"): {WhiteWins, Checkmate}, // Qb8#
		uci("a7a8"): {WhiteWins, Checkmate}, // Qa8#
		uci("a7g7"): {WhiteWins, Checkmate}, // Qg7#
		uci("a7h7"): {WhiteWins, Checkmate}, // Qh7#
		uci("a7f7"): {Draw, Stalemate},      // Qf7
		uci("a7a2"): {Draw, Stalemate},      // Qa2
	}
	g := NewGame(start)
	claims := g.Claims()
	offered := map[Move]bool{}
	for _, c := range claims {
		if c.Termination != FiftyMoves || c.Move == 0 {
			t.Errorf("claim %v, want only announced fifty-move claims", c)
		}
		offered[c.Move] = true
	}
	for m := range ending {
		if offered[m] {
			t.Errorf("%s ends the game but is offered as a claim", m)
		}
	}
	for _, s := range []string{"a7a1", "a7e7", "g6f6", "g6h6"} { // Qa1+, Qe7, Kf6, Kh6: the game goes on
		if !offered[uci(s)] {
			t.Errorf("%s is not offered as a claim: %v", s, claims)
		}
	}
	if len(claims) != start.CountLegalMoves()-len(ending) {
		t.Errorf("%d claims, want one for each of the %d legal moves but the %d that end the game", len(claims), start.CountLegalMoves(), len(ending))
	}
	for m, o := range ending {
		err := g.Claim(Claim{FiftyMoves, m})
		want := m.String() + " ends the game by itself: " + o.String()
		if !errors.Is(err, ErrNoClaim) || !strings.Contains(err.Error(), want) {
			t.Errorf("claim with %s: %v, want ErrNoClaim saying %q", m, err, want)
		}
		if g.Len() != 0 || g.Outcome().IsOver() {
			t.Fatalf("a refused claim changed the game")
		}
		h := NewGame(start)
		if err := h.Play(m); err != nil || h.Outcome() != o || h.Claims() != nil {
			t.Errorf("%s played: %v, outcome %v, claims %v; want %v", m, err, h.Outcome(), h.Claims(), o)
		}
	}
	// The claims offered are honoured: the game ends drawn after the move.
	if err := g.Claim(Claim{FiftyMoves, uci("g6f6")}); err != nil || g.Outcome() != (Outcome{Draw, FiftyMoves}) || g.Len() != 1 {
		t.Errorf("claim with Kf6: %v, outcome %v", err, g.Outcome())
	}
}

// recordAll records moves in SAN or UCI ("--" for a pass) with Record.
func recordAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m := NullMove
		if s != "--" {
			var err error
			if m, err = g.Position().ParseMove(s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
		if err := g.Record(m); err != nil {
			t.Fatalf("Record(%s): %v", s, err)
		}
	}
}

// TestRecordPastTheEnd: Record takes the moves a record holds after the
// game has ended, by each rule and by a claim, where Play refuses them, and
// the game keeps its first ending; Undo gives it up only when it goes back
// before it.
func TestRecordPastTheEnd(t *testing.T) {
	cases := []struct {
		fen, moves, after string
		want              Outcome
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w - - 149 80", "Ra2", "Kd8 Ra8+ Kc7 Ra7+ Kb6", Outcome{Draw, SeventyFiveMoves}},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", Outcome{Draw, FivefoldRepetition}},
		{"8/8/4k3/2n5/8/8/1pK5/8 w - - 0 1", "Kxb2", "Nd3+ Kc3 Ne5", Outcome{Draw, InsufficientMaterial}},
		// A stalemated side may pass: the record goes on after it.
		{"7k/8/4Q1K1/8/8/8/8/8 w - - 0 1", "Qf7", "-- Qf8#", Outcome{Draw, Stalemate}},
	}
	for _, c := range cases {
		g := NewGame(MustParseFEN(c.fen))
		playAll(t, g, c.moves)
		n := g.Len()
		last := g.Position()
		var ml MoveList
		last.LegalMoves(&ml)
		if ml.Len() > 0 {
			if err := g.Play(ml.At(0)); !errors.Is(err, ErrGameOver) {
				t.Errorf("%v: Play after the end: %v", c.want, err)
			}
		}
		recordAll(t, g, c.after)
		if g.Outcome() != c.want || g.Status().Outcome != c.want || g.Claims() != nil {
			t.Errorf("%v: after recording %s: outcome %v, status %+v", c.want, c.after, g.Outcome(), g.Status())
		}
		if err := g.Record(newMove(E2, E5)); !errors.Is(err, ErrIllegal) {
			t.Errorf("%v: Record of an illegal move: %v", c.want, err)
		}
		for g.Len() > n {
			g.Undo()
		}
		if g.Outcome() != c.want || g.Position() != last {
			t.Errorf("%v: undone back to the end: outcome %v", c.want, g.Outcome())
		}
		g.Undo()
		if g.Outcome().IsOver() {
			t.Errorf("%v: undone before the end: outcome %v", c.want, g.Outcome())
		}
	}

	// After a claim, too.
	g := NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if err := g.Claim(Claim{ThreefoldRepetition, 0}); err != nil {
		t.Fatal(err)
	}
	recordAll(t, g, "e4 e5")
	if g.Outcome() != (Outcome{Draw, ThreefoldRepetition}) || g.Len() != 10 {
		t.Errorf("after a claim: %v, %d moves", g.Outcome(), g.Len())
	}
	g.Undo()
	g.Undo()
	if g.Outcome() != (Outcome{Draw, ThreefoldRepetition}) {
		t.Errorf("back at the claim: %v", g.Outcome())
	}
	g.Undo()
	if g.Outcome().IsOver() {
		t.Errorf("before the claim: %v", g.Outcome())
	}

	// After checkmate there is nothing to record: no legal move, and the
	// mated side may not pass.
	g = NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "f3 e5 g4 Qh4#")
	if err := g.Record(NullMove); !errors.Is(err, ErrNullInCheck) || g.Len() != 4 {
		t.Errorf("a pass after mate: %v", err)
	}
}

// TestRecordNullMove: a pass changes the side to move, counts as a move that
// is neither a capture nor a pawn move, and the positions around it count
// for the repetition rules as any others.
func TestRecordNullMove(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	recordAll(t, g, "Nf3 -- Ng1 --")
	if got := g.Position().FEN(Standard); g.Len() != 4 || g.Moves()[1] != NullMove || got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3" {
		t.Errorf("after Nf3 -- Ng1 --: %d moves, %s", g.Len(), got)
	}
	if n := g.Repetitions(); n != 2 {
		t.Errorf("the start after two passes: %d repetitions, want 2", n)
	}
	recordAll(t, g, "Nf3 -- Ng1 --")
	if s := g.Status(); g.Repetitions() != 3 || s.Outcome.IsOver() || len(s.Claims) == 0 || s.Claims[0] != (Claim{ThreefoldRepetition, 0}) {
		t.Errorf("the start a third time: %d repetitions, %+v", g.Repetitions(), s)
	}
	recordAll(t, g, "Nf3 -- Ng1 -- Nf3 -- Ng1 --")
	if g.Repetitions() != 5 || g.Outcome() != (Outcome{Draw, FivefoldRepetition}) {
		t.Errorf("the start a fifth time: %d repetitions, %v", g.Repetitions(), g.Outcome())
	}
	// A side in check may not pass.
	g = NewGame(MustParseFEN("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"))
	if err := g.Record(NullMove); !errors.Is(err, ErrNullInCheck) || g.Len() != 0 {
		t.Errorf("a pass in check: %v", err)
	}
	// Play takes no pass.
	if err := NewGame(NewPosition(chess960.Standard())).Play(NullMove); !errors.Is(err, ErrIllegal) {
		t.Errorf("Play(NullMove): %v", err)
	}
}

// TestGameClone: a clone goes its own way; the original is unchanged.
func TestGameClone(t *testing.T) {
	g := NewGame(NewPosition(chess960.Standard()))
	playAll(t, g, "e4 e5")
	c := g.Clone()
	if _, err := c.PlayText("Nf3"); err != nil {
		t.Fatal(err)
	}
	if g.Len() != 2 || c.Len() != 3 {
		t.Fatalf("after a move on the clone: original %d moves, clone %d; want 2 and 3", g.Len(), c.Len())
	}
	if got := g.Position().FEN(Standard); got != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Errorf("original's position %s", got)
	}
	c.Undo()
	c.Undo()
	if g.Len() != 2 || c.Len() != 1 {
		t.Errorf("undoing the clone changed the original: %d moves", g.Len())
	}
}
