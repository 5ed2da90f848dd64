package chess960

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"testing"
)

// The published algorithm, re-derived with math/big, must give the same
// draws as the Drawer. The golden numbers were computed outside Go with
// printf 'chess960:%s:%d' SEED K | sha256sum (first 16 hex digits mod 960).
func TestSeededDrawsArePublishedAlgorithm(t *testing.T) {
	golden := map[string][]int{"Round 1": {353, 14, 506, 263, 123}, "": {404, 488, 333}}
	for seed, want := range golden {
		d, err := NewDrawer(DrawOptions{Seeded: true, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for k, w := range want {
			if got := d.Next().ID(); got != w {
				t.Errorf("seed %q draw %d = %d, want %d", seed, k, got, w)
			}
		}
	}
	// Independent re-derivation for many seeds and draws.
	for s := 0; s < 20; s++ {
		seed := fmt.Sprintf("seed-%d", s)
		d, _ := NewDrawer(DrawOptions{Seeded: true, Seed: seed})
		for k := 0; k < 50; k++ {
			sum := sha256.Sum256([]byte(fmt.Sprintf("chess960:%s:%d", seed, k)))
			x := new(big.Int).SetBytes(sum[:8])
			want := new(big.Int).Mod(x, big.NewInt(960)).Int64()
			if got := d.Next().ID(); int64(got) != want {
				t.Fatalf("seed %q draw %d = %d, re-derived %d", seed, k, got, want)
			}
		}
	}
}

func TestDrawsWithExclusions(t *testing.T) {
	ex, _ := ParseSet("518,0-9")
	d, err := NewDrawer(DrawOptions{Seeded: true, Seed: "x", Exclude: ex})
	if err != nil {
		t.Fatal(err)
	}
	if d.Allowed() != 949 {
		t.Errorf("Allowed = %d, want 949", d.Allowed())
	}
	// The allowed numbers in ascending order, listed here by hand: 10..517
	// and 519..959.
	var allowed []int
	for n := 10; n < 960; n++ {
		if n != 518 {
			allowed = append(allowed, n)
		}
	}
	for k := 0; k < 5000; k++ {
		sum := sha256.Sum256([]byte(fmt.Sprintf("chess960:x:%d", k)))
		x := new(big.Int).SetBytes(sum[:8])
		want := allowed[new(big.Int).Mod(x, big.NewInt(949)).Int64()]
		if got := d.Next().ID(); got != want {
			t.Fatalf("draw %d = SP-%d, want SP-%d", k, got, want)
		}
	}
	// Only one position left: it is always drawn.
	one, _ := ParseSet("0-517,519-959")
	d, _ = NewDrawer(DrawOptions{Exclude: one})
	for _, p := range d.Draw(10) {
		if p != Standard() {
			t.Fatalf("drew SP-%d, only 518 is allowed", p.ID())
		}
	}
	// Everything excluded is an error, not a hang.
	if _, err := NewDrawer(DrawOptions{Exclude: All()}); !errors.Is(err, ErrNoneLeft) {
		t.Errorf("excluding all: %v, want ErrNoneLeft", err)
	}
}

func TestUniqueDraws(t *testing.T) {
	for _, seeded := range []bool{true, false} {
		ex, _ := ParseSet("100-899")
		d, _ := NewDrawer(DrawOptions{Seeded: seeded, Seed: "u", Exclude: ex, Unique: true})
		// Three full rounds: each round of 160 draws covers every allowed position once.
		for round := 0; round < 3; round++ {
			seen := map[StartPos]bool{}
			for _, p := range d.Draw(160) {
				if seen[p] || ex.Has(p) {
					t.Fatalf("seeded=%v round %d: SP-%d repeated or excluded", seeded, round, p.ID())
				}
				seen[p] = true
			}
		}
	}
}

// A chi-square test of uniformity over 96,000 seeded draws: with 959 degrees
// of freedom the statistic has mean 959 and standard deviation 43.8; the
// bound is over six standard deviations away, so a fair generator fails it
// with negligible probability, while a modulo bias or a stuck bucket fails.
func TestUniformity(t *testing.T) {
	d, _ := NewDrawer(DrawOptions{Seeded: true, Seed: "uniformity"})
	var counts [Count]int
	const n = 96000
	for i := 0; i < n; i++ {
		counts[d.Next().ID()]++
	}
	exp := float64(n) / Count
	chi := 0.0
	for _, c := range counts {
		chi += (float64(c) - exp) * (float64(c) - exp) / exp
	}
	if chi < 700 || chi > 1230 {
		t.Errorf("chi-square %.1f over 960 buckets is implausible for a uniform draw", chi)
	}
	// Random draws from crypto/rand: 4800 draws cover most positions (a
	// stuck or biased source would not; a uniform one leaves about 6 out).
	seen := map[StartPos]bool{}
	for range 4800 {
		seen[Random()] = true
	}
	if len(seen) < 930 {
		t.Errorf("Random: %d distinct positions in 4800 draws, want about 954", len(seen))
	}
}

// TestCommitment: the digests as coreutils' sha256sum prints them for
// printf '%s' SEED (the empty seed is a seed too).
func TestCommitment(t *testing.T) {
	for seed, want := range map[string]string{
		"Round 1": "129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6",
		"":        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	} {
		if got := Commitment(seed); got != want {
			t.Errorf("Commitment(%q) = %s, want %s", seed, got, want)
		}
	}
}
