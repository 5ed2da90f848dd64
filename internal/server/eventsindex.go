package server

import "net/http"

// GET /events: what the events are and where to make one. It lists no
// events: an event's public page is found through the link its organiser
// gives out, and nothing here tells one visitor of another's events.
func (s *Server) eventsIndex(w http.ResponseWriter, r *http.Request) *inputError {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	if e := noQuery(r); e != nil {
		return e
	}
	p := s.newPage(r, "Events", "events")
	p.Description = "Run a Chess960 tournament: players, pairings, results and standings, with no accounts."
	return s.writePage(w, r, "events", p, http.StatusOK, cacheNever)
}
