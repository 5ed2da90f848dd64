package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// xmlNode is any XML element, read with encoding/xml.
type xmlNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []xmlNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *xmlNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *xmlNode) walk(f func(*xmlNode)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

// svgFacts reads an SVG and returns its root and, by data attribute, what
// it marks: "piece e1" -> "wK", "square e1" -> "e1", "last-move e2", ...
func svgFacts(t *testing.T, s string) (*xmlNode, map[string]string) {
	t.Helper()
	var root xmlNode
	if err := xml.Unmarshal([]byte(s), &root); err != nil {
		t.Fatalf("not XML: %v\n%.300s", err, s)
	}
	facts := map[string]string{}
	root.walk(func(n *xmlNode) {
		sq := n.attr("data-square")
		switch {
		case n.attr("data-piece") != "":
			facts["piece "+sq] = n.attr("data-piece")
		case n.attr("data-mark") != "":
			facts[n.attr("data-mark")+" "+sq] = sq
		case n.attr("data-arrow") != "":
			facts["arrow "+n.attr("data-arrow")] = n.XMLName.Local
		case sq != "":
			facts["square "+sq] = sq
		}
	})
	return &root, facts
}

func count(facts map[string]string, prefix string) int {
	n := 0
	for k := range facts {
		if strings.HasPrefix(k, prefix) {
			n++
		}
	}
	return n
}

func TestSVG(t *testing.T) {
	root, facts := svgFacts(t, mustRun(t, "svg", "518"))
	if title := root.Nodes[0].Text; title != "Chess960 position 518: RNBQKBNR, White to move" {
		t.Errorf("title %q", title)
	}
	if root.attr("width") != "400" || root.attr("data-orientation") != "white" {
		t.Errorf("width %q orientation %q", root.attr("width"), root.attr("data-orientation"))
	}
	if count(facts, "square ") != 64 || count(facts, "piece ") != 32 || facts["piece e1"] != "wK" || facts["piece d8"] != "bQ" || facts["piece g1"] != "wN" {
		t.Errorf("squares %d pieces %d, e1 %q d8 %q g1 %q", count(facts, "square "), count(facts, "piece "), facts["piece e1"], facts["piece d8"], facts["piece g1"])
	}

	// A back rank, flipped, small, with coordinates, dark.
	root, facts = svgFacts(t, mustRun(t, "svg", "bbqnnrkr", "--flip", "--size", "200", "--coords", "--theme", "dark"))
	if root.attr("width") != "200" || root.attr("data-orientation") != "black" || root.attr("class") != "c960-board c960-dark" || root.attr("viewBox") != "-40 -40 880 880" {
		t.Errorf("svg attributes %v", root.Attrs)
	}
	if facts["piece a1"] != "wB" || facts["piece g8"] != "bK" {
		t.Errorf("position 0: a1 %q g8 %q", facts["piece a1"], facts["piece g8"])
	}

	// A FEN, quoted or not, or on stdin.
	fen := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	a := mustRun(t, "svg", fen)
	b := mustRun(t, append([]string{"svg"}, strings.Fields(fen)...)...)
	c, _, code := call(t, fen+"\n", "svg", "-")
	if a != b || a != c || code != 0 {
		t.Errorf("the FEN as one argument, as six and on stdin give different pictures")
	}
	root, facts = svgFacts(t, a)
	if root.Nodes[0].Text != "Chess position, White to move, checkmated" || facts["check e1"] != "e1" || facts["piece h4"] != "bQ" {
		t.Errorf("fool's mate: title %q, check marker %q", root.Nodes[0].Text, facts["check e1"])
	}
}

func TestSVGMarks(t *testing.T) {
	after := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	_, facts := svgFacts(t, mustRun(t, "svg", after, "--highlight", "e1, h1", "--last-move", "e2e4", "--arrow", "g8f6,d4d4"))
	for _, k := range []string{"highlight e1", "highlight h1", "last-move e2", "last-move e4", "arrow g8f6", "arrow d4d4"} {
		if _, ok := facts[k]; !ok {
			t.Errorf("no %s in %v", k, facts)
		}
	}
	if facts["arrow d4d4"] != "circle" {
		t.Errorf("d4d4 drawn as %q, want a ring (circle)", facts["arrow d4d4"])
	}
	// The last move in either castling form marks the king's path.
	for _, move := range []string{"e1g1", "e1h1"} {
		_, facts := svgFacts(t, mustRun(t, "svg", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "--last-move", move))
		if _, ok := facts["last-move g1"]; !ok || count(facts, "last-move ") != 2 {
			t.Errorf("--last-move %s after O-O: %v", move, facts)
		}
	}
	// Castling arrows in either UCI form show the king's path; with the
	// king already on g1, O-O moves only the rook, h1 to f1.
	for _, tc := range []struct{ pos, arrow, want string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "arrow e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "arrow e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "arrow e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "arrow e1c1"},
		{"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", "arrow h1f1"},
		{"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1g1", "arrow h1f1"},
		{"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1", "arrow g1c1"},
	} {
		_, facts := svgFacts(t, mustRun(t, "svg", tc.pos, "--arrow", tc.arrow))
		if _, ok := facts[tc.want]; !ok || count(facts, "arrow ") != 1 {
			t.Errorf("%s --arrow %s: want %s, have %v", tc.pos, tc.arrow, tc.want, facts)
		}
	}
}

func TestSVGPNG(t *testing.T) {
	out := mustRun(t, "svg", "518", "--format", "png", "--size", "240")
	img, err := png.Decode(strings.NewReader(out))
	if err != nil || img.Bounds().Dx() != 240 {
		t.Fatalf("--format png: %v %v", err, img)
	}
	dir := t.TempDir()
	if out := mustRun(t, "svg", "0", "-o", filepath.Join(dir, "b.png")); out != "" {
		t.Errorf("-o: stdout %q", out)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "b.png"))
	if img, err := png.Decode(bytes.NewReader(data)); err != nil || img.Bounds().Dx() != 400 {
		t.Errorf("-o b.png is not a 400 px PNG: %v", err)
	}
	mustRun(t, "svg", "0", "-o", filepath.Join(dir, "b.svg"))
	data, _ = os.ReadFile(filepath.Join(dir, "b.svg"))
	if root, _ := svgFacts(t, string(data)); root.Nodes[0].Text != "Chess960 position 0: BBQNNRKR, White to move" {
		t.Errorf("-o b.svg: title %q", root.Nodes[0].Text)
	}

	// PNG is not written to a terminal.
	saved := stdoutIsTerminal
	defer func() { stdoutIsTerminal = saved }()
	stdoutIsTerminal = func() bool { return true }
	out, errOut, code := call(t, "", "svg", "518", "--format", "png")
	if code != 2 || out != "" || !strings.Contains(errOut, "terminal") || !strings.Contains(errOut, "-o FILE") {
		t.Errorf("PNG to a terminal: exit %d, stdout %d bytes, stderr %q", code, len(out), errOut)
	}
	if _, _, code := call(t, "", "svg", "518"); code != 0 {
		t.Errorf("SVG to a terminal: exit %d", code)
	}
	if _, _, code := call(t, "", "svg", "518", "--format", "png", "-o", filepath.Join(dir, "c.png")); code != 0 {
		t.Errorf("PNG to a file with stdout a terminal: exit %d", code)
	}
}

func TestSVGErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"svg"}, 2, "missing position"},
		{[]string{"svg", "518", "519"}, 2, `unexpected argument "519"`},
		{[]string{"svg", "518", "--bogus"}, 2, `unknown flag "--bogus"`},
		{[]string{"svg", "999"}, 1, `position number "999": out of range`},
		{[]string{"svg", "8/8/8/8/8/8/8/8 w - - 0 1"}, 1, "white has no king"},
		{[]string{"svg", "518", "--size", "0"}, 1, `--size "0": out of range: must be 16..4096`},
		{[]string{"svg", "518", "--size", "5000"}, 1, `--size "5000": out of range`},
		{[]string{"svg", "518", "--size", "big"}, 1, `--size "big": want a whole number`},
		{[]string{"svg", "518", "--highlight", "e1,e9"}, 1, `--highlight "e1,e9": "e9" is not a square`},
		{[]string{"svg", "518", "--arrow", "e2e4,e2"}, 1, `--arrow "e2e4,e2": "e2" is not two squares like e2e4`},
		{[]string{"svg", "518", "--last-move", "e2-e4"}, 1, `--last-move "e2-e4": want a move in UCI`},
		{[]string{"svg", "518", "--last-move", "e2e4"}, 1, `--last-move "e2e4": e4 holds no black piece: the last move is the one that led to the position shown, made by black`},
		{[]string{"svg", "518", "--theme", "blue"}, 1, `--theme "blue": unknown value: want light or dark`},
		{[]string{"svg", "518", "--format", "gif"}, 1, `--format "gif": unknown value: want svg or png`},
		{[]string{"svg", "518", "-o", "/nonexistent/dir/b.svg"}, 1, `-o "/nonexistent/dir/b.svg"`},
		{[]string{"svg", "518", "--highlight", strings.Repeat("x", 5000)}, 1, "(5000 bytes)"},
	} {
		out, errOut, code := call(t, "", tc.args...)
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
	if _, err := os.Stat("/nonexistent/dir/b.svg"); err == nil {
		t.Error("wrote a file after all")
	}
}

func TestSVGHelp(t *testing.T) {
	out := mustRun(t, "svg", "--help")
	for _, flag := range []string{"--flip", "--size", "--coords", "--highlight", "--arrow", "--last-move", "--theme", "--format", "-o FILE"} {
		if !strings.Contains(out, flag) {
			t.Errorf("svg --help lacks %s", flag)
		}
	}
	if !slices.Contains(strings.Fields(mustRun(t, "help")), "gallery") {
		t.Error("help does not list gallery")
	}
}

// TestReadmePictures: docs/diagram.png and .svg are what the README's
// command draws today (rerun that command, with -o docs/diagram.svg too,
// after changing the pictures).
func TestReadmePictures(t *testing.T) {
	dir := t.TempDir()
	for _, ext := range []string{".png", ".svg"} {
		mustRun(t, "svg", "bb3rkr/pqpppppp/1p1nn3/8/8/1P1NN3/PQPPPPPP/BBKR3R b kq - 3 5", "--coords", "--size", "360",
			"--last-move", "g1c1", "--arrow", "b7g2", "-o", filepath.Join(dir, "diagram"+ext))
		got, _ := os.ReadFile(filepath.Join(dir, "diagram"+ext))
		want, err := os.ReadFile("../../docs/diagram" + ext)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("docs/diagram%s is not what the README's command draws (%v): rerun it", ext, err)
		}
	}
}

// svgFuzzTemplates are svg command lines with a hole V for the fuzzed text
// (also stdin); none writes a file.
var svgFuzzTemplates = [][]string{
	{"svg", "V"}, {"svg", "-"}, {"svg", "518", "--highlight", "V"}, {"svg", "518", "--arrow", "V"},
	{"svg", "V", "--arrow", "e1g1", "--last-move", "e2e4"}, {"svg", "startpos", "--last-move", "V"},
	{"svg", "518", "--size", "V"}, {"svg", "518", "--theme", "V"}, {"svg", "518", "--format", "V", "--size", "64"},
	{"svg", "V", "--format", "png", "--size", "48", "--coords", "--flip"}, {"gallery", "--format", "V", "V"}, // gallery takes no argument: always refused, quickly
}

// FuzzSVGCommand: svg never panics; a refusal is one line on stderr with
// nothing on stdout; an SVG it writes is XML.
func FuzzSVGCommand(f *testing.F) {
	for _, s := range []string{"518", "RNBQKBNR", "e2e4", "e1h1", "e1,h1", "d4d4", "16", "dark", "png", "svg", "-", "",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "é", "<&>"} {
		for i := range svgFuzzTemplates {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, v string) {
		tmpl := svgFuzzTemplates[int(which)%len(svgFuzzTemplates)]
		args := make([]string, len(tmpl))
		for i, a := range tmpl {
			args[i] = strings.ReplaceAll(a, "V", v)
		}
		out, errOut, code := call(t, v, args...)
		if code != 0 {
			checkRefusal(t, args, out, errOut, code)
			return
		}
		if args[0] == "svg" && !slices.Contains(args, "png") {
			var root xmlNode
			if err := xml.Unmarshal([]byte(out), &root); err != nil {
				t.Fatalf("chess960 %q: not XML: %v", args, err)
			}
		}
	})
}
