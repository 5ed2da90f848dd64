package balance

import (
	"fmt"
	"io"
	"os"

	"github.com/chess960/chess960"
)

// Merge joins the parts of a table computed separately (Run with shards)
// into one: the files must come from the same engine, depth and options,
// not overlap, and leave no position out. The table is written to out,
// through a temporary file renamed over it, or to stdout if out is "";
// in format f if formatGiven, else in the first file's. Files of the
// previous form are read too (a whole table of that form, merged alone, is
// converted). A file that ends in a line cut short is merged without it,
// and note is told. Errors name the command's --merge.
func Merge(files []string, out string, stdout io.Writer, f Format, formatGiven bool, note func(string)) error {
	first := true
	var rows []Row
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
		if len(rows) > 0 && len(t.Rows) > 0 && t.Header.Source != rows[0].Source {
			a, b := rows[0].Source, t.Header.Source
			return fmt.Errorf("--merge: %s was made by %q at depth %d with %q, but %s by %q at depth %d with %q",
				from[rows[0].ID], a.Engine, a.Depth, a.Options, name, b.Engine, b.Depth, b.Options)
		}
		for _, r := range t.Rows {
			if other, dup := from[r.ID]; dup {
				return fmt.Errorf("--merge: position %d is in both %s and %s", r.ID, other, name)
			}
			from[r.ID] = name
			rows = append(rows, r)
		}
	}
	var have chess960.Set
	for id := range from {
		have.Add(chess960.MustNew(id))
	}
	if missing := chess960.All().Minus(have); missing.Len() > 0 {
		return fmt.Errorf("--merge: %d positions are in none of the files: %s", missing.Len(), missing)
	}
	sortRows(rows)
	if out != "" {
		return writeFile(out, f, rows)
	}
	return writeTable(stdout, f, rows)
}
