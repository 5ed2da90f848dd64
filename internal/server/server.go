// Package server is the web app of chess960 serve: the pages (generator,
// gallery of all 960, arbiter draws with commit and reveal, play), the JSON
// API, which returns what the command line prints with --json, the
// pictures, and the tournaments (events) when it has a database.
//
// Every page but the events' is a function of its URL: any number of
// instances behind any load balancer serve the same app. The events live
// in the database (internal/store, through internal/event), which all
// instances share; what an instance keeps in memory (renderings of public
// pages by version, the per-client write and stream counts of package
// middleware) is a cache or a limit, never the only copy of anything.
// Every request is bounded: parameters and bodies have size limits, perft
// has a node budget, expensive requests have a concurrency limit past
// which they are answered 429 with Retry-After, and writes and live
// streams are limited per client. Bad input gets a 4xx that names the
// input and the reason: JSON for the API, a page for the pages.
package server

import (
	"context"
	"errors"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/uci"
)

// Config configures a Server. The zero Config is a working server without
// an access log.
type Config struct {
	// Logger receives one record per request (the access log); nil: none.
	Logger *slog.Logger
	// PerftBudget is the most nodes one perft request may count
	// (default DefaultPerftBudget). A request past it is answered 422.
	PerftBudget uint64
	// MaxPerft is how many perft requests may count at once (default: half
	// the CPUs, at least one); more are answered 429.
	MaxPerft int
	// MaxHeavy is how many other expensive requests (PGN, PNG) may run at
	// once (default: the number of CPUs); more are answered 429.
	MaxHeavy int
	// Engine is the pool of UCI engines behind engine play and analysis;
	// nil: none, and the play page explains how to start the server with
	// one (serve --engine PATH).
	Engine Engine
	// EngineTime caps every engine search (default uci.DefaultMaxSearch,
	// at most MaxEngineTime); give the pool the same MaxSearch. A request
	// for a longer search is answered 422.
	EngineTime time.Duration
	// Events runs the tournaments (the event pages, /e/ and /api/events);
	// nil: those pages answer 404, saying the server runs without a
	// database.
	Events *event.Service
	// WriteRate and WriteBurst are the token bucket of writes (POSTs
	// under /events, /e/ and /api/events) per client IP, per second
	// (defaults DefaultWriteRate and DefaultWriteBurst).
	WriteRate  float64
	WriteBurst int
	// MaxStreams is how many live streams may be open at once (default
	// DefaultMaxStreams); MaxStreamsPerClient is how many of them one
	// client address may hold (default half of MaxStreams, so that the
	// phones behind one venue's NAT all get one, and one address still
	// cannot shut the others out). Past either, a stream is answered 429.
	MaxStreams          int
	MaxStreamsPerClient int
	// ClientIPHeader names the header a load balancer in front sets to
	// the client's address (such as X-Forwarded-For, whose last entry is
	// taken: the one the balancer added). The write and stream limits
	// count per client by it; "" counts by the connection's peer, right
	// when clients connect directly. Set it only behind a proxy that sets
	// it, or clients can pick their own address.
	ClientIPHeader string
	// DFRCScores, if set, is the engine sample of DFRC starts the
	// generator shows scores of and draws balanced starts from, in place
	// of the one the project ships (internal/balance); one with no
	// scores turns the sample off.
	DFRCScores *DFRCScores
}

// DefaultPerftBudget is the node budget of one perft request when
// Config.PerftBudget is 0: about a quarter of a second of one CPU.
const DefaultPerftBudget = 50_000_000

// Server is the web app. It is an http.Handler.
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	pages    map[string]*template.Template
	assets   *assets
	perftSem chan struct{}
	heavySem chan struct{}
	// galleryCache holds the unfiltered gallery pages, rendered once.
	galleryCache sync.Map
	// publicPages holds events' public pages, by version.
	publicPages pageCache
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
	// dfrcSample is the engine sample of DFRC starts (nil: none).
	dfrcSample func() *dfrcSample
}

// New returns the web app.
func New(cfg Config) *Server {
	if cfg.PerftBudget == 0 {
		cfg.PerftBudget = DefaultPerftBudget
	}
	if cfg.MaxPerft <= 0 {
		cfg.MaxPerft = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if cfg.MaxHeavy <= 0 {
		cfg.MaxHeavy = runtime.GOMAXPROCS(0)
	}
	if cfg.EngineTime <= 0 {
		cfg.EngineTime = uci.DefaultMaxSearch
	}
	cfg.EngineTime = min(cfg.EngineTime, MaxEngineTime)
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
	s := &Server{cfg: cfg, mux: http.NewServeMux(),
		perftSem: make(chan struct{}, cfg.MaxPerft), heavySem: make(chan struct{}, cfg.MaxHeavy),
		writes:  middleware.NewRateLimiter(cfg.WriteRate, cfg.WriteBurst),
		streams: middleware.NewStreamLimiter(cfg.MaxStreams, cfg.MaxStreamsPerClient), liveMax: liveMaxTime, liveGap: liveGap, liveSpread: liveSpread, liveAfter: time.After,
		dfrcSample: dfrcSampleOnce}
	if cfg.DFRCScores != nil {
		var sample *dfrcSample
		if len(cfg.DFRCScores.Scores) > 0 {
			sample = newDFRCSample(cfg.DFRCScores)
		}
		s.dfrcSample = func() *dfrcSample { return sample }
	}
	s.assets = loadAssets()
	s.pages = s.parseTemplates()
	s.routes()
	return s
}

// handlerFunc is a handler that returns the error to answer with, if any.
type handlerFunc func(w http.ResponseWriter, r *http.Request) *inputError

func (s *Server) routes() {
	api := func(pattern string, h handlerFunc) { s.mux.Handle(pattern, s.apiHandler(h)) }
	page := func(pattern string, h handlerFunc) { s.mux.Handle(pattern, s.pageHandler(h)) }

	// The JSON API: the command line's --json output for the same input.
	api("GET /api/positions/{n}", s.apiPosition)
	api("GET /api/random", s.apiRandom)
	api("GET /api/identify", s.apiIdentify)
	api("GET /api/moves", s.apiMoves)
	api("GET /api/play", s.apiPlayGET)
	api("POST /api/play", s.apiPlayPOST)
	api("GET /api/perft", s.limit(s.perftSem, s.apiPerft))
	api("POST /api/pgn", s.limit(s.heavySem, s.apiPGN))
	api("GET /api/openapi.json", s.apiOpenAPI)
	api("GET /healthz", s.healthz)
	// Engine play and analysis (serve --engine): the engine pool limits
	// them (429 when busy) and the time cap bounds each one.
	api("GET /api/analyse", s.apiAnalyse)
	api("GET /api/engine/move", s.apiEngineMove)
	api("GET /api/engine", s.apiEngine)

	// Pictures.
	api("GET /diagram.svg", s.diagramSVG)
	api("GET /diagram.png", s.limit(s.heavySem, s.diagramPNG))

	// Pages.
	page("GET /{$}", s.home)
	page("GET /pos/{n}", s.posPage)
	page("GET /pos", s.posForm)
	page("GET /identify", s.identifyForm)
	page("GET /random", s.randomRedirect)
	page("GET /dfrc", s.dfrcHome)
	page("GET /dfrc/{name}", s.dfrcPosPage)
	page("GET /dfrc/find", s.dfrcFind)
	page("GET /dfrc/random", s.dfrcRandom)
	page("GET /gallery", s.gallery)
	page("GET /draw", s.draw)
	page("GET /draw/sheet", s.limit(s.heavySem, s.drawSheet))
	page("GET /draw.csv", s.drawCSV)
	page("GET /verify", s.verify)
	page("GET /play", s.limitLong(s.play))
	page("GET /play.pgn", s.playPGN)
	api("GET /play/state", s.limitLong(s.playState))
	page("GET /api", s.apiDocs)
	page("GET /robots.txt", s.robots)
	s.mux.Handle("GET /s/", s.assets)

	// Events: their pages, live stream, exports and API.
	s.eventRoutes(page, api)
}

// ServeHTTP serves a request through the middleware: recover, security
// headers, access log, limits, then the routes (with 404 and 405 answered
// as JSON under /api/ and as pages elsewhere).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := middleware.NewStatusWriter(w)
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			if s.cfg.Logger != nil {
				buf := make([]byte, 4096)
				buf = buf[:runtime.Stack(buf, false)]
				s.cfg.Logger.Error("panic", "path", middleware.RedactPath(r.URL.Path), "panic", v, "stack", string(buf))
			}
			if sw.Status() == 0 {
				s.writeError(sw, r, &inputError{status: http.StatusInternalServerError, code: "internal", msg: "internal error"})
			}
		}
		middleware.LogRequest(s.cfg.Logger, r, sw, start)
	}()
	setSecurityHeaders(sw.Header())
	if isEventPath(r.URL.Path) {
		// Capability URLs: no page of an event tells another site where
		// it came from.
		sw.Header()["Referrer-Policy"] = eventReferrer
		if e := s.limitWrites(r); e != nil {
			s.writeError(sw, r, e)
			return
		}
	}
	if len(r.URL.RawQuery) > 4*maxParam {
		s.writeError(sw, r, &inputError{status: http.StatusRequestURITooLong, code: codeTooLong, msg: "query too long: at most 32768 bytes"})
		return
	}
	h, pattern := s.mux.Handler(r)
	if pattern == "" {
		// Not found, wrong method, or a redirect to the cleaned path: let the
		// mux say which, then answer in our format (redirects pass).
		rec := &headRecorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		switch rec.status {
		case http.StatusNotFound:
			s.writeError(sw, r, &inputError{status: http.StatusNotFound, code: codeNotFound, msg: "no such page: " + quotePath(r.URL.Path)})
			return
		case http.StatusMethodNotAllowed:
			sw.Header().Set("Allow", rec.header.Get("Allow"))
			s.writeError(sw, r, &inputError{status: http.StatusMethodNotAllowed, code: codeMethod,
				msg: "method " + r.Method + " not allowed for " + quotePath(r.URL.Path) + ": use " + rec.header.Get("Allow")})
			return
		}
		h.ServeHTTP(sw, r)
		return
	}
	s.mux.ServeHTTP(sw, r) // sets the path values
}

// isAPI reports whether a path answers errors as JSON.
func isAPI(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/healthz" || strings.HasPrefix(path, "/diagram.") ||
		path == "/play/state"
}

// headRecorder records the status and header of the mux's own answers.
type headRecorder struct {
	header http.Header
	status int
}

func (h *headRecorder) Header() http.Header         { return h.header }
func (h *headRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (h *headRecorder) WriteHeader(code int)        { h.status = code }

// eventReferrer is the Referrer-Policy of event pages: their capability URLs
// go to no other site (and, unlike no-referrer, a same-origin form still
// carries its Origin).
var eventReferrer = []string{"same-origin"}

// contentSecurityPolicy allows only the app's own scripts, styles and
// images; no inline script, no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders are set on every answer. The keys are canonical, so
// they go straight into the header map; nothing changes the value slices.
var securityHeaders = [...]struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=()"}},
}

func setSecurityHeaders(h http.Header) {
	for _, kv := range securityHeaders {
		h[kv.key] = kv.value
	}
}

// limit runs h when a slot of sem is free or frees within queueWait, and
// answers 429 with Retry-After otherwise: a busy server says so quickly,
// and a client that retries in a tight loop is slowed to a few requests a
// second instead of taking the CPU that cheap requests need.
func (s *Server) limit(sem chan struct{}, h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) *inputError {
		select {
		case sem <- struct{}{}:
		default:
			t := time.NewTimer(queueWait)
			select {
			case sem <- struct{}{}:
				t.Stop()
			case <-t.C:
				return errBusy()
			case <-r.Context().Done():
				t.Stop()
				return &inputError{status: 499, code: codeClientGone, msg: "client went away"}
			}
		}
		defer func() { <-sem }()
		return h(w, r)
	}
}

// queueWait is how long an expensive request waits for a free slot before
// it is answered 429.
const queueWait = 100 * time.Millisecond

func errBusy() *inputError {
	return &inputError{status: http.StatusTooManyRequests, retryAfter: 1, code: codeBusy,
		msg: "busy: the server is already running as many of these requests as it allows; retry in a second"}
}

// longGame is the number of moves past which a game is an expensive
// request.
const longGame = 300

// limitLong runs h as an expensive request (see limit) when the query holds
// a long game.
func (s *Server) limitLong(h handlerFunc) handlerFunc {
	heavy := s.limit(s.heavySem, h)
	return func(w http.ResponseWriter, r *http.Request) *inputError {
		if strings.Count(r.URL.RawQuery, ",")+strings.Count(r.URL.RawQuery, "%2C") >= longGame {
			return heavy(w, r)
		}
		return h(w, r)
	}
}

// Timeouts and limits of the HTTP server NewHTTPServer returns.
const (
	ReadHeaderTimeout = 5 * time.Second
	ReadTimeout       = 15 * time.Second
	WriteTimeout      = 30 * time.Second
	// PairTimeout is the longest one pairing of an event may run on this
	// server (event.Limits); with the wait for a pairing slot
	// (event.DefaultPairWait) it ends well before WriteTimeout, so that a
	// client always hears of a change that was made.
	PairTimeout    = 20 * time.Second
	IdleTimeout    = 120 * time.Second
	MaxHeaderBytes = 32 << 10
)

// NewHTTPServer returns an http.Server for h with the timeouts and the
// header size limit set.
func NewHTTPServer(addr string, h http.Handler, log *slog.Logger) *http.Server {
	srv := &http.Server{
		Addr: addr, Handler: h,
		ReadHeaderTimeout: ReadHeaderTimeout, ReadTimeout: ReadTimeout,
		WriteTimeout: WriteTimeout, IdleTimeout: IdleTimeout,
		MaxHeaderBytes: MaxHeaderBytes,
	}
	if log != nil {
		srv.ErrorLog = slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	}
	return srv
}

// Run serves on ln until ctx is done, then shuts down gracefully: it stops
// accepting connections and waits up to grace for the requests in flight
// to finish.
func Run(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
