package balance

// Computing a table: Run, with its shards, its output that survives a
// kill, and --resume.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/uci"
)

// Shard is the I-th of N equal parts of the 960 start positions (I counts
// from 1), for computing a table on several machines; of a DFRC run, of
// the 921,600 DFRC starts by index, or of the sample by its order. The
// zero Shard is all of them.
type Shard struct{ I, N int }

// ParseShard reads "I/N", e.g. "3/8" (the third of eight parts), a shard
// of the 960. Its errors start with the input, quoted: `"5/4": out of
// range: ...`.
func ParseShard(s string) (Shard, error) { return ParseShardOf(s, chess960.Count) }

// ParseShardOf reads "I/N", a shard of total starts (N may be at most
// total).
func ParseShardOf(s string, total int) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := decimal.Int(a, 1, int64(total))
	n, err2 := decimal.Int(b, 1, int64(total))
	if !ok || errors.Is(err1, decimal.ErrSyntax) || errors.Is(err2, decimal.ErrSyntax) {
		return Shard{}, fmt.Errorf("%s: want I/N, e.g. 3/8", quote.Input(s))
	}
	if err1 != nil || err2 != nil || i > n {
		return Shard{}, fmt.Errorf("%s: out of range: want 1 <= I <= N <= %d", quote.Input(s), total)
	}
	return Shard{I: int(i), N: int(n)}, nil
}

// Range returns the ids of the part of the 960, [lo, hi): 1/240 is 0..3.
func (s Shard) Range() (lo, hi int) { return s.RangeOf(chess960.Count) }

// RangeOf returns the part of total starts, [lo, hi): of the 921,600 DFRC
// starts, 1/960 is the indices 0..959 (White's position 0 against each of
// Black's).
func (s Shard) RangeOf(total int) (lo, hi int) {
	if s.N == 0 {
		return 0, total
	}
	return (s.I - 1) * total / s.N, s.I * total / s.N
}

// Config is one run of "chess960 balance". Where the user has to change
// something, the errors of Run name the command's flags (--out, --resume).
type Config struct {
	// Engine says how to start each engine process. Run sets Threads to
	// 1 and Hash, where the engine has them, and refuses an engine
	// without UCI_Chess960.
	Engine uci.Config
	Depth  int   // the search depth of every position
	Jobs   int   // engine processes searching at once (at least 1)
	Hash   int   // the hash table of each process, in MB
	Shard  Shard // the part of the 960 (or of the DFRC starts) to compute
	// DFRC computes DFRC starts instead of the 960: all 921,600 (by
	// index), or with Sample.N the sample (in its order).
	DFRC   bool
	Sample Sample
	// Out is the file to write: each row is appended and synced to disk
	// as it finishes, and the file is sorted once all are. Without Out,
	// the table goes to Stdout, each row as soon as those before it are
	// done.
	Out    string
	Stdout io.Writer
	// Resume continues the Out of an interrupted run: its rows are kept,
	// a last line cut short is dropped, and only the others are computed.
	// A file of the previous form is written anew in this one first.
	Resume bool
	Format Format
	// FormatGiven says that Format was chosen (by a flag, or by the name
	// of Out), so that a file to resume must be in it; otherwise a
	// resumed file keeps its own.
	FormatGiven bool
	// Note, if set, gets what the user should know besides the rows
	// (resuming a file, a line dropped), one line each.
	Note func(string)
	// Progress, if set, is called once before the first search and after
	// each row is written.
	Progress func(Progress)
	// Now is the clock of the date column (nil: time.Now).
	Now func() time.Time
}

// Progress is how far a run is.
type Progress struct {
	Done, Of int // starts done, of the run's (Shard's)
	Resumed  int // of Done, those the resumed file had already
	Row      Row // the row just written (zero before the first)
}

// run is the state of a Run.
type run struct {
	Config
	lo, hi int             // the keys of the run's rows (Row.key)
	draws  []chess960.DFRC // of the sample
}

// total is the number of starts in the table the run is part of.
func (c *Config) total() int {
	switch {
	case !c.DFRC:
		return chess960.Count
	case c.Sample.N > 0:
		return c.Sample.N
	}
	return chess960.DFRCCount
}

// noun is what the table's rows are of.
func (c *Config) noun() string {
	if c.DFRC {
		return "starts"
	}
	return "positions"
}

// Run computes the table of c.Shard with c.Jobs engine processes: every
// position is searched to c.Depth on a fresh game (ucinewgame), one
// thread each, so that a row does not depend on which process computed it
// or in what order. It stops at the first failure, or when ctx ends
// ("interrupted"), leaving in c.Out the rows done so far.
func Run(ctx context.Context, c Config) error {
	r := &run{Config: c}
	total := c.total()
	switch {
	case c.Sample.N > 0 && !c.DFRC:
		return errors.New("a sample is of DFRC starts: set DFRC")
	case c.Sample.N > 0 && (c.Sample.Seed == "" || c.Sample.N > chess960.DFRCCount):
		return fmt.Errorf("sample of %d with seed %s: want a seed and 1..%d starts", c.Sample.N, quote.Input(c.Sample.Seed), chess960.DFRCCount)
	case c.Shard.N > total || c.Shard.I > c.Shard.N || (c.Shard.N > 0 && c.Shard.I < 1):
		return fmt.Errorf("--shard %d/%d: out of range: want 1 <= I <= N <= %d", c.Shard.I, c.Shard.N, total)
	}
	r.lo, r.hi = c.Shard.RangeOf(total)
	if c.Sample.N > 0 {
		r.draws = sampleStarts(c.Sample.Seed, r.hi)
	}
	if r.Now == nil {
		r.Now = time.Now
	}
	if r.Note == nil {
		r.Note = func(string) {}
	}
	first, src, err := r.start(ctx)
	if err != nil {
		return err
	}
	defer first.Close()
	w, done, err := r.open(src)
	if err != nil {
		return err
	}
	defer w.close()
	var todo []int
	for id := r.lo; id < r.hi; id++ {
		if !done[id] {
			todo = append(todo, id)
		}
	}
	ids := make(chan int)
	results := make(chan result)
	stopped := ctx // by the caller (an interrupt)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for j := range min(max(r.Jobs, 1), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			en := first
			if j > 0 {
				var err error
				if en, _, err = r.start(ctx); err != nil {
					results <- result{err: err}
					return
				}
				defer en.Close()
			}
			for id := range ids {
				row, err := r.evaluate(ctx, en, id, src)
				results <- result{row: row, err: err}
				if err != nil {
					return
				}
			}
		}()
	}
	go func() {
		defer close(ids)
		for _, id := range todo {
			select {
			case ids <- id:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	p := Progress{Done: len(done), Of: r.hi - r.lo, Resumed: len(done)}
	if r.Progress != nil {
		r.Progress(p)
	}
	var firstErr error
	written := 0
	for res := range results {
		if firstErr != nil {
			continue
		}
		if res.err == nil {
			res.err = w.add(res.row)
		}
		if res.err != nil {
			firstErr = res.err
			cancel()
			continue
		}
		written++
		if r.Progress != nil {
			p.Done++
			p.Row = res.row
			r.Progress(p)
		}
	}
	if firstErr != nil || written < len(todo) {
		if firstErr == nil || stopped.Err() != nil {
			firstErr = errors.New("interrupted")
		}
		if r.Out != "" {
			return fmt.Errorf("%v; %d of %d %s are in %s: run the same command with --resume to finish", firstErr, len(done)+written, r.hi-r.lo, r.noun(), r.Out)
		}
		return firstErr
	}
	return w.finish()
}

type result struct {
	row Row
	err error
}

// start starts an engine, checks that it plays Chess960, and sets one
// thread and the hash size where the engine has the options; it returns
// the source of the rows it computes.
func (r *run) start(ctx context.Context) (*uci.Engine, Source, error) {
	en, err := uci.Start(ctx, r.Engine)
	if err != nil {
		return nil, Source{}, err
	}
	if en.Mode() != chess.Chess960 {
		en.Close()
		return nil, Source{}, fmt.Errorf("engine %q has no UCI_Chess960 option: it cannot search Chess960 start positions", en.Name())
	}
	var set []string
	for _, s := range []uci.Setting{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: strconv.Itoa(r.Hash)}} {
		if _, ok := en.Option(s.Name); !ok {
			continue
		}
		if err := en.SetOption(ctx, s.Name, s.Value); err != nil {
			en.Close()
			return nil, Source{}, err
		}
		set = append(set, s.Name+"="+s.Value)
	}
	return en, Source{Engine: en.Name(), Depth: r.Depth, Options: strings.Join(set, " ")}, nil
}

// row returns the row of the start of key, without its evaluation.
func (r *run) row(key int) Row {
	switch {
	case !r.DFRC:
		sp := chess960.MustNew(key)
		return Row{ID: key, Rank: sp.String()}
	case r.Sample.N > 0:
		return Row{IsDFRC: true, DFRC: r.draws[key], Sample: r.Sample, Draw: key + 1}
	}
	d, _ := chess960.DFRCFromIndex(key)
	return Row{IsDFRC: true, DFRC: d}
}

// evaluate searches one start position on a fresh game.
func (r *run) evaluate(ctx context.Context, en *uci.Engine, key int, src Source) (Row, error) {
	row := r.row(key)
	pos, err := row.position()
	if err != nil {
		return Row{}, err
	}
	if err := en.NewGame(ctx); err != nil {
		return Row{}, err
	}
	res, err := en.Search(ctx, pos, nil, uci.Limits{Depth: r.Depth}, nil)
	if err != nil {
		return Row{}, err
	}
	if len(res.Lines) == 0 || res.BestMove == 0 {
		return Row{}, fmt.Errorf("engine %q: %s: no line and no score", en.Name(), row.name())
	}
	l := res.Lines[0]
	row.Score, row.BestMove = l.Score.ForWhite(chess.White), res.BestMove.UCI(chess.Chess960)
	row.Depth, row.SelDepth, row.Nodes, row.TimeMS = l.Depth, l.SelDepth, res.Nodes, res.Time.Milliseconds()
	row.Source, row.Date = src, r.Now().UTC().Format(time.DateOnly)
	row.Score.Bound = uci.Exact
	for i, m := range l.PV {
		if i == 12 {
			break
		}
		row.PV = append(row.PV, m.UCI(chess.Chess960))
	}
	if len(row.PV) == 0 || row.PV[0] != row.BestMove {
		row.PV = []string{row.BestMove}
	}
	return row, nil
}

// writer takes rows as they finish.
type writer struct {
	format Format
	dfrc   bool
	// to a file: appended and synced row by row, sorted at the end
	file outFile
	name string
	// to stdout: in id order, as soon as the next one is there
	w       io.Writer
	next    int
	pending map[int]Row
}

// outFile is what a run needs of its output file: an *os.File, or in
// tests one whose calls fail.
type outFile interface {
	io.ReadWriteSeeker
	Truncate(size int64) error
	Sync() error
	Close() error
}

// openOut opens a run's output file (os.OpenFile; tests replace it).
var openOut = func(name string, flag int, perm os.FileMode) (outFile, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// open opens the output, and with Resume reads the rows already done.
func (r *run) open(src Source) (*writer, map[int]bool, error) {
	done := map[int]bool{}
	if r.Out == "" {
		if _, err := r.Stdout.Write(appendHeader(nil, r.Format, r.DFRC)); err != nil {
			return nil, nil, err
		}
		return &writer{format: r.Format, dfrc: r.DFRC, w: r.Stdout, next: r.lo, pending: map[int]Row{}}, done, nil
	}
	w := &writer{format: r.Format, dfrc: r.DFRC, name: r.Out}
	st, err := os.Stat(r.Out)
	if err != nil || st.Size() == 0 {
		f, err := openOut(r.Out, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			return nil, nil, fmt.Errorf("--out: %v", err)
		}
		_, err = f.Write(appendHeader(nil, w.format, w.dfrc))
		if err == nil {
			err = f.Sync()
		}
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("--out %s: %v", r.Out, err)
		}
		w.file = f
		return w, done, nil
	}
	if !r.Resume {
		return nil, nil, fmt.Errorf("--out %q: the file exists: continue it with --resume, or remove it", r.Out)
	}
	f, err := openOut(r.Out, os.O_RDWR, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("--out: %v", err)
	}
	old, err := Read(f, r.Out)
	if err == nil {
		err = r.resumable(old, src)
	}
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("--resume: %v", err)
	}
	w.format = old.Format
	for _, row := range old.Rows {
		done[row.key()] = true
	}
	if old.Legacy {
		// Rows of this form cannot follow the previous form's header:
		// write the file anew, then append to it.
		f.Close()
		if err := writeFile(r.Out, old.Format, false, old.Rows); err != nil {
			return nil, nil, fmt.Errorf("--resume: %v", err)
		}
		r.Note(fmt.Sprintf("%s was of the previous form: written anew with a header row and engine, search_depth, options and date on every row", r.Out))
		if f, err = openOut(r.Out, os.O_RDWR|os.O_APPEND, 0); err != nil {
			return nil, nil, fmt.Errorf("--out: %v", err)
		}
	} else {
		complete := old.Complete
		err := f.Truncate(complete)
		if err == nil {
			_, err = f.Seek(complete, io.SeekStart)
		}
		if err == nil && complete == 0 {
			// Killed while writing the header row: start again.
			_, err = f.Write(appendHeader(nil, w.format, w.dfrc))
		}
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("--resume %s: %v", r.Out, err)
		}
	}
	w.file = f
	if old.Torn || len(done) > 0 {
		dropped := ""
		if old.Torn {
			dropped = "; dropped a last line cut short"
		}
		r.Note(fmt.Sprintf("resuming %s: %d of %d %s done%s", r.Out, len(done), r.hi-r.lo, r.noun(), dropped))
	}
	return w, done, nil
}

// resumable says why a file cannot be continued by this run, if it
// cannot.
func (r *run) resumable(old *File, src Source) error {
	if r.FormatGiven && old.Format != r.Format {
		return fmt.Errorf("%s is %v, not %v", r.Out, old.Format, r.Format)
	}
	h := old.Header
	switch {
	case (h.DFRC || len(old.Rows) > 0) && h.DFRC != r.DFRC:
		if r.DFRC {
			return fmt.Errorf("%s is a table of the 960 Chess960 positions; this run is of DFRC starts", r.Out)
		}
		return fmt.Errorf("%s is a table of DFRC starts; this run is of the 960 Chess960 positions", r.Out)
	case len(old.Rows) > 0 && h.Sample != r.Sample:
		return fmt.Errorf("%s is a table %s; this run is %s", r.Out, h.Sample, r.Sample)
	}
	if len(old.Rows) > 0 && h.Source != src {
		return fmt.Errorf("%s was made by %q at depth %d with %q; this run is %q at depth %d with %q",
			r.Out, h.Engine, h.Depth, h.Options, src.Engine, src.Depth, src.Options)
	}
	for _, row := range old.Rows {
		if k := row.key(); k < r.lo || k >= r.hi {
			if !r.DFRC {
				return fmt.Errorf("%s holds position %d, outside positions %d-%d of this run", r.Out, row.ID, r.lo, r.hi-1)
			}
			return fmt.Errorf("%s holds %s, outside %s of this run", r.Out, row.name(), r.span())
		}
	}
	return nil
}

func (w *writer) add(r Row) error {
	if w.file != nil {
		if _, err := w.file.Write(appendRow(nil, w.format, r)); err != nil {
			return fmt.Errorf("--out %s: %v", w.name, err)
		}
		if err := w.file.Sync(); err != nil {
			return fmt.Errorf("--out %s: %v", w.name, err)
		}
		return nil
	}
	w.pending[r.key()] = r
	for {
		r, ok := w.pending[w.next]
		if !ok {
			return nil
		}
		delete(w.pending, w.next)
		w.next++
		if _, err := w.w.Write(appendRow(nil, w.format, r)); err != nil {
			return err
		}
		if fl, ok := w.w.(interface{ Flush() error }); ok {
			if err := fl.Flush(); err != nil {
				return err
			}
		}
	}
}

// finish sorts a finished file: it is written anew beside it and renamed
// over it, so that a kill leaves one of the two whole.
func (w *writer) finish() error {
	if w.file == nil {
		return nil
	}
	if _, err := w.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	all, err := Read(w.file, w.name)
	w.close()
	if err != nil {
		return err
	}
	sortRows(all.Rows)
	return writeFile(w.name, all.Format, w.dfrc, all.Rows)
}

func (w *writer) close() {
	if w.file != nil {
		w.file.Close()
		w.file = nil
	}
}

// writeFile writes a whole table to a file, through a temporary file
// renamed over it.
func writeFile(name string, f Format, dfrc bool, rows []Row) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	err = writeTableOf(tmp, f, dfrc, rows)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %v", name, err)
	}
	return nil
}

// span describes the starts of a DFRC run: "indices 0-959" or "draws
// 1-500".
func (r *run) span() string {
	if r.Sample.N > 0 {
		return fmt.Sprintf("draws %d-%d", r.lo+1, r.hi)
	}
	return fmt.Sprintf("indices %d-%d", r.lo, r.hi-1)
}
