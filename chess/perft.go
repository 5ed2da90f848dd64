package chess

import "sort"

// Perft counts the leaf nodes of the legal move tree of p to the given depth
// (1 for depth 0). The last ply is counted, not played ("bulk counting").
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countMoves())
	}
	var list [maxMoves]Move
	n := p.generate(&list)
	var total uint64
	for _, m := range list[:n] {
		total += perftAfter(*p, m, depth-1)
	}
	return total
}

// perftAfter gets its position by value: that copy is the copy-make, and as
// no pointer to it crosses a recursive call it stays on the stack.
func perftAfter(p Position, m Move, depth int) uint64 {
	p.Play(m)
	if depth == 1 {
		return uint64(p.countMoves())
	}
	var list [maxMoves]Move
	n := p.generate(&list)
	var total uint64
	for _, m := range list[:n] {
		total += perftAfter(p, m, depth-1)
	}
	return total
}

// DivideEntry is one line of Divide: a legal move and the perft count of
// the position after it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft count to depth-1 of
// the position after it, sorted by the moves' Chess960 UCI text. With
// depth <= 0 it returns nil.
func Divide(p Position, depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, 0, ml.Len())
	for _, m := range ml.Moves() {
		q := p
		q.Play(m)
		out = append(out, DivideEntry{m, Perft(q, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move.UCI(true) < out[j].Move.UCI(true) })
	return out
}
