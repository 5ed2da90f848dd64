package event

import (
	"slices"

	"github.com/chess960/chess960/pairing"
)

// Standings is the table after a number of rounds.
type Standings struct {
	Rounds    int      `json:"rounds"`    // after this many rounds
	TieBreaks []string `json:"tieBreaks"` // the columns of Row.TieBreaks
	Rows      []Row    `json:"rows"`
}

// Row is one player's line of the standings.
type Row struct {
	Rank   int    `json:"rank"` // equal for players tied on points and every tie-break
	Player int    `json:"player"`
	Number int    `json:"number"`
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Rating int    `json:"rating,omitempty"`
	Points string `json:"points"` // "3.5"
	// TieBreaks are the values in the order of Standings.TieBreaks, as
	// decimals ("12.5").
	TieBreaks []string `json:"tieBreaks"`
	// Rated games: the games played against rated opponents, the average
	// rating of those opponents, the performance rating, and the rating
	// change (FIDE's B.02), for a rated player; 0 or "" otherwise.
	RatedGames   int    `json:"ratedGames"`
	Opponents    int    `json:"averageOpponent,omitempty"`
	Performance  int    `json:"performance,omitempty"`
	RatingChange string `json:"ratingChange,omitempty"`
	// Results is the player's line of the crosstable: one cell per round.
	Results []Cell `json:"results"`
}

// Cell is one round of a player's line: the opponent's rank in the
// standings, the colour and the result, as crosstables print it ("7w1",
// "3b½", "+" for a forfeit won, "-" for a bye or absence).
type Cell struct {
	Opponent int    `json:"opponent,omitempty"` // rank of the opponent, 0 for none
	Color    string `json:"color,omitempty"`    // "w" or "b"
	Result   string `json:"result"`             // "1", "½", "0", "+", "-", "=" (half-point bye), "" (pending)
}

// Standings returns the standings after the given number of rounds (0:
// every round with all results in).
func (e *Event) Standings(rounds int) (Standings, error) {
	done := 0
	for _, r := range e.Schedule {
		if r.complete() {
			done = r.Number
		} else {
			break
		}
	}
	if rounds == 0 {
		rounds = done
	}
	if rounds < 0 || rounds > done {
		return Standings{}, notNow("standings after round %d: %d rounds are complete", rounds, done)
	}
	return e.standings(rounds)
}

// ranks returns each pairing number's rank after the rounds.
func (e *Event) ranks(rounds int) (map[int]int, error) {
	s, err := e.standings(rounds)
	if err != nil {
		return nil, err
	}
	out := map[int]int{}
	for _, r := range s.Rows {
		out[r.Number] = r.Rank
	}
	return out, nil
}

// standings computes the table; see tiebreaks.go for the values.
func (e *Event) standings(rounds int) (Standings, error) {
	t := e.Tournament(rounds, false)
	s := Standings{Rounds: rounds, TieBreaks: slices.Clone(e.TieBreaks)}
	byNum := map[int]*Player{}
	for i := range e.Players {
		byNum[e.Players[i].Number] = &e.Players[i]
	}
	for _, tp := range t.Players {
		p := byNum[tp.Number]
		s.Rows = append(s.Rows, Row{Player: p.ID, Number: p.Number, Name: p.Name, Title: p.Title, Rating: p.Rating,
			Points: t.Score(tp, rounds).String(), TieBreaks: []string{}})
	}
	if err := e.fillTieBreaks(t, rounds, &s); err != nil {
		return s, err
	}
	// Crosstable cells, by the opponents' ranks.
	rankOf := map[int]int{}
	for _, r := range s.Rows {
		rankOf[r.Number] = r.Rank
	}
	for i := range s.Rows {
		tp := t.Player(s.Rows[i].Number)
		for r := 0; r < rounds && r < len(tp.Games); r++ {
			g := tp.Games[r]
			c := Cell{}
			if g.Opponent > 0 {
				c.Opponent = rankOf[g.Opponent]
				c.Color = map[pairing.Color]string{pairing.White: "w", pairing.Black: "b"}[g.Color]
			}
			c.Result = cellResult(g.Result)
			s.Rows[i].Results = append(s.Rows[i].Results, c)
		}
	}
	return s, nil
}

func cellResult(r pairing.Result) string {
	switch r {
	case pairing.Win, pairing.UnratedWin:
		return "1"
	case pairing.Draw, pairing.UnratedDraw:
		return "½"
	case pairing.Loss, pairing.UnratedLoss:
		return "0"
	case pairing.ForfeitWin, pairing.FullBye, pairing.PairingBye:
		return "+"
	case pairing.ForfeitLoss, pairing.ZeroBye:
		return "-"
	case pairing.HalfBye:
		return "="
	}
	return ""
}

// fillTieBreaks ranks the rows by points alone until the tie-breaks land.
func (e *Event) fillTieBreaks(t *pairing.Tournament, rounds int, s *Standings) error {
	pts := map[int]pairing.Points{}
	for _, tp := range t.Players {
		pts[tp.Number] = t.Score(tp, rounds)
	}
	slices.SortStableFunc(s.Rows, func(a, b Row) int {
		if pts[a.Number] != pts[b.Number] {
			return int(pts[b.Number] - pts[a.Number])
		}
		return a.Number - b.Number
	})
	for i := range s.Rows {
		s.Rows[i].Rank = i + 1
		if i > 0 && pts[s.Rows[i].Number] == pts[s.Rows[i-1].Number] {
			s.Rows[i].Rank = s.Rows[i-1].Rank
		}
	}
	return nil
}
