package perft

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/chess960/chess960/chess"
)

// CountParallel is Count spread over threads goroutines (threads <= 0: one
// per CPU, runtime.GOMAXPROCS). The count is the same as Count's.
func CountParallel(p chess.Position, depth, threads int) uint64 {
	if depth <= 0 {
		return 1
	}
	return Total(DivideParallel(p, depth, threads))
}

// DivideParallel is Divide spread over threads goroutines (threads <= 0: one
// per CPU). The work is a shared queue of the subtrees two plies below the
// root, taken one at a time by whichever goroutine is free, so that a slower
// CPU does not hold up the others. The result is the same as Divide's.
func DivideParallel(p chess.Position, depth, threads int) []Entry {
	return divideParallel(p, depth, threads, Count)
}

// divideParallel is Divide with count as the count below two plies.
func divideParallel(p chess.Position, depth, threads int, count func(chess.Position, int) uint64) []Entry {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if depth <= 2 {
		return Divide(p, depth)
	}
	// A job is a reply to a root move: 8 bytes, played by the worker.
	type job struct {
		root  int32
		reply chess.Move
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	out := make([]Entry, ml.Len())
	children := make([]chess.Position, ml.Len())
	n := 0
	for i, m := range ml.Moves() {
		out[i].Move = m
		children[i] = p
		children[i].Play(m)
		n += children[i].CountLegalMoves()
	}
	jobs := make([]job, 0, n)
	for i := range children {
		var replies chess.MoveList
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
	sortEntries(out)
	return out
}
