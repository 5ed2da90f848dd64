package pairing

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// swissCaps is a hand-made Swiss of 6 players and 4 rounds with a forfeit
// (3 does not come to round 2: 1 wins by forfeit), a half-point bye (5,
// round 3) and the pairing-allocated bye that this leaves (1, round 3):
//
//	    R1     R2     R3     R4     score
//	1   4w1    3b+    -U     2w=    3.5
//	2   5w1    6w1    3w1    1b=    3.5
//	3   6w=    1w-    2b0    4w1    1.5
//	4   1b0    5w=    6w0    3b0    0.5
//	5   2b0    4b=    -H     6w1    2.0
//	6   3b=    2b0    4b1    5b0    1.5
//
// Every player's last round is a game, so the scores adjusted for the
// opponents' tie-breaks (C.07 16.3) are the scores.
func swissCaps(t *testing.T) *Tournament {
	return build(t, []int{2000, 2000, 2000, 2000, 2000, 2000},
		"4w1 3b+ 0-U 2w=",
		"5w1 6w1 3w1 1b=",
		"6w= 1w- 2b0 4w1",
		"1b0 5w= 6w0 3b0",
		"2b0 4b= 0-H 6w1",
		"3b= 2b0 4b1 5b0",
	)
}

func TestDummyCapsByEdition(t *testing.T) {
	// By hand. Each unplayed round of a player's own counts, in BH and SB,
	// as a game against a dummy opponent (16.4).
	//
	// 2024 text: the dummy has the player's own score.
	//   1: R1 4 (0.5), R2 dummy (3.5), R3 dummy (3.5), R4 2 (3.5)
	//      BH = 0.5 + 3.5 + 3.5 + 3.5 = 11.0
	//      SB = 0.5*1 + 3.5*1 + 3.5*1 + 3.5*0.5 = 9.25
	//      BH-C1: no VUR (a forfeit win and a U are not voluntary), the
	//      least is 4's 0.5: 10.5
	// 2026 text: the dummy's score is capped.
	//   1: R2 is a forfeit with 3 scheduled: 16.4.1 caps it at 3's adjusted
	//      score, min(3.5, 1.5) = 1.5. R3 is a bye: 16.4.2 caps it at half
	//      the maximum after 4 rounds, min(3.5, 0.5*4) = 2.0.
	//      BH = 0.5 + 1.5 + 2.0 + 3.5 = 7.5
	//      SB = 0.5*1 + 1.5*1 + 2.0*1 + 3.5*0.5 = 5.75
	//      BH-C1 = 7.5 - 0.5 = 7.0
	//   3: R2 forfeit lost to 1: min(1.5, 3.5) = 1.5, as in 2024.
	//      BH = 6 (1.5) + dummy (1.5) + 2 (3.5) + 4 (0.5) = 7.0 both years.
	//      BH-C1: the least is 4's 0.5, but the VUR (the forfeit loss, 1.5)
	//      is not lower, so it is cut (16.5): 5.5 both years.
	//   5: R3 half-point bye: min(2.0, 2.0) = 2.0, as in 2024.
	//      BH = 2 (3.5) + 4 (0.5) + dummy (2.0) + 6 (1.5) = 7.5 both years.
	//   2 played every round: BH = 5 (2.0) + 6 (1.5) + 3 (1.5) + 1 (3.5) =
	//      8.5, SB = 2.0 + 1.5 + 1.5 + 3.5*0.5 = 6.75, both years.
	// So 1 and 2, both on 3.5, rank 1-2 on BH under the 2024 text and 2-1
	// under the 2026 one.
	tbs, err := ParseTieBreaks("BH,SB,BH-C1")
	if err != nil {
		t.Fatal(err)
	}
	want := map[Edition]map[int][3]string{
		Edition2024: {1: {"11", "9.25", "10.5"}, 2: {"8.5", "6.75", ""}, 3: {"7", "", "5.5"}, 5: {"7.5", "", ""}},
		Edition2026: {1: {"7.5", "5.75", "7"}, 2: {"8.5", "6.75", ""}, 3: {"7", "", "5.5"}, 5: {"7.5", "", ""}},
	}
	order := map[Edition]string{Edition2024: "1 2", Edition2026: "2 1"}
	for ed, players := range want {
		st, err := StandingsWith(swissCaps(t), 4, tbs, StandingsOptions{Edition: ed})
		if err != nil {
			t.Fatal(err)
		}
		byNum := map[int]Standing{}
		for _, s := range st {
			byNum[s.Number] = s
		}
		for n, ws := range players {
			for k, w := range ws {
				if g := byNum[n].Values[k].String(); w != "" && g != w {
					t.Errorf("%s text: %s of player %d = %s, want %s", ed, tbs[k], n, g, w)
				}
			}
		}
		if g := strconv.Itoa(st[0].Number) + " " + strconv.Itoa(st[1].Number); g != order[ed] {
			t.Errorf("%s text: first two %s, want %s", ed, g, order[ed])
		}
	}
	// After 2 rounds 1 has 2.0, and the caps take the scores after 2
	// rounds: 4 has 0 + 0.5 = 0.5, 3 has 0.5 + 0 = 0.5. BH of 1: 2024,
	// 0.5 + 2.0 (the dummy) = 2.5; 2026, 0.5 + min(2.0, 0.5) = 1.0.
	for ed, w := range map[Edition]string{Edition2024: "2.5", Edition2026: "1"} {
		st, err := StandingsWith(swissCaps(t), 2, tbs[:1], StandingsOptions{Edition: ed})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range st {
			if s.Number == 1 && s.Values[0].String() != w {
				t.Errorf("%s text, after round 2: BH of 1 = %s, want %s", ed, s.Values[0], w)
			}
		}
	}
}

func TestEditionOn(t *testing.T) {
	oslo := time.FixedZone("CET", 3600)
	for _, c := range []struct {
		day  time.Time
		want Edition
	}{
		{time.Date(2024, 8, 1, 0, 0, 0, 0, time.UTC), Edition2024},
		{time.Date(2026, 2, 28, 23, 59, 0, 0, time.UTC), Edition2024},
		{time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), Edition2026},
		// The day counts where it is: 1 March at 00:30 in Oslo is still
		// 28 February in UTC.
		{time.Date(2026, 3, 1, 0, 30, 0, 0, oslo), Edition2026},
		{time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC), Edition2026},
		{time.Date(2019, 5, 1, 0, 0, 0, 0, time.UTC), Edition2024},
	} {
		if g := EditionOn(c.day); g != c.want {
			t.Errorf("EditionOn(%s) = %s, want %s", c.day, g, c.want)
		}
	}
}

func TestParseEdition(t *testing.T) {
	for s, want := range map[string]Edition{"2024": Edition2024, "2026": Edition2026, " 2026 ": Edition2026} {
		if g, err := ParseEdition(s); err != nil || g != want {
			t.Errorf("ParseEdition(%q) = %s, %v; want %s", s, g, err, want)
		}
	}
	for _, s := range []string{"", "2025", "2023", "latest", strings.Repeat("9", 500)} {
		_, err := ParseEdition(s)
		if err == nil || !strings.Contains(err.Error(), "want 2024 or 2026") || len(err.Error()) > 120 {
			t.Errorf("ParseEdition(%.20q): error %v", s, err)
		}
	}
	if Edition2024.String() != "2024" || Edition2026.String() != "2026" || Edition(9).String() != "Edition(9)" {
		t.Errorf("String: %s %s %s", Edition2024, Edition2026, Edition(9))
	}
}

func TestStandingsOptionsChecked(t *testing.T) {
	tbs := []TieBreak{{Method: ARO}}
	for _, opt := range []StandingsOptions{{Edition: 7}, {UnratedRating: -1}, {UnratedRating: 4001}} {
		if _, err := StandingsWith(swissCaps(t), 4, tbs, opt); err == nil {
			t.Errorf("options %+v: no error", opt)
		}
	}
}
