package server

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/uci"
)

// fakeDFRCScores is a small engine sample: 502:532 is the only start
// within 10 centipawns, 518:518 and 502:532 the only ones within 30.
func fakeDFRCScores() *DFRCScores {
	at := func(w, b int) chess960.DFRC { d, _ := chess960.NewDFRC(w, b); return d }
	return &DFRCScores{Source: "Fakefish 1, depth 9", Scores: map[chess960.DFRC]uci.Score{
		at(518, 518): {Kind: uci.Centipawns, Value: 25},
		at(0, 959):   {Kind: uci.Centipawns, Value: -40},
		at(502, 532): {Kind: uci.Centipawns, Value: 5},
		at(775, 187): {Kind: uci.MateIn, Value: 3},
	}, Lines: map[chess960.DFRC][]string{
		// From 0:959 (BBQNNRKR under rkrnnqbb): b3 g6, the a1 bishop
		// takes Black's on h8 along the opened diagonal, e5, then a move
		// that is not legal, where the line stops.
		at(0, 959): {"b2b3", "g7g6", "a1h8", "e7e5", "e1e1"},
	}}
}

// seededDFRC is draw k of random --dfrc --seed seed with nothing
// excluded, as its documentation publishes it: SHA-256 of
// "chess960-dfrc:SEED:k", the first 8 bytes mod 921600 (the rejection is
// too rare to meet here), as W*960 + B.
func seededDFRC(seed string, k int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("chess960-dfrc:%s:%d", seed, k)))
	x := binary.BigEndian.Uint64(sum[:8]) % 921600
	return fmt.Sprintf("%d:%d", x/960, x%960)
}

func TestDFRCPages(t *testing.T) {
	plain := testServer()
	none := New(Config{DFRCScores: &DFRCScores{}})
	sampled := New(Config{DFRCScores: fakeDFRCScores()})
	r1, r2 := seededDFRC("Round 1", 0), seededDFRC("Round 1", 1)
	for _, c := range []struct {
		s        *Server
		target   string
		status   int
		location string
		contains []string
		lacks    []string
	}{
		{plain, "/dfrc", 200, "", []string{"Drawn at random: each of the 921,600 equally likely", `<a href="/dfrc" aria-current="page">DFRC</a>`, `id="dfrc-name"`}, nil},
		{plain, "/", 200, "", []string{`<a href="/" aria-current="page">Chess960</a><a href="/dfrc">DFRC</a>`}, nil},
		// 0:959, by hand: BBQNNRKR under rkrnnqbb, index 959, Black first
		// 920640, rooks on f1, h1 (HF) and a8, c8 (ca).
		{none, "/dfrc/0:959", 200, "", []string{"DFRC 0:959", ">rkrnnqbb<", ">BBQNNRKR<",
			`value="rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"`, `value="rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1"`,
			`id="dfrc-index" title="W × 960 + B; Black first, B × 960 + W = 920640">959<`, `href="/dfrc/959:0"`,
			`href="/play?fen=0%3A959"`, `href="/diagram.svg?fen=0%3A959&amp;coords=1&amp;download=1"`,
			`data-piece="bR" data-square="a8"`, `data-piece="bB" data-square="h8"`, `data-piece="wB" data-square="a1"`, `data-piece="wR" data-square="h1"`,
			"Black does not mirror White", "chess960 explain 0:959", `href="/dfrc/0:959" id="permalink"`},
			[]string{"engine sample", `id="balanced-form"`}},
		{plain, "/dfrc/518:518", 200, "", []string{"A Chess960 start: Black mirrors White", `href="/pos/518"`,
			// Out of the DFRC sample, a Chess960 start has the balance table's score (the file's row 518: 35 cp).
			"The Chess960 balance table (Stockfish 15.1, depth 25) scores start position 518 <strong>&#43;0.35</strong>", `>&#43;0.35</dd>`,
			`value="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`, "w HAha - 0 1", ">497798<"}, nil},
		{plain, "/play?fen=0%3A959", 200, "", []string{"DFRC start 0:959 (BBQNNRKR against rkrnnqbb)", "<title>Play DFRC 0:959"}, nil},
		{plain, "/pos?n=0%3A959&numbering=scharnagl", 303, "/dfrc/0:959", nil, nil},
		{plain, "/pos?n=0%3A960&from=7", 400, "", []string{"0..959", `value="0:960"`}, nil},
		{plain, "/dfrc/0502:532", 301, "/dfrc/502:532", nil, nil},
		{plain, "/dfrc/DFRC%20502:532?seed=a", 301, "/dfrc/502:532?seed=a", nil, nil},
		{plain, "/dfrc/502:960", 400, "", []string{"502:960", "0..959"}, nil},
		{plain, "/dfrc/518", 400, "", []string{"&#34;518&#34;", "want W:B"}, nil},
		{plain, "/dfrc/1:2?color=red", 400, "", []string{"unknown parameter"}, nil},
		// Draws from a seed are random --dfrc --seed's.
		{plain, "/dfrc/random?seed=Round+1", 303, "/dfrc/" + r1 + "?k=0&seed=Round+1", nil, nil},
		{plain, "/dfrc/random?seed=Round+1&k=1", 303, "/dfrc/" + r2 + "?k=1&seed=Round+1", nil, nil},
		{plain, "/dfrc/" + r1 + "?seed=Round+1&k=0", 200, "", []string{"Draw 1 from seed", "chess960 random --dfrc --seed &#39;Round 1&#39; --count 1",
			`href="/dfrc/random?k=1&amp;seed=Round&#43;1" id="next-seed"`}, []string{"not " + r1}},
		{plain, "/dfrc/1:1?seed=Round+1&k=0", 200, "", []string{"This draw from this seed is " + r1 + ", not 1:1"}, nil},
		{plain, "/dfrc/random?seed=+", 400, "", []string{"seed &#34; &#34;: empty"}, nil},
		{plain, "/dfrc/random?k=x&seed=a", 400, "", []string{"not a whole number"}, nil},
		{plain, "/dfrc/random", 303, "", nil, nil},
		// The finder: a name, an index (482452 = 502*960 + 532) or a FEN.
		{plain, "/dfrc/find?q=502:532", 303, "/dfrc/502:532", nil, nil},
		{plain, "/dfrc/find?q=482452", 303, "/dfrc/502:532", nil, nil},
		{plain, "/dfrc/find?q=rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR+w+KQkq+-+0+1", 303, "/dfrc/0:959", nil, nil},
		{plain, "/dfrc/find?q=921600&from=5:6", 400, "", []string{"921600", "0..921599", `value="5:6"`, `aria-invalid="true"`}, nil},
		{plain, "/dfrc/find?q=hello", 400, "", []string{"&#34;hello&#34;", "want W:B"}, nil},
		{plain, "/dfrc/find?q=", 400, "", []string{"empty"}, nil},
		// Without an engine sample, no balanced draws.
		{none, "/dfrc/random?balanced=10", 400, "", []string{"no engine sample"}, nil},
		{none, "/dfrc/1:2?seed=x&balanced=10", 400, "", []string{"no engine sample"}, nil},
		// With one: the score, and balanced draws from it.
		{sampled, "/dfrc/0:959", 200, "", []string{"Fakefish 1, depth 9 scores this start <strong>-0.40</strong> for White: <span class=\"pv-line\" id=\"dfrc-line\">1. b3 g6 2. Bxh8 e5</span>", "one of the 4 starts", `id="balanced-form"`,
			"|eval| ≤ 0.10 (1)", "|eval| ≤ 0.30 (2)"}, nil},
		{sampled, "/dfrc/1:2", 200, "", []string{"Not in the engine sample (4 starts"}, nil},
		{sampled, "/dfrc/775:187", 200, "", []string{"<strong>#3</strong>"}, nil},
		{sampled, "/dfrc/random?balanced=10", 303, "/dfrc/502:532", nil, nil},
		{sampled, "/dfrc/random?balanced=10&seed=x&k=3", 303, "/dfrc/502:532?balanced=10&k=3&seed=x", nil, nil},
		{sampled, "/dfrc/502:532?balanced=10&k=3&seed=x", 200, "", []string{"Balanced draw 4 (|eval| ≤ 0.10 in the engine sample) from seed"}, []string{"(the last line)"}},
		{sampled, "/dfrc/random?balanced=1&from=0:959", 400, "", []string{"balanced 1: no start of the engine sample is within 1 centipawns"}, nil},
		{sampled, "/dfrc/random?balanced=-5", 400, "", []string{"out of range"}, nil},
	} {
		r := get(t, c.s, "GET", c.target, nil)
		b := readAll(t, r)
		if r.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d: %.300s", c.target, r.StatusCode, c.status, b)
			continue
		}
		if c.location != "" && r.Header.Get("Location") != c.location {
			t.Errorf("%s: Location %q, want %q", c.target, r.Header.Get("Location"), c.location)
		}
		for _, w := range c.contains {
			if !strings.Contains(b, w) {
				t.Errorf("%s lacks %q", c.target, w)
			}
		}
		for _, w := range c.lacks {
			if strings.Contains(b, w) {
				t.Errorf("%s has %q", c.target, w)
			}
		}
	}
	// Balanced draws keep to the limit: within 30, 518:518 or 502:532.
	seen := map[string]bool{}
	for i := 0; i < 40; i++ {
		loc := get(t, sampled, "GET", "/dfrc/random?balanced=30", nil).Header.Get("Location")
		if loc != "/dfrc/518:518" && loc != "/dfrc/502:532" {
			t.Fatalf("balanced=30 drew %q", loc)
		}
		seen[loc] = true
	}
	if len(seen) != 2 {
		t.Errorf("40 balanced draws from 2 starts gave only %v", seen)
	}
}

// TestShippedDFRCSample: the pages use the engine sample the project
// ships. The expected values are read from its CSV file here, with
// encoding/csv: a start's score, how many starts each limit admits, and
// that balanced draws keep to the limit.
func TestShippedDFRCSample(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "balance", "data", balance.ShippedDFRCName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := csv.NewReader(f)
	rd.FieldsPerRecord = -1
	rows, err := rd.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	type entry struct {
		cp   int
		mate bool
	}
	sample := map[string]entry{}
	var first string
	for _, r := range rows[1:] {
		if len(r) < 2 || strings.HasPrefix(r[0], "#") {
			continue
		}
		e := entry{mate: r[col["mate"]] != ""}
		if !e.mate {
			if e.cp, err = strconv.Atoi(r[col["score_cp"]]); err != nil {
				t.Fatalf("row %q: %v", r[0], err)
			}
			if first == "" {
				first = r[col["start"]]
			}
		}
		sample[r[col["start"]]] = e
	}
	if len(sample) < 2000 {
		t.Fatalf("the sample has %d starts", len(sample))
	}
	s := New(Config{})
	b := readAll(t, get(t, s, "GET", "/dfrc/"+first, nil))
	cp := sample[first].cp
	sign := "&#43;"
	if cp < 0 {
		sign, cp = "-", -cp
	}
	want := fmt.Sprintf("scores this start <strong>%s%d.%02d</strong> for White", sign, cp/100, cp%100)
	if !strings.Contains(b, want) || !strings.Contains(b, "one of the 2,000 starts") && len(sample) == 2000 {
		t.Errorf("/dfrc/%s lacks %q", first, want)
	}
	for _, limit := range []int{10, 30} {
		n := 0
		for _, e := range sample {
			if !e.mate && e.cp >= -limit && e.cp <= limit {
				n++
			}
		}
		if label := fmt.Sprintf("|eval| ≤ 0.%02d (%d)", limit, n); !strings.Contains(b, label) {
			t.Errorf("/dfrc/%s lacks the option %q", first, label)
		}
	}
	for range 20 {
		loc := get(t, s, "GET", "/dfrc/random?balanced=10", nil).Header.Get("Location")
		e, ok := sample[strings.TrimPrefix(loc, "/dfrc/")]
		if !ok || e.mate || e.cp < -10 || e.cp > 10 {
			t.Errorf("balanced=10 drew %q: %+v, in the sample %v", loc, e, ok)
		}
	}
}
