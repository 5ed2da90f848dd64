package event

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pairing"
)

type fixture struct {
	t   *testing.T
	svc *Service
	id  string
	st  *State
}

func newFixture(t *testing.T, s Settings, seed string, players []PlayerInfo) *fixture {
	t.Helper()
	return newFixtureOn(t, newMem(), s, seed, players)
}

func newFixtureOn(t *testing.T, db store.Store, s Settings, seed string, players []PlayerInfo) *fixture {
	t.Helper()
	svc := NewService(db)
	st, tok, err := svc.Create(context.Background(), Init{Settings: s, Seed: seed, WeakSeed: true, FirstColor: "w", Players: players})
	if err != nil {
		t.Fatal(err)
	}
	if role, _ := st.Role(tok); role != RoleAdmin {
		t.Fatalf("the admin token has role %q", role)
	}
	return &fixture{t: t, svc: svc, id: st.ID(), st: st}
}

func (f *fixture) do(c Change) *State {
	f.t.Helper()
	st, _, err := f.svc.Apply(context.Background(), f.id, Actor{Role: RoleAdmin, Label: "admin"}, c)
	if err != nil {
		f.t.Fatalf("%s: %v", c.Kind, err)
	}
	f.st = st
	return st
}

func (f *fixture) fail(c Change, want error, text string) {
	f.t.Helper()
	_, _, err := f.svc.Apply(context.Background(), f.id, Actor{Role: RoleAdmin, Label: "admin"}, c)
	if err == nil {
		f.t.Fatalf("%s %+v: no error, want %v %q", c.Kind, c, want, text)
	}
	if want != nil && !errors.Is(err, want) {
		f.t.Errorf("%s: error %v, want %v", c.Kind, err, want)
	}
	if !strings.Contains(err.Error(), text) {
		f.t.Errorf("%s: error %q does not say %q", c.Kind, err, text)
	}
}

func players(n int) []PlayerInfo {
	var ps []PlayerInfo
	for i := range n {
		ps = append(ps, PlayerInfo{Name: fmt.Sprintf("Player %02d", i+1), Rating: 2400 - 37*i, Federation: "NOR"})
	}
	return ps
}

// firstDraw is the documented derivation's first draw with no exclusions,
// computed here from its description: the first 8 bytes of
// SHA-256("chess960:" + seed + ":0"), big-endian, mod 960.
func firstDraw(seed string) int {
	sum := sha256.Sum256([]byte("chess960:" + seed + ":0"))
	return int(binary.BigEndian.Uint64(sum[:8]) % 960)
}

// outcome decides a game for the tests: the higher rated wins, but every
// third board is drawn.
func outcome(e Event, b Board) string {
	if b.Board%3 == 0 {
		return "1/2-1/2"
	}
	if e.PlayerByID(b.White).Rating > e.PlayerByID(b.Black).Rating {
		return "1-0"
	}
	return "0-1"
}

// TestSwissRun runs an 11-player, 5-round Swiss on each store: in memory,
// SQLite, and PostgreSQL (CHESS960_TEST_POSTGRES; required under CI).
func TestSwissRun(t *testing.T) {
	for _, b := range backends(t) {
		t.Run(b.name, func(t *testing.T) { swissRun(t, b.open(t)) })
	}
}

type backend struct {
	name string
	open func(t *testing.T) store.Store
}

func backends(t *testing.T) []backend {
	out := []backend{
		{"memory", func(t *testing.T) store.Store { return newMem() }},
		{"sqlite", func(t *testing.T) store.Store {
			st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "events.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
	}
	out = append(out, backend{"postgres", func(t *testing.T) store.Store {
		// With CI set and no database, fails; else skips.
		st, err := store.Open(context.Background(), testtool.Postgres(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}})
	return out
}

func swissRun(t *testing.T, stor store.Store) {
	const seed = "swiss-run-seed"
	f := newFixtureOn(t, stor, Settings{Name: "Test Open", System: Swiss, Rounds: 5}, seed, players(11))
	e := f.st.Public()
	// SHA-256("swiss-run-seed"), from sha256sum.
	if e.Commitment != "4af98a7a2d9f55460b9032be49dbb34785b50ffd87068d2da7af4fd4c6433b2b" {
		t.Fatalf("commitment %q", e.Commitment)
	}
	sum := sha256.Sum256([]byte(seed))
	if e.Commitment != fmt.Sprintf("%x", sum) {
		t.Fatalf("commitment %s is not SHA-256 of the seed", e.Commitment)
	}
	if got := e.TieBreaks; strings.Join(got, ",") != "BH-C1,BH,SB,DE,WIN" {
		t.Errorf("default tie-breaks %v", got)
	}
	// Pairing numbers in rating order: player 1 is the top rated.
	for _, p := range e.Players {
		if p.Number != p.ID {
			t.Errorf("player %s has number %d, want %d", p.Name, p.Number, p.ID)
		}
	}
	// A half-point bye asked for round 2.
	f.do(Change{Kind: KindBye, Player: 5, Round: 2, Bye: ByeHalf})
	seen := map[int]bool{}
	for rn := 1; rn <= 5; rn++ {
		st := f.do(Change{Kind: KindPair, Round: rn})
		if pub := st.Public(); len(pub.Schedule) != rn-1 {
			t.Fatalf("round %d: the draft is public", rn)
		}
		adm := st.Admin()
		r := adm.Schedule[rn-1]
		if r.Status != Draft || r.Position != nil {
			t.Fatalf("round %d draft: status %s, position %v", rn, r.Status, r.Position)
		}
		// The engine's pairing is the pairing package's Dutch on the
		// tournament as it stood.
		f.do(Change{Kind: KindPublish, Round: rn})
		if pub := f.st.Public(); pub.Schedule[rn-1].Position != nil {
			t.Fatalf("round %d: a published round shows its position before it starts", rn)
		}
		st = f.do(Change{Kind: KindStart, Round: rn})
		r = st.Public().Schedule[rn-1]
		if r.Position == nil {
			t.Fatalf("round %d started without a position", rn)
		}
		if seen[r.Position.ID()] {
			t.Errorf("round %d: position %d again", rn, r.Position.ID())
		}
		seen[r.Position.ID()] = true
		if rn == 1 && r.Position.ID() != firstDraw(seed) {
			t.Errorf("round 1 plays %d, the derivation gives %d", r.Position.ID(), firstDraw(seed))
		}
		if rn == 2 {
			found := false
			for _, y := range r.Byes {
				found = found || (y.Player == 5 && y.Kind == ByeHalf)
			}
			if !found {
				t.Errorf("round 2: player 5's half-point bye is missing: %+v", r.Byes)
			}
		}
		// 11 players: one pairing-allocated bye a round (10 with the half bye).
		for _, b := range r.Boards {
			res := outcome(st.Public(), b)
			if rn == 3 && b.Board == 2 {
				res = "+/-" // a forfeit
			}
			f.do(Change{Kind: KindResult, Round: rn, Board: b.Board, Result: res})
		}
		if rn == 1 {
			// A correction, kept in the history.
			b := f.st.Public().Schedule[0].Boards[0]
			f.do(Change{Kind: KindResult, Round: 1, Board: 1, Result: "1/2-1/2"})
			got := f.st.Public().Schedule[0].Boards[0]
			if got.Result != "1/2-1/2" || len(got.History) != 2 || got.History[0].Result != b.Result {
				t.Errorf("corrected board: %+v", got)
			}
		}
		if rn == 3 {
			f.do(Change{Kind: KindWithdraw, Player: 11, Round: 4})
		}
	}
	e = f.st.Public()
	for _, r := range e.Schedule[3:] {
		for _, b := range r.Boards {
			if b.White == 11 || b.Black == 11 {
				t.Errorf("round %d: the withdrawn player is paired", r.Number)
			}
		}
	}
	blob, _ := json.Marshal(f.st.Admin())
	if bytes.Contains(blob, []byte(seed)) {
		t.Fatal("the admin view holds the seed before the reveal")
	}
	v, err := e.Verify("")
	if err == nil || !errors.Is(err, ErrState) {
		t.Fatalf("verify before the reveal: %v %+v", err, v)
	}
	f.do(Change{Kind: KindFinish})
	e = f.st.Public()
	if e.Seed != seed {
		t.Fatalf("finished: seed %q", e.Seed)
	}
	v, err = e.Verify("")
	if err != nil || !v.OK || len(v.Checks) != 5 {
		t.Fatalf("verify: %v %+v", err, v)
	}
	if want := "chess960 random --seed swiss-run-seed --unique --count 5"; v.Command != want {
		t.Errorf("command %q, want %q", v.Command, want)
	}
	// A wrong seed fails the check.
	if v, _ := e.Verify("another"); v.OK || v.CommitmentOK {
		t.Errorf("verify with another seed: %+v", v)
	}
	// The TRF export is a file the strict reader (BBP's -c reading) takes,
	// and each round of it re-pairs as the event paired it.
	var buf bytes.Buffer
	if err := e.TRF(&buf, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	tt, err := pairing.ParseTRFRecord(buf.Bytes())
	if err != nil {
		t.Fatalf("TRF export: %v\n%s", err, buf.String())
	}
	for r := 1; r <= 5; r++ {
		if d := pairing.CompareRound(tt, r, dutchOf(t, tt.Before(r))); d != nil {
			t.Errorf("round %d: the export re-pairs otherwise: %v", r, d)
		}
	}
	// And each round is the pairing BBP Pairings made of the export cut
	// before it (testdata/swissrun/, made as its README says).
	checkBBPRounds(t, tt, 5)
	// The standings' points and order, worked out here from the results
	// alone: a win or a forfeit win 1, a draw or a half-point bye ½, the
	// pairing-allocated bye 1 (C.04.1), an absence 0. The tie-break values
	// are checked against hand-worked tables and TieBreakServer's figures
	// in the pairing package; here, that they are there, one per
	// tie-break.
	st, err := e.Standings(0)
	if err != nil {
		t.Fatal(err)
	}
	halves := map[int]int{} // points × 2, by player ID
	for _, r := range e.Schedule {
		for _, b := range r.Boards {
			switch b.Result {
			case "1-0", "+/-":
				halves[b.White] += 2
			case "0-1", "-/+":
				halves[b.Black] += 2
			case "1/2-1/2":
				halves[b.White]++
				halves[b.Black]++
			}
		}
		for _, y := range r.Byes {
			switch y.Kind {
			case ByePairing, ByeFull:
				halves[y.Player] += 2
			case ByeHalf:
				halves[y.Player]++
			}
		}
	}
	if len(st.Rows) != 11 {
		t.Fatalf("%d rows", len(st.Rows))
	}
	for i, g := range st.Rows {
		h := halves[g.Player]
		want := strconv.Itoa(h/2) + ".0"
		if h%2 == 1 {
			want = strconv.Itoa(h/2) + ".5"
		}
		if g.Points != want {
			t.Errorf("row %d (player %d): %s points, the results give %s", i+1, g.Player, g.Points, want)
		}
		if i > 0 && halves[st.Rows[i-1].Player] < h {
			t.Errorf("row %d has more points than row %d", i+1, i)
		}
		if len(g.TieBreaks) != len(e.TieBreaks) {
			t.Errorf("row %d: %d tie-break values for %d tie-breaks", i+1, len(g.TieBreaks), len(e.TieBreaks))
		}
		if tp := tt.Player(g.Number); tp.Rank != g.Rank {
			t.Errorf("the TRF gives number %d rank %d, the standings %d", g.Number, tp.Rank, g.Rank)
		}
	}
	// Player 11 withdrew after three rounds: rounds 4 and 5 are zero-point
	// byes, in the crosstable as "-".
	for _, r := range st.Rows {
		if r.Player == 11 && (r.Results[3].Result != "-" || r.Results[4].Result != "-") {
			t.Errorf("withdrawn player's line: %+v", r.Results)
		}
	}
	// Nothing more changes.
	f.fail(Change{Kind: KindResult, Round: 5, Board: 1, Result: "1-0"}, ErrState, "finished")
}

func dutchOf(t *testing.T, tt *pairing.Tournament) []pairing.Pair {
	t.Helper()
	p, err := pairing.Dutch(tt)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestImportBBP imports tournaments BBP Pairings generated, cut after some
// rounds, continues them here, and checks the next round's pairing against
// the one BBP Pairings made (in the corpus's .pairs files).
func TestImportBBP(t *testing.T) {
	files, _ := filepath.Glob("../../pairing/testdata/dutch/t0[0-4]*-r*.trf")
	if len(files) < 5 {
		t.Fatalf("corpus: %d files", len(files))
	}
	checked := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		full, err := pairing.ParseTRF(data)
		if err != nil {
			t.Fatal(err)
		}
		pairs, err := os.ReadFile(strings.TrimSuffix(name, ".trf") + ".pairs")
		if err != nil {
			t.Fatal(err)
		}
		total := strings.Count(string(pairs), "round ")
		for _, cut := range []int{1, total / 2, total - 1} {
			if cut < 1 || (cut == total/2 && cut == 1) {
				continue
			}
			var buf bytes.Buffer
			if err := full.Before(cut+1).WriteTRF(&buf, pairing.TRF16); err != nil {
				t.Fatal(err)
			}
			in, err := FromTRF(buf.Bytes(), Settings{Rounds: total})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			svc := NewService(newMem())
			st, _, err := svc.Create(context.Background(), in)
			if err != nil {
				t.Fatalf("%s: create: %v", name, err)
			}
			st, _, err = svc.Apply(context.Background(), st.ID(), Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindPair})
			if err != nil {
				t.Fatalf("%s: pair round %d: %v", name, cut+1, err)
			}
			e := st.Admin()
			got := roundText(e, cut+1)
			want := bbpRound(t, pairs, cut+1)
			if got != want {
				t.Errorf("%s round %d:\n got %s\nwant %s", name, cut+1, got, want)
			}
			checked++
		}
	}
	t.Logf("%d rounds continued as BBP Pairings paired them", checked)
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// roundText writes a round's pairing as BBP's output lists it, in pairing
// numbers: "W-B W-B ... bye N".
func roundText(e Event, rn int) string {
	r := e.Schedule[rn-1]
	var parts []string
	for _, b := range r.Boards {
		parts = append(parts, fmt.Sprintf("%d-%d", e.PlayerByID(b.White).Number, e.PlayerByID(b.Black).Number))
	}
	for _, y := range r.Byes {
		if y.Kind == ByePairing {
			parts = append(parts, fmt.Sprintf("%d-0", e.PlayerByID(y.Player).Number))
		}
	}
	return strings.Join(parts, " ")
}

// bbpRound reads round rn of a corpus .pairs file as roundText writes it.
func bbpRound(t *testing.T, data []byte, rn int) string {
	t.Helper()
	lines := strings.Split(strings.ReplaceAll(string(data), "\r", ""), "\n")
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == "round" && f[1] == fmt.Sprint(rn) {
			var n int
			fmt.Sscan(lines[i+1], &n)
			var parts []string
			for _, p := range lines[i+2 : i+2+n] {
				w := strings.Fields(p)
				parts = append(parts, w[0]+"-"+w[1])
			}
			return strings.Join(parts, " ")
		}
	}
	t.Fatalf("no round %d in the .pairs file", rn)
	return ""
}

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }

// checkBBPRounds compares each round of tt with BBP Pairings' pairing of
// tt cut before that round, committed in testdata/swissrun/rN.pairs (BBP's
// -p output: the number of pairs, then "white black" by pairing number, 0
// for the bye). With CHESS960_SWISSRUN_WRITE set to a directory it writes
// the cut files rN.trf there instead, for bbpPairings to pair (see
// testdata/swissrun/README).
func checkBBPRounds(t *testing.T, tt *pairing.Tournament, rounds int) {
	t.Helper()
	checkBBPIn(t, tt, rounds, "testdata/swissrun", "CHESS960_SWISSRUN_WRITE")
}

// checkBBPIn is checkBBPRounds with the pairs in dir and the variable
// env naming where to write the cut files.
func checkBBPIn(t *testing.T, tt *pairing.Tournament, rounds int, dir, env string) {
	t.Helper()
	for r := 1; r <= rounds; r++ {
		if out := os.Getenv(env); out != "" {
			c := tt.Before(r)
			c.Rounds = rounds
			c.InitialColor = tt.FirstColor()
			var b bytes.Buffer
			if err := c.WriteTRF(&b, pairing.TRF16); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("r%d.trf", r)), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		name := filepath.Join(dir, fmt.Sprintf("r%d.pairs", r))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(string(data))
		var want []pairing.Pair
		for i := 1; i+1 < len(f); i += 2 {
			w, _ := strconv.Atoi(f[i])
			b, _ := strconv.Atoi(f[i+1])
			want = append(want, pairing.Pair{White: w, Black: b})
		}
		if n, _ := strconv.Atoi(f[0]); n != len(want) || n == 0 {
			t.Fatalf("%s: %d pairs, the file says %s", name, len(want), f[0])
		}
		if d := pairing.CompareRound(tt, r, want); d != nil {
			t.Errorf("round %d differs from BBP Pairings' pairing: %v", r, d)
		}
	}
}
