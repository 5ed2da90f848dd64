package storetest

import (
	"testing"

	"github.com/chess960/chess960/internal/store"
)

// TestMemory holds Memory to the contract of store.Store: the suite the
// real stores pass.
func TestMemory(t *testing.T) {
	Run(t, func(t *testing.T) func() store.Store {
		m := NewMemory()
		return func() store.Store { return m }
	})
}
