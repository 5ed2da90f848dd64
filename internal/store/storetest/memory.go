// Package storetest holds the conformance suite of store.Store (Run),
// which every implementation passes, and an in-memory store.Store
// (Memory) for the tests of the packages above the store (the model, the
// printed paper, the server), where a real database would only slow them
// down. Memory passes Run too, so what those tests see is what a real
// store does; the real stores are tested in internal/store, and the model
// and the server run their main tests on them as well.
package storetest

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/internal/store"
)

// Memory is an in-memory store.Store, with a Watch that fans each new
// version out to every watcher of the event. It checks its arguments as
// the real stores do, keeps times as they do (UTC, to the microsecond,
// zero meaning now) and lists as they do. It keeps nothing past the
// process, and is for tests only.
type Memory struct {
	mu       sync.Mutex
	closed   bool
	recs     map[string]store.Record
	chs      map[string][]store.Change
	watchers map[string]map[chan int64]bool
	beats    map[string]time.Time
	present  map[string][]string // what each instance said was present at its latest beat

	ctx    context.Context // canceled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // the watchers' goroutines
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	ctx, cancel := context.WithCancel(context.Background())
	return &Memory{recs: map[string]store.Record{}, chs: map[string][]store.Change{}, watchers: map[string]map[chan int64]bool{},
		ctx: ctx, cancel: cancel}
}

func wrap(id string, err error) error { return fmt.Errorf("store: event %q: %w", id, err) }

// Create stores a new event (store.Store).
func (m *Memory) Create(ctx context.Context, r store.Record, first store.Change) error {
	if err := store.CheckCreate(r, first); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.ErrClosed
	}
	if _, ok := m.recs[r.ID]; ok {
		return wrap(r.ID, store.ErrExists)
	}
	r.Created = store.Stamp(r.Created)
	if r.Updated.IsZero() {
		r.Updated = r.Created
	} else {
		r.Updated = store.Stamp(r.Updated)
	}
	if first.At.IsZero() {
		first.At = r.Updated
	} else {
		first.At = store.Stamp(first.At)
	}
	r.Version = 1
	r.State = slices.Clone(r.State)
	first.Version = 1
	first.Body = slices.Clone(first.Body)
	m.recs[r.ID] = r
	m.chs[r.ID] = []store.Change{first}
	m.publish(r.ID, 1)
	return nil
}

// Load returns an event (store.Store).
func (m *Memory) Load(ctx context.Context, id string) (store.Record, error) {
	if err := store.CheckID(id); err != nil {
		return store.Record{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.Record{}, store.ErrClosed
	}
	r, ok := m.recs[id]
	if !ok {
		return store.Record{}, wrap(id, store.ErrNotFound)
	}
	r.State = slices.Clone(r.State)
	return r, nil
}

// Version returns an event's version (store.Store).
func (m *Memory) Version(ctx context.Context, id string) (int64, error) {
	if err := store.CheckID(id); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, store.ErrClosed
	}
	r, ok := m.recs[id]
	if !ok {
		return 0, wrap(id, store.ErrNotFound)
	}
	return r.Version, nil
}

// Update applies a change at the expected version (store.Store).
func (m *Memory) Update(ctx context.Context, id string, expect int64, name string, state []byte, c store.Change) (int64, error) {
	if err := store.CheckUpdate(id, expect, name, c); err != nil {
		return 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return 0, store.ErrClosed
	}
	r, ok := m.recs[id]
	if !ok {
		return 0, wrap(id, store.ErrNotFound)
	}
	if r.Version != expect {
		return 0, fmt.Errorf("store: event %q: at version %d, not %d: %w", id, r.Version, expect, store.ErrConflict)
	}
	c.At = store.Stamp(c.At)
	r.Version++
	r.Name, r.State, r.Updated = name, slices.Clone(state), c.At
	c.Version = r.Version
	c.Body = slices.Clone(c.Body)
	m.recs[id] = r
	m.chs[id] = append(m.chs[id], c)
	m.publish(id, r.Version)
	return r.Version, nil
}

// publish offers v to the event's watchers; m.mu is held.
func (m *Memory) publish(id string, v int64) {
	for ch := range m.watchers[id] {
		send(ch, v)
	}
}

// send puts v in the one-slot channel, replacing a version not yet read:
// a slow reader misses intermediate versions but gets the latest.
func send(ch chan int64, v int64) {
	for {
		select {
		case ch <- v:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}

// Changes returns the changes after a version (store.Store).
func (m *Memory) Changes(ctx context.Context, id string, since int64, limit int) ([]store.Change, error) {
	if err := store.CheckID(id); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, store.ErrClosed
	}
	if _, ok := m.recs[id]; !ok {
		return nil, wrap(id, store.ErrNotFound)
	}
	var out []store.Change
	for _, c := range m.chs[id] {
		if c.Version > since && (limit <= 0 || len(out) < limit) {
			c.Body = slices.Clone(c.Body)
			out = append(out, c)
		}
	}
	return out, nil
}

// List lists the events, the most recently updated first (store.Store).
func (m *Memory) List(ctx context.Context) ([]store.Summary, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, store.ErrClosed
	}
	var out []store.Summary
	for _, r := range m.recs {
		out = append(out, store.Summary{ID: r.ID, Name: r.Name, Version: r.Version, Created: r.Created, Updated: r.Updated})
	}
	slices.SortFunc(out, func(a, b store.Summary) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out, nil
}

// Watch follows an event's version (store.Store).
func (m *Memory) Watch(ctx context.Context, id string) (<-chan int64, error) {
	if err := store.CheckID(id); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return nil, store.ErrClosed
	}
	r, ok := m.recs[id]
	if !ok {
		return nil, wrap(id, store.ErrNotFound)
	}
	ch := make(chan int64, 1)
	ch <- r.Version
	if m.watchers[id] == nil {
		m.watchers[id] = map[chan int64]bool{}
	}
	m.watchers[id][ch] = true
	out := make(chan int64)
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		defer close(out)
		defer func() {
			m.mu.Lock()
			delete(m.watchers[id], ch)
			if len(m.watchers[id]) == 0 {
				delete(m.watchers, id)
			}
			m.mu.Unlock()
		}()
		for {
			select {
			case <-ctx.Done():
				return
			case <-m.ctx.Done():
				return
			case v := <-ch:
				select {
				case out <- v:
				case <-ctx.Done():
					return
				case <-m.ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

// Beat implements store.Store.
func (m *Memory) Beat(ctx context.Context, instance string, at time.Time, present []string) error {
	if instance == "" || len(instance) > 64 || strings.ContainsFunc(instance, func(r rune) bool { return r <= ' ' || r > '~' }) {
		return fmt.Errorf("store: instance name %.70q: want 1 to 64 printable ASCII bytes", instance)
	}
	n := 0
	for _, p := range present {
		if n += len(p) + 1; p == "" || len(p) > 300 || n > store.MaxPresent || strings.ContainsFunc(p, func(r rune) bool { return r <= ' ' || r > '~' }) {
			return fmt.Errorf("store: present entry %.70q: want 1 to 300 printable ASCII bytes, %d in all", p, store.MaxPresent)
		}
	}
	if at.IsZero() {
		at = time.Now()
	}
	at = at.UTC().Truncate(time.Microsecond)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return store.ErrClosed
	}
	if m.beats == nil {
		m.beats = map[string]time.Time{}
	}
	if m.present == nil {
		m.present = map[string][]string{}
	}
	if !at.Before(m.beats[instance]) {
		m.beats[instance] = at
		m.present[instance] = slices.Clone(present)
	}
	for k, t := range m.beats {
		if t.Before(at.Add(-24 * time.Hour)) {
			delete(m.beats, k)
			delete(m.present, k)
		}
	}
	return nil
}

// Present implements store.Store.
func (m *Memory) Present(ctx context.Context, since time.Time) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	seen, out := map[string]bool{}, []string{}
	for k, t := range m.beats {
		if t.Before(since) {
			continue
		}
		for _, p := range m.present[k] {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// LastBeat implements store.Store.
func (m *Memory) LastBeat(ctx context.Context) (time.Time, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var last time.Time
	for _, t := range m.beats {
		if t.After(last) {
			last = t
		}
	}
	return last, !last.IsZero(), nil
}

// Close ends the watchers, closing their channels before it returns;
// then every method answers store.ErrClosed (store.Store).
func (m *Memory) Close() error {
	m.mu.Lock()
	m.closed = true
	m.mu.Unlock()
	m.cancel()
	m.wg.Wait()
	return nil
}
