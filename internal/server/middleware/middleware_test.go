package middleware

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

const tok = "s3cretT0ken"

// TestRedactPath: every spelling of an admin link that Go's ServeMux
// cleans to /e/{id}/a/{token} (or that holds the token after such an "a")
// loses its token; other paths are kept as they are.
func TestRedactPath(t *testing.T) {
	cases := []struct{ in, want string }{
		{"/e/ev1/a/" + tok, "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/" + tok + "/round/2", "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/" + tok + "/do", "/e/ev1/a/REDACTED"},
		{"//e/ev1/a/" + tok, "//e/ev1/a/REDACTED"},
		{"/e//ev1/a/" + tok, "/e//ev1/a/REDACTED"},
		{"/e/ev1//a/" + tok, "/e/ev1//a/REDACTED"},
		{"/e/ev1/a//" + tok, "/e/ev1/a/REDACTED"},
		{"/e/ev1/./a/" + tok, "/e/ev1/./a/REDACTED"},
		{"/./e/ev1/a/" + tok, "/./e/ev1/a/REDACTED"},
		{"/x/../e/ev1/a/" + tok, "/x/../e/ev1/a/REDACTED"},
		{"/e/ev1/a/x/../" + tok, "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/../a/" + tok, "/e/ev1/a/REDACTED"},
		{"/e/ev1/x/../a/" + tok, "/e/ev1/x/../a/REDACTED"},
		{"/e/ev1/a/" + tok + "/.", "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/" + tok + "/..", "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/" + tok + "/../../x", "/e/ev1/a/REDACTED"},
		{"/e/ev1/a/" + tok + "/", "/e/ev1/a/REDACTED"},
		{"/e/a/a/" + tok, "/e/a/REDACTED"}, // an ID "a": more is hidden, nothing leaks
		// A player's link.
		{"/e/ev1/p/7-" + tok, "/e/ev1/p/REDACTED"},
		{"/e/ev1/p//7-" + tok, "/e/ev1/p/REDACTED"},
		{"/e/ev1/x/../p/7-" + tok, "/e/ev1/x/../p/REDACTED"},
		{"/e/ev1/pgn/1/2", "/e/ev1/pgn/1/2"},
		// Kept: no admin link.
		{"/e/ev1", "/e/ev1"},
		{"/e/ev1/live", "/e/ev1/live"},
		{"/e/ev1/print/pairings/2", "/e/ev1/print/pairings/2"},
		{"/events/new", "/events/new"},
		{"/api/events/ev1/changes", "/api/events/ev1/changes"},
		{"/a/b/c", "/a/b/c"},
		{"/", "/"},
		{"", ""},
	}
	for _, c := range cases {
		if got := RedactPath(c.in); got != c.want {
			t.Errorf("RedactPath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestClientIP(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "10.0.0.1:5555"
	r.Header.Add("X-Forwarded-For", "6.6.6.6")
	r.Header.Add("X-Forwarded-For", "7.7.7.7, 203.0.113.7")
	cases := []struct {
		header, want string
	}{
		{"", "10.0.0.1"},
		{"X-Forwarded-For", "203.0.113.7"}, // the last entry of the last header: the balancer's
		{"X-Real-IP", "10.0.0.1"},          // not sent: the peer
	}
	for _, c := range cases {
		if got := ClientIP(r, c.header); got != c.want {
			t.Errorf("ClientIP(header %q) = %q, want %q", c.header, got, c.want)
		}
	}
	r.Header.Set("X-Real-IP", " ")
	if got := ClientIP(r, "X-Real-IP"); got != "10.0.0.1" {
		t.Errorf("blank header: %q, want the peer", got)
	}
	r.Header.Set("X-Real-IP", strings.Repeat("1", 65))
	if got := ClientIP(r, "X-Real-IP"); got != "10.0.0.1" {
		t.Errorf("a 65-byte header: %q, want the peer", got)
	}
	r.RemoteAddr = "pipe"
	if got := ClientIP(r, ""); got != "pipe" {
		t.Errorf("a peer without a port: %q", got)
	}
}

func TestRateLimiter(t *testing.T) {
	l := NewRateLimiter(2, 3)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l.Now = func() time.Time { return now }
	for i := range 3 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("write %d refused within the burst", i+1)
		}
	}
	if ok, wait := l.Allow("a"); ok || wait != 1 {
		t.Fatalf("past the burst: %v, wait %d; want refused, 1 s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Error("another client shares the bucket")
	}
	now = now.Add(500 * time.Millisecond) // one token back at 2 a second
	if ok, _ := l.Allow("a"); !ok {
		t.Error("refused after the bucket refilled one token")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Error("two tokens from half a second at 2 a second")
	}
	if l.Rate() != 2 {
		t.Errorf("Rate %g", l.Rate())
	}
}

// TestStreamLimiter: one client stops at its share, others still get
// streams up to the total, and closing frees the slot once.
func TestStreamLimiter(t *testing.T) {
	l := NewStreamLimiter(5, 2)
	var rel []func()
	for i := range 2 {
		f, why := l.Acquire("a")
		if f == nil {
			t.Fatalf("a's stream %d refused: %s", i+1, why)
		}
		rel = append(rel, f)
	}
	if f, why := l.Acquire("a"); f != nil || why != ClientFull {
		t.Fatalf("a's third stream: %v, %q; want refused, %q", f != nil, why, ClientFull)
	}
	for _, c := range []string{"b", "b", "c"} {
		f, why := l.Acquire(c)
		if f == nil {
			t.Fatalf("%s refused while a is at its share: %s", c, why)
		}
		rel = append(rel, f)
	}
	if f, why := l.Acquire("d"); f != nil || why != Full {
		t.Fatalf("a sixth stream: %v, %q; want refused, %q", f != nil, why, Full)
	}
	if n, clients := l.Open(); n != 5 || clients != 3 {
		t.Errorf("Open = %d, %d; want 5 streams of 3 clients", n, clients)
	}
	rel[0]()
	rel[0]() // a second call changes nothing
	if n, _ := l.Open(); n != 4 {
		t.Errorf("after one release: %d open, want 4", n)
	}
	if f, _ := l.Acquire("a"); f == nil {
		t.Error("a refused after closing one of its two")
	}
	for _, f := range rel[1:] {
		f()
	}
	if n, clients := l.Open(); n != 1 || clients != 1 {
		t.Errorf("after releases: %d, %d; want 1 stream of 1 client", n, clients)
	}
	if m, p := NewStreamLimiter(3, 0).Limits(); m != 3 || p != 3 {
		t.Errorf("perClient 0: limits %d, %d; want 3, 3", m, p)
	}
}

// TestLogRequest: the record has the redacted path, status and size, and
// no query.
func TestLogRequest(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusTeapot)
		w.Write([]byte("short"))
	})
	r := httptest.NewRequest("GET", "/e/ev1/a/"+tok+"/round/1?seed=sekrit", nil)
	rec := httptest.NewRecorder()
	sw := NewStatusWriter(rec)
	h.ServeHTTP(sw, r)
	LogRequest(log, r, sw, time.Now())
	var got map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("log %q: %v", buf.String(), err)
	}
	if got["path"] != "/e/ev1/a/REDACTED" || got["status"] != float64(418) || got["bytes"] != float64(5) || got["method"] != "GET" {
		t.Errorf("record %v", got)
	}
	if strings.Contains(buf.String(), tok) || strings.Contains(buf.String(), "sekrit") {
		t.Errorf("the log has a secret: %s", buf.String())
	}
	LogRequest(nil, r, sw, time.Now()) // no log: nothing, no panic
}
