package game

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

var t0 = time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)

func start(t *testing.T, n int) *Game {
	t.Helper()
	return New(chess.NewPosition(chess960.MustNew(n)))
}

// play applies the moves in turn, White first, each on the current version.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		side := g.Position().Turn()
		if err := g.Apply(Action{Kind: Move, Side: side, Text: m, Base: g.Version(), At: t0}); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// refused applies a and checks it is refused with want, naming detail,
// and that the game did not change.
func refused(t *testing.T, g *Game, a Action, want error, detail string) {
	t.Helper()
	v, fen, n := g.Version(), g.Position().FEN(chess.Chess960), len(g.Moves())
	err := g.Apply(a)
	var ge *Error
	if !errors.Is(err, want) || !errors.As(err, &ge) || !strings.Contains(err.Error(), detail) {
		t.Errorf("%+v: %v, want %v with %q", a, err, want, detail)
	}
	if g.Version() != v || g.Position().FEN(chess.Chess960) != fen || len(g.Moves()) != n {
		t.Errorf("%+v: the refused action changed the game", a)
	}
}

func TestMovesTurnAndBase(t *testing.T) {
	g := start(t, 518)
	if g.Version() != 1 {
		t.Fatalf("a new game is at version %d, want 1", g.Version())
	}
	play(t, g, "e4")
	if g.Version() != 2 {
		t.Errorf("after one move: version %d, want 2", g.Version())
	}
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: "e5", Base: 1}, ErrConflict, "you saw version 1, it is at 2")
	refused(t, g, Action{Kind: Move, Side: chess.White, Text: "d4", Base: 2}, ErrTurn, "black is to move")
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: "e4", Base: 2}, ErrIllegal, `move "e4"`)
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: "e5"}, ErrInvalid, "names the version")
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: strings.Repeat("e", 40), Base: 2}, ErrInvalid, "at most 16")
	refused(t, g, Action{Kind: "castle", Side: chess.Black, Base: 2}, ErrInvalid, `unknown kind "castle"`)
	refused(t, g, Action{Kind: Resign, Side: chess.Black, Text: "e5"}, ErrInvalid, "takes no move")
	refused(t, g, Action{Kind: Move, Side: chess.Black, Text: "e5", Base: -1}, ErrInvalid, "base -1")
	play(t, g, "e5")
	if got := g.Position().FEN(chess.Standard); got != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Errorf("after 1.e4 e5: %s", got)
	}
}

// TestChess960Castling: castling as the king onto its rook (UCI), as the
// king's move of two squares, and in SAN, from a Chess960 start with the
// king on e1 between rooks on b1 and g1 (and the mirror for Black).
func TestChess960Castling(t *testing.T) {
	for _, c := range []struct {
		white, black string
		want         string // the back ranks after both castled
	}{
		// O-O-O for White: king e1 -> c1, rook b1 -> d1; O-O for Black:
		// king e8 -> g8, rook g8 -> f8; the other rooks stay.
		{"e1b1", "e8g8", "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1"},
		{"O-O-O", "O-O", "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1"},
		// The king's two-square move to c1 castles queenside too.
		{"e1c1", "O-O", "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1"},
		// O-O for White (the king onto the g-rook), O-O-O for Black.
		{"e1g1", "e8b8", "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1"},
	} {
		p, err := chess.ParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		g := New(p)
		play(t, g, c.white, c.black)
		if got := g.Position().FEN(chess.Chess960); !strings.HasPrefix(got, c.want+" w - -") {
			t.Errorf("%s, %s: %s, want %s w - -", c.white, c.black, got, c.want)
		}
	}
}

// TestPromotion: a pawn promotes to the piece named, in UCI or SAN.
func TestPromotion(t *testing.T) {
	for _, m := range []string{"a7a8n", "a8=N"} {
		p, _ := chess.ParseFEN("7k/P7/8/8/8/8/8/K7 w - - 0 1")
		g := New(p)
		play(t, g, m)
		if got := g.Position().FEN(chess.Chess960); got != "N6k/8/8/8/8/8/8/K7 b - - 0 1" {
			t.Errorf("%s: %s", m, got)
		}
	}
}

// TestDrawOffers: an offer stands until the opponent accepts, declines or
// moves; one side cannot accept its own.
func TestDrawOffers(t *testing.T) {
	g := start(t, 518)
	play(t, g, "e4")
	if err := g.Apply(Action{Kind: Offer, Side: chess.White, At: t0}); err != nil {
		t.Fatal(err)
	}
	refused(t, g, Action{Kind: Offer, Side: chess.White}, ErrIllegal, "your offer already stands")
	refused(t, g, Action{Kind: Accept, Side: chess.White}, ErrIllegal, "no draw offer of your opponent's")
	refused(t, g, Action{Kind: Offer, Side: chess.Black}, ErrIllegal, "accept or decline it")
	// Black moves: the offer is declined by the move.
	play(t, g, "e5")
	if _, ok := g.Offer(); ok {
		t.Error("the offer stands after the opponent moved")
	}
	refused(t, g, Action{Kind: Accept, Side: chess.Black}, ErrIllegal, "no draw offer")
	// Black offers, White declines; then White offers and Black accepts.
	for _, a := range []Action{{Kind: Offer, Side: chess.Black}, {Kind: Decline, Side: chess.White}, {Kind: Offer, Side: chess.White}} {
		if err := g.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if side, ok := g.Offer(); !ok || side != chess.White {
		t.Errorf("the offer: %v %v, want White's", side, ok)
	}
	if err := g.Apply(Action{Kind: Accept, Side: chess.Black, At: t0.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Result() != chess.Draw || g.Ending() != Agreed || !g.EndedAt().Equal(t0.Add(time.Minute)) || g.Describe() != "1/2-1/2 (draw by agreement)" {
		t.Errorf("after the accept: over %v, %v, %q, at %v, %q", g.Over(), g.Result(), g.Ending(), g.EndedAt(), g.Describe())
	}
	refused(t, g, Action{Kind: Resign, Side: chess.White}, ErrOver, "draw by agreement")
	// e4, offer, e5, offer, decline, offer, accept: versions 1 to 8.
	if g.Version() != 8 {
		t.Errorf("version %d, want 8", g.Version())
	}
}

// TestAbortAndResign: a side may abort until it has moved; resigning
// gives the opponent the game.
func TestAbortAndResign(t *testing.T) {
	g := start(t, 518)
	if err := g.Apply(Action{Kind: Abort, Side: chess.White}); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Result() != chess.NoResult || g.Describe() != "aborted" {
		t.Errorf("aborted: %v %v %q", g.Over(), g.Result(), g.Describe())
	}
	g = start(t, 518)
	play(t, g, "e4")
	refused(t, g, Action{Kind: Abort, Side: chess.White}, ErrIllegal, "only before your first move")
	if err := g.Apply(Action{Kind: Abort, Side: chess.Black}); err != nil {
		t.Errorf("Black aborts before its first move: %v", err)
	}
	g = start(t, 518)
	play(t, g, "e4", "e5")
	refused(t, g, Action{Kind: Abort, Side: chess.Black}, ErrIllegal, "only before your first move")
	if err := g.Apply(Action{Kind: Resign, Side: chess.Black}); err != nil {
		t.Fatal(err)
	}
	if g.Result() != chess.WhiteWins || g.Describe() != "1-0 (black resigned)" {
		t.Errorf("resigned: %v %q", g.Result(), g.Describe())
	}
}

// TestClaims: the knights go out and back twice; Black may then claim
// threefold repetition by announcing the move that repeats (FIDE 9.2.1.1),
// and not before.
func TestClaims(t *testing.T) {
	g := start(t, 518)
	play(t, g, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	refused(t, g, Action{Kind: Claim, Side: chess.Black}, ErrIllegal, "no draw to claim here")
	refused(t, g, Action{Kind: Claim, Side: chess.Black, Text: "e5"}, ErrIllegal, "gives no draw")
	refused(t, g, Action{Kind: Claim, Side: chess.White, Text: "Nf3"}, ErrTurn, "only the player to move")
	if err := g.Apply(Action{Kind: Claim, Side: chess.Black, Text: "Ng8"}); err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.Result() != chess.Draw || g.Ending() != Claimed || g.Outcome().Termination != chess.ThreefoldRepetition {
		t.Errorf("claimed: %v %v %q %v", g.Over(), g.Result(), g.Ending(), g.Outcome())
	}
}

// TestCheckmateEnds: the fool's mate ends the game by the rules.
func TestCheckmateEnds(t *testing.T) {
	g := start(t, 518)
	play(t, g, "f3", "e5", "g4", "Qh4#")
	if !g.Over() || g.Result() != chess.BlackWins || g.Ending() != ByRules || g.Describe() != "0-1 (checkmate)" {
		t.Errorf("mate: %v %v %q %q", g.Over(), g.Result(), g.Ending(), g.Describe())
	}
	refused(t, g, Action{Kind: Offer, Side: chess.White}, ErrOver, "checkmate")
}

// TestFlag: a flag gives the opponent the game, or a draw when the
// opponent cannot mate (FIDE 6.9); once.
func TestFlag(t *testing.T) {
	g := start(t, 518)
	play(t, g, "e4")
	if err := g.Flag(chess.Black, t0); err != nil {
		t.Fatal(err)
	}
	if g.Result() != chess.WhiteWins || g.Ending() != TimeForfeit || g.Describe() != "1-0 (time)" {
		t.Errorf("flag: %v %q", g.Result(), g.Describe())
	}
	if err := g.Flag(chess.White, t0); !errors.Is(err, ErrOver) {
		t.Errorf("a second flag: %v", err)
	}
	// White has a lone knight against Black's king and queen: White's
	// flag loses, Black's draws.
	for side, want := range map[chess.Color]chess.Result{chess.White: chess.BlackWins, chess.Black: chess.Draw} {
		p, _ := chess.ParseFEN("7k/8/8/8/8/8/1q6/K1N5 w - - 0 1")
		g := New(p)
		if err := g.Flag(side, t0); err != nil || g.Result() != want {
			t.Errorf("%v flags in KN v KQ: %v %v, want %v", side, err, g.Result(), want)
		}
	}
}

// TestCanMate: the material balances where mate is impossible, and their
// neighbours where it is possible (each worked out by hand: a helpmate
// exists, e.g. KN v KR: Kh8, Rg8, Kh6 and Nf7#; KB v KP: Kh8, Ph7, Kf7 and
// Be5#).
func TestCanMate(t *testing.T) {
	for _, c := range []struct {
		fen  string
		side chess.Color
		want bool
	}{
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", chess.White, false},     // a lone king
		{"7k/8/8/8/8/8/8/K1N5 w - - 0 1", chess.White, false},   // KN v K
		{"7k/8/8/8/8/8/1q6/K1N5 w - - 0 1", chess.White, false}, // KN v KQ
		{"7k/8/8/8/8/8/1r6/K1N5 w - - 0 1", chess.White, true},  // KN v KR
		{"7k/8/8/8/8/8/1b6/K1N5 w - - 0 1", chess.White, true},  // KN v KB
		{"7k/7p/8/8/8/8/8/K1N5 w - - 0 1", chess.White, true},   // KN v KP
		{"7k/8/8/8/8/8/8/K1NN4 w - - 0 1", chess.White, true},   // KNN v K
		{"7k/8/8/8/8/8/8/K1B5 w - - 0 1", chess.White, false},   // KB v K
		{"7k/8/8/8/8/8/8/KBB5 w - - 0 1", chess.White, true},    // bishops on both colours (b1 light, c1 dark)
		{"7k/8/8/8/8/8/8/K1B1B3 w - - 0 1", chess.White, false}, // two bishops on dark squares (c1, e1)
		{"7k/8/8/8/8/8/5b2/K1B5 w - - 0 1", chess.White, false}, // KB v KB, both on dark squares (c1, f2)
		{"7k/8/8/8/8/8/6b1/K1B5 w - - 0 1", chess.White, true},  // KB v KB, the other on a light square (g2)
		{"7k/7p/8/8/8/8/8/K1B5 w - - 0 1", chess.White, true},   // KB v KP
		{"7k/8/8/8/8/8/8/K1B1N3 w - - 0 1", chess.White, true},  // KBN v K
		{"7k/8/8/8/8/8/P7/K7 w - - 0 1", chess.White, true},     // a pawn may promote
		{"7k/8/8/8/8/8/1q6/K1N5 w - - 0 1", chess.Black, true},  // the queen's side
	} {
		p, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := CanMate(p, c.side); got != c.want {
			t.Errorf("%s, %v: CanMate %v, want %v", c.fen, c.side, got, c.want)
		}
	}
}

// TestReplay: a game rebuilt from its log is the same game.
func TestReplay(t *testing.T) {
	g := start(t, 333)
	moves := []string{"e4", "e5", "d4", "d5"}
	play(t, g, moves...)
	if err := g.Apply(Action{Kind: Offer, Side: chess.Black}); err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(Action{Kind: Resign, Side: chess.White}); err != nil {
		t.Fatal(err)
	}
	h, err := Replay(g.Start(), g.Log())
	if err != nil {
		t.Fatal(err)
	}
	if h.Version() != g.Version() || h.Position().FEN(chess.Chess960) != g.Position().FEN(chess.Chess960) || h.Result() != chess.BlackWins || h.Describe() != g.Describe() {
		t.Errorf("replayed: version %d (%d), %s, %v", h.Version(), g.Version(), h.Describe(), h.Result())
	}
	bad := append(g.Log()[:1], Action{Kind: Move, Side: chess.Black, Text: "Ke2"})
	if _, err := Replay(g.Start(), bad); err == nil || !strings.Contains(err.Error(), "action 2 of the log") {
		t.Errorf("a bad log: %v", err)
	}
}
