package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventLateEntriesFlag: event new --late-entries next gives a player
// entered after round 1 is public the next free number and leaves the
// others' alone; the default re-ranks the field (C.04.2). show says which.
func TestEventLateEntriesFlag(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("name,rating\nAnna,2200\nBen,2100\nCleo,2000\nDan,1900\n"), 0o644)
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	for _, tc := range []struct{ id, flag, show, players string }{
		// A late entry of 2150: next gives it number 5; rerank puts it
		// second, below Anna's 2200, moving Ben, Cleo and Dan down one.
		{"late-next", "next", "late entries: the next free number", "1 Anna 2 Ben 3 Cleo 4 Dan 5 Late"},
		{"late-rerank", "rerank", "late entries: re-ranked (C.04.2)", "1 Anna 2 Late 3 Ben 4 Cleo 5 Dan"},
	} {
		ev("new", "--id", tc.id, "--name", "Late", "--rounds", "3", "--players", csv, "--late-entries", tc.flag)
		if show := ev("show", tc.id); !strings.Contains(show, tc.show) {
			t.Errorf("%s: show:\n%s", tc.id, show)
		}
		ev("pair", tc.id, "--publish")
		ev("players", tc.id, "--add", "Late", "--rating", "2150")
		var got []string
		for _, line := range strings.Split(ev("players", tc.id), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] >= "1" && f[0] <= "9" {
				got = append(got, f[0], f[1])
			}
		}
		if strings.Join(got, " ") != tc.players {
			t.Errorf("%s: numbers %q, want %q", tc.id, strings.Join(got, " "), tc.players)
		}
	}
	if _, stderr, code := call(t, "", "event", "new", "--name", "X", "--rounds", "1", "--late-entries", "sideways", "--db", db); code == 0 || !strings.Contains(stderr, `--late-entries "sideways"`) {
		t.Errorf("a bad --late-entries: exit %d, %q", code, stderr)
	}
}
