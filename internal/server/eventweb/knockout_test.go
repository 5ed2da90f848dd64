package eventweb

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
)

// TestKnockoutPages runs a 6-player knockout through the pages' forms:
// the settings form makes it (single games, an Armageddon whose colour the
// better seed chooses, the third place played for); the public page and
// GET /api/events/{id}/bracket show the bracket with its byes; a tie waits
// for the choice, which the bracket tab records; a walkover is decided
// there; the rounds say which match game each board plays; what the
// knockout cannot take is refused with the reason.
func TestKnockoutPages(t *testing.T) {
	c := newEvClient(t, Config{})
	r := c.post("/events", url.Values{"name": {"KO Cup"}, "system": {"knockout"}, "timeControl": {"15+10"}, "positions": {"round"},
		"koGames": {"1"}, "koLadder": {""}, "koArmageddon": {"1"}, "koArmWhite": {"5+2"}, "koArmBlack": {"4+2"}, "koArmChoice": {"1"},
		"koPlaces": {"4"}, "koColors": {"seed"}, "koPositions": {"match"}, "koSeeding": {"rating"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d %.400s", r.status, r.body)
	}
	a := c.open(strings.TrimSuffix(r.location, "?created=1"))
	for i, n := range []string{"Ada", "Ben", "Cai", "Dov", "Eve", "Fay"} {
		a.must("add-players", "name", n, "rating", strconv.Itoa(2400-50*i), "back", "players")
	}
	ev := a.event()
	if ev.System != "knockout" || ev.Knockout == nil || ev.Knockout.Games != 1 || !ev.Knockout.ArmageddonChoice || ev.Knockout.Places != 4 || ev.Knockout.ArmageddonBlack != "4+2" {
		t.Fatalf("the knockout's settings: %s %+v", ev.System, ev.Knockout)
	}
	// The settings form shows them back.
	if s := c.get(a.base + "/settings"); !strings.Contains(s.body, `<option value="knockout" selected`) || !strings.Contains(s.body, `name="koArmBlack" size="8" placeholder="4+2" value="4&#43;2"`) {
		t.Errorf("the settings form does not show the knockout's rules")
	}
	pub := func() string { return c.get("/e/" + a.id()).body }
	if p := pub(); !strings.Contains(p, "The bracket is drawn when round 1 is paired") {
		t.Errorf("the public page before the draw: no word of the bracket")
	}
	a.must("pair", "round", "1")
	a.must("publish", "round", "1")
	// Published, not started: no position anywhere public.
	for _, target := range []string{"/e/" + a.id(), "/api/events/" + a.id(), "/api/events/" + a.id() + "/bracket", "/e/" + a.id() + "/round/1.pgn", "/e/" + a.id() + "/print/match/1.2"} {
		if r := c.get(target); strings.Contains(r.body, "/pos/") || strings.Contains(r.body, `"position"`) || strings.Contains(r.body, "[FEN ") || strings.Contains(r.body, "Start position") {
			t.Errorf("%s shows a position before the round starts: %d\n%.500s", target, r.status, r.body)
		}
	}
	a.must("start", "round", "1")
	bracket := func() eventjson.Bracket {
		t.Helper()
		r := c.get("/api/events/" + a.id() + "/bracket")
		var b eventjson.Bracket
		if r.status != 200 || json.Unmarshal([]byte(r.body), &b) != nil {
			t.Fatalf("the bracket: %d %.300s", r.status, r.body)
		}
		return b
	}
	b := bracket()
	// 6 players in 8 lines: seeds 1 and 2 have byes; 4-5 and 3-6 play.
	var got []string
	for _, m := range b.Rounds[0].Matches {
		s := m.Match + " " + m.A.Name + "-"
		if m.B != nil {
			s += m.B.Name
		}
		got = append(got, s+" "+m.State)
	}
	if want := "1.1 Ada- bye|1.2 Dov-Eve playing|1.3 Ben- bye|1.4 Cai-Fay playing"; strings.Join(got, "|") != want {
		t.Errorf("round 1: %s, want %s", strings.Join(got, "|"), want)
	}
	if b.Rounds[0].Name != "Quarter-finals" {
		t.Errorf("round 1 is called %q", b.Rounds[0].Name)
	}
	st := a.event()
	r1 := st.Schedule[0]
	if len(r1.Boards) != 2 || r1.KORound != 1 || r1.KOGame != 1 || r1.Boards[0].KO == nil || r1.Boards[0].KO.Match != "1.2" || r1.Boards[1].KO.Match != "1.4" {
		t.Fatalf("round 1's boards: %+v", r1)
	}
	p := pub()
	for _, s := range []string{`id="match-1.2"`, `<span class="ko-round-label">· Quarter-finals, game 1</span>`, `<a href="#match-1.4" class="mono">1.4</a> <span class="hint">game 1</span>`, "Ada has a bye"} {
		if !strings.Contains(p, s) {
			t.Errorf("the public page has no %s", s)
		}
	}
	// Dov beats Eve; Cai and Fay draw: the Armageddon waits for Cai's colour.
	a.must("result", "round", "1", "board", "1", "result", "1-0", "back", "round/1")
	a.must("result", "round", "1", "board", "2", "result", "1/2-1/2", "back", "round/1")
	if m := bracket().Rounds[0].Matches[3]; m.State != "choice" || !strings.Contains(m.Text, "Cai (the better seed) chooses the colour") {
		t.Errorf("match 1.4 after the draw: %+v", m)
	}
	if r := a.change("pair", "round", "2"); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "match 1.4 goes to its Armageddon, and &#34;Cai&#34; (the better seed) has not chosen a colour") {
		t.Errorf("pairing before the choice: %d %.300s", r.status, r.body)
	}
	tab := c.get(a.base + "/bracket")
	if tab.status != 200 || !strings.Contains(tab.body, `name="kind" value="choose"`) || !strings.Contains(tab.body, "Cai's Armageddon colour") {
		t.Fatalf("the bracket tab has no choice form: %d", tab.status)
	}
	if r := a.change("choose", "match", "1.4", "color", "g", "back", "bracket", "on", "bracket"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "choose: colour &#34;g&#34;: want w or b") {
		t.Errorf("a bad colour: %d %.300s", r.status, r.body)
	}
	if loc := a.must("choose", "match", "1.4", "color", "b", "back", "bracket").location; loc != a.base+"/bracket" {
		t.Errorf("the choice goes back to %s", loc)
	}
	a.must("pair", "round", "2")
	a.must("publish", "round", "2")
	a.must("start", "round", "2")
	r2 := a.event().Schedule[1]
	if len(r2.Boards) != 1 || r2.Boards[0].KO.Match != "1.4" || !r2.Boards[0].KO.Armageddon || r2.Boards[0].White != 6 || r2.Boards[0].Black != 3 {
		t.Fatalf("round 2, the Armageddon: %+v %+v", r2, r2.Boards[0].KO)
	}
	// A draw: Black (Cai) goes through.
	a.must("result", "round", "2", "board", "1", "result", "1/2-1/2", "back", "round/2")
	if m := bracket().Rounds[0].Matches[3]; m.Winner != 3 || m.Score != "½-½, Armageddon 1-0" {
		t.Errorf("match 1.4 after the Armageddon's draw: %+v", m)
	}
	// The semi-finals: Ada-Dov, Ben-Cai. Ben does not come: a walkover.
	a.must("pair", "round", "3")
	if r := a.change("decide", "match", "2.2", "player", "1", "note", "x", "back", "bracket", "on", "bracket"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "player 1 is neither") {
		t.Errorf("a decision for a player not in the match: %d %.300s", r.status, r.body)
	}
	if r := a.change("decide", "match", "2.2", "player", "3", "note", "Ben did not come", "back", "bracket", "on", "bracket"); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "would be over before its game 1") {
		t.Errorf("a walkover while the game is paired: %d %.300s", r.status, r.body)
	}
	a.must("unpair", "round", "3")
	a.must("decide", "match", "2.2", "player", "3", "note", "Ben did not come", "back", "bracket")
	a.must("pair", "round", "3")
	a.must("publish", "round", "3")
	a.must("start", "round", "3")
	if r3 := a.event().Schedule[2]; len(r3.Boards) != 1 || r3.Boards[0].KO.Match != "2.1" {
		t.Fatalf("round 3 after the walkover: %+v", r3)
	}
	a.must("result", "round", "3", "board", "1", "result", "0-1", "back", "round/3") // Dov (White is Ada, the better seed) wins
	// The final (Dov-Cai) and the third place (Ada-Ben).
	a.must("pair", "round", "4")
	a.must("publish", "round", "4")
	a.must("start", "round", "4")
	r4 := a.event().Schedule[3]
	if len(r4.Boards) != 2 || r4.Boards[0].KO.Match != "3.1" || r4.Boards[1].KO.Match != "3.2" {
		t.Fatalf("round 4: %+v", r4)
	}
	a.must("result", "round", "4", "board", "1", "result", "1-0", "back", "round/4")
	a.must("result", "round", "4", "board", "2", "result", "0-1", "back", "round/4")
	b = bracket()
	var places []string
	for _, pl := range b.Places {
		places = append(places, fmt.Sprintf("%d-%d %s", pl.From, pl.To, pl.Name))
	}
	if want := "1-1 Cai|2-2 Dov|3-3 Ben|4-4 Ada|5-6 Eve|5-6 Fay"; !b.Finished || strings.Join(places, "|") != want {
		t.Errorf("places %s, want %s", strings.Join(places, "|"), want)
	}
	dash := c.get(a.base)
	if !strings.Contains(dash.body, "Finish the event and reveal the seed") {
		t.Error("the dashboard does not offer the finish")
	}
	for target, want := range map[string]string{
		"/api/events/" + a.id() + "/standings": "bracket",
		"/e/" + a.id() + "/export.trf":         "TRF",
	} {
		if r := c.get(target); r.status < 400 || r.status >= 500 || !strings.Contains(r.body, want) {
			t.Errorf("%s: %d %.200s", target, r.status, r.body)
		}
	}
	if r := c.get("/api/events/" + newSmallEvent(t, c).id() + "/bracket"); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "not a knockout") {
		t.Errorf("the bracket of a Swiss: %d %.200s", r.status, r.body)
	}
}

// TestKnockoutPrintedBracket: the printable bracket of a knockout in
// play, public and under the admin link; a Swiss has none.
func TestKnockoutPrintedBracket(t *testing.T) {
	c := newEvClient(t, Config{})
	r := c.post("/events", url.Values{"name": {"Print KO"}, "system": {"knockout"}, "positions": {"round"}, "koGames": {"2"}, "koPlaces": {"4"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d %.300s", r.status, r.body)
	}
	a := c.open(strings.TrimSuffix(r.location, "?created=1"))
	for i, n := range []string{"Ada", "Ben", "Cai", "Dov", "Eve"} {
		a.must("add-players", "name", n, "rating", strconv.Itoa(2400-50*i), "back", "players")
	}
	if p := c.get("/e/" + a.id() + "/print/bracket"); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "drawn when round 1 is paired") {
		t.Errorf("the printed bracket before the draw: %d %.200s", p.status, p.body)
	}
	a.must("pair", "round", "1")
	a.must("publish", "round", "1")
	for _, target := range []string{"/e/" + a.id() + "/print/bracket", a.base + "/print/bracket"} {
		p := c.get(target)
		if p.status != 200 || !strings.Contains(p.body, "<h2>Quarter-finals</h2>") || !strings.Contains(p.body, "(4) Dov") || !strings.Contains(p.body, "(1) Ada</td><td>bye") || !strings.Contains(p.body, "to play game 1") {
			t.Errorf("%s: %d\n%.2000s", target, p.status, p.body)
		}
		if csp := p.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s: CSP %q", target, csp)
		}
	}
	// The hall's screen of a match: the players, the game to come.
	a.must("start", "round", "1")
	m := c.get("/e/" + a.id() + "/print/match/1.2")
	if m.status != 200 || !strings.Contains(m.body, `<span class="seed">4</span>Dov`) || !strings.Contains(m.body, "Game 1") || !strings.Contains(m.body, `data-event="`+a.id()+`"`) {
		t.Errorf("the match's screen: %d\n%.1500s", m.status, m.body)
	}
	if csp := m.header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("the match's screen: CSP %q", csp)
	}
	if m := c.get("/e/" + a.id() + "/print/match/4.1"); m.status != http.StatusNotFound || !strings.Contains(m.body, "no match") {
		t.Errorf("a match not in the bracket: %d %.200s", m.status, m.body)
	}
	if p := c.get("/e/" + newSmallEvent(t, c).id() + "/print/bracket"); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "not a knockout") {
		t.Errorf("a Swiss's printed bracket: %d %.200s", p.status, p.body)
	}
}

// TestKnockoutStageForm: the create form makes a knockout the next stage
// of a finished round robin (its top 2 as seeds 1 and 2), whose public
// page names where its players came from; a bad source is refused at the
// form with the reason.
func TestKnockoutStageForm(t *testing.T) {
	c := newEvClient(t, Config{})
	ctx := t.Context()
	svc := c.s.cfg.Events
	var ps []event.PlayerInfo
	for i, n := range []string{"Ann", "Bo", "Cy", "Di"} {
		ps = append(ps, event.PlayerInfo{Name: n, Rating: 2300 - 10*i})
	}
	_, groupTok, err := svc.Create(ctx, event.Init{ID: "rr-group", Settings: event.Settings{Name: "The Group", System: event.RoundRobin}, Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	adm := event.Actor{Role: event.RoleAdmin, Label: "admin"}
	for n := 1; n <= 3; n++ {
		for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
			if _, _, err := svc.Apply(ctx, "rr-group", adm, event.Change{Kind: k, Round: n}); err != nil {
				t.Fatal(err)
			}
		}
		st, _ := svc.Load(ctx, "rr-group")
		for _, b := range st.Admin().Schedule[n-1].Boards {
			res := "1-0"
			if b.Black < b.White { // the earlier entry, the higher rating, wins
				res = "0-1"
			}
			if _, _, err := svc.Apply(ctx, "rr-group", adm, event.Change{Kind: event.KindResult, Round: n, Board: b.Board, Result: res}); err != nil {
				t.Fatal(err)
			}
		}
	}
	form := url.Values{"name": {"The Final"}, "system": {"knockout"}, "positions": {"round"}, "koGames": {"2"}, "koFrom": {"rr-group:9"}}
	if r := c.post("/events", form); r.status != http.StatusBadRequest || !strings.Contains(r.body, "top 9: the stage has 4 players") {
		t.Errorf("top 9 of 4: %d %.300s", r.status, r.body)
	}
	form.Set("koFrom", "rr-group:2")
	r := c.post("/events", form)
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d %.300s", r.status, r.body)
	}
	a := c.open(strings.TrimSuffix(r.location, "?created=1"))
	if e := a.event(); len(e.Players) != 2 || e.Players[0].Name != "Ann" || e.Players[1].Name != "Bo" || len(e.From) != 1 || e.From[0].Event != "rr-group" {
		t.Fatalf("the stage: %+v %+v", e.Players, e.From)
	}
	if p := c.get("/e/" + a.id()); !strings.Contains(p.body, `<dt>Qualified from</dt><dd><a href="/e/rr-group">The Group</a> (top 2)</dd>`) {
		t.Error("the public page does not say where the players came from")
	}
	// The group's organiser links the final from the group's settings tab.
	g := c.open("/e/rr-group/a/" + groupTok)
	if r := g.change("next-stage", "event", "no-such-event", "back", "settings"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "next-stage") {
		t.Errorf("a next stage that is no event: %d %.300s", r.status, r.body)
	}
	g.must("next-stage", "event", a.id(), "back", "settings")
	if p := c.get("/e/rr-group"); !strings.Contains(p.body, `<dt>Next stage</dt><dd><a href="/e/`+a.id()+`">The Final</a> (top 2)</dd>`) {
		t.Error("the group's public page does not link the final")
	}
}
