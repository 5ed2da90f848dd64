package event

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/pairing"
)

// matchEvent makes an event of n players through the Service.
func matchEvent(t *testing.T, set Settings, n int) (*Service, string, Actor) {
	t.Helper()
	svc := NewService(newMem())
	ps := make([]PlayerInfo, n)
	for i := range ps {
		ps[i] = PlayerInfo{Name: fmt.Sprintf("P%d", i+1), Rating: 2500 - 20*i}
	}
	st, _, err := svc.Create(context.Background(), Init{Settings: set, Players: ps, Seed: "match-swiss-seed-7d1c0a9e4b2f63580a1b2c3d4e5f6071"})
	if err != nil {
		t.Fatal(err)
	}
	return svc, st.ID(), Actor{Role: RoleAdmin, Label: "admin"}
}

// matchKind is how the test scripts the match between entries a and b
// (a had White in its first game).
func matchKind(a, b int) int { return (7*a + 3*b) % 4 }

// TestMatchSwiss runs a Swiss of 2-game matches counted by match points,
// with an Armageddon for a tied match, from the first pairing to the
// verification. The scripted matches: kind 0, the first game's White
// wins both games; kind 1, each wins with White (1-1) and the Armageddon
// is drawn, so Black takes the match; kind 2, both games drawn and White
// wins the Armageddon; kind 3, the first game's Black wins it and draws
// the second (½-1½). Each round of matches is paired as BBP Pairings
// pairs the event's rounds of matches (testdata/matchrun).
func TestMatchSwiss(t *testing.T) {
	set := Settings{Name: "Match Swiss", System: Swiss, Rounds: 4, TimeControl: "15+10",
		Matches: MatchRules{Games: 2, Scoring: ScoreMatch, Armageddon: true, ArmageddonWhite: "5+2", ArmageddonBlack: "4+2"}}
	svc, id, admin := matchEvent(t, set, 10)
	ctx := context.Background()
	do := func(c Change) *State {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, admin, c)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.Kind, c, err)
		}
		return st
	}
	// first[match] is the first game's White and Black.
	first := map[string][2]int{}
	points := map[int]int{} // match points, as the script makes them
	var labels []string
	armRounds := 0
	for n := 1; ; n++ {
		st, _, err := svc.Apply(ctx, id, admin, Change{Kind: KindPair, Round: n})
		if err != nil {
			if !strings.Contains(err.Error(), "rounds of matches are played") {
				t.Fatalf("pair %d: %v", n, err)
			}
			break
		}
		r := st.Admin().Schedule[n-1]
		labels = append(labels, fmt.Sprintf("%d.%d:%d", r.KORound, r.KOGame, len(r.Boards)))
		do(Change{Kind: KindPublish, Round: n})
		e := do(Change{Kind: KindStart, Round: n}).Admin()
		r = e.Schedule[n-1]
		if r.KOGame == 3 {
			armRounds++
		}
		for _, b := range r.Boards {
			if b.KO == nil {
				t.Fatalf("round %d board %d: no match", n, b.Board)
			}
			if b.KO.N == 1 {
				first[b.KO.Match] = [2]int{b.White, b.Black}
			}
			f := first[b.KO.Match]
			if f[0] == 0 {
				t.Fatalf("round %d board %d: match %s has no first game", n, b.Board, b.KO.Match)
			}
			if b.KO.N == 2 && (b.White != f[1] || b.Black != f[0]) {
				t.Errorf("match %s game 2: %d v %d, want the colours of game 1 (%d v %d) reversed", b.KO.Match, b.White, b.Black, f[0], f[1])
			}
			res := ""
			switch k := matchKind(f[0], f[1]); {
			case b.KO.Armageddon && k == 1:
				res = "1/2-1/2"
				points[b.Black] += 2
			case b.KO.Armageddon && k == 2:
				res = "1-0"
				points[b.White] += 2
			case b.KO.Armageddon:
				t.Errorf("match %s (kind %d) is not tied, and has an Armageddon", b.KO.Match, k)
				res = "1-0"
			case k == 0:
				res = map[int]string{1: "1-0", 2: "0-1"}[b.KO.N]
				if b.KO.N == 2 {
					points[f[0]] += 2
				}
			case k == 1:
				res = "1-0"
			case k == 2:
				res = "1/2-1/2"
			case k == 3:
				res = map[int]string{1: "0-1", 2: "1/2-1/2"}[b.KO.N]
				if b.KO.N == 2 {
					points[f[1]] += 2
				}
			}
			do(Change{Kind: KindResult, Round: n, Board: b.Board, Result: res})
		}
		if n > 20 {
			t.Fatal("no end")
		}
	}
	st, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	e := st.Admin()
	// Every round of matches is two games, and an Armageddon for the ties
	// (kinds 1 and 2) when there are any.
	tied := map[int]int{}
	for m, f := range first {
		if k := matchKind(f[0], f[1]); k == 1 || k == 2 {
			r, _ := strconv.Atoi(strings.Split(m, ".")[0])
			tied[r]++
		}
	}
	var want []string
	for r := 1; r <= 4; r++ {
		want = append(want, fmt.Sprintf("%d.1:5", r), fmt.Sprintf("%d.2:5", r))
		if tied[r] > 0 {
			want = append(want, fmt.Sprintf("%d.3:%d", r, tied[r]))
		}
	}
	if got := strings.Join(labels, " "); got != strings.Join(want, " ") {
		t.Errorf("the schedule (round of matches.game:boards) %s, want %s", got, strings.Join(want, " "))
	}
	if armRounds == 0 {
		t.Fatal("the script made no tied match: the test checks nothing of the Armageddon")
	}
	// The standings count match points.
	s, err := e.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rounds != 4 {
		t.Errorf("standings after %d rounds, want 4 (rounds of matches)", s.Rounds)
	}
	for _, row := range s.Rows {
		if row.Points != strconv.Itoa(points[row.Player])+".0" {
			t.Errorf("%s: %s points, want %d", row.Name, row.Points, points[row.Player])
		}
		if row.RatedGames != 8 {
			t.Errorf("%s: %d rated games, want 8 (4 matches of 2 games; Armageddons are not rated)", row.Name, row.RatedGames)
		}
		if len(row.Results) != 4 {
			t.Errorf("%s: %d crosstable cells, want one per round of matches", row.Name, len(row.Results))
		}
	}
	// Round 1: P1's match (table 1) and its cell.
	f := first["1.1"]
	if k := matchKind(f[0], f[1]); k == 0 {
		for _, row := range s.Rows {
			if row.Player == f[0] && row.Results[0].Result != "2" {
				t.Errorf("%s won match 1.1 2-0: cell %q, want \"2\"", row.Name, row.Results[0].Result)
			}
		}
	}
	// Positions: one per round of matches, another for its Armageddon,
	// none twice.
	seen := map[int]string{}
	for _, r := range e.Schedule {
		if r.Position == nil {
			t.Fatalf("round %d has no position", r.Number)
		}
		u := fmt.Sprintf("%d/%v", r.KORound, r.KOGame == 3)
		if v, ok := seen[r.Position.ID()]; ok && v != u {
			t.Errorf("position %d is played by %s and %s", r.Position.ID(), v, u)
		}
		seen[r.Position.ID()] = u
	}
	if len(seen) != 4+armRounds {
		t.Errorf("%d positions, want %d", len(seen), 4+armRounds)
	}
	// The pairing of each round of matches is BBP Pairings'.
	checkMatchRounds(t, e.Tournament(4, false), 4)
	// The PGN names the games round.table.game and the Armageddon.
	var pgn bytes.Buffer
	if err := e.PGN(&pgn); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`[Round "1.1.1"]`, `[Round "4.5.2"]`, `[Stage "Armageddon (5+2 v 4+2; a draw is Black's win)"]`} {
		if !strings.Contains(pgn.String(), s) {
			t.Errorf("the PGN has no %s", s)
		}
	}
	// The TRF has each game a round (8), no Armageddon.
	var trf bytes.Buffer
	if err := e.TRF(&trf, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.ReadTRF(bytes.NewReader(trf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(tt.Players[0].Games) != 8 || !strings.Contains(trf.String(), "2-game matches") {
		t.Errorf("TRF: %d rounds for player 1, want 8; header: %s", len(tt.Players[0].Games), strings.SplitN(trf.String(), "001", 2)[0])
	}
	// The settings can change (not the rounds below those paired).
	set2 := e.Settings
	set2.Name = "Match Swiss, renamed"
	do(Change{Kind: KindSettings, Settings: &set2})
	set2.Rounds = 3
	if _, _, err := svc.Apply(ctx, id, admin, Change{Kind: KindSettings, Settings: &set2}); err == nil || !strings.Contains(err.Error(), "4 rounds are paired already") {
		t.Errorf("3 rounds after 4 rounds of matches: %v", err)
	}
	// A knockout of the top 4 may follow: the Swiss of matches is over.
	ko := Settings{Name: "Final four", System: Knockout, TimeControl: "15+10"}
	kst, _, err := svc.Create(ctx, Init{Settings: ko, From: []StageSource{{Event: id, Top: 2}}})
	if err != nil {
		t.Fatalf("a knockout of the top 2 of the Swiss of matches: %v", err)
	}
	var qualified []string
	for _, p := range kst.Admin().Players {
		qualified = append(qualified, p.Name)
	}
	if want := s.Rows[0].Name + " " + s.Rows[1].Name; strings.Join(qualified, " ") != want {
		t.Errorf("the knockout's players %v, want the standings' top two %s", qualified, want)
	}
	// Ranks 4 and 5 share their points and tie-breaks: a cut there is refused.
	if s.Rows[3].Rank == s.Rows[4].Rank {
		if _, _, err := svc.Create(ctx, Init{Settings: ko, From: []StageSource{{Event: id, Top: 4}}}); err == nil || !strings.Contains(err.Error(), "falls in a tie") {
			t.Errorf("a cut inside a tie: %v", err)
		}
	}
	// Finish: every position re-derives.
	st = do(Change{Kind: KindFinish})
	pub := st.Public()
	v, err := pub.Verify("")
	if err != nil || !v.OK || len(v.Checks) != len(e.Schedule) {
		t.Fatalf("verify: %v, ok %v, %d checks for %d rounds", err, v.OK, len(v.Checks), len(e.Schedule))
	}
	if !strings.Contains(v.Command, "--count "+strconv.Itoa(4+armRounds)) {
		t.Errorf("the command draws %d positions: %s", 4+armRounds, v.Command)
	}
}

// checkMatchRounds compares each round of tt (an event of matches as the
// pairing sees it) with BBP Pairings' pairing of tt cut before it,
// committed in testdata/matchrun/rN.pairs; with CHESS960_MATCHRUN_WRITE
// set to a directory it writes the cut files rN.trf there instead (see
// testdata/matchrun/README).
func checkMatchRounds(t *testing.T, tt *pairing.Tournament, rounds int) {
	t.Helper()
	checkBBPIn(t, tt, rounds, "testdata/matchrun", "CHESS960_MATCHRUN_WRITE")
}

// TestMatchRoundRobin: a round robin of four players in 2-game matches
// counted by games, a position for each game. The results (by the
// players' entries; the first game's White first):
//
//	P1-P4 1-0 ½-½   P2-P3 0-1 0-1    (round 1)
//	P4-P3 ½-½ ½-½   P1-P2 1-0 1-0    (round 2)
//	P2-P4 1-0 0-1   P3-P1 ½-½ 0-1    (round 3)
//
// (the Berger table's pairs; the script reads the colours from the
// boards). By hand: P1 1½ + 2 + 1½ = 5, P2 0 + 0 + 1 = 1, P3 2 + 1 + ½ =
// 3½, P4 ½ + 1 + 1 = 2½.
func TestMatchRoundRobin(t *testing.T) {
	set := Settings{Name: "Match RR", System: RoundRobin, TimeControl: "15+10", Matches: MatchRules{Games: 2, Positions: MatchEach}}
	svc, id, admin := matchEvent(t, set, 4)
	ctx := context.Background()
	// Game results for the pair {x, y}, as x's points in halves, game by game.
	halves := map[[2]int][2]int{
		{1, 4}: {2, 1}, {2, 3}: {0, 0}, {3, 4}: {1, 1}, {1, 2}: {2, 2}, {2, 4}: {2, 0}, {1, 3}: {1, 2},
	}
	do := func(c Change) *State {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, admin, c)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.Kind, c, err)
		}
		return st
	}
	for n := 1; n <= 6; n++ {
		do(Change{Kind: KindPair, Round: n})
		do(Change{Kind: KindPublish, Round: n})
		e := do(Change{Kind: KindStart, Round: n}).Admin()
		for _, b := range e.Schedule[n-1].Boards {
			x, y := min(b.White, b.Black), max(b.White, b.Black)
			h, ok := halves[[2]int{x, y}]
			if !ok {
				t.Fatalf("round %d board %d: %d v %d, a pair the table does not have", n, b.Board, b.White, b.Black)
			}
			hx := h[b.KO.N-1] // x's halves in this game
			if b.White != x {
				hx = 2 - hx
			}
			do(Change{Kind: KindResult, Round: n, Board: b.Board, Result: map[int]string{2: "1-0", 1: "1/2-1/2", 0: "0-1"}[hx]})
		}
	}
	if _, _, err := svc.Apply(ctx, id, admin, Change{Kind: KindPair, Round: 7}); err == nil || !strings.Contains(err.Error(), "3 rounds of matches are played") {
		t.Errorf("pair round 7 of a 3-round round robin of matches: %v", err)
	}
	st := do(Change{Kind: KindFinish})
	pub := st.Public()
	e := &pub
	s, err := e.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range s.Rows {
		got = append(got, r.Name+":"+r.Points)
	}
	if g, w := strings.Join(got, " "), "P1:5.0 P3:3.5 P4:2.5 P2:1.0"; g != w {
		t.Errorf("standings %s, want %s", g, w)
	}
	// A position for each game: six, all different, re-derived.
	pos := map[int]bool{}
	for _, r := range e.Schedule {
		pos[r.Position.ID()] = true
	}
	v, err := e.Verify("")
	if len(pos) != 6 || err != nil || !v.OK || !strings.Contains(v.Command, "--count 6") {
		t.Errorf("%d positions; verify %v ok %v %s", len(pos), err, v.OK, v.Command)
	}
	// The crosstable cell of P1's round 1: 1½.
	if c := s.Rows[0].Results[0]; c.Result != "1½" {
		t.Errorf("P1's round 1 cell %+v, want 1½", c)
	}
}

// TestMatchRefusals: the rules an event of matches refuses, and the
// changes that would break its rounds.
func TestMatchRefusals(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		m    MatchRules
		sys  System
		want string
	}{
		{MatchRules{Games: 3}, Swiss, "even number"},
		{MatchRules{Games: 10}, Swiss, "want 2, 4, 6 or 8"},
		{MatchRules{Games: 2, Armageddon: true}, Swiss, "set the scoring to match"},
		{MatchRules{Games: 2, Scoring: "elo"}, Swiss, "scoring"},
		{MatchRules{Games: 2, Positions: "board"}, Swiss, "match positions"},
		{MatchRules{Games: 2}, DoubleRoundRobin, "double round robin"},
		{MatchRules{Armageddon: true}, Swiss, "only for matches"},
	} {
		set := Settings{Name: "X", System: c.sys, Rounds: 3, Matches: c.m}
		_, _, err := NewService(newMem()).Create(ctx, Init{Settings: set})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v in a %s: %v, want an error saying %q", c.m, c.sys, err, c.want)
		}
	}
	set := Settings{Name: "Match Swiss", System: Swiss, Rounds: 3, TimeControl: "15+10",
		Matches: MatchRules{Games: 2, Scoring: ScoreMatch, Armageddon: true}}
	svc, id, admin := matchEvent(t, set, 4)
	try := func(c Change) error {
		_, _, err := svc.Apply(ctx, id, admin, c)
		return err
	}
	must := func(c Change) *Event {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, admin, c)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.Kind, c, err)
		}
		e := st.Admin()
		return &e
	}
	for _, c := range []Change{{Kind: KindPair, Round: 1}, {Kind: KindPublish, Round: 1}, {Kind: KindStart, Round: 1}} {
		must(c)
	}
	e := must(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"})
	must(Change{Kind: KindResult, Round: 1, Board: 2, Result: "1/2-1/2"})
	// The format stays once round 1 is paired.
	s := e.Settings
	s.Matches.Games = 4
	if err := try(Change{Kind: KindSettings, Settings: &s}); err == nil || !strings.Contains(err.Error(), "matches") {
		t.Errorf("new matches' format after round 1: %v", err)
	}
	// Game 2 follows from game 1: no pairing by hand.
	if err := try(Change{Kind: KindSetPairing, Round: 2, Pairs: []ManualPair{{White: 1, Black: 2}, {White: 3, Black: 4}}}); err == nil || !strings.Contains(err.Error(), "follows from its first game") {
		t.Errorf("set-pairing game 2: %v", err)
	}
	// A withdrawal counts in rounds of matches: round 1 is paired.
	if err := try(Change{Kind: KindWithdraw, Player: 1, Round: 1}); err == nil || !strings.Contains(err.Error(), "matches are paired already") {
		t.Errorf("withdraw from round 1 of matches: %v", err)
	}
	e = must(Change{Kind: KindPair, Round: 2})
	for _, b := range e.Schedule[1].Boards {
		if w, bl := e.Schedule[0].Boards[b.Board-1].White, e.Schedule[0].Boards[b.Board-1].Black; b.White != bl || b.Black != w {
			t.Errorf("game 2 board %d: %d v %d, want %d v %d", b.Board, b.White, b.Black, bl, w)
		}
	}
	must(Change{Kind: KindPublish, Round: 2})
	must(Change{Kind: KindStart, Round: 2})
	// Board 1: 1-0 then 1-0 for the other (tied); board 2: drawn, drawn (tied).
	must(Change{Kind: KindResult, Round: 2, Board: 1, Result: "1-0"})
	must(Change{Kind: KindResult, Round: 2, Board: 2, Result: "1/2-1/2"})
	if _, err := e.Standings(1); err == nil {
		t.Error("standings after round 1 before its Armageddon")
	}
	e = must(Change{Kind: KindPair, Round: 3})
	if r := e.Schedule[2]; r.KOGame != 3 || len(r.Boards) != 2 || !r.Boards[0].KO.Armageddon {
		t.Fatalf("round 3 is %d.%d with %d boards, want the Armageddon of both matches", r.KORound, r.KOGame, len(r.Boards))
	}
	// A correction that unties a match whose Armageddon is paired.
	if err := try(Change{Kind: KindResult, Round: 2, Board: 2, Result: "1-0"}); err == nil || !strings.Contains(err.Error(), "Armageddon") {
		t.Errorf("untie match 1.2 after its Armageddon is paired: %v", err)
	}
	// Players' rounds are rounds of matches: a bye for round 2 of matches.
	if err := try(Change{Kind: KindBye, Player: 2, Round: 2, Bye: ByeHalf}); err != nil {
		t.Errorf("a half-point bye for round 2 of matches: %v", err)
	}
	if err := try(Change{Kind: KindBye, Player: 2, Round: 1, Bye: ByeHalf}); err == nil || !strings.Contains(err.Error(), "want a round not yet paired, 2..3") {
		t.Errorf("a bye for round 1 of matches, paired: %v", err)
	}
	if slices.ContainsFunc(e.Schedule, func(r Round) bool { return r.KORound == 0 }) {
		t.Error("a round of the schedule without its round of matches")
	}
}

// TestMatchStored: the match rules and the rounds of matches survive the
// stored document.
func TestMatchStored(t *testing.T) {
	m := MatchRules{Games: 4, Scoring: ScoreMatch, Armageddon: true, ArmageddonWhite: "5+2", ArmageddonBlack: "4+2", Positions: MatchPair}
	d := &doc{Event: Event{ID: "m", Settings: Settings{Name: "M", System: Swiss, Rounds: 3, Matches: m},
		Schedule: []Round{{Number: 1, Status: Draft, KORound: 1, KOGame: 1, Boards: []Board{{Board: 1, White: 1, Black: 2, KO: &MatchGame{Match: "1.1", N: 1}}}}}}}
	back, err := decodeDoc(encodeDoc(d))
	if err != nil {
		t.Fatal(err)
	}
	if back.Matches != m {
		t.Errorf("matches %+v, want %+v", back.Matches, m)
	}
	r := back.Schedule[0]
	if r.KORound != 1 || r.KOGame != 1 || r.Boards[0].KO == nil || r.Boards[0].KO.Match != "1.1" {
		t.Errorf("round %+v", r)
	}
}

// TestMatchSwissGames: a Swiss of 4-game matches counted by games, a
// position for each two games. Nobody meets anyone twice; each match's
// games alternate colours from the first; the standings' points are
// each player's games' points as the results give them (byes: 4 points,
// a match won 4-0), and their total is every game's point.
func TestMatchSwissGames(t *testing.T) {
	set := Settings{Name: "Games Swiss", System: Swiss, Rounds: 3, TimeControl: "15+10", Matches: MatchRules{Games: 4, Positions: MatchPair}}
	svc, id, admin := matchEvent(t, set, 7)
	ctx := context.Background()
	do := func(c Change) *State {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, admin, c)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.Kind, c, err)
		}
		return st
	}
	halves := map[int]int{} // each player's points, in halves, from the script
	met := map[[2]int]bool{}
	first := map[string][2]int{}
	games := 0
	for n := 1; n <= 12; n++ {
		do(Change{Kind: KindPair, Round: n})
		do(Change{Kind: KindPublish, Round: n})
		e := do(Change{Kind: KindStart, Round: n}).Admin()
		r := e.Schedule[n-1]
		if r.KORound != (n-1)/4+1 || r.KOGame != (n-1)%4+1 {
			t.Fatalf("round %d is %d.%d", n, r.KORound, r.KOGame)
		}
		if r.KOGame == 1 {
			for _, y := range r.Byes {
				if y.Kind == ByePairing {
					halves[y.Player] += 8
				}
			}
		}
		for _, b := range r.Boards {
			if b.KO.N == 1 {
				p := [2]int{min(b.White, b.Black), max(b.White, b.Black)}
				if met[p] {
					t.Errorf("round %d: %d and %d meet again", n, b.White, b.Black)
				}
				met[p] = true
				first[b.KO.Match] = [2]int{b.White, b.Black}
			}
			f := first[b.KO.Match]
			if w := map[bool]int{true: f[0], false: f[1]}[b.KO.N%2 == 1]; b.White != w {
				t.Errorf("match %s game %d: White %d, want %d", b.KO.Match, b.KO.N, b.White, w)
			}
			// A scripted result from the players and the game.
			res := []string{"1-0", "1/2-1/2", "0-1"}[(b.White*5+b.Black*3+b.KO.N)%3]
			hw, hb := Result(res).Halves()
			halves[b.White] += hw
			halves[b.Black] += hb
			games++
			do(Change{Kind: KindResult, Round: n, Board: b.Board, Result: res})
		}
	}
	e := do(Change{Kind: KindFinish}).Public()
	s, err := e.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, row := range s.Rows {
		want := fmt.Sprintf("%d.%d", halves[row.Player]/2, 5*(halves[row.Player]%2))
		if row.Points != want {
			t.Errorf("%s: %s points, want %s", row.Name, row.Points, want)
		}
		total += halves[row.Player]
	}
	if total != 2*games+3*8 {
		t.Errorf("the points total %d halves, want %d (every game's point and three byes' four)", total, 2*games+3*8)
	}
	// A position for each two games: six draws, re-derived.
	v, err := e.Verify("")
	if err != nil || !v.OK || !strings.Contains(v.Command, "--count 6") {
		t.Errorf("verify: %v, ok %v, %s", err, v.OK, v.Command)
	}
}
