package balance_test

import (
	"fmt"
	"strings"

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

func ExampleRead() {
	table := `id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date
518,RNBQKBNR,35,,d2d4,25,31,3120454,5409,d2d4 g8f6 c2c4,Stockfish 15.1,25,Threads=1 Hash=64,2026-11-30
`
	f, err := balance.Read(strings.NewReader(table), "t.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := f.Rows[0]
	fmt.Println(f.Format, f.Header.Engine, f.Header.Depth, f.Header.Date)
	fmt.Println(r.ID, r.Rank, r.Score.Short(), r.BestMove, r.PV)
	// Every row is checked against the rules.
	_, err = balance.Read(strings.NewReader(strings.Replace(table, "d2d4,25", "d2d5,25", 1)), "t.csv")
	fmt.Println(err)
	// Output:
	// csv Stockfish 15.1 25 2026-11-30
	// 518 RNBQKBNR +0.35 d2d4 [d2d4 g8f6 c2c4]
	// t.csv:2: malformed balance table: position 518: bestmove "d2d5" is not a legal move in Chess960 UCI form
}
