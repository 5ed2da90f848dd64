package event

import (
	"math"
	"strings"
	"unicode"
)

// MinSeedBits is the least entropy an organiser's own seed must have. The
// commitment, SHA-256 of the seed, is public from the moment the event is
// made; whoever finds a seed that hashes to it knows every round's
// position before round 1. SHA-256 is fast to try, so a seed must be as
// hard to guess as a 128-bit key.
const MinSeedBits = 128

// bitsPerWord is what a word of a phrase is counted as: a word drawn at
// random from a list of 7,776 (a diceware list), which a typed phrase
// seldom beats.
const bitsPerWord = 12.9

// SeedBits estimates the entropy of a seed in bits, generously for random
// strings and never more than their characters can hold:
//   - a seed of hex digits alone counts 4 bits a digit;
//   - a seed with spaces is a phrase: 12.9 bits a word at most;
//   - otherwise each character counts log2 of the alphabet that the seed's
//     kinds of character span (digits 10, lower-case 26, upper-case 26,
//     other ASCII 33, anything else 128), but no more than one bit over
//     the seed's own Shannon entropy per character, so that "aaaa…" or
//     "abab…" counts for little.
//
// An estimate cannot know how a seed was made: "2026-oslo-open-round-seed"
// counts as more than it is. It refuses the seeds that are surely weak.
func SeedBits(seed string) float64 {
	rs := []rune(seed)
	n := float64(len(rs))
	if n == 0 {
		return 0
	}
	if strings.Trim(strings.ToLower(seed), "0123456789abcdef") == "" {
		distinct := map[rune]bool{}
		for _, r := range strings.ToLower(seed) {
			distinct[r] = true
		}
		if len(distinct) >= 8 {
			return 4 * n
		}
	}
	var digit, lower, upper, other, wide bool
	count := map[rune]int{}
	for _, r := range rs {
		count[r]++
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r < 128:
			other = true
		default:
			wide = true
		}
	}
	alphabet := 0
	for _, c := range []struct {
		has  bool
		size int
	}{{digit, 10}, {lower, 26}, {upper, 26}, {other, 33}, {wide, 128}} {
		if c.has {
			alphabet += c.size
		}
	}
	var h float64 // Shannon entropy per character
	for _, k := range count {
		p := float64(k) / n
		h -= p * math.Log2(p)
	}
	bits := n * min(math.Log2(float64(alphabet)), h+1)
	if strings.IndexFunc(seed, unicode.IsSpace) >= 0 {
		bits = min(bits, bitsPerWord*float64(len(strings.Fields(seed))))
	}
	return bits
}
