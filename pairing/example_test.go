package pairing_test

import (
	"fmt"
	"os"

	"github.com/chess960/chess960/pairing"
)

// Pair round 2 of a tournament file by the Dutch system. The file is one of
// the extra cases: a tournament bbpPairings generated, cut before round 2,
// with three XXP lines (players who may not meet); the output is what
// bbpPairings --dutch FILE -p wrote for it.
func ExampleDutch() {
	data, err := os.ReadFile("testdata/dutch-extra/xxp-p20-r2.trf")
	if err != nil {
		panic(err)
	}
	t, err := pairing.ParseTRF(data)
	if err != nil {
		fmt.Println(err) // line, column, field and reason
		return
	}
	pairs, err := pairing.Dutch(t)
	if err != nil {
		fmt.Println(err) // errors.Is(err, pairing.ErrNoPairing) when nothing is legal
		return
	}
	fmt.Println(len(pairs))
	for _, p := range pairs {
		fmt.Println(p.White, p.Black) // a bye is {n 0}, last
	}
	// Output:
	// 10
	// 1 6
	// 3 8
	// 19 4
	// 5 20
	// 7 2
	// 11 12
	// 9 15
	// 16 10
	// 18 13
	// 14 17
}

// Round 2 of the Berger table for 5 or 6 players, as C.05 Annex 1 prints it:
// 6-4, 5-3, 1-2. With 5 players, 6 is the bye: 4 sits out.
func ExampleBergerRound() {
	six, _ := pairing.BergerRound(6, 2)
	five, _ := pairing.BergerRound(5, 2)
	fmt.Println(six)
	fmt.Println(five)
	// Output:
	// [{6 4} {5 3} {1 2}]
	// [{5 3} {1 2} {4 0}]
}

// A TRF error names the line, the column and the field.
func ExampleParseTRF() {
	_, err := pairing.ParseTRF([]byte("012 Club night\n001    1      Doe, Jane                         1800                             1.0    1     2 w x\n"))
	fmt.Println(err)
	// Output:
	// line 2, column 99 (round 1 result): 'x' is not a result code (1 = 0 + - W D L H F U Z)
}
