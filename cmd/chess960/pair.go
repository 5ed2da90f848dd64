package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/chess960/chess960/pairing"
)

func init() {
	register(&command{
		name: "pair", args: "(--dutch | --roundrobin [--double]) [FILE] (-p [OUT] | -c) [--json]",
		summary: "pair the next round of a tournament file (TRF), as BBP Pairings and JaVaFo do",
		detail: `FILE is a FIDE Tournament Report File (TRF-16 or TRF-2026, with JaVaFo's and BBP
Pairings' extensions: XXR rounds, XXC white1/black1, ...); "-", or no FILE, reads stdin.

-p pairs the next round and writes what bbpPairings and JaVaFo write: the number of
boards, then "white black" per board in board order, a bye as "N 0" (last), to OUT if
given, else to stdout. --dutch pairs by the FIDE Dutch system (C.04.3, the 2025 rules)
as BBP Pairings does, and needs the number of rounds (XXR). --roundrobin pairs by the
Berger tables (C.05 Annex 1) for players numbered 1..n; --double for a double round
robin (the second cycle reverses the colours; in the first, the table's last two
rounds are exchanged, as C.05 recommends).

-c checks the file's last round: pairs the tournament as it stood before that round
(its byes for that round kept) and compares; exit status 0 if the pairing is the same,
1 with the first board that differs.

--json prints {"round": R, "pairs": [{"board": 1, "white": W, "black": B}, ...], "bye": N}
instead (with -c: also "same" and the first difference). The command line is BBP's:
"--dutch FILE -p OUT" and "--dutch FILE -c" work as they do there, except that OUT is
taken as given (bbpPairings puts an OUT with no directory beside FILE).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			dutch := boolFlag(fs, "dutch", "pair by the FIDE Dutch system, as BBP Pairings does")
			rr := boolFlag(fs, "roundrobin", "pair by the Berger tables (players numbered 1..n)")
			double := boolFlag(fs, "double", "with --roundrobin: a double round robin")
			p := boolFlag(fs, "p", "pair the next round (output to OUT, the argument after FILE, or stdout)")
			c := boolFlag(fs, "c", "check the file's last round")
			asJSON := boolFlag(fs, "json", "print a JSON object")
			return func(e *env, args []string) error {
				switch {
				case *dutch == *rr:
					return usagef("give one of --dutch and --roundrobin")
				case *double && !*rr:
					return usagef("--double goes with --roundrobin")
				case *p == *c:
					return usagef("give one of -p (pair the next round) and -c (check the last round)")
				}
				max := 2
				if *c {
					max = 1
				}
				if err := wantArgs(args, 0, max, ""); err != nil {
					return err
				}
				name := "-"
				if len(args) > 0 {
					name = args[0]
				}
				t, err := readTournament(e, name)
				if err != nil {
					return err
				}
				engine := pairEngine{dutch: *dutch, double: *double}
				if *c {
					return checkRound(e, name, t, engine, *asJSON)
				}
				out := ""
				if len(args) == 2 {
					out = args[1]
				}
				return pairNext(e, name, t, engine, out, *asJSON)
			}
		},
	})
}

// maxTRF bounds the size of a tournament file: 64 MiB is far more than a
// TRF of 9999 players and a hundred rounds.
const maxTRF = 64 << 20

// readTournament reads and parses the file ("-": stdin); errors name it.
func readTournament(e *env, name string) (*pairing.Tournament, error) {
	r, shown, done, err := openArg(e, name)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(r, maxTRF+1))
	done()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, unwrapPathError(err))
	}
	if len(data) > maxTRF {
		return nil, fmt.Errorf("%s: larger than 64 MiB: not a tournament file", shown)
	}
	t, err := pairing.ParseTRF(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	return t, nil
}

// pairEngine is the pairing system the flags chose.
type pairEngine struct {
	dutch, double bool
}

// pair pairs the next round of t.
func (pe pairEngine) pair(t *pairing.Tournament) ([]pairing.Pair, error) {
	if pe.dutch {
		return pairing.Dutch(t)
	}
	return pairing.RoundRobin(t, pe.double)
}

// pairNext is -p.
func pairNext(e *env, name string, t *pairing.Tournament, engine pairEngine, out string, asJSON bool) error {
	shown := quoteArg(name)
	if name == "-" {
		shown = "stdin"
	}
	round := t.PlayedRounds() + 1
	if engine.dutch {
		if t.Rounds == 0 {
			return fmt.Errorf("%s: the file does not give the number of rounds (an XXR line), which the Dutch system needs to pair", shown)
		}
		if round > t.Rounds {
			return fmt.Errorf("%s: all %d rounds are played: nothing left to pair", shown, t.Rounds)
		}
	}
	var pairs []pairing.Pair
	var boards []pairing.Board
	var err error
	if engine.dutch && asJSON {
		boards, err = pairing.DutchBoards(t)
	} else {
		pairs, err = engine.pair(t)
	}
	switch {
	case errors.Is(err, pairing.ErrRoundRobinFinished):
		return fmt.Errorf("%s: %v: nothing left to pair", shown, err)
	case err != nil && !engine.dutch:
		return fmt.Errorf("%s: %v", shown, err)
	case errors.Is(err, pairing.ErrNoPairing):
		return fmt.Errorf("%s: no legal pairing: %v", shown, err)
	case err != nil:
		return fmt.Errorf("%s: round %d: %v", shown, round, err)
	}
	var b bytes.Buffer
	switch {
	case boards != nil:
		if err := writeJSON(&b, boardsJSON(round, boards)); err != nil {
			return err
		}
	case asJSON:
		if err := writeJSON(&b, pairsJSON(round, pairs)); err != nil {
			return err
		}
	default:
		writePairs(&b, pairs)
	}
	if out == "" {
		if _, err := e.stdout.Write(b.Bytes()); err != nil {
			return &outputError{err}
		}
		return nil
	}
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("writing %s: %v", quoteArg(out), err)
	}
	return nil
}

// writePairs writes the pairing as bbpPairings does: the number of boards
// (the bye counts as one), then "white black" a line, "N 0" for the bye.
// Lines end in LF, as bbpPairings' do.
func writePairs(w io.Writer, pairs []pairing.Pair) {
	fmt.Fprintf(w, "%d\n", len(pairs))
	for _, p := range pairs {
		fmt.Fprintf(w, "%d %d\n", p.White, p.Black)
	}
}

// boardJSON is one board of --json. The Dutch engine also says the two
// scores (with acceleration), who floats, and the colour rule applied.
type boardJSON struct {
	Board      int             `json:"board"`
	White      int             `json:"white"`
	Black      int             `json:"black"`
	WhiteScore *pairing.Points `json:"whiteScore,omitempty"`
	BlackScore *pairing.Points `json:"blackScore,omitempty"`
	Float      string          `json:"float,omitempty"`
	Colors     string          `json:"colors,omitempty"`
}

// roundJSON is the --json form of a pairing.
type roundJSON struct {
	Round int         `json:"round"`
	Pairs []boardJSON `json:"pairs"`
	Bye   int         `json:"bye,omitempty"` // the player with the pairing-allocated bye
}

func pairsJSON(round int, pairs []pairing.Pair) roundJSON {
	r := roundJSON{Round: round, Pairs: []boardJSON{}}
	for _, p := range pairs {
		if p.Black == 0 {
			r.Bye = p.White
			continue
		}
		r.Pairs = append(r.Pairs, boardJSON{Board: len(r.Pairs) + 1, White: p.White, Black: p.Black})
	}
	return r
}

// boardsJSON is pairsJSON with what the Dutch engine tells of each board.
func boardsJSON(round int, boards []pairing.Board) roundJSON {
	r := roundJSON{Round: round, Pairs: []boardJSON{}}
	for _, b := range boards {
		if b.Black == 0 {
			r.Bye = b.White
			continue
		}
		ws, bs := b.WhiteScore, b.BlackScore
		r.Pairs = append(r.Pairs, boardJSON{Board: len(r.Pairs) + 1, White: b.White, Black: b.Black,
			WhiteScore: &ws, BlackScore: &bs, Float: b.Float, Colors: b.Colors})
	}
	return r
}

// checkJSON is the --json form of -c.
type checkJSON struct {
	roundJSON
	Same       bool   `json:"same"`
	Difference string `json:"difference,omitempty"`
}

// checkRound is -c: pair the file's last round again and compare.
func checkRound(e *env, name string, t *pairing.Tournament, engine pairEngine, asJSON bool) error {
	shown := quoteArg(name)
	if name == "-" {
		shown = "stdin"
	}
	last := t.PlayedRounds()
	if last == 0 {
		return fmt.Errorf("%s: no round is played yet: nothing to check", shown)
	}
	before := t.Before(last)
	if engine.dutch && before.Rounds == 0 {
		before.Rounds = last // as bbpPairings -c: the rounds in the file are all there are
	}
	if before.InitialColor == pairing.NoColor {
		before.InitialColor = t.FirstColor() // the whole file shows it, even when round 1 is checked
	}
	pairs, err := engine.pair(before)
	switch {
	case errors.Is(err, pairing.ErrNoPairing):
		return fmt.Errorf("%s: checking round %d: no legal pairing: %v", shown, last, err)
	case err != nil:
		return fmt.Errorf("%s: round %d: %v", shown, last, err)
	}
	diff := pairing.CompareRound(t, last, pairs)
	if asJSON {
		c := checkJSON{roundJSON: pairsJSON(last, pairs), Same: diff == nil}
		if diff != nil {
			c.Difference = diff.Error()
		}
		if err := writeJSON(e.stdout, c); err != nil {
			return err
		}
	} else if diff == nil {
		boards := "boards"
		if len(pairs) == 1 {
			boards = "board"
		}
		fmt.Fprintf(e.stdout, "round %d: the file's pairing is the engine's (%d %s)\n", last, len(pairs), boards)
	}
	if diff != nil {
		return fmt.Errorf("%s: %v", shown, diff)
	}
	return nil
}
