package uci

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/quote"
)

// The reasons an engine call fails. Test for them with errors.Is on the
// *Error the calls return; a call cut short by its context also matches
// context.Canceled or context.DeadlineExceeded.
var (
	// ErrExited: the engine process ended (crashed, or quit) while it was
	// still needed.
	ErrExited = errors.New("engine exited")
	// ErrProtocol: the engine printed something the protocol does not
	// allow where it stood: a line that is not text, a line longer than
	// MaxLine, a bestmove without a move.
	ErrProtocol = errors.New("protocol violation")
	// ErrIllegalMove: the engine's bestmove is not legal in the position
	// searched, or is not written the way the castling mode asks (e1h1
	// with UCI_Chess960, e1g1 without).
	ErrIllegalMove = errors.New("illegal move from the engine")
	// ErrTimeout: the engine did not answer in time (uciok or readyok
	// within Config.ReadyTimeout, bestmove within Config.StopTimeout after
	// stop).
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrClosed: the engine was closed, by Close or after an earlier
	// failure that left it unusable.
	ErrClosed = errors.New("engine closed")
	// ErrStart: the engine could not be started (no such file, not
	// executable).
	ErrStart = errors.New("cannot start engine")
	// ErrUnknownOption: SetOption names an option the engine did not
	// declare.
	ErrUnknownOption = errors.New("unknown option")
	// ErrOptionValue: SetOption gives a value the option's declaration
	// does not allow (a spin out of min..max, a check that is not true or
	// false, a combo value not among its vars).
	ErrOptionValue = errors.New("bad option value")
	// ErrPosition: the position cannot be sent to this engine: a move of
	// the list is not legal, the engine has no UCI_Chess960 and the
	// position has castling rights that standard UCI cannot express, or a
	// side has more than 16 pieces or 8 pawns (more than engines hold).
	ErrPosition = errors.New("position cannot be searched")
	// ErrBusy: a Pool is running as many searches as it may.
	ErrBusy = errors.New("all engines are busy")
)

// Error is the error of an engine call: which engine, what the call was
// doing, the reason (one of the Err values above, or the context's error),
// a detail, and the tail of what the engine wrote to its stderr, if
// anything.
type Error struct {
	Engine string // the engine's name (from "id name") or its path
	Op     string // "start", "handshake", "isready", "setoption", "search", "perft", ...
	Err    error
	Detail string
	Stderr string // the last bytes the engine wrote to stderr (at most StderrTail)
}

// Error formats the error as
// `uci: engine "stockfish": search: illegal move from the engine: bestmove "e2e5" ... (stderr: "...")`.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("uci: engine ")
	b.WriteString(quote.Input(e.Engine))
	if e.Op != "" {
		b.WriteString(": ")
		b.WriteString(e.Op)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if s := strings.TrimSpace(e.Stderr); s != "" {
		b.WriteString(" (stderr: ")
		b.WriteString(quoteTail(s))
		b.WriteString(")")
	}
	return b.String()
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// quoteTail quotes the last quote.Max bytes of s, marking a cut with "...".
func quoteTail(s string) string {
	if len(s) <= quote.Max {
		return quote.Input(s)
	}
	cut := len(s) - quote.Max
	for cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut++
	}
	return `"...` + quote.Input(s[cut:])[1:]
}

// BusyError is the error a Pool returns at once when it is running as many
// searches as it may. It matches ErrBusy. RetryAfter is when the first
// running search is due to end (at most the pool's time cap), a fair value
// for an HTTP Retry-After header.
type BusyError struct {
	Size       int
	RetryAfter time.Duration
}

// Error formats the error as "uci: all engines are busy (4 searches running); retry after 2s".
func (e *BusyError) Error() string {
	return fmt.Sprintf("uci: %v (%d searches running); retry after %v", ErrBusy, e.Size, e.RetryAfter)
}

// Unwrap returns ErrBusy.
func (e *BusyError) Unwrap() error { return ErrBusy }
