package eventweb

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestMatchPages: a Swiss of 2-game matches counting match points, with
// an Armageddon, made with the form and run from the admin pages: the
// settings show back, each round is titled by its round of matches and
// game, the pairings name each board's match, and the last card of a
// round of matches has its table of matches; the standings count match
// points.
func TestMatchPages(t *testing.T) {
	c := newEvClient(t, Config{})
	r := c.post("/events", url.Values{"name": {"Club matches"}, "system": {"dutch"}, "rounds": {"2"}, "timeControl": {"15+10"}, "positions": {"round"},
		"matchGames": {"2"}, "matchScoring": {"match"}, "matchPositions": {"round"}, "matchArmageddon": {"1"}, "matchArmWhite": {"5+2"}, "matchArmBlack": {"4+2"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("create: %d %.400s", r.status, r.body)
	}
	a := c.open(strings.TrimSuffix(r.location, "?created=1"))
	for i, n := range []string{"Ada", "Ben", "Cai", "Dov"} {
		a.must("add-players", "name", n, "rating", strconv.Itoa(2400-50*i), "back", "players")
	}
	ev := a.event()
	if ev.Matches == nil || ev.Matches.Games != 2 || ev.Matches.Scoring != "match" || !ev.Matches.Armageddon || ev.Matches.ArmageddonBlack != "4+2" {
		t.Fatalf("the matches' settings: %+v", ev.Matches)
	}
	if s := c.get(a.base + "/settings"); !strings.Contains(s.body, `<option value="2" selected>2</option>`) || !strings.Contains(s.body, `<option value="match" selected>Match points (2, 1, 0)</option>`) {
		t.Errorf("the settings form does not show the matches back")
	}
	// Round 1 of matches: Ada-Cai and Ben-Dov (1 v 3, 2 v 4). Game 1 won
	// by White on both boards, game 2 too: both matches 1-1, to the
	// Armageddon; there board 1 is drawn (Black's win) and board 2 won by
	// White.
	for n := 1; n <= 2; n++ {
		a.must("pair", "round", strconv.Itoa(n))
		a.must("publish", "round", strconv.Itoa(n))
		a.must("start", "round", strconv.Itoa(n))
		for b := 1; b <= 2; b++ {
			a.must("result", "round", strconv.Itoa(n), "board", strconv.Itoa(b), "result", "1-0", "back", "round/"+strconv.Itoa(n))
		}
	}
	pub := c.get("/e/" + a.id()).body
	for _, s := range []string{">Round 1, game 2</h2>", ">Round 1, game 1</h2>", `<th scope="col">Match</th>`, `The matches of round 1`, `id="match-1.1"`, `1–1`, "to the Armageddon"} {
		if !strings.Contains(pub, s) {
			t.Errorf("the public page lacks %q", s)
		}
	}
	if dash := c.get(a.base).body; !strings.Contains(dash, "Pair round 3 (Round 1, Armageddon)") {
		t.Errorf("the dashboard does not offer the Armageddon's pairing")
	}
	if sheet := c.get("/e/" + a.id() + "/print/pairings/2").body; !strings.Contains(sheet, `<div class="round-no">Round 1, game 2</div>`) {
		t.Errorf("the pairing sheet of round 2 is not titled Round 1, game 2")
	}
	a.must("pair", "round", "3")
	a.must("publish", "round", "3")
	a.must("start", "round", "3")
	st := a.event()
	r3 := st.Schedule[2]
	if r3.KORound != 1 || r3.KOGame != 3 || len(r3.Boards) != 2 || r3.Boards[0].KO == nil || !r3.Boards[0].KO.Armageddon {
		t.Fatalf("round 3: %d.%d, %d boards, want both matches' Armageddon", r3.KORound, r3.KOGame, len(r3.Boards))
	}
	a.must("result", "round", "3", "board", "1", "result", "1/2-1/2", "back", "round/3")
	a.must("result", "round", "3", "board", "2", "result", "1-0", "back", "round/3")
	pub = c.get("/e/" + a.id()).body
	name := func(id int) string {
		for _, p := range st.Players {
			if p.ID == id {
				return p.Name
			}
		}
		return "?"
	}
	w1 := name(r3.Boards[0].Black) + " wins"
	w2 := name(r3.Boards[1].White) + " wins"
	for _, s := range []string{">Round 1, Armageddon</h2>", "Armageddon (5&#43;2 v 4&#43;2; a draw is Black&#39;s win)", "Arm. ½–½", w1, w2} {
		if !strings.Contains(pub, s) {
			t.Errorf("the public page lacks %q", s)
		}
	}
	if dash := c.get(a.base).body; !strings.Contains(dash, "Pair round 4 (Round 2, game 1)") {
		t.Errorf("the dashboard does not offer round 2's first game")
	}
	// The standings: the two winners 2 points, the others 0.
	var sd struct {
		Rows []struct {
			Player int    `json:"player"`
			Points string `json:"points"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(c.get("/api/events/"+a.id()+"/standings").body), &sd); err != nil || len(sd.Rows) != 4 {
		t.Fatalf("standings: %v, %d rows", err, len(sd.Rows))
	}
	for _, row := range sd.Rows {
		want := "0.0"
		if row.Player == r3.Boards[0].Black || row.Player == r3.Boards[1].White {
			want = "2.0"
		}
		if row.Points != want {
			t.Errorf("player %d: %s points, want %s", row.Player, row.Points, want)
		}
	}
	// Bad input: an odd number of games names the input.
	r = c.post("/events", url.Values{"name": {"X"}, "system": {"dutch"}, "rounds": {"2"}, "matchGames": {"3"}})
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "even number") {
		t.Errorf("3-game matches: %d %.300s", r.status, r.body)
	}
}
