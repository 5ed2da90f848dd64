package uci

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// Divide is an engine's answer to "go perft N": the count below each root
// move, keyed by the move as the engine wrote it (in lower case), in the
// order it printed them, and the total it reported.
type Divide struct {
	Counts map[string]uint64
	Order  []string
	// Total is the engine's own total ("Nodes searched: N"), if it
	// printed one (HasTotal).
	Total    uint64
	HasTotal bool
}

// Sum returns the sum of the counts.
func (d Divide) Sum() uint64 {
	var n uint64
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// ParseDivideLine reads one line of a perft divide: a move in UCI
// notation and its count, in any of the usual forms: "e2e4: 20" (as
// Stockfish prints it), "e2e4 20", "e2e4:20", "e2e4 - 20", or with a
// trailing word ("e2e4: 20 nodes"). It reports false for any other line.
func ParseDivideLine(line string) (move string, count uint64, ok bool) {
	w, rest := nextWord(line)
	w, colon := strings.CutSuffix(w, ":")
	if i := strings.IndexByte(w, ':'); i >= 0 && !colon {
		// "e2e4:20"
		rest = " " + w[i+1:] + rest
		w = w[:i]
	}
	if !looksLikeMove(w) || w == "0000" {
		return "", 0, false
	}
	n, rest := nextWord(rest)
	if n == ":" || n == "-" || n == "=" {
		n, rest = nextWord(rest)
	}
	c, err := decimal.Uint(n, math.MaxUint64)
	if err != nil {
		return "", 0, false
	}
	if extra, _ := nextWord(rest); extra != "" && !strings.EqualFold(extra, "nodes") {
		return "", 0, false
	}
	return strings.ToLower(w), c, true
}

// parseTotalLine reads the total of a divide: "Nodes searched: N" (as
// Stockfish prints it), "Nodes: N", "Total: N", "Total nodes: N", "total
// N", "Perft N: COUNT" is not one.
func parseTotalLine(line string) (uint64, bool) {
	f := strings.Fields(strings.ToLower(strings.ReplaceAll(line, ":", " ")))
	if len(f) < 2 || len(f) > 3 {
		return 0, false
	}
	switch strings.Join(f[:len(f)-1], " ") {
	case "nodes searched", "nodes", "total", "total nodes", "nodes total", "total nodes searched":
	default:
		return 0, false
	}
	n, err := decimal.Uint(f[len(f)-1], math.MaxUint64)
	return n, err == nil
}

// Perft asks the engine for the divide of the position start + moves to
// depth ("go perft depth", which Stockfish and many engines understand),
// and reads its lines until its total ("Nodes searched: N" and the like).
// For an engine that prints no total, an "isready" is sent after the
// command: an engine that counts on its main thread answers it after its
// divide, which then ends when the engine has been quiet for a moment. An
// engine that answers isready at once while it counts (as Stockfish does)
// and prints no total is taken to be done once it has been quiet after
// giving at least as many moves as the position has legal moves; if it
// gives fewer, only the context ends the wait. A bestmove means the engine
// searched instead of counting: ErrProtocol. The moves must be legal
// (ErrPosition); the engine's moves are not checked here.
func (e *Engine) Perft(ctx context.Context, start chess.Position, moves []chess.Move, depth int) (Divide, error) {
	const op = "perft"
	d := Divide{Counts: map[string]uint64{}}
	if depth < 1 {
		return d, &Error{Engine: e.Name(), Op: op, Err: ErrLimits, Detail: fmt.Sprintf("depth %d: want 1 or more", depth)}
	}
	cmd, pos, detail := e.positionCommand(start, moves)
	if detail != "" {
		return d, &Error{Engine: e.Name(), Op: op, Err: ErrPosition, Detail: detail}
	}
	legal := pos.CountLegalMoves()
	if err := e.acquire(ctx, op); err != nil {
		return d, err
	}
	defer e.release()
	for _, c := range []string{string(cmd), "go perft " + strconv.Itoa(depth), "isready"} {
		if err := e.send(ctx, op, c); err != nil {
			return d, err
		}
	}
	const quiet = 300 * time.Millisecond
	var ready, quietWait bool
	var quietC <-chan time.Time
	for {
		if quietWait && quietC == nil {
			quietC = time.After(quiet)
		}
		var ev event
		var ok bool
		select {
		case ev, ok = <-e.lines:
		case <-quietC:
			return d, nil
		case <-ctx.Done():
			err := e.errorf(op, ctx.Err(), "the engine had given %d moves of the divide", len(d.Order))
			e.breakWith(err)
			return d, err
		case <-e.closing:
			return d, e.deadError(op, e.Err())
		}
		line, err := e.got(op, ev, ok)
		if err != nil {
			return d, err
		}
		if m, c, ok := ParseDivideLine(line); ok {
			if _, dup := d.Counts[m]; dup {
				err := e.errorf(op, ErrProtocol, "move %s counted twice", quote.Input(m))
				e.breakWith(err)
				return d, err
			}
			d.Counts[m] = c
			d.Order = append(d.Order, m)
			quietC = nil // after readyok: wait for quiet again
			if ready && !d.HasTotal && len(d.Order) >= legal {
				quietWait = true
			}
			continue
		}
		if n, ok := parseTotalLine(line); ok && !d.HasTotal {
			d.Total, d.HasTotal = n, true
			if ready {
				return d, nil
			}
			continue
		}
		switch w, _ := nextWord(line); w {
		case "readyok":
			ready = true
			if d.HasTotal {
				return d, nil
			}
			// An engine that prints no total: done once it stays quiet. An
			// engine that answers isready at once while it counts (as
			// Stockfish does) has printed nothing yet, or prints its
			// total later.
			quietWait = len(d.Order) > 0 || legal == 0
		case "bestmove":
			err := e.errorf(op, ErrProtocol, "the engine searched (%s) instead of counting: does it understand \"go perft\"?", quote.Input(line))
			// The engine is in sync: it answered the go command.
			e.drainReady(ctx, ready)
			return d, err
		}
	}
}

// drainReady reads up to the readyok of an isready already sent, unless
// it came already.
func (e *Engine) drainReady(ctx context.Context, ready bool) {
	if ready {
		return
	}
	t := time.NewTimer(e.cfg.ReadyTimeout)
	defer t.Stop()
	for {
		line, err := e.next(ctx, "perft", t.C, "readyok")
		if err != nil {
			return
		}
		if w, _ := nextWord(line); w == "readyok" {
			return
		}
	}
}
