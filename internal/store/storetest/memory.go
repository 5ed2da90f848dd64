// Package storetest has an in-memory store.Store for the tests of the
// packages above the store (the model, the printed paper, the server),
// where a real database would only slow them down; the real stores are
// tested in internal/store, and the model and the server run their main
// tests on them too.
package storetest

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/chess960/chess960/internal/store"
)

// Memory is an in-memory store.Store, with a Watch that fans each new
// version out to every watcher of the event. It keeps nothing past the
// process, and is for tests only.
type Memory struct {
	mu       sync.Mutex
	recs     map[string]store.Record
	chs      map[string][]store.Change
	watchers map[string]map[chan int64]bool
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{recs: map[string]store.Record{}, chs: map[string][]store.Change{}, watchers: map[string]map[chan int64]bool{}}
}

// Create stores a new event (store.Store).
func (m *Memory) Create(ctx context.Context, r store.Record, first store.Change) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.recs[r.ID]; ok {
		return store.ErrExists
	}
	r.Version = 1
	first.Version = 1
	m.recs[r.ID] = r
	m.chs[r.ID] = []store.Change{first}
	return nil
}

// Load returns an event (store.Store).
func (m *Memory) Load(ctx context.Context, id string) (store.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[id]
	if !ok {
		return r, fmt.Errorf("event %q: %w", id, store.ErrNotFound)
	}
	r.State = slices.Clone(r.State)
	return r, nil
}

// Update applies a change at the expected version (store.Store).
func (m *Memory) Update(ctx context.Context, id string, expect int64, name string, state []byte, c store.Change) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[id]
	if !ok {
		return 0, fmt.Errorf("event %q: %w", id, store.ErrNotFound)
	}
	if r.Version != expect {
		return 0, store.ErrConflict
	}
	r.Version++
	r.Name, r.State = name, slices.Clone(state)
	c.Version = r.Version
	m.recs[id] = r
	m.chs[id] = append(m.chs[id], c)
	for ch := range m.watchers[id] {
		send(ch, r.Version)
	}
	return r.Version, nil
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
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.recs[id]; !ok {
		return nil, fmt.Errorf("event %q: %w", id, store.ErrNotFound)
	}
	var out []store.Change
	for _, c := range m.chs[id] {
		if c.Version > since && (limit <= 0 || len(out) < limit) {
			out = append(out, c)
		}
	}
	return out, nil
}

// List lists the events (store.Store).
func (m *Memory) List(ctx context.Context) ([]store.Summary, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []store.Summary
	for _, r := range m.recs {
		out = append(out, store.Summary{ID: r.ID, Name: r.Name, Version: r.Version, Created: r.Created, Updated: r.Updated})
	}
	return out, nil
}

// Watch follows an event's version (store.Store).
func (m *Memory) Watch(ctx context.Context, id string) (<-chan int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[id]
	if !ok {
		return nil, fmt.Errorf("event %q: %w", id, store.ErrNotFound)
	}
	ch := make(chan int64, 1)
	ch <- r.Version
	if m.watchers[id] == nil {
		m.watchers[id] = map[chan int64]bool{}
	}
	m.watchers[id][ch] = true
	out := make(chan int64)
	go func() {
		defer close(out)
		defer func() {
			m.mu.Lock()
			delete(m.watchers[id], ch)
			m.mu.Unlock()
		}()
		for {
			select {
			case <-ctx.Done():
				return
			case v := <-ch:
				select {
				case out <- v:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

// Close does nothing (store.Store).
func (m *Memory) Close() error { return nil }
