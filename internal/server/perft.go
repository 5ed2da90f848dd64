package server

import (
	"context"
	"runtime"
	"sort"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

// budgetCount counts perft to depth like package perft (the same legal move
// generation and leaf counting, so the same numbers) but stops as soon as it
// has counted more than budget nodes, or when ctx is done, and then reports
// false. A request can so never cost more than its budget.
func budgetCount(ctx context.Context, p chess.Position, depth int, budget uint64) (uint64, []perft.Entry, bool) {
	if depth <= 0 {
		return 1, nil, true
	}
	c := counter{budget: budget, done: ctx.Done()}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	div := make([]perft.Entry, 0, ml.Len())
	var total uint64
	for _, m := range ml.Moves() {
		n := uint64(1) // at depth 1, each root move is one leaf
		if depth > 1 {
			n = c.after(p, m, depth-1)
			if c.stopped {
				return 0, nil, false
			}
		}
		total += n
		div = append(div, perft.Entry{Move: m, Nodes: n})
	}
	if total > budget {
		return 0, nil, false
	}
	sort.Slice(div, func(i, j int) bool { return div[i].Move.String() < div[j].Move.String() })
	return total, div, true
}

// counter counts leaves against a budget, and checks now and then whether
// the request is still wanted.
type counter struct {
	nodes, budget uint64
	checks        int
	done          <-chan struct{}
	stopped       bool
}

// after counts the tree below p after m, depth plies deep.
func (c *counter) after(p chess.Position, m chess.Move, depth int) uint64 {
	if c.stopped {
		return 0
	}
	p.Play(m)
	if depth == 1 {
		n := uint64(p.CountLegalMoves())
		c.nodes += n
		if c.nodes > c.budget {
			c.stopped = true
		} else if c.checks++; c.checks&1023 == 0 {
			select {
			case <-c.done:
				c.stopped = true
			default:
			}
			if c.checks&4095 == 0 {
				// About every 100,000 nodes (half a millisecond), let the
				// requests queued behind this count run: cheap requests
				// stay fast while perft counts.
				runtime.Gosched()
			}
		}
		return n
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		total += c.after(p, m, depth-1)
		if c.stopped {
			return 0
		}
	}
	return total
}
