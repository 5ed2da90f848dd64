package event

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chess960/chess960/pairing"
)

// Standings is the table after a number of rounds.
type Standings struct {
	Rounds    int      // after this many rounds
	TieBreaks []string // the columns of Row.TieBreaks
	// TieBreakRules is the edition of C.07 the values follow, "2024" or
	// "2026" (an event stored before the setting: "2024").
	TieBreakRules string
	// UnratedRating is the rating unrated players counted with in the
	// rating-based tie-breaks; 0 for none.
	UnratedRating int
	// Dropped lists the tie-breaks left out of the ranking, with why; their
	// column holds "-" for every player.
	Dropped []DroppedTieBreak
	Rows    []Row
}

// DroppedTieBreak is a tie-break of the list that the standings leave out:
// a rating-based one (C.07 article 10) when a player is unrated and the
// event gives no rating for unrated players.
type DroppedTieBreak struct {
	TieBreak string // as in Standings.TieBreaks
	Reason   string
}

// Row is one player's line of the standings.
type Row struct {
	Rank   int // equal for players tied on points and every tie-break
	Player int
	Number int
	Name   string
	Title  string
	Rating int
	Points string // "3.5"
	// TieBreaks are the values in the order of Standings.TieBreaks, as
	// decimals ("12.5"), or "-" for a tie-break dropped (see
	// Standings.Dropped).
	TieBreaks []string
	// Rated games: the games played against rated opponents, the average
	// rating of those opponents, the performance rating, and the rating
	// change (FIDE's B.02), for a rated player; 0 or "" otherwise.
	RatedGames   int
	Opponents    int
	Performance  int
	RatingChange string
	// Results is the player's line of the crosstable: one cell per round.
	Results []Cell
}

// Cell is one round of a player's line: the opponent's line in the
// standings, the colour and the result, as crosstables print it ("7w1",
// "3b½", "+" for a forfeit won, "-" for a bye or absence).
type Cell struct {
	// Opponent is the opponent's line in the standings, from 1 (its place
	// in Rows, unique even where ranks are shared); 0 for none.
	Opponent int
	Color    string // "w" or "b"
	Result   string // "1", "½", "0", "+", "-", "=" (half-point bye), "" (pending)
}

// Standings returns the standings after the given number of rounds (0:
// every round with all results in).
func (e *Event) Standings(rounds int) (Standings, error) {
	if e.System == Knockout {
		return Standings{}, notNow("a knockout ranks its players by its bracket, not by points: see the bracket")
	}
	done := 0
	for _, r := range e.Schedule {
		if r.complete() {
			done = r.Number
		} else {
			break
		}
	}
	if e.matches() {
		done = e.MatchRoundsDone()
	}
	if rounds == 0 {
		rounds = done
	}
	if rounds < 0 || rounds > done {
		if e.matches() {
			return Standings{}, notNow("standings after round %d: %d rounds of matches are over", rounds, done)
		}
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
	// Crosstable cells, by the opponents' lines.
	rankOf := map[int]int{}
	for i, r := range s.Rows {
		rankOf[r.Number] = i + 1
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
			if e.matches() && g.Played() {
				c.Result = Halves(int(t.Points.Of(g) / 5))
			}
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

// kFactor is the K factor of a player: the one the organiser gave, or
// else 20, and 10 from a rating of 2400 (B.02 8.3.3; K 40 for a new or
// young player must be given).
func kFactor(p *Player) int {
	switch {
	case p.K != 0:
		return p.K
	case p.Rating >= 2400:
		return 10
	}
	return 20
}

// fillTieBreaks ranks the rows by points and the event's tie-breaks (FIDE
// C.07, computed by the pairing package; article 15 for round robins; the
// event's edition and rating for unrated players), and adds the rating
// figures (B.02).
func (e *Event) fillTieBreaks(t *pairing.Tournament, rounds int, s *Standings) error {
	tbs, err := pairing.ParseTieBreaks(strings.Join(e.TieBreaks, ","))
	if err != nil {
		return err
	}
	opt, err := e.standingsOptions()
	if err != nil {
		return err
	}
	st, err := pairing.StandingsWith(t, rounds, tbs, opt)
	if err != nil {
		return err
	}
	s.TieBreakRules, s.UnratedRating = opt.Edition.String(), opt.UnratedRating
	for i, why := range pairing.Dropped(t, tbs, opt) {
		if why != "" {
			s.Dropped = append(s.Dropped, DroppedTieBreak{TieBreak: tbs[i].String(), Reason: why})
		}
	}
	byNum := map[int]Row{}
	for _, r := range s.Rows {
		byNum[r.Number] = r
	}
	// The rating figures count games: in an event of matches, each game
	// of the rounds of matches (not their Armageddons).
	rt, rr := t, rounds
	if e.matches() {
		mrs := e.matchRounds()
		rr = 0
		for _, mr := range mrs[:min(rounds, len(mrs))] {
			rr += len(mr.Games)
		}
		last := 0
		if rounds > 0 && rounds <= len(mrs) {
			last = mrs[rounds-1].Games[len(mrs[rounds-1].Games)-1] + 1
			if a := mrs[rounds-1].Arm; a >= 0 {
				last = a + 1
			}
		}
		rt = e.GameTournament(last)
	}
	rows := make([]Row, 0, len(st))
	for _, sd := range st {
		r := byNum[sd.Number]
		r.Rank = sd.Rank
		r.Points = sd.Points.String()
		r.TieBreaks = make([]string, len(sd.Values))
		for i, v := range sd.Values {
			r.TieBreaks[i] = v.String()
		}
		p := e.PlayerByID(r.Player)
		sum, err := rt.RatingSummary(sd.Number, rr, kFactor(p))
		if err == nil {
			r.RatedGames, r.Opponents, r.Performance = sum.Rated, sum.ARO, sum.Performance
			if p.Rating > 0 && sum.Rated > 0 {
				r.RatingChange = signed(sum.Change)
			}
		}
		rows = append(rows, r)
	}
	s.Rows = rows
	return nil
}

// signed writes a rating change (in hundredths) with its sign and one
// decimal, or two where the hundredths are not 0 (a K factor capped for
// many games): "+7.4", "-5.3", "+2.0", "0.0".
func signed(v pairing.Value) string {
	sign := "+"
	switch {
	case v < 0:
		sign, v = "-", -v
	case v == 0:
		sign = ""
	}
	if v%10 == 0 {
		return fmt.Sprintf("%s%d.%d", sign, v/100, v/10%10)
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}
