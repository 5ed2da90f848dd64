package store_test

import (
	"context"
	"testing"

	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/store/storetest"
)

// TestConformance runs the conformance suite of store.Store on both
// backends, each subtest on a fresh database; "other" Stores are opened
// on the same database, as other processes or instances would.
func TestConformance(t *testing.T) {
	for _, b := range []struct {
		name  string
		fresh func(testing.TB) string
	}{{"sqlite", store.FreshSQLite}, {"postgres", store.FreshPostgres}} {
		t.Run(b.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T) func() store.Store {
				dsn := b.fresh(t)
				return func() store.Store {
					s, err := store.Open(context.Background(), dsn)
					if err != nil {
						t.Fatal(err)
					}
					return s
				}
			})
		})
	}
}
