package pgn

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// The export format of a game, laid out by hand: the Seven Tag Roster in
// its order with "?" where a tag is missing, the other tags after it, the
// movetext wrapped before column 81, "!" as $1, a black move numbered after a
// comment or a variation.
func TestWriteExport(t *testing.T) {
	in := `[White "Ann"] [Black "Bob"] [Event "E"] [Result "1-0"] [ECO "C60"] [Round "3"]

{Start} 1. e4! (1. d4 d5) 1... e5 2. Nf3 Nc6 3. Bb5 {Spanish} a6 4. Ba4 Nf6 5. O-O Be7
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8
13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 1-0`
	want := `[Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "3"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[ECO "C60"]

{Start} 1. e4 $1 (1. d4 d5) 1... e5 2. Nf3 Nc6 3. Bb5 {Spanish} 3... a6 4. Ba4
Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7
12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 1-0
`
	g := readAll(t, in)[0]
	if g.Err != nil {
		t.Fatal(g.Err)
	}
	if got := g.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A Chess960 game gets Variant "Chess960", SetUp "1" and the FEN (X-FEN or
// Shredder-FEN) after the Seven Tag Roster, whatever its Variant tag said; a
// standard game from the usual start gets none of them, and standard chess
// from another position SetUp and FEN only.
func TestWriteVariantTags(t *testing.T) {
	cases := []struct {
		in, want string
		mode     chess.CastlingMode
	}{
		{`[Variant "fischerandom"][FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"][TimeControl "40/60"]`,
			"[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n[TimeControl \"40/60\"]\n\n1. Ne3 *\n", chess.Standard},
		{`[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -"]`,
			"[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. Ne3 *\n", chess.Chess960},
		{`[Variant "Standard"]`, "[Result \"*\"]\n\n1. Nc3 *\n", chess.Standard},
		{``, "[Result \"*\"]\n\n1. Nc3 *\n", chess.Chess960},
		{`[Variant "Chess960"]`, "[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. Nc3 *\n", chess.Standard},
		{`[Variant "From Position"][FEN "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"]`,
			"[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1\"]\n\n1. O-O-O *\n", chess.Chess960},
	}
	for _, c := range cases {
		move := "1. Ne3 *"
		switch {
		case strings.Contains(c.want, "R3K2R"):
			move = "1. O-O-O *"
		case !strings.Contains(c.in, "bbqnnrkr"):
			move = "1. Nc3 *"
		}
		g := readAll(t, "[Event \"x\"]"+c.in+"\n\n"+move)[0]
		if g.Err != nil {
			t.Fatalf("%s: %v", c.in, g.Err)
		}
		text, err := g.AppendPGN(nil, c.mode)
		if err != nil {
			t.Fatal(err)
		}
		got := string(text[bytes.Index(text, []byte("[Result")):])
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// Every game of the corpus survives a round trip: read, write, read again
// gives the same tags, start, moves, comments (up to runs of white space),
// NAGs and variations, and writing again gives the same text, with no
// line of movetext longer than 80 columns.
func TestRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.pgn")
	n := 0
	for _, name := range files {
		for _, g := range readFile(t, name) {
			if !g.hasStart() {
				continue
			}
			first, err := g.AppendPGN(nil, chess.Standard)
			if err != nil {
				t.Fatalf("%s game %d: %v", name, g.Number, err)
			}
			back := readAll(t, string(first))
			if len(back) != 1 || back[0].Err != nil {
				t.Fatalf("%s game %d: reads back as %d games, %v:\n%s", name, g.Number, len(back), back[0].Err, first)
			}
			h := back[0]
			if !sameTree(&g.Moves, &h.Moves) || g.Start != h.Start || g.Result() != h.Result() {
				t.Errorf("%s game %d: differs after a round trip:\n%s", name, g.Number, first)
			}
			for _, tag := range g.Tags {
				if v, ok := h.Tags.Lookup(tag.Name); tag.Name != "Variant" && tag.Name != "SetUp" && tag.Name != "FEN" && tag.Name != "Result" && (!ok || v != tag.Value) {
					t.Errorf("%s game %d: tag %s %q reads back as %q", name, g.Number, tag.Name, tag.Value, v)
				}
			}
			second, _ := h.AppendPGN(nil, chess.Standard)
			if !bytes.Equal(first, second) {
				t.Errorf("%s game %d: written twice differently:\n%s\n%s", name, g.Number, first, second)
			}
			movetext := first[bytes.Index(first, []byte("\n\n"))+2:]
			for _, line := range strings.Split(string(movetext), "\n") {
				if len(line) > LineWidth {
					t.Errorf("%s game %d: a line of %d columns: %s", name, g.Number, len(line), line)
				}
			}
			n++
		}
	}
	if n < 60 {
		t.Errorf("only %d games", n)
	}
}

// sameTree compares two lines of moves with everything that annotates them,
// comments up to their runs of white space.
func sameTree(a, b *Variation) bool {
	if len(a.Nodes) != len(b.Nodes) || !sameComments(a.Comments, b.Comments) {
		return false
	}
	for i := range a.Nodes {
		x, y := &a.Nodes[i], &b.Nodes[i]
		if x.Move != y.Move || !reflect.DeepEqual(x.NAGs, y.NAGs) || !sameComments(x.Comments, y.Comments) || len(x.Variations) != len(y.Variations) {
			return false
		}
		for k := range x.Variations {
			if !sameTree(&x.Variations[k], &y.Variations[k]) {
				return false
			}
		}
	}
	return true
}

func sameComments(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(strings.Fields(a[i]), " ") != strings.Join(strings.Fields(b[i]), " ") {
			return false
		}
	}
	return true
}

// Games built in code: NewGame, tags set, written; and what cannot be
// written is refused.
func TestWriteBuilt(t *testing.T) {
	start := chess.NewPosition(chess960.MustNew(0))
	var moves []chess.Move
	p := start
	for _, s := range []string{"Ne3", "Ne6", "Nd3", "Nd6", "b3", "b6", "Qb2", "Qb7", "O-O-O"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Play(m)
	}
	g := NewGame(start, moves)
	g.Tags.Set("White", "Me")
	g.Tags.Set("Annotator", `a "quoted" \ name`)
	var b bytes.Buffer
	w := NewWriter(&b)
	w.Castling = chess.Chess960
	if err := w.Write(g); err != nil {
		t.Fatal(err)
	}
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Me"]
[Black "?"]
[Result "*"]
[Variant "Chess960"]
[SetUp "1"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
[Annotator "a \"quoted\" \\ name"]

1. Ne3 Ne6 2. Nd3 Nd6 3. b3 b6 4. Qb2 Qb7 5. O-O-O *

`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	g.Moves.Nodes[3].Move = moves[0] // Ne3 again: not legal for Black
	if err := w.Write(g); err == nil || !errors.Is(err, errMove) {
		t.Errorf("an illegal move: %v", err)
	}
	if err := w.Write(&Game{}); err == nil {
		t.Error("a game with no start position: no error")
	}
	bad := NewGame(start, nil)
	bad.Tags.Set("Bad Name", "x")
	if err := w.Write(bad); err == nil {
		t.Error("a tag name with a space: no error")
	}
}

// A comment's words may begin a line, but not one that starts with "[",
// which a reader could take for a tag pair.
func TestWriteCommentBrackets(t *testing.T) {
	g := NewGame(chess.NewPosition(chess960.Standard()), nil)
	m, _ := g.Start.ParseSAN("e4")
	g.Moves.Nodes = []Node{{Move: m, Comments: []string{strings.Repeat("word ", 14) + `[Event "not a tag"] and } gone`}}}
	text := g.String()
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[Event \"not") {
			t.Errorf("a comment line looks like a tag:\n%s", text)
		}
	}
	back := readAll(t, text)
	if len(back) != 1 || back[0].Err != nil || !sameComments(back[0].Moves.Nodes[0].Comments, []string{strings.Repeat("word ", 14) + `[Event "not a tag"] and gone`}) {
		t.Errorf("reads back as %+v", back[0].Moves.Nodes)
	}
}

func TestWriterError(t *testing.T) {
	g := readAll(t, "1. e4 *")[0]
	w := NewWriter(failWriter{})
	if err := w.Write(g); err == nil {
		t.Error("no error from a failing writer")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }
