// Package site is the frame the web app's features share: the error type
// every handler returns and how it is answered (JSON for the API, a page
// elsewhere), strict query parameters, the layout and the templates, the
// static files, gzip, and the middleware every request goes through
// (recover, security headers, access log, 404 and 405 in the app's own
// format).
//
// The features are packages of their own that register routes on a mux
// with the handler kinds of this package (package internal/server holds
// the stateless pages; package internal/server/eventweb the events).
package site

import (
	"bytes"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"sort"
	"strconv"
	"sync"

	"github.com/chess960/chess960/internal/server/web"
)

// Config configures a Site.
type Config struct {
	// Logger receives one record per request (the access log); nil: none.
	Logger *slog.Logger
	// Engine is the name of the engine behind engine play, shown in the
	// navigation; "": none.
	Engine string
	// APIPath reports whether the errors of a path are answered as JSON
	// whatever the method (nil: paths under /api/).
	APIPath func(path string) bool
	// KeptPath reports whether a path's pages show what the server keeps
	// (an event's): a form POSTed there gets its errors as a page, and
	// the error page's footer does not say that nothing is stored
	// (nil: none).
	KeptPath func(path string) bool
	// KeptNav is the navigation section of the error pages of KeptPath.
	KeptNav string
}

// Site renders the pages and answers the errors.
type Site struct {
	cfg    Config
	assets *assets
	mu     sync.RWMutex
	pages  map[string]*template.Template
}

// New returns a site with the layout, the static files and no templates
// yet (Register adds them).
func New(cfg Config) *Site {
	if cfg.APIPath == nil {
		cfg.APIPath = func(p string) bool { return len(p) >= 5 && p[:5] == "/api/" }
	}
	if cfg.KeptPath == nil {
		cfg.KeptPath = func(string) bool { return false }
	}
	s := &Site{cfg: cfg, assets: loadAssets(), pages: map[string]*template.Template{}}
	s.Register("error", nil, "templates/error.html")
	return s
}

// Logger is the access log (nil: none).
func (s *Site) Logger() *slog.Logger { return s.cfg.Logger }

// Static serves the static files (mount it at GET /s/).
func (s *Site) Static() http.Handler { return s.assets }

// AssetURL returns the URL of a static file.
func (s *Site) AssetURL(name string) string { return s.assets.url(name) }

// AssetBody returns the contents of a static file (nil: none such).
func (s *Site) AssetBody(name string) []byte {
	if f := s.assets.files[name]; f != nil {
		return f.body
	}
	return nil
}

// funcs are the functions every template may call.
func (s *Site) funcs() template.FuncMap {
	return template.FuncMap{
		"asset":    s.assets.url,
		"preloads": func(script string) []string { return s.assets.preloads(script, "app.js") },
		"add":      func(a, b int) int { return a + b },
		"sub":      func(a, b int) int { return a - b },
		"mod":      func(a, b int) int { return a % b },
		"at": func(s []string, i int) string {
			if i < len(s) {
				return s[i]
			}
			return ""
		},
		"digits": func(n int) string { return GroupDigits(uint64(n)) },
		"dict": func(kv ...any) map[string]any {
			m := map[string]any{}
			for i := 0; i+1 < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		},
	}
}

// Register parses the page called name: the layout with files (paths in
// package web's FS), which may call the shared functions and extra. It
// panics if they do not parse: they are embedded, so that is a bug.
func (s *Site) Register(name string, extra template.FuncMap, files ...string) {
	t := template.New("layout.html").Funcs(s.funcs()).Funcs(extra)
	t = template.Must(t.ParseFS(web.FS, append([]string{"templates/layout.html"}, files...)...))
	s.mu.Lock()
	s.pages[name] = t
	s.mu.Unlock()
}

// Render executes the page called name.
func (s *Site) Render(w io.Writer, name string, data any) error {
	s.mu.RLock()
	t := s.pages[name]
	s.mu.RUnlock()
	if t == nil {
		panic("site: no page " + strconv.Quote(name))
	}
	return t.Execute(w, data)
}

// Page is what every page's template gets: the title, the current section
// for the navigation, the page's own script, and the static files' URLs.
type Page struct {
	Title       string
	Nav         string
	Description string
	Canonical   string
	Script      string // a module under static/js, or ""
	// HeadJS is a script of web/inline (InlineScript) that runs in the
	// head, before the style sheet and the modules, or "".
	HeadJS template.JS
	Engine string // the engine's name, or "" without one
	Defs   template.HTML
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

// NewPage returns the frame of a page.
func (s *Site) NewPage(r *http.Request, title, nav string) Page {
	return Page{Title: title, Nav: nav, css: s.assets.url("style.css"), Theme: ThemeOf(r), Engine: s.cfg.Engine}
}

// CSS is the URL of the style sheet.
func (p Page) CSS() string { return p.css }

// ThemeOf returns the theme the request's theme cookie holds, which the
// theme switch sets (static/js/app.js): "light" or "dark", or "" when there
// is none or it holds anything else. The server renders it into the page,
// so that no script has to run before the page is painted.
func ThemeOf(r *http.Request) string {
	if r == nil {
		return ""
	}
	c, err := r.Cookie("theme")
	if err != nil || (c.Value != "light" && c.Value != "dark") {
		return ""
	}
	return c.Value
}

// errorPage is the page of a refused request.
type errorPage struct {
	Page
	Status     int
	StatusText string
	Message    string
	Param      string
}

// WritePage renders a page into a buffer first, so that a template error
// cannot leave half a page, and sends it (gzipped when the client takes it).
func (s *Site) WritePage(w http.ResponseWriter, r *http.Request, name string, data any, status int, cache string) *Error {
	body, gz := s.BuildPage(r, name, data)
	SendPage(w, r, body, gz, status, cache)
	return nil
}

// BuildPage renders a page, gzipped if the request takes it and the page
// is worth it; gz says whether it is.
func (s *Site) BuildPage(r *http.Request, name string, data any) (body []byte, gz bool) {
	b := pageBuffers.Get().(*bytes.Buffer)
	b.Reset()
	defer pageBuffers.Put(b)
	if err := s.Render(b, name, data); err != nil {
		panic(err) // our own templates with our own data: a bug
	}
	if b.Len() > 1400 && AcceptsGzip(r) {
		return GzipFast(b.Bytes()), true
	}
	return bytes.Clone(b.Bytes()), false
}

// SendPage writes a page that BuildPage made.
func SendPage(w http.ResponseWriter, r *http.Request, body []byte, gz bool, status int, cache string) {
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

// GroupDigits writes n with commas between groups of three digits.
func GroupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// AssetNames returns the names of the static files, sorted.
func (s *Site) AssetNames() []string {
	names := make([]string, 0, len(s.assets.files))
	for name := range s.assets.files {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
