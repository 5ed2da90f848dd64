package eventweb

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/chess960/chess960/internal/server/site"
)

// app is the app as package server composes it, with only the events:
// the site's middleware, Before, the event routes and the static files.
type app struct {
	*Server
	mux *http.ServeMux
}

func newApp(cfg Config, log *slog.Logger) *app {
	st := site.New(site.Config{Logger: log, KeptPath: IsPath, KeptNav: "events"})
	a := &app{Server: New(cfg, st), mux: http.NewServeMux()}
	a.Routes(a.mux)
	a.mux.Handle("GET /s/", st.Static())
	return a
}

func (a *app) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.site.Serve(w, r, a.mux, a.Before)
}

// newTestLogger is the access log as text, into w.
func newTestLogger(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
