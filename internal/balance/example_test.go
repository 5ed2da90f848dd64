package balance_test

import (
	"fmt"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
)

func ExampleLoad() {
	t, err := balance.Load()
	if err != nil {
		fmt.Println(err)
		return
	}
	h := t.Header()
	fmt.Println(h.Engine, "depth", h.Depth)
	r := t.Row(chess960.Standard())
	fmt.Println(r.Rank, r.Score.Short(), r.BestMove)
	// A draw limited to the positions within 0.30 of equality.
	balanced := t.Balanced(30)
	fmt.Println(balanced.Len(), "balanced")
	d, _ := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: "Round 1", Exclude: chess960.All().Minus(balanced)})
	p := d.Next()
	fmt.Println(p.ID(), p, t.Row(p).Score.Short())
	// Output:
	// Stockfish 15.1 depth 25
	// RNBQKBNR +0.35 d2d4
	// 364 balanced
	// 502 RQBNKBNR +0.26
}
