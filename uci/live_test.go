package uci

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/testtool"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

// stockfish returns Stockfish's path, or fails (CI) or skips the test.
func stockfish(t *testing.T) string { return testtool.Stockfish(t) }

func TestStockfish(t *testing.T) {
	path := stockfish(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := Start(ctx, Config{Path: path, Options: []Setting{{"Threads", "1"}, {"Hash", "16"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if !strings.HasPrefix(e.Name(), "Stockfish") || e.Mode() != chess.Chess960 {
		t.Fatalf("name %q mode %v", e.Name(), e.Mode())
	}

	// A Chess960 game in which both sides have castled, the king taking
	// its rook (position 96, BBQNRNKR: the king stands on g1 already, so
	// O-O moves only the rook, h1 to f1, and is written g1h1). If
	// Stockfish misread the castling moves it would ignore them and search
	// another position: its pv would not be legal in ours.
	start := chess.MustParseFEN("bbqnrnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRNKR w KQkq - 0 1")
	ms := moves(t, start, "Ng3", "Ng6", "O-O", "O-O")
	if ms[2].String() != "g1h1" || ms[3].String() != "g8h8" {
		t.Fatalf("castling moves %v %v", ms[2], ms[3])
	}
	if err := e.SetOption(ctx, "MultiPV", "2"); err != nil {
		t.Fatal(err)
	}
	res, err := e.Search(ctx, start, ms, Limits{Depth: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove == 0 || len(res.Lines) != 2 {
		t.Fatalf("bestmove %v, %d lines", res.BestMove, len(res.Lines))
	}
	for _, l := range res.Lines {
		if len(l.PV) < 4 || l.Illegal != "" || l.Depth < 9 || l.Score.Kind != Centipawns {
			t.Errorf("line %d: pv %q (illegal %q), depth %d, score %v", l.MultiPV, uciText(l.PV), l.Illegal, l.Depth, l.Score)
		}
	}
	if res.Lines[0].PV[0] != res.BestMove || res.Nodes == 0 || res.Depth != 10 {
		t.Errorf("bestmove %v, pv %v, nodes %d, depth %d", res.BestMove, res.Lines[0].PV[0], res.Nodes, res.Depth)
	}

	// A mate in one: Ra8#.
	if err := e.SetOption(ctx, "MultiPV", "1"); err != nil {
		t.Fatal(err)
	}
	mate := chess.MustParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	res, err = e.Search(ctx, mate, nil, Limits{Depth: 5}, nil)
	if err != nil || res.BestMove.String() != "a1a8" || res.Lines[0].Score != (Score{MateIn, 1, Exact}) {
		t.Errorf("mate in one: %v %v, %v", res.BestMove, res.Lines, err)
	}
	// Checkmated: bestmove (none).
	after := mate
	after.Play(res.BestMove)
	res, err = e.Search(ctx, after, nil, Limits{Depth: 5}, nil)
	if err != nil || res.BestMove != 0 {
		t.Errorf("mated: %v, %v", res.BestMove, err)
	}

	// Stop and a cancelled context end an infinite search (once it has
	// reached depth 5).
	s, err := e.Go(ctx, start, ms, Limits{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := s.Wait(func(i Info) {
		if i.Depth >= 5 {
			s.Stop()
		}
	}); err != nil || res.BestMove == 0 {
		t.Errorf("stopped: %v, %v", res.BestMove, err)
	}
	c2, cancel2 := context.WithCancel(ctx)
	defer cancel2()
	if res, err := e.Search(c2, start, ms, Limits{Infinite: true}, func(i Info) {
		if i.Depth >= 5 {
			cancel2()
		}
	}); !errors.Is(err, context.Canceled) || res.BestMove == 0 {
		t.Errorf("cancelled: %v, %v", res.BestMove, err)
	}
	if err := e.IsReady(ctx); err != nil {
		t.Fatal(err)
	}

	// Stockfish's divide matches ours, castling included, on a position
	// in which White has castled long, king e1 taking rook b1 (e1b1; e1c1 in
	// standard UCI). Had Stockfish misread it, it would count for White.
	pos := chess.MustParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1")
	d, err := e.Perft(ctx, pos, moves(t, pos, "O-O-O", "b5"), 3)
	if err != nil {
		t.Fatal(err)
	}
	after = pos
	for _, m := range moves(t, pos, "O-O-O", "b5") {
		after.Play(m)
	}
	ours := perft.Divide(after, 3)
	if len(ours) != len(d.Counts) || !d.HasTotal || d.Total != perft.Total(ours) {
		t.Errorf("divide: %d moves, total %d; ours %d moves, %d", len(d.Counts), d.Total, len(ours), perft.Total(ours))
	}
	for _, en := range ours {
		if d.Counts[en.Move.String()] != en.Nodes {
			t.Errorf("%s: stockfish %d, ours %d", en.Move, d.Counts[en.Move.String()], en.Nodes)
		}
	}
}

// TestStockfishPool: an infinite search ends at the pool's cap, with
// Stockfish's move and no error (the context, a guard against a hang,
// would end it with an error).
func TestStockfishPool(t *testing.T) {
	path := stockfish(t)
	p := NewPool(PoolConfig{Engine: Config{Path: path}, Size: 1, MaxSearch: 300 * time.Millisecond})
	defer p.Close()
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := p.Search(ctx, Job{Start: start, Limits: Limits{Infinite: true}, Options: []Setting{{"Skill Level", "3"}}}, nil)
	if err != nil || res.BestMove == 0 {
		t.Fatalf("%v, %v", res.BestMove, err)
	}
}
