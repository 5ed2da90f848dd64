package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// guard bounds how long a test waits for something that should happen
// soon (a watched version): past it the test fails instead of hanging.
// It is a hang guard, not a speed requirement.
const guard = 20 * time.Second

// next receives from ch, failing the test if nothing comes within guard
// or ch is closed.
func next(t *testing.T, ch <-chan int64) int64 {
	t.Helper()
	select {
	case v, ok := <-ch:
		if !ok {
			t.Fatal("watch channel closed early")
		}
		return v
	case <-time.After(guard):
		t.Fatalf("no version from Watch within %v", guard)
		return 0
	}
}

// waitClosed reads ch until it is closed, failing the test if that takes
// longer than guard.
func waitClosed(t *testing.T, ch <-chan int64) {
	t.Helper()
	timeout := time.After(guard)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-timeout:
			t.Fatalf("watch channel not closed within %v after its ctx ended", guard)
		}
	}
}

// TestWatchOtherInstance watches on one Store the changes made through
// another Store on the same database. For SQLite that is the polling;
// for PostgreSQL polling is off in the watching Store, so the versions
// can only arrive by LISTEN/NOTIFY.
func TestWatchOtherInstance(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		writer := open(t, dsn, Options{})
		opt := Options{Poll: -1}
		if b.name == "sqlite" {
			opt.Poll = 20 * time.Millisecond
		}
		watcher := open(t, dsn, opt)
		if err := writer.Create(ctx, Record{ID: "w", Name: "W", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithCancel(ctx)
		ch, err := watcher.Watch(wctx, "w")
		if err != nil {
			t.Fatal(err)
		}
		if v := next(t, ch); v != 1 {
			t.Fatalf("first version from Watch: %d, want the current 1", v)
		}
		for want := int64(2); want <= 4; want++ {
			if _, err := writer.Update(ctx, "w", want-1, "W", []byte(`{}`), Change{Kind: "k"}); err != nil {
				t.Fatal(err)
			}
			if v := next(t, ch); v != want {
				t.Fatalf("Watch sent %d after the update to %d", v, want)
			}
		}
		cancel()
		waitClosed(t, ch)
	})
}

func TestMigrations(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		s := open(t, dsn, Options{})
		if err := s.Create(ctx, Record{ID: "m", Name: "M", State: []byte(`{"kept":true}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		// Opening again applies nothing new and keeps the data.
		s2 := open(t, dsn, Options{})
		if r, err := s2.Load(ctx, "m"); err != nil || string(r.State) != `{"kept":true}` {
			t.Errorf("after reopening: %+v, %v", r, err)
		}
		s2.Close()
		if n := b.exec(t, dsn, "SELECT COUNT(*) FROM schema_migrations"); n != int64(len(migrations)) {
			t.Errorf("schema_migrations has %d rows after two Opens, want %d", n, len(migrations))
		}
		if n := b.exec(t, dsn, "SELECT MAX(version) FROM schema_migrations"); n != 4 {
			t.Errorf("schema version %d, want 4", n)
		}

		// A schema newer than this program: refused.
		b.exec(t, dsn, "INSERT INTO schema_migrations (version, applied) SELECT 999, applied FROM schema_migrations WHERE version = 1 RETURNING version")
		_, err := Open(ctx, dsn)
		if err == nil || !strings.Contains(err.Error(), "schema is at version 999, newer than this program's 4") {
			t.Errorf("Open of a newer schema: %v; want a refusal naming both versions", err)
		}
	})
}

// TestConcurrentOpen opens a new database from several goroutines at once
// (separate Stores: the migrations race).
func TestConcurrentOpen(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		const n = 4
		stores := make([]Store, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				stores[i], errs[i] = Open(ctx, dsn)
			})
		}
		close(start)
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("Open %d: %v", i, errs[i])
			}
			defer stores[i].Close()
		}
		if err := stores[0].Create(ctx, Record{ID: "o", Name: "O", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		if r, err := stores[n-1].Load(ctx, "o"); err != nil || r.Version != 1 {
			t.Errorf("Load through another Store: %+v, %v", r, err)
		}
		if got := b.exec(t, dsn, "SELECT COUNT(*) FROM schema_migrations"); got != int64(len(migrations)) {
			t.Errorf("schema_migrations has %d rows, want %d", got, len(migrations))
		}
	})
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cases := []struct{ dsn, want string }{
		{"", "no database given"},
		{dir + "/missing/events.db", `directory "` + dir + `/missing" does not exist`},
		{dir, "is a directory"},
		{dir + "/a?b.db", "'?'"},
		{":memory:", "plain file path"},
		{"file:x.db", "plain file path"},
		{"postgres://u@127.0.0.1:notaport/db", "PostgreSQL connection string"},
		{"mysql://u@127.0.0.1/db", "only URLs supported are postgres://"},
	}
	for _, c := range cases {
		s, err := Open(ctx, c.dsn)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", c.dsn)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q): %v; want an error containing %q", c.dsn, err, c.want)
		}
	}
}

// TestGroupCommit: updates of many records made at once share
// transactions (fewer batches than updates), and each is committed: its
// record is at the version Update returned, on a Store opened afresh.
func TestGroupCommit(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		{
			ctx := context.Background()
			dsn := b.fresh(t)
			s := open(t, dsn, Options{Kind: Games})
			const writers, each = 64, 10
			for w := 0; w < writers; w++ {
				if err := s.Create(ctx, Record{ID: fmt.Sprintf("g%d", w), Name: "game", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
					t.Fatal(err)
				}
			}
			before := s.(interface{ batches() int64 }).batches()
			var wg sync.WaitGroup
			errs := make(chan error, writers)
			for w := 0; w < writers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					id := fmt.Sprintf("g%d", w)
					for v := int64(1); v <= each; v++ {
						nv, err := s.Update(ctx, id, v, "game", []byte(fmt.Sprintf(`{"v":%d}`, v+1)), Change{Kind: "move", Body: []byte(`{}`)})
						if err != nil || nv != v+1 {
							errs <- fmt.Errorf("%s: Update from %d: %d, %v", id, v, nv, err)
							return
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			batches := s.(interface{ batches() int64 }).batches() - before
			if batches >= writers*each {
				t.Errorf("%d updates took %d transactions: none were grouped", writers*each, batches)
			}
			t.Logf("%d updates in %d transactions", writers*each, batches)
			s.Close()
			s2 := open(t, dsn, Options{Kind: Games})
			for w := 0; w < writers; w++ {
				r, err := s2.Load(ctx, fmt.Sprintf("g%d", w))
				if err != nil || r.Version != each+1 || string(r.State) != fmt.Sprintf(`{"v":%d}`, each+1) {
					t.Errorf("g%d after reopening: version %d state %s, %v; want %d", w, r.Version, r.State, err, each+1)
				}
			}
		}
	})
}

// TestWatchPollsMany: a Store watching more records than one poll's query
// reads (pollBatch) sees the changes another Store made to each of them,
// through its polls or, on PostgreSQL, its notifications too.
func TestWatchPollsMany(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		dsn := b.fresh(t)
		watcher := open(t, dsn, Options{Kind: Games, Poll: 50 * time.Millisecond})
		writer := open(t, dsn, Options{Kind: Games, Poll: -1})
		const n = pollBatch + 100
		chans := make([]<-chan int64, n)
		for i := range n {
			id := fmt.Sprintf("p%d", i)
			if err := writer.Create(ctx, Record{ID: id, Name: "game", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
				t.Fatal(err)
			}
			ch, err := watcher.Watch(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if v := <-ch; v != 1 {
				t.Fatalf("%s: first version %d", id, v)
			}
			chans[i] = ch
		}
		for i := range n {
			if _, err := writer.Update(ctx, fmt.Sprintf("p%d", i), 1, "game", []byte(`{}`), Change{Kind: "move"}); err != nil {
				t.Fatal(err)
			}
		}
		for i, ch := range chans {
			select {
			case v := <-ch:
				if v != 2 {
					t.Errorf("p%d: version %d, want 2", i, v)
				}
			case <-ctx.Done():
				t.Fatalf("p%d: no new version seen", i)
			}
		}
	})
}
