package chess

import "math/bits"

// Precomputed attack tables, built once by init. Sliding pieces use "fancy"
// magic bitboards: for each square, the relevant blockers (the ray squares
// short of the board edge) are multiplied by a magic number whose top bits
// index a slice of one shared table. The magics are found at start-up by a
// trial search driven by a fixed-seed generator, so the tables are the same
// on every run.

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	between       [64][64]Bitboard // squares strictly between two aligned squares
	lineThrough   [64][64]Bitboard // the whole line through two aligned squares
	rookPseudo    [64]Bitboard     // rook attacks on an empty board
	bishopPseudo  [64]Bitboard     // bishop attacks on an empty board
	castlePaths   [8][8]castlePath // by king file and rook file, on the first rank
	rookMagics    [64]magic
	bishopMagics  [64]magic
	rookTable     [0x20000]Bitboard // 0x19000 used; a power of two lets the index be masked instead of bounds-checked
	bishopTable   [0x2000]Bitboard  // 0x1480 used
)

// castlePath holds, for a king and a castling rook on the first rank, the
// squares that must be empty (the king's and rook's paths and targets, less
// the two pieces themselves) and the king's path, its own square included,
// which must not be attacked. Shift both by 56 for the eighth rank.
type castlePath struct {
	empty, kpath Bitboard
}

type magic struct {
	mask  Bitboard
	magic uint64
	shift uint8
	off   uint32
}

func (m *magic) index(occ Bitboard) uint32 {
	return m.off + uint32(uint64(occ&m.mask)*m.magic>>m.shift)
}

func rookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return rookTable[m.index(occ)&(uint32(len(rookTable))-1)]
}

func bishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return bishopTable[m.index(occ)&(uint32(len(bishopTable))-1)]
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slideAttacks walks the rays from sq, stopping at (and including) the first
// occupied square. It is the slow reference used to fill the tables.
func slideAttacks(sq Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := SquareAt(f, r)
			b |= s.BB()
			if occ.Has(s) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

// relevantMask is the set of ray squares whose occupancy can change the
// attacks: each ray without its last square.
func relevantMask(sq Square, dirs *[4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			b |= SquareAt(f, r).BB()
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

func (p *prng) sparse() uint64 { return p.next() & p.next() & p.next() }

// initMagics fills magics and table. For each square it tries known[sq]
// first, then searches with a generator seeded by seed.
func initMagics(magics *[64]magic, table []Bitboard, dirs *[4][2]int, known *[64]uint64, seed uint64) {
	rng := prng(seed)
	var occs, refs [4096]Bitboard
	var epoch [4096]uint32
	var cur uint32
	off := uint32(0)
	for sq := Square(0); sq < 64; sq++ {
		m := &magics[sq]
		m.mask = relevantMask(sq, dirs)
		nbits := m.mask.Count()
		m.shift = uint8(64 - nbits)
		m.off = off
		size := 0
		// Carry-Rippler enumeration of every subset of the mask.
		for b := Bitboard(0); ; {
			occs[size] = b
			refs[size] = slideAttacks(sq, b, dirs)
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
				if bits.OnesCount64(uint64(m.mask)*m.magic>>56) < 6 {
					continue
				}
			}
			cur++
			ok := true
			for i := 0; i < size; i++ {
				idx := uint64(occs[i]) * m.magic >> m.shift
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
	for sq := Square(0); sq < 64; sq++ {
		f, r := sq.File(), sq.Rank()
		add := func(b *Bitboard, df, dr int) {
			if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*b |= SquareAt(nf, nr).BB()
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAttacks[sq], d[0], d[1])
		}
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			add(&kingAttacks[sq], d[0], d[1])
		}
		add(&pawnAttacks[White][sq], -1, 1)
		add(&pawnAttacks[White][sq], 1, 1)
		add(&pawnAttacks[Black][sq], -1, -1)
		add(&pawnAttacks[Black][sq], 1, -1)
	}
	initMagics(&rookMagics, rookTable[:], &rookDirs, &rookMagicNumbers, 0x9e3779b97f4a7c15)
	initMagics(&bishopMagics, bishopTable[:], &bishopDirs, &bishopMagicNumbers, 0x2545f4914f6cdd1d)
	initLines()
	initCastlePaths()
}

func initLines() {
	for a := Square(0); a < 64; a++ {
		rookPseudo[a] = slideAttacks(a, 0, &rookDirs)
		bishopPseudo[a] = slideAttacks(a, 0, &bishopDirs)
		for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
			att := slideAttacks(a, 0, dirs)
			for b := Square(0); b < 64; b++ {
				if a == b || !att.Has(b) {
					continue
				}
				between[a][b] = slideAttacks(a, b.BB(), dirs) & slideAttacks(b, a.BB(), dirs)
				lineThrough[a][b] = (att & slideAttacks(b, 0, dirs)) | a.BB() | b.BB()
			}
		}
	}
}

func initCastlePaths() {
	for kf := 0; kf < 8; kf++ {
		for rf := 0; rf < 8; rf++ {
			if kf == rf {
				continue
			}
			ksq, rook := SquareAt(kf, 0), SquareAt(rf, 0)
			kto, rto := C1, D1
			if rook > ksq {
				kto, rto = G1, F1
			}
			kpath := between[ksq][kto] | kto.BB()
			castlePaths[kf][rf] = castlePath{
				empty: (kpath | between[rook][rto] | rto.BB()) &^ (ksq.BB() | rook.BB()),
				kpath: kpath | ksq.BB(),
			}
		}
	}
}
