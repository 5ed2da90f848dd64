package pairing

import (
	"errors"
	"fmt"
)

// Round robins by the Berger tables of the FIDE Handbook, C.05 (General
// Regulations for Competitions), Annex 1. The tables pair players 1..n for
// an even n: round 1 is 1-n, 2-(n-1), ..., (n/2)-(n/2+1), White first. For
// an odd field the table of n+1 is used and the highest number counts as a
// bye: whoever the table pairs with it has no game that round.
//
// The tables follow one rule, which this file computes instead of storing
// them. Take the players 1..n-1 on a circle (numbers mod n-1) and let the
// pivot of round r be b = ((r-1)·n/2 mod (n-1)) + 1. Board 1 pairs the
// pivot with n: b-n in odd rounds, n-b in even ones. Board j (2..n/2) pairs
// b+(j-1) (White) with b-(j-1) (Black), mod n-1. So each round moves the
// pivot n/2 places on, and n alternates colours. The test types in the
// printed tables and compares.

// MaxRoundRobinPlayers is the largest field the round-robin functions
// pair: TRF pairing numbers have four digits.
const MaxRoundRobinPlayers = 9999

// ErrRoundRobinFinished is returned (wrapped) by RoundRobin when every
// round of the table is already in the file.
var ErrRoundRobinFinished = errors.New("the round robin is finished")

// BergerRounds is the number of rounds of one cycle of a round robin of
// players: players-1 for an even field, players for an odd one (each
// player sits out once). It is 0 for fewer than two players.
func BergerRounds(players int) int {
	switch {
	case players < 2:
		return 0
	case players%2 == 0:
		return players - 1
	}
	return players
}

// BergerRound returns round `round` (1..BergerRounds(players)) of the
// Berger table for players (2..MaxRoundRobinPlayers), in the table's board
// order; for an odd field the player paired with the bye number comes last
// as Pair{White: p, Black: 0}.
func BergerRound(players, round int) ([]Pair, error) {
	if err := checkRound(players, round, BergerRounds(players), "single"); err != nil {
		return nil, err
	}
	return bergerRound(players, round), nil
}

// Berger returns the whole Berger table for players: Berger(players)[r-1]
// is BergerRound(players, r). It returns nil for a field outside
// 2..MaxRoundRobinPlayers.
func Berger(players int) [][]Pair {
	if players < 2 || players > MaxRoundRobinPlayers {
		return nil
	}
	n := BergerRounds(players)
	table := make([][]Pair, n)
	for r := 1; r <= n; r++ {
		table[r-1] = bergerRound(players, r)
	}
	return table
}

// DoubleBergerRound returns round `round` (1..2·BergerRounds(players)) of
// a double round robin. The second cycle repeats the table with the
// colours reversed (C.05 Annex 1: in a double round robin the players
// meet a second time with the other colours). In the first cycle the last
// two rounds of the table are played in the other order, as C.05 Annex 1
// recommends for a double round robin: otherwise the table's last round
// and the reversed first round would give players 1 and n/2+1 the same
// colour three times in a row across the two cycles. The second cycle keeps
// the table's order.
func DoubleBergerRound(players, round int) ([]Pair, error) {
	cycle := BergerRounds(players)
	if err := checkRound(players, round, 2*cycle, "double"); err != nil {
		return nil, err
	}
	if round > cycle {
		pairs := bergerRound(players, round-cycle)
		for i, p := range pairs {
			if p.Black != 0 {
				pairs[i] = Pair{White: p.Black, Black: p.White}
			}
		}
		return pairs, nil
	}
	if cycle >= 2 && round >= cycle-1 {
		round = 2*cycle - 1 - round // cycle-1 <-> cycle
	}
	return bergerRound(players, round), nil
}

func checkRound(players, round, rounds int, kind string) error {
	if players < 2 || players > MaxRoundRobinPlayers {
		return fmt.Errorf("round robin of %d players: the field must be 2..%d players", players, MaxRoundRobinPlayers)
	}
	if round < 1 || round > rounds {
		return fmt.Errorf("%s round robin of %d players: round %d is not one of its rounds 1..%d", kind, players, round, rounds)
	}
	return nil
}

// bergerRound computes a round of the table; players and round are valid.
func bergerRound(players, round int) []Pair {
	n := players + players%2 // the table's size; n is the bye if players is odd
	m := n - 1               // the circle of players 1..n-1
	pivot := (round-1)*(n/2)%m + 1
	at := func(k int) int { // the player k places on from 1, in 1..m
		return ((k-1)%m+m)%m + 1
	}
	pairs := make([]Pair, 0, n/2)
	first := Pair{White: pivot, Black: n}
	if round%2 == 0 {
		first = Pair{White: n, Black: pivot}
	}
	if n == players {
		pairs = append(pairs, first)
	}
	for j := 2; j <= n/2; j++ {
		pairs = append(pairs, Pair{White: at(pivot + j - 1), Black: at(pivot - j + 1)})
	}
	if n != players {
		pairs = append(pairs, Pair{White: pivot})
	}
	return pairs
}

// RoundRobin pairs the next round (t.PlayedRounds()+1) of a round robin
// whose players are numbered 1..n, by the Berger table of n players (a
// double round robin if double is set: see DoubleBergerRound). It refuses
// a field with gaps in its pairing numbers, an XXR round count that is not
// the table's, and a tournament whose rounds are all played
// (ErrRoundRobinFinished, wrapped).
func RoundRobin(t *Tournament, double bool) ([]Pair, error) {
	n := len(t.Players)
	for i, p := range t.Players {
		if p.Number != i+1 {
			return nil, fmt.Errorf("round robin: the players must be numbered 1..%d without gaps, and number %d is missing", n, i+1)
		}
	}
	if n < 2 || n > MaxRoundRobinPlayers {
		return nil, fmt.Errorf("round robin: %d players: the field must be 2..%d players", n, MaxRoundRobinPlayers)
	}
	rounds, kind := BergerRounds(n), "single"
	if double {
		rounds, kind = 2*rounds, "double"
	}
	if t.Rounds != 0 && t.Rounds != rounds {
		return nil, fmt.Errorf("round robin: the file plans %d rounds (XXR), but a %s round robin of %d players has %d", t.Rounds, kind, n, rounds)
	}
	next := t.PlayedRounds() + 1
	switch {
	case next == rounds+1:
		return nil, fmt.Errorf("%w: the %d rounds of a %s round robin of %d players are played", ErrRoundRobinFinished, rounds, kind, n)
	case next > rounds:
		return nil, fmt.Errorf("round robin: the file has %d rounds played, and a %s round robin of %d players has %d", next-1, kind, n, rounds)
	}
	if double {
		return DoubleBergerRound(n, next)
	}
	return BergerRound(n, next)
}
