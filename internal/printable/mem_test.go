package printable

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/chess960/chess960/internal/store"
)

// memStore is an in-memory store.Store for the tests, as internal/event's
// tests have it.
type memStore struct {
	mu   sync.Mutex
	recs map[string]store.Record
	chs  map[string][]store.Change
}

func newMem() *memStore {
	return &memStore{recs: map[string]store.Record{}, chs: map[string][]store.Change{}}
}

func (m *memStore) Create(ctx context.Context, r store.Record, first store.Change) error {
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

func (m *memStore) Load(ctx context.Context, id string) (store.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[id]
	if !ok {
		return r, fmt.Errorf("event %q: %w", id, store.ErrNotFound)
	}
	r.State = slices.Clone(r.State)
	return r, nil
}

func (m *memStore) Update(ctx context.Context, id string, expect int64, name string, state []byte, c store.Change) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[id]
	if !ok {
		return 0, store.ErrNotFound
	}
	if r.Version != expect {
		return 0, store.ErrConflict
	}
	r.Version++
	r.Name, r.State = name, slices.Clone(state)
	c.Version = r.Version
	m.recs[id] = r
	m.chs[id] = append(m.chs[id], c)
	return r.Version, nil
}

func (m *memStore) Changes(ctx context.Context, id string, since int64, limit int) ([]store.Change, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []store.Change
	for _, c := range m.chs[id] {
		if c.Version > since {
			out = append(out, c)
		}
	}
	return out, nil
}

func (m *memStore) List(ctx context.Context) ([]store.Summary, error) { return nil, nil }

func (m *memStore) Watch(ctx context.Context, id string) (<-chan int64, error) {
	return nil, fmt.Errorf("memStore: no Watch")
}

func (m *memStore) Close() error { return nil }
