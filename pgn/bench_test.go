package pgn

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"testing"

	"github.com/chess960/chess960/chess"
)

// benchText is the corpus of the benchmarks: every game of testdata, many
// times over (about 5 MB), or the file in $PGN_BENCH.
func benchText(b *testing.B) []byte {
	if name := os.Getenv("PGN_BENCH"); name != "" {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return data
	}
	var buf bytes.Buffer
	for buf.Len() < 5<<20 {
		for _, name := range []string{"lichess", "cutechess", "chesscom", "topevent", "annotated", "annotated-hand", "crlf-bom", "tolerant"} {
			data, err := os.ReadFile("testdata/corpus/" + name + ".pgn")
			if err != nil {
				b.Fatal(err)
			}
			buf.Write(data)
			buf.WriteString("\n")
		}
	}
	return buf.Bytes()
}

func reportGames(b *testing.B, games, size int) {
	b.SetBytes(int64(size))
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRead reads and checks every game (every move played) on one
// goroutine.
func BenchmarkRead(b *testing.B) { benchRead(b, false) }

// BenchmarkReadReuse reads as BenchmarkRead does, with ReuseGames.
func BenchmarkReadReuse(b *testing.B) { benchRead(b, true) }

func benchRead(b *testing.B, reuse bool) {
	data := benchText(b)
	games := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		r.ReuseGames = reuse
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			games++
		}
	}
	reportGames(b, games, len(data))
}

// BenchmarkReadParallel does the same on every CPU.
func BenchmarkReadParallel(b *testing.B) {
	data := benchText(b)
	games := 0
	for b.Loop() {
		ReadParallel(NewReader(bytes.NewReader(data)), runtime.GOMAXPROCS(0), func(g *Game) int { return len(g.Moves.Nodes) },
			func(int) error { games++; return nil })
	}
	reportGames(b, games, len(data))
}

// BenchmarkReadParallelReuse does the same with ReuseGames.
func BenchmarkReadParallelReuse(b *testing.B) {
	data := benchText(b)
	games := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		r.ReuseGames = true
		ReadParallel(r, runtime.GOMAXPROCS(0), func(g *Game) int { return len(g.Moves.Nodes) },
			func(int) error { games++; return nil })
	}
	reportGames(b, games, len(data))
}

// benchGames returns the games of the corpus whose start could be read.
func benchGames(b *testing.B) []*Game {
	var gs []*Game
	for g, err := range NewReader(bytes.NewReader(benchText(b))).All() {
		if err != nil {
			b.Fatal(err)
		}
		if g.hasStart() {
			gs = append(gs, g)
		}
	}
	return gs
}

// BenchmarkWrite writes every game in export format.
func BenchmarkWrite(b *testing.B) {
	gs := benchGames(b)
	var buf []byte
	n := 0
	for b.Loop() {
		for _, g := range gs {
			buf, _ = g.AppendPGN(buf[:0], chess.Standard)
			n += len(buf)
		}
	}
	b.SetBytes(int64(n / b.N))
	b.ReportMetric(float64(len(gs)*b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkStatus replays the main line of every game for its state
// (Game.Status), as "chess960 pgn --json" does for each game.
func BenchmarkStatus(b *testing.B) {
	gs := benchGames(b)
	over := 0
	for b.Loop() {
		for _, g := range gs {
			if g.Status().Outcome.IsOver() {
				over++
			}
		}
	}
	b.ReportMetric(float64(len(gs)*b.N)/b.Elapsed().Seconds(), "games/s")
}
