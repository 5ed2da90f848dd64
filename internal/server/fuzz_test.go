package server

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/uci"
)

// FuzzHandler sends any method, path, query and body through the whole
// middleware chain: the answer must never be a 5xx, nor a panic or a hang.
func FuzzHandler(f *testing.F) {
	for _, seed := range []struct{ method, target, body string }{
		{"GET", "/api/positions/518?fritz9=1", ""},
		{"GET", "/api/random?count=3&seed=x&unique=1&exclude=518,0-9", ""},
		{"GET", "/api/identify?q=RNBQKBNR", ""},
		{"GET", "/api/moves?fen=1r2k3/8/8/8/8/8/8/1R4KR%20w%20HB%20-%200%201&standard=1", ""},
		{"GET", "/api/play?fen=518&moves=e4,e5,Nf3&castling=shredder", ""},
		{"POST", "/api/play", `{"fen":"0","moves":["Ne3","Ne6"]}`},
		{"GET", "/api/perft?pos=518&depth=3&divide=1", ""},
		{"GET", "/diagram.svg?pos=518&flip=1&highlight=e1&arrow=e2e4&last-move=e2e4&size=100", ""},
		{"GET", "/pos/518?seed=a&k=3", ""},
		{"GET", "/gallery?pattern=R?K&king=c&pairs=1", ""},
		{"GET", "/draw?rounds=3&seed=x&mirror=1&exclude=1-5", ""},
		{"GET", "/verify?rounds=3&seed=x&commit=00", ""},
		{"GET", "/play?pos=518&moves=e2e4,e7e5&ply=1&flip=1&claim=threefold&move=Nf3", ""},
		{"GET", "/play/state?fen=4k3/1P6/8/8/8/8/8/4K3%20w%20-%20-%200%201&moves=b7b8q", ""},
		{"GET", "/play.pgn?pos=0&moves=Ne3", ""},
		{"POST", "/api/pgn", "[FEN \"nrkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBNR w KQkq - 0 1\"]\n\n1. d4 d5 (1... e5) {x} 2. Qd3 *"},
		{"GET", "/api/analyse?fen=518&moves=e4,e5&depth=5&multipv=2&stream=1", ""},
		{"GET", "/api/engine/move?pos=250&moves=d4&skill=3&nodes=100", ""},
		{"GET", "/api/engine", ""},
		{"GET", "/play?pos=518&moves=e2e4&engine=black&skill=3&nodes=100&analysis=1&move=d5", ""},
		{"GET", "/play?pos=518&engine=white&go=1", ""},
		{"GET", "/draw?rounds=3&seed=x&balanced=20&mirror=1", ""},
		{"GET", "/gallery?balanced=30", ""},
		{"GET", "/api/random?count=2&seed=x&balanced=20", ""},
		{"GET", "/api/positions/502:532", ""},
		{"GET", "/api/random?dfrc=1&count=3&seed=x&unique=1&exclude=518:*,0-9:0-9,chess960", ""},
		{"GET", "/dfrc/502:532?seed=x&k=2", ""},
		{"GET", "/dfrc/find?q=482452&from=0:959", ""},
		{"GET", "/dfrc/random?seed=x&k=1&balanced=30&from=1:2", ""},
		{"GET", "/play?fen=0:959&moves=b3,g6", ""},
	} {
		f.Add(seed.method, seed.target, seed.body)
	}
	s := New(Config{PerftBudget: 20_000, Engine: instantEngine{}, EngineTime: time.Second})
	f.Fuzz(func(t *testing.T, method, target, body string) {
		switch method {
		case "GET", "POST", "PUT", "HEAD", "DELETE":
		default:
			method = "GET"
		}
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n\x00#") || strings.Contains(target, "?%") {
			return // not a request line a client can send
		}
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s %q: panic %v", method, target, r)
			}
		}()
		var r = httptest.NewRequest("GET", "/", nil)
		func() {
			defer func() {
				if recover() != nil {
					r = nil // httptest refuses the target: not a valid request
				}
			}()
			r = httptest.NewRequest(method, target, strings.NewReader(body))
		}()
		if r == nil {
			return
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Errorf("%s %q: status %d: %s", method, target, w.Code, w.Body)
		}
		io.Copy(io.Discard, w.Body)
	})
}

// instantEngine is an Engine in the test's own process: its move is the
// first legal move, at depth 1, scored 0.00. The handlers' checks of the
// input are what the fuzzer explores; the engine pool has tests of its own.
type instantEngine struct{}

func (instantEngine) Name() string { return "Instant" }

func (instantEngine) Search(ctx context.Context, j uci.Job, onInfo func(uci.Info)) (uci.Result, error) {
	p := j.Start
	for _, m := range j.Moves {
		p.Play(m)
	}
	res := uci.Result{Position: p, Depth: 1}
	if ms := p.AppendLegalMoves(nil); len(ms) > 0 {
		info := uci.Info{Fields: uci.HasDepth | uci.HasMultiPV | uci.HasScore | uci.HasPV, Depth: 1, MultiPV: 1,
			Score: uci.Score{Kind: uci.Centipawns}, PV: ms[:1]}
		if onInfo != nil {
			onInfo(info)
		}
		res.BestMove, res.Lines = ms[0], []uci.Info{info}
	}
	return res, ctx.Err()
}
