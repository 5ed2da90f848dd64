package chess960

import "testing"

// Each benchmark cycles through all 960 positions so that no branch is
// predicted perfectly; the sinks keep the compiler from dropping the work.
var (
	sinkRank Rank
	sinkInt  int
	sinkPos  StartPos
)

func BenchmarkIDToRank(b *testing.B) {
	n := 0
	for b.Loop() {
		sinkRank = StartPos{uint16(n)}.Rank()
		if n++; n == Count {
			n = 0
		}
	}
}

func BenchmarkRankToID(b *testing.B) {
	var ranks [Count]Rank
	for i := range ranks {
		ranks[i] = MustNew(i).Rank()
	}
	n := 0
	for b.Loop() {
		p, _ := FromRank(ranks[n])
		sinkInt = p.ID()
		if n++; n == Count {
			n = 0
		}
	}
}

func BenchmarkIDToFritz9(b *testing.B) {
	n := 0
	for b.Loop() {
		sinkInt = StartPos{uint16(n)}.Fritz9()
		if n++; n == Count {
			n = 0
		}
	}
}

func BenchmarkFritz9ToID(b *testing.B) {
	n := 1
	for b.Loop() {
		sinkPos, _ = FromFritz9(n)
		if n++; n > Count {
			n = 1
		}
	}
}

func BenchmarkParseRank(b *testing.B) {
	var ranks [Count]string
	for i := range ranks {
		ranks[i] = MustNew(i).String()
	}
	n := 0
	for b.Loop() {
		sinkPos, _ = ParseRank(ranks[n])
		if n++; n == Count {
			n = 0
		}
	}
}

func BenchmarkMirror(b *testing.B) {
	n := 0
	for b.Loop() {
		sinkPos = StartPos{uint16(n)}.Mirror()
		if n++; n == Count {
			n = 0
		}
	}
}

func BenchmarkSeededDraw(b *testing.B) {
	d, _ := NewDrawer(DrawOptions{Seeded: true, Seed: "bench"})
	for b.Loop() {
		sinkPos = d.Next()
	}
}

func BenchmarkParseStartFEN(b *testing.B) {
	fens := make([]string, Count)
	for i := range fens {
		fens[i] = shredderFEN(MustNew(i))
	}
	i := 0
	for b.Loop() {
		if _, err := ParseFEN(fens[i]); err != nil {
			b.Fatal(err)
		}
		i++
		if i == Count {
			i = 0
		}
	}
}
