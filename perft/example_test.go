package perft_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

func ExampleCount() {
	p := chess.NewPosition(chess960.Standard())
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, perft.Count(p, depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
	// 4 197281
}

func ExampleDivide() {
	// The king on d1 may castle with the rook on c1: the move is written
	// king-takes-rook, d1c1.
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/2RK4 w C - 0 1")
	for _, e := range perft.Divide(p, 2)[9:] {
		fmt.Println(e.Move, e.Nodes)
	}
	// Output:
	// d1c1 3
	// d1c2 5
	// d1d2 5
	// d1e1 5
	// d1e2 5
}

func ExampleCountParallel() {
	p := chess.MustParseFEN("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1")
	// 0 threads: one per CPU. The count does not depend on the threads.
	fmt.Println(perft.CountParallel(p, 4, 0), perft.Count(p, 4))
	// Output:
	// 136992 136992
}

func ExampleDivideParallel() {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/2RK4 w C - 0 1")
	for _, e := range perft.DivideParallel(p, 3, 2)[:2] {
		fmt.Println(e.Move, e.Nodes)
	}
	// Output:
	// c1a1 70
	// c1b1 70
}

func ExampleTable() {
	// A table of 16 MB, shared by the goroutines of CountParallel.
	t := perft.NewTable(16)
	p := chess.NewPosition(chess960.Standard())
	fmt.Println(t.Count(p, 5), t.CountParallel(p, 5, 2))
	// Output:
	// 4865609 4865609
}

func ExampleCheck() {
	suite := `
id standard
epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
perft 1 20
perft 2 400
perft 3 8903
`
	entries, err := perft.ReadSuite(strings.NewReader(suite), "example.perft")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := perft.Check(entries, perft.CheckOptions{MaxNodes: 1_000_000})
	fmt.Println(s.Positions, "position,", s.Counts, "counts,", len(s.Mismatches), "mismatch")
	for _, r := range s.Mismatches {
		fmt.Println(r)
	}
	// Output:
	// 1 position, 3 counts, 1 mismatch
	// standard (line 2) depth 3: got 8902, want 8903: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
}

func ExampleCountContext() {
	ctx := context.Background()
	// Every pawn is blocked and each king steps between two squares: one
	// legal move a side at every ply, so depth 64 is one leaf.
	p := chess.MustParseFEN("k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K1N5 w - - 0 1")
	n, err := perft.CountContext(ctx, p, 64, perft.Options{MaxNodes: 1_000_000})
	fmt.Println(n, err)

	// The node budget bounds the work, whatever the depth: depth 7 of the
	// start position has 3,195,901,860 leaves.
	start := chess.NewPosition(chess960.Standard())
	n, err = perft.CountContext(ctx, start, 7, perft.Options{MaxNodes: 1_000_000, Threads: 1})
	fmt.Println(n > 1_000_000, errors.Is(err, perft.ErrBudget))
	fmt.Println(err)

	// A cancelled context stops the count too.
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = perft.CountContext(ctx, start, 7, perft.Options{})
	fmt.Println(err)
	// Output:
	// 1 <nil>
	// true true
	// perft: count stopped: past the node budget of 1000000 nodes
	// context canceled
}

func ExampleDivideContext() {
	// perft 2 is 63 and perft 3 is 1110 (Stockfish 15.1): a count of 3
	// plies is shared into the 63 subtrees two plies down.
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/2RK4 w C - 0 1")
	var last perft.Progress
	d, err := perft.DivideContext(context.Background(), p, 3, perft.Options{
		Threads:  2,
		Progress: func(p perft.Progress) { last = p },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range d[:2] {
		fmt.Println(e.Move, e.Nodes)
	}
	fmt.Printf("%d of %d subtrees, %d nodes\n", last.Done, last.Jobs, last.Nodes)
	// Output:
	// c1a1 70
	// c1b1 70
	// 63 of 63 subtrees, 1110 nodes
}
