package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/store"
)

// guard bounds how long the suite waits for something that should happen
// soon (a watched version): past it the test fails instead of hanging. It
// is a hang guard, not a speed requirement.
const guard = 20 * time.Second

// Run is the conformance suite of store.Store, as fstest.TestFS is of
// fs.FS: every implementation (SQLite, PostgreSQL, and the Memory the
// tests above the store run on) must pass it. fresh makes an empty
// database for one subtest and returns a function that opens a Store on
// it; each call is another Store on the same database, as another process
// or instance would open (an in-memory store may return the same one).
// The suite closes the Stores it opens.
func Run(t *testing.T, fresh func(t *testing.T) func() store.Store) {
	open := func(t *testing.T) func() store.Store {
		o := fresh(t)
		return func() store.Store {
			s := o()
			t.Cleanup(func() { s.Close() })
			return s
		}
	}
	t.Run("CRUD", func(t *testing.T) { testCRUD(t, open(t)()) })
	t.Run("Times", func(t *testing.T) { testTimes(t, open(t)()) })
	t.Run("Version", func(t *testing.T) { testVersion(t, open(t)()) })
	t.Run("Errors", func(t *testing.T) { testErrors(t, open(t)()) })
	t.Run("Beat", func(t *testing.T) { o := open(t); testBeat(t, o(), o()) })
	t.Run("Present", func(t *testing.T) { o := open(t); testPresent(t, o(), o()) })
	t.Run("ManyWriters", func(t *testing.T) { o := open(t); testManyWriters(t, o(), o()) })
	t.Run("RaceUpdate", func(t *testing.T) { o := open(t); testRaceUpdate(t, o(), o()) })
	t.Run("WatchCoalesce", func(t *testing.T) { testWatchCoalesce(t, open(t)()) })
	t.Run("WatchClose", func(t *testing.T) { testWatchClose(t, open(t)()) })
	t.Run("NoLeak", func(t *testing.T) { testNoLeak(t, fresh(t)) })
}

func testCRUD(t *testing.T, s store.Store) {
	ctx := context.Background()
	created := time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.FixedZone("CET", 3600))
	wantCreated := time.Date(2026, 3, 4, 4, 6, 7, 123456000, time.UTC) // UTC, to the microsecond
	err := s.Create(ctx, store.Record{ID: "open-a", Name: "Open A", State: []byte(`{"n":1}`), Created: created},
		store.Change{Kind: "create", By: "admin", Body: []byte(`{"create":"A"}`)})
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
	if err := s.Create(ctx, store.Record{ID: "open-b", Name: "Open B", State: []byte(`{}`), Created: t2},
		store.Change{Kind: "create", By: "admin", Body: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	// A third, made between them and never updated.
	t25 := wantCreated.Add(90 * time.Minute)
	if err := s.Create(ctx, store.Record{ID: "open-c", Name: "Open C", State: []byte(`{}`), Created: t25},
		store.Change{Kind: "create", By: "admin", Body: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}

	// Two updates of the first event.
	t3 := wantCreated.Add(2 * time.Hour)
	v, err := s.Update(ctx, "open-a", 1, "Open A 2026", []byte(`{"n":2}`),
		store.Change{At: t3, Kind: "rename", By: "admin", Body: []byte(`{"name":"Open A 2026"}`)})
	if err != nil || v != 2 {
		t.Fatalf("Update 1 -> %d, %v; want 2", v, err)
	}
	t4 := wantCreated.Add(3 * time.Hour)
	v, err = s.Update(ctx, "open-a", 2, "Open A 2026", []byte(`{"n":3}`),
		store.Change{At: t4, Kind: "result", By: "arbiter Kim", Body: []byte(`{"board":1,"result":"1-0"}`)})
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
	// What Load returned is the caller's: changing it changes nothing kept.
	r.State[0] = 'X'
	if again, _ := s.Load(ctx, "open-a"); string(again.State) != `{"n":3}` {
		t.Errorf("changing a loaded state changed the store: %s", again.State)
	}

	all, err := s.Changes(ctx, "open-a", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Change{
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
	wantList := []store.Summary{ // the most recently updated first
		{ID: "open-a", Name: "Open A 2026", Version: 3, Created: wantCreated, Updated: t4},
		{ID: "open-c", Name: "Open C", Version: 1, Created: t25, Updated: t25},
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
}

// testTimes: zero times mean now, kept to the microsecond in UTC.
func testTimes(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().UTC().Truncate(time.Microsecond)
	if err := s.Create(ctx, store.Record{ID: "t", Name: "T", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "t", 1, "T", []byte(`{}`), store.Change{Kind: "k"}); err != nil {
		t.Fatal(err)
	}
	after := time.Now().UTC()
	in := func(what string, x time.Time) {
		t.Helper()
		if x.Before(before) || x.After(after) || x.Location() != time.UTC || x.Nanosecond()%1000 != 0 {
			t.Errorf("%s %v: want now (between %v and %v), UTC, whole microseconds", what, x, before, after)
		}
	}
	r, err := s.Load(ctx, "t")
	if err != nil {
		t.Fatal(err)
	}
	in("Created", r.Created)
	in("Updated", r.Updated)
	if r.Updated.Before(r.Created) {
		t.Errorf("Updated %v before Created %v", r.Updated, r.Created)
	}
	cs, err := s.Changes(ctx, "t", 0, 0)
	if err != nil || len(cs) != 2 {
		t.Fatalf("Changes = %v, %v", cs, err)
	}
	in("the first change's At", cs[0].At)
	in("the second change's At", cs[1].At)
	if !cs[0].At.Equal(r.Created) || !cs[1].At.Equal(r.Updated) {
		t.Errorf("changes at %v, %v; want the event's Created %v and Updated %v", cs[0].At, cs[1].At, r.Created, r.Updated)
	}
	list, err := s.List(ctx)
	if err != nil || len(list) != 1 || !list[0].Updated.Equal(r.Updated) || !list[0].Created.Equal(r.Created) {
		t.Errorf("List = %+v, %v; want the times Load gives", list, err)
	}
}

// testVersion: Version is what Load says, without the state.
func testVersion(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.Version(ctx, "v"); !errors.Is(err, store.ErrNotFound) || !strings.Contains(err.Error(), `"v"`) {
		t.Errorf("Version of no event: %v; want ErrNotFound naming it", err)
	}
	if err := s.Create(ctx, store.Record{ID: "v", Name: "V", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
		t.Fatal(err)
	}
	for want := int64(1); want <= 3; want++ {
		if v, err := s.Version(ctx, "v"); err != nil || v != want {
			t.Fatalf("Version = %d, %v; want %d", v, err, want)
		}
		if _, err := s.Update(ctx, "v", want, "V", []byte(`{}`), store.Change{Kind: "k"}); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := s.Load(ctx, "v"); r.Version != 4 {
		t.Errorf("Load version %d, want 4", r.Version)
	}
	if v, err := s.Version(ctx, "v"); v != 4 || err != nil {
		t.Errorf("Version = %d, %v; want 4", v, err)
	}
	for _, bad := range []string{"", "a b", "a\nb", strings.Repeat("x", 300)} {
		if _, err := s.Version(ctx, bad); err == nil || errors.Is(err, store.ErrNotFound) {
			t.Errorf("Version(%q): %v; want the store's refusal of the ID", bad, err)
		}
	}
}

// testBeat: LastBeat is the latest beat of any instance, from either
// Store; a beat never moves an instance back; bad names are refused.
func testBeat(t *testing.T, a, b store.Store) {
	ctx := context.Background()
	if _, ok, err := a.LastBeat(ctx); ok || err != nil {
		t.Fatalf("LastBeat of a new database: ok %v, %v; want none", ok, err)
	}
	t0 := time.Date(2026, 12, 3, 18, 0, 0, 123456000, time.UTC)
	if err := a.Beat(ctx, "a-1", t0, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Beat(ctx, "b-1", t0.Add(2*time.Second), nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Beat(ctx, "a-1", t0.Add(time.Second), nil); err != nil {
		t.Fatal(err)
	}
	for _, s := range []store.Store{a, b} {
		if last, ok, err := s.LastBeat(ctx); !ok || err != nil || !last.Equal(t0.Add(2*time.Second)) {
			t.Errorf("LastBeat = %v, %v, %v; want %v", last, ok, err, t0.Add(2*time.Second))
		}
	}
	// An instance's beat going back (a clock stepped back) keeps the later one.
	if err := b.Beat(ctx, "b-1", t0, nil); err != nil {
		t.Fatal(err)
	}
	if last, _, _ := a.LastBeat(ctx); !last.Equal(t0.Add(2 * time.Second)) {
		t.Errorf("after an earlier beat, LastBeat = %v; want %v", last, t0.Add(2*time.Second))
	}
	// A day later, the old instances are forgotten.
	if err := a.Beat(ctx, "a-2", t0.Add(25*time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	if last, _, _ := b.LastBeat(ctx); !last.Equal(t0.Add(25 * time.Hour)) {
		t.Errorf("LastBeat = %v; want %v", last, t0.Add(25*time.Hour))
	}
	for _, bad := range []string{"", "a b", "é", strings.Repeat("x", 65)} {
		if err := a.Beat(ctx, bad, t0, nil); err == nil {
			t.Errorf("Beat(%q): no error", bad)
		}
	}
}

// testPresent: Present is the union of what the instances that beat
// since the instant said was present at their latest beat, read from
// either Store; an older beat does not replace a newer one's present; an
// instance that stopped beating drops out; bad entries are refused.
func testPresent(t *testing.T, a, b store.Store) {
	ctx := context.Background()
	t0 := time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)
	got := func(s store.Store, since time.Time) string {
		t.Helper()
		p, err := s.Present(ctx, since)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(p)
		return strings.Join(p, " ")
	}
	if p := got(a, t0); p != "" {
		t.Errorf("a new database: present %q", p)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(a.Beat(ctx, "a-1", t0, []string{"g1:w", "g2:b"}))
	must(b.Beat(ctx, "b-1", t0.Add(time.Second), []string{"g1:w", "g1:b"}))
	for _, s := range []store.Store{a, b} {
		if p, want := got(s, t0), "g1:b g1:w g2:b"; p != want {
			t.Errorf("present = %q, want %q", p, want)
		}
	}
	// Only the instances that beat since the instant.
	if p, want := got(a, t0.Add(time.Second)), "g1:b g1:w"; p != want {
		t.Errorf("present since b's beat = %q, want %q", p, want)
	}
	// A later beat replaces the instance's present; an earlier one does not.
	must(a.Beat(ctx, "a-1", t0.Add(2*time.Second), []string{"g3:w"}))
	must(a.Beat(ctx, "a-1", t0.Add(time.Second), []string{"g9:w"}))
	if p, want := got(b, t0), "g1:b g1:w g3:w"; p != want {
		t.Errorf("after a's later beat and an earlier one: present = %q, want %q", p, want)
	}
	// An instance with nothing present any more.
	must(b.Beat(ctx, "b-1", t0.Add(3*time.Second), nil))
	if p, want := got(a, t0), "g3:w"; p != want {
		t.Errorf("after b's empty beat: present = %q, want %q", p, want)
	}
	// Many entries, with IDs that hold a colon.
	many := make([]string, 5000)
	for i := range many {
		many[i] = fmt.Sprintf("ev:%d-r1-b%d:w", i, i)
	}
	must(b.Beat(ctx, "b-1", t0.Add(4*time.Second), many))
	if p, err := a.Present(ctx, t0.Add(4*time.Second)); err != nil || len(p) != len(many) {
		t.Errorf("5000 entries: %d back, %v", len(p), err)
	}
	for _, bad := range [][]string{{""}, {"a b"}, {"g1:w\nx"}, {strings.Repeat("x", 301)}, {"é"}, slices.Repeat([]string{strings.Repeat("y", 300)}, 4000)} {
		if err := a.Beat(ctx, "a-1", t0.Add(5*time.Second), bad); err == nil {
			t.Errorf("Beat with present %.40q (%d entries): no error", bad[0], len(bad))
		}
	}
	// The refused beats changed nothing.
	if p, err := b.Present(ctx, t0.Add(2*time.Second)); err != nil || len(p) != len(many)+1 || !slices.Contains(p, "g3:w") {
		t.Errorf("after refused beats: %d entries (g3:w among them: %v), %v; want %d", len(p), slices.Contains(p, "g3:w"), err, len(many)+1)
	}
}

// testManyWriters: writers on two Stores update many records at once,
// each writer reading its record's version and updating it, several
// writers per record. Every Update that returns a version committed that
// version: each record's history is exactly the acknowledged updates, in
// order, with none lost and none twice; the others got ErrConflict.
func testManyWriters(t *testing.T, a, b store.Store) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	const records, writersPer, tries = 8, 6, 15
	for r := 0; r < records; r++ {
		if err := a.Create(ctx, store.Record{ID: fmt.Sprintf("m%d", r), Name: "M", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
			t.Fatal(err)
		}
	}
	type ack struct {
		id   string
		v    int64
		body string
	}
	acks := make(chan ack, records*writersPer*tries)
	errs := make(chan error, records*writersPer)
	var wg sync.WaitGroup
	for r := 0; r < records; r++ {
		for w := 0; w < writersPer; w++ {
			s := a
			if w%2 == 1 {
				s = b
			}
			id := fmt.Sprintf("m%d", r)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < tries; i++ {
					v, err := s.Version(ctx, id)
					if err != nil {
						errs <- err
						return
					}
					body := fmt.Sprintf(`{"w":%d,"i":%d}`, w, i)
					nv, err := s.Update(ctx, id, v, "M", []byte(body), store.Change{Kind: "k", Body: []byte(body)})
					if errors.Is(err, store.ErrConflict) {
						continue
					}
					if err != nil {
						errs <- err
						return
					}
					if nv != v+1 {
						errs <- fmt.Errorf("%s: Update from %d returned %d", id, v, nv)
						return
					}
					acks <- ack{id, nv, body}
				}
			}()
		}
	}
	wg.Wait()
	close(acks)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	want := map[string]map[int64]string{}
	n := 0
	for k := range acks {
		if want[k.id] == nil {
			want[k.id] = map[int64]string{}
		}
		if old, dup := want[k.id][k.v]; dup {
			t.Fatalf("%s: version %d acknowledged twice (%s and %s)", k.id, k.v, old, k.body)
		}
		want[k.id][k.v] = k.body
		n++
	}
	if n < records {
		t.Fatalf("only %d updates acknowledged", n)
	}
	for r := 0; r < records; r++ {
		id := fmt.Sprintf("m%d", r)
		chs, err := b.Changes(ctx, id, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(chs) != len(want[id]) {
			t.Errorf("%s: %d changes after the first, %d acknowledged", id, len(chs), len(want[id]))
		}
		for i, c := range chs {
			if c.Version != int64(i+2) || string(c.Body) != want[id][c.Version] {
				t.Errorf("%s: change %d is version %d %s; acknowledged %s", id, i, c.Version, c.Body, want[id][c.Version])
			}
		}
		rec, err := a.Load(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Version != int64(len(chs)+1) || len(chs) > 0 && string(rec.State) != string(chs[len(chs)-1].Body) {
			t.Errorf("%s: record at %d with %s; the history ends at %d", id, rec.Version, rec.State, len(chs)+1)
		}
	}
}

func testErrors(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, store.Record{ID: "e1", Name: "E", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
		t.Fatal(err)
	}

	err := s.Create(ctx, store.Record{ID: "e1", Name: "Other", State: []byte(`{"x":1}`)}, store.Change{Kind: "create"})
	if !errors.Is(err, store.ErrExists) || !strings.Contains(err.Error(), `"e1"`) {
		t.Errorf("Create of a taken ID: %v; want ErrExists naming e1", err)
	}
	if r, _ := s.Load(ctx, "e1"); r.Name != "E" || string(r.State) != `{}` {
		t.Errorf("a refused Create changed the event: %+v", r)
	}

	if _, err := s.Load(ctx, "nope"); !errors.Is(err, store.ErrNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("Load(nope): %v; want ErrNotFound naming nope", err)
	}
	if _, err := s.Update(ctx, "nope", 1, "N", []byte(`{}`), store.Change{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Update(nope): %v; want ErrNotFound", err)
	}
	if _, err := s.Changes(ctx, "nope", 0, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Changes(nope): %v; want ErrNotFound", err)
	}
	if _, err := s.Watch(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Watch(nope): %v; want ErrNotFound", err)
	}

	if _, err := s.Update(ctx, "e1", 1, "E", []byte(`{"v":2}`), store.Change{Kind: "k"}); err != nil {
		t.Fatal(err)
	}
	_, err = s.Update(ctx, "e1", 1, "E", []byte(`{"stale":true}`), store.Change{Kind: "k"})
	if !errors.Is(err, store.ErrConflict) || !strings.Contains(err.Error(), `"e1": at version 2, not 1`) {
		t.Errorf("Update at a stale version: %v; want ErrConflict saying at version 2, not 1", err)
	}
	_, err = s.Update(ctx, "e1", 5, "E", []byte(`{"future":true}`), store.Change{Kind: "k"})
	if !errors.Is(err, store.ErrConflict) {
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
		{"empty ID", s.Create(ctx, store.Record{}, store.Change{}), "empty event ID"},
		{"ID with a space", s.Create(ctx, store.Record{ID: "a b"}, store.Change{}), `"a b"`},
		{"ID with a newline", func() error { _, err := s.Load(ctx, "a\nb"); return err }(), `"a\nb"`},
		{"ID with a C1 control", s.Create(ctx, store.Record{ID: "a\u0085b"}, store.Change{}), `"a\u0085b"`},
		{"ID of bad UTF-8", s.Create(ctx, store.Record{ID: "a\xffb"}, store.Change{}), `"a\xffb"`},
		{"long ID", s.Create(ctx, store.Record{ID: strings.Repeat("x", 300)}, store.Change{}), "300 bytes"},
		{"NUL in name", s.Create(ctx, store.Record{ID: "n", Name: "a\x00b"}, store.Change{}), "NUL"},
		{"bad UTF-8 kind", s.Create(ctx, store.Record{ID: "n"}, store.Change{Kind: "\xff"}), "UTF-8"},
		{"bad UTF-8 author", s.Create(ctx, store.Record{ID: "n"}, store.Change{By: "\xff"}), "UTF-8"},
		{"version 0", func() error { _, err := s.Update(ctx, "e1", 0, "E", nil, store.Change{}); return err }(), "versions start at 1"},
		{"NUL in a new name", func() error { _, err := s.Update(ctx, "e1", 2, "a\x00", nil, store.Change{}); return err }(), "NUL"},
		{"Changes of a bad ID", func() error { _, err := s.Changes(ctx, "", 0, 0); return err }(), "empty event ID"},
		{"Watch of a bad ID", func() error { _, err := s.Watch(ctx, "a b"); return err }(), `"a b"`},
	}
	for _, c := range bad {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: error %v; want one containing %q", c.what, c.err, c.want)
		}
	}
	if _, err := s.Load(ctx, "n"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused Create stored event n: %v", err)
	}
	if r, _ := s.Load(ctx, "e1"); r.Version != 2 {
		t.Errorf("a refused Update changed e1: %+v", r)
	}
}

// testRaceUpdate has many goroutines, on two Stores over one database,
// update one event at the same expected versions.
func testRaceUpdate(t *testing.T, s0, s1 store.Store) {
	ctx := context.Background()
	stores := []store.Store{s0, s1}
	if err := stores[0].Create(ctx, store.Record{ID: "race", Name: "R", State: []byte(`{}`)}, store.Change{Kind: "create", Body: []byte(`{}`)}); err != nil {
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
				v, err := stores[g%2].Update(ctx, "race", expect, "R", body, store.Change{Kind: "race", Body: body})
				switch {
				case err == nil && v == expect+1:
					mu.Lock()
					wins[round]++
					mu.Unlock()
				case errors.Is(err, store.ErrConflict):
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

	// Part 2: every goroutine makes perK changes, retrying on conflict;
	// none may be lost.
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
				_, err = s.Update(ctx, "race", r.Version, "R", body, store.Change{Kind: "free", Body: body})
				if errors.Is(err, store.ErrConflict) {
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
	if v, err := stores[0].Version(ctx, "race"); v != want || err != nil {
		t.Errorf("final Version %d, %v; want %d", v, err, want)
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
}

func sameChanges(a, b []store.Change) bool {
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

// testWatchCoalesce: a reader that does not keep up gets the latest
// version, not a backlog; the channel closes when ctx ends.
func testWatchCoalesce(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, store.Record{ID: "c", Name: "C", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
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
		if _, err := s.Update(ctx, "c", v, "C", []byte(`{}`), store.Change{Kind: "k"}); err != nil {
			t.Fatal(err)
		}
	}
	// The deliverer holds at most one older version it had loaded before
	// the last update; then it must send 10.
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
}

// testWatchClose: Close ends every watcher and closes its channel before
// it returns; Watch after Close fails with ErrClosed; a second Close is
// harmless.
func testWatchClose(t *testing.T, s store.Store) {
	ctx := context.Background()
	if err := s.Create(ctx, store.Record{ID: "x", Name: "X", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
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
	if _, err := s.Watch(ctx, "x"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Watch after Close: %v; want ErrClosed", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
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

// testNoLeak: the goroutines of watchers end with their ctx, and all of a
// Store's with Close.
func testNoLeak(t *testing.T, open func() store.Store) {
	ctx := context.Background()
	base := runtime.NumGoroutine()
	s := open()
	if err := s.Create(ctx, store.Record{ID: "l", Name: "L", State: []byte(`{}`)}, store.Change{Kind: "create"}); err != nil {
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
}
