package pairing

import (
	"math/big"
	"math/rand"
	"testing"
)

// toBig reads a weight as a math/big integer, the oracle for the
// arithmetic below.
func toBig(w weight) *big.Int {
	r := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Or(r, new(big.Int).SetUint64(w[i]))
	}
	return r
}

func TestWeightArithmetic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for words := 1; words <= 5; words++ {
		mod := new(big.Int).Lsh(big.NewInt(1), uint(64*words))
		for trial := 0; trial < 2000; trial++ {
			w := make(weight, words)
			for i := range w {
				switch rng.Intn(3) {
				case 0:
					w[i] = ^uint64(0)
				case 1:
					w[i] = rng.Uint64()
				}
			}
			want := toBig(w)
			x := rng.Uint64() >> uint(rng.Intn(64))
			k := rng.Intn(64*words + 10)
			switch op := rng.Intn(6); op {
			case 0:
				w.shl(k)
				want.Lsh(want, uint(k))
			case 1:
				w.add(x)
				want.Add(want, new(big.Int).SetUint64(x))
			case 2:
				w.sub(x)
				want.Sub(want, new(big.Int).SetUint64(x))
			case 3:
				w.addBit(k)
				if k < 64*words {
					want.Add(want, new(big.Int).Lsh(big.NewInt(1), uint(k)))
				}
			case 4:
				w.or(x)
				want.Or(want, new(big.Int).SetUint64(x))
			case 5:
				v := make(weight, words)
				for i := range v {
					v[i] = rng.Uint64()
				}
				want.Add(want, toBig(v))
				w.addWeight(v)
			}
			want.Mod(want, mod)
			if toBig(w).Cmp(want) != 0 {
				t.Fatalf("words %d trial %d: got %x, want %x", words, trial, toBig(w), want)
			}
		}
	}
}

func TestWeightIsZero(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for trial := 0; trial < 5000; trial++ {
		a := make(weight, 3)
		for i := range a {
			a[i] = uint64(rng.Intn(3))
		}
		if a.isZero() != (toBig(a).Sign() == 0) {
			t.Fatalf("isZero(%v) wrong", a)
		}
	}
}

func TestPointsString(t *testing.T) {
	for _, c := range []struct {
		p    Points
		want string
	}{{0, "0.0"}, {5, "0.5"}, {15, "1.5"}, {100, "10.0"}, {-5, "-0.5"}, {1998, "199.8"}} {
		if got := c.p.String(); got != c.want {
			t.Errorf("Points(%d).String() = %q, want %q", int(c.p), got, c.want)
		}
	}
}
