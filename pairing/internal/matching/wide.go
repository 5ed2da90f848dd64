package matching

import "math/bits"

// The helpers below work on unsigned integers of len(dst) 64-bit words,
// least significant word first. All operands of one call have the same
// length; the graph keeps every number it stores at its internal width.

// add sets dst = a + b and returns the carry out of the top word.
func add(dst, a, b []uint64) uint64 {
	a = a[:len(dst)]
	b = b[:len(dst)]
	var c uint64
	for i := range dst {
		dst[i], c = bits.Add64(a[i], b[i], c)
	}
	return c
}

// sub sets dst = a - b and returns the borrow out of the top word.
func sub(dst, a, b []uint64) uint64 {
	a = a[:len(dst)]
	b = b[:len(dst)]
	var c uint64
	for i := range dst {
		dst[i], c = bits.Sub64(a[i], b[i], c)
	}
	return c
}

// slackOf sets dst = a + b - c, the slack of an edge whose endpoint duals are
// a and b and whose doubled weight is c, and reports whether the result is
// negative (the subtraction borrowed more than the addition carried).
func slackOf(dst, a, b, c []uint64) bool {
	a = a[:len(dst)]
	b = b[:len(dst)]
	c = c[:len(dst)]
	var carry, borrow uint64
	for i := range dst {
		var t uint64
		t, carry = bits.Add64(a[i], b[i], carry)
		dst[i], borrow = bits.Sub64(t, c[i], borrow)
	}
	return borrow > carry
}

// cmp compares a and b: -1 if a < b, 0 if equal, +1 if a > b.
func cmp(a, b []uint64) int {
	b = b[:len(a)]
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// isZero reports whether a is zero.
func isZero(a []uint64) bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

// shr1 sets dst = a / 2 (dst and a may be the same slice).
func shr1(dst, a []uint64) {
	a = a[:len(dst)]
	for i := 0; i < len(dst); i++ {
		v := a[i] >> 1
		if i+1 < len(dst) {
			v |= a[i+1] << 63
		}
		dst[i] = v
	}
}

// shl1 sets dst = 2a, dropping the top bit (dst and a may be the same slice).
func shl1(dst, a []uint64) {
	a = a[:len(dst)]
	for i := len(dst) - 1; i >= 0; i-- {
		v := a[i] << 1
		if i > 0 {
			v |= a[i-1] >> 63
		}
		dst[i] = v
	}
}

// addSmall sets a = a + x.
func addSmall(a []uint64, x uint64) {
	for i := range a {
		var c uint64
		a[i], c = bits.Add64(a[i], x, 0)
		if c == 0 {
			return
		}
		x = 1
	}
}

// subSmall sets a = a - x.
func subSmall(a []uint64, x uint64) {
	for i := range a {
		var b uint64
		a[i], b = bits.Sub64(a[i], x, 0)
		if b == 0 {
			return
		}
		x = 1
	}
}

// exceeds reports whether a + b - c > d, for a + b >= c. It compares from
// the top word down and stops as soon as the words seen decide, which for
// numbers made of stacked fields is usually within the first few words, so
// most edges that cannot improve a least slack are rejected without
// computing their slack.
func exceeds(a, b, c, d []uint64) bool {
	a = a[:len(d)]
	b = b[:len(d)]
	c = c[:len(d)]
	// e is the value of the words above the current one, a+b-c-d taken
	// over those words only, while it is -1, 0 or 1. The words below add
	// strictly less than two units of the current word either way, so a
	// value of 2 or more (or -2 or less) decides.
	var e int64
	for j := len(d) - 1; j >= 0; j-- {
		s, c1 := bits.Add64(a[j], b[j], 0)
		s, b1 := bits.Sub64(s, c[j], 0)
		s, b2 := bits.Sub64(s, d[j], 0)
		hi := e + int64(c1) - int64(b1) - int64(b2)
		if hi == 0 {
			if s >= 2 {
				return true
			}
			e = int64(s)
			continue
		}
		if hi != -1 || s != ^uint64(0) {
			return hi > 0
		}
		e = -1
	}
	return e > 0
}
