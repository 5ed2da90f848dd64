package api_test

import (
	"encoding/json"
	"fmt"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/perft"
)

func ExampleNewStartPosition() {
	b, _ := json.Marshal(api.NewStartPosition(chess960.MustNew(0)))
	fmt.Println(string(b))
	// Output:
	// {"id":0,"fritz9":81,"rank":"BBQNNRKR","fen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1","shredderFen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1","mirror":959,"mirrorRank":"RKRNNQBB","bishopCode":0,"kingsTable":"QNNRKR","skeleton":"QNN---"}
}

func ExampleNewMoves() {
	// The king on f1 castles with the rook on h1: standard UCI would write
	// O-O as f1g1, which is also Kg1.
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/5K1R w H - 0 1")
	m := api.NewMoves(p, chess.Standard)
	for _, x := range m.Moves[:6] {
		fmt.Println(x.UCI, x.SAN)
	}
	fmt.Println(m.Warnings[0].Code+":", m.Warnings[0].Message)
	// Output:
	// f1e1 Ke1
	// f1e2 Ke2
	// f1f2 Kf2
	// f1g1 Kg1
	// f1g2 Kg2
	// f1h1 O-O
	// uciCastling: O-O is written f1h1 (king takes rook): standard UCI f1g1 is also the king's ordinary move
}

func ExampleNewPlay() {
	g := chess.NewGame(chess.NewPosition(chess960.Standard()))
	moves := []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7+"}
	for _, m := range moves {
		g.PlayText(m)
	}
	p := api.NewPlay(g, moves, chess.Standard)
	fmt.Println(p.Movetext)
	fmt.Println(p.Moves[6].Note)
	fmt.Println(p.Position.Status, p.Position.Result)
	// Output:
	// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#
	// Qxf7+ gives checkmate: Qxf7#
	// checkmate 1-0
}

func ExampleNewError() {
	_, err := chess.ParseFEN("8/8/8/8/8/8/8/8 w - - 0 1")
	b, _ := json.Marshal(api.NewError(err))
	fmt.Println(string(b))
	// Output:
	// {"error":"FEN \"8/8/8/8/8/8/8/8 w - - 0 1\": placement field: white has no king; placement field: black has no king","code":"kings","problems":[{"code":"kings","field":"placement","message":"white has no king"},{"code":"kings","field":"placement","message":"black has no king"}]}
}

func ExampleNewDraw() {
	o := chess960.DrawOptions{Seeded: true, Seed: "Round 1"}
	d, _ := chess960.NewDrawer(o)
	draw := api.NewDraw(o, d.Draw(3))
	fmt.Println(draw.SeedSHA256)
	for _, p := range draw.Positions {
		fmt.Println(p.ID, p.Rank)
	}
	// Output:
	// 129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6
	// 353 BNRBKRQN
	// 14 QNNRKBBR
	// 506 RQNKBBNR
}

func ExampleNewPosition() {
	// A third white rook: played, with a warning.
	p := chess.MustParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1")
	j := api.NewPosition(chess.NewGame(p), chess.Chess960)
	fmt.Println(j.FEN)
	fmt.Println(j.Status, j.LegalMoves)
	for _, w := range j.Warnings {
		fmt.Printf("%s (%s): %s\n", w.Code, w.Field, w.Message)
	}
	// Output:
	// 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GAgb - 0 1
	// ongoing 23
	// promoted (placement): white has 1 promoted piece but no missing pawn
	// castlingMirror (castling): both sides have castling rights but their kings stand on different files (f1, e8)
}

func ExampleNewPerft() {
	p := chess.NewPosition(chess960.Standard())
	div := perft.Divide(p, 2)
	j := api.NewPerft(p, 2, perft.Total(div), div, true, api.PerftRun{Threads: 1})
	fmt.Println(j.Nodes, len(j.Divide), j.Divide[0].UCI, j.Divide[0].SAN, j.Divide[0].Nodes)
	// Output:
	// 400 20 a2a3 a3 20
}

// The explanation carries the derivation's keys at the top level and the
// text that `chess960 explain` prints.
func ExampleNewExplanation() {
	e := api.NewExplanation(chess960.Standard())
	b, _ := json.Marshal(e)
	var keys map[string]any
	json.Unmarshal(b, &keys)
	fmt.Println(e.BishopCode, e.Queen, e.Knights, e.RookKingRook, keys["kingsTable"])
	fmt.Println(e.Text[:len("SP-518: RNBQKBNR")])
	// Output:
	// 6 d1 [b1 g1] [a1 e1 h1] RNQKNR
	// SP-518: RNBQKBNR
}
