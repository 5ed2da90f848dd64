package chess

import (
	"errors"
	"slices"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

func TestFENErrors(t *testing.T) {
	cases := []struct {
		fen    string
		err    error
		field  string
		detail string // substring of the message
	}{
		{"", ErrFieldCount, "fields", "have 0"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ErrFieldCount, "fields", "have 3"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", ErrFieldCount, "fields", "have 5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrRankSize, "placement", "want 8 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", ErrRankSize, "placement", "rank 1"},
		{"rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrRankSize, "placement", "rank 4 (\"7\") has 7 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", chess960.ErrSyntax, "placement", "bad character '9'"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", chess960.ErrSyntax, "placement", "bad character 'x' in rank 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", ErrKings, "placement", "white has no king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", ErrKings, "placement", "white has 2 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNk w - - 0 1", ErrKings, "placement", "black has 2 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, "", ""}, // 17 pieces: a warning
		{"rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/R1BQKBNR w Kkq - 0 1", nil, "", ""},  // a promoted queen: a warning
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, "", ""},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", nil, "", ""}, // 9 pawns: a warning
		{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w Qkq - 0 1", ErrPawnRank, "placement", "pawn on h1"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", ErrPawnRank, "placement", "pawn on h8"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", nil, "", ""},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", ErrCheck, "placement", "black is not to move but its king on e8 is attacked from h8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", chess960.ErrSyntax, "turn", "want 'w' or 'b'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", chess960.ErrSyntax, "castling", "bad character 'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk1 - 0 1", chess960.ErrSyntax, "castling", "bad character '1'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1", ErrCastling, "castling", "no white rook on b1 for 'B'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", ErrCastling, "castling", "no white rook on the h-side of the king for 'K'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", ErrCastling, "castling", "no white rook on the a-side of the king for 'Q'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ErrKings, "placement", "white has no king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPK/RNBQ1BNR w KQkq - 0 1", ErrRankSize, "placement", "rank 2"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ErrCastling, "castling", "no white king on its first rank for 'K'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1", ErrCastling, "castling", "right for the rook on h1 given twice"},
		{"4k3/8/8/8/8/8/8/4K1RR w GH - 0 1", ErrCastling, "castling", "two white castling rights on the h-side of the king (g1 and h1)"},
		{"4k3/8/8/8/8/8/8/4K1RR w - e3 0 1", ErrEnPassant, "en passant", "e3 is not on rank 6 (white to move)"},
		{"4k3/8/8/8/8/8/8/4K1RR w - e6 0 1", ErrEnPassant, "en passant", "no black pawn on e5 in front of e6"},
		{"4k3/4p3/8/4p3/8/8/8/4K1RR w - e6 0 1", ErrEnPassant, "en passant", "the squares e6 and e7 the pawn passed must be empty"},
		{"4k3/8/8/8/4P3/8/8/4K1RR b - e3 0 1", nil, "", ""},
		{"4k3/8/8/8/8/8/8/4K1RR w - e9 0 1", chess960.ErrSyntax, "en passant", "want '-' or a square"},
		{"4k3/8/8/8/8/8/8/4K1RR w - - -1 1", ErrCounter, "halfmove clock", "want a number"},
		{"4k3/8/8/8/8/8/8/4K1RR w - - x 1", ErrCounter, "halfmove clock", "want a number"},
		{"4k3/8/8/8/8/8/8/4K1RR w - - 0 0", ErrCounter, "fullmove number", "want a number 1.."},
		{"4k3/8/8/8/8/8/8/4K1RR w - - 0 99999999", ErrCounter, "fullmove number", "want a number 1.."},
		{"4k3/8/8/8/8/8/8/4K1RR w - -", nil, "", ""},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		if c.err == nil {
			if err != nil {
				t.Errorf("ParseFEN(%q): %v", c.fen, err)
			}
			continue
		}
		// Text that does not read is a *FENError; a setup that breaks the
		// rules is a *PositionError listing the problems.
		var fields []string
		var fe *FENError
		var pe *PositionError
		switch {
		case errors.As(err, &fe):
			fields = []string{fe.Field}
			if fe.Input != c.fen {
				t.Errorf("ParseFEN(%q): input %q", c.fen, fe.Input)
			}
		case errors.As(err, &pe):
			for _, p := range pe.Problems {
				if errors.Is(p.Err, c.err) {
					fields = append(fields, p.Field)
				}
			}
			if pe.FEN != c.fen {
				t.Errorf("ParseFEN(%q): input %q", c.fen, pe.FEN)
			}
		default:
			t.Errorf("ParseFEN(%q) = %v, want a *FENError or *PositionError", c.fen, err)
			continue
		}
		if !errors.Is(err, c.err) || !slices.Contains(fields, c.field) || !strings.Contains(err.Error(), c.detail) {
			t.Errorf("ParseFEN(%q)\n got: %v (fields %q)\nwant: field %q, reason %v, message containing %q", c.fen, err, fields, c.field, c.err, c.detail)
		}
	}
}

func TestFENErrorMessage(t *testing.T) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqB - 0 1"
	_, err := ParseFEN(fen)
	want := `chess: FEN "` + fen + `": castling field: no white rook on b1 for 'B'`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestFENRoundTrip(t *testing.T) {
	cases := []struct{ in, xfen, shredder string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HQah - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", ""},
		// Inner rooks: a letter in X-FEN only where K/Q would name the other rook.
		{"rr2k3/8/8/8/8/8/8/RR2K2R w BHb - 0 1", "rr2k3/8/8/8/8/8/8/RR2K2R w KBb - 0 1", "rr2k3/8/8/8/8/8/8/RR2K2R w HBb - 0 1"},
		{"4k1rr/8/8/8/8/8/8/4K1RR w Gg - 0 1", "4k1rr/8/8/8/8/8/8/4K1RR w Gg - 0 1", ""},
		{"4k1rr/8/8/8/8/8/8/4K1RR w Kk - 0 1", "4k1rr/8/8/8/8/8/8/4K1RR w Kk - 0 1", "4k1rr/8/8/8/8/8/8/4K1RR w Hh - 0 1"},
		// EPD form: counters default to 0 1.
		{"4k3/8/8/8/8/8/8/4K2R w K -", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w H - 0 1"},
		// En passant is kept only when a capture is legal.
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", ""},
		{"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},
		// ... the d4 pawn is pinned along the fourth rank: no legal capture.
		{"8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1", ""},
		// ... the double-stepped pawn gives check and the capture removes it.
		{"8/8/8/8/3pP3/5k2/8/4K3 b - e3 0 1", "", ""},
		{"4k3/8/8/8/8/8/8/4K3 w - - 99 150", "", ""},
		// Mixed styles and whitespace.
		{"  r3k2r/8/8/8/8/8/8/R3K2R   w  AHkq -  0  1 ", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		wantX, wantS := c.xfen, c.shredder
		if wantX == "" {
			wantX = strings.Join(strings.Fields(c.in), " ")
		}
		if got := p.FEN(Standard); got != wantX {
			t.Errorf("X-FEN of %q = %q, want %q", c.in, got, wantX)
		}
		if wantS != "" {
			if got := p.FEN(Chess960); got != wantS {
				t.Errorf("Shredder-FEN of %q = %q, want %q", c.in, got, wantS)
			}
		}
		for _, style := range []CastlingMode{Standard, Chess960} {
			q, err := ParseFEN(p.FEN(style))
			if err != nil || q != p {
				t.Errorf("%q: reparsing %q: %v (equal %v)", c.in, p.FEN(style), err, q == p)
			}
		}
	}
}

func TestHashEnPassantOnlyWhenCapturable(t *testing.T) {
	a := MustParseFEN("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	b := MustParseFEN("4k3/8/8/8/4P3/8/8/4K3 b - - 5 9")
	if a.Hash() != b.Hash() {
		t.Error("hash differs for an en-passant square no pawn can use")
	}
	c := MustParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	d := MustParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
	if c.Hash() == d.Hash() {
		t.Error("hash ignores a usable en-passant square")
	}
	if _, ok := c.EnPassantSquare(); !ok {
		t.Error("EnPassantSquare not set")
	}
}
