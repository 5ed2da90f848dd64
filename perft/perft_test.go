package perft

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

var (
	perftFull   = flag.Bool("perft.full", false, "run the perft suites to their full depth")
	perftBudget = flag.Uint64("perft.budget", 2_000_000, "largest node count checked per suite entry (ignored with -perft.full)")
	perftHash   = flag.Int("perft.hash", 0, "count the suites with a shared Table of this many MB, on all CPUs (0: plain counts)")
)

func readSuite(t testing.TB, name string) []SuiteEntry {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := ReadSuite(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// runSuite checks a suite with Check, the checker the command line uses.
func runSuite(t *testing.T, name string) {
	cases := readSuite(t, name)
	o := CheckOptions{MaxNodes: *perftBudget}
	if *perftFull {
		o.MaxNodes = 0
	}
	if *perftHash > 0 {
		o.Table = NewTable(*perftHash)
	}
	s := Check(cases, o)
	for _, r := range s.Mismatches {
		t.Errorf("%s: %v", name, r)
	}
	if s.Positions != len(cases) || s.Counts < len(cases) {
		t.Errorf("%s: %d positions, %d counts checked, want at least one per position", name, s.Positions, s.Counts)
	}
	t.Logf("%s: %d positions, %d counts, %d nodes", name, s.Positions, s.Counts, s.Nodes)
}

func TestSuiteStart(t *testing.T)          { runSuite(t, "chess960-start.perft") }
func TestSuiteMidgame(t *testing.T)        { runSuite(t, "chess960-midgame.perft") }
func TestSuiteRandomPlayouts(t *testing.T) { runSuite(t, "random-playouts.perft") }
func TestSuiteCastling(t *testing.T)       { runSuite(t, "castling.perft") }
func TestSuitePromoted(t *testing.T)       { runSuite(t, "promoted.perft") }
func TestSuiteMaterial(t *testing.T)       { runSuite(t, "material.perft") }
func TestSuiteTinyTrees(t *testing.T)      { runSuite(t, "tiny-trees.perft") }

// TestStartSuiteIsNewPosition: the start suite's 960 FENs are the 960 start
// positions in Scharnagl order, so its counts check NewPosition too.
func TestStartSuiteIsNewPosition(t *testing.T) {
	cases := readSuite(t, "chess960-start.perft")
	if len(cases) != chess960.Count {
		t.Fatalf("%d entries, want 960", len(cases))
	}
	for id, c := range cases {
		p := chess.NewPosition(chess960.MustNew(id))
		q, err := chess.ParseFEN(c.FEN)
		if err != nil || p != q {
			t.Fatalf("entry %d (%s): NewPosition(%d) = %s, suite FEN %s (%v)", id, c.ID, id, p.FEN(chess.Chess960), c.FEN, err)
		}
	}
}

// TestCountMatchesGenerate checks CountLegalMoves, the leaf counter every
// count here relies on, against the length of the generated list: on every
// suite position, on random playouts from each of them and from every start
// position, and on all the positions one ply after them.
func TestCountMatchesGenerate(t *testing.T) {
	var starts []chess.Position
	for _, name := range []string{"chess960-start.perft", "chess960-midgame.perft", "random-playouts.perft", "castling.perft", "promoted.perft"} {
		for _, c := range readSuite(t, name) {
			starts = append(starts, chess.MustParseFEN(c.FEN))
		}
	}
	rng := rand.New(rand.NewPCG(960, 4))
	checked := 0
	check := func(p *chess.Position) {
		var ml chess.MoveList
		p.LegalMoves(&ml)
		if got := p.CountLegalMoves(); got != ml.Len() {
			t.Fatalf("%s: CountLegalMoves %d, generated %d", p.FEN(chess.Chess960), got, ml.Len())
		}
		checked++
	}
	for _, start := range starts {
		p := start
		plies := 120
		if testing.Short() && os.Getenv("CI") == "" { // CI runs all of it
			plies = 20
		}
		for ply := 0; ply < plies; ply++ {
			var ml chess.MoveList
			p.LegalMoves(&ml)
			check(&p)
			if ply%10 == 0 {
				for _, m := range ml.Moves() {
					q := p
					q.Play(m)
					check(&q)
				}
			}
			if ml.Len() == 0 {
				break
			}
			p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions", checked)
}

func TestParallelMatchesCount(t *testing.T) {
	for _, bp := range benchPositions {
		p := chess.MustParseFEN(bp.fen)
		for depth := 0; depth <= 4; depth++ {
			want := Divide(p, depth)
			for _, threads := range []int{0, 1, 2, 3, 7} {
				got := DivideParallel(p, depth, threads)
				if len(got) != len(want) {
					t.Fatalf("%s depth %d threads %d: %d moves, want %d", bp.name, depth, threads, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s depth %d threads %d: %v, want %v", bp.name, depth, threads, got[i], want[i])
					}
				}
				if n := CountParallel(p, depth, threads); n != Count(p, depth) || (depth > 0 && n != Total(got)) {
					t.Fatalf("%s depth %d threads %d: CountParallel %d, Count %d", bp.name, depth, threads, n, Count(p, depth))
				}
			}
		}
	}
	// A position whose root has no legal move, and one with a single reply.
	for _, fen := range []string{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/8/8/8/8/8/1R6/1R5K b - - 0 1"} {
		p := chess.MustParseFEN(fen)
		for depth := 0; depth <= 4; depth++ {
			if got, want := CountParallel(p, depth, 2), Count(p, depth); got != want {
				t.Fatalf("%s depth %d: %d, want %d", fen, depth, got, want)
			}
		}
	}
}

// TestBenchPositionCounts: the benchmarks' positions count what the Chess
// Programming Wiki (startpos, Kiwipete) and Stockfish 15.1 (the two others)
// say, at the benchmarks' depths.
func TestBenchPositionCounts(t *testing.T) {
	for _, bp := range benchPositions {
		if got := CountParallel(chess.MustParseFEN(bp.fen), bp.depth, 0); got != bp.nodes {
			t.Errorf("%s: perft %d = %d, want %d", bp.name, bp.depth, got, bp.nodes)
		}
	}
}

// TestTable: hashed counts agree with Count, with a tiny table (many
// replacements) and a larger one, alone and shared by goroutines.
func TestTable(t *testing.T) {
	var cases []SuiteEntry
	for _, name := range []string{"castling.perft", "random-playouts.perft", "promoted.perft"} {
		cases = append(cases, readSuite(t, name)...)
	}
	for _, bp := range benchPositions {
		cases = append(cases, SuiteEntry{ID: bp.name, FEN: bp.fen})
	}
	small, large := NewTable(0), NewTable(16)
	for i, c := range cases {
		if i%10 != 0 && i < len(cases)-len(benchPositions) {
			continue
		}
		p := chess.MustParseFEN(c.FEN)
		depth := 4
		if p.CountLegalMoves() > 30 {
			depth = 3
		}
		want := Count(p, depth)
		for _, tab := range []*Table{small, large} {
			if got := tab.Count(p, depth); got != want {
				t.Fatalf("%s: table count %d = %d, want %d", c.FEN, depth, got, want)
			}
			if got := tab.CountParallel(p, depth, 3); got != want {
				t.Fatalf("%s: parallel table count %d = %d, want %d", c.FEN, depth, got, want)
			}
		}
	}
	if n := len(NewTable(1).buckets); n != 1<<14 {
		t.Errorf("1 MB table: %d buckets, want 16384", n)
	}
}

// TestTableDepthTags: no two depths up to MaxDepth give one position the
// same tag, so that a count of one depth is never taken for another's.
func TestTableDepthTags(t *testing.T) {
	seen := make(map[uint64]int)
	for d := 0; d <= MaxDepth; d++ {
		k := tag(depthKey(d), d)
		if e, ok := seen[k]; ok {
			t.Fatalf("depths %d and %d have the same tag %#x", e, d, k)
		}
		seen[k] = d
	}
}

// TestTableReplacement: a bucket keeps its deepest counts. Five counts of
// depths 3 to 7 go into one bucket of four; the shallowest is the one
// replaced, and a count stored again replaces itself.
func TestTableReplacement(t *testing.T) {
	tab := NewTable(0)
	key := func(i int) uint64 { return uint64(i+1)<<8 | uint64(i)<<40 }
	for i, d := range []int{5, 3, 7, 4} {
		tab.store(key(i)&^tab.mask, d, uint64(100+i))
	}
	tab.store(key(9)&^tab.mask, 6, 109)
	for i, d := range []int{5, 3, 7, 4} {
		n, ok := tab.probe(key(i)&^tab.mask, d)
		if want := d != 3; ok != want || ok && n != uint64(100+i) {
			t.Errorf("depth %d: %d, %v; want kept %v", d, n, ok, want)
		}
	}
	if n, ok := tab.probe(key(9)&^tab.mask, 6); !ok || n != 109 {
		t.Errorf("depth 6: %d, %v; want 109", n, ok)
	}
	tab.store(key(9)&^tab.mask, 6, 110)
	if n, ok := tab.probe(key(9)&^tab.mask, 6); !ok || n != 110 {
		t.Errorf("depth 6 stored again: %d, %v; want 110", n, ok)
	}
	if n, ok := tab.probe(key(0)&^tab.mask, 5); !ok || n != 100 {
		t.Errorf("depth 5 after depth 6 was stored again: %d, %v; want 100", n, ok)
	}
}

// Divides computed with Stockfish 15.1 (sfperft -d, UCI_Chess960).
var castlingDivides = []struct {
	fen    string
	depth  int
	divide string
}{
	{"4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", 2, "b1a1: 5 b1c1: 14 d1c1: 13 d1c2: 13 d1d2: 13 d1e1: 13 d1e2: 13"},
	{"4k3/8/8/8/8/8/8/2RK4 w C - 0 1", 2, "c1a1: 5 c1b1: 5 c1c2: 5 c1c3: 5 c1c4: 5 c1c5: 5 c1c6: 5 c1c7: 2 c1c8: 3 d1c1: 3 d1c2: 5 d1d2: 5 d1e1: 5 d1e2: 5"},
	{"4k3/8/8/8/8/8/8/RR1K4 w B - 0 1", 2, "a1a2: 5 a1a3: 5 a1a4: 5 a1a5: 5 a1a6: 5 a1a7: 2 a1a8: 3 b1b2: 5 b1b3: 5 b1b4: 5 b1b5: 5 b1b6: 5 b1b7: 2 b1b8: 3 b1c1: 5 d1b1: 3 d1c1: 5 d1c2: 5 d1d2: 5 d1e1: 5 d1e2: 5"},
	{"1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1", 2, "a1a2: 15 a1a3: 15 a1a4: 15 a1a5: 15 a1a6: 15 a1a7: 12 a1a8: 8 a1b1: 15 a1c1: 15 a1d1: 13 e1a1: 13 e1d1: 15 e1d2: 15 e1e2: 15 e1f1: 15 e1f2: 15"},
}

func TestDivideCastling(t *testing.T) {
	for _, c := range castlingDivides {
		if got := divideText(Divide(chess.MustParseFEN(c.fen), c.depth)); got != c.divide {
			t.Errorf("%s: divide %d\n got: %s\nwant: %s", c.fen, c.depth, got, c.divide)
		}
	}
}

// divideText writes a divide as "move: count" entries, space-separated.
func divideText(d []Entry) string {
	var b strings.Builder
	for i, e := range d {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(e.Move.String() + ": " + strconv.FormatUint(e.Nodes, 10))
	}
	return b.String()
}

func TestAllocs(t *testing.T) {
	p := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if n := testing.AllocsPerRun(20, func() { _ = Count(p, 3) }); n != 0 {
		t.Errorf("Count: %v allocations per run, want 0", n)
	}
}
