package balance

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/uci"
)

// TestWDLStockfish: the formula gives the win, draw and loss rates that
// Stockfish 15.1 itself reports (UCI_ShowWDL) for positions at move one,
// from equal to lost. The engine rounds its score to whole centipawns, so
// its rates must lie between the formula's at cp - 1 and cp + 1.
func TestWDLStockfish(t *testing.T) {
	path := testtool.Stockfish(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	en, err := uci.Start(ctx, uci.Config{Path: path, Options: []uci.Setting{{Name: "UCI_ShowWDL", Value: "true"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer en.Close()
	if !strings.HasPrefix(en.Name(), "Stockfish 15.1") {
		if os.Getenv("CI") != "" {
			t.Fatalf("the engine is %q: CI installs Debian's Stockfish 15.1, whose model the formula is", en.Name())
		}
		t.Skipf("the formula is Stockfish 15.1's model; this engine is %q", en.Name())
	}
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", // a pawn up
		"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // a knight up
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",   // a knight down
		"rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // a pawn up, other shape
		"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // the b-knight
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",   // down the b-knight
		"rnbqkbnr/pp1ppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   // c-pawn up
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w Qkq - 0 1",    // h-pawn down
	}
	seen := map[bool]int{}
	for _, fen := range fens {
		p := chess.MustParseFEN(fen)
		if err := en.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		res, err := en.Search(ctx, p, nil, uci.Limits{Depth: 10}, nil)
		if err != nil {
			t.Fatal(err)
		}
		info := res.Lines[0]
		if info.Fields&uci.HasWDL == 0 || info.Score.Kind != uci.Centipawns {
			t.Fatalf("%s: no wdl or no cp score: %+v", fen, info)
		}
		cp := info.Score.Value
		lo, _, _ := WDL(uci.Score{Kind: uci.Centipawns, Value: cp - 1})
		hi, _, _ := WDL(uci.Score{Kind: uci.Centipawns, Value: cp + 1})
		_, dlo, _ := WDL(uci.Score{Kind: uci.Centipawns, Value: cp + sign(cp)})
		_, dhi, _ := WDL(uci.Score{Kind: uci.Centipawns, Value: cp - sign(cp)})
		w, d := float64(info.WDL[0])/1000, float64(info.WDL[1])/1000
		if w < lo-0.0011 || w > hi+0.0011 || d < math.Min(dlo, dhi)-0.0011 || d > math.Max(dlo, dhi)+0.0011 {
			t.Errorf("%s: cp %d, engine wdl %v; the formula gives win %.4f..%.4f, draw %.4f..%.4f", fen, cp, info.WDL, lo, hi, math.Min(dlo, dhi), math.Max(dlo, dhi))
		}
		seen[d > 0.5]++
	}
	// The positions span drawish and decisive scores.
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("the positions do not span the model: %v", seen)
	}
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

func TestWDL(t *testing.T) {
	// At 0 cp the model is symmetric; its win and loss rates add to one
	// with the draw rate; mate scores are certain.
	w, d, l := WDL(uci.Score{Kind: uci.Centipawns})
	if w != l || math.Abs(w+d+l-1) > 1e-12 || d < 0.9 {
		t.Errorf("0 cp: %v %v %v", w, d, l)
	}
	if w, d, l := WDL(uci.Score{Kind: uci.MateIn, Value: -3}); w != 0 || d != 0 || l != 1 {
		t.Errorf("mated: %v %v %v", w, d, l)
	}
	// 344.49745382 / 3.61 = 95.4 cp is where White's win rate is one half.
	if w, _, _ := WDL(uci.Score{Kind: uci.Centipawns, Value: 95}); math.Abs(w-0.5) > 0.01 {
		t.Errorf("95 cp: win %v, want about 0.5", w)
	}
}
