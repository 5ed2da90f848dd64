package event

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestSeedBits: the estimate of seeds whose entropy is known.
func TestSeedBits(t *testing.T) {
	for _, tc := range []struct {
		seed string
		min  float64 // at least
		max  float64 // at most
	}{
		{"", 0, 0},
		{"ab", 0, 12},                                  // two letters
		{"demo seed", 0, 26},                           // two words
		{strings.Repeat("a", 200), 0, 200},             // one letter again and again: 1 bit each at most
		{strings.Repeat("ab", 100), 0, 400},            // two letters: 2 bits each at most
		{"0123456789abcdef0123456789abcdef", 128, 128}, // 32 hex digits
		{"4af98a7a2d9f55460b9032be49dbb34785b50ffd87068d2da7af4fd4c6433b2b", 256, 256}, // 64
		{"correct horse battery staple", 0, 52},                                        // four words
		{"Xk9#mQ2$vL8@pR5!nT3&wZ7*bY4^cF6%", 128, 210},                                 // 32 characters of every kind
	} {
		if got := SeedBits(tc.seed); got < tc.min || got > tc.max {
			t.Errorf("SeedBits(%q) = %.1f, want %.0f..%.0f", tc.seed, got, tc.min, tc.max)
		}
	}
}

// TestWeakSeedRefused: an organiser's seed under MinSeedBits is refused
// with the reason, unless the organiser says they accept what it costs.
func TestWeakSeedRefused(t *testing.T) {
	svc := NewService(newMem())
	ctx := context.Background()
	_, _, err := svc.Create(ctx, Init{Settings: Settings{Name: "Weak", Rounds: 3}, Seed: "ab"})
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "128 bits") || !strings.Contains(err.Error(), "before round 1") {
		t.Fatalf("seed \"ab\": %v", err)
	}
	if _, _, err := svc.Create(ctx, Init{Settings: Settings{Name: "Weak", Rounds: 3}, Seed: "ab", WeakSeed: true}); err != nil {
		t.Fatalf("seed \"ab\" accepted as weak: %v", err)
	}
	strong := "4af98a7a2d9f55460b9032be49dbb34785b50ffd87068d2da7af4fd4c6433b2b"
	if _, _, err := svc.Create(ctx, Init{Settings: Settings{Name: "Strong", Rounds: 3}, Seed: strong}); err != nil {
		t.Fatalf("a 256-bit seed: %v", err)
	}
}
