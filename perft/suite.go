package perft

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
)

// SuiteEntry is one position of a perft suite.
type SuiteEntry struct {
	ID   string
	FEN  string
	Line int // line of the entry in the suite file
	// Counts[d-1] is the expected count at depth d; 0 where the suite gives
	// none.
	Counts []uint64
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
// its line. Depths must be 1..MaxDepth. A suite with no position is an
// error. The FENs are not checked here (Check does).
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
			if d < 1 || d > MaxDepth {
				return nil, bad("depth " + f[0] + " out of range: must be 1.." + strconv.Itoa(MaxDepth))
			}
			for len(cur.Counts) < int(d) {
				cur.Counts = append(cur.Counts, 0)
			}
			cur.Counts[d-1] = n
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
	// MaxNodes skips the expected counts above it (0: no limit). It also
	// bounds the work: a count stops once it has counted more than MaxNodes
	// leaves, which is then a mismatch (the suite claimed at most MaxNodes),
	// so a suite that understates a deep count cannot make Check run for
	// hours.
	MaxNodes uint64
	// Threads is the number of goroutines for counts of 100,000 and more
	// (0: one per CPU; 1: no goroutines).
	Threads int
	// Table, if set, is used for every count (on Threads goroutines). The
	// counts are then not bounded by MaxNodes, only selected by it.
	Table *Table
}

// Result is the outcome of one count of a suite, or of an entry whose FEN
// is refused (Err set, Depth 0).
type Result struct {
	Entry SuiteEntry
	Depth int
	Want  uint64
	Got   uint64 // with Over, only a lower bound
	Over  bool   // counting stopped after more than MaxNodes leaves
	Err   error  // the entry's FEN is refused
}

// OK reports whether the count matched.
func (r Result) OK() bool { return r.Err == nil && !r.Over && r.Got == r.Want }

// String describes the result on one line, e.g.
// "kiwipete (line 12) depth 3: got 97862, want 97863: FEN".
func (r Result) String() string {
	head := r.Entry.ID + " (line " + strconv.Itoa(r.Entry.Line) + ")"
	if r.Err != nil {
		return head + ": " + r.Err.Error()
	}
	got := strconv.FormatUint(r.Got, 10)
	if r.Over {
		got = "more than " + got + " (stopped)"
	}
	return fmt.Sprintf("%s depth %d: got %s, want %d: %s", head, r.Depth, got, r.Want, r.Entry.FEN)
}

// Summary is what Check found.
type Summary struct {
	Positions  int      // entries in the suite
	Counts     int      // counts compared
	Nodes      uint64   // leaves counted
	Mismatches []Result // wrong counts and refused FENs, in suite order
}

// Check counts every entry of a suite at each depth whose expected count is
// at most o.MaxNodes, in order of depth, and reports the mismatches. An
// entry stops at its first mismatch. A FEN the chess package refuses is a
// mismatch too.
func Check(entries []SuiteEntry, o CheckOptions) Summary {
	s := Summary{Positions: len(entries)}
	for _, e := range entries {
		p, err := chess.ParseFEN(e.FEN)
		if err != nil {
			s.Mismatches = append(s.Mismatches, Result{Entry: e, Err: err})
			continue
		}
		for i, want := range e.Counts {
			if want == 0 {
				continue
			}
			if o.MaxNodes != 0 && want > o.MaxNodes {
				break
			}
			r := Result{Entry: e, Depth: i + 1, Want: want}
			r.Got, r.Over = o.count(p, i+1)
			s.Nodes += r.Got
			s.Counts++
			if !r.OK() {
				s.Mismatches = append(s.Mismatches, r)
				break
			}
		}
	}
	return s
}

// count counts p to depth as o says; over reports that it stopped after
// more than o.MaxNodes leaves.
func (o CheckOptions) count(p chess.Position, depth int) (n uint64, over bool) {
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if o.Table != nil {
		return o.Table.CountParallel(p, depth, threads), false
	}
	if o.MaxNodes == 0 {
		return CountParallel(p, depth, threads), false
	}
	var left atomic.Int64
	left.Store(int64(min(o.MaxNodes, 1<<62)))
	var stopped atomic.Bool
	limited := func(q chess.Position, d int) uint64 {
		if left.Load() < 0 {
			stopped.Store(true)
			return 0
		}
		l := limiter{left: &left}
		n, ok := l.count(&q, d)
		if ok && left.Add(-l.local) < 0 {
			ok = false
		}
		if !ok {
			stopped.Store(true)
		}
		return n
	}
	var total uint64
	if threads == 1 || depth <= 3 {
		total = limited(p, depth)
	} else {
		total = Total(divideParallel(p, depth, threads, limited))
	}
	return total, stopped.Load()
}

// limiter counts like count, but gives up once the shared budget left runs
// out. It takes from the budget in batches, so that the goroutines rarely
// touch the shared counter.
type limiter struct {
	left  *atomic.Int64
	local int64 // counted since the last batch was taken from left
}

func (l *limiter) count(p *chess.Position, depth int) (uint64, bool) {
	if depth <= 0 {
		l.local++
		return 1, true
	}
	if depth == 1 {
		n := p.CountLegalMoves()
		l.local += int64(n)
		return uint64(n), true
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var total uint64
	for _, m := range ml.Moves() {
		q := *p
		q.Play(m)
		n, ok := l.count(&q, depth-1)
		total += n
		if !ok {
			return total, false
		}
		if l.local >= 1<<16 {
			if l.left.Add(-l.local) < 0 {
				return total, false
			}
			l.local = 0
		}
	}
	return total, true
}
