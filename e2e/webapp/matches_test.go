package webapp_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chromedp/chromedp"
)

// TestMatchesBrowser: a Swiss of six in 2-game matches counting match
// points, with an Armageddon for a tie. Round 1's first game is entered
// by clicks at 360 px; every game is won by White, so every match is
// tied 1-1 and goes to its Armageddon, drawn on board 1 (Black's match)
// and won by White elsewhere. The public page titles each round by its
// round of matches and game, and the last card of round 1 lists the
// matches with their scores and winners, readable at 360 and 1280 px.
func TestMatchesBrowser(t *testing.T) {
	srv := eventPlayServer(t)
	bctx := browser.Start(t, 1280, 1000)
	players := []string{}
	for i, n := range []string{"Ada Lovelace", "Ben Okri", "Cai Lun", "Dov Ber", "Eve Arden", "Fay Wray"} {
		players = append(players, fmt.Sprintf(`{"name": %q, "rating": %d}`, n, 2300-40*i))
	}
	status, body := apiDo(t, "POST", srv.URL+"/api/events", "", `{"settings": {"name": "Club 960 matches", "place": "Oslo", "system": "dutch", "rounds": 3, "timeControl": "15+10",
		"matches": {"games": 2, "scoring": "match", "armageddon": true, "armageddonWhite": "5+2", "armageddonBlack": "4+2"}},
		"players": [`+strings.Join(players, ",")+`]}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, body)
	}
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal([]byte(body), &made)
	id, admin := made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
	base := srv.URL + "/e/" + id + "/a/" + admin
	change := func(c string) {
		t.Helper()
		if st, b := apiDo(t, "POST", srv.URL+"/api/events/"+id+"/changes", admin, c); st != 200 {
			t.Fatalf("%s: %d %s", c, st, b)
		}
	}
	type board struct {
		Board        int
		White, Black int
	}
	boards := func(n int) []board {
		t.Helper()
		_, b := apiDo(t, "GET", base+"/event.json", "", "")
		var e struct{ Schedule []struct{ Boards []board } }
		json.Unmarshal([]byte(b), &e)
		return e.Schedule[n-1].Boards
	}
	start := func(n int) {
		t.Helper()
		change(fmt.Sprintf(`{"kind": "pair", "round": %d}`, n))
		change(fmt.Sprintf(`{"kind": "publish", "round": %d}`, n))
		change(fmt.Sprintf(`{"kind": "start", "round": %d}`, n))
	}
	start(1)
	arb, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	run(t, arb, chromedp.EmulateViewport(360, 900), chromedp.Navigate(base+"/round/1"))
	waitFor(t, arb, `document.querySelectorAll('.admin-boards tbody tr').length === 3`, "round 1's three boards")
	if h := text(t, arb, ".card-head h2"); !strings.Contains(h, "Round 1, game 1") {
		t.Errorf("the round tab is titled %q", h)
	}
	for _, b := range boards(1) {
		sel := fmt.Sprintf(`#board-%d .result-form`, b.Board)
		run(t, arb, chromedp.SetValue(sel+` select[name="result"]`, "1-0"), chromedp.Click(sel+` button[type="submit"]`))
		waitFor(t, arb, fmt.Sprintf(`(() => { const b = document.querySelector('#board-%d .result-form button[type="submit"]'); return document.readyState === 'complete' && b && b.textContent.trim() === 'Correct'; })()`, b.Board), "board "+fmt.Sprint(b.Board)+"'s result saved")
	}
	shootTab(t, arb, "event-matches-round", 360, 900, 360, 1280)
	start(2)
	for _, b := range boards(2) {
		change(fmt.Sprintf(`{"kind": "result", "round": 2, "board": %d, "result": "1-0"}`, b.Board))
	}
	start(3)
	arm := boards(3)
	if len(arm) != 3 {
		t.Fatalf("the Armageddon has %d boards, want the three tied matches", len(arm))
	}
	for _, b := range arm {
		res := "1-0"
		if b.Board == 1 {
			res = "1/2-1/2"
		}
		change(fmt.Sprintf(`{"kind": "result", "round": 3, "board": %d, "result": %q}`, b.Board, res))
	}
	start(4) // round 2 of matches, game 1

	pub, cancel2 := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel2()
	run(t, pub, chromedp.EmulateViewport(1280, 1000), chromedp.Navigate(srv.URL+"/e/"+id))
	waitFor(t, pub, `document.querySelectorAll('#round-3 table.matches tbody tr').length === 3`, "round 1's three matches")
	if h := text(t, pub, "#r4-title"); h != "Round 2, game 1" {
		t.Errorf("round 4 is titled %q", h)
	}
	if h := text(t, pub, "#r3-title"); h != "Round 1, Armageddon" {
		t.Errorf("round 3 is titled %q", h)
	}
	row := text(t, pub, `#round-3 table.matches tbody tr:first-child`)
	if !strings.Contains(row, "1–1") || !strings.Contains(row, "Arm. ½–½") || !strings.Contains(row, "wins") {
		t.Errorf("match 1.1's row: %q", row)
	}
	// The winner of the drawn Armageddon is its Black: bold in the table.
	_, b := apiDo(t, "GET", base+"/event.json", "", "")
	var e struct {
		Players []struct {
			ID   int
			Name string
		}
		Schedule []struct{ Boards []board }
	}
	json.Unmarshal([]byte(b), &e)
	winner := ""
	for _, p := range e.Players {
		if p.ID == e.Schedule[2].Boards[0].Black {
			winner = p.Name
		}
	}
	if w := text(t, pub, `#round-3 table.matches tbody tr:first-child .match-won`); !strings.Contains(w, winner) || winner == "" {
		t.Errorf("match 1.1's winner shown %q, want %q (Black in the drawn Armageddon)", w, winner)
	}
	shootTab(t, pub, "event-matches-public", 1280, 1000, 360, 1280)
	eval[bool](t, pub, `(document.getElementById('round-3').scrollIntoView(), true)`)
	shootTab(t, pub, "event-matches-table", 1280, 1000, 360, 1280)
	run(t, pub, chromedp.EmulateViewport(360, 900))
	waitFor(t, pub, `window.innerWidth === 360 && document.documentElement.scrollWidth <= 360`, "the public page within 360 px")
}
