// Package decimal reads numbers written in plain decimal digits, the one way
// the module reads a number from its user or from its own files: flags and
// arguments, query parameters, FEN counters, perft suites, balance tables.
//
// A number is one or more ASCII digits 0-9, with a leading '-' for a
// negative one. A leading 0 does not make it octal ("010" is ten), and
// everything else is refused: a '+', a base prefix ("0x10", "0o7", "0b1"),
// an underscore ("1_000"), an exponent ("1e3"), a fraction ("0.5"), spaces,
// and digits of other scripts.
//
// A text that is not a number gets ErrSyntax; a number outside the range the
// caller asks for, however many digits it has, gets ErrRange. Callers word
// their own messages from these two reasons.
package decimal

import (
	"errors"
	"math"
)

var (
	// ErrSyntax is the reason for a text that is not plain decimal digits.
	ErrSyntax = errors.New("not plain decimal digits")
	// ErrRange is the reason for a number outside the range asked for,
	// a negative number where none is allowed ("-0" included) among them.
	ErrRange = errors.New("out of range")
)

// Digits reports whether s is one or more ASCII decimal digits.
func Digits[T string | []byte](s T) bool {
	if len(s) == 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Int reads s as a whole number in min..max.
func Int(s string, min, max int64) (int64, error) {
	u, neg, err := read(s)
	if err != nil {
		return 0, err
	}
	var n int64
	switch {
	case neg && (min >= 0 || u > 1<<63):
		return 0, ErrRange
	case neg:
		n = int64(-u) // two's complement: -u for u <= 2^63
	case u > math.MaxInt64:
		return 0, ErrRange
	default:
		n = int64(u)
	}
	if n < min || n > max {
		return 0, ErrRange
	}
	return n, nil
}

// Uint reads s as a whole number in 0..max. A negative number is out of
// range.
func Uint(s string, max uint64) (uint64, error) {
	u, neg, err := read(s)
	if err != nil {
		return 0, err
	}
	if neg || u > max {
		return 0, ErrRange
	}
	return u, nil
}

// read reads the sign and the digits of s. A value above 2^64-1 is out of
// every range.
func read(s string) (u uint64, neg bool, err error) {
	digits := s
	if len(s) > 0 && s[0] == '-' {
		digits, neg = s[1:], true
	}
	if !Digits(digits) {
		return 0, false, ErrSyntax
	}
	for i := 0; i < len(digits); i++ {
		d := uint64(digits[i] - '0')
		if u > (math.MaxUint64-d)/10 {
			return 0, false, ErrRange
		}
		u = u*10 + d
	}
	return u, neg, nil
}
