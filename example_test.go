package chess960_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/chess960/chess960"
)

func ExampleNew() {
	p, err := chess960.New(518)
	if err != nil {
		panic(err)
	}
	fmt.Println(p, p.ID(), p.Fritz9())
	q, _ := chess960.New(960) // Scharnagl's 1..960 convention: 960 is 0
	fmt.Println(q.ID(), q)
	_, err = chess960.New(961)
	fmt.Println(err)
	// Output:
	// RNBQKBNR 518 359
	// 0 BBQNNRKR
	// chess960: position number "961": out of range: must be 0..959 (960 is taken as 0)
}

func ExampleStartPos_ID() {
	p := chess960.MustParseRank("RKRNNQBB")
	fmt.Println(p.ID())
	// Output: 959
}

func ExampleFromFritz9() {
	p, _ := chess960.FromFritz9(359)
	fmt.Println(p, p.ID())
	// Output: RNBQKBNR 518
}

func ExampleStartPos_Fritz9() {
	fmt.Println(chess960.MustNew(0).Fritz9(), chess960.Standard().Fritz9())
	// Output: 81 359
}

func ExampleParseRank() {
	p, err := chess960.ParseRank("rnbqkbnr")
	fmt.Println(p.ID(), err)
	_, err = chess960.ParseRank("RNBQBKNR")
	fmt.Println(err)
	fmt.Println(errors.Is(err, chess960.ErrBishops))
	// Output:
	// 518 <nil>
	// chess960: rank "RNBQBKNR": bishops on squares of one colour: both bishops on dark squares
	// true
}

func ExampleParseFEN() {
	p, err := chess960.ParseFEN("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
	fmt.Println(p.ID(), err)
	_, err = chess960.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	fmt.Println(err)
	// Output:
	// 0 <nil>
	// chess960: FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1": not a start position: side to move is "b", want w
}

func ExampleParse() {
	for _, s := range []string{"SP-518", "RKRNNQBB", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"} {
		p, _ := chess960.Parse(s)
		fmt.Println(p.ID())
	}
	// Output:
	// 518
	// 959
	// 0
}

func ExampleParseID() {
	p, _ := chess960.ParseID("SP-960")
	fmt.Println(p.ID())
	_, err := chess960.ParseID("12a")
	fmt.Println(err)
	// Output:
	// 0
	// chess960: position number "12a": invalid syntax: want a number such as 518
}

func ExampleStartPos_FEN() {
	p := chess960.MustNew(0)
	fmt.Println(p.FEN())
	// Output:
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1
}

func ExampleStartPos_Mirror() {
	m := chess960.Standard().Mirror()
	fmt.Println(m, m.ID())
	// Output: RNBKQBNR 534
}

func ExampleStartPos_Derive() {
	fmt.Println(chess960.MustNew(518).Derive())
	// Output:
	// SP-518: RNBQKBNR
	//
	// 518 = 32*16 + 6; 32 = 5*6 + 2 -> bishops c1 f1, queen on free square 2, knights -N-N-
	// **B**B** -> **BQ*B** -> *NBQ*BN* -> RNBQKBNR
	//
	// Direct derivation:
	//   a) 518 = 129*4 + 2: light-squared bishop on f1 (0=b 1=d 2=f 3=h)
	//   b) 129 = 32*4 + 1: dark-squared bishop on c1 (0=a 1=c 2=e 3=g)
	//   c) 32 = 5*6 + 2: queen on the free square 2 counted from 0 on the a-side: d1
	//   d) 5: knights -N-N- (N5N table) on the five squares left: b1 g1
	//   e) rook, king, rook on the three squares left: a1 e1 h1
	//   check: 518 = 6 + 16*2 + 96*5 (bishop code + 16*queen + 96*N5N)
	//
	// Two tables: King's table 512 RNQKNR + Bishop's table 6 --B--B-- -> RNBQKBNR
	// NQ-skeleton: -NQ-N-
	//
	// Fritz9: knights -N--N- (code 7) on the six squares left by the bishops, queen on free square 1 of the four left
	//   6 + 1 + 16*7 + 240*1 = 359 (Fritz9 NQ-skeleton table: 353 RNQKNR)
}

func ExampleKingsTable() {
	t := chess960.KingsTable()
	fmt.Println(len(t), t[0], t[32])
	// Output: 60 {0 QNNRKR} {512 RNQKNR}
}

func ExampleFritz9SkeletonTable() {
	t := chess960.Fritz9SkeletonTable()
	fmt.Println(t[0], t[7], t[59])
	// Output: {1 NNQRKR} {113 QNRKNR} {945 RKRQNN}
}

func ExampleBishopsTable() {
	fmt.Println(chess960.BishopsTable()[6])
	// Output: --B--B--
}

func ExampleNewDrawer() {
	ex, _ := chess960.ParseSet("518,0-9")
	d, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: "Round 1", Exclude: ex, Unique: true})
	if err != nil {
		panic(err)
	}
	for _, p := range d.Draw(3) {
		fmt.Println(p.ID(), p)
	}
	// Output:
	// 671 RNKRNQBB
	// 589 QRNBKRBN
	// 576 BBQRNKRN
}

func ExampleParseSet() {
	s, _ := chess960.ParseSet("518, 0-9")
	fmt.Println(s.Len(), s)
	// Output: 11 0-9,518
}

func ExampleRandom() {
	p := chess960.Random() // from the OS's secure source
	fmt.Println(p.ID() >= 0 && p.ID() < 960)
	// Output: true
}

func ExampleParseFritz9() {
	p, _ := chess960.ParseFritz9("1")
	fmt.Println(p, p.ID(), p.Fritz9())
	// Output: BBNNQRKR 32 1
}

func ExampleFromRank() {
	r := chess960.Rank{chess960.Rook, chess960.Knight, chess960.Bishop, chess960.Queen,
		chess960.King, chess960.Bishop, chess960.Knight, chess960.Rook}
	p, err := chess960.FromRank(r)
	fmt.Println(p.ID(), err)
	// Output: 518 <nil>
}

func ExampleStartPos_Skeleton() {
	p := chess960.Standard()
	fmt.Println(p.KingsTableEntry(), p.Skeleton(), p.BishopCode(), p.QueenSlot(), p.N5N())
	// Output: RNQKNR -NQ-N- 6 2 5
}

func ExampleSkeletonTable() {
	fmt.Println(chess960.SkeletonTable()[32])
	// Output: {512 -NQ-N-}
}

func ExampleN5NTable() {
	fmt.Println(chess960.N5NTable()[5], chess960.N6NTable()[7])
	// Output: -N-N- -N--N-
}

func ExampleTablesText() {
	text := chess960.TablesText()
	fmt.Println(strings.SplitN(text, "\n", 3)[1])
	// Output:   0 QNNRKR   192 QNRKNR   384 QRNNKR   576 QRNKRN   768 QRKNRN
}

func ExampleMirrorPairs() {
	pairs := chess960.MirrorPairs()
	fmt.Println(len(pairs), pairs[0][0].ID(), pairs[0][1].ID(), pairs[0][0], pairs[0][1])
	// Output: 480 0 959 BBQNNRKR RKRNNQBB
}

func ExampleStartPos_Files() {
	k, a, h := chess960.MustNew(0).Files()
	fmt.Println(k, a, h) // files: g, f, h
	// Output: 6 5 7
}

// An arbiter publishes the seed's commitment before the event and reveals
// the seed after it; anyone can then check the one against the other (with
// `printf '%s' 'Round 1' | sha256sum`) and re-derive the draws.
func ExampleCommitment() {
	fmt.Println(chess960.Commitment("Round 1"))
	// Output: 129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6
}

// A text meant as a number gets the number's error, whatever else it
// might be.
func ExampleNumberLike() {
	for _, s := range []string{"518", "SP-518", "#7", "-1", "RNBQKBNR", "x"} {
		fmt.Print(chess960.NumberLike(s), " ")
	}
	fmt.Println()
	// Output: true true true true false false
}
