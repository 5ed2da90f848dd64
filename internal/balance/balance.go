// Package balance is "chess960 balance": an engine's evaluation of every
// Chess960 start position, one row per position. It reads the tables
// (Read), computes them with a pool of engine processes that a kill can
// interrupt and --resume continue (Run), joins the parts computed on
// several machines (Merge), and loads the table the project ships (Load).
//
// A table is CSV as RFC 4180 defines it (a header row, then one row per
// position; fields quoted where they need it) or JSON Lines (one object
// per position), with these columns, in this order, or keys:
//
//	id            the Scharnagl number, 0..959
//	rank          the back rank, e.g. RNBQKBNR
//	score_cp      the score in centipawns, from White's side (White is to move)
//	mate          or, instead, mate in that many moves (negative: Black mates)
//	bestmove      the engine's move, UCI, castling as the king taking its own rook
//	depth         the depth and selective depth the engine reported for its line
//	seldepth
//	nodes         the nodes it searched, and its time in milliseconds
//	time_ms
//	pv            its best line, UCI moves separated by spaces (JSON: an array)
//	engine        the engine's name ("id name"), e.g. Stockfish 15.1
//	search_depth  the depth it was asked to search (go depth N)
//	options       the options it ran with, e.g. "Threads=1 Hash=64"
//	date          the day (UTC) the row was computed, YYYY-MM-DD
//
// Each row says how it was made (engine, search_depth, options), so a
// spreadsheet, pandas or DuckDB reads the file as it is, and a part of a
// table can be checked against the others before they are joined.
//
// Rows are appended as they are computed, so a file may end in a line cut
// short by a kill: Read ignores it and says so.
//
// Files of the previous form (CSV starting with "# key: value" comment
// lines and without the last four columns; JSON Lines starting with a
// header object) are still read, and Run and Merge write them anew in
// this form (see File.Legacy).
package balance

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/uci"
)

// Format is a file format.
type Format int

// The formats.
const (
	CSV Format = iota
	JSON
)

// String returns "csv" or "json".
func (f Format) String() string {
	if f == JSON {
		return "json"
	}
	return "csv"
}

// Source is how rows were computed: rows of the same source may go in one
// table.
type Source struct {
	Engine  string // the engine's "id name", e.g. "Stockfish 15.1"
	Depth   int    // the search depth asked for (the search_depth column)
	Options string // the engine options, e.g. "Threads=1 Hash=16"
}

// Header is what a table says about how it was made: the source of its
// rows, and the days they were computed.
type Header struct {
	Source
	// Date is the day (UTC, YYYY-MM-DD) the rows were computed, or
	// "FIRST to LAST" when they were computed on several days.
	Date string
	// DFRC is set for a table of DFRC starts (DFRCColumns), and Sample
	// too for one of a seeded sample of them.
	DFRC   bool
	Sample Sample
}

// Sample is a seeded sample of DFRC starts: the first N starts that a
// chess960.DFRCDrawer with Seeded, Seed and Unique (and no exclusions)
// draws, as "chess960 book --sample N --dfrc --seed S" writes them. The
// zero Sample is none.
type Sample struct {
	Seed string
	N    int
}

// Row is one start position's evaluation.
type Row struct {
	ID       int
	Rank     string
	Score    uci.Score // Centipawns or MateIn, from White's side
	BestMove string    // UCI, castling as king takes rook
	Depth    int       // as the engine reported it for its line
	SelDepth int
	Nodes    uint64
	TimeMS   int64
	PV       []string // UCI moves, the best line
	Source   Source
	// Date is the day (UTC, YYYY-MM-DD) the row was computed. A row read
	// from a merged table of the previous form may have "FIRST to LAST",
	// that table's span of days.
	Date string

	// A row of a DFRC table (IsDFRC) has its start in DFRC, and ID and
	// Rank are zero. A row of a sample has the Sample, and Draw, its place
	// in the sample's draw (from 1).
	IsDFRC bool
	DFRC   chess960.DFRC
	Sample Sample
	Draw   int
}

// Start returns the row's start: for a row of the 960, the Chess960
// start (Black mirroring White); for a DFRC row, W:B.
func (r Row) Start() chess960.DFRC {
	if r.IsDFRC {
		return r.DFRC
	}
	sp, _ := chess960.New(r.ID)
	return chess960.DFRC{White: sp, Black: sp}
}

// key is the row's place in its table: the id of a row of the 960, the
// index of a DFRC row, and the draw (from 0) of a row of a sample.
func (r Row) key() int {
	switch {
	case !r.IsDFRC:
		return r.ID
	case r.Sample.N > 0:
		return r.Draw - 1
	}
	return r.DFRC.Index()
}

// name names the row's start in errors: "position 518", "start 502:532".
func (r Row) name() string {
	if r.IsDFRC {
		return "start " + r.DFRC.String()
	}
	return fmt.Sprintf("position %d", r.ID)
}

// Columns are the CSV header row.
const Columns = "id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date"

// DFRCColumns are the CSV header row of a table of DFRC starts: the start
// (W:B), its index (W × 960 + B), White's and Black's back ranks, the
// sample (empty when the table is not one: its seed, its size and the
// row's place in its draw, from 1), then the columns of Columns from
// score_cp on.
const DFRCColumns = "start,index,white_rank,black_rank,sample_seed,sample_size,sample_draw,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date"

var columns, dfrcColumns = strings.Split(Columns, ","), strings.Split(DFRCColumns, ",")

// ErrFormat is the reason Read refuses a file.
var ErrFormat = errors.New("malformed balance table")

// Error is an error in a table file: its name, the line (0 for the whole
// file) and what is wrong. It unwraps to ErrFormat.
type Error struct {
	Name   string
	Line   int
	Detail string
}

// Error formats the error as "NAME:LINE: malformed balance table: DETAIL".
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v: %s", e.Name, ErrFormat, e.Detail)
	}
	return fmt.Sprintf("%s:%d: %v: %s", e.Name, e.Line, ErrFormat, e.Detail)
}

// Unwrap returns ErrFormat.
func (e *Error) Unwrap() error { return ErrFormat }

// File is a table read from a file.
type File struct {
	Format Format
	// Header is the source of the rows (zero when there are none) and
	// their span of days; Header.DFRC is set for a table of DFRC starts
	// (for a CSV, from its header row even when it has no rows), and
	// Header.Sample for one of a sample.
	Header Header
	Rows   []Row // in file order
	// Legacy is set for a file of the previous form (comment lines, or a
	// JSON header object): rows cannot be appended to it as it is.
	Legacy bool
	// Torn is set when the file ended in a line without its newline (a
	// write cut short): that line was ignored. Complete is the length of
	// the file up to the end of its last whole line.
	Torn     bool
	Complete int64
}

// Read reads a table in either format (JSON Lines if its first character
// is '{'), in this form or the previous one. Every row is checked: the id
// is 0..959 and the rank is that position's (for a DFRC row: the start is
// W:B, and its index and ranks are its own), the best move and the pv are
// legal from it, the score is a number of centipawns or of moves to mate,
// and every row has the source of the first. A row of a sample must be the
// start the sample's seed draws at its place, and every row of a file of
// the same sample. A start may not come twice.
func Read(r io.Reader, name string) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	f := &File{Complete: int64(len(data))}
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		f.Torn = true
		f.Complete = int64(i + 1)
		data = data[:i+1]
	}
	if len(data) == 0 && !f.Torn {
		return nil, &Error{Name: name, Detail: "empty file"}
	}
	body := bytes.TrimPrefix(data, []byte("\ufeff")) // as spreadsheets save it
	first, _, _ := bytes.Cut(bytes.TrimLeft(body, " \t\r\n"), []byte("\n"))
	var rows []numbered
	switch {
	case bytes.HasPrefix(first, []byte("{")):
		f.Format = JSON
		rows, f.Legacy, err = readJSON(body, name)
	case bytes.HasPrefix(first, []byte("#")):
		f.Legacy = true
		rows, err = readLegacyCSV(body, name)
	default:
		rows, f.Header.DFRC, err = readCSV(body, name)
	}
	if err != nil {
		return nil, err
	}
	seen := map[int]int{}
	var draws []chess960.DFRC // of the sample, as far as the rows need
	if len(rows) > 0 && rows[0].row.Sample.N > 0 {
		most := 0
		for _, nr := range rows {
			most = max(most, nr.row.Draw)
		}
		draws = sampleStarts(rows[0].row.Sample.Seed, most)
	}
	for _, nr := range rows {
		row := nr.row
		if err := row.check(); err != nil {
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s: %v", row.name(), err)}
		}
		if len(f.Rows) > 0 {
			a := f.Rows[0]
			switch {
			case row.IsDFRC != a.IsDFRC:
				d, dl, p, pl := row, nr.line, a, rows[0].line
				if !d.IsDFRC {
					d, dl, p, pl = a, rows[0].line, row, nr.line
				}
				return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s (line %d) is a DFRC start, %s (line %d) a Chess960 position: a table holds one or the other",
					d.name(), dl, p.name(), pl)}
			case row.Sample != a.Sample:
				return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s is %s, but %s (line %d) %s",
					row.name(), row.Sample, a.name(), rows[0].line, a.Sample)}
			}
		}
		if row.Sample.N > 0 {
			if d := draws[row.Draw-1]; d != row.DFRC {
				return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s is not draw %d %s: that is %s", row.name(), row.Draw, row.Sample, d)}
			}
		}
		if first, dup := seen[row.key()]; dup {
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s comes twice (first on line %d)", row.name(), first)}
		}
		if len(f.Rows) > 0 && row.Source != f.Rows[0].Source {
			a, b := f.Rows[0].Source, row.Source
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("%s was made by %q at depth %d with %q, but %s (line %d) by %q at depth %d with %q",
				row.name(), b.Engine, b.Depth, b.Options, f.Rows[0].name(), rows[0].line, a.Engine, a.Depth, a.Options)}
		}
		seen[row.key()] = nr.line
		f.Rows = append(f.Rows, row)
	}
	dfrc := f.Header.DFRC
	f.Header = headerOf(f.Rows)
	f.Header.DFRC = f.Header.DFRC || dfrc
	return f, nil
}

// String describes the sample: `the sample of 2000 drawn with seed "S"`,
// or "not of a sample".
func (s Sample) String() string {
	if s.N == 0 {
		return "not of a sample"
	}
	return fmt.Sprintf("of the sample of %d drawn with seed %s", s.N, quote.Input(s.Seed))
}

// sampleStarts returns the first n starts of the sample drawn with seed.
func sampleStarts(seed string, n int) []chess960.DFRC {
	dr, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: true, Seed: seed, Unique: true})
	if err != nil {
		panic(err) // no exclusions: never
	}
	out := make([]chess960.DFRC, 0, n)
	for range n {
		out = append(out, dr.Next())
	}
	return out
}

// numbered is a row and its line in the file.
type numbered struct {
	row  Row
	line int
}

// headerOf returns the header of rows of one source: the first row's
// source, and the span of their days.
func headerOf(rows []Row) Header {
	if len(rows) == 0 {
		return Header{}
	}
	lo, hi := span(rows[0].Date)
	for _, r := range rows[1:] {
		a, b := span(r.Date)
		lo, hi = min(lo, a), max(hi, b)
	}
	h := Header{Source: rows[0].Source, Date: lo, DFRC: rows[0].IsDFRC, Sample: rows[0].Sample}
	if hi != lo {
		h.Date = lo + " to " + hi
	}
	return h
}

// span returns the first and last day of a date: the day itself, or the
// two ends of "FIRST to LAST".
func span(date string) (string, string) {
	if a, b, ok := strings.Cut(date, " to "); ok {
		return a, b
	}
	return date, date
}

// checkDate checks a date column: YYYY-MM-DD, or "FIRST to LAST".
func checkDate(date string) error {
	a, b := span(date)
	_, err1 := time.Parse(time.DateOnly, a)
	_, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil || b < a {
		return fmt.Errorf("date %s: want YYYY-MM-DD", quote.Input(date))
	}
	return nil
}

// readCSV reads a table of this form: the header row, then the rows. It
// reports whether the header row is that of a DFRC table.
func readCSV(data []byte, name string) ([]numbered, bool, error) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, false, csvError(name, err)
	}
	want, dfrc := columns, false
	switch {
	case slices.Equal(head, dfrcColumns):
		want, dfrc = dfrcColumns, true
	case !slices.Equal(head, columns):
		return nil, false, &Error{Name: name, Line: 1, Detail: fmt.Sprintf("want the header row %q (or for DFRC starts %q), have %s", Columns, DFRCColumns, quote.Input(strings.Join(head, ",")))}
	}
	var rows []numbered
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return rows, dfrc, nil
		}
		if err != nil {
			return nil, false, csvError(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(want) {
			return nil, false, &Error{Name: name, Line: line, Detail: fmt.Sprintf("%d fields, want %d (%s)", len(rec), len(want), strings.Join(want, ","))}
		}
		var r Row
		if dfrc {
			r, err = parseDFRCFields(rec[:7])
			if err == nil {
				err = parseEval(&r, rec[7:15])
			}
		} else {
			r, err = parseFields(rec[:10])
		}
		if err == nil {
			n := len(rec)
			r.Source, r.Date, err = parseSource(rec[n-4], rec[n-3], rec[n-2], rec[n-1])
		}
		if err != nil {
			return nil, false, &Error{Name: name, Line: line, Detail: err.Error()}
		}
		if len(rows) > 0 { // share the strings of a big table's repeated columns
			last := &rows[len(rows)-1].row
			if r.Source == last.Source {
				r.Source = last.Source
			}
			if r.Date == last.Date {
				r.Date = last.Date
			}
		}
		rows = append(rows, numbered{r, line})
	}
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &Error{Name: name, Line: pe.Line, Detail: pe.Err.Error()}
	}
	return &Error{Name: name, Detail: err.Error()}
}

// parseSource reads the last four columns.
func parseSource(engine, depth, options, date string) (Source, string, error) {
	d, err := decimal.Int(depth, 1, math.MaxInt32)
	switch {
	case engine == "":
		return Source{}, "", errors.New("no engine")
	case err != nil:
		return Source{}, "", fmt.Errorf("search_depth %s: not a whole number above 0", quote.Input(depth))
	}
	if err := checkDate(date); err != nil {
		return Source{}, "", err
	}
	return Source{Engine: engine, Depth: int(d), Options: options}, date, nil
}

// parseFields reads the first ten columns, id to pv.
func parseFields(f []string) (Row, error) {
	var r Row
	id, err := decimal.Int(f[0], -1<<15, 1<<15-1)
	if err != nil {
		return r, fmt.Errorf("id %s: not a whole number", quote.Input(f[0]))
	}
	r.ID, r.Rank = int(id), f[1]
	return r, parseEval(&r, f[2:10])
}

// parseDFRCFields reads the first seven columns of a DFRC table, start to
// sample_draw.
func parseDFRCFields(f []string) (Row, error) {
	index, err := decimal.Int(f[1], -1<<31, 1<<31-1)
	if err != nil {
		return Row{IsDFRC: true}, fmt.Errorf("index %s: not a whole number", quote.Input(f[1]))
	}
	r, err := dfrcRow(f[0], int(index), f[2], f[3])
	if err != nil {
		return r, err
	}
	if f[4] == "" && f[5] == "" && f[6] == "" {
		return r, nil
	}
	size, err1 := decimal.Int(f[5], -1<<31, 1<<31-1)
	draw, err2 := decimal.Int(f[6], -1<<31, 1<<31-1)
	if err1 != nil || err2 != nil {
		return r, fmt.Errorf("sample_size %s, sample_draw %s: want two whole numbers (or, with sample_seed, nothing: not a sample)", quote.Input(f[5]), quote.Input(f[6]))
	}
	return r, setSample(&r, f[4], int(size), int(draw))
}

// dfrcRow checks what names a DFRC row's start: the name W:B, as
// chess960.DFRC.String writes it, its index and its two back ranks.
func dfrcRow(start string, index int, white, black string) (Row, error) {
	r := Row{IsDFRC: true}
	d, err := chess960.ParseDFRC(start)
	if err != nil || d.String() != start {
		return r, fmt.Errorf("start %s: want W:B, White's and Black's Scharnagl numbers 0..959, e.g. 502:532", quote.Input(start))
	}
	r.DFRC = d
	switch {
	case index != d.Index():
		return r, fmt.Errorf("index %d, but start %s is index %d (W × 960 + B)", index, d, d.Index())
	case white != d.White.String():
		return r, fmt.Errorf("white_rank %s, but start %s has White's rank %s", quote.Input(white), d, d.White)
	case black != d.Black.String():
		return r, fmt.Errorf("black_rank %s, but start %s has Black's rank %s", quote.Input(black), d, d.Black)
	}
	return r, nil
}

// setSample sets a DFRC row's sample, checking it.
func setSample(r *Row, seed string, size, draw int) error {
	switch {
	case seed == "":
		return errors.New("sample_size and sample_draw without a sample_seed")
	case size < 1 || size > chess960.DFRCCount:
		return fmt.Errorf("sample_size %d: out of range 1..%d", size, chess960.DFRCCount)
	case draw < 1 || draw > size:
		return fmt.Errorf("sample_draw %d: out of range 1..%d (the sample_size)", draw, size)
	}
	r.Sample, r.Draw = Sample{Seed: seed, N: size}, draw
	return nil
}

// parseEval reads the eight columns score_cp to pv.
func parseEval(r *Row, f []string) error {
	var err error
	num := func(name, s string, bits int) int64 {
		if err != nil {
			return 0
		}
		n, e := decimal.Int(s, -1<<(bits-1), 1<<(bits-1)-1)
		if e != nil {
			err = fmt.Errorf("%s %s: not a whole number", name, quote.Input(s))
		}
		return n
	}
	switch {
	case f[0] != "" && f[1] == "":
		r.Score = uci.Score{Kind: uci.Centipawns, Value: int(num("score_cp", f[0], 32))}
	case f[0] == "" && f[1] != "":
		r.Score = uci.Score{Kind: uci.MateIn, Value: int(num("mate", f[1], 32))}
	default:
		return fmt.Errorf("want score_cp or mate, not both or neither (%s, %s)", quote.Input(f[0]), quote.Input(f[1]))
	}
	r.BestMove = f[2]
	r.Depth = int(num("depth", f[3], 16))
	r.SelDepth = int(num("seldepth", f[4], 16))
	nodes := num("nodes", f[5], 64)
	r.TimeMS = num("time_ms", f[6], 64)
	if err != nil {
		return err
	}
	if nodes < 0 || r.TimeMS < 0 || r.Depth < 0 || r.SelDepth < 0 {
		return errors.New("a negative count")
	}
	r.Nodes = uint64(nodes)
	r.PV = strings.Fields(f[7])
	return nil
}

// jsonRow is a row of JSON Lines; the last four keys are missing from
// files of the previous form, whose header object has them.
type jsonRow struct {
	ID   int    `json:"id"`
	Rank string `json:"rank"`
	jsonEval
}

// jsonDFRCRow is a row of JSON Lines of a DFRC table; the sample keys are
// there only in a sample.
type jsonDFRCRow struct {
	Start      string  `json:"start"`
	Index      int     `json:"index"`
	WhiteRank  string  `json:"white_rank"`
	BlackRank  string  `json:"black_rank"`
	SampleSeed *string `json:"sample_seed,omitempty"`
	SampleSize *int    `json:"sample_size,omitempty"`
	SampleDraw *int    `json:"sample_draw,omitempty"`
	jsonEval
}

// jsonEval is what rows of both kinds have: score_cp to date.
type jsonEval struct {
	ScoreCP     *int     `json:"score_cp"`
	Mate        *int     `json:"mate"`
	BestMove    string   `json:"bestmove"`
	Depth       int      `json:"depth"`
	SelDepth    int      `json:"seldepth"`
	Nodes       uint64   `json:"nodes"`
	TimeMS      int64    `json:"time_ms"`
	PV          []string `json:"pv"`
	Engine      *string  `json:"engine,omitempty"`
	SearchDepth *int     `json:"search_depth,omitempty"`
	Options     *string  `json:"options,omitempty"`
	Date        *string  `json:"date,omitempty"`
}

// readJSON reads JSON Lines, of this form (one object per row) or the
// previous one (a header object first).
func readJSON(data []byte, name string) ([]numbered, bool, error) {
	var rows []numbered
	var legacy *legacyHeader
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		dfrc := hasKey(line, "start")
		if rows == nil && legacy == nil && !dfrc && !hasKey(line, "id") {
			h, err := readLegacyJSONHeader(line)
			if err != nil {
				return nil, false, &Error{Name: name, Line: n, Detail: err.Error()}
			}
			legacy = &h
			continue
		}
		var r Row
		var err error
		if dfrc {
			if legacy != nil {
				err = errors.New("a DFRC row in a table with a header object (the previous form, of the 960 only)")
			} else {
				r, err = parseJSONDFRCRow(line)
			}
		} else {
			r, err = parseJSONRow(line, legacy)
		}
		if err != nil {
			return nil, false, &Error{Name: name, Line: n, Detail: err.Error()}
		}
		rows = append(rows, numbered{r, n})
	}
	return rows, legacy != nil, nil
}

// hasKey reports whether line is a JSON object with the key.
func hasKey(line, key string) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(line), &m) != nil {
		return key == "id" // not an object: let the row's reading say why
	}
	_, ok := m[key]
	return ok
}

func decodeStrict(line string, v any) error {
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func parseJSONRow(line string, legacy *legacyHeader) (Row, error) {
	var j jsonRow
	if err := decodeStrict(line, &j); err != nil {
		return Row{}, err
	}
	r := Row{ID: j.ID, Rank: j.Rank}
	return r, j.jsonEval.set(&r, legacy)
}

func parseJSONDFRCRow(line string) (Row, error) {
	var j jsonDFRCRow
	if err := decodeStrict(line, &j); err != nil {
		return Row{IsDFRC: true}, err
	}
	r, err := dfrcRow(j.Start, j.Index, j.WhiteRank, j.BlackRank)
	if err != nil {
		return r, err
	}
	switch {
	case j.SampleSeed != nil && j.SampleSize != nil && j.SampleDraw != nil:
		if err := setSample(&r, *j.SampleSeed, *j.SampleSize, *j.SampleDraw); err != nil {
			return r, err
		}
	case j.SampleSeed != nil || j.SampleSize != nil || j.SampleDraw != nil:
		return r, errors.New("want sample_seed, sample_size and sample_draw, or none of them (not a sample)")
	}
	return r, j.jsonEval.set(&r, nil)
}

// set sets the row's fields from score_cp on.
func (j *jsonEval) set(r *Row, legacy *legacyHeader) error {
	r.BestMove, r.Depth, r.SelDepth, r.Nodes, r.TimeMS, r.PV = j.BestMove, j.Depth, j.SelDepth, j.Nodes, j.TimeMS, j.PV
	switch {
	case j.ScoreCP != nil && j.Mate == nil:
		r.Score = uci.Score{Kind: uci.Centipawns, Value: *j.ScoreCP}
	case j.ScoreCP == nil && j.Mate != nil:
		r.Score = uci.Score{Kind: uci.MateIn, Value: *j.Mate}
	default:
		return errors.New("want score_cp or mate, not both or neither")
	}
	if r.Depth < 0 || r.SelDepth < 0 || r.TimeMS < 0 {
		return errors.New("a negative count")
	}
	if legacy != nil {
		if j.Engine != nil || j.SearchDepth != nil || j.Options != nil || j.Date != nil {
			return errors.New("engine, search_depth, options or date in a row of a table with a header object")
		}
		r.Source, r.Date = legacy.Source, legacy.Date
		return nil
	}
	if j.Engine == nil || j.SearchDepth == nil || j.Options == nil || j.Date == nil {
		return errors.New("want engine, search_depth, options and date")
	}
	var err error
	r.Source, r.Date, err = parseSource(*j.Engine, strconv.Itoa(*j.SearchDepth), *j.Options, *j.Date)
	return err
}

// position returns the row's start position, checking that a row of the
// 960 has a valid id and its rank.
func (r Row) position() (chess.Position, error) {
	if r.IsDFRC {
		return chess.ParseFEN(r.DFRC.ShredderFEN())
	}
	sp, err := chess960.New(r.ID)
	if err != nil || r.ID == 960 {
		return chess.Position{}, fmt.Errorf("id out of range 0..959")
	}
	if r.Rank != sp.String() {
		return chess.Position{}, fmt.Errorf("rank %s, but position %d is %s", quote.Input(r.Rank), r.ID, sp)
	}
	return chess.NewPosition(sp), nil
}

// check checks a row against the rules: its id and rank agree (a DFRC
// row's start is checked as it is read), and its moves are legal.
func (r Row) check() error {
	p, err := r.position()
	if err != nil {
		return err
	}
	m, err := p.ParseUCI(r.BestMove)
	if err != nil || m.UCI(chess.Chess960) != r.BestMove {
		return fmt.Errorf("bestmove %s is not a legal move in Chess960 UCI form", quote.Input(r.BestMove))
	}
	for i, s := range r.PV {
		m, err := p.ParseUCI(s)
		if err != nil || m.UCI(chess.Chess960) != s {
			return fmt.Errorf("pv move %d %s is not legal", i+1, quote.Input(s))
		}
		p.Play(m)
	}
	if len(r.PV) > 0 && r.PV[0] != r.BestMove {
		return fmt.Errorf("pv starts with %s, not the bestmove %s", r.PV[0], r.BestMove)
	}
	return nil
}

// appendHeader appends what comes before the rows: the header row of a
// CSV (of a DFRC table if dfrc), nothing for JSON Lines.
func appendHeader(dst []byte, f Format, dfrc bool) []byte {
	switch {
	case f == JSON:
		return dst
	case dfrc:
		return append(dst, DFRCColumns+"\n"...)
	}
	return append(dst, Columns+"\n"...)
}

// appendRow appends a row, with its newline, in the format.
func appendRow(dst []byte, f Format, r Row) []byte {
	score, mate := strconv.Itoa(r.Score.Value), ""
	if r.Score.Kind == uci.MateIn {
		score, mate = "", score
	}
	if f == JSON {
		e := jsonEval{BestMove: r.BestMove, Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, TimeMS: r.TimeMS, PV: r.PV,
			Engine: &r.Source.Engine, SearchDepth: &r.Source.Depth, Options: &r.Source.Options, Date: &r.Date}
		if e.PV == nil {
			e.PV = []string{}
		}
		v := r.Score.Value
		if r.Score.Kind == uci.MateIn {
			e.Mate = &v
		} else {
			e.ScoreCP = &v
		}
		var b []byte
		if r.IsDFRC {
			j := jsonDFRCRow{Start: r.DFRC.String(), Index: r.DFRC.Index(), WhiteRank: r.DFRC.White.String(), BlackRank: r.DFRC.Black.String(), jsonEval: e}
			if r.Sample.N > 0 {
				j.SampleSeed, j.SampleSize, j.SampleDraw = &r.Sample.Seed, &r.Sample.N, &r.Draw
			}
			b, _ = json.Marshal(j)
		} else {
			b, _ = json.Marshal(jsonRow{ID: r.ID, Rank: r.Rank, jsonEval: e})
		}
		return append(append(dst, b...), '\n')
	}
	var head []string
	if r.IsDFRC {
		head = []string{r.DFRC.String(), strconv.Itoa(r.DFRC.Index()), r.DFRC.White.String(), r.DFRC.Black.String(), "", "", ""}
		if r.Sample.N > 0 {
			head[4], head[5], head[6] = r.Sample.Seed, strconv.Itoa(r.Sample.N), strconv.Itoa(r.Draw)
		}
	} else {
		head = []string{strconv.Itoa(r.ID), r.Rank}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(append(head, score, mate, r.BestMove,
		strconv.Itoa(r.Depth), strconv.Itoa(r.SelDepth), strconv.FormatUint(r.Nodes, 10), strconv.FormatInt(r.TimeMS, 10),
		strings.Join(r.PV, " "), r.Source.Engine, strconv.Itoa(r.Source.Depth), r.Source.Options, r.Date))
	w.Flush()
	return append(dst, buf.Bytes()...)
}

// writeTable writes a whole table: the header row of a CSV, then the
// rows (of DFRC starts if the first is).
func writeTable(w io.Writer, f Format, rows []Row) error {
	return writeTableOf(w, f, len(rows) > 0 && rows[0].IsDFRC, rows)
}

// writeTableOf writes a whole table, of DFRC starts if dfrc.
func writeTableOf(w io.Writer, f Format, dfrc bool, rows []Row) error {
	// In pieces of about 1 MB: a table of all 921,600 DFRC starts is some
	// 200 MB, which need not be in memory twice.
	b := appendHeader(nil, f, dfrc)
	for _, r := range rows {
		b = appendRow(b, f, r)
		if len(b) >= 1<<20 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	_, err := w.Write(b)
	return err
}

// sortRows sorts rows by their place in the table: id, index or draw.
func sortRows(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int { return a.key() - b.key() })
}
