package chess

import (
	"errors"
	"strconv"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
)

// Setup is every field of a FEN, held as values and not yet checked against
// the rules: a board editor fills one in, and its Position method validates
// it. ParseFEN is ParseSetup followed by Position.
type Setup struct {
	Board Board
	Turn  Color
	// CastlingRooks holds the squares of the rooks that keep a castling
	// right (h1 and a1 for White's KQ in standard chess).
	CastlingRooks Bitboard
	// EnPassant is the square a pawn passed over by a double step, or
	// NoSquare.
	EnPassant Square
	Halfmove  int // plies since the last capture or pawn move
	Fullmove  int // starts at 1, incremented after each move by Black
}

// The reasons a Setup cannot be played, and so is refused. Test for them
// with errors.Is on the error ParseFEN or Setup.Position returns.
var (
	ErrKings     = errors.New("not exactly one king per side")
	ErrPawnRank  = errors.New("pawn on the first or last rank")
	ErrCheck     = errors.New("side not to move is in check")
	ErrCastling  = errors.New("impossible castling right")
	ErrEnPassant = errors.New("impossible en-passant square")
	ErrCounter   = errors.New("bad move counter")
)

// The warnings: a position that no game from a start position can reach,
// but that can be played all the same. Position.Warnings lists them, and
// Setup.StrictPosition refuses them.
var (
	ErrMaterial        = errors.New("more pieces or pawns than a side starts with")
	ErrPromoted        = errors.New("more promoted pieces than missing pawns")
	ErrCastlingMirror  = errors.New("castling rights that no start position gives")
	ErrImpossibleCheck = errors.New("impossible check")
	ErrHalfmoveClock   = errors.New("halfmove clock larger than the moves played")
)

// Problem is one thing wrong with a Setup: the FEN field it is in
// ("placement", "turn", "castling", "en passant", "halfmove clock",
// "fullmove number"), the reason (one of the Err values) and a detail.
type Problem struct {
	Field  string
	Err    error
	Detail string
}

// String writes the problem as "castling field: no white rook on b1 for its
// castling right".
func (p Problem) String() string {
	d := p.Detail
	if d == "" && p.Err != nil {
		d = p.Err.Error()
	}
	if p.Field == "" {
		return d
	}
	return p.Field + " field: " + d
}

// PositionError is the error for a Setup that cannot be played: every
// problem found, not only the first. FEN is the input when the Setup was
// read from one.
type PositionError struct {
	FEN      string
	Problems []Problem
}

// Error formats the error as
// `chess: FEN "...": castling field: no white rook on b1 for 'B'`, with the
// problems separated by "; ".
func (e *PositionError) Error() string {
	var b strings.Builder
	if e.FEN != "" {
		b.WriteString("chess: FEN " + quote.Input(e.FEN) + ": ")
	} else {
		b.WriteString("chess: position: ")
	}
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// Unwrap returns the reasons, so that errors.Is(err, ErrCastling) works for
// any of them.
func (e *PositionError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.Err
	}
	return out
}

// maxCounter bounds the halfmove clock and the move number.
const maxCounter = 1 << 20

// Position validates the Setup and returns the Position, or a
// *PositionError that lists every rule the Setup breaks: a side without
// exactly one king, a pawn on the first or last rank, the side not to move
// in check, a castling right without its king and rook on their first rank
// (or two on one side of the king), an en-passant square that no double
// step could have made, a counter out of range. Positions that could not
// arise in a game but can be played are accepted (see Position.Warnings),
// whatever their material: a board full of queens is played too.
//
// The en-passant square is kept only when an en-passant capture is legal.
func (s Setup) Position() (Position, error) {
	p, probs := s.validate(nil)
	if len(probs) > 0 {
		return Position{}, &PositionError{Problems: probs}
	}
	return p, nil
}

// StrictPosition is Position, but it also refuses what Position.Warnings
// would report: material, castling rights, checks or a halfmove clock that
// no game from a start position can reach.
func (s Setup) StrictPosition() (Position, error) {
	p, probs := s.validate(nil)
	if len(probs) == 0 {
		probs = p.Warnings()
	}
	if len(probs) > 0 {
		return Position{}, &PositionError{Problems: probs}
	}
	return p, nil
}

// validate checks s, adding what it finds to probs. The Position is valid
// only when no problem was found.
func (s *Setup) validate(probs []Problem) (Position, []Problem) {
	add := func(field string, err error, detail string) {
		probs = append(probs, Problem{field, err, detail})
	}
	var p Position
	p.placement = s.Board.placement
	p.turn = s.Turn & 1
	p.ep = NoSquare
	if s.Turn > Black {
		add("turn", chess960.ErrSyntax, "side to move "+strconv.Itoa(int(s.Turn))+" is neither white nor black")
	}

	// Placement.
	var oneKing [2]bool
	for c := White; c <= Black; c++ {
		k := p.byRole[King] & p.byColor[c]
		if oneKing[c] = k.Count() == 1; !oneKing[c] {
			add("placement", ErrKings, c.String()+" has "+countWord(k.Count(), "king"))
		}
	}
	if b := p.byRole[Pawn] & (Rank1 | Rank8); b != 0 {
		add("placement", ErrPawnRank, "pawn on "+squareList(b))
	}
	occ := p.Occupied()
	kingsOK := oneKing[White] && oneKing[Black]
	if kingsOK {
		them := p.turn ^ 1
		ksq := p.KingSquare(them)
		if a := p.attackersTo(ksq, p.turn, occ); a != 0 {
			add("placement", ErrCheck, them.String()+" is not to move but its king on "+ksq.String()+" is attacked from "+squareList(a))
		}
		p.checkers = p.attackersTo(p.KingSquare(p.turn), them, occ)
	}

	// Castling.
	for c := White; c <= Black; c++ {
		back := backRank(c)
		rights := s.CastlingRooks & back
		if c == White {
			if off := s.CastlingRooks &^ (Rank1 | Rank8); off != 0 {
				add("castling", ErrCastling, "castling right on "+squareList(off)+", off the first and last ranks")
			}
		}
		if rights == 0 {
			continue
		}
		rooks := p.byRole[Rook] & p.byColor[c]
		if missing := rights &^ rooks; missing != 0 {
			add("castling", ErrCastling, "castling right on "+squareList(missing)+" but no "+c.String()+" rook there")
			rights &= rooks
		}
		if !oneKing[c] {
			continue // reported above
		}
		king := p.byRole[King] & p.byColor[c] & back
		if king == 0 {
			add("castling", ErrCastling, c.String()+" has castling rights but its king is not on its first rank")
			continue
		}
		ksq := king.First()
		if h := rights & above(ksq); h.More() {
			add("castling", ErrCastling, "two "+c.String()+" castling rights on the h-side of the king ("+squareList(h)+")")
		}
		if a := rights & below(ksq); a.More() {
			add("castling", ErrCastling, "two "+c.String()+" castling rights on the a-side of the king ("+squareList(a)+")")
		}
	}
	p.castling = s.CastlingRooks

	// En passant.
	if s.EnPassant != NoSquare {
		switch {
		case s.EnPassant > NoSquare:
			add("en passant", ErrEnPassant, "square "+strconv.Itoa(int(s.EnPassant))+" out of range")
		default:
			if d := checkEnPassant(&p, s.EnPassant); d != "" {
				add("en passant", ErrEnPassant, d)
			} else if kingsOK && p.epCaptureExists(s.EnPassant, p.turn) {
				p.ep = s.EnPassant
			}
		}
	}

	// Counters.
	if s.Halfmove < 0 || s.Halfmove > maxCounter {
		add("halfmove clock", ErrCounter, strconv.Itoa(s.Halfmove)+" out of range: must be 0.."+strconv.Itoa(maxCounter))
	}
	if s.Fullmove < 1 || s.Fullmove > maxCounter {
		add("fullmove number", ErrCounter, strconv.Itoa(s.Fullmove)+" out of range: must be 1.."+strconv.Itoa(maxCounter))
	}
	if len(probs) > 0 {
		return Position{}, probs
	}
	p.halfmove, p.fullmove = int32(s.Halfmove), int32(s.Fullmove)
	p.hash = p.computeHash()
	return p, nil
}

// above returns the squares of sq's rank beyond it towards the h-file, and
// below those towards the a-file.
func above(sq Square) Bitboard { return Rank1 << (sq &^ 7) &^ (sq.BB()<<1 - 1) }
func below(sq Square) Bitboard { return Rank1 << (sq &^ 7) & (sq.BB() - 1) }

func countWord(n int, what string) string {
	switch n {
	case 0:
		return "no " + what
	case 1:
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// squareList names the squares of b: "e4", "e4 and f5", "a2, b2 and c2".
func squareList(b Bitboard) string {
	sq := b.Squares()
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = s.String()
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// checkEnPassant tests that a double step of the side not to move could have
// produced the en-passant square ep.
func checkEnPassant(p *Position, ep Square) string {
	them := p.turn ^ 1
	wantRank, dir := 5, 8 // White to move: Black stepped from rank 7 to 5
	if p.turn == Black {
		wantRank, dir = 2, -8
	}
	if ep.Rank() != wantRank {
		return ep.String() + " is not on rank " + strconv.Itoa(wantRank+1) + " (" + p.turn.String() + " to move)"
	}
	pawnSq := Square(int(ep) - dir)
	if p.board[pawnSq] != code(them, Pawn) {
		return "no " + them.String() + " pawn on " + pawnSq.String() + " in front of " + ep.String()
	}
	from := Square(int(ep) + dir)
	if p.Occupied()&(ep.BB()|from.BB()) != 0 {
		return "the squares " + ep.String() + " and " + from.String() + " the pawn passed must be empty"
	}
	return ""
}

// Warnings lists what no game from a start position can reach, although
// the position can be played: more than 16 pieces or 8 pawns on a side,
// more promoted pieces than missing pawns, castling rights whose kings or rooks do not mirror each other as in a
// start position, a check no move could give (three checkers, or two with
// no line piece among them), or a halfmove clock larger than the plies the
// move number allows. Stockfish, python-chess and chessops play such
// positions too; Setup.StrictPosition refuses them.
func (p Position) Warnings() []Problem {
	var w []Problem
	add := func(field string, err error, detail string) {
		w = append(w, Problem{field, err, detail})
	}
	for c := White; c <= Black; c++ {
		own := p.byColor[c]
		pawns := (p.byRole[Pawn] & own).Count()
		if n := own.Count(); n > 16 || pawns > 8 {
			// More pieces than a side starts with are promoted ones beyond
			// the missing pawns too: one warning says it.
			var d string
			switch {
			case pawns <= 8:
				d = strconv.Itoa(n) + " pieces (a side starts with 16)"
			case n <= 16:
				d = strconv.Itoa(pawns) + " pawns (a side starts with 8)"
			default:
				d = strconv.Itoa(n) + " pieces and " + strconv.Itoa(pawns) + " pawns (a side starts with 16 and 8)"
			}
			add("placement", ErrMaterial, c.String()+" has "+d)
			continue
		}
		extra := 0
		for r, start := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if start > 0 {
				extra += max(0, (p.byRole[r]&own).Count()-start)
			}
		}
		if extra > 8-pawns {
			have := "no missing pawn"
			if pawns < 8 {
				have = "only " + countWord(8-pawns, "missing pawn")
			}
			add("placement", ErrPromoted, c.String()+" has "+countWord(extra, "promoted piece")+" but "+have)
		}
	}
	if wr, br := p.castling&Rank1, p.castling&Rank8; wr != 0 && br != 0 {
		wk, bk := p.KingSquare(White), p.KingSquare(Black)
		if wk.File() != bk.File() {
			add("castling", ErrCastlingMirror, "both sides have castling rights but their kings stand on different files ("+wk.String()+", "+bk.String()+")")
		} else {
			for _, side := range [2][2]Bitboard{{wr & above(wk), br & above(bk)}, {wr & below(wk), br & below(bk)}} {
				if side[0] != 0 && side[1] != 0 && side[0].First().File() != side[1].First().File() {
					add("castling", ErrCastlingMirror, "castling rooks on "+side[0].First().String()+" and "+side[1].First().String()+" do not mirror each other")
				}
			}
		}
	}
	if n := p.checkers.Count(); n > 2 {
		add("placement", ErrImpossibleCheck, strconv.Itoa(n)+" pieces give check ("+squareList(p.checkers)+")")
	} else if n == 2 && p.checkers&(p.byRole[Bishop]|p.byRole[Rook]|p.byRole[Queen]) == 0 {
		add("placement", ErrImpossibleCheck, "double check with no line piece ("+squareList(p.checkers)+")")
	}
	if most := 2*(int(p.fullmove)-1) + int(p.turn); int(p.halfmove) > most {
		add("halfmove clock", ErrHalfmoveClock, strconv.Itoa(int(p.halfmove))+" plies, but only "+strconv.Itoa(most)+" were played by move "+strconv.Itoa(int(p.fullmove)))
	}
	return w
}

// Setup returns the fields of p, to edit and validate again.
func (p Position) Setup() Setup {
	return Setup{Board: Board{p.placement}, Turn: p.turn, CastlingRooks: p.castling, EnPassant: p.ep,
		Halfmove: int(p.halfmove), Fullmove: int(p.fullmove)}
}

// Board returns the placement of p's pieces.
func (p Position) Board() Board { return Board{p.placement} }
