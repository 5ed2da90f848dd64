package chess960

import (
	"fmt"
	"strings"
)

// TableEntry is one numbered entry of a seed table.
type TableEntry struct {
	N     int    // the number printed beside the entry
	Entry string // the entry, e.g. "RNQKNR" or "-NQ-N-"
}

// KingsTable returns Scharnagl's King's table: for each of the 60 multiples
// N of 16, the six non-bishop pieces of position N in file order
// (512 RNQKNR). Position N+b has that entry poured into the gaps of the
// Bishop's table row b.
func KingsTable() []TableEntry {
	t := make([]TableEntry, 0, 60)
	for n := 0; n < Count; n += 16 {
		t = append(t, TableEntry{n, StartPos{uint16(n)}.KingsTableEntry()})
	}
	return t
}

// SkeletonTable returns Scharnagl's NQ-skeleton table: the King's table with
// the king and the rooks written as "-" (512 -NQ-N-).
func SkeletonTable() []TableEntry {
	t := make([]TableEntry, 0, 60)
	for n := 0; n < Count; n += 16 {
		t = append(t, TableEntry{n, StartPos{uint16(n)}.Skeleton()})
	}
	return t
}

// Fritz9SkeletonTable returns the Fritz9 NQ-skeleton table: the 60 Fritz9
// numbers M with bishop code 0, in the order 1 + 16*knights + 240*queen, each
// with the six non-bishop pieces of that position (1 NNQRKR ... 945 RKRQNN).
// A position's Fritz9 number is its bishop code plus the M of its skeleton.
func Fritz9SkeletonTable() []TableEntry {
	t := make([]TableEntry, 0, 60)
	for q := 0; q < 4; q++ {
		for kn := 0; kn < 15; kn++ {
			m := 1 + 16*kn + 240*q
			t = append(t, TableEntry{m, MustFromFritz9(m).KingsTableEntry()})
		}
	}
	return t
}

// BishopsTable returns the Bishop's table: for each bishop code 0..15 the
// squares of the two bishops, a-file first ("--B--B--" for code 6).
func BishopsTable() [16]string {
	var t [16]string
	for bc := range t {
		t[bc] = strings.ReplaceAll(placeBishops(bc).String(), "*", "-")
	}
	return t
}

// N5NTable returns the N5N table: the ten ways to put two knights on five
// squares, by code ("NN---" ... "---NN").
func N5NTable() [10]string {
	var t [10]string
	for c, pr := range n5nPairs {
		t[c] = knightPattern(5, pr)
	}
	return t
}

// N6NTable returns Fritz9's knight table: the fifteen ways to put two knights
// on six squares, by code ("NN----" ... "----NN").
func N6NTable() [15]string {
	var t [15]string
	for c, pr := range n6nPairs {
		t[c] = knightPattern(6, pr)
	}
	return t
}

func knightPattern(n int, pr [2]uint8) string {
	b := []byte(strings.Repeat("-", n))
	b[pr[0]], b[pr[1]] = 'N', 'N'
	return string(b)
}

// spaced writes "NN---" as "N N - - -", as the seed tables do.
func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}

// TablesText returns all the seed tables as text laid out as in the seed:
// the King's table and Scharnagl's NQ-skeleton table (five columns of twelve;
// each half-column of six is one N5N block), the Bishop's table, the N5N
// table, Fritz9's knight table and the Fritz9 NQ-skeleton table (one column
// per queen place).
func TablesText() string {
	var b strings.Builder
	grid := func(title string, t []TableEntry, cols, rows int, width int) {
		fmt.Fprintf(&b, "%s\n", title)
		for r := 0; r < rows; r++ {
			line := ""
			for c := 0; c < cols; c++ {
				e := t[c*rows+r]
				if c > 0 {
					line += "   "
				}
				line += fmt.Sprintf("%*d %s", width, e.N, e.Entry)
			}
			b.WriteString(line + "\n")
		}
		b.WriteString("\n")
	}
	grid("King's table (Scharnagl): position N+b = this entry poured into Bishop's table row b", KingsTable(), 5, 12, 3)
	grid("Scharnagl's NQ-skeleton table (blocks of six share an N5N code)", SkeletonTable(), 5, 12, 3)
	b.WriteString("Bishop's table (bishop code b)\n")
	b.WriteString("    a b c d e f g h\n")
	for bc, e := range BishopsTable() {
		fmt.Fprintf(&b, "%2d  %s\n", bc, spaced(e))
	}
	b.WriteString("\nN5N table (knights on the five squares left after bishops and queen)\n")
	for c, e := range N5NTable() {
		fmt.Fprintf(&b, "%d  %s\n", c, spaced(e))
	}
	b.WriteString("\nFritz9 knight table (knights on the six squares left after the bishops)\n")
	for c, e := range N6NTable() {
		fmt.Fprintf(&b, "%2d  %s\n", c, spaced(e))
	}
	b.WriteString("\n")
	grid("Fritz9 NQ-skeleton table: Fritz9 number = bishop code + M (columns: queen place 0..3)", Fritz9SkeletonTable(), 4, 15, 3)
	return strings.TrimSuffix(b.String(), "\n")
}
