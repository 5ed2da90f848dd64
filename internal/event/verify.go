package event

import (
	"github.com/chess960/chess960"
)

// Verification is the check of an event's draw: the seed against the
// commitment, and every round's position against the one derived from the
// seed.
type Verification struct {
	Commitment   string
	Seed         string
	CommitmentOK bool
	// Command prints the event's draws with chess960 random.
	Command string
	Checks  []RoundCheck
	OK      bool
}

// RoundCheck is one position checked: a round's, or a board's (Board > 0).
type RoundCheck struct {
	Round   int
	Board   int
	Played  int
	Derived int
	OK      bool
}

// Verify checks the event's positions against the seed: the revealed one,
// or the seed given (to check an event whose seed one knows).
func (e *Event) Verify(seed string) (Verification, error) {
	if seed == "" {
		seed = e.Seed
	}
	if seed == "" {
		return Verification{}, notNow("verify: the seed is revealed when the event is finished; until then only its commitment %s is public", e.Commitment)
	}
	v := Verification{Commitment: e.Commitment, Seed: seed, CommitmentOK: chess960.Commitment(seed) == e.Commitment}
	pos, boards, err := assign(e, seed)
	if err != nil {
		return v, err
	}
	count := 0
	for i := range e.Schedule {
		r := &e.Schedule[i]
		if r.Status != Started || r.Imported {
			continue
		}
		if e.perBoard() {
			for j, b := range r.Boards {
				c := RoundCheck{Round: r.Number, Board: b.Board, Played: -1, Derived: boards[i][j]}
				if b.Position != nil {
					c.Played = b.Position.ID()
				}
				c.OK = c.Played == c.Derived && c.Played >= 0
				v.Checks = append(v.Checks, c)
			}
			count += len(r.Boards)
		} else {
			c := RoundCheck{Round: r.Number, Played: -1, Derived: pos[i]}
			if r.Position != nil {
				c.Played = r.Position.ID()
			}
			c.OK = c.Played == c.Derived && c.Played >= 0
			v.Checks = append(v.Checks, c)
			count++
		}
	}
	if cyc := e.cycle(); cyc > 0 {
		count = 0
		for _, c := range v.Checks {
			if c.Round <= cyc {
				count++
			}
		}
	}
	if e.matches() {
		if _, _, count, err = assignMatches(e, seed); err != nil {
			return v, err
		}
	}
	if e.System == Knockout {
		// The games of a match's unit share one draw.
		if _, count, err = assignKO(e, seed); err != nil {
			return v, err
		}
	}
	v.Command = e.Positions.Command(seed, count)
	v.OK = v.CommitmentOK
	for _, c := range v.Checks {
		v.OK = v.OK && c.OK
	}
	return v, nil
}
