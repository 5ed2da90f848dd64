package balance

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/uci"
)

// ShippedName is the file name of the table the project ships, in
// internal/balance/data/ (with a note on how it was made: README.md).
const ShippedName = "balance-stockfish-15.1-d25.csv"

//go:embed data/balance-stockfish-15.1-d25.csv
var shipped string

// Table is a complete balance table: one row for each of the 960 start
// positions. It is not changed after it is made, so it may be shared.
type Table struct {
	header Header
	rows   [chess960.Count]Row
}

// newTable makes a table of a file that has every position.
func newTable(f *File, name string) (*Table, error) {
	t := &Table{header: f.Header}
	have := chess960.Set{}
	for _, r := range f.Rows {
		t.rows[r.ID] = r
		have.Add(chess960.MustNew(r.ID))
	}
	if missing := chess960.All().Minus(have); missing.Len() > 0 {
		return nil, &Error{Name: name, Detail: fmt.Sprintf("%d positions missing: %s", missing.Len(), missing)}
	}
	return t, nil
}

var load = sync.OnceValues(func() (*Table, error) {
	f, err := Read(strings.NewReader(shipped), ShippedName)
	if err != nil {
		return nil, err
	}
	return newTable(f, ShippedName)
})

// Load returns the table the project ships (data/ShippedName, embedded in
// the program), read once.
func Load() (*Table, error) { return load() }

// Header returns how the table was made (engine, depth, options) and the
// days its rows were computed.
func (t *Table) Header() Header { return t.header }

// Row returns the row of the start position.
func (t *Table) Row(p chess960.StartPos) Row { return t.rows[p.ID()] }

// Balanced returns the start positions whose score is within maxCP
// centipawns of equality (|score_cp| <= maxCP); a mate score is never
// balanced. Give its complement to a draw as the excluded positions:
// chess960.DrawOptions{Exclude: chess960.All().Minus(t.Balanced(30))}.
func (t *Table) Balanced(maxCP int) chess960.Set {
	var s chess960.Set
	for _, r := range t.rows {
		if r.Score.Kind == uci.Centipawns && r.Score.Value >= -maxCP && r.Score.Value <= maxCP {
			s.Add(chess960.MustNew(r.ID))
		}
	}
	return s
}
