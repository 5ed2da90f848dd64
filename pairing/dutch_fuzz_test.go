package pairing

import (
	"errors"
	"testing"
)

// FuzzDutch pairs whatever the reader accepts: Dutch never panics, fails
// only with a reason (ErrNoPairing, or what PairingReady says), and a
// pairing it gives is a pairing of this round: every player to be paired
// is on one board, nobody else is, no two players meet again after a game
// played between them, at most one bye, last, to a player who may have it,
// and no forbidden pair. The seeds are the TRF cases, the extra Dutch cases
// and small tournaments of the corpus.
func FuzzDutch(f *testing.F) {
	addFiles(f, "testdata/trf/cases/*.trf", "testdata/dutch-extra/*.trf", "testdata/dutch/t00*-p0[0-3]*.trf")
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTRF(data)
		if err != nil || len(tr.Players) > 60 {
			return
		}
		ready := tr.PairingReady()
		pairs, err := Dutch(tr)
		if err != nil {
			var te *TRFError
			if ready == nil && !errors.Is(err, ErrNoPairing) || ready != nil && !errors.As(err, &te) {
				t.Fatalf("Dutch: %v (PairingReady: %v)", err, ready)
			}
			return
		}
		if ready != nil {
			t.Fatalf("Dutch paired a tournament PairingReady refuses: %v", ready)
		}
		played := tr.PlayedRounds()
		toPair := map[int]bool{}
		for _, p := range tr.Players {
			if _, set := tr.next(p, played); !set && tr.Eligible(p) {
				toPair[p.Number] = true
			}
		}
		seen := map[int]bool{}
		for i, pr := range pairs {
			for _, n := range []int{pr.White, pr.Black} {
				if n == 0 {
					continue
				}
				if !toPair[n] || seen[n] {
					t.Fatalf("board %d (%d-%d): player %d is not to be paired, or is paired twice", i+1, pr.White, pr.Black, n)
				}
				seen[n] = true
			}
			if pr.Black == 0 {
				if i != len(pairs)-1 {
					t.Fatalf("the bye for %d is on board %d of %d", pr.White, i+1, len(pairs))
				}
				for _, g := range tr.Player(pr.White).Games[:played] {
					if !g.Played() && g.Outcome() == Won {
						t.Fatalf("the bye for %d, who scored a win without playing before", pr.White)
					}
				}
				continue
			}
			for _, g := range tr.Player(pr.White).Games[:played] {
				if g.Played() && g.Opponent == pr.Black {
					t.Fatalf("board %d: %d and %d met before", i+1, pr.White, pr.Black)
				}
			}
			for _, fp := range tr.Forbidden {
				if fp == [2]int{min(pr.White, pr.Black), max(pr.White, pr.Black)} {
					t.Fatalf("board %d: %d and %d may not meet (XXP)", i+1, pr.White, pr.Black)
				}
			}
		}
		if len(seen) != len(toPair) {
			t.Fatalf("%d players paired of %d to pair", len(seen), len(toPair))
		}
	})
}
