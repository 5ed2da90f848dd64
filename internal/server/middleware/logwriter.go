package middleware

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// LogWriter buffers the access log and writes it out at least every
// interval, so that a busy server does not pay a system call per request.
// Close writes what is left.
type LogWriter struct {
	mu       sync.Mutex
	w        *bufio.Writer
	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
	err      error // the last flush's, which Close returns
}

// NewLogWriter returns a LogWriter that writes to w.
func NewLogWriter(w io.Writer, interval time.Duration) *LogWriter {
	l := &LogWriter{w: bufio.NewWriterSize(w, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				l.Flush()
			case <-l.stop:
				l.err = l.Flush()
				return
			}
		}
	}()
	return l
}

// Write buffers p.
func (l *LogWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Flush writes out what is buffered.
func (l *LogWriter) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Flush()
}

// Close writes out what is buffered and stops the timer; it returns the
// error of that last write. Closing again does nothing more.
func (l *LogWriter) Close() error {
	l.stopOnce.Do(func() { close(l.stop) })
	<-l.done
	return l.err
}
