package book

import (
	"io"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// dfrcBook is the 921,600 DFRC starts, one X-FEN a line, as book --all
// --dfrc writes them.
func dfrcBook(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		d, _ := chess960.DFRCFromIndex(i)
		b.WriteString(d.FEN())
		b.WriteByte('\n')
	}
	return b.String()
}

// positionsBook is n positions that are not starts: each DFRC start after
// 1. e3 (or 1. Nf3-like first knight move), White's first legal move.
func positionsBook(n int) string {
	var b strings.Builder
	var ml chess.MoveList
	for i := 0; i < n; i++ {
		d, _ := chess960.DFRCFromIndex(i * (chess960.DFRCCount / n))
		p := chess.MustParseFEN(d.FEN())
		p.LegalMoves(&ml)
		p.Play(ml.Moves()[i%len(ml.Moves())])
		b.WriteString(FEN(p, false))
		b.WriteByte('\n')
	}
	return b.String()
}

func benchCheck(b *testing.B, text string, lines int) {
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		sum, err := Check(strings.NewReader(text), Options{})
		if err != nil || sum.Entries != lines {
			b.Fatalf("%v, %d entries", err, sum.Entries)
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkCheckDFRC: the whole DFRC book, every start recognised.
func BenchmarkCheckDFRC(b *testing.B) {
	benchCheck(b, dfrcBook(chess960.DFRCCount), chess960.DFRCCount)
}

// BenchmarkCheckPositions: positions after one move, each parsed in full.
func BenchmarkCheckPositions(b *testing.B) {
	benchCheck(b, positionsBook(100000), 100000)
}

// BenchmarkFix: the DFRC book rewritten in Shredder-FEN.
func BenchmarkFix(b *testing.B) {
	text := dfrcBook(chess960.DFRCCount)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		sum, err := Fix(strings.NewReader(text), io.Discard, FixOptions{Castling: Shredder})
		if err != nil || sum.Castling != chess960.DFRCCount {
			b.Fatalf("%v, %+v", err, sum)
		}
	}
}
