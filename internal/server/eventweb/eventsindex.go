package eventweb

import (
	"net/http"

	"github.com/chess960/chess960/internal/server/site"
)

// GET /events: what the events are and where to make one. It lists no
// events: an event's public page is found through the link its organiser
// gives out, and nothing here tells one visitor of another's events.
func (s *Server) eventsIndex(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	p := s.site.NewPage(r, "Events", "events")
	p.Description = "Run a Chess960 tournament: players, pairings, results and standings, with no accounts."
	return s.site.WritePage(w, r, "events", p, http.StatusOK, site.CacheNever)
}
