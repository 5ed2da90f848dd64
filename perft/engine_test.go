package perft

import (
	"os"
	"testing"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft/internal/colorgen"
)

// TestEngineSuites: the engine counts every position of every suite, at
// every depth whose count is small enough for a test (a million leaves in
// short mode, five million otherwise), as the suites' sources (Stockfish,
// chessops, the Chess Programming Wiki) do.
func TestEngineSuites(t *testing.T) {
	limit := uint64(5_000_000)
	if testing.Short() {
		limit = 1_000_000
	}
	checked := 0
	for _, name := range []string{"castling", "chess960-start", "chess960-midgame", "material", "promoted", "random-playouts", "tiny-trees"} {
		for _, e := range readSuite(t, name+".perft") {
			p, err := chess.ParseFEN(e.FEN)
			if err != nil {
				t.Fatalf("%s line %d: %v", name, e.Line, err)
			}
			for _, c := range e.Counts {
				if c.Depth < 1 || c.Depth > 12 || c.Nodes > limit {
					continue
				}
				if got := fastCount(&p, c.Depth); got != c.Nodes {
					t.Errorf("%s line %d %s: depth %d: %d, want %d", name, e.Line, e.FEN, c.Depth, got, c.Nodes)
				}
				checked++
			}
		}
	}
	if checked < 5000 {
		t.Errorf("only %d counts checked", checked)
	}
	t.Logf("%d counts checked", checked)
}

// TestEngineGenerated: engine_b.go is what go generate writes from
// engine_w.go.
func TestEngineGenerated(t *testing.T) {
	w, err := os.ReadFile("engine_w.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := colorgen.Black(w, "engine_w.go")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("engine_b.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("engine_b.go is not what go generate writes from engine_w.go: run go generate ./perft")
	}
}
