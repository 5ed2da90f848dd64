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

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
)

func init() {
	register(&command{
		name: "balance", args: "[--dfrc [--sample N --seed S]] [--engine PATH] [--depth D] [--jobs N] [--hash MB] [--out FILE] [--resume] [--shard I/N] [--format csv|json] | --merge FILE... [--out FILE] [--format csv|json]",
		summary: "evaluate every start position (or DFRC start) with a UCI engine (how balanced is each?)",
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
writes such a file anew in this form, and --merge of such parts writes this form.

--dfrc evaluates Double Fischer Random starts instead: all 921,600 in index order
(W × 960 + B), or with --sample N --seed S the N different starts that
"book --sample N --dfrc --seed S" draws, in that order. --shard I/N then splits the
921,600 by index (1/960: White's position 0 against each of Black's) or the sample by its
order. A DFRC table has the header row
  start,index,white_rank,black_rank,sample_seed,sample_size,sample_draw,score_cp,mate,...
(then as above, from score_cp on; JSON Lines: the same keys, the sample keys only in a
sample): the start as W:B, its index, White's and Black's back ranks, and for a sample its
seed, its size N and the row's place in the draw, from 1 (empty when not a sample). Every
row is checked as it is read: the name, the index, the ranks, the best move and the pv
from that start, and a sample's row against the seed's draw. --merge refuses to join 960
and DFRC parts, parts of different samples, overlapping parts, and parts that leave a
start out.`,
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
			dfrc := boolFlag(fs, "dfrc", "evaluate DFRC starts (W:B) instead of the 960: all 921,600, or a --sample")
			sample := numberFlag(fs, "sample", 0, 1, chess960.DFRCCount, "with --dfrc: evaluate the `N` different starts drawn with --seed")
			seed := fs.String("seed", "", "with --sample: the seed `S` of the draw, as book --sample N --dfrc --seed S draws")
			return func(e *env, args []string) error {
				f, chosen, err := balanceFormat(format.v, *out)
				if err != nil {
					return err
				}
				if *merge {
					var bad []string
					fs.Visit(func(fl *flag.Flag) {
						switch fl.Name {
						case "engine", "depth", "jobs", "hash", "resume", "shard", "dfrc", "sample", "seed":
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
				var smp balance.Sample
				switch {
				case flagSet(fs, "sample") && !*dfrc:
					return usagef("--sample goes with --dfrc (a sample of the 921,600 DFRC starts)")
				case flagSet(fs, "seed") && !flagSet(fs, "sample"):
					return usagef("--seed goes with --sample")
				case flagSet(fs, "sample") && *seed == "":
					return usagef("--sample %d needs --seed S (not empty), so that the sample can be drawn again and checked", sample.n)
				case flagSet(fs, "sample"):
					smp = balance.Sample{Seed: *seed, N: int(sample.n)}
				}
				total := chess960.Count
				if *dfrc {
					total = chess960.DFRCCount
					if smp.N > 0 {
						total = smp.N
					}
				}
				var part balance.Shard
				if *shard != "" {
					if part, err = balance.ParseShardOf(*shard, total); err != nil {
						return fmt.Errorf("--shard %v", err)
					}
				}
				path, err := findEngine(*enginePath)
				if err != nil {
					return err
				}
				return runBalance(e, balance.Config{
					Engine: engineConfig(path, nil, nil),
					Depth:  int(depth.n), Jobs: int(jobs.n), Hash: int(hash.n), Shard: part, DFRC: *dfrc, Sample: smp,
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
		switch {
		case p.Row.IsDFRC:
			last = fmt.Sprintf("  %s %s", p.Row.DFRC, p.Row.Score.Short())
		case p.Row.Rank != "":
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
