package eventweb

import (
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/event"
)

// RoundTitle names a round of the schedule for the pages: "Round 3", or
// in an event of matches "Round 1, game 2" and "Round 1, Armageddon".
func (p *eventPage) RoundTitle(r event.Round) string {
	if s := p.ev.MatchRoundName(&r); s != "" {
		return s
	}
	return "Round " + strconv.Itoa(r.Number)
}

// MatchColumn reports whether the pairings have a Match column: a
// knockout's, or an event of matches'.
func (p *eventPage) MatchColumn() bool {
	return p.ev.System == event.Knockout || p.ev.MatchRoundName(lastRound(&p.ev)) != ""
}

func lastRound(e *event.Event) *event.Round {
	if len(e.Schedule) == 0 {
		return &event.Round{}
	}
	return &e.Schedule[len(e.Schedule)-1]
}

// matchRow is one match of a round of matches, as the pages list it.
type matchRow struct {
	ID         string
	A, B       string // names
	AN, BN     int    // pairing numbers
	Score      string // "1½-½"
	Armageddon string // its result, "" if none
	State      string // "Jones wins", "a tie", "playing", "to the Armageddon"
	Won        int    // 1: A won, 2: B won, 0: neither (yet)
}

// MatchRows lists the matches of round r's round of matches when r is
// the last of its rounds in the schedule (the card that shows how they
// stand); nil otherwise and in another event.
func (p *eventPage) MatchRows(r event.Round) []matchRow {
	e := &p.ev
	if e.MatchRoundName(&r) == "" {
		return nil
	}
	if r.Number < len(e.Schedule) && e.Schedule[r.Number].KORound == r.KORound {
		return nil
	}
	var rows []matchRow
	any := false
	for _, t := range e.MatchTallies(r.KORound) {
		any = any || t.Games > 0
		m := matchRow{ID: t.Match, A: e.PlayerName(t.A), B: e.PlayerName(t.B), Score: event.Halves(t.HalvesA) + "–" + event.Halves(t.HalvesB)}
		if pa := e.PlayerByID(t.A); pa != nil {
			m.AN = pa.Number
		}
		if pb := e.PlayerByID(t.B); pb != nil {
			m.BN = pb.Number
		}
		if t.Armageddon != "" {
			m.Armageddon = t.Armageddon.Display()
		}
		switch {
		case t.Winner != 0:
			m.State = e.PlayerName(t.Winner) + " wins"
			if t.Winner == t.A {
				m.Won = 1
			} else {
				m.Won = 2
			}
		case t.Done:
			m.State = "a tie"
		case t.Pending == 0 && t.HalvesA == t.HalvesB && e.Matches.Armageddon && t.Games == e.Matches.Games:
			m.State = "to the Armageddon"
		default:
			m.State = "playing"
		}
		rows = append(rows, m)
	}
	if !any {
		return nil // nothing to tell before the first result
	}
	return rows
}

// RoundsPlayed is the rounds the header counts: the schedule's, or in an
// event of matches the rounds of matches begun.
func (p *eventPage) RoundsPlayed() int { return p.ev.RoundsBegun() }

// MatchFormat says what an event of matches plays, for the header; "" for
// another event.
func (p *eventPage) MatchFormat() string {
	if !p.ev.Matches.On() || p.ev.System == event.Knockout {
		return ""
	}
	m := p.ev.Matches
	parts := []string{strconv.Itoa(m.Games) + " games", "game points"}
	if m.Scoring == event.ScoreMatch {
		parts[1] = "match points"
	}
	if m.Armageddon {
		a := "Armageddon"
		if m.ArmageddonWhite != "" {
			a += " " + m.ArmageddonWhite + " v " + m.ArmageddonBlack
		}
		parts = append(parts, a)
	}
	switch m.Positions {
	case event.MatchPair:
		parts = append(parts, "a position per 2 games")
	case event.MatchEach:
		parts = append(parts, "a position per game")
	}
	return strings.Join(parts, " · ")
}

// ArmageddonNote is the note under an Armageddon round's title in an
// event of matches: "Armageddon (5+2 v 4+2; a draw is Black's win), for
// the tied matches"; "" for another round.
func (p *eventPage) ArmageddonNote(r event.Round) string {
	if p.ev.System == event.Knockout || len(r.Boards) == 0 || r.Boards[0].KO == nil || !r.Boards[0].KO.Armageddon {
		return ""
	}
	return p.ev.StageName(r.Boards[0].KO) + ", for the tied matches"
}
