package data_test

import (
	"fmt"
	"strings"

	"github.com/chess960/chess960/data"
)

func ExampleBalanceCSV() {
	lines := strings.Split(data.BalanceCSV(), "\n")
	fmt.Println(data.BalanceName)
	fmt.Println(lines[1])
	fmt.Println(lines[2])
	fmt.Println(len(lines) - 1) // comment lines, the header row and 960 rows
	// Output:
	// balance-stockfish-15.1-d25.csv
	// # engine: Stockfish 15.1
	// # depth: 25
	// 966
}
