package balance

// Reading tables of the previous form: CSV starting with comment lines
// ("# engine: Stockfish 15.1", depth, options, date, shard) and the header
// row of the first ten columns, and JSON Lines starting with a header
// object. Tools that read CSV take the comment lines for rows, which is
// why the form changed; files of it are read so that a run begun with it
// can be resumed and its parts merged (both write this form).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// legacyColumns is the header row of the previous form.
const legacyColumns = "id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv"

// legacyHeader is the header of a file of the previous form: the source
// of every row, and the table's date ("FIRST to LAST" once merged).
type legacyHeader struct {
	Source
	Date string
}

func (h *legacyHeader) set(key, val string) error {
	switch key {
	case "engine":
		h.Engine = val
	case "depth":
		d, err := decimal.Int(val, 1, math.MaxInt32)
		if err != nil {
			return fmt.Errorf("depth %s: not a whole number above 0", quote.Input(val))
		}
		h.Depth = int(d)
	case "options":
		h.Options = val
	case "date":
		if err := checkDate(val); err != nil {
			return err
		}
		h.Date = val
	}
	return nil // shard, and the title line: the rows' ids say which part it is
}

// check says what a header lacks that every row needs.
func (h *legacyHeader) check() error {
	switch {
	case h.Engine == "":
		return fmt.Errorf("no engine in the header")
	case h.Depth == 0:
		return fmt.Errorf("no depth in the header")
	case h.Date == "":
		return fmt.Errorf("no date in the header")
	}
	return nil
}

// readLegacyCSV reads a CSV of the previous form. Its fields were never
// quoted (none can hold a comma), so a line is split on commas.
func readLegacyCSV(data []byte, name string) ([]numbered, error) {
	var h legacyHeader
	var rows []numbered
	columnsDone := false
	for i, line := range strings.Split(string(bytes.TrimSuffix(data, []byte("\n"))), "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		fail := func(format string, a ...any) ([]numbered, error) {
			return nil, &Error{Name: name, Line: n, Detail: fmt.Sprintf(format, a...)}
		}
		switch {
		case strings.TrimSpace(line) == "":
		case strings.HasPrefix(line, "#"):
			if columnsDone {
				return fail("a comment after the header row")
			}
			if key, val, ok := strings.Cut(strings.TrimSpace(line[1:]), ":"); ok {
				if err := h.set(strings.TrimSpace(key), strings.TrimSpace(val)); err != nil {
					return fail("%v", err)
				}
			}
		case !columnsDone:
			if line != legacyColumns {
				return fail("want the header row %q, have %s", legacyColumns, quote.Input(line))
			}
			if err := h.check(); err != nil {
				return fail("%v", err)
			}
			columnsDone = true
		default:
			f := strings.Split(line, ",")
			if len(f) != 10 {
				return fail("%d fields, want 10 (%s)", len(f), legacyColumns)
			}
			r, err := parseFields(f)
			if err != nil {
				return fail("%v", err)
			}
			r.Source, r.Date = h.Source, h.Date
			rows = append(rows, numbered{r, n})
		}
	}
	return rows, nil
}

// readLegacyJSONHeader reads the header object of JSON Lines of the
// previous form.
func readLegacyJSONHeader(line string) (legacyHeader, error) {
	var j struct {
		Engine  string `json:"engine"`
		Depth   int    `json:"depth"`
		Options string `json:"options"`
		Date    string `json:"date"`
		Shard   string `json:"shard"`
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return legacyHeader{}, fmt.Errorf("header object: %v", err)
	}
	h := legacyHeader{Source: Source{Engine: j.Engine, Depth: j.Depth, Options: j.Options}, Date: j.Date}
	if j.Date != "" {
		if err := checkDate(j.Date); err != nil {
			return h, fmt.Errorf("header object: %v", err)
		}
	}
	if err := h.check(); err != nil {
		return h, fmt.Errorf("header object: %v", err)
	}
	return h, nil
}
