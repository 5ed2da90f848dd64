package eventweb

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server/site"
)

// publicKey names one rendering of an event's public page or public JSON.
// An event's state at a version never changes, so neither do they.
type publicKey struct {
	id      string
	version int64
	kind    string // "page", "json", or "standings/N"
	theme   string
	gzip    bool
}

// renderedPage is a page as buildPage made it.
type renderedPage struct {
	body []byte
	gz   bool
}

// pageCache keeps the latest renderings, at most maxPages of them and
// maxPageBytes in all; the oldest go first. Concurrent requests for a
// rendering not made yet share one making of it (do).
type pageCache struct {
	mu     sync.Mutex
	pages  map[publicKey]renderedPage
	order  []publicKey
	bytes  int
	flight map[publicKey]*flight
	// newest is the newest version cached of each rendering (doStale).
	newest map[publicKey]int64
	// renders counts the renderings made, and stale the older renderings
	// served by doStale, for the tests.
	renders int
	stale   atomic.Int64
}

// flight is one rendering being made; done is closed when pg and e are
// set.
type flight struct {
	done chan struct{}
	pg   renderedPage
	e    *site.Error
}

const (
	maxPages     = 256
	maxPageBytes = 32 << 20
)

func (c *pageCache) get(k publicKey) (renderedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.pages[k]
	return p, ok
}

func (c *pageCache) putLocked(k publicKey, p renderedPage) {
	if len(p.body) > maxPageBytes/8 {
		return
	}
	if c.pages == nil {
		c.pages = map[publicKey]renderedPage{}
	}
	if _, ok := c.pages[k]; ok {
		return
	}
	for len(c.order) > 0 && (len(c.order) >= maxPages || c.bytes+len(p.body) > maxPageBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= len(c.pages[old].body)
		delete(c.pages, old)
	}
	c.pages[k] = p
	c.order = append(c.order, k)
	c.bytes += len(p.body)
	if c.newest == nil {
		c.newest = map[publicKey]int64{}
	}
	if nk := unversioned(k); k.version > c.newest[nk] {
		c.newest[nk] = k.version
	}
}

// newestFrom returns the newest rendering of k cached, if it is of
// version from or later.
func (c *pageCache) newestFrom(k publicKey, from int64) (renderedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.newest[unversioned(k)]
	if v < from {
		return renderedPage{}, false
	}
	k.version = v
	p, ok := c.pages[k]
	return p, ok
}

// unversioned is a key without its version, for newest.
func unversioned(k publicKey) publicKey {
	k.version = 0
	return k
}

// doStale is do for a request that wants version told or newer (a live
// page's fetch on its stream's news): when k, the current version, is not
// made yet but a version from told on is cached, it returns that one at
// once and makes k in the background (once, as do does), instead of
// keeping the request waiting. A live stream makes the version it tells
// of before it tells it, so such a version is cached; and when results
// come in faster than the page renders, the phones do not queue behind
// each new rendering (their streams tell them of it once it is made).
func (c *pageCache) doStale(ctx context.Context, k publicKey, told int64, build func() (renderedPage, *site.Error)) (renderedPage, *site.Error) {
	c.mu.Lock()
	if p, ok := c.pages[k]; ok {
		c.mu.Unlock()
		return p, nil
	}
	newest := c.newest[unversioned(k)]
	old, ok := c.pages[publicKey{id: k.id, version: newest, kind: k.kind, theme: k.theme, gzip: k.gzip}]
	if !ok || newest < told || newest >= k.version {
		c.mu.Unlock()
		return c.do(ctx, k, build)
	}
	started := c.flight[k] != nil
	c.mu.Unlock()
	if !started {
		go c.do(context.WithoutCancel(ctx), k, build)
	}
	c.stale.Add(1)
	return old, nil
}

// do returns the rendering of k: the cached one, or else the one build
// returns, made once however many requests ask for k at the same time
// (the others wait for it, or for their own ctx). A rendering without
// error is cached under k.
func (c *pageCache) do(ctx context.Context, k publicKey, build func() (renderedPage, *site.Error)) (renderedPage, *site.Error) {
	c.mu.Lock()
	if p, ok := c.pages[k]; ok {
		c.mu.Unlock()
		return p, nil
	}
	if f := c.flight[k]; f != nil {
		c.mu.Unlock()
		select {
		case <-f.done:
			return f.pg, f.e
		case <-ctx.Done():
			return renderedPage{}, &site.Error{Status: 499, Code: site.CodeClientGone, Msg: "client went away"}
		}
	}
	f := &flight{done: make(chan struct{})}
	if c.flight == nil {
		c.flight = map[publicKey]*flight{}
	}
	c.flight[k] = f
	c.renders++
	c.mu.Unlock()

	defer func() {
		c.mu.Lock()
		delete(c.flight, k)
		if f.e == nil {
			c.putLocked(k, f.pg)
		}
		c.mu.Unlock()
		close(f.done)
	}()
	// Should build panic, the waiting requests get a 500 and nothing is
	// cached; the panic goes on to the server's recover.
	f.e = &site.Error{Status: http.StatusInternalServerError, Code: "internal", Msg: "internal error"}
	f.pg, f.e = build()
	return f.pg, f.e
}

// toldHeader is the header with which a live page (event.js) fetches the
// page again on its stream's news: the version it was told of.
const toldHeader = "X-Event-Version"

// renderTimeout bounds the load and rendering that requests share: it
// runs without the first request's cancellation, since others wait for it.
const renderTimeout = 10 * time.Second

// publicRendering returns an event's public rendering (a page or JSON):
// it asks the store for the event's version only, and serves the
// rendering of that version if one was made; otherwise it loads the event
// and render makes it, once for all the requests that want it meanwhile.
// query checks the request's query once the event is known to exist (a
// 404 comes before a bad query), before anything is loaded, and names the
// kind of rendering ("page", "json", "standings/N").
func (s *Server) publicRendering(r *http.Request, gzip bool, query func() (kind string, e *site.Error),
	render func(st *event.State) (renderedPage, *site.Error)) (renderedPage, *site.Error) {
	if s.cfg.Events == nil {
		return renderedPage{}, noDatabase()
	}
	id := r.PathValue("id")
	if err := event.CheckID(id); err != nil {
		return renderedPage{}, &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event: " + site.CapMessage(err.Error())}
	}
	told, terr := strconv.ParseInt(r.Header.Get(toldHeader), 10, 64)
	if terr == nil && told > 0 {
		// A live page's fetch on its stream's news: a page of the version
		// it was told of, or newer, is as good as the current one (its
		// stream tells it of any newer), and needs no read of the store.
		if kind, e := query(); e == nil && kind == "page" {
			key := publicKey{id: id, kind: kind, gzip: gzip, theme: site.ThemeOf(r)}
			if p, ok := s.publicPages.newestFrom(key, told); ok {
				return p, nil
			}
		}
	}
	v, err := s.cfg.Events.Version(r.Context(), id)
	if err != nil {
		return renderedPage{}, s.eventErr(r, err)
	}
	kind, e := query()
	if e != nil {
		return renderedPage{}, e
	}
	key := publicKey{id: id, version: v, kind: kind, gzip: gzip}
	if kind == "page" {
		key.theme = site.ThemeOf(r)
	}
	if terr == nil && told > 0 && kind == "page" {
		return s.publicPages.doStale(r.Context(), key, told, func() (renderedPage, *site.Error) { return s.loadRender(r, id, render) })
	}
	return s.publicPages.do(r.Context(), key, func() (renderedPage, *site.Error) { return s.loadRender(r, id, render) })
}

// loadRender loads the event and renders it, for the requests waiting on
// a rendering: not canceled when the first of them goes away.
func (s *Server) loadRender(r *http.Request, id string, render func(st *event.State) (renderedPage, *site.Error)) (renderedPage, *site.Error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), renderTimeout)
	defer cancel()
	st, err := s.cfg.Events.Load(ctx, id)
	if err != nil {
		return renderedPage{}, s.eventErr(r, err)
	}
	// The event may have moved on since its version was read: what is
	// rendered is the state loaded, at least that version, and fresh.
	return render(st)
}

// warmPublicPage makes the public page of the event's version v in the
// theme and encoding of r, a live stream's request (which carries the
// page's cookie and Accept-Encoding), unless it is made. The stream does
// it before it tells its page of v, so that when every phone at the event
// fetches the page on the news, the page is ready: they share this one
// rendering (however many streams warm it at once) instead of queueing
// behind it.
func (s *Server) warmPublicPage(r *http.Request, id string, v int64) {
	key := publicKey{id: id, version: v, kind: "page", theme: site.ThemeOf(r), gzip: site.AcceptsGzip(r)}
	s.publicPages.do(r.Context(), key, func() (renderedPage, *site.Error) {
		return s.loadRender(r, id, func(st *event.State) (renderedPage, *site.Error) { return s.renderPublicPage(r, st), nil })
	})
}
