// Package quote quotes user input for error messages, cut short: a message
// never echoes more than about 100 bytes of what it refuses.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of an input that a message quotes.
const Max = 100

// Input returns s quoted as Go quotes strings (strconv.Quote). An input
// longer than Max bytes is cut at a character boundary and followed by its
// length: "abc..." (5000 bytes).
func Input(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	cut := Max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}

// Char quotes one character of an input: the whole UTF-8 character that
// starts at s[i] (or the single byte, if it is not valid UTF-8), in single
// quotes, e.g. 'é' or '\x00'.
func Char(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		const hex = "0123456789abcdef"
		return `'\x` + string([]byte{hex[s[i]>>4], hex[s[i]&15]}) + `'`
	}
	return strconv.QuoteRune(r)
}
