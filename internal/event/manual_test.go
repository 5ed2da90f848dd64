package event

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseManual(t *testing.T) {
	want := []ManualPair{{1, 4}, {5, 2}, {3, 6}, {7, 0}}
	for _, in := range []string{
		"1-4,5-2,3-6,7-0",               // the command line's --set
		"1 4\n5 2\n3 6\n7 0\n",          // the web page's textarea
		" 1 - 4 \r\n5-2\n\n3\t6\n7 bye", // spaces, CRLF, a blank line, "bye"
		"1–4, 5–2, 3–6, 7",              // en dashes, a lone number
	} {
		got, err := ParseManual(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseManual(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for in, why := range map[string]string{
		"":            "no boards",
		"1-2-3":       "want the white and the black",
		"1-x":         "want two pairing numbers",
		"0-3":         "want two pairing numbers",
		"3-3":         "cannot play themselves",
		"1-2\n3-1":    "number 1 is on board line 1 already",
		"1-2,3-4,5-2": "number 2 is on board line 1 already",
	} {
		_, err := ParseManual(in)
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), why) {
			t.Errorf("ParseManual(%q): %v, want ErrInvalid saying %q", in, err, why)
		}
	}
}

func TestPairsByNumber(t *testing.T) {
	// IDs are entry order, numbers rating order: they differ.
	e := &Event{Players: []Player{{ID: 1, Number: 3, Name: "C"}, {ID: 2, Number: 1, Name: "A"}, {ID: 3, Number: 2, Name: "B"}}}
	got, err := e.PairsByNumber([]ManualPair{{1, 2}, {3, 0}})
	if want := []ManualPair{{2, 3}, {1, 0}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("PairsByNumber = %v, %v; want %v", got, err, want)
	}
	if _, err := e.PairsByNumber([]ManualPair{{1, 9}}); err == nil || !strings.Contains(err.Error(), "no player has the pairing number 9") {
		t.Errorf("PairsByNumber with number 9: %v", err)
	}
	r := Round{Boards: []Board{{Board: 1, White: 2, Black: 3}}, Byes: []Bye{{Player: 1, Kind: ByePairing}, {Player: 3, Kind: ByeHalf}}}
	if got := e.ManualText(r); got != "1-2\n3-0\n" {
		t.Errorf("ManualText = %q, want by pairing numbers", got)
	}
}
