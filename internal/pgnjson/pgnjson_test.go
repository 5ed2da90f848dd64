package pgnjson

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/pgn"
)

// AppendString escapes as encoding/json does, byte for byte.
func TestAppendString(t *testing.T) {
	cases := []string{"", "plain", `"quoted" \ back`, "tab\tnew\nline\rcr", "\b\f\x00\x01\x1f\x7f", "<a href=x>&amp;</a>",
		"é ü 中文 ♞", "\u2028\u2029", "bad \xff utf-8 \xc3", "\xef\xbb\xbf bom", "[%clk 0:03:00]"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(20))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

type object struct {
	Game     int               `json:"game"`
	Line     int               `json:"line"`
	Tags     map[string]string `json:"tags"`
	StartFEN *string           `json:"startFen"`
	StartID  *int              `json:"startId"`
	UCI      []string          `json:"uci"`
	SAN      []string          `json:"san"`
	FEN      *string           `json:"fen"`
	Result   string            `json:"result"`
	Status   *string           `json:"status"`
	Error    *struct {
		Line, Column int
		Message      string
	} `json:"error"`
}

func objects(t *testing.T, text string) ([]object, []string) {
	t.Helper()
	var objs []object
	var raw []string
	for g, err := range pgn.NewReader(strings.NewReader(text)).All() {
		if err != nil {
			t.Fatal(err)
		}
		b := AppendGame(nil, g)
		var c bytes.Buffer
		if err := json.Compact(&c, b); err != nil || !bytes.Equal(c.Bytes(), b) {
			t.Fatalf("not compact JSON (%v): %s", err, b)
		}
		var o object
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&o); err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		objs = append(objs, o)
		raw = append(raw, string(b))
	}
	return objs, raw
}

// The fields of the objects, for games whose values are known by hand.
func TestAppendGame(t *testing.T) {
	text := `[Event "Fool's mate"]
[White "Fool"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Chess960 castling"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]

1. Ne3 Ne6 2. Nd3 Nd6 3. b3 b6 4. Qb2 Qb7 5. O-O-O *

[Event "Broken"]

1. e4 e5 2. Ke3 *

[Event "Bad FEN"]
[FEN "8/8 w - - 0 1"]

1. e4 *
`
	objs, raw := objects(t, text)
	if len(objs) != 4 {
		t.Fatalf("%d objects", len(objs))
	}
	fool := objs[0]
	if fool.Game != 1 || fool.Line != 1 || fool.Tags["White"] != "Fool" || *fool.StartID != 518 ||
		*fool.StartFEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ||
		strings.Join(fool.UCI, " ") != "f2f3 e7e5 g2g4 d8h4" || strings.Join(fool.SAN, " ") != "f3 e5 g4 Qh4#" ||
		*fool.FEN != "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" ||
		fool.Result != "0-1" || *fool.Status != "checkmate" || fool.Error != nil {
		t.Errorf("Fool's mate: %s", raw[0])
	}
	// The tags in their order.
	if !strings.HasPrefix(raw[0], `{"game":1,"line":1,"tags":{"Event":"Fool's mate","White":"Fool","Result":"0-1"},`) {
		t.Errorf("tags out of order: %s", raw[0])
	}
	c := objs[1]
	if *c.StartID != 0 || c.UCI[8] != "g1f1" || c.SAN[8] != "O-O-O" || *c.FEN != "bb3rkr/pqpppppp/1p1nn3/8/8/1P1NN3/PQPPPPPP/BBKR3R b kq - 3 5" ||
		*c.Status != "ongoing" || c.Result != "*" || c.Line != 7 {
		t.Errorf("Chess960 castling: %s", raw[1])
	}
	b := objs[2]
	if b.Error == nil || b.Error.Line != 15 || b.Error.Column != 13 || !strings.HasPrefix(b.Error.Message, `"Ke3": illegal move`) ||
		strings.Join(b.UCI, " ") != "e2e4 e7e5" || *b.Status != "ongoing" {
		t.Errorf("broken: %s", raw[2])
	}
	f := objs[3]
	if f.Error == nil || f.StartFEN != nil || f.StartID != nil || f.FEN != nil || f.Status != nil || len(f.UCI) != 0 || f.UCI == nil {
		t.Errorf("bad FEN: %s", raw[3])
	}
	if !strings.Contains(raw[3], `"startFen":null,"startId":null,"uci":[],"san":[],"fen":null,"result":"*","status":null,"error":{"line":18,"column":7,`) {
		t.Errorf("bad FEN: %s", raw[3])
	}
}

// The status is what chess.Game says after the same moves.
func TestStatusIsChessGame(t *testing.T) {
	g, _ := pgn.NewReader(strings.NewReader("1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2")).Read()
	cg := chess.NewGame(g.Start)
	for _, n := range g.Moves.Nodes {
		if err := cg.Play(n.Move); err != nil {
			t.Fatal(err)
		}
	}
	if Status(g) != api.NewPosition(cg, chess.Standard).Status || Status(g) != "stalemate" {
		t.Errorf("%s", Status(g))
	}
}

func TestStats(t *testing.T) {
	var s Stats
	for _, e := range []Entry{
		{ID: 518, IsStart: true, Counted: true, Result: chess.WhiteWins},
		{ID: 518, IsStart: true, Counted: true, Result: chess.Draw},
		{ID: 518, IsStart: true, Counted: true, Result: chess.NoResult},
		{ID: 0, IsStart: true, Counted: true, Result: chess.BlackWins},
		{IsStart: false, Counted: true, Result: chess.WhiteWins},
		{Counted: false, Result: chess.WhiteWins}, // no start position: not counted
	} {
		s.Add(e)
	}
	got := string(s.AppendJSON(nil))
	want := `[{"id":0,"games":1,"white":0,"draws":0,"black":1},{"id":518,"games":3,"white":1,"draws":1,"black":0},{"id":null,"games":1,"white":1,"draws":0,"black":0}]`
	if got != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	wantText := `   ID  RANK        GAMES    WHITE    DRAWS    BLACK   SCORE
    0  BBQNNRKR        1        0        0        1    0.0%
  518  RNBQKBNR        3        1        1        0   75.0%
other                  1        1        0        0  100.0%
total                  5        2        1        1   62.5%
`
	if b.String() != wantText {
		t.Errorf("text\n got\n%s\nwant\n%s", b.String(), wantText)
	}
}
