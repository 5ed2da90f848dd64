package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgress: the bar, the time left at the rate so far, and the
// redraws, on a clock of the test's own.
func TestProgress(t *testing.T) {
	if got := bar(240, 960, 24); got != "[######------------------] 240/960  25%" {
		t.Errorf("bar %q", got)
	}
	if got := bar(0, 0, 4); got != "[----] 0/0   0%" {
		t.Errorf("empty bar %q", got)
	}
	var b bytes.Buffer
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := newProgress(&b)
	if p.on {
		t.Error("drawn on a buffer")
	}
	p.on, p.now = true, func() time.Time { return clock }
	p.start = clock
	if got := p.eta(0, 10); got != "ETA --" {
		t.Errorf("eta before anything is done: %q", got)
	}
	clock = clock.Add(30 * time.Second)
	if got := p.eta(3, 10); got != "ETA 1m10s" {
		t.Errorf("eta after 3 of 10 in 30 s: %q", got)
	}
	if !p.due() || p.due() {
		t.Error("due: want a first redraw, then none at the same moment")
	}
	clock = clock.Add(200 * time.Millisecond)
	if !p.due() {
		t.Error("not due after 200 ms")
	}
	p.show(strings.Repeat("x", 100))
	if got := b.String(); got != "\r"+strings.Repeat("x", 78)+"…\x1b[K" {
		t.Errorf("a long line: %q", got)
	}
	b.Reset()
	p.clear()
	p.clear() // once drawn, cleared once
	if got := b.String(); got != "\r\x1b[K" {
		t.Errorf("clear %q", got)
	}
}
