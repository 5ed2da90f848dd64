package matching

import (
	"encoding/binary"
	"testing"
)

// FuzzMatching builds a graph of up to 11 vertices from the input, solves it,
// then applies the rest of the input as weight changes (all edges at one
// vertex, or one edge), re-solving after each; every result must match brute
// force and carry a valid dual certificate.
func FuzzMatching(f *testing.F) {
	f.Add([]byte{4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{9, 1, 255, 0, 255, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 200, 3, 9, 1, 1, 1})
	f.Add([]byte{6, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 128, 64, 32})
	f.Add([]byte{11, 0, 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := 2 + int(data[0])%10
		words := 1 + int(data[1])%3
		data = data[2:]
		next := func() byte {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return b
		}
		// A weight from one byte: its low bits choose a small value, its
		// high bits how far up the words it goes, so ties are common.
		weight := func() []uint64 {
			b := next()
			w := make([]uint64, words)
			if b&7 == 0 {
				return w
			}
			word := int(b>>6) % words
			shift := uint(b>>3&7) * 8
			w[word] = uint64(b&7) << shift
			var buf [8]byte
			for i := range buf {
				buf[i] = next()
			}
			w[0] |= binary.LittleEndian.Uint64(buf[:]) & 3
			return w
		}
		g := New(n, words)
		m := bigMatrix(n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				setBoth(g, m, i, j, weight())
			}
		}
		g.Solve()
		checkAgainst(t, g, bruteForce(m), "initial")
		for step := 0; len(data) > 0 && step < 20; step++ {
			op := next()
			v := int(op>>1) % n
			if op&1 == 0 {
				for u := 0; u < n; u++ {
					if u != v {
						setBoth(g, m, v, u, weight())
					}
				}
			} else {
				u := int(next()) % (n - 1)
				if u >= v {
					u++
				}
				setBoth(g, m, v, u, weight())
			}
			g.Solve()
			checkAgainst(t, g, bruteForce(m), "after a change")
		}
	})
}
