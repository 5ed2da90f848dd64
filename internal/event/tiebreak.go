package event

import (
	"strings"

	"github.com/chess960/chess960/internal/quote"
)

// DefaultTieBreaks returns FIDE C.07's recommended tie-breaks for the
// system: for a Swiss, Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct
// encounter and wins; for a round robin, Sonneborn-Berger, direct encounter
// and wins.
func DefaultTieBreaks(s System) []string {
	if s == Swiss {
		return []string{"BH-C1", "BH", "SB", "DE", "WIN"}
	}
	return []string{"SB", "DE", "WIN"}
}

var knownTieBreaks = []string{"BH", "BH-C1", "BH-C2", "BH-M1", "SB", "DE", "WIN", "WON", "BPG", "BWG", "ARO", "TPR", "PS"}

func parseTieBreaks(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToUpper(strings.TrimSpace(f))
		ok := false
		for _, k := range knownTieBreaks {
			ok = ok || k == f
		}
		if !ok {
			return nil, invalid("tie-break %s: want one of %s", quote.Input(f), strings.Join(knownTieBreaks, ", "))
		}
		out = append(out, f)
	}
	return out, nil
}
