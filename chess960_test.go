package chess960

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// valid checks the setup rules directly on a rank, independently of the
// numbering code.
func valid(r string) bool {
	if len(r) != 8 {
		return false
	}
	var bishops []int
	k, r1, r2 := -1, -1, -1
	counts := map[byte]int{}
	for i := 0; i < 8; i++ {
		counts[r[i]]++
		switch r[i] {
		case 'B':
			bishops = append(bishops, i)
		case 'K':
			k = i
		case 'R':
			if r1 < 0 {
				r1 = i
			} else {
				r2 = i
			}
		}
	}
	return counts['K'] == 1 && counts['Q'] == 1 && counts['R'] == 2 && counts['B'] == 2 && counts['N'] == 2 &&
		(bishops[0]+bishops[1])%2 == 1 && r1 < k && k < r2
}

// The test's own reading of SPEC §2 and §3, written from the text and not
// from the package's code: decode a Scharnagl number step by step, and read
// the parts of both numberings off a rank.
var (
	specN5N = []string{"NN---", "N-N--", "N--N-", "N---N", "-NN--", "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"}
	specN6N = []string{"NN----", "N-N---", "N--N--", "N---N-", "N----N", "-NN---", "-N-N--", "-N--N-", "-N---N",
		"--NN--", "--N-N-", "--N--N", "---NN-", "---N-N", "----NN"}
)

// specDecode follows the direct derivation: bishops, queen, knights, R K R.
func specDecode(n int) string {
	r := []byte("........")
	light, n := n%4, n/4
	r[2*light+1] = 'B' // b, d, f, h
	dark, n := n%4, n/4
	r[2*dark] = 'B' // a, c, e, g
	q, n := n%6, n/6
	putNth := func(k int, c byte) {
		for i := range r {
			if r[i] == '.' {
				if k == 0 {
					r[i] = c
					return
				}
				k--
			}
		}
	}
	putNth(q, 'Q')
	pattern := specN5N[n]
	j := 0
	for i := range r {
		if r[i] == '.' {
			if pattern[j] == 'N' {
				r[i] = 'N'
			}
			j++
		}
	}
	for _, c := range []byte("RKR") {
		putNth(0, c)
	}
	return string(r)
}

// specParts reads the parts of both numberings off a rank.
func specParts(r string) (bishopCode, queenSlot, n5n, n6n, fritzQueen int) {
	var free6, free5, free4 []int // squares left after the bishops, after the queen, after the knights
	for i := 0; i < 8; i++ {
		switch {
		case r[i] == 'B' && i%2 == 1:
			bishopCode += i / 2
		case r[i] == 'B':
			bishopCode += 4 * (i / 2)
		default:
			free6 = append(free6, i)
		}
	}
	for k, i := range free6 {
		if r[i] == 'Q' {
			queenSlot = k
		} else {
			free5 = append(free5, i)
		}
	}
	pattern := func(free []int) string {
		b := []byte{}
		for _, i := range free {
			if r[i] == 'N' {
				b = append(b, 'N')
			} else {
				b = append(b, '-')
			}
		}
		return string(b)
	}
	n5n = slices.Index(specN5N, pattern(free5))
	n6n = slices.Index(specN6N, pattern(free6))
	for _, i := range free6 {
		if r[i] != 'N' {
			free4 = append(free4, i)
		}
	}
	for k, i := range free4 {
		if r[i] == 'Q' {
			fritzQueen = k
		}
	}
	return
}

func TestSpecHelpers(t *testing.T) {
	// The worked examples of SPEC §2 and §3, by hand.
	if got := specDecode(518); got != "RNBQKBNR" {
		t.Errorf("specDecode(518) = %s", got)
	}
	if b, q, n5, n6, fq := specParts("RNBQKBNR"); b != 6 || q != 2 || n5 != 5 || n6 != 7 || fq != 1 {
		t.Errorf("specParts(RNBQKBNR) = %d %d %d %d %d, want 6 2 5 7 1", b, q, n5, n6, fq)
	}
	if specDecode(0) != "BBQNNRKR" || specDecode(959) != "RKRNNQBB" {
		t.Errorf("specDecode(0), (959) = %s, %s", specDecode(0), specDecode(959))
	}
}

func TestAllPositionsExhaustive(t *testing.T) {
	ranks := map[string]int{}
	fritz := map[int]int{}
	for n := 0; n < Count; n++ {
		p, err := New(n)
		if err != nil {
			t.Fatalf("New(%d): %v", n, err)
		}
		r := p.String()
		if want := specDecode(n); r != want {
			t.Fatalf("New(%d) = %s, the derivation of SPEC §2 gives %s", n, r, want)
		}
		if !valid(r) {
			t.Errorf("SP-%d = %s breaks the setup rules", n, r)
		}
		if m, dup := ranks[r]; dup {
			t.Errorf("SP-%d and SP-%d are both %s", m, n, r)
		}
		ranks[r] = n
		q, err := ParseRank(r)
		if err != nil || q != p {
			t.Errorf("ParseRank(%s) = %v, %v; want SP-%d", r, q.ID(), err, n)
		}
		q, err = ParseRank(strings.ToLower(r))
		if err != nil || q != p {
			t.Errorf("ParseRank(lower %s) = %v, %v", r, q.ID(), err)
		}
		q, err = FromRank(p.Rank())
		if err != nil || q != p {
			t.Errorf("FromRank(%s) = %v, %v", r, q.ID(), err)
		}
		b, qs, n5, n6, fq := specParts(r)
		f := p.Fritz9()
		if want := b + 1 + 16*n6 + 240*fq; f != want {
			t.Fatalf("SP-%d %s: Fritz9 %d, SPEC §3 gives %d", n, r, f, want)
		}
		if m, dup := fritz[f]; dup {
			t.Errorf("SP-%d and SP-%d share Fritz9 number %d", m, n, f)
		}
		fritz[f] = n
		q, err = FromFritz9(f)
		if err != nil || q != p {
			t.Errorf("FromFritz9(%d) = %v, %v; want SP-%d", f, q.ID(), err, n)
		}
		// Scharnagl's formula from the parts read off the rank, and the
		// package's parts.
		if got := b + 16*qs + 96*n5; got != n {
			t.Errorf("SP-%d %s: bishop code + 16*queen + 96*N5N = %d", n, r, got)
		}
		if p.BishopCode() != b || p.QueenSlot() != qs || p.N5N() != n5 {
			t.Errorf("SP-%d: parts %d %d %d, read off the rank %d %d %d", n, p.BishopCode(), p.QueenSlot(), p.N5N(), b, qs, n5)
		}
	}
	if len(ranks) != 960 || len(fritz) != 960 {
		t.Fatalf("%d distinct ranks, %d distinct Fritz9 numbers; want 960", len(ranks), len(fritz))
	}
	for n, want := range map[int]string{0: "BBQNNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB", 1: "BQNBNRKR", 534: "RNBKQBNR"} {
		if got := MustNew(n).String(); got != want {
			t.Errorf("SP-%d = %s, want %s", n, got, want)
		}
	}
	if Standard().ID() != 518 || Standard().Fritz9() != 359 {
		t.Errorf("Standard() = SP-%d, Fritz9 %d; want 518, 359", Standard().ID(), Standard().Fritz9())
	}
	var zero StartPos
	if zero.String() != "BBQNNRKR" {
		t.Errorf("zero StartPos = %s, want position 0", zero)
	}
}

func TestNewRange(t *testing.T) {
	if p, err := New(960); err != nil || p.ID() != 0 {
		t.Errorf("New(960) = %d, %v; want 0 (Scharnagl's mod 960)", p.ID(), err)
	}
	for _, n := range []int{-1, 961, 1 << 40} {
		_, err := New(n)
		if !errors.Is(err, ErrRange) || !strings.Contains(err.Error(), strconv.Itoa(n)) {
			t.Errorf("New(%d) error = %v; want ErrRange naming the number", n, err)
		}
	}
	for _, n := range []int{0, 961, -5} {
		if _, err := FromFritz9(n); !errors.Is(err, ErrRange) {
			t.Errorf("FromFritz9(%d) error = %v; want ErrRange", n, err)
		}
	}
}

func rankSet() map[string]bool {
	s := map[string]bool{}
	for n := 0; n < Count; n++ {
		s[MustNew(n).String()] = true
	}
	return s
}

func equalSets(t *testing.T, name string, got map[string]bool) {
	t.Helper()
	want := rankSet()
	if len(got) != 960 {
		t.Errorf("%s: %d arrangements, want 960", name, len(got))
	}
	for r := range got {
		if !want[r] {
			t.Errorf("%s: %s is not among the numbered positions", name, r)
		}
	}
}

// fill puts pieces into the empty squares of r in order.
func fill(r []byte, pieces string) []byte {
	out := append([]byte(nil), r...)
	j := 0
	for i := range out {
		if out[i] == 0 {
			out[i] = pieces[j]
			j++
		}
	}
	return out
}

// The three countings of seed 002, each by enumeration.
func TestThreeCountings(t *testing.T) {
	// 1: 4 x 4 bishops x 6 queen x 10 knights (on five) x 1 (R K R).
	one := map[string]bool{}
	count := 0
	for l := 1; l < 8; l += 2 {
		for d := 0; d < 8; d += 2 {
			for q := 0; q < 6; q++ {
				for a := 0; a < 5; a++ {
					for b := a + 1; b < 5; b++ {
						r := make([]byte, 8)
						r[l], r[d] = 'B', 'B'
						pat := []byte("-----")
						pat[a], pat[b] = 'N', 'N'
						six := string(pat[:q]) + "Q" + string(pat[q:])
						six = strings.Replace(strings.Replace(strings.Replace(six, "-", "R", 1), "-", "K", 1), "-", "R", 1)
						one[string(fill(r, six))] = true
						count++
					}
				}
			}
		}
	}
	if count != 4*4*6*10*1 {
		t.Errorf("counting 1 made %d", count)
	}
	equalSets(t, "4x4x6x10x1", one)

	// 2: 4 x 4 bishops x 15 knights (on six) x 4 queen x 1.
	two := map[string]bool{}
	count = 0
	for l := 1; l < 8; l += 2 {
		for d := 0; d < 8; d += 2 {
			for a := 0; a < 6; a++ {
				for b := a + 1; b < 6; b++ {
					for q := 0; q < 4; q++ {
						r := make([]byte, 8)
						r[l], r[d] = 'B', 'B'
						six := []byte("------")
						six[a], six[b] = 'N', 'N'
						k := 0
						for i := range six {
							if six[i] == '-' {
								if k == q {
									six[i] = 'Q'
								}
								k++
							}
						}
						s := strings.Replace(strings.Replace(strings.Replace(string(six), "-", "R", 1), "-", "K", 1), "-", "R", 1)
						two[string(fill(r, s))] = true
						count++
					}
				}
			}
		}
	}
	if count != 4*4*15*4*1 {
		t.Errorf("counting 2 made %d", count)
	}
	equalSets(t, "4x4x15x4x1", two)

	// 3: every distinct permutation of QKNNRR on the six squares the
	// bishops leave (16 x 180 = 2880); a third keep the king between the rooks.
	perms := map[string]bool{}
	var permute func(prefix string, rest string)
	permute = func(prefix, rest string) {
		if rest == "" {
			perms[prefix] = true
			return
		}
		for i := range rest {
			permute(prefix+rest[i:i+1], rest[:i]+rest[i+1:])
		}
	}
	permute("", "QKNNRR")
	if len(perms) != 180 {
		t.Fatalf("6!/(2!2!) = %d distinct, want 180", len(perms))
	}
	all, three := 0, map[string]bool{}
	for l := 1; l < 8; l += 2 {
		for d := 0; d < 8; d += 2 {
			for p := range perms {
				r := make([]byte, 8)
				r[l], r[d] = 'B', 'B'
				s := string(fill(r, p))
				all++
				if valid(s) {
					three[s] = true
				}
			}
		}
	}
	if all != 2880 || len(three) != 2880/3 {
		t.Errorf("counting 3: %d arrangements, %d valid; want 2880 and 960", all, len(three))
	}
	equalSets(t, "2880/3", three)
}

// readSeedTables reads testdata/seed-tables.txt into sections.
func readSeedTables(t *testing.T) map[string][]TableEntry {
	t.Helper()
	f, err := os.Open("testdata/seed-tables.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]TableEntry{}
	sec := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			sec = strings.Trim(line, "[]")
		default:
			n, e, _ := strings.Cut(line, " ")
			v, err := strconv.Atoi(n)
			if err != nil {
				t.Fatalf("seed-tables.txt: %q", line)
			}
			out[sec] = append(out[sec], TableEntry{v, e})
		}
	}
	return out
}

func TestSeedTables(t *testing.T) {
	seed := readSeedTables(t)
	byN := func(t []TableEntry) []TableEntry {
		c := append([]TableEntry(nil), t...)
		sort.Slice(c, func(i, j int) bool { return c[i].N < c[j].N })
		return c
	}
	cmp := func(name string, got, want []TableEntry) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, seed has %d", name, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: entry %d is %v, seed has %v", name, i, got[i], want[i])
			}
		}
	}
	cmp("King's table", KingsTable(), seed["kings"])
	cmp("Fritz9 NQ-skeleton table", byN(Fritz9SkeletonTable()), seed["fritz9"])
	var bt, n5, n6 []TableEntry
	for i, e := range BishopsTable() {
		bt = append(bt, TableEntry{i, e})
	}
	for i, e := range N5NTable() {
		n5 = append(n5, TableEntry{i, e})
	}
	for i, e := range N6NTable() {
		n6 = append(n6, TableEntry{i, e})
	}
	cmp("Bishop's table", bt, seed["bishops"])
	cmp("N5N table", n5, seed["n5n"])
	cmp("Fritz9 knight table", n6, seed["n6n"])
	// Scharnagl's NQ-skeleton table is the King's table with K and R blanked.
	var sk []TableEntry
	for _, e := range seed["kings"] {
		sk = append(sk, TableEntry{e.N, strings.NewReplacer("K", "-", "R", "-").Replace(e.Entry)})
	}
	cmp("NQ-skeleton table", SkeletonTable(), sk)

	// The two-tables method: SP-N is King's entry at N-N%16 poured into
	// Bishop's row N%16.
	for n := 0; n < Count; n++ {
		k := seed["kings"][n/16].Entry
		b := []byte(seed["bishops"][n%16].Entry)
		j := 0
		for i := range b {
			if b[i] == '-' {
				b[i] = k[j]
				j++
			}
		}
		if got := MustNew(n).String(); got != string(b) {
			t.Errorf("two-tables SP-%d = %s, package says %s", n, b, got)
		}
	}
	// Fritz9 number = bishop code + M of the skeleton in the seed's table.
	f9 := map[string]int{}
	for _, e := range seed["fritz9"] {
		f9[e.Entry] = e.N
	}
	for n := 0; n < Count; n++ {
		p := MustNew(n)
		if want := p.BishopCode() + f9[p.KingsTableEntry()]; p.Fritz9() != want {
			t.Errorf("SP-%d Fritz9 = %d, seed table gives %d", n, p.Fritz9(), want)
		}
	}
	text := TablesText()
	for _, want := range []string{"512 RNQKNR", "512 -NQ-N-", " 6  - - B - - B - -", "5  - N - N -", " 7  - N - - N -", "353 RNQKNR", "945 RKRQNN"} {
		if !strings.Contains(text, want) {
			t.Errorf("TablesText lacks %q", want)
		}
	}
}

func TestFritz9SeedExamples(t *testing.T) {
	for f, want := range map[int]string{1: "BBNNQRKR", 241: "BBNNRQKR", 481: "BBNNRKQR", 721: "BBNNRKRQ", 353: "BBRNQKNR", 945: "BBRKRQNN", 359: "RNBQKBNR"} {
		if got := MustFromFritz9(f).String(); got != want {
			t.Errorf("Fritz9 %d = %s, want %s", f, got, want)
		}
	}
}

func TestMirror(t *testing.T) {
	pairs := map[[2]int]bool{}
	for n := 0; n < Count; n++ {
		p := MustNew(n)
		m := p.Mirror()
		if m == p {
			t.Errorf("SP-%d is its own mirror", n)
		}
		if m.Mirror() != p {
			t.Errorf("SP-%d: mirror of mirror is SP-%d", n, m.Mirror().ID())
		}
		r, mr := p.String(), m.String()
		for i := 0; i < 8; i++ {
			if r[i] != mr[7-i] {
				t.Fatalf("SP-%d %s: mirror %s is not reversed", n, r, mr)
			}
		}
		a, b := n, m.ID()
		if a > b {
			a, b = b, a
		}
		pairs[[2]int{a, b}] = true
	}
	if len(pairs) != 480 {
		t.Errorf("%d mirror pairs, want 480", len(pairs))
	}
	mp := MirrorPairs()
	if len(mp) != 480 {
		t.Fatalf("MirrorPairs: %d", len(mp))
	}
	for _, pr := range mp {
		if !pairs[[2]int{pr[0].ID(), pr[1].ID()}] || pr[0].ID() >= pr[1].ID() {
			t.Errorf("MirrorPairs has %v, not a mirror pair in order", pr)
		}
	}
	if Standard().Mirror().String() != "RNBKQBNR" || Standard().Mirror().ID() != 534 {
		t.Errorf("mirror of 518 = SP-%d %s", Standard().Mirror().ID(), Standard().Mirror())
	}
}

func TestParseRankErrors(t *testing.T) {
	cases := []struct {
		in     string
		err    error
		detail string
	}{
		{"RNBQKBN", ErrLength, "have 7"},
		{"RNBQKBNRR", ErrLength, "have 9"},
		{"", ErrLength, "have 0"},
		{"RNBQKBNX", ErrLetter, "'X' on file h"},
		{"RNBQKBNP", ErrLetter, "'P'"},
		{"RNBqKBNR", ErrLetter, "mixed"},
		{"RNBQQBNR", ErrPieceSet, "0K"},
		{"RRBQKBNN", ErrKingPlacement, "between"},
		{"RNBQBKNR", ErrBishops, "both bishops on dark"},
		{"BNRQKRBN", ErrBishops, "both bishops on dark"}, {"RBNBKQNR", ErrBishops, "both bishops on light"},
		{"KRNBBQNR", ErrKingPlacement, "between"},
	}
	for _, c := range cases {
		_, err := ParseRank(c.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) {
			t.Errorf("ParseRank(%q) = %v; want %v", c.in, err, c.err)
			continue
		}
		if e.Input != c.in || !strings.Contains(err.Error(), strconv.Quote(c.in)) || !strings.Contains(err.Error(), c.detail) {
			t.Errorf("ParseRank(%q) error %q does not name the input and %q", c.in, err, c.detail)
		}
	}
	if p, err := ParseRank("RNBQKBRN"); err != nil || p.String() != "RNBQKBRN" {
		t.Errorf("RNBQKBRN is a start position: %v", err)
	}
}

func TestParseFEN(t *testing.T) {
	for n := 0; n < Count; n++ {
		p := MustNew(n)
		for _, fen := range []string{p.FEN(), shredderFEN(p)} {
			q, err := ParseFEN(fen)
			if err != nil || q != p {
				t.Fatalf("ParseFEN(%q) = %v, %v", fen, q.ID(), err)
			}
			epd := strings.TrimSuffix(fen, " 0 1")
			if q, err := ParseFEN(epd); err != nil || q != p {
				t.Fatalf("ParseFEN(EPD %q) = %v, %v", epd, q.ID(), err)
			}
		}
	}
	if got := Standard().FEN(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("FEN of 518: %s", got)
	}
	if got := MustNew(0).FEN(); got != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" {
		t.Errorf("FEN of 0: %s", got)
	}
	if got := shredderFEN(MustNew(0)); got != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1" {
		t.Errorf("the test's Shredder-FEN of 0: %s", got)
	}
	const std = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	for _, ok := range []string{std + " w KQkq - 0 1", std + " w HAha - 0 1", std + " w AHah - 0 1",
		std + " w KAkq - 0 1", std + " w qkQK - 0 1", std + " w KQkq -", "  " + std + "  w   KQkq - 0 1 "} {
		if p, err := ParseFEN(ok); err != nil || p != Standard() {
			t.Errorf("ParseFEN(%q) = %v, %v; want 518", ok, p.ID(), err)
		}
	}
	bad := []struct {
		fen  string
		err  error
		frag string
	}{
		{std, ErrSyntax, "6 fields"},
		{std + " w KQkq - 0", ErrSyntax, "have 5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrSyntax, "8 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", ErrSyntax, "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", ErrSyntax, "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", ErrNotStart, "rank 2"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ErrNotStart, "rank 2"},
		{std + " b KQkq - 0 1", ErrNotStart, "side to move"},
		{std + " w KQk - 0 1", ErrNotStart, "black a-side"},
		{std + " w - - 0 1", ErrNotStart, "castling"},
		{std + " w KQkqK - 0 1", ErrNotStart, "twice"},
		{std + " w BAha - 0 1", ErrNotStart, "no rook on the b-file"},
		{std + " w KQkq e3 0 1", ErrNotStart, "en-passant"},
		{std + " w KQkq - 3 1", ErrNotStart, "halfmove"},
		{std + " w KQkq - 0 2", ErrNotStart, "move number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBRN w KQkq - 0 1", ErrNotMirrored, "rank 8"},
		{"rnbqbknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQBKNR w KQkq - 0 1", ErrBishops, "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBRKBNQ w KQkq - 0 1", ErrKingPlacement, "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNn w KQkq - 0 1", ErrNotStart, "eight white pieces"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNN w KQkq - 0 1", ErrPieceSet, "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ErrNotStart, "rank 1"},
	}
	for _, c := range bad {
		_, err := ParseFEN(c.fen)
		if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.frag) || !strings.Contains(err.Error(), strconv.Quote(c.fen)) {
			t.Errorf("ParseFEN(%q) = %v; want %v mentioning %q", c.fen, err, c.err, c.frag)
		}
	}
}

func TestParseID(t *testing.T) {
	for in, want := range map[string]int{"518": 518, "0": 0, "959": 959, "960": 0, "SP-518": 518, "sp518": 518, "#7": 7, "000518": 518} {
		if p, err := ParseID(in); err != nil || p.ID() != want {
			t.Errorf("ParseID(%q) = %d, %v; want %d", in, p.ID(), err, want)
		}
	}
	for in, want := range map[string]error{"961": ErrRange, "-1": ErrRange, "99999999999999999999": ErrRange, "": ErrSyntax,
		"5x": ErrSyntax, "x": ErrSyntax, "SP-": ErrSyntax, "1.5": ErrSyntax, " 5": ErrSyntax, "--1": ErrSyntax} {
		_, err := ParseID(in)
		if !errors.Is(err, want) || !strings.Contains(err.Error(), strconv.Quote(in)) {
			t.Errorf("ParseID(%q) = %v; want %v naming the input", in, err, want)
		}
	}
	if p, err := ParseFritz9("359"); err != nil || p != Standard() {
		t.Errorf("ParseFritz9(359) = %v, %v", p, err)
	}
	for _, in := range []string{"0", "961", "abc"} {
		if _, err := ParseFritz9(in); err == nil || !strings.Contains(err.Error(), "Fritz9") {
			t.Errorf("ParseFritz9(%q) error = %v", in, err)
		}
	}
	for in, want := range map[string]int{"518": 518, "RNBQKBNR": 518, "rnbqkbnr": 518, "SP-0": 0, shredderFEN(Standard()): 518} {
		if p, err := Parse(in); err != nil || p.ID() != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, p.ID(), err, want)
		}
	}
}

func TestParseSet(t *testing.T) {
	s, err := ParseSet("518, 0-9,960,955-959")
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 16 || !s.Has(Standard()) || !s.Has(MustNew(9)) || s.Has(MustNew(10)) || s.String() != "0-9,518,955-959" {
		t.Errorf("ParseSet: %v (len %d)", s, s.Len())
	}
	if all, err := ParseSet("0-959"); err != nil || all != All() {
		t.Errorf("0-959 is not All: %v", err)
	}
	if e, err := ParseSet(" "); err != nil || e.Len() != 0 {
		t.Errorf("empty list: %v %v", e, err)
	}
	for _, in := range []string{"9-0", "1-", "-5", "a", "1,,2", "0-961", "5-x", "1000"} {
		_, err := ParseSet(in)
		if err == nil || !strings.Contains(err.Error(), strconv.Quote(in)) {
			t.Errorf("ParseSet(%q) = %v; want an error naming the list", in, err)
		}
	}
	for k := 0; k < 16; k++ {
		if s.Nth(k) != s.Positions()[k] {
			t.Errorf("Nth(%d) = %v, Positions()[%d] = %v", k, s.Nth(k), k, s.Positions()[k])
		}
	}
}

func TestDerivation(t *testing.T) {
	d := Standard().Derive()
	lines := strings.Split(d.String(), "\n")
	want := []string{
		"SP-518: RNBQKBNR",
		"518 = 32*16 + 6; 32 = 5*6 + 2 -> bishops c1 f1, queen on free square 2, knights -N-N-",
		"**B**B** -> **BQ*B** -> *NBQ*BN* -> RNBQKBNR",
		"Two tables: King's table 512 RNQKNR + Bishop's table 6 --B--B-- -> RNBQKBNR",
		"NQ-skeleton: -NQ-N-",
		"  6 + 1 + 16*7 + 240*1 = 359 (Fritz9 NQ-skeleton table: 353 RNQKNR)",
	}
	for _, w := range want {
		found := false
		for _, l := range lines {
			if l == w {
				found = true
			}
		}
		if !found {
			t.Errorf("derivation of 518 lacks line %q:\n%s", w, d)
		}
	}
	// Every derivation: its fields against the rank read independently,
	// and stages that fill in consistently and end in the rank.
	for n := 0; n < Count; n++ {
		d := MustNew(n).Derive()
		r := specDecode(n)
		b, q, n5, n6, fq := specParts(r)
		if d.ID != n || d.Rank != r || d.Stages[3] != r || d.BishopCode != b || d.QueenSlot != q || d.N5N != n5 ||
			d.N5NPattern != specN5N[n5] || d.N6N != n6 || d.N6NPattern != specN6N[n6] || d.Fritz9Queen != fq ||
			d.Fritz9 != b+1+16*n6+240*fq {
			t.Fatalf("SP-%d %s: %+v; read off the rank: bishops %d queen %d N5N %d N6N %d Fritz9 queen %d", n, r, d, b, q, n5, n6, fq)
		}
		// Squares named in the derivation hold the pieces it names.
		sq := func(name string) byte { return r[name[0]-'a'] }
		if sq(d.Queen) != 'Q' || sq(d.LightBishop) != 'B' || sq(d.DarkBishop) != 'B' || (d.LightBishop[0]-'a')%2 != 1 ||
			sq(d.Knights[0]) != 'N' || sq(d.Knights[1]) != 'N' || sq(d.RookKingRook[0]) != 'R' || sq(d.RookKingRook[1]) != 'K' || sq(d.RookKingRook[2]) != 'R' {
			t.Fatalf("SP-%d %s: squares %+v", n, r, d)
		}
		for s := 1; s < 4; s++ {
			for i := 0; i < 8; i++ {
				if d.Stages[s-1][i] != '*' && d.Stages[s-1][i] != d.Stages[s][i] {
					t.Fatalf("SP-%d: stage %d changes a placed piece: %v", n, s, d.Stages)
				}
			}
		}
	}
}

func TestFromRankErrors(t *testing.T) {
	rank := func(s string) Rank {
		var r Rank
		for i := range r {
			if s[i] != '.' {
				r[i] = Piece(s[i])
			}
		}
		return r
	}
	cases := []struct {
		r      Rank
		err    error
		detail string
	}{
		{Rank{}, ErrLetter, `unknown piece '\x00' on a1`},
		{rank("RNBQKBN."), ErrLetter, `unknown piece '\x00' on h1`},
		{rank("RNBQKBNP"), ErrLetter, `unknown piece 'P' on h1`},
		{rank("rnbqkbnr"), ErrLetter, `unknown piece 'r' on a1`},
		{rank("RNBQKBNN"), ErrPieceSet, "need K, Q, 2 R, 2 B, 2 N"},
		{rank("RNBQBKNR"), ErrBishops, "both bishops on dark squares"},
		{rank("RNBRKBNQ"), ErrKingPlacement, "king"},
	}
	for _, c := range cases {
		_, err := FromRank(c.r)
		if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.detail) {
			t.Errorf("FromRank(%v): %v, want %v containing %q", c.r, err, c.err, c.detail)
		}
	}
}

// TestMessages checks the wording of errors that once misled: a negative
// number read as a rank, an empty range bound, a multi-byte letter shown as
// its first byte, and a long input echoed whole.
func TestMessages(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{second(Parse("-1")), `chess960: position number "-1": out of range: must be 0..959 (960 is taken as 0)`},
		{second(Parse("SP-961")), `chess960: position number "SP-961": out of range: must be 0..959 (960 is taken as 0)`},
		{second(Parse("+5")), `chess960: position number "+5": invalid syntax: want a number such as 518`},
		{second(ParseFritz9("-1")), `chess960: Fritz9 number "-1": out of range: must be 1..960`},
		{second(ParseRank("x")), `chess960: rank "x": wrong length: need 8 letters, have 1 byte`},
		{second(Parse("RNBQKBé")), `chess960: rank "RNBQKBé": unknown letter: 'é' on file g (want K, Q, R, B, N)`},
		{second(ParseSet("-1")), `chess960: position list "-1": invalid syntax: a range needs a number before '-' (position numbers are not negative)`},
		{second(ParseSet("5,-1")), `chess960: position list "5,-1": invalid syntax: item "-1": a range needs a number before '-' (position numbers are not negative)`},
		{second(ParseSet("3-")), `chess960: position list "3-": invalid syntax: a range needs a number after '-'`},
		{second(ParseSet("9-0")), `chess960: position list "9-0": invalid syntax: the range goes downwards`},
		{second(ParseSet("1,,2")), `chess960: position list "1,,2": invalid syntax: empty item: want numbers and ranges separated by commas, such as 518,0-9`},
		{second(ParseSet("0-9,x")), `chess960: position list "0-9,x": invalid syntax: item "x": want a number such as 518`},
		{second(ParseSet("0-1000")), `chess960: position list "0-1000": out of range: range bound "1000" is not a number 0..960`},
		{second(ParseSet(strings.Repeat("1", 300))), `chess960: position list "` + strings.Repeat("1", 100) + `"... (300 bytes): out of range: must be 0..959 (960 is taken as 0)`},
	}
	for _, c := range cases {
		if c.err == nil || c.err.Error() != c.want {
			t.Errorf("got  %v\nwant %s", c.err, c.want)
		}
	}
	if p, err := ParseSet("SP-5,SP-7"); err != nil || p.String() != "5,7" {
		t.Errorf("SP-5,SP-7: %v %v", p, err)
	}
	// A huge input is quoted short, once.
	long := strings.Repeat("R", 1<<20)
	for _, err := range []error{second(ParseRank(long)), second(ParseID(long)), second(Parse(long)), second(ParseFEN(long + "/8/8/8/8/8/8/8 w KQkq - 0 1"))} {
		if msg := err.Error(); len(msg) > 400 || strings.Count(msg, "RRRRRRRRRR") > 10 {
			t.Errorf("%d-byte message for a long input: %.200s", len(msg), msg)
		}
	}
}

// TestFENRunsOfDigits: digits may follow each other in a FEN rank, as in
// package chess ("44" is eight empty squares).
func TestFENRunsOfDigits(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/44/11111111/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		if p, err := ParseFEN(fen); err != nil || p != Standard() {
			t.Errorf("ParseFEN(%q) = %v, %v", fen, p, err)
		}
	}
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // 9 squares
		"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // 7
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		if _, err := ParseFEN(fen); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFEN(%q) = %v, want a syntax error", fen, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// shredderFEN writes the FEN of p with the rooks' files as the castling
// field (HAha for 518), as package chess writes it, for input to ParseFEN.
func shredderFEN(p StartPos) string {
	_, a, h := p.Files()
	return strings.TrimSuffix(p.FEN(), "KQkq - 0 1") + string([]byte{byte('A' + h), byte('A' + a), byte('a' + h), byte('a' + a)}) + " - 0 1"
}
