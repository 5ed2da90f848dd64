package eventweb

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/event/eventjson"
)

// newEventWith creates an event through the API with the players (JSON
// objects) and returns its admin page.
func newEventWith(t *testing.T, c *evClient, rounds int, players []string) *adminForm {
	t.Helper()
	body := fmt.Sprintf(`{"settings": {"name": "Public", "system": "dutch", "rounds": %d}, "seed": "public-test-seed", "weakSeed": true, "players": [%s]}`, rounds, strings.Join(players, ","))
	r := c.do("POST", "/api/events", "application/json", strings.NewReader(body), nil)
	if r.status != http.StatusCreated {
		t.Fatalf("POST /api/events: %d %s", r.status, r.body)
	}
	var out struct {
		Admin string `json:"admin"`
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil {
		t.Fatal(err)
	}
	return c.open(out.Admin)
}

// playRound pairs, publishes and starts round n and, if results, enters
// White wins on every board.
func playRound(a *adminForm, n int, results bool) {
	a.c.t.Helper()
	rn := strconv.Itoa(n)
	a.must("pair", "round", rn)
	a.must("publish", "round", rn)
	a.must("start", "round", rn)
	if results {
		for _, b := range a.event().Schedule[n-1].Boards {
			a.must("result", "round", rn, "board", strconv.Itoa(b.Board), "result", "1-0")
		}
	}
}

// TestEventPublicPrivacy: the public JSON (the page's and the API's), the
// public TRF in both forms, the public page and the printables hold no
// birth date and no sex; the admin link's TRF and JSON have them.
func TestEventPublicPrivacy(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newEventWith(t, c, 3, []string{
		`{"name": "Berg, Ingrid", "rating": 2300, "sex": "w", "birth": "1991/07/23", "fideId": "1503014", "federation": "NOR", "club": "Oslo SK"}`,
		`{"name": "Haugen, Mats", "rating": 2200, "sex": "m", "birth": "1988/02/11", "federation": "NOR"}`,
		`{"name": "Olsen, Tor", "rating": 2100, "sex": "m", "birth": "2004", "federation": "DEN"}`,
		`{"name": "Lund, Eva", "rating": 2000, "sex": "w", "birth": "1979/12/30", "federation": "SWE"}`,
	})
	playRound(a, 1, true)
	id := a.id()
	births := []string{"1991/07/23", "1988/02/11", "1979/12/30", "1991-07-23"}
	for _, target := range []string{"/e/" + id + "/event.json", "/api/events/" + id, "/e/" + id + "/export.trf", "/e/" + id + "/export.trf?format=trf16",
		"/e/" + id, "/e/" + id + "/print/pairings/1", "/e/" + id + "/print/cards/1", "/e/" + id + "/standings.csv"} {
		r := c.get(target)
		if r.status != 200 {
			t.Fatalf("%s: %d %.200s", target, r.status, r.body)
		}
		for _, b := range births {
			if strings.Contains(r.body, b) {
				t.Errorf("%s shows the birth date %s", target, b)
			}
		}
		if strings.Contains(r.body, `"sex"`) || strings.Contains(r.body, `"birth"`) {
			t.Errorf("%s has sex or birth fields: %.300s", target, r.body)
		}
		// What a crosstable shows is there.
		if !strings.Contains(r.body, "Berg, Ingrid") || strings.Contains(target, "json") && !strings.Contains(r.body, "1503014") {
			t.Errorf("%s lacks Berg's name or FIDE ID", target)
		}
	}
	// The TRF's player line: sex in column 10, birth date from 70; the
	// public one has neither.
	pub := c.get("/e/" + id + "/export.trf").body
	for _, line := range strings.Split(pub, "\n") {
		if strings.HasPrefix(line, "001") && len(line) > 80 && (line[9] != ' ' || strings.TrimSpace(line[69:79]) != "") {
			t.Errorf("public TRF line with sex or birth: %q", line)
		}
	}
	adm := c.get(a.base + "/export.trf")
	if adm.status != 200 || !strings.Contains(adm.body, "1991/07/23") || !strings.Contains(adm.body, "1979/12/30") {
		t.Errorf("admin TRF lacks the birth dates: %d %.600s", adm.status, adm.body)
	}
	if e := a.event(); e.Players[0].Sex == "" || e.Players[0].Birth == "" {
		t.Errorf("admin JSON lacks sex or birth: %+v", e.Players[0])
	}
}

// TestEventLateEntryPages: a 2200 entered before round 2 is ranked in at
// number 7 (the default); the add-player form's preview says so first and
// adds nothing; round 1 on the public page, its pairing sheet and the
// public JSON keep the numbers round 1 was published with; the history
// says what moved. With the next-number setting, the entry gets 12.
func TestEventLateEntryPages(t *testing.T) {
	c := newEvClient(t, Config{})
	var ps []string
	for i := range 11 {
		ps = append(ps, fmt.Sprintf(`{"name": "Player %02d", "rating": %d}`, i+1, 2400-37*i))
	}
	a := newEventWith(t, c, 5, ps)
	playRound(a, 1, true)
	id := a.id()
	numberIn := func(body, name string) string {
		m := regexp.MustCompile(regexp.QuoteMeta(name) + ` <span class="hint">\((\d+)\)</span>`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return m[1]
	}
	before := c.get("/e/" + id).body
	if got := numberIn(before, "Player 07"); got != "7" {
		t.Fatalf("round 1 shows Player 07 as %q, want 7", got)
	}
	// The form says the rule; Preview says what would happen.
	if r := c.get(a.base + "/players"); !strings.Contains(r.body, "ranked in by rating") {
		t.Errorf("the add-player form does not say how late entries are numbered")
	}
	v := c.version(id)
	pv := a.change("add-players", "name", "Late, Kim", "rating", "2200", "preview", "1")
	want := "Late, Kim gets number 7; players 7-11 move down one (to 8-12); round 1, published, keeps the numbers it was published with"
	if pv.status != 200 || !strings.Contains(pv.body, `id="number-preview"`) || !strings.Contains(pv.body, want) {
		t.Fatalf("preview: %d %.2000s", pv.status, pv.body)
	}
	if !strings.Contains(pv.body, `value="Late, Kim"`) {
		t.Errorf("the preview does not keep the form's name")
	}
	if c.version(id) != v {
		t.Fatalf("the preview changed the event")
	}
	a.must("add-players", "name", "Late, Kim", "rating", "2200", "back", "players")
	after := c.get("/e/" + id).body
	for i := 1; i <= 11; i++ {
		name := fmt.Sprintf("Player %02d", i)
		if got := numberIn(after, name); got != strconv.Itoa(i) {
			t.Errorf("round 1 on the public page shows %s as %q, want %d, as published", name, got, i)
		}
	}
	sheet := c.get("/e/" + id + "/print/pairings/1").body
	if !regexp.MustCompile(`<td class="no num">7</td><td class="pl white">Player 07`).MatchString(sheet) &&
		!regexp.MustCompile(`<td class="no num">7</td><td class="pl black">Player 07`).MatchString(sheet) {
		t.Errorf("the round 1 pairing sheet does not show Player 07 as number 7: %.3000s", sheet)
	}
	var pub eventjson.Event
	if err := json.Unmarshal([]byte(c.get("/e/"+id+"/event.json").body), &pub); err != nil {
		t.Fatal(err)
	}
	for _, p := range pub.Players {
		if p.Name == "Player 07" && (p.Number != 8 || numberInRound(pub.Schedule[0], p) != 7) {
			t.Errorf("Player 07 in the JSON: number %d, in round 1 %d; want 8 and 7", p.Number, numberInRound(pub.Schedule[0], p))
		}
	}
	if h := c.get(a.base + "/history"); !strings.Contains(h.body, want) {
		t.Errorf("the history does not say what moved: %.3000s", h.body)
	}
	// Round 2 shows the new numbers.
	playRound(a, 2, false)
	if got := numberIn(c.get("/e/"+id).body, "Late, Kim"); got != "7" {
		t.Errorf("round 2 shows Kim as %q, want 7", got)
	}

	// The other rule, chosen in the settings form.
	b := newEventWith(t, c, 5, ps)
	b.must("settings", "name", "Public", "system", "dutch", "rounds", "5", "positions", "round", "lateEntries", "next")
	playRound(b, 1, true)
	if r := c.get(b.base + "/players"); !strings.Contains(r.body, "gets number 12") {
		t.Errorf("the add-player form does not say the next number")
	}
	b.must("add-players", "name", "Late, Kim", "rating", "2200", "back", "players")
	for _, p := range b.event().Players {
		if p.Name == "Late, Kim" && p.Number != 12 {
			t.Errorf("next number: Kim got %d, want 12", p.Number)
		}
	}
	if r := b.change("settings", "name", "Public", "system", "dutch", "rounds", "5", "positions", "round", "lateEntries", "later"); r.status != 400 && r.status != 422 || !strings.Contains(r.body, "late entries") {
		t.Errorf("bad late-entries setting: %d %.300s", r.status, r.body)
	}
}

// TestEventVerifyString: the verify page spells out the first string
// hashed, "chess960:" + seed + ":0".
func TestEventVerifyString(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newEventWith(t, c, 1, []string{`{"name": "A", "rating": 2000}`, `{"name": "B", "rating": 1900}`})
	playRound(a, 1, true)
	a.must("finish", "confirm", "1")
	r := c.get("/e/" + a.id() + "/verify")
	if r.status != 200 || !strings.Contains(r.body, `<code class="wrap-any" id="first-hashed">chess960:public-test-seed:0</code>`) {
		t.Errorf("verify: %d, no first string hashed: %.3000s", r.status, r.body)
	}
	if !strings.Contains(r.body, "big-endian") || !strings.Contains(r.body, "ascending Scharnagl order") {
		t.Errorf("verify: the rule is not spelled out")
	}
}

// TestEventPrintDraftAndNumbers: a draft round's printables, on the admin
// link, carry the DRAFT mark; a published round's do not; the pairing
// sheet shows the pairing numbers.
func TestEventPrintDraftAndNumbers(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	for _, b := range a.event().Schedule[0].Boards {
		a.must("result", "round", "1", "board", strconv.Itoa(b.Board), "result", "1-0")
	}
	a.must("pair", "round", "2")
	for _, doc := range []string{"pairings", "cards", "slips", "projector"} {
		draft := c.get(a.base + "/print/" + doc + "/2")
		if draft.status != 200 || !strings.Contains(draft.body, `<div class="draft-mark" aria-hidden="true">DRAFT</div>`) {
			t.Errorf("admin %s of the draft round 2: %d, no DRAFT mark", doc, draft.status)
		}
		pub := c.get(a.base + "/print/" + doc + "/1")
		if strings.Contains(pub.body, `class="draft-mark"`) {
			t.Errorf("%s of the started round 1 is marked DRAFT", doc)
		}
	}
	sheet := c.get("/e/" + a.id() + "/print/pairings/1").body
	e := a.event()
	for _, b := range e.Schedule[0].Boards {
		w, bl := playerByID(e, b.White), playerByID(e, b.Black)
		if !strings.Contains(sheet, fmt.Sprintf(`<td class="no num">%d</td><td class="pl white">%s`, w.Number, w.Name)) ||
			!strings.Contains(sheet, fmt.Sprintf(`<td class="no num">%d</td><td class="pl black">%s`, bl.Number, bl.Name)) {
			t.Errorf("the pairing sheet lacks board %d's numbers %d and %d", b.Board, w.Number, bl.Number)
		}
	}
}

// TestEventProjectorCurrent: /print/projector/current is the latest round
// the link may see (public: the latest published; admin: a draft too),
// and before any round a page that waits for the first, with the live
// script; another document has no "current".
func TestEventProjectorCurrent(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newEventWith(t, c, 3, []string{`{"name": "A", "rating": 2000}`, `{"name": "B", "rating": 1900}`, `{"name": "C", "rating": 1800}`, `{"name": "D", "rating": 1700}`})
	id := a.id()
	pub := "/e/" + id + "/print/projector/current"
	if r := c.get(pub); r.status != 200 || !strings.Contains(r.body, "No round is published yet") || !strings.Contains(r.body, "js/projector.js") || !strings.Contains(r.header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("current before round 1: %d %.1500s", r.status, r.body)
	}
	playRound(a, 1, true)
	a.must("pair", "round", "2")
	if r := c.get(pub); r.status != 200 || !strings.Contains(r.body, `<p class="rnd">Round 1</p>`) || strings.Contains(r.body, `class="draft-mark"`) {
		t.Errorf("public current with round 2 a draft: %d, want round 1 %.1500s", r.status, r.body)
	}
	if r := c.get(a.base + "/print/projector/current"); r.status != 200 || !strings.Contains(r.body, `<p class="rnd">Round 2</p>`) || !strings.Contains(r.body, `class="draft-mark"`) {
		t.Errorf("admin current: %d, want the draft round 2 %.1500s", r.status, r.body)
	}
	a.must("publish", "round", "2")
	if r := c.get(pub); !strings.Contains(r.body, `<p class="rnd">Round 2</p>`) {
		t.Errorf("public current after round 2 is published: %.1500s", r.body)
	}
	if r := c.get("/e/" + id + "/print/pairings/current"); r.status != 400 {
		t.Errorf("pairings/current: %d, want 400", r.status)
	}
}
