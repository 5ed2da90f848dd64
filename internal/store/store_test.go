package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// guard bounds how long a test waits for something that should happen
// soon (a watched version): past it the test fails instead of hanging.
// It is a hang guard, not a speed requirement.
const guard = 20 * time.Second

func TestCRUD(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s := open(t, b.fresh(t), Options{})
		created := time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.FixedZone("CET", 3600))
		wantCreated := time.Date(2026, 3, 4, 4, 6, 7, 123456000, time.UTC) // UTC, to the microsecond
		err := s.Create(ctx, Record{ID: "open-a", Name: "Open A", State: []byte(`{"n":1}`), Created: created},
			Change{Kind: "create", By: "admin", Body: []byte(`{"create":"A"}`)})
		if err != nil {
			t.Fatal(err)
		}
		r, err := s.Load(ctx, "open-a")
		if err != nil {
			t.Fatal(err)
		}
		if r.ID != "open-a" || r.Name != "Open A" || r.Version != 1 || string(r.State) != `{"n":1}` {
			t.Errorf("Load after Create = %+v", r)
		}
		if !r.Created.Equal(wantCreated) || r.Created.Location() != time.UTC || !r.Updated.Equal(wantCreated) {
			t.Errorf("Load: Created %v, Updated %v; want both %v (UTC)", r.Created, r.Updated, wantCreated)
		}

		// A second event, updated later than the first was created.
		t2 := wantCreated.Add(time.Hour)
		if err := s.Create(ctx, Record{ID: "open-b", Name: "Open B", State: []byte(`{}`), Created: t2},
			Change{Kind: "create", By: "admin", Body: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}

		// Two updates of the first event.
		t3 := wantCreated.Add(2 * time.Hour)
		v, err := s.Update(ctx, "open-a", 1, "Open A 2026", []byte(`{"n":2}`),
			Change{At: t3, Kind: "rename", By: "admin", Body: []byte(`{"name":"Open A 2026"}`)})
		if err != nil || v != 2 {
			t.Fatalf("Update 1 -> %d, %v; want 2", v, err)
		}
		t4 := wantCreated.Add(3 * time.Hour)
		v, err = s.Update(ctx, "open-a", 2, "Open A 2026", []byte(`{"n":3}`),
			Change{At: t4, Kind: "result", By: "arbiter Kim", Body: []byte(`{"board":1,"result":"1-0"}`)})
		if err != nil || v != 3 {
			t.Fatalf("Update 2 -> %d, %v; want 3", v, err)
		}
		r, err = s.Load(ctx, "open-a")
		if err != nil {
			t.Fatal(err)
		}
		if r.Version != 3 || r.Name != "Open A 2026" || string(r.State) != `{"n":3}` ||
			!r.Updated.Equal(t4) || !r.Created.Equal(wantCreated) {
			t.Errorf("Load after 2 updates = %+v", r)
		}

		all, err := s.Changes(ctx, "open-a", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := []Change{
			{Version: 1, At: wantCreated, Kind: "create", By: "admin", Body: []byte(`{"create":"A"}`)},
			{Version: 2, At: t3, Kind: "rename", By: "admin", Body: []byte(`{"name":"Open A 2026"}`)},
			{Version: 3, At: t4, Kind: "result", By: "arbiter Kim", Body: []byte(`{"board":1,"result":"1-0"}`)},
		}
		if !sameChanges(all, want) {
			t.Errorf("Changes(0, 0) =\n%v\nwant\n%v", all, want)
		}
		if got, err := s.Changes(ctx, "open-a", 1, 0); err != nil || !sameChanges(got, want[1:]) {
			t.Errorf("Changes(1, 0) = %v, %v; want versions 2, 3", got, err)
		}
		if got, err := s.Changes(ctx, "open-a", 0, 2); err != nil || !sameChanges(got, want[:2]) {
			t.Errorf("Changes(0, 2) = %v, %v; want versions 1, 2", got, err)
		}
		if got, err := s.Changes(ctx, "open-a", 3, 0); err != nil || len(got) != 0 {
			t.Errorf("Changes(3, 0) = %v, %v; want none", got, err)
		}

		list, err := s.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantList := []Summary{
			{ID: "open-a", Name: "Open A 2026", Version: 3, Created: wantCreated, Updated: t4},
			{ID: "open-b", Name: "Open B", Version: 1, Created: t2, Updated: t2},
		}
		if len(list) != len(wantList) {
			t.Fatalf("List = %v, want %v", list, wantList)
		}
		for i := range list {
			g, w := list[i], wantList[i]
			if g.ID != w.ID || g.Name != w.Name || g.Version != w.Version || !g.Created.Equal(w.Created) || !g.Updated.Equal(w.Updated) {
				t.Errorf("List[%d] = %+v, want %+v", i, g, w)
			}
		}
	})
}

func sameChanges(a, b []Change) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Version != y.Version || !x.At.Equal(y.At) || x.Kind != y.Kind || x.By != y.By || !bytes.Equal(x.Body, y.Body) {
			return false
		}
	}
	return true
}

func TestErrors(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s := open(t, b.fresh(t), Options{})
		if err := s.Create(ctx, Record{ID: "e1", Name: "E", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}

		err := s.Create(ctx, Record{ID: "e1", Name: "Other", State: []byte(`{"x":1}`)}, Change{Kind: "create"})
		if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), `"e1"`) {
			t.Errorf("Create of a taken ID: %v; want ErrExists naming e1", err)
		}
		if r, _ := s.Load(ctx, "e1"); r.Name != "E" || string(r.State) != `{}` {
			t.Errorf("a refused Create changed the event: %+v", r)
		}

		if _, err := s.Load(ctx, "nope"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
			t.Errorf("Load(nope): %v; want ErrNotFound naming nope", err)
		}
		if _, err := s.Update(ctx, "nope", 1, "N", []byte(`{}`), Change{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Update(nope): %v; want ErrNotFound", err)
		}
		if _, err := s.Changes(ctx, "nope", 0, 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("Changes(nope): %v; want ErrNotFound", err)
		}
		if _, err := s.Watch(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Watch(nope): %v; want ErrNotFound", err)
		}

		if _, err := s.Update(ctx, "e1", 1, "E", []byte(`{"v":2}`), Change{Kind: "k"}); err != nil {
			t.Fatal(err)
		}
		_, err = s.Update(ctx, "e1", 1, "E", []byte(`{"stale":true}`), Change{Kind: "k"})
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), `event "e1": at version 2, not 1`) {
			t.Errorf("Update at a stale version: %v; want ErrConflict saying at version 2, not 1", err)
		}
		_, err = s.Update(ctx, "e1", 5, "E", []byte(`{"future":true}`), Change{Kind: "k"})
		if !errors.Is(err, ErrConflict) {
			t.Errorf("Update at a future version: %v; want ErrConflict", err)
		}
		if r, _ := s.Load(ctx, "e1"); r.Version != 2 || string(r.State) != `{"v":2}` {
			t.Errorf("refused updates changed the event: %+v", r)
		}
		if cs, _ := s.Changes(ctx, "e1", 0, 0); len(cs) != 2 {
			t.Errorf("refused updates left %d changes, want 2", len(cs))
		}

		// Bad input: a clear error naming the input, never a panic.
		bad := []struct {
			what string
			err  error
			want string
		}{
			{"empty ID", s.Create(ctx, Record{}, Change{}), "empty event ID"},
			{"ID with a space", s.Create(ctx, Record{ID: "a b"}, Change{}), `"a b"`},
			{"ID with a newline", func() error { _, err := s.Load(ctx, "a\nb"); return err }(), `"a\nb"`},
			{"ID with a C1 control", s.Create(ctx, Record{ID: "a\u0085b"}, Change{}), `"a\u0085b"`},
			{"ID of bad UTF-8", s.Create(ctx, Record{ID: "a\xffb"}, Change{}), `"a\xffb"`},
			{"long ID", s.Create(ctx, Record{ID: strings.Repeat("x", 300)}, Change{}), "300 bytes"},
			{"NUL in name", s.Create(ctx, Record{ID: "n", Name: "a\x00b"}, Change{}), "NUL"},
			{"bad UTF-8 kind", s.Create(ctx, Record{ID: "n"}, Change{Kind: "\xff"}), "UTF-8"},
			{"version 0", func() error { _, err := s.Update(ctx, "e1", 0, "E", nil, Change{}); return err }(), "versions start at 1"},
		}
		for _, c := range bad {
			if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
				t.Errorf("%s: error %v; want one containing %q", c.what, c.err, c.want)
			}
		}
		if _, err := s.Load(ctx, "n"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a refused Create stored event n: %v", err)
		}
	})
}

// TestRaceUpdate has many goroutines, on two Stores over one database,
// update one event at the same expected versions.
func TestRaceUpdate(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		stores := []Store{open(t, dsn, Options{}), open(t, dsn, Options{})}
		if err := stores[0].Create(ctx, Record{ID: "race", Name: "R", State: []byte(`{}`)}, Change{Kind: "create", Body: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
		const goroutines, rounds = 8, 20

		// Part 1: in each round every goroutine tries the same expected
		// version; exactly one may win it.
		wins := make([]int, rounds) // winners per round
		var mu sync.Mutex
		for round := range rounds {
			expect := int64(round + 1)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for g := range goroutines {
				wg.Go(func() {
					<-start
					body := fmt.Appendf(nil, `{"round":%d,"g":%d}`, round, g)
					v, err := stores[g%2].Update(ctx, "race", expect, "R", body, Change{Kind: "race", Body: body})
					switch {
					case err == nil && v == expect+1:
						mu.Lock()
						wins[round]++
						mu.Unlock()
					case errors.Is(err, ErrConflict):
					default:
						t.Errorf("round %d, goroutine %d: Update = %d, %v", round, g, v, err)
					}
				})
			}
			close(start)
			wg.Wait()
			if wins[round] != 1 {
				t.Fatalf("round %d: %d winners, want exactly 1", round, wins[round])
			}
		}

		// Part 2: every goroutine makes perK changes, retrying on
		// conflict; none may be lost.
		const perK = 10
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				s := stores[g%2]
				for k := 0; k < perK; {
					r, err := s.Load(ctx, "race")
					if err != nil {
						t.Error(err)
						return
					}
					body := fmt.Appendf(nil, `{"g":%d,"k":%d}`, g, k)
					_, err = s.Update(ctx, "race", r.Version, "R", body, Change{Kind: "free", Body: body})
					if errors.Is(err, ErrConflict) {
						continue
					}
					if err != nil {
						t.Error(err)
						return
					}
					k++
				}
			})
		}
		wg.Wait()

		want := int64(1 + rounds + goroutines*perK)
		r, err := stores[1].Load(ctx, "race")
		if err != nil {
			t.Fatal(err)
		}
		if r.Version != want {
			t.Errorf("final version %d, want %d", r.Version, want)
		}
		cs, err := stores[0].Changes(ctx, "race", 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(cs)) != want {
			t.Fatalf("%d changes, want %d", len(cs), want)
		}
		seen := map[string]int{}
		for i, c := range cs {
			if c.Version != int64(i+1) {
				t.Fatalf("change %d has version %d", i, c.Version)
			}
			seen[string(c.Body)]++
		}
		for round := range rounds {
			n := 0
			for g := range goroutines {
				n += seen[fmt.Sprintf(`{"round":%d,"g":%d}`, round, g)]
			}
			if n != 1 {
				t.Errorf("round %d: %d changes in the history, want 1", round, n)
			}
		}
		for g := range goroutines {
			for k := range perK {
				if n := seen[fmt.Sprintf(`{"g":%d,"k":%d}`, g, k)]; n != 1 {
					t.Errorf("goroutine %d's change %d is in the history %d times, want once", g, k, n)
				}
			}
		}
		if last := cs[len(cs)-1]; !bytes.Equal(r.State, last.Body) {
			t.Errorf("state %s is not the last change's body %s", r.State, last.Body)
		}
	})
}

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

// TestWatchCoalesce: a reader that does not keep up gets the latest
// version, not a backlog; the channel closes when ctx ends.
func TestWatchCoalesce(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s := open(t, b.fresh(t), Options{Poll: -1})
		if err := s.Create(ctx, Record{ID: "c", Name: "C", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ch, err := s.Watch(wctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		if v := next(t, ch); v != 1 {
			t.Fatalf("first version %d, want 1", v)
		}
		for v := int64(1); v <= 9; v++ {
			if _, err := s.Update(ctx, "c", v, "C", []byte(`{}`), Change{Kind: "k"}); err != nil {
				t.Fatal(err)
			}
		}
		// The deliverer holds at most one older version it had loaded
		// before the last update; then it must send 10.
		var got []int64
		for len(got) == 0 || got[len(got)-1] != 10 {
			got = append(got, next(t, ch))
			if len(got) > 2 {
				t.Fatalf("a slow reader got %v: a backlog, not the latest", got)
			}
		}
		if len(got) == 2 && !(got[0] < got[1]) {
			t.Errorf("versions not increasing: %v", got)
		}
		cancel()
		select {
		case v, ok := <-ch:
			if ok {
				t.Errorf("Watch sent %d after ctx ended with nothing new", v)
			}
		case <-time.After(guard):
			t.Fatal("channel not closed after ctx ended")
		}
	})
}

// TestWatchClose: Close ends every watcher and closes its channel before
// it returns; Watch after Close fails.
func TestWatchClose(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		s, err := Open(ctx, b.fresh(t))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, Record{ID: "x", Name: "X", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		var chans []<-chan int64
		for range 5 {
			ch, err := s.Watch(ctx, "x")
			if err != nil {
				t.Fatal(err)
			}
			chans = append(chans, ch)
		}
		if v := next(t, chans[0]); v != 1 {
			t.Fatalf("first version %d, want 1", v)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		for i, ch := range chans {
			select {
			case _, ok := <-ch:
				if ok { // unbuffered: nothing can be pending once its goroutine ended
					t.Errorf("watcher %d: a value after Close", i)
				}
			default:
				t.Errorf("watcher %d: channel still open after Close returned", i)
			}
		}
		if _, err := s.Watch(ctx, "x"); !errors.Is(err, ErrClosed) {
			t.Errorf("Watch after Close: %v; want ErrClosed", err)
		}
		if err := s.Close(); err != nil {
			t.Errorf("second Close: %v", err)
		}
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
		if n := b.exec(t, dsn, "SELECT MAX(version) FROM schema_migrations"); n != 1 {
			t.Errorf("schema version %d, want 1", n)
		}

		// A schema newer than this program: refused.
		b.exec(t, dsn, "INSERT INTO schema_migrations (version, applied) SELECT 999, applied FROM schema_migrations WHERE version = 1 RETURNING version")
		_, err := Open(ctx, dsn)
		if err == nil || !strings.Contains(err.Error(), "schema is at version 999, newer than this program's 1") {
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

// settle waits until at most want goroutines run, failing after guard.
func settle(t *testing.T, want int, what string) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for runtime.NumGoroutine() > want {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%s: %d goroutines, want at most %d:\n%s", what, runtime.NumGoroutine(), want, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestNoLeak: the goroutines of watchers end with their ctx, and all of a
// Store's with Close.
func TestNoLeak(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		base := runtime.NumGoroutine()
		s, err := OpenWith(ctx, dsn, Options{Poll: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Create(ctx, Record{ID: "l", Name: "L", State: []byte(`{}`)}, Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
		watch := func(n int) {
			var cancels []context.CancelFunc
			var chans []<-chan int64
			for range n {
				wctx, cancel := context.WithCancel(ctx)
				ch, err := s.Watch(wctx, "l")
				if err != nil {
					t.Fatal(err)
				}
				cancels = append(cancels, cancel)
				chans = append(chans, ch)
			}
			for i := range n {
				cancels[i]()
				waitClosed(t, chans[i])
			}
		}
		watch(1) // the PostgreSQL listener starts with the first Watch and stays
		time.Sleep(50 * time.Millisecond)
		withStore := runtime.NumGoroutine()
		watch(10)
		settle(t, withStore, "after the watchers' ctx ended")
		if _, err := s.Watch(ctx, "l"); err != nil { // one left open at Close
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		settle(t, base, "after Close")
	})
}
