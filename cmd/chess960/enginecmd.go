package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os/exec"
	"strings"
	"time"

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
	if p, ok := lookEngine(); ok {
		return p, nil
	}
	return "", errors.New("no engine: " + noEngineFound + "; install it (Debian: apt-get install stockfish) or give --engine PATH")
}

// noEngineFound says where lookEngine looked.
const noEngineFound = "stockfish is not on PATH nor at /usr/games/stockfish"

// lookEngine returns the first of the default engines that exists.
func lookEngine() (string, bool) {
	for _, p := range defaultEngines {
		if full, err := exec.LookPath(p); err == nil {
			return full, true
		}
	}
	return "", false
}

// engineConfig is how the commands start an engine: with the options,
// and 30 s for its handshake (an engine may load a large network first).
func engineConfig(path string, opts []uci.Setting, trace io.Writer) uci.Config {
	return uci.Config{Path: path, Options: opts, Trace: trace, ReadyTimeout: 30 * time.Second}
}

// startEngine starts an engine with UCI_Chess960 on and the options.
func startEngine(ctx context.Context, path string, opts []uci.Setting, trace io.Writer) (*uci.Engine, error) {
	return uci.Start(ctx, engineConfig(path, opts, trace))
}

// splitMoves splits a --moves list on spaces and commas.
func splitMoves(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
}
