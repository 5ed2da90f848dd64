package book

import (
	"context"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pgn"
)

// TestWriterPGNEscapes: a tag value with " and \ is written escaped, as
// the PGN standard (8.1.1) writes them, and reads back as it was.
func TestWriterPGNEscapes(t *testing.T) {
	var b strings.Builder
	ev := `Club "Rook & Pawn" \ blitz`
	w := NewWriter(&b, WriterOptions{Format: PGN, Event: ev})
	if err := w.Write(chess960.DFRC{White: chess960.MustNew(518), Black: chess960.MustNew(518)}, 1, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `[Event "Club \"Rook & Pawn\" \\ blitz"]`+"\n") {
		t.Errorf("the Event tag is not escaped:\n%s", b.String())
	}
	g, err := pgn.NewReader(strings.NewReader(b.String())).Read()
	if err != nil || g.Err != nil || g.Tags.Get("Event") != ev || g.Tags.Get("Round") != "1" || g.Tags.Get("FEN") != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("read back: %v, %+v", err, g)
	}
}

// TestWriterPGNWraps: the movetext of played-out lines is wrapped as the
// PGN standard's export format asks (8.2.2.2: at most 80 columns), and
// each line is filled: the first word of the next line would not fit on
// it. The lines are 120 random plies from ten starts.
func TestWriterPGNWraps(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b, WriterOptions{Format: PGN, Plies: true})
	pp := &Plies{N: 120, Random: true, Seed: "wrap"}
	full := 0
	for line := 1; line <= 10; line++ {
		p := chess960.MustNew(line * 90)
		d := chess960.DFRC{White: p, Black: p}
		moves, _, err := pp.Play(context.Background(), chess.MustParseFEN(d.ShredderFEN()), line)
		if err != nil || len(moves) != 120 {
			t.Fatalf("line %d: %d plies, %v", line, len(moves), err)
		}
		if err := w.Write(d, line, moves); err != nil {
			t.Fatal(err)
		}
	}
	for _, game := range strings.Split(strings.TrimSpace(b.String()), "\n\n[") {
		_, movetext, ok := strings.Cut(game, "\n\n")
		if !ok {
			t.Fatalf("no movetext:\n%s", game)
		}
		lines := strings.Split(movetext, "\n")
		for i, l := range lines {
			if len(l) > 80 {
				t.Errorf("a line of %d columns: %q", len(l), l)
			}
			if len(l) == 80 {
				full++
			}
			if i+1 < len(lines) {
				next, _, _ := strings.Cut(lines[i+1], " ")
				if len(l)+1+len(next) <= 80 {
					t.Errorf("line of %d columns broken before %q, which fits:\n%s", len(l), next, l)
				}
			}
		}
		if f := strings.Fields(movetext); len(f) != 60+120+1 || f[len(f)-1] != "*" {
			t.Errorf("the movetext is not 60 move numbers, 120 moves and the result: %q", movetext)
		}
	}
	if full == 0 {
		t.Errorf("no line of 80 columns in these games: the test does not tell 80 from 79")
	}
}
