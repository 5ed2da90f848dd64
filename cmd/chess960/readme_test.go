package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

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

// TestReadmeExamples runs every "$ go run ./cmd/chess960 ..." example of the
// README in-process and compares its output with the text pasted below it,
// so the README cannot drift from the program. Timings are not compared;
// examples piped into anything but head or tail are left to the eye.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir("../..") // the examples name files from the top of the repository
	pipe := regexp.MustCompile(`^(.*?)(?: \| (head|tail) -(\d+))?$`)
	lines := strings.Split(string(data), "\n")
	checked := 0
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ go run ./cmd/chess960 ")
		if !ok {
			continue
		}
		var want []string
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && lines[j] != "```"; j++ {
			want = append(want, lines[j])
		}
		m := pipe.FindStringSubmatch(cmd)
		if strings.Contains(m[1], "|") {
			continue
		}
		out, errOut, _ := call(t, "", splitShell(m[1])...)
		got := strings.Split(strings.TrimSuffix(errOut+out, "\n"), "\n")
		if m[2] != "" {
			n, _ := strconv.Atoi(m[3])
			if m[2] == "head" && len(got) > n {
				got = got[:n]
			} else if m[2] == "tail" && len(got) > n {
				got = got[len(got)-n:]
			}
		}
		strip := func(ls []string) string {
			var keep []string
			for _, l := range ls {
				if !strings.HasPrefix(l, "time:") {
					keep = append(keep, l)
				}
			}
			return strings.Join(keep, "\n")
		}
		if strip(got) != strip(want) {
			t.Errorf("README line %d: chess960 %s\n got:\n%s\nwant:\n%s", i+1, cmd, strip(got), strip(want))
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d README examples checked", checked)
	}
}
