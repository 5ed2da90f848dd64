package store

import (
	"context"
	"sync"
	"testing"
)

// TestSQLiteSettings checks the settings each SQLite connection runs
// with, on several connections of the pool at once.
func TestSQLiteSettings(t *testing.T) {
	ctx := context.Background()
	s := open(t, sqliteBackend.fresh(t), Options{}).(*sqliteStore)
	want := map[string]string{
		"journal_mode": "wal",
		"synchronous":  "2", // FULL
		"foreign_keys": "1",
		"busy_timeout": "10000",
	}
	// Hold three connections at once, so that the pool must open three.
	var conns sync.WaitGroup
	for range 3 {
		c, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns.Go(func() {
			for name, w := range want {
				var got string
				if err := c.QueryRowContext(ctx, "PRAGMA "+name).Scan(&got); err != nil {
					t.Error(err)
					continue
				}
				if got != w {
					t.Errorf("PRAGMA %s = %s, want %s", name, got, w)
				}
			}
		})
	}
	conns.Wait()

	// Foreign keys are enforced: no change without its event.
	_, err := s.db.ExecContext(ctx, `INSERT INTO changes (event_id, version, at, kind, "by", body) VALUES ('ghost', 1, 0, '', '', x'')`)
	if err == nil {
		t.Error("a change of no event was stored")
	}
}
