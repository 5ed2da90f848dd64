package event

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pairing"
)

// Pairing numbers and late entries.
//
// Before a round is published the pairing numbers follow the initial order
// of C.04.2 (rating, title, name), and every entry or rating correction
// re-ranks the field. Once a round is public, a late entry (or a changed
// rating, title or name) is numbered as the organiser chose
// (Settings.LateEntries):
//
//   - LateRerank (the default, as C.04.2 treats the numbers given before
//     the list of participants closes as provisional): the field is ranked
//     again, so a strong late entry comes in high and those below move
//     down; the rounds already public keep showing the numbers they were
//     published with (Round.Numbers);
//   - LateNext: the late entries get the next free numbers, and no number
//     given before changes.
//
// Every renumbering after a round went public is written in the event's
// NumberChanges, with the version of the change that made it, so that the
// history says what changed.

// The ways late entries are numbered (Settings.LateEntries).
const (
	LateRerank = "rerank" // the field is ranked again; published rounds keep their numbers
	LateNext   = "next"   // late entries get the next free numbers
)

// NumberChange is a renumbering made after a round went public.
type NumberChange struct {
	Version int64 // the change that made it
	Text    string
}

// checkLateEntries checks the setting.
func checkLateEntries(s string) (string, error) {
	switch s {
	case "", LateRerank:
		return LateRerank, nil
	case LateNext:
		return LateNext, nil
	}
	return "", invalid("late entries %s: want rerank (the field is ranked again; published rounds keep their numbers) or next (late entries get the next free numbers)", quote.Input(s))
}

// renumber gives the players their pairing numbers: in a Swiss, and in a
// round robin before it starts, the initial order of C.04.2 (rating,
// title, name), or, for late entries with LateNext or in an event imported
// with its numbers, the next free numbers. Rounds already public whose
// players' numbers change keep the old ones (Round.Numbers). It returns
// what changed, as the history says it ("" if nothing did).
func (d *doc) renumber() string {
	if d.System != Swiss && d.started() {
		return ""
	}
	old := make(map[int]int, len(d.Players))
	for _, p := range d.Players {
		old[p.ID] = p.Number
	}
	if d.KeepNumbers || d.LateEntries == LateNext && d.started() {
		top := 0
		var fresh []*pairing.Player
		for i, p := range d.Players {
			top = max(top, p.Number)
			if p.Number == 0 {
				fresh = append(fresh, &pairing.Player{Number: i, Rating: p.Rating, Title: p.Title, Name: p.Name})
			}
		}
		for _, p := range pairing.RatingOrder(fresh) {
			top++
			d.Players[p.Number].Number = top
		}
	} else {
		tp := make([]*pairing.Player, len(d.Players))
		for i, p := range d.Players {
			tp[i] = &pairing.Player{Number: i, Rating: p.Rating, Title: p.Title, Name: p.Name}
		}
		for n, p := range pairing.RatingOrder(tp) {
			d.Players[p.Number].Number = n + 1
		}
	}
	// The rounds the public has seen keep the numbers they were shown with.
	moved := false
	for _, p := range d.Players {
		if old[p.ID] != 0 && old[p.ID] != p.Number {
			moved = true
		}
	}
	var kept []int
	if moved {
		for i := range d.Schedule {
			r := &d.Schedule[i]
			if r.Status == Draft || r.Numbers != nil {
				if r.Numbers != nil {
					kept = append(kept, r.Number)
				}
				continue
			}
			r.Numbers = map[int]int{}
			for _, b := range r.Boards {
				r.Numbers[b.White] = old[b.White]
				r.Numbers[b.Black] = old[b.Black]
			}
			for _, y := range r.Byes {
				r.Numbers[y.Player] = old[y.Player]
			}
			delete(r.Numbers, 0)
			kept = append(kept, r.Number)
		}
	}
	return d.describeNumbers(old, kept)
}

// describeNumbers says how the numbers changed from old: the new players'
// numbers, the runs of players that moved, and the rounds that keep their
// numbers.
func (d *doc) describeNumbers(old map[int]int, kept []int) string {
	var parts []string
	byNew := slices.Clone(d.Players)
	slices.SortFunc(byNew, func(a, b Player) int { return a.Number - b.Number })
	for _, p := range byNew {
		if old[p.ID] == 0 {
			parts = append(parts, fmt.Sprintf("%s gets number %d", p.Name, p.Number))
		}
	}
	// Runs of consecutive old numbers that moved by the same amount.
	type move struct{ from, to, delta int }
	var runs []move
	byOld := slices.Clone(d.Players)
	slices.SortFunc(byOld, func(a, b Player) int { return old[a.ID] - old[b.ID] })
	for _, p := range byOld {
		o := old[p.ID]
		if o == 0 || o == p.Number {
			continue
		}
		delta := p.Number - o
		if l := len(runs); l > 0 && runs[l-1].to == o-1 && runs[l-1].delta == delta {
			runs[l-1].to = o
			continue
		}
		runs = append(runs, move{o, o, delta})
	}
	for _, m := range runs {
		who := "player " + strconv.Itoa(m.from)
		verb := "moves"
		if m.to > m.from {
			who = fmt.Sprintf("players %d-%d", m.from, m.to)
			verb = "move"
		}
		dir, n := "down", m.delta
		if n < 0 {
			dir, n = "up", -n
		}
		by := strconv.Itoa(n)
		if n == 1 {
			by = "one"
		}
		if m.to > m.from {
			parts = append(parts, fmt.Sprintf("%s %s %s %s (to %d-%d)", who, verb, dir, by, m.from+m.delta, m.to+m.delta))
		} else {
			parts = append(parts, fmt.Sprintf("%s %s %s %s (to %d)", who, verb, dir, by, m.from+m.delta))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	moved := len(runs) > 0
	if !moved && len(parts) > 0 {
		parts[len(parts)-1] += "; no other number changes"
	}
	if moved && len(kept) > 0 {
		rounds := make([]string, len(kept))
		for i, k := range kept {
			rounds[i] = strconv.Itoa(k)
		}
		s := "round " + rounds[0]
		if len(rounds) > 1 {
			s = "rounds " + strings.Join(rounds[:len(rounds)-1], ", ") + " and " + rounds[len(rounds)-1]
		}
		parts = append(parts, s+", published, keep"+map[bool]string{true: "s", false: ""}[len(rounds) == 1]+" the numbers "+map[bool]string{true: "it was", false: "they were"}[len(rounds) == 1]+" published with")
	}
	return strings.Join(parts, "; ")
}

// noteNumbers records a renumbering made by the change being applied (the
// one after d.Version) once a round is public.
func (d *doc) noteNumbers(text string) {
	if text == "" || !d.started() {
		return
	}
	d.NumberChanges = append(d.NumberChanges, NumberChange{Version: d.Version + 1, Text: text})
}

// NumberIn returns the pairing number the player with the ID has in round
// r: the one the round was published with, which a later renumbering does
// not change, or else the player's number (0 for no such player).
func (e *Event) NumberIn(r *Round, id int) int {
	if r != nil {
		if n, ok := r.Numbers[id]; ok {
			return n
		}
	}
	if p := e.PlayerByID(id); p != nil {
		return p.Number
	}
	return 0
}

// NumberNote returns what the change of the version did to the pairing
// numbers, "" if nothing.
func (e *Event) NumberNote(version int64) string {
	for _, n := range e.NumberChanges {
		if n.Version == version {
			return n.Text
		}
	}
	return ""
}

// PreviewPlayers says what adding the players would do to the pairing
// numbers, without adding them: "Kim, A. gets number 5; players 5-11 move
// down one (to 6-12); round 1, published, keeps the numbers it was
// published with". It fails as the change would.
func (st *State) PreviewPlayers(ps []PlayerInfo) (string, error) {
	d := st.d.clone()
	if err := d.addPlayersOnly(ps); err != nil {
		return "", err
	}
	return d.renumber(), nil
}

// cloneNumbers copies a round's kept numbers.
func cloneNumbers(m map[int]int) map[int]int {
	if m == nil {
		return nil
	}
	return maps.Clone(m)
}
