package pairing

import "fmt"

// setBeforePairing reports whether a round's entry was decided before the
// round was paired: an entry that is not the pairing's doing (Paired), a
// requested or zero-point bye.
func setBeforePairing(g Game) bool { return g.Result != NoResult && !g.Paired() }

// RoundDifference is the first place where a pairing differs from a
// round of a file: Board (1 up; 0 when the engine left a player out that
// the file paired), what the pairing has there and what the file has.
type RoundDifference struct {
	Round    int
	Board    int
	Expected string // the pairing's board: "3-7", "the bye for 9"
	Found    string // the file's entry for that board's first player
}

func (d *RoundDifference) Error() string {
	if d.Board == 0 {
		return fmt.Sprintf("round %d: %s is not paired, the file has %s", d.Round, d.Expected, d.Found)
	}
	return fmt.Sprintf("round %d, board %d: expected %s, the file has %s", d.Round, d.Board, d.Expected, d.Found)
}

// CompareRound compares a pairing of round r (boards in order, the bye as
// Pair{White: n}) with round r as the file records it, and returns the
// first difference, or nil if the file has the same games with the same
// colours and the bye to the same player (an entry with no opponent:
// the pairing-allocated bye, U, or in a round robin's file any other).
// Board order is not in a TRF file, so only the games are compared.
func CompareRound(t *Tournament, r int, pairs []Pair) *RoundDifference {
	game := func(n int) Game {
		if p := t.Player(n); p != nil && r >= 1 && r <= len(p.Games) {
			return p.Games[r-1]
		}
		return Game{}
	}
	paired := map[int]bool{}
	for i, p := range pairs {
		paired[p.White] = true
		g := game(p.White)
		if p.Black == 0 {
			// The pairing-allocated bye (U); a round-robin file may give
			// the player who sits out any entry without an opponent.
			if g.Opponent != 0 || g.Result == NoResult {
				return &RoundDifference{Round: r, Board: i + 1, Expected: fmt.Sprintf("the bye for %d", p.White), Found: describeGame(p.White, g)}
			}
			continue
		}
		paired[p.Black] = true
		if g.Opponent != p.Black || g.Color != White {
			return &RoundDifference{Round: r, Board: i + 1, Expected: fmt.Sprintf("%d-%d", p.White, p.Black), Found: describeGame(p.White, g)}
		}
	}
	for _, p := range t.Players {
		if g := game(p.Number); !paired[p.Number] && g.Paired() {
			return &RoundDifference{Round: r, Expected: fmt.Sprint(p.Number), Found: describeGame(p.Number, g)}
		}
	}
	return nil
}

// describeGame says what player n did in a round of the file.
func describeGame(n int, g Game) string {
	switch {
	case g.Opponent != 0 && g.Color == White:
		return fmt.Sprintf("%d-%d", n, g.Opponent)
	case g.Opponent != 0 && g.Color == Black:
		return fmt.Sprintf("%d-%d", g.Opponent, n)
	case g.Opponent != 0:
		return fmt.Sprintf("%d against %d with no colour", n, g.Opponent)
	case g.Result == PairingBye:
		return fmt.Sprintf("the bye for %d", n)
	case g.Result == NoResult:
		return fmt.Sprintf("no entry for %d", n)
	}
	return fmt.Sprintf("%d not paired (%c)", n, rune(g.Result))
}
