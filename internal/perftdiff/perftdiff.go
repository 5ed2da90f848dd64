// Package perftdiff finds where an engine's move generation goes wrong: it
// compares the engine's perft divide ("go perft" over UCI) with package
// perft's, and follows the first move whose counts differ one ply deeper
// each time, until the moves themselves differ. That names the position,
// the legal moves the engine misses and the moves it makes that are not
// legal. The chess960 command's perft-diff is a thin wrapper around Find.
//
// It is a package of its own, above perft and uci, because it joins the
// two: perft stays a library of the standard library and package chess,
// and uci needs no perft to speak to an engine.
package perftdiff

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
	"github.com/chess960/chess960/uci"
)

// Divider is what Find asks of an engine (a *uci.Engine is one): its
// divide of the position after moves from start, and the castling notation
// it writes moves in.
type Divider interface {
	Perft(ctx context.Context, start chess.Position, moves []chess.Move, depth int) (uci.Divide, error)
	Mode() chess.CastlingMode
}

// Step is one level of the walk: the divides of the position after Path,
// at Depth.
type Step struct {
	Depth        int
	Path         []chess.Move // from the root to this position
	Moves        int          // our legal moves
	Ours, Theirs uint64       // the totals of the two divides
	// Reported is the engine's own total ("Nodes searched"), if it printed
	// one (HasReported); Theirs is the sum of its lines.
	Reported    uint64
	HasReported bool
	// First is the first of our moves (in Chess960 UCI order) whose counts
	// differ, with both counts; 0 if none does.
	First                  chess.Move
	FirstOurs, FirstTheirs uint64
}

// Result is what Find found.
type Result struct {
	Mode  chess.CastlingMode // the engine's castling notation
	Root  chess.Position
	Steps []Step
	// Differs tells that the engine is wrong: then Path leads from Root to
	// Pos, the position where it goes wrong.
	Differs bool
	Path    []chess.Move
	Pos     chess.Position
	// Missing are our legal moves the engine does not make, Extra the
	// moves it makes that are not legal, in its notation, sorted.
	Missing, Extra []string
	// Odd describes an engine whose counts disagree with themselves (or
	// that differs though every move matches); "" if none.
	Odd string
}

// Find walks down from root, at depth (1..perft.MaxDepth), to the first
// position where the engine's moves differ from ours. Each of the engine's
// divides may take up to timeout; ctx ends the walk (our counts and the
// engine's).
func Find(ctx context.Context, eng Divider, root chess.Position, depth int, timeout time.Duration) (*Result, error) {
	if depth < 1 || depth > perft.MaxDepth {
		return nil, fmt.Errorf("perftdiff: depth %d: out of range: must be 1..%d", depth, perft.MaxDepth)
	}
	mode := eng.Mode()
	r := &Result{Mode: mode, Root: root, Pos: root}
	var parentTheirs uint64
	for d := depth; d >= 1; d-- {
		ours, err := perft.DivideContext(ctx, r.Pos, d, perft.Options{})
		if err != nil {
			return nil, err
		}
		ectx, cancel := context.WithTimeout(ctx, timeout)
		theirs, err := eng.Perft(ectx, root, r.Path, d)
		cancel()
		if err != nil {
			return nil, err
		}
		step := Step{Depth: d, Path: slices.Clone(r.Path), Moves: len(ours), Ours: perft.Total(ours), Theirs: theirs.Sum(),
			Reported: theirs.Total, HasReported: theirs.HasTotal}
		oursByText := map[string]bool{}
		for _, en := range ours {
			k := en.Move.UCI(mode)
			oursByText[k] = true
			n, ok := theirs.Counts[k]
			if !ok {
				r.Missing = append(r.Missing, k)
			} else if n != en.Nodes && step.First == 0 {
				step.First, step.FirstOurs, step.FirstTheirs = en.Move, en.Nodes, n
			}
		}
		for _, k := range theirs.Order {
			if !oursByText[k] {
				r.Extra = append(r.Extra, k)
			}
		}
		slices.Sort(r.Missing)
		slices.Sort(r.Extra)
		r.Steps = append(r.Steps, step)
		if d < depth && step.Theirs != parentTheirs && r.Odd == "" {
			prev := r.Steps[len(r.Steps)-2]
			r.Odd = fmt.Sprintf("the engine counted %d below %s at depth %d, but its divide of the position after it adds up to %d",
				parentTheirs, prev.First.UCI(mode), d+1, step.Theirs)
		}
		if len(r.Missing)+len(r.Extra) > 0 {
			r.Differs = true
			return r, nil
		}
		if step.First == 0 {
			if d < depth {
				r.Differs = true
				if r.Odd == "" {
					r.Odd = "the engine's counts below the previous move differ, but its divide of the position after it matches ours"
				}
			}
			return r, nil
		}
		if d == 1 {
			r.Differs = true
			r.Odd = fmt.Sprintf("the engine counts %d below %s at depth 1, where every move counts 1", step.FirstTheirs, step.First.UCI(mode))
			return r, nil
		}
		parentTheirs = step.FirstTheirs
		r.Path = append(r.Path, step.First)
		r.Pos.Play(step.First)
	}
	return r, nil
}

// PathUCI returns the moves of r.Path in the engine's notation.
func (r *Result) PathUCI() []string {
	out := make([]string, len(r.Path))
	for i, m := range r.Path {
		out[i] = m.UCI(r.Mode)
	}
	return out
}

// Err returns nil if the engine agrees with us, else the verdict on one
// line, e.g. "the engine's move generation differs from ours after f1d2
// a8a7: 1 missing, 0 extra".
func (r *Result) Err() error {
	if !r.Differs {
		return nil
	}
	where := "in the position itself"
	if len(r.Path) > 0 {
		where = "after " + strings.Join(r.PathUCI(), " ")
	}
	detail := fmt.Sprintf("%d missing, %d extra", len(r.Missing), len(r.Extra))
	if len(r.Missing)+len(r.Extra) == 0 {
		detail = r.Odd
	}
	return fmt.Errorf("the engine's move generation differs from ours %s: %s", where, detail)
}
