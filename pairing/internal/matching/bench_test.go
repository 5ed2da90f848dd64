package matching

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time the process has used. The benchmarks report
// it per operation as cpu-ns/op next to the wall-clock ns/op, which on a
// shared machine says more about the code than the wall clock does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuTimer measures the CPU time of the timed part of a benchmark.
type cpuTimer struct {
	total, start time.Duration
}

func (c *cpuTimer) Start() { c.start = cpuTime() }
func (c *cpuTimer) Stop()  { c.total += cpuTime() - c.start }
func (c *cpuTimer) report(b *testing.B) {
	b.ReportMetric(float64(c.total.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// dutchWeights builds weights shaped like the Dutch engine's for n players
// and the given number of words: a cardinality bit and small counts at the
// top, then fields that depend on the players' score groups (few distinct
// values, so many edges share their high parts), then low words that vary
// with the pairing numbers. About one pair in twenty has already met (no
// edge).
type dutchWeights struct {
	n, words int
	score    []int
	float    []int
	met      []bool
}

func newDutchWeights(n, words int, seed uint64) *dutchWeights {
	rng := rand.New(rand.NewPCG(seed, 300))
	d := &dutchWeights{n: n, words: words, score: make([]int, n), float: make([]int, n), met: make([]bool, n*n)}
	for i := range d.score {
		d.score[i] = rng.IntN(9)
		d.float[i] = rng.IntN(3)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if rng.IntN(20) == 0 {
				d.met[i*n+j], d.met[j*n+i] = true, true
			}
		}
	}
	return d
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// weight writes the weight of ij into w, with a variant that changes the
// low fields (the engine re-weighting a player's edges).
func (d *dutchWeights) weight(w []uint64, i, j, variant int) {
	clear(w)
	if d.met[i*d.n+j] {
		return
	}
	top := d.words - 1
	w[top] = 1 << 40
	w[top] |= uint64(2 - min(2, absInt(d.float[i]-d.float[j])))
	ds := absInt(d.score[i] - d.score[j])
	for k := top - 1; k >= d.words/2; k-- {
		// Score-difference fields: mostly the same few values.
		w[k] = uint64(16-min(16, ds*(1+k%3))) << 32
	}
	for k := d.words/2 - 1; k >= 0; k-- {
		x := uint64(i*31+j*17+k*7+variant*13) % 1024
		w[k] = (1<<20-uint64(absInt(i-j)))<<32 | x
	}
}

func buildDutch(b *testing.B, n, words int) (*Graph, *dutchWeights) {
	d := newDutchWeights(n, words, 1)
	g := New(n, words)
	w := make([]uint64, words)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d.weight(w, i, j, 0)
			g.SetWeight(i, j, w)
		}
	}
	return g, d
}

// BenchmarkSolve300 solves a complete graph of 300 players with 20-word
// weights from scratch.
func BenchmarkSolve300(b *testing.B) {
	d := newDutchWeights(300, 20, 1)
	w := make([]uint64, 20)
	var cpu cpuTimer
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := New(300, 20)
		for i := 0; i < 300; i++ {
			for j := i + 1; j < 300; j++ {
				d.weight(w, i, j, 0)
				g.SetWeight(i, j, w)
			}
		}
		b.StartTimer()
		cpu.Start()
		g.Solve()
		cpu.Stop()
	}
	cpu.report(b)
}

// BenchmarkResolve300 changes all edges at one vertex of a solved 300-player
// graph and re-solves; the time is per re-solve.
func BenchmarkResolve300(b *testing.B) {
	benchmarkResolve(b, 300, 20)
}

// BenchmarkResolve100 is BenchmarkResolve300 for a 100-player group.
func BenchmarkResolve100(b *testing.B) {
	benchmarkResolve(b, 100, 20)
}

func benchmarkResolve(b *testing.B, n, words int) {
	g, d := buildDutch(b, n, words)
	g.Solve()
	w := make([]uint64, words)
	v, variant := 0, 1
	var cpu cpuTimer
	cpu.Start()
	b.ReportAllocs()
	for b.Loop() {
		for u := 0; u < n; u++ {
			if u != v {
				d.weight(w, v, u, variant)
				g.SetWeight(v, u, w)
			}
		}
		g.Solve()
		v = (v + 37) % n
		variant++
	}
	cpu.Stop()
	cpu.report(b)
}

// BenchmarkResolveEdge300 changes one edge of a solved 300-player graph (the
// matched edge at a vertex, so that the change always frees it) and
// re-solves; the time is per re-solve.
func BenchmarkResolveEdge300(b *testing.B) {
	n, words := 300, 20
	g, d := buildDutch(b, n, words)
	g.Solve()
	w := make([]uint64, words)
	v, variant := 0, 1
	var cpu cpuTimer
	cpu.Start()
	b.ReportAllocs()
	for b.Loop() {
		u := g.Mate(v)
		if u < 0 {
			u = (v + 1) % n
		}
		d.weight(w, v, u, variant)
		w[0] ^= 1 << 10
		g.SetWeight(v, u, w)
		g.Solve()
		v = (v + 37) % n
		variant++
	}
	cpu.Stop()
	cpu.report(b)
}
