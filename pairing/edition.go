package pairing

import (
	"fmt"
	"strings"
	"time"
)

// Edition is the text of the FIDE Tie-Break Regulations (Handbook C.07)
// that the standings follow. The editions this package computes differ
// only in the score of the dummy opponent that stands in for a player's
// own unplayed round in BH and SB (article 16.4; see Standings).
type Edition uint8

// The editions, named by the year they came into force. The zero value is
// Edition2024, which is what this package computed before it knew editions.
const (
	// Edition2024 is the text approved by the FIDE Council on 29/07/2024
	// and in force from 1 August 2024: the dummy opponent has the player's
	// own score (16.4).
	Edition2024 Edition = iota
	// Edition2026 is the text approved by the FIDE Council on 02/02/2026
	// and in force from 1 March 2026. Its dummy opponent has the player's
	// own score capped: for a round with a scheduled opponent (a forfeit),
	// at that opponent's score as adjusted for the tie-breaks (16.4.1); for
	// a round without one (a bye or an absence), at half the most a player
	// could have scored in the rounds counted, that is a draw's points times
	// the rounds (16.4.2).
	Edition2026
)

// edition2026 is the first day of Edition2026.
var edition2026 = time.Date(2026, time.March, 1, 0, 0, 0, 0, time.UTC)

// EditionOn returns the edition in force on the given day (its year, month
// and day, wherever it is): Edition2026 from 1 March 2026, Edition2024
// before (the earlier texts are not computed here).
func EditionOn(day time.Time) Edition {
	d := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	if d.Before(edition2026) {
		return Edition2024
	}
	return Edition2026
}

// String returns the edition's year, "2024" or "2026".
func (e Edition) String() string {
	switch e {
	case Edition2024:
		return "2024"
	case Edition2026:
		return "2026"
	}
	return fmt.Sprintf("Edition(%d)", int(e))
}

// Editions lists the editions by their names.
var Editions = []string{"2024", "2026"}

// ParseEdition reads an edition's year, "2024" or "2026". Anything else is
// an error naming it.
func ParseEdition(s string) (Edition, error) {
	switch strings.TrimSpace(s) {
	case "2024":
		return Edition2024, nil
	case "2026":
		return Edition2026, nil
	}
	q := s
	if len(q) > 40 {
		q = q[:40] + "..."
	}
	return 0, fmt.Errorf("pairing: C.07 edition %q: want 2024 or 2026", q)
}
