package diagram_test

import (
	"encoding/xml"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
)

// FuzzParseSquares: no panic; what reads writes back and reads the same.
func FuzzParseSquares(f *testing.F) {
	for _, s := range []string{"e1,h1", "", " a1 , h8 ", "e9", "e1,,e2", "A1", "e1,e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := diagram.ParseSquares(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "diagram: squares ") {
				t.Fatalf("error %q", err)
			}
			return
		}
		var names []string
		for _, sq := range b.Squares() {
			names = append(names, sq.String())
		}
		again, err := diagram.ParseSquares(strings.Join(names, ","))
		if err != nil || again != b {
			t.Fatalf("%q -> %v -> %v, %v", s, names, again.Squares(), err)
		}
	})
}

// FuzzParseArrows: no panic, with and without a position; arrows written
// back as square pairs read the same.
func FuzzParseArrows(f *testing.F) {
	for _, s := range []string{"e2e4,g1f3", "e1h1", "e1g1", "d4d4", "e7e8q", "e2", "", "e2e4,,", "a1a9"} {
		f.Add(s)
	}
	start := chess.NewPosition(chess960.Standard())
	castle := chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []*chess.Position{nil, &start, &castle} {
			arrows, err := diagram.ParseArrows(s, p)
			if err != nil {
				continue
			}
			var pairs []string
			for _, a := range arrows {
				pairs = append(pairs, a.From.String()+a.To.String())
			}
			again, err := diagram.ParseArrows(strings.Join(pairs, ","), nil)
			if err != nil || len(again) != len(arrows) {
				t.Fatalf("%q -> %v -> %v, %v", s, pairs, again, err)
			}
			for i := range again {
				if again[i] != arrows[i] {
					t.Fatalf("%q: arrow %d %v, again %v", s, i, arrows[i], again[i])
				}
			}
		}
	})
}

func FuzzParseLastMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e1h1", "g1g1", "e2-e4", ""} {
		f.Add(s)
	}
	start := chess.NewPosition(chess960.Standard())
	castled := chess.MustParseFEN("rnbq1rk1/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQK2R w KQ - 4 4")
	kingStays := chess.MustParseFEN("1r2k3/8/8/8/8/8/8/1R3RK1 b - - 1 1")
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range []*chess.Position{nil, &start, &castled, &kingStays} {
			b, err := diagram.ParseLastMove(s, p)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "diagram: last move ") {
					t.Fatalf("error %q", err)
				}
				continue
			}
			if n := b.Count(); n < 1 || n > 2 {
				t.Fatalf("%q marks %d squares", s, n)
			}
		}
	})
}

// FuzzSVG: any FEN the engine takes draws as well-formed XML with its 64
// squares and its pieces, whatever title, class and id the caller gives.
func FuzzSVG(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "title & <b>", uint8(0))
	f.Add("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "\x00\xff]]>", uint8(7))
	f.Add("8/8/8/4k3/8/8/8/4K3 b - - 0 60", `"'`, uint8(255))
	f.Fuzz(func(t *testing.T, fen, text string, flags uint8) {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return
		}
		d := diagram.FromPosition(p)
		o := &diagram.Options{Flip: flags&1 != 0, Coords: flags&2 != 0, External: flags&4 != 0,
			Thumbnail: flags&8 != 0, Theme: diagram.Theme(flags >> 4 & 1),
			Highlight: chess.Bitboard(flags) * 0x0101010101010101,
			Arrows:    []diagram.Arrow{{From: chess.Square(flags & 63), To: chess.Square(flags >> 2 & 63)}}}
		if flags&32 != 0 {
			o.Title, o.Desc, o.Class, o.ID = text, text, text, text
		}
		var root node
		if err := xml.Unmarshal(d.AppendSVG(nil, o), &root); err != nil {
			t.Fatalf("not XML: %v", err)
		}
		squares, pieces := 0, 0
		root.walk(func(n *node) {
			if n.attr("data-piece") != "" {
				pieces++
			} else if n.XMLName.Local == "rect" && n.attr("data-square") != "" && n.attr("data-mark") == "" {
				squares++
			}
		})
		b := p.Board()
		if pieces != b.Occupied().Count() || (squares != 64 && !o.Thumbnail) {
			t.Fatalf("%d squares, %d pieces for %q", squares, pieces, fen)
		}
	})
}
