package perft

import (
	"math/bits"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/attack"
)

//go:generate go run ./internal/colorgen/gen engine_w.go engine_b.go

// The counting engine. A node is the position as perft needs it and no
// more: eight bitboards and an en-passant square, 72 bytes to copy, no
// hash, no move counters and no mailbox (a capture clears the target
// square from every board). The code for each side to move is written once,
// for White, in engine_w.go, and engine_b.go is generated from it by
// swapping the colours (go generate), so that no colour test is left in the
// loops. The engine makes no move lists: each legal move is made into a
// copy of the node as it is found, and the last ply is counted, not made.
// Its counts are checked against chess.Position's on the whole suites
// (engine_test.go).
type node struct {
	pawns, knights uint64
	diag, orth     uint64 // bishops and queens, rooks and queens
	kings          uint64
	white, black   uint64
	castle         uint64 // rooks that keep a castling right
	ep             uint8  // the square behind a pawn that has just made a double step next to an enemy pawn, else 0
}

func newNode(p *chess.Position) node {
	b := func(r chess.Role) uint64 {
		return uint64(p.Pieces(chess.White, r) | p.Pieces(chess.Black, r))
	}
	n := node{
		pawns:   b(chess.Pawn),
		knights: b(chess.Knight),
		diag:    b(chess.Bishop) | b(chess.Queen),
		orth:    b(chess.Rook) | b(chess.Queen),
		kings:   b(chess.King),
		white:   uint64(p.Pieces(chess.White, chess.NoRole)),
		black:   uint64(p.Pieces(chess.Black, chess.NoRole)),
		castle:  uint64(p.CastlingRooks()),
	}
	if ep, ok := p.EnPassantSquare(); ok {
		n.ep = uint8(ep)
	}
	return n
}

// fastCount counts p to depth >= 1 with the engine.
func fastCount(p *chess.Position, depth int) uint64 {
	var x replies
	return engineCount(p, depth, &x)
}

// engineCount is fastCount with x as the engine's working memory, which
// a caller that counts many positions keeps (so that it is not cleared
// for each).
func engineCount(p *chess.Position, depth int, x *replies) uint64 {
	n := newNode(p)
	if p.Turn() == chess.White {
		return n.sub_w(depth, x)
	}
	return n.sub_b(depth, x)
}

// Colour-dependent constants and steps: the generator turns the _w names
// of engine_w.go into these _b ones.
const (
	fileA = 0x0101010101010101
	fileH = fileA << 7

	pawn_w, pawn_b   = 0, 1                   // attack.Pawn's index
	up_w, up_b       = 8, -8                  // a pawn's step
	first_w, first_b = 0xff, 0xff << 56       // back rank
	third_w, third_b = 0xff << 16, 0xff << 40 // a single step that may go on
	last_w, last_b   = 0xff << 56, 0xff       // promotion rank
	base_w, base_b   = 0, 56                  // the back rank's first square
)

func fwd_w(b uint64) uint64   { return b << 8 }
func fwd_b(b uint64) uint64   { return b >> 8 }
func left_w(b uint64) uint64  { return (b &^ fileA) << 7 }
func left_b(b uint64) uint64  { return (b &^ fileA) >> 9 }
func right_w(b uint64) uint64 { return (b &^ fileH) << 9 }
func right_b(b uint64) uint64 { return (b &^ fileH) >> 7 }

func first(b uint64) int    { return bits.TrailingZeros64(b) & 63 }
func popcount(b uint64) int { return bits.OnesCount64(b) }

// knightSet returns the squares the knights in b attack, set-wise.
func knightSet(b uint64) uint64 {
	l1 := b >> 1 & 0x7f7f7f7f7f7f7f7f
	l2 := b >> 2 & 0x3f3f3f3f3f3f3f3f
	r1 := b << 1 & 0xfefefefefefefefe
	r2 := b << 2 & 0xfcfcfcfcfcfcfcfc
	h1, h2 := l1|r1, l2|r2
	return h1<<16 | h1>>16 | h2<<8 | h2>>8
}

// replies is what the replies to the moves of a node two plies above the
// leaves have in common, for the side that replies: its king, its pinned
// pieces, the enemy's attacks on the squares its king may go to, and how
// many moves each of its knights and sliders has. A move that touches none
// of the squares these depend on leaves them as they are, so the replies
// are counted from them, and only what the move changes is looked up
// again; any other move (a check, a changed pin, en passant, castling, a
// promotion) has its replies counted in full.
type replies struct {
	ksq    int
	own    uint64 // the replying side's pieces before the move
	kbb    uint64 // its king
	near   uint64 // its pieces next to its king
	pinned uint64 // its pinned pieces
	// pinReach: the squares on the king's lines up to the second piece, of
	// the kinds of line the enemy has sliders for; a move that touches
	// none of them neither checks with a slider nor changes a pin (a
	// promotion, which may bring a new slider, is counted in full).
	pinReach uint64
	// zone: the squares the king may step to and the king's paths of the
	// castlings that its own pieces do not block; threat: the enemy's
	// attacks on them, the king lifted off the board; reach: the squares
	// those castlings need empty, and those on the enemy's sliders' lines
	// to zone where a piece that comes or goes changes what they attack
	// there (replies.touch). A move that touches no square of reach, by a
	// piece that attacked no square of zone, adds its new attacks to threat
	// and changes nothing else of it.
	zone, threat, reach uint64
	paths               uint64 // the king's paths of those castlings
	free                uint64 // the king's steps, not attacked
	// castleRooks: the rooks that keep a castling right; every square if
	// there are more sliders than the lists below hold, so that every
	// reply is counted in full.
	castleRooks uint64
	ncastle     int       // those not pinned nor blocked by their own side, whose paths are below
	empty, path [8]uint64 // a castling's squares that must be empty, and the king's path
	knights     uint64    // the unpinned knights
	pawns       uint64
	promote     bool // a pawn stands on the rank before the last
	sum         int  // the moves of the knights and sliders
	quiet       int  // sum, the king's moves and the castlings
	// The sliders, diagonal and orthogonal (a queen is in both lists):
	// square, pin line (or every square), move count, and for each square
	// of the board the sliders that attack it or stand on it.
	dsq, osq     [16]uint8
	dline, oline [16]uint64
	dcnt, ocnt   [16]int
	didx, oidx   [64]uint16
}

// touch returns the squares a move must touch to change which squares of
// zone an enemy slider on sq attacks, given its attacks a and its attacks
// through the first piece on each line, a2: the squares between it and the
// squares of zone it attacks, and the piece between it and those it would
// attack with that piece gone.
func (x *replies) touch(sq int, a, a2, occ uint64) uint64 {
	var t uint64
	for z := a & x.zone; z != 0; z &= z - 1 {
		t |= attack.Between[sq][first(z)]
	}
	for z := a2 &^ a & x.zone; z != 0; z &= z - 1 {
		t |= attack.Between[sq][first(z)] & occ
	}
	return t & a
}
