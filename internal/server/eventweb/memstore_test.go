package eventweb

import "github.com/chess960/chess960/internal/store/storetest"

// newMem is an in-memory store for the tests that need no database.
func newMem() *storetest.Memory { return storetest.NewMemory() }
