// Command differential mutates the files of cases/ at random and checks
// that package pairing accepts each mutant exactly when BBP Pairings does
// (bbpPairings --dutch FILE -p: exit 0 or 1 is accepted; ParseTRF and
// PairingReady), or with -check, BBP Pairings' checker (-c; ParseTRFRecord),
// then on the generated tournaments too.
// It prints each disagreement and saves the mutant in -out.
//
//	go run ./differential [-bbp PATH] [-n 2000] [-seed 1] [-check] [-files GLOB] [-out DIR]
package main

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"github.com/chess960/chess960/pairing"
)

func main() {
	bbp := flag.String("bbp", "/work/shared/tools/bbpPairings", "the bbpPairings binary")
	n := flag.Int("n", 2000, "mutants to try")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("out", os.TempDir(), "where to save disagreements")
	check := flag.Bool("check", false, "compare with the checker (-c)")
	glob := flag.String("files", "cases/*.trf", "the files to mutate")
	flag.Parse()
	files, err := filepath.Glob(*glob)
	if *check && *glob == "cases/*.trf" {
		// BBP Pairings' generated tournaments check (they cannot be
		// paired: every round is played).
		more, _ := filepath.Glob("generated/*.trf")
		files = append(files, more...)
	}
	if err != nil || len(files) == 0 {
		fmt.Fprintln(os.Stderr, "differential: no files: run from testdata/trf")
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	const alphabet = " 0123456789wb-=+WDLHFUZx.\n\r\t"
	tmp := filepath.Join(*out, "differential.trf")
	counts := map[string]int{}
	for i := 0; i < *n; i++ {
		data, err := os.ReadFile(files[rng.IntN(len(files))])
		if err != nil {
			panic(err)
		}
		for k := 1 + rng.IntN(3); k > 0 && len(data) > 0; k-- {
			at := rng.IntN(len(data))
			c := alphabet[rng.IntN(len(alphabet))]
			switch rng.IntN(3) {
			case 0:
				data[at] = c
			case 1:
				data = append(data[:at], data[at+1:]...)
			default:
				data = append(data[:at], append([]byte{c}, data[at:]...)...)
			}
		}
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			panic(err)
		}
		theirs := "accept"
		mode := "-p"
		if *check {
			mode = "-c"
		}
		err = exec.Command(*bbp, "--dutch", tmp, mode).Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee):
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				theirs = "crash"
			} else if ee.ExitCode() != 1 {
				theirs = "refuse"
			}
		default:
			panic(err)
		}
		ours := "accept"
		var t *pairing.Tournament
		if *check {
			_, err = pairing.ParseTRFRecord(data)
		} else if t, err = pairing.ParseTRF(data); err == nil {
			err = t.PairingReady()
		}
		if err != nil {
			ours = "refuse"
		}
		counts[theirs+"/"+ours]++
		if theirs != ours && (theirs != "crash" || ours != "refuse") {
			name := filepath.Join(*out, fmt.Sprintf("disagree-%d.trf", i))
			os.WriteFile(name, data, 0o644)
			fmt.Printf("%s: BBP Pairings would %s it, package pairing would %s it (%v)\n", name, theirs, ours, err)
		}
	}
	fmt.Println("BBP/ours:", counts)
}
