package chess

// Move counting. countMoves returns what generate would return, without
// writing a list: with the check mask and the pins known, each piece's
// legal destinations are a bitboard, and the moves are its population count.
// Perft uses it at the last ply ("bulk counting"), where it is most of the
// work.

// countMoves returns the number of legal moves of p (len of the list that
// generate fills).
func (p *Position) countMoves() int {
	us := p.turn & 1 // masked: no bounds checks below
	them := us ^ 1
	own := p.byColor[us]
	enemy := p.byColor[them]
	occ := own | enemy
	kbb := p.byRole[King] & own
	ksq := kbb.First()

	// King steps: tested one by one against the attacks with the king
	// lifted off the board (usually only a few squares are free).
	occNoKing := occ ^ kbb
	n := 0
	for b := kingAttacks[ksq] &^ own; b != 0; b &= b - 1 {
		if !p.attacked(b.First(), them, occNoKing) {
			n++
		}
	}
	checkers := p.checkers
	if checkers.More() {
		return n
	}
	target := ^own
	if checkers != 0 {
		target = between[ksq][checkers.First()] | checkers
	}
	pinned := p.pinned(ksq, us, occ)

	for b := p.byRole[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		n += (knightAttacks[b.First()] & target).Count()
	}
	diag := (p.byRole[Bishop] | p.byRole[Queen]) & own
	for b := diag &^ pinned; b != 0; b &= b - 1 {
		n += (bishopAttacks(b.First(), occ) & target).Count()
	}
	orth := (p.byRole[Rook] | p.byRole[Queen]) & own
	for b := orth &^ pinned; b != 0; b &= b - 1 {
		n += (rookAttacks(b.First(), occ) & target).Count()
	}
	pawns := p.byRole[Pawn] & own
	if pinned != 0 {
		// A pinned slider moves along its pin line only: when it is pinned
		// along a line it cannot move on, the mask leaves it nothing.
		for b := diag & pinned; b != 0; b &= b - 1 {
			from := b.First()
			n += (bishopAttacks(from, occ) & target & lineThrough[ksq][from]).Count()
		}
		for b := orth & pinned; b != 0; b &= b - 1 {
			from := b.First()
			n += (rookAttacks(from, occ) & target & lineThrough[ksq][from]).Count()
		}
		n += p.countPinnedPawns(pawns&pinned, ksq, occ, enemy, target)
	}

	// Unpinned pawns, set-wise; a promotion counts four times.
	free := pawns &^ pinned
	promoRank := Rank8
	if us == Black {
		promoRank = Rank1
	}
	push1, push2, capL, capR := pawnSets(free, us, occ, enemy)
	push1 &= target
	capL &= target
	capR &= target
	n += push1.Count() + (push2 & target).Count() + capL.Count() + capR.Count()
	if (push1|capL|capR)&promoRank != 0 {
		n += 3 * ((push1 & promoRank).Count() + (capL & promoRank).Count() + (capR & promoRank).Count())
	}

	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			if p.epLegal(b.First(), p.ep, us) {
				n++
			}
		}
	}
	if checkers == 0 {
		rank := ksq &^ 7
		for b := p.castling & own; b != 0; b &= b - 1 {
			// Most often a piece stands in the way: test that before the
			// call.
			rook := b.First()
			if Bitboard(castlePaths[ksq&7][rook&7].Empty)<<rank&occ == 0 && p.canCastle(ksq, rook, occ) {
				n++
			}
		}
	}
	return n
}

// countPinnedPawns counts the moves of the pinned pawns in pawns, each kept
// on the line through its king on ksq.
func (p *Position) countPinnedPawns(pawns Bitboard, ksq Square, occ, enemy, target Bitboard) int {
	us := p.turn
	up := 8
	promoRank := Rank8
	if us == Black {
		up = -8
		promoRank = Rank1
	}
	n := 0
	for b := pawns; b != 0; b &= b - 1 {
		from := b.First()
		t := pawnTargets(from, us, up, occ, enemy) & target & lineThrough[ksq][from]
		n += t.Count() + 3*(t&promoRank).Count()
	}
	return n
}

// pawnTargets returns the squares the pawn of colour us on from can move to,
// by pushes (up is +8 for White, -8 for Black) and captures of enemy pieces,
// before checks and pins are taken into account.
func pawnTargets(from Square, us Color, up int, occ, enemy Bitboard) Bitboard {
	var t Bitboard
	one := Square(int(from) + up)
	if !occ.Has(one) {
		t = one.BB()
		if from.Rank() == int(us)*5+1 {
			if two := Square(int(one) + up); !occ.Has(two) {
				t |= two.BB()
			}
		}
	}
	return t | pawnAttacks[us][from]&enemy
}

// pawnSets returns the destinations of the pawns in free of colour us, set
// by set: single pushes, double pushes, captures towards the a-file and
// captures towards the h-file (before checks are taken into account).
func pawnSets(free Bitboard, us Color, occ, enemy Bitboard) (push1, push2, capL, capR Bitboard) {
	if us == White {
		push1 = free << 8 &^ occ
		push2 = (push1 & rank3) << 8 &^ occ
		return push1, push2, (free &^ FileA) << 7 & enemy, (free &^ FileH) << 9 & enemy
	}
	push1 = free >> 8 &^ occ
	push2 = (push1 & rank6) >> 8 &^ occ
	return push1, push2, (free &^ FileA) >> 9 & enemy, (free &^ FileH) >> 7 & enemy
}
