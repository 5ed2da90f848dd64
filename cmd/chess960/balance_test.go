package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rows returns the data rows of a CSV table (not the header row, nor the
// comments of the previous form).
func rows(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "id,") {
			out = append(out, l)
		}
	}
	return out
}

// header is the header row of a table.
const header = "id,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv,engine,search_depth,options,date\n"

// today matches the date column.
var today = regexp.MustCompile(`,20\d\d-\d\d-\d\d$`)

// legacy turns a table of this form into the previous one: comment lines
// naming the engine, depth, options and date, the first ten columns.
func legacy(t *testing.T, table, engine, depth, options string) string {
	t.Helper()
	out := "# chess960 balance: every start position searched by a UCI engine\n# engine: " + engine + "\n# depth: " + depth +
		"\n# options: " + options + "\n# date: 2026-11-30\nid,rank,score_cp,mate,bestmove,depth,seldepth,nodes,time_ms,pv\n"
	tail := "," + engine + "," + depth + "," + options + ","
	for _, r := range rows(table) {
		i := strings.Index(r, tail)
		if i < 0 {
			t.Fatalf("row %q lacks %q", r, tail)
		}
		out += r[:i] + "\n"
	}
	return out
}

func TestBalanceShard(t *testing.T) {
	eng := fakeEngine(t)
	out := mustRun(t, "balance", "--shard", "1/240", "--depth", "3", "--engine", eng)
	if !strings.HasPrefix(out, header) {
		t.Errorf("no header row:\n%s", out)
	}
	r := rows(out)
	if len(r) != 4 {
		t.Fatalf("%d rows, want 4:\n%s", len(r), out)
	}
	// The fake plays the first legal move in UCI order: a2a3 from every
	// one of these four, then a7a5 a3a4 b7b5 from position 0 (BBQNNRKR:
	// the bishops on a8 and b8 are shut in until a7 is empty; b7b5 sorts
	// before b8a7). It scores cp 20*3-15 at depth 3, seldepth 5, 300
	// nodes, 3 ms. Each row ends with the engine, the depth searched, the
	// options set and the day.
	if !strings.HasPrefix(r[0], "0,BBQNNRKR,45,,a2a3,3,5,300,3,a2a3 a7a5 a3a4 b7b5,Fake 1.0,3,Hash=16,") {
		t.Errorf("row 0: %q", r[0])
	}
	for i, rank := range []string{"BBQNNRKR", "BQNBNRKR", "BQNNRBKR", "BQNNRKRB"} {
		if !strings.HasPrefix(r[i], strings.Join([]string{string(rune('0' + i)), rank, "45", "", "a2a3", "3"}, ",")) || !today.MatchString(r[i]) {
			t.Errorf("row %d: %q", i, r[i])
		}
	}
	// JSON Lines: one object per row, with the same names.
	out = mustRun(t, "balance", "--shard", "2/240", "--depth", "2", "--engine", eng, "--format", "json", "--jobs", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var row map[string]any
	if len(lines) != 4 || json.Unmarshal([]byte(lines[0]), &row) != nil {
		t.Fatalf("json:\n%s", out)
	}
	if row["id"] != 4.0 || row["score_cp"] != 25.0 || row["mate"] != nil || row["bestmove"] != "a2a3" || row["engine"] != "Fake 1.0" || row["search_depth"] != 2.0 || row["options"] != "Hash=16" {
		t.Errorf("json row: %s", lines[0])
	}
}

// TestBalanceResume kills a run after some rows, cuts its last line short,
// and resumes it: the finished rows are kept as they are, and only the
// others are computed.
func TestBalanceResume(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "chess960")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The fake stalls in its fourth search and says so on a named pipe:
	// by then the first two rows are in the file, and the third may be.
	signal := filepath.Join(t.TempDir(), "signal")
	if err := syscall.Mkfifo(signal, 0o600); err != nil {
		t.Fatal(err)
	}
	eng := fakeEngine(t, "-stall-at", "4", "-signal", signal)
	file := filepath.Join(t.TempDir(), "shard.csv")
	args := []string{"balance", "--shard", "1/240", "--depth", "3", "--jobs", "1", "--engine", eng, "--out", file}
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stalled := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(signal) // waits for the fake to open the pipe
		stalled <- string(b)
	}()
	select {
	case s := <-stalled:
		if s != "stalled at search 4\n" {
			t.Fatalf("signal %q", s)
		}
	case err := <-exited:
		t.Fatalf("balance exited before the engine stalled: %v\n%s", err, stderr.String())
	case <-time.After(time.Minute): // a guard against a hang
		cmd.Process.Kill()
		t.Fatal("the engine did not reach its fourth search")
	}
	cmd.Process.Kill()
	<-exited
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	done := rows(string(data))
	if len(done) < 2 || len(done) > 3 || !strings.HasSuffix(string(data), "\n") {
		t.Fatalf("after the kill:\n%s", data)
	}
	// Mark the finished rows (12345 nodes, which the fake never reports)
	// to see that they are kept, and add a line cut short by the kill.
	marked := strings.ReplaceAll(string(data), ",300,", ",12345,")
	next := len(done)
	marked += []string{"", "", "2,BQNNRBKR,4", "3,BQNNRKRB,45,,a2"}[next]
	if err := os.WriteFile(file, []byte(marked), 0o644); err != nil {
		t.Fatal(err)
	}
	// Without --resume the file is not overwritten.
	_, errOut, code := call(t, "", args...)
	if code != 1 || !strings.Contains(errOut, "the file exists: continue it with --resume") {
		t.Errorf("exists: %d %q", code, errOut)
	}
	// Another depth cannot continue it.
	bad := []string{"balance", "--shard", "1/240", "--depth", "4", "--jobs", "1", "--engine", eng, "--out", file, "--resume"}
	_, errOut, code = call(t, "", bad...)
	if code != 1 || !strings.Contains(errOut, `was made by "Fake 1.0" at depth 3 with "Hash=16"; this run is "Fake 1.0" at depth 4`) {
		t.Errorf("other depth: %d %q", code, errOut)
	}
	_, errOut, code = call(t, "", append(args, "--resume")...)
	if code != 0 || !strings.Contains(errOut, "dropped a last line cut short") {
		t.Fatalf("resume: exit %d, stderr %q", code, errOut)
	}
	data, _ = os.ReadFile(file)
	got := rows(string(data))
	if len(got) != 4 {
		t.Fatalf("after resuming:\n%s", data)
	}
	for i, r := range got {
		if !strings.HasPrefix(r, string(rune('0'+i))+",") {
			t.Errorf("row %d: %q (not sorted)", i, r)
		}
		kept := strings.Contains(r, ",12345,")
		if (i < next) != kept || (!kept && !strings.Contains(r, ",300,")) {
			t.Errorf("row %d: %q; the first %d rows should be kept", i, r, next)
		}
	}
	// Resuming a finished file computes nothing.
	if _, errOut, code := call(t, "", append(args, "--resume")...); code != 0 || !strings.Contains(errOut, "4 of 4 positions done") {
		t.Errorf("resume when done: %d %q", code, errOut)
	}
	// A run begun with the previous form (comment lines) is written anew
	// in this one, and continued.
	old := legacy(t, strings.Join(rows(string(data))[:2], "\n"), "Fake 1.0", "3", "Hash=16")
	if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = call(t, "", append(args, "--resume")...)
	if code != 0 || !strings.Contains(errOut, "was of the previous form: written anew") || !strings.Contains(errOut, "resuming "+file+": 2 of 4 positions done") {
		t.Errorf("resume of the previous form: %d %q", code, errOut)
	}
	data, _ = os.ReadFile(file)
	got = rows(string(data))
	if !strings.HasPrefix(string(data), header) || len(got) != 4 || !strings.HasSuffix(got[0], ",Fake 1.0,3,Hash=16,2026-11-30") || !today.MatchString(got[3]) {
		t.Errorf("after resuming the previous form:\n%s", data)
	}
	_, errOut, code = call(t, "", "balance", "--resume", "--engine", eng)
	if code != 2 || !strings.Contains(errOut, "--resume needs --out FILE") {
		t.Errorf("resume without out: %d %q", code, errOut)
	}
}

func TestBalanceMerge(t *testing.T) {
	eng := fakeEngine(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	mustRun(t, "balance", "--shard", "1/2", "--depth", "1", "--engine", eng, "--out", a)
	mustRun(t, "balance", "--shard", "2/2", "--depth", "1", "--engine", eng, "--out", b)
	out := mustRun(t, "balance", "--merge", a, b)
	r := rows(out)
	if len(r) != 960 || !strings.HasPrefix(out, header) || !strings.HasPrefix(r[0], "0,BBQNNRKR,") || !strings.HasPrefix(r[959], "959,RKRNNQBB,") {
		t.Fatalf("merged: %d rows\n%.300s", len(r), out)
	}
	merged := filepath.Join(dir, "all.json")
	mustRun(t, "balance", "--merge", b, a, "--out", merged)
	data, _ := os.ReadFile(merged)
	if n := strings.Count(string(data), "\n"); n != 960 || !strings.HasPrefix(string(data), `{"id":0,"rank":"BBQNNRKR",`) || !strings.Contains(string(data), `"engine":"Fake 1.0","search_depth":1,"options":"Hash=16","date":"20`) {
		t.Errorf("merged to JSON: %d lines\n%.300s", n, data)
	}
	// Parts of the previous form merge into this form.
	aOld := filepath.Join(dir, "a-old.csv")
	aNew, _ := os.ReadFile(a)
	os.WriteFile(aOld, []byte(legacy(t, string(aNew), "Fake 1.0", "1", "Hash=16")), 0o644)
	out = mustRun(t, "balance", "--merge", aOld, b)
	r = rows(out)
	if len(r) != 960 || !strings.HasPrefix(out, header) || !strings.HasSuffix(r[0], ",Fake 1.0,1,Hash=16,2026-11-30") || !today.MatchString(r[959]) {
		t.Errorf("merged with a part of the previous form: %d rows\n%.300s", len(r), out)
	}
	// Overlaps, gaps and other engines or depths are refused.
	aData, _ := os.ReadFile(a)
	bData, _ := os.ReadFile(b)
	bRows := rows(string(bData))
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	overlap := write("overlap.csv", string(aData)+bRows[0]+"\n")
	gap := write("gap.csv", strings.Replace(string(bData), bRows[100]+"\n", "", 1))
	depth := write("depth.csv", strings.ReplaceAll(string(bData), ",Fake 1.0,1,Hash=16,", ",Fake 1.0,2,Hash=16,"))
	engine := write("engine.csv", strings.ReplaceAll(string(bData), ",Fake 1.0,1,Hash=16,", ",Other 2,1,Hash=16,"))
	mixed := write("mixed.csv", strings.Replace(string(bData), ",Fake 1.0,1,Hash=16,", ",Fake 1.0,1,Hash=32,", 1))
	for _, c := range []struct {
		files []string
		msg   string
	}{
		{[]string{overlap, b}, "position 480 is in both " + overlap + " and " + b},
		{[]string{a, gap}, "1 positions are in none of the files: 580"},
		{[]string{a}, "480 positions are in none of the files: 480-959"},
		{[]string{a, depth}, `was made by "Fake 1.0" at depth 1 with "Hash=16", but ` + depth + ` by "Fake 1.0" at depth 2`},
		{[]string{a, engine}, `but ` + engine + ` by "Other 2"`},
		{[]string{a, filepath.Join(dir, "none.csv")}, "no such file"},
		{[]string{a, mixed}, `mixed.csv:3: malformed balance table: position 481 was made by "Fake 1.0" at depth 1 with "Hash=16", but position 480 (line 2) by "Fake 1.0" at depth 1 with "Hash=32"`},
	} {
		_, errOut, code := call(t, "", append([]string{"balance", "--merge"}, c.files...)...)
		if code != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("merge %v: exit %d, %q; want %q", c.files, code, errOut, c.msg)
		}
	}
	_, errOut, code := call(t, "", "balance", "--merge", a, b, "--depth", "3")
	if code != 2 || !strings.Contains(errOut, "--merge takes only --out and --format, not --depth") {
		t.Errorf("merge --depth: %d %q", code, errOut)
	}
}

func TestBalanceErrors(t *testing.T) {
	eng := fakeEngine(t)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--shard", "0/4"}, 1, `--shard "0/4": out of range`},
		{[]string{"--shard", "5/4"}, 1, `--shard "5/4": out of range`},
		{[]string{"--shard", "1/961"}, 1, `out of range`},
		{[]string{"--shard", "x"}, 1, `--shard "x": want I/N`},
		{[]string{"--depth", "0"}, 1, `--depth "0": out of range: must be 1..100`},
		{[]string{"--jobs", "0"}, 1, `--jobs "0": out of range: must be 1..256`},
		{[]string{"--format", "xml"}, 1, `--format "xml": unknown value: want csv or json`},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--shard", "1/960", "--engine", fakeEngine(t, "-no960")}, 1, "has no UCI_Chess960 option"},
		{[]string{"--shard", "1/960", "--engine", fakeEngine(t, "-crash")}, 1, "segmentation fault (planted)"},
	} {
		args := append([]string{"balance"}, c.args...)
		if !slices.Contains(c.args, "--engine") {
			args = append(args, "--engine", eng)
		}
		_, errOut, code := call(t, "", args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

// TestBalanceStockfish: "balance --shard 1/240 --depth 8 writes 4 rows".
func TestBalanceStockfish(t *testing.T) {
	sf := stockfishPath(t)
	file := filepath.Join(t.TempDir(), "sf.csv")
	mustRun(t, "balance", "--shard", "1/240", "--depth", "8", "--engine", sf, "--out", file, "--jobs", "2")
	data, _ := os.ReadFile(file)
	r := rows(string(data))
	if len(r) != 4 || !strings.HasPrefix(string(data), header) || !strings.Contains(r[0], ",Stockfish ") {
		t.Fatalf("%s", data)
	}
	for i, row := range r {
		f := strings.Split(row, ",")
		if f[0] != string(rune('0'+i)) || f[5] != "8" || (f[2] == "") == (f[3] == "") {
			t.Errorf("row %q", row)
		}
	}
}
