package chess960_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// TestDFRCAll checks every one of the 921,600 DFRC starts: both indices,
// the name, and both FENs round trip, and package chess, which reads and
// writes FENs on its own, reads each FEN as a legal position whose FENs in
// its two castling notations are exactly ours.
func TestDFRCAll(t *testing.T) {
	bad := 0
	for i := range chess960.DFRCCount {
		d, err := chess960.DFRCFromIndex(i)
		if err != nil || d.Index() != i || d.White.ID() != i/960 || d.Black.ID() != i%960 {
			t.Fatalf("index %d: %v %v", i, d, err)
		}
		if b, _ := chess960.DFRCFromBlackFirstIndex(d.BlackFirstIndex()); b != d {
			t.Fatalf("%v: black-first index %d gives %v", d, d.BlackFirstIndex(), b)
		}
		for _, text := range []string{d.String(), d.FEN(), d.ShredderFEN()} {
			if got, err := chess960.ParseDFRC(text); err != nil || got != d {
				t.Fatalf("%v: ParseDFRC(%q) = %v, %v", d, text, got, err)
			}
		}
		p, err := chess.ParseFEN(d.FEN())
		if err != nil {
			t.Fatalf("%v: package chess refuses %s: %v", d, d.FEN(), err)
		}
		if x, s := p.FEN(chess.Standard), p.FEN(chess.Chess960); x != d.FEN() || s != d.ShredderFEN() {
			if bad++; bad < 10 {
				t.Errorf("%v: package chess writes %s and %s, we %s and %s", d, x, s, d.FEN(), d.ShredderFEN())
			}
		}
		if d.IsChess960() != (d.White == d.Black) || d.Mirror().Mirror() != d || d.Mirror().Index() != d.BlackFirstIndex() {
			t.Fatalf("%v: mirror or IsChess960", d)
		}
	}
	if bad > 0 {
		t.Errorf("%d starts differ from package chess", bad)
	}
}

// TestDFRCChess960: the 960 mirrored starts are Chess960's, with the same
// FEN as StartPos gives.
func TestDFRCChess960(t *testing.T) {
	for n := range 960 {
		sp := chess960.MustNew(n)
		d := chess960.DFRC{White: sp, Black: sp}
		if !d.IsChess960() || d.FEN() != sp.FEN() || d.Index() != n*961 {
			t.Errorf("%d: %v %s", n, d, d.FEN())
		}
	}
	// The published example: TCEC's DFRC 502:532.
	d, err := chess960.ParseDFRC("DFRC 502:532")
	if err != nil || d.White.String() != chess960.MustNew(502).String() || d.Black.ID() != 532 || d.Index() != 502*960+532 {
		t.Errorf("502:532: %v %v", d, err)
	}
}

func TestDFRCErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		want error
		text string
	}{
		{"", chess960.ErrSyntax, "want W:B"},
		{"502", chess960.ErrSyntax, "want W:B"},
		{"502:", chess960.ErrSyntax, "two Scharnagl numbers"},
		{"502:960", chess960.ErrRange, "0..959"},
		{"-1:5", chess960.ErrSyntax, "two Scharnagl numbers"},
		{"5:5:5", chess960.ErrSyntax, "two Scharnagl numbers"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", chess960.ErrNotStart, "move number"},
		{"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", chess960.ErrNotStart, "missing the black a-side right"},
		{"rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhb - 0 1", chess960.ErrNotStart, "no rook on the b-file"},
		{"rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", nil, ""},
		{"kbbqrnnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", chess960.ErrKingPlacement, "rank 8: king must stand between the rooks"},
	} {
		_, err := chess960.ParseDFRC(c.in)
		switch {
		case c.want == nil && err != nil:
			t.Errorf("%q: %v", c.in, err)
		case c.want != nil && (err == nil || !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text)):
			t.Errorf("%q: %v, want %v and %q", c.in, err, c.want, c.text)
		}
	}
	if _, err := chess960.DFRCFromIndex(921600); !errors.Is(err, chess960.ErrRange) {
		t.Errorf("index 921600: %v", err)
	}
	if _, err := chess960.NewDFRC(1, 960); !errors.Is(err, chess960.ErrRange) {
		t.Errorf("NewDFRC(1, 960): %v", err)
	}
}

func ExampleDFRC() {
	d, _ := chess960.ParseDFRC("502:532")
	fmt.Println(d, d.Index())
	fmt.Println(d.FEN())
	fmt.Println(d.ShredderFEN())
	fmt.Println(d.Mirror(), d.IsChess960())
	e, _ := chess960.NewDFRC(0, 959)
	fmt.Println(e.ShredderFEN())
	// Output:
	// 502:532 482452
	// rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1
	// rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w HAha - 0 1
	// 532:502 false
	// rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1
}
