package pairing

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// printedDP is B.02 table 8.1(a) laid out as printed, six (p, dp) columns a
// row, typed from the public copy named in rating.go (scribd.com document
// 477325658); the first entry, p = 1.0, is printed without a value.
const printedDP = `
.99 677 .82 262 .65 110 .48 -14 .31 -141 .14 -309
.98 589 .81 251 .64 102 .47 -21 .30 -149 .13 -322
.97 538 .80 240 .63 95 .46 -29 .29 -158 .12 -336
.96 501 .79 230 .62 87 .45 -36 .28 -166 .11 -351
.95 470 .78 220 .61 80 .44 -43 .27 -175 .10 -366
.94 444 .77 211 .60 72 .43 -50 .26 -184 .09 -383
.93 422 .76 202 .59 65 .42 -57 .25 -193 .08 -401
.92 401 .75 193 .58 57 .41 -65 .24 -202 .07 -422
.91 383 .74 184 .57 50 .40 -72 .23 -211 .06 -444
.90 366 .73 175 .56 43 .39 -80 .22 -220 .05 -470
.89 351 .72 166 .55 36 .38 -87 .21 -230 .04 -501
.88 336 .71 158 .54 29 .37 -95 .20 -240 .03 -538
.87 322 .70 149 .53 21 .36 -102 .19 -251 .02 -589
.86 309 .69 141 .52 14 .35 -110 .18 -262 .01 -677
.85 296 .68 133 .51 7 .34 -117 .17 -273
.84 284 .67 125 .50 0 .33 -125 .16 -284
.83 273 .66 117 .49 -7 .32 -133 .15 -296
`

func TestRatingDifferenceTable(t *testing.T) {
	seen := map[Value]bool{}
	f := strings.Fields(printedDP)
	for i := 0; i+1 < len(f); i += 2 {
		p := v("0" + f[i])
		dp, _ := strconv.Atoi(f[i+1])
		got, err := RatingDifference(p)
		if err != nil || got != dp {
			t.Errorf("dp(%s) = %d, %v; the table prints %d", f[i], got, err, dp)
		}
		seen[p] = true
	}
	if len(seen) != 99 {
		t.Errorf("%d values of p typed, want .01 to .99", len(seen))
	}
	for p, want := range map[Value]int{100: 800, 0: -800} {
		if got, err := RatingDifference(p); err != nil || got != want {
			t.Errorf("dp(%s) = %d, %v, want %d", p, got, err, want)
		}
	}
	for _, p := range []Value{-1, 101} {
		if _, err := RatingDifference(p); err == nil || !strings.Contains(err.Error(), p.String()) {
			t.Errorf("dp(%s): error %v", p, err)
		}
	}
}

// printedPD is B.02 table 8.1(b): the rating difference D, the higher-rated
// player's scoring probability H and the lower-rated player's L.
const printedPD = `
0-3 .50 .50     4-10 .51 .49    11-17 .52 .48   18-25 .53 .47
26-32 .54 .46   33-39 .55 .45   40-46 .56 .44   47-53 .57 .43
54-61 .58 .42   62-68 .59 .41   69-76 .60 .40   77-83 .61 .39
84-91 .62 .38   92-98 .63 .37   99-106 .64 .36  107-113 .65 .35
114-121 .66 .34 122-129 .67 .33 130-137 .68 .32 138-145 .69 .31
146-153 .70 .30 154-162 .71 .29 163-170 .72 .28 171-179 .73 .27
180-188 .74 .26 189-197 .75 .25 198-206 .76 .24 207-215 .77 .23
216-225 .78 .22 226-235 .79 .21 236-245 .80 .20 246-256 .81 .19
257-267 .82 .18 268-278 .83 .17 279-290 .84 .16 291-302 .85 .15
303-315 .86 .14 316-328 .87 .13 329-344 .88 .12 345-357 .89 .11
358-374 .90 .10 375-391 .91 .09 392-411 .92 .08 412-432 .93 .07
433-456 .94 .06 457-484 .95 .05 485-517 .96 .04 518-559 .97 .03
560-619 .98 .02 620-735 .99 .01 736-9999 1.0 .00
`

func TestExpectedScoreTable(t *testing.T) {
	f := strings.Fields(printedPD)
	next := 0 // the next D the rows must start at
	for i := 0; i+2 < len(f); i += 3 {
		lo, hi, _ := strings.Cut(f[i], "-")
		a, _ := strconv.Atoi(lo)
		b, _ := strconv.Atoi(hi)
		if a != next {
			t.Fatalf("row %s starts at %d, want %d", f[i], a, next)
		}
		next = b + 1
		h, l := v(f[i+1]), v(f[i+2])
		for _, d := range []int{a, b, (a + b) / 2} {
			if got := ExpectedScore(d); got != h {
				t.Errorf("PD(%d) = %s, table %s", d, got, h)
			}
			if got := ExpectedScore(-d); got != l {
				t.Errorf("PD(-%d) = %s, table %s", d, got, l)
			}
		}
	}
	if next != 10000 {
		t.Errorf("rows end at %d", next-1)
	}
}

func TestPerformance(t *testing.T) {
	for _, c := range []struct {
		opps       []int
		score      Points
		tpr, ptp   int
		arithmetic string
	}{
		// ARO 4433/2 = 2216.5 -> 2217; p = .50 -> dp 0. PTP: R = 2214 gives
		// D -176 (.27) and 171 (.73), 1.00; R = 2213 gives -177 (.27) and
		// 170 (.72), .99.
		{[]int{2390, 2043}, 10, 2217, 2214, "1 of 2"},
		// ARO 2100; p = 2.5/3 = .833 -> .83 -> 273. PTP: R = 2389 gives 289
		// (.84), 189 (.75), 389 (.91) = 2.50; 2388 gives .84 + .74 + .91.
		{[]int{2000, 2100, 2200}, 25, 2373, 2389, "2.5 of 3"},
		// A zero score: dp -800; PTP is the lowest opponent less 800.
		{[]int{2000, 2100}, 0, 2050 - 800, 1200, "0 of 2"},
		// A full score: dp 800; PTP: 2100 + 736, the least D scoring 1.00.
		{[]int{2000, 2100}, 20, 2050 + 800, 2836, "2 of 2"},
	} {
		if got, err := PerformanceRating(c.opps, c.score); err != nil || got != c.tpr {
			t.Errorf("TPR %s vs %v = %d, %v, want %d", c.arithmetic, c.opps, got, err, c.tpr)
		}
		if got, err := PerfectPerformance(c.opps, c.score); err != nil || got != c.ptp {
			t.Errorf("PTP %s vs %v = %d, %v, want %d", c.arithmetic, c.opps, got, err, c.ptp)
		}
	}
	for _, f := range []func([]int, Points) (int, error){PerformanceRating, PerfectPerformance} {
		if _, err := f(nil, 0); err == nil {
			t.Error("no opponents: no error")
		}
		if _, err := f([]int{2000, 0}, 10); err == nil || !strings.Contains(err.Error(), "unrated") {
			t.Errorf("an unrated opponent: error %v", err)
		}
		if _, err := f([]int{2000}, 15); err == nil || !strings.Contains(err.Error(), "1.5") {
			t.Errorf("1.5 of 1: error %v", err)
		}
	}
}

func TestRatingChange(t *testing.T) {
	for _, c := range []struct {
		own   int
		opps  []int
		score Points
		k     int
		want  Value
		why   string
	}{
		{2470, []int{2390, 2043}, 10, 10, -530, "D 80 -> .61, D 427 counted as 400 -> .92: 10*(1.00-1.53) = -5.3"},
		{2600, []int{2200, 1800}, 20, 10, 160, "D 400 and 800 (as 400): .92+.92: 10*(2-1.84) = +1.6"},
		{2700, []int{2300, 1900}, 20, 10, 80, "2650+, no cap (8.3.1 from Oct 2025): D 400 .92, D 800 1.00: 10*(2-1.92) = +0.8"},
		{1800, []int{2400}, 10, 20, 1840, "D -600 counted as -400 -> .08: 20*(1-.08) = +18.4"},
		{1673, []int{1703}, 10, 20, 1080, "D -30 -> .46: 20*.54 = +10.8"},
		{2000, nil, 0, 20, 0, "no games"},
	} {
		got, err := RatingChange(c.own, c.opps, c.score, c.k)
		if err != nil || got != c.want {
			t.Errorf("RatingChange(%d, %v, %s, %d) = %s, %v, want %s (%s)", c.own, c.opps, c.score, c.k, got, err, c.want, c.why)
		}
	}
	for _, bad := range []struct {
		own   int
		opps  []int
		score Points
		k     int
		say   string
	}{
		{0, []int{2000}, 10, 20, "own rating 0"},
		{2000, []int{0}, 10, 20, "opponent rating 0"},
		{2000, []int{2100}, 20, 20, "score 2.0"},
		{2000, []int{2100}, -5, 20, "score -0.5"},
		{2000, []int{2100}, 10, 0, "K factor 0"},
	} {
		if _, err := RatingChange(bad.own, bad.opps, bad.score, bad.k); err == nil || !strings.Contains(err.Error(), bad.say) {
			t.Errorf("RatingChange(%d, %v, %s, %d): error %v, want one saying %q", bad.own, bad.opps, bad.score, bad.k, err, bad.say)
		}
	}
	// 8.3.3: K*n at most 700. 40*20 = 800 -> 35; 40*18 = 720 -> 38 (700/18
	// = 38.9); 20*30 = 600 stays 20.
	for _, c := range [][3]int{{40, 20, 35}, {40, 18, 38}, {20, 30, 20}, {10, 0, 10}} {
		if got := KFactor(c[0], c[1]); got != c[2] {
			t.Errorf("KFactor(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	// 8.3.4: whole numbers, 0.5 away from zero.
	for in, want := range map[Value]int{250: 3, -250: -3, 249: 2, -249: -2, -530: -5, 0: 0, 1080: 11} {
		if got := RoundRating(in); got != want {
			t.Errorf("RoundRating(%s) = %d, want %d", in, got, want)
		}
	}
}

func TestRatingSummary(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "dutch", "t090-p005-r04.trf"))
	if err != nil {
		t.Fatal(err)
	}
	tour, err := ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	// Player 1 (2470) played 2 (2390, lost) and 3 (2043, won); the round-1
	// forfeit and the bye do not count. ARO and TPR 2217 (see
	// TestPerformance); change -5.3 with K 10 (see TestRatingChange).
	got, err := tour.RatingSummary(1, 4, 10)
	want := RatingSummary{Played: 2, Rated: 2, Score: 10, ARO: 2217, Performance: 2217, Change: -530}
	if err != nil || got != want {
		t.Errorf("player 1: %+v, %v, want %+v", got, err, want)
	}
	// Player 5 (1673) played only round 4, beating 4 (1703): dp(1.0) = 800.
	got, err = tour.RatingSummary(5, 4, 20)
	want = RatingSummary{Played: 1, Rated: 1, Score: 10, ARO: 1703, Performance: 2503, Change: 1080}
	if err != nil || got != want {
		t.Errorf("player 5: %+v, %v, want %+v", got, err, want)
	}
	if _, err := tour.RatingSummary(9, 4, 20); err == nil {
		t.Error("player 9: no error")
	}
	if _, err := tour.RatingSummary(1, 5, 20); err == nil {
		t.Error("round 5: no error")
	}
}
