package api

import (
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

func TestStartPosition(t *testing.T) {
	// Position 518 is ordinary chess: Fritz9 359 and mirror 534 (RNBKQBNR)
	// as the source tables give them; King's table entry 512 RNQKNR,
	// Bishop's table row 6.
	got := NewStartPosition(chess960.Standard())
	want := StartPosition{ID: 518, Fritz9: 359, Rank: "RNBQKBNR",
		FEN:         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		ShredderFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
		Mirror:      534, MirrorRank: "RNBKQBNR", BishopCode: 6, KingsTable: "RNQKNR", Skeleton: "-NQ-N-"}
	if got != want {
		t.Errorf("518:\n got %+v\nwant %+v", got, want)
	}
	all := NewStartPositions(chess960.All().Positions())
	if len(all) != 960 || all[0].Rank != "BBQNNRKR" || all[959].Rank != "RKRNNQBB" {
		t.Errorf("all: %d, first %q, last %q", len(all), all[0].Rank, all[959].Rank)
	}
}

// TestExplanation: the derivation's keys at the top level, then the text.
// The values of 518 are Scharnagl's worked example: 518 = 32*16 + 6,
// 32 = 5*6 + 2; bishops c1 f1, the queen on free square 2 (d1), knights
// -N-N- on b1 g1; without the bishops RNQKNR (King's table 512); Fritz9
// 359 = 6 + 1 + 16*7 + 240*1, knights -N--N- (pair 7 of N6N) and the queen
// on free square 1 of a1 d1 e1 h1.
func TestExplanation(t *testing.T) {
	e := NewExplanation(chess960.Standard())
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"id":518,"rank":"RNBQKBNR","bishopCode":6,"lightBishop":"f1","darkBishop":"c1","queenSlot":2,` +
		`"queen":"d1","n5n":5,"n5nPattern":"-N-N-","knights":["b1","g1"],"rookKingRook":["a1","e1","h1"],` +
		`"stages":["**B**B**","**BQ*B**","*NBQ*BN*","RNBQKBNR"],"kingsTable":"RNQKNR","skeleton":"-NQ-N-",` +
		`"fritz9":359,"n6n":7,"n6nPattern":"-N--N-","fritz9Queen":1,"text":"SP-518: RNBQKBNR\n\n518 = 32*16 + 6; 32 = 5*6 + 2 -\u003e bishops c1 f1,`
	if !strings.HasPrefix(string(b), want) || !strings.HasSuffix(string(b), `(Fritz9 NQ-skeleton table: 353 RNQKNR)"}`) {
		t.Errorf("got\n%s\nwant it to start\n%s", b, want)
	}
}

func TestDraw(t *testing.T) {
	ex, err := chess960.ParseSet("518, 9-0")
	if err == nil {
		t.Fatalf("a downward range was read: %v", ex)
	}
	ex, _ = chess960.ParseSet("518,0-9")
	o := chess960.DrawOptions{Seeded: true, Seed: "Round 1"}
	d, _ := chess960.NewDrawer(o)
	got := NewDraw(o, d.Draw(3))
	// The draws and the commitment follow from SHA-256 alone:
	//   printf 'chess960:%s:%d' 'Round 1' 0 | sha256sum  ->  353 (mod 960), then 14, 506
	//   printf '%s' 'Round 1' | sha256sum
	if got.Seed == nil || *got.Seed != "Round 1" || got.SeedSHA256 != "129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6" ||
		got.Allowed != 960 || got.Exclude != "" || len(got.Positions) != 3 ||
		got.Positions[0].ID != 353 || got.Positions[1].ID != 14 || got.Positions[2].ID != 506 {
		t.Errorf("seeded draw: %+v", got)
	}
	o = chess960.DrawOptions{Exclude: ex, Unique: true}
	got = NewDraw(o, nil)
	if got.Seeded || got.Seed != nil || got.SeedSHA256 != "" || got.Allowed != 949 || got.Exclude != "0-9,518" || got.Positions == nil {
		t.Errorf("unseeded draw: %+v", got)
	}
	b, _ := json.Marshal(got)
	if strings.Contains(string(b), "seed\"") || !strings.Contains(string(b), `"positions":[]`) {
		t.Errorf("unseeded JSON: %s", b)
	}
	// An empty seed is a seed.
	got = NewDraw(chess960.DrawOptions{Seeded: true}, nil)
	if b, _ := json.Marshal(got); !strings.Contains(string(b), `"seed":""`) {
		t.Errorf("empty seed: %s", b)
	}
}

func TestPositionWarnings(t *testing.T) {
	// The position of issue 7: a third white rook (promoted material), and
	// castling rights whose kings stand on different files.
	p := chess.MustParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1")
	got := NewPosition(chess.NewGame(p), chess.Chess960)
	if got.FEN != "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GAgb - 0 1" || got.XFEN != "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1" ||
		got.LegalMoves != 23 || got.Status != "ongoing" || got.Result != "*" || got.StartPos != nil ||
		!reflect.DeepEqual(got.CastlingRooks, []string{"a1", "g1", "b8", "g8"}) {
		t.Errorf("%+v", got)
	}
	var codes []string
	for _, w := range got.Warnings {
		codes = append(codes, w.Field+":"+w.Code)
	}
	if !reflect.DeepEqual(codes, []string{"placement:promoted", "castling:castlingMirror"}) {
		t.Errorf("warnings %+v", got.Warnings)
	}
	got = NewPosition(chess.NewGame(chess.NewPosition(chess960.Standard())), chess.Standard)
	if got.StartPos == nil || *got.StartPos != 518 || len(got.Warnings) != 0 || got.Warnings == nil || got.Claims == nil {
		t.Errorf("start: %+v", got)
	}
}

func TestPositionStates(t *testing.T) {
	g := chess.NewGame(chess.NewPosition(chess960.Standard()))
	for _, m := range []string{"f3", "e5", "g4", "Qh4"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	got := NewPosition(g, chess.Standard)
	if got.Status != "checkmate" || got.StatusText != "checkmate" || got.Result != "0-1" || !got.Check || got.LegalMoves != 0 {
		t.Errorf("fool's mate: %+v", got)
	}
	// Knights out and back twice: the start position stands for the third
	// time, and White may claim; Black could already announce Ng8 before.
	g = chess.NewGame(chess.NewPosition(chess960.Standard()))
	for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
		g.PlayText(m)
	}
	got = NewPosition(g, chess.Chess960)
	if len(got.Claims) != 1 || got.Claims[0] != (Claim{Rule: "threefoldRepetition", UCI: "f6g8", SAN: "Ng8"}) {
		t.Errorf("announced claim: %+v", got.Claims)
	}
	g.PlayText("Ng8")
	got = NewPosition(g, chess.Chess960)
	if len(got.Claims) != 1 || got.Claims[0] != (Claim{Rule: "threefoldRepetition"}) || got.Status != "ongoing" {
		t.Errorf("claim on the board: %+v", got.Claims)
	}
	// Bare kings: insufficient material; en passant shown only when legal.
	got = NewPosition(chess.NewGame(chess.MustParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), chess.Standard)
	if got.Status != "insufficientMaterial" || got.StatusText != "insufficient material" || got.Result != "1/2-1/2" {
		t.Errorf("kings: %+v", got)
	}
	got = NewPosition(chess.NewGame(chess.MustParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")), chess.Standard)
	if got.EnPassant != "d6" || got.Halfmove != 0 || got.Fullmove != 2 {
		t.Errorf("en passant: %+v", got)
	}
}

func TestMovesStandardCastling(t *testing.T) {
	texts := func(m Moves) map[string]int {
		n := map[string]int{}
		for _, x := range m.Moves {
			n[x.UCI]++
		}
		return n
	}
	// Standard chess: castling is the king's two-square move.
	m := NewMoves(chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), chess.Standard)
	if n := texts(m); n["e1g1"] != 1 || n["e1c1"] != 1 || n["e1h1"] != 0 || len(m.Warnings) != 0 || len(m.Moves) != 26 {
		t.Errorf("standard: %v %v", n, m.Warnings)
	}
	// King f1, rook h1: O-O and Kg1 would both be f1g1.
	m = NewMoves(chess.MustParseFEN("4k3/8/8/8/8/8/8/5K1R w H - 0 1"), chess.Standard)
	n := texts(m)
	for uci, k := range n {
		if k != 1 {
			t.Errorf("f1: %q printed %d times", uci, k)
		}
	}
	if n["f1h1"] != 1 || n["f1g1"] != 1 || len(m.Warnings) != 1 || m.Warnings[0].Code != "uciCastling" ||
		!strings.Contains(m.Warnings[0].Message, "O-O is written f1h1") || !strings.Contains(m.Warnings[0].Message, "f1g1") {
		t.Errorf("f1: %v %+v", n, m.Warnings)
	}
	for _, x := range m.Moves {
		if x.UCI == "f1g1" && x.SAN != "Kg1" || x.UCI == "f1h1" && (x.SAN != "O-O" || x.KingTo != "g1" || x.RookTo != "f1") {
			t.Errorf("f1: %+v", x)
		}
	}
	// King g1, rook h1: the king does not move; never g1g1.
	m = NewMoves(chess.MustParseFEN("4k3/8/8/8/8/8/8/6KR w H - 0 1"), chess.Standard)
	if n := texts(m); n["g1g1"] != 0 || n["g1h1"] != 1 || len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0].Message, "does not move") {
		t.Errorf("g1: %v %+v", n, m.Warnings)
	}
	// Chess960 mode never warns.
	if m := NewMoves(chess.MustParseFEN("4k3/8/8/8/8/8/8/5K1R w H - 0 1"), chess.Chess960); len(m.Warnings) != 0 {
		t.Errorf("chess960 mode: %+v", m.Warnings)
	}
	// Promotions and sorting.
	m = NewMoves(chess.MustParseFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), chess.Chess960)
	if m.Moves[0] != (Move{UCI: "b7b8b", SAN: "b8=B", From: "b7", To: "b8", Promotion: "b"}) {
		t.Errorf("promotion: %+v", m.Moves[0])
	}
	// Stalemate: an empty list, not null.
	m = NewMoves(chess.MustParseFEN("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), chess.Chess960)
	if b, _ := json.Marshal(m); !strings.Contains(string(b), `"moves":[]`) {
		t.Errorf("stalemate: %s", b)
	}
}

func TestPlaySuffixes(t *testing.T) {
	play := func(fen string, moves ...string) Play {
		t.Helper()
		g := chess.NewGame(chess.MustParseFEN(fen))
		for _, m := range moves {
			if _, err := g.PlayText(m); err != nil {
				t.Fatal(err)
			}
		}
		return NewPlay(g, moves, chess.Standard)
	}
	p := play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7+")
	last := p.Moves[6]
	if last.Input != "Qxf7+" || last.SAN != "Qxf7#" || last.UCI != "h5f7" || last.Note != "Qxf7+ gives checkmate: Qxf7#" ||
		p.Movetext != "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#" || p.Position.Status != "checkmate" {
		t.Errorf("scholar's mate: %+v", p)
	}
	p = play("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O+", "e8a8")
	if p.Moves[0].SAN != "O-O" || p.Moves[0].Note != "O-O+ gives no check: O-O" || p.Moves[0].UCI != "e1h1" ||
		p.Moves[1].Input != "e8a8" || p.Moves[1].SAN != "O-O-O" || p.Moves[1].Note != "" {
		t.Errorf("castling: %+v", p.Moves)
	}
	p = play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e4#")
	if p.Moves[0].Note != "e4# gives no check: e4" {
		t.Errorf("e4#: %+v", p.Moves)
	}
	p = play("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#!?")
	if p.Moves[0].SAN != "Ra8+" || p.Moves[0].Note != "Ra8# gives check, not mate: Ra8+" {
		t.Errorf("Ra8#: %+v", p.Moves)
	}
	// Black first: the move text starts "1...".
	p = play("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "Kd7", "Ra7+")
	if p.Movetext != "1... Kd7 2. Ra7+" || p.Start != "4k3/8/8/8/8/8/8/R3K3 b - - 0 1" || p.Moves[1].Note != "" {
		t.Errorf("black first: %+v", p)
	}
}

func TestPerft(t *testing.T) {
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	div := perft.Divide(p, 1)
	got := NewPerft(p, 1, perft.Total(div), div, true, PerftRun{Threads: 2, Elapsed: time.Second})
	// 26 moves, each a leaf at depth 1: 5 king moves, both castlings (the
	// king taking its rook), 10 for the a1 rook and 9 for the h1 rook; a8
	// and h8 give check along the empty eighth rank.
	want := map[string]string{
		"e1d1": "Kd1", "e1d2": "Kd2", "e1e2": "Ke2", "e1f1": "Kf1", "e1f2": "Kf2", "e1a1": "O-O-O", "e1h1": "O-O",
		"a1a2": "Ra2", "a1a3": "Ra3", "a1a4": "Ra4", "a1a5": "Ra5", "a1a6": "Ra6", "a1a7": "Ra7", "a1a8": "Ra8+",
		"a1b1": "Rb1", "a1c1": "Rc1", "a1d1": "Rd1",
		"h1h2": "Rh2", "h1h3": "Rh3", "h1h4": "Rh4", "h1h5": "Rh5", "h1h6": "Rh6", "h1h7": "Rh7", "h1h8": "Rh8+",
		"h1g1": "Rg1", "h1f1": "Rf1",
	}
	if got.Nodes != 26 || len(got.Divide) != len(want) || got.NPS != 26 || got.FEN != "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1" {
		t.Errorf("%+v", got)
	}
	for _, e := range got.Divide {
		if want[e.UCI] != e.SAN || e.Nodes != 1 {
			t.Errorf("divide entry %+v, want %q with 1 node", e, want[e.UCI])
		}
		delete(want, e.UCI)
	}
	if len(want) != 0 {
		t.Errorf("divide lacks %v", want)
	}
	got = NewPerft(p, 0, 1, nil, false, PerftRun{})
	if b, _ := json.Marshal(got); strings.Contains(string(b), "divide") || got.NPS != 0 {
		t.Errorf("depth 0: %s", b)
	}
}

func TestSuite(t *testing.T) {
	entries, err := perft.ReadSuite(strings.NewReader("id a\nepd 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nperft 1 6\n\nid b\nepd 8/8/8/8/8/8/8/8 w - - 0 1\nperft 1 1\n"), "t.perft")
	if err != nil {
		t.Fatal(err)
	}
	got := NewSuite("t.perft", 1000, perft.Check(entries, perft.CheckOptions{MaxNodes: 1000, Threads: 1}), time.Second)
	// Two kings: 5 moves for White, not 6; the empty board is refused.
	if got.Positions != 2 || len(got.Mismatches) != 2 || got.Mismatches[0].Got != 5 || got.Mismatches[0].Want != 6 ||
		got.Mismatches[0].ID != "a" || got.Mismatches[1].Error == "" || strings.HasPrefix(got.Mismatches[1].Error, "chess:") {
		t.Errorf("%+v", got)
	}
}

func TestError(t *testing.T) {
	_, err := chess.ParseFEN("4k3/8/8/8/8/8/8/8 w K - 0 1")
	e := NewError(err)
	if strings.HasPrefix(e.Error, "chess") || !strings.HasPrefix(e.Error, `FEN "4k3/8/8/8/8/8/8/8 w K - 0 1": `) || e.Code != "kings" || len(e.Problems) < 2 {
		t.Errorf("%+v", e)
	}
	_, err = chess960.ParseRank("RNBQBKNR")
	if e := NewError(err); e.Code != "bishops" || e.Problems != nil || !strings.HasPrefix(e.Error, `rank "RNBQBKNR": `) {
		t.Errorf("%+v", e)
	}
	if e := NewError(errors.New("x\ny")); e.Code != "invalid" || e.Error != "x y" {
		t.Errorf("%+v", e)
	}
	if Code(nil) != "" {
		t.Error("Code(nil)")
	}
}

// TestCamelCase checks every JSON key of every type.
func TestCamelCase(t *testing.T) {
	key := regexp.MustCompile(`"([^"]+)":`)
	camel := regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)
	seed := "s"
	zero := 0
	values := []any{
		NewStartPosition(chess960.Standard()), NewExplanation(chess960.Standard()),
		Draw{Seed: &seed, SeedSHA256: "x", Positions: []StartPosition{{}}},
		Error{Problems: []Problem{{Field: "x"}}},
		Position{StartPos: &zero, EnPassant: "e3", Claims: []Claim{{UCI: "x", SAN: "y"}}},
		Moves{Moves: []Move{{Promotion: "q", KingTo: "g1", RookTo: "f1"}}},
		Play{Moves: []PlayedMove{{Note: "x"}}},
		Perft{Divide: []PerftEntry{{}}},
		Suite{Mismatches: []Mismatch{{Depth: 1, Want: 1, Got: 1, Over: true, Error: "x"}}},
	}
	for _, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(b), -1) {
			if !camel.MatchString(m[1]) && !strings.Contains(m[1], " ") {
				t.Errorf("%T: key %q is not camelCase", v, m[1])
			}
		}
	}
}
