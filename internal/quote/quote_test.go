package quote

import (
	"strings"
	"testing"
)

func TestInput(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", `""`},
		{"RNBQKBNR", `"RNBQKBNR"`},
		{strings.Repeat("a", 100), `"` + strings.Repeat("a", 100) + `"`},
		{strings.Repeat("a", 101), `"` + strings.Repeat("a", 100) + `"... (101 bytes)`},
		// A two-byte character across the cut is not split.
		{strings.Repeat("a", 99) + "é" + "zz", `"` + strings.Repeat("a", 99) + `"... (103 bytes)`},
		{"tab\there", `"tab\there"`},
	}
	for _, c := range cases {
		if got := Input(c.in); got != c.want {
			t.Errorf("Input(%.20q...) = %s, want %s", c.in, got, c.want)
		}
	}
	if got := Input(strings.Repeat("x", 1<<20)); len(got) > 130 {
		t.Errorf("1 MB input quoted as %d bytes", len(got))
	}
}

func TestChar(t *testing.T) {
	cases := []struct {
		in   string
		i    int
		want string
	}{
		{"abc", 1, `'b'`},
		{"xéy", 1, `'é'`},
		{"\x00", 0, `'\x00'`},
		{"\xff", 0, `'\xff'`},
		{"ÿ", 0, `'ÿ'`},
		{"'", 0, `'\''`},
	}
	for _, c := range cases {
		if got := Char(c.in, c.i); got != c.want {
			t.Errorf("Char(%q, %d) = %s, want %s", c.in, c.i, got, c.want)
		}
	}
}
