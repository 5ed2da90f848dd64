package diagram_test

import (
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
)

// BenchmarkSVG draws one board, a start position, into a reused buffer.
func BenchmarkSVG(b *testing.B) {
	d := diagram.FromStartPos(chess960.Standard())
	buf := make([]byte, 0, 64<<10)
	o := &diagram.Options{Size: 400}
	for b.Loop() {
		buf = d.AppendSVG(buf[:0], o)
	}
	b.SetBytes(int64(len(buf)))
}

// BenchmarkSVGPosition makes the diagram of a middle-game position and
// draws it with coordinates, marks and an arrow.
func BenchmarkSVGPosition(b *testing.B) {
	p := chess.MustParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8")
	buf := make([]byte, 0, 64<<10)
	o := &diagram.Options{Size: 400, Coords: true, LastMove: chess.E7.BB() | chess.F8.BB(),
		Arrows: []diagram.Arrow{{From: chess.E1, To: chess.G1}}}
	for b.Loop() {
		d := diagram.FromPosition(p)
		buf = d.AppendSVG(buf[:0], o)
	}
	b.SetBytes(int64(len(buf)))
}

// BenchmarkSVGAll960 draws all 960 start positions, as a gallery does
// (External definitions, small boards).
func BenchmarkSVGAll960(b *testing.B) {
	buf := make([]byte, 0, 8<<20)
	o := &diagram.Options{Size: 160, External: true}
	for b.Loop() {
		buf = buf[:0]
		for n := range chess960.Count {
			d := diagram.FromStartPos(chess960.MustNew(n))
			buf = d.AppendSVG(buf, o)
		}
	}
	b.SetBytes(int64(len(buf)))
}
