package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/perft"
	"github.com/chess960/chess960/uci"
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
			depth := numberFlag(fs, "depth", 0, 1, perft.MaxDepth, "perft depth `D` to compare")
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
				eng, err := startEngine(context.Background(), path, nil, tr)
				if err != nil {
					return err
				}
				defer eng.Close()
				d, err := perftDiff(eng, root, int(depth.n), *timeout)
				if err != nil {
					return err
				}
				return d.report(e, eng, *asJSON)
			}
		},
	})
}

// diffStep is one level of the walk: the divide of the position after
// path, at depth.
type diffStep struct {
	depth          int
	path           []chess.Move
	moves          int
	ours, theirs   uint64 // totals
	first          chess.Move
	firstOurs      uint64
	firstTheirs    uint64
	theirsReported uint64 // the engine's own total, if it printed one
	hasReported    bool
}

type diffResult struct {
	mode    chess.CastlingMode
	root    chess.Position
	steps   []diffStep
	differs bool
	path    []chess.Move
	pos     chess.Position
	missing []string
	extra   []string
	// odd describes an engine whose counts disagree with themselves.
	odd string
}

type divider interface {
	Perft(ctx context.Context, start chess.Position, moves []chess.Move, depth int) (uci.Divide, error)
	Mode() chess.CastlingMode
}

// perftDiff walks down from root to the first position where the engine's
// moves differ from ours.
func perftDiff(eng divider, root chess.Position, depth int, timeout time.Duration) (*diffResult, error) {
	mode := eng.Mode()
	r := &diffResult{mode: mode, root: root, pos: root}
	var parentTheirs uint64
	for d := depth; d >= 1; d-- {
		ours := perft.DivideParallel(r.pos, d, 0)
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		theirs, err := eng.Perft(ctx, root, r.path, d)
		cancel()
		if err != nil {
			return nil, err
		}
		step := diffStep{depth: d, path: slices.Clone(r.path), moves: len(ours), ours: perft.Total(ours), theirs: theirs.Sum(),
			theirsReported: theirs.Total, hasReported: theirs.HasTotal}
		oursByText := map[string]bool{}
		for _, en := range ours {
			k := en.Move.UCI(mode)
			oursByText[k] = true
			n, ok := theirs.Counts[k]
			if !ok {
				r.missing = append(r.missing, k)
			} else if n != en.Nodes && step.first == 0 {
				step.first, step.firstOurs, step.firstTheirs = en.Move, en.Nodes, n
			}
		}
		for _, k := range theirs.Order {
			if !oursByText[k] {
				r.extra = append(r.extra, k)
			}
		}
		slices.Sort(r.missing)
		slices.Sort(r.extra)
		r.steps = append(r.steps, step)
		if d < depth && step.theirs != parentTheirs && r.odd == "" {
			prev := r.steps[len(r.steps)-2]
			r.odd = fmt.Sprintf("the engine counted %d below %s at depth %d, but its divide of the position after it adds up to %d",
				parentTheirs, prev.first.UCI(mode), d+1, step.theirs)
		}
		if len(r.missing)+len(r.extra) > 0 {
			r.differs = true
			return r, nil
		}
		if step.first == 0 {
			if d < depth {
				r.differs = true
				if r.odd == "" {
					r.odd = "the engine's counts below the previous move differ, but its divide of the position after it matches ours"
				}
			}
			return r, nil
		}
		if d == 1 {
			r.differs = true
			r.odd = fmt.Sprintf("the engine counts %d below %s at depth 1, where every move counts 1", step.firstTheirs, step.first.UCI(mode))
			return r, nil
		}
		parentTheirs = step.firstTheirs
		r.path = append(r.path, step.first)
		r.pos.Play(step.first)
	}
	return r, nil
}

func (r *diffResult) report(e *env, eng *uci.Engine, asJSON bool) error {
	path := make([]string, len(r.path))
	for i, m := range r.path {
		path[i] = m.UCI(r.mode)
	}
	if asJSON {
		if err := writeJSON(e.stdout, api.PerftDiff{Path: nonNil(path), FEN: r.pos.FEN(chess.Standard), Missing: nonNil(r.missing), Extra: nonNil(r.extra)}); err != nil {
			return err
		}
	} else {
		how := "king takes rook, e1h1"
		if r.mode == chess.Standard {
			how = "the king's move, e1g1: the engine has no UCI_Chess960"
		}
		fmt.Fprintf(e.stdout, "engine: %s (castling as %s)\n", eng.Name(), how)
		for _, s := range r.steps {
			where := "from the position"
			if len(s.path) > 0 {
				where = "after " + strings.Join(path[:len(s.path)], " ")
			}
			fmt.Fprintf(e.stdout, "depth %d %s: %d moves; nodes ours %d, engine %d", s.depth, where, s.moves, s.ours, s.theirs)
			if s.hasReported && s.theirsReported != s.theirs {
				fmt.Fprintf(e.stdout, " (it reports %d)", s.theirsReported)
			}
			fmt.Fprintln(e.stdout)
			if s.first != 0 && len(r.missing)+len(r.extra) == 0 || s.first != 0 && s.depth != r.steps[len(r.steps)-1].depth {
				fmt.Fprintf(e.stdout, "  first move that differs: %s (ours %d, engine %d)\n", s.first.UCI(r.mode), s.firstOurs, s.firstTheirs)
			}
		}
		if !r.differs {
			fmt.Fprintf(e.stdout, "no difference at depth %d\n", r.steps[0].depth)
			return nil
		}
		if len(r.path) > 0 {
			fmt.Fprintf(e.stdout, "the engine goes wrong after %s\n", strings.Join(path, " "))
		} else {
			fmt.Fprintln(e.stdout, "the engine goes wrong in the position itself")
		}
		fmt.Fprintf(e.stdout, "fen:     %s\n", r.pos.FEN(chess.Standard))
		var miss []string
		for _, s := range r.missing {
			m, _ := r.pos.ParseUCI(s)
			miss = append(miss, s+" ("+r.pos.SAN(m)+")")
		}
		fmt.Fprintf(e.stdout, "missing: %s\n", orNone(miss, "legal moves the engine does not make"))
		fmt.Fprintf(e.stdout, "extra:   %s\n", orNone(r.extra, "moves the engine makes that are not legal"))
		for _, s := range r.missing {
			m, _ := r.pos.ParseUCI(s)
			if other := m.UCI(chess.Standard); m.IsCastle() && slices.Contains(r.extra, other) {
				fmt.Fprintf(e.stdout, "note:    the engine writes castling %s as %s; with UCI_Chess960 it is the king taking its rook\n", s, other)
			}
		}
	}
	if !r.differs {
		return nil
	}
	if r.odd != "" {
		if !asJSON {
			fmt.Fprintf(e.stdout, "note:    %s\n", r.odd)
		}
	}
	where := "in the position itself"
	if len(path) > 0 {
		where = "after " + strings.Join(path, " ")
	}
	detail := fmt.Sprintf("%d missing, %d extra", len(r.missing), len(r.extra))
	if len(r.missing)+len(r.extra) == 0 {
		detail = r.odd
	}
	return fmt.Errorf("the engine's move generation differs from ours %s: %s", where, detail)
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
