// Package middleware is what the web app does around its handlers: it
// names the client of a request (ClientIP), limits each client's writes
// (RateLimiter) and open streams (StreamLimiter), keeps the secrets of
// capability URLs out of the log (RedactPath) and writes the access log
// (StatusWriter, LogRequest, and LogWriter, which buffers it). It knows
// nothing of the app's routes but the shape of an admin link,
// /e/{id}/a/{token}.
package middleware

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

// ClientIP is the client's address: the last entry of the header a load
// balancer sets (such as X-Forwarded-For, whose last entry is the one the
// balancer added), or, with header "" or the header missing or empty, the
// request's peer address without the port. Give a header only behind a
// proxy that sets it, or clients can pick their own address.
func ClientIP(r *http.Request, header string) string {
	if header != "" {
		if v := r.Header.Values(header); len(v) > 0 {
			last := v[len(v)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if ip := strings.TrimSpace(last); ip != "" && len(ip) <= 64 {
				return ip
			}
		}
	}
	h, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return h
}

// Redacted replaces the secret part of a path in the log.
const Redacted = "REDACTED"

// RedactPath returns the path p (a request's decoded URL.Path) fit for the
// log: the token of an admin link /e/{id}/a/{token}/... or of a player's
// link /e/{id}/p/{token} is replaced by REDACTED, in every spelling that can reach the link's handler or a
// redirect to it. Go's ServeMux cleans a path before it routes it (empty
// segments, "." and ".." go) and redirects to the cleaned path, and a
// segment may come percent-encoded (p is decoded: %61 is already "a",
// %2F already "/"). So the rule works on segments, not on positions:
// everything after the first segment "a" or "p" that follows a segment
// "e" is redacted. Whatever cleaning leaves as the token of /e/{id}/a/{token}
// stands after such an "a" (cleaning only removes segments), so it never
// reaches the log; a path that merely looks like one loses its tail,
// which is the safe way to be wrong.
func RedactPath(p string) string {
	seg := strings.Split(p, "/")
	e := -1
	for i, s := range seg {
		if e < 0 {
			if s == "e" {
				e = i
			}
			continue
		}
		if s == "a" || s == "p" {
			return strings.Join(seg[:i+1], "/") + "/" + Redacted
		}
	}
	return p
}

// StatusWriter remembers the status and the size of a response.
type StatusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

// NewStatusWriter wraps w.
func NewStatusWriter(w http.ResponseWriter) *StatusWriter { return &StatusWriter{ResponseWriter: w} }

// Status is the status sent, 0 before any.
func (w *StatusWriter) Status() int { return w.status }

// Bytes is the size of the body written.
func (w *StatusWriter) Bytes() int { return w.bytes }

// WriteHeader sends and remembers the status.
func (w *StatusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write writes and counts the body.
func (w *StatusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// LogRequest writes the access log record of a request answered through
// w, which started at start: method, path (RedactPath), status, bytes,
// duration and the peer. The query is left out: it may hold an arbiter's
// secret seed. A nil log writes nothing.
func LogRequest(log *slog.Logger, r *http.Request, w *StatusWriter, start time.Time) {
	if log == nil {
		return
	}
	status := w.status
	if status == 0 {
		status = http.StatusOK
	}
	ctx := r.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	log.LogAttrs(ctx, slog.LevelInfo, "request",
		slog.String("method", r.Method), slog.String("path", RedactPath(r.URL.Path)),
		slog.Int("status", status), slog.Int("bytes", w.bytes),
		slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr))
}
