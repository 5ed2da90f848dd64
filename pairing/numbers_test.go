package pairing

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"testing"
)

func TestRatingOrder(t *testing.T) {
	ps := []*Player{
		{Number: 1, Name: "Carlsen, Magnus", Rating: 0},
		{Number: 2, Name: "B", Rating: 2500, Title: "IM"},
		{Number: 3, Name: "A", Rating: 2500, Title: "IM"},
		{Number: 4, Name: "Z", Rating: 2500, Title: "GM"},
		{Number: 5, Name: "Y", Rating: 2500, Title: "WGM"},
		{Number: 6, Name: "X", Rating: 2600},
		{Number: 7, Name: "W", Rating: 2500},
		{Number: 8, Name: "V", Rating: 2500, Title: "FM"},
		{Number: 9, Name: "V", Rating: 2500, Title: "FM"},
	}
	var got []int
	for _, p := range RatingOrder(ps) {
		got = append(got, p.Number)
	}
	// By rating, then GM, IM, WGM, FM, none, then name, then as given; the
	// unrated player last.
	if want := []int{6, 4, 3, 2, 5, 8, 9, 7, 1}; !slices.Equal(got, want) {
		t.Errorf("RatingOrder: %v, want %v", got, want)
	}
	if ps[0].Number != 1 {
		t.Error("RatingOrder changed its argument")
	}
}

// lotsByHand redoes the draw DrawLots documents, with math/big for the
// arithmetic, as a check written apart from it.
func lotsByHand(n int, seed string) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	k := 0
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for i := n - 1; i > 0; i-- {
		m := big.NewInt(int64(i + 1))
		// Accept x below the largest multiple of m that is at most 2^64.
		bound := new(big.Int).Sub(two64, new(big.Int).Mod(two64, m))
		for {
			sum := sha256.Sum256([]byte(fmt.Sprintf("%s:%d", seed, k)))
			k++
			x := new(big.Int).SetUint64(binary.BigEndian.Uint64(sum[:8]))
			if x.Cmp(bound) < 0 {
				j := int(new(big.Int).Mod(x, m).Int64())
				order[i], order[j] = order[j], order[i]
				break
			}
		}
	}
	return order
}

func TestDrawLots(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 17, 300} {
		for _, seed := range []string{"Round robin 2026", "x", "Chess960 club, 1 December"} {
			got := DrawLots(n, seed)
			if want := lotsByHand(n, seed); !slices.Equal(got, want) {
				t.Errorf("DrawLots(%d, %q) = %v, want %v", n, seed, got, want)
			}
			s := slices.Clone(got)
			slices.Sort(s)
			for i, v := range s {
				if v != i+1 {
					t.Fatalf("DrawLots(%d, %q) = %v is not a permutation of 1..%d", n, seed, got, n)
				}
			}
		}
		if n > 1 {
			a, b := DrawLots(n, ""), DrawLots(n, "")
			if len(a) != n || len(b) != n {
				t.Errorf("DrawLots(%d, \"\") has the wrong length", n)
			}
		}
	}
	// Uniform: 3 players have 6 orders; 12,000 seeds give each about 2,000
	// times (the standard deviation is about 41; 5 of them is allowed).
	counts := map[string]int{}
	for i := 0; i < 12000; i++ {
		counts[fmt.Sprint(DrawLots(3, fmt.Sprintf("seed %d", i)))]++
	}
	if len(counts) != 6 {
		t.Fatalf("DrawLots(3, ...) gives %d different orders, want 6", len(counts))
	}
	for o, c := range counts {
		if c < 2000-205 || c > 2000+205 {
			t.Errorf("order %s drawn %d times in 12,000, want about 2,000", o, c)
		}
	}
}
