package chess960_test

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
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

// TestDFRCDrawer checks the seeded draw against its description, computed
// here with crypto/sha256: with no exclusions, draw k is the first 8 bytes
// of SHA-256("chess960-dfrc:" + seed + ":" + k) mod 921600; with
// exclusions, the pool is the allowed starts in ascending index order.
func TestDFRCDrawer(t *testing.T) {
	hash := func(seed string, k int) uint64 {
		sum := sha256.Sum256([]byte("chess960-dfrc:" + seed + ":" + strconv.Itoa(k)))
		return binary.BigEndian.Uint64(sum[:8])
	}
	d, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: "Round 1"})
	if err != nil {
		t.Fatal(err)
	}
	for k := range 50 {
		got := d.Next()
		if want := int(hash("Round 1", k) % chess960.DFRCCount); got.Index() != want {
			t.Fatalf("draw %d: %v (index %d), want index %d", k, got, got.Index(), want)
		}
	}
	// Exclusions: every start with White 0..479 is out; the pool is the
	// starts 480:0 .. 959:959, 460,800 of them, in index order, so draw k
	// is 480 × 960 + (hash mod 460800).
	ex, err := chess960.ParseDFRCSet("0-479:*")
	if err != nil {
		t.Fatal(err)
	}
	d, err = chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: "x", Exclude: ex})
	if err != nil || d.Allowed() != 460800 {
		t.Fatalf("%v, %d allowed", err, d.Allowed())
	}
	for k := range 50 {
		if got, want := d.Next().Index(), 480*960+int(hash("x", k)%460800); got != want {
			t.Fatalf("draw %d with exclusions: index %d, want %d", k, got, want)
		}
	}
	// Unique: a small pool drawn twice over gives each start once per
	// round.
	ex, _ = chess960.ParseDFRCSet("0-957:*,958:*,959:0-949")
	d, err = chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: "u", Exclude: ex, Unique: true})
	if err != nil || d.Allowed() != 10 {
		t.Fatalf("%v, %d allowed", err, d.Allowed())
	}
	for round := range 2 {
		seen := map[chess960.DFRC]bool{}
		for range 10 {
			s := d.Next()
			if s.White.ID() != 959 || s.Black.ID() < 950 || seen[s] {
				t.Fatalf("round %d: %v", round, s)
			}
			seen[s] = true
		}
	}
	// Everything excluded.
	all, _ := chess960.ParseDFRCSet("*:*")
	if _, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Exclude: all}); !errors.Is(err, chess960.ErrNoneLeft) {
		t.Errorf("all excluded: %v", err)
	}
	// The chess960 keyword: the 960 mirrored starts.
	c, _ := chess960.ParseDFRCSet("chess960")
	if c.Len() != 960 || !c.Has(chess960.DFRC{White: chess960.MustNew(518), Black: chess960.MustNew(518)}) {
		t.Errorf("chess960: %d", c.Len())
	}
	for _, bad := range []string{"518", "518:", "x:1", "1:960", "1:2:3", "1-:5"} {
		if _, err := chess960.ParseDFRCSet(bad); !errors.Is(err, chess960.ErrSyntax) && !errors.Is(err, chess960.ErrRange) {
			t.Errorf("ParseDFRCSet(%q): %v", bad, err)
		}
	}
}

// TestDFRCDrawerUniqueAll draws all 921,600 starts without repeats: each
// comes exactly once.
func TestDFRCDrawerUniqueAll(t *testing.T) {
	d, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: "all", Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	var seen chess960.DFRCSet
	for k := range chess960.DFRCCount {
		s := d.Next()
		if seen.Has(s) {
			t.Fatalf("draw %d: %v again", k, s)
		}
		seen.Add(s)
	}
	if seen.Len() != chess960.DFRCCount {
		t.Errorf("%d distinct", seen.Len())
	}
}

func TestDFRCSetUnion(t *testing.T) {
	a, _ := chess960.ParseDFRCSet("518:0-9")
	b, _ := chess960.ParseDFRCSet("518:5-14,0:0")
	u := a.Union(b)
	if u.Len() != 16 {
		t.Errorf("518:0-9 with 518:5-14 and 0:0: %d starts, want 16", u.Len())
	}
	for _, c := range []struct {
		w, b int
		in   bool
	}{{518, 0, true}, {518, 14, true}, {0, 0, true}, {518, 15, false}, {0, 1, false}} {
		d, _ := chess960.NewDFRC(c.w, c.b)
		if u.Has(d) != c.in {
			t.Errorf("%v in the union: %v, want %v", d, u.Has(d), c.in)
		}
	}
	if e := (chess960.DFRCSet{}).Union(chess960.DFRCSet{}); e.Len() != 0 {
		t.Errorf("empty union: %d", e.Len())
	}
	if a.Len() != 10 {
		t.Errorf("Union changed its receiver: %d", a.Len())
	}
}

// TestParseDFRCSetRows: a list item W:B adds exactly the starts whose White
// position is in W and Black position in B (the rows are filled a word at
// a time), and a list of thousands of "*:*" is read at once.
func TestParseDFRCSetRows(t *testing.T) {
	s, err := chess960.ParseDFRCSet("3-5:63-64,959:959,700:0")
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]int]bool{{3, 63}: true, {3, 64}: true, {4, 63}: true, {4, 64}: true, {5, 63}: true, {5, 64}: true, {959, 959}: true, {700, 0}: true}
	if s.Len() != len(want) {
		t.Errorf("Len %d, want %d", s.Len(), len(want))
	}
	for _, w := range []int{0, 2, 3, 4, 5, 6, 699, 700, 701, 958, 959} {
		for _, b := range []int{0, 1, 62, 63, 64, 65, 958, 959} {
			d := chess960.DFRC{White: chess960.MustNew(w), Black: chess960.MustNew(b)}
			if got := s.Has(d); got != want[[2]int{w, b}] {
				t.Errorf("Has(%d:%d) = %v", w, b, got)
			}
		}
	}
	all, err := chess960.ParseDFRCSet(strings.Repeat("*:*,", 5000) + "0:0")
	if err != nil || all.Len() != chess960.DFRCCount {
		t.Errorf("5,000 times *:*: %d starts, %v", all.Len(), err)
	}
}
