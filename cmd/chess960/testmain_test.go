package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain gives the commands that keep events (serve, event) a database
// of the tests' own, so that no test writes chess960.db into the source
// tree; a test that needs its own sets --db or CHESS960_DB itself.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "chess960-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("CHESS960_DB", filepath.Join(dir, "events.db"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
