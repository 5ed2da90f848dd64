package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/quote"
)

// Delay is the spectators' delay of a game: they see it as it stood Moves
// moves ago, or Minutes minutes ago (at most one is set; the zero Delay is
// none). The players see it as it is, and everyone sees a game that is
// over in full.
type Delay struct {
	Moves   int
	Minutes int
}

// The bounds of a Delay.
const (
	MaxDelayMoves   = 20
	MaxDelayMinutes = 60
)

// ParseDelay reads a delay as String writes it: "" or "none", "N moves"
// (or "N move"), "N minutes" (or "N min", "N minute").
func ParseDelay(s string) (Delay, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" || t == "none" || t == "0" {
		return Delay{}, nil
	}
	num, unit, ok := strings.Cut(t, " ")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 {
		return Delay{}, fmt.Errorf("delay %s: want none, N moves or N minutes (N at least 1)", quote.Input(s))
	}
	switch strings.TrimSpace(unit) {
	case "move", "moves":
		if n > MaxDelayMoves {
			return Delay{}, fmt.Errorf("delay %s: at most %d moves", quote.Input(s), MaxDelayMoves)
		}
		return Delay{Moves: n}, nil
	case "min", "mins", "minute", "minutes":
		if n > MaxDelayMinutes {
			return Delay{}, fmt.Errorf("delay %s: at most %d minutes", quote.Input(s), MaxDelayMinutes)
		}
		return Delay{Minutes: n}, nil
	}
	return Delay{}, fmt.Errorf("delay %s: the unit is moves or minutes", quote.Input(s))
}

// String writes d as ParseDelay reads it ("" for none).
func (d Delay) String() string {
	switch {
	case d.Moves == 1:
		return "1 move"
	case d.Moves > 0:
		return strconv.Itoa(d.Moves) + " moves"
	case d.Minutes == 1:
		return "1 minute"
	case d.Minutes > 0:
		return strconv.Itoa(d.Minutes) + " minutes"
	}
	return ""
}

// IsZero reports whether d is no delay.
func (d Delay) IsZero() bool { return d.Moves == 0 && d.Minutes == 0 }

func (d Delay) check() error {
	switch {
	case d.Moves < 0 || d.Minutes < 0 || d.Moves > MaxDelayMoves || d.Minutes > MaxDelayMinutes:
		return errors.New("game: delay out of range")
	case d.Moves > 0 && d.Minutes > 0:
		return errors.New("game: a delay is in moves or in minutes, not both")
	}
	return nil
}

// Shown returns the game as a spectator sees it at now under the game's
// delay, whether that hides anything, and when the next hidden move
// comes into view (zero: with the next move, or never). The game shown
// is the game itself when nothing is hidden, else a game of its own
// rebuilt from the actions before the first hidden move.
func (g *Game) Shown(now time.Time) (shown *Game, delayed bool, next time.Time) {
	d := g.info.Delay
	if d.IsZero() || g.over {
		return g, false, time.Time{}
	}
	moves := 0
	for _, a := range g.log {
		if a.Kind == Move {
			moves++
		}
	}
	// cut is the index in the log of the first hidden move.
	cut, seen := len(g.log), 0
	for i, a := range g.log {
		if a.Kind != Move {
			continue
		}
		hide := false
		if d.Moves > 0 {
			hide = seen >= moves-d.Moves
		} else if visible := a.At.Add(time.Duration(d.Minutes) * time.Minute); visible.After(now) {
			hide, next = true, visible
		}
		if hide {
			cut = i
			break
		}
		seen++
	}
	if cut == len(g.log) {
		return g, false, time.Time{}
	}
	s, err := ReplayTimed(g.Start(), g.control, g.created, g.log[:cut])
	if err != nil {
		// A prefix of an accepted log replays; were it not to, show the
		// start rather than anything hidden.
		s = NewTimed(g.Start(), g.control, g.created)
	}
	s.info = g.info
	return s, true, next
}
