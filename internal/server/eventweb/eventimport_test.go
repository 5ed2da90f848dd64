package eventweb

import (
	"bytes"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/pairing"
)

// TestEventCreateFromTRF continues through the create form a tournament
// that BBP Pairings generated, cut after three rounds: the players and
// rounds come in, and round 4 pairs as BBP Pairings paired it.
func TestEventCreateFromTRF(t *testing.T) {
	data, err := os.ReadFile("../../../pairing/testdata/dutch/t003-p006-r05.trf")
	if err != nil {
		t.Fatal(err)
	}
	full, err := pairing.ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	var cut bytes.Buffer
	if err := full.Before(4).WriteTRF(&cut, pairing.TRF16); err != nil {
		t.Fatal(err)
	}
	c := newEvClient(t, Config{})
	ctype, body := multipartBody(t, map[string]string{"name": "Continued", "system": "dutch", "rounds": "5", "positions": "round"}, "trf", "t003.trf", cut.String())
	r := c.do("POST", "/events", ctype, body, nil)
	if r.status != http.StatusSeeOther {
		t.Fatalf("create from a TRF: %d %.300s", r.status, r.body)
	}
	a := c.open(strings.TrimSuffix(r.location, "?created=1"))
	e := a.event()
	if len(e.Players) != 6 || len(e.Schedule) != 3 || !e.Schedule[2].Imported {
		t.Fatalf("imported: %d players, %d rounds", len(e.Players), len(e.Schedule))
	}
	a.must("pair", "round", "4")
	e = a.event()
	var got []string
	for _, b := range e.Schedule[3].Boards {
		got = append(got, strconv.Itoa(playerByID(e, b.White).Number)+" "+strconv.Itoa(playerByID(e, b.Black).Number))
	}
	pairs, _ := os.ReadFile("../../../pairing/testdata/dutch/t003-p006-r05.pairs")
	want := strings.Split(strings.ReplaceAll(string(pairs), "\r", ""), "\n")
	for i, l := range want {
		if l == "round 4" {
			want = want[i+2 : i+2+len(got)]
			break
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("round 4: %v, BBP Pairings paired %v", got, want)
	}
	// A file that is not a TRF is refused with the reason, and no event is made.
	ctype, body = multipartBody(t, map[string]string{"name": "Bad", "system": "dutch", "rounds": "5", "positions": "round"}, "trf", "bad.trf", "001 this is not a player line\n")
	if r := c.do("POST", "/events", ctype, body, nil); r.status != http.StatusBadRequest || !strings.Contains(r.body, "trf: TRF") {
		t.Errorf("a bad TRF: %d %.300s", r.status, r.body)
	}
}
