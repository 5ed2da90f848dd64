package pgn

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// readAll reads every game of text.
func readAll(t testing.TB, text string) []*Game {
	t.Helper()
	var games []*Game
	for g, err := range NewReader(strings.NewReader(text)).All() {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

func readFile(t testing.TB, name string) []*Game {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return readAll(t, string(data))
}

func ucis(g *Game) []string {
	out := []string{}
	for _, n := range g.Moves.Nodes {
		out = append(out, n.Move.UCI(chess.Chess960))
	}
	return out
}

func sans(g *Game) []string {
	out := []string{}
	p := g.Start
	for _, n := range g.Moves.Nodes {
		out = append(out, p.SAN(n.Move))
		play(&p, n.Move)
	}
	return out
}

// The corpus (lichess clocks and evals, Cute Chess, chess.com, top-event
// FENs, annotated games with nested variations, CRLF with a BOM, and what
// real files get wrong) reads as lichess's chessops reads it: the same
// games, the same main line in UCI and SAN, the same final position, and an
// error where chessops cannot play a move. The expected values are
// chessops' (scripts/pgn-expected wrote testdata/chessops.jsonl).
func TestCorpusMatchesChessops(t *testing.T) {
	f, err := os.Open("testdata/chessops.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type want struct {
		File, FEN  string
		Game       int
		UCI, SAN   []string
		Stop       *struct{ Ply int }
		StartError string
		VarMoves   int `json:"variationMoves"`
		VarErrors  int `json:"variationErrors"`
	}
	byFile := map[string][]want{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var w want
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			t.Fatal(err)
		}
		byFile[w.File] = append(byFile[w.File], w)
	}
	files, _ := filepath.Glob("testdata/corpus/*.pgn")
	if len(files) < 8 || len(byFile) != len(files) {
		t.Fatalf("%d corpus files, %d in chessops.jsonl", len(files), len(byFile))
	}
	games, moves, varMoves := 0, 0, 0
	for _, name := range files {
		got := readFile(t, name)
		wants := byFile[filepath.Base(name)]
		if len(got) != len(wants) {
			t.Errorf("%s: %d games, chessops reads %d", name, len(got), len(wants))
			continue
		}
		for i, g := range got {
			w := wants[i]
			where := name + ": game " + g.Tags.Get("Event")
			if w.StartError != "" {
				t.Errorf("%s: chessops cannot set it up: %s", where, w.StartError)
				continue
			}
			if g.Err != nil && w.Stop == nil {
				t.Errorf("%s: %v; chessops reads it all", where, g.Err)
			}
			if w.Stop != nil && (g.Err == nil || len(g.Moves.Nodes) != w.Stop.Ply-1) {
				t.Errorf("%s: chessops stops before ply %d; we: %d plies, %v", where, w.Stop.Ply, len(g.Moves.Nodes), g.Err)
			}
			if !slices.Equal(ucis(g), w.UCI) {
				t.Errorf("%s: UCI\n got %v\nwant %v", where, ucis(g), w.UCI)
			}
			if !slices.Equal(sans(g), w.SAN) {
				t.Errorf("%s: SAN\n got %v\nwant %v", where, sans(g), w.SAN)
			}
			final := g.Final()
			if fen := final.FEN(chess.Standard); fen != w.FEN {
				t.Errorf("%s: final FEN %s, chessops %s", where, fen, w.FEN)
			}
			if n := countVariationMoves(&g.Moves); n != w.VarMoves || w.VarErrors != 0 {
				t.Errorf("%s: %d variation moves, chessops %d (%d it cannot play)", where, n, w.VarMoves, w.VarErrors)
			}
			games++
			moves += len(g.Moves.Nodes)
			varMoves += w.VarMoves
		}
	}
	if games < 50 || varMoves < 100 {
		t.Errorf("only %d games and %d variation moves compared", games, varMoves)
	}
	t.Logf("%d games, %d main-line moves, %d variation moves as chessops reads them", games, moves, varMoves)
}

func countVariationMoves(v *Variation) int {
	n := 0
	for i := range v.Nodes {
		for k := range v.Nodes[i].Variations {
			alt := &v.Nodes[i].Variations[k]
			n += len(alt.Nodes) + countVariationMoves(alt)
		}
	}
	return n
}

// What the corpus holds: every category of the issue is there.
func TestCorpusCovers(t *testing.T) {
	all := ""
	for _, name := range []string{"lichess", "cutechess", "chesscom", "topevent", "annotated", "annotated-hand", "crlf-bom", "tolerant"} {
		data, err := os.ReadFile("testdata/corpus/" + name + ".pgn")
		if err != nil {
			t.Fatal(err)
		}
		all += string(data)
	}
	for _, want := range []string{"[%clk ", "[%eval ", `[Variant "fischerandom"]`, `[Variant "Chess 960"]`, `[Variant "Fischer Random"]`,
		`[Variant "FRC"]`, `[Variant "chess960"]`, "\r\n", "\xef\xbb\xbf", "0-0-0", " e.p. ", "Ng1-f3", "% ", "; a comment", "1/2-1/2",
		"(2... dxc4 3. e3 $5)", "!?", "?!", "??", `w KQkq -"]`, `w GBgb - 0 1"]`, `w BHb - 0 1"]`, "after the result"} {
		if !strings.Contains(all, want) {
			t.Errorf("the corpus has no %q", want)
		}
	}
}

// Quirks of real files, with what a reader should make of them, read off
// testdata/hand/quirks.pgn by hand.
func TestQuirks(t *testing.T) {
	games := readFile(t, "testdata/hand/quirks.pgn")
	if len(games) != 4 {
		t.Fatalf("%d games, want 4", len(games))
	}
	for _, g := range games {
		if g.Err != nil {
			t.Errorf("game %d: %v", g.Number, g.Err)
		}
	}
	if w, b := games[0].Tags.Get("White"), games[0].Tags.Get("Black"); w != `The "Big" Player` || b != `Someone "Quoted" Here` {
		t.Errorf("tags with quotes: %q, %q", w, b)
	}
	if got := strings.Join(ucis(games[1]), " "); got != "e2e4 e7e5 g1f3" || games[1].Result() != chess.NoResult {
		t.Errorf("the game without a result: %s, %s", got, games[1].Result())
	}
	if got := games[2].Final(); got.FEN(chess.Standard) != "8/8/4k3/4P3/8/8/8/4K3 w - - 1 3" || games[2].IsChess960() {
		t.Errorf("standard chess from a set-up position: %s, Chess960 %v", got.FEN(chess.Standard), games[2].IsChess960())
	}
	if games[3].Line != 20 || strings.Join(ucis(games[3]), " ") != "g1f3 g8f6" {
		t.Errorf("the game after a byte-order mark: line %d, %v", games[3].Line, ucis(games[3]))
	}
	for i, n := range []int{1, 2, 3, 4} {
		if games[i].Number != n {
			t.Errorf("game %d has Number %d", n, games[i].Number)
		}
	}
}

// Broken games: each error names the line, the column and the token, the
// moves before it are kept, and the next game reads as usual. Read off
// testdata/hand/broken.pgn by hand.
func TestBrokenGames(t *testing.T) {
	cases := []struct {
		line, col int
		token     string
		reason    error
		moves     string // the main line kept, in UCI
		result    chess.Result
	}{
		{3, 13, "Ke3", chess.ErrIllegal, "e2e4 e7e5", chess.NoResult},
		{7, 34, "Ne4", chess.ErrAmbiguous, "b1c3 e7e6 g1f3 d7d6 f3g5 a7a6", chess.NoResult},
		{11, 7, "{", ErrComment, "d2d4", chess.NoResult},
		{16, 7, "(", ErrVariation, "e2e4", chess.WhiteWins},
		{19, 1, "[Site unquoted]", ErrTag, "", chess.NoResult},
		{24, 7, "8/8/8/8 w - - 0 1", ErrFEN, "", chess.NoResult},
		{29, 11, "Crazyhouse", ErrVariant, "", chess.NoResult},
		{35, 16, "Ke6", chess.ErrIllegal, "e2e4 e7e5 g1f3 b8c6", chess.NoResult},
		{39, 7, ")", chess960.ErrSyntax, "e2e4", chess.NoResult},
		{43, 7, "§", chess960.ErrSyntax, "e2e4", chess.NoResult},
		{47, 18, "--", chess.ErrNullInCheck, "e2e4 f7f5 d1h5", chess.NoResult},
		{51, 1, "(", chess960.ErrSyntax, "", chess.NoResult},
		{55, 7, "$256", chess960.ErrSyntax, "e2e4", chess.NoResult},
	}
	games := readFile(t, "testdata/hand/broken.pgn")
	if len(games) != len(cases)+1 {
		t.Fatalf("%d games, want %d", len(games), len(cases)+1)
	}
	for i, c := range cases {
		g := games[i]
		e := g.Err
		if e == nil {
			t.Errorf("game %d (%s): no error", i+1, g.Tags.Get("Event"))
			continue
		}
		if e.Game != i+1 || e.Line != c.line || e.Column != c.col || e.Token != c.token || !errors.Is(e, c.reason) {
			t.Errorf("game %d (%s): %v; want line %d:%d, token %q, %v", i+1, g.Tags.Get("Event"), e, c.line, c.col, c.token, c.reason)
		}
		if got := strings.Join(ucis(g), " "); got != c.moves {
			t.Errorf("game %d (%s): kept %q, want %q", i+1, g.Tags.Get("Event"), got, c.moves)
		}
		if g.Result() != c.result {
			t.Errorf("game %d: result %s, want %s", i+1, g.Result(), c.result)
		}
	}
	if g := games[len(cases)]; g.Err != nil || strings.Join(ucis(g), " ") != "e2e4 e7e5 g1f3" {
		t.Errorf("the last, sound game: %v, %v", ucis(g), g.Err)
	}
	// The error's text, as the command prints it.
	want := `pgn: game 1, line 3:13: "Ke3": illegal move: no white king can move to e3 (blocked, pinned, or not its way of moving)`
	if got := games[0].Err.Error(); got != want {
		t.Errorf("Error() = %s\nwant %s", got, want)
	}
	// A variation whose first move is illegal is dropped; the main line
	// goes on.
	if v := games[7].Moves.Nodes[1].Variations; len(v) != 0 {
		t.Errorf("the variation with an illegal first move: %+v", v)
	}
}

// The Variant spellings of real sources, and how the start position is
// found.
func TestStartPosition(t *testing.T) {
	const start0 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
	cases := []struct {
		tags     string
		id       int // -1: not a start position; -2: an error
		chess960 bool
	}{
		{``, 518, false},
		{`[Variant "Standard"]`, 518, false},
		{`[Variant "Chess960"]`, 518, true}, // no FEN: the standard start, played as Chess960
		{`[Variant "Chess960"][FEN "` + start0 + `"]`, 0, true},
		{`[Variant "chess960"][FEN "` + start0 + `"]`, 0, true},
		{`[Variant "Chess 960"][FEN "` + start0 + `"]`, 0, true},
		{`[Variant "fischerandom"][FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]`, 0, true},
		{`[Variant "Fischer Random"][FEN "` + start0 + `"]`, 0, true},
		{`[Variant "FRC"][FEN "` + start0 + `"]`, 0, true},
		{`[SetUp "1"][FEN "` + start0 + `"]`, 0, true},                                    // a top event: no Variant
		{`[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -"]`, 0, true},         // chess.com: four fields
		{`[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]`, 518, false},  // standard, spelt out
		{`[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]`, -1, false}, // standard chess, set up
		{`[FEN "1r2k3/8/8/8/8/8/8/1R4KR b HB - 0 1"]`, -1, true},                          // castling only Chess960 has
		{`[Variant "Atomic"]`, -2, false},
		{`[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra"]`, -2, false},
	}
	for _, c := range cases {
		gs := readAll(t, "[Event \"start\"]"+c.tags+"\n\n*\n")
		if len(gs) != 1 {
			t.Fatalf("%s: %d games", c.tags, len(gs))
		}
		g := gs[0]
		if c.id == -2 {
			if g.Err == nil || !(errors.Is(g.Err, ErrVariant) || errors.Is(g.Err, ErrFEN)) {
				t.Errorf("%s: %v, want an error", c.tags, g.Err)
			}
			continue
		}
		if g.Err != nil {
			t.Errorf("%s: %v", c.tags, g.Err)
			continue
		}
		id, ok := g.StartID()
		if (c.id >= 0) != ok || (ok && id != c.id) {
			t.Errorf("%s: StartID %d, %v; want %d", c.tags, id, ok, c.id)
		}
		if g.IsChess960() != c.chess960 {
			t.Errorf("%s: IsChess960 %v", c.tags, g.IsChess960())
		}
	}
}

// The tree of an annotated game, read off testdata/corpus/annotated-hand.pgn
// by hand.
func TestTree(t *testing.T) {
	g := readFile(t, "testdata/corpus/annotated-hand.pgn")[0]
	m := g.Moves
	if !slices.Equal(m.Comments, []string{"Standard chess, annotated by hand."}) {
		t.Errorf("game comment %q", m.Comments)
	}
	e4 := m.Nodes[0]
	if !slices.Equal(e4.NAGs, []int{1}) || len(e4.Variations) != 1 {
		t.Fatalf("1. e4!: NAGs %v, %d variations", e4.NAGs, len(e4.Variations))
	}
	d4 := e4.Variations[0]
	if got := variationUCI(d4); got != "d2d4 d7d5 c2c4 e7e6 b1c3" {
		t.Errorf("(1. d4 ...) = %s", got)
	}
	if !slices.Equal(d4.Nodes[2].Comments, []string{"The Queen's Gambit"}) {
		t.Errorf("comment after 2. c4: %q", d4.Nodes[2].Comments)
	}
	nested := d4.Nodes[3].Variations
	if len(nested) != 1 || variationUCI(nested[0]) != "d5c4 e2e3" || !slices.Equal(nested[0].Nodes[1].NAGs, []int{5}) {
		t.Errorf("(2... dxc4 3. e3 $5): %+v", nested)
	}
	a6 := m.Nodes[5]
	if !slices.Equal(a6.Comments, []string{"The Morphy\nDefence."}) {
		t.Errorf("comment over a line end: %q", a6.Comments)
	}
	// (3... Nf6 4. O-O Nxe4 (4... Bc5!? 5. c3 O-O) 5. d4): castling in a
	// variation of a variation.
	nf6 := a6.Variations[0]
	if got := variationUCI(nf6); got != "g8f6 e1h1 f6e4 d2d4" {
		t.Errorf("(3... Nf6 ...) = %s", got)
	}
	if bc5 := nf6.Nodes[2].Variations[0]; variationUCI(bc5) != "f8c5 c2c3 e8h8" || !slices.Equal(bc5.Nodes[0].NAGs, []int{5}) {
		t.Errorf("(4... Bc5!? ...) = %s %v", variationUCI(bc5), bc5.Nodes[0].NAGs)
	}
	if na5 := m.Nodes[17]; !slices.Equal(na5.NAGs, []int{6}) || len(na5.Variations) != 1 {
		t.Errorf("9... Na5?!: %v", na5.NAGs)
	}
	if g.Result() != chess.WhiteWins || len(m.Nodes) != 23 {
		t.Errorf("result %s, %d plies", g.Result(), len(m.Nodes))
	}
}

func variationUCI(v Variation) string {
	var s []string
	for _, n := range v.Nodes {
		s = append(s, n.Move.UCI(chess.Chess960))
	}
	return strings.Join(s, " ")
}

// Null moves ("--" and "Z0"), in a variation and in the main line, are
// passes: the other side moves next from the same board. Read off
// testdata/hand/null.pgn by hand.
func TestNullMoves(t *testing.T) {
	games := readFile(t, "testdata/hand/null.pgn")
	if len(games) != 3 || games[0].Err != nil || games[1].Err != nil || games[2].Err != nil {
		t.Fatalf("%d games, errors %v", len(games), games)
	}
	g := games[0]
	if got := strings.Join(ucis(g), " "); got != "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6" {
		t.Errorf("main line %s", got)
	}
	v := g.Moves.Nodes[5].Variations
	if len(v) != 1 || variationUCI(v[0]) != "0000 b5c6 d7c6 f3e5" || v[0].Nodes[0].Move != chess.NullMove {
		t.Fatalf("(3... -- 4. Bxc6 dxc6 5. Nxe5): %+v", v)
	}
	if !slices.Equal(v[0].Nodes[0].Comments, []string{"what White threatens:"}) {
		t.Errorf("comment after the null move: %q", v[0].Nodes[0].Comments)
	}
	g = games[1]
	if got := strings.Join(sans(g), " "); got != "d4 -- c4 -- Nc3" {
		t.Errorf("main line in SAN: %s", got)
	}
	if got := strings.Join(ucis(g), " "); got != "d2d4 0000 c2c4 0000 b1c3" {
		t.Errorf("main line in UCI: %s", got)
	}
	final := g.Final()
	if got, want := final.FEN(chess.Standard), "rnbqkbnr/pppppppp/8/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 2 3"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
	if st := g.Status(); st.Outcome.Termination != chess.Ongoing {
		t.Errorf("status %v", st)
	}
	out, err := g.AppendPGN(nil, chess.Standard)
	if err != nil || !strings.Contains(string(out), "\n1. d4 -- 2. c4 -- 3. Nc3 *\n") {
		t.Errorf("written: %v\n%s", err, out)
	}
	if got := strings.Join(sans(games[2]), " "); got != "Nf3 -- Ng1 -- e4" {
		t.Errorf("0000 and @@@@: %s", got)
	}
	// A null move the writer is given where the side to move is in check.
	p := g.Start
	for _, m := range []string{"e4", "f5", "Qh5+"} {
		mv, err := p.ParseSAN(m)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(mv)
	}
	bad := NewGame(p, []chess.Move{chess.NullMove})
	if _, err := bad.AppendPGN(nil, chess.Standard); err == nil {
		t.Error("a null move in check was written")
	}
}

// The state after the last move, by the rules.
func TestStatus(t *testing.T) {
	cases := []struct {
		pgn  string
		want chess.Termination
	}{
		{"1. f3 e5 2. g4 Qh4# 0-1", chess.Checkmate},
		// Sam Loyd's ten-move stalemate.
		{"1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2", chess.Stalemate},
		{"[FEN \"4k3/8/8/8/8/8/4n3/4K3 w - - 0 1\"]\n\n1. Kxe2 *", chess.InsufficientMaterial},
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *", chess.FivefoldRepetition},
		// The game went on after the fivefold repetition ended it.
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *", chess.FivefoldRepetition},
		{"[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 *", chess.SeventyFiveMoves},
		// Moves after the 75-move rule ended the game, and after insufficient
		// material: the first ending stays.
		{"[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 Kd8 81. Ra8+ Kc7 82. Ra7+ *", chess.SeventyFiveMoves},
		{"[FEN \"8/8/4k3/2n5/8/8/1pK5/8 w - - 0 1\"]\n\n1. Kxb2 Nd3+ 2. Kc3 *", chess.InsufficientMaterial},
		// A stalemated side passes and the record goes on to a mate.
		{"[FEN \"7k/8/4Q1K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qf7 -- 2. Qf8# *", chess.Stalemate},
		// Passes count for the repetitions as any quiet move.
		{"1. Nf3 -- 2. Ng1 -- 3. Nf3 -- 4. Ng1 -- 5. Nf3 -- 6. Ng1 -- 7. Nf3 -- 8. Ng1 -- *", chess.FivefoldRepetition},
		{"1. Nf3 -- 2. Ng1 -- 3. Nf3 -- 4. Ng1 -- 5. Nf3 -- 6. Ng1 -- 7. Nf3 -- 8. Ng1 *", chess.Ongoing},
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *", chess.Ongoing}, // threefold: claimable only
	}
	for _, c := range cases {
		g := readAll(t, c.pgn)[0]
		if g.Err != nil {
			t.Fatalf("%s: %v", c.pgn, g.Err)
		}
		if got := g.Status().Outcome.Termination; got != c.want {
			t.Errorf("%s: %s, want %s", c.pgn, got, c.want)
		}
	}
	threefold := readAll(t, cases[len(cases)-1].pgn)[0].Status()
	if len(threefold.Claims) == 0 || threefold.Claims[0].Termination != chess.ThreefoldRepetition {
		t.Errorf("threefold repetition: claims %v", threefold.Claims)
	}
}

// everyTestFile returns the text of every PGN file of testdata, times
// times over.
func everyTestFile(t *testing.T, times int) *strings.Builder {
	t.Helper()
	var text strings.Builder
	files, err := filepath.Glob("testdata/*/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for range times {
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			text.Write(data)
			text.WriteString("\n")
		}
	}
	return &text
}

// ReadParallel gives the games in input order, the same as Read, whatever
// the number of workers.
func TestReadParallel(t *testing.T) {
	text := everyTestFile(t, 20)
	line := func(g *Game) string {
		s := g.Tags.Get("Event") + " " + strings.Join(ucis(g), " ")
		if g.Err != nil {
			s += " " + g.Err.Error()
		}
		return s
	}
	var want []string
	for _, g := range readAll(t, text.String()) {
		want = append(want, line(g))
	}
	if len(want) < 1000 {
		t.Fatalf("only %d games", len(want))
	}
	for _, workers := range []int{1, 2, 3, 8} {
		var got []string
		err := ReadParallel(NewReader(strings.NewReader(text.String())), workers, line, func(s string) error {
			got = append(got, s)
			return nil
		})
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%d workers: %d games, %v; want the %d games of Read", workers, len(got), err, len(want))
		}
	}
	// An error from emit stops the reading.
	stop := errors.New("enough")
	n := 0
	err := ReadParallel(NewReader(strings.NewReader(text.String())), 4, line, func(string) error {
		n++
		if n == 100 {
			return stop
		}
		return nil
	})
	if err != stop || n != 100 {
		t.Errorf("emit's error: %v after %d games", err, n)
	}
}

// An input that fails: the games before the failure, then its error.
func TestReadInputError(t *testing.T) {
	broken := errors.New("disk on fire")
	text := "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4"
	for _, workers := range []int{1, 2} {
		r := NewReader(io.MultiReader(strings.NewReader(text), &failing{broken}))
		n := 0
		err := ReadParallel(r, workers, func(g *Game) *Game { return g }, func(*Game) error { n++; return nil })
		if err != broken || n != 3 {
			t.Errorf("%d workers: %d games, %v; want 3 and %v", workers, n, err, broken)
		}
	}
}

type failing struct{ err error }

func (f *failing) Read([]byte) (int, error) { return 0, f.err }

// A game longer than MaxGameBytes gets ErrTooLong, and the next game reads
// as usual; a line longer than the reader's buffer is no problem.
func TestLongGames(t *testing.T) {
	long := "[Event \"long\"]\n\n1. e4 {" + strings.Repeat("x", 300<<10) + "} e5 *\n\n"
	r := NewReader(strings.NewReader(long + "1. d4 d5 *\n"))
	games := []*Game{}
	for g, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if len(games) != 2 || games[0].Err != nil || len(games[0].Moves.Nodes[0].Comments[0]) != 300<<10 || len(games[1].Moves.Nodes) != 2 {
		t.Fatalf("a 300 KB line: %d games, %v", len(games), games[0].Err)
	}
	r = NewReader(strings.NewReader(long + "1. d4 d5 *\n"))
	r.MaxGameBytes = 100 << 10
	g, err := r.Read()
	if err != nil || g.Err == nil || !errors.Is(g.Err, ErrTooLong) || g.Err.Line != 3 {
		t.Fatalf("a game over the limit: %v, %v", g.Err, err)
	}
	if g, err := r.Read(); err != nil || g.Err != nil || len(g.Moves.Nodes) != 2 {
		t.Errorf("the game after it: %v %v", g, err)
	}
}

// Deeply nested variations are refused past MaxDepth, without harm.
func TestDeepVariations(t *testing.T) {
	text := "1. e4 " + strings.Repeat("( e4 ", MaxDepth+5) + strings.Repeat(")", MaxDepth+5) + " e5 *"
	g := readAll(t, text)[0]
	if g.Err == nil || !errors.Is(g.Err, chess960.ErrSyntax) || strings.Join(ucis(g), " ") != "e2e4 e7e5" {
		t.Errorf("%v, %v", ucis(g), g.Err)
	}
}

// Many tags, some repeated: the last value wins, in the place of the first.
func TestManyTags(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 5000; i++ {
		b.WriteString("[T" + strings.Repeat("x", i%100) + " \"" + string(rune('a'+i%26)) + "\"]\n")
	}
	g := readAll(t, b.String()+"\n1. e4 *")[0]
	if g.Err != nil || len(g.Tags) != 100 || g.Tags[0].Name != "T" || g.Tags[0].Value != string(rune('a'+4900%26)) {
		t.Errorf("%d tags, first %v, %v", len(g.Tags), g.Tags[0], g.Err)
	}
}

// describe writes out everything a game holds, its whole tree included.
func describe(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#%d line %d start %q sid %d marker %v\n", g.Number, g.Line, g.Start.FEN(chess.Chess960), g.sid, g.marker)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s %q]\n", t.Name, t.Value)
	}
	var line func(v Variation, depth int)
	line = func(v Variation, depth int) {
		fmt.Fprintf(&b, "%*s(%q\n", depth, "", v.Comments)
		for _, n := range v.Nodes {
			fmt.Fprintf(&b, "%*s%v %v %q\n", depth, "", n.Move, n.NAGs, n.Comments)
			for _, sub := range n.Variations {
				line(sub, depth+1)
			}
		}
		fmt.Fprintf(&b, "%*s)\n", depth, "")
	}
	line(g.Moves, 0)
	if g.Err != nil {
		fmt.Fprintf(&b, "error %+v\n", *g.Err)
	}
	return b.String()
}

// With ReuseGames, the games read are the same, and their clones last.
func TestReuseGames(t *testing.T) {
	text := everyTestFile(t, 3)
	var want []string
	for _, g := range readAll(t, text.String()) {
		want = append(want, describe(g))
	}
	if len(want) < 150 {
		t.Fatalf("only %d games", len(want))
	}

	r := NewReader(strings.NewReader(text.String()))
	r.ReuseGames = true
	var clones []*Game
	var prev *Game
	reused := 0
	for g, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		if g == prev {
			reused++
		}
		prev = g
		if got := describe(g); got != want[len(clones)] {
			t.Fatalf("game %d read into a reused Game:\n%s\nwant\n%s", len(clones)+1, got, want[len(clones)])
		}
		clones = append(clones, g.Clone())
	}
	if reused != len(want)-1 {
		t.Errorf("the Game was reused %d times for %d games", reused, len(want))
	}
	for i, c := range clones {
		if got := describe(c); got != want[i] {
			t.Fatalf("the clone of game %d changed once the next games were read:\n%s\nwant\n%s", i+1, got, want[i])
		}
	}

	for _, workers := range []int{1, 3} {
		r := NewReader(strings.NewReader(text.String()))
		r.ReuseGames = true
		var got []string
		err := ReadParallel(r, workers, describe, func(s string) error {
			got = append(got, s)
			return nil
		})
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ReadParallel, %d workers, reusing games: %d games, %v; want the %d games of Read", workers, len(got), err, len(want))
		}
	}
}

// TestReaderStart: games without a FEN tag start from Reader.Start; a game
// with one keeps its own, in Read and in ReadParallel alike.
func TestReaderStart(t *testing.T) {
	const text = "[Event \"a\"]\n\n1. Ne3 Ne6 *\n\n[Event \"b\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. Nh3 *\n"
	start := chess.NewPosition(chess960.MustNew(959))
	for _, workers := range []int{1, 4} {
		r := NewReader(strings.NewReader(text))
		r.Start = start
		var ids []int
		var errs []error
		err := ReadParallel(r, workers, func(g *Game) *Game { return g.Clone() }, func(g *Game) error {
			id, _ := g.StartID()
			ids = append(ids, id)
			if g.Err != nil {
				errs = append(errs, g.Err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		// Game c, 1. Nh3, is legal from 518 and not from 959: it has an error.
		if len(ids) != 3 || ids[0] != 959 || ids[1] != 518 || ids[2] != 959 || len(errs) != 1 {
			t.Errorf("%d workers: starts %v, errors %v", workers, ids, errs)
		}
	}
}
