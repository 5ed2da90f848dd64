package event

import (
	"errors"
	"strings"

	"github.com/chess960/chess960/pairing"
)

// DefaultTieBreaks returns the tie-breaks an event gets unless the
// organiser chooses others, following FIDE C.07: for a Swiss, Buchholz
// Cut-1, Buchholz, Sonneborn-Berger, direct encounter and wins; for a round
// robin, Sonneborn-Berger, direct encounter and wins.
func DefaultTieBreaks(s System) []string {
	var out []string
	for _, tb := range pairing.DefaultTieBreaks(s != Swiss) {
		out = append(out, tb.String())
	}
	return out
}

// parseTieBreaks reads a comma-separated list of C.07 acronyms and returns
// them in their usual spelling.
func parseTieBreaks(s string) ([]string, error) {
	tbs, err := pairing.ParseTieBreaks(s)
	if err != nil {
		var te *pairing.TieBreakError
		if errors.As(err, &te) {
			return nil, invalid("%v", strings.TrimPrefix(err.Error(), "pairing: "))
		}
		return nil, invalid("tie-breaks: %v", err)
	}
	out := make([]string, len(tbs))
	for i, tb := range tbs {
		out[i] = tb.String()
	}
	return out, nil
}
