package event

import (
	"cmp"
	"slices"

	"github.com/chess960/chess960/pairing"
)

// byNumber returns the players in pairing-number order.
func (e *Event) byNumber() []*Player {
	ps := make([]*Player, len(e.Players))
	for i := range e.Players {
		ps[i] = &e.Players[i]
	}
	slices.SortFunc(ps, func(a, b *Player) int { return cmp.Compare(a.Number, b.Number) })
	return ps
}

// Tournament returns the event as the pairing package models it, with the
// first rounds rounds (those started; a round's boards without a result
// yet have no result) and, if next is set, the byes and absences already
// known for the round after them, as they are given to the pairing engine.
func (e *Event) Tournament(rounds int, next bool) *pairing.Tournament {
	t := &pairing.Tournament{Points: pairing.FIDEPoints, Rounds: e.Rounds}
	switch e.FirstColor {
	case "w":
		t.InitialColor = pairing.White
	case "b":
		t.InitialColor = pairing.Black
	}
	num := map[int]int{}
	for _, p := range e.byNumber() {
		num[p.ID] = p.Number
		t.Players = append(t.Players, &pairing.Player{
			Number: p.Number, Sex: p.Sex, Title: p.Title, Name: p.Name, Rating: p.Rating,
			Federation: p.Federation, FideID: p.FideID, Birth: p.Birth,
		})
	}
	if e.matches() {
		e.matchTournament(t, rounds, next, num)
		played := min(rounds, t.PlayedRounds())
		for _, tp := range t.Players {
			tp.Points = t.Score(tp, played)
		}
		return t
	}
	e.scheduleGames(t, rounds, next, num)
	played := min(rounds, t.PlayedRounds())
	for _, tp := range t.Players {
		tp.Points = t.Score(tp, played)
	}
	return t
}

// GameTournament is the event as the pairing package models it with each
// round of the schedule a round: in an event of matches, each game of the
// matches (without their Armageddons), as a TRF reports them for rating.
func (e *Event) GameTournament(rounds int) *pairing.Tournament {
	if !e.matches() {
		return e.Tournament(rounds, false)
	}
	g := *e
	g.Matches = MatchRules{}
	g.Schedule = nil
	for _, r := range e.Schedule[:min(rounds, len(e.Schedule))] {
		if r.KOGame <= e.Matches.Games {
			r.Number = len(g.Schedule) + 1
			g.Schedule = append(g.Schedule, r)
		}
	}
	t := g.Tournament(len(g.Schedule), false)
	t.Rounds = e.Rounds * e.Matches.Games
	return t
}

// scheduleGames gives t's players their games, a round of the schedule
// for each round.
func (e *Event) scheduleGames(t *pairing.Tournament, rounds int, next bool, num map[int]int) {
	rounds = min(rounds, len(e.Schedule))
	games := make(map[int][]pairing.Game, len(e.Players))
	for _, p := range e.Players {
		games[p.ID] = make([]pairing.Game, 0, rounds+1)
	}
	for i := range rounds {
		r := &e.Schedule[i]
		for _, b := range r.Boards {
			rw, rb := b.Result.TRF()
			games[b.White] = append(games[b.White], pairing.Game{Opponent: num[b.Black], Color: pairing.White, Result: rw})
			games[b.Black] = append(games[b.Black], pairing.Game{Opponent: num[b.White], Color: pairing.Black, Result: rb})
		}
		e.byesOf(games, r.Byes, i+1)
	}
	e.giveGames(t, games, rounds, next)
}

// byesOf adds the round's byes to the players' games, and an absence for
// a player added after it: each has r rounds then.
func (e *Event) byesOf(games map[int][]pairing.Game, byes []Bye, r int) {
	for _, y := range byes {
		games[y.Player] = append(games[y.Player], pairing.Game{Result: y.Kind.TRF()})
	}
	for _, p := range e.Players {
		if len(games[p.ID]) < r { // added after the round: absent
			games[p.ID] = append(games[p.ID], pairing.Game{Result: pairing.ZeroBye})
		}
	}
}

// giveGames gives t's players their games, with, if next is set, the
// byes and absences known for the round after the rounds.
func (e *Event) giveGames(t *pairing.Tournament, games map[int][]pairing.Game, rounds int, next bool) {
	if next {
		r := rounds + 1
		for _, p := range e.Players {
			switch k := p.byeFor(r); {
			case !p.active(r):
				games[p.ID] = append(games[p.ID], pairing.Game{Result: pairing.ZeroBye})
			case k != "":
				games[p.ID] = append(games[p.ID], pairing.Game{Result: k.TRF()})
			}
		}
	}
	for _, tp := range t.Players {
		for _, p := range e.Players {
			if p.Number == tp.Number {
				tp.Games = games[p.ID]
			}
		}
	}
}
