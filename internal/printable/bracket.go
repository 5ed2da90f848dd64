package printable

import (
	"fmt"
	"html/template"
	"io"
	"strconv"

	"github.com/chess960/chess960/diagram"

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
			bm.Label = event.MatchLabel(m)
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

// matchView is one knockout match on the hall's screen.
type matchView struct {
	Event       header
	Round       string // "Semi-finals"
	ID, Label   string
	A, B        matchSide
	Score, Text string
	// Pos is the position of the match's latest game (its current stage).
	Pos     pos
	Game    string // "Game 3: Tie-break 1 (15+10)"
	Games   []matchGameLine
	Defs    template.HTML
	Script  string
	EventID string
	Version int64
}

type matchSide struct {
	Seed   int
	Name   string
	Points string // the match's own games' score
	Win    bool
}

type matchGameLine struct {
	N            int
	White, Black string
	Result       string
	Stage        string
}

// MatchProjector writes a knockout match for the hall's screen: the two
// players with their seeds and the match's score, the latest game's
// position, every game so far; with the script (its URL) that keeps it
// live, as ProjectorLive's.
func MatchProjector(w io.Writer, e event.Event, match, script string) error {
	const doc = "match projector"
	b, err := e.Bracket()
	if err != nil {
		return &Error{Doc: doc, Err: err}
	}
	var m *knockout.Match
	round := 0
	for ri, ms := range b.Rounds {
		for _, x := range ms {
			if x.ID.String() == match && x.State != knockout.Empty {
				m, round = x, ri+1
			}
		}
	}
	if m == nil {
		return &Error{Doc: doc, Err: fmt.Errorf("%w: the bracket has no match %.20q yet", ErrRound, match)}
	}
	name := func(seed int) string {
		if seed == 0 {
			return "bye"
		}
		return e.PlayerName(e.SeedPlayer(seed))
	}
	v := matchView{Event: headerOf(&e), Round: event.KORoundName(b, round), ID: m.ID.String(), Score: event.MatchScore(m), Text: event.MatchState(&e, m),
		Script: script, EventID: e.ID, Version: e.Version, Defs: template.HTML(diagram.AppendDefs(nil, nil)), Pos: pos{Note: NotRevealed}}
	v.Label = event.MatchLabel(m)
	first := [2]int{}
	if len(m.Score) > 0 {
		first = m.Score[0]
	}
	v.A = matchSide{Seed: m.A, Name: name(m.A), Points: event.Halves(first[0]), Win: m.Winner != 0 && m.Winner == m.A}
	v.B = matchSide{Seed: m.B, Name: name(m.B), Points: event.Halves(first[1]), Win: m.Winner != 0 && m.Winner == m.B}
	for _, r := range e.Schedule {
		for _, bd := range r.Boards {
			if bd.KO == nil || bd.KO.Match != v.ID {
				continue
			}
			res := string(bd.Result)
			if res == "" {
				res = "…"
			}
			v.Games = append(v.Games, matchGameLine{N: bd.KO.N, White: e.PlayerName(bd.White), Black: e.PlayerName(bd.Black), Result: res, Stage: e.StageName(bd.KO)})
			if r.Status == event.Started {
				v.Pos = posOf(bd.Position, r.Status, false)
				v.Game = "Game " + strconv.Itoa(bd.KO.N)
				if st := e.StageName(bd.KO); st != "" {
					v.Game += ": " + st
				}
			}
		}
	}
	return execute(w, doc, 0, "match.html", v)
}
