package pairing

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseTieBreaks(t *testing.T) {
	got, err := ParseTieBreaks("BH-C1,BH,SB,DE,WIN")
	if err != nil || !slices.Equal(got, DefaultTieBreaks(false)) {
		t.Errorf("the default Swiss list: %v, %v", got, err)
	}
	got, err = ParseTieBreaks(" bh-c1 , sb/c1,Aro-M2,ps-c2 ,apro")
	want := []TieBreak{{BH, Cut1}, {SB, Cut1}, {ARO, Median2}, {PS, Cut2}, {APRO, NoModifier}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("mixed case, slash and spaces: %v, %v, want %v", got, err, want)
	}
	if got, err := ParseTieBreaks("  "); err != nil || got != nil {
		t.Errorf("blank: %v, %v", got, err)
	}
	// Every valid tie-break reads back from its String.
	for _, tb := range allTieBreaks() {
		got, err := ParseTieBreaks(tb.String())
		if err != nil || len(got) != 1 || got[0] != tb {
			t.Errorf("%s: %v, %v", tb, got, err)
		}
	}
	if n := len(allTieBreaks()); n != 16+4+4+2+2 {
		t.Errorf("%d tie-breaks, want 28", n)
	}
	if s := DefaultTieBreaks(true); len(s) != 3 || s[0].String() != "SB" || s[1].String() != "DE" || s[2].String() != "WIN" {
		t.Errorf("round robin default %v", s)
	}
}

func TestParseTieBreaksErrors(t *testing.T) {
	for _, c := range []struct{ in, item, says string }{
		{"BH-C3", "BH-C3", "valid: DE, WIN, WON, BPG, BWG, PS, PS-C1, PS-C2, GE, BH, BH-C1, BH-C2, BH-M1, BH-M2, AOB, SB, SB-C1, SB-C2, KS, ARO, ARO-C1, ARO-C2, ARO-M1, ARO-M2, TPR, PTP, APRO, APPO"},
		{"BH, Buchholz", "Buchholz", "not a C.07 tie-break"},
		{"WIN-C1", "WIN-C1", "not a C.07 tie-break"},
		{"FB", "FB", "not a C.07 tie-break"},
		{"BH,,SB", "", "empty item"},
		{"SB,sb", "sb", "given twice"},
		{"SB, BH/C1, bh-c1", "bh-c1", "given twice"},
	} {
		_, err := ParseTieBreaks(c.in)
		var te *TieBreakError
		if !errors.As(err, &te) || te.Item != c.item || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ParseTieBreaks(%q) = %v, want a TieBreakError for %q saying %q", c.in, err, c.item, c.says)
		}
	}
}

func TestTieBreakString(t *testing.T) {
	for tb, want := range map[TieBreak]string{
		{BH, Cut1}: "BH-C1", {BH, Median2}: "BH-M2", {SB, NoModifier}: "SB", {ARO, Cut2}: "ARO-C2", {Method(99), 0}: "Method(99)",
	} {
		if got := tb.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", tb, got, want)
		}
	}
}

// FuzzParseTieBreaks: no panic, and a list that parses writes back (joined
// Strings) to one that parses to the same tie-breaks.
func FuzzParseTieBreaks(f *testing.F) {
	for _, s := range []string{"BH-C1,BH,SB,DE,WIN", " bh/c1 , aro-m2", "BH-C3", "SB,,", "ps-c2,APPO,KS", "\x00,-,/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tbs, err := ParseTieBreaks(s)
		if err != nil {
			return
		}
		var names []string
		for _, tb := range tbs {
			names = append(names, tb.String())
		}
		again, err := ParseTieBreaks(strings.Join(names, ","))
		if err != nil || !slices.Equal(again, tbs) {
			t.Fatalf("%q -> %v -> %v, %v", s, tbs, again, err)
		}
	})
}
