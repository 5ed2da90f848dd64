package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
)

const (
	tolerant = "../../pgn/testdata/corpus/tolerant.pgn"
	broken   = "../../pgn/testdata/hand/broken.pgn"
	lichess  = "../../pgn/testdata/corpus/lichess.pgn"
)

// The line per game, read off tolerant.pgn and broken.pgn by hand; the exit
// status is 1 once every game is printed, and stderr says how many had
// errors.
func TestPGNText(t *testing.T) {
	out, errOut, code := call(t, "", "pgn", tolerant)
	want := `1  A. Player - B. Player  pos 518  18 plies  1-0
2  ? - ?  from FEN  5 plies  *
3  ? - ?  from FEN  6 plies  *
4  ? - ?  pos 342  10 plies  1/2-1/2
5  ? - ?  pos 294  8 plies  0-1
6  ? - ?  from FEN  7 plies  *
7  ? - ?  pos 0  14 plies  *
8  ? - ?  pos 518  6 plies  1/2-1/2
`
	if out != want || errOut != "" || code != 0 {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errOut, out, want)
	}
	out, errOut, code = call(t, "", "pgn", broken)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 14 || errOut != "chess960 pgn: 13 of 14 games have errors\n" {
		t.Fatalf("broken.pgn: exit %d, %d lines, stderr %q", code, len(lines), errOut)
	}
	for i, want := range map[int]string{
		0:  `1  ? - ?  pos 518  2 plies  *  error at line 3:13: "Ke3": illegal move: no white king can move to e3 (blocked, pinned, or not its way of moving)`,
		4:  `5  ? - ?  no start  0 plies  *  error at line 19:1: "[Site unquoted]": malformed tag pair: want [Name "value"]`,
		13: `14  ? - ?  pos 518  3 plies  *`,
	} {
		if lines[i] != want {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], want)
		}
	}
}

// --json: one object per game, numbered across the files; its status is
// the status play --json gives for the same moves.
func TestPGNJSON(t *testing.T) {
	out, errOut, code := call(t, "", "pgn", "--json", tolerant, lichess)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 8+12 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		var o struct {
			Game     int
			Line     int
			StartFEN string
			UCI      []string
			FEN      string
			Status   string
		}
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if o.Game != i+1 {
			t.Errorf("line %d: game %d", i+1, o.Game)
		}
		if i%3 != 0 {
			continue
		}
		play := mustRun(t, append([]string{"play", o.StartFEN, "--json"}, o.UCI...)...)
		var p struct{ Position struct{ XFEN, Status string } }
		if err := json.Unmarshal([]byte(play), &p); err != nil {
			t.Fatal(err)
		}
		if p.Position.XFEN != o.FEN || p.Position.Status != o.Status || o.Status == "" {
			t.Errorf("game %d: fen %s status %s; play gives %s %s", o.Game, o.FEN, o.Status, p.Position.XFEN, p.Position.Status)
		}
	}
	if !strings.Contains(lines[8], `"line":1,`) {
		t.Errorf("the first game of the second file: %s", lines[8][:60])
	}
}

// --export writes what reads back without an error, with Shredder-FEN on
// request; the errors of games go to stderr.
func TestPGNExport(t *testing.T) {
	out, errOut, code := call(t, "", "pgn", "--export", "--castling", "shredder", tolerant)
	if code != 0 || errOut != "" || !strings.Contains(out, `[FEN "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1"]`) {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	back, errOut, code := call(t, out, "pgn", "--export", "--castling", "shredder", "-")
	if code != 0 || back != out {
		t.Errorf("exported games exported again: exit %d, stderr %q, differ %v", code, errOut, back != out)
	}
	out, errOut, code = call(t, "", "pgn", "--export", broken)
	if code != 1 || strings.Count(out, "[Event ") != 11 || strings.Count(errOut, "\n") != 14 ||
		!strings.Contains(errOut, "chess960 pgn: "+broken+": game 1, line 3:13: \"Ke3\": illegal move") {
		t.Errorf("broken.pgn: exit %d, %d games written, stderr\n%s", code, strings.Count(out, "[Event "), errOut)
	}
}

// --stats, counted by hand from tolerant.pgn: 518 has a 1-0, a * and a
// 1/2-1/2; 342 a 1/2-1/2, 294 a 0-1, 0 a *; two games start from other
// positions (a * each).
func TestPGNStats(t *testing.T) {
	out, _, code := call(t, "", "pgn", "--stats", tolerant)
	want := `   ID  RANK        GAMES    WHITE    DRAWS    BLACK   SCORE
    0  BBQNNRKR        1        0        0        0       -
  294  QNBRKBRN        1        0        0        1    0.0%
  342  NRBKQBRN        1        0        1        0   50.0%
  518  RNBQKBNR        2        1        1        0   75.0%
other                  3        0        0        0       -
total                  8        1        2        1   50.0%
`
	if code != 0 || out != want {
		t.Errorf("exit %d:\n%s\nwant\n%s", code, out, want)
	}
	out, _, _ = call(t, "", "pgn", "--stats", "--json", tolerant)
	wantJSON := `[{"id":0,"games":1,"white":0,"draws":0,"black":0},{"id":294,"games":1,"white":0,"draws":0,"black":1},{"id":342,"games":1,"white":0,"draws":1,"black":0},{"id":518,"games":2,"white":1,"draws":1,"black":0},{"id":null,"games":3,"white":0,"draws":0,"black":0}]` + "\n"
	if out != wantJSON {
		t.Errorf("--stats --json:\n%s\nwant\n%s", out, wantJSON)
	}
}

// Compressed input is told by its first bytes, whatever the file's name.
func TestPGNCompressed(t *testing.T) {
	plain, _, _ := call(t, "", "pgn", "--json", tolerant)
	data, err := os.ReadFile(tolerant)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(data)
	zw.Close()
	enc, _ := zstd.NewWriter(nil)
	files := map[string][]byte{
		"games.gz":  gz.Bytes(),
		"games.zst": enc.EncodeAll(data, nil),
		"games.pgn": gz.Bytes(), // a misleading name
	}
	for name, b := range files {
		path := filepath.Join(dir, name)
		os.WriteFile(path, b, 0o644)
		if out, errOut, code := call(t, "", "pgn", "--json", path); code != 0 || out != plain {
			t.Errorf("%s: exit %d, stderr %q, same output %v", name, code, errOut, out == plain)
		}
	}
	if out, errOut, code := call(t, "", "pgn", "--json", "testdata/tolerant.pgn.bz2"); code != 0 || out != plain {
		t.Errorf("bzip2: exit %d, stderr %q, same output %v", code, errOut, out == plain)
	}
	xz := filepath.Join(dir, "games.xz")
	os.WriteFile(xz, []byte("\xfd7zXZ\x00rest"), 0o644)
	if _, errOut, code := call(t, "", "pgn", xz); code != 1 || !strings.Contains(errOut, "xz-compressed") {
		t.Errorf("xz: exit %d, %q", code, errOut)
	}
	bad := filepath.Join(dir, "bad.gz")
	os.WriteFile(bad, gz.Bytes()[:len(gz.Bytes())/2], 0o644)
	if _, errOut, code := call(t, "", "pgn", bad); code != 1 || !strings.Contains(errOut, "bad.gz") {
		t.Errorf("a truncated gzip file: exit %d, %q", code, errOut)
	}
}

func TestPGNUsage(t *testing.T) {
	data, _ := os.ReadFile(tolerant)
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		frag  string
	}{
		{string(data), []string{"pgn"}, 0, ""},
		{string(data), []string{"pgn", "-", "--threads", "1"}, 0, ""},
		{"", []string{"pgn", "no-such-file.pgn"}, 1, `"no-such-file.pgn": no such file or directory`},
		{"", []string{"pgn", "."}, 1, "is a directory"},
		{"", []string{"pgn", "--export", "--json", tolerant}, 2, "--export excludes"},
		{"", []string{"pgn", "--castling", "shredder", tolerant}, 2, "--castling sets the FEN tag of --export, and does nothing without it"},
		{"", []string{"pgn", "--export", "--castling", "hrm", tolerant}, 1, `--castling "hrm": unknown value: want xfen or shredder`},
		{"", []string{"pgn", "--threads", "257", tolerant}, 1, `--threads "257": out of range: must be 0..256`},
		{"", []string{"pgn", "--threads", "-1", tolerant}, 1, `--threads "-1": out of range`},
		{"", []string{"pgn"}, 0, ""}, // empty stdin: no games
	} {
		out, errOut, code := call(t, c.stdin, c.args...)
		if code != c.code || !strings.Contains(errOut, c.frag) {
			t.Errorf("%v: exit %d, stderr %q; want %d with %q", c.args, code, errOut, c.code, c.frag)
		}
		if c.code == 0 && c.stdin != "" && strings.Count(out, "\n") != 8 {
			t.Errorf("%v: %d lines", c.args, strings.Count(out, "\n"))
		}
	}
}

// The progress line, as a terminal shows it: games, MB/s, share and time
// left; cleared before another line goes to stderr.
func TestPGNProgress(t *testing.T) {
	var b bytes.Buffer
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := newPGNProgress(&b, 10_000_000)
	p.on, p.now = true, func() time.Time { return clock }
	p.start = clock.Add(-2 * time.Second)
	p.read.Store(5_000_000)
	p.tick(100) // not a multiple of 256: nothing
	if b.Len() != 0 {
		t.Errorf("drawn at 100 games: %q", b.String())
	}
	p.tick(512)
	if got := b.String(); got != "\r512 games, 2.5 MB/s, 50%, ETA 2s\033[K" {
		t.Errorf("progress %q", got)
	}
	b.Reset()
	p.tick(768) // within 200 ms of the last: not redrawn
	clock = clock.Add(200 * time.Millisecond)
	p.read.Store(6_000_000)
	p.tick(1024)
	if got := b.String(); got != "\r1024 games, 2.7 MB/s, 60%, ETA 1s\033[K" {
		t.Errorf("progress after 200 ms %q", got)
	}
	b.Reset()
	p.clear()
	if b.String() != "\r\033[K" {
		t.Errorf("clear %q", b.String())
	}
	if q := newPGNProgress(&b, 0); q.on {
		t.Error("progress drawn on a buffer")
	}
}

// Every output form is the same on one thread and on several, over enough
// games that output buffers and games are reused many times (batches of
// 32 games): reuse must never let one game's output into another's.
func TestPGNThreadsAgree(t *testing.T) {
	files, err := filepath.Glob("../../pgn/testdata/*/*.pgn")
	if err != nil || len(files) < 5 {
		t.Fatalf("test files: %v, %v", files, err)
	}
	var in strings.Builder
	for range 6 {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			in.Write(data)
			in.WriteString("\n")
		}
	}
	for _, form := range [][]string{{}, {"--json"}, {"--export"}, {"--stats"}, {"--stats", "--json"}} {
		args := append([]string{"pgn"}, form...)
		one, oneErr, oneCode := call(t, in.String(), append(args, "--threads", "1", "-")...)
		if strings.Count(one, "\n") < 300 && !slices.Contains(form, "--stats") {
			t.Fatalf("%v: only %d lines", form, strings.Count(one, "\n"))
		}
		for _, n := range []string{"2", "3", "8"} {
			out, errOut, code := call(t, in.String(), append(args, "--threads", n, "-")...)
			if out != one || errOut != oneErr || code != oneCode {
				t.Errorf("%v: --threads %s differs from --threads 1 (exit %d and %d, %d and %d bytes out)", form, n, code, oneCode, len(out), len(one))
			}
		}
	}
}

// TestPGNStart: --start gives games without a FEN tag their start, and
// --export writes it in Variant, SetUp and FEN tags; the games with a FEN
// tag keep theirs.
func TestPGNStart(t *testing.T) {
	const text = "[Event \"Broadcast\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. Ne3 Ne6 1-0\n\n[Event \"Own\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Result \"*\"]\n\n1. e4 *\n"
	if _, _, code := call(t, text, "pgn"); code != 1 {
		t.Errorf("without --start: exit %d, want 1 (1. Ne3 is no move from 518)", code)
	}
	out, errOut, code := call(t, text, "pgn", "--start", "959:0", "--export", "--castling", "shredder")
	if code != 0 || !strings.Contains(out, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAhf - 0 1\"]\n\n1. Ne3 Ne6 1-0") {
		t.Errorf("--start 959:0 --export: exit %d %q\n%s", code, errOut, out)
	}
	if strings.Count(out, "[FEN ") != 1 {
		t.Errorf("the game with its own FEN tag got another:\n%s", out)
	}
	for _, c := range []struct{ start, text string }{
		{"2000", "out of range"},
		{"5:960", "0..959"},
		{"not a fen", "--start \"not a fen\""},
	} {
		if _, errOut, code := call(t, text, "pgn", "--start", c.start); code != 1 || !strings.Contains(errOut, c.text) {
			t.Errorf("--start %s: exit %d, %q", c.start, code, errOut)
		}
	}
}
