package chess

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	chess960 "github.com/chess960/chess960"
)

var (
	perftFull   = flag.Bool("perft.full", false, "run the perft suites to their full depth")
	perftBudget = flag.Uint64("perft.budget", 2_000_000, "largest node count checked per suite entry (ignored with -perft.full)")
	perftHash   = flag.Int("perft.hash", 0, "count the suites with a shared PerftTable of this many MB, on all CPUs (0: plain Perft)")
)

func readPerftSuite(t testing.TB, name string) []SuiteEntry {
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

func runPerftSuite(t *testing.T, name string) {
	cases := readPerftSuite(t, name)
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	var nodes uint64
	count := Perft
	if *perftHash > 0 {
		tab := NewPerftTable(*perftHash)
		count = func(p Position, depth int) uint64 { return tab.PerftParallel(p, depth, 0) }
	}
	for _, c := range cases {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Errorf("%s (%s:%d): %v", c.ID, name, c.Line, err)
			continue
		}
		for i, want := range c.Counts {
			if want == 0 {
				continue
			}
			if !*perftFull && want > *perftBudget {
				break
			}
			got := count(p, i+1)
			nodes += got
			if got != want {
				t.Errorf("%s (%s:%d) %s: perft %d = %d, want %d", c.ID, name, c.Line, c.FEN, i+1, got, want)
				break
			}
		}
	}
	t.Logf("%s: %d positions, %d nodes", name, len(cases), nodes)
}

func TestPerftStart(t *testing.T)   { runPerftSuite(t, "chess960-start.perft") }
func TestPerftMidgame(t *testing.T) { runPerftSuite(t, "chess960-midgame.perft") }

func TestNewPositionMatchesStartSuite(t *testing.T) {
	for id := 0; id < chess960.Count; id++ {
		sp := chess960.MustNew(id)
		p := NewPosition(sp)
		q := MustParseFEN(sp.FEN(chess960.XFEN))
		if p != q {
			t.Fatalf("sp-%d: NewPosition differs from ParseFEN(%q)", id, sp.FEN(chess960.XFEN))
		}
		if got, want := p.FEN(chess960.Shredder), sp.FEN(chess960.Shredder); got != want {
			t.Fatalf("sp-%d: FEN = %q, want %q", id, got, want)
		}
	}
}

func TestPerftRandomPlayouts(t *testing.T) { runPerftSuite(t, "random-playouts.perft") }
