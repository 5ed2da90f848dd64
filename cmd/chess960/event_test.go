package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
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
	out := ev("new", "--id", "rr5", "--name", "Five", "--system", "roundrobin", "--seed", "cli-rr", "--weak-seed", "--players", csv)
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
		{[]string{"event", "show", "rr5", "--rounds", "3"}, 2, "event show takes no flag --rounds (event new and event import take it); its flags: --db, --json"},
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

// TestEventActionFlags: each event action has its own flag set, with only
// its flags and their own help: a flag another action takes is refused by
// name (exit 2), before the database is opened; --name is the event's in
// event new and the player's in event players, each so described.
func TestEventActionFlags(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e.db")
	mustRun(t, "event", "new", "--id", "flags-1", "--name", "Flags", "--rounds", "3", "--db", db)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "list", "--name", "x"}, "event list takes no flag --name (event new and event players take it); its flags: --db, --json"},
		{[]string{"event", "standings", "flags-1", "--publish"}, "event standings takes no flag --publish (event pair takes it); its flags: --after, --csv, --db, --json"},
		{[]string{"event", "new", "--name", "x", "--rounds", "3", "--csv"}, "event new takes no flag --csv (event standings takes it)"},
		{[]string{"event", "verify", "flags-1", "--rounds", "2"}, "event verify takes no flag --rounds (event new and event import take it); its flags: --db, --json, --seed"},
		{[]string{"event", "link", "flags-1", "--no-such"}, "event link takes no flag --no-such; its flags: --add, --db, --json, --revoke, --rotate"},
		{[]string{"event", "--rounds", "3", "list"}, `give the action before "--rounds"`},
	} {
		_, errOut, code := call(t, "", append(c.args, "--db", db)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("chess960 %s: exit %d, %q; want exit 2 and %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
	// --db and --json may come before the action.
	if out := mustRun(t, "event", "--db", db, "--json", "list"); !strings.Contains(out, `"id": "flags-1"`) {
		t.Errorf("event --db DB --json list: %q", out)
	}
	// Each action's help lists its own flags.
	newHelp := mustRun(t, "event", "new", "--help")
	playersHelp := mustRun(t, "event", "players", "--help")
	listHelp := mustRun(t, "event", "list", "--help")
	for _, c := range []struct {
		help, has, lacks string
	}{
		{newHelp, "--name NAME            the event's NAME", "--edit"},
		{playersHelp, "--name NAME            with --edit: the player's new NAME", "--rounds"},
		{listHelp, "--db PATH", "--name"},
	} {
		if !strings.Contains(c.help, c.has) || strings.Contains(c.help, c.lacks) {
			t.Errorf("help has no %q or has %q:\n%s", c.has, c.lacks, c.help)
		}
	}
}

// TestEventMissingDatabase: only event new and event import make an
// SQLite file; every other action on a path where no file is exits 1 with
// an error naming the path, and leaves no file there.
func TestEventMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	for _, args := range [][]string{
		{"list"}, {"show", "x"}, {"players", "x"}, {"pair", "x"}, {"start", "x"}, {"result", "x", "1", "1", "1-0"},
		{"standings", "x"}, {"export", "x", "--format", "csv"}, {"verify", "x"}, {"finish", "x"}, {"link", "x"},
	} {
		a := append([]string{"event"}, args...)
		out, errOut, code := call(t, "", append(a, "--db", typo)...)
		want := "chess960 event: --db " + quoteArg(typo) + ": no database there (no such file): give the path of an existing one, or make one with event new or event import\n"
		if code != 1 || out != "" || errOut != want {
			t.Errorf("chess960 %s: exit %d, %q, %q; want exit 1 and %q", strings.Join(a, " "), code, out, errOut, want)
		}
		if _, err := os.Stat(typo); err == nil {
			t.Fatalf("chess960 %s made %s", strings.Join(a, " "), typo)
		}
	}
	// The default database, and $CHESS960_DB, are named as such.
	t.Chdir(dir)
	t.Setenv("CHESS960_DB", "")
	if _, errOut, code := call(t, "", "event", "list"); code != 1 || !strings.Contains(errOut, `the database "chess960.db" (the default; give --db PATH or set $CHESS960_DB): no database there`) {
		t.Errorf("event list with no ./chess960.db: exit %d, %q", code, errOut)
	}
	t.Setenv("CHESS960_DB", typo)
	if _, errOut, code := call(t, "", "event", "list"); code != 1 || !strings.Contains(errOut, "$CHESS960_DB "+quoteArg(typo)+": no database there") {
		t.Errorf("event list with $CHESS960_DB: exit %d, %q", code, errOut)
	}
	// event new makes it; then list reads it.
	mustRun(t, "event", "new", "--id", "made-1", "--name", "Made", "--rounds", "3", "--db", typo)
	if out := mustRun(t, "event", "list", "--db", typo); !strings.Contains(out, "made-1") {
		t.Errorf("event list after event new: %q", out)
	}
}

// TestRetryBusy: a change the event layer refuses as busy is tried again
// after a wait that grows (100 ms, 200 ms, 400 ms, ... up to 2 s, each
// drawn between half and all of it), with one line on stderr, until it
// goes through or 10 s of waiting are spent; then the error is returned.
// Other errors are not retried. The waits are recorded, not slept.
func TestRetryBusy(t *testing.T) {
	var waits []time.Duration
	defer func(s func(time.Duration)) { busySleep = s }(busySleep)
	busySleep = func(d time.Duration) { waits = append(waits, d) }
	busy := fmt.Errorf("event x: 8 other changes came in: %w", event.ErrBusy)

	var stderr strings.Builder
	e := &env{stderr: &stderr}
	calls := 0
	err := retryBusy(e, "event x", func() error {
		calls++
		if calls <= 3 {
			return busy
		}
		return nil
	})
	if err != nil || calls != 4 || len(waits) != 3 {
		t.Fatalf("busy three times: %v, %d calls, waits %v", err, calls, waits)
	}
	for i, step := range []time.Duration{100, 200, 400} {
		if step *= time.Millisecond; waits[i] < step/2 || waits[i] > step {
			t.Errorf("wait %d: %v, want %v to %v", i+1, waits[i], step/2, step)
		}
	}
	if want := "chess960 event: event x: busy with other changes; waiting up to 10s and trying again\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}

	// Busy every time: 10 s of waits in all, then the error.
	waits, calls = nil, 0
	stderr.Reset()
	err = retryBusy(e, "event x", func() error { calls++; return busy })
	var total time.Duration
	for _, w := range waits {
		total += w
		if w > 2*time.Second {
			t.Errorf("a wait of %v", w)
		}
	}
	if !errors.Is(err, event.ErrBusy) || !strings.HasPrefix(err.Error(), busy.Error()+" (tried ") || total != 10*time.Second || calls != len(waits)+1 || calls < 7 || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("always busy: %v; %d calls, waits %v (%v in all), stderr %q", err, calls, waits, total, stderr.String())
	}

	// Another error: returned at once.
	waits, calls = nil, 0
	stderr.Reset()
	other := errors.New("event x: round 2 is not paired")
	if err := retryBusy(e, "event x", func() error { calls++; return other }); err != other || calls != 1 || len(waits) != 0 || stderr.Len() != 0 {
		t.Errorf("another error: %v, %d calls, waits %v, stderr %q", err, calls, waits, stderr.String())
	}
}

// TestEventPostgresNotChecked: a postgres:// URL names no file, so the
// check for a missing database leaves it to the server: event new makes
// an event there and event list and show read it.
func TestEventPostgresNotChecked(t *testing.T) {
	pg := os.Getenv("CHESS960_TEST_POSTGRES")
	if pg == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set and CHESS960_TEST_POSTGRES is not: .ci/run starts PostgreSQL and sets it")
		}
		t.Skip("CHESS960_TEST_POSTGRES is not set")
	}
	// A Postgres database outlives the test: each run has its own event.
	id := "pg-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	mustRun(t, "event", "new", "--id", id, "--name", "On Postgres", "--rounds", "3", "--db", pg)
	if out := mustRun(t, "event", "list", "--db", pg); !strings.Contains(out, id) {
		t.Errorf("event list: no %s in\n%s", id, out)
	}
	if out := mustRun(t, "event", "show", id, "--db", pg); !strings.Contains(out, "On Postgres") {
		t.Errorf("event show:\n%s", out)
	}
}
