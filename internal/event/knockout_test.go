package event

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chess960/chess960/pairing"
)

// koEvent makes an 8-player knockout through the Service: 2-game
// matches, a ladder of two rapid and two blitz games, an Armageddon by
// lot, and the third place played for.
func koEvent(t *testing.T) (*Service, string, Actor) {
	t.Helper()
	svc := NewService(newMem())
	ps := make([]PlayerInfo, 8)
	for i := range ps {
		ps[i] = PlayerInfo{Name: fmt.Sprintf("Seed %d", i+1), Rating: 2700 - 10*i}
	}
	set := Settings{Name: "KO Open", System: Knockout, TimeControl: "90+30", Knockout: KnockoutRules{Games: 2,
		Ladder:     []TieBreakStage{{Games: 2, TimeControl: "15+10"}, {Games: 2, TimeControl: "5+3"}},
		Armageddon: true, ArmageddonWhite: "5+2", ArmageddonBlack: "4+2", Places: 4}}
	st, _, err := svc.Create(context.Background(), Init{Settings: set, Players: ps, Seed: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"})
	if err != nil {
		t.Fatal(err)
	}
	return svc, st.ID(), Actor{Role: RoleAdmin, Label: "admin"}
}

// TestKnockoutEvent runs the knockout from the first pairing to the
// verification: each round of the schedule is the next game of every
// match going on; the colours alternate from the better seed's White; a
// match's games share one position and each tie-break stage has a new
// one, never one played before; the Armageddon's draw puts Black through;
// the semi-finals' losers play for third place; and the PGN names each
// game round.match.game with its stage.
func TestKnockoutEvent(t *testing.T) {
	svc, id, admin := koEvent(t)
	ctx := context.Background()
	do := func(c Change) *State {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, admin, c)
		if err != nil {
			t.Fatalf("%s %+v: %v", c.Kind, c, err)
		}
		return st
	}
	// result scripts the games by the players' seeds (the names say it).
	seed := func(e *Event, pid int) int {
		var s int
		fmt.Sscanf(e.PlayerName(pid), "Seed %d", &s)
		return s
	}
	result := func(e *Event, b Board) string {
		w, bl := seed(e, b.White), seed(e, b.Black)
		better := min(w, bl)
		win := func(s int) string { // s wins
			if s == w {
				return "1-0"
			}
			return "0-1"
		}
		switch b.KO.Match {
		case "1.2": // 4 v 5: everything drawn, the Armageddon too
			return "1/2-1/2"
		case "1.3": // 2 v 7: 7 wins game 1, then a draw
			if b.KO.N == 1 {
				return win(7)
			}
			return "1/2-1/2"
		case "1.4": // 3 v 6: each wins with White, then 3 wins the rapid's first game and draws the second
			switch b.KO.N {
			case 1, 2:
				return "1-0"
			case 3:
				return win(3)
			}
			return "1/2-1/2"
		}
		return win(better)
	}
	var labels []string
	armBlack := 0
	for n := 1; ; n++ {
		st, _, err := svc.Apply(ctx, id, admin, Change{Kind: KindPair, Round: n})
		if err != nil {
			if !strings.Contains(err.Error(), "the knockout is over") {
				t.Fatalf("pair %d: %v", n, err)
			}
			break
		}
		r := st.Admin().Schedule[n-1]
		labels = append(labels, fmt.Sprintf("%d.%d:%d", r.KORound, r.KOGame, len(r.Boards)))
		do(Change{Kind: KindPublish, Round: n})
		st = do(Change{Kind: KindStart, Round: n})
		e := st.Admin()
		for _, b := range e.Schedule[n-1].Boards {
			if b.KO.Armageddon {
				armBlack = seed(&e, b.Black)
			}
			do(Change{Kind: KindResult, Round: n, Board: b.Board, Result: result(&e, b)})
		}
		if n > 40 {
			t.Fatal("no end")
		}
	}
	// Round 1's matches take 7 games (1.2: two, two rapid, two blitz,
	// the Armageddon); the semi-finals and the final with the third
	// place 2 each.
	if got, want := strings.Join(labels, " "), "1.1:4 1.2:4 1.3:2 1.4:2 1.5:1 1.6:1 1.7:1 2.1:2 2.2:2 3.1:2 3.2:2"; got != want {
		t.Errorf("the schedule's rounds (bracket round.game:boards) %s, want %s", got, want)
	}
	st, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	e := st.Admin()
	// Colours: game 1 the better seed White, game 2 reversed.
	for _, b := range e.Schedule[0].Boards {
		if w, bl := seed(&e, b.White), seed(&e, b.Black); w > bl {
			t.Errorf("round 1, match %s: game 1 has seed %d White against %d", b.KO.Match, w, bl)
		}
	}
	for _, b := range e.Schedule[1].Boards {
		if w, bl := seed(&e, b.White), seed(&e, b.Black); w < bl {
			t.Errorf("round 2, match %s: game 2 has seed %d White against %d", b.KO.Match, w, bl)
		}
	}
	// Positions: one per match stage (and unit), none twice.
	unitPos := map[string]int{}
	posUnit := map[int]string{}
	for _, r := range e.Schedule {
		for _, b := range r.Boards {
			if b.Position == nil {
				t.Fatalf("round %d board %d has no position", r.Number, b.Board)
			}
			u := fmt.Sprintf("%s/%d/%d", b.KO.Match, b.KO.Stage, b.KO.Unit)
			p := b.Position.ID()
			if q, ok := unitPos[u]; ok && q != p {
				t.Errorf("unit %s plays %d and %d", u, q, p)
			}
			if v, ok := posUnit[p]; ok && v != u {
				t.Errorf("position %d is played by %s and %s", p, v, u)
			}
			unitPos[u], posUnit[p] = p, u
		}
	}
	// 8 match stages of round 1 (4 matches, two ladders' stages for 1.2,
	// one for 1.4, the Armageddon), 2 semi-finals, the final and the
	// third place.
	if len(unitPos) != 4+3+1+2+2 {
		t.Errorf("%d position units, want 12: %v", len(unitPos), unitPos)
	}
	b, err := e.Bracket()
	if err != nil {
		t.Fatal(err)
	}
	m12 := b.Rounds[0][1]
	if m12.Winner != armBlack || armBlack == 0 {
		t.Errorf("match 1.2's Armageddon was drawn: Black (seed %d) goes through; the winner is seed %d", armBlack, m12.Winner)
	}
	var places []string
	for _, p := range b.Places {
		places = append(places, fmt.Sprintf("%d-%d:%s", p.From, p.To, e.PlayerName(e.SeedPlayer(p.Seed))))
	}
	want := fmt.Sprintf("1-1:Seed 1 2-2:Seed 3 3-3:Seed %d 4-4:Seed 7 5-8:Seed 2 5-8:Seed %d 5-8:Seed 6 5-8:Seed 8", armBlack, 9-armBlack)
	if got := strings.Join(places, " "); got != want || !b.Finished {
		t.Errorf("places %s, want %s (finished %v)", got, want, b.Finished)
	}

	// The PGN: round.match.game and the stage.
	var pgn bytes.Buffer
	if err := e.PGN(&pgn); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`[Round "1.2.7"]`, `[Stage "Armageddon (5+2 v 4+2; a draw is Black's win)"]`, `[Round "1.4.3"]`, `[Stage "Tie-break 1 (15+10)"]`, `[Round "3.2.2"]`} {
		if !strings.Contains(pgn.String(), s) {
			t.Errorf("the PGN has no %s", s)
		}
	}
	// The end: finish, and every position re-derives.
	st = do(Change{Kind: KindFinish})
	pub := st.Public()
	v, err := pub.Verify("")
	if err != nil || !v.OK || len(v.Checks) != 23 {
		t.Fatalf("verify: %v, ok %v, %d checks", err, v.OK, len(v.Checks))
	}
	if !strings.Contains(v.Command, "--count 12") {
		t.Errorf("the command draws 12 positions: %s", v.Command)
	}
	if _, err := pub.Standings(0); err == nil || !strings.Contains(err.Error(), "bracket") {
		t.Errorf("a knockout's standings: %v", err)
	}
	if err := pub.TRF(new(bytes.Buffer), pairing.TRF16); err == nil || !strings.Contains(err.Error(), "TRF") {
		t.Errorf("a knockout's TRF: %v", err)
	}
}

// TestKnockoutRefusals: what a knockout refuses, naming the reason: a
// result that would undo a game already paired, a decision for someone
// not in the match, a choice the format does not have, a manual pairing,
// the next pairing before the results, bad rules.
func TestKnockoutRefusals(t *testing.T) {
	svc, id, admin := koEvent(t)
	ctx := context.Background()
	do := func(c Change) error {
		_, _, err := svc.Apply(ctx, id, admin, c)
		return err
	}
	must := func(c Change) {
		t.Helper()
		if err := do(c); err != nil {
			t.Fatalf("%s: %v", c.Kind, err)
		}
	}
	refused := func(c Change, want string) {
		t.Helper()
		if err := do(c); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s %+v: %v; want %q", c.Kind, c, err, want)
		}
	}
	refused(Change{Kind: KindSetPairing, Round: 1, Pairs: []ManualPair{{White: 1, Black: 2}}}, "follow from its bracket")
	for _, k := range []ChangeKind{KindPair, KindPublish, KindStart} {
		must(Change{Kind: k, Round: 1})
	}
	refused(Change{Kind: KindPair, Round: 2}, "round 1 has 4 boards without a result")
	for b := 1; b <= 4; b++ {
		must(Change{Kind: KindResult, Round: 1, Board: b, Result: "1/2-1/2"})
	}
	for _, k := range []ChangeKind{KindPair, KindPublish, KindStart} {
		must(Change{Kind: k, Round: 2})
	}
	for b := 1; b <= 4; b++ {
		must(Change{Kind: KindResult, Round: 2, Board: b, Result: "1/2-1/2"})
	}
	must(Change{Kind: KindPair, Round: 3}) // the rapid's first games of all four matches
	// Game 1 of match 1.1 now won: 1.1 would be over after game 2, and
	// round 3 has its game 3.
	refused(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"}, "match 1.1 would be over before its game 3")
	refused(Change{Kind: KindDecide, Match: "1.1", Player: 3}, "player 3 is neither")
	refused(Change{Kind: KindDecide, Match: "4.1", Player: 1}, "no match 4.1")
	refused(Change{Kind: KindDecide, Match: "x", Player: 1}, `match "x": want round.match`)
	refused(Change{Kind: KindChoose, Match: "1.1", Color: "w"}, "not chosen by the players")
	// A walkover while its game is paired: the board's game would go.
	refused(Change{Kind: KindDecide, Match: "1.1", Player: 1, Note: "walkover"}, "match 1.1 would be over before its game 3")
	must(Change{Kind: KindUnpair, Round: 3})
	// Seed 1 withdraws: the next pairing asks for the walkover first.
	must(Change{Kind: KindWithdraw, Player: 1, Round: 3})
	refused(Change{Kind: KindPair, Round: 3}, `"Seed 1", of match 1.1, has withdrawn: decide the match for the other player`)
	must(Change{Kind: KindDecide, Match: "1.1", Player: 8, Note: "seed 1 withdrew"})
	st, err := svc.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	e := st.Public()
	b, err := e.Bracket()
	if err != nil {
		t.Fatal(err)
	}
	if m := b.Rounds[0][0]; m.Winner != 8 || !m.ByArbiter {
		t.Errorf("match 1.1 after the walkover: %+v", m)
	}
	if len(e.Decisions) != 1 || e.Decisions[0].Note != "seed 1 withdrew" || e.Decisions[0].By != "admin" {
		t.Errorf("the decision kept: %+v", e.Decisions)
	}
	must(Change{Kind: KindPair, Round: 3})
	st, _ = svc.Load(ctx, id)
	if n := len(st.Admin().Schedule[2].Boards); n != 3 {
		t.Errorf("round 3 after the walkover: %d boards, want 3", n)
	}

	for name, rules := range map[string]KnockoutRules{
		"places 6": {Places: 6}, "seeding": {Seeding: "age"}, "colours": {Colors: "coin"},
		"sudden death first":  {Ladder: []TieBreakStage{{Games: 1, SuddenDeath: true}, {Games: 2}}},
		"stage without games": {Ladder: []TieBreakStage{{}}},
	} {
		_, _, err := NewService(newMem()).Create(ctx, Init{Settings: Settings{Name: "Bad", System: Knockout, Knockout: rules},
			Players: []PlayerInfo{{Name: "A"}, {Name: "B"}}})
		if err == nil {
			t.Errorf("%s: a knockout with rules %+v is made", name, rules)
		}
	}
}
