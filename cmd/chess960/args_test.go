package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseDecimal: plain decimal digits only, with a range.
func TestParseDecimal(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "010": 10, "15": 15, "000000000000000000000000007": 7} {
		if n, err := parseDecimal(in, 0, 15); err != nil || n != want {
			t.Errorf("parseDecimal(%q) = %d, %v; want %d", in, n, err, want)
		}
	}
	for in, want := range map[string]string{
		"": "plain decimal", "0x10": "plain decimal", "0o7": "plain decimal", "0b1": "plain decimal", "1_0": "plain decimal",
		"+5": "plain decimal", "1e3": "plain decimal", " 5": "plain decimal", "5 ": "plain decimal", "-": "plain decimal", "--5": "plain decimal",
		"16": "out of range: must be 0..15", "-1": "out of range: must be 0..15", "-0": "out of range: must be 0..15",
		"99999999999999999999999": "out of range: must be 0..15", "٣": "plain decimal",
	} {
		if _, err := parseDecimal(in, 0, 15); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("parseDecimal(%q) = %v; want %q", in, err, want)
		}
	}
	if n, err := parseDecimal("-5", -10, 10); err != nil || n != -5 {
		t.Errorf("parseDecimal(-5) = %d, %v", n, err)
	}
	if _, err := parseDecimal("-99999999999999999999", -10, 1<<62); err == nil {
		t.Error("a huge negative number is in range")
	}
}

// TestFlagValues: every number flag of every command is a numberFlag,
// which reads plain decimal ("010" is ten); the flag package's own number
// values read Go literals (0x10, 1_0, octal 010), so no command may use
// them. The other flags are choices, booleans, strings and durations.
func TestFlagValues(t *testing.T) {
	for _, c := range commands {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.setup(fs)
		fs.VisitAll(func(f *flag.Flag) {
			switch v := f.Value.(type) {
			case *number, *choice:
			default:
				switch kind := fmt.Sprintf("%T", v); kind {
				case "*flag.boolValue", "*flag.stringValue", "*flag.durationValue":
				default:
					t.Errorf("%s --%s is a %s: use numberFlag, choiceFlag, boolFlag or a string", c.name, f.Name, kind)
				}
			}
		})
	}
	if len(commands) < 15 {
		t.Errorf("only %d commands registered", len(commands))
	}
}

// TestBoolFlags: a true/false flag alone is true; a value is read by the
// flag package, and a bad one is refused with the flag's name.
func TestBoolFlags(t *testing.T) {
	for in, want := range map[string]bool{"--b": true, "--b=TRUE": true, "--b=false": false, "-b=False": false} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		b := boolFlag(fs, "b", "")
		if _, err := parseFlags(fs, []string{in}); err != nil || *b != want {
			t.Errorf("%s: %v, %v", in, *b, err)
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	boolFlag(fs, "b", "")
	if _, err := parseFlags(fs, []string{"--b=yes"}); err == nil || err.Error() != `--b "yes": want true or false` {
		t.Errorf("--b=yes: %v", err)
	}
}

// TestReadArg: "-" reads the argument from stdin, trimmed.
func TestReadArg(t *testing.T) {
	var out strings.Builder
	e := &env{stdin: strings.NewReader(" RNBQKBNR \n"), stdout: &out}
	if s, err := readInput(e, "-", "line"); err != nil || s != "RNBQKBNR" {
		t.Errorf("readInput: %q %v", s, err)
	}
}

// TestOpenArg: every command that reads a file named by an argument or a
// flag opens it the one way (openArg): a missing file and a directory get
// the same error, naming the file and the reason, and exit 1 before any
// output; "-" is stdin.
func TestOpenArg(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "none.txt")
	db := filepath.Join(dir, "e.db")
	readers := [][]string{
		{"event", "import", "FILE", "--db", db},
		{"event", "new", "--name", "x", "--rounds", "1", "--players", "FILE", "--db", db},
		{"book", "check", "FILE"},
		{"book", "fix", "FILE", "--castling", "xfen"},
		{"pair", "--dutch", "FILE", "-p"},
		{"perft", "--suite", "FILE"},
		{"pgn", "FILE"},
	}
	for _, args := range readers {
		for file, reason := range map[string]string{dir: "is a directory", missing: "no such file or directory"} {
			a := append([]string(nil), args...)
			for i := range a {
				if a[i] == "FILE" {
					a[i] = file
				}
			}
			out, errOut, code := call(t, "", a...)
			want := quoteArg(file) + ": " + reason + "\n"
			if code != 1 || out != "" || !strings.HasSuffix(errOut, want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("chess960 %s: exit %d, stdout %q, stderr %q; want exit 1 and ...%q", strings.Join(a, " "), code, out, errOut, want)
			}
		}
	}
	// "-" is stdin.
	if out := mustRunStdin(t, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n", "book", "check", "-"); !strings.HasPrefix(out, "-: EPD, 1 position,") {
		t.Errorf("book check -: %q", out)
	}
}

func mustRunStdin(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, errOut, code := call(t, stdin, args...)
	if code != 0 {
		t.Fatalf("chess960 %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
	}
	return out
}
