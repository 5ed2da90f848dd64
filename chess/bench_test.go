package chess

import "testing"

// Benchmark positions with their perft counts (startpos and Kiwipete from
// the Chess Programming Wiki; the other two agree with Stockfish 15.1).
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

func BenchmarkLegalMoves(b *testing.B) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			var ml MoveList
			n := 0
			for b.Loop() {
				p.LegalMoves(&ml)
				n += ml.Len()
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
		})
	}
}

// BenchmarkCountMoves: the leaf counter perft uses instead of LegalMoves.
func BenchmarkCountMoves(b *testing.B) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		b.Run(bp.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n += p.countMoves()
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		var ml MoveList
		p.LegalMoves(&ml)
		b.Run(bp.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, m := range ml.Moves() {
					q := p
					q.Play(m)
				}
				n += ml.Len()
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mplays/s")
		})
	}
}

// BenchmarkParseSAN reads the SAN of every legal move of each position.
func BenchmarkParseSAN(b *testing.B) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		var sans []string
		for _, m := range p.AppendLegalMoves(nil) {
			sans = append(sans, p.SAN(m))
		}
		b.Run(bp.name, func(b *testing.B) {
			for b.Loop() {
				for _, s := range sans {
					if _, err := p.ParseSAN(s); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sans)), "ns/move")
		})
	}
}

// BenchmarkSAN writes the SAN of every legal move of each position.
func BenchmarkSAN(b *testing.B) {
	for _, bp := range benchPositions {
		p := MustParseFEN(bp.fen)
		moves := p.AppendLegalMoves(nil)
		b.Run(bp.name, func(b *testing.B) {
			var buf []byte
			for b.Loop() {
				for _, m := range moves {
					buf = p.AppendSAN(buf[:0], m)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
		})
	}
}
