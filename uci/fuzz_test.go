package uci

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
)

// The fuzzers check that the parsers never panic and that parse -> format
// -> parse is stable. Their seed corpora are in testdata/fuzz.

func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 20 seldepth 27 multipv 1 score cp 29 nodes 475655 nps 767185 hashfull 173 tbhits 0 time 620 pv e2e4 c7c5 g1f3",
		"info depth 0 score mate 0",
		"info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
		"info  depth\t12   score  cp -35  upperbound pv e2e4\r",
		"info depth x nodes 10 foo 12 wdl 500 400 100 pv d2d4 d7d5 c1f4 string x",
		"info currmove g1f3 currmovenumber 2 currline 1 e2e4 refutation d2d4 e7e5",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	p960 := chess.MustParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Fuzz(func(t *testing.T, line string, other bool) {
		pos, mode := startpos, chess.Standard
		if other {
			pos, mode = p960, chess.Chess960
		}
		i, err := ParseInfo(line, pos, mode)
		if err != nil {
			return
		}
		s1 := i.String()
		j, err := ParseInfo(s1, pos, mode)
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, s1, err)
		}
		if s2 := j.String(); s2 != s1 {
			t.Fatalf("%q -> %q -> %q", line, s1, s2)
		}
		if j.Fields != i.Fields || len(j.PV) != len(i.PV) || j.Score != i.Score || j.Text != i.Text {
			t.Fatalf("%q: %+v != %+v", line, i, j)
		}
	})
}

func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 16 min 1 max 33554432",
		"option name Debug Log File type string default ",
		"option name Style type combo default Normal var Solid var Normal var Risky",
		"option name Clear Hash type button",
		"option name UCI_Chess960 type check default false",
	} {
		f.Add(s, "")
	}
	f.Fuzz(func(t *testing.T, line, value string) {
		o, err := ParseOption(line)
		if err != nil {
			return
		}
		s1 := o.String()
		o2, err := ParseOption(s1)
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, s1, err)
		}
		if s2 := o2.String(); s2 != s1 {
			t.Fatalf("%q -> %q -> %q", line, s1, s2)
		}
		if v, err := o.Check(value); err == nil {
			if v2, err := o.Check(v); err != nil || v2 != v {
				t.Fatalf("%+v: %q -> %q -> %q, %v", o, value, v, v2, err)
			}
		}
	})
}

func FuzzParseDivideLine(f *testing.F) {
	for _, s := range []string{"e2e4: 20", "e2e4 20", "e7e8q:5", "e1h1 - 3 nodes", "Nodes searched: 400", "Total: 9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		parseTotalLine(line)
		if best, _, ok := parseBestMove(line); ok && (best == "" || strings.ContainsAny(best, " \t")) {
			t.Fatalf("%q: best move %q", line, best)
		}
		m, n, ok := ParseDivideLine(line)
		if !ok {
			return
		}
		s := m + ": " + strconv.FormatUint(n, 10)
		m2, n2, ok := ParseDivideLine(s)
		if !ok || m2 != m || n2 != n {
			t.Fatalf("%q -> %q -> %q %d %v", line, s, m2, n2, ok)
		}
	})
}
