package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/perft"
)

func init() {
	register(&command{
		name: "perft", args: "POSITION --depth D [--divide] [--threads N] [--hash MB] [--json] | --suite FILE [--max-nodes N] [--threads N] [--json]",
		summary: "count the leaf nodes of the legal move tree (perft), or check a .perft suite",
		detail: `POSITION is read as fen reads it (a FEN, startpos, 518, RNBQKBNR or "-"), given as
the argument or as --fen or --pos. Any depth 0..10000 is counted: depth is not a
measure of work (a position with forced moves counts 1 at any depth), so the
count runs as long as it takes, with its progress on stderr when stderr is a
terminal; Ctrl-C stops it with the nodes counted so far and exit status 130. A
count past 2^64 (possible with --hash) is an error, never a wrapped number.
With --divide, prints the count below each legal move (Chess960 UCI: castling
as king-takes-rook). --threads sets how many CPUs count (default: all); the
counts do not depend on it. --hash MB keeps the counts of subtrees in a table
of that size, shared by the threads, to count positions reached again by
another move order once (faster at depth 7 and more; a table entry is trusted
on its 64-bit key).

With --suite, checks every position of a .perft file ("-": stdin) at each depth
(0..10000) whose expected count is at most --max-nodes, and stops any count
that passes --max-nodes leaves (or visits as many positions above them), so a
suite that understates a count, or a deep line on a wide tree, cannot run for
hours; it reports every mismatch and exits 1 if there is any.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fen := fs.String("fen", "", "the position as a `FEN` (or any form the argument takes)")
			pos := fs.String("pos", "", "the position as a start position number `N` (or any form the argument takes)")
			depth := numberFlag(fs, "depth", 0, 0, perft.MaxDepth, fmt.Sprintf("depth in plies (0..%d)", perft.MaxDepth))
			divide := boolFlag(fs, "divide", "also count below each legal move")
			asJSON := boolFlag(fs, "json", "print a JSON object")
			threads := numberFlag(fs, "threads", 0, 0, 256, "goroutines counting in parallel (0: one per CPU)")
			hashMB := numberFlag(fs, "hash", 0, 0, 1<<20, "transposition table size in `MB` (0: none)")
			suite := fs.String("suite", "", "a .perft suite `FILE` to check (-: stdin)")
			maxNodes := numberFlag(fs, "max-nodes", 10_000_000, 0, 1<<62, "with --suite: skip expected counts above N and stop counts beyond it (0: no limit)")
			return func(e *env, args []string) error {
				if flagSet(fs, "suite") {
					for _, f := range []string{"fen", "pos", "depth", "divide", "hash"} {
						if flagSet(fs, f) {
							return usagef("--%s does nothing with --suite (the suite gives the positions and depths)", f)
						}
					}
					if err := wantArgs(args, 0, 0, ""); err != nil {
						return err
					}
					return runSuite(e, *suite, uint64(maxNodes.n), int(threads.n), *asJSON)
				}
				if flagSet(fs, "max-nodes") {
					return usagef("--max-nodes bounds --suite, and does nothing without it")
				}
				args = joinFEN(args)
				if err := wantArgs(args, 0, 1, ""); err != nil {
					return err
				}
				given := args
				if flagSet(fs, "fen") {
					given = append(given, *fen)
				}
				if flagSet(fs, "pos") {
					given = append(given, *pos)
				}
				if len(given) != 1 {
					return usagef("give one position: as the argument, --fen or --pos")
				}
				if !flagSet(fs, "depth") {
					return usagef("missing --depth")
				}
				if *divide && depth.n == 0 {
					return usagef("--divide needs --depth 1 or more (depth 0 has no moves to divide)")
				}
				if limit := maxHashMB(); hashMB.n > int64(limit) {
					return fmt.Errorf("--hash %d: out of range: must be 0..%d (MB; at most three quarters of the memory available)", hashMB.n, limit)
				}
				p, err := positionArg(e, given[0])
				if err != nil {
					return err
				}
				return runPerft(e, p, int(depth.n), int(threads.n), int(hashMB.n), *divide, *asJSON)
			}
		},
	})
}

// interruptContext is the context a count runs in: until Ctrl-C (SIGINT).
// Tests replace it.
var interruptContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// interrupted is the error of a count stopped by Ctrl-C.
func interrupted(what string) error {
	return &interruptedError{"interrupted (Ctrl-C): " + what}
}

func runPerft(e *env, p chess.Position, depth, threads, hashMB int, divide, asJSON bool) error {
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	o := perft.Options{Threads: threads}
	if hashMB > 0 {
		o.Table = perft.NewTable(hashMB)
	}
	ctx, stop := interruptContext()
	defer stop()
	start := time.Now()
	status := newProgress(e.stderr)
	if status.on && depth > 0 {
		o.Progress = perftProgress(status, depth)
		status.show(fmt.Sprintf("perft depth %d: counting", depth))
	}
	nodes := uint64(1)
	var div []perft.Entry
	var err error
	if depth > 0 {
		div, err = perft.DivideContext(ctx, p, depth, o)
		nodes = perft.Total(div)
	}
	status.clear()
	switch {
	case errors.Is(err, perft.ErrOverflow):
		return fmt.Errorf("--depth %d: the count does not fit in 64 bits (it is %d or more)", depth, uint64(math.MaxUint64))
	case err != nil && ctx.Err() != nil:
		return interrupted(fmt.Sprintf("depth %d not finished, %d nodes counted in %.1fs", depth, nodes, time.Since(start).Seconds()))
	case err != nil:
		return err
	}
	j := api.NewPerft(p, depth, nodes, div, divide, api.PerftRun{Threads: threads, HashMB: hashMB, Elapsed: time.Since(start)})
	if asJSON {
		return writeJSON(e.stdout, j)
	}
	noteWarnings(e, p)
	if divide {
		for _, d := range j.Divide {
			fmt.Fprintf(e.stdout, "%s: %d\n", d.UCI, d.Nodes)
		}
		fmt.Fprintf(e.stdout, "\nmoves: %d\n", len(j.Divide))
	}
	fmt.Fprintf(e.stdout, "nodes: %d\n", nodes)
	fmt.Fprintf(e.stdout, "time:  %.3fs (%.1f Mnodes/s)\n", j.Seconds, float64(j.NPS)/1e6)
	return nil
}

// perftProgress draws a count's progress on the status line, as often as
// the line is due, and once the last subtree is counted.
func perftProgress(status *progress, depth int) func(perft.Progress) {
	return func(pr perft.Progress) {
		if !status.due() && pr.Done < pr.Jobs {
			return
		}
		mnps := float64(pr.Nodes) / status.elapsed().Seconds() / 1e6
		status.show(fmt.Sprintf("perft depth %d: %d of %d subtrees, %d nodes, %.1f Mnodes/s", depth, pr.Done, pr.Jobs, pr.Nodes, mnps))
	}
}

func runSuite(e *env, file string, maxNodes uint64, threads int, asJSON bool) error {
	r, _, done, err := openArg(e, file)
	if err != nil {
		return fmt.Errorf("--suite %w", err)
	}
	defer done()
	name := file
	if file == "-" {
		name = "stdin"
	}
	entries, err := perft.ReadSuite(r, name)
	if err != nil {
		return err
	}
	ctx, stop := interruptContext()
	defer stop()
	start := time.Now()
	sum, err := perft.CheckContext(ctx, entries, perft.CheckOptions{MaxNodes: maxNodes, Threads: threads})
	if err != nil {
		return interrupted(fmt.Sprintf("--suite %s not finished, %d counts checked, %d %s", quoteArg(file),
			sum.Counts, len(sum.Mismatches), plural(len(sum.Mismatches), "mismatch", "mismatches")))
	}
	j := api.NewSuite(name, maxNodes, sum, time.Since(start))
	if asJSON {
		if err := writeJSON(e.stdout, j); err != nil {
			return err
		}
	} else {
		for _, m := range sum.Mismatches {
			line := m.String()
			if m.Err != nil && m.Depth == 0 {
				line = fmt.Sprintf("%s (line %d): %s", m.Entry.ID, m.Entry.Line, api.Message(m.Err))
			}
			fmt.Fprintln(e.stdout, "MISMATCH "+oneLine(line))
		}
		for _, u := range sum.Unchecked {
			fmt.Fprintf(e.stdout, "UNCHECKED %s (line %d) depth %d: stopped at --max-nodes %d with %d nodes counted, before the suite's %d (a deep, narrow tree visits more positions than its leaves; raise --max-nodes to check it): %s\n",
				u.Entry.ID, u.Entry.Line, u.Depth, maxNodes, u.Got, u.Want, oneLine(u.Entry.FEN))
		}
		mnps := 0.0
		if j.Seconds > 0 {
			mnps = float64(j.Nodes) / j.Seconds / 1e6
		}
		unchecked := ""
		if n := len(j.Unchecked); n > 0 {
			unchecked = fmt.Sprintf(", %d unchecked", n)
		}
		fmt.Fprintf(e.stdout, "%s: %d %s, %d %s checked, %d nodes, %d %s%s, %.1fs (%.1f Mnodes/s)\n",
			name, j.Positions, plural(j.Positions, "position", "positions"), j.Counts, plural(j.Counts, "count", "counts"),
			j.Nodes, len(j.Mismatches), plural(len(j.Mismatches), "mismatch", "mismatches"), unchecked, j.Seconds, mnps)
	}
	if n := len(sum.Mismatches); n > 0 {
		return fmt.Errorf("--suite %s: %d %s", quoteArg(file), n, plural(n, "mismatch", "mismatches"))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// unwrapPathError drops the file name from an *os.PathError, which the
// message already quotes.
func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// maxHashMB is the largest --hash accepted: three quarters of the memory
// available (Linux: MemAvailable in /proc/meminfo), and never above 1 TiB.
// The table's size is rounded down to a power of two, so this only refuses
// sizes that could not be allocated, which would crash the program.
func maxHashMB() int {
	limit := 1 << 20
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return limit
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemAvailable:" {
			if kb, err := decimal.Int(f[1], 0, math.MaxInt64); err == nil {
				limit = min(limit, int(kb/1024*3/4))
			}
		}
	}
	return limit
}
