package main

import (
	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

// The helpers below keep the names that commands written against the
// earlier cmd/chess960 call (svg, pgn, analyse, perftdiff on other
// branches). New code should use castlingFlag/castlingMode, api.Movetext
// and the api package's values.

// castlingStyle reads a castling style name (xfen or shredder, in either
// case) as a --castling flag does.
func castlingStyle(s string) (chess960.CastlingMode, error) {
	c := &choice{options: []string{"xfen", "shredder"}, alias: map[string]string{"x-fen": "xfen", "shredder-fen": "shredder"}}
	if err := c.Set(s); err != nil {
		return 0, usageValueError("castling", s, err)
	}
	return castlingMode(c), nil
}

// movetext numbers SAN moves as PGN does (see api.Movetext).
func movetext(start chess.Position, sans []string) string { return api.Movetext(start, sans) }

// nonNil returns s, or an empty list for nil, so that JSON writes [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
