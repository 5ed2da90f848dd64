package pairing

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Value is a tie-break value in hundredths: 1225 is 12.25. Points are
// tenths, so a Sonneborn-Berger product of two scores is exact in
// hundredths; counts and ratings are whole (WIN 3 is Value(300), ARO 2345 is
// Value(234500)).
type Value int64

// NoValue is the value of a tie-break that is left out of the standings
// (see Dropped): every player has it, so it separates no one.
const NoValue Value = math.MinInt64

// String writes v exactly with as few decimals as it needs: "12.25",
// "12.5", "12", "-0.5"; NoValue is "-".
func (v Value) String() string {
	if v == NoValue {
		return "-"
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	s := sign + strconv.FormatInt(int64(v/100), 10)
	switch f := v % 100; {
	case f == 0:
	case f%10 == 0:
		s += "." + strconv.FormatInt(int64(f/10), 10)
	default:
		s += fmt.Sprintf(".%02d", int64(f))
	}
	return s
}

// MarshalJSON writes v as a JSON number, as String does, and NoValue as
// null.
func (v Value) MarshalJSON() ([]byte, error) {
	if v == NoValue {
		return []byte("null"), nil
	}
	return []byte(v.String()), nil
}

// Standing is one line of the standings.
type Standing struct {
	Number int     // the player's pairing number
	Rank   int     // 1 up; see Standings for ties
	Points Points  // the score after the rounds, under the tournament's point system
	Values []Value // one per tie-break, in the order asked
}

// StandingsOptions are the choices C.07 leaves to the tournament.
type StandingsOptions struct {
	// RoundRobin applies C.07 article 15 (pairings fixed in advance)
	// instead of article 16: a forfeit counts as a game against the
	// scheduled opponent for BH and SB, no score is adjusted, and a round without an opponent adds nothing to BH or
	// SB. DE then ranks by the points among the tied players even if some
	// games between them are missing. Rating-based tie-breaks and WON, BPG
	// and BWG still count only games played over the board.
	RoundRobin bool
	// Edition is the text of C.07 to follow; the zero value is the 2024
	// text. The 2026 text caps the dummy opponent's score (16.4.1, 16.4.2;
	// see Edition2026).
	Edition Edition
	// UnratedRating is the rating the tournament's regulations give an
	// unrated participant (Rating 0) in the tie-breaks of C.07 article 10,
	// those computed from the opponents' ratings: ARO and its modifiers,
	// TPR, PTP, APRO and APPO. 0 means the regulations give none: then, if
	// any participant is unrated, those tie-breaks are left out (their
	// values are NoValue, and Dropped says why), as FIDE's reference
	// checker (TEC's TieBreakServer) does.
	UnratedRating int
}

// ratingBased reports whether the method is one of C.07 article 10's,
// computed from the opponents' ratings.
func (m Method) ratingBased() bool {
	switch m {
	case ARO, TPR, PTP, APRO, APPO:
		return true
	}
	return false
}

// Dropped returns, for each tie-break of tbs, why the standings of t under
// opt leave it out, or "" where it counts. Only the rating-based tie-breaks
// (C.07 article 10) are ever left out: when a participant is unrated and
// opt gives no UnratedRating, C.07 leaves the rating such a player counts
// with to the tournament's regulations, and without one the tie-break
// cannot be computed for everybody alike. The standings then rank by the
// next tie-break of the list.
func Dropped(t *Tournament, tbs []TieBreak, opt StandingsOptions) []string {
	out := make([]string, len(tbs))
	if t == nil || opt.UnratedRating > 0 {
		return out
	}
	unrated := 0
	for _, p := range t.Players {
		if p.Rating <= 0 {
			unrated++
		}
	}
	if unrated == 0 {
		return out
	}
	for i, tb := range tbs {
		if tb.Method.ratingBased() {
			players := "an unrated participant"
			if unrated > 1 {
				players = strconv.Itoa(unrated) + " unrated participants"
			}
			out[i] = "dropped: " + players + " and no rating given for unrated players (C.07 article 10 leaves it to the regulations)"
		}
	}
	return out
}

// Standings returns the standings after the first rounds rounds of each
// record, best first, with the tie-breaks' values: players sorted by points,
// then by each tie-break in turn (higher is better for all of them), and,
// for DE, by the direct encounters among the players still tied at that
// point. Players still tied after every tie-break share a rank, the place of
// the first of them (1, 2, 2, 4), and are listed in pairing order (ByRank);
// C.07 4.2 would draw lots, which is the organiser's to do.
//
// Unplayed rounds count as C.07 article 16 says (for a Swiss; see
// StandingsOptions for a round robin). A voluntary unplayed round (VUR) is a
// half-point bye (H), a zero-point bye or absence (Z, or a round missing
// from the record) or a forfeit loss (-); a pairing-allocated bye (U), a
// full-point bye (F) and a forfeit win (+) are not. For the opponents'
// tie-breaks a player's score is adjusted (16.3): a bye or absence after the
// player's last round that is not a VUR counts as a draw, every other round
// as scored. For the player's own BH and SB each unplayed round (byes and
// forfeits, won or lost) counts as a game against a dummy opponent whose
// score is the player's own (16.4; the 2026 text caps it, see Edition2026
// and StandingsOptions), and a Cut-1 cuts the least significant
// value unless the player has a VUR, whose value is then cut instead unless
// it is lower (16.5; for BH it never is). Games marked unrated (W, D, L) are
// games played over the board for every tie-break: C.07 tells played from
// unplayed games, and whether a game is rated is the rating regulations'
// business (RatingSummary leaves them out).
//
// The rating-based tie-breaks (C.07 article 10) are dropped, with NoValue
// for every player, when a participant is unrated and the options give no
// rating for unrated players (see Dropped).
//
// The tie-breaks' values are as Method describes; DE's value is the points
// the player scored against the others of the tie it last separated (0 for
// a player who was not tied). An error names a bad argument or a record
// whose opponent is not in the tournament.
func Standings(t *Tournament, rounds int, tbs []TieBreak) ([]Standing, error) {
	return StandingsWith(t, rounds, tbs, StandingsOptions{})
}

// StandingsWith is Standings with options.
func StandingsWith(t *Tournament, rounds int, tbs []TieBreak, opt StandingsOptions) ([]Standing, error) {
	c, err := newCalc(t, rounds, opt)
	if err != nil {
		return nil, err
	}
	for _, tb := range tbs {
		if !tb.valid() {
			return nil, &TieBreakError{Item: tb.String(), Reason: "not a valid tie-break (use ParseTieBreaks)"}
		}
	}
	vals := make([][]Value, c.n)
	for i := range vals {
		vals[i] = make([]Value, len(tbs))
	}
	order := make([]int, 0, c.n)
	for _, p := range t.ByRank() {
		order = append(order, c.idx[p.Number])
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(c.score[b] - c.score[a]) })
	groups := split(order, func(a, b int) bool { return c.score[a] == c.score[b] })
	dropped := Dropped(t, tbs, opt)
	for k, tb := range tbs {
		var next [][]int
		if dropped[k] != "" {
			for i := range vals {
				vals[i][k] = NoValue
			}
			continue
		}
		if tb.Method == DE {
			for _, g := range groups {
				next = append(next, c.directEncounter(g, vals, k)...)
			}
		} else {
			for i := range vals {
				vals[i][k] = c.value(tb, i)
			}
			for _, g := range groups {
				slices.SortStableFunc(g, func(a, b int) int { return cmpDesc(vals[a][k], vals[b][k]) })
				next = append(next, split(g, func(a, b int) bool { return vals[a][k] == vals[b][k] })...)
			}
		}
		groups = next
	}
	out := make([]Standing, 0, c.n)
	for _, g := range groups {
		rank := len(out) + 1
		for _, i := range g {
			out = append(out, Standing{Number: t.Players[i].Number, Rank: rank, Points: c.score[i], Values: vals[i]})
		}
	}
	return out, nil
}

// cmpDesc orders higher values first.
func cmpDesc(a, b Value) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// split cuts an ordered list into runs of equal elements.
func split(order []int, same func(a, b int) bool) [][]int {
	var out [][]int
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && same(order[start], order[end]) {
			end++
		}
		out = append(out, order[start:end:end])
		start = end
	}
	return out
}

// entry is one round of a player's record as the tie-breaks see it.
type entry struct {
	opp    int    // the opponent's index in Players, -1 for none
	pts    Points // the points the round scored
	played bool   // a game played over the board (rated or not)
	game   bool   // a game against opp for BH, SB, AOB and KS
	vur    bool   // a voluntary unplayed round (C.07 16.1)
	black  bool   // played with Black
	won    Outcome
	rated  bool // a rated game: played, result 1, = or 0
}

// calc holds a tournament's records reduced for the tie-breaks, and the
// values other players' tie-breaks reuse.
type calc struct {
	t      *Tournament
	n      int
	rounds int
	opt    StandingsOptions
	idx    map[int]int // pairing number -> index in t.Players
	rec    [][]entry
	score  []Points // the score after the rounds
	adj    []Points // the score adjusted for the opponents' tie-breaks (16.3)

	bh, tpr, ptp []Value // BH, TPR and PTP of every player, once computed

	buf []contribution // contributions' result, reused: each use ends before the next call
}

// errStandings wraps the errors of Standings' arguments.
var errStandings = errors.New("pairing: standings")

func newCalc(t *Tournament, rounds int, opt StandingsOptions) (*calc, error) {
	if t == nil {
		return nil, fmt.Errorf("%w: no tournament", errStandings)
	}
	if recorded := t.RecordedRounds(); rounds < 0 || rounds > recorded {
		return nil, fmt.Errorf("%w: after %d rounds: the records hold rounds 0 to %d", errStandings, rounds, recorded)
	}
	if opt.Edition > Edition2026 {
		return nil, fmt.Errorf("%w: C.07 edition %s: want %s", errStandings, opt.Edition, strings.Join(Editions, " or "))
	}
	if opt.UnratedRating < 0 || opt.UnratedRating > 4000 {
		return nil, fmt.Errorf("%w: rating for unrated players %d: want 1 to 4000, or 0 for none", errStandings, opt.UnratedRating)
	}
	c := &calc{t: t, n: len(t.Players), rounds: rounds, opt: opt, idx: make(map[int]int, len(t.Players))}
	for i, p := range t.Players {
		c.idx[p.Number] = i
	}
	c.rec = make([][]entry, c.n)
	c.score = make([]Points, c.n)
	c.adj = make([]Points, c.n)
	for i, p := range t.Players {
		rec := make([]entry, rounds)
		lastNotVUR := 0
		for r := 1; r <= rounds; r++ {
			g := p.game(r)
			e := entry{opp: -1, pts: t.Points.Of(g), won: g.Outcome()}
			if g.Opponent != 0 {
				j, ok := c.idx[g.Opponent]
				if !ok {
					return nil, fmt.Errorf("%w: player %d, round %d: opponent %d is not in the tournament", errStandings, p.Number, r, g.Opponent)
				}
				e.opp = j
			}
			e.played = g.Played() && e.opp >= 0
			e.game = e.played || opt.RoundRobin && e.opp >= 0
			e.black = e.played && g.Color == Black
			e.rated = e.played && (g.Result == Win || g.Result == Draw || g.Result == Loss)
			switch g.Result {
			case NoResult, HalfBye, ZeroBye, ForfeitLoss:
				e.vur = true
			case Draw, Loss, UnratedDraw, UnratedLoss:
				e.vur = e.opp < 0 // a result with no opponent: a bye by another name
			}
			if !e.vur {
				lastNotVUR = r
			}
			c.score[i] += e.pts
			rec[r-1] = e
		}
		c.rec[i] = rec
		// C.07 16.3: a requested bye or absence followed only by VURs (or
		// in the last round) counts as a draw for the opponents; every
		// other round as scored. Article 15 (round robins) adjusts nothing.
		for r, e := range rec {
			if opt.RoundRobin || r+1 <= lastNotVUR || e.opp >= 0 {
				c.adj[i] += e.pts
			} else {
				c.adj[i] += t.Points.Draw
			}
		}
	}
	return c, nil
}

// value computes a tie-break other than DE for player i.
func (c *calc) value(tb TieBreak, i int) Value {
	rec := c.rec[i]
	count := func(f func(e entry) bool) Value {
		n := 0
		for _, e := range rec {
			if f(e) {
				n++
			}
		}
		return Value(n * 100)
	}
	switch tb.Method {
	case WIN:
		return count(func(e entry) bool { return e.pts == c.t.Points.Win })
	case WON:
		return count(func(e entry) bool { return e.played && e.won == Won })
	case BPG:
		return count(func(e entry) bool { return e.black })
	case BWG:
		return count(func(e entry) bool { return e.black && e.won == Won })
	case GE:
		return count(func(e entry) bool { return !e.vur })
	case PS:
		var sum, cum Value
		for r, e := range rec {
			cum += Value(e.pts) * 10
			if r >= tb.Modifier.low() {
				sum += cum
			}
		}
		return sum
	case BH, SB:
		return cutSum(c.contributions(i, tb.Method == SB), tb.Modifier)
	case AOB:
		var sum Value
		n := 0
		for _, e := range rec {
			if e.played {
				sum += c.buchholz(e.opp)
				n++
			}
		}
		return meanHalfUp(sum, n)
	case KS:
		var sum Value
		most := Value(c.rounds) * Value(c.t.Points.Win) // the maximum possible score, in tenths
		for _, e := range rec {
			if e.opp >= 0 && 2*Value(c.score[e.opp]) >= most {
				sum += Value(e.pts) * 10
			}
		}
		return sum
	case ARO:
		return c.aro(i, tb.Modifier)
	case TPR:
		return c.performance(i, false)
	case PTP:
		return c.performance(i, true)
	case APRO, APPO:
		var sum Value
		n := 0
		for _, e := range rec {
			if !e.played {
				continue
			}
			if v := c.performance(e.opp, tb.Method == APPO); v != 0 {
				sum += v / 100
				n++
			}
		}
		return meanHalfUp(sum, n) * 100
	}
	return 0
}

// meanHalfUp returns sum/n in the same unit, rounded half up (sum is never
// negative here); 0 when n is 0. For ratings (APRO, APPO) the caller passes
// whole numbers and gets hundredths back.
func meanHalfUp(sum Value, n int) Value {
	if n == 0 {
		return 0
	}
	return (2*sum + Value(n)) / (2 * Value(n))
}

// contribution is one round's part of a player's BH or SB.
type contribution struct {
	score Points // the opponent's adjusted score, or the dummy's (the player's own)
	value Value  // what the round adds: score for BH, score times the round's points for SB
	vur   bool
}

// contributions returns the rounds' parts of player i's BH (or SB), in a
// buffer the next call reuses.
func (c *calc) contributions(i int, sb bool) []contribution {
	out := c.buf[:0]
	for _, e := range c.rec[i] {
		var k contribution
		switch {
		case e.game:
			k.score = c.adj[e.opp]
		case c.opt.RoundRobin:
			continue
		default:
			k.score, k.vur = c.score[i], e.vur // 16.4: the dummy opponent
			if c.opt.Edition >= Edition2026 {
				if e.opp >= 0 {
					k.score = min(k.score, c.adj[e.opp]) // 16.4.1: a forfeit, at most the opponent's score
				} else {
					k.score = min(k.score, Points(c.rounds)*c.t.Points.Draw) // 16.4.2: a bye, at most half the maximum
				}
			}
		}
		if sb {
			k.value = Value(k.score) * Value(e.pts)
		} else {
			k.value = Value(k.score) * 10
		}
		out = append(out, k)
	}
	c.buf = out
	return out
}

// less orders contributions by significance: the opponent's score, then
// the value.
func (a contribution) less(b contribution) bool {
	return a.score < b.score || a.score == b.score && a.value < b.value
}

// cutSum sums the contributions less those the modifier cuts (C.07 14.1 to
// 14.4), with the Cut-1 exception of 16.5 for the lowest ones.
func cutSum(ks []contribution, m Modifier) Value {
	low, high := min(m.low(), len(ks)), m.high()
	for ; low > 0; low-- {
		least, vur := -1, -1
		for j, k := range ks {
			if least < 0 || k.less(ks[least]) {
				least = j
			}
			if k.vur && (vur < 0 || k.less(ks[vur])) {
				vur = j
			}
		}
		cut := least
		if vur >= 0 && ks[vur].value >= ks[least].value {
			cut = vur
		}
		ks = slices.Delete(ks, cut, cut+1)
	}
	for high = min(high, len(ks)); high > 0; high-- {
		most := 0
		for j, k := range ks {
			if ks[most].less(k) {
				most = j
			}
		}
		ks = slices.Delete(ks, most, most+1)
	}
	var sum Value
	for _, k := range ks {
		sum += k.value
	}
	return sum
}

// buchholz returns player i's BH, computing every player's once.
func (c *calc) buchholz(i int) Value {
	if c.bh == nil {
		c.bh = make([]Value, c.n)
		for j := range c.bh {
			c.bh[j] = cutSum(c.contributions(j, false), NoModifier)
		}
	}
	return c.bh[i]
}

// aro returns player i's ARO with the modifier, in hundredths: the ratings
// of the opponents met over the board (an unrated one at the
// UnratedRating; see Dropped for when there is none), the least first cut,
// then the most, and those left averaged, rounded half up (10.1, 14.1 to
// 14.4).
func (c *calc) aro(i int, m Modifier) Value {
	var ratings []int
	for _, e := range c.rec[i] {
		if e.played {
			ratings = append(ratings, c.rating(e.opp))
		}
	}
	slices.Sort(ratings)
	low := min(m.low(), len(ratings))
	ratings = ratings[low:]
	ratings = ratings[:len(ratings)-min(m.high(), len(ratings))]
	if len(ratings) == 0 {
		return 0
	}
	return Value(averageRating(ratings)) * 100
}

// rating returns the rating player j counts with in the rating-based
// tie-breaks: the player's own, or for an unrated player the
// UnratedRating (0 if none is given, in which case the tie-breaks are
// dropped and this is not called).
func (c *calc) rating(j int) int {
	if r := c.t.Players[j].Rating; r > 0 {
		return r
	}
	return c.opt.UnratedRating
}

// ratedOpponents returns the ratings of player i's opponents met over the
// board, each as rating gives it (an unrated one only with an
// UnratedRating), and i's score against them in FIDE points (1, ½, 0),
// whatever the point system.
func (c *calc) ratedOpponents(i int) ([]int, Points) {
	var ratings []int
	var score Points
	for _, e := range c.rec[i] {
		if !e.played || c.rating(e.opp) <= 0 {
			continue
		}
		ratings = append(ratings, c.rating(e.opp))
		switch e.won {
		case Won:
			score += 10
		case Drawn:
			score += 5
		}
	}
	return ratings, score
}

// performance returns player i's TPR (or PTP) in hundredths, 0 without a
// rated opponent met over the board; every player's is computed once.
func (c *calc) performance(i int, perfect bool) Value {
	cache := &c.tpr
	if perfect {
		cache = &c.ptp
	}
	if *cache == nil {
		*cache = make([]Value, c.n)
		for j := range *cache {
			ratings, score := c.ratedOpponents(j)
			if len(ratings) == 0 {
				continue
			}
			var r int
			if perfect {
				r, _ = PerfectPerformance(ratings, score)
			} else {
				r, _ = PerformanceRating(ratings, score)
			}
			(*cache)[j] = Value(r) * 100
		}
	}
	return (*cache)[i]
}

// directEncounter orders a group of tied players by C.07 article 6 and
// returns them as runs still tied, recording each player's points against
// the others in vals[.][k].
func (c *calc) directEncounter(group []int, vals [][]Value, k int) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	in := make(map[int]bool, len(group))
	for _, p := range group {
		in[p] = true
	}
	s := make(map[int]Value, len(group))
	reach := make(map[int]Value, len(group))
	allMet := true
	for _, p := range group {
		sum := map[int]Value{}
		games := map[int]int{}
		for _, e := range c.rec[p] {
			if e.played && in[e.opp] {
				sum[e.opp] += Value(e.pts) * 10
				games[e.opp]++
			}
		}
		for q, v := range sum {
			s[p] += meanHalfUp(v, games[q]) // 6.1: repeated meetings count as their average
		}
		missing := len(group) - 1 - len(sum)
		if missing > 0 && !c.opt.RoundRobin {
			allMet = false
		}
		reach[p] = s[p] + Value(missing)*Value(c.t.Points.Win)*10
		vals[p][k] = s[p]
	}
	order := slices.Clone(group)
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(s[a], s[b]) })
	var parts [][]int
	if allMet {
		parts = split(order, func(a, b int) bool { return s[a] == s[b] })
	} else {
		// 6.2: ahead only if no one below can reach the score.
		i := 0
		for ; i < len(order)-1; i++ {
			best := Value(-1)
			for _, q := range order[i+1:] {
				best = max(best, reach[q])
			}
			if s[order[i]] <= best {
				break
			}
			parts = append(parts, order[i:i+1])
		}
		parts = append(parts, order[i:])
	}
	if len(parts) == 1 {
		return parts
	}
	var out [][]int
	for _, part := range parts {
		out = append(out, c.directEncounter(part, vals, k)...)
	}
	return out
}
