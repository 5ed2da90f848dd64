package api

import (
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/uci"
)

// Analysis is an engine's analysis of a position: what `chess960 analyse
// --json` prints, in the shape issue 11 fixes:
//
//	{"bestmove": "e2e4", "depth": 15, "lines": [{"multipv": 1, "score": {"cp": 32}, "uci": [...], "san": [...]}]}
//
// BestMove is null when the engine had no move (the game is over).
// Scores are from White's side; moves are UCI with castling as the king
// taking its own rook, and SAN.
type Analysis struct {
	BestMove *string        `json:"bestmove"`
	Depth    int            `json:"depth"`
	Lines    []AnalysisLine `json:"lines"`
}

// AnalysisLine is one principal variation of an Analysis.
type AnalysisLine struct {
	MultiPV int      `json:"multipv"`
	Score   Score    `json:"score"`
	UCI     []string `json:"uci"`
	SAN     []string `json:"san"`
}

// Score is an engine's score from White's side: {"cp": N} (centipawns) or
// {"mate": N} (mate in N moves, negative when Black mates).
type Score struct {
	CP   *int `json:"cp,omitempty"`
	Mate *int `json:"mate,omitempty"`
}

// NewAnalysis builds the analysis of a search's result.
func NewAnalysis(res uci.Result) Analysis {
	a := Analysis{Depth: res.Depth, Lines: []AnalysisLine{}}
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
		line := AnalysisLine{MultiPV: k, Score: NewScore(l.Score.ForWhite(turn)), UCI: []string{}, SAN: SANs(res.Position, l.PV)}
		for _, m := range l.PV {
			line.UCI = append(line.UCI, m.UCI(chess.Chess960))
		}
		a.Lines = append(a.Lines, line)
	}
	return a
}

// NewScore converts a score that is already from White's side.
func NewScore(s uci.Score) Score {
	v := s.Value
	if s.Kind == uci.MateIn {
		return Score{Mate: &v}
	}
	return Score{CP: &v}
}

// SANs writes legal moves played from p in SAN.
func SANs(p chess.Position, moves []chess.Move) []string {
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, p.SAN(m))
		p.Play(m)
	}
	return out
}

// PerftDiff is where an engine's move generation first differs from ours:
// what `chess960 perft-diff --json` prints. Path is the UCI moves from the
// position given to the culprit position (in the engine's castling form),
// FEN that position (X-FEN), Missing the legal moves the engine does not
// make and Extra the moves it makes that are not legal. With no
// difference, Path, Missing and Extra are empty and FEN is the position
// given.
type PerftDiff struct {
	Path    []string `json:"path"`
	FEN     string   `json:"fen"`
	Missing []string `json:"missing"`
	Extra   []string `json:"extra"`
}
