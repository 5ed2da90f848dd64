package diagram

import (
	"strconv"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// kind is where a Diagram came from; it decides the words of its title.
type kind uint8

const (
	kindBoard kind = iota
	kindSetup
	kindPosition
	kindStart
)

// Diagram is what a picture shows: the pieces on their squares and, when it
// was made from a Setup, a Position or a start position, the other fields of
// the FEN, which the picture's title and description give in words. The king
// in check, when a Position has one, gets the check marker. Make one with
// FromStartPos, FromPosition, FromSetup or FromBoard; the zero Diagram is an
// empty board.
type Diagram struct {
	setup chess.Setup
	pos   chess.Position // when kind >= kindPosition
	start chess960.StartPos
	check chess.Bitboard
	kind  kind
}

// FromStartPos returns the diagram of start position sp, White to move.
func FromStartPos(sp chess960.StartPos) Diagram {
	p := chess.NewPosition(sp)
	return Diagram{setup: p.Setup(), pos: p, start: sp, kind: kindStart}
}

// FromPosition returns the diagram of p. A start position (White to move,
// all four castling rights, counters 0 and 1) is titled with its number, as
// FromStartPos does; a king in check gets the check marker.
func FromPosition(p chess.Position) Diagram {
	d := Diagram{setup: p.Setup(), pos: p, kind: kindPosition}
	if p.InCheck() {
		d.check = p.KingSquare(p.Turn()).BB()
	}
	if sp, ok := startPosOf(&p); ok {
		d.start, d.kind = sp, kindStart
	}
	return d
}

// FromSetup returns the diagram of s, which need not be legal (a board
// editor draws what it has). The description gives its FEN.
func FromSetup(s chess.Setup) Diagram {
	return Diagram{setup: s, kind: kindSetup}
}

// FromBoard returns the diagram of a bare placement of pieces, with no side
// to move.
func FromBoard(b chess.Board) Diagram {
	return Diagram{setup: chess.Setup{Board: b, EnPassant: chess.NoSquare, Fullmove: 1}, kind: kindBoard}
}

// Board returns the placement of the pieces.
func (d *Diagram) Board() chess.Board { return d.setup.Board }

// Check returns the squares that get the check marker: the king of the
// side to move when a Position's king is in check.
func (d *Diagram) Check() chess.Bitboard { return d.check }

// StartPos returns the start position the diagram shows and true, or false
// when it shows another position.
func (d *Diagram) StartPos() (chess960.StartPos, bool) { return d.start, d.kind == kindStart }

// Title returns the picture's title, e.g. "Chess960 position 518: RNBQKBNR,
// White to move" or "Chess position, Black to move, in check". Pages use it
// as the alt text of an <img>.
func (d *Diagram) Title() string { return string(d.appendTitle(nil)) }

// Desc returns the picture's description: the FEN and the pieces of each
// side in words, e.g. "White: king g1, queen d1, ...".
func (d *Diagram) Desc() string { return string(d.appendDesc(nil)) }

var colorName = [2]string{"White", "Black"}

// appendTitle appends the title (plain text, no markup characters).
func (d *Diagram) appendTitle(dst []byte) []byte {
	switch d.kind {
	case kindStart:
		dst = append(dst, "Chess960 position "...)
		dst = strconv.AppendInt(dst, int64(d.start.ID()), 10)
		dst = append(dst, ": "...)
		for _, pc := range d.start.Rank() {
			dst = append(dst, byte(pc))
		}
		return append(dst, ", White to move"...)
	case kindBoard:
		return append(dst, "Chess diagram"...)
	}
	dst = append(dst, "Chess position, "...)
	dst = append(dst, colorName[d.setup.Turn&1]...)
	dst = append(dst, " to move"...)
	if d.kind == kindPosition && d.pos.InCheck() {
		if d.pos.HasLegalMoves() {
			dst = append(dst, ", in check"...)
		} else {
			dst = append(dst, ", checkmated"...)
		}
	}
	return dst
}

// appendDesc appends the description (plain text, no markup characters).
func (d *Diagram) appendDesc(dst []byte) []byte {
	switch d.kind {
	case kindStart:
		dst = append(dst, "Start position with Scharnagl number "...)
		dst = strconv.AppendInt(dst, int64(d.start.ID()), 10)
		dst = append(dst, " and Fritz9 number "...)
		dst = strconv.AppendInt(dst, int64(d.start.Fritz9()), 10)
		if d.start == chess960.Standard() {
			dst = append(dst, " (ordinary chess)"...)
		}
		dst = append(dst, ". FEN: "...)
		dst = d.pos.AppendFEN(dst, chess.Standard)
		return append(dst, '.')
	case kindPosition:
		dst = append(dst, "FEN: "...)
		dst = d.pos.AppendFEN(dst, chess.Standard)
	case kindSetup:
		dst = append(dst, "FEN: "...)
		dst = append(dst, d.setup.FEN(chess.Standard)...)
	default:
		dst = append(dst, "Placement: "...)
		dst = append(dst, d.setup.Board.String()...)
	}
	dst = append(dst, ". "...)
	return appendPieceList(dst, &d.setup.Board)
}

var roleOrder = [...]chess.Role{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}

// appendPieceList appends "White: king e1, queen d1, ... Black: ..." with
// the pieces of each side from the king down, in square order.
func appendPieceList(dst []byte, b *chess.Board) []byte {
	for c := chess.White; c <= chess.Black; c++ {
		if c == chess.Black {
			dst = append(dst, ' ')
		}
		dst = append(dst, colorName[c]...)
		dst = append(dst, ':')
		n := 0
		for _, r := range roleOrder {
			for bb := b.Pieces(c, r); bb != 0; bb &= bb - 1 {
				if n > 0 {
					dst = append(dst, ',')
				}
				n++
				dst = append(dst, ' ')
				dst = append(dst, r.String()...)
				dst = append(dst, ' ')
				dst = append(dst, squareName[bb.First()]...)
			}
		}
		if n == 0 {
			dst = append(dst, " no pieces"...)
		}
		dst = append(dst, '.')
	}
	return dst
}

// startPosOf reports whether p is a start position: White to move, the
// eight pawns of each side on their own rank, mirrored back ranks of a
// Chess960 start, all four castling rights and counters 0 and 1.
func startPosOf(p *chess.Position) (chess960.StartPos, bool) {
	const rank2, rank7 = chess.Rank1 << 8, chess.Rank8 >> 8
	if p.Turn() != chess.White || p.Halfmove() != 0 || p.Fullmove() != 1 ||
		p.Pieces(chess.White, chess.Pawn) != rank2 || p.Pieces(chess.Black, chess.Pawn) != rank7 ||
		p.Occupied() != chess.Rank1|rank2|rank7|chess.Rank8 {
		return chess960.StartPos{}, false
	}
	var r chess960.Rank
	for f := range 8 {
		w, b := p.PieceAt(chess.SquareAt(f, 0)), p.PieceAt(chess.SquareAt(f, 7))
		if w.Color != chess.White || b.Color != chess.Black || w.Role != b.Role {
			return chess960.StartPos{}, false
		}
		r[f] = chess960.Piece(w.Role.Letter())
	}
	sp, err := chess960.FromRank(r)
	if err != nil {
		return chess960.StartPos{}, false
	}
	rooks := p.Pieces(chess.White, chess.Rook) | p.Pieces(chess.Black, chess.Rook)
	if p.CastlingRooks() != rooks {
		return chess960.StartPos{}, false
	}
	return sp, true
}

// squareName holds the names of the 64 squares.
var squareName = func() (n [64]string) {
	for sq := range n {
		n[sq] = chess.Square(sq).String()
	}
	return n
}()
