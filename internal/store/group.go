package store

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Group commit. Every Update of a Store goes through its committer, one
// goroutine that writes the updates waiting at that moment in one
// transaction: while one transaction commits (an fsync on SQLite, a WAL
// flush and a round trip on PostgreSQL), the updates that arrive queue up,
// and the next transaction takes them all. Under no load an update commits
// at once, alone; under load a commit costs one sync for many updates, so
// that durability does not bound the throughput. There is no timer: the
// window is the time the previous commit took, a few milliseconds.
//
// Each update keeps its own semantics: its version is checked inside the
// transaction (a record updated twice in one batch sees the first update,
// so the second expecting the old version gets ErrConflict), and Update
// returns only after the transaction that holds it has committed. An
// update whose statement fails makes the batch be written again one update
// a transaction, so that one bad update cannot fail the others.

// maxBatch bounds the updates of one transaction.
const maxBatch = 256

// updateReq is one Update waiting for its commit.
type updateReq struct {
	ctx    context.Context
	id     string
	expect int64
	name   string
	state  []byte
	c      Change
	at     time.Time
	// set by the committer: the new version, or why not.
	v    int64
	err  error
	done chan struct{}
}

// committer queues updates and writes them in batches with write, which
// sets each request's v or err (and must not keep them).
type committer struct {
	write func(batch []*updateReq)

	mu      sync.Mutex
	queue   []*updateReq
	closed  bool
	wake    chan struct{} // cap 1: the queue is not empty, or closed
	stopped chan struct{} // closed when the goroutine has ended
	// batches counts the batches written, for the tests.
	batches atomic.Int64
}

func newCommitter(write func([]*updateReq)) *committer {
	c := &committer{write: write, wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	go c.run()
	return c
}

// do queues r and waits for its commit. Once queued, r is answered even
// if its context ends (the committer skips a request whose context has
// ended before its batch begins): an update is never both reported failed
// and committed by a cancellation racing its commit.
func (c *committer) do(r *updateReq) (int64, error) {
	r.done = make(chan struct{})
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return 0, ErrClosed
	}
	c.queue = append(c.queue, r)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	<-r.done
	return r.v, r.err
}

func (c *committer) run() {
	defer close(c.stopped)
	for {
		<-c.wake
		for {
			c.mu.Lock()
			n := min(len(c.queue), maxBatch)
			batch := append([]*updateReq(nil), c.queue[:n]...)
			c.queue = append(c.queue[:0], c.queue[n:]...)
			closed := c.closed
			c.mu.Unlock()
			if len(batch) == 0 {
				if closed {
					return
				}
				break
			}
			live := batch[:0:0]
			for _, r := range batch {
				if err := r.ctx.Err(); err != nil {
					r.err = err
					close(r.done)
					continue
				}
				live = append(live, r)
			}
			if len(live) > 0 {
				c.batches.Add(1)
				c.write(live)
				for _, r := range live {
					close(r.done)
				}
			}
		}
	}
}

// close lets the queued updates commit, refuses new ones, and returns when
// the committer has stopped.
func (c *committer) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
	<-c.stopped
}
