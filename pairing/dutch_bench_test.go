package pairing

import (
	"os"
	"testing"
)

// benchTournament is a generated tournament cut before round r, ready to
// pair.
func benchTournament(b *testing.B, file string, rounds, r int) *Tournament {
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	t, err := ParseTRF(data)
	if err != nil {
		b.Fatal(err)
	}
	c := t.Before(r)
	c.Rounds = rounds
	c.InitialColor = t.FirstColor()
	return c
}

func benchmarkDutch(b *testing.B, file string, rounds, r int) {
	t := benchTournament(b, file, rounds, r)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Dutch(t); err != nil {
			b.Fatal(err)
		}
	}
}

// 101 players, 11 rounds: the first round, the sixth and the last.
func BenchmarkDutch101Round1(b *testing.B) {
	benchmarkDutch(b, "testdata/trf/generated/p101-r11-s5.trf", 11, 1)
}
func BenchmarkDutch101Round6(b *testing.B) {
	benchmarkDutch(b, "testdata/trf/generated/p101-r11-s5.trf", 11, 6)
}
func BenchmarkDutch101Round11(b *testing.B) {
	benchmarkDutch(b, "testdata/trf/generated/p101-r11-s5.trf", 11, 11)
}

// 30 players, 9 rounds, the fifth.
func BenchmarkDutch30Round5(b *testing.B) {
	benchmarkDutch(b, "testdata/trf/generated/p30-r9-s1.trf", 9, 5)
}
