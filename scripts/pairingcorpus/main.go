// Command pairingcorpus makes and checks the Dutch-system corpus with BBP
// Pairings. It is a development tool: the project's tests read the corpus
// it wrote (pairing/testdata/dutch) and need neither it nor bbpPairings.
// scripts/pairing-corpus and scripts/pairing-check run it.
//
//	pairingcorpus corpus [-n 200] [-seed 1] [-out pairing/testdata/dutch] [-from 1] [-jobs 2]
//	    generates n tournaments with bbpPairings -g (5..300 players, 3..13
//	    rounds, draw rates, forfeits, retirements and half-point byes, each
//	    sometimes off), and for each round r pairs the file cut to r-1
//	    rounds with bbpPairings -p: NAME.trf is the tournament as generated,
//	    with a first line "### " giving the seed and the settings, and
//	    NAME.pairs holds BBP's pairing of every round, "round r" and then
//	    BBP's output. Each expected pairing is also checked against the
//	    round the generator itself played (BBP paired it too).
//	pairingcorpus cmd
//	    writes the Dutch test files of chess960 pair to
//	    cmd/chess960/testdata/pair: dutch12.trf, a tournament as generated,
//	    and dutch12-rR.trf, it cut for round R, with dutch12-rR.out,
//	    bbpPairings' output for it (-p OUT: its bytes as written).
//	pairingcorpus extra
//	    writes pairing/testdata/dutch-extra (see extra.go): generated
//	    tournaments cut before a round and given what the generator never
//	    writes (late entries, the Baku acceleration, XXA accelerations,
//	    other point systems, XXP and 260 forbidden pairs, 240 byes, black1),
//	    with bbpPairings' output for each (NAME.out), or its refusal
//	    (NAME.err).
//	pairingcorpus bench [-n 5]
//	    times bbpPairings and chess960 pair --dutch on fixed tournaments
//	    of 30, 100 and 300 players, alternating, n runs each, and prints
//	    the medians (scripts/bench-pairing).
//	pairingcorpus check [-n 20] [-seed S] [-jobs 2]
//	    generates n fresh tournaments the same way, pairs every round with
//	    bbpPairings and with chess960 pair --dutch (built once), prints every
//	    difference and a summary, and exits 1 if any.
//
// The cut file of round r (README of the bbpPairings build): the player
// lines keep rounds 1..r-1, and of round r only the byes decided before the
// pairing (H, Z, F: the player was not paired), the points are recomputed
// from the kept rounds, "XXR R" gives the number of rounds, and for round 1,
// where no colour shows the initial colour, "XXC white1" or "XXC black1"
// (the one under which BBP pairs round 1 as the generator did).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

var bbp = flag.String("bbp", "", "the bbpPairings binary (default $BBPPAIRINGS, else ../shared/tools/bbpPairings from the repository, else bbpPairings on $PATH)")

func main() {
	if len(os.Args) < 2 || (os.Args[1] != "corpus" && os.Args[1] != "check" && os.Args[1] != "cmd" && os.Args[1] != "extra" && os.Args[1] != "bench") {
		fmt.Fprintln(os.Stderr, "usage: pairingcorpus corpus|check|cmd|extra|bench [flags]")
		os.Exit(2)
	}
	mode := os.Args[1]
	os.Args = append(os.Args[:1], os.Args[2:]...)
	n := flag.Int("n", 0, "tournaments (default 200 for corpus, 20 for check)")
	seed := flag.Uint64("seed", 0, "seed of the settings and of the generator seeds (default 1 for corpus, the clock for check)")
	out := flag.String("out", "pairing/testdata/dutch", "corpus directory (corpus)")
	from := flag.Int("from", 1, "corpus: make tournaments from this one to n (to finish a corpus cut short)")
	jobs := flag.Int("jobs", 2, "corpus and check: tournaments made at once")
	flag.Parse()
	if flag.NArg() > 0 {
		// pairing-check N [flags]
		v, err := strconv.Atoi(flag.Arg(0))
		if err == nil {
			err = flag.CommandLine.Parse(flag.Args()[1:])
		}
		if err != nil || v < 1 || flag.NArg() > 0 {
			fmt.Fprintln(os.Stderr, "usage: pairingcorpus check [N] [flags]")
			os.Exit(2)
		}
		*n = v
	}
	bin, err := findBBP()
	if err != nil {
		fail(err)
	}
	seedSet := false
	flag.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	switch mode {
	case "corpus":
		if *n == 0 {
			*n = 200
		}
		if !seedSet {
			*seed = 1
		}
		err = corpus(bin, *n, *seed, *out, *from, max(*jobs, 1))
	case "cmd":
		err = cmdFiles(bin, "cmd/chess960/testdata/pair")
	case "extra":
		err = extra(bin, "pairing/testdata/dutch-extra")
	case "bench":
		if *n == 0 {
			*n = 5
		}
		err = bench(bin, *n)
	case "check":
		if *n == 0 {
			*n = 20
		}
		if !seedSet {
			*seed = uint64(time.Now().UnixNano())
		}
		var bad bool
		bad, err = check(bin, *n, *seed, max(*jobs, 1))
		if err == nil && bad {
			os.Exit(1)
		}
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "pairingcorpus:", err)
	os.Exit(1)
}

func findBBP() (string, error) {
	if *bbp != "" {
		return *bbp, nil
	}
	if p := os.Getenv("BBPPAIRINGS"); p != "" {
		return p, nil
	}
	if p, err := filepath.Abs("../shared/tools/bbpPairings"); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	if p, err := filepath.Abs("/work/shared/tools/bbpPairings"); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("bbpPairings")
	if err != nil {
		return "", errors.New("bbpPairings not found: give -bbp PATH or set BBPPAIRINGS")
	}
	return p, nil
}

// settings are one tournament's generator configuration. A rate of 0 is
// off (written as a rate so large that nothing happens).
type settings struct {
	Seed                      uint32
	Players, Rounds, DrawPct  int
	Forfeit, Retired, HalfBye int
}

const off = 1000000000

func (s settings) config() string {
	rate := func(r int) int {
		if r == 0 {
			return off
		}
		return r
	}
	return fmt.Sprintf("PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=%d\nForfeitRate=%d\nRetiredRate=%d\nHalfPointByeRate=%d\n",
		s.Players, s.Rounds, s.DrawPct, rate(s.Forfeit), rate(s.Retired), rate(s.HalfBye))
}

// header is the first line of a corpus file: seed and settings, under a
// code BBP does not read ("###").
func (s settings) header() string {
	return fmt.Sprintf("### bbpPairings --dutch -g seed=%d %s", s.Seed, strings.ReplaceAll(strings.TrimSpace(s.config()), "\n", " "))
}

// randomSettings draws the settings: players log-uniform over 5..300,
// rounds 3..13 (fewer than the players), each kind of unplayed round off
// one time in three.
func randomSettings(rng *rand.Rand) settings {
	s := settings{Seed: rng.Uint32N(1 << 31)}
	s.Players = int(math.Round(math.Exp(math.Log(5) + rng.Float64()*(math.Log(300)-math.Log(5)))))
	s.Rounds = 3 + rng.IntN(11)
	if s.Rounds > s.Players-1 {
		s.Rounds = s.Players - 1
	}
	s.DrawPct = rng.IntN(71)
	if rng.IntN(3) > 0 {
		s.Forfeit = 3 + rng.IntN(38)
	}
	if rng.IntN(3) > 0 {
		s.Retired = 2 + rng.IntN(40)
	}
	if rng.IntN(3) > 0 {
		s.HalfBye = 1 + rng.IntN(40)
	}
	return s
}

// generated is a tournament made by bbpPairings -g.
type generated struct {
	s     settings
	raw   []byte   // the file as written (CR line ends)
	lines []string // its lines
}

func generate(bin, dir string, s settings) (*generated, error) {
	cfg := filepath.Join(dir, "config.txt")
	trf := filepath.Join(dir, "generated.trf")
	if err := os.WriteFile(cfg, []byte(s.config()), 0o644); err != nil {
		return nil, err
	}
	os.Remove(trf)
	cmd := exec.Command(bin, "--dutch", "-g", cfg, "-o", trf, "-s", strconv.FormatUint(uint64(s.Seed), 10))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("bbpPairings -g (%s): %v: %s", s.header(), err, strings.TrimSpace(stderr.String()))
	}
	raw, err := os.ReadFile(trf)
	if err != nil {
		return nil, err
	}
	return &generated{s: s, raw: raw, lines: splitLines(raw)}, nil
}

func splitLines(b []byte) []string {
	return strings.FieldsFunc(string(b), func(r rune) bool { return r == '\r' || r == '\n' })
}

// The columns of a player line (1-based): points 81-84, round k's block
// 90+10(k-1)..99+10(k-1): opponent 92-95, colour 97, result 99.
const firstRound = 89 // the offset of round 1's block

func block(line string, k int) string {
	start := firstRound + 10*(k-1)
	if start >= len(line) {
		return ""
	}
	return line[start:min(start+10, len(line))]
}

// preRoundBye reports whether a round block is a bye decided before the
// pairing: no opponent, and H, Z or F.
func preRoundBye(b string) bool {
	if len(b) < 10 || strings.TrimSpace(b[2:6]) != "0000" {
		return false
	}
	switch b[9] {
	case 'H', 'Z', 'F':
		return true
	}
	return false
}

// points scores a result code under FIDE's default point system (the
// generator's: the settings do not change it).
func points(code byte) int {
	switch code {
	case '1', '+', 'W', 'U', 'F':
		return 10
	case '=', 'D', 'H':
		return 5
	}
	return 0
}

// cut writes the file for pairing round r (see the package comment). xxc is
// "" or the XXC line's value.
func (g *generated) cut(r int, xxc string) []byte {
	var b strings.Builder
	for _, line := range g.lines {
		if !strings.HasPrefix(line, "001") {
			b.WriteString(line)
			b.WriteByte('\n')
			continue
		}
		keep := line[:min(len(line), firstRound)]
		for len(keep) < firstRound {
			keep += " "
		}
		total := 0
		for k := 1; k < r; k++ {
			blk := block(line, k)
			keep += blk
			if len(blk) == 10 {
				total += points(blk[9])
			}
		}
		if blk := block(line, r); preRoundBye(blk) {
			keep += blk
		}
		keep = keep[:80] + fmt.Sprintf("%4.1f", float64(total)/10) + keep[84:]
		b.WriteString(strings.TrimRight(keep, " "))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "XXR %d\n", g.s.Rounds)
	if xxc != "" {
		fmt.Fprintf(&b, "XXC %s\n", xxc)
	}
	return []byte(b.String())
}

// played returns round r as the generator played it: "w b" per game, "p 0"
// for the pairing-allocated bye, sorted.
func (g *generated) played(r int) []string {
	var out []string
	for _, line := range g.lines {
		if !strings.HasPrefix(line, "001") || len(line) < 8 {
			continue
		}
		me := strings.TrimSpace(line[4:8])
		blk := block(line, r)
		if len(blk) < 10 {
			continue
		}
		opp := strings.TrimLeft(strings.TrimSpace(blk[2:6]), "0")
		switch {
		case opp == "" && blk[9] == 'U':
			out = append(out, me+" 0")
		case opp != "" && blk[7] == 'w':
			out = append(out, me+" "+opp)
		}
	}
	sort.Strings(out)
	return out
}

// pairsOf reads a pairing program's output ("N", then "w b" lines) into
// sorted "w b" strings, checking the count.
func pairsOf(out string) ([]string, error) {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	n, err := strconv.Atoi(lines[0])
	if err != nil || n != len(lines)-1 {
		return nil, fmt.Errorf("output %q is not N and N pairs", out)
	}
	p := append([]string(nil), lines[1:]...)
	sort.Strings(p)
	return p, nil
}

// pair runs a pairing program on a file: its stdout, or an error with its
// stderr.
func pair(dir string, file []byte, argv ...string) (string, time.Duration, error) {
	path := filepath.Join(dir, "round.trf")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		return "", 0, err
	}
	cmd := exec.Command(argv[0], append(argv[1:], "--dutch", path, "-p")...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return "", d, fmt.Errorf("%s: %v: %s", filepath.Base(argv[0]), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), d, nil
}

// initialColor finds the XXC value for round 1: the initial colour under
// which BBP pairs round 1 as the generator did.
func (g *generated) initialColor(bin, dir string) (string, time.Duration, error) {
	want := strings.Join(g.played(1), ",")
	var spent time.Duration
	for _, c := range []string{"white1", "black1"} {
		out, d, err := pair(dir, g.cut(1, c), bin)
		spent += d
		if err != nil {
			return "", spent, fmt.Errorf("%s, round 1: %v", g.s.header(), err)
		}
		got, err := pairsOf(out)
		if err != nil {
			return "", spent, err
		}
		if strings.Join(got, ",") == want {
			return c, spent, nil
		}
	}
	return "", spent, fmt.Errorf("%s, round 1: BBP pairs the cut file differently from the generator under either initial colour", g.s.header())
}

// expected pairs every round of g with BBP and checks each against the
// round as played. It returns the XXC value of round 1 and BBP's outputs,
// round by round.
func (g *generated) expected(bin, dir string) (string, []string, error) {
	xxc, _, err := g.initialColor(bin, dir)
	if err != nil {
		return "", nil, err
	}
	var outs []string
	for r := 1; r <= g.s.Rounds; r++ {
		c := ""
		if r == 1 {
			c = xxc
		}
		out, _, err := pair(dir, g.cut(r, c), bin)
		if err != nil {
			return "", nil, fmt.Errorf("%s, round %d: %v", g.s.header(), r, err)
		}
		got, err := pairsOf(out)
		if err != nil {
			return "", nil, err
		}
		if want := g.played(r); strings.Join(got, ",") != strings.Join(want, ",") {
			return "", nil, fmt.Errorf("%s, round %d: BBP pairs the cut file as %v, the generator played %v", g.s.header(), r, got, want)
		}
		outs = append(outs, out)
	}
	return xxc, outs, nil
}

// corpus writes tournaments from..n. Tournament i draws its settings from
// its own generator, seeded with (seed, i), so that any part of the corpus
// can be made again alone, and jobs make them in parallel.
func corpus(bin string, n int, seed uint64, out string, from, jobs int) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	type result struct {
		i      int
		rounds int
		err    error
	}
	work := make(chan int)
	results := make(chan result)
	for j := 0; j < jobs; j++ {
		go func() {
			tmp, err := os.MkdirTemp("", "pairingcorpus")
			if err != nil {
				for i := range work {
					results <- result{i: i, err: err}
				}
				return
			}
			defer os.RemoveAll(tmp)
			for i := range work {
				r, err := corpusOne(bin, tmp, out, seed, i)
				results <- result{i, r, err}
			}
		}()
	}
	go func() {
		for i := from; i <= n; i++ {
			work <- i
		}
		close(work)
	}()
	rounds := 0
	var first error
	for i := from; i <= n; i++ {
		r := <-results
		if r.err != nil && first == nil {
			first = r.err
		}
		rounds += r.rounds
	}
	if first != nil {
		return first
	}
	fmt.Printf("tournaments %d..%d, %d rounds, in %s\n", from, n, rounds, out)
	return nil
}

// corpusOne makes tournament i of the corpus: NAME.trf and NAME.pairs.
func corpusOne(bin, tmp, out string, seed uint64, i int) (int, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	for {
		s := randomSettings(rng)
		g, err := generate(bin, tmp, s)
		if err != nil {
			// an infeasible field (no valid pairing for some round): draw again
			fmt.Fprintf(os.Stderr, "tournament %d: draw again: %v\n", i, err)
			continue
		}
		xxc, outs, err := g.expected(bin, tmp)
		if err != nil {
			return 0, err
		}
		name := fmt.Sprintf("t%03d-p%03d-r%02d", i, s.Players, s.Rounds)
		trf := append([]byte(s.header()+"\r"), g.raw...)
		var pairs strings.Builder
		for r, o := range outs {
			if r == 0 {
				fmt.Fprintf(&pairs, "round 1 %s\n%s", xxc, o) // the initial colour, given for round 1 only
				continue
			}
			fmt.Fprintf(&pairs, "round %d\n%s", r+1, o)
		}
		if err := os.WriteFile(filepath.Join(out, name+".trf"), trf, 0o644); err != nil {
			return 0, err
		}
		if err := os.WriteFile(filepath.Join(out, name+".pairs"), []byte(pairs.String()), 0o644); err != nil {
			return 0, err
		}
		fmt.Fprintf(os.Stderr, "%s: %s\n", name, s.header())
		return len(outs), nil
	}
}

// cmdFiles is the cmd mode.
func cmdFiles(bin, dir string) error {
	tmp, err := os.MkdirTemp("", "pairingcmd")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	s := settings{Seed: 7, Players: 12, Rounds: 5, DrawPct: 30, Forfeit: 6, Retired: 6, HalfBye: 4}
	g, err := generate(bin, tmp, s)
	if err != nil {
		return err
	}
	xxc, _, err := g.expected(bin, tmp)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "dutch12.trf"), append([]byte(s.header()+"\r"), g.raw...), 0o644); err != nil {
		return err
	}
	for r := 1; r <= s.Rounds; r++ {
		c := ""
		if r == 1 {
			c = xxc
		}
		name := filepath.Join(dir, fmt.Sprintf("dutch12-r%d", r))
		if err := os.WriteFile(name+".trf", g.cut(r, c), 0o644); err != nil {
			return err
		}
		out, err := filepath.Abs(name + ".out")
		if err != nil {
			return err
		}
		cmd := exec.Command(bin, "--dutch", name+".trf", "-p", out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s: %v: %s", name, err, msg)
		}
	}
	return nil
}

func check(bin string, n int, seed uint64, jobs int) (bool, error) {
	tmp, err := os.MkdirTemp("", "pairingcheck")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	ours := filepath.Join(tmp, "chess960")
	build := exec.Command("go", "build", "-o", ours, "./cmd/chess960")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return false, fmt.Errorf("go build ./cmd/chess960: %v", err)
	}
	fmt.Printf("seed %d, %d jobs\n", seed, jobs)
	// Tournament i draws its settings from its own generator, seeded with
	// (seed, i), so that the jobs do not change what is compared.
	type result struct {
		rounds, skipped, players int
		tBBP, tOurs              time.Duration
		report                   string
		diffs                    int
		err                      error
	}
	one := func(dir string, i int) (res result) {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		var g *generated
		for {
			s := randomSettings(rng)
			var err error
			if g, err = generate(bin, dir, s); err == nil {
				break
			}
			res.skipped++
		}
		s := g.s
		res.players = s.Players
		var report strings.Builder
		for r := 1; r <= s.Rounds; r++ {
			xxc := ""
			if r == 1 {
				var d time.Duration
				var err error
				xxc, d, err = g.initialColor(bin, dir)
				res.tBBP += d
				if err != nil {
					res.err = err
					return res
				}
			}
			file := g.cut(r, xxc)
			want, d1, err1 := pair(dir, file, bin)
			got, d2, err2 := pair(dir, file, ours, "pair")
			res.tBBP += d1
			res.tOurs += d2
			res.rounds++
			switch {
			case err1 != nil && err2 != nil:
				continue // neither pairs it
			case err1 != nil || err2 != nil || want != got:
				res.diffs++
				fmt.Fprintf(&report, "DIFFER %s, round %d:\n  bbpPairings: %s\n  chess960:    %s\n", s.header(), r, show(want, err1), show(got, err2))
			}
		}
		res.report = report.String()
		return res
	}
	work := make(chan int)
	results := make(chan result)
	for j := 0; j < jobs; j++ {
		dir := filepath.Join(tmp, strconv.Itoa(j))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, err
		}
		go func() {
			for i := range work {
				results <- one(dir, i)
			}
		}()
	}
	go func() {
		for i := 1; i <= n; i++ {
			work <- i
		}
		close(work)
	}()
	tournaments, rounds, diffs, skipped, largest := 0, 0, 0, 0, 0
	var tBBP, tOurs time.Duration
	var first error
	for i := 1; i <= n; i++ {
		r := <-results
		if r.err != nil {
			if first == nil {
				first = r.err
			}
			continue
		}
		tournaments++
		rounds += r.rounds
		diffs += r.diffs
		skipped += r.skipped
		largest = max(largest, r.players)
		tBBP += r.tBBP
		tOurs += r.tOurs
		fmt.Print(r.report)
	}
	if first != nil {
		return false, first
	}
	fmt.Printf("%d tournaments (%d generator runs refused; the largest %d players), %d rounds compared, %d differences; time (each run, process start included): bbpPairings %.2fs, chess960 %.2fs (%.1f times faster)\n",
		tournaments, skipped, largest, rounds, diffs, tBBP.Seconds(), tOurs.Seconds(), tBBP.Seconds()/tOurs.Seconds())
	return diffs > 0, nil
}

func show(out string, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return strings.ReplaceAll(strings.TrimSpace(out), "\n", " | ")
}
