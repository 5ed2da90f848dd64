package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chess960/chess960/uci"
)

// The helpers the engine commands (analyse, balance, perft-diff) share.

// defaultEngines are tried, in order, when --engine is not given.
var defaultEngines = []string{"stockfish", "/usr/games/stockfish"}

func engineFlag(fs *flag.FlagSet) *string {
	return fs.String("engine", "", "run the UCI engine at `PATH` (default: stockfish on the PATH, then /usr/games/stockfish)")
}

// findEngine returns the engine to run: the --engine value, or the first
// of the default engines that exists.
func findEngine(path string) (string, error) {
	if path != "" {
		return path, nil
	}
	for _, p := range defaultEngines {
		if full, err := exec.LookPath(p); err == nil {
			return full, nil
		}
	}
	return "", errors.New("no engine: stockfish is not on PATH nor at /usr/games/stockfish; install it (Debian: apt-get install stockfish) or give --engine PATH")
}

// startEngine starts an engine with UCI_Chess960 on and the options.
func startEngine(ctx context.Context, path string, opts []uci.Setting, trace io.Writer) (*uci.Engine, error) {
	return uci.Start(ctx, uci.Config{Path: path, Options: opts, Trace: trace, ReadyTimeout: 30 * time.Second})
}

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

// clear erases the line.
func (l *statusLine) clear() {
	if l.on && l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// splitMoves splits a --moves list on spaces and commas.
func splitMoves(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
}
