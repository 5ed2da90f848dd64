package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/uci"
)

func init() {
	register(&command{
		name: "balance", args: "[--engine PATH] [--depth D] [--jobs N] [--hash MB] [--out FILE] [--resume] [--shard I/N] [--format csv|json] | --merge FILE... [--out FILE] [--format csv|json]",
		summary: "evaluate every start position with a UCI engine (how balanced is each?)",
		detail: `Searches each of the 960 start positions to --depth with its own engine process per job
(one thread each; ucinewgame before every position, so a row does not depend on which
process computed it or in what order), and writes one row per position: id, rank,
score_cp or mate (from White's side), bestmove (UCI, castling as king takes rook), depth,
seldepth, nodes, time_ms and pv. The CSV starts with comment lines naming the engine,
depth, options and date; --format json writes JSON Lines (a header object, then one
object per row). A progress bar with an ETA is drawn on stderr when it is a terminal.

With --out, rows are appended (and flushed to disk) as they finish, and the file is
sorted once all are done; after a kill, --resume keeps the finished rows, drops a line cut
short, and computes only the rest. --shard I/N computes the I-th of N equal parts of the
960 (1/240: positions 0-3), for several machines; --merge joins the parts, checking that
they come from the same engine, depth and options, do not overlap, and leave no gap.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			enginePath := engineFlag(fs)
			depth := numberFlag(fs, "depth", 20, 1, 100, "search depth `D` of every position")
			jobs := numberFlag(fs, "jobs", int64(runtime.NumCPU()), 1, 256, "engine processes running at once (one thread each)")
			hash := numberFlag(fs, "hash", 16, 1, 1<<16, "engine hash table per process, in `MB`")
			out := fs.String("out", "", "write to this `FILE` (default: stdout)")
			resume := boolFlag(fs, "resume", "continue the --out file of an interrupted run")
			shard := fs.String("shard", "", "compute only part `I/N` (e.g. 3/8: the third of eight parts)")
			format := choiceFlag(fs, "format", "", []string{"csv", "json"}, map[string]string{"jsonl": "json"}, "csv or json (JSON Lines); default csv, or json for an --out ending in .json or .jsonl")
			merge := boolFlag(fs, "merge", "join the files given as arguments into one table")
			return func(e *env, args []string) error {
				f, chosen, err := balanceFormat(format.v, *out)
				if err != nil {
					return err
				}
				if *merge {
					var bad []string
					fs.Visit(func(fl *flag.Flag) {
						switch fl.Name {
						case "engine", "depth", "jobs", "hash", "resume", "shard":
							bad = append(bad, "--"+fl.Name)
						}
					})
					if len(bad) > 0 {
						return usagef("--merge takes only --out and --format, not %s", strings.Join(bad, ", "))
					}
					if err := wantArgs(args, 1, -1, "files to merge"); err != nil {
						return err
					}
					return mergeBalance(e, args, *out, f, chosen)
				}
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				if *resume && *out == "" {
					return usagef("--resume needs --out FILE (the file to continue)")
				}
				lo, hi, err := parseShard(*shard)
				if err != nil {
					return err
				}
				path, err := findEngine(*enginePath)
				if err != nil {
					return err
				}
				b := &balanceRun{e: e, path: path, depth: int(depth.n), jobs: int(jobs.n), hash: int(hash.n), out: *out, resume: *resume,
					format: f, formatGiven: chosen, shard: *shard, lo: lo, hi: hi}
				return b.run()
			}
		},
	})
}

// balanceFormat returns the format of the output, and whether it was
// chosen (by --format or by the --out file's extension).
func balanceFormat(format, out string) (balance.Format, bool, error) {
	switch strings.ToLower(format) {
	case "csv":
		return balance.CSV, true, nil
	case "json", "jsonl":
		return balance.JSON, true, nil
	case "":
		switch strings.ToLower(filepath.Ext(out)) {
		case ".json", ".jsonl":
			return balance.JSON, true, nil
		case ".csv":
			return balance.CSV, true, nil
		}
		return balance.CSV, false, nil
	}
	return 0, false, fmt.Errorf("--format %s: unknown format: want csv or json", quoteArg(format))
}

// parseShard reads "I/N" and returns the ids of that part, [lo, hi).
func parseShard(s string) (int, int, error) {
	if s == "" {
		return 0, chess960.Count, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := decimal.Int(a, 1, chess960.Count)
	n, err2 := decimal.Int(b, 1, chess960.Count)
	switch {
	case !ok || err1 == decimal.ErrSyntax || err2 == decimal.ErrSyntax:
		return 0, 0, fmt.Errorf("--shard %s: want I/N, e.g. 3/8", quoteArg(s))
	case err1 != nil || err2 != nil || i > n:
		return 0, 0, fmt.Errorf("--shard %s: out of range: want 1 <= I <= N <= 960", quoteArg(s))
	}
	return int(i-1) * chess960.Count / int(n), int(i) * chess960.Count / int(n), nil
}

type balanceRun struct {
	e                 *env
	path              string
	depth, jobs, hash int
	out               string
	resume            bool
	format            balance.Format
	formatGiven       bool
	shard             string
	lo, hi            int
}

// configure sets one thread and the hash size, where the engine has the
// options, and returns them as the header writes them.
func (b *balanceRun) configure(ctx context.Context, en *uci.Engine) (string, error) {
	var set []string
	for _, s := range []uci.Setting{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: strconv.Itoa(b.hash)}} {
		if _, ok := en.Option(s.Name); !ok {
			continue
		}
		if err := en.SetOption(ctx, s.Name, s.Value); err != nil {
			return "", err
		}
		set = append(set, s.Name+"="+s.Value)
	}
	return strings.Join(set, " "), nil
}

func (b *balanceRun) run() error {
	sig, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx := sig
	first, opts, err := b.start(ctx)
	if err != nil {
		return err
	}
	engines := []*uci.Engine{first}
	defer func() {
		for _, en := range engines {
			en.Close()
		}
	}()
	h := balance.Header{Engine: first.Name(), Depth: b.depth, Options: opts,
		Date: time.Now().UTC().Format("2006-01-02"), Shard: b.shard}
	if b.shard != "" {
		h.Shard = fmt.Sprintf("%s (positions %d-%d)", b.shard, b.lo, b.hi-1)
	}
	w, done, err := b.openOutput(h)
	if err != nil {
		return err
	}
	var todo []int
	for id := b.lo; id < b.hi; id++ {
		if !done[id] {
			todo = append(todo, id)
		}
	}
	ids := make(chan int)
	results := make(chan balanceResult)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for j := range min(b.jobs, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			en := first
			if j > 0 {
				var err error
				if en, _, err = b.start(ctx); err != nil {
					results <- balanceResult{err: err}
					return
				}
			}
			for id := range ids {
				r, err := b.evaluate(ctx, en, id)
				results <- balanceResult{row: r, err: err}
				if err != nil {
					en.Close()
					return
				}
			}
			if j > 0 {
				en.Close()
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
	bar := newBalanceProgress(b.e.stderr, len(done), b.hi-b.lo)
	var firstErr error
	written := 0
	for res := range results {
		if res.err != nil {
			if firstErr == nil {
				firstErr = res.err
				cancel()
			}
			continue
		}
		if firstErr != nil {
			continue
		}
		if err := w.add(res.row); err != nil {
			firstErr = err
			cancel()
			continue
		}
		written++
		bar.step(res.row)
	}
	bar.clear()
	if firstErr != nil || written < len(todo) {
		if firstErr == nil || sig.Err() != nil {
			firstErr = errors.New("interrupted")
		}
		if b.out != "" {
			return fmt.Errorf("%v; %d of %d positions are in %s: run the same command with --resume to finish", firstErr, len(done)+written, b.hi-b.lo, b.out)
		}
		return firstErr
	}
	return w.finish()
}

func (b *balanceRun) start(ctx context.Context) (*uci.Engine, string, error) {
	en, err := startEngine(ctx, b.path, nil, nil)
	if err != nil {
		return nil, "", err
	}
	if en.Mode() != chess.Chess960 {
		en.Close()
		return nil, "", fmt.Errorf("engine %q has no UCI_Chess960 option: it cannot search Chess960 start positions", en.Name())
	}
	opts, err := b.configure(ctx, en)
	if err != nil {
		en.Close()
		return nil, "", err
	}
	return en, opts, nil
}

type balanceResult struct {
	row balance.Row
	err error
}

// evaluate searches one start position on a fresh game.
func (b *balanceRun) evaluate(ctx context.Context, en *uci.Engine, id int) (balance.Row, error) {
	sp := chess960.MustNew(id)
	if err := en.NewGame(ctx); err != nil {
		return balance.Row{}, err
	}
	res, err := en.Search(ctx, chess.NewPosition(sp), nil, uci.Limits{Depth: b.depth}, nil)
	if err != nil {
		return balance.Row{}, err
	}
	if len(res.Lines) == 0 || res.BestMove == 0 {
		return balance.Row{}, fmt.Errorf("engine %q: position %d: no line and no score", en.Name(), id)
	}
	l := res.Lines[0]
	r := balance.Row{ID: id, Rank: sp.String(), Score: l.Score.ForWhite(chess.White), BestMove: res.BestMove.UCI(chess.Chess960),
		Depth: l.Depth, SelDepth: l.SelDepth, Nodes: res.Nodes, TimeMS: res.Time.Milliseconds()}
	r.Score.Bound = uci.Exact
	for i, m := range l.PV {
		if i == 12 {
			break
		}
		r.PV = append(r.PV, m.UCI(chess.Chess960))
	}
	if len(r.PV) == 0 || r.PV[0] != r.BestMove {
		r.PV = []string{r.BestMove}
	}
	return r, nil
}

// balanceWriter takes rows as they finish.
type balanceWriter struct {
	format balance.Format
	// to a file: appended and synced row by row, sorted at the end
	file *os.File
	name string
	head balance.Header
	// to stdout: in id order, as soon as the next one is there
	w       io.Writer
	next    int
	hi      int
	pending map[int]balance.Row
}

// openOutput opens the output, and with --resume reads the rows already
// done.
func (b *balanceRun) openOutput(h balance.Header) (*balanceWriter, map[int]bool, error) {
	done := map[int]bool{}
	if b.out == "" {
		if err := balance.WriteHeader(b.e.stdout, b.format, h); err != nil {
			return nil, nil, err
		}
		return &balanceWriter{format: b.format, w: b.e.stdout, next: b.lo, hi: b.hi, pending: map[int]balance.Row{}}, done, nil
	}
	w := &balanceWriter{format: b.format, name: b.out, head: h}
	st, err := os.Stat(b.out)
	if err == nil && st.Size() > 0 {
		if !b.resume {
			return nil, nil, fmt.Errorf("--out %q: the file exists: continue it with --resume, or remove it", b.out)
		}
		f, err := os.OpenFile(b.out, os.O_RDWR, 0)
		if err != nil {
			return nil, nil, fmt.Errorf("--out: %v", err)
		}
		old, err := balance.Read(f, b.out)
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("--resume: %v", err)
		}
		switch {
		case b.formatGiven && old.Format != b.format:
			err = fmt.Errorf("--resume: %s is %v, not %v", b.out, old.Format, b.format)
		case !old.Header.Same(h):
			err = fmt.Errorf("--resume: %s was made by %q at depth %d with %q; this run is %q at depth %d with %q",
				b.out, old.Header.Engine, old.Header.Depth, old.Header.Options, h.Engine, h.Depth, h.Options)
		case old.Header.Shard != h.Shard:
			err = fmt.Errorf("--resume: %s holds shard %q; this run is shard %q", b.out, old.Header.Shard, h.Shard)
		}
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		w.format, w.head = old.Format, old.Header
		if len(old.Rows) == 0 && old.Format == balance.CSV && !bytes.Contains(mustHead(b.out), []byte(balance.Columns)) {
			// Killed while writing the header: start again.
			old.Complete = 0
		}
		if err := f.Truncate(old.Complete); err == nil {
			_, err = f.Seek(old.Complete, io.SeekStart)
		}
		if err == nil && old.Complete == 0 {
			err = balance.WriteHeader(f, w.format, w.head)
		}
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("--resume %s: %v", b.out, err)
		}
		for _, r := range old.Rows {
			if r.ID < b.lo || r.ID >= b.hi {
				f.Close()
				return nil, nil, fmt.Errorf("--resume: %s holds position %d, outside positions %d-%d of this run", b.out, r.ID, b.lo, b.hi-1)
			}
			done[r.ID] = true
		}
		w.file = f
		if old.Torn || len(done) > 0 {
			fmt.Fprintf(b.e.stderr, "chess960 balance: note: resuming %s: %d of %d positions done%s\n", b.out, len(done), b.hi-b.lo,
				map[bool]string{true: "; dropped a last line cut short", false: ""}[old.Torn])
		}
		return w, done, nil
	}
	f, err := os.OpenFile(b.out, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("--out: %v", err)
	}
	if err := balance.WriteHeader(f, w.format, h); err == nil {
		err = f.Sync()
	} else {
		f.Close()
		return nil, nil, fmt.Errorf("--out %s: %v", b.out, err)
	}
	w.file = f
	return w, done, nil
}

func mustHead(name string) []byte {
	data, _ := os.ReadFile(name)
	return data
}

func (w *balanceWriter) add(r balance.Row) error {
	if w.file != nil {
		if _, err := w.file.Write(balance.AppendRow(nil, w.format, r)); err != nil {
			return fmt.Errorf("--out %s: %v", w.name, err)
		}
		if err := w.file.Sync(); err != nil {
			return fmt.Errorf("--out %s: %v", w.name, err)
		}
		return nil
	}
	w.pending[r.ID] = r
	for {
		r, ok := w.pending[w.next]
		if !ok {
			return nil
		}
		delete(w.pending, w.next)
		w.next++
		if _, err := w.w.Write(balance.AppendRow(nil, w.format, r)); err != nil {
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
func (w *balanceWriter) finish() error {
	if w.file == nil {
		return nil
	}
	if _, err := w.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	all, err := balance.Read(w.file, w.name)
	w.file.Close()
	if err != nil {
		return err
	}
	balance.SortRows(all.Rows)
	return writeTable(w.name, all.Format, all.Header, all.Rows)
}

// writeTable writes a whole table to a file, through a temporary file
// renamed over it.
func writeTable(name string, f balance.Format, h balance.Header, rows []balance.Row) error {
	var buf bytes.Buffer
	if err := balance.WriteHeader(&buf, f, h); err != nil {
		return err
	}
	var b []byte
	for _, r := range rows {
		b = balance.AppendRow(b, f, r)
	}
	buf.Write(b)
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(buf.Bytes())
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

// mergeBalance joins shard files into one table.
func mergeBalance(e *env, files []string, out string, f balance.Format, formatGiven bool) error {
	var head balance.Header
	var rows []balance.Row
	from := map[int]string{}
	var dates []string
	for i, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("--merge: %v", err)
		}
		t, err := balance.Read(fh, name)
		fh.Close()
		if err != nil {
			return fmt.Errorf("--merge: %v", err)
		}
		if t.Torn {
			fmt.Fprintf(e.stderr, "chess960 balance: note: %s ends in a line cut short, ignored\n", name)
		}
		if i == 0 {
			head = t.Header
			if !formatGiven {
				f = t.Format
			}
		} else if !head.Same(t.Header) {
			return fmt.Errorf("--merge: %s was made by %q at depth %d with %q, but %s by %q at depth %d with %q",
				files[0], head.Engine, head.Depth, head.Options, name, t.Header.Engine, t.Header.Depth, t.Header.Options)
		}
		dates = append(dates, t.Header.Date)
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
	balance.SortRows(rows)
	head.Shard = ""
	lo, hi := dates[0], dates[0]
	for _, d := range dates {
		lo, hi = min(lo, d), max(hi, d)
	}
	head.Date = lo
	if hi != lo {
		head.Date = lo + " to " + hi
	}
	if out != "" {
		return writeTable(out, f, head, rows)
	}
	if err := balance.WriteHeader(e.stdout, f, head); err != nil {
		return err
	}
	var b []byte
	for _, r := range rows {
		b = balance.AppendRow(b, f, r)
	}
	_, err := e.stdout.Write(b)
	return err
}

// balanceProgress draws a bar with an ETA on a terminal.
type balanceProgress struct {
	line             *statusLine
	start            time.Time
	before, done, of int
	last             string
}

func newBalanceProgress(w io.Writer, before, of int) *balanceProgress {
	p := &balanceProgress{line: newStatusLine(w), start: time.Now(), before: before, of: of}
	p.draw()
	return p
}

func (p *balanceProgress) step(r balance.Row) {
	p.done++
	p.last = fmt.Sprintf("%d %s %s", r.ID, r.Rank, r.Score.Short())
	p.draw()
}

func (p *balanceProgress) draw() {
	if !p.line.on {
		return
	}
	n := p.before + p.done
	const width = 24
	fill := width * n / max(p.of, 1)
	eta := "ETA --"
	if p.done > 0 {
		left := time.Duration(float64(time.Since(p.start)) / float64(p.done) * float64(p.of-n))
		eta = "ETA " + left.Round(time.Second).String()
	}
	p.line.show(fmt.Sprintf("[%s%s] %d/%d %3.0f%% %s  %s", strings.Repeat("#", fill), strings.Repeat("-", width-fill),
		n, p.of, 100*float64(n)/float64(max(p.of, 1)), eta, p.last))
}

func (p *balanceProgress) clear() { p.line.clear() }
