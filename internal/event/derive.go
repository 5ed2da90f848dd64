package event

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/quote"
)

// Derivation, documented for anyone who checks an event:
//
// The positions of an event are the draws of a seeded chess960.Drawer in
// unique mode (no position twice) over the allowed positions: all 960
// minus Exclude, and, with Balanced, minus those the shipped balance table
// does not score within MaxEval centipawns. That is exactly the sequence
//
//	chess960 random --seed SEED --unique --count N [--exclude LIST] [--balanced CP]
//
// prints. The draws are used in the order rounds start: with one position
// per round, the k-th round started here (k from 1) plays draw k; with one
// position per board, each round takes the next draws for its boards in
// board order. In a double round robin the rounds of the second cycle
// replay the positions of the first: round r + n (n rounds per cycle)
// plays round r's position, and with one position per board each game of
// the second cycle plays the position of the first-cycle game between the
// same two players. Rounds imported from another program have no position
// and take no draw.

// allowed returns the positions the rules allow.
func (pr PositionRules) allowed() (chess960.Set, error) {
	ex, err := chess960.ParseSet(pr.Exclude)
	if err != nil {
		return chess960.Set{}, invalid("exclusions %s: %v", quote.Input(pr.Exclude), err)
	}
	allowed := chess960.All().Minus(ex)
	if pr.Balanced {
		if pr.MaxEval < 0 || pr.MaxEval > 1000 {
			return chess960.Set{}, invalid("balanced: %d centipawns: want 0..1000", pr.MaxEval)
		}
		t, err := balance.Load()
		if err != nil {
			return chess960.Set{}, err
		}
		allowed = allowed.Minus(chess960.All().Minus(t.Balanced(pr.MaxEval)))
	}
	if allowed.Len() == 0 {
		return allowed, invalid("positions: the exclusions and the balance limit leave no position to draw")
	}
	return allowed, nil
}

// Command returns the chess960 random command that prints the event's
// draws, with SEED standing for the seed.
func (pr PositionRules) Command(seed string, count int) string {
	var b strings.Builder
	b.WriteString("chess960 random --seed ")
	b.WriteString(shellQuote(seed))
	b.WriteString(" --unique --count ")
	b.WriteString(strconv.Itoa(count))
	if pr.Exclude != "" {
		b.WriteString(" --exclude ")
		b.WriteString(pr.Exclude)
	}
	if pr.Balanced {
		fmt.Fprintf(&b, " --balanced %d", pr.MaxEval)
	}
	return b.String()
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.:/+=", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// draws returns the first n draws of the event's sequence.
func draws(pr PositionRules, seed string, n int) ([]int, error) {
	allowed, err := pr.allowed()
	if err != nil {
		return nil, err
	}
	if n > allowed.Len() {
		return nil, notNow("positions: the event needs %d positions without repeats, and the rules allow %d", n, allowed.Len())
	}
	ex := chess960.All().Minus(allowed)
	d, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: seed, Exclude: ex, Unique: true})
	if err != nil {
		return nil, err
	}
	out := make([]int, n)
	for i := range out {
		out[i] = d.Next().ID()
	}
	return out, nil
}

// cycle returns the rounds per cycle of a double round robin, 0 otherwise.
func (e *Event) cycle() int {
	if e.System != DoubleRoundRobin || e.Rounds == 0 {
		return 0
	}
	return e.Rounds / 2
}

// assign returns the positions of every started round (per round, or per
// board), derived from the seed: pos[r-1] is round r's position (-1 for an
// imported round) and boards[r-1][b-1] board b's with PerBoard. Rounds
// beyond those started are given as if started in order too (for the round
// being started, pass the event with it marked started).
func assign(e *Event, seed string) (pos []int, boards [][]int, err error) {
	if e.System == Knockout {
		boards, _, err = assignKO(e, seed)
		pos = make([]int, len(e.Schedule))
		for i := range pos {
			pos[i] = -1
		}
		return pos, boards, err
	}
	if e.matches() {
		pos, boards, _, err = assignMatches(e, seed)
		return pos, boards, err
	}
	cyc := e.cycle()
	// Count the draws needed.
	need := 0
	for i, r := range e.Schedule {
		if r.Status != Started || r.imported() {
			continue
		}
		if cyc > 0 && i >= cyc {
			continue
		}
		if e.Positions.PerBoard {
			need += len(r.Boards)
		} else {
			need++
		}
	}
	seq, err := draws(e.Positions, seed, need)
	if err != nil {
		return nil, nil, err
	}
	pos = make([]int, len(e.Schedule))
	boards = make([][]int, len(e.Schedule))
	k := 0
	for i, r := range e.Schedule {
		pos[i] = -1
		if r.Status != Started || r.imported() {
			continue
		}
		if cyc > 0 && i >= cyc {
			// The second cycle: each game replays the position of the
			// first-cycle game between the same two players.
			bs := make([]int, len(r.Boards))
			for j, b := range r.Boards {
				bs[j] = -1
				for fi := range cyc {
					for jj, fb := range e.Schedule[fi].Boards {
						if fb.White == b.Black && fb.Black == b.White || fb.White == b.White && fb.Black == b.Black {
							if e.Positions.PerBoard {
								if boards[fi] != nil {
									bs[j] = boards[fi][jj]
								}
							} else {
								bs[j] = pos[fi]
							}
						}
					}
				}
			}
			if e.Positions.PerBoard {
				boards[i] = bs
			} else if len(bs) > 0 {
				pos[i] = bs[0]
				for _, v := range bs {
					if v != bs[0] {
						pos[i] = -1 // the games come from different rounds
					}
				}
			}
			continue
		}
		if e.Positions.PerBoard {
			boards[i] = seq[k : k+len(r.Boards)]
			k += len(r.Boards)
		} else {
			pos[i] = seq[k]
			k++
		}
	}
	return pos, boards, nil
}

// assignMatches gives the started rounds of an event of matches their
// positions: each unit (a round of matches' unit, or with PerBoard a
// match's) takes the next draw when its first game starts, in the order
// the rounds start and, in a round, board by board; it returns the
// positions as assign does and the number of draws.
func assignMatches(e *Event, seed string) (pos []int, boards [][]int, n int, err error) {
	boards, n, err = assignUnits(e, seed, func(r *Round, b *Board) string {
		k := strconv.Itoa(r.KORound) + "/" + strconv.Itoa(b.KO.Unit)
		if b.KO.Armageddon {
			k += "/a"
		}
		if e.Positions.PerBoard {
			k += "/" + b.KO.Match
		}
		return k
	})
	if err != nil {
		return nil, nil, 0, err
	}
	pos = make([]int, len(e.Schedule))
	for i := range e.Schedule {
		pos[i] = -1
		if !e.Positions.PerBoard && len(boards[i]) > 0 {
			pos[i] = boards[i][0]
		}
	}
	return pos, boards, n, nil
}

// imported reports whether the round was played before the event came here.
func (r *Round) imported() bool { return r.Imported }
