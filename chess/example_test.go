package chess_test

import (
	"fmt"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

func ExampleNewPosition() {
	p := chess.NewPosition(chess960.MustNew(0))
	fmt.Println(p.FEN(chess.Standard))
	fmt.Println(p.FEN(chess.Chess960))
	fmt.Println(p.PieceAt(chess.G1), p.Turn())
	// Output:
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1
	// white king white
}

func ExampleParseFEN() {
	p, err := chess.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Turn(), p.Fullmove(), p.CastlingRooks().Squares())

	_, err = chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1")
	fmt.Println(err)
	// Output:
	// white 9 [f1 h1 f8 h8]
	// chess: FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1": castling field: no white rook on b1 for 'B'
}

func ExamplePosition_FEN() {
	// Two white rooks on the a-side; only the inner one (b1) may castle.
	p := chess.MustParseFEN("rr2k3/8/8/8/8/8/8/RR2K2R w BHb - 0 1")
	fmt.Println(p.FEN(chess.Standard))
	fmt.Println(p.FEN(chess.Chess960))
	// Output:
	// rr2k3/8/8/8/8/8/8/RR2K2R w KBb - 0 1
	// rr2k3/8/8/8/8/8/8/RR2K2R w HBb - 0 1
}

func ExamplePosition_AppendLegalMoves() {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1")
	// The castling move d1b1 is missing: the black rook on a1 would see c1
	// through b1 once the castling rook has left.
	moves := p.AppendLegalMoves(make([]chess.Move, 0, 256))
	for _, m := range moves {
		fmt.Print(m.UCI(chess.Chess960), " ")
	}
	fmt.Println()
	// Output:
	// d1c1 d1e1 d1c2 d1d2 d1e2 b1a1 b1c1
}

func ExamplePosition_Play() {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/5KR1 w G - 0 1")
	m, _ := p.ParseUCI("f1g1") // king and rook swap places
	p.Play(m)
	fmt.Println(m.IsCastle(), m.KingTo(), m.RookTo())
	fmt.Println(p.FEN(chess.Standard))
	// Output:
	// true g1 f1
	// 4k3/8/8/8/8/8/8/5RK1 b - - 1 1
}

func ExamplePosition_ParseUCI() {
	p := chess.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"e1h1", "e1g1", "e1e3", "e2e4"} {
		m, err := p.ParseUCI(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "->", m.UCI(chess.Chess960), m.UCI(chess.Standard))
	}
	// Output:
	// e1h1 -> e1h1 e1g1
	// e1g1 -> e1h1 e1g1
	// chess: move "e1e3": illegal move: the white king on e1 cannot move to e3
	// chess: move "e2e4": no piece of the side to move: white has no piece on e2; it is empty
}
