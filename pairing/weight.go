package pairing

import "math/bits"

// weight is an unsigned integer of a fixed number of 64-bit words, least
// significant word first, with arithmetic modulo 2^(64*len). The Dutch
// engine stacks its criteria into one such number per pair of players, the
// most important criterion in the highest bits, so that a maximum-weight
// matching optimises them in order. Modular arithmetic lets a field be
// lowered by a subtraction that borrows, as long as the whole stays in
// range, which the layout guarantees.
type weight []uint64

// clear sets w to zero.
func (w weight) clear() {
	for i := range w {
		w[i] = 0
	}
}

// set copies v into w.
func (w weight) set(v weight) { copy(w, v) }

// isZero reports whether w is zero: no edge.
func (w weight) isZero() bool {
	for _, x := range w {
		if x != 0 {
			return false
		}
	}
	return true
}

// shl shifts w left by n bits; bits shifted out of the top are lost.
func (w weight) shl(n int) {
	if n <= 0 {
		return
	}
	words, rest := n/64, uint(n%64)
	for i := len(w) - 1; i >= 0; i-- {
		var x uint64
		if j := i - words; j >= 0 {
			x = w[j] << rest
			if rest != 0 && j > 0 {
				x |= w[j-1] >> (64 - rest)
			}
		}
		w[i] = x
	}
}

// or sets the low bits of w that are set in x.
func (w weight) or(x uint64) { w[0] |= x }

// add adds x to w.
func (w weight) add(x uint64) {
	var carry uint64
	w[0], carry = bits.Add64(w[0], x, 0)
	for i := 1; carry != 0 && i < len(w); i++ {
		w[i], carry = bits.Add64(w[i], 0, carry)
	}
}

// sub subtracts x from w, borrowing through the words (modulo the width).
func (w weight) sub(x uint64) {
	var borrow uint64
	w[0], borrow = bits.Sub64(w[0], x, 0)
	for i := 1; borrow != 0 && i < len(w); i++ {
		w[i], borrow = bits.Sub64(w[i], 0, borrow)
	}
}

// addBit adds 2^k to w.
func (w weight) addBit(k int) {
	i := k / 64
	if i >= len(w) {
		return
	}
	var carry uint64
	w[i], carry = bits.Add64(w[i], 1<<uint(k%64), 0)
	for i++; carry != 0 && i < len(w); i++ {
		w[i], carry = bits.Add64(w[i], 0, carry)
	}
}

// addWeight adds v to w.
func (w weight) addWeight(v weight) {
	var carry uint64
	for i := range w {
		w[i], carry = bits.Add64(w[i], v[i], carry)
	}
}
