package chess

import (
	"math/rand/v2"
	"testing"

	chess960 "github.com/chess960/chess960"
)

// TestCountMoves checks the leaf counter against the generator on every
// suite position, on random playouts from each of them and from every start
// position, and on all the positions one ply after them.
func TestCountMoves(t *testing.T) {
	var starts []Position
	for _, name := range []string{"chess960-start.perft", "chess960-midgame.perft", "random-playouts.perft", "castling.perft"} {
		for _, c := range readPerftSuite(t, name) {
			p, err := ParseFEN(c.FEN)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			starts = append(starts, p)
		}
	}
	for id := 0; id < chess960.Count; id++ {
		starts = append(starts, NewPosition(chess960.MustNew(id)))
	}
	rng := rand.New(rand.NewPCG(960, 4))
	checked := 0
	check := func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		if got := p.countMoves(); got != ml.Len() {
			t.Fatalf("%s: countMoves %d, generated %d", p.FEN(chess960.Shredder), got, ml.Len())
		}
		checked++
	}
	for _, start := range starts {
		p := start
		plies := 120
		if testing.Short() {
			plies = 20
		}
		for ply := 0; ply < plies; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			check(&p)
			if ply%10 == 0 {
				for _, m := range ml.Moves() {
					q := p
					q.Play(m)
					check(&q)
				}
			}
			if ml.Len() == 0 {
				break
			}
			p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions", checked)
}
