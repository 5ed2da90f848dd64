package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestDFRCCommands: pos W:B and id of a DFRC FEN. The ranks are checked
// against pos N's for each side, which the numbering tests check against
// the source documents.
func TestDFRCCommands(t *testing.T) {
	out := mustRun(t, "pos", "502:532")
	lines := strings.Split(out, "\n")
	white := strings.Split(mustRun(t, "pos", "502"), "\n")[0]
	black := strings.Split(mustRun(t, "pos", "532"), "\n")[0]
	want := []string{"DFRC 502:532", "Index:      482452 (W x 960 + B; B x 960 + W is 511222)",
		"White:      502 " + white + " (Fritz9 407)", "Black:      532 " + black + " (Fritz9 597)"}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("pos 502:532 line %d: %q, want %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(out, "  8 "+strings.Join(strings.Split(strings.ToLower(black), ""), " ")) {
		t.Errorf("the diagram's rank 8 is not Black's %s:\n%s", black, out)
	}
	var d struct {
		Name, FEN, ShredderFEN, Mirror string
		Index                          int
		Chess960                       bool
		White, Black                   struct{ ID int }
	}
	if err := json.Unmarshal([]byte(mustRun(t, "pos", "502:532", "--json")), &d); err != nil {
		t.Fatal(err)
	}
	if d.Index != 502*960+532 || d.White.ID != 502 || d.Black.ID != 532 || d.Chess960 || d.Mirror != "532:502" ||
		d.FEN != strings.ToLower(black)+"/pppppppp/8/8/8/8/PPPPPPPP/"+white+" w KQkq - 0 1" {
		t.Errorf("pos 502:532 --json: %+v", d)
	}
	for _, fen := range []string{d.FEN, d.ShredderFEN} {
		if got := mustRun(t, "id", fen); got != "502:532\n" {
			t.Errorf("id %s: %q", fen, got)
		}
	}
	// A mirrored FEN is still a Chess960 position number.
	if got := mustRun(t, "id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"); got != "518\n" {
		t.Errorf("id of the standard start: %q", got)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"pos", "502:960"}, 1, "each number must be 0..959"},
		{[]string{"pos", "502:x"}, 1, "want W:B with two Scharnagl numbers"},
		{[]string{"pos", "5:5", "--fritz9"}, 2, "--fritz9 goes with a position number"},
		{[]string{"id", "kbbqrnnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 1, "rank 8"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

// TestRandomDFRC: random --dfrc's seeded draws are those its help text
// says, computed here with crypto/sha256; --unique draws a small pool
// without repeats; the errors.
func TestRandomDFRC(t *testing.T) {
	out := strings.Split(strings.TrimSpace(mustRun(t, "random", "--dfrc", "--seed", "Round 1", "--count", "20")), "\n")
	for k, line := range out {
		sum := sha256.Sum256([]byte("chess960-dfrc:Round 1:" + strconv.Itoa(k)))
		x := int(binary.BigEndian.Uint64(sum[:8]) % 921600)
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != fmt.Sprintf("%d:%d", x/960, x%960) {
			t.Fatalf("draw %d: %q, want %d:%d", k, line, x/960, x%960)
		}
		if w := strings.Split(mustRun(t, "pos", strconv.Itoa(x/960)), "\n")[0]; f[1] != w {
			t.Errorf("draw %d: White's rank %s, pos %d says %s", k, f[1], x/960, w)
		}
	}
	// 959:950..959 is a pool of 10: drawn uniquely, each comes once.
	lines := strings.Split(strings.TrimSpace(mustRun(t, "random", "--dfrc", "--seed", "u", "--unique", "--count", "10", "--exclude", "0-958:*,959:0-949")), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		name := strings.Fields(l)[0]
		if seen[name] || !strings.HasPrefix(name, "959:95") {
			t.Errorf("unique draw %q", l)
		}
		seen[name] = true
	}
	if len(seen) != 10 {
		t.Errorf("%d distinct of 10", len(seen))
	}
	var j struct {
		Allowed int `json:"allowed"`
		Starts  []struct {
			Name string `json:"dfrc"`
		} `json:"starts"`
		SeedSHA256 string `json:"seedSha256"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "random", "--dfrc", "--seed", "Round 1", "--count", "2", "--exclude", "chess960", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if j.Allowed != 921600-960 || len(j.Starts) != 2 || len(j.SeedSHA256) != 64 {
		t.Errorf("--json: %+v", j)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"random", "--dfrc", "--exclude", "*:*"}, 1, "every start is excluded"},
		{[]string{"random", "--dfrc", "--exclude", "518"}, 1, "want W:B"},
		{[]string{"random", "--dfrc", "--exclude", "1:960"}, 1, "0..959"},
		{[]string{"random", "--dfrc", "--balanced", "20"}, 2, "--balanced goes with Chess960 draws"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

// TestDFRCPositionArg: every command that takes a position takes W:B, as
// the FEN pos W:B prints.
func TestDFRCPositionArg(t *testing.T) {
	fen := "rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1" // pos 502:532
	for _, args := range [][]string{{"perft", "%", "--depth", "3", "--json"}, {"fen", "%", "--json"}, {"moves", "%"}, {"play", "%", "e4", "--json"}} {
		with := func(p string) []string {
			out := make([]string, len(args))
			for i, a := range args {
				out[i] = strings.ReplaceAll(a, "%", p)
			}
			return out
		}
		a, b := mustRun(t, with("502:532")...), mustRun(t, with(fen)...)
		if strings.Contains(args[0], "perft") {
			// The timing differs; the counts must not.
			a, b = strings.Split(a, "\"seconds\"")[0], strings.Split(b, "\"seconds\"")[0]
		}
		if a != b {
			t.Errorf("%s: with 502:532\n%s\nwith its FEN\n%s", args[0], a, b)
		}
	}
	if _, errOut, code := call(t, "", "perft", "5:999", "--depth", "1"); code != 1 || !strings.Contains(errOut, "0..959") {
		t.Errorf("perft 5:999: exit %d %q", code, errOut)
	}
}

// TestExplainDFRC: explain W:B. 0:959 is worked out by hand: White's rank 0
// is BBQNNRKR and Black's 959 is rkrnnqbb (SPEC's tables; the contract's
// position-0 and position-959), the index 0*960 + 959 = 959, Black first
// 959*960 + 0 = 920640, White's rooks on f1 and h1 (HF), Black's on a8 and
// c8 (ca).
func TestExplainDFRC(t *testing.T) {
	out := mustRun(t, "explain", "0:959")
	for _, want := range []string{
		"DFRC 0:959: White's back rank is start position 0, BBQNNRKR; Black's is start position 959, rkrnnqbb\n",
		"Index:      0*960 + 959 = 959 (Black first, 959*960 + 0 = 920640)\n",
		"Mirror:     959:0 ",
		"Chess960:   no: 0 and 959 differ",
		"X-FEN:      rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n",
		"Shredder:   rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1\n",
		"White's rank (rank 1), from 0:\n\nSP-0: BBQNNRKR\n",
		"from 959:\n\nSP-959: RKRNNQBB\n",
		// Each side's derivation is explain N's, line for line.
		strings.TrimSuffix(mustRun(t, "explain", "0"), "\n"),
		strings.TrimSuffix(mustRun(t, "explain", "959"), "\n"),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explain 0:959 lacks %q:\n%s", want, out)
		}
	}
	// A Chess960 start named as DFRC says so.
	if out := mustRun(t, "explain", "518:518"); !strings.Contains(out, "Chess960:   yes: both numbers are 518") ||
		!strings.Contains(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("explain 518:518:\n%s", out)
	}
	// The FEN of a start whose ranks differ is explained as its DFRC start.
	if a, b := mustRun(t, "explain", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1"), out; a != b {
		t.Errorf("explain of 0:959's FEN:\n%s\nwant\n%s", a, b)
	}
	var j struct {
		Name            string `json:"dfrc"`
		Index           int    `json:"index"`
		BlackFirstIndex int    `json:"blackFirstIndex"`
		Chess960        bool   `json:"chess960"`
		FEN             string `json:"fen"`
		ShredderFEN     string `json:"shredderFen"`
		Mirror          string `json:"mirror"`
		White, Black    struct {
			ID     int    `json:"id"`
			Rank   string `json:"rank"`
			Fritz9 int    `json:"fritz9"`
			Text   string `json:"text"`
		}
		Text string `json:"text"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "explain", "0:959", "--json")), &j); err != nil {
		t.Fatal(err)
	}
	if j.Name != "0:959" || j.Index != 959 || j.BlackFirstIndex != 920640 || j.Chess960 || j.Mirror != "959:0" ||
		j.FEN != "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" ||
		j.ShredderFEN != "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1" ||
		j.White.ID != 0 || j.White.Rank != "BBQNNRKR" || j.White.Fritz9 != 81 ||
		j.Black.ID != 959 || j.Black.Rank != "RKRNNQBB" || j.Black.Fritz9 != 928 ||
		j.Text+"\n" != mustRun(t, "explain", "0:959") || j.White.Text+"\n" != mustRun(t, "explain", "0") {
		t.Errorf("explain 0:959 --json: %+v", j)
	}
	for _, c := range []struct {
		args []string
		code int
		text string
	}{
		{[]string{"explain", "0:960"}, 1, "each number must be 0..959"},
		{[]string{"explain", "0:x"}, 1, "want W:B with two Scharnagl numbers"},
		{[]string{"explain", "5:5", "--fritz9"}, 2, "--fritz9 goes with a position number"},
		{[]string{"explain", "kbbqrnnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 1, "rank 8"},
	} {
		_, errOut, code := call(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.text) {
			t.Errorf("chess960 %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, errOut, c.code, c.text)
		}
	}
}

// TestSVGDFRC: svg W:B draws Black's own rank: 0:959 has Black's rook on
// a8 and bishops on g8 and h8 (rkrnnqbb), where 0:0 has bishops on a8 and
// b8.
func TestSVGDFRC(t *testing.T) {
	out := mustRun(t, "svg", "0:959")
	for _, want := range []string{`data-piece="bR" data-square="a8"`, `data-piece="bB" data-square="g8"`, `data-piece="bB" data-square="h8"`,
		`data-piece="wB" data-square="a1"`, `data-piece="wR" data-square="h1"`} {
		if !strings.Contains(out, want) {
			t.Errorf("svg 0:959 lacks %s", want)
		}
	}
	if strings.Contains(out, `data-piece="bB" data-square="a8"`) {
		t.Errorf("svg 0:959 draws White's rank mirrored on rank 8")
	}
}

// TestIDDFRC: id --dfrc gives every start of a DFRC book its W:B and index
// W*960 + B, a Chess960 start (whose ranks mirror) as W:W like the others;
// --json gives a Chess960 start's W:W and index beside its number. The
// FENs are written here by hand; the indices are the arithmetic.
func TestIDDFRC(t *testing.T) {
	book := []struct {
		fen, name string
		index     int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "518:518", 518*960 + 518},
		{"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1", "0:959", 959},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "0:0", 0},
		{"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", "959:959", 959*960 + 959},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1", "959:0", 959 * 960},
	}
	for _, b := range book {
		if out := mustRun(t, "id", "--dfrc", b.fen); out != b.name+" "+strconv.Itoa(b.index)+"\n" {
			t.Errorf("id --dfrc %s: %q, want %q", b.fen, out, b.name+" "+strconv.Itoa(b.index))
		}
		var d struct {
			DFRC     string `json:"dfrc"`
			Index    int    `json:"index"`
			Chess960 bool   `json:"chess960"`
			White    struct{ ID int }
		}
		if err := json.Unmarshal([]byte(mustRun(t, "id", b.fen, "--dfrc", "--json")), &d); err != nil || d.DFRC != b.name || d.Index != b.index || d.Chess960 != (b.name[:strings.IndexByte(b.name, ':')] == b.name[strings.IndexByte(b.name, ':')+1:]) {
			t.Errorf("id --dfrc --json %s: %+v, %v", b.fen, d, err)
		}
	}
	// A rank is a Chess960 start.
	if out := mustRun(t, "id", "--dfrc", "RNBQKBNR"); out != "518:518 497798\n" {
		t.Errorf("id --dfrc RNBQKBNR: %q", out)
	}
	// Without --dfrc: the number alone, or W:B for ranks that differ.
	if out := mustRun(t, "id", book[0].fen); out != "518\n" {
		t.Errorf("id: %q", out)
	}
	if out := mustRun(t, "id", book[1].fen); out != "0:959\n" {
		t.Errorf("id of a DFRC start: %q", out)
	}
	var p struct {
		ID    int    `json:"id"`
		Rank  string `json:"rank"`
		DFRC  string `json:"dfrc"`
		Index int    `json:"index"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "id", "RNBQKBNR", "--json")), &p); err != nil || p.ID != 518 || p.Rank != "RNBQKBNR" || p.DFRC != "518:518" || p.Index != 497798 {
		t.Errorf("id --json RNBQKBNR: %+v, %v", p, err)
	}
	// Bad input is refused as before.
	if _, errOut, code := call(t, "", "id", "--dfrc", "RNBQBKNR"); code == 0 || !strings.Contains(errOut, `"RNBQBKNR": bishops on squares of one colour`) {
		t.Errorf("id --dfrc RNBQBKNR: %d %q", code, errOut)
	}
}
