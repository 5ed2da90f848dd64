package server

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/balance"
)

// The balance table's rows used here, as internal/balance/data/balance-stockfish-15.1-d25.csv
// has them: 0 BBQNNRKR +12 (b2b4 b7b6 c2c4 c7c5), 115 BNQRNKRB 0, 518
// RNBQKBNR +35 (d2d4 g8f6 c2c4 g7g6 b1c3 d7d5 g1f3 f8g7); 110 positions
// within 20 centipawns and 364 within 30 (counted from the CSV with a
// script of its own).

func TestBalanceOnPages(t *testing.T) {
	s := testServer()
	for _, c := range []struct {
		target string
		words  []string
	}{
		{"/pos/518", []string{`<dd id="eval"`, ">&#43;0.35</dd>", "Stockfish 15.1, depth 25 scores this start <strong>&#43;0.35</strong>",
			"1. d4 Nf6 2. c4 g6 3. Nc3 d5 4. Nf3 Bg7", `href="/gallery?balanced=50"`}},
		{"/pos/0", []string{">&#43;0.12</dd>", "1. b4 b6 2. c4 c5", `href="/gallery?balanced=20"`}},
		{"/pos/115", []string{">0.00</dd>", `href="/gallery?balanced=10"`}},
		{"/gallery", []string{`data-id="518" data-rank="RNBQKBNR" data-k="e" data-l="f" data-d="c" data-cp="35"`, `<span class="t-eval"`, ">&#43;0.35</span>", "960 of 960 positions"}},
		{"/gallery?balanced=20", []string{"110 of 960 positions", `<option value="20" selected>|eval| ≤ 0.20 (110)</option>`}},
		{"/gallery?balanced=30&king=e", []string{"of 960 positions", `<option value="30" selected>`}},
		{"/gallery?balanced=7", []string{`<option value="7" selected>|eval| ≤ 0.07`}},
		{"/gallery?balanced=30&pairs=1", []string{"of 480 mirror pairs"}},
	} {
		r := get(t, s, "GET", c.target, nil)
		b := readAll(t, r)
		if r.StatusCode != 200 {
			t.Errorf("%s: %d", c.target, r.StatusCode)
		}
		for _, w := range c.words {
			if !strings.Contains(b, w) {
				t.Errorf("%s: the page lacks %q", c.target, w)
			}
		}
	}
	// The gallery's filter shows exactly the positions within the limit.
	b := readAll(t, get(t, s, "GET", "/gallery?balanced=30", nil))
	shown := 0
	for _, m := range regexp.MustCompile(`<li>(?:<a[^>]*data-cp="(-?\d+)")`).FindAllStringSubmatch(b, -1) {
		cp, _ := strconv.Atoi(m[1])
		if cp < 0 || cp > 30 {
			t.Errorf("balanced=30 shows a position %d cp from equality", cp)
		}
		shown++
	}
	if shown != 364 {
		t.Errorf("balanced=30 shows %d positions, want 364", shown)
	}
	for _, target := range []string{"/gallery?balanced=-1", "/gallery?balanced=x", "/gallery?balanced=10001", "/api/random?balanced=1e3", "/draw?rounds=2&seed=a&balanced=-5"} {
		if r := get(t, s, "GET", target, nil); r.StatusCode != 400 {
			t.Errorf("%s: %d, want 400", target, r.StatusCode)
		}
	}
}

// TestBalancedDraws: a draw limited to balanced positions draws only
// those, combines with exclusions and mirror pairs, prints the command that
// reproduces it (random --balanced), and the verify page re-derives it.
func TestBalancedDraws(t *testing.T) {
	s := testServer()
	ids := func(page string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`data-round="\d+" data-id="(\d+)"`).FindAllStringSubmatch(page, -1) {
			out = append(out, m[1])
		}
		return out
	}
	page := readAll(t, get(t, s, "GET", "/draw?rounds=6&seed=Round+1&unique=1&exclude=0-99&balanced=20", nil))
	drawn := ids(page)
	if len(drawn) != 6 || !strings.Contains(page, "chess960 random --seed &#39;Round 1&#39; --count 6 --unique --balanced 20 --exclude ") ||
		!strings.Contains(page, "balanced positions only (|eval| ≤ 0.20 by Stockfish 15.1, depth 25)") {
		t.Fatalf("draw: %v", drawn)
	}
	// The same draws as the API (and so as random --balanced, which the
	// command's tests check against the CSV).
	var d struct {
		Positions []struct{ ID int }
		Balanced  *int
		Exclude   string
		Allowed   int
	}
	if err := json.Unmarshal([]byte(readAll(t, get(t, s, "GET", "/api/random?count=6&seed=Round%201&unique=1&exclude=0-99&balanced=20", nil))), &d); err != nil {
		t.Fatal(err)
	}
	for i, p := range d.Positions {
		if strconv.Itoa(p.ID) != drawn[i] {
			t.Errorf("draw %d: page %s, API %d", i+1, drawn[i], p.ID)
		}
	}
	if d.Balanced == nil || *d.Balanced != 20 || d.Exclude != "0-99" || d.Allowed != 110-countBalancedBelow100(t, s, 20) {
		t.Errorf("API: balanced %v, exclude %q, allowed %d", d.Balanced, d.Exclude, d.Allowed)
	}
	// Every drawn position is within 0.20 and not excluded.
	for _, id := range drawn {
		n, _ := strconv.Atoi(id)
		if _, abs := evalOf(mustStart(n)); n < 100 || abs < 0 || abs > 20 {
			t.Errorf("drew %d (%d cp from equality)", n, abs)
		}
	}
	// The verify page re-derives them from the published settings.
	v := readAll(t, get(t, s, "GET", "/verify?rounds=6&seed=Round+1&unique=1&exclude=0-99&balanced=20&commit=129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6", nil))
	if got := ids(v); strings.Join(got, ",") != strings.Join(drawn, ",") || !strings.Contains(v, "The commitment matches") {
		t.Errorf("verify: %v, the draw %v", got, drawn)
	}
	// With mirror pairs, both games of a round are balanced.
	m := ids(readAll(t, get(t, s, "GET", "/draw?rounds=10&seed=m&unique=1&mirror=1&balanced=30", nil)))
	if len(m) != 20 {
		t.Fatalf("mirror draw: %v", m)
	}
	for _, id := range m {
		n, _ := strconv.Atoi(id)
		if _, abs := evalOf(mustStart(n)); abs < 0 || abs > 30 {
			t.Errorf("mirror pair member %d is %d cp from equality", n, abs)
		}
	}
	// Nothing left: the message names the limit.
	r := get(t, s, "GET", "/api/random?balanced=5&exclude=0-959", nil)
	if e := decodeError(t, r); r.StatusCode != 400 || e.Param != "balanced" || !strings.Contains(e.Error, "2 positions are within 5 centipawns") {
		t.Errorf("nothing left: %d %+v", r.StatusCode, e)
	}
	if b := readAll(t, get(t, s, "GET", "/draw?rounds=2&seed=a&balanced=5&exclude=0-959", nil)); !strings.Contains(b, "leaves none of them") {
		t.Errorf("draw page, nothing left: %.300s", b)
	}
}

func countBalancedBelow100(t *testing.T, s *Server, cp int) int {
	n := 0
	for id := 0; id < 100; id++ {
		if _, abs := evalOf(mustStart(id)); abs >= 0 && abs <= cp {
			n++
		}
	}
	return n
}

func mustStart(id int) chess960.StartPos { return chess960.MustNew(id) }

// TestBalanceData: what the pages keep of the table agrees with the
// table.
func TestBalanceData(t *testing.T) {
	tb, err := balance.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, cp := range []int{0, 10, 20, 30, 50, 94, 1000} {
		if got, want := balanceTable().balanced(cp), tb.Balanced(cp); got.String() != want.String() {
			t.Errorf("balanced(%d): %d positions, the table %d", cp, got.Len(), want.Len())
		}
	}
	for id := range chess960.Count {
		if balanceTable().score[id] != tb.Row(chess960.MustNew(id)).Score {
			t.Errorf("%d: score differs", id)
		}
	}
}
