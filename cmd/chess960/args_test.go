package main

import (
	"flag"
	"io"
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

// TestStdNumberFlags: a number flag defined with the flag package, as the
// commands of other branches may, reads plain decimal too.
func TestStdNumberFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	i := fs.Int("i", 0, "")
	u := fs.Uint64("u", 0, "")
	f := fs.Float64("f", 0, "")
	if _, err := parseFlags(fs, []string{"--i", "010", "--u=0007", "-f", "02.50"}); err != nil || *i != 10 || *u != 7 || *f != 2.5 {
		t.Errorf("got %d %d %g, %v", *i, *u, *f, err)
	}
	for _, args := range [][]string{{"--i", "0x10"}, {"--i", "1_0"}, {"--i", "+5"}, {"--u", "-1"}, {"--f", "1e3"}, {"--f", "0x1p4"}, {"--f", "Inf"}, {"--i", "99999999999999999999"}} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("i", 0, "")
		fs.Uint64("u", 0, "")
		fs.Float64("f", 0, "")
		if _, err := parseFlags(fs, args); err == nil || !strings.HasPrefix(err.Error(), args[0]+" \"") {
			t.Errorf("%q: %v", args, err)
		}
	}
}

// TestReadArg: "-" reads the argument from stdin, trimmed.
func TestReadArg(t *testing.T) {
	var out strings.Builder
	e := &env{stdin: strings.NewReader(" RNBQKBNR \n"), stdout: &out}
	if s, err := readArg(e, "-"); err != nil || s != "RNBQKBNR" {
		t.Errorf("readArg: %q %v", s, err)
	}
}
