package pgn

import (
	"bytes"
	"testing"

	"github.com/chess960/chess960/chess"
)

// FuzzRead: the reader never panics or hangs on any input, and every game
// it reads (with a start position) writes out, reads back as one game with
// no error, and writes out the same again: write -> read -> write is stable.
// The seed corpus is in testdata/fuzz/FuzzRead.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. Ne3 {c} Ne6 (1... f5 $1 (1... g6)) 2. O-O-O *\n",
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
		"\xef\xbb\xbf[Event \"crlf\"]\r\n\r\n1. d4 { [%clk 0:03:00] } 1... d5 ; rest\r\n2. c4 *\r\n",
		"1. e4 {never closed\n[Event \"next\"]\n1. d4 (1... d5 *",
		"1. e4 e5 (1... -- {threat} 2. d4) 2. Nf3 Z0 3. Bc4 -- 4. Qh5+ -- *",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The same games read into one reused Game.
		var reused []string
		rr := NewReader(bytes.NewReader(data))
		rr.MaxGameBytes = 1 << 16
		rr.ReuseGames = true
		for g, err := range rr.All() {
			if err != nil {
				t.Fatal(err)
			}
			reused = append(reused, describe(g))
		}
		r := NewReader(bytes.NewReader(data))
		r.MaxGameBytes = 1 << 16
		n := 0
		for g, err := range r.All() {
			if err != nil {
				t.Fatal(err)
			}
			if n >= len(reused) || describe(g) != reused[n] {
				t.Fatalf("game %d reads differently into a reused Game", g.Number)
			}
			n++
			if !g.hasStart() {
				continue
			}
			first, err := g.AppendPGN(nil, chess.Standard)
			if err != nil {
				t.Fatalf("game %d: %v", g.Number, err)
			}
			var back []*Game
			for h, err := range NewReader(bytes.NewReader(first)).All() {
				if err != nil {
					t.Fatal(err)
				}
				back = append(back, h)
			}
			if len(back) != 1 || back[0].Err != nil {
				t.Fatalf("game %d writes\n%s\nwhich reads back as %d games (%v)", g.Number, first, len(back), back)
			}
			second, err := back[0].AppendPGN(nil, chess.Standard)
			if err != nil || !bytes.Equal(first, second) {
				t.Fatalf("game %d: written, read and written again differs (%v):\n%s\n%s", g.Number, err, first, second)
			}
			_ = g.Status()
			_, _ = g.StartID()
		}
		if n != len(reused) {
			t.Fatalf("%d games, and %d read into a reused Game", n, len(reused))
		}
	})
}
