package uci_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/uci"
)

// The examples that run an engine use Stockfish where Debian installs it
// (apt-get install stockfish). Because go test must pass on a machine
// without it, they are compiled but not run: their output is shown in a
// comment, and the live tests (live_test.go) check the same, failing under
// CI when Stockfish is missing.

func ExampleStart() {
	ctx := context.Background()
	e, err := uci.Start(ctx, uci.Config{Path: "/usr/games/stockfish"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	// White mates in one.
	pos := chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	res, err := e.Search(ctx, pos, nil, uci.Limits{Depth: 5}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.BestMove, pos.SAN(res.BestMove), res.Lines[0].Score)
	// Prints: a1a8 Ra8# mate 1
}

func ExampleEngine_Go() {
	ctx := context.Background()
	e, err := uci.Start(ctx, uci.Config{Path: "/usr/games/stockfish"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	// Chess960 position 96 (BBQNRNKR) after 1. Ng3 Ng6 2. O-O O-O: with
	// the king on g1 already, castling moves only the rook and is sent as
	// the king taking it, g1h1.
	start := chess.MustParseFEN("bbqnrnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRNKR w KQkq - 0 1")
	var moves []chess.Move
	g := chess.NewGame(start)
	for _, s := range []string{"Ng3", "Ng6", "O-O", "O-O"} {
		m, _ := g.PlayText(s)
		moves = append(moves, m)
	}
	fmt.Println(moves)
	s, err := e.Go(ctx, start, moves, uci.Limits{Infinite: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	time.AfterFunc(100*time.Millisecond, s.Stop)
	res, err := s.Wait(func(i uci.Info) {
		// Each info line, e.g. i.Depth, i.Score, i.PV, as it comes.
	})
	fmt.Println(err == nil, res.Position.IsLegal(res.BestMove))
	// Prints:
	// [f1g3 f8g6 g1h1 g8h8]
	// true true
}

func ExampleEngine_Perft() {
	ctx := context.Background()
	e, err := uci.Start(ctx, uci.Config{Path: "/usr/games/stockfish"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	pos := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	d, err := e.Perft(ctx, pos, nil, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(d.Counts), d.Counts["e1h1"], d.Counts["e1a1"], d.Total)
	// Prints: 26 1 1 26
}

func ExamplePool() {
	// At most 2 searches at once, each stopped after 2 seconds.
	p := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: "/usr/games/stockfish"}, Size: 2, MaxSearch: 2 * time.Second})
	defer p.Close()
	pos := chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	res, err := p.Search(context.Background(), uci.Job{Start: pos, Limits: uci.Limits{Depth: 5}}, nil)
	var busy *uci.BusyError
	switch {
	case errors.As(err, &busy):
		// An HTTP handler answers 429 with Retry-After: busy.RetryAfter.
		fmt.Println("busy; retry after", busy.RetryAfter)
	case err != nil:
		fmt.Println(err)
	default:
		fmt.Println(pos.SAN(res.BestMove))
	}
	// Prints: Ra8#
}

func ExampleParseInfo() {
	pos := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	i, err := uci.ParseInfo("info depth 20 seldepth 27 multipv 1 score cp 29 lowerbound nodes 475655 nps 767185 time 620 pv e2e4 c7c5 e1e3", pos, chess.Chess960)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(i.Depth, i.Score, i.Score.Short(), i.Nodes, i.Time)
	fmt.Println(i.PV, "cut before", i.Illegal)
	// Output:
	// 20 cp 29 lowerbound ≥+0.29 475655 620ms
	// [e2e4 c7c5] cut before e1e3
}

func ExampleParseOption() {
	o, err := uci.ParseOption("option name Skill Level type spin default 20 min 0 max 20")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Name, o.Type, o.Default, o.Min, o.Max)
	_, err = o.Check("25")
	fmt.Println(err)
	// Output:
	// Skill Level spin 20 0 20
	// uci: option "Skill Level" value "25": bad option value: out of range 0..20
}

func ExampleScore_ForWhite() {
	// Black to move is mated in 2: from White's side, White mates in 2.
	s := uci.Score{Kind: uci.MateIn, Value: -2}
	fmt.Println(s.Short(), s.ForWhite(chess.Black).Short())
	// Output: #-2 #2
}

func ExampleParseDivideLine() {
	for _, line := range []string{"e2e4: 20", "e1h1 26", "Nodes searched: 400"} {
		m, n, ok := uci.ParseDivideLine(line)
		fmt.Println(m, n, ok)
	}
	// Output:
	// e2e4 20 true
	// e1h1 26 true
	//  0 false
}
