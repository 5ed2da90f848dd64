// Package eventweb is the tournaments of the web app: the event pages
// (public, admin, printables, the projector), their live stream, their
// exports and the event API, over the events of package internal/event.
//
// It keeps no state of its own beyond a cache and limits: the events live
// in the store that every instance shares; what an instance holds in
// memory (public pages rendered by version, the per-client write and
// stream counts) is a cache or a limit, never the only copy of anything.
package eventweb

import (
	"net/http"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/site"
)

// Config configures the event pages.
type Config struct {
	// Events runs the tournaments; nil: the event pages answer 404,
	// saying the server runs without a database.
	Events *event.Service
	// WriteRate and WriteBurst are the token bucket of writes (POSTs
	// under /events, /e/ and /api/events) per client IP, per second
	// (defaults DefaultWriteRate and DefaultWriteBurst).
	WriteRate  float64
	WriteBurst int
	// MaxStreams is how many live streams may be open at once (default
	// DefaultMaxStreams); MaxStreamsPerClient is how many of them one
	// client address may hold (default half of MaxStreams). Past either,
	// a stream is answered 429.
	MaxStreams          int
	MaxStreamsPerClient int
	// ClientIPHeader names the header a load balancer in front sets to
	// the client's address (see middleware.ClientIP); "": the peer.
	ClientIPHeader string
	// Play plays the events' rounds in the app (nil: a server without
	// live play's games, whose events play over the board).
	Play *eventplay.Coordinator
}

// Server serves the events. Mount its routes with Routes, and run Before
// on every request first.
type Server struct {
	cfg  Config
	site *site.Site
	// publicPages holds events' public pages, by version.
	publicPages pageCache
	// feeds holds the rounds' broadcast feeds (feed.go).
	feeds feeds
	// writes limits the event writes per client; streams counts the live
	// streams open, in all and per client; liveMax caps each one's time;
	// liveGap is the least time between two versions a stream sends.
	writes  *middleware.RateLimiter
	streams *middleware.StreamLimiter
	liveMax time.Duration
	liveGap time.Duration
	// liveSpread spreads the streams' news of a version over a moment.
	liveSpread time.Duration
	// liveAfter is time.After; tests end the gaps themselves.
	liveAfter func(time.Duration) <-chan time.Time
}

// New returns the event pages, rendered by st (whose KeptPath should be
// IsPath), with their templates registered on it.
func New(cfg Config, st *site.Site) *Server {
	if cfg.WriteRate <= 0 {
		cfg.WriteRate = DefaultWriteRate
	}
	if cfg.WriteBurst <= 0 {
		cfg.WriteBurst = DefaultWriteBurst
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	if cfg.MaxStreamsPerClient <= 0 {
		cfg.MaxStreamsPerClient = max(1, cfg.MaxStreams/2)
	}
	s := &Server{cfg: cfg, site: st,
		writes:  middleware.NewRateLimiter(cfg.WriteRate, cfg.WriteBurst),
		streams: middleware.NewStreamLimiter(cfg.MaxStreams, cfg.MaxStreamsPerClient),
		liveMax: liveMaxTime, liveGap: liveGap, liveSpread: liveSpread, liveAfter: time.After}
	funcs := map[string]any{"bye": byeName, "sys": SystemName}
	st.Register("events", funcs, "templates/events.html")
	for _, name := range []string{"event", "eventnew", "admin", "player"} {
		st.Register(name, funcs, "templates/eventparts.html", "templates/"+name+".html")
	}
	return s
}

// IsPath reports whether a path belongs to the events: their pages
// answer form errors as pages, and set Referrer-Policy same-origin.
func IsPath(p string) bool {
	return p == "/events" || strings.HasPrefix(p, "/events/") || strings.HasPrefix(p, "/e/") ||
		p == "/api/events" || strings.HasPrefix(p, "/api/events/")
}

// Before is what every request of the app goes through before its route:
// an event's page tells no other site where it came from, and a write
// past the client's rate is answered 429.
func (s *Server) Before(w http.ResponseWriter, r *http.Request) *site.Error {
	if !IsPath(r.URL.Path) {
		return nil
	}
	// Capability URLs: no page of an event tells another site where it
	// came from.
	w.Header()["Referrer-Policy"] = eventReferrer
	return s.limitWrites(r)
}

// eventReferrer is the Referrer-Policy of event pages: their capability URLs
// go to no other site (and, unlike no-referrer, a same-origin form still
// carries its Origin).
var eventReferrer = []string{"same-origin"}

// Service is the event service (nil: none).
func (s *Server) Service() *event.Service { return s.cfg.Events }
