package chess

import (
	"errors"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
)

// ErrAmbiguous is the reason ParseSAN gives for a move that more than one
// legal move matches.
var ErrAmbiguous = errors.New("ambiguous move")

// SAN returns m, which must be legal in p, in Standard Algebraic Notation:
// "e4", "Nbd7", "R1a3", "Qh4xe1", "exd6", "e8=Q", "O-O", "O-O-O", with "+"
// for check and "#" for checkmate. Castling is O-O when the rook stands on
// the h-side of the king and O-O-O when it stands on the a-side, whatever
// squares the king and rook start on. NullMove is "--".
func (p Position) SAN(m Move) string {
	var b [12]byte
	return string(p.AppendSAN(b[:0], m))
}

// AppendSAN appends the SAN of m (see SAN) to dst.
func (p Position) AppendSAN(dst []byte, m Move) []byte {
	if m == NullMove {
		return append(dst, "--"...)
	}
	dst = p.appendSANNoSuffix(dst, m)
	q := p
	q.Play(m)
	if q.InCheck() {
		if q.HasLegalMoves() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

func (p *Position) appendSANNoSuffix(dst []byte, m Move) []byte {
	if m.IsCastle() {
		if m.To() > m.From() {
			return append(dst, "O-O"...)
		}
		return append(dst, "O-O-O"...)
	}
	from, to := m.From(), m.To()
	role := p.PieceAt(from).Role
	capture := m.IsEnPassant() || p.PieceAt(to).Role != NoRole
	if role == Pawn {
		if capture {
			dst = append(dst, 'a'+byte(from.File()), 'x')
		}
		dst = append(dst, to.String()...)
		if pr := m.Promotion(); pr != NoRole {
			dst = append(dst, '=', pr.Letter())
		}
		return dst
	}
	dst = append(dst, role.Letter())
	// Disambiguate among the other legal moves of the same kind of piece to
	// the same square: by file if that suffices, else by rank, else both.
	var found [16]Move
	others, sameFile, sameRank := false, false, false
	for _, o := range found[:p.sanMatches(role, to, NoRole, -1, -1, &found)] {
		if o == m {
			continue
		}
		others = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	if others {
		switch {
		case !sameFile:
			dst = append(dst, 'a'+byte(from.File()))
		case !sameRank:
			dst = append(dst, '1'+byte(from.Rank()))
		default:
			dst = append(dst, from.String()...)
		}
	}
	if capture {
		dst = append(dst, 'x')
	}
	return append(dst, to.String()...)
}

// ParseSAN reads a move in Standard Algebraic Notation and returns it if it is
// legal in p. It is lenient in what it accepts: "0-0" and "0-0-0" for
// castling, a missing or superfluous "x", "+" or "#", a promotion with or
// without "=" (and in either case), annotations such as "!?" and a trailing
// "e.p.". It refuses a move that no legal move matches (ErrIllegal, saying
// why) and one that several match (ErrAmbiguous, naming them).
func (p Position) ParseSAN(s string) (Move, error) {
	fail := func(err error, detail string) (Move, error) {
		return 0, &MoveError{Input: s, Err: err, Detail: detail}
	}
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, "e.p.")
	// Drop annotations and check signs: strings.TrimRight with a cut set
	// costs as much as the rest of the parse.
	for len(t) > 0 {
		if c := t[len(t)-1]; c != '!' && c != '?' && c != '+' && c != '#' && c != ' ' {
			break
		}
		t = t[:len(t)-1]
	}
	if t == "" {
		return fail(chess960.ErrSyntax, "empty move")
	}
	switch t {
	case "O-O", "0-0", "o-o", "O-O-O", "0-0-0", "o-o-o":
		long := len(t) == 5
		var ml MoveList
		p.LegalMoves(&ml)
		side := "h-side (O-O)"
		if long {
			side = "a-side (O-O-O)"
		}
		for _, m := range ml.Moves() {
			if m.IsCastle() && (m.To() < m.From()) == long {
				return m, nil
			}
		}
		return fail(ErrIllegal, p.castleWhyNot(long, side))
	}

	// Grammar: [KQRBN]? [a-h]? [1-8]? x? [a-h][1-8] (=? [QRBNqrbn])?
	role := Pawn
	i := 0
	if c := t[0]; strings.IndexByte("KQRBN", c) >= 0 {
		role = roleFromChar(c + 'a' - 'A')
		i = 1
	}
	rest := t[i:]
	promo := NoRole
	if n := len(rest); n >= 2 {
		c := rest[n-1]
		if strings.IndexByte("QRBNqrbn", c) >= 0 && (rest[n-2] == '=' || (rest[n-2] >= '1' && rest[n-2] <= '8')) {
			if c >= 'a' {
				c -= 'a' - 'A'
			}
			promo = roleFromChar(c + 'a' - 'A')
			rest = strings.TrimSuffix(rest[:n-1], "=")
		} else if role == Pawn && strings.IndexByte("KPkp", c) >= 0 && (rest[n-2] == '=' || (rest[n-2] >= '1' && rest[n-2] <= '8')) {
			return fail(chess960.ErrSyntax, "a pawn cannot promote to a "+roleName[roleFromChar(c|0x20)]+" (want =Q, =R, =B or =N)")
		}
	}
	if len(rest) < 2 {
		return fail(chess960.ErrSyntax, "want a move such as e4, Nf3, exd5, e8=Q or O-O")
	}
	to, ok := parseSquare(rest[len(rest)-2:])
	if !ok {
		if f, r := rest[len(rest)-2], rest[len(rest)-1]; (f >= 'a' && f <= 'h') || (r >= '1' && r <= '8' && (f|0x20) >= 'a' && (f|0x20) <= 'z') {
			return fail(chess960.ErrSyntax, "want a destination square such as f3 at the end")
		}
		return fail(chess960.ErrSyntax, "want a move such as e4, Nf3, exd5, e8=Q or O-O")
	}
	disamb := strings.TrimSuffix(rest[:len(rest)-2], "x")
	fromFile, fromRank := -1, -1
	switch len(disamb) {
	case 0:
	case 1:
		switch c := disamb[0]; {
		case c >= 'a' && c <= 'h':
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8':
			fromRank = int(c - '1')
		default:
			return fail(chess960.ErrSyntax, "unexpected "+quote.Char(disamb, 0))
		}
	case 2:
		sq, ok := parseSquare(disamb)
		if !ok {
			return fail(chess960.ErrSyntax, "unexpected "+quote.Input(disamb))
		}
		fromFile, fromRank = sq.File(), sq.Rank()
	default:
		return fail(chess960.ErrSyntax, "want a move such as e4, Nf3, exd5, e8=Q or O-O")
	}
	if role == Pawn && fromRank >= 0 && fromFile < 0 {
		return fail(chess960.ErrSyntax, "a pawn move names its file, not its rank")
	}

	var found [16]Move
	n := p.sanMatches(role, to, promo, fromFile, fromRank, &found)
	switch {
	case n == 1:
		return found[0], nil
	case n > 1:
		names := make([]string, n)
		for k := range names {
			names[k] = string(p.appendSANNoSuffix(nil, found[k]))
		}
		return fail(ErrAmbiguous, "could be "+strings.Join(names, " or "))
	}
	return fail(ErrIllegal, p.sanWhyNot(role, to, promo, fromFile, fromRank))
}

// sanMatches puts in found the legal moves of a piece of the given role to
// to, promoting to promo, from the given file and rank (-1: any), in the
// order LegalMoves lists them, and returns how many there are. A pawn move
// without a file is a push: a capture names its file. Castling is not
// matched. It looks only at the pieces that can reach to, which is much
// faster than generating every legal move. At most 8 pieces of one role
// reach a square, whatever the material (the nearest in each of 8
// directions, or one on each of the 8 knight's jumps), so found always has
// room.
func (p *Position) sanMatches(role Role, to Square, promo Role, fromFile, fromRank int, found *[16]Move) int {
	us := p.turn & 1
	them := us ^ 1
	own := p.byColor[us]
	to &= 63
	if own.Has(to) {
		return 0
	}
	occ := own | p.byColor[them]
	ksq := (p.byRole[King] & own).First() & 63
	from := All
	if fromFile >= 0 {
		from &= FileA << fromFile
	}
	if fromRank >= 0 {
		from &= Rank1 << (8 * fromRank)
	}
	if role == King {
		if promo != NoRole || !from.Has(ksq) || !kingAttacks[to].Has(ksq) || p.attacked(to, them, occ^ksq.BB()) {
			return 0
		}
		found[0] = newMove(ksq, to)
		return 1
	}
	// The other pieces: answer a check, and keep a pinned piece on its line.
	if p.checkers.More() {
		return 0
	}
	target := ^own
	if p.checkers != 0 {
		target = between[ksq][p.checkers.First()] | p.checkers
	}
	pinned := p.pinned(ksq, us, occ)
	from &= p.byRole[role&7] & own
	n := 0
	add := func(b Bitboard, m Move) {
		for ; b != 0; b &= b - 1 {
			f := b.First()
			if !pinned.Has(f) || lineThrough[ksq][f].Has(to) {
				found[n&15] = m | Move(f)
				n++
			}
		}
	}
	switch role {
	case Knight, Bishop, Rook, Queen:
		if promo != NoRole || !target.Has(to) {
			return 0
		}
		m := newMove(0, to)
		switch role {
		case Knight:
			add(knightAttacks[to]&from, m)
		case Bishop:
			add(bishopAttacks(to, occ)&from, m)
		case Rook:
			add(rookAttacks(to, occ)&from, m)
		case Queen:
			add(bishopAttacks(to, occ)&from, m)
			add(rookAttacks(to, occ)&from, m)
		}
	case Pawn:
		up, last, double := 8, Rank8, 3
		if us == Black {
			up, last, double = -8, Rank1, 4
		}
		if last.Has(to) != (promo != NoRole) {
			return 0
		}
		m := newPromotion(0, to, promo)
		if fromFile < 0 || fromFile == to.File() {
			// A push, one or two squares.
			if !occ.Has(to) && target.Has(to) {
				one := Square(int(to) - up)
				switch {
				case from.Has(one):
					add(one.BB(), m)
				case to.Rank() == double && !occ.Has(one) && from.Has(Square(int(one)-up)):
					add(Square(int(one)-up).BB(), m)
				}
			}
		} else if p.byColor[them].Has(to) {
			if target.Has(to) {
				add(pawnAttacks[them][to]&from, m)
			}
		} else if to == p.ep {
			for b := pawnAttacks[them][to] & from; b != 0; b &= b - 1 {
				if f := b.First(); p.epLegal(f, to, us) {
					found[n&15] = newMove(f, to) | moveEnPassant
					n++
				}
			}
		}
	}
	return n
}

// sanWhyNot explains why no legal move matched a parsed SAN move.
func (p *Position) sanWhyNot(role Role, to Square, promo Role, fromFile, fromRank int) string {
	us := p.Turn()
	name := roleName[role]
	pieces := p.Pieces(us, role)
	if fromFile >= 0 {
		pieces &= FileA << fromFile
	}
	if fromRank >= 0 {
		pieces &= Rank1 << (8 * fromRank)
	}
	if pieces == 0 {
		return "no " + us.String() + " " + name + " that could make it"
	}
	if role == Pawn {
		last := 7
		if us == Black {
			last = 0
		}
		if to.Rank() == last && promo == NoRole {
			// Say "must promote" only when a pawn can get there.
			var ml MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Moves() {
				if m.To() == to && m.Promotion() != NoRole && pieces.Has(m.From()) && (fromFile >= 0 || m.From().File() == to.File()) {
					return "a pawn reaching " + to.String() + " must promote (add =Q, =R, =B or =N)"
				}
			}
		}
		if to.Rank() != last && promo != NoRole {
			return "a pawn promotes only on the last rank"
		}
	}
	if promo != NoRole && role != Pawn {
		return "only a pawn promotes"
	}
	// Would the move be possible but for check?
	if p.InCheck() {
		return us.String() + " is in check and this does not answer it"
	}
	return "no " + us.String() + " " + name + " can move to " + to.String() + " (blocked, pinned, or not its way of moving)"
}

// castleWhyNot explains why castling to one side is illegal.
func (p *Position) castleWhyNot(long bool, side string) string {
	us := p.Turn()
	ksq := p.KingSquare(us)
	rooks := p.CastlingRooks() & p.Pieces(us, Rook)
	has := false
	for b := rooks; b != 0; b &= b - 1 {
		if (b.First() < ksq) == long {
			has = true
		}
	}
	switch {
	case !has:
		return us.String() + " has no castling right on the " + side
	case p.InCheck():
		return "castling " + side + " while in check"
	}
	return "castling " + side + ": a square between king or rook and their targets is occupied, or the king would pass through or land on an attacked square"
}

var roleName = [...]string{NoRole: "piece", Pawn: "pawn", Knight: "knight", Bishop: "bishop", Rook: "rook", Queen: "queen", King: "king"}

// ParseMove reads a move in SAN ("Nf3", "O-O") or UCI ("g1f3", "e1h1",
// "e1g1") and returns it if it is legal in p.
func (p Position) ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if looksUCI(t) {
		return p.ParseUCI(t)
	}
	return p.ParseSAN(s)
}

// looksUCI reports whether s has the shape of a UCI move: two squares and
// an optional promotion letter.
func looksUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if _, ok := parseSquare(s[0:2]); !ok {
		return false
	}
	if _, ok := parseSquare(s[2:4]); !ok {
		return false
	}
	return len(s) == 4 || strings.IndexByte("qrbnQRBN", s[4]) >= 0
}
