package server

// The JSON the API returns is, byte for byte, what the command line prints
// with --json for the same input: one contract. Both build their values with
// the pure functions of internal/api and encode them the same way
// (site.MarshalCLI); the inputs are read here as the commands read their
// arguments. cmd/chess960's TestAPIEqualsCLI compares the two outputs.

import (
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/perft"
)

// perftJSON is perft --json for a count on one thread without a table.
func perftJSON(p chess.Position, depth int, nodes uint64, divide []perft.Entry, withDivide bool, elapsed time.Duration) api.Perft {
	return api.NewPerft(p, depth, nodes, divide, withDivide, api.PerftRun{Threads: 1, Elapsed: elapsed})
}

// identifyStart reads a back rank or a start position's FEN, as the id
// command does.
func identifyStart(s string) (chess960.StartPos, error) {
	return api.Identify(s, func(n string) string { return "GET /api/positions/" + n + " gives position " + n })
}
