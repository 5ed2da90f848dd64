package knockout_test

import (
	"fmt"

	"github.com/chess960/chess960/pairing/knockout"
)

// The first round of a bracket of 8 lines: 1 meets 8, 4 meets 5, and so
// on; 1 and 2 are in different halves.
func ExampleLines() {
	fmt.Println(knockout.Lines(8))
	fmt.Println(knockout.Byes(6), "byes for 6 players")
	// Output:
	// [1 8 4 5 2 7 3 6]
	// 2 byes for 6 players
}

// A knockout of four, single games with an Armageddon for a tie and a
// third-place match: the bracket after the semi-finals' games.
func ExampleBuild() {
	b, err := knockout.Build(knockout.Input{
		Players: 4,
		Format: knockout.Format{Games: 1, Armageddon: knockout.Armageddon{On: true}, Places: 4,
			Colors: knockout.BySeed, Positions: knockout.PerMatch},
		Results: map[knockout.MatchID][]knockout.Result{
			{Round: 1, Number: 1}: {knockout.WhiteWins},           // 1 beats 4
			{Round: 1, Number: 2}: {knockout.Draw, knockout.Draw}, // 2-3 drawn, and the Armageddon: Black goes through
		},
		Lot: func(knockout.MatchID, int) bool { return false }, // the Armageddon's White: the worse seed
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ms := range b.Rounds {
		for _, m := range ms {
			fmt.Printf("%s: %d v %d, %s", m.ID, m.A, m.B, m.State)
			if m.Winner != 0 {
				fmt.Printf(", won by %d", m.Winner)
			}
			if g := m.Next(); g != nil {
				fmt.Printf(", next game %d: %d White", g.N, g.White)
			}
			fmt.Println()
		}
	}
	// Output:
	// 1.1: 1 v 4, decided, won by 1
	// 1.2: 2 v 3, decided, won by 2
	// 2.1: 1 v 2, playing, next game 1: 1 White
	// 2.2: 4 v 3, playing, next game 1: 3 White
}
