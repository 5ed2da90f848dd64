package perft

import (
	"sort"

	"github.com/chess960/chess960/chess"
)

// MaxDepth is the deepest count the suite reader and the command line accept.
// Depth 15 from the start position is already about 2e21 nodes.
const MaxDepth = 15

// Count returns the number of leaf nodes of the legal move tree of p to the
// given depth (1 for depth 0 or less).
func Count(p chess.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return count(&p, depth)
}

func count(p *chess.Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total += countAfter(*p, m, depth-1)
	}
	return total
}

// countAfter gets its position by value: that copy is the copy-make, and as
// no pointer to it crosses a recursive call it stays on the stack.
func countAfter(p chess.Position, m chess.Move, depth int) uint64 {
	p.Play(m)
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total += countAfter(p, m, depth-1)
	}
	return total
}

// Entry is one line of a divide: a legal move and the count of the position
// after it, one ply less deep.
type Entry struct {
	Move  chess.Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the count to depth-1 of the
// position after it, sorted by the moves' Chess960 UCI text (castling as the
// king taking its rook). With depth <= 0 it returns nil.
func Divide(p chess.Position, depth int) []Entry {
	if depth <= 0 {
		return nil
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	out := make([]Entry, 0, ml.Len())
	for _, m := range ml.Moves() {
		q := p
		q.Play(m)
		out = append(out, Entry{m, Count(q, depth-1)})
	}
	sortEntries(out)
	return out
}

func sortEntries(out []Entry) {
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
}

// Total returns the sum of the entries' counts.
func Total(d []Entry) uint64 {
	var n uint64
	for _, e := range d {
		n += e.Nodes
	}
	return n
}
