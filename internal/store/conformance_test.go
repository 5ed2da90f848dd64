package store_test

import (
	"context"
	"testing"

	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/store/storetest"
)

// TestConformance runs the conformance suite of store.Store on both
// backends, for events and for games, each subtest on a fresh database;
// "other" Stores are opened on the same database, as other processes or
// instances would. For games, a Store of the events is open on the same
// database too, and the suite's writes must not reach it.
func TestConformance(t *testing.T) {
	for _, b := range []struct {
		name  string
		fresh func(testing.TB) string
	}{{"sqlite", store.FreshSQLite}, {"postgres", store.FreshPostgres}} {
		for _, k := range []struct {
			name string
			kind store.Kind
		}{{"events", store.Events}, {"games", store.Games}} {
			t.Run(b.name+"/"+k.name, func(t *testing.T) {
				storetest.Run(t, func(t *testing.T) func() store.Store {
					dsn := b.fresh(t)
					if k.kind == store.Games {
						ev, err := store.Open(context.Background(), dsn)
						if err != nil {
							t.Fatal(err)
						}
						t.Cleanup(func() {
							if l, err := ev.List(context.Background()); err != nil || len(l) != 0 {
								t.Errorf("the events after the games' suite: %v, %v; want none", l, err)
							}
							ev.Close()
						})
					}
					return func() store.Store {
						s, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: k.kind})
						if err != nil {
							t.Fatal(err)
						}
						return s
					}
				})
			})
		}
	}
}
