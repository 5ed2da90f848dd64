package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/book"
	"github.com/chess960/chess960/uci"
)

// bookScores returns the starts a table scores and the table's name: the
// --scores file, or the shipped table of the 960 (for DFRC, the shipped
// sample).
func bookScores(file string, dfrc bool) (map[chess960.DFRC]uci.Score, string, error) {
	if file == "" {
		return book.ShippedScores(dfrc)
	}
	fh, err := os.Open(file)
	if err != nil {
		return nil, "", fmt.Errorf("--scores %s: %v", quoteArg(file), unwrapPathError(err))
	}
	defer fh.Close()
	f, err := balance.Read(fh, file)
	if err != nil {
		return nil, "", fmt.Errorf("--scores: %v", err)
	}
	return book.Scores(f, dfrc), quoteArg(file), nil
}

// filterText names the score filters given, for messages.
func filterText(fs *flag.FlagSet, drawRate string, maxCP int) string {
	var parts []string
	if flagSet(fs, "balanced") {
		parts = append(parts, "--balanced "+strconv.Itoa(maxCP))
	}
	if drawRate != "" {
		parts = append(parts, "--draw-rate "+drawRate)
	}
	return strings.Join(parts, " and ")
}

// drawSeed returns a seed from crypto/rand, for random plies without --seed.
func drawSeed() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
