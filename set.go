package chess960

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
)

// Set is a set of start positions. The zero value is empty.
type Set struct {
	w [15]uint64 // 960 bits
}

// All returns the set of all 960 start positions.
func All() Set {
	var s Set
	for i := range s.w {
		s.w[i] = ^uint64(0)
	}
	return s
}

// Add puts p in the set.
func (s *Set) Add(p StartPos) { s.w[p.id>>6] |= 1 << (p.id & 63) }

// Remove takes p out of the set.
func (s *Set) Remove(p StartPos) { s.w[p.id>>6] &^= 1 << (p.id & 63) }

// Has reports whether p is in the set.
func (s Set) Has(p StartPos) bool { return s.w[p.id>>6]&(1<<(p.id&63)) != 0 }

// Len returns the number of positions in the set.
func (s Set) Len() int {
	n := 0
	for _, w := range s.w {
		n += bits.OnesCount64(w)
	}
	return n
}

// Union returns the positions in s or t.
func (s Set) Union(t Set) Set {
	for i := range s.w {
		s.w[i] |= t.w[i]
	}
	return s
}

// Minus returns the positions in s that are not in t.
func (s Set) Minus(t Set) Set {
	for i := range s.w {
		s.w[i] &^= t.w[i]
	}
	return s
}

// Nth returns the k-th position (0-based) of the set in Scharnagl order.
// It panics if k is not in 0..Len()-1.
func (s Set) Nth(k int) StartPos {
	for i, w := range s.w {
		c := bits.OnesCount64(w)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			w &= w - 1
		}
		return StartPos{uint16(i*64 + bits.TrailingZeros64(w))}
	}
	panic("chess960: Set.Nth: index out of range")
}

// Positions returns the members in Scharnagl order.
func (s Set) Positions() []StartPos {
	out := make([]StartPos, 0, s.Len())
	for i, w := range s.w {
		for w != 0 {
			out = append(out, StartPos{uint16(i*64 + bits.TrailingZeros64(w))})
			w &= w - 1
		}
	}
	return out
}

// String writes the set as a list of numbers and ranges in ascending order,
// the form ParseSet reads: "0-9,518".
func (s Set) String() string {
	var b strings.Builder
	ps := s.Positions()
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1].id == ps[j].id+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(ps[i].ID()))
		if j > i {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(ps[j].ID()))
		}
		i = j + 1
	}
	return b.String()
}

// ParseSet reads a comma-separated list of Scharnagl numbers and inclusive
// ranges, such as "518,0-9". Spaces around items are allowed; an empty string
// is the empty set. 960 means position 0, as in New. A range must go upwards
// (a range to 960 ends at 959 and takes in 0).
func ParseSet(list string) (Set, error) {
	var s Set
	if strings.TrimSpace(list) == "" {
		return s, nil
	}
	for _, item := range strings.Split(list, ",") {
		t := strings.TrimSpace(item)
		if t == "" {
			return Set{}, &Error{Kind: "position list", Input: list, Err: ErrSyntax,
				Detail: "empty item: want numbers and ranges separated by commas, such as 518,0-9"}
		}
		lo, hi, ok := strings.Cut(t, "-")
		if !ok || strings.HasPrefix(strings.ToUpper(t), "SP") { // "SP-518" is one number
			p, err := ParseID(t)
			if err != nil {
				return Set{}, setError(list, t, err)
			}
			s.Add(p)
			continue
		}
		if strings.TrimSpace(lo) == "" {
			return Set{}, setItemError(list, t, ErrSyntax, "a range needs a number before '-' (position numbers are not negative)")
		}
		if strings.TrimSpace(hi) == "" {
			return Set{}, setItemError(list, t, ErrSyntax, "a range needs a number after '-'")
		}
		a, err := parseBound(list, t, lo)
		if err != nil {
			return Set{}, err
		}
		b, err := parseBound(list, t, hi)
		if err != nil {
			return Set{}, err
		}
		if a > b {
			return Set{}, setItemError(list, t, ErrSyntax, "the range goes downwards")
		}
		for n := a; n <= b; n++ {
			s.Add(StartPos{uint16(n % Count)})
		}
	}
	return s, nil
}

func parseBound(list, item, t string) (int, error) {
	t = strings.TrimSpace(t)
	n, err := decimal.Int(t, 0, Count)
	switch {
	case err == decimal.ErrSyntax || strings.HasPrefix(t, "-"):
		return 0, setItemError(list, item, ErrSyntax, "range bound "+quotePart(t)+" is not a number 0..960")
	case err != nil:
		return 0, setItemError(list, item, ErrRange, "range bound "+quotePart(t)+" is not a number 0..960")
	}
	return int(n), nil
}

// setItemError is the error for one item of a list. The item is named only
// when the list has others, and quoted only when it is short, so that no
// input is quoted twice at length.
func setItemError(list, item string, reason error, detail string) error {
	if strings.TrimSpace(list) != item {
		detail = "item " + quotePart(item) + ": " + detail
	}
	return &Error{Kind: "position list", Input: list, Err: reason, Detail: detail}
}

func setError(list, item string, err error) error {
	e := err.(*Error)
	return setItemError(list, item, e.Err, e.Detail)
}
