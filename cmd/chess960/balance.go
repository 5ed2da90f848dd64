package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/chess960/chess960/internal/balance"
)

func init() {
	register(&command{
		name: "balance", args: "[--engine PATH] [--depth D] [--jobs N] [--hash MB] [--out FILE] [--resume] [--shard I/N] [--format csv|json] | --merge FILE... [--out FILE] [--format csv|json]",
		summary: "evaluate every start position with a UCI engine (how balanced is each?)",
		detail: `Searches each of the 960 start positions to --depth with its own engine process per job
(one thread each; ucinewgame before every position, so a row does not depend on which
process computed it or in what order), and writes one row per position: id, rank,
score_cp or mate (from White's side), bestmove (UCI, castling as king takes rook), depth,
seldepth, nodes, time_ms and pv, then how the row was made: engine, search_depth, options
and date. The CSV is plain RFC 4180 (a header row, then the rows) for spreadsheets,
pandas or DuckDB; --format json writes JSON Lines with the same names. A progress bar with
an ETA is drawn on stderr when it is a terminal.

With --out, rows are appended (and flushed to disk) as they finish, and the file is
sorted once all are done; after a kill, --resume keeps the finished rows, drops a line cut
short, and computes only the rest. --shard I/N computes the I-th of N equal parts of the
960 (1/240: positions 0-3), for several machines; --merge joins the parts, checking that
they come from the same engine, depth and options, do not overlap, and leave no gap.
Files of the previous form (starting with "#" comment lines) are read too: --resume
writes such a file anew in this form, and --merge of such parts writes this form.`,
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
					return balance.Merge(args, *out, e.stdout, f, chosen, balanceNote(e))
				}
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				if *resume && *out == "" {
					return usagef("--resume needs --out FILE (the file to continue)")
				}
				var part balance.Shard
				if *shard != "" {
					if part, err = balance.ParseShard(*shard); err != nil {
						return fmt.Errorf("--shard %v", err)
					}
				}
				path, err := findEngine(*enginePath)
				if err != nil {
					return err
				}
				return runBalance(e, balance.Config{
					Engine: engineConfig(path, nil, nil),
					Depth:  int(depth.n), Jobs: int(jobs.n), Hash: int(hash.n), Shard: part,
					Out: *out, Stdout: e.stdout, Resume: *resume, Format: f, FormatGiven: chosen,
				})
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

// runBalance runs the table, until done or until SIGINT or SIGTERM, with
// a progress bar on a terminal.
func runBalance(e *env, c balance.Config) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	prog := newProgress(e.stderr)
	defer prog.clear()
	c.Note = balanceNote(e)
	c.Progress = func(p balance.Progress) {
		if !prog.on {
			return
		}
		last := ""
		if p.Row.Rank != "" {
			last = fmt.Sprintf("  %d %s %s", p.Row.ID, p.Row.Rank, p.Row.Score.Short())
		}
		prog.show(bar(p.Done, p.Of, 24) + " " + prog.eta(float64(p.Done-p.Resumed), float64(p.Of-p.Resumed)) + last)
	}
	return balance.Run(ctx, c)
}

// balanceNote prints a note of balance on stderr.
func balanceNote(e *env) func(string) {
	return func(msg string) { fmt.Fprintf(e.stderr, "chess960 balance: note: %s\n", msg) }
}
