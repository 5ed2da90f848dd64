package pairing

// FIDE rating arithmetic: the two conversion tables of the FIDE Rating
// Regulations (Handbook B.02, the text applied from 1 March 2024 with the
// amendment of 1 October 2025), the rating change of article 8.3 and the
// performance tie-breaks of C.07 article 10.
//
// Sources. Table 8.1(a) is typed from a public copy of the printed table
// (scribd.com document 477325658, "The working of the FIDE Rating System",
// whose numbers B.02 has kept since). Article 8.3 (8.3.1 to 8.3.4) is as
// quoted from the 2024 text by chatillon-echecs.fr/outils/elo, and the
// amended 8.3.1 (the 400-point rule only for players rated below 2650) as
// FIDE's press release quoted it (en.chessbase.com, 30 Sep 2025). The search
// corpus holds the opening of the copies of table 8.1(b) only; its rows below
// are a transcription that agrees, at every boundary but two, with the one in
// FIDE TEC's reference checker (TEC-FIDE/TieBreakServer, fidetables.py):
// that file gives .99 for D = 610, between two runs of .98 (a typing slip),
// and .93 for D = 411, where the handbook's row reads "392-411 .92". Both
// differences lie beyond the 400-point cap.

import (
	"fmt"
	"slices"
)

// dpTable is B.02 table 8.1(a) for fractional scores p = .50 to .99: dp for
// p = .50+i/100 is dpTable[i]. The table is symmetric: dp(1-p) = -dp(p).
// For p = 1.0 and 0 the table gives no value; C.07 (10.2, as FIDE TEC's
// checker applies it) takes +800 and -800.
var dpTable = [50]int{
	0, 7, 14, 21, 29, 36, 43, 50, 57, 65, // .50-.59
	72, 80, 87, 95, 102, 110, 117, 125, 133, 141, // .60-.69
	149, 158, 166, 175, 184, 193, 202, 211, 220, 230, // .70-.79
	240, 251, 262, 273, 284, 296, 309, 322, 336, 351, // .80-.89
	366, 383, 401, 422, 444, 470, 501, 538, 589, 677, // .90-.99
}

// pdTable is B.02 table 8.1(b): the higher-rated player's scoring
// probability is .50+i/100 for a rating difference D up to pdTable[i] (and
// above the previous row's bound); beyond 735 it is 1.00. The lower-rated
// player's is one less that.
var pdTable = [50]int{
	3, 10, 17, 25, 32, 39, 46, 53, 61, 68, // .50-.59
	76, 83, 91, 98, 106, 113, 121, 129, 137, 145, // .60-.69
	153, 162, 170, 179, 188, 197, 206, 215, 225, 235, // .70-.79
	245, 256, 267, 278, 290, 302, 315, 328, 344, 357, // .80-.89
	374, 391, 411, 432, 456, 484, 517, 559, 619, 735, // .90-.99
}

// RatingDifference returns dp, the rating difference B.02 table 8.1(a)
// gives for the fractional score p (0 to 1, in hundredths: Value(75) is
// .75). p = 1 gives 800 and p = 0 gives -800, as C.07 10.2 uses them. A p
// outside 0 to 1 is an error.
func RatingDifference(p Value) (int, error) {
	switch {
	case p < 0 || p > 100:
		return 0, fmt.Errorf("pairing: fractional score %s: not between 0 and 1", p)
	case p == 100:
		return 800, nil
	case p == 0:
		return -800, nil
	case p >= 50:
		return dpTable[p-50], nil
	}
	return -dpTable[50-p], nil
}

// ExpectedScore returns the scoring probability PD, in hundredths, of a
// player rated diff points above the opponent (below, for a negative diff),
// from B.02 table 8.1(b), with no 400-point rule: RatingChange applies it.
func ExpectedScore(diff int) Value {
	d := diff
	if d < 0 {
		d = -d
	}
	pd := Value(100)
	if i, _ := slices.BinarySearch(pdTable[:], d); i < len(pdTable) {
		pd = Value(50 + i)
	}
	if diff < 0 {
		return 100 - pd
	}
	return pd
}

// ratingOK checks a rating given to a rating function.
func ratingOK(what string, r int) error {
	if r <= 0 || r > 4000 {
		return fmt.Errorf("pairing: %s %d: not a rating (unrated players are left out, not given 0)", what, r)
	}
	return nil
}

// scoreOK checks a score against n games: 0 to n wins, in whole halves
// under FIDE points (tenths, so 0 to 10n).
func scoreOK(score Points, n int) error {
	if score < 0 || int(score) > 10*n {
		return fmt.Errorf("pairing: score %s: not between 0 and %d (one point a game)", score, n)
	}
	return nil
}

// averageRating returns the mean of the ratings rounded half up (C.07 10.1).
func averageRating(ratings []int) int {
	sum := 0
	for _, r := range ratings {
		sum += r
	}
	n := len(ratings)
	return (2*sum + n) / (2 * n)
}

// PerformanceRating returns the tournament performance rating of C.07 10.2
// (TPR): the average rating of the opponents, rounded half up (10.1), plus
// dp from B.02 table 8.1(a) for the fractional score, score divided by the
// number of games and rounded half up to hundredths. The score is in FIDE
// points (one a win) against exactly these opponents, whom the caller
// chooses: rated, met over the board. This is also the Rp = Ra + dp of the
// FIDE title regulations, without their rating floor for norms.
func PerformanceRating(opponents []int, score Points) (int, error) {
	if len(opponents) == 0 {
		return 0, fmt.Errorf("pairing: performance rating: no opponents")
	}
	for _, r := range opponents {
		if err := ratingOK("opponent rating", r); err != nil {
			return 0, err
		}
	}
	if err := scoreOK(score, len(opponents)); err != nil {
		return 0, err
	}
	dp, _ := RatingDifference(fraction(score, len(opponents)))
	return averageRating(opponents) + dp, nil
}

// fraction returns score/n in hundredths, rounded half up.
func fraction(score Points, n int) Value {
	// score is in tenths: p = score*10/n hundredths.
	return Value((20*int(score) + n) / (2 * n))
}

// expectedSum is the sum of the expected scores, in hundredths, of a player
// rated r against the opponents, without the 400-point rule.
func expectedSum(r int, opponents []int) Value {
	var s Value
	for _, o := range opponents {
		s += ExpectedScore(r - o)
	}
	return s
}

// PerfectPerformance returns the perfect tournament performance of C.07
// 10.3 (PTP): the lowest whole rating whose expected score against the
// opponents, by B.02 table 8.1(b) and without the 400-point rule, is at
// least the score; for a zero score, the lowest opponent's rating less 800.
// A full score gives the highest opponent's rating plus 736, the least
// difference the table scores 1.00.
func PerfectPerformance(opponents []int, score Points) (int, error) {
	if len(opponents) == 0 {
		return 0, fmt.Errorf("pairing: perfect performance: no opponents")
	}
	for _, r := range opponents {
		if err := ratingOK("opponent rating", r); err != nil {
			return 0, err
		}
	}
	if err := scoreOK(score, len(opponents)); err != nil {
		return 0, err
	}
	if score == 0 {
		return slices.Min(opponents) - 800, nil
	}
	want := Value(score) * 10 // hundredths
	// The expected score grows with r: search between a rating that scores
	// nothing and one that scores everything.
	lo, hi := slices.Min(opponents)-800, slices.Max(opponents)+800
	for lo < hi {
		m := lo + (hi-lo)/2
		if expectedSum(m, opponents) >= want {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo, nil
}

// RatingChange returns K times the sum of (score - PD) over the games, in
// hundredths of a rating point, as B.02 8.3 defines it: for each opponent D
// is own minus the opponent's rating, counted as 400 when it is more than 400
// for a player rated below 2650 (8.3.1 as amended from 1 October 2025), PD is
// table 8.1(b)'s probability for it (8.3.2), and k is the player's K (8.3.3;
// KFactor caps it for the number of games). The score is the player's FIDE
// points (one a win) in these games, which must be rated games against rated
// opponents: unrated opponents and unplayed games are left out by the
// caller. RoundRating rounds a period's total as 8.3.4 says.
func RatingChange(own int, opponents []int, score Points, k int) (Value, error) {
	if err := ratingOK("own rating", own); err != nil {
		return 0, err
	}
	for _, r := range opponents {
		if err := ratingOK("opponent rating", r); err != nil {
			return 0, err
		}
	}
	if err := scoreOK(score, len(opponents)); err != nil {
		return 0, err
	}
	if k <= 0 || k > 40 {
		return 0, fmt.Errorf("pairing: K factor %d: B.02 8.3.3 uses 40, 20 or 10 (less when capped by games)", k)
	}
	var expected Value
	for _, r := range opponents {
		d := own - r
		if own < 2650 {
			d = max(-400, min(400, d))
		}
		expected += ExpectedScore(d)
	}
	return Value(k) * (Value(score)*10 - expected), nil
}

// KFactor returns K capped for n games in a rating period (B.02 8.3.3): when
// K times n exceeds 700, the largest whole K with K times n at most 700.
func KFactor(k, games int) int {
	if games > 0 && k*games > 700 {
		return 700 / games
	}
	return k
}

// RoundRating rounds a rating change in hundredths to a whole number, 0.5
// away from zero (B.02 8.3.4).
func RoundRating(v Value) int {
	if v < 0 {
		return -int((-v + 50) / 100)
	}
	return int((v + 50) / 100)
}

// RatingSummary is a player's rated results after some rounds, for a
// standings table.
type RatingSummary struct {
	Played      int    // games played over the board, rated or not
	Rated       int    // rated games (result 1, = or 0) against rated opponents
	Score       Points // the FIDE points scored in those rated games
	ARO         int    // the opponents' average rating in them, rounded half up; 0 if none
	Performance int    // PerformanceRating over them; 0 if none
	Change      Value  // RatingChange over them with the K given; 0 if the player is unrated or has none
}

// RatingSummary returns the rated results of the player with the pairing
// number in the first rounds rounds, with K factor k for the rating change
// (B.02 8.3.3; the caller knows the player's history, the file does not).
// Games marked unrated (W, D, L), forfeits, byes and games against unrated
// opponents are left out of everything but Played.
func (t *Tournament) RatingSummary(number, rounds, k int) (RatingSummary, error) {
	var s RatingSummary
	p := t.Player(number)
	if p == nil {
		return s, fmt.Errorf("pairing: rating summary: no player %d", number)
	}
	if recorded := t.RecordedRounds(); rounds < 0 || rounds > recorded {
		return s, fmt.Errorf("pairing: rating summary after %d rounds: the records hold rounds 0 to %d", rounds, recorded)
	}
	var opponents []int
	for r := 1; r <= rounds; r++ {
		g := p.game(r)
		if !g.Played() {
			continue
		}
		s.Played++
		o := t.Player(g.Opponent)
		if o == nil {
			return s, fmt.Errorf("pairing: rating summary: player %d, round %d: opponent %d is not in the tournament", number, r, g.Opponent)
		}
		if o.Rating <= 0 || (g.Result != Win && g.Result != Draw && g.Result != Loss) {
			continue
		}
		opponents = append(opponents, o.Rating)
		s.Score += FIDEPoints.Of(g)
	}
	s.Rated = len(opponents)
	if s.Rated == 0 {
		return s, nil
	}
	var err error
	s.ARO = averageRating(opponents)
	if s.Performance, err = PerformanceRating(opponents, s.Score); err != nil {
		return s, err
	}
	if p.Rating > 0 {
		if s.Change, err = RatingChange(p.Rating, opponents, s.Score, k); err != nil {
			return s, err
		}
	}
	return s, nil
}
