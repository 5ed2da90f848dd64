package perft

import (
	"testing"

	"github.com/chess960/chess960/chess"
)

// Benchmark positions with their counts (startpos and Kiwipete from the
// Chess Programming Wiki; the other two agree with Stockfish 15.1).
var benchPositions = []struct {
	name  string
	fen   string
	depth int
	nodes uint64
}{
	{"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	{"nrbkqbrn", "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1", 5, 3198017},
	{"fischer-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 5, 8146062},
}

func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPositions {
		p := chess.MustParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				nodes += Count(p, bp.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

func BenchmarkPerftParallel(b *testing.B) {
	for _, bp := range benchPositions {
		p := chess.MustParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				nodes += CountParallel(p, bp.depth, 0)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}
