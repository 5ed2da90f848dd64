package chess

import (
	"errors"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

// TestSetupListsEveryProblem: a setup that breaks several rules gets one
// error naming each of them, in FEN field order.
func TestSetupListsEveryProblem(t *testing.T) {
	var s Setup
	s.Board.Set(E1, Piece{White, King})
	s.Board.Set(D1, Piece{White, King})
	s.Board.Set(E8, Piece{Black, King})
	s.Board.Set(H8, Piece{White, Pawn})
	s.Board.Set(E4, Piece{White, Rook}) // attacks e8 with White to move: fine
	s.Turn = Black                      // ... with Black to move: White's kings are not attacked, but Black's is
	s.CastlingRooks = A1.BB()
	s.EnPassant = C6
	s.Fullmove = 0
	_, err := s.Position()
	var pe *PositionError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v, want a *PositionError", err)
	}
	want := []struct {
		err    error
		detail string
	}{
		{ErrKings, "white has 2 kings"},
		{ErrPawnRank, "pawn on h8"},
		{ErrCastling, "castling right on a1 but no white rook there"},
		{ErrEnPassant, "c6 is not on rank 3 (black to move)"},
		{ErrCounter, "0 out of range: must be 1..1048576"},
	}
	if len(pe.Problems) != len(want) {
		t.Fatalf("%d problems, want %d: %v", len(pe.Problems), len(want), err)
	}
	for i, w := range want {
		if p := pe.Problems[i]; p.Err != w.err || p.Detail != w.detail {
			t.Errorf("problem %d: %v (%q), want %v (%q)", i, p.Err, p.Detail, w.err, w.detail)
		}
		if !errors.Is(err, w.err) {
			t.Errorf("errors.Is(err, %v) is false", w.err)
		}
	}
	// Both issue FEN positions warn twice: extra material, kings on other files.
	p := MustParseFEN("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQkq - 0 1")
	if w := p.Warnings(); len(w) != 2 || w[0].Err != ErrPromoted || w[1].Err != ErrCastlingMirror {
		t.Errorf("warnings %v", w)
	}
	if errors.Is(err, ErrCheck) {
		t.Error("errors.Is(err, ErrCheck) with no such problem")
	}
	if !strings.HasPrefix(err.Error(), "chess: position: placement field: white has 2 kings; placement field: pawn on h8; castling field:") {
		t.Errorf("message %q", err)
	}
}

// TestSetupSideNotToMoveInCheck: the check rule is reported on its own,
// naming the attackers.
func TestSetupSideNotToMoveInCheck(t *testing.T) {
	_, err := ParseFEN("4k3/8/8/8/4R3/8/8/R3K2R w - - 0 1")
	if !errors.Is(err, ErrCheck) || !strings.Contains(err.Error(), "black is not to move but its king on e8 is attacked from e4") {
		t.Errorf("%v", err)
	}
	_, err = ParseFEN("4k3/8/5N2/8/4R3/8/8/4K3 w - - 0 1")
	if !strings.Contains(err.Error(), "attacked from e4 and f6") {
		t.Errorf("%v", err)
	}
}

func TestWarnings(t *testing.T) {
	cases := []struct {
		fen    string
		err    error
		detail string // "" for no warning
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, ""},
		{"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R4KRR w GQ - 0 1", ErrPromoted, "white has 1 promoted piece but no missing pawn"},
		{"rnbqkbnr/pppppppp/8/8/8/8/QQQQQQQQ/RNBQKBNR w KQkq - 0 1", nil, ""}, // eight promoted queens, eight pawns gone
		{"rnbqkbnr/pppppppp/8/8/2QQ4/8/1PPPPPPP/RNBQKB1R w KQkq - 0 1", ErrPromoted, "white has 2 promoted pieces but only 1 missing pawn"},
		{"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNNQKNNR w KQkq - 0 1", ErrPromoted, "white has 2 promoted pieces but only 1 missing pawn"},
		{"4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", nil, ""}, // one promoted queen, eight pawns missing
		// More material than a side starts with: one warning, not a
		// second one for the promoted pieces it implies.
		{"rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrMaterial, "white has 17 pieces (a side starts with 16)"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", ErrMaterial, "black has 9 pawns (a side starts with 8)"},
		{"QQQQQQqk/QQQQQQqq/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/KQQQQQQQ w - - 0 1", ErrMaterial, "white has 60 pieces (a side starts with 16)"},
		{"7k/8/8/8/8/PPPPPPPP/PPPPPPPP/K7 w - - 0 1", ErrMaterial, "white has 17 pieces and 16 pawns (a side starts with 16 and 8)"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1", ErrCastlingMirror, "both sides have castling rights but their kings stand on different files (d1, e8)"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQ - 0 1", nil, ""}, // only one side may castle
		{"1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K1R1 w Kk - 0 1", ErrCastlingMirror, "castling rooks on g1 and h8 do not mirror each other"},
		{"4k3/8/8/8/1b6/8/3p4/r3K2r w - - 0 1", ErrImpossibleCheck, "3 pieces give check (a1, h1 and d2)"},
		{"4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1", ErrImpossibleCheck, "double check with no line piece (f2 and d3)"},
		{"4k3/8/8/8/8/3n4/8/4K2r w - - 0 1", nil, ""}, // a knight and a rook: a discovered double check
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 40 1", ErrHalfmoveClock, "40 plies, but only 0 were played by move 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1", nil, ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 2 1", ErrHalfmoveClock, "2 plies, but only 1 were played by move 1"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 99 51", nil, ""},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v (a warning must not refuse)", c.fen, err)
			continue
		}
		w := p.Warnings()
		if c.err == nil {
			if len(w) != 0 {
				t.Errorf("%s: warnings %v, want none", c.fen, w)
			}
			continue
		}
		if len(w) != 1 || w[0].Err != c.err || w[0].Detail != c.detail {
			t.Errorf("%s: warnings %v, want one: %v (%q)", c.fen, w, c.err, c.detail)
		}
		s := p.Setup()
		if _, err := s.StrictPosition(); !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.detail) {
			t.Errorf("%s: StrictPosition error %v, want %v", c.fen, err, c.err)
		}
		if _, err := s.Position(); err != nil {
			t.Errorf("%s: Position refuses: %v", c.fen, err)
		}
	}
}

// TestStartPositionsHaveNoWarnings: all 960 start positions are strict.
func TestStartPositionsHaveNoWarnings(t *testing.T) {
	for id := 0; id < chess960.Count; id++ {
		p := NewPosition(chess960.MustNew(id))
		s := p.Setup()
		q, err := s.StrictPosition()
		if err != nil || q != p {
			t.Fatalf("start position %d: %v", id, err)
		}
	}
}

// TestBoardEditor builds a position the way a board editor does: pieces
// placed one by one, one moved, rights set, then validated.
func TestBoardEditor(t *testing.T) {
	var s Setup
	for f, r := range []Role{Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook} {
		s.Board.Set(SquareAt(f, 0), Piece{White, r})
		s.Board.Set(SquareAt(f, 7), Piece{Black, r})
	}
	s.Board.Set(G1, Piece{})              // take the knight off g1
	s.Board.Set(F3, Piece{White, Knight}) // and put it on f3
	s.Board.Set(D8, Piece{Black, Knight}) // replace the black queen
	s.CastlingRooks = A1.BB() | H1.BB() | H8.BB()
	s.EnPassant = NoSquare
	s.Fullmove = 1
	if got, want := s.Board.String(), "rnbnkbnr/8/8/8/8/5N2/8/RNBQKB1R"; got != want {
		t.Errorf("board %s, want %s", got, want)
	}
	if got := s.Board.PieceAt(D8); got != (Piece{Black, Knight}) {
		t.Errorf("d8 holds %v", got)
	}
	if got := s.Board.Pieces(Black, Knight).Count(); got != 3 {
		t.Errorf("%d black knights", got)
	}
	p, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(Standard), "rnbnkbnr/8/8/8/8/5N2/8/RNBQKB1R w KQk - 0 1"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
	if got, want := s.FEN(Chess960), "rnbnkbnr/8/8/8/8/5N2/8/RNBQKB1R w HAh - 0 1"; got != want {
		t.Errorf("Setup FEN %s, want %s", got, want)
	}
	if w := p.Warnings(); len(w) != 0 {
		t.Errorf("warnings %v, want none (Black's third knight stands for a missing pawn)", w)
	}
	// The setup comes back from the position unchanged.
	if back := p.Setup(); back != s {
		t.Errorf("Setup() = %+v, want %+v", back, s)
	}
	b := p.Board()
	if b != s.Board {
		t.Error("Board() differs from the setup's board")
	}
	// Emptying squares leaves an empty board.
	for sq := A1; sq <= H8; sq++ {
		b.Set(sq, Piece{})
	}
	if b != (Board{}) || b.Occupied() != 0 || b.KingSquare(White) != NoSquare {
		t.Errorf("cleared board: %s", b.String())
	}
	// Out-of-range squares and pieces are ignored.
	b.Set(NoSquare, Piece{White, King})
	b.Set(A1, Piece{White, Role(9)})
	if b != (Board{}) {
		t.Error("Set with a bad square or role changed the board")
	}
}

func TestParseSetup(t *testing.T) {
	// Everything a Setup can hold reads, whatever the rules say.
	s, err := ParseSetup("K7/8/8/8/8/8/8/KKP4P b - e6 7 3")
	if err != nil {
		t.Fatal(err)
	}
	s.CastlingRooks = H1.BB() | H8.BB()
	if s.Turn != Black || s.EnPassant != E6 || s.Halfmove != 7 || s.Fullmove != 3 {
		t.Errorf("%+v", s)
	}
	if got := s.FEN(Standard); got != "K7/8/8/8/8/8/8/KKP4P b Hh e6 7 3" {
		t.Errorf("FEN %s", got)
	}
	if _, err := s.Position(); !errors.Is(err, ErrKings) || !errors.Is(err, ErrPawnRank) || !errors.Is(err, ErrCastling) || !errors.Is(err, ErrEnPassant) {
		t.Errorf("Position: %v", err)
	}
	// K with no king to stand beside cannot be held as a rook square.
	if _, err := ParseSetup("8/8/8/8/8/8/8/R6R w K - 0 1"); !errors.Is(err, ErrCastling) || !strings.Contains(err.Error(), "no white king on its first rank for 'K'") {
		t.Errorf("K without a king: %v", err)
	}
	if _, err := ParseSetup("8/8/8/8/8/8/8/R6R w KX - 0 1"); !errors.Is(err, chess960.ErrSyntax) {
		t.Errorf("bad letter: %v", err)
	}
}

func TestParseBoard(t *testing.T) {
	b, err := ParseBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
	start := NewPosition(chess960.Standard())
	if err != nil || b != start.Board() {
		t.Errorf("standard board: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"8/8/8/8/8/8/8", "want 8 ranks separated by '/', have 7"},
		{"8/8/8/8/8/8/8/8/8", "more than 8 ranks"},
		{"8/8/8/8/8/8/8/9", "bad character '9' in rank 1"},
		{"8/8/8/8/8/8/8/é7", "bad character 'é' in rank 1"},
		{"8/8/8/8/8/8/8/p8", "rank 1 (\"p8\") has more than 8 squares"},
		{"8/8/8/8/8/8/8/", "rank 1 (\"\") has no squares"},
	} {
		_, err := ParseBoard(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseBoard(%q): %v, want %q", c.in, err, c.want)
		}
	}
}

// TestLongInputQuotedShort: a huge FEN is quoted in 100 bytes.
func TestLongInputQuotedShort(t *testing.T) {
	long := strings.Repeat("8/", 500000) + " w - - 0 1"
	_, err := ParseFEN(long)
	if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "(1000010 bytes)") {
		t.Errorf("error of %d bytes: %.300v", len(err.Error()), err)
	}
	_, err = ParseFEN("4k3/8/8/8/8/8/8/4K3 " + strings.Repeat("w", 5000) + " - - 0 1")
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("error of %d bytes", len(err.Error()))
	}
}
