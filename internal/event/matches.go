package event

import (
	"crypto/sha256"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pairing"
)

// A Swiss or a (single) round robin of matches (Settings.Matches, Games 2
// or more) plays each of its rounds as matches: the two players the
// pairing puts together play Games games, colours alternating, the first
// game with the colours the pairing gave. Its rounds in the schedule are
// the games of the rounds of matches, as in a knockout: a round of 2-game
// matches is two rounds of the schedule (KORound is the round of matches,
// KOGame the game), and with an Armageddon a third, with a board for each
// tied match only. Each board names its match (Board.KO: Match is
// "round.table", the table being the match's board in its first game).
// The pairing of a round of matches sees each match as one round: its
// outcome, and its score (Scoring: the games' points, or 2, 1 and 0 for a
// match won, tied and lost); the players' rounds (a late entry's first
// round, a withdrawal, a bye) are rounds of matches.
//
// Documented for anyone who checks an event (with the positions' rules
// in derive.go):
//
//   - The positions: each unit takes the next draw of the event's sequence
//     when its first game starts. A unit is a round of matches' games
//     (Positions "round": all of them, the default; "pair": each two
//     games; "game": each game), and its Armageddon is a unit of its own;
//     with one position per board, each match's unit is one (board by
//     board).
//   - The Armageddon's colours: the player who had White in the match's
//     first game has White when the first byte of
//     SHA-256("chess960:armageddon:" + seed + ":" + match) is even (match
//     as "3.2").

// MatchRules make a Swiss's or a round robin's rounds matches.
type MatchRules struct {
	// Games is the games of a match: 2, 4, 6 or 8; 0 for single games.
	Games int
	// Scoring is what the standings count: ScoreGames (each game's 1, ½
	// and 0, the default) or ScoreMatch (2 for a match won, 1 for a tie,
	// 0 for a match lost).
	Scoring string
	// Armageddon, with ScoreMatch: a tied match goes to one game in which
	// a draw counts as Black's win; White and Black are its two clocks.
	Armageddon      bool
	ArmageddonWhite string
	ArmageddonBlack string
	// Positions is MatchRound (every game of a round's matches plays the
	// round's position), MatchPair (a position for each two games) or
	// MatchGame (one for each game).
	Positions string
}

// The match rules' words.
const (
	ScoreGames = "games"
	ScoreMatch = "match"
	MatchRound = "round"
	MatchPair  = "pair"
	MatchEach  = "game"
)

// On reports whether the rounds are matches.
func (m MatchRules) On() bool { return m.Games > 1 }

// matches reports whether the event's rounds are matches (a Swiss or
// round robin of matches; a knockout's matches are its own).
func (e *Event) matches() bool { return e.System != Knockout && e.Matches.On() }

// MaxMatchGames is the most games a match of a Swiss or round robin has.
const MaxMatchGames = 8

// normalize checks the match rules of an event of the system.
func (m MatchRules) normalize(sys System) (MatchRules, error) {
	if m.Games <= 1 {
		switch {
		case m.Games < 0:
			return m, invalid("matches of %d games: want 2, 4, 6 or 8, or 1 for single games", m.Games)
		case m.Armageddon:
			return m, invalid("Armageddon: only for matches (2 games or more) that count match points")
		case m.Scoring == ScoreMatch:
			return m, invalid("match points: only for rounds played as matches of 2 games or more")
		}
		return MatchRules{}, nil
	}
	switch sys {
	case Knockout:
		return MatchRules{}, nil // a knockout's matches are Settings.Knockout
	case DoubleRoundRobin:
		return m, invalid("matches in a double round robin: play a round robin of matches of twice the games (%d)", 2*m.Games)
	}
	if m.Games > MaxMatchGames || m.Games%2 != 0 {
		return m, invalid("matches of %d games: want 2, 4, 6 or 8 (an even number, so that each player has White as often as Black)", m.Games)
	}
	switch m.Scoring {
	case "":
		m.Scoring = ScoreGames
	case ScoreGames, ScoreMatch:
	default:
		return m, invalid("scoring %s: want games (1, ½, 0 for each game) or match (2, 1, 0 for each match)", quote.Input(m.Scoring))
	}
	switch m.Positions {
	case "", "match":
		m.Positions = MatchRound
	case MatchRound, MatchPair, MatchEach:
	default:
		return m, invalid("match positions %s: want round (one for all the games of a round), pair (one for each two games) or game", quote.Input(m.Positions))
	}
	if m.Armageddon && m.Scoring != ScoreMatch {
		return m, invalid("Armageddon: it decides who wins a tied match, which only match points count: set the scoring to match")
	}
	if !m.Armageddon {
		m.ArmageddonWhite, m.ArmageddonBlack = "", ""
	}
	var err error
	if m.ArmageddonWhite, err = text("Armageddon time control for White", m.ArmageddonWhite, 100, false); err != nil {
		return m, err
	}
	if m.ArmageddonBlack, err = text("Armageddon time control for Black", m.ArmageddonBlack, 100, false); err != nil {
		return m, err
	}
	return m, nil
}

// points is the point system of an event of matches: with match points 2,
// 1 and 0; with the games', a match won Games to 0 (a bye, a forfeit) is
// worth Games points.
func (m MatchRules) points() pairing.PointSystem {
	if m.Scoring == ScoreMatch {
		return pairing.PointSystem{Win: 20, Draw: 10, PairingBye: 20}
	}
	k := pairing.Points(m.Games)
	return pairing.PointSystem{Win: 10 * k, Draw: 5 * k, PairingBye: 10 * k}
}

// unit is the position unit of a match's game n (from 1; Games+1 is the
// Armageddon).
func (m MatchRules) unit(n int) int {
	switch {
	case n > m.Games:
		return m.Games
	case m.Positions == MatchPair:
		return (n - 1) / 2
	case m.Positions == MatchEach:
		return n - 1
	}
	return 0
}

// armageddonColor reports whether the player who had White in the
// match's first game has White in its Armageddon.
func armageddonColor(seed, match string) bool {
	h := sha256.Sum256([]byte("chess960:armageddon:" + seed + ":" + match))
	return h[0]%2 == 0
}

// matchRound is a round of matches as the schedule has it: its rounds
// (indexes in the schedule: the games, then the Armageddon).
type matchRound struct {
	Number int
	Games  []int // schedule indexes of games 1..n played so far
	Arm    int   // schedule index of the Armageddon round, -1 if none
}

// matchRounds groups the schedule by rounds of matches.
func (e *Event) matchRounds() []matchRound {
	var out []matchRound
	for i := range e.Schedule {
		r := &e.Schedule[i]
		if r.KORound < 1 {
			continue
		}
		for len(out) < r.KORound {
			out = append(out, matchRound{Number: len(out) + 1, Arm: -1})
		}
		mr := &out[r.KORound-1]
		if r.KOGame > e.Matches.Games {
			mr.Arm = i
		} else {
			mr.Games = append(mr.Games, i)
		}
	}
	return out
}

// MatchTally is how one match of a round of matches stands: the two
// players (A had White in its first game), their points in half points,
// the Armageddon's result, and its outcome.
type MatchTally struct {
	Match      string // "round.table"
	A, B       int    // player IDs
	HalvesA    int
	HalvesB    int
	Games      int    // games with a result
	Pending    int    // games without one
	Played     int    // games played over the board (not forfeits)
	Armageddon Result // "" if none (yet)
	// Winner is A or B once the match is decided, 0 for a tie or while it
	// goes on.
	Winner int
	Done   bool
}

// tallies returns the matches of a round of matches, by match name, in
// the order of the first game's boards.
func (e *Event) tallies(mr matchRound) ([]*MatchTally, map[string]*MatchTally) {
	var list []*MatchTally
	by := map[string]*MatchTally{}
	for gi, si := range mr.Games {
		r := &e.Schedule[si]
		for _, b := range r.Boards {
			if b.KO == nil {
				continue
			}
			t := by[b.KO.Match]
			if t == nil {
				if gi > 0 {
					continue
				}
				t = &MatchTally{Match: b.KO.Match, A: b.White, B: b.Black}
				by[b.KO.Match] = t
				list = append(list, t)
			}
			if r.Status != Started || b.Result == "" {
				t.Pending++
				continue
			}
			t.Games++
			if !b.Result.Forfeit() {
				t.Played++
			}
			hw, hb := b.Result.Halves()
			if b.White == t.A {
				t.HalvesA, t.HalvesB = t.HalvesA+hw, t.HalvesB+hb
			} else {
				t.HalvesA, t.HalvesB = t.HalvesA+hb, t.HalvesB+hw
			}
		}
	}
	pending := map[string]bool{}
	if mr.Arm >= 0 {
		r := &e.Schedule[mr.Arm]
		for _, b := range r.Boards {
			t := by[b.KO.Match]
			if t == nil {
				continue
			}
			if r.Status != Started || b.Result == "" {
				pending[t.Match] = true
				continue
			}
			t.Armageddon = b.Result
			hw, hb := b.Result.Halves()
			switch {
			case b.Result == DoubleForfeit: // neither wins: a tie
			case hw > hb:
				t.Winner = b.White
			default: // a draw is Black's win
				t.Winner = b.Black
			}
		}
	}
	for _, t := range list {
		switch {
		case t.Pending > 0 || len(mr.Games) < e.Matches.Games || pending[t.Match]:
			t.Winner = 0
		case t.HalvesA > t.HalvesB:
			t.Winner, t.Done = t.A, true
		case t.HalvesB > t.HalvesA:
			t.Winner, t.Done = t.B, true
		case !e.Matches.Armageddon || t.Played == 0:
			t.Winner, t.Done = 0, true // a tie (a match of forfeits has no Armageddon)
		default:
			t.Done = t.Armageddon != ""
		}
	}
	return list, by
}

// tiedForArmageddon returns the matches of a finished round of games that
// go to an Armageddon.
func (e *Event) tiedForArmageddon(mr matchRound) []*MatchTally {
	if !e.Matches.Armageddon || len(mr.Games) < e.Matches.Games || mr.Arm >= 0 {
		return nil
	}
	list, _ := e.tallies(mr)
	var out []*MatchTally
	for _, t := range list {
		if t.Pending == 0 && t.HalvesA == t.HalvesB && t.Played > 0 {
			out = append(out, t)
		}
	}
	return out
}

// matchRoundDone reports whether a round of matches is over: every game
// and every Armageddon it needs has a result.
func (e *Event) matchRoundDone(mr matchRound) bool {
	if len(mr.Games) < e.Matches.Games {
		return false
	}
	for _, si := range mr.Games {
		if !e.Schedule[si].complete() {
			return false
		}
	}
	if mr.Arm >= 0 {
		return e.Schedule[mr.Arm].complete()
	}
	return len(e.tiedForArmageddon(mr)) == 0
}

// MatchRoundsDone returns how many rounds of matches are over, in order
// (for another event, the complete rounds).
func (e *Event) MatchRoundsDone() int {
	n := 0
	for _, mr := range e.matchRounds() {
		if !e.matchRoundDone(mr) {
			break
		}
		n = mr.Number
	}
	return n
}

// PlayerRound is the round a player's entry, withdrawal and byes count
// in, for the schedule's round r: the round of matches it plays in an
// event of matches, else r.
func (e *Event) PlayerRound(r *Round) int {
	if e.matches() && r.KORound > 0 {
		return r.KORound
	}
	return r.Number
}

// nextPlayerRound is the next round a player may join, withdraw from or
// ask a bye for: in an event of matches, the next round of matches.
func (d *doc) nextPlayerRound() int {
	if !d.matches() {
		return d.nextRound()
	}
	if l := d.lastRound(); l != nil {
		return l.KORound + 1
	}
	return 1
}

// pairMatches pairs the schedule's round n of an event of matches: the
// next game of the current round of matches, its Armageddon, or the next
// round of matches with the engine.
func (d *doc) pairMatches(n int, now time.Time, eng pairer) error {
	if err := d.canPair(n); err != nil {
		return err
	}
	// The schedule before round n.
	before := &Event{Settings: d.Settings, Schedule: d.Schedule[:n-1], Players: d.Players, FirstColor: d.FirstColor}
	mrs := before.matchRounds()
	if len(mrs) > 0 {
		mr := mrs[len(mrs)-1]
		if len(mr.Games) < d.Matches.Games {
			return d.nextMatchGame(n, now, mr, len(mr.Games)+1)
		}
		if tied := before.tiedForArmageddon(mr); len(tied) > 0 {
			r := Round{Number: n, Status: Draft, Paired: now, KORound: mr.Number, KOGame: d.Matches.Games + 1}
			for _, t := range tied {
				w, b := t.A, t.B
				if !armageddonColor(d.SeedSecret, t.Match) {
					w, b = b, w
				}
				r.Boards = append(r.Boards, Board{Board: len(r.Boards) + 1, White: w, Black: b,
					KO: &MatchGame{Match: t.Match, N: d.Matches.Games + 1, Stage: 1, Unit: d.Matches.unit(d.Matches.Games + 1), Armageddon: true}})
			}
			d.putRound(r)
			return nil
		}
	}
	m := len(mrs) + 1
	if d.Rounds > 0 && m > d.Rounds {
		return notNow("pair round %d: the event's %d rounds of matches are played", n, d.Rounds)
	}
	if active := d.activeIn(m); active < 2 {
		return notNow("pair round %d: %d players take part; a match needs 2", n, active)
	}
	if d.System != Swiss && m == 1 {
		if err := d.fixRoundRobin(); err != nil {
			return err
		}
	}
	pairs, err := pairWith(eng, before.Tournament(m-1, true), d.System, n)
	if err != nil {
		return err
	}
	r := Round{Number: n, Status: Draft, Paired: now, KORound: m, KOGame: 1}
	d.fillRound(&r, pairs)
	d.putRound(r)
	return nil
}

// nextMatchGame pairs game g of the round of matches: the first game's
// boards, colours reversed in every other game, and its byes.
func (d *doc) nextMatchGame(n int, now time.Time, mr matchRound, g int) error {
	first := &d.Schedule[mr.Games[0]]
	r := Round{Number: n, Status: Draft, Paired: now, KORound: mr.Number, KOGame: g, Manual: first.Manual}
	for _, b := range first.Boards {
		nb := Board{Board: b.Board, White: b.White, Black: b.Black,
			KO: &MatchGame{Match: b.KO.Match, N: g, Unit: d.Matches.unit(g)}}
		if g%2 == 0 {
			nb.White, nb.Black = b.Black, b.White
		}
		r.Boards = append(r.Boards, nb)
	}
	r.Byes = append(r.Byes, first.Byes...)
	d.putRound(r)
	return nil
}

// MatchRoundName names a schedule round of an event of matches for the
// pages: "Round 3, game 2", "Round 3, Armageddon"; "" for another event.
func (e *Event) MatchRoundName(r *Round) string {
	if !e.matches() || r.KORound == 0 {
		return ""
	}
	if r.KOGame > e.Matches.Games {
		return "Round " + strconv.Itoa(r.KORound) + ", Armageddon"
	}
	return "Round " + strconv.Itoa(r.KORound) + ", game " + strconv.Itoa(r.KOGame)
}

// MatchRulesText says what the match rules are: "matches of 2 games,
// counting match points (2, 1, 0), an Armageddon (5+2 v 4+2) for a tie;
// one position for a round's games".
func MatchRulesText(m MatchRules) string {
	s := "matches of " + strconv.Itoa(m.Games) + " games, counting "
	if m.Scoring == ScoreMatch {
		s += "match points (2, 1, 0)"
	} else {
		s += "the games (1, ½, 0)"
	}
	if m.Armageddon {
		s += ", an Armageddon"
		if m.ArmageddonWhite != "" {
			s += " (" + m.ArmageddonWhite + " v " + m.ArmageddonBlack + ")"
		}
		s += " for a tie"
	}
	switch m.Positions {
	case MatchPair:
		s += "; a position for each two games"
	case MatchEach:
		s += "; a position for each game"
	default:
		s += "; one position for all the games of a round"
	}
	return s
}

// MatchTallies returns how the matches of round of matches m stand, in
// the order of its first game's boards (nil if it has not been paired).
func (e *Event) MatchTallies(m int) []*MatchTally {
	mrs := e.matchRounds()
	if m < 1 || m > len(mrs) {
		return nil
	}
	list, _ := e.tallies(mrs[m-1])
	return list
}

// MatchScoreText writes a match's score, A's first: "1½-½", with the
// Armageddon's result after it ("1-1, Armageddon 0-1").
func (t *MatchTally) MatchScoreText() string {
	s := Halves(t.HalvesA) + "-" + Halves(t.HalvesB)
	if t.Armageddon != "" {
		s += ", Armageddon " + strings.ReplaceAll(string(t.Armageddon), "1/2", "½")
	}
	return s
}

// matchTournament is the event as the pairing package models it when its
// rounds are matches: each round of matches is one round, each match one
// game (its first game's colours, its outcome, its score).
func (e *Event) matchTournament(t *pairing.Tournament, rounds int, next bool, num map[int]int) {
	t.Points = e.Matches.points()
	mrs := e.matchRounds()
	rounds = min(rounds, len(mrs))
	games := make(map[int][]pairing.Game, len(e.Players))
	for i := range rounds {
		mr := mrs[i]
		list, _ := e.tallies(mr)
		for _, m := range list {
			ga, gb := pairing.Game{Opponent: num[m.B], Color: pairing.White}, pairing.Game{Opponent: num[m.A], Color: pairing.Black}
			if m.Pending == 0 && len(mr.Games) == e.Matches.Games {
				ga.Result, gb.Result = matchResults(m)
				if e.Matches.Scoring == ScoreGames {
					ga.Score, ga.Scored = pairing.Points(m.HalvesA*5), true
					gb.Score, gb.Scored = pairing.Points(m.HalvesB*5), true
				}
			}
			games[m.A] = append(games[m.A], ga)
			games[m.B] = append(games[m.B], gb)
		}
		e.byesOf(games, e.Schedule[mr.Games[0]].Byes, i+1)
	}
	e.giveGames(t, games, rounds, next)
}

// matchResults are a finished match's TRF codes for A and B: its outcome,
// a forfeit when no game was played over the board.
func matchResults(m *MatchTally) (a, b pairing.Result) {
	switch {
	case m.Played == 0 && m.Winner == m.A && m.Winner != 0:
		return pairing.ForfeitWin, pairing.ForfeitLoss
	case m.Played == 0 && m.Winner == m.B && m.Winner != 0:
		return pairing.ForfeitLoss, pairing.ForfeitWin
	case m.Played == 0:
		return pairing.ForfeitLoss, pairing.ForfeitLoss
	case m.Winner == m.A:
		return pairing.Win, pairing.Loss
	case m.Winner == m.B:
		return pairing.Loss, pairing.Win
	}
	return pairing.Draw, pairing.Draw
}

// checkMatches checks, after a result, that the schedule still follows
// from the results: a knockout's bracket (checkKO); in an event of
// matches, every round of matches that has gone on (to its Armageddon, or
// to the next round) has an Armageddon for exactly the matches tied.
func (d *doc) checkMatches() error {
	if d.System == Knockout {
		return d.checkKO()
	}
	if !d.matches() || !d.Matches.Armageddon {
		return nil
	}
	mrs := d.matchRounds()
	for i, mr := range mrs {
		if len(mr.Games) < d.Matches.Games || (mr.Arm < 0 && i+1 == len(mrs)) {
			continue
		}
		x := mr
		x.Arm = -1
		var tied, arm []string
		for _, t := range d.tiedForArmageddon(x) {
			tied = append(tied, t.Match)
		}
		if mr.Arm >= 0 {
			for _, b := range d.Schedule[mr.Arm].Boards {
				arm = append(arm, b.KO.Match)
			}
		}
		if strings.Join(tied, ",") != strings.Join(arm, ",") {
			where := "round " + strconv.Itoa(mr.Number+1) + " of matches is paired with no Armageddon for them"
			if mr.Arm >= 0 {
				where = "the Armageddon (round " + strconv.Itoa(d.Schedule[mr.Arm].Number) + ") plays " + orNone(arm)
			}
			return notNow("result: with it the matches of round %d tied for an Armageddon would be %s, but %s: correct the later rounds first",
				mr.Number, orNone(tied), where)
		}
	}
	return nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// NextMatchGame says what the next pairing of an event of matches makes:
// game g of round of matches m (g = Games+1: its Armageddon); m is 0 when
// every round of matches is played, or for another event.
func (e *Event) NextMatchGame() (m, g int) {
	if !e.matches() {
		return 0, 0
	}
	mrs := e.matchRounds()
	if len(mrs) > 0 {
		mr := mrs[len(mrs)-1]
		switch {
		case len(mr.Games) < e.Matches.Games:
			return mr.Number, len(mr.Games) + 1
		case len(e.tiedForArmageddon(mr)) > 0:
			return mr.Number, e.Matches.Games + 1
		}
	}
	if e.Rounds > 0 && len(mrs) >= e.Rounds {
		return 0, 0
	}
	return len(mrs) + 1, 1
}

// RoundsBegun is the rounds paired so far as Settings.Rounds counts them:
// the schedule's, or in an event of matches the rounds of matches.
func (e *Event) RoundsBegun() int {
	if e.matches() {
		return len(e.matchRounds())
	}
	return len(e.Schedule)
}
