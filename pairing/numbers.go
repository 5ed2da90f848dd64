package pairing

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// Pairing numbers. A Swiss numbers its players by the initial order of
// C.04.2 (rating, then title, then name); a round robin numbers them by
// drawing of lots or by rating (C.05). RatingOrder gives the first, DrawLots
// the second.

// titleRank orders FIDE titles as C.04.2's initial order does: GM, IM, WGM,
// FM, WIM, CM, WFM, WCM, then no title.
func titleRank(title string) int {
	switch strings.ToUpper(strings.TrimSpace(title)) {
	case "GM", "G":
		return 0
	case "IM", "I":
		return 1
	case "WGM", "WG":
		return 2
	case "FM", "F":
		return 3
	case "WIM", "WI":
		return 4
	case "CM", "C":
		return 5
	case "WFM", "WF":
		return 6
	case "WCM", "WC":
		return 7
	}
	return 8
}

// RatingOrder returns the players in the initial order of C.04.2: rating
// from the highest (unrated players last), then title (GM, IM, WGM, FM,
// WIM, CM, WFM, WCM, none), then name, and for full ties the order given.
// Giving them pairing numbers 1, 2, ... in this order is the usual
// numbering of a Swiss, and of a round robin numbered by rating.
func RatingOrder(players []*Player) []*Player {
	out := slices.Clone(players)
	slices.SortStableFunc(out, func(a, b *Player) int {
		switch {
		case a.Rating != b.Rating:
			return b.Rating - a.Rating
		case titleRank(a.Title) != titleRank(b.Title):
			return titleRank(a.Title) - titleRank(b.Title)
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// DrawLots numbers n players by drawing of lots, as a round robin may
// (C.05): it returns order, a uniformly random permutation of 1..n, player
// i (0 up, in any agreed listing) drawing pairing number order[i].
//
// With a seed the draw can be redone and checked by anyone: it is a
// Fisher-Yates shuffle of 1..n from the last place down, each index drawn
// uniformly by rejection from the 64-bit big-endian numbers
// SHA-256(seed + ":" + k) for k = 0, 1, 2, ... in turn. An empty seed
// draws from crypto/rand instead.
func DrawLots(n int, seed string) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	k := 0
	next := func() uint64 {
		if seed == "" {
			var b [8]byte
			rand.Read(b[:])
			return binary.BigEndian.Uint64(b[:])
		}
		sum := sha256.Sum256([]byte(seed + ":" + strconv.Itoa(k)))
		k++
		return binary.BigEndian.Uint64(sum[:8])
	}
	for i := n - 1; i > 0; i-- {
		// A uniform j in 0..i: reject the top part of the range that
		// does not divide evenly.
		m := uint64(i + 1)
		limit := ^uint64(0) - (^uint64(0)%m+1)%m
		x := next()
		for x > limit {
			x = next()
		}
		j := int(x % m)
		order[i], order[j] = order[j], order[i]
	}
	return order
}
