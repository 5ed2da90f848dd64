package decimal

import (
	"errors"
	"math"
	"strconv"
	"testing"
)

func TestInt(t *testing.T) {
	ok := []struct {
		in       string
		min, max int64
		want     int64
	}{
		{"0", 0, 15, 0}, {"010", 0, 15, 10}, {"15", 0, 15, 15}, {"000000000000000000000000007", 0, 15, 7},
		{"-5", -10, 10, -5}, {"-0", -1, 1, 0}, {"-10", -10, 10, -10},
		{"9223372036854775807", math.MinInt64, math.MaxInt64, math.MaxInt64},
		{"-9223372036854775808", math.MinInt64, math.MaxInt64, math.MinInt64},
	}
	for _, c := range ok {
		if n, err := Int(c.in, c.min, c.max); err != nil || n != c.want {
			t.Errorf("Int(%q, %d, %d) = %d, %v; want %d", c.in, c.min, c.max, n, err, c.want)
		}
	}
	bad := []struct {
		in   string
		want error
	}{
		{"", ErrSyntax}, {"-", ErrSyntax}, {"--5", ErrSyntax}, {"+5", ErrSyntax}, {"0x10", ErrSyntax},
		{"0o7", ErrSyntax}, {"0b1", ErrSyntax}, {"1_0", ErrSyntax}, {"1e3", ErrSyntax}, {" 5", ErrSyntax},
		{"5 ", ErrSyntax}, {"1.0", ErrSyntax}, {"٣", ErrSyntax}, {"５", ErrSyntax}, {"5-", ErrSyntax},
		{"16", ErrRange}, {"-1", ErrRange}, {"-0", ErrRange}, {"99999999999999999999999", ErrRange},
		{"-99999999999999999999999", ErrRange}, {"18446744073709551615", ErrRange}, {"18446744073709551616", ErrRange},
	}
	for _, c := range bad {
		if n, err := Int(c.in, 0, 15); !errors.Is(err, c.want) || n != 0 {
			t.Errorf("Int(%q, 0, 15) = %d, %v; want %v", c.in, n, err, c.want)
		}
	}
	// The limits of int64, one past each.
	if _, err := Int("9223372036854775808", math.MinInt64, math.MaxInt64); err != ErrRange {
		t.Errorf("2^63: %v", err)
	}
	if _, err := Int("-9223372036854775809", math.MinInt64, math.MaxInt64); err != ErrRange {
		t.Errorf("-2^63-1: %v", err)
	}
}

func TestUint(t *testing.T) {
	if n, err := Uint("18446744073709551615", math.MaxUint64); err != nil || n != math.MaxUint64 {
		t.Errorf("2^64-1: %d, %v", n, err)
	}
	if n, err := Uint("0042", 42); err != nil || n != 42 {
		t.Errorf("0042: %d, %v", n, err)
	}
	for in, want := range map[string]error{
		"18446744073709551616": ErrRange, "43": ErrRange, "-1": ErrRange, "-0": ErrRange,
		"": ErrSyntax, "+1": ErrSyntax, "4_2": ErrSyntax, "0x2a": ErrSyntax,
	} {
		if _, err := Uint(in, 42); err != want {
			t.Errorf("Uint(%q, 42): %v, want %v", in, err, want)
		}
	}
}

func TestDigits(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "0123456789": true, "": false, "-1": false, "1a": false, "١": false} {
		if Digits(s) != want || Digits([]byte(s)) != want {
			t.Errorf("Digits(%q) != %v", s, want)
		}
	}
}

func FuzzInt(f *testing.F) {
	for _, s := range []string{"0", "-5", "010", "99999999999999999999", "+1", "1e3", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Int(s, math.MinInt64, math.MaxInt64)
		if err != nil {
			if err != ErrSyntax && err != ErrRange {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		// What reads is a number written plainly; strconv agrees on it.
		m, serr := strconv.ParseInt(s, 10, 64)
		if serr != nil || m != n || s[0] == '+' {
			t.Fatalf("%q: Int %d, strconv %d %v", s, n, m, serr)
		}
	})
}
