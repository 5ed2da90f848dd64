package server

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/chess960/chess960/internal/quote"
)

func (s *Server) apiHandler(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

func (s *Server) pageHandler(h handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

// writeError answers with e: a JSON object under /api/ (and for the
// pictures), an error page elsewhere.
//
// A form of the event pages (a POST under /events or /e/) gets a page too.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, e *inputError) {
	h := w.Header()
	h.Del("Content-Disposition")
	h.Del("Content-Encoding")
	h.Set("Cache-Control", "no-store")
	if e.retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(e.retryAfter))
	}
	if isAPI(r.URL.Path) || r.Method != http.MethodGet && r.Method != http.MethodHead && !(r.Method == http.MethodPost && isEventPath(r.URL.Path)) {
		h.Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(e.status)
		w.Write(marshalCLI(errorJSON{Error: e.msg, Code: e.code, Problems: e.problems, Param: e.param, Status: e.status}))
		return
	}
	var b bytes.Buffer
	pg := s.newPage(r, "Error", "")
	if isEventPath(r.URL.Path) {
		// An event's page: the footer says the server keeps events,
		// and the way back is to the events.
		pg.Nav, pg.Kept = "events", true
	}
	if err := s.render(&b, "error", errorPage{page: pg, Status: e.status,
		StatusText: http.StatusText(e.status), Message: e.msg, Param: e.param}); err != nil {
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(e.status)
		w.Write([]byte(e.msg + "\n"))
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Vary", "Cookie") // the theme cookie
	w.WriteHeader(e.status)
	w.Write(b.Bytes())
}

// writeJSONBytes answers 200 with a JSON body.
func writeJSONBytes(w http.ResponseWriter, body []byte, cache string) {
	h := w.Header()
	h["Content-Type"] = jsonType
	h["Cache-Control"] = cacheValues[cache]
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.Write(body)
}

var jsonType = []string{"application/json; charset=utf-8"}

var cacheValues = map[string][]string{cacheStable: {cacheStable}, cacheNever: {cacheNever}}

// Cache policies: the answer of a deterministic request may be kept; a
// random one never.
const (
	cacheStable = "public, max-age=3600"
	cacheNever  = "no-store"
)

// quotePath quotes a request path for a message.
func quotePath(p string) string { return quote.Input(p) }
