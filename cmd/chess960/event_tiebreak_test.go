package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventTieBreakRules: event new takes the C.07 edition and the rating
// for unrated players, show prints them, and the standings say which
// tie-breaks were dropped.
func TestEventTieBreakRules(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("name,rating\nAnna,2200\nBen,2100\nCleo,2000\nDan,\n"), 0o644)
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	ev("new", "--id", "tb-a", "--name", "A", "--rounds", "1", "--tiebreaks", "ARO,BH", "--tiebreak-rules", "2024", "--players", csv)
	if show := ev("show", "tb-a"); !strings.Contains(show, "tie-break rules: C.07 2024 text; no rating for unrated players") {
		t.Errorf("show:\n%s", show)
	}
	ev("pair", "tb-a", "--publish")
	ev("start", "tb-a")
	ev("result", "tb-a", "1", "1", "1-0")
	ev("result", "tb-a", "1", "2", "0-1")
	st := ev("standings", "tb-a")
	if !strings.Contains(st, "\nARO dropped: an unrated participant and no rating given for unrated players") {
		t.Errorf("standings without a rating for the unrated:\n%s", st)
	}
	for _, line := range strings.Split(strings.TrimSpace(st), "\n")[1:5] {
		if f := strings.Fields(line); len(f) < 2 || f[len(f)-2] != "-" {
			t.Errorf("standings line %q: want ARO -", line)
		}
	}
	// With a rating for the unrated: no note. Dutch round 1 pairs 1-3 and
	// 4-2; both Whites win. Dan (unrated) met Ben: ARO 2100; Anna met Cleo:
	// 2000; Cleo 2200; Ben met Dan, at 1400. Dan and Anna (1.0) part on ARO.
	// The seed is SHA-256("0"), whose lot gives player 1 White in round 1
	// (SHA-256("chess960:colour:" + seed) starts with an even byte): with
	// a drawn seed the colours, and so this table, would change from run
	// to run.
	ev("new", "--id", "tb-b", "--name", "B", "--rounds", "1", "--tiebreaks", "ARO,BH", "--unrated-rating", "1400", "--tiebreak-rules", "2026", "--players", csv,
		"--seed", "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9")
	if show := ev("show", "tb-b"); !strings.Contains(show, "tie-break rules: C.07 2026 text; unrated players count as 1400") {
		t.Errorf("show:\n%s", show)
	}
	ev("pair", "tb-b", "--publish")
	ev("start", "tb-b")
	ev("result", "tb-b", "1", "1", "1-0")
	ev("result", "tb-b", "1", "2", "1-0")
	st = ev("standings", "tb-b")
	if strings.Contains(st, "dropped") || !strings.Contains(st, "1     4    Dan   -       1.0     2100") ||
		!strings.Contains(st, "2     1    Anna  2200    1.0     2000") || !strings.Contains(st, "4     2    Ben   2100    0.0     1400") {
		t.Errorf("standings with 1400 for the unrated:\n%s", st)
	}
	for _, bad := range [][]string{
		{"--tiebreak-rules", "2025"},
		{"--unrated-rating", "0"},
		{"--unrated-rating", "5000"},
	} {
		args := append([]string{"event", "new", "--name", "X", "--rounds", "1", "--db", db}, bad...)
		_, errOut, code := call(t, "", args...)
		if code == 0 || !strings.Contains(errOut, bad[0]) {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errOut)
		}
	}
}
