package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// shippedScores reads the shipped balance table's scores with
// encoding/csv (the CSV under internal/balance/data/): id -> centipawns,
// for the rows that score in centipawns.
func shippedScores(t *testing.T) map[int]int {
	t.Helper()
	files, _ := filepath.Glob("../../internal/balance/data/balance-*.csv")
	if len(files) != 1 {
		t.Fatalf("balance tables under internal/balance/data/: %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	scores := map[int]int{}
	for _, r := range rows[1:] {
		id, _ := strconv.Atoi(r[0])
		if r[2] != "" {
			scores[id], _ = strconv.Atoi(r[2])
		}
	}
	return scores
}

// TestRandomBalanced: --balanced X draws among the positions the shipped
// table scores within X centipawns, minus --exclude, by the published
// algorithm (SHA-256 of "chess960:SEED:K", first 8 bytes mod the allowed
// count), computed here from the CSV itself.
func TestRandomBalanced(t *testing.T) {
	scores := shippedScores(t)
	for _, c := range []struct {
		cp      int
		exclude string
		excl    func(int) bool
	}{
		{20, "", func(int) bool { return false }},
		{30, "0-99,518", func(id int) bool { return id < 100 || id == 518 }},
	} {
		var allowed []int
		for id := 0; id < 960; id++ {
			s, ok := scores[id]
			if ok && s >= -c.cp && s <= c.cp && !c.excl(id) {
				allowed = append(allowed, id)
			}
		}
		var want strings.Builder
		for k := 0; k < 6; k++ {
			h := sha256.Sum256([]byte(fmt.Sprintf("chess960:%s:%d", "Round 1", k)))
			fmt.Fprintf(&want, "%d\n", allowed[binary.BigEndian.Uint64(h[:8])%uint64(len(allowed))])
		}
		args := []string{"random", "--seed", "Round 1", "--count", "6", "--balanced", strconv.Itoa(c.cp)}
		if c.exclude != "" {
			args = append(args, "--exclude", c.exclude)
		}
		var got strings.Builder
		for _, l := range strings.Split(strings.TrimSpace(mustRun(t, args...)), "\n") {
			got.WriteString(strings.Fields(l)[0] + "\n")
		}
		if got.String() != want.String() {
			t.Errorf("%v:\n%s\nwant (from the CSV, %d allowed):\n%s", args, got.String(), len(allowed), want.String())
		}
		// --json says so, with the exclusions as given and the count left.
		var d struct {
			Exclude  string
			Balanced *int
			Allowed  int
		}
		if err := json.Unmarshal([]byte(mustRun(t, append(args, "--json")...)), &d); err != nil || d.Balanced == nil || *d.Balanced != c.cp || d.Exclude != c.exclude || d.Allowed != len(allowed) {
			t.Errorf("%v --json: %+v %v (want %d allowed)", args, d, err, len(allowed))
		}
	}
	// Unique draws exhaust the balanced positions before repeating.
	out := strings.Split(strings.TrimSpace(mustRun(t, "random", "--balanced", "10", "--unique", "--count", "11", "--seed", "s")), "\n")
	seen := map[string]bool{}
	for _, l := range out {
		id, _ := strconv.Atoi(strings.Fields(l)[0])
		if s := scores[id]; s < -10 || s > 10 || seen[l] {
			t.Errorf("draw %q: score %d, or repeated", l, s)
		}
		seen[l] = true
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"random", "--balanced", "-1"}, 1, `--balanced "-1": out of range: must be 0..10000`},
		{[]string{"random", "--balanced", "x"}, 1, `--balanced "x"`},
		{[]string{"random", "--balanced", "5", "--exclude", "0-959"}, 1, "positions are within 5 centipawns, and --exclude \"0-959\" leaves none of them"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d %q", c.args, code, errOut)
		}
	}
	if out := mustRun(t, "random", "--balanced", "0", "--count", "2"); out != "115 BNQRNKRB\n115 BNQRNKRB\n" {
		// Position 115 is the only one the table scores 0.00.
		t.Errorf("--balanced 0: %q", out)
	}
}
