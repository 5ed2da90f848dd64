package event

import (
	"errors"
	"strings"
	"testing"
)

// lateField is eleven players (2400 down to 2030) with round 1 published
// and started, and the number each had in round 1, by ID.
func lateField(t *testing.T, late string) (*fixture, map[int]int) {
	t.Helper()
	f := newFixture(t, Settings{Name: "Late", Rounds: 5, LateEntries: late}, "late entries", players(11))
	startRound(f, 1)
	finishRound(f, 1)
	was := map[int]int{}
	for _, p := range f.st.Public().Players {
		was[p.ID] = p.Number
	}
	return f, was
}

func byName(e Event, name string) Player {
	for _, p := range e.Players {
		if p.Name == name {
			return p
		}
	}
	return Player{}
}

// TestLateEntryRerank: by default a 2200 entered before round 2 is ranked
// in at number 7 and players 7-11 move down one; round 1 keeps showing the
// numbers it was published with, the history says what changed, and the
// preview said so before.
func TestLateEntryRerank(t *testing.T) {
	f, was := lateField(t, "")
	kim := []PlayerInfo{{Name: "Late, Kim", Rating: 2200}}
	want := "Late, Kim gets number 7; players 7-11 move down one (to 8-12); round 1, published, keeps the numbers it was published with"
	if got, err := f.st.PreviewPlayers(kim); err != nil || got != want {
		t.Errorf("preview: %q, %v\nwant %q", got, err, want)
	}
	if n := len(f.st.Public().Players); n != 11 {
		t.Fatalf("the preview added a player: %d", n)
	}
	st := f.do(Change{Kind: KindAddPlayers, Players: kim})
	e := st.Public()
	if p := byName(e, "Late, Kim"); p.Number != 7 || p.Joined != 2 {
		t.Errorf("Kim: number %d, joined %d; want 7, 2", p.Number, p.Joined)
	}
	r1 := &e.Schedule[0]
	for _, p := range e.Players {
		if p.Name == "Late, Kim" {
			continue
		}
		if was[p.ID] >= 7 && p.Number != was[p.ID]+1 || was[p.ID] < 7 && p.Number != was[p.ID] {
			t.Errorf("%s: number %d, was %d", p.Name, p.Number, was[p.ID])
		}
		if got := e.NumberIn(r1, p.ID); got != was[p.ID] {
			t.Errorf("%s in round 1: number %d, want the published %d", p.Name, got, was[p.ID])
		}
	}
	if got := e.NumberNote(st.Version()); got != want {
		t.Errorf("history note: %q\nwant %q", got, want)
	}
	// Round 2 is paired with the new numbers; its numbers are the players'.
	startRound(f, 2)
	e = f.st.Public()
	if e.Schedule[1].Numbers != nil {
		t.Errorf("round 2 keeps numbers of its own: %v", e.Schedule[1].Numbers)
	}
	if got := e.NumberIn(&e.Schedule[1], byName(e, "Late, Kim").ID); got != 7 {
		t.Errorf("Kim in round 2: %d, want 7", got)
	}
	// A second late entry keeps round 1's numbers and freezes round 2's.
	finishRound(f, 2)
	st = f.do(Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "Top, Ann", Rating: 2500}}})
	e = st.Public()
	if got := e.NumberIn(&e.Schedule[0], byName(e, "Player 01").ID); got != 1 {
		t.Errorf("Player 01 in round 1: %d, want 1", got)
	}
	if got := e.NumberIn(&e.Schedule[1], byName(e, "Late, Kim").ID); got != 7 {
		t.Errorf("Kim in round 2: %d, want 7", got)
	}
	if got := byName(e, "Late, Kim").Number; got != 8 {
		t.Errorf("Kim now: %d, want 8", got)
	}
	want = "Top, Ann gets number 1; players 1-12 move down one (to 2-13); rounds 1 and 2, published, keep the numbers they were published with"
	if got := e.NumberNote(st.Version()); got != want {
		t.Errorf("second note: %q\nwant %q", got, want)
	}
}

// TestLateEntryNext: with LateEntries next the late entry gets number 12
// and nobody else's number changes.
func TestLateEntryNext(t *testing.T) {
	f, was := lateField(t, LateNext)
	kim := []PlayerInfo{{Name: "Late, Kim", Rating: 2200}}
	want := "Late, Kim gets number 12; no other number changes"
	if got, err := f.st.PreviewPlayers(kim); err != nil || got != want {
		t.Errorf("preview: %q, %v\nwant %q", got, err, want)
	}
	st := f.do(Change{Kind: KindAddPlayers, Players: kim})
	e := st.Public()
	for _, p := range e.Players {
		if p.Name == "Late, Kim" {
			if p.Number != 12 {
				t.Errorf("Kim: %d, want 12", p.Number)
			}
		} else if p.Number != was[p.ID] {
			t.Errorf("%s: %d, was %d", p.Name, p.Number, was[p.ID])
		}
	}
	if e.Schedule[0].Numbers != nil {
		t.Errorf("round 1 keeps numbers though none changed: %v", e.Schedule[0].Numbers)
	}
	if got := e.NumberNote(st.Version()); got != want {
		t.Errorf("history note: %q", got)
	}
	// A rating correction does not renumber either.
	p3 := byName(e, "Player 03")
	st = f.do(Change{Kind: KindEditPlayer, Player: p3.ID, Players: []PlayerInfo{{Name: p3.Name, Rating: 2450}}})
	if got := byName(st.Public(), "Player 03").Number; got != 3 {
		t.Errorf("Player 03 after a new rating: %d, want 3", got)
	}
	startRound(f, 2) // the pairing takes the numbers as they are
}

// TestLateEntriesSetting: the setting is checked, and before round 1 is
// public every entry re-ranks the field without a note.
func TestLateEntriesSetting(t *testing.T) {
	f := newFixture(t, Settings{Name: "Late", Rounds: 5}, "late entries", players(4))
	if got := f.st.Public().LateEntries; got != LateRerank {
		t.Errorf("default: %q, want %q", got, LateRerank)
	}
	bad := Settings{Name: "Late", Rounds: 5, LateEntries: "sometimes"}
	f.fail(Change{Kind: KindSettings, Settings: &bad}, ErrInvalid, `late entries "sometimes": want rerank`)
	next := Settings{Name: "Late", Rounds: 5, LateEntries: LateNext}
	f.do(Change{Kind: KindSettings, Settings: &next})
	// Not started: the numbers are provisional and follow the ratings.
	st := f.do(Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "Top", Rating: 2600}}})
	if got := byName(st.Public(), "Top").Number; got != 1 {
		t.Errorf("Top before round 1: number %d, want 1", got)
	}
	if n := st.Public().NumberChanges; n != nil {
		t.Errorf("notes before round 1: %v", n)
	}
	if _, err := f.st.PreviewPlayers(nil); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "no players") {
		t.Errorf("empty preview: %v", err)
	}
}
