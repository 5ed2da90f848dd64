package event

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// createOn creates an event with the service's clock at the given day.
func createOn(t *testing.T, day string, s Settings, ps []PlayerInfo) (*fixture, error) {
	t.Helper()
	svc := NewService(newMem())
	now, err := time.Parse("2006-01-02", day)
	if err != nil {
		t.Fatal(err)
	}
	svc.now = func() time.Time { return now.Add(15 * time.Hour) }
	st, _, err := svc.Create(context.Background(), Init{Settings: s, Seed: "tb", WeakSeed: true, FirstColor: "w", Players: ps})
	if err != nil {
		return nil, err
	}
	return &fixture{t: t, svc: svc, id: st.ID(), st: st}, nil
}

func TestTieBreakRulesDefault(t *testing.T) {
	// C.07 as approved on 02/02/2026 is in force from 1 March 2026; the
	// 2024 text before. An event takes the text in force on its start
	// date, or, without one, on the day it is created.
	for _, c := range []struct {
		created, start, given, want string
	}{
		{"2026-12-03", "", "", "2026"},
		{"2025-06-01", "", "", "2024"},
		{"2026-12-03", "2026-02-28", "", "2024"},
		{"2026-01-10", "2026-03-01", "", "2026"},
		{"2026-12-03", "2026-12-20", "2024", "2024"},
		{"2025-06-01", "", "2026", "2026"},
	} {
		f, err := createOn(t, c.created, Settings{Name: "E", Rounds: 3, Start: c.start, TieBreakRules: c.given}, nil)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if g := f.st.Public().TieBreakRules; g != c.want {
			t.Errorf("created %s, start %q, given %q: rules %q, want %q", c.created, c.start, c.given, g, c.want)
		}
	}
	for _, c := range []struct {
		s    Settings
		text string
	}{
		{Settings{Name: "E", Rounds: 3, TieBreakRules: "2025"}, `tie-break rules "2025": want 2024 or 2026`},
		{Settings{Name: "E", Rounds: 3, TieBreakRules: strings.Repeat("x", 300)}, "tie-break rules"},
		{Settings{Name: "E", Rounds: 3, UnratedRating: -1}, "rating for unrated players -1: want 1 to 4000"},
		{Settings{Name: "E", Rounds: 3, UnratedRating: 4001}, "rating for unrated players 4001"},
	} {
		_, err := createOn(t, "2026-12-03", c.s, nil)
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.text) || len(err.Error()) > 300 {
			t.Errorf("%.40q/%d: error %v, want one saying %q", c.s.TieBreakRules, c.s.UnratedRating, err, c.text)
		}
	}
}

// TestTieBreakRulesStored: an event stored before the setting (no
// tieBreakRules in its JSON) computes under the 2024 text, and a settings
// change that does not name the rules keeps them.
func TestTieBreakRulesStored(t *testing.T) {
	f, err := createOn(t, "2026-12-03", Settings{Name: "Old", Rounds: 1}, fivePlayers())
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.st.Backup()
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(b), `"tieBreakRules": "2026",`, "", 1)
	if old == string(b) {
		t.Fatal("the backup has no tieBreakRules to take out")
	}
	st, err := f.svc.Restore(context.Background(), []byte(old), true)
	if err != nil {
		t.Fatal(err)
	}
	g := &fixture{t: t, svc: f.svc, id: st.ID(), st: st}
	if r := g.st.Public().TieBreakRules; r != "" {
		t.Fatalf("restored without the field: %q", r)
	}
	set := g.st.Public().Settings
	set.Name = "Old, renamed"
	g.do(Change{Kind: KindSettings, Settings: &set})
	if r := g.st.Public().TieBreakRules; r != "" {
		t.Errorf("after a settings change: %q, want it kept", r)
	}
	startRound(g, 1)
	byeForfeitRound(g)
	s, err := g.st.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	if s.TieBreakRules != "2024" {
		t.Errorf("standings of a stored event: rules %q, want 2024", s.TieBreakRules)
	}
	// And the values are the 2024 ones (see TestStandingsEditions).
	if bh := bhOf(t, g, s); bh["bye"] != "1" {
		t.Errorf("BH of the bye %s, want 1 as in 2024", bh["bye"])
	}
	// The organiser may choose the 2026 text.
	set.TieBreakRules = TieBreaks2026
	g.do(Change{Kind: KindSettings, Settings: &set})
	if s, _ = g.st.Standings(0); s.TieBreakRules != "2026" || bhOf(t, g, s)["bye"] != "0.5" {
		t.Errorf("after choosing 2026: %s, BH of the bye %s", s.TieBreakRules, bhOf(t, g, s)["bye"])
	}
}

func fivePlayers() []PlayerInfo {
	return []PlayerInfo{{Name: "A", Rating: 2200}, {Name: "B", Rating: 2100}, {Name: "C", Rating: 2000}, {Name: "D", Rating: 1900}, {Name: "E", Rating: 1800}}
}

// byeForfeitRound enters round 1 of a five-player event: board 1 a forfeit
// won by White (+/-), board 2 won by White over the board; the fifth
// player has the pairing-allocated bye.
func byeForfeitRound(f *fixture) {
	f.do(Change{Kind: KindResult, Round: 1, Board: 1, Result: "+/-"})
	f.do(Change{Kind: KindResult, Round: 1, Board: 2, Result: "1-0"})
}

// bhOf returns BH (the second default tie-break) of the players of round
// 1 by their part in it: "forfeit" (won board 1 by forfeit), "forfeited",
// "won" and "lost" (board 2), "bye".
func bhOf(t *testing.T, f *fixture, s Standings) map[string]string {
	t.Helper()
	if len(s.TieBreaks) < 2 || s.TieBreaks[1] != "BH" {
		t.Fatalf("tie-breaks %v", s.TieBreaks)
	}
	r := f.st.Public().Schedule[0]
	part := map[int]string{r.Boards[0].White: "forfeit", r.Boards[0].Black: "forfeited", r.Boards[1].White: "won", r.Boards[1].Black: "lost"}
	for _, b := range r.Byes {
		part[b.Player] = "bye"
	}
	out := map[string]string{}
	for _, row := range s.Rows {
		out[part[row.Player]] = row.TieBreaks[1]
	}
	return out
}

func TestStandingsEditions(t *testing.T) {
	// One round, five players: board 1 a forfeit won by White, board 2 a
	// game won by White, the fifth player the pairing-allocated bye. After
	// the round the winners and the bye have 1.0, the others 0.
	// BH (C.07 8.1, 16.4: each own unplayed round is a dummy opponent):
	//   2024: the forfeit winner's dummy has his own 1.0: BH 1; the bye's
	//     dummy, 1.0: BH 1; the forfeit loser's, 0: BH 0; the game's
	//     winner 0 (the loser's score), its loser 1.
	//   2026: 16.4.1 caps the forfeit winner's dummy at the scheduled
	//     opponent's score, min(1.0, 0) = 0: BH 0; 16.4.2 caps the bye's at
	//     half the maximum after one round, min(1.0, 0.5) = 0.5; the
	//     forfeit loser's min(0, 1.0) = 0; the game is as in 2024.
	want := map[string]map[string]string{
		"2024": {"forfeit": "1", "bye": "1", "forfeited": "0", "won": "0", "lost": "1"},
		"2026": {"forfeit": "0", "bye": "0.5", "forfeited": "0", "won": "0", "lost": "1"},
	}
	for rules, w := range want {
		f, err := createOn(t, "2026-12-03", Settings{Name: "E", Rounds: 1, TieBreakRules: rules}, fivePlayers())
		if err != nil {
			t.Fatal(err)
		}
		startRound(f, 1)
		byeForfeitRound(f)
		s, err := f.st.Standings(0)
		if err != nil {
			t.Fatal(err)
		}
		if s.TieBreakRules != rules {
			t.Errorf("rules %q, want %q", s.TieBreakRules, rules)
		}
		got := bhOf(t, f, s)
		for part, v := range w {
			if got[part] != v {
				t.Errorf("%s text: BH of %s = %s, want %s", rules, part, got[part], v)
			}
		}
	}
}

func TestStandingsUnrated(t *testing.T) {
	// Four players, one unrated (D). Round 1 pairs 1-3 and 2-4 (the top
	// half against the bottom half): B meets D.
	ps := []PlayerInfo{{Name: "A", Rating: 2200}, {Name: "B", Rating: 2100}, {Name: "C", Rating: 2000}, {Name: "D"}}
	f, err := createOn(t, "2026-12-03", Settings{Name: "U", Rounds: 1, TieBreaks: []string{"ARO", "TPR", "BH"}}, ps)
	if err != nil {
		t.Fatal(err)
	}
	startRound(f, 1)
	finishRound(f, 1)
	s, err := f.st.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	// Without a rating for the unrated, ARO and TPR are dropped (C.07
	// article 10 leaves that rating to the regulations): "-" for all, and
	// the standings say why.
	for _, r := range s.Rows {
		if r.TieBreaks[0] != "-" || r.TieBreaks[1] != "-" || r.TieBreaks[2] == "-" {
			t.Errorf("%s: %v, want ARO and TPR -", r.Name, r.TieBreaks)
		}
	}
	if len(s.Dropped) != 2 || s.Dropped[0].TieBreak != "ARO" || s.Dropped[1].TieBreak != "TPR" || !strings.Contains(s.Dropped[0].Reason, "unrated") {
		t.Errorf("dropped: %+v", s.Dropped)
	}
	// With 1400 for the unrated: ARO is the one opponent's rating. A met
	// C (2000), B met D (1400), C met A (2200), D met B (2100).
	set := f.st.Public().Settings
	set.UnratedRating = 1400
	f.do(Change{Kind: KindSettings, Settings: &set})
	s, _ = f.st.Standings(0)
	want := map[string]string{"A": "2000", "B": "1400", "C": "2200", "D": "2100"}
	for _, r := range s.Rows {
		if r.TieBreaks[0] != want[r.Name] {
			t.Errorf("with 1400: ARO of %s = %s, want %s", r.Name, r.TieBreaks[0], want[r.Name])
		}
	}
	if len(s.Dropped) != 0 || s.UnratedRating != 1400 {
		t.Errorf("with 1400: dropped %+v, unrated rating %d", s.Dropped, s.UnratedRating)
	}
}
