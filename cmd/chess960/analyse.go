package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/uci"
)

func init() {
	register(&command{
		name: "analyse", args: "POS|FEN [--moves LIST] [--engine PATH] [--depth D | --movetime MS | --nodes N] [--multipv K] [--json]",
		summary: "analyse a position with a UCI engine (Stockfish by default)",
		detail: `POS is a start position (number, back rank, "startpos") or a quoted FEN; --moves plays
moves (SAN or UCI, separated by spaces or commas) from it first. The engine runs with
UCI_Chess960, so castling reaches it as the king taking its own rook. Prints the
engine's lines in SAN with scores from White's side (+0.30: White is better; #3:
White mates in 3; #-2: Black mates in 2). Without a limit, searches to depth 18.
While it searches, the current best line is shown on stderr when that is a terminal.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			movesFlag := fs.String("moves", "", "a `LIST` of moves to play from the position first (SAN or UCI, separated by spaces or commas)")
			enginePath := engineFlag(fs)
			depth := numberFlag(fs, "depth", 0, 1, 200, "search `D` plies (default 18)")
			movetime := numberFlag(fs, "movetime", 0, 1, math.MaxInt64, "search this many milliseconds `MS`")
			nodes := numberFlag(fs, "nodes", 0, 1, math.MaxInt64, "search this many nodes")
			multipv := numberFlag(fs, "multipv", 1, 1, 500, "show the `K` best lines")
			asJSON := boolFlag(fs, "json", `print {"bestmove", "depth", "lines": [{"multipv", "score", "uci", "san"}]}`)
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position (a start position or a FEN)"); err != nil {
					return err
				}
				lim, err := analyseLimits(fs, int(depth.n), movetime.n, uint64(nodes.n))
				if err != nil {
					return err
				}
				start, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				g := chess.NewGame(start)
				var played []chess.Move
				for i, s := range splitMoves(*movesFlag) {
					before := g.Position()
					m, err := g.PlayText(s)
					if err != nil {
						var me *chess.MoveError
						if errors.As(err, &me) {
							return fmt.Errorf("--moves: move %d %s: %v: %s (in %s)", i+1, quote.Input(s), me.Err, me.Detail, before.FEN(chess.Standard))
						}
						return fmt.Errorf("--moves: move %d %s: %v", i+1, quote.Input(s), err)
					}
					played = append(played, m)
				}
				pos := g.Position()
				if st := g.Status(); st.Outcome.IsOver() {
					return fmt.Errorf("position %s: nothing to analyse, the game is over: %v", quote.Input(pos.FEN(chess.Standard)), st.Outcome)
				}
				path, err := findEngine(*enginePath)
				if err != nil {
					return err
				}
				return runAnalyse(e, path, start, played, lim, int(multipv.n), *asJSON)
			}
		},
	})
}

// analyseLimits returns the search limit: the one of --depth, --movetime
// and --nodes given (their flags check their ranges), or depth 18.
func analyseLimits(fs *flag.FlagSet, depth int, movetime int64, nodes uint64) (uci.Limits, error) {
	var given []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "depth", "movetime", "nodes":
			given = append(given, "--"+f.Name)
		}
	})
	if len(given) > 1 {
		return uci.Limits{}, usagef("give one of --depth, --movetime and --nodes, not %s", strings.Join(given, " and "))
	}
	switch {
	case depth > 0:
		return uci.Limits{Depth: depth}, nil
	case movetime > 0:
		return uci.Limits{MoveTime: time.Duration(movetime) * time.Millisecond}, nil
	case nodes > 0:
		return uci.Limits{Nodes: nodes}, nil
	}
	return uci.Limits{Depth: 18}, nil
}

func runAnalyse(e *env, path string, start chess.Position, played []chess.Move, lim uci.Limits, multipv int, asJSON bool) error {
	ctx := context.Background()
	eng, err := startEngine(ctx, path, nil, nil)
	if err != nil {
		return err
	}
	defer eng.Close()
	if multipv > 1 {
		if err := eng.SetOption(ctx, "MultiPV", fmt.Sprint(multipv)); err != nil {
			return err
		}
	}
	pos := start
	for _, m := range played {
		pos.Play(m)
	}
	status := newStatusLine(e.stderr)
	t0 := time.Now()
	res, err := eng.Search(ctx, start, played, lim, func(i uci.Info) {
		if !status.on || len(i.PV) == 0 || i.MultiPV > 1 {
			return
		}
		status.show(fmt.Sprintf("depth %d  %s  %s", i.Depth, i.Score.ForWhite(pos.Turn()).Short(), strings.Join(api.SANs(pos, i.PV), " ")))
	})
	status.clear()
	if err != nil {
		return err
	}
	a := api.NewAnalysis(res)
	if asJSON {
		return writeJSON(e.stdout, a)
	}
	fmt.Fprintf(e.stdout, "engine:   %s\n", eng.Name())
	fmt.Fprintf(e.stdout, "position: %s\n", pos.FEN(chess.Standard))
	fmt.Fprintf(e.stdout, "search:   depth %d/%d, %d nodes, %.2fs\n", res.Depth, res.SelDepth, res.Nodes, time.Since(t0).Seconds())
	for i, l := range res.Lines {
		fmt.Fprintf(e.stdout, "%2d %7s  %s\n", a.Lines[i].MultiPV, l.Score.ForWhite(pos.Turn()).Short(), api.Movetext(pos, a.Lines[i].SAN))
	}
	if res.BestMove != 0 {
		fmt.Fprintf(e.stdout, "bestmove: %s (%s)\n", res.BestMove.UCI(chess.Chess960), pos.SAN(res.BestMove))
	}
	return nil
}
