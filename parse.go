package chess960

import (
	"errors"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// The reasons an input is refused. Test for them with errors.Is; the *Error
// that carries them also names the input and gives the detail.
var (
	ErrRange = errors.New("out of range")
	// ErrSyntax is the one reason for text that does not read, in every
	// package of the module: a number, rank or list here, a FEN or a move
	// in package chess, a token of PGN, a diagram option. The error that
	// carries it names the kind of input.
	ErrSyntax        = errors.New("invalid syntax")
	ErrLength        = errors.New("wrong length")
	ErrLetter        = errors.New("unknown letter")
	ErrPieceSet      = errors.New("wrong set of pieces")
	ErrBishops       = errors.New("bishops on squares of one colour")
	ErrKingPlacement = errors.New("king not between the rooks")
	ErrNotMirrored   = errors.New("black does not mirror white")
	ErrNotStart      = errors.New("not a start position")
	ErrNoneLeft      = errors.New("no position left to draw")
)

// Error is the error returned for bad input: what kind of input it was, the
// input itself, the reason (one of the Err values above) and a detail.
type Error struct {
	Kind   string // "rank", "FEN", "position number", "Fritz9 number", "position list", ...
	Input  string
	Err    error
	Detail string
}

// Error formats the error as `chess960: rank "RNBQBKNR": bishops on squares
// of one colour: both bishops on dark squares`, quoting at most 100 bytes of
// the input (and then giving its length).
func (e *Error) Error() string {
	s := "chess960: " + e.Kind + " " + quote.Input(e.Input) + ": " + e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the reason, so that errors.Is(err, ErrBishops) works.
func (e *Error) Unwrap() error { return e.Err }

// ParseRank reads a back rank of eight piece letters, a-file first, in either
// case ("RNBQKBNR" or "rnbqkbnr", not mixed), and returns its start position.
func ParseRank(s string) (StartPos, error) {
	id, err := parseRank(s)
	if err != nil {
		return StartPos{}, &Error{Kind: "rank", Input: s, Err: err.err, Detail: err.detail}
	}
	return StartPos{uint16(id)}, nil
}

// MustParseRank is like ParseRank but panics on a bad rank.
func MustParseRank(s string) StartPos {
	p, err := ParseRank(s)
	if err != nil {
		panic(err)
	}
	return p
}

func parseRank(s string) (int, *rankErr) {
	if len(s) == 8 {
		v := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		// All letters one case: either no byte has bit 0x20 or every byte has it.
		if c := v & (lsb8 * 0x20); c == 0 || c == lsb8*0x20 {
			if id, ok := encode(v &^ (lsb8 * 0x20)); ok {
				return id, nil
			}
		}
	}
	if len(s) != 8 {
		unit := " bytes"
		if len(s) == 1 {
			unit = " byte"
		}
		return 0, &rankErr{ErrLength, "need 8 letters, have " + strconv.Itoa(len(s)) + unit}
	}
	var r Rank
	upper, lower := false, false
	for i := 0; i < 8; i++ {
		c := s[i]
		switch c {
		case 'K', 'Q', 'R', 'B', 'N':
			upper = true
		case 'k', 'q', 'r', 'b', 'n':
			lower = true
			c -= 'a' - 'A'
		default:
			return 0, &rankErr{ErrLetter, quote.Char(s, i) + " on file " + fileName(i) + " (want K, Q, R, B, N)"}
		}
		r[i] = Piece(c)
	}
	if upper && lower {
		return 0, &rankErr{ErrLetter, "mixed upper and lower case"}
	}
	return rankID(&r)
}

// ParseID reads a Scharnagl number: decimal digits, optionally prefixed by
// "SP", "SP-" or "#" in any case ("518", "SP-518"). 960 is taken as 0, as
// New does.
func ParseID(s string) (StartPos, error) {
	n, err := parseNumber(s)
	if err != nil {
		return StartPos{}, &Error{Kind: "position number", Input: s, Err: err.err, Detail: err.detail}
	}
	p, e := New(n)
	if e != nil {
		e.(*Error).Input = s
	}
	return p, e
}

// ParseFritz9 reads a Fritz9 number 1..960 (decimal digits).
func ParseFritz9(s string) (StartPos, error) {
	n, err := parseFritz9Number(s)
	if err != nil {
		return StartPos{}, &Error{Kind: "Fritz9 number", Input: s, Err: err.err, Detail: err.detail}
	}
	p, e := FromFritz9(n)
	if e != nil {
		e.(*Error).Input = s
	}
	return p, e
}

// parseFritz9Number is parseNumber with the range of Fritz9 numbers in its
// message.
func parseFritz9Number(s string) (int, *rankErr) {
	n, err := parseNumber(s)
	if err != nil && err.err == ErrRange {
		err.detail = "must be 1..960"
	}
	return n, err
}

// parseNumber reads a number 0..960 in plain decimal digits (package
// internal/decimal) with an optional SP, SP- or # prefix. A negative number
// and one too large are out of range, not syntax errors.
func parseNumber(s string) (int, *rankErr) {
	t := s
	if len(t) >= 2 && (t[0] == 'S' || t[0] == 's') && (t[1] == 'P' || t[1] == 'p') {
		t = t[2:]
		if len(t) > 0 && t[0] == '-' {
			t = t[1:]
		}
	} else if len(t) > 0 && t[0] == '#' {
		t = t[1:]
	}
	n, err := decimal.Int(t, 0, Count)
	switch {
	case err == decimal.ErrSyntax:
		return 0, &rankErr{ErrSyntax, "want a number such as 518"}
	case err != nil:
		return 0, &rankErr{ErrRange, "must be 0..959 (960 is taken as 0)"}
	}
	return int(n), nil
}

// Parse reads a start position given any way a user may write one: a
// Scharnagl number ("518", "SP-518"), a back rank ("RNBQKBNR") or a start
// position FEN. The error for a FEN or rank says what is wrong with it.
func Parse(s string) (StartPos, error) {
	t := strings.TrimSpace(s)
	switch {
	case strings.ContainsAny(t, "/ "):
		return ParseFEN(t)
	case len(t) == 8 && !decimal.Digits(t) && !strings.HasPrefix(strings.ToUpper(t), "SP"):
		return ParseRank(t)
	case NumberLike(t):
		return ParseID(t)
	default:
		return ParseRank(t)
	}
}

// NumberLike reports whether s is meant as a position number, as Parse
// takes it: digits, perhaps signed, or after an SP, SP- or # prefix ("518",
// "-1", "SP-518", "#7"). Such a text gets ParseID's error, not ParseRank's.
func NumberLike(s string) bool {
	if len(s) >= 2 && (s[0] == 'S' || s[0] == 's') && (s[1] == 'P' || s[1] == 'p') {
		return true
	}
	s = strings.TrimPrefix(s, "#")
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return decimal.Digits(s)
}

// ParseFEN recognises the FEN of a start position: White's back rank, eight
// white and eight black pawns on their own ranks, Black's back rank mirroring
// White's, White to move, all four castling rights, no en-passant square and
// counters 0 and 1. The castling field may be written in any style: "KQkq"
// (X-FEN), the rooks' file letters ("HAha", Shredder-FEN) or a mixture, in any
// order. The two counters may be left out (EPD style).
func ParseFEN(s string) (StartPos, error) {
	p, err := parseFEN(s)
	if err != nil {
		return StartPos{}, &Error{Kind: "FEN", Input: s, Err: err.err, Detail: err.detail}
	}
	return p, nil
}

func parseFEN(s string) (StartPos, *rankErr) {
	w, _, err := parseStartFEN(s, true)
	return w, err
}

// parseStartFEN reads the FEN of a start position whose Black back rank is
// any start rank (a DFRC start) or, with mirrored, White's mirror image.
func parseStartFEN(s string, mirrored bool) (StartPos, StartPos, *rankErr) {
	f := strings.Fields(s)
	if len(f) != 4 && len(f) != 6 {
		return StartPos{}, StartPos{}, &rankErr{ErrSyntax, "need 6 fields (or 4, EPD style), have " + strconv.Itoa(len(f))}
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return StartPos{}, StartPos{}, &rankErr{ErrSyntax, "board needs 8 ranks separated by '/', has " + strconv.Itoa(len(rows))}
	}
	for i, row := range rows {
		if !validRow(row) {
			return StartPos{}, StartPos{}, &rankErr{ErrSyntax, "rank " + strconv.Itoa(8-i) + " " + quotePart(row) + " is not 8 squares of pieces (KQRBNP, kqrbnp) and digits"}
		}
		rows[i] = normalRow(row)
	}
	if !isUpperRow(rows[7]) {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "rank 1 " + quotePart(rows[7]) + " is not eight white pieces"}
	}
	w, werr := parseRank(rows[7])
	if werr != nil {
		return StartPos{}, StartPos{}, &rankErr{werr.err, "rank 1: " + werr.detail}
	}
	sp := StartPos{uint16(w)}
	if rows[6] != "PPPPPPPP" {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "rank 2 is " + quotePart(rows[6]) + ", want PPPPPPPP"}
	}
	for i := 2; i <= 5; i++ {
		if rows[i] != "8" {
			return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "rank " + strconv.Itoa(8-i) + " is " + quotePart(rows[i]) + ", want empty (8)"}
		}
	}
	if rows[1] != "pppppppp" {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "rank 7 is " + quotePart(rows[1]) + ", want pppppppp"}
	}
	bp := sp
	if mirrored {
		if want := strings.ToLower(sp.String()); rows[0] != want {
			return StartPos{}, StartPos{}, &rankErr{ErrNotMirrored, "rank 8 is " + quotePart(rows[0]) + ", want " + strconv.Quote(want)}
		}
	} else {
		if !isUpperRow(strings.ToUpper(rows[0])) || strings.ToLower(rows[0]) != rows[0] {
			return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "rank 8 " + quotePart(rows[0]) + " is not eight black pieces"}
		}
		b, berr := parseRank(strings.ToUpper(rows[0]))
		if berr != nil {
			return StartPos{}, StartPos{}, &rankErr{berr.err, "rank 8: " + berr.detail}
		}
		bp = StartPos{uint16(b)}
	}
	if f[1] != "w" {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "side to move is " + quotePart(f[1]) + ", want w"}
	}
	if d := checkCastling(sp, bp, f[2]); d != "" {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "castling field " + quotePart(f[2]) + ": " + d}
	}
	if f[3] != "-" {
		return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "en-passant field is " + quotePart(f[3]) + ", want -"}
	}
	if len(f) == 6 {
		if f[4] != "0" {
			return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "halfmove clock is " + quotePart(f[4]) + ", want 0"}
		}
		if f[5] != "1" {
			return StartPos{}, StartPos{}, &rankErr{ErrNotStart, "move number is " + quotePart(f[5]) + ", want 1"}
		}
	}
	return sp, bp, nil
}

// validRow reports whether row is 8 squares of piece letters and digits.
// Digits may follow each other ("44" is 8 empty squares), as package chess
// reads them.
func validRow(row string) bool {
	n := 0
	for i := 0; i < len(row) && n <= 8; i++ {
		c := row[i]
		switch {
		case c >= '1' && c <= '8':
			n += int(c - '0')
		case strings.IndexByte("KQRBNPkqrbnp", c) >= 0:
			n++
		default:
			return false
		}
	}
	return n == 8
}

// quoteRow quotes a rank of a FEN whose whole text the error quotes already:
// in full when it is short, else only its length.
func quotePart(row string) string {
	if len(row) <= 16 {
		return quote.Input(row)
	}
	return "(" + strconv.Itoa(len(row)) + " bytes)"
}

// normalRow writes a valid row with each run of empty squares as one digit.
// A row that has no two digits in a row is returned as it is.
func normalRow(row string) string {
	adjacent := false
	for i := 1; i < len(row); i++ {
		if row[i-1] >= '1' && row[i-1] <= '8' && row[i] >= '1' && row[i] <= '8' {
			adjacent = true
		}
	}
	if !adjacent {
		return row
	}
	var b []byte
	empty := 0
	for i := 0; i < len(row); i++ {
		if c := row[i]; c >= '1' && c <= '8' {
			empty += int(c - '0')
			continue
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
			empty = 0
		}
		b = append(b, row[i])
	}
	if empty > 0 {
		b = append(b, byte('0'+empty))
	}
	return string(b)
}

func isUpperRow(row string) bool {
	if len(row) != 8 {
		return false
	}
	for i := 0; i < 8; i++ {
		if row[i] < 'A' || row[i] > 'Z' || row[i] == 'P' {
			return false
		}
	}
	return true
}

// checkCastling reports what is wrong with a start position's castling field,
// White's back rank w and Black's b, or "" when it grants exactly the four
// rights. Each right may be written as K/Q (k/q) or as the rook's file
// letter; with only two rooks a side, K and Q are never ambiguous.
func checkCastling(w, b StartPos, field string) string {
	_, wa, wh := w.Files()
	_, ba, bh := b.Files()
	var seen [4]bool // white a-side, white h-side, black a-side, black h-side
	for i := 0; i < len(field); i++ {
		c := field[i]
		var k int
		switch {
		case c == 'K':
			k = 1
		case c == 'Q':
			k = 0
		case c == 'k':
			k = 3
		case c == 'q':
			k = 2
		case c >= 'A' && c <= 'H', c >= 'a' && c <= 'h':
			file, black := int(c-'A'), false
			ra, rh := wa, wh
			if c >= 'a' {
				file, black = int(c-'a'), true
				ra, rh = ba, bh
			}
			switch file {
			case ra:
				k = 0
			case rh:
				k = 1
			default:
				return "no rook on the " + string(rune('a'+file)) + "-file for " + quote.Char(field, i)
			}
			if black {
				k += 2
			}
		case c == '-' && len(field) == 1:
			return "a start position has all four castling rights"
		default:
			return "unexpected " + quote.Char(field, i)
		}
		if seen[k] {
			return "right " + quote.Char(field, i) + " given twice"
		}
		seen[k] = true
	}
	for k, ok := range seen {
		if !ok {
			return "missing the " + [...]string{"white a-side", "white h-side", "black a-side", "black h-side"}[k] + " right"
		}
	}
	return ""
}

// FEN returns the FEN of the start position, with the castling field KQkq as
// X-FEN writes it for every start position:
// "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1". For the
// Shredder-FEN form (HAha) and for positions after moves, use package chess:
// chess.NewPosition(p).FEN(chess.Chess960).
func (p StartPos) FEN() string {
	r := p.String()
	return strings.ToLower(r) + "/pppppppp/8/8/8/8/PPPPPPPP/" + r + " w KQkq - 0 1"
}
