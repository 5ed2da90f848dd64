// Package attack holds the precomputed attack tables shared by the rules
// (package chess) and the counting engine of package perft: the steps of
// knights, kings and pawns, the lines between squares, and the sliders'
// "fancy" magic bitboards. One copy of the slider tables (about 850 KB)
// serves both, so a program that plays and counts keeps one copy in cache.
//
// Squares are 0..63, a1 = 0, b1 = 1, ..., h8 = 63; a bitboard has bit s set
// for square s.
package attack

import "math/bits"

var (
	Knight       [64]uint64
	King         [64]uint64
	Pawn         [2][64]uint64  // by colour, White 0: the squares a pawn on s attacks
	Between      [64][64]uint64 // squares strictly between two aligned squares
	Line         [64][64]uint64 // the whole line through two aligned squares
	RookPseudo   [64]uint64     // rook attacks on an empty board
	BishopPseudo [64]uint64     // bishop attacks on an empty board

	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [0x20000]uint64 // 0x19000 used; a power of two lets the index be masked instead of bounds-checked
	bishopTable  [0x2000]uint64  // 0x1480 used
)

type magic struct {
	mask  uint64
	magic uint64
	shift uint8
	off   uint32
}

func (m *magic) index(occ uint64) uint32 {
	return m.off + uint32((occ&m.mask)*m.magic>>(m.shift&63))
}

// Rook returns the squares a rook on sq attacks with the squares in occ
// occupied.
func Rook(sq uint8, occ uint64) uint64 {
	m := &rookMagics[sq&63]
	return rookTable[m.index(occ)&(uint32(len(rookTable))-1)]
}

// Bishop returns the squares a bishop on sq attacks with the squares in occ
// occupied.
func Bishop(sq uint8, occ uint64) uint64 {
	m := &bishopMagics[sq&63]
	return bishopTable[m.index(occ)&(uint32(len(bishopTable))-1)]
}

// RookDirs and BishopDirs are the sliders' steps as (file, rank) pairs.
var (
	RookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	BishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// Slide walks the rays from sq, stopping at (and including) the first
// occupied square. It is the slow reference used to fill the tables.
func Slide(sq int, occ uint64, dirs *[4][2]int) uint64 {
	var b uint64
	for _, d := range dirs {
		f, r := sq%8+d[0], sq/8+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := r*8 + f
			b |= 1 << s
			if occ>>s&1 != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

// relevantMask is the set of ray squares whose occupancy can change the
// attacks: each ray without its last square.
func relevantMask(sq int, dirs *[4][2]int) uint64 {
	var b uint64
	for _, d := range dirs {
		f, r := sq%8+d[0], sq/8+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			b |= 1 << (r*8 + f)
			f, r = nf, nr
		}
	}
	return b
}

// prng is xorshift64*, used with a fixed seed for the magic search.
type prng uint64

func (p *prng) next() uint64 {
	*p ^= *p >> 12
	*p ^= *p << 25
	*p ^= *p >> 27
	return uint64(*p) * 2685821657736338717
}

// sparse is the AND of the next three numbers: about one bit in eight set.
func (p *prng) sparse() uint64 {
	a := p.next()
	b := p.next()
	return a & b & p.next()
}

// initMagics fills magics and table. For each square it tries known[sq]
// first, then searches with a generator seeded by seed.
func initMagics(magics *[64]magic, table []uint64, dirs *[4][2]int, known *[64]uint64, seed uint64) {
	rng := prng(seed)
	var occs, refs [4096]uint64
	var epoch [4096]uint32
	var cur uint32
	off := uint32(0)
	for sq := 0; sq < 64; sq++ {
		m := &magics[sq]
		m.mask = relevantMask(sq, dirs)
		nbits := bits.OnesCount64(m.mask)
		m.shift = uint8(64 - nbits)
		m.off = off
		size := 0
		// Carry-Rippler enumeration of every subset of the mask.
		for b := uint64(0); ; {
			occs[size] = b
			refs[size] = Slide(sq, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		for try := 0; ; try++ {
			if try == 0 && known[sq] != 0 {
				m.magic = known[sq]
			} else {
				m.magic = rng.sparse()
				if bits.OnesCount64(m.mask*m.magic>>56) < 6 {
					continue
				}
			}
			cur++
			ok := true
			for i := 0; i < size; i++ {
				idx := occs[i] * m.magic >> m.shift
				if epoch[idx] < cur {
					epoch[idx] = cur
					table[off+uint32(idx)] = refs[i]
				} else if table[off+uint32(idx)] != refs[i] {
					ok = false
					break
				}
			}
			if ok {
				break
			}
		}
		off += uint32(size)
	}
}

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		add := func(b *uint64, df, dr int) {
			if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*b |= 1 << (nr*8 + nf)
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&Knight[sq], d[0], d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			add(&King[sq], d[0], d[1])
		}
		add(&Pawn[0][sq], -1, 1)
		add(&Pawn[0][sq], 1, 1)
		add(&Pawn[1][sq], -1, -1)
		add(&Pawn[1][sq], 1, -1)
	}
	initMagics(&rookMagics, rookTable[:], &RookDirs, &rookMagicNumbers, 0x9e3779b97f4a7c15)
	initMagics(&bishopMagics, bishopTable[:], &BishopDirs, &bishopMagicNumbers, 0x2545f4914f6cdd1d)
	for a := 0; a < 64; a++ {
		RookPseudo[a] = Slide(a, 0, &RookDirs)
		BishopPseudo[a] = Slide(a, 0, &BishopDirs)
		for _, dirs := range []*[4][2]int{&RookDirs, &BishopDirs} {
			att := Slide(a, 0, dirs)
			for b := 0; b < 64; b++ {
				if a == b || att>>b&1 == 0 {
					continue
				}
				Between[a][b] = Slide(a, 1<<b, dirs) & Slide(b, 1<<a, dirs)
				Line[a][b] = att&Slide(b, 0, dirs) | 1<<a | 1<<b
			}
		}
	}
}

// Castle holds, for a king and a castling rook on the first rank, the
// squares that must be empty (the king's and rook's paths and targets, less
// the two pieces themselves), the king's path, its own square included,
// which must not be attacked, and where the two pieces go. Shift the
// bitboards by 56, and add 56 to the squares, for the eighth rank.
type Castle struct {
	Empty, King    uint64
	KingTo, RookTo uint8
}

// Castling is indexed by the king's file and the rook's file.
var Castling [8][8]Castle

func init() {
	const c1, d1, f1, g1 = 2, 3, 5, 6
	for kf := 0; kf < 8; kf++ {
		for rf := 0; rf < 8; rf++ {
			if kf == rf {
				continue
			}
			kto, rto := c1, d1
			if rf > kf {
				kto, rto = g1, f1
			}
			kpath := Between[kf][kto] | 1<<kto
			Castling[kf][rf] = Castle{
				Empty:  (kpath | Between[rf][rto] | 1<<rto) &^ (1<<kf | 1<<rf),
				King:   kpath | 1<<kf,
				KingTo: uint8(kto),
				RookTo: uint8(rto),
			}
		}
	}
}
