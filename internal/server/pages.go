package server

import (
	"io"
	"net/http"
	"time"

	"github.com/chess960/chess960/internal/server/site"
)

// registerTemplates registers the pages of the server's own.
func (s *Server) registerTemplates() {
	for _, name := range []string{"home", "dfrc", "gallery", "draw", "sheet", "play", "api"} {
		s.site.Register(name, nil, "templates/"+name+".html")
	}
}

// GET /robots.txt.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) *site.Error {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", site.CacheStable)
	io.WriteString(w, "User-agent: *\nDisallow: /api/\nDisallow: /diagram.png\nDisallow: /play/state\n")
	return nil
}

// GET /api: the API's documentation page.
func (s *Server) apiDocs(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	p := s.site.NewPage(r, "JSON API", "api")
	p.Description = "The chess960 JSON API: the same answers as the command line's --json."
	ap := apiPage{Page: p, Budget: site.GroupDigits(s.cfg.PerftBudget), EngineTime: int(s.engineTime() / time.Millisecond)}
	if sz, ok := s.cfg.Engine.(interface{ Size() int }); ok {
		ap.EngineSearches = sz.Size()
	}
	return s.site.WritePage(w, r, "api", ap, http.StatusOK, site.CacheStable)
}

type apiPage struct {
	site.Page
	Budget         string
	EngineSearches int
	EngineTime     int
}
