package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/pairing"
)

// The round-robin files of testdata/pair are typed in by hand from the
// Berger tables of FIDE C.05 Annex 1: rr6.trf is rounds 1-2 of the table
// for 5/6 players (1-6 2-5 3-4, 6-4 5-3 1-2), rr5.trf the same for five
// (6 is the bye: "0000 - Z"), rr4-double.trf five rounds of a double round
// robin of four, rr4-done.trf a finished single one, rr6-wrong.trf rr6.trf
// with round 2's 1-2 played as 2-1.

const pairDir = "testdata/pair/"

func TestPairRoundRobin(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		// Round 3 of the table for 5/6: 2-6 3-1 4-5.
		{[]string{"--roundrobin", pairDir + "rr6.trf", "-p"}, "3\n2 6\n3 1\n4 5\n"},
		{[]string{"pair-first"}, "3\n2 6\n3 1\n4 5\n"},
		// For five players 6 is the bye: 2 sits out, listed last as "2 0".
		{[]string{"--roundrobin", pairDir + "rr5.trf", "-p"}, "3\n3 1\n4 5\n2 0\n"},
		// Round 6 of a double round robin of four: round 3 of the table
		// (2-4 3-1) reversed.
		{[]string{"--roundrobin", "--double", pairDir + "rr4-double.trf", "-p"}, "2\n4 2\n1 3\n"},
		{[]string{"--roundrobin", pairDir + "rr6.trf", "-c"}, "round 2: the file's pairing is the engine's (3 boards)\n"},
		{[]string{"--roundrobin", pairDir + "rr5.trf", "-c"}, "round 2: the file's pairing is the engine's (3 boards)\n"},
		{[]string{"--roundrobin", pairDir + "rr4-done.trf", "-c"}, "round 3: the file's pairing is the engine's (2 boards)\n"},
	} {
		args := append([]string{"pair"}, c.args...)
		if c.args[0] == "pair-first" {
			// BBP's order, with the flags after the file, and one dash.
			args = []string{"pair", pairDir + "rr6.trf", "-roundrobin", "-p"}
		}
		out, errOut, code := call(t, "", args...)
		if code != 0 || out != c.want || errOut != "" {
			t.Errorf("chess960 %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(args, " "), code, out, errOut, c.want)
		}
	}
}

func TestPairOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "round3.txt")
	stdout, errOut, code := call(t, "", "pair", "--roundrobin", pairDir+"rr6.trf", "-p", out)
	data, err := os.ReadFile(out)
	if code != 0 || stdout != "" || errOut != "" || err != nil || string(data) != "3\n2 6\n3 1\n4 5\n" {
		t.Errorf("-p OUT: exit %d, stdout %q, stderr %q; file %q, %v", code, stdout, errOut, data, err)
	}
	_, errOut, code = call(t, "", "pair", "--roundrobin", pairDir+"rr6.trf", "-p", filepath.Join(t.TempDir(), "no", "such", "dir.txt"))
	if code != 1 || !strings.Contains(errOut, "writing ") || !strings.Contains(errOut, "no such file or directory") {
		t.Errorf("-p into a missing directory: exit %d, %q", code, errOut)
	}
}

func TestPairStdin(t *testing.T) {
	data, err := os.ReadFile(pairDir + "rr6.trf")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"pair", "--roundrobin", "-", "-p"}, {"pair", "--roundrobin", "-p"}} {
		out, errOut, code := call(t, string(data), args...)
		if code != 0 || out != "3\n2 6\n3 1\n4 5\n" {
			t.Errorf("%q: exit %d, %q %q", args, code, out, errOut)
		}
	}
	_, errOut, code := call(t, "012 x\n001    1  bad\n", "pair", "--roundrobin", "-p")
	if code != 1 || !strings.HasPrefix(errOut, "chess960 pair: stdin: line 2") {
		t.Errorf("a bad file on stdin: exit %d, %q", code, errOut)
	}
}

func TestPairJSON(t *testing.T) {
	out := mustRun(t, "pair", "--roundrobin", pairDir+"rr5.trf", "-p", "--json")
	var got struct {
		Round int `json:"round"`
		Pairs []struct {
			Board, White, Black int
		} `json:"pairs"`
		Bye int `json:"bye"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if got.Round != 3 || len(got.Pairs) != 2 || got.Pairs[0].Board != 1 || got.Pairs[0].White != 3 || got.Pairs[0].Black != 1 ||
		got.Pairs[1].Board != 2 || got.Pairs[1].White != 4 || got.Pairs[1].Black != 5 || got.Bye != 2 {
		t.Errorf("--json: %+v\n%s", got, out)
	}
	if strings.Contains(mustRun(t, "pair", "--roundrobin", pairDir+"rr6.trf", "-p", "--json"), `"bye"`) {
		t.Error("--json of a round without a bye has a bye")
	}
	out, _, code := call(t, "", "pair", "--roundrobin", pairDir+"rr6-wrong.trf", "-c", "--json")
	var check struct {
		Same       bool   `json:"same"`
		Difference string `json:"difference"`
	}
	if err := json.Unmarshal([]byte(out), &check); err != nil || code != 1 || check.Same || check.Difference != "round 2, board 3: expected 1-2, the file has 2-1" {
		t.Errorf("-c --json of a differing round: exit %d, %+v, %v\n%s", code, check, err, out)
	}
}

func TestPairErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--roundrobin", pairDir + "rr6-wrong.trf", "-c"}, 1,
			`chess960 pair: "testdata/pair/rr6-wrong.trf": round 2, board 3: expected 1-2, the file has 2-1`},
		{[]string{"--roundrobin", pairDir + "nosuch.trf", "-p"}, 1,
			`chess960 pair: "testdata/pair/nosuch.trf": no such file or directory`},
		{[]string{"--roundrobin", pairDir + "bad-result.trf", "-p"}, 1,
			`chess960 pair: "testdata/pair/bad-result.trf": line 3, column 99 (round 1 result): 'x' is not a result code`},
		{[]string{"--roundrobin", pairDir + "rr4-done.trf", "-p"}, 1,
			`chess960 pair: "testdata/pair/rr4-done.trf": the round robin is finished: the 3 rounds of a single round robin of 4 players are played: nothing left to pair`},
		{[]string{"--roundrobin", pairDir + "rr4-double.trf", "-p"}, 1,
			`the file has 5 rounds played, and a single round robin of 4 players has 3`},
		{[]string{"--dutch", pairDir + "rr5.trf", "-p"}, 1,
			`chess960 pair: "testdata/pair/rr5.trf": the file does not give the number of rounds (an XXR line), which the Dutch system needs to pair`},
		{[]string{pairDir + "rr6.trf", "-p"}, 2, "chess960 pair: give one of --dutch and --roundrobin (usage: chess960 pair "},
		{[]string{"--dutch", "--roundrobin", pairDir + "rr6.trf", "-p"}, 2, "give one of --dutch and --roundrobin"},
		{[]string{"--dutch", "--double", pairDir + "rr6.trf", "-p"}, 2, "--double goes with --roundrobin"},
		{[]string{"--roundrobin", pairDir + "rr6.trf"}, 2, "give one of -p (pair the next round) and -c (check the last round)"},
		{[]string{"--roundrobin", pairDir + "rr6.trf", "-p", "-c"}, 2, "give one of -p"},
		{[]string{"--roundrobin", pairDir + "rr6.trf", "-c", "out.txt"}, 2, `unexpected argument "out.txt"`},
		{[]string{"--roundrobin", pairDir + "rr6.trf", "-p", "a", "b"}, 2, `unexpected argument "b"`},
	} {
		args := append([]string{"pair"}, c.args...)
		out, errOut, code := call(t, "", args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 || (!strings.Contains(strings.Join(c.args, " "), "--json") && out != "") {
			t.Errorf("chess960 %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(args, " "), code, out, errOut, c.code, c.want)
		}
	}
}

// The Dutch files of testdata/pair are written by scripts/pairingcorpus
// (go run ./scripts/pairingcorpus cmd) with bbpPairings: dutch12.trf is a
// tournament bbpPairings -g generated (seed 7: 12 players, 5 rounds, with
// forfeits, half-point and zero-point byes and a pairing-allocated bye),
// dutch12-rR.trf it cut for pairing round R, and dutch12-rR.out what
// "bbpPairings --dutch dutch12-rR.trf -p dutch12-rR.out" wrote.
func TestPairDutchAsBBP(t *testing.T) {
	for r := 1; r <= 5; r++ {
		name := pairDir + "dutch12-r" + string(rune('0'+r))
		want, err := os.ReadFile(name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		out, errOut, code := call(t, "", "pair", "--dutch", name+".trf", "-p")
		if code != 0 || out != string(want) {
			t.Errorf("round %d: exit %d, stderr %q, stdout\n%s\nbbpPairings wrote\n%s", r, code, errOut, out, want)
		}
		file := filepath.Join(t.TempDir(), "out.txt")
		mustRun(t, "pair", "--dutch", name+".trf", "-p", file)
		if got, err := os.ReadFile(file); err != nil || string(got) != string(want) {
			t.Errorf("round %d, -p OUT: %q, %v; bbpPairings wrote %q", r, got, err, want)
		}
	}
	// The whole tournament: its last round is the engine's. Round 1 of a
	// file of one round needs the initial colour, which the file shows.
	if out := mustRun(t, "pair", "--dutch", pairDir+"dutch12.trf", "-c"); out != "round 5: the file's pairing is the engine's (6 boards)\n" {
		t.Errorf("-c: %q", out)
	}
	if out := mustRun(t, "pair", "--dutch", pairDir+"nopairing.trf", "-c"); out != "round 1: the file's pairing is the engine's (1 board)\n" {
		t.Errorf("-c of round 1: %q", out)
	}
	out := mustRun(t, "pair", "--dutch", pairDir+"dutch12-r5.trf", "-p", "--json")
	var got struct {
		Round int `json:"round"`
		Pairs []struct {
			Board      int     `json:"board"`
			White      int     `json:"white"`
			Black      int     `json:"black"`
			WhiteScore float64 `json:"whiteScore"`
			Colors     string  `json:"colors"`
		} `json:"pairs"`
		Bye int `json:"bye"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// dutch12-r5.out: 1 6, 4 3, 7 2, 5 8, 9 10, 11 0; player 1 has 4.0
	// after four rounds (dutch12.trf).
	if got.Round != 5 || len(got.Pairs) != 5 || got.Pairs[0].White != 1 || got.Pairs[0].Black != 6 || got.Pairs[0].WhiteScore != 4 || got.Pairs[0].Colors == "" || got.Bye != 11 {
		t.Errorf("--json: %+v", got)
	}
}

func TestPairDutchErrors(t *testing.T) {
	done := filepath.Join(t.TempDir(), "done.trf")
	data, err := os.ReadFile(pairDir + "dutch12.trf")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(done, append(data, "XXR 5\r"...), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		// bbpPairings: "No valid pairing exists" (exit 1).
		{[]string{"--dutch", pairDir + "nopairing.trf", "-p"}, `chess960 pair: "testdata/pair/nopairing.trf": no legal pairing: round 2: no pairing satisfies the absolute criteria`},
		{[]string{"--dutch", done, "-p"}, "all 5 rounds are played: nothing left to pair"},
		{[]string{"--dutch", pairDir + "dutch12.trf", "-p"}, "the file does not give the number of rounds (an XXR line)"},
		{[]string{"--dutch", pairDir + "dutch12-r1.trf", "-c"}, "no round is played yet: nothing to check"},
	} {
		args := append([]string{"pair"}, c.args...)
		out, errOut, code := call(t, "", args...)
		if code != 1 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("chess960 %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", strings.Join(args, " "), code, out, errOut, c.want)
		}
	}
}

// BenchmarkPairCheck292 is "pair --dutch FILE -c" on the corpus's largest
// field, 292 players: reading the TRF, pairing round 4 again, comparing.
func BenchmarkPairCheck292(b *testing.B) {
	file := "../../pairing/testdata/dutch/t172-p292-r04.trf"
	var out, errOut strings.Builder
	for b.Loop() {
		out.Reset()
		errOut.Reset()
		if code := run([]string{"pair", "--dutch", file, "-c"}, strings.NewReader(""), &out, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
}

// BenchmarkPairRoundRobin300 is "pair --roundrobin -p" of a 300-player
// round robin before its first round: reading and writing dominate.
func BenchmarkPairRoundRobin300(b *testing.B) {
	var trf strings.Builder
	trf.WriteString("012 Three hundred\n")
	for i := 1; i <= 300; i++ {
		name := "Player " + strings.Repeat("x", i%20)
		trf.WriteString("001 " + pad(i, 4) + "      " + name + strings.Repeat(" ", 33-len(name)) + " 2000                             0.0 " + pad(i, 4) + "\n")
	}
	data := trf.String()
	var out, errOut strings.Builder
	for b.Loop() {
		out.Reset()
		errOut.Reset()
		if code := run([]string{"pair", "--roundrobin", "-p"}, strings.NewReader(data), &out, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
}

func pad(n, width int) string {
	s := strconv.Itoa(n)
	return strings.Repeat(" ", width-len(s)) + s
}

// TestPairCheckCorpus runs pair --dutch -c on every round of tournaments of
// the Dutch corpus (pairing/testdata/dutch, paired by bbpPairings -g): the
// file cut after round r must pass, and the same file with two boards' Black
// players swapped, or one board's colours swapped, must fail naming round r.
func TestPairCheckCorpus(t *testing.T) {
	names, err := filepath.Glob("../../pairing/testdata/dutch/*.trf")
	if err != nil || len(names) < 150 {
		t.Fatalf("the corpus: %d files, %v", len(names), err)
	}
	// The tournaments of up to 60 players (the file names say "-pNNN-"):
	// the library's TestDutchCorpus pairs every round of every size.
	var small []string
	for _, n := range names {
		_, rest, _ := strings.Cut(filepath.Base(n), "-p")
		if p, err := strconv.Atoi(rest[:3]); err == nil && p <= 60 {
			small = append(small, n)
		}
	}
	names = small
	if testing.Short() {
		names = names[:10]
	}
	dir := t.TempDir()
	rounds := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		full, err := pairing.ParseTRF(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		total := full.PlayedRounds()
		for r := 1; r <= total; r++ {
			cut := full.Before(r + 1)
			cut.Rounds = total
			file := filepath.Join(dir, "cut.trf")
			writeTRF(t, file, cut)
			out, errOut, code := call(t, "", "pair", "--dutch", file, "-c")
			if code != 0 || !strings.HasPrefix(out, "round "+strconv.Itoa(r)+": the file's pairing is the engine's") {
				t.Errorf("%s, round %d: -c exit %d, %q %q", filepath.Base(name), r, code, out, errOut)
				continue
			}
			rounds++
			// Two boards of round r with games played: swap their Black players.
			var games []*pairing.Player
			for _, p := range cut.Players {
				if g := p.Games[r-1]; g.Played() && g.Color == pairing.White {
					games = append(games, p)
				}
			}
			if len(games) < 2 {
				continue
			}
			w1, w2 := games[0], games[len(games)-1]
			b1, b2 := cut.Player(w1.Games[r-1].Opponent), cut.Player(w2.Games[r-1].Opponent)
			swapped := cut.Clone()
			sw := func(n int) *pairing.Game { return &swapped.Player(n).Games[r-1] }
			sw(w1.Number).Opponent, sw(w2.Number).Opponent = b2.Number, b1.Number
			sw(b1.Number).Opponent, sw(b2.Number).Opponent = w2.Number, w1.Number
			writeTRF(t, file, swapped)
			if _, errOut, code := call(t, "", "pair", "--dutch", file, "-c"); code != 1 || !strings.Contains(errOut, "round "+strconv.Itoa(r)+", board ") {
				t.Errorf("%s, round %d, %d-%d and %d-%d made %d-%d and %d-%d: -c exit %d, %q", filepath.Base(name), r,
					w1.Number, b1.Number, w2.Number, b2.Number, w1.Number, b2.Number, w2.Number, b1.Number, code, errOut)
			}
			// One board's colours reversed.
			reversed := cut.Clone()
			rv := func(n int) *pairing.Game { return &reversed.Player(n).Games[r-1] }
			rv(w1.Number).Color, rv(b1.Number).Color = pairing.Black, pairing.White
			writeTRF(t, file, reversed)
			if _, errOut, code := call(t, "", "pair", "--dutch", file, "-c"); code != 1 || !strings.Contains(errOut, "round "+strconv.Itoa(r)+", board ") {
				t.Errorf("%s, round %d, %d-%d reversed: -c exit %d, %q", filepath.Base(name), r, w1.Number, b1.Number, code, errOut)
			}
		}
	}
	if rounds < 50 {
		t.Errorf("only %d rounds checked", rounds)
	}
}

func writeTRF(t *testing.T, file string, tour *pairing.Tournament) {
	t.Helper()
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.WriteTRF(f, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
