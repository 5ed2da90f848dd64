package eventweb

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// countingStore counts the Loads of the store under it; while gate is not
// nil, each Load waits for it to close.
type countingStore struct {
	store.Store
	loads atomic.Int64
	mu    sync.Mutex
	gate  chan struct{}
}

func (c *countingStore) Load(ctx context.Context, id string) (store.Record, error) {
	c.loads.Add(1)
	c.mu.Lock()
	g := c.gate
	c.mu.Unlock()
	if g != nil {
		<-g
	}
	return c.Store.Load(ctx, id)
}

// eachDB runs f on a fresh SQLite file and on the tests' PostgreSQL
// (testtool.Postgres: with CI set and none, the subtest fails).
func eachDB(t *testing.T, f func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "events.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, testtool.Postgres(t)) })
}

// newCountingServer is the app over the database dsn seen through a
// countingStore, with a small event of its own, and another Service on
// the same store (another instance, as it were), which the tests make
// their changes through: the app's own Service keeps the states it makes,
// and would load nothing after its own change.
func newCountingServer(t *testing.T, dsn string) (*app, *countingStore, string, *event.Service) {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cs := &countingStore{Store: st}
	svc := event.NewService(cs)
	ps := []event.PlayerInfo{{Name: "Ann", Rating: 2100}, {Name: "Ben", Rating: 2000}, {Name: "Cy", Rating: 1900}, {Name: "Di", Rating: 1800}}
	cur, _, err := svc.Create(context.Background(), event.Init{Settings: event.Settings{Name: "Cache Open", Rounds: 3}, Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	return newApp(Config{Events: event.NewService(cs)}, nil), cs, cur.ID(), svc
}

func serveGet(s *app, target string, gzip bool) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", target, nil)
	if gzip {
		r.Header.Set("Accept-Encoding", "gzip")
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// TestPublicCacheByVersion: once a version is rendered, the public page
// and JSON of it are served without rendering them again or loading the
// event (only its version is read); a change makes a new version, which is rendered afresh; and
// no event, a bad ID or a bad query are answered without a load.
func TestPublicCacheByVersion(t *testing.T) { eachDB(t, testPublicCacheByVersion) }

func testPublicCacheByVersion(t *testing.T, dsn string) {
	s, cs, id, writer := newCountingServer(t, dsn)
	renders := func() int {
		s.publicPages.mu.Lock()
		defer s.publicPages.mu.Unlock()
		return s.publicPages.renders
	}
	for i, target := range []string{"/e/" + id, "/api/events/" + id, "/api/events/" + id + "/standings"} {
		cs.loads.Store(0)
		r0 := renders()
		first := serveGet(s, target, false)
		if first.Code != 200 {
			t.Fatalf("%s: %d %s", target, first.Code, first.Body)
		}
		// The app's Service loads the event from the store once, then
		// keeps the state while its version holds.
		if n, want := cs.loads.Load(), int64(map[bool]int{true: 1}[i == 0]); n != want {
			t.Errorf("%s, first request: %d loads, want %d", target, n, want)
		}
		if n := renders() - r0; n != 1 {
			t.Errorf("%s, first request: %d renderings, want 1", target, n)
		}
		for range 5 {
			w := serveGet(s, target, false)
			if w.Code != 200 || w.Body.String() != first.Body.String() {
				t.Fatalf("%s again: %d, body the same: %v", target, w.Code, w.Body.String() == first.Body.String())
			}
		}
		if n := renders() - r0; n != 1 {
			t.Errorf("%s: five more requests of the same version rendered it %d more times, want none", target, n-1)
		}
	}

	// A change: the next request renders the new version.
	if _, _, err := writer.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"},
		event.Change{Kind: event.KindSettings, Settings: &event.Settings{Name: "Cache Open Renamed", Rounds: 3}}); err != nil {
		t.Fatal(err)
	}
	cs.loads.Store(0)
	if w := serveGet(s, "/e/"+id, false); w.Code != 200 || !strings.Contains(w.Body.String(), "Cache Open Renamed") {
		t.Errorf("after a change: %d, new name shown: %v", w.Code, strings.Contains(w.Body.String(), "Cache Open Renamed"))
	}
	if n := cs.loads.Load(); n != 1 {
		t.Errorf("the new version: %d loads, want 1", n)
	}

	// Errors come before any load.
	cs.loads.Store(0)
	for target, want := range map[string]int{
		"/e/nosuchevent":                           404,
		"/e/Bad_ID":                                404,
		"/api/events/nosuchevent":                  404,
		"/e/" + id + "?x=1":                        400,
		"/api/events/" + id + "?x=1":               400,
		"/api/events/" + id + "/standings?after=x": 400,
	} {
		if w := serveGet(s, target, false); w.Code != want {
			t.Errorf("%s: %d, want %d", target, w.Code, want)
		}
	}
	if n := cs.loads.Load(); n != 0 {
		t.Errorf("the errors loaded the event %d times, want none", n)
	}
}

// TestPublicRenderedOnce: many requests at once for a version not yet
// rendered share one load and one rendering, and all get the page.
func TestPublicRenderedOnce(t *testing.T) { eachDB(t, testPublicRenderedOnce) }

func testPublicRenderedOnce(t *testing.T, dsn string) {
	s, cs, id, writer := newCountingServer(t, dsn)
	const n = 20
	for k, gz := range []bool{false, true} {
		// A new version, not rendered yet.
		name := fmt.Sprintf("Cache Open %d", k)
		if _, _, err := writer.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"},
			event.Change{Kind: event.KindSettings, Settings: &event.Settings{Name: name, Rounds: 3}}); err != nil {
			t.Fatal(err)
		}
		v, err := s.cfg.Events.Version(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		cs.loads.Store(0)
		gate := make(chan struct{})
		cs.mu.Lock()
		cs.gate = gate
		cs.mu.Unlock()
		var wg sync.WaitGroup
		var arrived atomic.Int64
		codes := make([]int, n)
		bodies := make([]string, n)
		for i := range n {
			wg.Go(func() {
				arrived.Add(1)
				w := serveGet(s, "/e/"+id, gz)
				codes[i], bodies[i] = w.Code, w.Body.String()
			})
		}
		// Let the first load start, then open the gate. Requests that
		// come later find the rendering in progress or made: none of
		// them loads the event again, however late they are.
		for deadline := time.Now().Add(20 * time.Second); cs.loads.Load() == 0 || arrived.Load() < n; runtime.Gosched() {
			if time.Now().After(deadline) { // a hang guard
				close(gate)
				wg.Wait()
				t.Fatalf("gzip %v: %d loads, %d of %d requests arrived; codes %v", gz, cs.loads.Load(), arrived.Load(), n, codes)
			}
		}
		close(gate)
		wg.Wait()
		cs.mu.Lock()
		cs.gate = nil
		cs.mu.Unlock()
		if got := cs.loads.Load(); got != 1 {
			t.Errorf("gzip %v: %d requests at once loaded the event %d times, want once", gz, n, got)
		}
		for i := range n {
			if codes[i] != 200 || bodies[i] != bodies[0] || len(bodies[i]) == 0 {
				t.Fatalf("gzip %v, request %d: %d, %d bytes (the first had %d)", gz, i, codes[i], len(bodies[i]), len(bodies[0]))
			}
		}
		if _, ok := s.publicPages.get(publicKey{id: id, version: v, kind: "page", gzip: gz}); !ok {
			t.Errorf("gzip %v: version %d is not cached", gz, v)
		}
	}
}

// TestPublicRenderClientGone: a request that waits for another's
// rendering and goes away gets 499 at once, and the rendering still
// completes for the one that made it.
func TestPublicRenderClientGone(t *testing.T) {
	s, cs, id, _ := newCountingServer(t, filepath.Join(t.TempDir(), "events.db"))
	gate := make(chan struct{})
	cs.gate = gate
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- serveGet(s, "/e/"+id, false) }()
	for deadline := time.Now().Add(20 * time.Second); cs.loads.Load() == 0; runtime.Gosched() {
		if time.Now().After(deadline) { // a hang guard
			close(gate)
			t.Fatalf("the first request did not load the event: %d", (<-done).Code)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := httptest.NewRequestWithContext(ctx, "GET", "/e/"+id, nil)
	cancel()
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 499 {
		t.Errorf("a waiter gone: %d, want 499", w.Code)
	}
	close(gate)
	if first := <-done; first.Code != http.StatusOK {
		t.Errorf("the first request: %d", first.Code)
	}
}

// BenchmarkEventPublicCached is the public page of a 100-player Swiss in
// round 6 once its version is rendered, as phones fetch it (gzip): one
// read of the version, then the cached bytes.
func BenchmarkEventPublicCached(b *testing.B) {
	s, id := benchEventServer(b)
	for _, tc := range []struct{ name, target string }{{"page", "/e/" + id}, {"json", "/api/events/" + id}, {"standings", "/api/events/" + id + "/standings"}} {
		b.Run(tc.name, func(b *testing.B) {
			if w := serveGet(s, tc.target, true); w.Code != 200 {
				b.Fatalf("%s: %d", tc.target, w.Code)
			}
			b.ReportAllocs()
			for b.Loop() {
				if w := serveGet(s, tc.target, true); w.Code != 200 {
					b.Fatalf("%s: %d", tc.target, w.Code)
				}
			}
		})
	}
}

// TestLiveWarmsPage: before a live stream tells its page of a version,
// the public page of that version is made for the stream's theme and
// encoding, so the page's fetch on the news loads nothing.
func TestLiveWarmsPage(t *testing.T) { eachDB(t, testLiveWarmsPage) }

func testLiveWarmsPage(t *testing.T, dsn string) {
	s, cs, id, writer := newCountingServer(t, dsn)
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/e/"+id+"/live", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.AddCookie(&http.Cookie{Name: "theme", Value: "dark"})
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	next := func() int64 {
		t.Helper()
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatalf("the stream ended: %v", sc.Err())
		return 0
	}
	v0 := next()
	if _, _, err := writer.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"},
		event.Change{Kind: event.KindSettings, Settings: &event.Settings{Name: "Warm Open", Rounds: 3}}); err != nil {
		t.Fatal(err)
	}
	if v := next(); v != v0+1 {
		t.Fatalf("the stream told of %d after %d", v, v0)
	}
	cs.loads.Store(0)
	r := httptest.NewRequest("GET", "/e/"+id, nil)
	r.Header.Set("Accept-Encoding", "gzip")
	r.AddCookie(&http.Cookie{Name: "theme", Value: "dark"})
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("the page: %d, %q", w.Code, w.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.Contains(string(body), "Warm Open") {
		t.Error("the page is not the new version's")
	}
	if n := cs.loads.Load(); n != 0 {
		t.Errorf("the page of the version the stream told of loaded the event %d times, want none: it was made before", n)
	}
}

// TestLiveGap: a stream sends at most one version a gap, the latest: six
// versions made while a gap is open reach the page as the latest, in at
// most three messages (the current one, perhaps one the stream had taken
// before the gap ended, and the latest), not six.
func TestLiveGap(t *testing.T) { eachDB(t, testLiveGap) }

func testLiveGap(t *testing.T, dsn string) {
	s, _, id, writer := newCountingServer(t, dsn)
	gaps := make(chan chan time.Time, 100)
	s.liveAfter = func(time.Duration) <-chan time.Time {
		g := make(chan time.Time)
		gaps <- g
		return g
	}
	ctx, msgs := liveVersions(t, s, id)
	v0 := int64(0)
	select {
	case v, ok := <-msgs:
		if !ok {
			t.Fatal("the stream ended")
		}
		v0 = v
	case <-ctx.Done():
		t.Fatal("no version from the stream")
	}
	for k := range 6 {
		if _, _, err := writer.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"},
			event.Change{Kind: event.KindSettings, Settings: &event.Settings{Name: fmt.Sprintf("Gap Open %d", k), Rounds: 3}}); err != nil {
			t.Fatal(err)
		}
	}
	// End each gap the stream starts (after a version sent, or before
	// news after a quiet spell) and read what it sends, until the latest.
	var got []int64
	for len(got) == 0 || got[len(got)-1] != v0+6 {
		select {
		case g := <-gaps:
			close(g)
		case v, ok := <-msgs:
			if !ok {
				t.Fatal("the stream ended")
			}
			if v <= v0 || v > v0+6 || len(got) > 0 && v <= got[len(got)-1] {
				t.Fatalf("version %d after %d, %v", v, v0, got)
			}
			got = append(got, v)
			if len(got) > 2 {
				t.Fatalf("the stream sent %v after %d for 6 versions made in one gap", got, v0)
			}
		case <-ctx.Done():
			t.Fatalf("the stream sent %v after %d, not the latest %d", got, v0, v0+6)
		}
	}
}

// TestLiveSpread: news after a quiet spell waits, on each stream, for a
// random moment within liveSpread before it goes out, and each gap after
// a version is longer by such a moment, so that the phones' fetches do
// not all come at once, even from streams opened together.
func TestLiveSpread(t *testing.T) {
	s, _, id, writer := newCountingServer(t, filepath.Join(t.TempDir(), "events.db"))
	type gapAt struct {
		d time.Duration
		g chan time.Time
	}
	gaps := make(chan gapAt, 100)
	s.liveAfter = func(d time.Duration) <-chan time.Time {
		g := make(chan time.Time)
		gaps <- gapAt{d, g}
		return g
	}
	ctx, msgs := liveVersions(t, s, id)
	nextGap := func() gapAt {
		t.Helper()
		select {
		case g := <-gaps:
			return g
		case v := <-msgs:
			t.Fatalf("version %d sent before the stream's gap ended", v)
		case <-ctx.Done():
			t.Fatal("no gap")
		}
		return gapAt{}
	}
	v0 := <-msgs // the current version, at once
	if g := nextGap(); g.d < s.liveGap || g.d >= s.liveGap+s.liveSpread {
		t.Fatalf("the gap after a version: %v, want within [%v, %v)", g.d, s.liveGap, s.liveGap+s.liveSpread)
	} else {
		close(g.g) // a quiet spell: nothing was waiting
	}
	if _, _, err := writer.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"},
		event.Change{Kind: event.KindSettings, Settings: &event.Settings{Name: "Spread Open", Rounds: 3}}); err != nil {
		t.Fatal(err)
	}
	g := nextGap() // the news waits for this one
	if g.d < 0 || g.d >= s.liveSpread {
		t.Errorf("the spread gap %v, want within [0, %v)", g.d, s.liveSpread)
	}
	close(g.g)
	select {
	case v := <-msgs:
		if v != v0+1 {
			t.Errorf("after the spread: version %d, want %d", v, v0+1)
		}
	case <-ctx.Done():
		t.Fatal("no version after the spread gap ended")
	}
}

// liveVersions opens the event's live stream on s and sends each version
// it announces; the stream ends with the test, or when the context it
// returns ends (after 20 s, a hang guard).
func liveVersions(t *testing.T, s *app, id string) (context.Context, <-chan int64) {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/e/"+id+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	msgs := make(chan int64)
	go func() {
		defer close(msgs)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				msgs <- n
			}
		}
	}()
	return ctx, msgs
}

// TestPageCacheStale: a live page's fetch that was told of version 5,
// while version 6 is being made, gets version 5 at once and version 6 is
// made in the background, once; told of 6, it waits for 6; and a fetch
// told of nothing (a navigation) always waits for the current version.
func TestPageCacheStale(t *testing.T) {
	var c pageCache
	k := func(v int64) publicKey {
		return publicKey{id: "e", version: v, kind: "page", theme: "light", gzip: true}
	}
	page := func(v int64) renderedPage { return renderedPage{body: []byte(fmt.Sprint("v", v))} }
	if p, e := c.do(context.Background(), k(5), func() (renderedPage, *site.Error) { return page(5), nil }); e != nil || string(p.body) != "v5" {
		t.Fatal(p, e)
	}
	release := make(chan struct{})
	builds := atomic.Int64{}
	slow := func() (renderedPage, *site.Error) { builds.Add(1); <-release; return page(6), nil }
	p, e := c.doStale(context.Background(), k(6), 5, slow)
	if e != nil || string(p.body) != "v5" {
		t.Fatalf("told 5, version 6 in the making: %q %v, want v5 at once", p.body, e)
	}
	if p, _ := c.doStale(context.Background(), k(6), 5, slow); string(p.body) != "v5" {
		t.Errorf("a second fetch told 5: %q", p.body)
	}
	got := make(chan string, 2)
	go func() { p, _ := c.doStale(context.Background(), k(6), 6, slow); got <- string(p.body) }()
	go func() { p, _ := c.do(context.Background(), k(6), slow); got <- string(p.body) }()
	select {
	case s := <-got:
		t.Fatalf("a fetch that wants version 6 got %q before it was made", s)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	for range 2 {
		if s := <-got; s != "v6" {
			t.Errorf("after the making: %q, want v6", s)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("version 6 was made %d times, want once", n)
	}
	if c.stale.Load() != 2 {
		t.Errorf("%d stale answers, want 2", c.stale.Load())
	}
}
