package chess

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
)

// PerftParallel is Perft spread over threads goroutines (threads <= 0: one
// per CPU, runtime.GOMAXPROCS). The count is the same as Perft's.
func PerftParallel(p Position, depth, threads int) uint64 {
	if depth <= 0 {
		return 1
	}
	var total uint64
	for _, d := range DivideParallel(p, depth, threads) {
		total += d.Nodes
	}
	return total
}

// DivideParallel is Divide spread over threads goroutines (threads <= 0: one
// per CPU). The work is a shared queue of the subtrees two plies below the
// root, taken one at a time by whichever goroutine is free, so that a slower
// CPU does not hold up the others. The result is the same as Divide's.
func DivideParallel(p Position, depth, threads int) []DivideEntry {
	return divideParallel(p, depth, threads, Perft)
}

// PerftParallel is PerftParallel with the table t, shared by the goroutines.
func (t *PerftTable) PerftParallel(p Position, depth, threads int) uint64 {
	if depth <= 0 {
		return 1
	}
	var total uint64
	for _, d := range t.DivideParallel(p, depth, threads) {
		total += d.Nodes
	}
	return total
}

// DivideParallel is DivideParallel with the table t, shared by the
// goroutines.
func (t *PerftTable) DivideParallel(p Position, depth, threads int) []DivideEntry {
	return divideParallel(p, depth, threads, t.Perft)
}

// divideParallel is Divide with count as the perft below two plies.
func divideParallel(p Position, depth, threads int, count func(Position, int) uint64) []DivideEntry {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if depth <= 2 {
		return Divide(p, depth)
	}
	// A job is a reply to a root move: 8 bytes, played by the worker.
	type job struct {
		root  int32
		reply Move
	}
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, ml.Len())
	children := make([]Position, ml.Len())
	n := 0
	for i, m := range ml.Moves() {
		out[i].Move = m
		children[i] = p
		children[i].Play(m)
		n += children[i].CountLegalMoves()
	}
	jobs := make([]job, 0, n)
	for i := range children {
		var replies MoveList
		children[i].LegalMoves(&replies)
		for _, r := range replies.Moves() {
			jobs = append(jobs, job{int32(i), r})
		}
	}
	counts := make([]uint64, len(jobs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(threads, len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				q := children[jobs[i].root]
				q.Play(jobs[i].reply)
				counts[i] = count(q, depth-2)
			}
		}()
	}
	wg.Wait()
	for i, j := range jobs {
		out[j.root].Nodes += counts[i]
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move.UCI(true) < out[j].Move.UCI(true) })
	return out
}
