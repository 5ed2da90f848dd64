package perft

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
)

// SuiteEntry is one position of a perft suite.
type SuiteEntry struct {
	ID     string
	FEN    string
	Line   int          // line of the entry in the suite file
	Counts []SuiteCount // the expected counts, in order of depth
}

// SuiteCount is an expected count of a suite entry: Nodes leaves at Depth.
type SuiteCount struct {
	Depth int
	Nodes uint64
}

// ErrSuite is the reason ReadSuite gives for a malformed suite.
var ErrSuite = errors.New("malformed perft suite")

// SuiteError is a malformed suite: its name, the line (0 for the whole file)
// and what is wrong. It unwraps to ErrSuite.
type SuiteError struct {
	Name   string
	Line   int
	Text   string // the line, quoted in the message (at most 100 bytes)
	Detail string
}

// Error formats the error as "perft: suite NAME line N \"TEXT\": DETAIL",
// without the line and the text when the error is about the whole file.
func (e *SuiteError) Error() string {
	s := "perft: suite " + e.Name
	if e.Line > 0 {
		s += " line " + strconv.Itoa(e.Line)
	}
	if e.Text != "" {
		s += " " + quoteShort(e.Text)
	}
	return s + ": " + e.Detail
}

// Unwrap returns ErrSuite.
func (e *SuiteError) Unwrap() error { return ErrSuite }

// quoteShort quotes s, cut to 100 bytes with its length said when longer.
func quoteShort(s string) string {
	if len(s) <= 100 {
		return strconv.Quote(s)
	}
	cut := 100
	for cut > 0 && s[cut]&0xc0 == 0x80 {
		cut--
	}
	return strconv.Quote(s[:cut]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// ReadSuite reads a perft suite in the format python-chess and shakmaty use:
// blocks of "id NAME", "epd FEN" and "perft DEPTH NODES" lines, separated by
// blank lines; "#" starts a comment. An entry without an id is named after
// its line. Depths must be 0..MaxDepth, each given once per entry; any
// count is accepted, 0 too (a checkmate), however deep. A suite with no
// position is an error. The FENs are not checked here (Check does).
func ReadSuite(r io.Reader, name string) ([]SuiteEntry, error) {
	var out []SuiteEntry
	var cur *SuiteEntry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	ln := 0
	for sc.Scan() {
		ln++
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		bad := func(why string) error { return &SuiteError{Name: name, Line: ln, Text: line, Detail: why} }
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimSpace(val)
		switch key {
		case "id":
			out = append(out, SuiteEntry{ID: val, Line: ln})
			cur = &out[len(out)-1]
		case "epd", "fen":
			if val == "" {
				return nil, bad("no FEN after " + key)
			}
			if cur == nil || cur.FEN != "" {
				out = append(out, SuiteEntry{ID: name + ":" + strconv.Itoa(ln), Line: ln})
				cur = &out[len(out)-1]
			}
			cur.FEN = val
		case "perft":
			if cur == nil {
				return nil, bad("perft line before any position")
			}
			f := strings.Fields(val)
			if len(f) != 2 {
				return nil, bad("want perft DEPTH NODES")
			}
			d, err1 := decimal.Uint(f[0], math.MaxUint64)
			n, err2 := decimal.Uint(f[1], math.MaxUint64)
			if err1 != nil || err2 != nil {
				return nil, bad("want perft DEPTH NODES in decimal digits")
			}
			if d > MaxDepth {
				return nil, bad("depth " + f[0] + " out of range: must be 0.." + strconv.Itoa(MaxDepth))
			}
			i, found := slices.BinarySearchFunc(cur.Counts, int(d), func(c SuiteCount, d int) int { return c.Depth - d })
			if found {
				return nil, bad("depth " + f[0] + " is given twice for this position")
			}
			cur.Counts = slices.Insert(cur.Counts, i, SuiteCount{Depth: int(d), Nodes: n})
		default:
			return nil, bad("unknown keyword " + quoteShort(key) + ": want id, epd or perft")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &SuiteError{Name: name, Line: ln + 1, Detail: err.Error()}
	}
	if len(out) == 0 {
		return nil, &SuiteError{Name: name, Detail: "no positions"}
	}
	for _, e := range out {
		if e.FEN == "" {
			return nil, &SuiteError{Name: name, Line: e.Line, Detail: "entry " + quoteShort(e.ID) + " has no epd line"}
		}
	}
	return out, nil
}

// CheckOptions configures Check.
type CheckOptions struct {
	// MaxNodes skips the expected counts above it (0: no limit), and is
	// the node budget of every count (see Options.MaxNodes): a count that
	// passes it is a mismatch (the suite claimed at most MaxNodes), so that
	// a suite that understates a count, or a deep line on a wide tree,
	// cannot make Check run for hours.
	MaxNodes uint64
	// Threads is the number of goroutines that count (0: one per CPU; 1:
	// the calling goroutine alone).
	Threads int
	// Table, if set, is used for every count.
	Table *Table
}

// Result is the outcome of one count of a suite, or of an entry whose FEN
// is refused (Err set, Depth 0).
type Result struct {
	Entry SuiteEntry
	Depth int
	Want  uint64
	Got   uint64 // with Over, only a lower bound
	Over  bool   // the count stopped at the node budget
	// Err is why the entry could not be counted: its FEN is refused
	// (Depth 0), or the count does not fit in 64 bits (ErrOverflow).
	Err error
}

// OK reports whether the count matched.
func (r Result) OK() bool { return r.Err == nil && !r.Over && r.Got == r.Want }

// String describes the result on one line, e.g.
// "kiwipete (line 12) depth 3: got 97862, want 97863: FEN".
func (r Result) String() string {
	head := r.Entry.ID + " (line " + strconv.Itoa(r.Entry.Line) + ")"
	if r.Err != nil && r.Depth > 0 {
		return fmt.Sprintf("%s depth %d: %v: %s", head, r.Depth, r.Err, r.Entry.FEN)
	}
	if r.Err != nil {
		return head + ": " + r.Err.Error()
	}
	got := strconv.FormatUint(r.Got, 10)
	if r.Over {
		got = "at least " + got + " (stopped at the node budget)"
	}
	return fmt.Sprintf("%s depth %d: got %s, want %d: %s", head, r.Depth, got, r.Want, r.Entry.FEN)
}

// Summary is what Check found.
type Summary struct {
	Positions  int      // entries in the suite
	Counts     int      // counts compared
	Nodes      uint64   // leaves counted
	Mismatches []Result // wrong counts and refused FENs, in suite order
	// Unchecked are the counts stopped at the node budget before they
	// reached the suite's count (a deep, narrow tree visits more positions
	// above its leaves than the budget): neither right nor wrong, in suite
	// order. A count stopped past the suite's count is a mismatch.
	Unchecked []Result
}

// Check counts every entry of a suite at each depth whose expected count is
// at most o.MaxNodes, in order of depth, and reports the mismatches. An
// entry stops at its first mismatch, or at its first count left unchecked
// by the budget. A FEN the chess package refuses is a mismatch too.
func Check(entries []SuiteEntry, o CheckOptions) Summary {
	s, _ := CheckContext(context.Background(), entries, o)
	return s
}

// CheckContext is Check until ctx is done: then it returns what it found
// so far (the count under way is not in it) and ctx.Err().
func CheckContext(ctx context.Context, entries []SuiteEntry, o CheckOptions) (Summary, error) {
	s := Summary{Positions: len(entries)}
	opts := Options{MaxNodes: o.MaxNodes, Threads: o.Threads, Table: o.Table}
	for _, e := range entries {
		p, err := chess.ParseFEN(e.FEN)
		if err != nil {
			s.Mismatches = append(s.Mismatches, Result{Entry: e, Err: err})
			continue
		}
		for _, c := range e.Counts {
			if o.MaxNodes != 0 && c.Nodes > o.MaxNodes {
				continue
			}
			r := Result{Entry: e, Depth: c.Depth, Want: c.Nodes}
			r.Got, err = CountContext(ctx, p, c.Depth, opts)
			if err != nil && ctx.Err() != nil {
				return s, ctx.Err()
			}
			if errors.Is(err, ErrBudget) {
				r.Over = true
			} else if err != nil {
				r.Err = err // ErrOverflow: no suite can claim such a count
			}
			s.Nodes = add(s.Nodes, r.Got)
			if r.Over && r.Got <= r.Want {
				s.Unchecked = append(s.Unchecked, r)
				break
			}
			s.Counts++
			if !r.OK() {
				s.Mismatches = append(s.Mismatches, r)
				break
			}
		}
	}
	return s, nil
}
