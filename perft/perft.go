package perft

import (
	"math/bits"
	"sort"
	"strconv"

	"github.com/chess960/chess960/chess"
)

// MaxDepth is the deepest count the package, the suite reader, the command
// line and the server accept. Depth is not a measure of work (the number of
// nodes is: a position with forced moves counts 1 at any depth, a
// checkmate 0), so the limit is set by the recursion, which keeps a
// position and a move list of about 2 KB on the stack for each ply: 10,000
// plies are 20 MB per counting goroutine. Stockfish 15.1's go perft counts
// to 500 plies and crashes at 1,000.
const MaxDepth = 10_000

// Count returns the number of leaf nodes of the legal move tree of p to the
// given depth (1 for depth 0 or less). It runs on the calling goroutine and
// cannot be stopped; CountContext can, with a node budget, and counts on
// several goroutines.
//
// Counts saturate instead of wrapping: a count that does not fit in a
// uint64 is math.MaxUint64 (so counts up to math.MaxUint64-1 are exact, and
// CountContext reports a saturated count as ErrOverflow). Without a table
// no computer reaches that: 2^64 leaves at 10^9 a second take 585 years.
func Count(p chess.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return fastCount(&p, depth)
}

// add returns a+b, or math.MaxUint64 when the sum does not fit: the counts
// saturate instead of wrapping around.
func add(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	return s | -carry
}

// Entry is one line of a divide: a legal move and the count of the position
// after it, one ply less deep.
type Entry struct {
	Move  chess.Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the count to depth-1 of the
// position after it, sorted by the moves' Chess960 UCI text (castling as the
// king taking its rook). With depth <= 0 it returns nil.
func Divide(p chess.Position, depth int) []Entry {
	if depth <= 0 {
		return nil
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	out := make([]Entry, 0, ml.Len())
	for _, m := range ml.Moves() {
		q := p
		q.Play(m)
		out = append(out, Entry{m, Count(q, depth-1)})
	}
	sortEntries(out)
	return out
}

func sortEntries(out []Entry) {
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
}

// Total returns the sum of the entries' counts (math.MaxUint64 if it does
// not fit, as for Count).
func Total(d []Entry) uint64 {
	var n uint64
	for _, e := range d {
		n = add(n, e.Nodes)
	}
	return n
}

// checkDepth refuses a depth outside 0..MaxDepth.
func checkDepth(depth int) error {
	if depth < 0 || depth > MaxDepth {
		return &DepthError{Depth: depth}
	}
	return nil
}

// DepthError is a depth outside 0..MaxDepth given to CountContext or
// DivideContext. It unwraps to ErrDepth.
type DepthError struct {
	Depth int
}

// Error formats the error as "perft: depth 10001: out of range: must be
// 0..10000".
func (e *DepthError) Error() string {
	return "perft: depth " + strconv.Itoa(e.Depth) + ": out of range: must be 0.." + strconv.Itoa(MaxDepth)
}

// Unwrap returns ErrDepth.
func (e *DepthError) Unwrap() error { return ErrDepth }
