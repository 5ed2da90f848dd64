package event

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/pairing"
)

func startRound(f *fixture, rn int) Round {
	f.do(Change{Kind: KindPair, Round: rn})
	f.do(Change{Kind: KindPublish, Round: rn})
	return f.do(Change{Kind: KindStart, Round: rn}).Public().Schedule[rn-1]
}

func finishRound(f *fixture, rn int) {
	r := f.st.Public().Schedule[rn-1]
	for _, b := range r.Boards {
		f.do(Change{Kind: KindResult, Round: rn, Board: b.Board, Result: outcome(f.st.Public(), b)})
	}
}

func TestConflict(t *testing.T) {
	f := newFixture(t, Settings{Name: "Conflicts", Rounds: 3}, "c", players(8))
	startRound(f, 1)
	base := f.st.Version()
	ctx := context.Background()
	// Arbiter A enters board 1; arbiter B, who saw the same version,
	// enters board 1 too and gets a conflict with the current state.
	if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: "A"}, Change{Kind: KindResult, Base: base, Round: 1, Board: 1, Result: "1-0"}); err != nil {
		t.Fatal(err)
	}
	_, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: "B"}, Change{Kind: KindResult, Base: base, Round: 1, Board: 1, Result: "0-1"})
	var ce *ConflictError
	if !errors.As(err, &ce) {
		t.Fatalf("second entry: %v, want a conflict", err)
	}
	if ce.Subject != "round 1, board 1" || ce.Current != base+1 || ce.State.Public().Schedule[0].Boards[0].Result != "1-0" {
		t.Errorf("conflict %+v", ce)
	}
	// B's entry on another board, from the same old version, goes in.
	st, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: "B"}, Change{Kind: KindResult, Base: base, Round: 1, Board: 2, Result: "0-1"})
	if err != nil {
		t.Fatal(err)
	}
	e := st.Public()
	if e.Schedule[0].Boards[0].Result != "1-0" || e.Schedule[0].Boards[1].Result != "0-1" || e.Schedule[0].Boards[1].History[0].By != "B" {
		t.Errorf("after both: %+v", e.Schedule[0].Boards[:2])
	}
	// A pairing from an old version conflicts with results entered since
	// for that round.
	_, _, err = f.svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: "A"}, Change{Kind: KindStart, Base: base, Round: 1})
	if !errors.As(err, &ce) {
		t.Errorf("start from an old version: %v", err)
	}
	// Arbiters may not change settings or links.
	_, _, err = f.svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: "A"}, Change{Kind: KindAddLink, Label: "x"})
	if !errors.Is(err, ErrForbidden) {
		t.Errorf("arbiter adds a link: %v", err)
	}
}

func TestRefusals(t *testing.T) {
	f := newFixture(t, Settings{Name: "Refusals", Rounds: 3}, "r", players(6))
	v := f.st.Version()
	cases := []struct {
		c    Change
		want error
		text string
	}{
		{Change{Kind: "nonsense"}, ErrInvalid, "change kind"},
		{Change{}, ErrInvalid, "no kind"},
		{Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"}, ErrInvalid, "round 1: not paired"},
		{Change{Kind: KindStart, Round: 1}, ErrInvalid, "not paired"},
		{Change{Kind: KindPair, Round: 2}, ErrState, "the round to pair is 1"},
		{Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: ""}}}, ErrInvalid, "player name: empty"},
		{Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "X", Rating: 4000}}}, ErrInvalid, "rating 4000"},
		{Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "X", Federation: "NORW"}}}, ErrInvalid, "federation"},
		{Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "X", Title: "XM"}}}, ErrInvalid, "title"},
		{Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "a\x00b"}}}, ErrInvalid, "control character"},
		{Change{Kind: KindEditPlayer, Player: 99, Players: []PlayerInfo{{Name: "X"}}}, ErrInvalid, "no player has the ID 99"},
		{Change{Kind: KindWithdraw, Player: 99}, ErrInvalid, "no player"},
		{Change{Kind: KindBye, Player: 1, Round: 9, Bye: ByeHalf}, ErrInvalid, "bye in round 9"},
		{Change{Kind: KindBye, Player: 1, Round: 2, Bye: "double"}, ErrInvalid, "bye \"double\""},
		{Change{Kind: KindSettings, Settings: &Settings{Name: "x", Rounds: 0}}, ErrInvalid, "a Swiss needs 1..99 rounds"},
		{Change{Kind: KindSettings, Settings: &Settings{Name: "x", Rounds: 3, TieBreaks: []string{"XYZ"}}}, ErrInvalid, "tie-break"},
		{Change{Kind: KindSettings, Settings: &Settings{Name: "x", Rounds: 3, Positions: PositionRules{Exclude: "0-959"}}}, ErrInvalid, "no position to draw"},
		{Change{Kind: KindSettings, Settings: &Settings{Name: "x", Rounds: 3, Start: "2026-13-01"}}, ErrInvalid, "start date"},
		{Change{Kind: KindSettings, Settings: &Settings{Name: "x", Rounds: 3, Start: "2026-05-02", End: "2026-05-01"}}, ErrInvalid, "before the start"},
		{Change{Kind: KindFinish}, ErrState, "0 of 3 rounds"},
		{Change{Kind: KindRevokeLink, Link: "nope"}, ErrInvalid, "no arbiter link"},
		{Change{Kind: KindPGN, Round: 1, Board: 1, PGN: "1. e4"}, ErrInvalid, "not paired"},
	}
	for _, c := range cases {
		f.fail(c.c, c.want, c.text)
	}
	if f2, _ := f.svc.Load(context.Background(), f.id); f2.Version() != v {
		t.Errorf("refused changes changed the version: %d, was %d", f2.Version(), v)
	}
	startRound(f, 1)
	f.fail(Change{Kind: KindResult, Round: 1, Board: 1, Result: "2-0"}, ErrInvalid, "result \"2-0\"")
	f.fail(Change{Kind: KindResult, Round: 1, Board: 9, Result: "1-0"}, ErrInvalid, "boards 1..3, not 9")
	f.fail(Change{Kind: KindPair, Round: 2}, ErrState, "3 boards without a result")
	f.fail(Change{Kind: KindStart, Round: 1}, ErrState, "started already")
	f.fail(Change{Kind: KindPublish, Round: 1}, ErrState, "only a draft")
	f.fail(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: "[Result \"1-0\"]\n1. e4 *"}, ErrState, "enter the result first")
	f.do(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"})
	f.fail(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"}, ErrState, "already")
	// A PGN must start from the round's position and agree with the result.
	pos := f.st.Public().Schedule[0].Position.ID()
	other := (pos + 1) % 960
	pgnFrom := func(n int, res string) string {
		return "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + chess960.MustNew(n).FEN() + "\"]\n[Result \"" + res + "\"]\n\n" + res + "\n"
	}
	f.fail(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: pgnFrom(other, "1-0")}, ErrInvalid, "starts from position")
	f.fail(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: pgnFrom(pos, "0-1")}, ErrInvalid, "the game's result is 0-1")
	f.fail(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: pgnFrom(pos, "1-0") + pgnFrom(pos, "1-0")}, ErrInvalid, "more than one game")
	f.do(Change{Kind: KindPGN, Round: 1, Board: 1, PGN: pgnFrom(pos, "1-0")})
	// With a PGN attached, a result that contradicts it is refused.
	f.fail(Change{Kind: KindResult, Round: 1, Board: 1, Result: "0-1"}, ErrState, "the game's PGN says otherwise")
	var sb strings.Builder
	if err := func() error { e := f.st.Public(); return e.PGN(&sb) }(); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, want := range []string{"[Event \"Refusals\"]", "[Round \"1\"]", "[Board \"1\"]", "[Variant \"Chess960\"]", "[SetUp \"1\"]", "[FEN \"" + chess960.MustNew(pos).FEN() + "\"]", "[White \"Player 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("PGN export lacks %s:\n%s", want, out)
		}
	}
}

func TestDoubleRoundRobinPositions(t *testing.T) {
	f := newFixture(t, Settings{Name: "DRR", System: DoubleRoundRobin}, "drr", players(4))
	var pos []int
	for rn := 1; rn <= 6; rn++ {
		r := startRound(f, rn)
		if r.Position == nil {
			t.Fatalf("round %d: no position", rn)
		}
		pos = append(pos, r.Position.ID())
		finishRound(f, rn)
	}
	if f.st.Public().Rounds != 6 {
		t.Fatalf("rounds %d, want 6", f.st.Public().Rounds)
	}
	if pos[0] == pos[1] || pos[1] == pos[2] || pos[0] == pos[2] {
		t.Errorf("first cycle repeats: %v", pos)
	}
	// Each game of the first cycle is played again with colours reversed,
	// from the same position.
	e := f.st.Public()
	for i := range 3 {
		for _, b := range e.Schedule[i].Boards {
			found := 0
			for j := 3; j < 6; j++ {
				for _, b2 := range e.Schedule[j].Boards {
					if b2.White == b.Black && b2.Black == b.White {
						found++
						if pos[j] != pos[i] {
							t.Errorf("round %d board %d (position %d) returns in round %d with position %d", i+1, b.Board, pos[i], j+1, pos[j])
						}
					}
				}
			}
			if found != 1 {
				t.Errorf("round %d board %d: %d return games", i+1, b.Board, found)
			}
		}
	}
	f.do(Change{Kind: KindFinish})
	v, err := func() (Verification, error) { e := f.st.Public(); return e.Verify("") }()
	if err != nil || !v.OK {
		t.Fatalf("verify: %v %+v", err, v)
	}
	if !strings.Contains(v.Command, "--count 3") {
		t.Errorf("command %q: the draws are the first cycle's three", v.Command)
	}
	f.fail(Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "Late"}}}, ErrState, "finished")
}

func TestPerBoardAndExclusions(t *testing.T) {
	// Exclude all but 12 positions: 3 rounds of 4 boards take all 12.
	f := newFixture(t, Settings{Name: "Per board", Rounds: 3, Positions: PositionRules{PerBoard: true, Exclude: "12-959"}}, "pb", players(8))
	seen := map[int]bool{}
	for rn := 1; rn <= 3; rn++ {
		r := startRound(f, rn)
		if r.Position != nil {
			t.Errorf("round %d has a round position with per-board draws", rn)
		}
		for _, b := range r.Boards {
			if b.Position == nil || b.Position.ID() >= 12 || seen[b.Position.ID()] {
				t.Fatalf("round %d board %d: position %v (seen %v)", rn, b.Board, b.Position, seen)
			}
			seen[b.Position.ID()] = true
		}
		finishRound(f, rn)
	}
	if len(seen) != 12 {
		t.Errorf("%d positions", len(seen))
	}
	// Too few positions for the rounds is refused at creation.
	_, _, err := NewService(newMem()).Create(context.Background(), Init{Settings: Settings{Name: "x", Rounds: 5, Positions: PositionRules{Exclude: "4-959"}}})
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "5 rounds need 5 positions") {
		t.Errorf("create with 4 positions for 5 rounds: %v", err)
	}
}

func TestManualPairingWarnings(t *testing.T) {
	f := newFixture(t, Settings{Name: "Manual", Rounds: 4}, "m", players(4))
	startRound(f, 1)
	r1 := f.st.Public().Schedule[0]
	finishRound(f, 1)
	// Pair round 2 by hand with the round-1 games again.
	var pairs []ManualPair
	for _, b := range r1.Boards {
		pairs = append(pairs, ManualPair{White: b.White, Black: b.Black})
	}
	f.do(Change{Kind: KindSetPairing, Round: 2, Pairs: pairs})
	r := f.st.Admin().Schedule[1]
	if !r.Manual || r.Status != Draft {
		t.Fatalf("manual round: %+v", r)
	}
	joined := strings.Join(r.Warnings, "\n")
	if !strings.Contains(joined, "C.04.1 (2025) rule 2") || strings.Count(joined, "played each other in round 1") != 2 {
		t.Errorf("warnings: %s", joined)
	}
	// Same colour twice is fine (no warning for the colour yet).
	if strings.Contains(joined, "third time") {
		t.Errorf("warnings: %s", joined)
	}
	f.fail(Change{Kind: KindSetPairing, Round: 2, Pairs: []ManualPair{{White: 1, Black: 2}, {White: 2, Black: 3}}}, ErrInvalid, "on two boards")
	f.fail(Change{Kind: KindSetPairing, Round: 2, Pairs: []ManualPair{{White: 1, Black: 77}}}, ErrInvalid, "no player has the ID 77")
	// Re-pair with the engine: no warnings.
	f.do(Change{Kind: KindPair, Round: 2})
	if r := f.st.Admin().Schedule[1]; r.Manual || len(r.Warnings) > 0 {
		t.Errorf("engine re-pair: %+v", r)
	}
	f.do(Change{Kind: KindUnpair, Round: 2})
	if n := len(f.st.Admin().Schedule); n != 1 {
		t.Errorf("after unpair: %d rounds", n)
	}
}

func TestPlayersCSV(t *testing.T) {
	ps, err := ReadPlayers([]byte("\ufeffName,Elo,FIDE ID,Fed,Title,Club\n\"Carlsen, Magnus\",2830,1503014,NOR,GM,Offerspill\nAnand,2750,,IND,gm,\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Name != "Carlsen, Magnus" || ps[0].Rating != 2830 || ps[0].FideID != "1503014" || ps[1].Federation != "IND" {
		t.Errorf("players %+v", ps)
	}
	for _, c := range []struct{ in, text string }{
		{"", "empty"},
		{"name,rating\n", "no players"},
		{"rating\n2000\n", "no name column"},
		{"name,colour\nA,white\n", "column 2 is \"colour\""},
		{"name,rating\nA,twenty\n", "line 2: rating \"twenty\""},
		{"name,rating\nA,1800\nB,9000\n", "line 3"},
		{"name,rating\n\"A,1800\n", "CSV"},
	} {
		_, err := ReadPlayers([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%q: %v, want %q", c.in, err, c.text)
		}
	}
}

func TestBackupRestore(t *testing.T) {
	f := newFixture(t, Settings{Name: "Backup", Rounds: 2}, "b", players(4))
	startRound(f, 1)
	finishRound(f, 1)
	b, err := f.st.Backup()
	if err != nil {
		t.Fatal(err)
	}
	if !IsBackup(b) {
		t.Fatal("not a backup")
	}
	svc := NewService(newMem())
	st, err := svc.Restore(context.Background(), b, false)
	if err != nil {
		t.Fatal(err)
	}
	if st.ID() != f.id || st.Public().Commitment != f.st.Public().Commitment {
		t.Fatal("restored another event")
	}
	// The restored event goes on, with the same seed: round 2's position
	// is the one the original gives.
	g := &fixture{t: t, svc: svc, id: st.ID(), st: st}
	want := startRound(f, 2).Position
	got := startRound(g, 2).Position
	if *got != *want {
		t.Errorf("restored round 2 plays %d, the original %d", *got, *want)
	}
	if _, err := svc.Restore(context.Background(), b, false); err == nil {
		t.Error("restoring twice under one ID")
	}
	bad := strings.Replace(string(b), `"commitment": "`, `"commitment": "00`, 1)
	if _, err := svc.Restore(context.Background(), []byte(bad), true); err == nil || !strings.Contains(err.Error(), "commitment") {
		t.Errorf("a tampered backup: %v", err)
	}
	pub, _ := jsonOf(f.st.Public())
	if _, err := svc.Restore(context.Background(), pub, true); err == nil || !strings.Contains(err.Error(), "public JSON export has no seed") {
		t.Errorf("a public export: %v", err)
	}
}

// TestRatingFigures checks one game by hand against FIDE B.02: a 2000
// player beats a 2100 player. The difference of 100 falls in table 8.1(b)'s
// row 99-106, PD 0.64 for the higher rated and 0.36 for the lower; with K
// 20 the winner gains 20 × (1 − 0.36) = +12.8 and the loser 20 × (0 − 0.64)
// = −12.8.
func TestRatingFigures(t *testing.T) {
	f := newFixture(t, Settings{Name: "Rated", Rounds: 1}, "k", []PlayerInfo{{Name: "High", Rating: 2100}, {Name: "Low", Rating: 2000}})
	r := startRound(f, 1)
	b := r.Boards[0]
	res := "1-0"
	if b.White == 1 { // High has White: Low wins with Black
		res = "0-1"
	}
	f.do(Change{Kind: KindResult, Round: 1, Board: 1, Result: res})
	e := f.st.Public()
	s, err := e.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Row{}
	for _, r := range s.Rows {
		got[r.Name] = r
	}
	if g := got["Low"]; g.Rank != 1 || g.RatingChange != "+12.8" || g.RatedGames != 1 || g.Opponents != 2100 {
		t.Errorf("Low: %+v", g)
	}
	if g := got["High"]; g.Rank != 2 || g.RatingChange != "-12.8" || g.Opponents != 2000 {
		t.Errorf("High: %+v", g)
	}
	var buf strings.Builder
	if err := WriteStandingsCSV(&buf, e, s); err != nil {
		t.Fatal(err)
	}
	want := "rank,number,name,title,rating,federation,points,BH-C1,BH,SB,DE,WIN,rated games,average opponent,performance,rating change\r\n"
	if !strings.HasPrefix(buf.String(), want) || !strings.Contains(buf.String(), ",1,2100,2900,+12.8\r\n") {
		t.Errorf("CSV:\n%s", buf.String())
	}
}

// TestTRFMidRound: a TRF written while a round is in play holds the rounds
// complete, and reads back.
func TestTRFMidRound(t *testing.T) {
	f := newFixture(t, Settings{Name: "Mid", Rounds: 3}, "mid", players(6))
	startRound(f, 1)
	finishRound(f, 1)
	startRound(f, 2)
	f.do(Change{Kind: KindResult, Round: 2, Board: 1, Result: "1-0"})
	var b strings.Builder
	e := f.st.Public()
	if err := e.TRF(&b, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.ParseTRFRecord([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if tt.PlayedRounds() != 1 {
		t.Errorf("%d rounds in the TRF, want the 1 complete", tt.PlayedRounds())
	}
}

// TestCloneDeep: a clone shares nothing with its original, field by field
// as JSON sees them.
func TestCloneDeep(t *testing.T) {
	f := newFixture(t, Settings{Name: "Clone", Rounds: 2, Positions: PositionRules{PerBoard: true}}, "cl", players(5))
	f.do(Change{Kind: KindBye, Player: 2, Round: 2, Bye: ByeHalf})
	startRound(f, 1)
	finishRound(f, 1)
	f.do(Change{Kind: KindAddLink, Label: "Arbiter"})
	d := f.st.d
	before, _ := json.Marshal(d)
	c := d.clone()
	after, _ := json.Marshal(c)
	if string(before) != string(after) {
		t.Fatal("the clone differs")
	}
	// Change everything reachable in the clone; the original stays.
	c.TieBreaks[0] = "x"
	c.Players[1].Byes[0].Kind = "x"
	c.Schedule[0].Boards[0].History[0].Result = "x"
	*c.Schedule[0].Boards[0].Position = chess960.MustNew(959 - c.Schedule[0].Boards[0].Position.ID())
	c.Schedule[0].Byes[0].Kind = "x"
	c.Keys[0].Hash = "x"
	c.Players[0].Name = "x"
	if now, _ := json.Marshal(d); string(now) != string(before) {
		t.Error("changing the clone changed the original")
	}
}

// TestBalancedPositions: with Balanced, every round's position is one the
// shipped balance table scores within MaxEval centipawns.
func TestBalancedPositions(t *testing.T) {
	tab, err := balance.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, Settings{Name: "Balanced", Rounds: 4, Positions: PositionRules{Balanced: true, MaxEval: 15, Exclude: "518"}}, "bal", players(8))
	for rn := 1; rn <= 4; rn++ {
		r := startRound(f, rn)
		row := tab.Row(chess960.MustNew(r.Position.ID()))
		if row.Score.Value < -15 || row.Score.Value > 15 || r.Position.ID() == 518 {
			t.Errorf("round %d: position %d scores %d cp", rn, r.Position.ID(), row.Score.Value)
		}
		finishRound(f, rn)
	}
	f.do(Change{Kind: KindFinish})
	e := f.st.Public()
	v, err := e.Verify("")
	if err != nil || !v.OK || !strings.Contains(v.Command, "--exclude 518 --balanced 15") {
		t.Errorf("verify: %v %+v", err, v)
	}
	// A balance limit no position meets is refused at creation.
	_, _, err = NewService(newMem()).Create(context.Background(), Init{Settings: Settings{Name: "x", Rounds: 3, Positions: PositionRules{Balanced: true, MaxEval: 0, Exclude: "0-959"}}})
	if err == nil {
		t.Error("no position left: no error")
	}
}

// TestLateEntry: a player entered after round 2 is paired from round 3;
// rounds 1 and 2 count as absent (zero points), in the standings and in
// the TRF, which re-pairs every round as the event paired it.
func TestLateEntry(t *testing.T) {
	f := newFixture(t, Settings{Name: "Late", Rounds: 4}, "late", players(7))
	for rn := 1; rn <= 2; rn++ {
		startRound(f, rn)
		finishRound(f, rn)
	}
	f.do(Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "Late Comer", Rating: 2500}}})
	e := f.st.Admin()
	late := e.Players[len(e.Players)-1]
	if late.Joined != 3 || late.Number != 1 {
		t.Fatalf("late entry: joined %d, number %d (the top rating: number 1)", late.Joined, late.Number)
	}
	r3 := startRound(f, 3)
	found := false
	for _, b := range r3.Boards {
		found = found || b.White == late.ID || b.Black == late.ID
	}
	if !found {
		t.Fatal("the late entry is not paired in round 3")
	}
	finishRound(f, 3)
	e = f.st.Public()
	s, err := e.Standings(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Rows {
		if r.Player == late.ID && (r.Results[0].Result != "-" || r.Results[1].Result != "-") {
			t.Errorf("the late entry's rounds 1-2: %+v", r.Results[:2])
		}
	}
	var b strings.Builder
	if err := e.TRF(&b, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.ParseTRFRecord([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for r := 1; r <= 3; r++ {
		if d := pairing.CompareRound(tt, r, dutchOf(t, tt.Before(r))); d != nil {
			t.Errorf("round %d: %v", r, d)
		}
	}
}
