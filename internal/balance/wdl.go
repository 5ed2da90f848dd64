package balance

import (
	"math"

	"github.com/chess960/chess960/uci"
)

// The draw rate of a start position, from its score.
//
// Stockfish publishes how its scores turn into game results: its WDL model
// (github.com/official-stockfish/WDL_model), fitted to the self-play games
// of its test framework, which UCI_ShowWDL reports. For a position at move
// one (ply 0), Stockfish 15.1 (the engine of the shipped tables) takes the
// score in centipawns cp, turns it into its internal units v = cp x 361 /
// 100 (its NormalizeToPawnValue), and gives White's win rate as
//
//	W(v) = 1 / (1 + exp((a - v) / b)),  a = 344.49745382, b = 73.61029937
//
// (a and b are the model's polynomials in the ply at ply 0), the loss rate as
// W(-v), and the draw rate as 1 - W(v) - W(-v). TestWDLStockfish checks the
// formula against the engine's own wdl reports.
const (
	wdlA        = 344.49745382
	wdlB        = 73.61029937
	wdlPawnUnit = 361
)

// WDL returns the win, draw and loss rates for White (each 0..1) that
// Stockfish 15.1's model gives a start position with score s (from White's
// side) at move one. A mate score is a certain win or loss.
func WDL(s uci.Score) (win, draw, loss float64) {
	if s.Kind == uci.MateIn {
		if s.Value > 0 {
			return 1, 0, 0
		}
		return 0, 0, 1
	}
	v := float64(s.Value) * wdlPawnUnit / 100
	v = math.Max(-4000, math.Min(4000, v))
	win = 1 / (1 + math.Exp((wdlA-v)/wdlB))
	loss = 1 / (1 + math.Exp((wdlA+v)/wdlB))
	return win, 1 - win - loss, loss
}
