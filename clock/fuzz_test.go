package clock

import (
	"reflect"
	"testing"
)

// FuzzParse checks that whatever Parse accepts, String writes back in a form
// Parse reads as the same control, and that a control PGN can write, ParsePGN
// reads back as the same control.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"untimed", "-", "3d", "3+2", "15", "45s+1", "15+5 delay", "15+5 bronstein",
		"90/40,30+30", "120/40,60/20,15+30", "0+0", "90/0", "90/40+30", "1/1,1+0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(c.String())
		if err != nil || !reflect.DeepEqual(again, c) {
			t.Fatalf("Parse(%q) = %+v; Parse(%q) = %+v, %v", s, c, c.String(), again, err)
		}
		p, err := c.PGN()
		if err != nil {
			return
		}
		back, err := ParsePGN(p)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Fatalf("Parse(%q) = %+v; ParsePGN(%q) = %+v, %v", s, c, p, back, err)
		}
	})
}
