package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// koRound is a started round as event start --json prints it.
type koRound struct {
	Number  int `json:"number"`
	KORound int `json:"koRound"`
	KOGame  int `json:"koGame"`
	Boards  []struct {
		Board    int  `json:"board"`
		White    int  `json:"white"`
		Black    int  `json:"black"`
		Position *int `json:"position"`
		KO       struct {
			Match      string `json:"match"`
			N          int    `json:"n"`
			Stage      int    `json:"stage"`
			Armageddon bool   `json:"armageddon"`
		} `json:"ko"`
	} `json:"boards"`
}

// runKnockout plays a knockout of n players from the command line: every
// match's games are drawn where draw says so, else the better-rated
// player (the lower entry number: the CSV is in rating order) wins with
// either colour. It returns the started rounds.
func runKnockout(t *testing.T, db, id string, draw func(match string, n int) bool) []koRound {
	t.Helper()
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	var rounds []koRound
	for rn := 1; ; rn++ {
		out, errOut, code := call(t, "", "event", "pair", id, "--publish", "--db", db)
		if code != 0 {
			if !strings.Contains(errOut, "the knockout is over") {
				t.Fatalf("pair %d: exit %d: %s", rn, code, errOut)
			}
			break
		}
		_ = out
		var r koRound
		if err := json.Unmarshal([]byte(ev("start", id, "--json")), &r); err != nil {
			t.Fatal(err)
		}
		for _, b := range r.Boards {
			res := "1-0"
			switch {
			case draw(b.KO.Match, b.KO.N):
				res = "1/2-1/2"
			case b.Black < b.White:
				res = "0-1"
			}
			ev("result", id, fmt.Sprint(rn), fmt.Sprint(b.Board), res)
		}
		rounds = append(rounds, r)
		if rn > 200 {
			t.Fatal("no end")
		}
	}
	return rounds
}

// TestEventKnockoutCLI: knockouts of 8 and 16 players with 2-game
// matches, a ladder of two rapid and two blitz games and an Armageddon,
// run from the command line: the third place for 8, every place for 16;
// one match of each goes through the whole ladder to its Armageddon, whose
// draw puts Black through. The bracket, the places, the PGN's rounds and
// the verification are checked.
func TestEventKnockoutCLI(t *testing.T) {
	for _, tc := range []struct {
		n      int
		places string
		// the places' lines as event bracket prints them, the Armageddon's
		// Black marked B, the other side of its match O
		want string
	}{
		{8, "4", "1 P01|2 P02|3 P03|4 PB|5-8 PO|5-8 P06|5-8 P07|5-8 P08"},
		{16, "all", ""},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "events.db")
			csv := filepath.Join(dir, "players.csv")
			var b strings.Builder
			b.WriteString("name,rating\n")
			for i := 1; i <= tc.n; i++ {
				fmt.Fprintf(&b, "P%02d,%d\n", i, 2600-10*i)
			}
			os.WriteFile(csv, []byte(b.String()), 0o644)
			id := fmt.Sprintf("ko%d", tc.n)
			out := mustRun(t, "event", "new", "--db", db, "--id", id, "--name", "KO", "--system", "knockout", "--players", csv,
				"--ladder", "2@15+10,2@5+3", "--armageddon", "5+2/4+2", "--places", tc.places, "--time-control", "90+30")
			if !strings.Contains(out, "event "+id) {
				t.Fatalf("new: %s", out)
			}
			// Match 1.2 (seed 4 against seed 5 of 8; of 16 seed 8 against 9)
			// draws everything; match 2.1 (the first quarter- or semi-final)
			// is drawn in its games and won in the rapid.
			rounds := runKnockout(t, db, id, func(match string, n int) bool {
				return match == "1.2" || match == "2.1" && n <= 2 || match == "2.1" && n == 4
			})
			// Round 1's match 1.2: two games, two rapid, two blitz, the Armageddon.
			var arm *koRound
			games12 := 0
			for i := range rounds {
				for _, bd := range rounds[i].Boards {
					if bd.KO.Match == "1.2" {
						games12++
						if bd.KO.Armageddon {
							arm = &rounds[i]
						}
					}
					if bd.Position == nil {
						t.Errorf("round %d board %d: no position", rounds[i].Number, bd.Board)
					}
				}
			}
			if games12 != 7 || arm == nil || arm.KORound != 1 || arm.KOGame != 7 {
				t.Fatalf("match 1.2 played %d games, its Armageddon in %+v", games12, arm)
			}
			var armBlack int
			for _, bd := range arm.Boards {
				if bd.KO.Armageddon {
					armBlack = bd.Black
				}
			}
			br := mustRun(t, "event", "bracket", id, "--db", db)
			var bj struct {
				Finished bool
				Rounds   []struct {
					Name    string
					Matches []struct {
						Match  string
						Winner int
						Score  string
						A, B   struct{ Player, Seed int }
					}
				}
				Places []struct {
					From, To int
					Name     string
					Player   int
				}
			}
			if err := json.Unmarshal([]byte(mustRun(t, "event", "bracket", id, "--db", db, "--json")), &bj); err != nil {
				t.Fatal(err)
			}
			if !bj.Finished {
				t.Fatalf("not finished:\n%s", br)
			}
			m12 := bj.Rounds[0].Matches[1]
			if m12.Match != "1.2" || m12.Score != "1-1, tie-break 1-1, tie-break 1-1, Armageddon "+map[bool]string{true: "1-0", false: "0-1"}[m12.A.Player == armBlack] {
				t.Errorf("match 1.2: %+v (the Armageddon's Black: player %d)", m12, armBlack)
			}
			if w := map[bool]int{true: m12.A.Player, false: m12.B.Player}[m12.Winner == m12.A.Seed]; w != armBlack {
				t.Errorf("match 1.2's Armageddon was drawn: its Black (player %d) goes through, not player %d", armBlack, w)
			}
			if m21 := bj.Rounds[1].Matches[0]; m21.Score != "1-1, tie-break 1½-½" {
				t.Errorf("match 2.1: %+v", m21)
			}
			if len(bj.Places) != tc.n {
				t.Errorf("%d places, want %d:\n%s", len(bj.Places), tc.n, br)
			}
			if tc.want != "" {
				other := m12.A.Player + m12.B.Player - armBlack
				var got []string
				for _, p := range bj.Places {
					pl := fmt.Sprint(p.From)
					if p.To != p.From {
						pl += fmt.Sprintf("-%d", p.To)
					}
					name := p.Name
					switch p.Player {
					case armBlack:
						name = "PB"
					case other:
						name = "PO"
					}
					got = append(got, pl+" "+name)
				}
				want := tc.want
				if g := strings.Join(got, "|"); g != want {
					t.Errorf("places %s, want %s\n%s", g, want, br)
				}
			} else {
				// Every place from 1 to 16, each once.
				for i, p := range bj.Places {
					if p.From != i+1 || p.To != i+1 {
						t.Errorf("place %d: %d-%d %s", i+1, p.From, p.To, p.Name)
					}
				}
			}
			pgn := mustRun(t, "event", "export", id, "--format", "pgn", "--db", db)
			for _, s := range []string{`[Round "1.2.7"]`, `[Stage "Armageddon (5+2 v 4+2; a draw is Black's win)"]`, `[Round "2.1.3"]`, `[Stage "Tie-break 1 (15+10)"]`} {
				if !strings.Contains(pgn, s) {
					t.Errorf("the PGN has no %s", s)
				}
			}
			mustRun(t, "event", "finish", id, "--db", db)
			if v := mustRun(t, "event", "verify", id, "--db", db); !strings.Contains(v, "its SHA-256 is the commitment") || strings.Contains(v, "DIFFERENT") || !strings.Contains(v, ": ok\n") {
				t.Errorf("verify:\n%s", v)
			}
			// The refusals.
			for _, c := range []struct {
				args []string
				want string
			}{
				{[]string{"event", "standings", id}, "ranks its players by its bracket"},
				{[]string{"event", "export", id, "--format", "trf"}, "TRF"},
				{[]string{"event", "decide", id, "x", "1"}, "MATCH \"x\""},
				{[]string{"event", "new", "--name", "X", "--ladder", "2@5+3"}, "--ladder goes with --system knockout"},
				{[]string{"event", "new", "--name", "X", "--system", "knockout", "--ladder", "two"}, "tie-break stage 1"},
				{[]string{"event", "new", "--name", "X", "--system", "knockout", "--places", "6"}, "places \"6\""},
				{[]string{"event", "new", "--name", "X", "--system", "knockout", "--armageddon", "5+2"}, "want WHITE/BLACK"},
			} {
				_, errOut, code := call(t, "", append(c.args, "--db", db)...)
				if code == 0 || !strings.Contains(errOut, c.want) {
					t.Errorf("%s: exit %d, %s; want %q", strings.Join(c.args, " "), code, errOut, c.want)
				}
			}
		})
	}
}
