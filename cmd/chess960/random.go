package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/balance"
)

func init() {
	register(&command{
		name: "random", args: "[--dfrc] [--count K] [--seed S] [--unique] [--exclude LIST] [--balanced CP] [--json]",
		summary: "draw start positions uniformly at random",
		detail: `Prints one line per draw: the Scharnagl number and the back rank.
Without --seed the draws come from the operating system's secure random source.
With --seed S (any text, even empty) they are reproducible on every platform and
version: draw k (from 0) is SHA-256("chess960:" + S + ":" + k), first 8 bytes as a
big-endian number, modulo the number of allowed positions (in ascending order),
redrawn in the rare case (< 1e-16) that it falls in the last incomplete block.
Re-derive with:
  printf 'chess960:%s:%d' "$S" 0 | sha256sum
LIST is numbers and ranges, e.g. 518,0-9. --balanced CP draws only the start positions
that the balance table shipped with chess960 (Stockfish 15.1 at depth 25) scores
within CP centipawns of equality, |score| <= CP; with --exclude, both apply. A seed that
starts with '-' is written --seed=-S. --json prints one object: the options, the seed's SHA-256 (the
commitment an arbiter publishes before the event) and the positions.

--dfrc draws Double Fischer Random starts, W:B, uniformly from all 921,600 (White's and
Black's back ranks apart), one line each: "W:B" and both ranks. The seeded algorithm is
the same with "chess960-dfrc:" in place of "chess960:", over the allowed starts in the
order of their index W x 960 + B. Re-derive with:
  printf 'chess960-dfrc:%s:%d' "$S" 0 | sha256sum      # first 16 hex digits mod 921600
Its LIST is W:B items, each side a number, a range or *: "518:*" is every start with
White's 518, and "chess960" the 960 in which Black mirrors White.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			count := numberFlag(fs, "count", 1, 1, 10_000_000, "number of positions to draw (1..10000000)")
			seed := fs.String("seed", "", "make the draw reproducible from this text `S`")
			unique := boolFlag(fs, "unique", "no repeats until every allowed position was drawn")
			exclude := fs.String("exclude", "", "never draw these positions: a `LIST` of numbers and ranges such as 518,0-9")
			balanced := numberFlag(fs, "balanced", -1, 0, 10000, "draw only positions the shipped balance table scores within `CP` centipawns of equality")
			asJSON := boolFlag(fs, "json", "print a JSON object with the options and the positions")
			dfrc := boolFlag(fs, "dfrc", "draw Double Fischer Random starts W:B from all 921,600")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				if *dfrc {
					if flagSet(fs, "balanced") {
						return usagef("--balanced goes with Chess960 draws: the balance table has the 960 starts, not the DFRC ones")
					}
					ex, err := chess960.ParseDFRCSet(*exclude)
					if err != nil {
						return err
					}
					o := chess960.DFRCDrawOptions{Seeded: flagSet(fs, "seed"), Seed: *seed, Exclude: ex, Unique: *unique}
					d, err := chess960.NewDFRCDrawer(o)
					if err != nil {
						return fmt.Errorf("--exclude %s: every start is excluded: nothing left to draw", quoteArg(*exclude))
					}
					return writeDFRCDraws(e, o, d, int(count.n), *exclude, *asJSON)
				}
				ex, err := chess960.ParseSet(*exclude)
				if err != nil {
					return err
				}
				o := chess960.DrawOptions{Seeded: flagSet(fs, "seed"), Seed: *seed, Exclude: ex, Unique: *unique}
				bal, within := -1, 0
				if flagSet(fs, "balanced") {
					bal = int(balanced.n)
					t, err := balance.Load()
					if err != nil {
						return err
					}
					within = t.Balanced(bal).Len()
					o.Exclude = ex.Union(chess960.All().Minus(t.Balanced(bal)))
				}
				d, err := chess960.NewDrawer(o)
				if err != nil {
					if bal >= 0 {
						if within == 0 {
							return fmt.Errorf("--balanced %d: no start position is within %d centipawns of equality in the balance table: nothing to draw", bal, bal)
						}
						return fmt.Errorf("--balanced %d: %d positions are within %d centipawns, and --exclude %s leaves none of them: nothing left to draw", bal, within, bal, quoteArg(*exclude))
					}
					return fmt.Errorf("--exclude %s: every position is excluded: nothing left to draw", quoteArg(*exclude))
				}
				n := int(count.n)
				if *asJSON {
					head := api.NewDraw(o, nil)
					if bal >= 0 {
						head.LimitToBalanced(bal, ex)
					}
					return writeDrawJSON(e.stdout, head, d, n)
				}
				for i := 0; i < n; i++ {
					p := d.Next()
					if _, err := fmt.Fprintf(e.stdout, "%d %s\n", p.ID(), p); err != nil {
						return &outputError{err} // stop at the first failed write
					}
				}
				return nil
			}
		},
	})
}

// writeDFRCDraws prints random --dfrc's draws.
func writeDFRCDraws(e *env, o chess960.DFRCDrawOptions, d *chess960.DFRCDrawer, n int, exclude string, asJSON bool) error {
	if asJSON {
		if n > 100_000 {
			return usagef("--json prints at most 100000 DFRC draws; leave --json out for more")
		}
		starts := make([]chess960.DFRC, n)
		for i := range starts {
			starts[i] = d.Next()
		}
		return writeJSON(e.stdout, api.NewDFRCDraw(o, exclude, d.Allowed(), starts))
	}
	for range n {
		s := d.Next()
		if _, err := fmt.Fprintf(e.stdout, "%s %s %s\n", s, s.White, strings.ToLower(s.Black.String())); err != nil {
			return &outputError{err}
		}
	}
	return nil
}
