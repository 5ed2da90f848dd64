package chess960

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/quote"
)

func FuzzParseRank(f *testing.F) {
	for _, s := range []string{"RNBQKBNR", "rnbqkbnr", "BBQNNRKR", "RKRNNQBB", "RNBQKBN", "RNBQKBNX", "RNBqKBNR", "RRBQKBNN", "\xff\xfeRNBQKB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseRank(s)
		if err != nil {
			if !strings.Contains(err.Error(), quote.Input(s)) {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		if !valid(strings.ToUpper(s)) {
			t.Fatalf("accepted %q, which breaks the setup rules", s)
		}
		if p.String() != strings.ToUpper(s) {
			t.Fatalf("ParseRank(%q) -> %s", s, p)
		}
		q, err := ParseRank(p.String())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %v %v", s, q, err)
		}
	})
}

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"518", "0", "959", "960", "961", "-1", "SP-518", "sp5", "#3", "", "99999999999999999999999", "+5", "5 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseID(s)
		n, aerr := strconv.Atoi(strings.TrimPrefix(s, "#"))
		if aerr == nil && strings.TrimPrefix(s, "#") == strconv.Itoa(n) && !strings.HasPrefix(s, "#+") {
			// A plain decimal: accepted exactly when in 0..960.
			if (n >= 0 && n <= 960) != (err == nil) {
				t.Fatalf("ParseID(%q) = %v, %v", s, p.ID(), err)
			}
			if err == nil && p.ID() != n%960 {
				t.Fatalf("ParseID(%q) = %d", s, p.ID())
			}
		}
		if err != nil {
			if !strings.Contains(err.Error(), quote.Input(s)) {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		if q, err := ParseID(strconv.Itoa(p.ID())); err != nil || q != p {
			t.Fatalf("round trip of %q", s)
		}
	})
}

func FuzzParseSet(f *testing.F) {
	for _, s := range []string{"518,0-9", "", "0-959", "9-0", "1,,2", "960", "5-960"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := ParseSet(s)
		if err != nil {
			return
		}
		again, err := ParseSet(set.String())
		if err != nil || again != set {
			t.Fatalf("ParseSet(%q) -> %q does not round-trip: %v", s, set.String(), err)
		}
	})
}

func FuzzParseStartFEN(f *testing.F) {
	f.Add(Standard().FEN())
	f.Add(shredderFEN(Standard()))
	f.Add(shredderFEN(MustNew(0)))
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		for _, fen := range []string{p.FEN(), shredderFEN(p)} {
			if q, err := ParseFEN(fen); err != nil || q != p {
				t.Fatalf("ParseFEN(%q) = SP-%d, but its FEN %q does not round-trip: %v", s, p.ID(), fen, err)
			}
		}
	})
}
