package site

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// newTestSite is a site whose kept paths are under /k/.
func newTestSite() *Site {
	return New(Config{KeptPath: func(p string) bool { return strings.HasPrefix(p, "/k/") }, KeptNav: "kept"})
}

// TestWriteErrorFormats: the API's paths and the writes get JSON; a GET
// and a form POSTed to a kept path get a page, the kept one saying the
// server keeps it.
func TestWriteErrorFormats(t *testing.T) {
	s := newTestSite()
	e := &Error{Status: 422, Param: "x", Code: "state", Msg: `x "y": no`, RetryAfter: 3}
	for _, c := range []struct {
		method, path string
		json, kept   bool
	}{
		{"GET", "/api/a", true, false},
		{"POST", "/api/a", true, false},
		{"GET", "/a", false, false},
		{"POST", "/a", true, false},
		{"DELETE", "/k/a", true, false},
		{"POST", "/k/a", false, true},
		{"GET", "/k/a", false, true},
	} {
		w := httptest.NewRecorder()
		s.WriteError(w, httptest.NewRequest(c.method, c.path, nil), e)
		if w.Code != 422 || w.Header().Get("Retry-After") != "3" || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s %s: %d, Retry-After %q, Cache-Control %q", c.method, c.path, w.Code, w.Header().Get("Retry-After"), w.Header().Get("Cache-Control"))
		}
		body := w.Body.String()
		if c.json {
			var got ErrorJSON
			if err := json.Unmarshal([]byte(body), &got); err != nil || got.Error != `x "y": no` || got.Code != "state" || got.Param != "x" || got.Status != 422 {
				t.Errorf("%s %s: JSON %q (%v)", c.method, c.path, body, err)
			}
			continue
		}
		if !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") || !strings.Contains(body, "x &#34;y&#34;: no") {
			t.Errorf("%s %s: not the error page: %q %.300s", c.method, c.path, w.Header().Get("Content-Type"), body)
		}
		if kept := !strings.Contains(body, "Nothing is stored on the server"); kept != c.kept {
			t.Errorf("%s %s: the footer says nothing is stored: %v, want %v", c.method, c.path, !kept, !c.kept)
		}
	}
}

// TestServe404And405: the mux's own answers come in the app's format.
func TestServe404And405(t *testing.T) {
	s := newTestSite()
	mux := http.NewServeMux()
	mux.Handle("GET /api/x", s.Handler(func(w http.ResponseWriter, r *http.Request) *Error { return BadParam("n", "7", "odd") }))
	mux.Handle("GET /p", s.Handler(func(w http.ResponseWriter, r *http.Request) *Error { panic("a bug") }))
	serve := func(method, target string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		s.Serve(w, httptest.NewRequest(method, target, nil), mux, nil)
		return w
	}
	if w := serve("GET", "/api/nothing"); w.Code != 404 || !strings.Contains(w.Body.String(), `"code": "notFound"`) {
		t.Errorf("404 under /api/: %d %s", w.Code, w.Body)
	}
	if w := serve("POST", "/api/x"); w.Code != 405 || w.Header().Get("Allow") == "" || !strings.Contains(w.Body.String(), "method POST not allowed") {
		t.Errorf("405: %d %q %s", w.Code, w.Header().Get("Allow"), w.Body)
	}
	if w := serve("GET", "/api/x"); w.Code != 400 || !strings.Contains(w.Body.String(), `n \"7\": odd`) {
		t.Errorf("the handler's error: %d %s", w.Code, w.Body)
	}
	if w := serve("GET", "/p"); w.Code != 500 || strings.Contains(w.Body.String(), "a bug") {
		t.Errorf("a panic: %d %.200s", w.Code, w.Body)
	}
	if w := serve("GET", "/api/x?"+strings.Repeat("a", MaxQuery+1)); w.Code != http.StatusRequestURITooLong {
		t.Errorf("a long query: %d", w.Code)
	}
	if w := serve("GET", "/nothing"); w.Header().Get("Content-Security-Policy") == "" || w.Header().Get("X-Frame-Options") != "DENY" {
		t.Errorf("security headers missing: %v", w.Header())
	}
	before := func(w http.ResponseWriter, r *http.Request) *Error {
		return &Error{Status: 429, Code: CodeBusy, Msg: "slow down"}
	}
	w := httptest.NewRecorder()
	s.Serve(w, httptest.NewRequest("GET", "/api/x", nil), mux, before)
	if w.Code != 429 || !strings.Contains(w.Body.String(), "slow down") {
		t.Errorf("before's answer: %d %s", w.Code, w.Body)
	}
}

// TestQueryStrict: a repeated, overlong or unknown parameter is refused,
// naming it.
func TestQueryStrict(t *testing.T) {
	for _, c := range []struct{ raw, code, msg string }{
		{"a=1&a=2", CodeRepeated, `a "2": given 2 times`},
		{"a=" + strings.Repeat("x", MaxParam+1), CodeTooLong, "too long: at most 8192 bytes"},
		{"a=%zz", CodeInvalid, "malformed"},
	} {
		_, e := ParseQuery(c.raw)
		if e == nil || e.Code != c.code || !strings.Contains(e.Msg, c.msg) || len(e.Msg) > 200 {
			t.Errorf("%.40q: %+v, want code %s and %q", c.raw, e, c.code, c.msg)
		}
	}
	q, _ := ParseQuery("n=12&f=off&x=")
	if e := q.Only("n", "f"); e == nil || e.Code != CodeUnknown || e.Param != "x" {
		t.Errorf("Only: %+v", e)
	}
	if n, e := q.Int("n", 1, 10, 5); e == nil || e.Code != CodeRange || n != 0 {
		t.Errorf("Int out of range: %d %+v", n, e)
	}
	if n, e := q.Int("m", 1, 10, 5); e != nil || n != 5 {
		t.Errorf("Int absent: %d %+v", n, e)
	}
	if f, e := q.Flag("f"); e != nil || f {
		t.Errorf("Flag off: %v %+v", f, e)
	}
}

// TestAcceptsGzip: q=0 refuses gzip; any other weight takes it.
func TestAcceptsGzip(t *testing.T) {
	for v, want := range map[string]bool{"gzip": true, "br, gzip;q=0.5": true, "gzip;q=0": false, "GZIP ; q=0": false, "br": false, "": false} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", v)
		if got := AcceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", v, got, want)
		}
	}
}

// TestPreloads: a page's script gets a modulepreload link for each module
// it imports statically, directly or through another, once, but app.js
// (every page loads it anyway); dynamic imports and comments do not count.
func TestPreloads(t *testing.T) {
	a := &assets{hash: "h", files: map[string]*asset{
		"js/page.js":  {body: []byte("// import \"./nope.js\"\nimport { x } from \"./app.js\";\nimport {\n  a, b } from './board.js';\nimport \"./side.js\";\nconst m = import(\"./lazy.js\");\n")},
		"js/board.js": {body: []byte("import { y } from \"./util.js\";\n")},
		"js/side.js":  {body: []byte("import { z } from \"./util.js\";\nimport \"./page.js\";\n")},
		"js/util.js":  {body: []byte("export const z = 1;\n")},
		"js/app.js":   {body: []byte("export const x = 1;\n")},
	}, imports: map[string][]string{}}
	for name := range a.files {
		a.imports[name] = a.closure(name)
	}
	got := strings.Join(a.preloads("page.js", "app.js"), " ")
	if want := "/s/h/js/board.js /s/h/js/util.js /s/h/js/side.js"; got != want {
		t.Errorf("preloads(page.js) = %q, want %q", got, want)
	}
	if got := a.preloads("util.js", "app.js"); len(got) != 0 {
		t.Errorf("preloads(util.js) = %q, want none", got)
	}
	if got := a.preloads("missing.js"); len(got) != 0 {
		t.Errorf("preloads(missing.js) = %q, want none", got)
	}
	// The real game page's script imports board.js.
	s := newTestSite()
	if got := s.assets.preloads("live.js", "app.js"); len(got) != 1 || !strings.HasSuffix(got[0], "/js/board.js") {
		t.Errorf("live.js preloads %q, want board.js alone", got)
	}
}
