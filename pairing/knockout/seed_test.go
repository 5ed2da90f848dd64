package knockout

import (
	"fmt"
	"slices"
	"testing"
)

// TestLines16: the 16-line draw as the World Cup and tennis print it:
// 1-16, 8-9, 4-13, 5-12 in the top half, 2-15, 7-10, 3-14, 6-11 in the
// bottom half.
func TestLines16(t *testing.T) {
	want := []int{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}
	if got := Lines(16); !slices.Equal(got, want) {
		t.Errorf("Lines(16) = %v, want %v", got, want)
	}
	if got := Lines(2); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("Lines(2) = %v", got)
	}
	if got := Lines(4); !slices.Equal(got, []int{1, 4, 2, 3}) {
		t.Errorf("Lines(4) = %v", got)
	}
	// The World Cup's first matches of 128: 1-128, 64-65, 32-97, 33-96,
	// and its bottom half opens with 2-127.
	l := Lines(128)
	for i, p := range [][2]int{{1, 128}, {64, 65}, {32, 97}, {33, 96}, {16, 113}, {49, 80}, {17, 112}, {48, 81}} {
		if l[2*i] != p[0] || l[2*i+1] != p[1] {
			t.Errorf("Lines(128) match %d: %d-%d, want %d-%d", i+1, l[2*i], l[2*i+1], p[0], p[1])
		}
	}
	if l[64] != 2 || l[65] != 127 {
		t.Errorf("Lines(128) match 33: %d-%d, want 2-127", l[64], l[65])
	}
}

// TestLinesPrinciples: for every bracket of 4 to 128 lines, the seeds are
// each once; if the better seed wins every match, each round pairs s with
// m+1-s among the m players left (1 v m, 2 v m-1, ...); and the top 2^k
// seeds are in different sections of size/2^k lines, so that 1 and 2 meet
// only in the final, 1 to 4 only in the semi-finals, and so on.
func TestLinesPrinciples(t *testing.T) {
	for size := 4; size <= 128; size *= 2 {
		l := Lines(size)
		sorted := slices.Sorted(slices.Values(l))
		for i, s := range sorted {
			if s != i+1 {
				t.Fatalf("Lines(%d) is not the seeds 1 to %d once each: %v", size, size, l)
			}
		}
		left := l
		for m := size; m >= 2; m /= 2 {
			var next []int
			for k := 0; k < m; k += 2 {
				a, b := left[k], left[k+1]
				if a+b != m+1 {
					t.Errorf("size %d, round of %d: %d meets %d, want %d", size, m, a, b, m+1-a)
				}
				next = append(next, min(a, b))
			}
			left = next
		}
		for sec := 2; sec <= size; sec *= 2 {
			// Each of the sec sections (size/sec lines) holds one of the top sec seeds.
			w := size / sec
			for i := range sec {
				n := 0
				for _, s := range l[i*w : (i+1)*w] {
					if s <= sec {
						n++
					}
				}
				if n != 1 {
					t.Errorf("size %d: section %d of %d holds %d of the top %d seeds", size, i+1, sec, n, sec)
				}
			}
		}
		if l[0] != 1 || l[size/2] != 2 {
			t.Errorf("size %d: seed 1 on line %d, seed 2 on line %d; want 0 and %d", size, slices.Index(l, 1), slices.Index(l, 2), size/2)
		}
	}
}

// TestByes: for 3 to 64 players, the byes go to the top seeds, as many as
// the bracket has lines beyond the field (the World Cup of 206 gives 50),
// so that nobody with a bye is seeded below a player who plays.
func TestByes(t *testing.T) {
	for n, want := range map[int]int{3: 1, 5: 3, 6: 2, 7: 1, 8: 0, 12: 4, 17: 15, 33: 31, 48: 16, 63: 1, 64: 0, 206: 50} {
		if got := Byes(n); got != want {
			t.Errorf("Byes(%d) = %d, want %d", n, got, want)
		}
	}
	for n := 3; n <= 64; n++ {
		b, err := Build(Input{Players: n, Format: Format{Games: 1, Colors: BySeed, Positions: PerMatch}})
		if err != nil {
			t.Fatal(n, err)
		}
		var byes, playing []int
		for _, m := range b.Rounds[0] {
			switch m.State {
			case ByeMatch:
				byes = append(byes, m.Winner)
			case Playing:
				playing = append(playing, m.A, m.B)
			default:
				t.Errorf("%d players: match %s is %s", n, m.ID, m.State)
			}
		}
		if len(byes)+len(playing) != n {
			t.Errorf("%d players: %d byes and %d playing", n, len(byes), len(playing))
		}
		if len(byes) != Byes(n) {
			t.Errorf("%d players: %d byes, want %d", n, len(byes), Byes(n))
		}
		for _, s := range byes {
			for _, p := range playing {
				if s > p {
					t.Errorf("%d players: seed %d has a bye, and seed %d plays", n, s, p)
				}
			}
		}
	}
}

// TestLinesPublishedTree: the tree of the 16-line draw as a published
// bracket guide lays it out (tournamentbracketmaker.com, "How Bracket
// Seeding Works": 1 v 16, 8 v 9, 5 v 12, 4 v 13, 6 v 11, 3 v 14, 7 v 10,
// 2 v 15, the layout of the ATP's Grand Slam draws and each NCAA
// region), and of the top half of its 32-line draw (1 v 32, 16 v 17,
// 8 v 25, 9 v 24, 5 v 28, 12 v 21, 4 v 29, 13 v 20). A page may draw a
// section upside down; the tree is the same when every round's sections
// (who can meet whom in it) are: the matches, the pairs of matches whose
// winners meet, and so on.
func TestLinesPublishedTree(t *testing.T) {
	sections := func(lines []int) map[string]bool {
		out := map[string]bool{}
		for w := 2; w <= len(lines); w *= 2 {
			for i := 0; i+w <= len(lines); i += w {
				s := slices.Clone(lines[i : i+w])
				slices.Sort(s)
				out[fmt.Sprint(s)] = true
			}
		}
		return out
	}
	published16 := []int{1, 16, 8, 9, 5, 12, 4, 13, 6, 11, 3, 14, 7, 10, 2, 15}
	got, want := sections(Lines(16)), sections(published16)
	for s := range want {
		if !got[s] {
			t.Errorf("the published 16-line draw has the section %s, Lines(16) has not", s)
		}
	}
	if len(got) != len(want) {
		t.Errorf("Lines(16) has %d sections, the published draw %d", len(got), len(want))
	}
	top32 := []int{1, 32, 16, 17, 8, 25, 9, 24, 5, 28, 12, 21, 4, 29, 13, 20}
	got32 := sections(Lines(32)[:16])
	for s := range sections(top32) {
		if !got32[s] {
			t.Errorf("the published 32-line draw's top half has the section %s, Lines(32) has not", s)
		}
	}
}
