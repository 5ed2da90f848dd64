package pairing

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDutchExtra pairs the extra cases of testdata/dutch-extra (made by
// "go run ./scripts/pairingcorpus extra" with bbpPairings): generated
// tournaments given late entries, the Baku acceleration, XXA accelerations,
// other point systems (BBW, BBD, BBU, 162), forbidden pairs (XXP, 260), 240
// byes and black for the top player in round 1. Each NAME.out is what
// bbpPairings --dutch NAME.trf -p wrote; the pairing must be the same, byte
// for byte in BBP's output format.
func TestDutchExtra(t *testing.T) {
	names, err := filepath.Glob("testdata/dutch-extra/*.trf")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 30 {
		t.Fatalf("testdata/dutch-extra has %d files, want 30 or more", len(names))
	}
	kinds := map[string]int{}
	for _, name := range names {
		base := strings.TrimSuffix(name, ".trf")
		kind, _, _ := strings.Cut(filepath.Base(base), "-")
		want, err := os.ReadFile(base + ".out")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		tour, err := ParseTRF(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		pairs, err := Dutch(tour)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var got strings.Builder
		fmt.Fprintf(&got, "%d\n", len(pairs))
		for _, p := range pairs {
			fmt.Fprintf(&got, "%d %d\n", p.White, p.Black)
		}
		if got.String() != string(want) {
			t.Errorf("%s: Dutch gives\n%s\nbbpPairings gave\n%s", name, got.String(), want)
			continue
		}
		kinds[kind]++
	}
	for _, k := range []string{"late", "baku", "football", "byehalf", "points162", "xxp", "prohibit260", "bye240", "xxa", "black1"} {
		if kinds[k] == 0 {
			t.Errorf("no %s case agrees", k)
		}
	}
}
