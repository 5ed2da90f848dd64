package clock

import (
	"errors"
	"fmt"
	"time"
)

// Side is White or Black.
type Side int

// The two sides.
const (
	White Side = iota
	Black
)

// String returns "White" or "Black".
func (sd Side) String() string {
	if sd == Black {
		return "Black"
	}
	return "White"
}

// Other returns the opponent of sd.
func (sd Side) Other() Side { return 1 - sd }

// The lag allowance (see the package comment). A side's quota starts at
// LagQuotaStart; each move spends from it the allowance the move used, then
// gets LagRefill back, never more than LagQuotaMax in all.
const (
	LagQuotaStart = 1 * time.Second
	LagRefill     = 100 * time.Millisecond
	LagQuotaMax   = 1 * time.Second
)

// NoClaim, passed to State.Move as the client's think time, says the client
// sent no measure of its own: the server's measure is charged in full.
const NoClaim time.Duration = -1

// ErrFlagged is wrapped by State.Move's error when the mover's time had run
// out.
var ErrFlagged = errors.New("time ran out")

// State is a game's clock between moves. It is a plain value, meant to be
// stored (all fields are exported) and passed back to Move, Remaining and
// Flagged.
type State struct {
	// Control is the time control.
	Control Control
	// Left is each side's time on its clock: for the side not to move, its
	// time now; for the side to move, its time when its turn began, at
	// TurnStart. For Correspondence it is the time per move; for Untimed, 0.
	Left [2]time.Duration
	// Moves is how many moves each side has made.
	Moves [2]int
	// Turn is the side to move.
	Turn Side
	// TurnStart is the instant the side to move's turn began.
	TurnStart time.Time
	// Quota is each side's lag quota left (Fischer, Bronstein, SimpleDelay
	// only; 0 otherwise).
	Quota [2]time.Duration
}

// Start returns the clock of a game under c that begins at the instant at,
// with White to move and White's clock running from at. Each side has the
// first period's time (or, in correspondence, the time per move) and a lag
// quota of LagQuotaStart.
func Start(c Control, at time.Time) State {
	st := State{Control: c, Turn: White, TurnStart: at}
	switch c.Kind {
	case Fischer, Bronstein, SimpleDelay:
		if len(c.Periods) > 0 {
			st.Left = [2]time.Duration{c.Periods[0].Time, c.Periods[0].Time}
		}
		st.Quota = [2]time.Duration{LagQuotaStart, LagQuotaStart}
	case Correspondence:
		st.Left = [2]time.Duration{c.PerMove, c.PerMove}
	}
	return st
}

// lag reports whether the lag allowance applies under the control.
func (st State) lag() bool {
	switch st.Control.Kind {
	case Fischer, Bronstein, SimpleDelay:
		return true
	}
	return false
}

// budget is how long the side to move's turn may last, as charged, before
// its time runs out: its time left, plus the delay under SimpleDelay.
func (st State) budget() time.Duration {
	b := st.Left[st.Turn]
	if st.Control.Kind == SimpleDelay {
		b += st.Control.Increment
	}
	return b
}

// added is the time put on a side's clock after its moves-th move: the next
// period's time when that move ends a period, else 0.
func (c Control) added(moves int) time.Duration {
	sum := 0
	for i := 0; i+1 < len(c.Periods); i++ {
		sum += c.Periods[i].Moves
		if moves == sum {
			return c.Periods[i+1].Time
		}
	}
	return 0
}

// Move returns the clock after the side to move made a move that reached the
// server at the instant at. clientThink is the client's own measure of how
// long the move took, or NoClaim.
//
// The server's measure is at − TurnStart. The time charged is the server's
// measure less the lag allowance (see the package comment): it is
// max(clientThink, server's measure − quota), and never more than the
// server's measure. If what is charged is not less than the time the mover
// had (its time left, plus the delay under SimpleDelay), its time ran out and
// Move returns an error wrapping ErrFlagged and st unchanged. Otherwise the
// mover's clock is charged, then gets its increment (Fischer), the time
// used up to the delay (Bronstein) or nothing beyond the delay (SimpleDelay),
// then the next period's time if this move ended a period; the turn passes to
// the other side, beginning at at.
//
// Under Correspondence nothing is charged and no lag allowance is given: the
// move must arrive before TurnStart + PerMove, and the mover's next turn gets
// a fresh PerMove. Under Untimed a move is never refused for time.
//
// Move returns an error if at is before TurnStart.
func (st State) Move(at time.Time, clientThink time.Duration) (State, error) {
	if at.Before(st.TurnStart) {
		return st, fmt.Errorf("clock: a move at %s, before %s's turn began at %s",
			at.Format(time.RFC3339Nano), st.Turn, st.TurnStart.Format(time.RFC3339Nano))
	}
	mover := st.Turn
	next := st
	next.Moves[mover]++
	next.Turn = mover.Other()
	next.TurnStart = at
	c := st.Control
	if c.Kind == Untimed {
		return next, nil
	}
	server := at.Sub(st.TurnStart)
	charged := server
	if st.lag() {
		quota := st.Quota[mover]
		if clientThink >= 0 && clientThink < server {
			allow := min(server-clientThink, quota)
			charged = server - allow
			quota -= allow
		}
		next.Quota[mover] = min(quota+LagRefill, LagQuotaMax)
	}
	if charged >= st.budget() {
		return st, fmt.Errorf("clock: %s's move %d, charged %s with %s to use: %w",
			mover, st.Moves[mover]+1, charged, st.budget(), ErrFlagged)
	}
	left := st.Left[mover]
	switch c.Kind {
	case Fischer:
		left += c.Increment - charged
	case Bronstein:
		left += min(charged, c.Increment) - charged
	case SimpleDelay:
		left -= max(0, charged-c.Increment)
	case Correspondence:
		left = c.PerMove
	}
	left += c.added(next.Moves[mover])
	next.Left[mover] = left
	return next, nil
}

// Remaining returns the time on side's clock at the instant at, as a clock
// would show it: for the side to move, its time left less the server's
// measure of its turn so far (less only what exceeds the delay, under
// SimpleDelay; from a fresh PerMove, under Correspondence), never below 0.
// It gives no lag allowance. For Untimed it returns 0.
func (st State) Remaining(side Side, at time.Time) time.Duration {
	c := st.Control
	if c.Kind == Untimed {
		return 0
	}
	if side != st.Turn {
		return st.Left[side]
	}
	think := max(0, at.Sub(st.TurnStart))
	if c.Kind == SimpleDelay {
		think = max(0, think-c.Increment)
	}
	return max(0, st.Left[side]-think)
}

// Flagged reports whether the side to move has lost on time by the instant
// at, and when is the instant its time runs out if it makes no move first:
// TurnStart plus its time left, plus the delay under SimpleDelay, plus its
// lag quota (the most lag allowance a move could still be given). Time
// running out exactly at at counts: Flagged(when) is true. No move arriving
// at or after when is accepted by Move; a move arriving earlier may still be
// refused if the client's own measure shows the time ran out. Under Untimed,
// Flagged is always false and when is the zero time.
func (st State) Flagged(at time.Time) (flagged bool, when time.Time) {
	if st.Control.Kind == Untimed {
		return false, time.Time{}
	}
	limit := st.budget()
	if st.lag() {
		limit += st.Quota[st.Turn]
	}
	when = st.TurnStart.Add(limit)
	return !at.Before(when), when
}

// Pause returns the clocks with the time between from and to charged to
// nobody: the side to move's clock stood still then, as it does while the
// server is down or an arbiter has stopped the clocks. Only the part of
// the span after the turn began counts; an empty span changes nothing.
func (st State) Pause(from, to time.Time) State {
	if from.Before(st.TurnStart) {
		from = st.TurnStart
	}
	if to.After(from) {
		st.TurnStart = st.TurnStart.Add(to.Sub(from))
	}
	return st
}

// Give returns the clocks with d more on side's clock (an arbiter's
// addition, as FIDE Laws 6.10 and 7.5.5 have it): for the side to move,
// on the time it had when its turn began, so that what it has used so far
// still counts. Untimed and correspondence clocks are unchanged.
func (st State) Give(side Side, d time.Duration) State {
	switch st.Control.Kind {
	case Untimed, Correspondence:
		return st
	}
	st.Left[side] += d
	return st
}
