package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/perftdiff"
	"github.com/chess960/chess960/perft"
)

func init() {
	register(&command{
		name: "perft-diff", args: "FEN --depth D [--engine PATH] [--timeout DURATION] [--trace] [--json]",
		summary: "find the position where an engine's move generation goes wrong",
		detail: `Compares our perft divide with the engine's ("go perft D" over UCI, with UCI_Chess960:
Stockfish's "move: count" lines and the usual variants, such as "e2e4 20", with or without a
"Nodes searched" total). It follows the first move whose counts differ, one ply deeper each
time, sending the engine the FEN and the moves played, until the moves themselves differ:
that is the exact position, with the legal moves the engine misses and the moves it makes
that are not legal. FEN may also be a start position. Exits 1 when the engine differs.
--json prints {"path": [UCI moves to that position], "fen", "missing": [UCI], "extra": [UCI]}.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			depth := numberFlag(fs, "depth", 0, 1, perft.MaxDepth, fmt.Sprintf("perft depth `D` to compare (1..%d)", perft.MaxDepth))
			enginePath := engineFlag(fs)
			timeout := fs.Duration("timeout", 10*time.Minute, "give up on an engine that takes longer than this `DURATION` (e.g. 90s, 10m) for one divide")
			trace := boolFlag(fs, "trace", "show the UCI dialogue on stderr")
			asJSON := boolFlag(fs, "json", `print {"path", "fen", "missing", "extra"}`)
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "FEN"); err != nil {
					return err
				}
				if !flagSet(fs, "depth") {
					return usagef("missing --depth")
				}
				if *timeout <= 0 {
					return fmt.Errorf("--timeout %v: must be positive", *timeout)
				}
				root, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				path, err := findEngine(*enginePath)
				if err != nil {
					return err
				}
				var tr io.Writer
				if *trace {
					tr = e.stderr
				}
				ctx, stop := interruptContext()
				defer stop()
				eng, err := startEngine(ctx, path, nil, tr)
				if err != nil && ctx.Err() != nil {
					return interrupted("perft-diff not finished")
				}
				if err != nil {
					return err
				}
				defer eng.Close()
				d, err := perftdiff.Find(ctx, eng, root, int(depth.n), *timeout)
				if err != nil && ctx.Err() != nil {
					return interrupted("perft-diff not finished")
				}
				if err != nil {
					return err
				}
				return reportDiff(e, d, eng.Name(), *asJSON)
			}
		},
	})
}

// reportDiff prints what perftdiff.Find found, and returns its verdict.
func reportDiff(e *env, r *perftdiff.Result, engine string, asJSON bool) error {
	path := r.PathUCI()
	if asJSON {
		if err := writeJSON(e.stdout, api.PerftDiff{Path: nonNil(path), FEN: r.Pos.FEN(chess.Standard), Missing: nonNil(r.Missing), Extra: nonNil(r.Extra)}); err != nil {
			return err
		}
		return r.Err()
	}
	how := "king takes rook, e1h1"
	if r.Mode == chess.Standard {
		how = "the king's move, e1g1: the engine has no UCI_Chess960"
	}
	fmt.Fprintf(e.stdout, "engine: %s (castling as %s)\n", engine, how)
	last := r.Steps[len(r.Steps)-1].Depth
	for _, s := range r.Steps {
		where := "from the position"
		if len(s.Path) > 0 {
			where = "after " + strings.Join(path[:len(s.Path)], " ")
		}
		fmt.Fprintf(e.stdout, "depth %d %s: %d moves; nodes ours %d, engine %d", s.Depth, where, s.Moves, s.Ours, s.Theirs)
		if s.HasReported && s.Reported != s.Theirs {
			fmt.Fprintf(e.stdout, " (it reports %d)", s.Reported)
		}
		fmt.Fprintln(e.stdout)
		if s.First != 0 && (len(r.Missing)+len(r.Extra) == 0 || s.Depth != last) {
			fmt.Fprintf(e.stdout, "  first move that differs: %s (ours %d, engine %d)\n", s.First.UCI(r.Mode), s.FirstOurs, s.FirstTheirs)
		}
	}
	if !r.Differs {
		fmt.Fprintf(e.stdout, "no difference at depth %d\n", r.Steps[0].Depth)
		return nil
	}
	if len(r.Path) > 0 {
		fmt.Fprintf(e.stdout, "the engine goes wrong after %s\n", strings.Join(path, " "))
	} else {
		fmt.Fprintln(e.stdout, "the engine goes wrong in the position itself")
	}
	fmt.Fprintf(e.stdout, "fen:     %s\n", r.Pos.FEN(chess.Standard))
	var miss []string
	for _, s := range r.Missing {
		m, _ := r.Pos.ParseUCI(s)
		miss = append(miss, s+" ("+r.Pos.SAN(m)+")")
	}
	fmt.Fprintf(e.stdout, "missing: %s\n", orNone(miss, "legal moves the engine does not make"))
	fmt.Fprintf(e.stdout, "extra:   %s\n", orNone(r.Extra, "moves the engine makes that are not legal"))
	for _, s := range r.Missing {
		m, _ := r.Pos.ParseUCI(s)
		if other := m.UCI(chess.Standard); m.IsCastle() && slices.Contains(r.Extra, other) {
			fmt.Fprintf(e.stdout, "note:    the engine writes castling %s as %s; with UCI_Chess960 it is the king taking its rook\n", s, other)
		}
	}
	if r.Odd != "" {
		fmt.Fprintf(e.stdout, "note:    %s\n", r.Odd)
	}
	return r.Err()
}

func orNone(s []string, what string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, " ") + "   (" + what + ")"
}

// nonNil returns s, or an empty list for nil, so that JSON writes [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
