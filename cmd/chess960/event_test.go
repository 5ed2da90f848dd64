package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/pairing"
)

// TestEventCLI runs a round robin of five players from the command line on
// an SQLite file, and checks the positions against chess960 random's draws
// for the same seed, the exports, and the errors.
func TestEventCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("name,rating,federation,title\nAnna,2300,NOR,IM\nBen,2250,SWE,FM\nCleo,2200,DEN,\nDan,2150,FIN,\nEva,2100,ISL,\n"), 0o644)
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	out := ev("new", "--id", "rr5", "--name", "Five", "--system", "roundrobin", "--seed", "cli-rr", "--players", csv)
	// An edit renumbers: Eva, rated 2400 now, becomes number 1.
	if pl := ev("players", "rr5", "--edit", "5", "--rating", "2400", "--club", "Reykjavik"); !strings.Contains(strings.Split(pl, "\n")[1], "1    Eva") || !strings.Contains(pl, "Reykjavik") {
		t.Errorf("edit:\n%s", pl)
	}
	if !strings.HasPrefix(out, "event rr5: Five\ncommitment ") || !strings.Contains(out, "admin link /e/rr5/a/") {
		t.Fatalf("new:\n%s", out)
	}
	// The draws the event will use, as chess960 random prints them.
	var want struct {
		Positions []struct {
			ID int `json:"id"`
		} `json:"positions"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "random", "--seed", "cli-rr", "--unique", "--count", "5", "--json")), &want); err != nil {
		t.Fatal(err)
	}
	for rn := 1; rn <= 5; rn++ {
		ev("pair", "rr5", "--publish")
		var r struct {
			Number   int  `json:"number"`
			Position *int `json:"position"`
			Boards   []struct {
				Board int `json:"board"`
			} `json:"boards"`
		}
		if err := json.Unmarshal([]byte(ev("start", "rr5", "--json")), &r); err != nil {
			t.Fatal(err)
		}
		if r.Number != rn || r.Position == nil || *r.Position != want.Positions[rn-1].ID {
			t.Fatalf("round %d: %+v, chess960 random's draw %d is %d", rn, r, rn, want.Positions[rn-1].ID)
		}
		if len(r.Boards) != 2 {
			t.Fatalf("round %d: %d boards, want 2 (and a bye)", rn, len(r.Boards))
		}
		for _, b := range r.Boards {
			res := []string{"1-0", "1/2-1/2", "0-1"}[(rn+b.Board)%3]
			ev("result", "rr5", itoa(rn), itoa(b.Board), res)
		}
	}
	// A correction of the last round.
	ev("result", "rr5", "5", "1", "-/+")
	st := ev("standings", "rr5")
	if lines := strings.Split(strings.TrimSpace(st), "\n"); len(lines) != 6 || !strings.HasPrefix(lines[0], "rank  no.  name") {
		t.Errorf("standings:\n%s", st)
	}
	trf := ev("export", "rr5", "--format", "trf16")
	tt, err := pairing.ParseTRFRecord([]byte(trf))
	if err != nil {
		t.Fatalf("TRF: %v\n%s", err, trf)
	}
	// The round robin's rounds are the Berger table's: -c of every round.
	for r := 1; r <= 5; r++ {
		pairs, err := pairing.RoundRobin(tt.Before(r), false)
		if err != nil {
			t.Fatal(err)
		}
		if d := pairing.CompareRound(tt, r, pairs); d != nil {
			t.Errorf("round %d: %v", r, d)
		}
	}
	pgn := ev("export", "rr5", "--format", "pgn")
	if n := strings.Count(pgn, "[Event \"Five\"]"); n != 9 { // 10 games, one forfeit
		t.Errorf("%d games in the PGN export, want 9", n)
	}
	// Verify needs the seed: before the end, it says so.
	if _, errOut, code := call(t, "", "event", "verify", "rr5", "--db", db); code != 1 || !strings.Contains(errOut, "the seed is revealed when the event is finished") {
		t.Errorf("verify before the end: exit %d, %q", code, errOut)
	}
	fin := ev("finish", "rr5")
	if !strings.Contains(fin, "seed cli-rr") {
		t.Errorf("finish:\n%s", fin)
	}
	vout := ev("verify", "rr5")
	if strings.Count(vout, ": ok\n") != 5 || !strings.Contains(vout, "re-derive with: chess960 random --seed cli-rr --unique --count 5") {
		t.Errorf("verify:\n%s", vout)
	}
	// A backup restores beside the original with a new ID.
	bk := filepath.Join(dir, "rr5.json")
	ev("export", "rr5", "--format", "backup", "-o", bk)
	if _, errOut, code := call(t, "", "event", "import", bk, "--db", db); code != 1 || !strings.Contains(errOut, "--new-id") {
		t.Errorf("restore over itself: exit %d, %q", code, errOut)
	}
	if out := ev("import", bk, "--new-id"); !strings.Contains(out, "Five: 5 players, 5 rounds of 5 played") {
		t.Errorf("restore: %s", out)
	}
	if list := ev("list"); strings.Count(list, "Five") != 2 {
		t.Errorf("list:\n%s", list)
	}
	// Errors.
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"event"}, 2, "give an action"},
		{[]string{"event", "dance"}, 2, "unknown action \"dance\""},
		{[]string{"event", "show"}, 2, "needs the event's ID"},
		{[]string{"event", "show", "nosuch"}, 1, "event \"nosuch\": no such event"},
		{[]string{"event", "show", "NO SUCH"}, 1, "event ID"},
		{[]string{"event", "show", "rr5", "--rounds", "3"}, 2, "--rounds does not go with event show"},
		{[]string{"event", "new", "--rounds", "3"}, 2, "needs --name"},
		{[]string{"event", "new", "--name", "X", "--rounds", "3", "--exclude", "0-959"}, 1, "no position to draw"},
		{[]string{"event", "new", "--name", "X", "--rounds", "3", "--id", "rr5"}, 1, "event ID \"rr5\": taken"},
		{[]string{"event", "result", "rr5", "1", "1", "2-0"}, 1, "result \"2-0\": want 1-0, 1/2-1/2, 0-1, +/-, -/+ or -/-"},
		{[]string{"event", "result", "rr5", "1", "1", "0-1"}, 1, "the event is finished"},
		{[]string{"event", "result", "rr5", "x", "1", "1-0"}, 2, "ROUND \"x\""},
		{[]string{"event", "players", "rr5", "--bye", "1"}, 2, "--bye needs --round and --kind"},
		{[]string{"event", "export", "rr5"}, 2, "needs --format"},
		{[]string{"event", "players", "rr5", "--name", "X"}, 2, "--name goes with --edit"},
		{[]string{"event", "players", "rr5", "--withdraw", "2", "--rating", "5"}, 2, "--rating goes with --add or --edit"},
		{[]string{"event", "players", "rr5", "--edit", "2"}, 2, "--edit needs what to change"},
		{[]string{"event", "players", "rr5", "--edit", "9", "--rating", "2000"}, 1, "no player has the pairing number 9"},
		{[]string{"event", "import", filepath.Join(dir, "none.trf")}, 1, "no such file"},
	} {
		_, errOut, code := call(t, "", append(c.args, "--db", db)...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want exit %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
	if _, errOut, code := call(t, "", "event", "list", "--db", filepath.Join(dir, "no", "such", "dir.db")); code != 1 || !strings.Contains(errOut, "--db") {
		t.Errorf("a database in a missing directory: exit %d, %q", code, errOut)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
