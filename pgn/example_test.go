package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pgn"
)

const twoGames = `[Event "Freestyle"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. Ne3 { [%clk 0:03:00] } 1... Ne6 2. Nd3 Nd6 (2... f5 $1) 3. b3 b6 4. Qb2 Qb7
5. O-O-O O-O-O 1-0

[Event "Broken"]

1. e4 e5 2. Ke3 *
`

func ExampleReader() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	for {
		g, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err) // the input failed
			return
		}
		id, _ := g.StartID()
		fmt.Println(g.Number, g.Tags.Get("Event"), id, len(g.Moves.Nodes), g.Result())
		if g.Err != nil {
			fmt.Println(g.Err)
		}
	}
	// Output:
	// 1 Freestyle 0 10 1-0
	// 2 Broken 518 2 *
	// pgn: game 2, line 13:13: "Ke3": illegal move: no white king can move to e3 (blocked, pinned, or not its way of moving)
}

func ExampleReader_All() {
	for g, err := range pgn.NewReader(strings.NewReader(twoGames)).All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		final := g.Final()
		fmt.Println(final.FEN(chess.Standard))
	}
	// Output:
	// bbkr3r/pqpppppp/1p1nn3/8/8/1P1NN3/PQPPPPPP/BBKR3R w - - 4 6
	// rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
}

// The moves of the main line with their annotations, and a variation read
// against the position before the move it replaces.
func ExampleVariation() {
	g, _ := pgn.NewReader(strings.NewReader(twoGames)).Read()
	p := g.Start
	for _, n := range g.Moves.Nodes[:4] {
		fmt.Println(p.SAN(n.Move), n.Comments, len(n.Variations))
		for _, v := range n.Variations {
			fmt.Println("  instead:", p.SAN(v.Nodes[0].Move), v.Nodes[0].NAGs)
		}
		p.Play(n.Move)
	}
	// Output:
	// Ne3 [[%clk 0:03:00]] 0
	// Ne6 [] 0
	// Nd3 [] 0
	// Nd6 [] 1
	//   instead: f5 [1]
}

// Count the games per start position on every CPU, in input order.
func ExampleReadParallel() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	type result struct {
		id    int
		moves int
	}
	err := pgn.ReadParallel(r, 4, func(g *pgn.Game) result {
		id, _ := g.StartID()
		return result{id, len(g.Moves.Nodes)}
	}, func(x result) error {
		fmt.Println(x.id, x.moves)
		return nil
	})
	fmt.Println(err)
	// Output:
	// 0 10
	// 518 2
	// <nil>
}

// With ReuseGames each game is read into the memory of the one before:
// look at it, or Clone what must outlive the next Read.
func ExampleReader_reuseGames() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	r.ReuseGames = true
	var kept *pgn.Game
	for g, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(g.Tags.Get("Event"), len(g.Moves.Nodes), "plies")
		if g.Number == 1 {
			kept = g.Clone()
		}
	}
	fmt.Println("kept:", kept.Tags.Get("Event"), kept.Moves.Nodes[0].Comments)
	// Output:
	// Freestyle 10 plies
	// Broken 2 plies
	// kept: Freestyle [[%clk 0:03:00]]
}

func ExampleWriter() {
	r := pgn.NewReader(strings.NewReader(twoGames))
	g, _ := r.Read()
	w := pgn.NewWriter(os.Stdout)
	w.Castling = chess.Chess960 // Shredder-FEN in the FEN tag
	if err := w.Write(g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "Freestyle"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "A"]
	// [Black "B"]
	// [Result "1-0"]
	// [Variant "Chess960"]
	// [SetUp "1"]
	// [FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
	//
	// 1. Ne3 {[%clk 0:03:00]} 1... Ne6 2. Nd3 Nd6 (2... f5 $1) 3. b3 b6 4. Qb2 Qb7 5.
	// O-O-O O-O-O 1-0
}

// A game played in code, exported as PGN.
func ExampleNewGame() {
	g := chess.NewGame(chess.NewPosition(chess960.MustNew(518)))
	for _, s := range []string{"f3", "e5", "g4", "Qh4"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
			return
		}
	}
	out := pgn.NewGame(g.Start(), g.Moves())
	out.Tags.Set("White", "Fool")
	out.Tags.Set("Result", g.Outcome().Result.String())
	fmt.Print(out)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Fool"]
	// [Black "?"]
	// [Result "0-1"]
	//
	// 1. f3 e5 2. g4 Qh4# 0-1
}

func ExampleGame_Status() {
	g, _ := pgn.NewReader(strings.NewReader("1. f3 e5 2. g4 Qh4# 0-1")).Read()
	fmt.Println(g.Status().Outcome)
	// Output:
	// 0-1 (checkmate)
}

func ExampleGame_IsChess960() {
	// A top event's game: a start position in the FEN, no Variant tag.
	g, _ := pgn.NewReader(strings.NewReader(`[FEN "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1"]

1. c4 *`)).Read()
	id, _ := g.StartID()
	fmt.Println(g.IsChess960(), id)
	// Output:
	// true 342
}

func ExampleError() {
	g, _ := pgn.NewReader(strings.NewReader("[Event \"x\"]\n\n1. e4 {unclosed\n")).Read()
	fmt.Println(g.Err.Line, g.Err.Column, g.Err.Token, errors.Is(g.Err, pgn.ErrComment))
	fmt.Println(g.Err.Message())
	// Output:
	// 3 7 { true
	// "{": unterminated comment: no } before the next game or the end of the input
}

func ExampleTags() {
	var t pgn.Tags
	t.Set("White", "Carlsen")
	t.Set("Black", "Nakamura")
	t.Set("White", "Carlsen, Magnus")
	t.Delete("Black")
	v, ok := t.Lookup("White")
	fmt.Println(v, ok, t.Get("Black") == "", len(t))
	// Output:
	// Carlsen, Magnus true true 1
}
