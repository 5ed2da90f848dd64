package middleware

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuf is a bytes.Buffer safe for the LogWriter's goroutine and the
// test's.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLogWriterBuffers: lines are held until a flush, all of them in order
// come out by Close, Close twice is fine, and writers may write at once.
func TestLogWriterBuffers(t *testing.T) {
	var out syncBuf
	l := NewLogWriter(&out, time.Hour) // no tick during the test
	l.Write([]byte("one\n"))
	if got := out.String(); got != "" {
		t.Fatalf("before a flush the output holds %q", got)
	}
	if err := l.Flush(); err != nil || out.String() != "one\n" {
		t.Fatalf("after Flush: %q, %v", out.String(), err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				l.Write([]byte{'a' + byte(i), '\n'})
			}
		}()
	}
	wg.Wait()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 801 || lines[0] != "one" {
		t.Fatalf("%d lines, first %q; want 801, one", len(lines), lines[0])
	}
	for _, ln := range lines[1:] {
		if len(ln) != 1 || ln[0] < 'a' || ln[0] > 'h' {
			t.Fatalf("a torn line %q", ln)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestLogWriterCloseError: Close says when the last lines could not be
// written.
func TestLogWriterCloseError(t *testing.T) {
	l := NewLogWriter(failWriter{}, time.Hour)
	l.Write([]byte("lost\n"))
	if err := l.Close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Close: %v, want the write's error", err)
	}
}
