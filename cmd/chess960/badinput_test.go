package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/decimal"
)

// checkRefusal checks how a refused command line reads: exit status 1 or 2,
// nothing on stdout, exactly one line on stderr that starts with
// "chess960", carries no library prefix after the command's, quotes no
// more than about 100 bytes of any input, and is valid UTF-8.
func checkRefusal(t *testing.T, args []string, out, errOut string, code int) {
	t.Helper()
	name := strings.Join(args, " ")
	if len(name) > 120 {
		name = name[:120] + "..."
	}
	if code != 1 && code != 2 {
		t.Errorf("chess960 %q: exit %d, want 1 or 2 (stderr %.300q)", name, code, errOut)
	}
	if out != "" {
		t.Errorf("chess960 %q: refused, but wrote %.200q to stdout", name, out)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
		t.Errorf("chess960 %q: stderr is not one line: %.300q", name, errOut)
	}
	if !strings.HasPrefix(errOut, "chess960 ") && !strings.HasPrefix(errOut, "chess960: ") {
		t.Errorf("chess960 %q: stderr does not start with chess960: %.300q", name, errOut)
	}
	for _, bad := range []string{": chess: ", ": chess960: ", ": perft: ", "panic", "goroutine"} {
		if strings.Contains(errOut, bad) {
			t.Errorf("chess960 %q: stderr has %q: %.300q", name, bad, errOut)
		}
	}
	// The longest message quotes an input twice at most (the FEN and its
	// field, the list and an item), each cut to 100 bytes, plus the usage.
	if len(errOut) > 1000 {
		t.Errorf("chess960 %q: %d-byte message: %.300q", name, len(errOut), errOut)
	}
	if !utf8.ValidString(errOut) && !strings.Contains(strings.Join(args, ""), "\xff") {
		t.Errorf("chess960 %q: stderr is not UTF-8: %q", name, errOut)
	}
}

// TestBadInputs is the table of bad inputs found by trying the command as a
// careful user would: each gets its exit status and the words that explain
// it.
func TestBadInputs(t *testing.T) {
	long := strings.Repeat("R", 5000)
	digits := strings.Repeat("1", 5000)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.perft")
	os.WriteFile(empty, []byte("# nothing\n\n"), 0o644)
	deep := filepath.Join(dir, "deep.perft")
	os.WriteFile(deep, []byte("id std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 10001 100\n"), 0o644)
	cases := []struct {
		stdin string
		args  []string
		code  int
		frag  string
	}{
		// Commands and help.
		{"", []string{"help", "nonexistent"}, 2, `unknown command "nonexistent"`},
		{"", []string{"help", "pos", "id"}, 2, `unexpected argument "id"`},
		{"", []string{"POS", "518"}, 2, `unknown command "POS"`},
		{"", []string{""}, 2, `unknown command ""`},
		{"", []string{long}, 2, `... (5000 bytes)`},
		// Numbers: plain decimal everywhere.
		{"", []string{"pos", "0x10"}, 1, `"0x10": invalid syntax`},
		{"", []string{"pos", "+5"}, 1, `"+5": invalid syntax`},
		{"", []string{"pos", "RNBQKBNR"}, 1, `"RNBQKBNR" is a back rank, and pos reads a number`},
		{"", []string{"pos", "-h=x"}, 2, `"-h=x": --help takes no value`},
		{"", []string{"pos", "-1", "--fritz9"}, 1, `Fritz9 number "-1": out of range: must be 1..960`},
		{"", []string{"id", " "}, 1, `" ": want a back rank`},
		{"", []string{"explain", "\t"}, 1, `"\t": want a start position number`},
		{"", []string{"play", "518", "960"}, 1, `move 1 "960": invalid syntax: want a move such as e4`},
		{"", []string{"pos", "1_0"}, 1, `"1_0": invalid syntax`},
		{"", []string{"pos", "-1"}, 1, `"-1": out of range`},
		{"", []string{"pos", digits}, 1, `out of range`},
		{"", []string{"pos", ""}, 1, `invalid syntax`},
		{"", []string{"pos", "961", "--fritz9"}, 1, `Fritz9 number "961": out of range: must be 1..960`},
		{"", []string{"perft", "518", "--depth", "0x10"}, 1, `--depth "0x10": want a whole number in plain decimal digits`},
		{"", []string{"perft", "518", "--depth", "0b11"}, 1, `--depth "0b11"`},
		{"", []string{"perft", "518", "--depth", "1_0"}, 1, `--depth "1_0"`},
		{"", []string{"perft", "518", "--depth", "+5"}, 1, `--depth "+5"`},
		{"", []string{"perft", "518", "--depth", "1e3"}, 1, `--depth "1e3"`},
		{"", []string{"perft", "518", "--depth", " 5"}, 1, `--depth " 5"`},
		{"", []string{"perft", "518", "--depth", "010001"}, 1, `--depth "010001": out of range: must be 0..10000`},
		{"", []string{"perft", "518", "--depth", "-0"}, 1, `--depth "-0": out of range`},
		{"", []string{"perft", "518", "--depth", digits}, 1, `out of range: must be 0..10000`},
		{"", []string{"perft", "518", "--depth=-1"}, 1, `--depth "-1": out of range: must be 0..10000`},
		{"", []string{"perft", "518", "--depth", "1", "--threads", "100000"}, 1, `--threads "100000": out of range`},
		{"", []string{"perft", "518", "--depth", "1", "--hash", "99999999"}, 1, `--hash "99999999": out of range`},
		{"", []string{"random", "--count", "10000001"}, 1, `--count "10000001": out of range: must be 1..10000000`},
		{"", []string{"random", "--count", "1.5"}, 1, `--count "1.5"`},
		{"", []string{"random", "--count", ""}, 1, `--count ""`},
		// Keywords in either case; bad ones name the choices.
		{"", []string{"table", "--format", "xml"}, 1, `unknown value: want text, csv or json`},
		{"", []string{"fen", "518", "--castling", "fancy"}, 1, `want xfen or shredder`},
		{"", []string{"pos", "518", "--json=maybe"}, 1, `--json "maybe": want true or false`},
		{"", []string{"pos", "518", "--json="}, 1, `--json "": want true or false`},
		// Flags.
		{"", []string{"pos", "518", "--JSON"}, 2, `unknown flag "--JSON" (flag names are lower case: --json)`},
		{"", []string{"pos", "518", "--nope"}, 2, `unknown flag "--nope"`},
		{"", []string{"pos", "518", "---json"}, 2, `unknown flag "---json"`},
		{"", []string{"pos", "518", "--=x"}, 2, `unknown flag "--=x"`},
		{"", []string{"pos", "518", "--json", "--json"}, 2, `flag --json given twice`},
		{"", []string{"random", "--seed", "--json"}, 2, `"--json" looks like a flag (write --seed=--json`},
		{"", []string{"random", "--seed", "-x"}, 2, `(write --seed=-x`},
		{"", []string{"random", "--seed", "-" + long}, 2, `(write --seed=VALUE`},
		{"", []string{"random", "--exclude"}, 2, `flag --exclude needs a value`},
		{"", []string{"perft", "518", "--depth"}, 2, `flag --depth needs a value`},
		{"", []string{"pos", "-x"}, 2, `unknown flag "-x"`},
		{"", []string{"random", "5"}, 2, `unexpected argument "5"`},
		{"", []string{"tables", "x"}, 2, `unexpected argument "x"`},
		{"", []string{"table", long}, 2, `... (5000 bytes)`},
		// Flags that do nothing in a mode.
		{"", []string{"perft", "518", "--depth", "1", "--max-nodes", "5"}, 2, `--max-nodes bounds --suite`},
		{"", []string{"perft", "--suite", empty, "--divide"}, 2, `--divide does nothing with --suite`},
		{"", []string{"perft", "--suite", empty, "--depth", "2"}, 2, `--depth does nothing with --suite`},
		{"", []string{"perft", "--suite", empty, "--hash", "1"}, 2, `--hash does nothing with --suite`},
		{"", []string{"perft", "--suite", empty, "--fen", "startpos"}, 2, `--fen does nothing with --suite`},
		{"", []string{"perft", "--suite", empty, "518"}, 2, `unexpected argument "518"`},
		{"", []string{"perft", "518", "--depth", "0", "--divide"}, 2, `--divide needs --depth 1 or more`},
		{"", []string{"perft", "518", "--fen", "518", "--depth", "1"}, 2, `give one position`},
		{"", []string{"perft", "--fen", "518", "--pos", "518", "--depth", "1"}, 2, `give one position`},
		{"", []string{"perft", "518"}, 2, `missing --depth`},
		{"", []string{"moves", "518", "--json", "--uci"}, 2, `--json prints UCI and SAN both`},
		{"", []string{"moves", "518", "--san", "--standard"}, 2, `--standard changes UCI castling`},
		{"", []string{"moves", "518", "--uci", "--san"}, 2, `exclude each other`},
		{"", []string{"explain", "RNBQKBNR", "--fritz9"}, 2, `--fritz9 reads a Fritz9 number`},
		// Positions.
		{"", []string{"moves", "961"}, 1, `position number "961": out of range`},
		{"", []string{"moves", "RNBQBKNR"}, 1, `rank "RNBQBKNR": bishops on squares of one colour`},
		{"", []string{"fen", "RNBQKBNX"}, 1, `rank "RNBQKBNX": unknown letter: 'X' on file h`},
		{"", []string{"fen", "é"}, 1, `position "é": want a FEN`},
		{"", []string{"fen", "rnbqkbné/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, 1, `bad character 'é'`},
		{"", []string{"fen", "\xff"}, 1, `position "\xff": want a FEN`},
		{"", []string{"fen", "startpos2"}, 1, `position "startpos2"`},
		{"", []string{"fen", long}, 1, `"... (5000 bytes)`},
		{"", []string{"fen", long + "/8/8/8/8/8/8/8 w - - 0 1"}, 1, `(5024 bytes)`},
		{"", []string{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, 1, `white has no king; placement field: black has no king`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x"}, 1, `fields`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"}, 1, `turn field`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 w - - -1 1"}, 1, `halfmove`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 0"}, 1, `fullmove`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 " + digits}, 1, `fullmove`},
		{"", []string{"fen", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"}, 1, `pawn`},
		{"", []string{"fen", "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1"}, 1, `black is not to move but its king on e8 is attacked from e2`},
		{"", []string{"fen", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"}, 1, `en passant`},
		{"", []string{"fen", "QQQQQQQQ/QQQQQQQQ/QQQ1k3/8/8/8/8/4K3 w - - 0 1"}, 1, `black is not to move but its king on e6 is attacked from c6, d7, e7 and f7`},
		{"", []string{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "extra"}, 2, `unexpected argument "extra"`},
		{"", []string{"fen"}, 2, `missing position`},
		{"", []string{"id", "518"}, 1, `"518" is a position number`},
		{"", []string{"id", long}, 1, `rank "RRRRR`},
		{"", []string{"id", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"}, 1, `move number is "2"`},
		{"", []string{"explain", "-1"}, 1, `position number "-1": out of range`},
		{"", []string{"explain", "xyz"}, 1, `"xyz": want a start position number`},
		{"", []string{"explain", "0", "--fritz9"}, 1, `Fritz9 number "0": out of range`},
		// Lists.
		{"", []string{"random", "--exclude", "-1"}, 1, `a range needs a number before '-'`},
		{"", []string{"random", "--exclude", "5-"}, 1, `a range needs a number after '-'`},
		{"", []string{"random", "--exclude", "9-0"}, 1, `the range goes downwards`},
		{"", []string{"random", "--exclude", "1,,2"}, 1, `empty item`},
		{"", []string{"random", "--exclude", "0-959"}, 1, `every position is excluded`},
		{"", []string{"random", "--exclude", long}, 1, `(5000 bytes)`},
		{"", []string{"random", "--exclude", "1," + long}, 1, `(5002 bytes): invalid syntax: item (5000 bytes): want a number`},
		{"", []string{"random", "--exclude", "0-959", "--seed", "x"}, 1, `every position is excluded`},
		// Moves and games.
		{"", []string{"play", "518", "b8"}, 1, `no white pawn can move to b8`},
		{"", []string{"play", "518", "a8=K"}, 1, `a pawn cannot promote to a king`},
		{"", []string{"play", "518", "e4", "e4"}, 1, `move 2 "e4": illegal move`},
		{"", []string{"play", "518", "O-O"}, 1, `castling`},
		{"", []string{"play", "518", "e2e5"}, 1, `move 1 "e2e5": illegal move`},
		{"", []string{"play", "518", "e3e4"}, 1, `no piece of the side to move`},
		{"", []string{"play", "518", ""}, 1, `move 1 "": invalid syntax: empty move`},
		{"", []string{"play", "518", long}, 1, `(5000 bytes)`},
		{"", []string{"play", "518", "日本"}, 1, `move 1 "日本"`},
		{"", []string{"play", "startpos", "f3", "e5", "g4", "Qh4", "a3"}, 1, `the game is over: checkmate after 2... Qh4# (0-1)`},
		{"", []string{"play", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "Kg8"}, 1, `the game is over: the position is stalemate (1/2-1/2)`},
		{"", []string{"play", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd1"}, 1, `insufficient material`},
		{"", []string{"play", "7k/8/8/8/8/8/N1N5/K7 w - - 0 1", "Nb4"}, 1, `ambiguous move: could be Nab4 or Ncb4`},
		{"", []string{"play"}, 2, `missing position`},
		// Perft suites.
		{"", []string{"perft", "--suite", empty}, 1, `no positions`},
		{"", []string{"perft", "--suite", deep}, 1, `line 3 "perft 10001 100": depth 10001 out of range: must be 0..10000`},
		{"", []string{"perft", "--suite", "/nonexistent.perft"}, 1, `--suite "/nonexistent.perft": no such file or directory`},
		{"", []string{"perft", "--suite", dir}, 1, `--suite "` + dir + `": is a directory`},
		{"", []string{"perft", "--suite", ""}, 1, `--suite ""`},
		{"id x\nfoo bar\n", []string{"perft", "--suite", "-"}, 1, `unknown keyword`},
		// Stdin.
		{"", []string{"fen", "-"}, 1, `stdin is empty: want one position`},
		{"  \n\n", []string{"moves", "-"}, 1, `stdin is empty`},
		{"518\n519\n", []string{"play", "-"}, 1, `stdin holds 2 lines: want one position`},
		{strings.Repeat("x", 1<<20+5), []string{"perft", "-", "--depth", "1"}, 1, `stdin holds more than 1 MiB`},
		{"-\n", []string{"fen", "-"}, 1, `position "-": want a FEN`},
		{"", []string{"id", "-"}, 1, `stdin is empty: want one back rank or FEN`},
		{"", []string{"explain", "-"}, 1, `stdin is empty`},
		{"", []string{"pos", "-"}, 1, `stdin is empty`},
		{"", []string{"perft", "--fen", "-", "--depth", "1"}, 1, `stdin is empty`},
	}
	for _, c := range cases {
		out, errOut, code := call(t, c.stdin, c.args...)
		checkRefusal(t, c.args, out, errOut, code)
		if code != c.code || !strings.Contains(errOut, c.frag) {
			t.Errorf("chess960 %.200q: exit %d, stderr %.400q; want exit %d and %q", c.args, code, errOut, c.code, c.frag)
		}
	}
}

// TestHostileCrossProduct puts every value of a list of hostile inputs
// into every argument and flag of every command, and checks that each
// refusal reads as checkRefusal wants (accepted values are fine).
func TestHostileCrossProduct(t *testing.T) {
	values := []string{
		"", " ", "-", "--", "---", "-1", "-0", "0", "00", "960", "961", "999999999999999999999999",
		"0x10", "0o7", "0b1", "1_0", "+5", "1e3", "5.0", "NaN", "x", "é", "日本", "\x00", "\xff", "\t",
		"--json", "-h=x", "a,b", ",", "1-", "-5", "5--6", "SP-", "#", "sp-961", "RNBQKBN", "RNBQKBNRR",
		"rnbQkbnr", "KKKKKKKK", "8/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/8", "/", "//////////",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 1", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1",
		strings.Repeat("R", 300), strings.Repeat("9", 300), strings.Repeat("/", 300), strings.Repeat("é", 200),
		"O-O-O-O", "Ke9", "e9", "Nxyz", "e7e8k", "0000", "e1e1",
	}
	templates := [][]string{
		{"pos", "V"}, {"pos", "V", "--fritz9"}, {"pos", "518", "--json=V"},
		{"id", "V"}, {"id", "V", "--json"},
		{"random", "--count", "V"}, {"random", "--exclude", "V"}, {"random", "V"},
		{"table", "--format", "V"}, {"tables", "V"},
		{"explain", "V"}, {"explain", "V", "--fritz9"},
		{"fen", "V"}, {"fen", "518", "--castling", "V"}, {"fen", "V", "--json"},
		{"moves", "V"}, {"moves", "V", "--json"},
		{"play", "V"}, {"play", "518", "V"}, {"play", "startpos", "e4", "V", "--json"},
		{"perft", "V", "--depth", "1"}, {"perft", "518", "--depth", "V"}, {"perft", "--pos", "V", "--depth", "1"},
		{"perft", "518", "--depth", "1", "--threads", "V"}, {"perft", "518", "--depth", "1", "--hash", "V"},
		{"perft", "--suite", "-", "--max-nodes", "V"},
		{"help", "V"}, {"V"}, {"V", "518"},
	}
	n, refused := 0, 0
	for _, tmpl := range templates {
		for _, v := range values {
			args := make([]string, len(tmpl))
			for i, a := range tmpl {
				args[i] = strings.ReplaceAll(a, "V", v)
			}
			// Keep the accepted cases quick: no deep count (of 518, any
			// depth past 3 that --depth takes), no huge draw.
			if d, err := decimal.Int(v, 0, 1<<30); err == nil && d > 3 && tmpl[0] == "perft" && len(tmpl) > 3 && tmpl[2] == "--depth" && tmpl[3] == "V" {
				continue
			}
			if len(tmpl) > 1 && tmpl[len(tmpl)-2] == "--hash" && decimal.Digits(v) && len(v) > 2 {
				continue // a table of hundreds of MB takes seconds to clear
			}
			stdin := "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"
			if len(tmpl) > 1 && tmpl[1] == "--suite" {
				stdin = "id x\nepd 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nperft 1 5\nperft 2 25\n"
			}
			out, errOut, code := call(t, stdin, args...)
			n++
			if code == 0 {
				if strings.Contains(errOut, "\n") && !strings.Contains(errOut, ": note: ") {
					t.Errorf("chess960 %q: accepted, but stderr %.300q", args, errOut)
				}
				continue
			}
			refused++
			checkRefusal(t, args, out, errOut, code)
		}
	}
	t.Logf("%d command lines, %d refused", n, refused)
	if n < 1000 {
		t.Errorf("only %d command lines tried", n)
	}
}
