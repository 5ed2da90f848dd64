package chess960

import (
	"fmt"
	"strings"
)

// Derivation is the step-by-step derivation of a start position from its
// Scharnagl number, as Scharnagl teaches it, plus the Fritz9 number worked
// out from the same pieces. Its JSON form, with these keys, is what
// `chess960 explain --json` prints (with the text of String added).
type Derivation struct {
	ID           int       `json:"id"`
	Rank         string    `json:"rank"`
	BishopCode   int       `json:"bishopCode"`   // ID mod 16
	LightBishop  string    `json:"lightBishop"`  // square, e.g. "f1"
	DarkBishop   string    `json:"darkBishop"`   // square, e.g. "c1"
	QueenSlot    int       `json:"queenSlot"`    // 0..5 among the squares the bishops leave
	Queen        string    `json:"queen"`        // square
	N5N          int       `json:"n5n"`          // 0..9
	N5NPattern   string    `json:"n5nPattern"`   // e.g. "-N-N-"
	Knights      [2]string `json:"knights"`      // squares
	RookKingRook [3]string `json:"rookKingRook"` // squares
	Stages       [4]string `json:"stages"`       // **B**B** -> **BQ*B** -> *NBQ*BN* -> RNBQKBNR
	KingsTable   string    `json:"kingsTable"`   // King's table entry at ID - BishopCode
	Skeleton     string    `json:"skeleton"`     // NQ-skeleton
	Fritz9       int       `json:"fritz9"`
	N6N          int       `json:"n6n"`         // Fritz9 knight code 0..14
	N6NPattern   string    `json:"n6nPattern"`  // e.g. "-N--N-"
	Fritz9Queen  int       `json:"fritz9Queen"` // 0..3 among the squares left after bishops and knights
}

// Derive returns the derivation of p.
func (p StartPos) Derive() Derivation {
	id := int(p.id)
	d := Derivation{ID: id, Rank: p.String(), BishopCode: id & 15, QueenSlot: (id >> 4) % 6, N5N: (id >> 4) / 6}
	r := placeBishops(d.BishopCode)
	d.Stages[0] = r.String()
	full := p.Rank()
	for f := 0; f < 8; f++ {
		if r[f] == Bishop {
			if f&1 == 1 {
				d.LightBishop = fileName(f) + "1"
			} else {
				d.DarkBishop = fileName(f) + "1"
			}
		}
	}
	for f, c := range full {
		if c == Queen {
			r[f] = Queen
			d.Queen = fileName(f) + "1"
		}
	}
	d.Stages[1] = r.String()
	k := 0
	for f, c := range full {
		if c == Knight {
			r[f] = Knight
			d.Knights[k] = fileName(f) + "1"
			k++
		}
	}
	d.Stages[2] = r.String()
	k = 0
	for f, c := range full {
		if c == Rook || c == King {
			d.RookKingRook[k] = fileName(f) + "1"
			k++
		}
	}
	d.Stages[3] = full.String()
	d.N5NPattern = N5NTable()[d.N5N]
	d.KingsTable = p.KingsTableEntry()
	d.Skeleton = p.Skeleton()
	d.Fritz9 = p.Fritz9()
	d.N6N = ((d.Fritz9 - 1) >> 4) % 15
	d.N6NPattern = N6NTable()[d.N6N]
	d.Fritz9Queen = (d.Fritz9 - 1) / 240
	return d
}

// String writes the derivation as steps a person can follow:
//
//	518 = 32*16 + 6; 32 = 5*6 + 2 -> bishops c1 f1, queen on free square 2, knights -N-N-
//	**B**B** -> **BQ*B** -> *NBQ*BN* -> RNBQKBNR
//
// followed by the same derivation one division at a time, the two-tables
// reading and the Fritz9 number.
func (d Derivation) String() string {
	var b strings.Builder
	q1, q2 := d.ID/16, d.ID/96
	bishops := [2]string{d.DarkBishop, d.LightBishop}
	if bishops[0] > bishops[1] {
		bishops[0], bishops[1] = bishops[1], bishops[0]
	}
	fmt.Fprintf(&b, "SP-%d: %s\n\n", d.ID, d.Rank)
	fmt.Fprintf(&b, "%d = %d*16 + %d; %d = %d*6 + %d -> bishops %s %s, queen on free square %d, knights %s\n",
		d.ID, q1, d.BishopCode, q1, q2, d.QueenSlot, bishops[0], bishops[1], d.QueenSlot, d.N5NPattern)
	fmt.Fprintf(&b, "%s\n\n", strings.Join(d.Stages[:], " -> "))
	b.WriteString("Direct derivation:\n")
	n2, b1 := d.ID/4, d.ID%4
	fmt.Fprintf(&b, "  a) %d = %d*4 + %d: light-squared bishop on %s (0=b 1=d 2=f 3=h)\n", d.ID, n2, b1, d.LightBishop)
	fmt.Fprintf(&b, "  b) %d = %d*4 + %d: dark-squared bishop on %s (0=a 1=c 2=e 3=g)\n", n2, q1, n2%4, d.DarkBishop)
	fmt.Fprintf(&b, "  c) %d = %d*6 + %d: queen on the free square %d counted from 0 on the a-side: %s\n", q1, q2, d.QueenSlot, d.QueenSlot, d.Queen)
	fmt.Fprintf(&b, "  d) %d: knights %s (N5N table) on the five squares left: %s %s\n", q2, d.N5NPattern, d.Knights[0], d.Knights[1])
	fmt.Fprintf(&b, "  e) rook, king, rook on the three squares left: %s %s %s\n", d.RookKingRook[0], d.RookKingRook[1], d.RookKingRook[2])
	fmt.Fprintf(&b, "  check: %d = %d + 16*%d + 96*%d (bishop code + 16*queen + 96*N5N)\n\n", d.ID, d.BishopCode, d.QueenSlot, d.N5N)
	fmt.Fprintf(&b, "Two tables: King's table %d %s + Bishop's table %d %s -> %s\n",
		d.ID-d.BishopCode, d.KingsTable, d.BishopCode, BishopsTable()[d.BishopCode], d.Rank)
	fmt.Fprintf(&b, "NQ-skeleton: %s\n\n", d.Skeleton)
	fmt.Fprintf(&b, "Fritz9: knights %s (code %d) on the six squares left by the bishops, queen on free square %d of the four left\n",
		d.N6NPattern, d.N6N, d.Fritz9Queen)
	fmt.Fprintf(&b, "  %d + 1 + 16*%d + 240*%d = %d (Fritz9 NQ-skeleton table: %d %s)",
		d.BishopCode, d.N6N, d.Fritz9Queen, d.Fritz9, d.Fritz9-d.BishopCode, d.KingsTable)
	return b.String()
}
