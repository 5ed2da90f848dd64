package main

import (
	"strings"
	"testing"
)

// fuzzTemplates are command lines with a hole V for the fuzzed text; the
// fuzzed text is also stdin. Each is quick for any V: depths and counts are
// fixed and small.
var fuzzTemplates = [][]string{
	{"pos", "V"}, {"pos", "V", "--fritz9", "--json"}, {"id", "V"}, {"id", "-"}, {"explain", "V"},
	{"fen", "V"}, {"fen", "V", "--json"}, {"fen", "-", "--castling", "shredder"},
	{"moves", "V", "--json"}, {"moves", "V", "--standard"}, {"moves", "-"},
	{"play", "V", "e4"}, {"play", "startpos", "V"}, {"play", "startpos", "e4", "V", "--json"}, {"play", "-", "V"},
	{"perft", "V", "--depth", "2"}, {"perft", "--suite", "-", "--max-nodes", "10000"},
	{"random", "--exclude", "V", "--count", "3", "--seed", "V"}, {"random", "--seed=V", "--count", "2", "--json"},
	{"table", "--format", "V"}, {"help", "V"}, {"V"}, {"pos", "518", "--V"}, {"perft", "518", "--depth", "1", "--threads", "V"},
}

// longRunning names the commands that, given no arguments, serve until
// stopped or run an engine over all 960 positions.
var longRunning = map[string]bool{"serve": true, "balance": true, "analyse": true, "perft-diff": true}

// FuzzCommandLine runs the command with fuzzed arguments and stdin: it
// never panics, and a refusal is one line on stderr with nothing on stdout.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{"518", "RNBQKBNR", "startpos", "-1", "960", "0x10", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1", "O-O", "e8=K", "Qxf7+", "json", "id x\nepd 8/8/8/8/8/8/8/8 w - -\nperft 1 1\n", "é", ""} {
		for i := range fuzzTemplates {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, v string) {
		tmpl := fuzzTemplates[int(which)%len(fuzzTemplates)]
		args := make([]string, len(tmpl))
		for i, a := range tmpl {
			args[i] = strings.ReplaceAll(a, "V", v)
		}
		if longRunning[args[0]] && len(args) == 1 {
			return // {"V"} naming a command that serves or runs an engine until done
		}
		out, errOut, code := call(t, v, args...)
		if code == 0 {
			for _, l := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
				if l != "" && !strings.Contains(l, ": note: ") {
					t.Fatalf("chess960 %q: accepted, but stderr %q", args, errOut)
				}
			}
			return
		}
		if args[0] == "perft" && args[1] == "--suite" && code == 1 && (strings.Contains(out, " mismatches, ") || strings.Contains(out, " mismatch, ")) {
			return // a suite with wrong counts: the report on stdout, exit 1
		}
		checkRefusal(t, args, out, errOut, code)
	})
}
