// Package analysis builds the JSON value of an engine's analysis, as
// "chess960 analyse --json" prints it and as a web API would return it:
//
//	{"bestmove": "e2e4", "depth": 15, "lines": [{"multipv": 1, "score": {"cp": 32}, "uci": [...], "san": [...]}]}
//
// Scores are from White's side; moves are UCI with castling as the king
// taking its own rook, and SAN.
package analysis

import (
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/uci"
)

// Score is a score from White's side: {"cp": N} or {"mate": N} (mate in N
// moves, negative when Black mates).
type Score struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// Line is one principal variation.
type Line struct {
	MultiPV int      `json:"multipv"`
	Score   Score    `json:"score"`
	UCI     []string `json:"uci"`
	SAN     []string `json:"san"`
}

// Analysis is the result of a search. BestMove is null when the engine
// had no move (the game is over).
type Analysis struct {
	BestMove *string `json:"bestmove"`
	Depth    int     `json:"depth"`
	Lines    []Line  `json:"lines"`
}

// New builds the analysis of a search's result.
func New(res uci.Result) Analysis {
	a := Analysis{Depth: res.Depth, Lines: []Line{}}
	if res.BestMove != 0 {
		s := res.BestMove.UCI(chess.Chess960)
		a.BestMove = &s
	}
	turn := res.Position.Turn()
	for i, l := range res.Lines {
		k := l.MultiPV
		if k == 0 {
			k = i + 1
		}
		line := Line{MultiPV: k, Score: NewScore(l.Score.ForWhite(turn)), UCI: []string{}, SAN: SAN(res.Position, l.PV)}
		for _, m := range l.PV {
			line.UCI = append(line.UCI, m.UCI(chess.Chess960))
		}
		a.Lines = append(a.Lines, line)
	}
	return a
}

// NewScore converts a score (already from White's side).
func NewScore(s uci.Score) Score {
	v := s.Value
	if s.Kind == uci.MateIn {
		return Score{Mate: &v}
	}
	return Score{CP: &v}
}

// SAN writes legal moves from p in SAN.
func SAN(p chess.Position, moves []chess.Move) []string {
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, p.SAN(m))
		p.Play(m)
	}
	return out
}
