package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
)

var startpos = chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		line string
		want string // the line as Info.String writes it back
		pv   string
		ill  string
	}{
		// Stockfish 15.1's own lines.
		{"info depth 20 seldepth 27 multipv 1 score cp 29 nodes 475655 nps 767185 hashfull 173 tbhits 0 time 620 pv e2e4 c7c5 g1f3",
			"info depth 20 seldepth 27 multipv 1 score cp 29 nodes 475655 nps 767185 hashfull 173 tbhits 0 time 620 pv e2e4 c7c5 g1f3", "e2e4 c7c5 g1f3", ""},
		{"info depth 0 score mate 0", "info depth 0 score mate 0", "", ""},
		{"info string NNUE evaluation using nn-ad9b42354671.nnue enabled", "info string NNUE evaluation using nn-ad9b42354671.nnue enabled", "", ""},
		// Bounds, mates, odd spacing, tabs, carriage return.
		{"info  depth\t12   score  cp -35  upperbound pv e2e4\r", "info depth 12 score cp -35 upperbound pv e2e4", "e2e4", ""},
		{"info score mate -3 lowerbound", "info score mate -3 lowerbound", "", ""},
		// Unknown words and bad values are skipped; what follows still reads.
		{"info depth x nodes 10 foo 12 bar score cp 7 wdl 500 400 100 pv d2d4", "info score cp 7 wdl 500 400 100 nodes 10 pv d2d4", "d2d4", ""},
		{"info depth 5 currline 1 e2e4 e7e5 refutation d1h5 g7g6 sbhits 0 cpuload 700 nps 9", "info depth 5 nps 9", "", ""},
		{"info score lowerbound cp 5 depth 3", "info depth 3", "", ""},
		{"info depth -4 seldepth 99999999999 time 5", "info time 5", "", ""},
		{"info currmove g1f3 currmovenumber 2", "info currmove g1f3 currmovenumber 2", "", ""},
		{"info currmove e2e5 currmovenumber 2", "info currmovenumber 2", "", ""},
		// A pv is cut at its first illegal move.
		{"info depth 3 pv e2e4 e7e5 e1e3 g1f3", "info depth 3 pv e2e4 e7e5", "e2e4 e7e5", "e1e3"},
		{"info pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1", "info pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "e1g1"},
		{"info pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1", "info pv e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1", ""},
		{"info pv E2E4", "info pv", "", ""}, // not written as a move: the pv ends there
		{"info pv e7e8Q", "info pv", "", "e7e8Q"},
		{"info pv e2e4 e7e5 e1e3 e1e2", "info pv e2e4 e7e5", "e2e4 e7e5", "e1e3"},
		// pv ends at the first word that is not a move.
		{"info pv e2e4 e7e5 string hello  world ", "info pv e2e4 e7e5 string hello  world", "e2e4 e7e5", ""},
		{"info", "info", "", ""},
	} {
		i, err := ParseInfo(c.line, startpos, chess.Chess960)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if got := i.String(); got != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.line, got, c.want)
		}
		if got := uciText(i.PV); got != c.pv || i.Illegal != c.ill {
			t.Errorf("%q: pv %q illegal %q, want %q %q", c.line, got, i.Illegal, c.pv, c.ill)
		}
	}
	i, _ := ParseInfo("info depth 20 seldepth 27 multipv 2 score cp -29 lowerbound nodes 475655 nps 767185 hashfull 173 tbhits 3 time 620 wdl 1 2 3 string x", startpos, chess.Chess960)
	want := Info{Fields: HasDepth | HasSelDepth | HasMultiPV | HasScore | HasNodes | HasNPS | HasHashFull | HasTBHits | HasTime | HasWDL | HasString,
		Depth: 20, SelDepth: 27, MultiPV: 2, Score: Score{Centipawns, -29, LowerBound}, Nodes: 475655, NPS: 767185, HashFull: 173,
		TBHits: 3, Time: 620 * time.Millisecond, WDL: [3]int{1, 2, 3}, Text: "x", mode: chess.Chess960}
	if i.String() != want.String() || i.Depth != 20 || i.Score != want.Score || i.Time != want.Time || i.Fields != want.Fields || i.WDL != want.WDL {
		t.Errorf("fields: %+v", i)
	}
	for _, bad := range []string{"", "bestmove e2e4", "infos depth 3", " information"} {
		if _, err := ParseInfo(bad, startpos, chess.Chess960); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestScore(t *testing.T) {
	for _, c := range []struct {
		s          Score
		text, shrt string
		white      string // ForWhite(Black).String()
	}{
		{Score{Centipawns, 32, Exact}, "cp 32", "+0.32", "cp -32"},
		{Score{Centipawns, -150, Exact}, "cp -150", "-1.50", "cp 150"},
		{Score{Centipawns, 0, Exact}, "cp 0", "0.00", "cp 0"},
		{Score{Centipawns, 7, LowerBound}, "cp 7 lowerbound", "≥+0.07", "cp -7 upperbound"},
		{Score{MateIn, 3, Exact}, "mate 3", "#3", "mate -3"},
		{Score{MateIn, -2, UpperBound}, "mate -2 upperbound", "≤#-2", "mate 2 lowerbound"},
		{Score{}, "", "", ""},
	} {
		if c.s.String() != c.text || c.s.Short() != c.shrt || c.s.ForWhite(chess.Black).String() != c.white || c.s.ForWhite(chess.White) != c.s {
			t.Errorf("%+v: %q %q %q", c.s, c.s.String(), c.s.Short(), c.s.ForWhite(chess.Black).String())
		}
	}
}

func TestParseOption(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"option name Hash type spin default 16 min 1 max 33554432", "option name Hash type spin default 16 min 1 max 33554432"},
		{"option name Debug Log File type string default ", "option name Debug Log File type string"},
		{"option name SyzygyPath type string default <empty>", "option name SyzygyPath type string default <empty>"},
		{"option  name\tClear Hash  type button", "option name Clear Hash type button"},
		{"option name Style type combo default Normal var Solid var Normal var Risky", "option name Style type combo default Normal var Solid var Normal var Risky"},
		{"option name Book File type string default C:\\my books\\a.bin", "option name Book File type string default C:\\my books\\a.bin"},
		{"option name Threads type spin default 1", "option name Threads type spin default 1 min -9223372036854775808 max 9223372036854775807"},
		{"option name X type check default true", "option name X type check default true"},
	} {
		o, err := ParseOption(c.line)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if o.String() != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.line, o.String(), c.want)
		}
	}
	o, _ := ParseOption("option name Style type combo default Normal var Solid var Normal var Risky")
	if o.Name != "Style" || o.Type != "combo" || o.Default != "Normal" || strings.Join(o.Vars, "|") != "Solid|Normal|Risky" {
		t.Errorf("%+v", o)
	}
	for _, bad := range []string{"", "option", "option name", "option name type spin", "option name Hash", "option name Hash type",
		"option name Hash type spin default 1 min x max 5", "id name X", "option type spin name X"} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseDivideLine(t *testing.T) {
	for _, c := range []struct {
		line string
		move string
		n    uint64
		ok   bool
	}{
		{"e2e4: 20", "e2e4", 20, true},
		{"e2e4 20", "e2e4", 20, true},
		{"e2e4:20", "e2e4", 20, true},
		{"e2e4 : 20", "e2e4", 20, true},
		{"e2e4 - 20 nodes", "e2e4", 20, true},
		{"\te7e8Q:   1234567890123 ", "e7e8q", 1234567890123, true},
		{"e1h1: 26", "e1h1", 26, true},
		{"Nodes searched: 400", "", 0, false},
		{"e2e4: x", "", 0, false},
		{"e2e4: -3", "", 0, false},
		{"e2e4 20 30", "", 0, false},
		{"0000: 1", "", 0, false},
		{"info depth 1", "", 0, false},
		{"", "", 0, false},
	} {
		m, n, ok := ParseDivideLine(c.line)
		if m != c.move || n != c.n || ok != c.ok {
			t.Errorf("%q: %q %d %v", c.line, m, n, ok)
		}
	}
	for _, c := range []struct {
		line string
		n    uint64
		ok   bool
	}{
		{"Nodes searched: 400", 400, true},
		{"Nodes: 400", 400, true},
		{"Total: 9", 9, true},
		{"total nodes 9", 9, true},
		{"Total nodes: 9", 9, true},
		{"nodes 12", 12, true},
		{"Perft 3: 8902", 0, false},
		{"Nodes/second: 100", 0, false},
		{"e2e4: 20", 0, false},
		{"Time: 20 ms", 0, false},
	} {
		n, ok := parseTotalLine(c.line)
		if n != c.n || ok != c.ok {
			t.Errorf("total %q: %d %v", c.line, n, ok)
		}
	}
}

func TestParseBestMove(t *testing.T) {
	for _, c := range []struct{ line, best, ponder string }{
		{"bestmove e2e4 ponder e7e5", "e2e4", "e7e5"},
		{"bestmove   e1h1\t ponder  e8h8 ", "e1h1", "e8h8"},
		{"bestmove (none)", "(none)", ""},
		{"bestmove 0000", "0000", ""},
		{"bestmove e2e4 something else", "e2e4", ""},
	} {
		b, p, ok := parseBestMove(c.line)
		if !ok || b != c.best || p != c.ponder {
			t.Errorf("%q: %q %q %v", c.line, b, p, ok)
		}
	}
	for _, bad := range []string{"bestmove", "bestmove  ", "best move e2e4", ""} {
		if _, _, ok := parseBestMove(bad); ok {
			t.Errorf("%q: read", bad)
		}
	}
}

// BenchmarkParseInfo reads a typical Stockfish info line with a 12-move pv
// (engines print many of these per search; each pv move is checked).
func BenchmarkParseInfo(b *testing.B) {
	line := "info depth 20 seldepth 27 multipv 1 score cp 29 nodes 475655 nps 767185 hashfull 173 tbhits 0 time 620 pv e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 f1e2 e7e5"
	b.ReportAllocs()
	for b.Loop() {
		i, _ := ParseInfo(line, startpos, chess.Chess960)
		if len(i.PV) != 12 {
			b.Fatal(i.PV)
		}
	}
}

// BenchmarkParseInfoCurrMove reads the short lines engines print most often.
func BenchmarkParseInfoCurrMove(b *testing.B) {
	line := "info depth 20 currmove g1f3 currmovenumber 3"
	b.ReportAllocs()
	for b.Loop() {
		ParseInfo(line, startpos, chess.Chess960)
	}
}

func TestLimitsCommand(t *testing.T) {
	p := chess.MustParseFEN("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
	castle, _ := p.ParseMove("O-O")
	push, _ := p.ParseMove("a3")
	for _, c := range []struct {
		l    Limits
		mode chess.CastlingMode
		want string
	}{
		{Limits{}, chess.Chess960, "go"},
		{Limits{Depth: 12}, chess.Chess960, "go depth 12"},
		{Limits{Nodes: 1e6}, chess.Chess960, "go nodes 1000000"},
		{Limits{MoveTime: 1500 * time.Millisecond}, chess.Chess960, "go movetime 1500"},
		{Limits{MoveTime: time.Microsecond}, chess.Chess960, "go movetime 1"},
		{Limits{WTime: time.Minute, BTime: 59500 * time.Millisecond, WInc: time.Second, BInc: time.Second, MovesToGo: 20}, chess.Chess960,
			"go wtime 60000 btime 59500 winc 1000 binc 1000 movestogo 20"},
		{Limits{Infinite: true, SearchMoves: []chess.Move{castle, push}}, chess.Chess960, "go infinite searchmoves e1h1 a2a3"},
		{Limits{SearchMoves: []chess.Move{castle}}, chess.Standard, "go searchmoves e1g1"},
		{Limits{Ponder: true, WTime: time.Second, BTime: time.Second}, chess.Chess960, "go ponder wtime 1000 btime 1000"},
		{Limits{Mate: 3}, chess.Chess960, "go mate 3"},
	} {
		got, err := c.l.command(p, c.mode)
		if err != nil || got != c.want {
			t.Errorf("%+v: %q, %v; want %q", c.l, got, err, c.want)
		}
	}
	other, _ := startpos.ParseMove("Nf3")
	for _, l := range []Limits{{Depth: -1}, {WTime: -time.Second}, {MovesToGo: -2}, {SearchMoves: []chess.Move{other}}} {
		if _, err := l.command(p, chess.Chess960); err == nil {
			t.Errorf("%+v: no error", l)
		}
	}
}
