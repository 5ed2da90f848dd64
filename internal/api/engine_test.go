package api

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/uci"
)

func TestNewAnalysis(t *testing.T) {
	// Black to move; castling in a pv written king-takes-rook.
	pos := chess.MustParseFEN("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1")
	i1, _ := uci.ParseInfo("info depth 7 multipv 1 score cp 30 pv e8h8 e1a1", pos, chess.Chess960)
	i2, _ := uci.ParseInfo("info depth 7 multipv 2 score mate -4 pv a7a6", pos, chess.Chess960)
	best, _ := pos.ParseUCI("e8h8")
	res := uci.Result{Position: pos, BestMove: best, Depth: 7, Lines: []uci.Info{i1, i2}}
	b, _ := json.Marshal(NewAnalysis(res))
	want := `{"bestmove":"e8h8","depth":7,"lines":[{"multipv":1,"score":{"cp":-30},"uci":["e8h8","e1a1"],"san":["O-O","O-O-O"]},` +
		`{"multipv":2,"score":{"mate":4},"uci":["a7a6"],"san":["a6"]}]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(NewAnalysis(uci.Result{Position: pos}))
	if string(b) != `{"bestmove":null,"depth":0,"lines":[]}` {
		t.Errorf("empty: %s", b)
	}
}

func ExampleNewAnalysis() {
	pos := chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	info, _ := uci.ParseInfo("info depth 5 score mate 1 pv a1a8", pos, chess.Chess960)
	res := uci.Result{Position: pos, BestMove: info.PV[0], Depth: 5, Lines: []uci.Info{info}}
	b, _ := json.Marshal(NewAnalysis(res))
	fmt.Println(string(b))
	// Output: {"bestmove":"a1a8","depth":5,"lines":[{"multipv":1,"score":{"mate":1},"uci":["a1a8"],"san":["Ra8#"]}]}
}
