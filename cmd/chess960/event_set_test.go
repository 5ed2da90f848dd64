package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventPairSet pairs a round by hand with --set, by pairing numbers,
// in a field whose entry order (the internal IDs) is not the rating order
// (the pairing numbers): the boards must be the numbers' players.
func TestEventPairSet(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "events.db")
	csv := filepath.Join(dir, "players.csv")
	// Entered lowest rated first: Eva is ID 1 and number 5.
	os.WriteFile(csv, []byte("name,rating\nEva,2100\nDan,2150\nCleo,2200\nBen,2250\nAnna,2300\n"), 0o644)
	ev := func(args ...string) string {
		t.Helper()
		return mustRun(t, append(append([]string{"event"}, args...), "--db", db)...)
	}
	ev("new", "--id", "sw5", "--name", "Five", "--system", "dutch", "--rounds", "3", "--seed", "cli-set", "--weak-seed", "--players", csv)
	names := map[int]string{}
	var players []struct {
		ID     int    `json:"id"`
		Number int    `json:"number"`
		Name   string `json:"name"`
	}
	if err := json.Unmarshal([]byte(ev("players", "sw5", "--json")), &players); err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		names[p.ID] = p.Name
	}
	for _, set := range []string{"1-4,5-2,3-0", "1 4\n5 2\n3 bye"} {
		var r struct {
			Boards []struct{ White, Black int } `json:"boards"`
			Byes   []struct {
				Player int    `json:"player"`
				Kind   string `json:"kind"`
			} `json:"byes"`
		}
		if err := json.Unmarshal([]byte(ev("pair", "sw5", "--set", set, "--json")), &r); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, b := range r.Boards {
			got = append(got, names[b.White]+"-"+names[b.Black])
		}
		for _, y := range r.Byes {
			got = append(got, names[y.Player]+" "+y.Kind)
		}
		if want := "Anna-Dan,Eva-Ben,Cleo pairing"; strings.Join(got, ",") != want {
			t.Errorf("--set %q: %s, want %s (by pairing numbers)", set, strings.Join(got, ","), want)
		}
	}
	for set, why := range map[string]string{"1-9": "no player has the pairing number 9", "1-2,2-3": "number 2 is on board line 1 already", "1-x": "want two pairing numbers"} {
		_, errOut, code := call(t, "", "event", "pair", "sw5", "--set", set, "--db", db)
		if code == 0 || !strings.Contains(errOut, "--set") || !strings.Contains(errOut, why) {
			t.Errorf("--set %q: exit %d, %q; want an error saying %q", set, code, errOut, why)
		}
	}
}
