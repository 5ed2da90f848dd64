package balance

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/chess960/chess960"
)

// ShippedDFRCName is the file name of the sample of DFRC starts the
// project ships, in internal/balance/data/ (README.md there says how it
// was made).
const ShippedDFRCName = "dfrc-sample-stockfish-15.1-d17.csv"

//go:embed data/dfrc-sample-stockfish-15.1-d17.csv
var shippedDFRC string

// DFRCSample is the shipped sample of DFRC starts with Stockfish's scores.
// It is not changed after it is made, so it may be shared.
type DFRCSample struct {
	header Header
	rows   []Row       // in sample order
	index  map[int]int // DFRC index to rows
}

// newDFRCSample makes a DFRCSample of a file that is a whole sample.
func newDFRCSample(f *File, name string) (*DFRCSample, error) {
	h := f.Header
	if !h.DFRC || h.Sample.N == 0 {
		return nil, &Error{Name: name, Detail: "not a table of a sample of DFRC starts"}
	}
	if len(f.Rows) != h.Sample.N {
		return nil, &Error{Name: name, Detail: fmt.Sprintf("%d of the sample's %d starts", len(f.Rows), h.Sample.N)}
	}
	s := &DFRCSample{header: h, rows: append([]Row(nil), f.Rows...), index: map[int]int{}}
	sortRows(s.rows)
	for i, r := range s.rows {
		s.index[r.DFRC.Index()] = i
	}
	return s, nil
}

var loadDFRC = sync.OnceValues(func() (*DFRCSample, error) {
	f, err := Read(strings.NewReader(shippedDFRC), ShippedDFRCName)
	if err != nil {
		return nil, err
	}
	return newDFRCSample(f, ShippedDFRCName)
})

// ShippedDFRC returns the sample of DFRC starts the project ships
// (data/ShippedDFRCName, embedded in the program), read once. Its error
// says what is wrong with the embedded file; there is none with the file
// as shipped.
func ShippedDFRC() (*DFRCSample, error) { return loadDFRC() }

// Header returns how the sample was evaluated (engine, depth, options),
// the days its rows were computed, and the sample (seed and size).
func (s *DFRCSample) Header() Header { return s.header }

// Seed returns the seed the sample was drawn with: its starts are the
// first Header().Sample.N that chess960.DFRCDrawer draws with it
// (Seeded, Unique, no exclusions).
func (s *DFRCSample) Seed() string { return s.header.Sample.Seed }

// Rows returns the rows in sample order (Row.Draw 1, 2, ...). The slice is
// the caller's.
func (s *DFRCSample) Rows() []Row { return append([]Row(nil), s.rows...) }

// Lookup returns the row of the start, if it is in the sample.
func (s *DFRCSample) Lookup(d chess960.DFRC) (Row, bool) {
	i, ok := s.index[d.Index()]
	if !ok {
		return Row{}, false
	}
	return s.rows[i], true
}
