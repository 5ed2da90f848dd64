package knockout

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// brief writes a match as the tests compare it: its players, its state
// and winner, and each game as White-Black:result, with the stage.
func brief(m *Match) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d-%d %s", m.ID, m.A, m.B, m.State)
	if m.Winner != 0 {
		fmt.Fprintf(&b, " won by %d", m.Winner)
	}
	for _, g := range m.Games {
		fmt.Fprintf(&b, " [s%d %d-%d %s]", g.Stage, g.White, g.Black, g.Result)
	}
	return b.String()
}

func places(b *Bracket) string {
	var out []string
	for _, p := range b.Places {
		if p.From == p.To {
			out = append(out, fmt.Sprintf("%d:%d", p.From, p.Seed))
		} else {
			out = append(out, fmt.Sprintf("%d-%d:%d", p.From, p.To, p.Seed))
		}
	}
	return strings.Join(out, " ")
}

// TestEightAllPlaces: 8 players, 2-game matches, a 4-game final, a
// ladder of two rapid and two blitz games, then an Armageddon by lot, and
// every place played for. The results are scripted, and every game's
// colours, every match's course and the final places are written out by
// hand from the format.
func TestEightAllPlaces(t *testing.T) {
	f := Format{Games: 2, FinalGames: 4, Ladder: []Stage{{Games: 2, Control: "15+10"}, {Games: 2, Control: "3+2"}},
		Armageddon: Armageddon{On: true, White: "5+2", Black: "4+2"}, Places: 0, Colors: ByLot, Positions: PerMatch}
	// The lots give the better seed White first in the match's games and
	// in the rapid stage, not in the blitz stage nor the Armageddon.
	lot := func(id MatchID, stage int) bool { return stage < 2 }
	res := map[MatchID][]Result{
		{1, 1}: {"1-0", "1/2-1/2"},
		{1, 2}: {"0-1", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "1-0", "1/2-1/2"},
		{1, 3}: {"0-1", "1/2-1/2"},
		{1, 4}: {"+-", "1-0", "1-0", "1/2-1/2"},
	}
	in := Input{Players: 8, Format: f, Results: res, Lot: lot}
	b, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	want1 := []string{
		"1.1 1-8 decided won by 1 [s0 1-8 1-0] [s0 8-1 1/2-1/2]",
		// 5 wins game 1, 4 game 2; the rapid is drawn twice (4 White
		// first); in the blitz 5 has White first and each wins with
		// White; the Armageddon, 5 White, is drawn: Black (4) goes on.
		"1.2 4-5 decided won by 4 [s0 4-5 0-1] [s0 5-4 0-1] [s1 4-5 1/2-1/2] [s1 5-4 1/2-1/2] [s2 5-4 1-0] [s2 4-5 1-0] [s3 5-4 1/2-1/2]",
		"1.3 2-7 decided won by 7 [s0 2-7 0-1] [s0 7-2 1/2-1/2]",
		"1.4 3-6 decided won by 3 [s0 3-6 +-] [s0 6-3 1-0] [s1 3-6 1-0] [s1 6-3 1/2-1/2]",
	}
	for i, m := range b.Rounds[0] {
		if got := brief(m); got != want1[i] {
			t.Errorf("round 1:\n got %s\nwant %s", got, want1[i])
		}
	}
	if s := b.Rounds[0][1].Score; !slices.Equal(s, [][2]int{{2, 2}, {2, 2}, {2, 2}, {2, 0}}) {
		t.Errorf("1.2's stage scores: %v", s)
	}
	if !b.Rounds[0][1].Games[6].Armageddon || b.Rounds[0][1].Games[5].Armageddon {
		t.Error("1.2's seventh game is its Armageddon, and only it")
	}
	// Round 2: the winners play for 1-4, the losers for 5-8; each match's
	// first game is to be played, the better seed White.
	if len(b.Rounds) != 2 {
		t.Fatalf("%d rounds, want 2", len(b.Rounds))
	}
	want2 := []string{"2.1 1-4 playing [s0 1-4 ]", "2.2 7-3 playing [s0 3-7 ]", "2.3 8-5 playing [s0 5-8 ]", "2.4 2-6 playing [s0 2-6 ]"}
	for i, m := range b.Rounds[1] {
		if got := brief(m); got != want2[i] {
			t.Errorf("round 2 before its games:\n got %s\nwant %s", got, want2[i])
		}
		if from, to := m.From, m.To; [2]int{from, to} != [][2]int{{1, 4}, {1, 4}, {5, 8}, {5, 8}}[i] {
			t.Errorf("match %s plays for %d-%d", m.ID, from, to)
		}
	}
	if b.Finished || b.Places != nil {
		t.Error("finished before round 2")
	}

	res[MatchID{2, 1}] = []Result{"1-0", "0-1"}
	res[MatchID{2, 2}] = []Result{"1-0", "1-0", "0-1", "1/2-1/2"}
	res[MatchID{2, 3}] = []Result{"1/2-1/2", "1/2-1/2", "1-0", "0-1"}
	res[MatchID{2, 4}] = []Result{"1-0", "0-1"}
	// The final: 1 leads 3-0 after three games; the fourth is not played.
	res[MatchID{3, 1}] = []Result{"1-0", "0-1", "1-0"}
	res[MatchID{3, 2}] = []Result{"1-0", "1/2-1/2"}
	res[MatchID{3, 3}] = []Result{"0-1", "1-0"}
	res[MatchID{3, 4}] = []Result{"1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1-0"}
	b, err = Build(in)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{nil, {
		"2.1 1-4 decided won by 1 [s0 1-4 1-0] [s0 4-1 0-1]",
		"2.2 7-3 decided won by 7 [s0 3-7 1-0] [s0 7-3 1-0] [s1 3-7 0-1] [s1 7-3 1/2-1/2]",
		"2.3 8-5 decided won by 5 [s0 5-8 1/2-1/2] [s0 8-5 1/2-1/2] [s1 5-8 1-0] [s1 8-5 0-1]",
		"2.4 2-6 decided won by 2 [s0 2-6 1-0] [s0 6-2 0-1]",
	}, {
		"3.1 1-7 decided won by 1 [s0 1-7 1-0] [s0 7-1 0-1] [s0 1-7 1-0]",
		"3.2 4-3 decided won by 3 [s0 3-4 1-0] [s0 4-3 1/2-1/2]",
		"3.3 5-2 decided won by 5 [s0 2-5 0-1] [s0 5-2 1-0]",
		"3.4 8-6 decided won by 8 [s0 6-8 1/2-1/2] [s0 8-6 1/2-1/2] [s1 6-8 1/2-1/2] [s1 8-6 1/2-1/2] [s2 8-6 1/2-1/2] [s2 6-8 1/2-1/2] [s3 8-6 1-0]",
	}}
	for r := 1; r < 3; r++ {
		for i, m := range b.Rounds[r] {
			if got := brief(m); got != want[r][i] {
				t.Errorf("round %d:\n got %s\nwant %s", r+1, got, want[r][i])
			}
		}
	}
	if !b.Rounds[2][0].Final() || b.Rounds[2][1].Final() {
		t.Error("3.1 is the final, 3.2 is not")
	}
	if !b.Finished {
		t.Fatal("not finished")
	}
	if got, want := places(b), "1:1 2:7 3:3 4:4 5:5 6:2 7:8 8:6"; got != want {
		t.Errorf("places %s, want %s", got, want)
	}
}

// TestByesAndThirdPlace: 6 players, single games, the third place played
// for, a tie going to an Armageddon whose colour the better seed chooses.
func TestByesAndThirdPlace(t *testing.T) {
	f := Format{Games: 1, Armageddon: Armageddon{On: true, Choice: true}, Places: 4, Colors: BySeed, Positions: PerMatch}
	res := map[MatchID][]Result{{1, 2}: {"1-0"}, {1, 4}: {"1/2-1/2"}}
	in := Input{Players: 6, Format: f, Results: res, Choices: map[MatchID]string{}}
	b, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, m := range b.Rounds[0] {
		got = append(got, brief(m))
	}
	want := []string{"1.1 1-0 bye won by 1", "1.2 4-5 decided won by 4 [s0 4-5 1-0]", "1.3 2-0 bye won by 2", "1.4 3-6 choice [s0 3-6 1/2-1/2]"}
	if !slices.Equal(got, want) {
		t.Errorf("round 1:\n got %q\nwant %q", got, want)
	}
	// Seed 3 chooses Black; the Armageddon is drawn: 3 goes through.
	in.Choices[MatchID{1, 4}] = "b"
	res[MatchID{1, 4}] = append(res[MatchID{1, 4}], "1/2-1/2")
	res[MatchID{2, 1}] = []Result{"0-1"}
	res[MatchID{2, 2}] = []Result{"1-0"}
	res[MatchID{3, 1}] = []Result{"1/2-1/2", "0-1"}
	res[MatchID{3, 2}] = []Result{"1-0"}
	in.Choices[MatchID{3, 1}] = "w"
	if b, err = Build(in); err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, r := range b.Rounds {
		for _, m := range r {
			got = append(got, brief(m))
		}
	}
	want = []string{"1.1 1-0 bye won by 1", "1.2 4-5 decided won by 4 [s0 4-5 1-0]", "1.3 2-0 bye won by 2",
		"1.4 3-6 decided won by 3 [s0 3-6 1/2-1/2] [s1 6-3 1/2-1/2]",
		"2.1 1-4 decided won by 4 [s0 1-4 0-1]", "2.2 2-3 decided won by 2 [s0 2-3 1-0]",
		"3.1 4-2 decided won by 4 [s0 2-4 1/2-1/2] [s1 2-4 0-1]", "3.2 1-3 decided won by 1 [s0 1-3 1-0]"}
	if !slices.Equal(got, want) {
		t.Errorf("the bracket:\n got %q\nwant %q", got, want)
	}
	// The quarter-final losers (5, 6 and the byes) share the places 5-6.
	if got, want := places(b), "1:4 2:2 3:1 4:3 5-6:5 5-6:6"; got != want {
		t.Errorf("places %s, want %s", got, want)
	}
}

// TestSuddenDeathAndLots: a sudden-death stage plays until a game is won;
// a tie with nothing left is the arbiter's, whose decision (by lot, or a
// walkover) ends the match.
func TestSuddenDeathAndLots(t *testing.T) {
	f := Format{Games: 2, Ladder: []Stage{{Games: 1, SuddenDeath: true}}, Places: 2, Colors: BySeed, Positions: PerGame}
	in := Input{Players: 2, Format: f, Results: map[MatchID][]Result{{1, 1}: {"1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2", "0-1"}}}
	b, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	m := b.Rounds[0][0]
	if got, want := brief(m), "1.1 1-2 decided won by 2 [s0 1-2 1/2-1/2] [s0 2-1 1/2-1/2] [s1 1-2 1/2-1/2] [s1 2-1 1/2-1/2] [s1 1-2 0-1]"; got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	var units []int
	for _, g := range m.Games {
		units = append(units, g.Unit)
	}
	if !slices.Equal(units, []int{0, 1, 0, 1, 2}) {
		t.Errorf("units with a position a game: %v", units)
	}
	if got := places(b); got != "1:2 2:1" || !b.Finished {
		t.Errorf("places %q, finished %v", got, b.Finished)
	}

	// No ladder: a tie waits for the arbiter.
	in = Input{Players: 2, Format: Format{Games: 2, Colors: BySeed, Positions: PerMatch}, Results: map[MatchID][]Result{{1, 1}: {"1-0", "1-0"}}}
	if b, _ = Build(in); b.Rounds[0][0].State != NeedLots || b.Finished {
		t.Errorf("a tie without a ladder: %s", brief(b.Rounds[0][0]))
	}
	in.Decisions = map[MatchID]int{{1, 1}: 2}
	if b, _ = Build(in); brief(b.Rounds[0][0]) != "1.1 1-2 decided won by 2 [s0 1-2 1-0] [s0 2-1 1-0]" || !b.Rounds[0][0].ByArbiter || !b.Finished {
		t.Errorf("decided by lot: %s", brief(b.Rounds[0][0]))
	}
	// A walkover before any game: the game to play is dropped.
	in.Results = nil
	if b, _ = Build(in); brief(b.Rounds[0][0]) != "1.1 1-2 decided won by 2" {
		t.Errorf("a walkover: %s", brief(b.Rounds[0][0]))
	}
}

// TestPositionUnits: the games of a 4-game match and its 2-game
// tie-break share positions by match, by pair or by game.
func TestPositionUnits(t *testing.T) {
	for _, tc := range []struct {
		p    Positions
		want string
	}{{PerMatch, "s0u0 s0u0 s0u0 s0u0 s1u0 s1u0"}, {PerPair, "s0u0 s0u0 s0u1 s0u1 s1u0 s1u0"}, {PerGame, "s0u0 s0u1 s0u2 s0u3 s1u0 s1u1"}} {
		f := Format{Games: 4, Ladder: []Stage{{Games: 2}}, Places: 2, Colors: BySeed, Positions: tc.p}
		b, err := Build(Input{Players: 2, Format: f, Results: map[MatchID][]Result{{1, 1}: {"1-0", "1-0", "1-0", "1-0", "1/2-1/2"}}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range b.Rounds[0][0].Games {
			got = append(got, fmt.Sprintf("s%du%d", g.Stage, g.Unit))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %s, want %s", tc.p, strings.Join(got, " "), tc.want)
		}
		if n := b.Rounds[0][0].Next(); n == nil || n.N != 6 || n.Result != "" {
			t.Errorf("%s: the next game: %+v", tc.p, n)
		}
	}
}

// TestBuildErrors: input the bracket cannot take is refused, naming the
// match and the reason.
func TestBuildErrors(t *testing.T) {
	f := Format{Games: 2, Places: 2, Colors: BySeed, Positions: PerMatch}
	for _, tc := range []struct {
		name string
		in   Input
		want string
	}{
		{"one player", Input{Players: 1, Format: f}, "1 players: want 2 to 1024"},
		{"too many", Input{Players: 1025, Format: f}, "1025 players"},
		{"results after the end", Input{Players: 4, Format: f, Results: map[MatchID][]Result{{1, 1}: {"1-0", "1-0", "1-0"}}}, "match 1.1 was over after 2 games; it has 3 results"},
		{"a round not reached", Input{Players: 4, Format: f, Results: map[MatchID][]Result{{2, 1}: {"1-0"}}}, "results for match 2.1, which is not in the bracket yet"},
		{"a bad result", Input{Players: 4, Format: f, Results: map[MatchID][]Result{{1, 2}: {"2-0"}}}, `match 1.2, game 1: result "2-0"`},
		{"a decision for another", Input{Players: 4, Format: f, Decisions: map[MatchID]int{{1, 1}: 2}}, "match 1.1: the decision names seed 2, who is not one of its players"},
		{"a decision after the games", Input{Players: 4, Format: f, Results: map[MatchID][]Result{{1, 1}: {"1-0", "0-1"}}, Decisions: map[MatchID]int{{1, 1}: 4}}, "match 1.1 was won by seed 1 in its games"},
		{"a result for a bye", Input{Players: 3, Format: f, Results: map[MatchID][]Result{{1, 1}: {"1-0"}}}, "match 1.1 has a bye"},
		{"lots without a lot", Input{Players: 4, Format: Format{Games: 1, Places: 2, Colors: ByLot, Positions: PerMatch}}, "colours by lot, and no Lot"},
		{"no games", Input{Players: 4, Format: Format{Places: 2, Colors: BySeed, Positions: PerMatch}}, "0 games a match"},
		{"sudden death then more", Input{Players: 4, Format: Format{Games: 1, Ladder: []Stage{{Games: 1, SuddenDeath: true}, {Games: 2}}, Colors: BySeed, Positions: PerMatch}}, "stage 1 is sudden death"},
		{"bad colours", Input{Players: 4, Format: Format{Games: 1, Colors: "coin", Positions: PerMatch}}, `colours "coin"`},
		{"bad positions", Input{Players: 4, Format: Format{Games: 1, Colors: BySeed, Positions: "round"}}, `positions "round"`},
		{"one place", Input{Players: 4, Format: Format{Games: 1, Places: 1, Colors: BySeed, Positions: PerMatch}}, "places 1"},
	} {
		_, err := Build(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.name, err, tc.want)
		}
	}
}
