package chess

import (
	"strings"
	"testing"
)

// Positions where move text has the most to get wrong: Chess960 castling
// with the king on its target, promotions with captures, en passant,
// several pieces of a kind reaching one square.
var moveFuzzFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1",
	"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

// FuzzParseMove feeds arbitrary text to ParseMove (SAN or UCI): it must never
// panic, must only return legal moves, and what it accepts must write back
// as SAN and UCI that read as the same move.
func FuzzParseMove(f *testing.F) {
	for i, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exf6", "e8=Q", "ed8N", "Qa1b2", "g1h1", "e1g1", "e7e8q", "Kxb8", "Rh8+", "Q3b2#", "x", ""} {
		f.Add(uint8(i), s)
	}
	positions := make([]Position, len(moveFuzzFENs))
	for i, fen := range moveFuzzFENs {
		positions[i] = MustParseFEN(fen)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "chess: move ") {
				t.Fatalf("ParseMove(%q) error %q does not name the move", s, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseMove(%q) = %v, not legal", p.FEN(0), s, m)
		}
		san := p.SAN(m)
		for _, text := range []string{san, m.UCI(Chess960), m.UCI(Standard)} {
			back, err := p.ParseMove(text)
			if err != nil || back != m {
				t.Fatalf("%s: %q -> %v, written %q reads as %v, %v", p.FEN(0), s, m, text, back, err)
			}
		}
	})
}
