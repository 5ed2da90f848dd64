// Package server is the web app of chess960 serve. It composes the
// features, each a package of its own over the frame of package site
// (errors, templates, static files and the middleware every request goes
// through): the pages of its own (generator, gallery of all 960, arbiter
// draws with commit and reveal, play, the JSON API, which returns what the
// command line prints with --json, and the pictures), and the tournaments
// of package eventweb when it has a database.
//
// Every page of this package is a function of its URL: any number of
// instances behind any load balancer serve the same app. The events live
// in the database, which all instances share (see package eventweb).
// Every request is bounded: parameters and bodies have size limits, perft
// has a node budget, expensive requests have a concurrency limit past
// which they are answered 429 with Retry-After, and writes and live
// streams are limited per client. Bad input gets a 4xx that names the
// input and the reason: JSON for the API, a page for the pages.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	livegame "github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/eventweb"
	"github.com/chess960/chess960/internal/server/playweb"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/server/web"
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
	// Games keeps live play's games (the API under /api/games); nil:
	// those routes answer 404, saying the server runs without a
	// database.
	Games *livegame.Service
	// Play plays the events' rounds in the app, over Events and Games;
	// nil with both set: New makes one, without its sweep (serve starts
	// the sweep: eventplay.Coordinator.Start).
	Play *eventplay.Coordinator
	// WriteRate and WriteBurst are the token bucket of writes (POSTs
	// under /events, /e/ and /api/events) per client IP, per second
	// (defaults eventweb.DefaultWriteRate and eventweb.DefaultWriteBurst).
	WriteRate  float64
	WriteBurst int
	// MaxStreams is how many live streams may be open at once (default
	// eventweb.DefaultMaxStreams); MaxStreamsPerClient is how many of them one
	// client address may hold (default half of MaxStreams, so that the
	// phones behind one venue's NAT all get one, and one address still
	// cannot shut the others out). Past either, a stream is answered 429.
	MaxStreams          int
	MaxStreamsPerClient int
	// GameWriteRate and GameWriteBurst are the token bucket of live
	// play's writes (POSTs under /api/games) per client IP, per second
	// (defaults playweb.DefaultWriteRate and playweb.DefaultWriteBurst).
	GameWriteRate  float64
	GameWriteBurst int
	// MaxLive is how many live play connections (/api/games/{id}/live)
	// may be open at once (default playweb.DefaultMaxLive);
	// MaxLivePerClient is how many of them one client address may hold
	// (default half of MaxLive). Past either, one is answered 429.
	MaxLive          int
	MaxLivePerClient int
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
	site     *site.Site
	events   *eventweb.Server
	games    *playweb.Server
	openAPI  []byte
	perftSem chan struct{}
	heavySem chan struct{}
	// galleryCache holds the unfiltered gallery pages, rendered once.
	galleryCache sync.Map
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
	sc := site.Config{Logger: cfg.Logger, APIPath: isAPI, KeptPath: eventweb.IsPath, KeptNav: "events"}
	if cfg.Engine != nil {
		sc.Engine = cfg.Engine.Name()
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), site: site.New(sc),
		perftSem: make(chan struct{}, cfg.MaxPerft), heavySem: make(chan struct{}, cfg.MaxHeavy),
		dfrcSample: dfrcSampleOnce}
	if cfg.Play == nil && cfg.Events != nil && cfg.Games != nil {
		cfg.Play = eventplay.New(cfg.Events, cfg.Games, cfg.Logger)
	}
	s.events = eventweb.New(eventweb.Config{Events: cfg.Events, WriteRate: cfg.WriteRate, WriteBurst: cfg.WriteBurst,
		MaxStreams: cfg.MaxStreams, MaxStreamsPerClient: cfg.MaxStreamsPerClient, ClientIPHeader: cfg.ClientIPHeader, Play: cfg.Play}, s.site)
	s.games = playweb.New(playweb.Config{Games: cfg.Games, ClientIPHeader: cfg.ClientIPHeader,
		WriteRate: cfg.GameWriteRate, WriteBurst: cfg.GameWriteBurst, MaxLive: cfg.MaxLive, MaxLivePerClient: cfg.MaxLivePerClient}, s.site)
	if cfg.DFRCScores != nil {
		var sample *dfrcSample
		if len(cfg.DFRCScores.Scores) > 0 {
			sample = newDFRCSample(cfg.DFRCScores)
		}
		s.dfrcSample = func() *dfrcSample { return sample }
	}
	openAPI, err := web.FS.ReadFile("openapi.json")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	s.openAPI = openAPI
	s.registerTemplates()
	s.routes()
	return s
}

func (s *Server) routes() {
	api := func(pattern string, h site.HandlerFunc) { s.mux.Handle(pattern, s.site.Handler(h)) }
	page := api
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
	s.mux.Handle("GET /s/", s.site.Static())

	// Events: their pages, live stream, exports and API.
	s.events.Routes(s.mux)

	// Live play's games: their API.
	s.games.Routes(s.mux)
}

// ServeHTTP serves a request through the site's middleware (recover,
// security headers, access log), the events' own limits, then the routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.site.Serve(w, r, s.mux, s.before)
}

// before runs the features' own limits: the events', then the games'.
func (s *Server) before(w http.ResponseWriter, r *http.Request) *site.Error {
	if e := s.events.Before(w, r); e != nil {
		return e
	}
	return s.games.Before(w, r)
}

// isAPI reports whether a path answers errors as JSON.
func isAPI(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/healthz" || strings.HasPrefix(path, "/diagram.") ||
		path == "/play/state"
}

// limit runs h when a slot of sem is free or frees within queueWait, and
// answers 429 with Retry-After otherwise: a busy server says so quickly,
// and a client that retries in a tight loop is slowed to a few requests a
// second instead of taking the CPU that cheap requests need.
func (s *Server) limit(sem chan struct{}, h site.HandlerFunc) site.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) *site.Error {
		select {
		case sem <- struct{}{}:
		default:
			t := time.NewTimer(queueWait)
			select {
			case sem <- struct{}{}:
				t.Stop()
			case <-t.C:
				return site.Busy()
			case <-r.Context().Done():
				t.Stop()
				return &site.Error{Status: 499, Code: site.CodeClientGone, Msg: "client went away"}
			}
		}
		defer func() { <-sem }()
		return h(w, r)
	}
}

// queueWait is how long an expensive request waits for a free slot before
// it is answered 429.
const queueWait = 100 * time.Millisecond

// longGame is the number of moves past which a game is an expensive
// request.
const longGame = 300

// limitLong runs h as an expensive request (see limit) when the query holds
// a long game.
func (s *Server) limitLong(h site.HandlerFunc) site.HandlerFunc {
	heavy := s.limit(s.heavySem, h)
	return func(w http.ResponseWriter, r *http.Request) *site.Error {
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
