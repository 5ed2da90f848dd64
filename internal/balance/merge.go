package balance

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
)

// Merge joins the parts of a table computed separately (Run with shards)
// into one: the files must come from the same engine, depth and options,
// be all of the 960 or all of DFRC starts (and then all of the same
// sample, or none of one), not overlap, and leave no start out. The table
// is written to out, through a temporary file renamed over it, or to
// stdout if out is ""; in format f if formatGiven, else in the first
// file's. Files of the previous form are read too (a whole table of that
// form, merged alone, is converted). A file that ends in a line cut short
// is merged without it, and note is told. Errors name the command's
// --merge.
func Merge(files []string, out string, stdout io.Writer, f Format, formatGiven bool, note func(string)) error {
	first := true
	var rows []Row
	var kind *File // the first file with rows, or a DFRC table without
	var kindName string
	from := map[int]string{}
	for _, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("--merge: %v", err)
		}
		t, err := Read(fh, name)
		fh.Close()
		if err != nil {
			return fmt.Errorf("--merge: %v", err)
		}
		if t.Torn && note != nil {
			note(fmt.Sprintf("%s ends in a line cut short, ignored", name))
		}
		if first && !formatGiven {
			f = t.Format
		}
		first = false
		if kind != nil && (t.Header.DFRC || len(t.Rows) > 0) {
			a, b := kind.Header, t.Header
			switch {
			case a.DFRC != b.DFRC:
				return fmt.Errorf("--merge: %s is a table of %s, but %s of %s: they cannot be merged", kindName, what(a), name, what(b))
			case len(kind.Rows) > 0 && len(t.Rows) > 0 && a.Sample != b.Sample:
				return fmt.Errorf("--merge: %s is a table %s, but %s %s: they are not parts of one table", kindName, a.Sample, name, b.Sample)
			}
		}
		if kind == nil || (len(kind.Rows) == 0 && len(t.Rows) > 0) {
			if t.Header.DFRC || len(t.Rows) > 0 {
				kind, kindName = t, name
			}
		}
		if len(rows) > 0 && len(t.Rows) > 0 && t.Header.Source != rows[0].Source {
			a, b := rows[0].Source, t.Header.Source
			return fmt.Errorf("--merge: %s was made by %q at depth %d with %q, but %s by %q at depth %d with %q",
				from[rows[0].key()], a.Engine, a.Depth, a.Options, name, b.Engine, b.Depth, b.Options)
		}
		if kind != nil && kind.Header.DFRC && rows == nil {
			// Room for them all at once: 921,600 rows are big.
			rows = make([]Row, 0, (&Config{DFRC: true, Sample: kind.Header.Sample}).total())
		}
		for _, r := range t.Rows {
			if other, dup := from[r.key()]; dup {
				return fmt.Errorf("--merge: %s is in both %s and %s", r.name(), other, name)
			}
			from[r.key()] = name
			rows = append(rows, r)
		}
	}
	var h Header
	if kind != nil {
		h = kind.Header
	}
	if !h.DFRC {
		var have chess960.Set
		for id := range from {
			have.Add(chess960.MustNew(id))
		}
		if missing := chess960.All().Minus(have); missing.Len() > 0 {
			return fmt.Errorf("--merge: %d positions are in none of the files: %s", missing.Len(), missing)
		}
	} else {
		c := Config{DFRC: true, Sample: h.Sample}
		if total := c.total(); len(from) < total {
			var eg []string
			for k := 0; k < total && len(eg) < 5; k++ {
				if _, ok := from[k]; !ok {
					if h.Sample.N > 0 {
						eg = append(eg, fmt.Sprintf("draw %d", k+1))
					} else {
						d, _ := chess960.DFRCFromIndex(k)
						eg = append(eg, d.String())
					}
				}
			}
			if h.Sample.N > 0 {
				return fmt.Errorf("--merge: %d of the %d starts of the sample (seed %s) are in none of the files, e.g. %s", total-len(from), total, quote.Input(h.Sample.Seed), strings.Join(eg, ", "))
			}
			return fmt.Errorf("--merge: %d of the 921,600 DFRC starts are in none of the files, e.g. %s", total-len(from), strings.Join(eg, ", "))
		}
	}
	sortRows(rows)
	if out != "" {
		return writeFile(out, f, h.DFRC, rows)
	}
	return writeTableOf(stdout, f, h.DFRC, rows)
}

// what says what a table is of.
func what(h Header) string {
	switch {
	case !h.DFRC:
		return "the 960 Chess960 positions"
	case h.Sample.N > 0:
		return "a sample of DFRC starts"
	}
	return "DFRC starts"
}
