package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
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
the argument or as --fen or --pos. With --divide, prints the count below each
legal move (Chess960 UCI: castling as king-takes-rook). --threads sets how many
CPUs count (default: all); the counts do not depend on it. --hash MB keeps the
counts of subtrees in a table of that size, shared by the threads, to count
positions reached again by another move order once (faster at depth 7 and more;
a table entry is trusted on its 64-bit key).

With --suite, checks every position of a .perft file ("-": stdin) at each depth
(1..15) whose expected count is at most --max-nodes, and stops any count that
passes --max-nodes leaves, so a suite that understates a count cannot run for
hours; it reports every mismatch and exits 1 if there is any.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fen := fs.String("fen", "", "the position as a `FEN` (or any form the argument takes)")
			pos := fs.String("pos", "", "the position as a start position number `N` (or any form the argument takes)")
			depth := numberFlag(fs, "depth", 0, 0, perft.MaxDepth, "depth in plies (0..15)")
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

func runPerft(e *env, p chess.Position, depth, threads, hashMB int, divide, asJSON bool) error {
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	divideFn := perft.DivideParallel
	if hashMB > 0 {
		divideFn = perft.NewTable(hashMB).DivideParallel
	}
	start := time.Now()
	nodes := uint64(1)
	var div []perft.Entry
	if depth > 0 {
		div = divideFn(p, depth, threads)
		nodes = perft.Total(div)
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

func runSuite(e *env, file string, maxNodes uint64, threads int, asJSON bool) error {
	var r io.Reader = e.stdin
	name := file
	if file == "-" {
		name = "stdin"
	} else {
		f, err := os.Open(file)
		if err != nil {
			return fmt.Errorf("--suite %s: %v", quoteArg(file), unwrapPathError(err))
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return fmt.Errorf("--suite %s: is a directory", quoteArg(file))
		}
		r = f
	}
	entries, err := perft.ReadSuite(r, name)
	if err != nil {
		return err
	}
	start := time.Now()
	sum := perft.Check(entries, perft.CheckOptions{MaxNodes: maxNodes, Threads: threads})
	j := api.NewSuite(name, maxNodes, sum, time.Since(start))
	if asJSON {
		if err := writeJSON(e.stdout, j); err != nil {
			return err
		}
	} else {
		for _, m := range sum.Mismatches {
			line := m.String()
			if m.Err != nil {
				line = fmt.Sprintf("%s (line %d): %s", m.Entry.ID, m.Entry.Line, api.Message(m.Err))
			}
			fmt.Fprintln(e.stdout, "MISMATCH "+oneLine(line))
		}
		mnps := 0.0
		if j.Seconds > 0 {
			mnps = float64(j.Nodes) / j.Seconds / 1e6
		}
		fmt.Fprintf(e.stdout, "%s: %d %s, %d %s checked, %d nodes, %d %s, %.1fs (%.1f Mnodes/s)\n",
			name, j.Positions, plural(j.Positions, "position", "positions"), j.Counts, plural(j.Counts, "count", "counts"),
			j.Nodes, len(j.Mismatches), plural(len(j.Mismatches), "mismatch", "mismatches"), j.Seconds, mnps)
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
