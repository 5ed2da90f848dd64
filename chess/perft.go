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
	var list [maxMoves]Move
	n := p.generate(&list)
	if depth == 1 {
		return uint64(n)
	}
	var total uint64
	for _, m := range list[:n] {
		q := *p
		q.Play(m)
		total += perft(&q, depth-1)
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
