// Command roundtrip reads a TRF file with package pairing and writes it
// back, for roundtrip.sh, which checks that BBP Pairings pairs the written
// file as it pairs the original.
//
//	go run ./roundtrip -in FILE [-before R] [-rounds N] [-format 16|2026] > OUT
//
// -before cuts the tournament before round R (Tournament.Before), -rounds
// sets the number of rounds; with either, a top player's colour the file
// does not set is set to the one inferred from the whole file.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/chess960/chess960/pairing"
)

func main() {
	in := flag.String("in", "", "the TRF file to read")
	before := flag.Int("before", 0, "cut the tournament before this round")
	rounds := flag.Int("rounds", 0, "the number of rounds to declare")
	format := flag.Int("format", 16, "16 or 2026")
	flag.Parse()
	if err := run(*in, *before, *rounds, *format); err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip:", err)
		os.Exit(1)
	}
}

func run(in string, before, rounds, format int) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	t, err := pairing.ReadTRF(f)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if before > 0 || rounds > 0 {
		first := t.FirstColor()
		if before > 0 {
			t = t.Before(before)
		}
		if rounds > 0 {
			t.Rounds = rounds
		}
		if t.InitialColor == pairing.NoColor {
			t.InitialColor = first
		}
	}
	ff := pairing.TRF16
	if format == 2026 {
		ff = pairing.TRF2026
	}
	return t.WriteTRF(os.Stdout, ff)
}
