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
}

// Columns are the CSV header row.
const Columns = "id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date"

var columns = strings.Split(Columns, ",")

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
	// their span of days.
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
// is 0..959 and the rank is that position's, the best move and the pv are
// legal from it, the score is a number of centipawns or of moves to mate,
// and every row has the source of the first. A position may not come
// twice.
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
		rows, err = readCSV(body, name)
	}
	if err != nil {
		return nil, err
	}
	seen := map[int]int{}
	for _, nr := range rows {
		row := nr.row
		if err := row.check(); err != nil {
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("position %d: %v", row.ID, err)}
		}
		if first, dup := seen[row.ID]; dup {
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("position %d comes twice (first on line %d)", row.ID, first)}
		}
		if len(f.Rows) > 0 && row.Source != f.Rows[0].Source {
			a, b := f.Rows[0].Source, row.Source
			return nil, &Error{Name: name, Line: nr.line, Detail: fmt.Sprintf("position %d was made by %q at depth %d with %q, but position %d (line %d) by %q at depth %d with %q",
				row.ID, b.Engine, b.Depth, b.Options, f.Rows[0].ID, rows[0].line, a.Engine, a.Depth, a.Options)}
		}
		seen[row.ID] = nr.line
		f.Rows = append(f.Rows, row)
	}
	f.Header = headerOf(f.Rows)
	return f, nil
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
	h := Header{Source: rows[0].Source, Date: lo}
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

// readCSV reads a table of this form: the header row, then the rows.
func readCSV(data []byte, name string) ([]numbered, error) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, csvError(name, err)
	}
	if !slices.Equal(head, columns) {
		return nil, &Error{Name: name, Line: 1, Detail: fmt.Sprintf("want the header row %q, have %s", Columns, quote.Input(strings.Join(head, ",")))}
	}
	var rows []numbered
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, csvError(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(columns) {
			return nil, &Error{Name: name, Line: line, Detail: fmt.Sprintf("%d fields, want %d (%s)", len(rec), len(columns), Columns)}
		}
		r, err := parseFields(rec[:10])
		if err == nil {
			r.Source, r.Date, err = parseSource(rec[10], rec[11], rec[12], rec[13])
		}
		if err != nil {
			return nil, &Error{Name: name, Line: line, Detail: err.Error()}
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
	r.ID = int(num("id", f[0], 16))
	r.Rank = f[1]
	switch {
	case f[2] != "" && f[3] == "":
		r.Score = uci.Score{Kind: uci.Centipawns, Value: int(num("score_cp", f[2], 32))}
	case f[2] == "" && f[3] != "":
		r.Score = uci.Score{Kind: uci.MateIn, Value: int(num("mate", f[3], 32))}
	default:
		return r, fmt.Errorf("want score_cp or mate, not both or neither (%s, %s)", quote.Input(f[2]), quote.Input(f[3]))
	}
	r.BestMove = f[4]
	r.Depth = int(num("depth", f[5], 16))
	r.SelDepth = int(num("seldepth", f[6], 16))
	nodes := num("nodes", f[7], 64)
	r.TimeMS = num("time_ms", f[8], 64)
	if err != nil {
		return r, err
	}
	if nodes < 0 || r.TimeMS < 0 || r.Depth < 0 || r.SelDepth < 0 {
		return r, errors.New("a negative count")
	}
	r.Nodes = uint64(nodes)
	r.PV = strings.Fields(f[9])
	return r, nil
}

// jsonRow is a row of JSON Lines; the last four keys are missing from
// files of the previous form, whose header object has them.
type jsonRow struct {
	ID          int      `json:"id"`
	Rank        string   `json:"rank"`
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
		if rows == nil && legacy == nil && !hasKey(line, "id") {
			h, err := readLegacyJSONHeader(line)
			if err != nil {
				return nil, false, &Error{Name: name, Line: n, Detail: err.Error()}
			}
			legacy = &h
			continue
		}
		r, err := parseJSONRow(line, legacy)
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
		return true // not an object: let the row's reading say why
	}
	_, ok := m[key]
	return ok
}

func parseJSONRow(line string, legacy *legacyHeader) (Row, error) {
	var j jsonRow
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Row{}, err
	}
	r := Row{ID: j.ID, Rank: j.Rank, BestMove: j.BestMove, Depth: j.Depth, SelDepth: j.SelDepth, Nodes: j.Nodes, TimeMS: j.TimeMS, PV: j.PV}
	switch {
	case j.ScoreCP != nil && j.Mate == nil:
		r.Score = uci.Score{Kind: uci.Centipawns, Value: *j.ScoreCP}
	case j.ScoreCP == nil && j.Mate != nil:
		r.Score = uci.Score{Kind: uci.MateIn, Value: *j.Mate}
	default:
		return r, errors.New("want score_cp or mate, not both or neither")
	}
	if r.Depth < 0 || r.SelDepth < 0 || r.TimeMS < 0 {
		return r, errors.New("a negative count")
	}
	if legacy != nil {
		if j.Engine != nil || j.SearchDepth != nil || j.Options != nil || j.Date != nil {
			return r, errors.New("engine, search_depth, options or date in a row of a table with a header object")
		}
		r.Source, r.Date = legacy.Source, legacy.Date
		return r, nil
	}
	if j.Engine == nil || j.SearchDepth == nil || j.Options == nil || j.Date == nil {
		return r, errors.New("want engine, search_depth, options and date")
	}
	var err error
	r.Source, r.Date, err = parseSource(*j.Engine, strconv.Itoa(*j.SearchDepth), *j.Options, *j.Date)
	return r, err
}

// check checks a row against the rules: its id and rank agree, and its
// moves are legal.
func (r Row) check() error {
	sp, err := chess960.New(r.ID)
	if err != nil || r.ID == 960 {
		return fmt.Errorf("id out of range 0..959")
	}
	if r.Rank != sp.String() {
		return fmt.Errorf("rank %s, but position %d is %s", quote.Input(r.Rank), r.ID, sp)
	}
	p := chess.NewPosition(sp)
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
// CSV, nothing for JSON Lines.
func appendHeader(dst []byte, f Format) []byte {
	if f == JSON {
		return dst
	}
	return append(dst, Columns+"\n"...)
}

// appendRow appends a row, with its newline, in the format.
func appendRow(dst []byte, f Format, r Row) []byte {
	if f == JSON {
		j := jsonRow{ID: r.ID, Rank: r.Rank, BestMove: r.BestMove, Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, TimeMS: r.TimeMS, PV: r.PV,
			Engine: &r.Source.Engine, SearchDepth: &r.Source.Depth, Options: &r.Source.Options, Date: &r.Date}
		if j.PV == nil {
			j.PV = []string{}
		}
		v := r.Score.Value
		if r.Score.Kind == uci.MateIn {
			j.Mate = &v
		} else {
			j.ScoreCP = &v
		}
		b, _ := json.Marshal(j)
		return append(append(dst, b...), '\n')
	}
	score, mate := strconv.Itoa(r.Score.Value), ""
	if r.Score.Kind == uci.MateIn {
		score, mate = "", score
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{strconv.Itoa(r.ID), r.Rank, score, mate, r.BestMove,
		strconv.Itoa(r.Depth), strconv.Itoa(r.SelDepth), strconv.FormatUint(r.Nodes, 10), strconv.FormatInt(r.TimeMS, 10),
		strings.Join(r.PV, " "), r.Source.Engine, strconv.Itoa(r.Source.Depth), r.Source.Options, r.Date})
	w.Flush()
	return append(dst, buf.Bytes()...)
}

// writeTable writes a whole table: the header row of a CSV, then the
// rows.
func writeTable(w io.Writer, f Format, rows []Row) error {
	b := appendHeader(nil, f)
	for _, r := range rows {
		b = appendRow(b, f, r)
	}
	_, err := w.Write(b)
	return err
}

// sortRows sorts rows by id.
func sortRows(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int { return a.ID - b.ID })
}
