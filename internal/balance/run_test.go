package balance

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/uci"
)

// day is the clock of these runs.
func day() time.Time { return time.Date(2026, 3, 4, 23, 59, 0, 0, time.UTC) }

func fakeConfig(t *testing.T, flags ...string) Config {
	return Config{Engine: uci.Config{Path: testtool.FakeEngine(t), Args: flags}, Depth: 3, Jobs: 3, Hash: 16, Now: day}
}

// TestRun computes a shard to stdout with three engines: the rows come in
// id order, each made as the fake makes it (the first legal move in UCI
// order, cp 20*3-15 at depth 3, seldepth 5, 300 nodes, 3 ms), and Progress
// sees every row. From each of these four (the queen on a1), the first
// moves are a2a3, a7a5, then a1a2 for the queen, and a5a4.
func TestRun(t *testing.T) {
	var out strings.Builder
	var seen []Progress
	c := fakeConfig(t)
	c.Shard, c.Stdout = Shard{I: 2, N: 240}, &out
	c.Progress = func(p Progress) { seen = append(seen, p) }
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	want := head +
		"4,QBBNNRKR,45,,a2a3,3,5,300,3,a2a3 a7a5 a1a2 a5a4,Fake 1.0,3,Hash=16,2026-03-04\n" +
		"5,QNBBNRKR,45,,a2a3,3,5,300,3,a2a3 a7a5 a1a2 a5a4,Fake 1.0,3,Hash=16,2026-03-04\n" +
		"6,QNBNRBKR,45,,a2a3,3,5,300,3,a2a3 a7a5 a1a2 a5a4,Fake 1.0,3,Hash=16,2026-03-04\n" +
		"7,QNBNRKRB,45,,a2a3,3,5,300,3,a2a3 a7a5 a1a2 a5a4,Fake 1.0,3,Hash=16,2026-03-04\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if len(seen) != 5 || (seen[0].Done != 0 || seen[0].Of != 4 || seen[0].Row.Rank != "") || seen[4].Done != 4 || seen[4].Of != 4 {
		t.Errorf("progress %+v", seen)
	}
	ids := map[int]bool{}
	for i, p := range seen[1:] {
		if p.Done != i+1 || p.Row.Rank == "" {
			t.Errorf("progress %d: %+v", i+1, p)
		}
		ids[p.Row.ID] = true
	}
	if len(ids) != 4 {
		t.Errorf("rows seen: %v", ids)
	}
}

// TestRunInterrupted: a run whose context ends (as on Ctrl-C) keeps the
// rows it wrote, says how to finish, and --resume computes only the rest.
func TestRunInterrupted(t *testing.T) {
	file := filepath.Join(t.TempDir(), "part.csv")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The third search ends only when it is told to stop: the context
	// ends after the second row, with the third search running.
	c := fakeConfig(t, "-stall-at", "3")
	c.Jobs, c.Shard, c.Out = 1, Shard{I: 1, N: 240}, file
	c.Progress = func(p Progress) {
		if p.Done == 2 {
			cancel()
		}
	}
	err := Run(ctx, c)
	if err == nil || err.Error() != "interrupted; 2 of 4 positions are in "+file+": run the same command with --resume to finish" {
		t.Fatalf("interrupted: %v", err)
	}
	data, _ := os.ReadFile(file)
	if !strings.HasPrefix(string(data), head+"0,") || strings.Count(string(data), "\n") != 3 {
		t.Fatalf("after the interrupt:\n%s", data)
	}
	// Again without Resume: refused, the file kept.
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "the file exists") {
		t.Errorf("without resume: %v", err)
	}
	var notes []string
	var seen []Progress
	c.Engine.Args = nil
	c.Resume, c.Note = true, func(s string) { notes = append(notes, s) }
	c.Progress = func(p Progress) { seen = append(seen, p) }
	c.Now = func() time.Time { return day().Add(time.Hour) } // the next day
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || notes[0] != "resuming "+file+": 2 of 4 positions done" {
		t.Errorf("notes %q", notes)
	}
	if len(seen) != 3 || (seen[0].Done != 2 || seen[0].Of != 4 || seen[0].Resumed != 2 || seen[0].Row.Rank != "") || seen[2].Done != 4 {
		t.Errorf("progress %+v", seen)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := Read(f, file)
	if err != nil || len(got.Rows) != 4 || got.Header.Date != "2026-03-04 to 2026-03-05" {
		t.Fatalf("%+v, %v", got, err)
	}
	for i, r := range got.Rows {
		if r.ID != i {
			t.Errorf("row %d: id %d (not sorted)", i, r.ID)
		}
	}
}

// TestRunErrors: an engine that fails stops the run with its error, and
// the rows done are kept.
func TestRunErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "t.csv")
	c := fakeConfig(t, "-crash")
	c.Shard, c.Out = Shard{I: 1, N: 240}, file
	err := Run(context.Background(), c)
	if err == nil || !strings.Contains(err.Error(), "segmentation fault (planted)") || !strings.Contains(err.Error(), "0 of 4 positions are in "+file) {
		t.Errorf("crash: %v", err)
	}
	c = fakeConfig(t, "-no960")
	c.Stdout = &strings.Builder{}
	if err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), `engine "Fake 1.0" has no UCI_Chess960 option`) {
		t.Errorf("no960: %v", err)
	}
	// A file from another run is not continued.
	c = fakeConfig(t)
	c.Shard, c.Out, c.Resume = Shard{I: 2, N: 240}, file, true
	os.WriteFile(file, []byte(head+"0,BBQNNRKR,45,,a2a3,3,5,300,3,a2a3,Fake 1.0,3,Hash=16,2026-03-04\n"), 0o644)
	if err := Run(context.Background(), c); err == nil || err.Error() != "--resume: "+file+" holds position 0, outside positions 4-7 of this run" {
		t.Errorf("other shard: %v", err)
	}
	c.Shard, c.Format, c.FormatGiven = Shard{I: 1, N: 240}, JSON, true
	if err := Run(context.Background(), c); err == nil || err.Error() != "--resume: "+file+" is csv, not json" {
		t.Errorf("other format: %v", err)
	}
}

// failing is an output file whose Truncate or Seek fails.
type failing struct {
	outFile
	truncate, seek error
}

func (f failing) Truncate(n int64) error {
	if f.truncate != nil {
		return f.truncate
	}
	return f.outFile.Truncate(n)
}

func (f failing) Seek(off int64, whence int) (int64, error) {
	if f.seek != nil {
		return 0, f.seek
	}
	return f.outFile.Seek(off, whence)
}

// TestRunResumeTruncateSeek: --resume cuts the file to its complete rows
// and goes to its end; when Truncate or Seek fails, the run stops with
// that error, naming the file, and computes nothing (before, the error
// was dropped and rows were appended after a torn line).
func TestRunResumeTruncateSeek(t *testing.T) {
	file := filepath.Join(t.TempDir(), "part.csv")
	torn := head + "4,QBBNNRKR,45,,a2a3,3,5,300,3,a2a3 a7a5 a1a2 a5a4,Fake 1.0,3,Hash=16,2026-03-04\n5,QNBB"
	for _, tc := range []struct {
		name string
		f    failing
		want string
		left string // the file after the run
	}{
		{"truncate", failing{truncate: errors.New("truncate: input/output error (planted)")}, "truncate: input/output error (planted)", torn},
		{"seek", failing{seek: errors.New("seek: illegal seek (planted)")}, "seek: illegal seek (planted)", torn[:strings.LastIndexByte(torn, '\n')+1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(file, []byte(torn), 0o644); err != nil {
				t.Fatal(err)
			}
			opens := 0
			defer func(o func(string, int, os.FileMode) (outFile, error)) { openOut = o }(openOut)
			openOut = func(name string, flag int, perm os.FileMode) (outFile, error) {
				f, err := os.OpenFile(name, flag, perm)
				if err != nil {
					return nil, err
				}
				opens++
				fail := tc.f
				fail.outFile = f
				return fail, nil
			}
			c := fakeConfig(t)
			c.Shard, c.Out, c.Resume = Shard{I: 2, N: 240}, file, true
			rows := 0
			c.Progress = func(p Progress) {
				if p.Row.Rank != "" {
					rows++
				}
			}
			err := Run(context.Background(), c)
			if err == nil || err.Error() != "--resume "+file+": "+tc.want {
				t.Errorf("err %v; want --resume %s: %s", err, file, tc.want)
			}
			if opens != 1 || rows != 0 {
				t.Errorf("%d opens, %d rows computed; want 1 and 0", opens, rows)
			}
			if data, _ := os.ReadFile(file); string(data) != tc.left {
				t.Errorf("the file after the run:\n%s\nwant\n%s", data, tc.left)
			}
		})
	}
}
