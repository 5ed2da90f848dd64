package pairing

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// bergerTables are the Berger tables of the FIDE Handbook, C.05 Annex 1
// ("Berger Tables for Round-Robin Tournaments"), typed in from the
// reproductions of the printed tables at c.w.fox.tripod.com/chess/berger.html
// and in the "Crenshaw-Berger Tables" sheet (scribd 381712253), which agree
// with each other board for board, and the 15/16 table from the
// transcription of the handbook's tables in the docstring of
// src/gambitpairing/controllers/pairing/round_robin.py in
// github.com/gambit-devs/gambit-pairing ("fide handbook Berger Tables for
// Round-Robin Tournaments"), which agrees with the other two for 3/4 to
// 13/14. One line per round, boards in the printed order, White
// first.
var bergerTables = map[int]string{
	4: `1-4 2-3
4-3 1-2
2-4 3-1`,
	6: `1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1`,
	8: `1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1`,
	10: `1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1`,
	12: `1-12 2-11 3-10 4-9 5-8 6-7
12-7 8-6 9-5 10-4 11-3 1-2
2-12 3-1 4-11 5-10 6-9 7-8
12-8 9-7 10-6 11-5 1-4 2-3
3-12 4-2 5-1 6-11 7-10 8-9
12-9 10-8 11-7 1-6 2-5 3-4
4-12 5-3 6-2 7-1 8-11 9-10
12-10 11-9 1-8 2-7 3-6 4-5
5-12 6-4 7-3 8-2 9-1 10-11
12-11 1-10 2-9 3-8 4-7 5-6
6-12 7-5 8-4 9-3 10-2 11-1`,
	14: `1-14 2-13 3-12 4-11 5-10 6-9 7-8
14-8 9-7 10-6 11-5 12-4 13-3 1-2
2-14 3-1 4-13 5-12 6-11 7-10 8-9
14-9 10-8 11-7 12-6 13-5 1-4 2-3
3-14 4-2 5-1 6-13 7-12 8-11 9-10
14-10 11-9 12-8 13-7 1-6 2-5 3-4
4-14 5-3 6-2 7-1 8-13 9-12 10-11
14-11 12-10 13-9 1-8 2-7 3-6 4-5
5-14 6-4 7-3 8-2 9-1 10-13 11-12
14-12 13-11 1-10 2-9 3-8 4-7 5-6
6-14 7-5 8-4 9-3 10-2 11-1 12-13
14-13 1-12 2-11 3-10 4-9 5-8 6-7
7-14 8-6 9-5 10-4 11-3 12-2 13-1`,
	16: `1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1`,
}

// parseTable reads a typed-in table.
func parseTable(t *testing.T, s string) [][]Pair {
	t.Helper()
	var out [][]Pair
	for _, line := range strings.Split(s, "\n") {
		var round []Pair
		for _, b := range strings.Fields(line) {
			w, bl, ok := strings.Cut(b, "-")
			x, err1 := strconv.Atoi(w)
			y, err2 := strconv.Atoi(bl)
			if !ok || err1 != nil || err2 != nil {
				t.Fatalf("bad board %q in the typed table", b)
			}
			round = append(round, Pair{White: x, Black: y})
		}
		out = append(out, round)
	}
	return out
}

// withBye turns the table of n+1 players into the odd field n's: the board
// against n+1 becomes a bye, listed last.
func withBye(table [][]Pair, bye int) [][]Pair {
	var out [][]Pair
	for _, round := range table {
		var r []Pair
		var last Pair
		for _, p := range round {
			switch bye {
			case p.White:
				last = Pair{White: p.Black}
			case p.Black:
				last = Pair{White: p.White}
			default:
				r = append(r, p)
			}
		}
		out = append(out, append(r, last))
	}
	return out
}

func TestBergerPrintedTables(t *testing.T) {
	for even := 4; even <= 16; even += 2 {
		printed := parseTable(t, bergerTables[even])
		for _, c := range []struct {
			players int
			want    [][]Pair
		}{{even, printed}, {even - 1, withBye(printed, even)}} {
			got := Berger(c.players)
			if len(got) != len(c.want) || BergerRounds(c.players) != len(c.want) {
				t.Fatalf("%d players: %d rounds (BergerRounds %d), the handbook has %d", c.players, len(got), BergerRounds(c.players), len(c.want))
			}
			for r := range c.want {
				if fmt.Sprint(got[r]) != fmt.Sprint(c.want[r]) {
					t.Errorf("%d players, round %d:\n got %v\nwant %v", c.players, r+1, got[r], c.want[r])
				}
				one, err := BergerRound(c.players, r+1)
				if err != nil || fmt.Sprint(one) != fmt.Sprint(c.want[r]) {
					t.Errorf("BergerRound(%d, %d) = %v, %v; want %v", c.players, r+1, one, err, c.want[r])
				}
			}
		}
	}
}

// colours returns each player's colours round by round ('W', 'B', '-').
func colours(players int, rounds [][]Pair) map[int]string {
	c := map[int][]byte{}
	for p := 1; p <= players; p++ {
		c[p] = nil
	}
	for _, round := range rounds {
		seen := map[int]bool{}
		for _, p := range round {
			if p.Black == 0 {
				c[p.White] = append(c[p.White], '-')
				seen[p.White] = true
				continue
			}
			c[p.White] = append(c[p.White], 'W')
			c[p.Black] = append(c[p.Black], 'B')
			seen[p.White], seen[p.Black] = true, true
		}
	}
	out := map[int]string{}
	for p, s := range c {
		out[p] = string(s)
	}
	return out
}

// checkCycle checks that rounds is a round robin of players: every player
// once a round, every two players meet once (a bye at most once each).
func checkCycle(t *testing.T, players int, rounds [][]Pair, what string) {
	t.Helper()
	met := map[[2]int]int{}
	byes := map[int]int{}
	for r, round := range rounds {
		seen := map[int]bool{}
		for _, p := range round {
			for _, x := range []int{p.White, p.Black} {
				if x == 0 {
					continue
				}
				if x < 1 || x > players || seen[x] {
					t.Fatalf("%s, round %d: player %d out of the field or twice: %v", what, r+1, x, round)
				}
				seen[x] = true
			}
			if p.Black == 0 {
				byes[p.White]++
				continue
			}
			met[[2]int{min(p.White, p.Black), max(p.White, p.Black)}]++
		}
		if len(seen) != players {
			t.Fatalf("%s, round %d: %d of %d players paired", what, r+1, len(seen), players)
		}
	}
	for a := 1; a <= players; a++ {
		for b := a + 1; b <= players; b++ {
			if met[[2]int{a, b}] != 1 {
				t.Fatalf("%s: %d and %d meet %d times", what, a, b, met[[2]int{a, b}])
			}
		}
		if want := players % 2; byes[a] != want {
			t.Fatalf("%s: player %d has %d byes, want %d", what, a, byes[a], want)
		}
	}
}

// TestBergerProperties checks every field from 2 to 60 players, and a few
// larger ones: one cycle pairs everyone once a round and every two players
// once; each player's whites and blacks differ by at most one; nobody has
// the same colour three times running (a bye breaks no run: the rounds
// either side of it count as consecutive).
func TestBergerProperties(t *testing.T) {
	fields := []int{}
	for n := 2; n <= 60; n++ {
		fields = append(fields, n)
	}
	fields = append(fields, 99, 100, 255, 256)
	for _, n := range fields {
		table := Berger(n)
		what := fmt.Sprintf("%d players", n)
		checkCycle(t, n, table, what)
		for p, c := range colours(n, table) {
			games := strings.ReplaceAll(c, "-", "")
			w, b := strings.Count(games, "W"), strings.Count(games, "B")
			if w-b > 1 || b-w > 1 {
				t.Errorf("%s: player %d has %d whites and %d blacks: %s", what, p, w, b, c)
			}
			if strings.Contains(games, "WWW") || strings.Contains(games, "BBB") {
				t.Errorf("%s: player %d has one colour three times running: %s", what, p, c)
			}
		}
	}
}

// TestDoubleBerger: the second cycle is the table with the colours
// reversed, the first cycle the table with its last two rounds exchanged,
// and over the whole double round robin nobody gets one colour three times
// running, which the plain repetition would give players 1 and n/2+1.
func TestDoubleBerger(t *testing.T) {
	for n := 2; n <= 40; n++ {
		cycle := BergerRounds(n)
		table := Berger(n)
		var all [][]Pair
		for r := 1; r <= 2*cycle; r++ {
			round, err := DoubleBergerRound(n, r)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, round)
		}
		what := fmt.Sprintf("double, %d players", n)
		checkCycle(t, n, all[:cycle], what+", first cycle")
		checkCycle(t, n, all[cycle:], what+", second cycle")
		for r := 1; r <= cycle; r++ {
			first := r
			if cycle >= 2 && r == cycle-1 {
				first = cycle
			} else if cycle >= 2 && r == cycle {
				first = cycle - 1
			}
			if fmt.Sprint(all[first-1]) != fmt.Sprint(table[r-1]) {
				t.Errorf("%s: round %d is %v, want table round %d %v", what, first, all[first-1], r, table[r-1])
			}
			for i, p := range table[r-1] {
				want := Pair{White: p.Black, Black: p.White}
				if p.Black == 0 {
					want = p
				}
				if all[cycle+r-1][i] != want {
					t.Errorf("%s: round %d board %d is %v, want %v (table round %d reversed)", what, cycle+r, i+1, all[cycle+r-1][i], want, r)
				}
			}
		}
		for p, c := range colours(n, all) {
			games := strings.ReplaceAll(c, "-", "")
			if strings.Contains(games, "WWW") || strings.Contains(games, "BBB") {
				t.Errorf("%s: player %d has one colour three times running: %s", what, p, c)
			}
		}
	}
	// Without the exchange, the plain repetition gives player 1 of 6
	// black three times running (rounds 5, 6, 7: 5-1, then 6-1 and 2-1 of
	// the reversed rounds 1 and 2), as the checker above would see.
	six := Berger(6)
	plain := append([][]Pair(nil), six...)
	for _, round := range six {
		var rev []Pair
		for _, p := range round {
			rev = append(rev, Pair{White: p.Black, Black: p.White})
		}
		plain = append(plain, rev)
	}
	if c := colours(6, plain)[1]; c != "WWBWBBBWBW" {
		t.Errorf("player 1 of 6 in the plain repetition: %s, want WWBWBBBWBW", c)
	}
}

func TestBergerRoundErrors(t *testing.T) {
	for _, c := range []struct {
		players, round int
		double         bool
		want           string
	}{
		{1, 1, false, "round robin of 1 players: the field must be 2..9999 players"},
		{10000, 1, false, "the field must be 2..9999 players"},
		{4, 0, false, "single round robin of 4 players: round 0 is not one of its rounds 1..3"},
		{4, 4, false, "round 4 is not one of its rounds 1..3"},
		{5, 11, true, "double round robin of 5 players: round 11 is not one of its rounds 1..10"},
	} {
		var err error
		if c.double {
			_, err = DoubleBergerRound(c.players, c.round)
		} else {
			_, err = BergerRound(c.players, c.round)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("(%d, %d, double %v): %v, want %q", c.players, c.round, c.double, err, c.want)
		}
	}
	if Berger(1) != nil || Berger(10000) != nil {
		t.Error("Berger of a field out of range is not nil")
	}
	if got, err := BergerRound(9999, 9999); err != nil || len(got) != 5000 || got[len(got)-1].Black != 0 {
		t.Errorf("BergerRound(9999, 9999): %d boards, %v", len(got), err)
	}
}

func BenchmarkBergerRound(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := BergerRound(300, 1+i%299); err != nil {
			b.Fatal(err)
		}
	}
}

// rrTournament builds a tournament of n players numbered 1..n whose first
// rounds are played by the given pairings (results do not matter here).
func rrTournament(n int, rounds ...[]Pair) *Tournament {
	t := &Tournament{Points: FIDEPoints}
	for i := 1; i <= n; i++ {
		t.Players = append(t.Players, &Player{Number: i})
	}
	for _, round := range rounds {
		for _, p := range round {
			if p.Black == 0 {
				t.Players[p.White-1].Games = append(t.Players[p.White-1].Games, Game{Result: ZeroBye})
				continue
			}
			t.Players[p.White-1].Games = append(t.Players[p.White-1].Games, Game{Opponent: p.Black, Color: White, Result: Draw})
			t.Players[p.Black-1].Games = append(t.Players[p.Black-1].Games, Game{Opponent: p.White, Color: Black, Result: Draw})
		}
	}
	return t
}

func TestRoundRobinNextRound(t *testing.T) {
	six := parseTable(t, bergerTables[6])
	for r := 0; r < 5; r++ {
		got, err := RoundRobin(rrTournament(6, six[:r]...), false)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(six[r]) {
			t.Errorf("6 players after %d rounds: %v, %v; want the printed round %d %v", r, got, err, r+1, six[r])
		}
	}
	five := withBye(six, 6)
	got, err := RoundRobin(rrTournament(5, five[:2]...), false)
	if err != nil || fmt.Sprint(got) != "[{3 1} {4 5} {2 0}]" {
		t.Errorf("5 players after 2 rounds: %v, %v", got, err)
	}
	// Double: after the first cycle (rounds 1, 3, 2 of the table for 4),
	// round 4 is the table's round 1 reversed.
	four := parseTable(t, bergerTables[4])
	got, err = RoundRobin(rrTournament(4, four[0], four[2], four[1]), true)
	if err != nil || fmt.Sprint(got) != "[{4 1} {3 2}]" {
		t.Errorf("double, 4 players after 3 rounds: %v, %v", got, err)
	}

	if _, err := RoundRobin(rrTournament(4, four...), false); !errors.Is(err, ErrRoundRobinFinished) || !strings.Contains(err.Error(), "the 3 rounds of a single round robin of 4 players are played") {
		t.Errorf("finished: %v", err)
	}
	withXXR := rrTournament(4)
	withXXR.Rounds = 5
	if _, err := RoundRobin(withXXR, false); err == nil || !strings.Contains(err.Error(), "the file plans 5 rounds (XXR), but a single round robin of 4 players has 3") {
		t.Errorf("XXR 5 for 4 players: %v", err)
	}
	gap := rrTournament(3)
	gap.Players[2].Number = 4
	if _, err := RoundRobin(gap, false); err == nil || !strings.Contains(err.Error(), "numbered 1..3 without gaps, and number 3 is missing") {
		t.Errorf("numbers 1, 2, 4: %v", err)
	}
	if _, err := RoundRobin(rrTournament(1), false); err == nil || !strings.Contains(err.Error(), "1 players: the field must be 2..9999") {
		t.Errorf("one player: %v", err)
	}
}
