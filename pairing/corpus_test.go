package pairing

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The Dutch corpus, pairing/testdata/dutch, made by scripts/pairing-corpus
// with bbpPairings: NAME.trf is a tournament bbpPairings -g generated (its
// first line, "### ...", gives the seed and the settings), and NAME.pairs is
// BBP's pairing of each round r of it, computed from the file cut to r-1
// rounds: "round r" (for round 1 also the initial colour, "white1" or
// "black1", which the cut file gives in an XXC line), then BBP's output.

// corpusRound is BBP's pairing of one round.
type corpusRound struct {
	round int
	xxc   string // round 1 only
	pairs []Pair
}

// corpusCase is one tournament of the corpus.
type corpusCase struct {
	name   string
	header string // the "### " line
	t      *Tournament
	rounds []corpusRound
}

func readCorpus(t *testing.T) []corpusCase {
	t.Helper()
	names, err := filepath.Glob("testdata/dutch/*.trf")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 150 {
		t.Fatalf("the corpus has %d tournaments, want 150 or more (scripts/pairing-corpus makes it)", len(names))
	}
	var out []corpusCase
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		header, _, _ := strings.Cut(string(data), "\r")
		if !strings.HasPrefix(header, "### bbpPairings --dutch -g seed=") {
			t.Fatalf("%s: the first line %q does not give the seed and settings", name, header)
		}
		tour, err := ParseTRF(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pairsFile := strings.TrimSuffix(name, ".trf") + ".pairs"
		text, err := os.ReadFile(pairsFile)
		if err != nil {
			t.Fatal(err)
		}
		rounds, err := parsePairs(string(text))
		if err != nil {
			t.Fatalf("%s: %v", pairsFile, err)
		}
		if len(rounds) == 0 || len(rounds) != tour.Rounds && tour.Rounds != 0 || len(rounds) != tour.PlayedRounds() {
			t.Fatalf("%s: %d rounds of pairings, the file has %d played (XXR %d)", pairsFile, len(rounds), tour.PlayedRounds(), tour.Rounds)
		}
		tour.Rounds = len(rounds) // the cut files' XXR line: the generated file has none
		out = append(out, corpusCase{name: filepath.Base(name), header: header, t: tour, rounds: rounds})
	}
	return out
}

// parsePairs reads a .pairs file: blocks of "round r [xxc]", a count N and
// N lines "white black".
func parsePairs(text string) ([]corpusRound, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var out []corpusRound
	for i := 0; i < len(lines); {
		f := strings.Fields(lines[i])
		if len(f) < 2 || len(f) > 3 || f[0] != "round" {
			return nil, fmt.Errorf("line %d: %q is not \"round R\"", i+1, lines[i])
		}
		r, err := strconv.Atoi(f[1])
		if err != nil || r != len(out)+1 {
			return nil, fmt.Errorf("line %d: round %q out of order", i+1, f[1])
		}
		cr := corpusRound{round: r}
		if len(f) == 3 {
			cr.xxc = f[2]
		}
		if (r == 1) != (cr.xxc == "white1" || cr.xxc == "black1") {
			return nil, fmt.Errorf("line %d: round 1, and only round 1, gives white1 or black1", i+1)
		}
		if i+1 >= len(lines) {
			return nil, fmt.Errorf("line %d: no count after it", i+1)
		}
		n, err := strconv.Atoi(lines[i+1])
		if err != nil || n < 1 || i+2+n > len(lines) {
			return nil, fmt.Errorf("line %d: %q is not a count of the lines that follow", i+2, lines[i+1])
		}
		for _, l := range lines[i+2 : i+2+n] {
			var p Pair
			if _, err := fmt.Sscanf(l, "%d %d", &p.White, &p.Black); err != nil || strconv.Itoa(p.White)+" "+strconv.Itoa(p.Black) != l {
				return nil, fmt.Errorf("round %d: %q is not \"white black\"", r, l)
			}
			cr.pairs = append(cr.pairs, p)
		}
		out = append(out, cr)
		i += 2 + n
	}
	return out, nil
}

// TestCorpusHarness checks the corpus and the harness without the Dutch
// engine: each expected pairing pairs every player present in the round
// once (those with a bye set before the pairing not at all), has at most
// one bye, last, and is the round the generator played (bbpPairings paired
// it too), as CompareRound sees it. Before(r) leaves round r's preset
// byes in and nothing else of it.
func TestCorpusHarness(t *testing.T) {
	cases := readCorpus(t)
	rounds, boards := 0, 0
	features := map[Result]int{}
	for _, c := range cases {
		for _, cr := range c.rounds {
			rounds++
			boards += len(cr.pairs)
			seen := map[int]bool{}
			for i, p := range cr.pairs {
				for _, n := range []int{p.White, p.Black} {
					if n == 0 {
						continue
					}
					pl := c.t.Player(n)
					if pl == nil || seen[n] {
						t.Fatalf("%s, round %d: player %d unknown or paired twice", c.name, cr.round, n)
					}
					if setBeforePairing(gameAt(pl, cr.round)) {
						t.Fatalf("%s, round %d: player %d is paired, but has a bye set before the pairing", c.name, cr.round, n)
					}
					seen[n] = true
				}
				if p.Black == 0 && i != len(cr.pairs)-1 {
					t.Fatalf("%s, round %d: the bye is on board %d of %d", c.name, cr.round, i+1, len(cr.pairs))
				}
			}
			for _, pl := range c.t.Players {
				g := gameAt(pl, cr.round)
				features[g.Result]++
				if !seen[pl.Number] && !setBeforePairing(g) {
					t.Fatalf("%s, round %d: player %d is present but not paired", c.name, cr.round, pl.Number)
				}
			}
			if d := CompareRound(c.t, cr.round, cr.pairs); d != nil {
				t.Fatalf("%s: BBP's pairing is not the round the generator played: %v", c.name, d)
			}
			// A wrong pairing is seen: the first board's colours reversed.
			if p := cr.pairs[0]; p.Black != 0 {
				bad := append([]Pair{{White: p.Black, Black: p.White}}, cr.pairs[1:]...)
				if d := CompareRound(c.t, cr.round, bad); d == nil || d.Board != 1 {
					t.Fatalf("%s, round %d: CompareRound does not see board 1 reversed: %v", c.name, cr.round, d)
				}
			}
			if d := CompareRound(c.t, cr.round, cr.pairs[1:]); d == nil {
				t.Fatalf("%s, round %d: CompareRound does not see board 1 missing", c.name, cr.round)
			}
			cut := c.t.Before(cr.round)
			if got := cut.PlayedRounds(); got != cr.round-1 {
				t.Fatalf("%s: Before(%d) has %d rounds played", c.name, cr.round, got)
			}
			for _, pl := range cut.Players {
				if g := gameAt(pl, cr.round); g.Result != NoResult && !setBeforePairing(g) {
					t.Fatalf("%s: Before(%d) keeps player %d's pairing in round %d", c.name, cr.round, pl.Number, cr.round)
				}
			}
		}
	}
	t.Logf("%d tournaments, %d rounds, %d boards; entries by result code: %v", len(cases), rounds, boards, features)
	for _, r := range []Result{ForfeitWin, ForfeitLoss, HalfBye, ZeroBye, PairingBye, Draw} {
		if features[r] == 0 {
			t.Errorf("the corpus has no round with result %c", rune(r))
		}
	}
}

var corpusPlayers = flag.Int("dutch.players", 0, "TestDutchCorpus: only the tournaments of at most this many players (0: all)")

// TestDutchCorpus pairs every round of every tournament of the corpus with
// Dutch and compares with BBP Pairings, board for board. It reports the
// first difference of each tournament, and how many rounds differ. With
// -short it pairs only the tournaments of up to 60 players (-dutch.players
// sets the limit).
func TestDutchCorpus(t *testing.T) {
	cases := readCorpus(t)
	total, bad := 0, 0
	limit := *corpusPlayers
	if testing.Short() && limit == 0 {
		limit = 60 // -short: the tournaments of up to 60 players, about half of the corpus
	}
	skipped := 0
	for _, c := range cases {
		if limit > 0 && len(c.t.Players) > limit {
			skipped++
			continue
		}
		first := true
		for _, cr := range c.rounds {
			total++
			cut := c.t.Before(cr.round)
			if cr.round == 1 {
				cut.InitialColor = White
				if cr.xxc == "black1" {
					cut.InitialColor = Black
				}
			}
			got, err := Dutch(cut)
			diff := ""
			switch {
			case err != nil:
				diff = "error: " + err.Error()
			case len(got) != len(cr.pairs):
				diff = fmt.Sprintf("%d boards, BBP has %d", len(got), len(cr.pairs))
			default:
				for i := range got {
					if got[i] != cr.pairs[i] {
						diff = fmt.Sprintf("board %d is %d-%d, BBP has %d-%d", i+1, got[i].White, got[i].Black, cr.pairs[i].White, cr.pairs[i].Black)
						break
					}
				}
			}
			if diff == "" {
				continue
			}
			bad++
			if first {
				t.Errorf("%s (%s), round %d: %s", c.name, c.header, cr.round, diff)
				first = false
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d rounds differ from BBP Pairings", bad, total)
	}
	t.Logf("%d rounds compared, %d differ", total, bad)
	if skipped > 0 {
		t.Logf("%d tournaments of more than %d players left out", skipped, limit)
	}
}

// gameAt returns the player's round r, or the zero Game past the record.
func gameAt(p *Player, r int) Game {
	if r >= 1 && r <= len(p.Games) {
		return p.Games[r-1]
	}
	return Game{}
}
