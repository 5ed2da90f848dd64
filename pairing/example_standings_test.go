package pairing_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/chess960/chess960/pairing"
)

// Standings after the 4 rounds of a 5-player Swiss with forfeits and byes,
// by the default Swiss tie-breaks. 4 and 1 tie on 2 points; 4's Buchholz
// Cut-1 is higher (6.5 to 6: each cuts a voluntary unplayed round, C.07
// 16.5).
func ExampleStandings() {
	data, err := os.ReadFile("testdata/dutch/t090-p005-r04.trf")
	if err != nil {
		panic(err)
	}
	t, err := pairing.ParseTRF(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	tbs, err := pairing.ParseTieBreaks("BH-C1,BH,SB,DE,WIN")
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := pairing.Standings(t, 4, tbs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rank no pts", tbs)
	for _, s := range st {
		var vals []string
		for _, v := range s.Values {
			vals = append(vals, v.String())
		}
		fmt.Println(s.Rank, s.Number, s.Points, strings.Join(vals, " "))
	}
	// Output:
	// rank no pts [BH-C1 BH SB DE WIN]
	// 1 2 3.0 6 9 6 0 3
	// 2 5 2.5 7 9.5 5.75 0 2
	// 3 4 2.0 6.5 8.5 4 0 1
	// 4 1 2.0 6 8 3 0 2
	// 5 3 1.0 6 7 1 0 1
}

// A 2470 player scores 1 out of 2 against 2390 and 2043 with K = 10. The
// expected score is .61 + .92 (the 2043 opponent counts as 2070, the
// 400-point rule): 1.53, so the change is 10 x (1 - 1.53).
func ExampleRatingChange() {
	change, err := pairing.RatingChange(2470, []int{2390, 2043}, 10, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(change, pairing.RoundRating(change))
	// Output:
	// -5.3 -5
}

// The mistake in a tie-break list is named, with the valid ones.
func ExampleParseTieBreaks() {
	_, err := pairing.ParseTieBreaks("BH-C1,Sonneborn")
	fmt.Println(err != nil, strings.HasPrefix(err.Error(), `tie-break "Sonneborn": not a C.07 tie-break`))
	tbs, _ := pairing.ParseTieBreaks("bh-c1, sb, de")
	fmt.Println(tbs)
	// Output:
	// true true
	// [BH-C1 SB DE]
}

// The performance tie-breaks of C.07 10.2 and 10.3 for 2.5 points out of 3
// against 2000, 2100 and 2200: TPR is the average, 2100, plus dp(.83) = 273;
// PTP is the lowest rating expected to score 2.5 there.
func ExamplePerformanceRating() {
	opponents := []int{2000, 2100, 2200}
	tpr, _ := pairing.PerformanceRating(opponents, 25)
	ptp, _ := pairing.PerfectPerformance(opponents, 25)
	dp, _ := pairing.RatingDifference(83)
	fmt.Println(tpr, ptp, dp)
	// Output:
	// 2373 2389 273
}

// B.02 table 8.1(b): 100 points above the opponent is .64, below is .36.
func ExampleExpectedScore() {
	fmt.Println(pairing.ExpectedScore(100), pairing.ExpectedScore(-100), pairing.ExpectedScore(800))
	// Output:
	// 0.64 0.36 1
}

// A player's rated results for a standings table: player 1 of a corpus
// tournament lost to a 2390 and beat a 2043; a forfeit and a bye do not
// count.
func ExampleTournament_RatingSummary() {
	data, err := os.ReadFile("testdata/dutch/t090-p005-r04.trf")
	if err != nil {
		panic(err)
	}
	t, err := pairing.ParseTRF(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := t.RatingSummary(1, 4, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("games %d, rated %d, score %s, ARO %d, TPR %d, change %s\n", s.Played, s.Rated, s.Score, s.ARO, s.Performance, s.Change)
	// Output:
	// games 2, rated 2, score 1.0, ARO 2217, TPR 2217, change -5.3
}
