package event

import (
	"errors"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/quote"
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

// The editions of the FIDE Tie-Break Regulations (C.07) an event's
// tie-breaks may follow (Settings.TieBreakRules), by the year they came
// into force: "2024" (from 1 August 2024) and "2026" (from 1 March 2026,
// which caps the dummy opponent's score for byes and forfeits, articles
// 16.4.1 and 16.4.2). An event stored before the setting existed has ""
// and computes as "2024", as it did then.
const (
	TieBreaks2024 = "2024"
	TieBreaks2026 = "2026"
)

// MaxUnratedRating is the highest rating an event may give its unrated
// players in the rating-based tie-breaks.
const MaxUnratedRating = 4000

// DefaultTieBreakRules returns the edition of C.07 in force on an event's
// date: its start date (YYYY-MM-DD) if it has one, else the day it is
// created.
func DefaultTieBreakRules(start string, created time.Time) string {
	day := created
	if t, err := time.Parse("2006-01-02", start); err == nil {
		day = t
	}
	return pairing.EditionOn(day).String()
}

// checkTieBreakRules checks the tie-break edition and the rating for the
// unrated of the settings.
func checkTieBreakRules(s Settings) error {
	if s.TieBreakRules != "" {
		if _, err := pairing.ParseEdition(s.TieBreakRules); err != nil {
			return invalid("tie-break rules %s: want %s (the C.07 text in force from 1 August 2024 or from 1 March 2026)",
				quote.Input(s.TieBreakRules), strings.Join(pairing.Editions, " or "))
		}
	}
	if s.UnratedRating < 0 || s.UnratedRating > MaxUnratedRating {
		return invalid("rating for unrated players %d: want 1 to %d, or 0 for none (then the rating-based tie-breaks are dropped when a player is unrated)",
			s.UnratedRating, MaxUnratedRating)
	}
	return nil
}

// standingsOptions are the pairing package's options for the event's
// standings: article 15 for round robins, the C.07 edition ("" is 2024)
// and the rating for unrated players.
func (s Settings) standingsOptions() (pairing.StandingsOptions, error) {
	opt := pairing.StandingsOptions{RoundRobin: s.System != Swiss, UnratedRating: s.UnratedRating}
	if s.TieBreakRules != "" {
		ed, err := pairing.ParseEdition(s.TieBreakRules)
		if err != nil {
			return opt, invalid("tie-break rules %s: want %s", quote.Input(s.TieBreakRules), strings.Join(pairing.Editions, " or "))
		}
		opt.Edition = ed
	}
	return opt, nil
}
