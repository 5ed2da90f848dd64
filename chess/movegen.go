package chess

// Legal move generation. Moves are generated legal directly: a check mask
// limits the destinations of non-king moves when in check, pin masks keep
// pinned pieces on the line to their king, king moves are tested against the
// attacks with the king lifted off the board, and only en passant is tested by
// looking at the position after the capture.

const (
	rank3 Bitboard = 0xff << 16
	rank6 Bitboard = 0xff << 40
)

// LegalMoves fills ml with the legal moves of p.
//
// LegalMoves and CountLegalMoves are the two read methods with a pointer
// receiver: a move-tree search calls them once a node, and a value receiver
// would copy the position at each call (about a tenth of perft's time, by
// benchstat). Call them on a variable (p := g.Position(); p.LegalMoves(&ml)),
// or use AppendLegalMoves, which takes the position as a value.
func (p *Position) LegalMoves(ml *MoveList) { ml.n = p.generate(&ml.moves) }

// AppendLegalMoves appends the legal moves of p to dst and returns the
// extended slice. It does not allocate when dst has room for them (492 is
// always enough, whatever the material).
func (p Position) AppendLegalMoves(dst []Move) []Move {
	var buf [maxMoves]Move
	n := p.generate(&buf)
	return append(dst, buf[:n]...)
}

// HasLegalMoves reports whether the side to move has a legal move (if not,
// it is checkmated or stalemated).
func (p Position) HasLegalMoves() bool { return p.countMoves() > 0 }

// CountLegalMoves returns the number of legal moves. It counts them without
// listing them, which is faster than LegalMoves. Like LegalMoves, it has a
// pointer receiver, so that counting copies no position.
func (p *Position) CountLegalMoves() int { return p.countMoves() }

// IsLegal reports whether m is a legal move in p: one of the moves
// LegalMoves lists. It looks only at the moves of m's piece to m's
// destination, which is much faster than listing them all.
func (p Position) IsLegal(m Move) bool { return p.isLegal(m) }

// isLegal is IsLegal without the copy of p.
func (p *Position) isLegal(m Move) bool {
	if m >= moveEnPassant<<1 {
		return false // bits no move has
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc == 0 || Color(pc>>3) != p.turn {
		return false
	}
	role := Role(pc & 7)
	if m.IsCastle() {
		return m == newMove(from, to)|moveCastle && role == King && p.checkers == 0 &&
			(p.castling & p.byColor[p.turn]).Has(to) && p.canCastle(from, to, p.Occupied())
	}
	if pr := m.Promotion(); pr != NoRole && (pr < Knight || pr > Queen) {
		return false
	}
	var found [16]Move
	n := p.sanMatches(role, to, m.Promotion(), from.File(), from.Rank(), &found)
	for _, x := range found[:n] {
		if x == m {
			return true
		}
	}
	return false
}

// pinned returns c's pieces pinned to their king on ksq.
func (p *Position) pinned(ksq Square, c Color, occ Bitboard) Bitboard {
	them := p.byColor[c^1]
	snipers := them & (rookPseudo[ksq]&(p.byRole[Rook]|p.byRole[Queen]) |
		bishopPseudo[ksq]&(p.byRole[Bishop]|p.byRole[Queen]))
	var pinned Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][snipers.First()] & occ
		if b != 0 && !b.More() {
			pinned |= b
		}
	}
	return pinned & p.byColor[c]
}

func (p *Position) generate(list *[maxMoves]Move) int {
	n := 0
	us := p.turn
	them := us ^ 1
	own := p.byColor[us]
	enemy := p.byColor[them]
	occ := own | enemy
	ksq := (p.byRole[King] & own).First()

	// King steps.
	occNoKing := occ ^ ksq.BB()
	for b := kingAttacks[ksq] &^ own; b != 0; b &= b - 1 {
		to := b.First()
		if !p.attacked(to, them, occNoKing) {
			list[n] = newMove(ksq, to)
			n++
		}
	}
	if p.checkers.More() {
		return n
	}
	target := ^own
	if p.checkers != 0 {
		c := p.checkers.First()
		target = between[ksq][c] | p.checkers
	}
	pinned := p.pinned(ksq, us, occ)

	// Knights (a pinned knight never moves).
	for b := p.byRole[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		from := b.First()
		for t := knightAttacks[from] & target; t != 0; t &= t - 1 {
			list[n] = newMove(from, t.First())
			n++
		}
	}
	// Sliders.
	for b := (p.byRole[Bishop] | p.byRole[Queen]) & own; b != 0; b &= b - 1 {
		from := b.First()
		t := bishopAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= lineThrough[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			list[n] = newMove(from, t.First())
			n++
		}
	}
	for b := (p.byRole[Rook] | p.byRole[Queen]) & own; b != 0; b &= b - 1 {
		from := b.First()
		t := rookAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= lineThrough[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			list[n] = newMove(from, t.First())
			n++
		}
	}

	// Pawns: unpinned ones set-wise, pinned ones one by one.
	pawns := p.byRole[Pawn] & own
	free := pawns &^ pinned
	up, promoRank := 8, Rank8
	if us == Black {
		up, promoRank = -8, Rank1
	}
	push1, push2, capL, capR := pawnSets(free, us, occ, enemy)
	push1 &= target
	push2 &= target
	capL &= target
	capR &= target
	n = addPawnMoves(list, n, push1, up, promoRank)
	for b := push2; b != 0; b &= b - 1 {
		to := b.First()
		list[n] = newMove(to-Square(2*up), to)
		n++
	}
	n = addPawnMoves(list, n, capL, up-1, promoRank)
	n = addPawnMoves(list, n, capR, up+1, promoRank)
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		t := pawnTargets(from, us, up, occ, enemy) & target & lineThrough[ksq][from]
		for ; t != 0; t &= t - 1 {
			to := t.First()
			if promoRank.Has(to) {
				n = addPromotions(list, n, from, to)
			} else {
				list[n] = newMove(from, to)
				n++
			}
		}
	}
	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			from := b.First()
			if p.epLegal(from, p.ep, us) {
				list[n] = newMove(from, p.ep) | moveEnPassant
				n++
			}
		}
	}

	// Castling.
	if p.checkers == 0 {
		for b := p.castling & own; b != 0; b &= b - 1 {
			if rook := b.First(); p.canCastle(ksq, rook, occ) {
				list[n] = newMove(ksq, rook) | moveCastle
				n++
			}
		}
	}
	return n
}

// canCastle reports whether the king on ksq (not in check) may castle with
// the rook on rook.
func (p *Position) canCastle(ksq, rook Square, occ Bitboard) bool {
	cp := &castlePaths[ksq&7][rook&7]
	rank := ksq &^ 7 // 0 or 56
	if Bitboard(cp.Empty)<<rank&occ != 0 {
		return false
	}
	// The rook is lifted off the board: an enemy slider it was shielding may
	// see the king's path, or the king itself when it stays put, through the
	// rook's square.
	occ ^= rook.BB()
	them := p.turn ^ 1
	for b := Bitboard(cp.King) << rank; b != 0; b &= b - 1 {
		if p.attacked(b.First(), them, occ) {
			return false
		}
	}
	return true
}

func addPawnMoves(list *[maxMoves]Move, n int, targets Bitboard, delta int, promoRank Bitboard) int {
	for b := targets &^ promoRank; b != 0; b &= b - 1 {
		to := b.First()
		list[n] = newMove(Square(int(to)-delta), to)
		n++
	}
	for b := targets & promoRank; b != 0; b &= b - 1 {
		to := b.First()
		n = addPromotions(list, n, Square(int(to)-delta), to)
	}
	return n
}

func addPromotions(list *[maxMoves]Move, n int, from, to Square) int {
	list[n] = newPromotion(from, to, Queen)
	list[n+1] = newPromotion(from, to, Rook)
	list[n+2] = newPromotion(from, to, Bishop)
	list[n+3] = newPromotion(from, to, Knight)
	return n + 4
}
