package server

import (
	"bytes"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/chess960/chess960/internal/server/web"
)

// page is what every page's template gets: the title, the current section
// for the navigation, the page's own script, and the static files' URLs.
type page struct {
	Title       string
	Nav         string
	Description string
	Canonical   string
	Script      string // a module under static/js, or ""
	Engine      string // the engine's name, or "" without one
	Defs        template.HTML
	// Theme is the theme the visitor chose with the page's switch, "light"
	// or "dark", from the theme cookie; "" follows the system's.
	Theme string
	// File: the page is a file to be read from disk (WriteGallery), not
	// served. It holds its style sheet and scripts (InlineCSS, InlineJS),
	// and has no links to the server's other pages.
	File      bool
	InlineCSS template.CSS
	InlineJS  []template.JS
	// Kept: the page shows what the server keeps (an event), so the
	// footer does not say that nothing is stored.
	Kept bool
	css  string
}

func (s *Server) newPage(r *http.Request, title, nav string) page {
	p := page{Title: title, Nav: nav, css: s.assets.url("style.css"), Theme: themeOf(r)}
	if s.cfg.Engine != nil {
		p.Engine = s.cfg.Engine.Name()
	}
	return p
}

// themeOf returns the theme the request's theme cookie holds, which the
// theme switch sets (static/js/app.js): "light" or "dark", or "" when there
// is none or it holds anything else. The server renders it into the page,
// so that no script has to run before the page is painted.
func themeOf(r *http.Request) string {
	if r == nil {
		return ""
	}
	c, err := r.Cookie("theme")
	if err != nil || (c.Value != "light" && c.Value != "dark") {
		return ""
	}
	return c.Value
}

// CSS is the URL of the style sheet.
func (p page) CSS() string { return p.css }

// errorPage is the page of a refused request.
type errorPage struct {
	page
	Status     int
	StatusText string
	Message    string
	Param      string
}

func (s *Server) parseTemplates() map[string]*template.Template {
	funcs := template.FuncMap{
		"asset": s.assets.url,
		"add":   func(a, b int) int { return a + b },
		"sub":   func(a, b int) int { return a - b },
		"mod":   func(a, b int) int { return a % b },
		"bye":   byeName,
		"sys":   SystemName,
		"at": func(s []string, i int) string {
			if i < len(s) {
				return s[i]
			}
			return ""
		},
		"digits": func(n int) string { return groupDigits(uint64(n)) },
		"dict": func(kv ...any) map[string]any {
			m := map[string]any{}
			for i := 0; i+1 < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		},
	}
	out := map[string]*template.Template{}
	for _, name := range []string{"home", "dfrc", "gallery", "draw", "sheet", "play", "api", "error", "events"} {
		t := template.New("layout.html").Funcs(funcs)
		out[name] = template.Must(t.ParseFS(web.FS, "templates/layout.html", "templates/"+name+".html"))
	}
	for _, name := range []string{"event", "eventnew", "admin"} {
		t := template.New("layout.html").Funcs(funcs)
		out[name] = template.Must(t.ParseFS(web.FS, "templates/layout.html", "templates/eventparts.html", "templates/"+name+".html"))
	}
	return out
}

func (s *Server) render(w io.Writer, name string, data any) error {
	return s.pages[name].Execute(w, data)
}

// writePage renders a page into a buffer first, so that a template error
// cannot leave half a page, and sends it (gzipped when the client takes it).
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, name string, data any, status int, cache string) *inputError {
	body, gz := s.buildPage(r, name, data)
	sendPage(w, r, body, gz, status, cache)
	return nil
}

// buildPage renders a page, gzipped if the request takes it and the page
// is worth it; gz says whether it is.
func (s *Server) buildPage(r *http.Request, name string, data any) (body []byte, gz bool) {
	b := pageBuffers.Get().(*bytes.Buffer)
	b.Reset()
	defer pageBuffers.Put(b)
	if err := s.render(b, name, data); err != nil {
		panic(err) // our own templates with our own data: a bug
	}
	if b.Len() > 1400 && acceptsGzip(r) {
		return gzipFast(b.Bytes()), true
	}
	return bytes.Clone(b.Bytes()), false
}

// sendPage writes a page that buildPage made.
func sendPage(w http.ResponseWriter, r *http.Request, body []byte, gz bool, status int, cache string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", cache)
	h.Set("Vary", "Accept-Encoding, Cookie") // the theme cookie
	if gz {
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// pageBuffers hold pages while they are rendered.
var pageBuffers = sync.Pool{New: func() any { return bytes.NewBuffer(make([]byte, 0, 64<<10)) }}

// GET /robots.txt.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) *inputError {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", cacheStable)
	io.WriteString(w, "User-agent: *\nDisallow: /api/\nDisallow: /diagram.png\nDisallow: /play/state\n")
	return nil
}

// GET /api: the API's documentation page.
func (s *Server) apiDocs(w http.ResponseWriter, r *http.Request) *inputError {
	if err := noQuery(r); err != nil {
		return err
	}
	p := s.newPage(r, "JSON API", "api")
	p.Description = "The chess960 JSON API: the same answers as the command line's --json."
	ap := apiPage{page: p, Budget: groupDigits(s.cfg.PerftBudget), EngineTime: int(s.engineTime() / time.Millisecond)}
	if sz, ok := s.cfg.Engine.(interface{ Size() int }); ok {
		ap.EngineSearches = sz.Size()
	}
	return s.writePage(w, r, "api", ap, http.StatusOK, cacheStable)
}

type apiPage struct {
	page
	Budget         string
	EngineSearches int
	EngineTime     int
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
