// Package data holds the tables the project ships, embedded in the
// program: the balance table (every Chess960 start position evaluated by
// Stockfish; made with "chess960 balance", read with internal/balance).
package data

import _ "embed"

// BalanceName is the file name of the balance table in data/.
const BalanceName = "balance-stockfish-15.1-d25.csv"

//go:embed balance-stockfish-15.1-d25.csv
var balanceCSV string

// BalanceCSV returns the text of the balance table.
func BalanceCSV() string { return balanceCSV }
