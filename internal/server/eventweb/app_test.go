package eventweb

import (
	"io"
	"log/slog"
	"net/http"

	"github.com/chess960/chess960/internal/event/eventjson"
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

// playerByID is the player of an API answer with the entry number id.
func playerByID(e eventjson.Event, id int) *eventjson.Player {
	for i := range e.Players {
		if e.Players[i].ID == id {
			return &e.Players[i]
		}
	}
	return nil
}

// numberInRound is the pairing number a player had in a round of an API
// answer: the round's own if it keeps one (the field was renumbered after
// it), else the current one.
func numberInRound(r eventjson.Round, p eventjson.Player) int {
	if n, ok := r.Numbers[p.ID]; ok {
		return n
	}
	return p.Number
}
