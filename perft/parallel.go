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
	if depth <= 2 {
		return Divide(p, depth)
	}
	s := newSplit(p)
	counts := make([]uint64, len(s.jobs))
	s.run(threads, func() (func(int), func()) {
		return func(i int) { counts[i] = count(s.job(i), depth-2) }, nil
	})
	return s.entries(counts)
}

// split is the work of a count of 3 plies or more: the subtrees two plies
// below the root, in a queue.
type split struct {
	out      []Entry          // the root moves, in generation order
	children []chess.Position // the position after each root move
	jobs     []job
}

// job is a reply to a root move: 8 bytes, played by the worker.
type job struct {
	root  int32
	reply chess.Move
}

func newSplit(p chess.Position) *split {
	var ml chess.MoveList
	p.LegalMoves(&ml)
	s := &split{out: make([]Entry, ml.Len()), children: make([]chess.Position, ml.Len())}
	n := 0
	for i, m := range ml.Moves() {
		s.out[i].Move = m
		s.children[i] = p
		s.children[i].Play(m)
		n += s.children[i].CountLegalMoves()
	}
	s.jobs = make([]job, 0, n)
	for i := range s.children {
		var replies chess.MoveList
		s.children[i].LegalMoves(&replies)
		for _, r := range replies.Moves() {
			s.jobs = append(s.jobs, job{int32(i), r})
		}
	}
	return s
}

// job returns the position of job i.
func (s *split) job(i int) chess.Position {
	q := s.children[s.jobs[i].root]
	q.Play(s.jobs[i].reply)
	return q
}

// run does every job on threads goroutines (threads <= 0: one per CPU),
// each taking the next job from the queue when it is free. worker makes the
// function one goroutine calls with the index of each job it takes, and
// the one (if not nil) it calls when there are no more. With one thread (or
// one job) the jobs run on the calling goroutine.
func (s *split) run(threads int, worker func() (job func(int), done func())) {
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = min(threads, len(s.jobs))
	if threads <= 1 {
		w, done := worker()
		for i := range s.jobs {
			w(i)
		}
		if done != nil {
			done()
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range threads {
		w, done := worker()
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(s.jobs) {
					break
				}
				w(i)
			}
			if done != nil {
				done()
			}
		})
	}
	wg.Wait()
}

// entries adds up the jobs' counts by root move, sorted as Divide sorts.
func (s *split) entries(counts []uint64) []Entry {
	for i, j := range s.jobs {
		s.out[j.root].Nodes = add(s.out[j.root].Nodes, counts[i])
	}
	sortEntries(s.out)
	return s.out
}
