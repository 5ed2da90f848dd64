package chess960

import (
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
)

// DFRC is a start of Double Fischer Random Chess: White's and Black's back
// ranks are start ranks drawn independently, so there are 960 × 960 =
// 921,600 starts, and the 960 with Black mirroring White are Chess960's.
// The zero DFRC is 0:0.
type DFRC struct {
	White, Black StartPos
}

// DFRCCount is the number of DFRC starts.
const DFRCCount = Count * Count

// NewDFRC returns the DFRC start of White's and Black's Scharnagl numbers,
// each 0..959.
func NewDFRC(white, black int) (DFRC, error) {
	for _, n := range []struct {
		v    int
		side string
	}{{white, "White's"}, {black, "Black's"}} {
		if n.v < 0 || n.v >= Count {
			return DFRC{}, &Error{Kind: "DFRC start", Input: strconv.Itoa(white) + ":" + strconv.Itoa(black), Err: ErrRange,
				Detail: n.side + " number must be 0..959"}
		}
	}
	return DFRC{StartPos{uint16(white)}, StartPos{uint16(black)}}, nil
}

// DFRCFromIndex returns the DFRC start of the single index W × 960 + B
// (0..921599), the line order of Stockfish's DFRC_openings.epd (line n is
// index n - 1).
func DFRCFromIndex(i int) (DFRC, error) {
	if i < 0 || i >= DFRCCount {
		return DFRC{}, &Error{Kind: "DFRC index", Input: strconv.Itoa(i), Err: ErrRange, Detail: "must be 0..921599"}
	}
	return DFRC{StartPos{uint16(i / Count)}, StartPos{uint16(i % Count)}}, nil
}

// DFRCFromBlackFirstIndex returns the DFRC start of the index B × 960 + W,
// the other order some engines number DFRC starts in.
func DFRCFromBlackFirstIndex(i int) (DFRC, error) {
	d, err := DFRCFromIndex(i)
	if err != nil {
		return DFRC{}, err
	}
	return DFRC{d.Black, d.White}, nil
}

// Index returns the start's single index, W × 960 + B.
func (d DFRC) Index() int { return d.White.ID()*Count + d.Black.ID() }

// BlackFirstIndex returns B × 960 + W.
func (d DFRC) BlackFirstIndex() int { return d.Black.ID()*Count + d.White.ID() }

// String returns the start's name, "W:B" with the Scharnagl numbers, White
// first, as TCEC labels its DFRC openings: "502:532".
func (d DFRC) String() string {
	return strconv.Itoa(d.White.ID()) + ":" + strconv.Itoa(d.Black.ID())
}

// IsChess960 reports whether Black mirrors White: a Chess960 start.
func (d DFRC) IsChess960() bool { return d.White == d.Black }

// Mirror returns the start seen from the other side: Black's rank for
// White and White's for Black, B:W. Playing W:B and B:W gives each side
// both ranks once.
func (d DFRC) Mirror() DFRC { return DFRC{d.Black, d.White} }

// FEN returns the start's FEN with the castling field KQkq (X-FEN): with
// two rooks a side, each castling rook is the outermost on its side, so K
// and Q are never ambiguous in a start.
func (d DFRC) FEN() string {
	return d.placement() + " w KQkq - 0 1"
}

// ShredderFEN returns the start's FEN with the rooks' files as the
// castling field (Shredder-FEN), White's rook files upper-case then
// Black's lower-case, each h-side first: "HAha" for 518:518.
func (d DFRC) ShredderFEN() string {
	_, wa, wh := d.White.Files()
	_, ba, bh := d.Black.Files()
	c := []byte{byte('A' + wh), byte('A' + wa), byte('a' + bh), byte('a' + ba)}
	return d.placement() + " w " + string(c) + " - 0 1"
}

func (d DFRC) placement() string {
	return strings.ToLower(d.Black.String()) + "/pppppppp/8/8/8/8/PPPPPPPP/" + d.White.String()
}

// ParseDFRC reads a DFRC start: "W:B" with Scharnagl numbers (also with
// "DFRC " before it), or the FEN of a start whose back ranks are start
// ranks, Black's mirroring White's or not, in X-FEN or Shredder-FEN.
func ParseDFRC(s string) (DFRC, error) {
	t := strings.TrimSpace(s)
	if u, ok := strings.CutPrefix(t, "DFRC "); ok {
		t = strings.TrimSpace(u)
	}
	if w, b, ok := strings.Cut(t, ":"); ok && !strings.Contains(t, "/") {
		wn, werr := decimalNumber(w)
		bn, berr := decimalNumber(b)
		if werr || berr {
			return DFRC{}, &Error{Kind: "DFRC start", Input: s, Err: ErrSyntax, Detail: "want W:B with two Scharnagl numbers, such as 502:532"}
		}
		if wn >= Count || bn >= Count {
			return DFRC{}, &Error{Kind: "DFRC start", Input: s, Err: ErrRange, Detail: "each number must be 0..959"}
		}
		return DFRC{StartPos{uint16(wn)}, StartPos{uint16(bn)}}, nil
	}
	if strings.Contains(t, "/") {
		w, b, err := parseStartFEN(t, false)
		if err != nil {
			return DFRC{}, &Error{Kind: "DFRC FEN", Input: s, Err: err.err, Detail: err.detail}
		}
		return DFRC{w, b}, nil
	}
	return DFRC{}, &Error{Kind: "DFRC start", Input: s, Err: ErrSyntax, Detail: "want W:B, such as 502:532, or a FEN"}
}

// decimalNumber reads plain decimal digits (at most 4); bad reports
// anything else.
func decimalNumber(s string) (n int, bad bool) {
	if len(s) == 0 || len(s) > 4 || !decimal.Digits(s) {
		return 0, true
	}
	v, err := strconv.Atoi(s)
	return v, err != nil
}
