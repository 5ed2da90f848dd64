package game

import (
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/pgn"
)

// TestPGN: a resigned Chess960 game as PGN, written out by hand: the
// tags, the Chess960 tags and FEN of start 0 (BBQNNRKR), and the moves in
// SAN; and it reads back with the same moves.
func TestPGN(t *testing.T) {
	g := start(t, 0)
	play(t, g, "e4", "e5", "Nd3", "Nd6")
	if err := g.Apply(Action{Kind: Resign, Side: chess.White, At: t0}); err != nil {
		t.Fatal(err)
	}
	pg := g.PGN(Players{Event: "Casual", White: "Ann", Black: "Bo"})
	want := `[Event "Casual"]
[Site "?"]
[Date "2026.12.03"]
[Round "?"]
[White "Ann"]
[Black "Bo"]
[Result "0-1"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]
[TimeControl "-"]
[Termination "normal"]

1. e4 e5 2. Nd3 Nd6 0-1
`
	if got := pg.String(); got != want {
		t.Errorf("PGN:\n%s\nwant\n%s", got, want)
	}
	back, err := pgn.NewReader(strings.NewReader(want)).Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Moves.Nodes) != 4 || back.Final().FEN(chess.Chess960) != g.Position().FEN(chess.Chess960) {
		t.Errorf("read back: %d moves, %s", len(back.Moves.Nodes), back.Final().FEN(chess.Chess960))
	}
}

// TestPGNAborted: an aborted game has no result and the PGN says it was
// abandoned; a game in play has neither result nor Termination.
func TestPGNAborted(t *testing.T) {
	g := start(t, 518)
	if s := g.PGN(Players{}).String(); strings.Contains(s, "Termination") || !strings.Contains(s, `[Result "*"]`) || !strings.Contains(s, `[Date "????.??.??"]`) {
		t.Errorf("a new game:\n%s", s)
	}
	if err := g.Apply(Action{Kind: Abort, Side: chess.White, At: t0}); err != nil {
		t.Fatal(err)
	}
	if s := g.PGN(Players{}).String(); !strings.Contains(s, `[Termination "abandoned"]`) || !strings.Contains(s, `[Result "*"]`) || strings.Contains(s, "Variant") {
		t.Errorf("aborted:\n%s", s)
	}
}

// TestPGNClocks: a 3+2 game's PGN carries its TimeControl and, after each
// move, the mover's time left, worked out by hand: White moves at 5 s
// (180 - 5 + 2 = 177 s), Black at 15 s (180 - 10 + 2 = 172 s), White at
// 77.5 s (177 - 62.5 + 2 = 116.5 s, shown 0:01:56).
func TestPGNClocks(t *testing.T) {
	c, err := clock.Parse("3+2")
	if err != nil {
		t.Fatal(err)
	}
	g := NewTimed(chess.NewPosition(chess960.MustNew(518)), c, t0)
	for _, m := range []struct {
		text string
		at   time.Duration
	}{{"e4", 5 * time.Second}, {"e5", 15 * time.Second}, {"Nf3", 77500 * time.Millisecond}} {
		if err := g.Apply(Action{Kind: Move, Side: g.Position().Turn(), Text: m.text, Base: g.Version(), At: t0.Add(m.at)}); err != nil {
			t.Fatal(err)
		}
	}
	s := g.PGN(Players{}).String()
	for _, want := range []string{`[TimeControl "180+2"]`, "1. e4 {[%clk 0:02:57]} 1... e5 {[%clk 0:02:52]} 2. Nf3 {[%clk 0:01:56]} *"} {
		if !strings.Contains(s, want) {
			t.Errorf("the PGN lacks %s:\n%s", want, s)
		}
	}
}
