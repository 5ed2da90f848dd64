package pairing

// This file turns a Tournament into what the Dutch engine works on: each
// player's rounds as BBP Pairings models them (who the opponent was, the
// colour, whether the game was played, whether the player took part in the
// pairing), the effective pairing numbers, and the colour preferences of
// C.04.3 (A.6) and C.04.1.

// outcome is a round's result as the engine scores it.
type outcome int8

const (
	lost outcome = iota
	drew
	won
)

// round is one round of a player's history.
type round struct {
	opp          int // index of the opponent in engine.players, or the player's own index
	color        Color
	outcome      outcome
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
	accel  []Points
	score  Points // without acceleration

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

// outcomeOf maps a TRF result code to what the engine keeps of it, as BBP
// Pairings reads the code; ok is false for a blank round.
func outcomeOf(g Game) (r round, ok bool) {
	res := g.Result
	if 'a' <= res && res <= 'z' {
		res -= 'a' - 'A'
	}
	if g.Opponent == 0 && g.Color == NoColor && (res == NoResult || res == ' ') {
		return round{}, false
	}
	switch res {
	case Draw, UnratedDraw, HalfBye:
		r.outcome = drew
	case ForfeitWin, UnratedWin, Win, FullBye, PairingBye:
		r.outcome = won
	default:
		r.outcome = lost
	}
	r.color = g.Color
	r.played = g.Opponent != 0 && g.Color != NoColor
	switch res {
	case ForfeitWin, ForfeitLoss, HalfBye, FullBye, PairingBye, ZeroBye, NoResult, ' ':
		r.played = false
	}
	r.participated = g.Opponent != 0 || res == PairingBye || res == ForfeitWin
	return r, true
}

// points is what a round scored under the tournament's point system.
func (e *engine) points(p *entrant, r round) Points {
	ps := e.t.Points
	switch r.outcome {
	case lost:
		switch {
		case !r.participated:
			return ps.ZeroBye
		case r.played:
			return ps.Loss
		}
		return ps.ForfeitLoss
	case won:
		if r.opp == p.index && r.participated {
			return ps.PairingBye
		}
		return ps.Win
	}
	return ps.Draw
}

// scoreBack is the player's score with acceleration, as it stood back rounds
// before the round being paired.
func (e *engine) scoreBack(p *entrant, back int) Points {
	s := p.score
	r := e.played
	for ; back > 0; back-- {
		r--
		s -= e.points(p, p.rounds[r])
	}
	if r < len(p.accel) {
		s += p.accel[r]
	}
	return s
}

// load builds the engine's players from the tournament: the rounds as BBP
// Pairings reads a file it is asked to pair (trailing blank rounds dropped,
// missing rounds filled as absences, the number of played rounds found from
// the records), the effective pairing numbers and the colour data.
func (e *engine) load() {
	t := e.t
	e.players = make([]*entrant, len(t.Players))
	byNumber := make(map[int]int, len(t.Players))
	for i, tp := range t.Players {
		byNumber[tp.Number] = i
	}
	played := 0
	for i, tp := range t.Players {
		p := &entrant{index: i, number: tp.Number, valid: true, accel: tp.Accelerations}
		skipped := 0
		for _, g := range tp.Games {
			r, ok := outcomeOf(g)
			if !ok {
				skipped++
				continue
			}
			for ; skipped > 0; skipped-- {
				p.rounds = append(p.rounds, round{opp: i})
			}
			if len(p.rounds) > played {
				played = len(p.rounds)
			}
			r.opp = i
			if g.Opponent != 0 {
				if j, ok := byNumber[g.Opponent]; ok {
					r.opp = j
				}
			}
			p.rounds = append(p.rounds, r)
			if r.participated && len(p.rounds) > played {
				played = len(p.rounds)
			}
		}
		e.players[i] = p
	}
	// A round that every player already has an entry for, and in which
	// nobody was paired, is a round played without pairings (all absent):
	// it counts as played.
	if len(e.players) > 0 {
		complete := true
		for _, p := range e.players {
			if len(p.rounds) <= played {
				complete = false
				break
			}
		}
		if complete {
			played++
		}
	}
	for _, p := range e.players {
		for len(p.rounds) < played {
			p.rounds = append(p.rounds, round{opp: p.index})
		}
	}
	e.played = played

	// Effective pairing numbers: pairing-number order, counting only the
	// players who are to be paired now or took part in a pairing before.
	rank := 0
	for _, p := range e.players {
		p.valid = len(p.rounds) <= played
		for _, r := range p.rounds {
			if r.participated {
				p.valid = true
			}
		}
		if p.valid {
			p.rank = rank
			rank++
		}
	}

	for _, p := range e.players {
		for r := 0; r < played; r++ {
			p.score += e.points(p, p.rounds[r])
		}
		if !p.valid {
			continue
		}
		whites, blacks, run := 0, 0, 0
		for _, r := range p.rounds {
			if !r.played {
				continue
			}
			p.games++
			if r.color == White {
				whites++
			} else {
				blacks++
			}
			if run == 0 || r.color != p.repeated {
				run = 1
			} else {
				run++
			}
			p.repeated = r.color
		}
		lower := White
		p.imbalance = blacks - whites
		if whites > blacks {
			lower = Black
			p.imbalance = whites - blacks
		}
		switch {
		case p.imbalance > 1:
			p.pref = lower
		case run > 1:
			p.pref = p.repeated.Invert()
		case p.imbalance > 0:
			p.pref = lower
		case run > 0:
			p.pref = p.repeated.Invert()
		}
		if run <= 1 {
			p.repeated = NoColor
		}
		p.strong = !p.absolute() && p.imbalance > 0
	}
}

// eligibleForBye reports whether the player may receive the
// pairing-allocated bye (C.04.1.d as in force from 1 July 2025): not after a
// round won without playing (the pairing-allocated bye, a full-point bye, a
// forfeit win).
func (e *engine) eligibleForBye(p *entrant) bool {
	for _, r := range p.rounds {
		if !r.played && r.outcome == won {
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
