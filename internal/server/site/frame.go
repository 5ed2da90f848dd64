package site

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io/fs"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/web"
)

// MaxQuery is the most bytes of a request's query.
const MaxQuery = 4 * MaxParam

// Serve serves a request through the middleware: recover, security
// headers, access log, before (a feature's own limits: a non-nil error is
// the answer), the query's size limit, then mux's routes, with 404 and 405
// answered in the app's format (JSON for the API, pages elsewhere).
func (s *Site) Serve(w http.ResponseWriter, r *http.Request, mux *http.ServeMux, before func(http.ResponseWriter, *http.Request) *Error) {
	start := time.Now()
	sw := middleware.NewStatusWriter(w)
	log := s.cfg.Logger
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			if log != nil {
				buf := make([]byte, 4096)
				buf = buf[:runtime.Stack(buf, false)]
				log.Error("panic", "path", middleware.RedactPath(r.URL.Path), "panic", v, "stack", string(buf))
			}
			if sw.Status() == 0 {
				s.WriteError(sw, r, &Error{Status: http.StatusInternalServerError, Code: "internal", Msg: "internal error"})
			}
		}
		middleware.LogRequest(log, r, sw, start)
	}()
	SetSecurityHeaders(sw.Header())
	if before != nil {
		if e := before(sw, r); e != nil {
			s.WriteError(sw, r, e)
			return
		}
	}
	if len(r.URL.RawQuery) > MaxQuery {
		s.WriteError(sw, r, &Error{Status: http.StatusRequestURITooLong, Code: CodeTooLong, Msg: "query too long: at most 32768 bytes"})
		return
	}
	h, pattern := mux.Handler(r)
	if pattern == "" {
		// Not found, wrong method, or a redirect to the cleaned path: let the
		// mux say which, then answer in our format (redirects pass).
		rec := &headRecorder{header: http.Header{}}
		h.ServeHTTP(rec, r)
		switch rec.status {
		case http.StatusNotFound:
			s.WriteError(sw, r, &Error{Status: http.StatusNotFound, Code: CodeNotFound, Msg: "no such page: " + QuotePath(r.URL.Path)})
			return
		case http.StatusMethodNotAllowed:
			sw.Header().Set("Allow", rec.header.Get("Allow"))
			s.WriteError(sw, r, &Error{Status: http.StatusMethodNotAllowed, Code: CodeMethod,
				Msg: "method " + r.Method + " not allowed for " + QuotePath(r.URL.Path) + ": use " + rec.header.Get("Allow")})
			return
		}
		h.ServeHTTP(sw, r)
		return
	}
	mux.ServeHTTP(sw, r) // sets the path values
}

// headRecorder records the status and header of the mux's own answers.
type headRecorder struct {
	header http.Header
	status int
}

func (h *headRecorder) Header() http.Header         { return h.header }
func (h *headRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (h *headRecorder) WriteHeader(code int)        { h.status = code }

// contentSecurityPolicy allows only the app's own scripts, styles and
// images, and of inline scripts only those of web/inline by their hashes
// (InlineScript); no framing.
var contentSecurityPolicy = "default-src 'self'; script-src 'self'" + inlineHashes() + "; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// inlineHashes returns " 'sha256-...'" for each script of web/inline, in
// the order of their names.
func inlineHashes() string {
	names, err := fs.Glob(web.FS, "inline/*.js")
	if err != nil {
		panic(err) // a constant pattern
	}
	var b strings.Builder
	for _, n := range names {
		body, _ := web.FS.ReadFile(n)
		sum := sha256.Sum256(body)
		b.WriteString(" 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'")
	}
	return b.String()
}

// InlineScript returns the script web/inline/NAME, for a page's HeadJS; it
// panics when there is none such (they are embedded, so that is a bug).
func InlineScript(name string) template.JS {
	body, err := web.FS.ReadFile("inline/" + name)
	if err != nil {
		panic("site: no inline script " + name)
	}
	return template.JS(body)
}

// securityHeaders are set on every answer. The keys are canonical, so
// they go straight into the header map; nothing changes the value slices.
var securityHeaders = [...]struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
	{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=()"}},
}

// SetSecurityHeaders sets the headers every answer carries.
func SetSecurityHeaders(h http.Header) {
	for _, kv := range securityHeaders {
		h[kv.key] = kv.value
	}
}
