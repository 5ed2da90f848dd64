package main

// Progress on stderr, for long work (analyse, balance, perft, pgn): drawn only
// when stderr is a terminal, as one line redrawn in place, so that stdout
// stays clean for pipes and stderr for messages.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"
)

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// statusLine draws one line of progress on a terminal, redrawn in place;
// it does nothing when the writer is not a terminal.
type statusLine struct {
	w     io.Writer
	on    bool
	drawn bool
}

func newStatusLine(w io.Writer) *statusLine { return &statusLine{w: w, on: isTerminal(w)} }

// show replaces the line with s, cut to 79 characters.
func (l *statusLine) show(s string) {
	if !l.on {
		return
	}
	if utf8.RuneCountInString(s) > 79 {
		r := []rune(s)
		s = string(r[:78]) + "…"
	}
	fmt.Fprintf(l.w, "\r%s\x1b[K", s)
	l.drawn = true
}

// clear erases the line, before another line goes to the writer.
func (l *statusLine) clear() {
	if l.on && l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// progress is a status line for work that takes a while: it knows when
// the work began, so it can tell the rate and the time left, and how
// often the line was redrawn.
type progress struct {
	*statusLine
	start, last time.Time
	now         func() time.Time // time.Now; tests set a clock
}

func newProgress(w io.Writer) *progress {
	p := &progress{statusLine: newStatusLine(w), now: time.Now}
	p.start = p.now()
	return p
}

// elapsed returns the time since the work began.
func (p *progress) elapsed() time.Duration { return p.now().Sub(p.start) }

// due reports whether the line may be redrawn: at most five times a
// second (a redraw for every item of fast work would cost more than it).
func (p *progress) due() bool {
	now := p.now()
	if !p.last.IsZero() && now.Sub(p.last) < 200*time.Millisecond {
		return false
	}
	p.last = now
	return true
}

// eta returns "ETA 1m5s", the time left to do total once done of it are
// done at the rate so far, or "ETA --" before anything is done.
func (p *progress) eta(done, total float64) string {
	if done <= 0 {
		return "ETA --"
	}
	left := time.Duration(float64(p.elapsed()) / done * (total - done))
	return "ETA " + left.Round(time.Second).String()
}

// bar returns a bar of width characters for done of total, with the
// numbers: "[######------------------] 240/960  25%".
func bar(done, total, width int) string {
	fill := width * done / max(total, 1)
	return fmt.Sprintf("[%s%s] %d/%d %3.0f%%", strings.Repeat("#", fill), strings.Repeat("-", width-fill),
		done, total, 100*float64(done)/float64(max(total, 1)))
}
