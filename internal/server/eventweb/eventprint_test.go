package eventweb

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
)

// TestEventPrint: the printed documents of a started round show its
// position; a draft round's sheet is on the admin link only; bad names and
// rounds are 404s and 400s.
func TestEventPrint(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c) // round 1 started
	e := a.event()
	pos := e.Schedule[0].Position.ID()
	fen := chess960.MustNew(pos).FEN()
	id := a.id()
	for _, doc := range []string{"pairings", "cards", "slips", "projector"} {
		for _, base := range []string{"/e/" + id, a.base} {
			r := c.get(base + "/print/" + doc + "/1")
			if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") {
				t.Fatalf("%s/print/%s/1: %d %.200s", base, doc, r.status, r.body)
			}
			// The documents' inline style sheet must apply (the pages'
			// policy allows none), and nothing else may load.
			if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "style-src 'unsafe-inline'") || !strings.Contains(csp, "default-src 'none'") || !strings.Contains(r.body, "<style") {
				t.Errorf("%s/print/%s/1: policy %q", base, doc, csp)
			}
			if doc != "slips" && (!strings.Contains(r.body, strconv.Itoa(pos)) || !strings.Contains(r.body, fen[:8])) {
				t.Errorf("%s/print/%s/1 lacks position %d", base, doc, pos)
			}
			for _, p := range e.Players {
				if !strings.Contains(r.body, p.Name) && doc != "projector" {
					t.Errorf("%s/print/%s/1 lacks %s", base, doc, p.Name)
				}
			}
		}
	}
	if r := c.get("/e/" + id + "/print/standings"); r.status != 200 || !strings.Contains(r.body, e.Commitment) {
		t.Errorf("standings: %d", r.status)
	}
	// Round 2 as a draft: on the admin link, not the public one.
	for _, b := range e.Schedule[0].Boards {
		a.must("result", "round", "1", "board", strconv.Itoa(b.Board), "result", "1-0")
	}
	a.must("pair", "round", "2")
	if r := c.get(a.base + "/print/pairings/2"); r.status != 200 || !strings.Contains(r.body, "revealed at the start") {
		t.Errorf("admin draft sheet: %d", r.status)
	}
	if r := c.get("/e/" + id + "/print/pairings/2"); r.status != 404 {
		t.Errorf("public draft sheet: %d, want 404", r.status)
	}
	for target, want := range map[string]int{
		"/e/" + id + "/print/menu/1":        404,
		"/e/" + id + "/print/pairings/x":    400,
		"/e/" + id + "/print/pairings/0":    400,
		"/e/" + id + "/print/pairings/9999": 400,
		"/e/" + id + "/print/pairings/7":    404,
		"/e/" + id + "/print/standings?x=1": 400,
	} {
		if r := c.get(target); r.status != want {
			t.Errorf("%s: %d, want %d", target, r.status, want)
		}
	}
}
