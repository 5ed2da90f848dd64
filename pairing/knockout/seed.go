// Package knockout runs knockout brackets: the seeding of the lines, byes
// for the top seeds when the field is not a power of two, matches of one
// or more games with a ladder of tie-break stages and an Armageddon, and
// placement matches. It is the pairing side only: which seeds meet, who
// has White in which game, which position unit a game belongs to, and
// what the results make of the bracket. Positions, clocks and storage
// are the caller's (package event).
//
// A bracket is computed afresh from its input (the field's size, the
// format and the results so far) each time: it holds no state of its own.
package knockout

import "fmt"

// Size returns the bracket size for n players: the least power of two
// that is n or more (n from 2).
func Size(n int) int {
	s := 1
	for s < n {
		s *= 2
	}
	return s
}

// Lines returns the seeds in the order of the bracket's lines, for a
// bracket of size players (a power of two, 2 or more): the first round's
// matches are lines 0 and 1, 2 and 3, and so on, and each later round's
// match joins the winners of two neighbouring matches.
//
// The arrangement is the one the FIDE World Cup and tennis use: in the
// first round seed s meets seed size+1-s (1 v size, 2 v size-1, ...),
// and if the better seed wins every match, each later round again pairs
// s with m+1-s among the m players left. So the top two seeds are in
// different halves and meet only in the final, the top four in different
// quarters, and so on. Seed 1 heads the top half, seed 2 the bottom half.
//
// It is built by doubling: the lines of size 2 are 1, 2; those of size 2k
// replace each seed s of the lines of size k by the pair s, 2k+1-s.
func Lines(size int) []int {
	if size < 2 || size&(size-1) != 0 {
		panic(fmt.Sprintf("knockout: bracket size %d is not a power of two from 2", size))
	}
	lines := []int{1, 2}
	for k := 2; k < size; k *= 2 {
		next := make([]int, 0, 2*k)
		for _, s := range lines {
			next = append(next, s, 2*k+1-s)
		}
		lines = next
	}
	return lines
}

// Byes returns how many of n players get a bye in the first round: the
// top Size(n)-n seeds (each meets a seed beyond n).
func Byes(n int) int { return Size(n) - n }
