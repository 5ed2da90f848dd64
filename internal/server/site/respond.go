package site

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
)

// HandlerFunc is a handler that returns the error to answer with, if any.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) *Error

// Handler answers h's errors with WriteError.
func (s *Site) Handler(h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.WriteError(w, r, err)
		}
	})
}

// WriteError answers with e: a JSON object under the API's paths (and for
// any method but GET and HEAD), an error page elsewhere.
//
// A form of the pages that show what the server keeps (a POST to a
// KeptPath) gets a page too.
func (s *Site) WriteError(w http.ResponseWriter, r *http.Request, e *Error) {
	h := w.Header()
	h.Del("Content-Disposition")
	h.Del("Content-Encoding")
	h.Set("Cache-Control", "no-store")
	if e.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	kept := s.cfg.KeptPath(r.URL.Path)
	if s.cfg.APIPath(r.URL.Path) || r.Method != http.MethodGet && r.Method != http.MethodHead && !(r.Method == http.MethodPost && kept) {
		h.Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(e.Status)
		w.Write(MarshalCLI(ErrorJSON{Error: e.Msg, Code: e.Code, Problems: e.Problems, Param: e.Param, Status: e.Status}))
		return
	}
	var b bytes.Buffer
	pg := s.NewPage(r, "Error", "")
	if kept {
		// The footer says the server keeps these pages' contents, and
		// the way back is to their section.
		pg.Nav, pg.Kept = s.cfg.KeptNav, true
	}
	if err := s.Render(&b, "error", errorPage{Page: pg, Status: e.Status,
		StatusText: http.StatusText(e.Status), Message: e.Msg, Param: e.Param}); err != nil {
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(e.Status)
		w.Write([]byte(e.Msg + "\n"))
		return
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Vary", "Cookie") // the theme cookie
	w.WriteHeader(e.Status)
	w.Write(b.Bytes())
}

// MarshalCLI encodes v as the command line writes it (writeJSON):
// indented by two spaces, with a final newline.
func MarshalCLI(v any) []byte {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		// Only the app's own values are encoded; they always encode.
		panic(err)
	}
	return append(b, '\n')
}

// WriteJSONBytes answers 200 with a JSON body.
func WriteJSONBytes(w http.ResponseWriter, body []byte, cache string) {
	h := w.Header()
	h["Content-Type"] = jsonType
	h["Cache-Control"] = cacheValues[cache]
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.Write(body)
}

// JSONType is the Content-Type of a JSON answer, as a header value.
var jsonType = []string{"application/json; charset=utf-8"}

// JSONType returns the Content-Type of a JSON answer as a header value
// (shared: do not change it).
func JSONType() []string { return jsonType }

var cacheValues = map[string][]string{CacheStable: {CacheStable}, CacheNever: {CacheNever}}

// Cache policies: the answer of a deterministic request may be kept; a
// random one never.
const (
	CacheStable = "public, max-age=3600"
	CacheNever  = "no-store"
)
