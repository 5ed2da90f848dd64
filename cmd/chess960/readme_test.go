package main

import (
	"flag"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var readmeSlow = flag.Bool("readme.slow", false, "also run the README examples that count deeper than 6 plies")

// splitShell splits a command line the way sh does for the plain words and
// single-quoted strings the README uses.
func splitShell(s string) []string {
	var out []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, c := range s {
		switch {
		case c == '\'':
			inQuote, have = !inQuote, true
		case c == ' ' && !inQuote:
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(c)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}

// readmeExample is one "$ go run ./cmd/chess960 ..." example of the README.
type readmeExample struct {
	line  int      // where it is in the README
	cmd   string   // the text after "go run ./cmd/chess960 "
	stdin string   // what "echo ... |" before it pipes in
	args  []string // the arguments
	pipe  string   // "head" or "tail", or ""
	n     int      // lines kept by the pipe
	want  []string // the output shown, stderr first
	code  int      // the exit status: the "exit status N" line go run adds, or 0
}

// readmeExamples finds the examples. An example may read stdin from
// "echo WORDS |" and may end in "| head -N" or "| tail -N"; examples with
// any other pipe are skipped. A failing command's output ends in the line
// "exit status N" that go run prints, which gives the expected exit status.
func readmeExamples(t *testing.T) []readmeExample {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^\$ (?:echo (.*?) \| )?go run \./cmd/chess960 (.*?)(?: \| (head|tail) -(\d+))?$`)
	exit := regexp.MustCompile(`^exit status (\d+)$`)
	var out []readmeExample
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		m := re.FindStringSubmatch(lines[i])
		if m == nil || strings.Contains(m[2], "|") || strings.Contains(m[1], "|") {
			continue
		}
		ex := readmeExample{line: i + 1, cmd: m[2], args: splitShell(m[2]), pipe: m[3]}
		if m[1] != "" {
			ex.stdin = strings.Join(splitShell(m[1]), " ") + "\n"
		}
		ex.n, _ = strconv.Atoi(m[4])
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && lines[j] != "```"; j++ {
			ex.want = append(ex.want, lines[j])
		}
		if k := len(ex.want) - 1; k >= 0 {
			if e := exit.FindStringSubmatch(ex.want[k]); e != nil {
				ex.code, _ = strconv.Atoi(e[1])
				ex.want = ex.want[:k]
			}
		}
		out = append(out, ex)
	}
	return out
}

// deep reports whether an example counts deeper than 6 plies.
func (ex readmeExample) deep() bool {
	for i, a := range ex.args {
		if (a == "--depth" || a == "-depth") && i+1 < len(ex.args) {
			if d, err := strconv.Atoi(ex.args[i+1]); err == nil && d > 6 && d <= 15 {
				return true
			}
		}
	}
	return false
}

// TestReadmeExamples runs every "$ go run ./cmd/chess960 ..." example of the
// README in-process and compares its output and exit status with the text
// below it, so the README cannot drift from the program. Timings ("time:"
// lines and the figures of a suite's summary) are not compared. Examples
// that count deeper than 6 plies (seconds of work) run only with
// -readme.slow.
func TestReadmeExamples(t *testing.T) {
	examples := readmeExamples(t)
	t.Chdir("../..") // the examples run at the top of the repository
	if len(examples) < 30 {
		t.Errorf("only %d README examples found", len(examples))
	}
	failing := 0
	for _, ex := range examples {
		if ex.deep() && !*readmeSlow {
			t.Logf("README line %d: skipped (deep count; run with -readme.slow): %s", ex.line, ex.cmd)
			continue
		}
		if ex.code != 0 {
			failing++
			if ex.pipe != "" {
				t.Errorf("README line %d: a failing example piped into %s shows %s's exit status, not ours", ex.line, ex.pipe, ex.pipe)
			}
		}
		out, errOut, code := call(t, ex.stdin, ex.args...)
		got := strings.Split(strings.TrimSuffix(errOut+out, "\n"), "\n")
		switch {
		case ex.pipe == "head" && len(got) > ex.n:
			got = got[:ex.n]
		case ex.pipe == "tail" && len(got) > ex.n:
			got = got[len(got)-ex.n:]
		}
		if strip(got) != strip(ex.want) || code != ex.code {
			t.Errorf("README line %d: chess960 %s\n got (exit %d):\n%s\nwant (exit %d):\n%s", ex.line, ex.cmd, code, strip(got), ex.code, strip(ex.want))
		}
	}
	if failing < 5 {
		t.Errorf("only %d README examples show an error; the README should show how errors read", failing)
	}
}

var timing = regexp.MustCompile(`, [0-9.]+s \([0-9.]+ Mnodes/s\)$`)

// strip drops what varies from run to run: "time:" lines and the time at
// the end of a suite's summary.
func strip(ls []string) string {
	var keep []string
	for _, l := range ls {
		if !strings.HasPrefix(l, "time:") {
			keep = append(keep, timing.ReplaceAllString(l, ", TIME"))
		}
	}
	return strings.Join(keep, "\n")
}

// TestReadmeParser checks the example finder on a made-up README, so that a
// change to it cannot quietly skip examples.
func TestReadmeParser(t *testing.T) {
	ex := readmeExample{args: splitShell(`perft 'a b' --depth 7`)}
	if len(ex.args) != 4 || ex.args[1] != "a b" || !ex.deep() {
		t.Errorf("%q deep=%v", ex.args, ex.deep())
	}
	for _, d := range []string{"6", "16", "x"} {
		if (readmeExample{args: []string{"perft", "--depth", d}}).deep() {
			t.Errorf("depth %s is not deep", d)
		}
	}
	if got := strip([]string{"time:  1s", "x: 3 mismatches, 0.1s (5.0 Mnodes/s)"}); got != "x: 3 mismatches, TIME" {
		t.Errorf("strip: %q", got)
	}
}
