package pairing

// This file turns a Tournament into what the Dutch engine works on: each
// player's rounds as BBP Pairings models them (who the opponent was, the
// colour, whether the game was played, whether the player took part in the
// pairing), the effective pairing numbers, and the colour preferences of
// C.04.3 (A.6) and C.04.1.

// round is one round of a player's history.
type round struct {
	opp          int // index of the opponent in engine.players, or the player's own index
	color        Color
	outcome      Outcome
	played       bool // played over the board
	participated bool // paired (a game or a forfeit) or given the pairing-allocated bye
}

// entrant is a player as the engine sees it.
type entrant struct {
	index  int // index in engine.players
	number int // pairing number
	rank   int // effective pairing number, 0 up, among the players who count
	valid  bool
	rounds []round
	score  Points    // without acceleration
	scores [3]Points // with acceleration: now, one round back, two rounds back

	// Colour data (C.04.3 A.6).
	imbalance int   // |whites - blacks| over played games
	pref      Color // the colour preference, NoColor for none
	repeated  Color // the colour played twice running at the end, NoColor if not
	strong    bool  // a strong (not absolute) preference
	games     int   // games played over the board
}

// absoluteImbalance: the colour difference is beyond ±1.
func (p *entrant) absoluteImbalance() bool { return p.imbalance > 1 }

// absolute: the player has an absolute colour preference.
func (p *entrant) absolute() bool { return p.absoluteImbalance() || p.repeated != NoColor }

// roundOf is a round of the record as the engine keeps it.
func (e *engine) roundOf(self int, g Game, byNumber map[int]int) round {
	r := round{opp: self, color: g.Color, outcome: g.Outcome(), played: g.Played(), participated: g.Paired()}
	if j, ok := byNumber[g.Opponent]; ok && g.Opponent != 0 {
		r.opp = j
	}
	return r
}

// scoreBack is the player's score with acceleration, as it stood back rounds
// before the round being paired.
func (e *engine) scoreBack(p *entrant, back int) Points {
	return p.scores[back]
}

// load builds the engine's players from the tournament, with what the model
// says of them as BBP Pairings reads a file it is asked to pair: the played
// rounds, who takes part, the effective pairing numbers, the scores with
// accelerations, the colour preferences.
func (e *engine) load() {
	t := e.t
	e.played = t.PlayedRounds()
	e.players = make([]*entrant, len(t.Players))
	byNumber := make(map[int]int, len(t.Players))
	for i, tp := range t.Players {
		byNumber[tp.Number] = i
	}
	for i, tp := range t.Players {
		p := &entrant{index: i, number: tp.Number, valid: t.Eligible(tp)}
		for r := 1; r <= e.played; r++ {
			p.rounds = append(p.rounds, e.roundOf(i, tp.game(r), byNumber))
		}
		if g, ok := t.next(tp, e.played); ok {
			p.rounds = append(p.rounds, e.roundOf(i, g, byNumber))
		}
		// The scores paired on now and one and two rounds back.
		p.score = t.Score(tp, e.played)
		for back := 0; back <= 2 && back <= e.played; back++ {
			p.scores[back] = t.AcceleratedScore(tp, e.played-back+1)
		}
		if p.valid {
			pref := tp.ColorPreference(e.played)
			p.pref, p.repeated, p.strong = pref.Color, pref.Repeated, pref.Strong
			p.imbalance = max(pref.Difference, -pref.Difference)
			for _, r := range p.rounds {
				if r.played {
					p.games++
				}
			}
		}
		e.players[i] = p
	}
	rank := 0
	for _, tp := range t.ByRank() {
		p := e.players[byNumber[tp.Number]]
		if p.valid {
			p.rank = rank
			rank++
		}
	}

}

// eligibleForBye reports whether the player may receive the
// pairing-allocated bye (C.04.1.d as in force from 1 July 2025): not after a
// round won without playing (the pairing-allocated bye, a full-point bye, a
// forfeit win).
func (e *engine) eligibleForBye(p *entrant) bool {
	for _, r := range p.rounds {
		if !r.played && r.outcome == Won {
			return false
		}
	}
	return true
}

// ranksAbove reports whether a is placed above b in the pairing order:
// a higher score (with acceleration), then a lower effective pairing number.
func (e *engine) ranksAbove(a, b *entrant) bool {
	sa, sb := e.scoreBack(a, 0), e.scoreBack(b, 0)
	if sa != sb {
		return sa > sb
	}
	return a.rank < b.rank
}
