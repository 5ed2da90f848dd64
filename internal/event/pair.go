package event

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/chess960/chess960/pairing"
)

// pairer pairs the next round of t: the Dutch system, or the round robin
// tables (double: the second cycle too). The Service's pairer bounds how
// many pairings run at once and stops them with the request.
type pairer func(t *pairing.Tournament, system System) ([]pairing.Pair, error)

// pairNow is the pairer without limits.
func pairNow(t *pairing.Tournament, system System) ([]pairing.Pair, error) {
	if system == Swiss {
		return pairing.Dutch(t)
	}
	return pairing.RoundRobin(t, system == DoubleRoundRobin)
}

// pair pairs round n with the engine: the next round, or the last again
// while it is a draft.
func (d *doc) pair(n int, now time.Time, eng pairer) error {
	if eng == nil {
		eng = pairNow
	}
	if n == 0 {
		n = d.nextRound()
		if l := d.lastRound(); l != nil && l.Status == Draft {
			n = l.Number
		}
	}
	if d.System == Knockout {
		return d.pairKO(n, now)
	}
	if d.matches() {
		return d.pairMatches(n, now, eng)
	}
	if err := d.canPair(n); err != nil {
		return err
	}
	if d.System != Swiss && n == 1 {
		if err := d.fixRoundRobin(); err != nil {
			return err
		}
	}
	pairs, err := pairWith(eng, d.Tournament(n-1, true), d.System, n)
	if err != nil {
		return err
	}
	r := Round{Number: n, Status: Draft, Paired: now}
	d.fillRound(&r, pairs)
	d.putRound(r)
	return nil
}

// fillRound gives r the engine's pairs: its boards (in an event of
// matches each the first game of its match, "round.table"), the
// pairing-allocated bye, the byes and absences of the players left out,
// and in a round robin a warning for each withdrawn player paired.
func (d *doc) fillRound(r *Round, pairs []pairing.Pair) {
	num := map[int]int{} // pairing number -> ID
	for _, p := range d.Players {
		num[p.Number] = p.ID
	}
	paired := map[int]bool{}
	for _, pr := range pairs {
		if pr.Black == 0 {
			r.Byes = append(r.Byes, Bye{Player: num[pr.White], Kind: ByePairing})
			paired[num[pr.White]] = true
			continue
		}
		b := Board{Board: len(r.Boards) + 1, White: num[pr.White], Black: num[pr.Black]}
		if r.KORound > 0 {
			b.KO = &MatchGame{Match: strconv.Itoa(r.KORound) + "." + strconv.Itoa(b.Board), N: 1, Unit: d.Matches.unit(1)}
		}
		r.Boards = append(r.Boards, b)
		paired[num[pr.White]], paired[num[pr.Black]] = true, true
	}
	d.addByes(r, paired)
	if d.System == Swiss {
		return
	}
	for _, b := range r.Boards {
		for _, id := range []int{b.White, b.Black} {
			p := d.player(id)
			switch {
			case p.active(d.PlayerRound(r)):
			case b.KO != nil:
				r.Warnings = append(r.Warnings, fmt.Sprintf("match %s: %s has withdrawn; enter the forfeits", b.KO.Match, p.Name))
			default:
				r.Warnings = append(r.Warnings, fmt.Sprintf("board %d: %s has withdrawn; enter the forfeit", b.Board, p.Name))
			}
		}
	}
}

// pairWith pairs the next round of t with the engine, for round n of the
// schedule.
func pairWith(eng pairer, t *pairing.Tournament, system System, n int) ([]pairing.Pair, error) {
	pairs, err := eng(t, system)
	switch {
	case errors.Is(err, pairing.ErrNoPairing):
		return nil, notNow("round %d: the Dutch system finds no pairing that keeps its absolute criteria (no rematch, one bye each, colours): pair the round by hand", n)
	case errors.Is(err, ErrBusy), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, err
	case err != nil:
		return nil, notNow("round %d: %v", n, err)
	}
	return pairs, nil
}

// addByes gives the players the pairing left out their requested byes or
// absences.
func (d *doc) addByes(r *Round, paired map[int]bool) {
	rn := d.PlayerRound(r)
	for _, p := range d.byNumber() {
		if paired[p.ID] {
			continue
		}
		kind := p.byeFor(rn)
		if !p.active(rn) || kind == "" {
			kind = ByeAbsent
		}
		r.Byes = append(r.Byes, Bye{Player: p.ID, Kind: kind})
	}
}

func (d *doc) putRound(r Round) {
	if l := d.lastRound(); l != nil && l.Number == r.Number {
		*l = r
		return
	}
	d.Schedule = append(d.Schedule, r)
}

// canPair checks that round n may be paired now.
func (d *doc) canPair(n int) error {
	next := d.nextRound()
	if l := d.lastRound(); l != nil && l.Status == Draft && n == l.Number {
		next = n
	}
	switch {
	case n != next:
		return notNow("pair round %d: the round to pair is %d", n, next)
	case d.Rounds > 0 && n > d.Rounds && !d.matches():
		return notNow("pair round %d: the event has %d rounds", n, d.Rounds)
	}
	if n > 1 {
		prev := d.round(n - 1)
		if !prev.complete() {
			if prev.Status != Started {
				return notNow("pair round %d: round %d is %s, not started", n, n-1, prev.Status)
			}
			return notNow("pair round %d: round %d has %d boards without a result", n, n-1, prev.Pending())
		}
	}
	if d.matches() {
		return nil // pairMatches counts the players of its round of matches
	}
	if active := d.activeIn(n); active < 2 {
		return notNow("pair round %d: %d players take part; a round needs 2", n, active)
	}
	return nil
}

// activeIn counts the players who may be paired in round r (a round of
// matches in an event of matches).
func (d *doc) activeIn(r int) int {
	k := 0
	for i := range d.Players {
		if d.Players[i].active(r) {
			k++
		}
	}
	return k
}

// fixRoundRobin fixes a round robin's field at its first pairing: the
// pairing numbers 1..n as they stand, and the rounds of its table.
func (d *doc) fixRoundRobin() error {
	n := len(d.Players)
	if n > pairing.MaxRoundRobinPlayers {
		return notNow("a round robin takes at most %d players, not %d", pairing.MaxRoundRobinPlayers, n)
	}
	rounds := pairing.BergerRounds(n)
	if d.System == DoubleRoundRobin {
		rounds *= 2
	}
	s := d.Settings
	s.Rounds = rounds
	if err := checkEnough(s, rounds); err != nil {
		return notNow("%v", err)
	}
	d.Rounds = rounds
	return nil
}

// setPairing sets round n's pairing by hand: a new round, or the draft
// again. Players left out get their requested byes or are absent. The
// rules the pairing breaks are kept as warnings.
func (d *doc) setPairing(n int, pairs []ManualPair, now time.Time) error {
	if n == 0 {
		n = d.nextRound()
	}
	if err := d.canPair(n); err != nil {
		return err
	}
	if len(pairs) == 0 {
		return invalid("set-pairing: no boards given")
	}
	if d.System == Knockout {
		return notNow("set-pairing: a knockout's games follow from its bracket; decide a match (a walkover) instead")
	}
	if d.System != Swiss && n == 1 {
		if err := d.fixRoundRobin(); err != nil {
			return err
		}
	}
	r := Round{Number: n, Status: Draft, Paired: now, Manual: true}
	if d.matches() {
		before := &Event{Settings: d.Settings, Schedule: d.Schedule[:n-1], Players: d.Players}
		mrs := before.matchRounds()
		if len(mrs) > 0 && !before.matchRoundDone(mrs[len(mrs)-1]) {
			return notNow("set-pairing: round %d plays the next game of round %d's matches, which follows from its first game: pair it with pair", n, len(mrs))
		}
		if d.Rounds > 0 && len(mrs) >= d.Rounds {
			return notNow("set-pairing: the event's %d rounds of matches are played", d.Rounds)
		}
		r.KORound, r.KOGame = len(mrs)+1, 1
	}
	paired := map[int]bool{}
	seen := func(id int) error {
		if d.player(id) == nil {
			return invalid("set-pairing: no player has the ID %d", id)
		}
		if paired[id] {
			return invalid("set-pairing: player %d (%s) is on two boards", id, d.player(id).Name)
		}
		paired[id] = true
		return nil
	}
	for _, p := range pairs {
		if err := seen(p.White); err != nil {
			return err
		}
		if p.Black == 0 {
			r.Byes = append(r.Byes, Bye{Player: p.White, Kind: ByePairing})
			continue
		}
		if err := seen(p.Black); err != nil {
			return err
		}
		r.Boards = append(r.Boards, Board{Board: len(r.Boards) + 1, White: p.White, Black: p.Black})
	}
	if n := len(r.Byes); n > 1 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d pairing-allocated byes: C.04.1 (2025) rule 3 leaves one player unpaired, in an odd field", n))
	}
	d.addByes(&r, paired)
	if r.KORound > 0 {
		for i := range r.Boards {
			r.Boards[i].KO = &MatchGame{Match: strconv.Itoa(r.KORound) + "." + strconv.Itoa(i+1), N: 1, Unit: d.Matches.unit(1)}
		}
	}
	r.Warnings = append(r.Warnings, d.check(&r)...)
	d.putRound(r)
	return nil
}

// check names the rules of C.04.1 (the 2025 text, numbered rules) a
// round's pairing breaks.
func (d *doc) check(r *Round) []string {
	var w []string
	t := d.Tournament(d.PlayerRound(r)-1, false)
	numOf := map[int]int{}
	for _, p := range d.Players {
		numOf[p.ID] = p.Number
	}
	name := func(id int) string { return d.player(id).Name }
	met := func(a, b int) int {
		pa := t.Player(numOf[a])
		for i, g := range pa.Games {
			if g.Opponent == numOf[b] && g.Paired() && g.Played() {
				return i + 1
			}
		}
		return 0
	}
	for _, b := range r.Boards {
		for _, id := range []int{b.White, b.Black} {
			if p := d.player(id); !p.active(r.Number) {
				w = append(w, fmt.Sprintf("board %d: %s does not take part in round %d (withdrawn or not yet entered)", b.Board, p.Name, r.Number))
			} else if k := p.byeFor(r.Number); k != "" {
				w = append(w, fmt.Sprintf("board %d: %s asked for a %s bye in round %d", b.Board, p.Name, k, r.Number))
			}
		}
		if m := met(b.White, b.Black); m > 0 && d.System == Swiss {
			w = append(w, fmt.Sprintf("board %d: %s and %s played each other in round %d: C.04.1 (2025) rule 2: two players shall not play each other more than once", b.Board, name(b.White), name(b.Black), m))
		}
		if d.System == Swiss {
			for _, side := range []struct {
				id    int
				color pairing.Color
			}{{b.White, pairing.White}, {b.Black, pairing.Black}} {
				p := t.Player(numOf[side.id])
				if p == nil {
					continue
				}
				diff, run := 0, 0
				for _, g := range p.Games {
					if !g.Played() {
						continue
					}
					if g.Color == pairing.White {
						diff++
					} else {
						diff--
					}
				}
				for i := len(p.Games) - 1; i >= 0; i-- {
					g := p.Games[i]
					if !g.Played() {
						continue
					}
					if g.Color != side.color {
						break
					}
					run++
				}
				if side.color == pairing.White {
					diff++
				} else {
					diff--
				}
				cname := "White"
				if side.color == pairing.Black {
					cname = "Black"
				}
				if diff > 2 || diff < -2 {
					w = append(w, fmt.Sprintf("board %d: %s's colour difference becomes %+d: C.04.1 (2025) rule 6 keeps it within ±2 (C.04.3 allows more in the last round, for top scorers)", b.Board, name(side.id), diff))
				}
				if run >= 2 {
					w = append(w, fmt.Sprintf("board %d: %s gets %s a third time in a row: C.04.1 (2025) rule 7 forbids it (C.04.3 allows it in the last round, for top scorers)", b.Board, name(side.id), cname))
				}
			}
		}
	}
	for _, y := range r.Byes {
		if y.Kind != ByePairing {
			continue
		}
		p := t.Player(numOf[y.Player])
		if p == nil {
			continue
		}
		for i, g := range p.Games {
			if g.Result == pairing.PairingBye || g.Result == pairing.FullBye || g.Result == pairing.ForfeitWin {
				w = append(w, fmt.Sprintf("the bye: %s scored without playing in round %d: C.04.1 (2025) rule 4 gives the pairing-allocated bye only to a player who has not", name(y.Player), i+1))
				break
			}
		}
	}
	return slices.Compact(w)
}
