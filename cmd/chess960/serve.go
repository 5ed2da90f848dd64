package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/server/eventweb"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/playweb"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/uci"
)

// serveContext is the context serve runs in: until SIGINT or SIGTERM.
// Tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// startEnginePool starts the engine pool of serve, and one engine of it,
// to fail at once on a wrong path. found says the path was not given but
// found by looking (see lookEngine).
func startEnginePool(path string, found bool, size int, maxSearch time.Duration) (server.PoolEngine, error) {
	pool := uci.NewPool(uci.PoolConfig{
		Engine: uci.Config{Path: path, ReadyTimeout: 10 * time.Second},
		Size:   size, MaxSearch: maxSearch,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	name, err := pool.Check(ctx)
	if err != nil {
		pool.Close()
		msg := strings.TrimPrefix(err.Error(), "uci: engine "+quote.Input(path)+": ")
		if found {
			return server.PoolEngine{}, fmt.Errorf("engine %s (found on its own; give --engine PATH, or --engine none to serve without one): %s", quoteArg(path), msg)
		}
		return server.PoolEngine{}, fmt.Errorf("--engine %s: %s", quoteArg(path), msg)
	}
	return server.PoolEngine{Pool: pool, EngineName: name}, nil
}

// serveEngine returns the engine serve runs: the --engine value, none for
// "none", or the one lookEngine finds; and whether it was found so. The
// note says what was chosen, for stderr.
func serveEngine(flagValue string) (path string, found bool, note string) {
	switch flagValue {
	case "none":
		return "", false, "chess960: no engine (--engine none): engine play and analysis are off"
	case "":
		if p, ok := lookEngine(); ok {
			return p, true, ""
		}
		return "", false, "chess960: no engine found (" + noEngineFound + "): engine play and analysis are off; install Stockfish (Debian: apt-get install stockfish) or give --engine PATH"
	}
	return flagValue, false, ""
}

// listenPprof serves Go's profiles on addr, which must be a loopback
// address, until the listener it returns is closed.
func listenPprof(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof %s: %v", quoteArg(addr), err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("--pprof %s: want a loopback address such as 127.0.0.1:6060: the profiles show the server's inner workings", quoteArg(addr))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--pprof %s: %v", quoteArg(addr), err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go http.Serve(ln, mux)
	return ln, nil
}

// The largest values of serve's live-play limits: far past what one
// process can hold, there to catch a slip of the keyboard.
const (
	maxLiveFlag       = 1_000_000
	maxGameWritesFlag = 1_000_000
)

// shutdownGrace is how long serve waits for the requests in flight when it
// is asked to stop.
const shutdownGrace = 10 * time.Second

func init() {
	register(&command{
		name: "serve", args: "[--addr HOST:PORT] [--db PATH|postgres://...] [--client-ip-header HEADER] [--log text|json|off] [--engine PATH|none] [--engine-searches N] [--engine-time MS] [--live-max N] [--live-per-address N] [--game-writes-per-second R] [--pprof HOST:PORT]",
		summary: "run the web app: generator, gallery, arbiter draws, play, and the JSON API",
		detail: `Serves the web app at --addr (default 127.0.0.1:8960; use :8960 to listen on every
interface). It keeps no state: everything a page shows is in its address, so any number of
instances behind a load balancer serve the same app. Events (tournaments, /events/new)
and live play's games (/play, "Play a friend online") are the exception: they live in
the database --db, an SQLite file (default
$CHESS960_DB, else ./chess960.db, created on first use) or a postgres:// URL, which
several instances may share (live pages follow changes through LISTEN/NOTIFY); the
command line's "event" works on the same database. The JSON API under /api/ answers what
the commands print with --json. The access log (one line per request, without the query,
which may hold an arbiter's secret seed) goes to stderr. SIGINT or SIGTERM stop the server
after the requests in flight finish.

With a UCI engine, the play page offers play against the engine and live analysis, and
/api/analyse and /api/engine/move answer. The engine is --engine PATH, else stockfish on
the PATH, else /usr/games/stockfish (as analyse finds it); a line on stderr says which,
or that there is none. --engine none serves without one. The engines run as a pool of
--engine-searches processes, one search each (one thread each, as Stockfish has by
default); a request that finds them all busy is answered 429 with Retry-After. Every search
stops after --engine-time milliseconds. One engine is started at start-up, so a wrong path
fails at once.

Live play's limits: at most --live-max live game connections (/api/games/ID/live, a
player's or a spectator's) are open at once, at most --live-per-address of them from one
client address (default half of --live-max), and each address may write (create a game,
act through the HTTP API) --game-writes-per-second times a second on average, in bursts of
three times that; past them the server answers 429 with Retry-After. The defaults suit
public service; raise them for a load test whose clients all come from one address. Each
connection holds a file descriptor: keep --live-max under the open-file limit (ulimit -n).

--pprof 127.0.0.1:PORT serves Go's profiles (net/http/pprof, under /debug/pprof/) on a
second address of their own, for investigating the server's speed; it must be a loopback
address, since the profiles show the server's inner workings.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			addr := fs.String("addr", "127.0.0.1:8960", "address to listen on, host:port")
			ipHeader := fs.String("client-ip-header", "", "behind a load balancer: the `HEADER` it sets to the client's address (e.g. X-Forwarded-For; its last entry counts), for the per-client write and live-stream limits")
			db := fs.String("db", "", "keep events in this SQLite `PATH` or postgres:// URL (default $CHESS960_DB, else ./chess960.db)")
			logFormat := fs.String("log", "text", "access log format on stderr: text, json or off")
			enginePath := fs.String("engine", "", "offer play against and analysis by the UCI engine at `PATH` (default: stockfish on the PATH, then /usr/games/stockfish, if there is one); none: no engine")
			searches := numberFlag(fs, "engine-searches", int64(max(1, runtime.NumCPU()/2)), 1, 64, "run at most `N` engine searches at once, each on its own process; the default is half the CPUs")
			engineTime := numberFlag(fs, "engine-time", 5000, 100, int64(server.MaxEngineTime/time.Millisecond), "stop every engine search after `MS` milliseconds")
			liveMax := numberFlag(fs, "live-max", playweb.DefaultMaxLive, 1, maxLiveFlag, "keep at most `N` live game connections (players' and spectators') open at once")
			livePerAddr := numberFlag(fs, "live-per-address", 0, 1, maxLiveFlag, "keep at most `N` live game connections open from one client address (default: half of --live-max)")
			eventStreams := numberFlag(fs, "event-streams", eventweb.DefaultMaxStreams, 1, maxLiveFlag, "keep at most `N` live event streams (the event pages' /e/ID/live) open at once, half of them from one client address")
			pprofAddr := fs.String("pprof", "", "serve Go's profiles (/debug/pprof/) on this loopback `HOST:PORT`, apart from the app")
			gameWrites := numberFlag(fs, "game-writes-per-second", playweb.DefaultWriteRate, 1, maxGameWritesFlag, "let one client address make `R` game writes (POSTs under /api/games) a second, in bursts of 3R")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				perAddr := livePerAddr.n
				if !flagSet(fs, "live-per-address") {
					perAddr = max(1, liveMax.n/2)
				} else if perAddr > liveMax.n {
					return usagef("--live-per-address %d is more than --live-max %d: one address cannot hold more connections than all of them", perAddr, liveMax.n)
				}
				if *pprofAddr != "" {
					pln, err := listenPprof(*pprofAddr)
					if err != nil {
						return err
					}
					defer pln.Close()
				}
				var log *slog.Logger
				lw := middleware.NewLogWriter(e.stderr, 200*time.Millisecond)
				defer lw.Close()
				switch *logFormat {
				case "text":
					log = slog.New(slog.NewTextHandler(lw, nil))
				case "json":
					log = slog.New(slog.NewJSONHandler(lw, nil))
				case "off":
				default:
					return fmt.Errorf("--log %q: unknown format: want text, json or off", *logFormat)
				}
				if os.Getenv("GOGC") == "" {
					// The live heap is a few megabytes: collecting at 5x
					// it instead of 2x costs little memory and keeps the
					// latency tail short under load.
					debug.SetGCPercent(400)
				}
				cfg := server.Config{Logger: log, ClientIPHeader: *ipHeader, MaxStreams: int(eventStreams.n),
					MaxLive: int(liveMax.n), MaxLivePerClient: int(perAddr),
					GameWriteRate: float64(gameWrites.n), GameWriteBurst: int(3 * gameWrites.n)}
				dsn := eventDSN(*db)
				st, err := store.Open(context.Background(), dsn)
				if err != nil {
					return fmt.Errorf("--db %s: %v", quoteArg(redactDSN(dsn)), err)
				}
				defer st.Close()
				svc := event.NewService(st)
				// A pairing waits up to PairWait for a slot and runs up to
				// PairTimeout: together well inside the HTTP server's write
				// timeout, so that a change that was made is always
				// answered.
				svc.SetLimits(event.Limits{PairTimeout: server.PairTimeout, Run: server.LowPriority})
				cfg.Events = svc
				// Live play's games, in tables of their own in the same
				// database.
				gst, err := store.OpenWith(context.Background(), dsn, store.Options{Kind: store.Games})
				if err != nil {
					return fmt.Errorf("--db %s: %v", quoteArg(redactDSN(dsn)), err)
				}
				defer gst.Close()
				cfg.Games = game.NewService(gst)
				// The downtime rule (clocks do not run while no instance
				// of the service does), then this instance's heartbeat.
				stopBeat, did, err := cfg.Games.Start(context.Background())
				if err != nil {
					return fmt.Errorf("--db %s: live play's games: %v", quoteArg(redactDSN(dsn)), err)
				}
				defer stopBeat()
				if did.Down {
					fmt.Fprintf(e.stderr, "chess960: the service was down since %s: %d %s in play resumed, the downtime charged to nobody\n",
						did.Since.Format(time.RFC3339), did.Resumed, plural(did.Resumed, "game", "games"))
				}
				for _, err := range did.Failed {
					fmt.Fprintf(e.stderr, "chess960: warning: %v (left as it was)\n", err)
				}
				// The events' games in the app: every event with games in
				// play is synced now (a game that ended during a crash gets
				// its result on its board), then every second.
				cfg.Play = eventplay.New(svc, cfg.Games, log)
				stopPlay, err := cfg.Play.Start(context.Background())
				if err != nil {
					return fmt.Errorf("--db %s: the events' games: %v", quoteArg(redactDSN(dsn)), err)
				}
				defer stopPlay()
				enginesSet := flagSet(fs, "engine-searches") || flagSet(fs, "engine-time")
				if enginesSet && *enginePath == "none" {
					return usagef("--engine-searches and --engine-time set the engine, and --engine none turns it off")
				}
				path, found, note := serveEngine(*enginePath)
				if path == "" && enginesSet {
					return fmt.Errorf("--engine-searches and --engine-time set the engine, but there is none: %s; install it (Debian: apt-get install stockfish) or give --engine PATH", noEngineFound)
				}
				if path != "" {
					pool, err := startEnginePool(path, found, int(searches.n), time.Duration(engineTime.n)*time.Millisecond)
					if err != nil {
						return err
					}
					defer pool.Close()
					cfg.Engine, cfg.EngineTime = pool, time.Duration(engineTime.n)*time.Millisecond
					note = fmt.Sprintf("chess960: engine %s at %s (%d %s at once, %d ms each at most)", pool.Name(), path, pool.Size(), plural(pool.Size(), "search", "searches"), engineTime.n)
				}
				fmt.Fprintln(e.stderr, note)
				if os.Getenv("GOMAXPROCS") == "" {
					// Perft counts hold a P each while they run, on a thread
					// the kernel serves last (nice 10): give them Ps of their
					// own, so that the cheap requests keep one per CPU.
					n := runtime.GOMAXPROCS(0)
					cfg.MaxPerft = max(1, n/2)
					runtime.GOMAXPROCS(n + cfg.MaxPerft)
				}
				ln, err := net.Listen("tcp", *addr)
				if err != nil {
					return fmt.Errorf("--addr %q: %v", *addr, err)
				}
				ctx, stop := serveContext()
				defer stop()
				srv := server.NewHTTPServer(*addr, server.New(cfg), log)
				fmt.Fprintf(e.stderr, "chess960: serving on http://%s (events in %s; Ctrl+C stops)\n", ln.Addr(), redactDSN(dsn))
				flush(e)
				err = server.Run(ctx, srv, ln, shutdownGrace)
				if err != nil {
					return fmt.Errorf("serve: %v", err)
				}
				fmt.Fprintln(e.stderr, "chess960: stopped")
				return nil
			}
		},
	})
}
