// Package balance reads and writes the tables of "chess960 balance": an
// engine's evaluation of every Chess960 start position, one row per
// position, in CSV or JSON Lines, and loads the table the project ships
// (see Load).
//
// A CSV file starts with comment lines "# key: value" (engine, depth,
// options, date, and shard for a part of the 960), then the header row
// id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv and one
// row per position. A JSON Lines file starts with a header object
// {"engine": ..., "depth": ..., "options": ..., "date": ..., "shard": ...}
// and has one object per position, with the CSV's column names as keys.
// Scores are in centipawns (score_cp) or moves to mate (mate), from
// White's side, White being to move; bestmove and pv are UCI moves with
// castling written as the king taking its own rook.
//
// Rows are appended as they are computed, so a file may end in a line cut
// short by a kill: Read ignores it and says so, and Append-style writers
// cut it off before they continue.
package balance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

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

// Header is what a table says about how it was made.
type Header struct {
	Engine  string `json:"engine"`  // the engine's "id name", e.g. "Stockfish 15.1"
	Depth   int    `json:"depth"`   // the search depth of every position
	Options string `json:"options"` // the engine options, e.g. "Threads=1 Hash=16"
	Date    string `json:"date"`    // YYYY-MM-DD (UTC) the table was begun; "A to B" for merged tables
	Shard   string `json:"shard,omitempty"`
}

// Same reports whether two headers describe the same computation (engine,
// depth and options): rows of both may go in one table.
func (h Header) Same(o Header) bool {
	return h.Engine == o.Engine && h.Depth == o.Depth && h.Options == o.Options
}

// Row is one start position's evaluation.
type Row struct {
	ID       int
	Rank     string
	Score    uci.Score // Centipawns or MateIn, from White's side
	BestMove string    // UCI, castling as king takes rook
	Depth    int
	SelDepth int
	Nodes    uint64
	TimeMS   int64
	PV       []string // UCI moves, the best line
}

// Columns are the CSV header row.
const Columns = "id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv"

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
	Header Header
	Rows   []Row // in file order
	// Torn is set when the file ended in a line without its newline (a
	// write cut short): that line was ignored. Complete is the length of
	// the file up to the end of its last whole line.
	Torn     bool
	Complete int64
}

// Read reads a table in either format (JSON Lines if its first character
// is '{'). Every row is checked: the id is 0..959 and the rank is that
// position's, the best move and the pv are legal from it, the score is a
// number of centipawns or of moves to mate. A position may not come twice.
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
	fail := func(line int, format string, a ...any) (*File, error) {
		return nil, &Error{Name: name, Line: line, Detail: fmt.Sprintf(format, a...)}
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(data) == 0 {
		lines = nil
	}
	if len(lines) > 0 && strings.HasPrefix(strings.TrimSpace(lines[0]), "{") {
		f.Format = JSON
	}
	seen := map[int]int{}
	headerDone, columnsDone := false, false
	for i, line := range lines {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		var row Row
		switch f.Format {
		case CSV:
			if strings.HasPrefix(line, "#") {
				if columnsDone {
					return fail(n, "a comment after the header row")
				}
				key, val, ok := strings.Cut(strings.TrimSpace(line[1:]), ":")
				if !ok {
					continue
				}
				if err := f.Header.set(strings.TrimSpace(key), strings.TrimSpace(val)); err != nil {
					return fail(n, "%v", err)
				}
				continue
			}
			if !columnsDone {
				if line != Columns {
					return fail(n, "want the header row %q, have %s", Columns, quote.Input(line))
				}
				columnsDone = true
				continue
			}
			var err error
			if row, err = parseCSVRow(line); err != nil {
				return fail(n, "%v", err)
			}
		case JSON:
			if !headerDone {
				if err := json.Unmarshal([]byte(line), &f.Header); err != nil {
					return fail(n, "header object: %v", err)
				}
				headerDone = true
				continue
			}
			var err error
			if row, err = parseJSONRow(line); err != nil {
				return fail(n, "%v", err)
			}
		}
		if err := row.check(); err != nil {
			return fail(n, "position %d: %v", row.ID, err)
		}
		if first, dup := seen[row.ID]; dup {
			return fail(n, "position %d comes twice (first on line %d)", row.ID, first)
		}
		seen[row.ID] = n
		f.Rows = append(f.Rows, row)
	}
	switch {
	case len(lines) == 0 && !f.Torn:
		return fail(0, "empty file")
	case f.Header.Engine == "" && (f.Format == JSON || columnsDone || len(f.Rows) > 0):
		return fail(0, "no engine in the header")
	case f.Format == CSV && !columnsDone && len(f.Rows) == 0 && f.Header.Engine != "":
		// Only the comments were written: a run killed at once.
	}
	return f, nil
}

func (h *Header) set(key, val string) error {
	switch key {
	case "engine":
		h.Engine = val
	case "depth":
		d, err := decimal.Int(val, 0, math.MaxInt32)
		if err != nil {
			return fmt.Errorf("depth %s: not a whole number", quote.Input(val))
		}
		h.Depth = int(d)
	case "options":
		h.Options = val
	case "date":
		h.Date = val
	case "shard":
		h.Shard = val
	}
	return nil
}

func parseCSVRow(line string) (Row, error) {
	f := strings.Split(line, ",")
	if len(f) != 10 {
		return Row{}, fmt.Errorf("%d fields, want 10 (%s)", len(f), Columns)
	}
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

type jsonRow struct {
	ID       int      `json:"id"`
	Rank     string   `json:"rank"`
	ScoreCP  *int     `json:"score_cp"`
	Mate     *int     `json:"mate"`
	BestMove string   `json:"bestmove"`
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Nodes    uint64   `json:"nodes"`
	TimeMS   int64    `json:"time_ms"`
	PV       []string `json:"pv"`
}

func parseJSONRow(line string) (Row, error) {
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
	return r, nil
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

// WriteHeader writes the header of a table: the comment lines and the
// header row of a CSV, or the header object of JSON Lines.
func WriteHeader(w io.Writer, f Format, h Header) error {
	if f == JSON {
		b, err := json.Marshal(h)
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	var b strings.Builder
	b.WriteString("# chess960 balance: every start position searched by a UCI engine, White to move; score_cp in centipawns or mate in moves, from White's side\n")
	fmt.Fprintf(&b, "# engine: %s\n# depth: %d\n# options: %s\n# date: %s\n", h.Engine, h.Depth, h.Options, h.Date)
	if h.Shard != "" {
		fmt.Fprintf(&b, "# shard: %s\n", h.Shard)
	}
	b.WriteString(Columns + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// AppendRow appends a row, with its newline, in the format.
func AppendRow(dst []byte, f Format, r Row) []byte {
	if f == JSON {
		j := jsonRow{ID: r.ID, Rank: r.Rank, BestMove: r.BestMove, Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, TimeMS: r.TimeMS, PV: r.PV}
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
	dst = strconv.AppendInt(dst, int64(r.ID), 10)
	dst = append(dst, ',')
	dst = append(dst, r.Rank...)
	dst = append(dst, ',')
	if r.Score.Kind == uci.MateIn {
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, int64(r.Score.Value), 10)
	} else {
		dst = strconv.AppendInt(dst, int64(r.Score.Value), 10)
		dst = append(dst, ',')
	}
	dst = append(dst, ',')
	dst = append(dst, r.BestMove...)
	for _, n := range []int64{int64(r.Depth), int64(r.SelDepth), int64(r.Nodes), r.TimeMS} {
		dst = append(dst, ',')
		dst = strconv.AppendInt(dst, n, 10)
	}
	dst = append(dst, ',')
	dst = append(dst, strings.Join(r.PV, " ")...)
	return append(dst, '\n')
}

// SortRows sorts rows by id.
func SortRows(rows []Row) {
	slices.SortFunc(rows, func(a, b Row) int { return a.ID - b.ID })
}
