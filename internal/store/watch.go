package store

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// hub fans the versions of events out to the watchers of one Store. Both
// backends use it: their own writes publish the new version directly;
// changes made elsewhere are found by polling each watched event's version
// (every poll) and, for PostgreSQL, by hints from LISTEN, which make the
// hub read the event's version at once.
//
// One goroutine per watcher delivers to its channel, and one refresher
// goroutine per hub does the polling; all of them end when their context
// ends or when the hub is closed, and close waits for them.
type hub struct {
	// version reads an event's current version (ErrNotFound if none);
	// versions reads many at once (those it finds).
	version  func(ctx context.Context, id string) (int64, error)
	versions func(ctx context.Context, ids []string) (map[string]int64, error)
	poll     time.Duration // <= 0: no polling

	ctx    context.Context // canceled by close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	watchers map[string]map[*watcher]struct{}
	hinted   map[string]bool
	hint     chan struct{} // cap 1: "hinted is not empty"
}

// watcher is one Watch call: latest is the highest version seen, wake
// tells its goroutine that latest may have grown.
type watcher struct {
	latest atomic.Int64
	wake   chan struct{}
}

// offer raises w.latest to v (versions only grow) and wakes w's goroutine.
func (w *watcher) offer(v int64) {
	for {
		old := w.latest.Load()
		if v <= old {
			return
		}
		if w.latest.CompareAndSwap(old, v) {
			break
		}
	}
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func newHub(version func(context.Context, string) (int64, error), versions func(context.Context, []string) (map[string]int64, error), poll time.Duration) *hub {
	ctx, cancel := context.WithCancel(context.Background())
	h := &hub{
		version:  version,
		versions: versions,
		poll:     poll,
		ctx:      ctx,
		cancel:   cancel,
		watchers: map[string]map[*watcher]struct{}{},
		hinted:   map[string]bool{},
		hint:     make(chan struct{}, 1),
	}
	h.wg.Add(1)
	go h.refresher()
	return h
}

// goroutine runs f in a goroutine that close waits for, unless the hub is
// closed already (then it reports false and does not run f).
func (h *hub) goroutine(f func()) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		f()
	}()
	return true
}

// publish tells id's watchers that it is at version v (or later).
func (h *hub) publish(id string, v int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for w := range h.watchers[id] {
		w.offer(v)
	}
}

// hintID asks the refresher to read id's version now, if anyone watches it.
func (h *hub) hintID(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.watchers[id]) == 0 {
		return
	}
	h.hinted[id] = true
	h.wakeRefresher()
}

// hintAll asks the refresher to read every watched event's version now
// (after a lost connection, when notifications may have been missed).
func (h *hub) hintAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id := range h.watchers {
		h.hinted[id] = true
	}
	h.wakeRefresher()
}

func (h *hub) wakeRefresher() {
	select {
	case h.hint <- struct{}{}:
	default:
	}
}

// pollBatch is how many versions one poll's query reads.
const pollBatch = 500

// refresher reads the versions of hinted events at once and of all
// watched events every poll, and publishes them.
func (h *hub) refresher() {
	defer h.wg.Done()
	var tick <-chan time.Time
	if h.poll > 0 {
		t := time.NewTicker(h.poll)
		defer t.Stop()
		tick = t.C
	}
	for {
		var ids []string
		select {
		case <-h.ctx.Done():
			return
		case <-tick:
			h.mu.Lock()
			for id := range h.watchers {
				ids = append(ids, id)
			}
			h.mu.Unlock()
		case <-h.hint:
			h.mu.Lock()
			for id := range h.hinted {
				ids = append(ids, id)
			}
			clear(h.hinted)
			h.mu.Unlock()
		}
		// Many at a time: live play watches thousands of games, each
		// polled every interval. An error (a busy or lost database) is
		// not fatal here: the next poll or hint tries again.
		for len(ids) > 0 {
			n := min(len(ids), pollBatch)
			if vs, err := h.versions(h.ctx, ids[:n]); err == nil {
				for id, v := range vs {
					h.publish(id, v)
				}
			}
			ids = ids[n:]
		}
	}
}

// watch implements Store.Watch over the hub.
func (h *hub) watch(ctx context.Context, id string) (<-chan int64, error) {
	w := &watcher{wake: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil, ErrClosed
	}
	if h.watchers[id] == nil {
		h.watchers[id] = map[*watcher]struct{}{}
	}
	h.watchers[id][w] = struct{}{}
	h.mu.Unlock()
	// Registered first, read second: a change committed between the two
	// is published to w, so none is missed.
	v, err := h.version(ctx, id)
	if err != nil {
		h.remove(id, w)
		return nil, err
	}
	w.offer(v)
	out := make(chan int64)
	if !h.goroutine(func() { h.deliver(ctx, id, w, out) }) {
		h.remove(id, w)
		return nil, ErrClosed
	}
	return out, nil
}

// deliver sends w's latest version to out whenever it grows, until ctx
// ends or the hub closes; then it closes out. A reader slower than the
// changes gets the latest version, not every one.
func (h *hub) deliver(ctx context.Context, id string, w *watcher, out chan<- int64) {
	defer close(out)
	defer h.remove(id, w)
	var sent int64
	for {
		v := w.latest.Load()
		var send chan<- int64
		if v > sent {
			send = out
		}
		select {
		case <-ctx.Done():
			return
		case <-h.ctx.Done():
			return
		case <-w.wake:
		case send <- v:
			sent = v
		}
	}
}

func (h *hub) remove(id string, w *watcher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.watchers[id], w)
	if len(h.watchers[id]) == 0 {
		delete(h.watchers, id)
	}
}

// close ends every goroutine of the hub and waits for them. The watchers'
// channels are closed.
func (h *hub) close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	h.mu.Unlock()
	h.cancel()
	h.wg.Wait()
}
