package pairing

import "github.com/chess960/chess960/pairing/internal/matching"

func init() {
	newMatcher = func(n, words int) matcher { return matching.New(n, words) }
}
