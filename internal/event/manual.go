package event

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/quote"
)

// ParseManual reads a manual pairing as people type it, by pairing
// numbers: boards separated by new lines or commas, each the white and the
// black player's numbers separated by a dash or spaces ("3-7", "3 7"); "5-0",
// "5 bye" or a lone "5" is the pairing-allocated bye. The web page's
// textarea and the command line's --set take this one syntax. The pairs it
// returns are by pairing number: Event.PairsByNumber turns them into the
// players' IDs that a Change carries. A number on two boards is refused
// here, with the numbers the person typed.
func ParseManual(text string) ([]ManualPair, error) {
	var out []ManualPair
	on := map[int]int{} // number -> board item, from 1
	items := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ',' || r == ';' })
	for i, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		f := strings.FieldsFunc(item, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\r' || r == '-' || r == '–' || r == '—'
		})
		if len(f) == 1 || len(f) == 2 && strings.EqualFold(f[1], "bye") {
			f = []string{f[0], "0"}
		}
		if len(f) != 2 {
			return nil, invalid("pairing %s: want the white and the black player's pairing numbers, like 3-7 (or 5-0 for the bye)", quote.Input(item))
		}
		w, err1 := strconv.Atoi(f[0])
		b, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || w < 1 || b < 0 || w > MaxPlayers || b > MaxPlayers {
			return nil, invalid("pairing %s: want two pairing numbers from 1 (0 for the bye), like 3-7", quote.Input(item))
		}
		if w == b {
			return nil, invalid("pairing %s: a player cannot play themselves", quote.Input(item))
		}
		for _, n := range []int{w, b} {
			if n == 0 {
				continue
			}
			if k, ok := on[n]; ok {
				return nil, invalid("pairing %s: number %d is on board line %d already", quote.Input(item), n, k)
			}
			on[n] = i + 1
		}
		out = append(out, ManualPair{White: w, Black: b})
		if len(out) > MaxPlayers {
			return nil, invalid("pairing: more than %d boards", MaxPlayers)
		}
	}
	if len(out) == 0 {
		return nil, invalid("pairing: no boards given: want one board a line, the white and the black player's pairing numbers, like 3-7")
	}
	return out, nil
}

// PairsByNumber turns a manual pairing by pairing numbers (ParseManual's)
// into one by player IDs, for a Change of KindSetPairing.
func (e *Event) PairsByNumber(pairs []ManualPair) ([]ManualPair, error) {
	byNumber := map[int]int{}
	for _, p := range e.Players {
		if p.Number > 0 {
			byNumber[p.Number] = p.ID
		}
	}
	id := func(n int) (int, error) {
		if n == 0 {
			return 0, nil
		}
		if v, ok := byNumber[n]; ok {
			return v, nil
		}
		return 0, invalid("pairing: no player has the pairing number %d (the players list has %d)", n, len(byNumber))
	}
	out := make([]ManualPair, len(pairs))
	for i, p := range pairs {
		w, err := id(p.White)
		if err != nil {
			return nil, err
		}
		b, err := id(p.Black)
		if err != nil {
			return nil, err
		}
		out[i] = ManualPair{White: w, Black: b}
	}
	return out, nil
}

// ManualText writes a round's pairing in ParseManual's syntax, by pairing
// numbers: one board a line, the pairing-allocated bye as "N-0".
func (e *Event) ManualText(r Round) string {
	var b strings.Builder
	num := func(id int) int {
		if p := e.PlayerByID(id); p != nil {
			return p.Number
		}
		return 0
	}
	for _, bd := range r.Boards {
		fmt.Fprintf(&b, "%d-%d\n", num(bd.White), num(bd.Black))
	}
	for _, y := range r.Byes {
		if y.Kind == ByePairing {
			fmt.Fprintf(&b, "%d-0\n", num(y.Player))
		}
	}
	return b.String()
}
