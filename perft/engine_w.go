package perft

// The engine's code for White to move. go generate writes engine_b.go,
// the code for Black, from this file: edit here, never there.

import "github.com/chess960/chess960/internal/attack"

// sub_w counts the leaves depth >= 1 plies below n, White to move, with
// x as the working memory of the nodes two plies above the leaves.
func (n *node) sub_w(depth int, x *replies) uint64 {
	switch depth {
	case 1:
		return n.count_w()
	case 2:
		return n.perft2_w(x)
	}
	return n.perft_w(depth, x)
}

// checks_w returns the pieces that give check to White's king on ksq and
// White's pieces pinned to it.
//
//go:noinline
func (n *node) checks_w(ksq int, occ uint64) (checkers, pinned uint64) {
	enemy := n.black
	checkers = (attack.Knight[ksq]&n.knights | attack.Pawn[pawn_w][ksq]&n.pawns) & enemy
	for s := (attack.BishopPseudo[ksq]&n.diag | attack.RookPseudo[ksq]&n.orth) & enemy; s != 0; s &= s - 1 {
		b := attack.Between[ksq][first(s)] & occ
		if b == 0 {
			checkers |= s & -s
		} else if b&(b-1) == 0 {
			pinned |= b
		}
	}
	return checkers, pinned & n.white
}

// attacked_w reports whether Black attacks sq with the squares occ
// occupied.
func (n *node) attacked_w(sq int, occ uint64) bool {
	enemy := n.black
	if (attack.Knight[sq]&n.knights|attack.Pawn[pawn_w][sq]&n.pawns|attack.King[sq]&n.kings)&enemy != 0 {
		return true
	}
	if d := attack.BishopPseudo[sq] & n.diag & enemy; d != 0 && attack.Bishop(uint8(sq), occ)&d != 0 {
		return true
	}
	o := attack.RookPseudo[sq] & n.orth & enemy
	return o != 0 && attack.Rook(uint8(sq), occ)&o != 0
}

// threats_w returns the squares Black attacks with the squares occ
// occupied, or at least those of them in zone: a slider whose lines miss
// zone is left out.
//
//go:noinline
func (n *node) threats_w(zone, occ uint64) uint64 {
	enemy := n.black
	pawns := n.pawns & enemy
	t := left_b(pawns) | right_b(pawns) | attack.King[first(n.kings&enemy)]
	t |= knightSet(n.knights & enemy)
	for b := n.diag & enemy; b != 0; b &= b - 1 {
		if sq := first(b); attack.BishopPseudo[sq]&zone != 0 {
			t |= attack.Bishop(uint8(sq), occ)
		}
	}
	for b := n.orth & enemy; b != 0; b &= b - 1 {
		if sq := first(b); attack.RookPseudo[sq]&zone != 0 {
			t |= attack.Rook(uint8(sq), occ)
		}
	}
	return t
}

// epLegal_w reports whether White's pawn on from may take en passant
// without leaving its king attacked, testing the position after the
// capture.
//
//go:noinline
func (n *node) epLegal_w(from, ksq int) bool {
	ep := int(n.ep)
	capsq := ep - up_w
	occ := (n.white|n.black)&^(1<<from|1<<capsq) | 1<<ep
	enemy := n.black &^ (1 << capsq)
	return (attack.Knight[ksq]&n.knights|attack.Pawn[pawn_w][ksq]&n.pawns|
		attack.Bishop(uint8(ksq), occ)&n.diag|attack.Rook(uint8(ksq), occ)&n.orth)&enemy == 0
}

// canCastle_w reports whether White's king on ksq may castle with the rook
// on rook, the king not being in check.
func (n *node) canCastle_w(ksq, rook int, occ uint64) bool {
	cp := &attack.Castling[ksq&7][rook&7]
	if cp.Empty<<base_w&occ != 0 {
		return false
	}
	// The rook is lifted off the board: an enemy slider it was shielding may
	// see the king's path through the rook's square.
	occ ^= 1 << rook
	for b := cp.King << base_w; b != 0; b &= b - 1 {
		if n.attacked_w(first(b), occ) {
			return false
		}
	}
	return true
}

// count_w returns the number of legal moves of n, White to move.
func (n *node) count_w() uint64 {
	ksq := first(n.kings & n.white)
	checkers, pinned := n.checks_w(ksq, n.white|n.black)
	return n.countWith_w(ksq, checkers, pinned)
}

// countWith_w is count_w given the king's square and what checks_w returns.
//
//go:noinline
func (n *node) countWith_w(ksq int, checkers, pinned uint64) uint64 {
	own, enemy := n.white, n.black
	occ := own | enemy
	kbb := uint64(1) << ksq

	// The squares the king may step to, and the paths of the castling
	// rights whose squares are empty (most often a piece stands in the
	// way), are tested against Black's attacks on them, with the king
	// lifted off the board (a slider that gives check also sees the squares
	// behind the king). A slider far from all of them is not looked up, and
	// with none of them nothing is. A castling rook pinned along the back
	// rank shields the king, which would be attacked once it moves: its
	// right is left out.
	zone := attack.King[ksq] &^ own
	var paths [8]uint64 // at most two, but the back rank has eight squares
	castles := 0
	if checkers == 0 {
		for b := n.castle & own &^ pinned; b != 0; b &= b - 1 {
			if cp := &attack.Castling[ksq&7][first(b)&7]; cp.Empty<<base_w&occ == 0 {
				paths[castles] = cp.King << base_w
				zone |= paths[castles]
				castles++
			}
		}
	}
	count := 0
	if zone != 0 {
		threat := n.threats_w(zone, occ^kbb)
		count = popcount(attack.King[ksq] &^ own &^ threat)
		for _, path := range paths[:castles] {
			if path&threat == 0 {
				count++
			}
		}
	}
	target := ^own
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return uint64(count)
		}
		target = attack.Between[ksq][first(checkers)] | checkers
	}

	for b := n.knights & own &^ pinned; b != 0; b &= b - 1 {
		count += popcount(attack.Knight[first(b)] & target)
	}
	diag, orth := n.diag&own, n.orth&own
	for b := diag &^ pinned; b != 0; b &= b - 1 {
		count += popcount(attack.Bishop(uint8(first(b)), occ) & target)
	}
	for b := orth &^ pinned; b != 0; b &= b - 1 {
		count += popcount(attack.Rook(uint8(first(b)), occ) & target)
	}
	pawns := n.pawns & own
	if pinned != 0 {
		// A pinned piece moves along its pin line only (a pinned knight not
		// at all); a pinned pawn may promote by taking its pinner.
		for b := diag & pinned; b != 0; b &= b - 1 {
			from := first(b)
			count += popcount(attack.Bishop(uint8(from), occ) & target & attack.Line[ksq][from])
		}
		for b := orth & pinned; b != 0; b &= b - 1 {
			from := first(b)
			count += popcount(attack.Rook(uint8(from), occ) & target & attack.Line[ksq][from])
		}
		for b := pawns & pinned; b != 0; b &= b - 1 {
			from := first(b)
			one := fwd_w(b&-b) &^ occ
			t := (one | fwd_w(one&third_w)&^occ | attack.Pawn[pawn_w][from]&enemy) & target & attack.Line[ksq][from]
			count += popcount(t) + 3*popcount(t&last_w)
		}
		pawns &^= pinned
	}
	one := fwd_w(pawns) &^ occ
	two := fwd_w(one&third_w) &^ occ & target
	one &= target
	left := left_w(pawns) & enemy & target
	right := right_w(pawns) & enemy & target
	count += popcount(one) + popcount(two) + popcount(left) + popcount(right)
	if (one|left|right)&last_w != 0 {
		count += 3 * (popcount(one&last_w) + popcount(left&last_w) + popcount(right&last_w))
	}

	if n.ep != 0 {
		for b := attack.Pawn[pawn_b][n.ep&63] & n.pawns & own; b != 0; b &= b - 1 {
			if n.epLegal_w(first(b), ksq) {
				count++
			}
		}
	}
	return uint64(count)
}

// The moves, made into a copy of n. Every move clears the en-passant
// square, the castling rights of the rooks on its two squares, and the
// target square from Black's boards (a capture, or nothing).

func (n *node) capture_w(to uint64) {
	n.ep = 0
	if n.black&to == 0 {
		return
	}
	n.castle &^= to
	n.black &^= to
	n.pawns &^= to
	n.knights &^= to
	n.diag &^= to
	n.orth &^= to
}

// perft_w counts the leaves depth >= 2 plies below n, White to move.
func (n *node) perft_w(depth int, x *replies) uint64 {
	own, enemy := n.white, n.black
	occ := own | enemy
	kbb := n.kings & own
	ksq := first(kbb)
	checkers, pinned := n.checks_w(ksq, occ)
	depth--
	var total uint64

	occNoKing := occ ^ kbb
	for b := attack.King[ksq] &^ own; b != 0; b &= b - 1 {
		to := first(b)
		if n.attacked_w(to, occNoKing) {
			continue
		}
		c := *n
		tb := b & -b
		c.capture_w(tb)
		c.kings ^= kbb | tb
		c.white ^= kbb | tb
		c.castle &^= first_w
		total = add(total, c.sub_b(depth, x))
	}
	target := ^own
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return total
		}
		target = attack.Between[ksq][first(checkers)] | checkers
	}

	for b := n.knights & own &^ pinned; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		for t := attack.Knight[from] & target; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.knights ^= fb | tb
			c.white ^= fb | tb
			total = add(total, c.sub_b(depth, x))
		}
	}
	diag, orth := n.diag&own, n.orth&own
	for b := diag; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		t := attack.Bishop(uint8(from), occ) & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
		}
		queen := -(n.orth >> from & 1) // all ones for a queen
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.diag ^= fb | tb
			c.orth ^= (fb | tb) & queen
			c.white ^= fb | tb
			total = add(total, c.sub_b(depth, x))
		}
	}
	for b := orth; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		t := attack.Rook(uint8(from), occ) & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
		}
		queen := -(n.diag >> from & 1)
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.castle &^= fb
			c.orth ^= fb | tb
			c.diag ^= (fb | tb) & queen
			c.white ^= fb | tb
			total = add(total, c.sub_b(depth, x))
		}
	}

	for b := n.pawns & own; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		one := fwd_w(fb) &^ occ
		two := fwd_w(one&third_w) &^ occ & target
		t := (one | attack.Pawn[pawn_w][from]&enemy) & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
			two &= attack.Line[ksq][from]
		}
		if two != 0 {
			c := *n
			c.capture_w(0)
			c.pawns ^= fb | two
			c.white ^= fb | two
			if ep := from + up_w; attack.Pawn[pawn_w][ep]&n.pawns&enemy != 0 {
				c.ep = uint8(ep)
			}
			total = add(total, c.sub_b(depth, x))
		}
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.white ^= fb | tb
			if tb&last_w == 0 {
				c.pawns ^= fb | tb
				total = add(total, c.sub_b(depth, x))
				continue
			}
			c.pawns ^= fb
			d := c
			d.knights |= tb
			total = add(total, d.sub_b(depth, x))
			d = c
			d.diag |= tb
			total = add(total, d.sub_b(depth, x))
			d = c
			d.orth |= tb
			total = add(total, d.sub_b(depth, x))
			c.diag |= tb
			c.orth |= tb
			total = add(total, c.sub_b(depth, x))
		}
	}

	if n.ep != 0 {
		ep := int(n.ep)
		for b := attack.Pawn[pawn_b][ep&63] & n.pawns & own; b != 0; b &= b - 1 {
			from := first(b)
			if !n.epLegal_w(from, ksq) {
				continue
			}
			c := *n
			capb := uint64(1) << (ep - up_w)
			mv := b&-b | 1<<ep
			c.capture_w(capb)
			c.pawns ^= mv
			c.white ^= mv
			total = add(total, c.sub_b(depth, x))
		}
	}
	if checkers == 0 {
		for b := n.castle & own; b != 0; b &= b - 1 {
			rook := first(b)
			if !n.canCastle_w(ksq, rook, occ) {
				continue
			}
			cp := &attack.Castling[ksq&7][rook&7]
			kto := uint64(1) << (int(cp.KingTo) + base_w)
			rto := uint64(1) << (int(cp.RookTo) + base_w)
			c := *n
			c.ep = 0
			c.castle &^= first_w
			c.white = c.white&^(kbb|b&-b) | kto | rto
			c.kings = c.kings&^kbb | kto
			c.orth = c.orth&^(b&-b) | rto
			total = add(total, c.sub_b(depth, x))
		}
	}
	return total
}

// perft2_w counts the leaves two plies below n, White to move: perft_w
// with Black's replies counted from what they have in common (prep_w,
// reply_b).
func (n *node) perft2_w(x *replies) uint64 {
	n.prep_w(x)
	own, enemy := n.white, n.black
	occ := own | enemy
	kbb := n.kings & own
	ksq := first(kbb)
	checkers, pinned := n.checks_w(ksq, occ)
	var total uint64

	occNoKing := occ ^ kbb
	for b := attack.King[ksq] &^ own; b != 0; b &= b - 1 {
		to := first(b)
		if n.attacked_w(to, occNoKing) {
			continue
		}
		c := *n
		tb := b & -b
		c.capture_w(tb)
		c.kings ^= kbb | tb
		c.white ^= kbb | tb
		c.castle &^= first_w
		total += x.reply_b(&c, kbb, tb, attack.King[ksq], attack.King[to], 0)
	}
	target := ^own
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return total
		}
		target = attack.Between[ksq][first(checkers)] | checkers
	}

	for b := n.knights & own &^ pinned; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		for t := attack.Knight[from] & target; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.knights ^= fb | tb
			c.white ^= fb | tb
			total += x.reply_b(&c, fb, tb, attack.Knight[from], attack.Knight[first(tb)], 0)
		}
	}
	diag, orth := n.diag&own, n.orth&own
	for b := diag; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		af := attack.Bishop(uint8(from), occ)
		t := af & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
		}
		queen := -(n.orth >> from & 1) // all ones for a queen
		if queen != 0 {
			af |= attack.Rook(uint8(from), occ)
		}
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.diag ^= fb | tb
			c.orth ^= (fb | tb) & queen
			c.white ^= fb | tb
			total += x.reply_b(&c, fb, tb, af, 0, 1|uint8(queen&2))
		}
	}
	for b := orth; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		af := attack.Rook(uint8(from), occ)
		t := af & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
		}
		queen := -(n.diag >> from & 1)
		if queen != 0 {
			af |= attack.Bishop(uint8(from), occ)
		}
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.castle &^= fb
			c.orth ^= fb | tb
			c.diag ^= (fb | tb) & queen
			c.white ^= fb | tb
			total += x.reply_b(&c, fb, tb, af, 0, 2|uint8(queen&1))
		}
	}

	for b := n.pawns & own; b != 0; b &= b - 1 {
		from := first(b)
		fb := b & -b
		one := fwd_w(fb) &^ occ
		two := fwd_w(one&third_w) &^ occ & target
		t := (one | attack.Pawn[pawn_w][from]&enemy) & target
		if pinned&fb != 0 {
			t &= attack.Line[ksq][from]
			two &= attack.Line[ksq][from]
		}
		if two != 0 {
			c := *n
			c.capture_w(0)
			c.pawns ^= fb | two
			c.white ^= fb | two
			if ep := from + up_w; attack.Pawn[pawn_w][ep]&n.pawns&enemy != 0 {
				c.ep = uint8(ep)
			}
			total += x.reply_b(&c, fb, two, attack.Pawn[pawn_w][from], attack.Pawn[pawn_w][first(two)], 0)
		}
		for ; t != 0; t &= t - 1 {
			c := *n
			tb := t & -t
			c.capture_w(tb)
			c.white ^= fb | tb
			if tb&last_w == 0 {
				c.pawns ^= fb | tb
				total += x.reply_b(&c, fb, tb, attack.Pawn[pawn_w][from], attack.Pawn[pawn_w][first(tb)], 0)
				continue
			}
			c.pawns ^= fb
			d := c
			d.knights |= tb
			total += d.count_b()
			d = c
			d.diag |= tb
			total += d.count_b()
			d = c
			d.orth |= tb
			total += d.count_b()
			c.diag |= tb
			c.orth |= tb
			total += c.count_b()
		}
	}

	if n.ep != 0 {
		ep := int(n.ep)
		for b := attack.Pawn[pawn_b][ep&63] & n.pawns & own; b != 0; b &= b - 1 {
			from := first(b)
			if !n.epLegal_w(from, ksq) {
				continue
			}
			c := *n
			capb := uint64(1) << (ep - up_w)
			mv := b&-b | 1<<ep
			c.capture_w(capb)
			c.pawns ^= mv
			c.white ^= mv
			total += c.count_b()
		}
	}
	if checkers == 0 {
		for b := n.castle & own; b != 0; b &= b - 1 {
			rook := first(b)
			if !n.canCastle_w(ksq, rook, occ) {
				continue
			}
			cp := &attack.Castling[ksq&7][rook&7]
			kto := uint64(1) << (int(cp.KingTo) + base_w)
			rto := uint64(1) << (int(cp.RookTo) + base_w)
			c := *n
			c.ep = 0
			c.castle &^= first_w
			c.white = c.white&^(kbb|b&-b) | kto | rto
			c.kings = c.kings&^kbb | kto
			c.orth = c.orth&^(b&-b) | rto
			total += c.count_b()
		}
	}
	return total
}

// prep_w fills x with what Black's replies to White's moves in n have in
// common (see replies).
func (n *node) prep_w(x *replies) {
	own := n.black
	occ := n.white | n.black
	kbb := n.kings & own
	ksq := first(kbb)
	_, pinned := n.checks_b(ksq, occ)
	x.ksq, x.own, x.kbb, x.pinned = ksq, own, kbb, pinned
	x.near = attack.King[ksq] & own
	// Only White's sliders check or pin, each on its own kind of line.
	x.pinReach = 0
	if n.diag&n.white != 0 {
		a := attack.Bishop(uint8(ksq), occ)
		x.pinReach = a | attack.Bishop(uint8(ksq), occ&^a)
	}
	if n.orth&n.white != 0 {
		a := attack.Rook(uint8(ksq), occ)
		x.pinReach |= a | attack.Rook(uint8(ksq), occ&^a)
	}

	// A castling whose path one of Black's own pieces blocks stays blocked
	// whatever White plays.
	zone := attack.King[ksq] &^ own
	x.castleRooks = n.castle & own
	x.ncastle, x.paths = 0, 0
	var empty uint64
	for b := n.castle & own &^ pinned; b != 0; b &= b - 1 {
		if cp := &attack.Castling[ksq&7][first(b)&7]; cp.Empty<<base_b&own == 0 {
			x.empty[x.ncastle] = cp.Empty << base_b
			x.path[x.ncastle] = cp.King << base_b
			x.paths |= x.path[x.ncastle]
			empty |= x.empty[x.ncastle]
			x.ncastle++
		}
	}
	// White's attacks on zone, with the lines of White's sliders that
	// could reach it: those a move must touch to change them, unless the
	// moving piece is the attacker.
	lifted := occ ^ kbb
	zone |= x.paths
	x.zone = zone
	enemy := n.white
	pawns := n.pawns & enemy
	threat := left_w(pawns) | right_w(pawns) | attack.King[first(n.kings&enemy)] | knightSet(n.knights&enemy)
	reach := empty
	for b := n.diag & enemy; b != 0; b &= b - 1 {
		if sq := first(b); attack.BishopPseudo[sq]&zone != 0 {
			a := attack.Bishop(uint8(sq), lifted)
			threat |= a
			reach |= x.touch(sq, a, attack.Bishop(uint8(sq), lifted&^a), lifted)
		}
	}
	for b := n.orth & enemy; b != 0; b &= b - 1 {
		if sq := first(b); attack.RookPseudo[sq]&zone != 0 {
			a := attack.Rook(uint8(sq), lifted)
			threat |= a
			reach |= x.touch(sq, a, attack.Rook(uint8(sq), lifted&^a), lifted)
		}
	}
	x.threat, x.reach = threat, reach
	x.free = attack.King[ksq] &^ own &^ threat
	castles := 0
	for i := 0; i < x.ncastle; i++ {
		if x.empty[i]&occ == 0 && x.path[i]&threat == 0 {
			castles++
		}
	}

	sum := 0
	x.knights = n.knights & own &^ pinned
	for b := x.knights; b != 0; b &= b - 1 {
		sum += popcount(attack.Knight[first(b)] &^ own)
	}
	x.pawns = n.pawns & own
	x.promote = x.pawns&fwd_w(last_b) != 0
	x.didx, x.oidx = [64]uint16{}, [64]uint16{}
	nd, no := 0, 0
	for b := n.diag & own; b != 0; b &= b - 1 {
		if nd == len(x.dsq) {
			x.castleRooks = ^uint64(0)
			return
		}
		sq := first(b)
		att := attack.Bishop(uint8(sq), occ)
		line := ^uint64(0)
		if pinned&(b&-b) != 0 {
			line = attack.Line[ksq][sq]
		}
		c := popcount(att &^ own & line)
		x.dsq[nd], x.dline[nd], x.dcnt[nd] = uint8(sq), line, c
		for t := att | b&-b; t != 0; t &= t - 1 {
			x.didx[first(t)] |= 1 << nd
		}
		sum += c
		nd++
	}
	for b := n.orth & own; b != 0; b &= b - 1 {
		if no == len(x.osq) {
			x.castleRooks = ^uint64(0)
			return
		}
		sq := first(b)
		att := attack.Rook(uint8(sq), occ)
		line := ^uint64(0)
		if pinned&(b&-b) != 0 {
			line = attack.Line[ksq][sq]
		}
		c := popcount(att &^ own & line)
		x.osq[no], x.oline[no], x.ocnt[no] = uint8(sq), line, c
		for t := att | b&-b; t != 0; t &= t - 1 {
			x.oidx[first(t)] |= 1 << no
		}
		sum += c
		no++
	}
	x.sum = sum
	x.quiet = sum + popcount(x.free) + castles
}

// reply_b counts Black's legal moves in c, the position after White's
// plain move or capture from fb to tb in the node x was prepared for
// (prep_w; perft2_w counts the replies to castling, en passant and
// promotions in full). af and at are the squares the moving piece attacks
// from fb and from tb, except that for a slider (slide 1 diagonal, 2
// orthogonal, 3 a queen) at is left to reply_b, which looks it up only
// when it needs it.
//
// checks_w, threats_w, epLegal_w and countWith_w are not inlined: with
// them, reply_b is too large for PGO to inline into perft2_w.
func (x *replies) reply_b(c *node, fb, tb, af, at uint64, slide uint8) uint64 {
	if at&x.kbb|tb&x.castleRooks != 0 {
		return c.count_b()
	}
	m := fb | tb
	own, enemy := c.black, c.white
	occ := own | enemy
	if m&x.pinReach != 0 {
		if checkers, pinned := c.checks_b(x.ksq, occ); checkers != 0 || pinned != x.pinned {
			return c.countWith_b(x.ksq, checkers, pinned)
		}
	}
	var count int
	if m&x.reach|af&x.zone|tb&x.near != 0 {
		// The move changes the enemy's attacks near the king: they are
		// looked up again. A piece of Black's taken next to its king opens
		// a square for it.
		zone := x.zone | tb&x.near
		threat := c.threats_b(zone, occ^x.kbb)
		count = x.sum + popcount(attack.King[x.ksq]&^own&^threat)
		for i := 0; i < x.ncastle; i++ {
			if x.empty[i]&occ == 0 && x.path[i]&threat == 0 {
				count++
			}
		}
	} else {
		if slide != 0 {
			to := first(tb)
			lifted := occ ^ x.kbb
			if slide&1 != 0 && attack.BishopPseudo[to]&x.zone != 0 {
				at = attack.Bishop(uint8(to), lifted)
			}
			if slide&2 != 0 && attack.RookPseudo[to]&x.zone != 0 {
				at |= attack.Rook(uint8(to), lifted)
			}
		}
		if at&x.paths == 0 {
			count = x.quiet - popcount(x.free&at)
		} else {
			threat := x.threat | at&x.zone
			count = x.sum + popcount(x.free&^at)
			for i := 0; i < x.ncastle; i++ {
				if x.empty[i]&occ == 0 && x.path[i]&threat == 0 {
					count++
				}
			}
		}
	}
	if tb&x.own != 0 {
		// A capture: the knights that attack tb may now take there, and the
		// knight taken, if it is one, has no moves left.
		to := first(tb)
		count += popcount(attack.Knight[to] & x.knights)
		if tb&x.knights != 0 {
			count -= popcount(attack.Knight[to] &^ x.own)
		}
	}
	from, to := first(fb), first(tb)
	for b := x.didx[from] | x.didx[to]; b != 0; b &= b - 1 {
		i := first(uint64(b)) & 15
		count -= x.dcnt[i]
		if sq := x.dsq[i]; tb>>sq&1 == 0 {
			count += popcount(attack.Bishop(sq, occ) &^ own & x.dline[i])
		}
	}
	for b := x.oidx[from] | x.oidx[to]; b != 0; b &= b - 1 {
		i := first(uint64(b)) & 15
		count -= x.ocnt[i]
		if sq := x.osq[i]; tb>>sq&1 == 0 {
			count += popcount(attack.Rook(sq, occ) &^ own & x.oline[i])
		}
	}

	pawns := x.pawns &^ tb
	if p := pawns & x.pinned; p != 0 {
		for b := p; b != 0; b &= b - 1 {
			from := first(b)
			one := fwd_b(b&-b) &^ occ
			t := (one | fwd_b(one&third_b)&^occ | attack.Pawn[pawn_b][from]&enemy) & attack.Line[x.ksq][from]
			count += popcount(t) + 3*popcount(t&last_b)
		}
		pawns &^= p
	}
	one := fwd_b(pawns) &^ occ
	two := fwd_b(one&third_b) &^ occ
	left := left_b(pawns) & enemy
	right := right_b(pawns) & enemy
	count += popcount(one) + popcount(two) + popcount(left) + popcount(right)
	if x.promote && (one|left|right)&last_b != 0 {
		count += 3 * (popcount(one&last_b) + popcount(left&last_b) + popcount(right&last_b))
	}
	if c.ep != 0 {
		for b := attack.Pawn[pawn_w][c.ep&63] & c.pawns & own; b != 0; b &= b - 1 {
			if c.epLegal_b(first(b), x.ksq) {
				count++
			}
		}
	}
	return uint64(count)
}
