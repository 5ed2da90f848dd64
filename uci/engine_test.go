package uci

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/testtool"
)

// fake starts the fake engine with the given flags.
func fake(t *testing.T, flags ...string) *Engine {
	t.Helper()
	e, err := startFake(t, Config{}, flags...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func startFake(t *testing.T, c Config, flags ...string) (*Engine, error) {
	t.Helper()
	c.Path, c.Args = testtool.FakeEngine(t), flags
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := Start(ctx, c)
	if err == nil {
		t.Cleanup(func() { e.Close() })
	}
	return e, err
}

func moves(t *testing.T, p chess.Position, list ...string) []chess.Move {
	t.Helper()
	var ms []chess.Move
	for _, s := range list {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		p.Play(m)
	}
	return ms
}

func uciText(ms []chess.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// wantReason checks that err is an *Error with the reason and a message
// containing each of the parts.
func wantReason(t *testing.T, err, reason error, parts ...string) {
	t.Helper()
	var ue *Error
	if !errors.As(err, &ue) || !errors.Is(err, reason) {
		t.Fatalf("error %v (%T), want an *Error with reason %v", err, err, reason)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("error %q lacks %q", err, p)
		}
	}
}

var ctxBG = context.Background()

// The knight on f1 blocks castling; only after it moves can White castle,
// the king staying on g1 (king takes rook: g1h1).
var knightFEN = "k7/8/8/8/8/8/8/5NKR w H - 0 1"

func TestHandshake(t *testing.T) {
	e := fake(t)
	if e.Name() != "Fake 1.0" || e.Author() != "the chess960 tests" {
		t.Errorf("name %q author %q", e.Name(), e.Author())
	}
	if e.Mode() != chess.Chess960 {
		t.Errorf("mode %v, want Chess960 (UCI_Chess960 on)", e.Mode())
	}
	want := map[string]Option{
		"Hash":           {Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 1024},
		"Style":          {Name: "Style", Type: "combo", Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}},
		"Clear Hash":     {Name: "Clear Hash", Type: "button"},
		"Debug Log File": {Name: "Debug Log File", Type: "string"},
		"UCI_Chess960":   {Name: "UCI_Chess960", Type: "check", Default: "false"},
		"skill level":    {Name: "Skill Level", Type: "spin", Default: "20", Min: 0, Max: 20},
		"MultiPV":        {Name: "MultiPV", Type: "spin", Default: "1", Min: 1, Max: 10},
	}
	for name, w := range want {
		o, ok := e.Option(name)
		if !ok || o.String() != w.String() {
			t.Errorf("option %q = %+v, %v; want %+v", name, o, ok, w)
		}
	}
	if n := len(e.Options()); n != 7 {
		t.Errorf("%d options, want 7", n)
	}
}

func TestSearch(t *testing.T) {
	for _, flags := range [][]string{nil, {"-spacing"}, {"-unknown"}, {"-spacing", "-unknown"}} {
		t.Run(strings.Join(flags, ""), func(t *testing.T) {
			e := fake(t, flags...)
			start := chess.MustParseFEN(knightFEN)
			var infos []Info
			res, err := e.Search(ctxBG, start, nil, Limits{Depth: 3}, func(i Info) { infos = append(infos, i) })
			if err != nil {
				t.Fatal(err)
			}
			// White's moves in UCI order start with f1d2; Black's king
			// on a8 answers a8a7 first; then d2b1, a7a6 (by hand).
			if res.BestMove.String() != "f1d2" || res.Ponder.String() != "a8a7" {
				t.Errorf("bestmove %v ponder %v, want f1d2 a8a7", res.BestMove, res.Ponder)
			}
			if len(res.Lines) != 1 {
				t.Fatalf("%d lines, want 1", len(res.Lines))
			}
			l := res.Lines[0]
			if got := uciText(l.PV); got != "f1d2 a8a7 d2b1 a7a6" {
				t.Errorf("pv %q", got)
			}
			// The fake reports depth d with seldepth d+2, cp 20d-15,
			// nodes 100d, time d ms.
			if l.Depth != 3 || l.SelDepth != 5 || l.Score != (Score{Kind: Centipawns, Value: 45}) || l.Nodes != 300 ||
				l.NPS != 1000 || l.HashFull != 1 || l.Time != 3*time.Millisecond || l.MultiPV != 1 {
				t.Errorf("line %+v", l)
			}
			if res.Depth != 3 || res.SelDepth != 5 || res.Nodes != 300 {
				t.Errorf("result depth %d seldepth %d nodes %d", res.Depth, res.SelDepth, res.Nodes)
			}
			withPV := 0
			for _, i := range infos {
				if i.Has(HasPV) {
					withPV++
				}
				if strings.Contains(strings.Join(flags, ""), "unknown") && i.Has(HasPV) && (!i.Has(HasWDL) || i.WDL != [3]int{400, 300, 300}) {
					t.Errorf("wdl not read among unknown words: %+v", i)
				}
				if i.Has(HasCurrMove) && (i.CurrMove.String() != "f1d2" || i.CurrMoveNumber != 1) {
					t.Errorf("currmove %v %d", i.CurrMove, i.CurrMoveNumber)
				}
			}
			if withPV != 3 {
				t.Errorf("%d infos with a pv, want 3", withPV)
			}
		})
	}
}

// TestCastlingSent plays castling in the moves sent: the fake refuses, and
// exits, if it is not written king-takes-rook with UCI_Chess960, or as the
// king's move without.
func TestCastlingSent(t *testing.T) {
	start := chess.MustParseFEN("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	ms := moves(t, start, "O-O", "O-O-O")
	for _, flags := range [][]string{nil, {"-no960"}} {
		e := fake(t, flags...)
		res, err := e.Search(ctxBG, start, ms, Limits{Depth: 1}, nil)
		if err != nil {
			t.Fatalf("%v: %v", flags, err)
		}
		if res.Position.KingSquare(chess.White) != chess.G1 || res.Position.KingSquare(chess.Black) != chess.C8 {
			t.Errorf("%v: position searched %s", flags, res.Position.FEN(chess.Standard))
		}
	}
	// An engine that reads castling the other way exits, with a message.
	e := fake(t, "-standard-castling")
	_, err := e.Search(ctxBG, start, ms, Limits{Depth: 1}, nil)
	wantReason(t, err, ErrExited, `castling \"e1h1\": want \"e1g1\"`, "exit status 4")
}

// TestConfigCastling: Config.Castling chooses the FEN notation of the
// positions sent with UCI_Chess960 on, and Options setting UCI_Chess960 to
// false keep the engine in standard chess (and its FENs in X-FEN).
func TestConfigCastling(t *testing.T) {
	start := chess.MustParseFEN("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	for _, c := range []struct {
		cfg       Config
		mode      chess.CastlingMode
		sent, not string
	}{
		{Config{}, chess.Chess960, "> setoption name UCI_Chess960 value true\n", "HAha"},
		{Config{Castling: chess.Chess960}, chess.Chess960, " w HAha - 0 1\n", "KQkq"},
		{Config{Castling: chess.Chess960, Options: []Setting{{"UCI_Chess960", "false"}}}, chess.Standard, " w KQkq - 0 1\n", "value true"},
	} {
		var trace syncBuffer
		c.cfg.Trace = &trace
		e, err := startFake(t, c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil); err != nil {
			t.Fatalf("%+v: %v", c.cfg, err)
		}
		if e.Mode() != c.mode || !strings.Contains(trace.String(), c.sent) || strings.Contains(trace.String(), c.not) {
			t.Errorf("Castling %v, Options %v: mode %v (want %v), sent (want %q, not %q):\n%s", c.cfg.Castling, c.cfg.Options, e.Mode(), c.mode, c.sent, c.not, trace.String())
		}
	}
}

// TestMaterialRefused: a side with more than 16 pieces or 8 pawns, which
// package chess plays with a warning, is never sent to an engine (Stockfish
// holds 16 pieces of a kind and 256 moves a position, and crashes past
// them), for a search or a perft.
func TestMaterialRefused(t *testing.T) {
	e := fake(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", // 16 pawns
		"4k3/8/8/8/8/8/P7/QQQQKQQQ w - - 0 1",         // 9 pawns and pieces, but 9 pieces: fine
	} {
		p := chess.MustParseFEN(fen)
		_, err := e.Search(ctxBG, p, nil, Limits{Depth: 1}, nil)
		many := p.Pieces(chess.White, chess.Pawn).Count() > 8
		if many {
			wantReason(t, err, ErrPosition, "white has 17 pieces and 16 pawns: engines take at most 16 pieces and 8 pawns a side")
			_, err = e.Perft(ctxBG, p, nil, 1)
			wantReason(t, err, ErrPosition, "engines take at most 16 pieces")
		} else if err != nil {
			t.Errorf("%s: %v", fen, err)
		}
	}
	q := chess.MustParseFEN("NNNNNNNN/NNNNNNNN/8/8/8/8/8/k1K5 w - - 0 1")
	_, err := e.Search(ctxBG, q, nil, Limits{Depth: 1}, nil)
	wantReason(t, err, ErrPosition, "white has 17 pieces and 0 pawns")
}

func TestCastlingBestMove(t *testing.T) {
	// King on g1, rook on h1: castling short moves only the rook, and is
	// written g1h1 (king takes rook); in standard UCI it would be g1g1.
	start := chess.MustParseFEN("k7/8/8/8/8/8/8/6KR w H - 0 1")
	e := fake(t, "-bestmove", "castle")
	res, err := e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.BestMove.IsCastle() || res.BestMove.String() != "g1h1" || start.SAN(res.BestMove) != "O-O" {
		t.Errorf("bestmove %v, want g1h1 (O-O)", res.BestMove)
	}
	// The same move written as the king's move with UCI_Chess960 on is
	// refused: an engine that does this would misread castling too.
	e = fake(t, "-bestmove", "g1g1")
	_, err = e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil)
	wantReason(t, err, ErrIllegalMove, `bestmove "g1g1"`, "king taking its own rook")
	// Without UCI_Chess960, g1g1 is how it must be written, but standard
	// UCI cannot send this position's castling right.
	e = fake(t, "-no960")
	if e.Mode() != chess.Standard {
		t.Fatalf("mode %v without UCI_Chess960", e.Mode())
	}
	_, err = e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil)
	wantReason(t, err, ErrPosition, "no UCI_Chess960", "king on g1 and the rook on h1")
}

func TestIllegal(t *testing.T) {
	start := chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	e := fake(t, "-bestmove", "e2e5")
	_, err := e.Search(ctxBG, start, nil, Limits{Depth: 2}, nil)
	wantReason(t, err, ErrIllegalMove, `bestmove "e2e5"`, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	// The engine answered, so it stays usable.
	if err := e.IsReady(ctxBG); err != nil {
		t.Errorf("after an illegal bestmove: %v", err)
	}
	// A pv is cut at its first illegal move; the ponder move is dropped.
	e = fake(t, "-pv", "e2e4  e7e5 e1e3 g1f3", "-ponder", "e2e4")
	res, err := e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := res.Lines[0]
	if uciText(l.PV) != "e2e4 e7e5" || l.Illegal != "e1e3" || res.Ponder != 0 {
		t.Errorf("pv %q illegal %q ponder %v", uciText(l.PV), l.Illegal, res.Ponder)
	}
	// No move while moves are legal.
	e = fake(t, "-bestmove", "(none)")
	_, err = e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil)
	wantReason(t, err, ErrIllegalMove, "has 20 legal moves")
	// Moves that are not legal are not sent.
	e = fake(t)
	bad := moves(t, start, "e4")
	_, err = e.Search(ctxBG, start, append(bad, bad...), Limits{Depth: 1}, nil)
	wantReason(t, err, ErrPosition, "move 2 (e2e4) is not legal")
	_, err = e.Search(ctxBG, start, nil, Limits{Depth: -1}, nil)
	wantReason(t, err, ErrLimits, "depth -1 is negative")
}

func TestGameOver(t *testing.T) {
	// Black is checkmated: the engine says "bestmove (none)".
	mated := chess.MustParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
	e := fake(t)
	res, err := e.Search(ctxBG, mated, nil, Limits{Depth: 1}, nil)
	if err != nil || res.BestMove != 0 || len(res.Lines) != 0 {
		t.Errorf("mated: %+v, %v", res, err)
	}
}

func TestMultiPV(t *testing.T) {
	e := fake(t)
	if err := e.SetOption(ctxBG, "multipv", "3"); err != nil {
		t.Fatal(err)
	}
	start := chess.MustParseFEN(knightFEN)
	res, err := e.Search(ctxBG, start, nil, Limits{Depth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The fake's line k starts with its k-th move in UCI order: f1d2,
	// f1e3, f1g3; score 20*2-15k.
	var got []string
	for _, l := range res.Lines {
		got = append(got, fmt.Sprintf("%d %s %s", l.MultiPV, l.Score, l.PV[0]))
	}
	if want := "1 cp 25 f1d2,2 cp 10 f1e3,3 cp -5 f1g3"; strings.Join(got, ",") != want {
		t.Errorf("lines %q, want %q", strings.Join(got, ","), want)
	}
}

func TestSetOption(t *testing.T) {
	var trace syncBuffer
	e, err := startFake(t, Config{Trace: &trace, Options: []Setting{{"Hash", "64"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, value, sent string }{
		{"Skill Level", "5", "setoption name Skill Level value 5"},
		{"style", "risky", "setoption name Style value Risky"},
		{"Clear Hash", "", "setoption name Clear Hash\n"},
		{"Debug Log File", "/tmp/x y", "setoption name Debug Log File value /tmp/x y"},
		{"UCI_Chess960", "FALSE", "setoption name UCI_Chess960 value false"},
	} {
		if err := e.SetOption(ctxBG, c.name, c.value); err != nil {
			t.Errorf("SetOption(%q, %q): %v", c.name, c.value, err)
		}
		if !strings.Contains(trace.String(), "> "+c.sent) {
			t.Errorf("SetOption(%q, %q) did not send %q", c.name, c.value, c.sent)
		}
	}
	if e.Mode() != chess.Standard {
		t.Errorf("UCI_Chess960 false: mode %v", e.Mode())
	}
	if !strings.Contains(trace.String(), "> setoption name UCI_Chess960 value true\n> setoption name Hash value 64\n> isready\n") {
		t.Errorf("start-up did not set UCI_Chess960 and Hash:\n%s", trace.String())
	}
	for _, c := range []struct {
		name, value string
		reason      error
		detail      string
	}{
		{"Contempt", "10", ErrUnknownOption, "no such option"},
		{"Skill Level", "21", ErrOptionValue, "out of range 0..20"},
		{"Skill Level", "x", ErrOptionValue, "want a whole number"},
		{"UCI_Chess960", "yes", ErrOptionValue, "want true or false"},
		{"Style", "Wild", ErrOptionValue, "want one of Solid, Normal, Risky"},
		{"Clear Hash", "now", ErrOptionValue, "takes no value"},
		{"Debug Log File", "x\nquit", ErrOptionValue, "line break"},
	} {
		err := e.SetOption(ctxBG, c.name, c.value)
		wantReason(t, err, c.reason, c.detail)
	}
	if strings.Contains(trace.String(), "quit") {
		t.Error("a value with a line break was sent")
	}
	if _, err := startFake(t, Config{Options: []Setting{{"Hash", "4096"}}}); err == nil || !errors.Is(err, ErrOptionValue) {
		t.Errorf("Config.Options out of range: %v", err)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestStopAndCancel(t *testing.T) {
	start := chess.MustParseFEN(knightFEN)
	// Stop ends an infinite search with the engine's move.
	e := fake(t, "-slow")
	s, err := e.Go(ctxBG, start, nil, Limits{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	res, err := s.Wait(func(Info) { once.Do(s.Stop) })
	if err != nil || res.BestMove.String() != "f1d2" {
		t.Fatalf("stopped search: %v, %v", res.BestMove, err)
	}
	// PonderHit is sent.
	s, err = e.Go(ctxBG, start, nil, Limits{Ponder: true})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	res, err = s.Wait(func(i Info) {
		if i.Has(HasPV) && len(texts) == 0 {
			s.PonderHit()
			texts = append(texts, "hit")
		}
		if i.Has(HasString) {
			texts = append(texts, i.Text)
			s.Stop()
		}
	})
	if err != nil || strings.Join(texts, ",") != "hit,ponderhit" {
		t.Errorf("ponderhit: %q, %v", texts, err)
	}
	// A cancelled context stops the search: the engine's move comes back
	// with the context's error, and the engine stays usable. (The fake
	// searches until told to stop: only the cancel can end it.)
	ctx, cancel := context.WithCancel(ctxBG)
	defer cancel()
	res, err = e.Search(ctx, start, nil, Limits{Infinite: true}, func(Info) { cancel() })
	if !errors.Is(err, context.Canceled) || res.BestMove.String() != "f1d2" {
		t.Errorf("cancelled: %v, %v", res.BestMove, err)
	}
	if err := e.IsReady(ctxBG); err != nil {
		t.Errorf("after a cancelled search: %v", err)
	}
}

func TestHungEngine(t *testing.T) {
	start := chess.MustParseFEN(knightFEN)
	e, err := startFake(t, Config{StopTimeout: 200 * time.Millisecond}, "-hang")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(ctxBG)
	s, err := e.Go(ctx, start, nil, Limits{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Wait(func(Info) { cancel() })
	wantReason(t, err, context.Canceled, "did not stop within 200ms; killed")
	if e.Err() == nil {
		t.Error("a killed engine reports no error")
	}
	wantReason(t, e.IsReady(ctxBG), ErrClosed, "did not stop")
	// Close of a hung engine returns (quit is ignored; it is killed),
	// and the search waiting on it ends.
	e2 := fake(t, "-hang")
	s, err = e2.Go(ctxBG, start, nil, Limits{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	searching := make(chan struct{})
	go func() {
		var once sync.Once
		_, err := s.Wait(func(Info) { once.Do(func() { close(searching) }) })
		done <- err
	}()
	<-searching // the engine has begun to search, and Wait is reading it
	e2.Close()
	wantReason(t, <-done, ErrClosed, "Close was called")
	e2.Close() // twice is fine
}

func TestBrokenEngines(t *testing.T) {
	start := chess.MustParseFEN(knightFEN)
	// Crashing in the middle of a search.
	e := fake(t, "-crash")
	_, err := e.Search(ctxBG, start, nil, Limits{Depth: 3}, nil)
	wantReason(t, err, ErrExited, "exit status 3", "segmentation fault (planted)", "info depth 1")
	wantReason(t, e.IsReady(ctxBG), ErrClosed, "exit status 3")
	// Garbage and an endless line.
	for _, flag := range []string{"-garbage", "-longline"} {
		e := fake(t, flag)
		_, err := e.Search(ctxBG, start, nil, Limits{Depth: 3}, nil)
		wantReason(t, err, ErrProtocol)
		if e.Err() == nil {
			t.Errorf("%s: the engine is still in use", flag)
		}
	}
	// No uciok.
	_, err = startFake(t, Config{ReadyTimeout: 300 * time.Millisecond}, "-nouciok")
	wantReason(t, err, ErrTimeout, "no uciok within 300ms", `"option name UCI_Chess960 type check default false"`)
	// A context that ends during the handshake: cancelled once the engine
	// has declared its last option, so that the wait is for uciok.
	ctx, cancel := context.WithCancel(ctxBG)
	defer cancel()
	_, err = Start(ctx, Config{Path: testtool.FakeEngine(t), Args: []string{"-nouciok"},
		Trace: onLine("< option name UCI_Chess960", cancel)})
	wantReason(t, err, context.Canceled, "no uciok yet")
	// Exiting at once, with a message.
	_, err = startFake(t, Config{}, "-exit-on-uci")
	wantReason(t, err, ErrExited, "exit status 2", "cannot load network file")
	// No such program.
	_, err = Start(ctxBG, Config{Path: filepath.Join(t.TempDir(), "nothing")})
	wantReason(t, err, ErrStart, "no such file")
	_, err = Start(ctxBG, Config{})
	wantReason(t, err, ErrStart, "no path")
	// Not an engine: cat echoes "uci" forever without uciok.
	_, err = Start(ctxBG, Config{Path: "cat", ReadyTimeout: 200 * time.Millisecond})
	wantReason(t, err, ErrTimeout, `"uci"`)
}

func TestPerft(t *testing.T) {
	start := chess.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	ms := moves(t, start, "O-O", "c5") // castling sent king-takes-rook, then a double step
	after := start
	for _, m := range ms {
		after.Play(m)
	}
	// Expected counts by hand are impractical; the fake counts with
	// package chess's move generator, so compare with a count of ours
	// made move by move here.
	for _, flags := range [][]string{{"-perft", "sf"}, {"-perft", "space"}, {"-perft", "colon"}, {"-perft", "dash"},
		{"-perft", "total"}, {"-perft", "nototal"}, {"-async"}, {"-async", "-perft", "total"}, {"-async", "-perft", "nototal"}, {"-perft", "nototal", "-spacing"}} {
		e := fake(t, flags...)
		d, err := e.Perft(ctxBG, start, ms, 2)
		if err != nil {
			t.Fatalf("%v: %v", flags, err)
		}
		legal := after.AppendLegalMoves(nil)
		if len(d.Counts) != len(legal) || len(d.Order) != len(legal) {
			t.Errorf("%v: %d moves, want %d", flags, len(d.Counts), len(legal))
		}
		var sum uint64
		for _, m := range legal {
			q := after
			q.Play(m)
			want := uint64(q.CountLegalMoves())
			sum += want
			if got := d.Counts[m.String()]; got != want {
				t.Errorf("%v: %s: %d, want %d", flags, m, got, want)
			}
		}
		if hasTotal := !slices.Contains(flags, "nototal"); d.HasTotal != hasTotal || (hasTotal && d.Total != sum) || d.Sum() != sum {
			t.Errorf("%v: total %d (%v), sum %d, want %d", flags, d.Total, d.HasTotal, d.Sum(), sum)
		}
		// The engine is in sync afterwards.
		if res, err := e.Search(ctxBG, start, nil, Limits{Depth: 1}, nil); err != nil || res.BestMove == 0 {
			t.Errorf("%v: search after perft: %v", flags, err)
		}
	}
	e := fake(t)
	_, err := e.Perft(ctxBG, start, nil, 0)
	wantReason(t, err, ErrLimits, "depth 0")
}

func TestPerftReadyFirst(t *testing.T) {
	// Stockfish answers isready at once and prints its divide later: the
	// fake with -async prints it only after its readyok.
	var trace syncBuffer
	e, err := startFake(t, Config{Trace: &trace}, "-async")
	if err != nil {
		t.Fatal(err)
	}
	start := chess.MustParseFEN(knightFEN)
	d, err := e.Perft(ctxBG, start, nil, 1)
	if err != nil || len(d.Counts) != 14 || !d.HasTotal || d.Total != 14 {
		t.Errorf("%+v, %v", d, err)
	}
	tr := trace.String()
	if after := tr[strings.LastIndex(tr, "< readyok\n")+1:]; strings.Count(after, ": 1\n") != 14 {
		t.Errorf("readyok did not come first:\n%s", tr)
	}
}

// onLine is a Trace writer that calls f once, when a line starting with
// prefix goes by.
func onLine(prefix string, f func()) io.Writer {
	var once sync.Once
	return writerFunc(func(p []byte) (int, error) {
		for _, l := range strings.Split(string(p), "\n") {
			if strings.HasPrefix(l, prefix) {
				once.Do(f)
			}
		}
		return len(p), nil
	})
}

type writerFunc func([]byte) (int, error)

func (w writerFunc) Write(p []byte) (int, error) { return w(p) }

func TestPool(t *testing.T) {
	var trace syncBuffer
	// A cap far beyond the test: these searches end when their contexts
	// are cancelled.
	const maxSearch = time.Hour
	p := NewPool(PoolConfig{Engine: Config{Path: testtool.FakeEngine(t), Args: []string{"-slow"}, Trace: &trace}, Size: 2, MaxSearch: maxSearch})
	defer p.Close()
	name, err := p.Check(ctxBG)
	if err != nil || name != "Fake 1.0" {
		t.Fatalf("Check: %q, %v", name, err)
	}
	start := chess.MustParseFEN(knightFEN)
	job := Job{Start: start, Limits: Limits{Infinite: true}, Options: []Setting{{"Skill Level", "3"}}}
	var wg sync.WaitGroup
	results := make([]Result, 2)
	errs := make([]error, 2)
	ctx, stop := context.WithCancel(ctxBG)
	searching := make(chan struct{}, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			results[i], errs[i] = p.Search(ctx, job, func(Info) { once.Do(func() { searching <- struct{}{} }) })
		}()
	}
	<-searching
	<-searching // both engines are searching
	if n := p.Running(); n != 2 {
		t.Errorf("%d searches running, want 2", n)
	}
	// A third search fails at once, saying when the first running one is
	// due to end (within the cap; the second engine's start counts too).
	_, err = p.Search(ctxBG, job, nil)
	var busy *BusyError
	if !errors.As(err, &busy) || !errors.Is(err, ErrBusy) || busy.RetryAfter <= 0 || busy.RetryAfter > maxSearch {
		t.Errorf("third search: %v", err)
	}
	stop()
	wg.Wait()
	for i := range 2 {
		if !errors.Is(errs[i], context.Canceled) || results[i].BestMove.String() != "f1d2" {
			t.Errorf("search %d: %v, %v", i, results[i].BestMove, errs[i])
		}
	}
	// A later job without the option puts it back to its default (and
	// ends with its context, at its first info).
	ctx, stop = context.WithCancel(ctxBG)
	if _, err := p.Search(ctx, Job{Start: start, Limits: Limits{Depth: 1}}, func(Info) { stop() }); !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if !strings.Contains(trace.String(), "> setoption name Skill Level value 20\n") {
		t.Errorf("Skill Level not reset:\n%s", trace.String())
	}
	// A bad option is the job's fault: the engine stays in the pool.
	_, err = p.Search(ctxBG, Job{Start: start, Options: []Setting{{"Skill Level", "99"}}}, nil)
	wantReason(t, err, ErrOptionValue)
	p.Close()
	_, err = p.Search(ctxBG, job, nil)
	wantReason(t, err, ErrClosed, "pool was closed")
}

// TestPoolCap: a search that would not end (the fake with -slow searches
// until it is told to stop) is stopped at MaxSearch and returns the
// engine's move, without an error.
func TestPoolCap(t *testing.T) {
	var trace syncBuffer
	p := NewPool(PoolConfig{Engine: Config{Path: testtool.FakeEngine(t), Args: []string{"-slow"}, Trace: &trace}, MaxSearch: 50 * time.Millisecond})
	defer p.Close()
	res, err := p.Search(ctxBG, Job{Start: chess.MustParseFEN(knightFEN), Limits: Limits{Infinite: true}}, nil)
	if err != nil || res.BestMove.String() != "f1d2" || !strings.Contains(trace.String(), "> stop\n") {
		t.Errorf("capped search: %v, %v\n%s", res.BestMove, err, trace.String())
	}
}

func TestPoolReplacesBrokenEngines(t *testing.T) {
	p := NewPool(PoolConfig{Engine: Config{Path: testtool.FakeEngine(t), Args: []string{"-crash"}}, Size: 1})
	defer p.Close()
	start := chess.MustParseFEN(knightFEN)
	for range 2 {
		_, err := p.Search(ctxBG, Job{Start: start, Limits: Limits{Depth: 2}}, nil)
		wantReason(t, err, ErrExited, "planted")
	}
	if p.Running() != 0 || len(p.idle) != 0 {
		t.Errorf("running %d, idle %d after crashes", p.Running(), len(p.idle))
	}
}
