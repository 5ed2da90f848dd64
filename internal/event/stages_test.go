package event

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestTwoStages runs a Freestyle-style event from the first entry to the
// final: two round-robin groups of four, then a knockout of the top two
// of each (2-game matches, the third place played for). The qualifiers
// are seeded by their groups' ranks (A1, B1, A2, B2), so the semi-finals
// are A1-B2 and B1-A2; the knockout plays no position the groups played;
// and what cannot be a stage's source is refused.
func TestTwoStages(t *testing.T) {
	ctx := context.Background()
	svc := NewService(newMem())
	group := func(id string, names ...string) {
		t.Helper()
		var ps []PlayerInfo
		for i, n := range names {
			ps = append(ps, PlayerInfo{Name: n, Rating: 2600 - 20*i})
		}
		if _, _, err := svc.Create(ctx, Init{ID: id, Settings: Settings{Name: "Group " + id, System: RoundRobin}, Players: ps}); err != nil {
			t.Fatal(err)
		}
	}
	group("grp-a", "A-one", "A-two", "A-three", "A-four")
	group("grp-b", "B-one", "B-two", "B-three", "B-four")
	must := func(id string, c Change) *State {
		t.Helper()
		st, _, err := svc.Apply(ctx, id, Actor{Role: RoleAdmin, Label: "admin"}, c)
		if err != nil {
			t.Fatalf("%s %s: %v", id, c.Kind, err)
		}
		return st
	}
	// Each group: the higher-rated player wins every game, but A-three
	// beats A-two (so A's second is A-three).
	rank := func(name string) int {
		for i, s := range []string{"one", "two", "three", "four"} {
			if strings.HasSuffix(name, "-"+s) {
				return i
			}
		}
		return 9
	}
	playGroup := func(id string, upset [2]string) {
		t.Helper()
		for n := 1; ; n++ {
			_, _, err := svc.Apply(ctx, id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindPair, Round: n})
			if err != nil {
				if n < 4 {
					t.Fatalf("%s: pair %d: %v", id, n, err)
				}
				break
			}
			must(id, Change{Kind: KindPublish, Round: n})
			st := must(id, Change{Kind: KindStart, Round: n})
			e := st.Admin()
			for _, b := range e.Schedule[n-1].Boards {
				w, bl := e.PlayerName(b.White), e.PlayerName(b.Black)
				res := "1-0"
				if rank(bl) < rank(w) {
					res = "0-1"
				}
				if w == upset[0] && bl == upset[1] {
					res = "1-0"
				} else if bl == upset[0] && w == upset[1] {
					res = "0-1"
				}
				must(id, Change{Kind: KindResult, Round: n, Board: b.Board, Result: res})
			}
		}
	}
	ko := Settings{Name: "Finals", System: Knockout, Knockout: KnockoutRules{Games: 2, Places: 4}}
	// Not over yet: refused.
	if _, _, err := svc.Create(ctx, Init{Settings: ko, From: []StageSource{{Event: "grp-a", Top: 2}}}); err == nil || !strings.Contains(err.Error(), "the stage is not over") {
		t.Errorf("a stage from a group not played: %v", err)
	}
	playGroup("grp-a", [2]string{"A-three", "A-two"})
	playGroup("grp-b", [2]string{})
	for _, tc := range []struct {
		in   Init
		want string
	}{
		{Init{Settings: ko, From: []StageSource{{Event: "grp-a", Top: 2}}, Players: []PlayerInfo{{Name: "X"}}}, "give no players"},
		{Init{Settings: Settings{Name: "S", System: Swiss, Rounds: 3}, From: []StageSource{{Event: "grp-a", Top: 2}}}, "only a knockout"},
		{Init{Settings: ko, From: []StageSource{{Event: "grp-a", Top: 5}}}, "the stage has 4 players"},
		{Init{Settings: ko, From: []StageSource{{Event: "grp-a", Top: 2}, {Event: "grp-a", Top: 2}}}, "given twice"},
		{Init{Settings: ko, From: []StageSource{{Event: "nope-x", Top: 2}}}, "no such event"},
	} {
		if _, _, err := svc.Create(ctx, tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v; want %q", tc.in.From, err, tc.want)
		}
	}
	// A group where every game is drawn: its cut falls in a tie.
	group("grp-c", "C-one", "C-two", "C-three", "C-four")
	for n := 1; n <= 3; n++ {
		must("grp-c", Change{Kind: KindPair, Round: n})
		must("grp-c", Change{Kind: KindPublish, Round: n})
		st := must("grp-c", Change{Kind: KindStart, Round: n})
		for _, b := range st.Admin().Schedule[n-1].Boards {
			must("grp-c", Change{Kind: KindResult, Round: n, Board: b.Board, Result: "1/2-1/2"})
		}
	}
	if _, _, err := svc.Create(ctx, Init{Settings: ko, From: []StageSource{{Event: "grp-c", Top: 2}}}); err == nil || !strings.Contains(err.Error(), "the cut after place 2 falls in a tie") {
		t.Errorf("a cut in a tie: %v", err)
	}
	st, _, err := svc.Create(ctx, Init{ID: "finals", Settings: ko, From: []StageSource{{Event: "grp-a", Top: 2}, {Event: "grp-b", Top: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	e := st.Admin()
	var names []string
	for _, p := range e.Players {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "A-one B-one A-three B-two" {
		t.Errorf("the qualifiers in seed order: %s", got)
	}
	if len(e.From) != 2 || e.From[0].Name != "Group grp-a" || e.From[1].Top != 2 || e.Knockout.Seeding != KOSeedingEntry {
		t.Errorf("the stage's sources: %+v, seeding %s", e.From, e.Knockout.Seeding)
	}
	// The group's organiser links the finals from the group's page; the
	// link needs the admin link, and an event that does take the group's
	// players.
	g := must("grp-a", Change{Kind: KindNextStage, Event: "finals"})
	if nx := g.Public().Next; len(nx) != 1 || nx[0].Event != "finals" || nx[0].Name != "Finals" || nx[0].Top != 2 {
		t.Errorf("grp-a's next stage: %+v", nx)
	}
	if _, _, err := svc.Apply(ctx, "grp-a", Actor{Role: RoleArbiter, Label: "arb"}, Change{Kind: KindNextStage, Event: "finals"}); err == nil || !strings.Contains(err.Error(), "admin link") {
		t.Errorf("next-stage by an arbiter: %v", err)
	}
	if _, _, err := svc.Apply(ctx, "grp-c", Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindNextStage, Event: "finals"}); err == nil || !strings.Contains(err.Error(), "does not take its players from grp-c") {
		t.Errorf("next-stage to an event that does not take grp-c's players: %v", err)
	}
	if _, _, err := svc.Apply(ctx, "grp-a", Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindNextStage, Event: "nope-x"}); err == nil || !strings.Contains(err.Error(), "next-stage") {
		t.Errorf("next-stage to no event: %v", err)
	}
	groupPos := map[int]string{}
	for _, id := range []string{"grp-a", "grp-b"} {
		g, _ := svc.Load(ctx, id)
		for _, r := range g.Public().Schedule {
			groupPos[r.Position.ID()] = fmt.Sprintf("%s round %d", id, r.Number)
		}
	}
	// The knockout to its end: the better seed wins.
	var semis []string
	for n := 1; ; n++ {
		_, _, err = svc.Apply(ctx, "finals", Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindPair, Round: n})
		if err != nil {
			if !strings.Contains(err.Error(), "the knockout is over") {
				t.Fatal(err)
			}
			break
		}
		must("finals", Change{Kind: KindPublish, Round: n})
		st = must("finals", Change{Kind: KindStart, Round: n})
		e = st.Admin()
		for _, b := range e.Schedule[n-1].Boards {
			if g, ok := groupPos[b.Position.ID()]; ok {
				t.Errorf("round %d board %d plays position %d, which %s played", n, b.Board, b.Position.ID(), g)
			}
			if n == 1 {
				semis = append(semis, e.PlayerName(b.White)+"-"+e.PlayerName(b.Black))
			}
			res := "1-0"
			if e.seedOf(b.Black) < e.seedOf(b.White) {
				res = "0-1"
			}
			must("finals", Change{Kind: KindResult, Round: n, Board: b.Board, Result: res})
		}
	}
	if got := strings.Join(semis, " "); got != "A-one-B-two B-one-A-three" {
		t.Errorf("the semi-finals' first games: %s, want A1-B2 and B1-A2", got)
	}
	st, _ = svc.Load(ctx, "finals")
	e = st.Admin()
	b, err := e.Bracket()
	if err != nil || !b.Finished {
		t.Fatalf("the bracket: %v", err)
	}
	var places []string
	for _, p := range b.Places {
		places = append(places, fmt.Sprintf("%d:%s", p.From, e.PlayerName(e.SeedPlayer(p.Seed))))
	}
	if got := strings.Join(places, " "); got != "1:A-one 2:B-one 3:A-three 4:B-two" {
		t.Errorf("places %s", got)
	}
	st = must("finals", Change{Kind: KindFinish})
	pub := st.Public()
	if v, err := pub.Verify(""); err != nil || !v.OK {
		t.Errorf("verify: %v %+v", err, v)
	}
}
