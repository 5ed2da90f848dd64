package pairing

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// build makes a tournament from records written "4w1 3b1 5w=" (opponent,
// colour w, b or -, result code), a bye or absence as "0-H", a round not
// recorded as "", one record per player numbered from 1.
func build(t *testing.T, ratings []int, records ...string) *Tournament {
	t.Helper()
	tour := &Tournament{Points: FIDEPoints}
	for i, rec := range records {
		p := &Player{Number: i + 1, Rating: ratings[i]}
		for _, g := range strings.Fields(rec) {
			n := len(g)
			opp, err := strconv.Atoi(g[:n-2])
			if err != nil {
				t.Fatalf("bad game %q", g)
			}
			c := map[byte]Color{'w': White, 'b': Black, '-': NoColor}[g[n-2]]
			p.Games = append(p.Games, Game{Opponent: opp, Color: c, Result: Result(g[n-1])})
		}
		tour.Players = append(tour.Players, p)
	}
	return tour
}

// swiss6 is a hand-made Swiss of 6 players and 3 rounds: a half-point bye
// (2 in round 2), a pairing-allocated bye (4 in round 3), and a withdrawal
// (6 plays round 1, then is absent: zero-point byes in rounds 2 and 3).
//
//	    rating  R1     R2     R3     score
//	1   2400    4w1    3b1    5w=    2.5
//	2   2300    5w=    -H     3w1    2.0
//	3   2200    6w1    1w0    2b0    1.0
//	4   2100    1b0    5b0    -U     1.0
//	5   2000    2b=    4w1    1b=    2.0
//	6   unrated 3b0    -Z     -Z     0.0
func swiss6(t *testing.T) *Tournament {
	return build(t, []int{2400, 2300, 2200, 2100, 2000, 0},
		"4w1 3b1 5w=",
		"5w= 0-H 3w1",
		"6w1 1w0 2b0",
		"1b0 5b0 0-U",
		"2b= 4w1 1b=",
		"3b0 0-Z 0-Z",
	)
}

// values returns each player's values, by pairing number.
func values(t *testing.T, tour *Tournament, rounds int, list string) map[int][]Value {
	t.Helper()
	tbs, err := ParseTieBreaks(list)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Standings(tour, rounds, tbs)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int][]Value{}
	for _, s := range st {
		out[s.Number] = s.Values
	}
	return out
}

// v writes hundredths from a decimal, for the tables below.
func v(s string) Value {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(s)
	}
	if f < 0 {
		return Value(f*100 - 0.5)
	}
	return Value(f*100 + 0.5)
}

func TestSwiss6Values(t *testing.T) {
	// By hand. Adjusted scores (C.07 16.3): player 6's zero-point byes in
	// rounds 2 and 3 come after his last round that is not voluntary
	// unplayed (round 1, a game), so they count as draws: 0 + 0.5 + 0.5 =
	// 1.0. Player 2's half-point bye is followed by a game, so it counts as
	// scored: 2.0. Everybody else's adjusted score is the score.
	//
	// BH (8.1, 16.4: an own unplayed round is a dummy with the own score):
	//   1: 4 (1.0) + 3 (1.0) + 5 (2.0)                 = 4.0
	//   2: 5 (2.0) + dummy (2.0, VUR) + 3 (1.0)        = 5.0
	//   3: 6 (adjusted 1.0) + 1 (2.5) + 2 (2.0)        = 5.5
	//   4: 1 (2.5) + 5 (2.0) + dummy (1.0, the U)      = 5.5
	//   5: 2 (2.0) + 4 (1.0) + 1 (2.5)                 = 5.5
	//   6: 3 (1.0) + dummy (0, VUR) + dummy (0, VUR)   = 1.0
	// BH-C1 cuts the least significant value, but 16.5 cuts a VUR first
	// when it is not lower: 2 loses the dummy's 2.0, not the 1.0 of 3:
	//   1: 4.0-1.0 = 3.0; 2: 5.0-2.0 = 3.0; 3: 5.5-1.0 = 4.5; 4: 5.5-1.0 =
	//   4.5; 5: 5.5-1.0 = 4.5; 6: 1.0-0 = 1.0.
	// BH-M1 also cuts the highest: 1: 4.0-1.0-2.0 = 1.0; 5: 5.5-1.0-2.5 = 2.0.
	// SB (9.1), opponent's score times own points:
	//   1: 1.0*1 + 1.0*1 + 2.0*0.5             = 3.0
	//   2: 2.0*0.5 + 2.0*0.5 (dummy, H) + 1.0*1 = 3.0
	//   5: 2.0*0.5 + 1.0*1 + 2.5*0.5            = 3.25
	//   3: 1.0*1 + 2.5*0 + 2.0*0                = 1.0
	//   4: 2.5*0 + 2.0*0 + 1.0*1 (dummy, U)     = 1.0
	// SB-C1: 2's least significant is 3 (score 1.0, SB part 1.0) and its VUR
	// part is 2.0*0.5 = 1.0, not lower, so the VUR goes: 3.0-1.0 = 2.0; 5
	// loses 4's part: 3.25-1.0 = 2.25.
	// WIN (7.1): 1: 2; 2: 1; 3: 1; 4: 1 (the U scores a win); 5: 1; 6: 0.
	// WON (7.2): as WIN, but 4's bye does not count: 4: 0.
	// GE (7.6): rounds less H, Z and forfeit losses: 2: 2; 6: 1; others 3.
	// BPG (7.3): 1: 1 (round 2); 2: 0; 3: 1 (round 3); 4: 2; 5: 2; 6: 1.
	// BWG (7.4): 1: 1; 5: 0.
	// PS (7.5): 1: 1 + 2 + 2.5 = 5.5; PS-C1 drops round 1's: 4.5.
	//   2: 0.5 + 1 + 2 = 3.5; PS-C1: 3.0.
	// KS (9.2): opponents with at least 1.5 of 3: 1, 2, 5. 1: 0.5 (the draw
	//   with 5); 2: 0.5 (with 5); 5: 0.5 + 0.5 = 1.0; 3: 0 + 0 = 0.
	// The rating-based tie-breaks (ARO, TPR, PTP) are in
	// TestSwiss6RatingTieBreaks: player 6 is unrated.
	want := map[string]map[int]string{
		"BH":    {1: "4", 2: "5", 3: "5.5", 4: "5.5", 5: "5.5", 6: "1"},
		"BH-C1": {1: "3", 2: "3", 3: "4.5", 4: "4.5", 5: "4.5", 6: "1"},
		"BH-M1": {1: "1", 5: "2"},
		"SB":    {1: "3", 2: "3", 3: "1", 4: "1", 5: "3.25"},
		"SB-C1": {2: "2", 5: "2.25"},
		"WIN":   {1: "2", 2: "1", 3: "1", 4: "1", 5: "1", 6: "0"},
		"WON":   {1: "2", 3: "1", 4: "0", 6: "0"},
		"GE":    {1: "3", 2: "2", 4: "3", 6: "1"},
		"BPG":   {1: "1", 2: "0", 3: "1", 4: "2", 5: "2", 6: "1"},
		"BWG":   {1: "1", 5: "0"},
		"PS":    {1: "5.5", 2: "3.5"},
		"PS-C1": {1: "4.5", 2: "3"},
		"KS":    {1: "0.5", 2: "0.5", 3: "0", 5: "1"},
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	slices.Sort(names)
	got := values(t, swiss6(t), 3, strings.Join(names, ","))
	for k, name := range names {
		for n, w := range want[name] {
			if g := got[n][k].String(); g != w {
				t.Errorf("%s of player %d = %s, want %s", name, n, g, w)
			}
		}
	}
}

// ratingValues is values with options.
func ratingValues(t *testing.T, tour *Tournament, rounds int, list string, opt StandingsOptions) map[int][]Value {
	t.Helper()
	tbs, err := ParseTieBreaks(list)
	if err != nil {
		t.Fatal(err)
	}
	st, err := StandingsWith(tour, rounds, tbs, opt)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int][]Value{}
	for _, s := range st {
		out[s.Number] = s.Values
	}
	return out
}

func TestSwiss6RatingTieBreaks(t *testing.T) {
	// swiss6 has an unrated player, 6. C.07 article 10's tie-breaks take
	// the opponents' ratings, and the rating an unrated participant counts
	// with is the regulations' to give. Without one, ARO, its cuts, TPR and
	// PTP are dropped for everybody: no value, and no player ranked on them.
	list := "ARO,ARO-C1,ARO-M1,ARO-M2,TPR,PTP"
	got := ratingValues(t, swiss6(t), 3, list, StandingsOptions{})
	for n := 1; n <= 6; n++ {
		for k, v := range got[n] {
			if v != NoValue {
				t.Errorf("no rating for unrated players: tie-break %d of player %d = %s, want none", k, n, v)
			}
		}
	}
	tour := swiss6(t)
	tbs, _ := ParseTieBreaks(list + ",BH")
	for k, why := range Dropped(tour, tbs, StandingsOptions{}) {
		if k < 6 && !strings.Contains(why, "unrated") || k == 6 && why != "" {
			t.Errorf("Dropped[%d] = %q", k, why)
		}
	}
	// With 1400 for the unrated, by hand (10.1, rounded half up; cuts
	// 14.1 to 14.4, least first):
	//   1 met 4 (2100), 3 (2200), 5 (2000): ARO 6300/3 = 2100; ARO-C1 cuts
	//     2000: 4300/2 = 2150. TPR: 2.5/3 = .83, dp 273: 2373. PTP 2389
	//     (as before: 1 met no unrated player).
	//   3 met 6 (1400), 1 (2400), 2 (2300): ARO 6100/3 = 2033.33 -> 2033;
	//     ARO-C1 cuts 1400: 4700/2 = 2350; ARO-M1 also cuts 2400: 2300;
	//     ARO-M2 cuts two low and (of the one left) the high: nothing, 0.
	//     TPR: 1/3 = .33, dp -125: 2033-125 = 1908.
	//   5 met 2 (2300), 4 (2100), 1 (2400): 2.0/3 = .67, dp 125; ARO
	//     6800/3 = 2266.67 -> 2267; TPR 2392.
	//   6 met 3 (2200): ARO 2200; ARO-C1 cuts that one game: 0.
	want := map[int][]string{
		1: {"2100", "2150", "", "", "2373", "2389"},
		3: {"2033", "2350", "2300", "0", "1908", ""},
		5: {"2267", "", "", "", "2392", ""},
		6: {"2200", "0", "", "", "", ""},
	}
	got = ratingValues(t, tour, 3, list, StandingsOptions{UnratedRating: 1400})
	for n, ws := range want {
		for k, w := range ws {
			if w != "" && got[n][k].String() != w {
				t.Errorf("with 1400 for the unrated: %s of player %d = %s, want %s", tbs[k], n, got[n][k], w)
			}
		}
	}
	if d := Dropped(tour, tbs, StandingsOptions{UnratedRating: 1400}); d[0] != "" {
		t.Errorf("with a rating for the unrated, ARO dropped: %q", d[0])
	}
}

func TestAROCutsWithUnrated(t *testing.T) {
	// Six players meet all the others in five rounds, all draws; 6 is
	// unrated, and the regulations give unrated players 1400.
	//
	//	    rating   R1    R2    R3    R4    R5
	//	1   2300     6w=   5b=   4w=   3b=   2w=
	//	2   2251     5w=   3w=   6b=   4b=   1b=
	//	3   2180     4w=   2b=   5b=   1w=   6w=
	//	4   2093     3b=   6b=   1b=   2w=   5w=
	//	5   1987     2b=   1w=   3w=   6w=   4b=
	//	6   unrated  1b=   4w=   2w=   5b=   3b=
	//
	// 1 met 1400, 1987, 2093, 2180, 2251 (10.1, rounded half up; 14.1-14.4
	// cut the least, then the most):
	//   ARO    9911/5 = 1982.2  -> 1982
	//   ARO-C1 (cut 1400) 8511/4 = 2127.75 -> 2128
	//   ARO-C2 (cut 1400, 1987) 6524/3 = 2174.67 -> 2175
	//   ARO-M1 (cut 1400 and 2251) 6260/3 = 2086.67 -> 2087
	//   ARO-M2 (cut 1400, 1987 and 2251, 2180) 2093
	// 6 met 2300, 2093, 2251, 1987, 2180: ARO 10811/5 = 2162.2 -> 2162;
	//   ARO-M2 keeps the middle one, 2180.
	tour := build(t, []int{2300, 2251, 2180, 2093, 1987, 0},
		"6w= 5b= 4w= 3b= 2w=",
		"5w= 3w= 6b= 4b= 1b=",
		"4w= 2b= 5b= 1w= 6w=",
		"3b= 6b= 1b= 2w= 5w=",
		"2b= 1w= 3w= 6w= 4b=",
		"1b= 4w= 2w= 5b= 3b=",
	)
	list := "ARO,ARO-C1,ARO-C2,ARO-M1,ARO-M2"
	got := ratingValues(t, tour, 5, list, StandingsOptions{UnratedRating: 1400})
	want := map[int][]string{1: {"1982", "2128", "2175", "2087", "2093"}, 6: {"2162", "", "", "", "2180"}}
	names := strings.Split(list, ",")
	for n, ws := range want {
		for k, w := range ws {
			if w != "" && got[n][k].String() != w {
				t.Errorf("%s of player %d = %s, want %s", names[k], n, got[n][k], w)
			}
		}
	}
	// Without that rating all five are dropped.
	for n, vs := range ratingValues(t, tour, 5, list, StandingsOptions{}) {
		for k, v := range vs {
			if v != NoValue {
				t.Errorf("no rating for the unrated: %s of player %d = %s, want none", names[k], n, v)
			}
		}
	}
}

func TestUnratedOpponentsRanking(t *testing.T) {
	// 1 and 2 (2.0 each) tie on points; 1 met only unrated players (4, 5).
	//
	//	    rating   R1    R2    score
	//	1   2200     4w1   5w1   2.0
	//	2   2100     3w1   6w1   2.0
	//	3   2000     2b0   4w0   0.0
	//	4   unrated  1b0   3b1   1.0
	//	5   unrated  6w=   1b0   0.5
	//	6   unrated  5b=   2b0   0.5
	//
	// Ranked on ARO, then BH. An ARO of 0 for 1 (nobody rated met) would put
	// 1 below 2 for having met no rated player. Without a rating for the
	// unrated players C.07 drops ARO, and BH decides: 1: 4 (1.0) + 5 (0.5)
	// = 1.5; 2: 3 (0) + 6 (0.5) = 0.5. So 1, 2, then 4 (1.0), then 5 and 6
	// (0.5; BH 0.5 + 2.0 = 2.5 each, tied: 4th and 4th), then 3.
	// With 1400 for the unrated: ARO of 1 = (1400+1400)/2 = 1400, of 2 =
	// (2000+1400)/2 = 1700: 2 first.
	tour := build(t, []int{2200, 2100, 2000, 0, 0, 0},
		"4w1 5w1", "3w1 6w1", "2b0 4w0", "1b0 3b1", "6w= 1b0", "5b= 2b0")
	tbs := []TieBreak{{Method: ARO}, {Method: BH}}
	order := func(opt StandingsOptions) string {
		st, err := StandingsWith(tour, 2, tbs, opt)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, x := range st {
			s = append(s, strconv.Itoa(x.Rank)+":"+strconv.Itoa(x.Number)+":"+x.Values[0].String())
		}
		return strings.Join(s, " ")
	}
	if g, w := order(StandingsOptions{}), "1:1:- 2:2:- 3:4:- 4:5:- 4:6:- 6:3:-"; g != w {
		t.Errorf("no rating for the unrated: %s, want %s", g, w)
	}
	if g, w := order(StandingsOptions{UnratedRating: 1400}), "1:2:1700 2:1:1400"; !strings.HasPrefix(g, w) {
		t.Errorf("1400 for the unrated: %s, want it to start %s", g, w)
	}
}

func TestSwiss6Standings(t *testing.T) {
	tour := swiss6(t)
	// Default Swiss list BH-C1, BH, SB, DE, WIN. 1 leads on 2.5. 5 and 2 (2.0)
	// part on BH-C1 (4.5 against 3.0). 3 and 4 (1.0) are equal on BH-C1
	// (4.5), BH (5.5) and SB (1.0), did not meet (DE leaves them tied) and
	// have a win each: they share 4th place, in pairing order.
	st, err := Standings(tour, 3, DefaultTieBreaks(false))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range st {
		got = append(got, strconv.Itoa(s.Rank)+":"+strconv.Itoa(s.Number)+":"+s.Points.String())
	}
	want := "1:1:2.5 2:5:2.0 3:2:2.0 4:3:1.0 4:4:1.0 6:6:0.0"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("standings %s, want %s", g, want)
	}
	// WON then parts 3 (a game won) from 4 (the win was a bye).
	tbs := append(DefaultTieBreaks(false), TieBreak{Method: WON})
	st, _ = Standings(tour, 3, tbs)
	if st[3].Number != 3 || st[3].Rank != 4 || st[4].Number != 4 || st[4].Rank != 5 {
		t.Errorf("with WON: %+v, %+v; want 3 4th and 4 5th", st[3], st[4])
	}
	// After round 1: 1 and 3 won (1.0), 2 and 5 drew (0.5).
	// BH-C1 after one round cuts the only value: 0 for all; BH: 1 met 4
	// (0), 3 met 6 (0): tied on everything but nothing separates them.
	st, _ = Standings(tour, 1, DefaultTieBreaks(false))
	if st[0].Rank != 1 || st[1].Rank != 1 || st[0].Number != 1 || st[1].Number != 3 {
		t.Errorf("after round 1: %+v %+v, want 1 and 3 sharing 1st", st[0], st[1])
	}
}

func TestRoundRobinDirectEncounter(t *testing.T) {
	// A 4-player round robin (Berger rounds 1-4 2-3, 4-3 1-2, 2-4 3-1):
	//	1: 4w1 2w0 3b1  2.0
	//	2: 3w= 1b1 4w=  2.0
	//	3: 2b= 4b1 1w0  1.5
	//	4: 1b0 3w0 2b=  0.5
	// 1 and 2 tie on 2.0. SB: 1 = 0.5*1 + 2.0*0 + 1.5*1 = 2.0; 2 = 1.5*0.5
	// + 2.0*1 + 0.5*0.5 = 3.0. DE: 2 beat 1. WIN: 1 has 2, 2 has 1.
	tour := build(t, []int{0, 0, 0, 0}, "4w1 2w0 3b1", "3w= 1b1 4w=", "2b= 4b1 1w0", "1b0 3w0 2b=")
	order := func(list string) string {
		tbs, err := ParseTieBreaks(list)
		if err != nil {
			t.Fatal(err)
		}
		st, err := StandingsWith(tour, 3, tbs, StandingsOptions{RoundRobin: true})
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, x := range st {
			s = append(s, strconv.Itoa(x.Number)+"="+x.Values[0].String())
		}
		return strings.Join(s, " ")
	}
	// 3's SB: 2 (2.0) * 0.5 + 4 (0.5) * 1 + 1 (2.0) * 0 = 1.5; 4's: 1 * 0 + 3
	// * 0 + 2 (2.0) * 0.5 = 1.0.
	if g, w := order("SB"), "2=3 1=2 3=1.5 4=1"; g != w {
		t.Errorf("SB: %s, want %s", g, w)
	}
	// DE first: 2 beat 1 (DE 1 and 0); 3 and 4 are alone on their scores.
	if g, w := order("DE,SB"), "2=1 1=0 3=0 4=0"; g != w {
		t.Errorf("DE,SB: %s, want %s", g, w)
	}
	if g, w := order("WIN,DE"), "1=2 2=1 3=1 4=0"; g != w {
		t.Errorf("WIN,DE: %s, want %s", g, w)
	}
}

func TestDirectEncounterSwiss(t *testing.T) {
	// Two rounds: 1 beat 2 and 3, 3 beat 5, 4 beat 6.
	//	1: 2w1 3w1   2: 1b0 4b1   3: 5w1 1b0
	//	4: 6w1 2w0   5: 3b0 6b1   6: 4b0 5w0
	tour := build(t, []int{0, 0, 0, 0, 0, 0}, "2w1 3w1", "1b0 4w1", "5w1 1b0", "6w1 2b0", "3b0 6b1", "4b0 5w0")
	c, err := newCalc(tour, 2, StandingsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vals := make([][]Value, 6)
	for i := range vals {
		vals[i] = make([]Value, 1)
	}
	show := func(parts [][]int) string {
		var s []string
		for _, p := range parts {
			var q []string
			for _, i := range p {
				q = append(q, strconv.Itoa(i+1))
			}
			s = append(s, strings.Join(q, ","))
		}
		return strings.Join(s, " | ")
	}
	// {1,2,3}: 1 scored 2 against the others and met both; 2 and 3 scored 0
	// and could reach 1 by winning their missing game with each other. 2 > 1:
	// 1 is ahead. Among {2,3} alone nobody met: they stay tied.
	if g, w := show(c.directEncounter([]int{0, 1, 2}, vals, 0)), "1 | 2,3"; g != w {
		t.Errorf("DE {1,2,3}: %s, want %s", g, w)
	}
	if vals[0][0] != 200 || vals[1][0] != 0 {
		t.Errorf("DE values %v %v, want 2 and 0", vals[0][0], vals[1][0])
	}
	// {1,3,5}: 1 beat 3, 3 beat 5, 1 and 5 did not meet. 1 and 3 both have
	// 1; 5 could reach 1 by beating 1: nobody is ahead of everybody's reach.
	if g, w := show(c.directEncounter([]int{0, 2, 4}, vals, 0)), "1,3,5"; g != w {
		t.Errorf("DE {1,3,5}: %s, want %s", g, w)
	}
}

// TestTRFTieBreaks checks a corpus file by hand:
// testdata/dutch/t090-p005-r04.trf, 5 players, 4 rounds, with forfeits,
// half- and zero-point byes and pairing-allocated byes. Its round entries:
//
//	1 2470  3 b -     2 b 0  0000 - U     3 w 1    2.0
//	2 2390  4 w -     1 w 1     3 b 1  0000 - U    3.0
//	3 2043  1 w +  0000 - Z     2 w 0     1 b 0    1.0
//	4 1703  2 b +  0000 - H  0000 - H     5 w 0    2.0
//	5 1673  0000 - U  0000 - Z  0000 - H  4 b 1    2.5
//
// Everyone's last round is a game or a U, so no score is adjusted. Each
// unplayed round (forfeit, bye) is a dummy opponent with the player's own
// score; VURs are the forfeit losses and the H and Z byes.
//
//	BH 1 = dummy 2.0 (VUR) + 2 (3.0) + dummy 2.0 (U) + 3 (1.0)       = 8.0
//	BH 2 = dummy 3.0 (VUR) + 1 (2.0) + 3 (1.0) + dummy 3.0 (U)       = 9.0
//	BH 3 = dummy 1.0 (+) + dummy 1.0 (VUR) + 2 (3.0) + 1 (2.0)       = 7.0
//	BH 4 = dummy 2.0 (+) + 2.0 (VUR) + 2.0 (VUR) + 5 (2.5)           = 8.5
//	BH 5 = dummy 2.5 (U) + 2.5 (VUR) + 2.5 (VUR) + 4 (2.0)           = 9.5
//	BH-C1 cuts a VUR (never lower here): 6.0, 6.0, 6.0, 6.5, 7.0
//	SB 1 = 2.0*0 + 3.0*0 + 2.0*1 + 1.0*1                             = 3.0
//	SB 2 = 3.0*0 + 2.0*1 + 1.0*1 + 3.0*1                             = 6.0
//	SB 3 = 1.0*1 + 1.0*0 + 3.0*0 + 2.0*0                             = 1.0
//	SB 4 = 2.0*1 + 2.0*0.5 + 2.0*0.5 + 2.5*0                         = 4.0
//	SB 5 = 2.5*1 + 2.5*0 + 2.5*0.5 + 2.0*1                           = 5.75
//
// Standings (BH-C1, BH, SB, DE, WIN): 2 (3.0), 5 (2.5), then 4 ahead of 1
// on BH-C1 (6.5 to 6.0), then 3.
func TestTRFTieBreaks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "dutch", "t090-p005-r04.trf"))
	if err != nil {
		t.Fatal(err)
	}
	tour, err := ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	got := values(t, tour, 4, "BH,BH-C1,SB,WIN,WON,GE,BPG,BWG")
	want := map[int]string{
		1: "8 6 3 2 1 3 1 0",
		2: "9 6 6 3 2 3 1 1",
		3: "7 6 1 1 0 3 1 0",
		4: "8.5 6.5 4 1 0 2 0 0",
		5: "9.5 7 5.75 2 1 2 1 1",
	}
	for n, w := range want {
		var s []string
		for _, x := range got[n] {
			s = append(s, x.String())
		}
		if g := strings.Join(s, " "); g != w {
			t.Errorf("player %d: BH BH-C1 SB WIN WON GE BPG BWG = %s, want %s", n, g, w)
		}
	}
	st, err := Standings(tour, 4, DefaultTieBreaks(false))
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	for _, s := range st {
		order = append(order, s.Number)
		if s.Rank != len(order) {
			t.Errorf("player %d ranked %d, want %d", s.Number, s.Rank, len(order))
		}
	}
	if !slices.Equal(order, []int{2, 5, 4, 1, 3}) {
		t.Errorf("order %v, want [2 5 4 1 3]", order)
	}
}

// TestCorpusProperties checks relations every Swiss of the corpus must
// keep, after every round: cutting never raises a Buchholz (BH-C2 <= BH-C1
// <= BH, BH-M1 <= BH-C1, BH-M2 <= BH-M1), an SB is at most its BH (each
// round adds the score at most once with one point a win), and in a
// tournament with no unplayed rounds the sums close: the BH of all players
// is the sum of each player's score times the games played, and their SB
// the sum of each score times the points the others took from that player.
func TestCorpusProperties(t *testing.T) {
	names, err := filepath.Glob("testdata/dutch/*.trf")
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	tbs, _ := ParseTieBreaks("BH,BH-C1,BH-C2,BH-M1,BH-M2,SB")
	closed := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tour, err := ParseTRF(data)
		if err != nil {
			t.Fatal(err)
		}
		for r := 1; r <= tour.RecordedRounds(); r++ {
			st, err := Standings(tour, r, tbs)
			if err != nil {
				t.Fatalf("%s after %d: %v", name, r, err)
			}
			var sumBH, sumSB Value
			for _, s := range st {
				bh, c1, c2, m1, m2, sb := s.Values[0], s.Values[1], s.Values[2], s.Values[3], s.Values[4], s.Values[5]
				if c2 > c1 || c1 > bh || m1 > c1 || m2 > m1 || sb > bh {
					t.Fatalf("%s after %d, player %d: BH %v C1 %v C2 %v M1 %v M2 %v SB %v", name, r, s.Number, bh, c1, c2, m1, m2, sb)
				}
				sumBH += bh
				sumSB += sb
			}
			// The closed sums, from the records alone.
			allPlayed := true
			var wantBH, wantSB Value
			for _, p := range tour.Players {
				var score, lost Points
				for k := 1; k <= r; k++ {
					g := p.game(k)
					if !g.Played() {
						allPlayed = false
					}
					switch g.Outcome() {
					case Won:
						score += 10
					case Drawn:
						score, lost = score+5, lost+5
					default:
						lost += 10
					}
				}
				wantBH += Value(score) * 10 * Value(r)
				wantSB += Value(score) * Value(lost)
			}
			if allPlayed {
				closed++
				if sumBH != wantBH || sumSB != wantSB {
					t.Errorf("%s after %d: sum BH %v SB %v, want %v and %v", name, r, sumBH, sumSB, wantBH, wantSB)
				}
			}
		}
	}
	t.Logf("closed sums checked on %d rounds", closed)
	if closed == 0 {
		t.Error("no round of the corpus without unplayed games: the sums were not checked")
	}
}

func TestStandingsErrors(t *testing.T) {
	tour := swiss6(t)
	for _, r := range []int{-1, 4} {
		if _, err := Standings(tour, r, nil); err == nil || !strings.Contains(err.Error(), "after "+strconv.Itoa(r)+" rounds") {
			t.Errorf("rounds %d: error %v", r, err)
		}
	}
	if _, err := Standings(nil, 0, nil); err == nil {
		t.Error("nil tournament: no error")
	}
	if _, err := Standings(tour, 3, []TieBreak{{}}); err == nil {
		t.Error("zero tie-break: no error")
	}
	if _, err := Standings(tour, 3, []TieBreak{{Method: WIN, Modifier: Cut1}}); err == nil || !strings.Contains(err.Error(), "WIN-C1") {
		t.Errorf("WIN-C1: error %v", err)
	}
	bad := build(t, []int{0, 0}, "7w1", "0-U")
	if _, err := Standings(bad, 1, nil); err == nil || !strings.Contains(err.Error(), "opponent 7") {
		t.Errorf("missing opponent: error %v", err)
	}
}

func TestValueString(t *testing.T) {
	for v, want := range map[Value]string{0: "0", 1225: "12.25", 1250: "12.5", 1200: "12", -50: "-0.5", -5: "-0.05", 7: "0.07", 234500: "2345", NoValue: "-"} {
		if g := v.String(); g != want {
			t.Errorf("Value(%d) = %q, want %q", int64(v), g, want)
		}
	}
	if b, _ := NoValue.MarshalJSON(); string(b) != "null" {
		t.Errorf("NoValue as JSON: %s, want null", b)
	}
}

// BenchmarkStandings ranks the largest Swiss of the corpus that has 11
// rounds or more (270 players, 13 rounds) after round 11, with the default
// Swiss list. The corpus has no 300-player, 11-round tournament.
func BenchmarkStandings(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "dutch", "t094-p270-r13.trf"))
	if err != nil {
		b.Fatal(err)
	}
	tour, err := ParseTRF(data)
	if err != nil {
		b.Fatal(err)
	}
	tbs := DefaultTieBreaks(false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Standings(tour, 11, tbs); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRoundRobinForfeit(t *testing.T) {
	// The 4-player round robin of TestRoundRobinDirectEncounter, with the
	// round-2 game 4-3 forfeited by 4 (3 wins by forfeit): the scores stay
	// 2.0, 2.0, 1.5, 0.5.
	tour := build(t, []int{0, 0, 0, 0}, "4w1 2w0 3b1", "3w= 1b1 4w=", "2b= 4-+ 1w0", "1b0 3-- 2b=")
	sb := func(opt StandingsOptions) map[int]string {
		st, err := StandingsWith(tour, 3, []TieBreak{{Method: SB}}, opt)
		if err != nil {
			t.Fatal(err)
		}
		out := map[int]string{}
		for _, s := range st {
			out[s.Number] = s.Values[0].String()
		}
		return out
	}
	// Round robin (C.07 15): the forfeit is a game against 4 (0.5): 3's SB
	// = 2.0*0.5 + 0.5*1 + 2.0*0 = 1.5; 4's = 2.0*0 + 1.5*0 + 2.0*0.5 = 1.0.
	rr := sb(StandingsOptions{RoundRobin: true})
	// Swiss (C.07 16.4): the forfeit is a dummy with the player's own
	// score: 3's SB = 2.0*0.5 + 1.5*1 + 2.0*0 = 2.5; 4's = 2.0*0 + 0.5*0 +
	// 2.0*0.5 = 1.0.
	swiss := sb(StandingsOptions{})
	if rr[3] != "1.5" || rr[4] != "1" || swiss[3] != "2.5" || swiss[4] != "1" {
		t.Errorf("SB of 3 and 4: round robin %s %s, want 1.5 1; Swiss %s %s, want 2.5 1", rr[3], rr[4], swiss[3], swiss[4])
	}
}
