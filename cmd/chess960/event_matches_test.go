package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventMatchesCLI: a Swiss of six players in two rounds of 2-game
// matches counting match points, with an Armageddon for a tie, run from
// the command line. Every game is won by White, so every match is tied
// 1-1; every Armageddon is drawn, so Black takes each match. Each player
// who had Black in an Armageddon then has 2 points for it.
func TestEventMatchesCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("name,rating\nA,2400\nB,2350\nC,2300\nD,2250\nE,2200\nF,2150\n"), 0o644)
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	ev("new", "--id", "club", "--name", "Club matches", "--rounds", "2", "--players", csv, "--games", "2", "--scoring", "match", "--armageddon", "5+2/4+2")
	points := map[int]int{}
	var labels []string
	for rn := 1; ; rn++ {
		_, errOut, code := call(t, "", "event", "pair", "club", "--publish", "--db", db)
		if code != 0 {
			if !strings.Contains(errOut, "2 rounds of matches are played") {
				t.Fatalf("pair %d: exit %d: %s", rn, code, errOut)
			}
			break
		}
		var r koRound
		if err := json.Unmarshal([]byte(ev("start", "club", "--json")), &r); err != nil {
			t.Fatal(err)
		}
		labels = append(labels, fmt.Sprintf("%d.%d:%d", r.KORound, r.KOGame, len(r.Boards)))
		for _, b := range r.Boards {
			res := "1-0"
			if b.KO.Armageddon {
				res = "1/2-1/2"
				points[b.Black] += 2
			}
			ev("result", "club", fmt.Sprint(rn), fmt.Sprint(b.Board), res)
		}
		if rn > 10 {
			t.Fatal("no end")
		}
	}
	if got, want := strings.Join(labels, " "), "1.1:3 1.2:3 1.3:3 2.1:3 2.2:3 2.3:3"; got != want {
		t.Errorf("rounds (round of matches.game:boards) %s, want %s", got, want)
	}
	var st struct {
		Rounds int `json:"rounds"`
		Rows   []struct {
			Player int    `json:"player"`
			Points string `json:"points"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(ev("standings", "club", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	if st.Rounds != 2 || len(st.Rows) != 6 {
		t.Fatalf("standings after %d rounds, %d rows", st.Rounds, len(st.Rows))
	}
	for _, r := range st.Rows {
		if want := fmt.Sprintf("%d.0", points[r.Player]); r.Points != want {
			t.Errorf("player %d: %s points, want %s", r.Player, r.Points, want)
		}
	}
	show := ev("show", "club")
	for _, s := range []string{"matches of 2 games, counting match points (2, 1, 0), an Armageddon (5+2 v 4+2) for a tie",
		"round 3 (round 1 of matches, Armageddon): started", "1-1, Armageddon ½-½", "game 3: Armageddon (5+2 v 4+2; a draw is Black's win)"} {
		if !strings.Contains(show, s) {
			t.Errorf("event show lacks %q:\n%s", s, show)
		}
	}
	if pgn := ev("export", "club", "--format", "pgn"); !strings.Contains(pgn, `[Round "2.3.3"]`) || !strings.Contains(pgn, `[Stage "Armageddon`) {
		t.Errorf("the PGN lacks round 2.3.3 or the Armageddon's stage")
	}
	ev("finish", "club")
	if out := ev("verify", "club"); !strings.Contains(out, "--count 4") || strings.Contains(out, "MISMATCH") {
		t.Errorf("verify: 2 rounds' positions and 2 Armageddons' draw 4:\n%s", out)
	}
	// The flags that do not go together.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scoring", "match"}, "--scoring goes with --games N"},
		{[]string{"--games", "2", "--ladder", "2@5+3"}, "--ladder goes with --system knockout"},
		{[]string{"--games", "3"}, "even number"},
		{[]string{"--games", "2", "--armageddon", "5+2/4+2"}, "set the scoring to match"},
		{[]string{"--system", "knockout", "--scoring", "match"}, "--scoring: a knockout's matches"},
	} {
		args := append([]string{"event", "new", "--db", db, "--name", "X", "--rounds", "3"}, c.args...)
		_, errOut, code := call(t, "", args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %q; want an error saying %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
}

// TestEventStagesCLI: two round-robin groups of four, played from the
// command line (the better-rated player wins every game), then a
// knockout of the top two of each with --from: the knockout names its
// sources, and each group links the knockout as its next stage.
func TestEventStagesCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	for _, g := range []string{"a", "b"} {
		csv := filepath.Join(dir, g+".csv")
		os.WriteFile(csv, []byte(fmt.Sprintf("name,rating\n%s1,2400\n%s2,2300\n%s3,2200\n%s4,2100\n", g, g, g, g)), 0o644)
		ev("new", "--id", "group-"+g, "--name", "Group "+g, "--system", "roundrobin", "--players", csv)
		for rn := 1; rn <= 3; rn++ {
			ev("pair", "group-"+g, "--publish")
			var r koRound
			if err := json.Unmarshal([]byte(ev("start", "group-"+g, "--json")), &r); err != nil {
				t.Fatal(err)
			}
			for _, b := range r.Boards {
				res := "1-0" // entry order is rating order: the lower ID wins
				if b.Black < b.White {
					res = "0-1"
				}
				ev("result", "group-"+g, fmt.Sprint(rn), fmt.Sprint(b.Board), res)
			}
		}
	}
	ev("new", "--id", "finals", "--name", "Finals", "--system", "knockout", "--from", "group-a:2,group-b:2")
	show := ev("show", "finals")
	for _, s := range []string{"qualified from group-a (Group a), top 2", "qualified from group-b (Group b), top 2"} {
		if !strings.Contains(show, s) {
			t.Errorf("event show finals lacks %q:\n%s", s, show)
		}
	}
	var e struct {
		Players []struct{ Name string } `json:"players"`
	}
	json.Unmarshal([]byte(ev("show", "finals", "--json")), &e)
	var names []string
	for _, p := range e.Players {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, " "); got != "a1 b1 a2 b2" {
		t.Errorf("the finals' players in seed order: %s, want a1 b1 a2 b2", got)
	}
	for _, g := range []string{"group-a", "group-b"} {
		if s := ev("show", g); !strings.Contains(s, "next stage finals (Finals) takes the top 2") {
			t.Errorf("event show %s does not link the finals:\n%s", g, s)
		}
	}
}
