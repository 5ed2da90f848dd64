package main

// The bench mode: bbpPairings and chess960 pair --dutch side by side, on the
// same files, alternating, medians of each program's wall time (process
// start included, as a tournament manager calling either one sees it).

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

// benchCase is one field size: a generated tournament, paired before round.
type benchCase struct {
	s     settings
	round int
}

func benchCases() []benchCase {
	return []benchCase{
		{settings{Seed: 101, Players: 30, Rounds: 9, DrawPct: 30, Forfeit: 20, Retired: 40, HalfBye: 30}, 5},
		{settings{Seed: 102, Players: 100, Rounds: 9, DrawPct: 30, Forfeit: 20, Retired: 40, HalfBye: 30}, 5},
		{settings{Seed: 103, Players: 300, Rounds: 11, DrawPct: 30, Forfeit: 20, Retired: 40, HalfBye: 30}, 1},
		{settings{Seed: 103, Players: 300, Rounds: 11, DrawPct: 30, Forfeit: 20, Retired: 40, HalfBye: 30}, 6},
		{settings{Seed: 103, Players: 300, Rounds: 11, DrawPct: 30, Forfeit: 20, Retired: 40, HalfBye: 30}, 11},
	}
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// bench runs each case rounds times with each program, alternating, and
// prints a table of medians; the outputs must agree.
func bench(bin string, rounds int) error {
	tmp, err := os.MkdirTemp("", "pairingbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ours := filepath.Join(tmp, "chess960")
	build := exec.Command("go", "build", "-o", ours, "./cmd/chess960")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build ./cmd/chess960: %v", err)
	}
	fmt.Printf("%d rounds each, alternating; medians of wall time, process start included\n\n", rounds)
	fmt.Printf("| players | round | boards | bbpPairings | chess960 | ratio |\n|---|---|---|---|---|---|\n")
	for _, c := range benchCases() {
		g, err := generate(bin, tmp, c.s)
		if err != nil {
			return err
		}
		xxc := ""
		if c.round == 1 {
			if xxc, _, err = g.initialColor(bin, tmp); err != nil {
				return err
			}
		}
		file := g.cut(c.round, xxc)
		var tb, to []time.Duration
		var first string
		for i := 0; i < rounds; i++ {
			want, d1, err := pair(tmp, file, bin)
			if err != nil {
				return err
			}
			got, d2, err := pair(tmp, file, ours, "pair")
			if err != nil {
				return err
			}
			if want != got {
				return fmt.Errorf("%s, round %d: the programs differ:\n%s\n%s", c.s.header(), c.round, want, got)
			}
			first = want
			tb, to = append(tb, d1), append(to, d2)
		}
		boards := 0
		fmt.Sscanf(first, "%d", &boards)
		mb, mo := median(tb), median(to)
		fmt.Printf("| %d | %d | %d | %.0f ms | %.0f ms | %.1f× |\n", c.s.Players, c.round, boards,
			float64(mb.Microseconds())/1000, float64(mo.Microseconds())/1000, float64(mb)/float64(mo))
	}
	return nil
}
