package knockout

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Result is one game's result, from White's side: "1-0", "0-1",
// "1/2-1/2", or a forfeit: "+-" (White wins), "-+" (Black wins), "--"
// (both lose).
type Result string

// The results.
const (
	WhiteWins        Result = "1-0"
	BlackWins        Result = "0-1"
	Draw             Result = "1/2-1/2"
	WhiteWinsForfeit Result = "+-"
	BlackWinsForfeit Result = "-+"
	DoubleForfeit    Result = "--"
)

// halves returns White's and Black's score in half points.
func (r Result) halves() (w, b int, ok bool) {
	switch r {
	case WhiteWins, WhiteWinsForfeit:
		return 2, 0, true
	case BlackWins, BlackWinsForfeit:
		return 0, 2, true
	case Draw:
		return 1, 1, true
	case DoubleForfeit:
		return 0, 0, true
	}
	return 0, 0, false
}

// Colors is how the White of a stage's first game is chosen; the colours
// then alternate within the stage.
type Colors string

// The colour rules.
const (
	// BySeed: the better seed (the lower number) has White in the first
	// game of every stage.
	BySeed Colors = "seed"
	// ByLot: drawn for each match and stage (Input.Lot); the FIDE World
	// Cup draws lots again for its tie-breaks.
	ByLot Colors = "lot"
)

// Positions is how many start positions a stage of a match uses.
type Positions string

// The position rules.
const (
	PerMatch Positions = "match" // one for every game of the stage
	PerPair  Positions = "pair"  // one for each two games (the same position with colours reversed)
	PerGame  Positions = "game"  // one for each game
)

// Stage is one tie-break stage of the ladder: a mini-match of Games
// games, which breaks the tie if one player scores more in it.
type Stage struct {
	Games int
	// SuddenDeath plays the stage's games one at a time until one is won
	// (there may be no stage after it, nor an Armageddon).
	SuddenDeath bool
	// Control is the stage's time control, as the caller writes it: it
	// is not read here.
	Control string
}

// Armageddon is the last tie-break: one game in which a draw counts as a
// win for Black.
type Armageddon struct {
	On bool
	// White and Black are the two sides' time controls (Black has less),
	// as the caller writes them: they are not read here.
	White, Black string
	// Choice gives the better seed the choice of colour (Input.Choices);
	// otherwise the colours are drawn by lot (Input.Lot).
	Choice bool
}

// Format is how the matches of a bracket are played.
type Format struct {
	// Games is the number of games of a match; FinalGames that of the
	// final (0: Games).
	Games      int
	FinalGames int
	// Ladder is the tie-break stages, in order; then the Armageddon. A
	// tie that neither breaks is for the arbiter to decide (by lot:
	// Input.Decisions).
	Ladder     []Stage
	Armageddon Armageddon
	// Places is down to which place the players play: 2 (the final only;
	// the losers of each round share their places), 4 (and the third
	// place), 8 (and the places 5 to 8), and so on; 0 for every place.
	Places    int
	Colors    Colors
	Positions Positions
}

// MaxPlayers bounds a bracket's field.
const MaxPlayers = 1024

// Check reports what is wrong with the format.
func (f Format) Check() error {
	if f.Games < 1 || f.Games > 50 {
		return fmt.Errorf("knockout: %d games a match: want 1 to 50", f.Games)
	}
	if f.FinalGames < 0 || f.FinalGames > 50 {
		return fmt.Errorf("knockout: %d games in the final: want 1 to 50, or 0 for as many as the other matches", f.FinalGames)
	}
	if len(f.Ladder) > 10 {
		return fmt.Errorf("knockout: %d tie-break stages: want at most 10", len(f.Ladder))
	}
	for i, s := range f.Ladder {
		if s.Games < 1 || s.Games > 50 {
			return fmt.Errorf("knockout: tie-break stage %d: %d games: want 1 to 50", i+1, s.Games)
		}
		if s.SuddenDeath && (i != len(f.Ladder)-1 || f.Armageddon.On) {
			return fmt.Errorf("knockout: tie-break stage %d is sudden death: it must be the last stage, with no Armageddon after it", i+1)
		}
	}
	if f.Places < 0 || f.Places == 1 || f.Places > MaxPlayers {
		return fmt.Errorf("knockout: places %d: want 2, 4, 8, ... or 0 for every place", f.Places)
	}
	switch f.Colors {
	case BySeed, ByLot:
	default:
		return fmt.Errorf("knockout: colours %q: want %q or %q", f.Colors, BySeed, ByLot)
	}
	switch f.Positions {
	case PerMatch, PerPair, PerGame:
	default:
		return fmt.Errorf("knockout: positions %q: want %q, %q or %q", f.Positions, PerMatch, PerPair, PerGame)
	}
	return nil
}

// MatchID names a match: its round (from 1) and its number in the round
// (from 1: the main bracket's matches first, in line order, then those of
// each placement bracket, from the best places down).
type MatchID struct{ Round, Number int }

func (id MatchID) String() string { return strconv.Itoa(id.Round) + "." + strconv.Itoa(id.Number) }

// Input is what a bracket is computed from.
type Input struct {
	// Players is the field's size: the seeds are 1 to Players.
	Players int
	Format  Format
	// Results are each match's games' results, in the order played.
	Results map[MatchID][]Result
	// Decisions are the matches the arbiter decided (a walkover, a tie
	// broken by lot): the winning seed.
	Decisions map[MatchID]int
	// Choices are the Armageddon colours the better seed chose ("w" or
	// "b"), with Armageddon.Choice.
	Choices map[MatchID]string
	// Lot says, for ByLot (and an Armageddon without Choice), whether the
	// better seed has White in the first game of the match's stage (0:
	// the match's games, 1 on: the ladder's stages, len(Ladder)+1: the
	// Armageddon). The caller draws it from the event's seed.
	Lot func(id MatchID, stage int) bool
}

// Bracket is a knockout as its input makes it.
type Bracket struct {
	Size int
	// Rounds are the matches of each round (Rounds[0] is round 1), as far
	// as their players are known: a round's matches appear once every
	// match of the round before is decided.
	Rounds [][]*Match
	// Places are the players' places once known: the best place first,
	// with the places they share.
	Places []Place
	// Finished is set once every match is decided.
	Finished bool
}

// Place is a player's final place: From, or From to To when shared.
type Place struct {
	Seed     int
	From, To int
}

// State is where a match stands.
type State string

// The states.
const (
	Playing    State = "playing" // a game is to be played (Match.Next)
	Decided    State = "decided" // the winner is known
	NeedChoice State = "choice"  // the Armageddon waits for the better seed's colour
	NeedLots   State = "lots"    // the ladder is over, tied: the arbiter decides (by lot)
	ByeMatch   State = "bye"     // one side is a bye: the other goes through without playing
	Empty      State = "empty"   // both sides are byes
)

// Match is one match of the bracket.
type Match struct {
	ID MatchID
	// From and To are the places the match's section plays for: the
	// final is 1 to 2, the semi-finals 1 to 4, the third-place match 3 to
	// 4.
	From, To int
	// A and B are the two seeds, in line order (0 for a bye).
	A, B  int
	State State
	// Games are the games played, then the next one to play (without a
	// result) while Playing.
	Games []Game
	// Score is each stage's score of A and B in half points.
	Score [][2]int
	// Winner and Loser, once Decided (or a bye; 0 for the bye).
	Winner, Loser int
	// Decided by the arbiter (Input.Decisions).
	ByArbiter bool
}

// Final reports whether the match is the final.
func (m *Match) Final() bool { return m.From == 1 && m.To == 2 }

// Next returns the game to play next, while Playing.
func (m *Match) Next() *Game {
	if m.State != Playing || len(m.Games) == 0 {
		return nil
	}
	return &m.Games[len(m.Games)-1]
}

// Game is one game of a match.
type Game struct {
	N int // the game's number in the match, from 1
	// Stage is 0 for the match's games, i (from 1) for the ladder's i-th
	// stage, len(Ladder)+1 for the Armageddon; InStage counts the game in
	// its stage, from 0.
	Stage, InStage int
	// Unit is the game's position unit in its stage (Format.Positions):
	// the games of a match with the same Stage and Unit share a position.
	Unit         int
	White, Black int // seeds
	Result       Result
	Armageddon   bool
}

// Build computes the bracket its input makes, or says what is wrong with
// the input (a result for a match already decided, a decision for a
// player not in the match, ...).
func Build(in Input) (*Bracket, error) {
	if err := in.Format.Check(); err != nil {
		return nil, err
	}
	if in.Players < 2 || in.Players > MaxPlayers {
		return nil, fmt.Errorf("knockout: %d players: want 2 to %d", in.Players, MaxPlayers)
	}
	if in.Format.Colors == ByLot || in.Format.Armageddon.On && !in.Format.Armageddon.Choice {
		if in.Lot == nil {
			return nil, errors.New("knockout: colours by lot, and no Lot")
		}
	}
	size := Size(in.Players)
	places := in.Format.Places
	if places == 0 || places > size {
		places = size
	}
	b := &Bracket{Size: size}
	used := map[MatchID]bool{}
	// A section is the players playing for the places from..to, by line.
	type section struct {
		from, to int
		lines    []int
	}
	var shared []Place // eliminated players' shared places (phantoms too)
	first := Lines(size)
	for i, s := range first {
		if s > in.Players {
			first[i] = 0
		}
	}
	secs := []section{{1, size, first}}
	for r := 1; len(secs) > 0; r++ {
		var round []*Match
		var next []section
		done := true
		for _, sc := range secs {
			if len(sc.lines) == 1 {
				shared = append(shared, Place{Seed: sc.lines[0], From: sc.from, To: sc.from})
				continue
			}
			half := len(sc.lines) / 2
			win, lose := make([]int, half), make([]int, half)
			for k := range half {
				m := &Match{ID: MatchID{r, len(round) + 1}, From: sc.from, To: sc.to, A: sc.lines[2*k], B: sc.lines[2*k+1]}
				used[m.ID] = true
				if err := m.play(in, half == 1 && sc.from == 1); err != nil {
					return nil, err
				}
				round = append(round, m)
				if m.State != Decided && m.State != ByeMatch && m.State != Empty {
					done = false
				}
				win[k], lose[k] = m.Winner, m.Loser
			}
			next = append(next, section{sc.from, sc.from + half - 1, win})
			if sc.from+half <= places {
				next = append(next, section{sc.from + half, sc.to, lose})
			} else {
				for _, l := range lose {
					shared = append(shared, Place{Seed: l, From: sc.from + half, To: sc.to})
				}
			}
		}
		if len(round) > 0 {
			b.Rounds = append(b.Rounds, round)
		}
		if !done {
			// The next round waits for this one.
			shared = nil
			break
		}
		secs = next
		if len(secs) == 0 || len(round) == 0 {
			b.Finished = true
		}
	}
	for id := range in.Results {
		if !used[id] {
			return nil, fmt.Errorf("knockout: results for match %s, which is not in the bracket yet", id)
		}
	}
	for id := range in.Decisions {
		if !used[id] {
			return nil, fmt.Errorf("knockout: a decision for match %s, which is not in the bracket yet", id)
		}
	}
	if b.Finished {
		b.Places = placesOf(shared)
	}
	return b, nil
}

// placesOf numbers the places of the real players (not the byes) from
// the sections' places: the byes take no place.
func placesOf(shared []Place) []Place {
	slices.SortStableFunc(shared, func(a, b Place) int { return a.From - b.From })
	var out []Place
	p := 1
	for i := 0; i < len(shared); {
		j := i
		for j < len(shared) && shared[j].From == shared[i].From {
			j++
		}
		var real []int
		for _, s := range shared[i:j] {
			if s.Seed > 0 {
				real = append(real, s.Seed)
			}
		}
		slices.Sort(real)
		for _, s := range real {
			out = append(out, Place{Seed: s, From: p, To: p + len(real) - 1})
		}
		p += len(real)
		i = j
	}
	return out
}

// stages returns the games of each stage of the match: the match's own,
// the ladder's, and 1 for the Armageddon.
func (m *Match) stages(f Format, final bool) []Stage {
	g := f.Games
	if final && f.FinalGames > 0 {
		g = f.FinalGames
	}
	out := append([]Stage{{Games: g}}, f.Ladder...)
	if f.Armageddon.On {
		out = append(out, Stage{Games: 1})
	}
	return out
}

// play settles the match from its results and decisions.
func (m *Match) play(in Input, final bool) error {
	res := in.Results[m.ID]
	win, hasDecision := in.Decisions[m.ID]
	if hasDecision && win != m.A && win != m.B || hasDecision && win == 0 {
		return fmt.Errorf("knockout: match %s: the decision names seed %d, who is not one of its players", m.ID, win)
	}
	switch {
	case m.A == 0 && m.B == 0:
		m.State = Empty
	case m.A == 0 || m.B == 0:
		m.State, m.Winner, m.Loser = ByeMatch, m.A+m.B, 0
	}
	if m.State != "" {
		if len(res) > 0 || hasDecision {
			return fmt.Errorf("knockout: match %s has a bye: it takes no result", m.ID)
		}
		return nil
	}
	better, worse := min(m.A, m.B), max(m.A, m.B)
	f := in.Format
	stages := m.stages(f, final)
	arm := -1
	if f.Armageddon.On {
		arm = len(stages) - 1
	}
	decide := func(w int) {
		m.State, m.Winner = Decided, w
		m.Loser = m.A + m.B - w
	}
	i := 0 // results used
	for st := 0; st < len(stages) && m.State == ""; st++ {
		whiteFirst := f.Colors == BySeed || in.Lot(m.ID, st)
		if st == arm {
			if f.Armageddon.Choice {
				c, ok := in.Choices[m.ID]
				if !ok {
					m.State = NeedChoice
					break
				}
				whiteFirst = c == "w"
			} else {
				whiteFirst = in.Lot(m.ID, st)
			}
		}
		var score [2]int // better, worse
		m.Score = append(m.Score, [2]int{})
		n := stages[st].Games
		for g := 0; ; g++ {
			if !stages[st].SuddenDeath && g >= n {
				break
			}
			// A lead the games left cannot make up decides the stage.
			if left := 2 * (n - g); !stages[st].SuddenDeath && st != arm && abs(score[0]-score[1]) > left {
				break
			}
			w, bk := better, worse
			if (g%2 == 0) != whiteFirst {
				w, bk = worse, better
			}
			unit := 0
			switch f.Positions {
			case PerPair:
				unit = g / 2
			case PerGame:
				unit = g
			}
			game := Game{N: len(m.Games) + 1, Stage: st, InStage: g, Unit: unit, White: w, Black: bk, Armageddon: st == arm}
			if i == len(res) {
				m.Games = append(m.Games, game)
				m.State = Playing
				break
			}
			game.Result = res[i]
			i++
			wh, bh, ok := game.Result.halves()
			if !ok {
				return fmt.Errorf("knockout: match %s, game %d: result %.20q: want 1-0, 0-1, 1/2-1/2, +-, -+ or --", m.ID, game.N, game.Result)
			}
			if st == arm && game.Result == Draw {
				wh, bh = 0, 2 // a draw is Black's win
			}
			if w == better {
				score[0] += wh
				score[1] += bh
			} else {
				score[0] += bh
				score[1] += wh
			}
			m.Score[st] = orient(m, better, score)
			m.Games = append(m.Games, game)
			if stages[st].SuddenDeath && wh != bh {
				break
			}
			if st == arm {
				break
			}
		}
		if m.State == Playing {
			break
		}
		switch {
		case score[0] > score[1]:
			decide(better)
		case score[1] > score[0]:
			decide(worse)
		}
	}
	if hasDecision {
		if m.State == Decided {
			return fmt.Errorf("knockout: match %s was won by seed %d in its games: it takes no decision", m.ID, m.Winner)
		}
		if i < len(res) {
			return fmt.Errorf("knockout: match %s has %d results and the arbiter's decision: the decision ends it", m.ID, len(res))
		}
		if m.State == Playing {
			m.Games = m.Games[:len(m.Games)-1]
		}
		decide(win)
		m.ByArbiter = true
		return nil
	}
	if i < len(res) {
		return fmt.Errorf("knockout: match %s was over after %d games; it has %d results", m.ID, i, len(res))
	}
	if m.State == "" {
		m.State = NeedLots
	}
	return nil
}

// orient gives a stage's score as A's and B's.
func orient(m *Match, better int, score [2]int) [2]int {
	if m.A == better {
		return score
	}
	return [2]int{score[1], score[0]}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
