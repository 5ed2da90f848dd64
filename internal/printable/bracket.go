package printable

import (
	"io"
	"strconv"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/pairing/knockout"
)

// bracketView is a knockout's printed bracket.
type bracketView struct {
	Event    header
	Format   string
	Rounds   []bracketRound
	Places   []bracketPlace
	Finished bool
}

type bracketRound struct {
	Name    string
	Number  int
	Matches []bracketMatch
}

type bracketMatch struct {
	ID, Label  string
	A, B       string // "(1) Name", "bye"
	AWin, BWin bool
	Score      string
	Text       string
}

type bracketPlace struct {
	Place, Name string
}

// Bracket writes a knockout's bracket as it stands: each round's matches,
// their players with their seeds, the score stage by stage and how each
// stands; then the places, once known. One sheet, or more for a large
// field (each round a table, none split).
func Bracket(w io.Writer, e event.Event) error {
	const doc = "bracket"
	b, err := e.Bracket()
	if err != nil {
		return &Error{Doc: doc, Err: err}
	}
	v := bracketView{Event: headerOf(&e), Finished: b.Finished}
	v.Event.System = "Knockout"
	name := func(seed int) string {
		if seed == 0 {
			return "bye"
		}
		return "(" + strconv.Itoa(seed) + ") " + e.PlayerName(e.SeedPlayer(seed))
	}
	for ri, ms := range b.Rounds {
		br := bracketRound{Name: event.KORoundName(b, ri+1), Number: ri + 1}
		for _, m := range ms {
			if m.State == knockout.Empty {
				continue
			}
			bm := bracketMatch{ID: m.ID.String(), A: name(m.A), B: name(m.B), Score: event.MatchScore(m), Text: event.MatchState(&e, m),
				AWin: m.Winner != 0 && m.Winner == m.A, BWin: m.Winner != 0 && m.Winner == m.B}
			switch {
			case m.Final():
				bm.Label = "Final"
			case m.From > 1:
				bm.Label = "Places " + strconv.Itoa(m.From) + "-" + strconv.Itoa(m.To)
			}
			br.Matches = append(br.Matches, bm)
		}
		v.Rounds = append(v.Rounds, br)
	}
	for _, p := range b.Places {
		pl := strconv.Itoa(p.From)
		if p.To != p.From {
			pl += "-" + strconv.Itoa(p.To)
		}
		v.Places = append(v.Places, bracketPlace{Place: pl, Name: name(p.Seed)})
	}
	return execute(w, doc, 0, "bracket.html", v)
}
