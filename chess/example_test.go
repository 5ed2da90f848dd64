package chess_test

import (
	"errors"
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

func ExamplePosition_SAN() {
	// Chess960 position 0, BBQNNRKR, after four moves each: White may
	// castle a-side (O-O-O), king g1 with the rook on f1; the king lands on
	// c1 and the rook on d1.
	g := chess.NewGame(chess.NewPosition(chess960.MustNew(0)))
	for _, s := range []string{"Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
			return
		}
	}
	p := g.Position()
	var ml chess.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		if m.IsCastle() {
			fmt.Println(m.UCI(chess.Chess960), m.UCI(chess.Standard), p.SAN(m), m.KingTo(), m.RookTo())
		}
	}
	// Output:
	// g1f1 g1c1 O-O-O c1 d1
}

func ExamplePosition_ParseMove() {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	// SAN and UCI, castling in either form, and the usual loose spellings.
	for _, s := range []string{"O-O", "0-0-0", "e1h1", "e1c1", "Rxa8+", "Rb1", "Kf1!?", "Ra9", "Rd1d2"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-6s %s %s\n", s, m, p.SAN(m))
	}
	// Output:
	// O-O    e1h1 O-O
	// 0-0-0  e1a1 O-O-O
	// e1h1   e1h1 O-O
	// e1c1   e1a1 O-O-O
	// Rxa8+  a1a8 Ra8+
	// Rb1    a1b1 Rb1
	// Kf1!?  e1f1 Kf1
	// chess: move "Ra9": invalid syntax: want a destination square such as f3 at the end
	// chess: move "Rd1d2": illegal move: no white rook that could make it
}

func ExampleGame() {
	g := chess.NewGame(chess.NewPosition(chess960.Standard()))
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Outcome())
	// The game is over: further moves are refused.
	_, err := g.PlayText("e4")
	fmt.Println(err)
	fmt.Println(errors.Is(err, chess.ErrGameOver))
	// Output:
	// 0-1 (checkmate)
	// chess: move "e4": the game is over: 0-1 (checkmate)
	// true
}

func ExampleGame_Claim() {
	// Knights out and back twice: Black may claim a draw by announcing
	// Ng8, which brings the start position a third time.
	g := chess.NewGame(chess.NewPosition(chess960.Standard()))
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
		g.PlayText(s)
	}
	claims := g.Claims()
	fmt.Println(claims)
	if err := g.Claim(claims[0]); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Len(), g.Outcome())
	// Output:
	// [threefold repetition with f6g8]
	// 8 1/2-1/2 (threefold repetition)
}

func ExampleGame_Record() {
	// The 150th ply without a capture or pawn move ends the game: Play
	// refuses more moves, but a record that goes on can be kept with
	// Record, passes ("--" in PGN) included. The game keeps its first
	// ending.
	g := chess.NewGame(chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 149 80"))
	ra2, _ := g.Position().ParseMove("Ra2")
	g.Play(ra2)
	kd8, _ := g.Position().ParseMove("Kd8")
	fmt.Println(g.Play(kd8))
	for _, m := range []chess.Move{kd8, chess.NullMove} {
		if err := g.Record(m); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Len(), g.Position().FEN(chess.Standard))
	fmt.Println(g.Outcome())
	// Output:
	// chess: move "e8d8": the game is over: 1/2-1/2 (seventy-five-move rule)
	// 3 3k4/8/8/8/8/8/R7/4K3 b - - 152 81
	// 1/2-1/2 (seventy-five-move rule)
}

func ExampleSetup() {
	// A board editor: place the pieces, set the rights, then validate.
	var s chess.Setup
	s.Board.Set(chess.B1, chess.Piece{Color: chess.White, Role: chess.King})
	s.Board.Set(chess.A1, chess.Piece{Color: chess.White, Role: chess.Rook})
	s.Board.Set(chess.H1, chess.Piece{Color: chess.White, Role: chess.Rook})
	s.Board.Set(chess.G8, chess.Piece{Color: chess.Black, Role: chess.King})
	s.CastlingRooks = chess.A1.BB() | chess.H1.BB()
	s.EnPassant = chess.NoSquare
	s.Fullmove = 1
	p, err := s.Position()
	fmt.Println(p.FEN(chess.Chess960), err)

	// Everything wrong is listed at once.
	s.Board.Set(chess.B1, chess.Piece{})
	s.Board.Set(chess.A8, chess.Piece{Color: chess.White, Role: chess.Pawn})
	_, err = s.Position()
	fmt.Println(err)
	// Output:
	// 6k1/8/8/8/8/8/8/RK5R w HA - 0 1 <nil>
	// chess: position: placement field: white has no king; placement field: pawn on a8
}

func ExamplePosition_Warnings() {
	// Three white rooks: no game reaches this, but it can be played.
	p, err := chess.ParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1")
	fmt.Println(err)
	for _, w := range p.Warnings() {
		fmt.Println(w)
	}
	// Output:
	// <nil>
	// placement field: white has 1 promoted piece but no missing pawn
	// castling field: both sides have castling rights but their kings stand on different files (f1, e8)
}

// Position and Board are values: their read methods work on the value a
// call returns, and fmt prints them as text (a FEN, a placement field).
func ExamplePosition_value() {
	g := chess.NewGame(chess.NewPosition(chess960.Standard()))
	if _, err := g.PlayText("e4"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Position().FEN(chess.Standard))
	fmt.Println(g.Position())
	fmt.Println(g.Position().Board())
	// Output:
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
}
