package chess

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

var (
	perftFull   = flag.Bool("perft.full", false, "run the perft suites to their full depth")
	perftBudget = flag.Uint64("perft.budget", 100_000, "largest node count checked per suite entry (ignored with -perft.full)")
)

type perftCase struct {
	id     string
	fen    string
	depths []uint64 // depths[d-1] = count at depth d; 0 = not given
	line   int
}

func readPerftSuite(t testing.TB, name string) []perftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	var cur *perftCase
	sc := bufio.NewScanner(f)
	ln := 0
	for sc.Scan() {
		ln++
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		switch key {
		case "id":
			cases = append(cases, perftCase{id: val, line: ln})
			cur = &cases[len(cases)-1]
		case "epd":
			if cur == nil || cur.fen != "" {
				cases = append(cases, perftCase{id: name + ":" + strconv.Itoa(ln), line: ln})
				cur = &cases[len(cases)-1]
			}
			cur.fen = val
		case "perft":
			ds, ns, _ := strings.Cut(val, " ")
			d, err1 := strconv.Atoi(ds)
			n, err2 := strconv.ParseUint(strings.TrimSpace(ns), 10, 64)
			if err1 != nil || err2 != nil || d < 1 || cur == nil {
				t.Fatalf("%s:%d: bad perft line %q", name, ln, line)
			}
			for len(cur.depths) < d {
				cur.depths = append(cur.depths, 0)
			}
			cur.depths[d-1] = n
		default:
			t.Fatalf("%s:%d: unknown line %q", name, ln, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func runPerftSuite(t *testing.T, name string) {
	cases := readPerftSuite(t, name)
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	var nodes uint64
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s (%s:%d): %v", c.id, name, c.line, err)
			continue
		}
		for i, want := range c.depths {
			if want == 0 {
				continue
			}
			if !*perftFull && want > *perftBudget {
				break
			}
			got := Perft(p, i+1)
			nodes += got
			if got != want {
				t.Errorf("%s (%s:%d) %s: perft %d = %d, want %d", c.id, name, c.line, c.fen, i+1, got, want)
				break
			}
		}
	}
	t.Logf("%s: %d positions, %d nodes", name, len(cases), nodes)
}

func TestPerftStart(t *testing.T)   { runPerftSuite(t, "chess960-start.perft") }
func TestPerftMidgame(t *testing.T) { runPerftSuite(t, "chess960-midgame.perft") }

func TestNewPositionMatchesStartSuite(t *testing.T) {
	for id := 0; id < chess960.Count; id++ {
		sp := chess960.MustNew(id)
		p := NewPosition(sp)
		q := MustParseFEN(sp.FEN(chess960.XFEN))
		if p != q {
			t.Fatalf("sp-%d: NewPosition differs from ParseFEN(%q)", id, sp.FEN(chess960.XFEN))
		}
		if got, want := p.FEN(chess960.Shredder), sp.FEN(chess960.Shredder); got != want {
			t.Fatalf("sp-%d: FEN = %q, want %q", id, got, want)
		}
	}
}

func TestPerftRandomPlayouts(t *testing.T) { runPerftSuite(t, "random-playouts.perft") }
