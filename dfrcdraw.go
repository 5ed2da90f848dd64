package chess960

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
	"strings"
)

// DFRCSet is a set of DFRC starts. The zero DFRCSet is empty.
type DFRCSet struct {
	w []uint64 // bit i: the start of index i; nil: empty
}

const dfrcWords = DFRCCount / 64 // 921600 is a multiple of 64

// AllDFRC returns the set of all 921,600 DFRC starts.
func AllDFRC() DFRCSet {
	s := DFRCSet{w: make([]uint64, dfrcWords)}
	for i := range s.w {
		s.w[i] = ^uint64(0)
	}
	return s
}

func (s *DFRCSet) grow() {
	if s.w == nil {
		s.w = make([]uint64, dfrcWords)
	}
}

// Add adds d.
func (s *DFRCSet) Add(d DFRC) {
	s.grow()
	i := d.Index()
	s.w[i>>6] |= 1 << (i & 63)
}

// addRows adds every start W:B with W in ws and B in bs. The starts of one
// White position are a row of 960 bits, 15 whole words, laid out as Set's
// bits are: each row takes bs's words at once.
func (s *DFRCSet) addRows(ws, bs Set) {
	s.grow()
	for i, w := range ws.w {
		for ; w != 0; w &= w - 1 {
			row := s.w[(i*64+bits.TrailingZeros64(w))*15:][:15]
			for j := range row {
				row[j] |= bs.w[j]
			}
		}
	}
}

// Has reports whether d is in the set.
func (s DFRCSet) Has(d DFRC) bool {
	if s.w == nil {
		return false
	}
	i := d.Index()
	return s.w[i>>6]&(1<<(i&63)) != 0
}

// Len returns the number of starts in the set.
func (s DFRCSet) Len() int {
	n := 0
	for _, w := range s.w {
		n += bits.OnesCount64(w)
	}
	return n
}

// Union returns the starts in s or in t.
func (s DFRCSet) Union(t DFRCSet) DFRCSet {
	if s.w == nil && t.w == nil {
		return DFRCSet{}
	}
	out := DFRCSet{w: make([]uint64, dfrcWords)}
	copy(out.w, s.w)
	for i := range t.w {
		out.w[i] |= t.w[i]
	}
	return out
}

// Minus returns the starts of s that are not in t.
func (s DFRCSet) Minus(t DFRCSet) DFRCSet {
	out := DFRCSet{w: make([]uint64, dfrcWords)}
	copy(out.w, s.w)
	if s.w == nil {
		return DFRCSet{}
	}
	for i := range t.w {
		out.w[i] &^= t.w[i]
	}
	return out
}

// ParseDFRCSet reads a list of DFRC starts: items separated by commas, each
// W:B where each side is a Scharnagl number, a range such as 0-9, or * for
// all 960; "518:*" is every start in which White has position 518, and
// "chess960" the 960 starts in which Black mirrors White. "" is the empty
// set.
func ParseDFRCSet(list string) (DFRCSet, error) {
	var s DFRCSet
	if strings.TrimSpace(list) == "" {
		return s, nil
	}
	for _, item := range strings.Split(list, ",") {
		t := strings.TrimSpace(item)
		if strings.EqualFold(t, "chess960") {
			for n := range Count {
				s.Add(DFRC{StartPos{uint16(n)}, StartPos{uint16(n)}})
			}
			continue
		}
		w, b, ok := strings.Cut(t, ":")
		if !ok {
			return DFRCSet{}, &Error{Kind: "DFRC list", Input: list, Err: ErrSyntax,
				Detail: "item " + strconv.Quote(t) + ": want W:B, each side a number, a range or *, such as 518:*, 0-9:0-9 or chess960"}
		}
		ws, err := dfrcSide(w)
		if err != nil {
			return DFRCSet{}, &Error{Kind: "DFRC list", Input: list, Err: ErrSyntax, Detail: "item " + strconv.Quote(t) + ": White's side: " + err.Error()}
		}
		bs, err := dfrcSide(b)
		if err != nil {
			return DFRCSet{}, &Error{Kind: "DFRC list", Input: list, Err: ErrSyntax, Detail: "item " + strconv.Quote(t) + ": Black's side: " + err.Error()}
		}
		s.addRows(ws, bs)
	}
	return s, nil
}

// dfrcSide reads one side of a DFRC list item.
func dfrcSide(s string) (Set, error) {
	t := strings.TrimSpace(s)
	if t == "*" {
		return All(), nil
	}
	if t == "" || strings.Contains(t, ",") {
		return Set{}, &Error{Kind: "side", Input: s, Err: ErrSyntax, Detail: "want a number, a range or *"}
	}
	for _, n := range strings.Split(t, "-") {
		if v, err := strconv.Atoi(strings.TrimSpace(n)); err == nil && v >= Count {
			return Set{}, &Error{Kind: "side", Input: s, Err: ErrRange, Detail: "Scharnagl numbers are 0..959"}
		}
	}
	set, err := ParseSet(t)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return Set{}, &Error{Kind: "side", Input: s, Err: e.Err, Detail: e.Detail}
		}
		return Set{}, err
	}
	return set, nil
}

// DFRCDrawOptions configures a DFRCDrawer.
type DFRCDrawOptions struct {
	// Seeded makes the draws reproducible from Seed, as DrawOptions does.
	Seeded bool
	Seed   string
	// Exclude lists starts never to draw.
	Exclude DFRCSet
	// Unique draws without repeats until every allowed start has been
	// drawn once; then a new round begins.
	Unique bool
}

// DFRCDrawer draws DFRC starts uniformly from the allowed ones (all
// 921,600 minus the excluded). A seeded DFRCDrawer follows Drawer's
// algorithm, fixed forever, with the text "chess960-dfrc:" + seed + ":" + c
// hashed in place of "chess960:" + seed + ":" + c, over the allowed starts
// in ascending index order (W × 960 + B): with no exclusions, draw k (from
// 0) is, but for the vanishingly rare rejection, the first 16 hex digits of
// `printf 'chess960-dfrc:%s:%d' "$SEED" k | sha256sum`, read as a number,
// mod 921600, which is W × 960 + B.
type DFRCDrawer struct {
	opts    DFRCDrawOptions
	allowed DFRCSet
	pool    DFRCSet
	blocks  []int // starts in the pool per 4096 indices
	size    int
	counter uint64
}

const dfrcBlock = 64 // words per block: 4096 starts

// NewDFRCDrawer returns a DFRCDrawer. It fails with ErrNoneLeft when the
// exclusions leave no start to draw.
func NewDFRCDrawer(o DFRCDrawOptions) (*DFRCDrawer, error) {
	allowed := AllDFRC().Minus(o.Exclude)
	d := &DFRCDrawer{opts: o, allowed: allowed}
	d.refill()
	if d.size == 0 {
		return nil, &Error{Kind: "DFRC exclusion list", Input: "", Err: ErrNoneLeft, Detail: "it excludes all 921,600 starts"}
	}
	return d, nil
}

// refill makes the pool the allowed starts again.
func (d *DFRCDrawer) refill() {
	d.pool = d.allowed.Minus(DFRCSet{})
	d.blocks = make([]int, dfrcWords/dfrcBlock)
	d.size = 0
	for i, w := range d.pool.w {
		n := bits.OnesCount64(w)
		d.blocks[i/dfrcBlock] += n
		d.size += n
	}
}

// Allowed returns the number of starts the drawer may draw.
func (d *DFRCDrawer) Allowed() int { return d.allowed.Len() }

// Next draws one start.
func (d *DFRCDrawer) Next() DFRC {
	if d.opts.Unique && d.size == 0 {
		d.refill()
	}
	m := uint64(d.size)
	limit := -(-m % m)
	var x uint64
	for {
		x = d.uint64()
		if limit == 0 || x < limit {
			break
		}
	}
	i := d.nth(int(x % m))
	if d.opts.Unique {
		d.pool.w[i>>6] &^= 1 << (i & 63)
		d.blocks[(i>>6)/dfrcBlock]--
		d.size--
	}
	return DFRC{StartPos{uint16(i / Count)}, StartPos{uint16(i % Count)}}
}

// nth returns the index of the pool's k-th start (from 0) in ascending
// order.
func (d *DFRCDrawer) nth(k int) int {
	b := 0
	for ; k >= d.blocks[b]; b++ {
		k -= d.blocks[b]
	}
	for w := b * dfrcBlock; ; w++ {
		n := bits.OnesCount64(d.pool.w[w])
		if k < n {
			word := d.pool.w[w]
			for ; k > 0; k-- {
				word &= word - 1
			}
			return w*64 + bits.TrailingZeros64(word)
		}
		k -= n
	}
}

func (d *DFRCDrawer) uint64() uint64 {
	if !d.opts.Seeded {
		var b [8]byte
		rand.Read(b[:])
		return binary.BigEndian.Uint64(b[:])
	}
	d.counter++
	return seeded("chess960-dfrc:", d.opts.Seed, d.counter-1)
}
