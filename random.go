package chess960

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"
)

// DrawOptions configures a Drawer.
type DrawOptions struct {
	// Seeded makes the draws reproducible from Seed (any text, the empty
	// string included) on every platform and in every version of this
	// package. Without it the draws come from the operating system's secure
	// random source (crypto/rand).
	Seeded bool
	Seed   string
	// Exclude lists positions never to draw.
	Exclude Set
	// Unique draws without repeats: no position comes twice until every
	// allowed position has been drawn once; then a new round begins.
	Unique bool
}

// Drawer draws start positions uniformly at random from the allowed ones
// (all 960 minus the excluded).
//
// A seeded Drawer follows this algorithm, which is fixed forever so that an
// arbiter can re-derive a published draw with any SHA-256 tool:
//
//  1. Keep a counter c, starting at 0, and the pool: the allowed positions
//     (in unique mode, those not yet drawn in this round) in ascending
//     Scharnagl order. Let m be the pool's size.
//  2. Compute SHA-256 of the UTF-8 text "chess960:" + seed + ":" + c, with c
//     in decimal, and add 1 to c. Read the digest's first 8 bytes as a
//     big-endian unsigned 64-bit number x.
//  3. If x >= 2^64 - (2^64 mod m), go back to step 2 (this keeps the draw
//     exactly uniform; it happens with probability below 1e-16). Otherwise
//     the draw is the pool's element at index x mod m.
//
// With no exclusions and m = 960, draw number k (from 0) is therefore, but
// for that vanishingly rare rejection, the first 16 hex digits of
// `printf 'chess960:%s:%d' "$SEED" k | sha256sum`, read as a number, mod 960.
// An unseeded Drawer does the same with 8 bytes from crypto/rand in place of
// the digest.
type Drawer struct {
	opts    DrawOptions
	allowed Set
	pool    Set
	counter uint64
}

// NewDrawer returns a Drawer. It fails with ErrNoneLeft when the exclusions
// leave no position to draw.
func NewDrawer(o DrawOptions) (*Drawer, error) {
	allowed := All().Minus(o.Exclude)
	if allowed.Len() == 0 {
		return nil, &Error{Kind: "exclusion list", Input: o.Exclude.String(), Err: ErrNoneLeft,
			Detail: "it excludes all 960 positions"}
	}
	return &Drawer{opts: o, allowed: allowed, pool: allowed}, nil
}

// Allowed returns the number of positions the Drawer may draw.
func (d *Drawer) Allowed() int { return d.allowed.Len() }

// Next draws one position.
func (d *Drawer) Next() StartPos {
	pool := d.allowed
	if d.opts.Unique {
		if d.pool.Len() == 0 {
			d.pool = d.allowed
		}
		pool = d.pool
	}
	m := uint64(pool.Len())
	limit := -(-m % m) // 2^64 - (2^64 mod m), computed mod 2^64; 0 means no rejection
	var x uint64
	for {
		x = d.uint64()
		if limit == 0 || x < limit {
			break
		}
	}
	p := pool.Nth(int(x % m))
	if d.opts.Unique {
		d.pool.Remove(p)
	}
	return p
}

// Draw draws n positions.
func (d *Drawer) Draw(n int) []StartPos {
	out := make([]StartPos, n)
	for i := range out {
		out[i] = d.Next()
	}
	return out
}

// uint64 returns the next 64 random bits.
func (d *Drawer) uint64() uint64 {
	if !d.opts.Seeded {
		var b [8]byte
		rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
		return binary.BigEndian.Uint64(b[:])
	}
	d.counter++
	return seeded("chess960:", d.opts.Seed, d.counter-1)
}

// seeded is the seeded draws' random number c: the first 8 bytes, read
// big-endian, of SHA-256(prefix + seed + ":" + c), c in decimal.
func seeded(prefix, seed string, c uint64) uint64 {
	var arr [128]byte // long seeds spill to the heap; short ones do not
	buf := append(arr[:0], prefix...)
	buf = append(buf, seed...)
	buf = append(buf, ':')
	buf = strconv.AppendUint(buf, c, 10)
	sum := sha256.Sum256(buf)
	return binary.BigEndian.Uint64(sum[:8])
}

// Commitment returns the commitment to a seed that an arbiter publishes
// before a seeded draw, and anyone checks once the seed is revealed: the
// SHA-256 of the seed's UTF-8 bytes, in 64 lowercase hex digits, as
// `printf '%s' "$SEED" | sha256sum` prints it.
func Commitment(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(sum[:])
}

// Random returns a start position drawn uniformly from all 960 with the
// operating system's secure random source.
func Random() StartPos {
	d, _ := NewDrawer(DrawOptions{}) // nothing excluded: cannot fail
	return d.Next()
}
