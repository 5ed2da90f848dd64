package chess

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SuiteEntry is one position of a perft suite.
type SuiteEntry struct {
	ID   string
	FEN  string
	Line int // line of the entry in the suite file
	// Counts[d-1] is the expected perft count at depth d; 0 where the suite
	// gives none.
	Counts []uint64
}

// ReadSuite reads a perft suite in the format python-chess and shakmaty use:
// blocks of "id NAME", "epd FEN" and "perft DEPTH NODES" lines, separated by
// blank lines; "#" starts a comment. An entry without an id is named after
// its line. The FENs are not checked here.
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
		bad := func(why string) error {
			return fmt.Errorf("chess: suite %s line %d %q: %s", name, ln, line, why)
		}
		key, val, _ := strings.Cut(line, " ")
		val = strings.TrimSpace(val)
		switch key {
		case "id":
			out = append(out, SuiteEntry{ID: val, Line: ln})
			cur = &out[len(out)-1]
		case "epd", "fen":
			if cur == nil || cur.FEN != "" {
				out = append(out, SuiteEntry{ID: name + ":" + strconv.Itoa(ln), Line: ln})
				cur = &out[len(out)-1]
			}
			cur.FEN = val
		case "perft":
			if cur == nil {
				return nil, bad("perft line before any position")
			}
			ds, ns, _ := strings.Cut(val, " ")
			d, err1 := strconv.Atoi(ds)
			n, err2 := strconv.ParseUint(strings.TrimSpace(ns), 10, 64)
			if err1 != nil || err2 != nil || d < 1 || d > 64 {
				return nil, bad("want perft DEPTH NODES")
			}
			for len(cur.Counts) < d {
				cur.Counts = append(cur.Counts, 0)
			}
			cur.Counts[d-1] = n
		default:
			return nil, bad("unknown keyword " + strconv.Quote(key))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("chess: suite %s: %v", name, err)
	}
	for _, e := range out {
		if e.FEN == "" {
			return nil, fmt.Errorf("chess: suite %s line %d: entry %q has no epd line", name, e.Line, e.ID)
		}
	}
	return out, nil
}
