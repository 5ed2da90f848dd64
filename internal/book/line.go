// Package book writes, checks and repairs the opening books engine
// testers exchange: EPD (one position per line, with opcodes) and PGN files
// of Chess960 and Double Fischer Random starts, or of positions played out
// from them. It is the work of "chess960 book" (Selection, Plies, Writer),
// "chess960 book check" and "chess960 book fix".
package book

import (
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// span is a part of a line, by byte offsets.
type span struct{ start, end int }

func (s span) of(line string) string { return line[s.start:s.end] }

// operation is one EPD operation: its opcode and its operands, each with
// its place in the line (for rewriting a move without touching the rest).
type operation struct {
	opcode   string
	operands []span
}

// epdLine is a line of an EPD book, split but not yet judged.
type epdLine struct {
	fields [4]span // placement, turn, castling, en passant
	clocks []span  // the halfmove clock and fullmove number, when given
	ops    []operation
}

// fen returns the FEN the line gives: its four fields and its clocks.
func (l *epdLine) fen(line string) string {
	end := l.fields[3].end
	if len(l.clocks) == 2 {
		end = l.clocks[1].end
	}
	// The fields are separated by white space of any kind; ParseFEN splits
	// on white space too, so the slice can be passed as it is.
	return line[l.fields[0].start:end]
}

// splitEPD splits a line into its four FEN fields, the clocks when they
// follow, and the EPD operations ("bm Nf3; id \"x\";"). It reports whether
// the line has four fields at all.
func splitEPD(line string, l *epdLine) bool {
	l.clocks = l.clocks[:0]
	l.ops = l.ops[:0]
	i := 0
	for f := 0; f < 4; f++ {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i == len(line) || line[i] == ';' {
			return false
		}
		s := i
		for i < len(line) && !isSpace(line[i]) && line[i] != ';' {
			i++
		}
		l.fields[f] = span{s, i}
	}
	// Two plain numbers after the fields are the clocks (a FEN, or an EPD
	// line written by tools that keep them).
	j := i
	var clocks [2]span
	n := 0
	for n < 2 {
		for j < len(line) && isSpace(line[j]) {
			j++
		}
		s := j
		for j < len(line) && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j == s || (j < len(line) && !isSpace(line[j]) && line[j] != ';') {
			break
		}
		clocks[n] = span{s, j}
		n++
	}
	if n == 2 {
		l.clocks = append(l.clocks, clocks[0], clocks[1])
		i = j
	}
	// Operations: an opcode, operands separated by spaces (a quoted string
	// is one operand), ended by ';' (the last may lack it).
	for i < len(line) {
		for i < len(line) && (isSpace(line[i]) || line[i] == ';') {
			i++
		}
		if i == len(line) {
			break
		}
		s := i
		for i < len(line) && !isSpace(line[i]) && line[i] != ';' {
			i++
		}
		op := operation{opcode: line[s:i]}
		for i < len(line) && line[i] != ';' {
			for i < len(line) && isSpace(line[i]) {
				i++
			}
			if i == len(line) || line[i] == ';' {
				break
			}
			s := i
			if line[i] == '"' {
				i++
				for i < len(line) && line[i] != '"' {
					if line[i] == '\\' && i+1 < len(line) {
						i++
					}
					i++
				}
				if i < len(line) {
					i++
				}
			} else {
				for i < len(line) && !isSpace(line[i]) && line[i] != ';' {
					i++
				}
			}
			op.operands = append(op.operands, span{s, i})
		}
		l.ops = append(l.ops, op)
	}
	return true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// The notations a castling field can be written in.
type notation uint8

const (
	noNotation notation = iota // "-", or a field both notations write alike
	xfen                       // KQkq, a file letter only where K or Q would be ambiguous
	shredder                   // the rooks' file letters, HAha
	ambiguousK                 // K or Q where another rook stands on that side
	otherForm                  // readable, but neither notation's way (order, a needless letter)
)

// castlingField writes the castling rights of p in the notation n (xfen or
// shredder). X-FEN here writes K or Q only where that side of the king has
// one rook on the first rank, so that no reader has to guess; otherwise the
// rook's file letter.
func castlingField(dst []byte, p *chess.Position, n notation) []byte {
	rights := p.CastlingRooks()
	if rights == 0 {
		return append(dst, '-')
	}
	for c := chess.White; c <= chess.Black; c++ {
		back := chess.Rank1
		var lower byte
		if c == chess.Black {
			back, lower = chess.Rank8, 0x20
		}
		rooks := p.Pieces(c, chess.Rook) & back
		ksq := p.KingSquare(c)
		hSide, aSide := sideOf(ksq, true)&back, sideOf(ksq, false)&back
		// h-side rights first, outermost first; then the a-side ones.
		for _, side := range [2]struct {
			bb     chess.Bitboard
			letter byte
		}{{hSide, 'K'}, {aSide, 'Q'}} {
			r := rights & side.bb
			for _, sq := range outermostFirst(r, side.letter == 'K') {
				outer := rooks & side.bb
				isOuter := len(outer.Squares()) > 0 && outermostFirst(outer, side.letter == 'K')[0] == sq
				if (n == xfen && outer.Count() == 1) || (n == ambiguousK && isOuter) {
					dst = append(dst, side.letter|lower)
				} else {
					dst = append(dst, ('A'+byte(sq.File()))|lower)
				}
			}
		}
	}
	return dst
}

// sideOf returns the squares of ksq's rank on its h-side or its a-side.
func sideOf(ksq chess.Square, hSide bool) chess.Bitboard {
	rank := chess.Rank1 << (uint(ksq) &^ 7)
	below := ksq.BB() - 1
	if hSide {
		return rank &^ (below | ksq.BB())
	}
	return rank & below
}

func outermostFirst(b chess.Bitboard, hSide bool) []chess.Square {
	sq := b.Squares()
	if hSide {
		for i, j := 0, len(sq)-1; i < j; i, j = i+1, j-1 {
			sq[i], sq[j] = sq[j], sq[i]
		}
	}
	return sq
}

// classify tells the notation of a castling field that reads as p's rights.
func classify(field string, p *chess.Position) notation {
	var b [16]byte
	x := string(castlingField(b[:0], p, xfen))
	s := string(castlingField(b[:0], p, shredder))
	switch {
	case field == x && field == s:
		return noNotation
	case field == x:
		return xfen
	case field == s:
		return shredder
	case field == string(castlingField(b[:0], p, ambiguousK)):
		return ambiguousK
	}
	return otherForm
}

// startOf reads a start position from the placement field alone: both
// back ranks a Chess960 rank, the pawns on their squares, nothing else. It
// returns shaped when the pieces stand as in a start (whatever the ranks),
// and ok when they are one.
func startOf(placement string) (d chess960.DFRC, shaped bool, why string) {
	if len(placement) != 8+1+8+1+1+1+1+1+1+1+1+1+8+1+8 {
		return d, false, ""
	}
	if placement[8:35] != "/pppppppp/8/8/8/8/PPPPPPPP/" {
		return d, false, ""
	}
	var b [8]byte
	for i := 0; i < 8; i++ {
		c := placement[i]
		if c < 'a' || c > 'z' {
			return d, true, "Black's back rank " + placement[:8] + " has a white piece or a gap"
		}
		b[i] = c - 0x20
	}
	w, err := chess960.ParseRank(placement[35:])
	if err != nil {
		return d, true, "White's back rank " + placement[35:] + " is not a Chess960 start rank"
	}
	bl, err := chess960.ParseRank(string(b[:]))
	if err != nil {
		return d, true, "Black's back rank " + placement[:8] + " is not a Chess960 start rank"
	}
	return chess960.DFRC{White: w, Black: bl}, true, ""
}

// startCastling returns the two ways of writing a start's four rights.
func startCastling(d chess960.DFRC) (x, s string) {
	wr, br := d.White.Rank().String(), d.Black.Rank().String()
	var out [4]byte
	w1, w2 := strings.IndexByte(wr, 'R'), strings.LastIndexByte(wr, 'R')
	b1, b2 := strings.IndexByte(br, 'R'), strings.LastIndexByte(br, 'R')
	out[0], out[1], out[2], out[3] = 'A'+byte(w2), 'A'+byte(w1), 'a'+byte(b2), 'a'+byte(b1)
	return "KQkq", string(out[:])
}

// FEN writes p's FEN with its castling field in X-FEN (K or Q only where
// that side of the king has one rook, so that no reader has to guess) or,
// with useShredder, in Shredder-FEN: the form book check accepts.
func FEN(p chess.Position, useShredder bool) string {
	f := p.FEN(chess.Chess960)
	fields := strings.SplitN(f, " ", 4)
	n := xfen
	if useShredder {
		n = shredder
	}
	var b [16]byte
	fields[2] = string(castlingField(b[:0], &p, n))
	return strings.Join(fields, " ")
}
