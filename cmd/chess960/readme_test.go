package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var readmeSlow = flag.Bool("readme.slow", false, "also run the README examples that count a billion nodes or more")

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

// readmeExample is one "$ go run ./cmd/chess960 ..." example of the README
// or of a page in docs/.
type readmeExample struct {
	file  string   // the page, relative to the top of the repository
	line  int      // where it is in the page
	cmd   string   // the text after "go run ./cmd/chess960 "
	stdin string   // what "echo ... |" before it pipes in
	args  []string // the arguments
	pipe  []string // the filters after it: "head -3", "tail -5", "tr '\n' ' '", "grep -A2 e1h1"
	want  []string // the output shown: stderr, then stdout through the pipe
	code  int      // the exit status: the "exit status N" line go run adds, or 0
}

// docPages are the pages whose examples run: README.md and docs/*.md.
func docPages(t *testing.T) []string {
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, pages...)
}

// readmeExamples finds the examples of every page. An example may read stdin from
// "echo WORDS |" and may be piped through head, tail, tr '\n' ' ' and grep
// (see filter). A failing command's output ends in the line "exit status N"
// that go run prints, which gives the expected exit status.
func readmeExamples(t *testing.T) []readmeExample {
	var out []readmeExample
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pageExamples(strings.TrimPrefix(page, "../../"), string(data))...)
	}
	return out
}

var (
	exampleLine = regexp.MustCompile(`^\$ (?:echo (.*?) \| )?go run \./cmd/chess960 (.*)$`)
	exitLine    = regexp.MustCompile(`^exit status (\d+)$`)
)

// pageExamples finds the examples of one page.
func pageExamples(file, data string) []readmeExample {
	re, exit := exampleLine, exitLine
	var out []readmeExample
	lines := strings.Split(data, "\n")
	for i := 0; i < len(lines); i++ {
		m := re.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		parts := strings.Split(m[2], " | ")
		ex := readmeExample{file: file, line: i + 1, cmd: m[2], args: splitShell(parts[0]), pipe: parts[1:]}
		if m[1] != "" {
			ex.stdin = strings.Join(splitShell(m[1]), " ") + "\n"
		}
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

// filter applies one shell filter of the README to the lines of an output:
// head -N, tail -N, tr '\n' ' ' and grep [-AN] WORD, the ones the README
// uses. It reports false for any other.
func filter(f string, in []string) ([]string, bool) {
	w := splitShell(f)
	switch {
	case len(w) == 2 && (w[0] == "head" || w[0] == "tail") && strings.HasPrefix(w[1], "-"):
		n, err := strconv.Atoi(w[1][1:])
		if err != nil || n > len(in) {
			return in, err == nil
		}
		if w[0] == "head" {
			return in[:n], true
		}
		return in[len(in)-n:], true
	case len(w) == 3 && w[0] == "tr" && w[1] == "\\n" && w[2] == " ":
		return []string{strings.Join(in, " ") + " "}, true
	case len(w) >= 2 && w[0] == "grep":
		after, word := 0, w[len(w)-1]
		if len(w) == 3 && strings.HasPrefix(w[1], "-A") {
			after, _ = strconv.Atoi(w[1][2:])
		} else if len(w) != 2 {
			return nil, false
		}
		var out []string
		for i := 0; i < len(in); i++ {
			if strings.Contains(in[i], word) {
				end := min(i+after, len(in)-1)
				out = append(out, in[i:end+1]...)
				i = end
			}
		}
		return out, true
	}
	return nil, false
}

// slowNodes is the count from which an example is slow: seconds of work.
const slowNodes = 1_000_000_000

// slow reports whether an example counts slowNodes or more, as the
// "nodes: N" line of its output shows. The depth says nothing of the work
// (a position with forced moves counts 1 at depth 32), the count does.
func (ex readmeExample) slow() bool {
	for _, l := range ex.want {
		if n, ok := strings.CutPrefix(l, "nodes: "); ok {
			if v, err := strconv.ParseUint(n, 10, 64); err == nil && v >= slowNodes {
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
// that count a billion nodes or more (seconds of work) run only with
// -readme.slow.
func TestReadmeExamples(t *testing.T) {
	examples := readmeExamples(t)
	// The event examples (docs/events.md) write to a database of their own.
	t.Setenv("CHESS960_DB", filepath.Join(t.TempDir(), "docs.db"))
	t.Chdir("../..") // the examples run at the top of the repository
	if len(examples) < 30 {
		t.Errorf("only %d README examples found", len(examples))
	}
	failing := 0
	for _, ex := range examples {
		if ex.slow() && !*readmeSlow {
			t.Logf("%s:%d: skipped (a count of a billion nodes or more; run with -readme.slow): %s", ex.file, ex.line, ex.cmd)
			continue
		}
		if ex.code != 0 {
			failing++
			if len(ex.pipe) > 0 {
				t.Errorf("%s:%d: a failing example piped into %s shows that program's exit status, not ours", ex.file, ex.line, ex.pipe[0])
			}
		}
		out, errOut, code := call(t, ex.stdin, ex.args...)
		// A pipe filters stdout; stderr (notes) reaches the terminal first.
		var got []string
		if out != "" {
			got = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		}
		ok := true
		for _, f := range ex.pipe {
			if got, ok = filter(f, got); !ok {
				t.Errorf("%s:%d: the test cannot run the filter %q", ex.file, ex.line, f)
				break
			}
		}
		if errOut != "" {
			got = append(strings.Split(strings.TrimSuffix(errOut, "\n"), "\n"), got...)
		}
		if ok && (strip(got) != strip(ex.want) || code != ex.code) {
			t.Errorf("%s:%d: chess960 %s\n got (exit %d):\n%s\nwant (exit %d):\n%s", ex.file, ex.line, ex.cmd, code, strip(got), ex.code, strip(ex.want))
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
	for _, c := range []struct {
		f    string
		in   []string
		want string
	}{
		{"head -2", []string{"a", "b", "c"}, "a|b"},
		{"tail -2", []string{"a", "b", "c"}, "b|c"},
		{"head -5", []string{"a", "b"}, "a|b"},
		{`tr '\n' ' '`, []string{"a", "b"}, "a b "},
		{"grep -A1 x", []string{"x1", "y", "z", "x2"}, "x1|y|x2"},
		{"grep b", []string{"a", "b", "bb"}, "b|bb"},
	} {
		got, ok := filter(c.f, c.in)
		if !ok || strings.Join(got, "|") != c.want {
			t.Errorf("filter %q: %q, %v", c.f, got, ok)
		}
	}
	if _, ok := filter("sort", nil); ok {
		t.Error("sort is not a filter the test knows")
	}
	ex := readmeExample{args: splitShell(`perft 'a b' --depth 7`), want: []string{"nodes: 3195901860", "time:  29.484s"}}
	if len(ex.args) != 4 || ex.args[1] != "a b" || !ex.slow() {
		t.Errorf("%q slow=%v", ex.args, ex.slow())
	}
	for _, want := range [][]string{{"nodes: 999999999"}, {"nodes: 1"}, {"chess960 perft: --depth \"10001\": out of range"}, {"nodes: x"}, nil} {
		if (readmeExample{args: []string{"perft", "--depth", "32"}, want: want}).slow() {
			t.Errorf("%q is not slow", want)
		}
	}
	if got := strip([]string{"time:  1s", "x: 3 mismatches, 0.1s (5.0 Mnodes/s)"}); got != "x: 3 mismatches, TIME" {
		t.Errorf("strip: %q", got)
	}
}

// TestDocPages: the README opens with the two commands a newcomer needs,
// and every relative link and image of the README and docs/ names a file
// that exists.
func TestDocPages(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	first := strings.Index(readme, "```sh\n")
	if first < 0 || !strings.HasPrefix(readme[first+6:], "go run ./cmd/chess960 serve") || !strings.Contains(strings.SplitN(readme[first+6:], "```", 2)[0], "\ngo test ./...") {
		t.Errorf("README.md does not open with go run ./cmd/chess960 serve and go test ./...")
	}
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)|src="([^"]+)"`)
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1] + m[3]
			if strings.Contains(target, "://") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", strings.TrimPrefix(page, "../../"), target)
			}
		}
	}
}
