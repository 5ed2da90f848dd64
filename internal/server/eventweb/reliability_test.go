package eventweb

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// rawGet sends a request line as given (no client cleans the path) to the
// server at addr, from the local address laddr ("" for any), and returns
// the status. Behind the proxy every stream comes from 127.0.0.1. The connection is closed after the answer's header, so a
// stream is not held.
func rawGet(t *testing.T, addr, laddr, method, target string, hdr map[string]string) int {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second}
	if laddr != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(laddr)}
	}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\nContent-Length: 0\r\n", method, target, addr)
	for k, v := range hdr {
		fmt.Fprintf(&b, "%s: %s\r\n", k, v)
	}
	b.WriteString("\r\n")
	if _, err := conn.Write([]byte(b.String())); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestLogRedactsEveryForm: each spelling of an admin link that reaches
// its handler or a redirect to it, sent as is over a connection, leaves
// the access log without the token.
func TestLogRedactsEveryForm(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	seg := strings.Split(a.base, "/") // "", "e", id, "a", token
	id, tok := seg[2], seg[4]
	srv := httptest.NewServer(c.s)
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	pct := func(s string) string { // every byte percent-encoded
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			fmt.Fprintf(&b, "%%%02X", s[i])
		}
		return b.String()
	}
	cases := []struct {
		method, target string
		status         int
	}{
		{"GET", "/e/" + id + "/a/" + tok, 200},
		{"GET", "/e/" + id + "/a/" + tok + "/round/1", 200},
		{"GET", "/e/" + id + "/a/" + tok + "/print/standings", 200},
		{"GET", "//e/" + id + "/a/" + tok, 307},
		{"GET", "/e//" + id + "/a/" + tok, 307},
		{"GET", "/e/" + id + "//a/" + tok, 307},
		{"GET", "/e/" + id + "/a//" + tok, 307},
		{"GET", "/e/" + id + "/./a/" + tok, 307},
		{"GET", "/./e/" + id + "/a/" + tok, 307},
		{"GET", "/x/../e/" + id + "/a/" + tok, 307},
		{"GET", "/e/" + id + "/a/x/../" + tok, 307},
		{"GET", "/e/" + id + "/x/../a/" + tok, 307},
		{"GET", "/e/" + id + "/a/../a/" + tok, 307},
		{"GET", "/e/" + id + "/a/" + tok + "/.", 307},
		{"GET", "/e/" + id + "/a/" + tok + "/round/1/..", 307},
		{"GET", "/e/" + id + "/a/" + tok + "/../" + tok, 307},
		{"GET", "/e/" + id + "/%61/" + tok, 200},
		{"GET", "/%65/" + id + "/%61/" + pct(tok), 200},
		{"GET", "/e/" + id + "/a/" + pct(tok) + "/round/1", 200},
		{"GET", "/e/" + id + "%2Fa%2F" + tok, 404},
		{"GET", "/e/" + id + "/a/" + tok + "%2F..%2F", 404},
		{"GET", "/e/" + id + "/a/" + tok + "/%2E%2E/x", 404},
		{"GET", "/e/" + id + "/a/" + tok + "/nosuchtab", 404},
		{"POST", "/e/" + id + "/a/" + tok, 405},
		{"POST", "/e/" + id + "/a/" + tok + "/do", 403}, // no CSRF token
		{"POST", "/e/" + id + "/./a/" + tok + "/do", 307},
		{"HEAD", "//e/" + id + "/a/" + tok, 307},
	}
	for _, k := range cases {
		before := len(c.log.String())
		if got := rawGet(t, addr, "", k.method, k.target, nil); got != k.status {
			t.Errorf("%s %s: %d, want %d", k.method, k.target, got, k.status)
		}
		// The record is written once the handler returns, which may be
		// after a long answer reached the client: wait for it (the
		// deadline is a hang guard, not a speed requirement).
		rec := ""
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			if rec = c.log.String()[before:]; strings.Contains(rec, "msg=request") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s %s: no access log record", k.method, k.target)
			}
		}
		if strings.Contains(rec, tok) || strings.Contains(rec, pct(tok)) {
			t.Errorf("%s %s: the token is in the log: %s", k.method, k.target, rec)
		} else if !strings.Contains(rec, "REDACTED") {
			t.Errorf("%s %s: the log does not say REDACTED: %s", k.method, k.target, rec)
		}
	}
}

// TestLiveStreamsPerClient: one client at its share of the live streams
// gets 429, while another client (another peer address, or, behind a
// proxy, another X-Forwarded-For) still gets a stream.
func TestLiveStreamsPerClient(t *testing.T) {
	for _, proxied := range []bool{false, true} {
		t.Run(fmt.Sprintf("proxied=%v", proxied), func(t *testing.T) {
			cfg := Config{MaxStreams: 4}
			if proxied {
				cfg.ClientIPHeader = "X-Forwarded-For"
			}
			c := newEvClient(t, cfg)
			a := newSmallEvent(t, c)
			srv := httptest.NewServer(c.s)
			defer srv.Close()
			live := srv.URL + "/e/" + a.id() + "/live"
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			// open opens a stream from client and leaves it open; it
			// returns the status.
			open := func(client string) int {
				t.Helper()
				tr := &http.Transport{}
				peer := client
				if proxied {
					peer = "127.0.0.1" // the balancer
				}
				tr.DialContext = (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(peer)}}).DialContext
				t.Cleanup(tr.CloseIdleConnections)
				req, _ := http.NewRequestWithContext(ctx, "GET", live, nil)
				if proxied {
					req.Header.Set("X-Forwarded-For", "198.51.100.9, "+client)
				}
				res, err := (&http.Client{Transport: tr}).Do(req)
				if err != nil {
					t.Fatal(err)
				}
				if res.StatusCode != 200 {
					res.Body.Close()
				} else {
					t.Cleanup(func() { res.Body.Close() })
				}
				return res.StatusCode
			}
			one, other := "127.0.0.2", "127.0.0.3"
			if proxied {
				one, other = "203.0.113.1", "203.0.113.2"
			}
			n := 0
			for n <= cfg.MaxStreams && open(one) == 200 {
				n++
			}
			if n == 0 || n >= cfg.MaxStreams {
				t.Fatalf("one client opened %d of %d streams before a 429; want a share, less than all", n, cfg.MaxStreams)
			}
			if got := open(other); got != 200 {
				t.Errorf("another client, while the first holds %d: %d, want a stream", n, got)
			}
			if got, _ := c.s.streams.Open(); got != n+1 {
				t.Errorf("%d streams counted, want %d", got, n+1)
			}
		})
	}
}

// TestPrintGzip: the printed paper is sent gzipped to a client that takes
// it, and is the same document unzipped.
func TestPrintGzip(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	for _, target := range []string{"/e/" + a.id() + "/print/pairings/1", "/e/" + a.id() + "/print/cards/1", a.base + "/print/pairings/1"} {
		plain := httptest.NewRecorder()
		c.s.ServeHTTP(plain, httptest.NewRequest("GET", target, nil))
		r := httptest.NewRequest("GET", target, nil)
		r.Header.Set("Accept-Encoding", "gzip, deflate")
		w := httptest.NewRecorder()
		c.s.ServeHTTP(w, r)
		if plain.Code != 200 || w.Code != 200 {
			t.Fatalf("%s: %d and %d", redactPath(target), plain.Code, w.Code)
		}
		if plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: gzipped for a client that does not take it", redactPath(target))
		}
		if w.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Content-Encoding %q, Vary %q; want gzip, Accept-Encoding", redactPath(target), w.Header().Get("Content-Encoding"), w.Header().Get("Vary"))
			continue
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || string(got) != plain.Body.String() || !strings.Contains(string(got), "<html") {
			t.Errorf("%s: unzipped %d bytes (%v), the plain answer %d", redactPath(target), len(got), err, plain.Body.Len())
		}
		if n := w.Header().Get("Content-Length"); n != fmt.Sprint(w.Body.Len()) && w.Body.Len() != 0 {
			t.Errorf("%s: Content-Length %s", redactPath(target), n)
		}
	}
}

// TestEventsIndex: GET /events is a page that says what events are and
// links to /events/new, and names no event.
func TestEventsIndex(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	r := c.get("/events")
	if r.status != 200 || !strings.Contains(r.body, `href="/events/new"`) || !strings.Contains(r.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /events: %d %.300s", r.status, r.body)
	}
	if strings.Contains(r.body, a.id()) {
		t.Error("GET /events names an event")
	}
	if r.header.Get("Referrer-Policy") != "same-origin" {
		t.Errorf("Referrer-Policy %q", r.header.Get("Referrer-Policy"))
	}
	if r := c.get("/events?x=1"); r.status != 400 {
		t.Errorf("GET /events?x=1: %d, want 400", r.status)
	}
	if r := c.do("PUT", "/events", "", nil, nil); r.status != 405 {
		t.Errorf("PUT /events: %d, want 405", r.status)
	}
}

// TestReferrerPolicyDocumented: docs/web.md states the Referrer-Policy
// the event pages send.
func TestReferrerPolicyDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/web.md")
	if err != nil {
		t.Fatal(err)
	}
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	for _, target := range []string{a.base, "/e/" + a.id(), "/events/new"} {
		got := c.get(target).header.Get("Referrer-Policy")
		if want := "`Referrer-Policy: " + got + "`"; got == "" || !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), want) {
			t.Errorf("%s sends Referrer-Policy %q; docs/web.md does not say %s", redactPath(target), got, want)
		}
	}
}
