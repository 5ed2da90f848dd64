package perft

import (
	"context"
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

// BenchmarkPerftContext is BenchmarkPerft through the budgeted,
// cancellable count: one thread, a budget that is never reached and a
// context that can be cancelled (what the server and the command line
// pay), to compare with BenchmarkPerft.
func BenchmarkPerftContext(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, bp := range benchPositions {
		p := chess.MustParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				n, err := CountContext(ctx, p, bp.depth, Options{MaxNodes: 1 << 62, Threads: 1})
				if err != nil || n != bp.nodes {
					b.Fatalf("%d, %v", n, err)
				}
				nodes += n
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
