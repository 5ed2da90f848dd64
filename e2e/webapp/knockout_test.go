package webapp_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
)

// TestKnockoutBrowser runs an 8-player knockout, every place played for,
// 2-game matches with a rapid tie-break and an Armageddon whose colour
// the better seed chooses: the arbiter enters round 1's results by
// clicking the round page's forms at 360 px and records the Armageddon's
// colour on the bracket tab; the rest comes through the API. The public
// page at 1280 px shows the bracket round by round, each match's score
// and the places. Screenshots at 360 and 1280 px, light and dark, with
// -screenshots.
func TestKnockoutBrowser(t *testing.T) {
	srv := eventPlayServer(t)
	bctx := browser.Start(t, 1280, 1000)
	players := []string{}
	for i, n := range []string{"Ada Lovelace", "Ben Okri", "Cai Lun", "Dov Ber", "Eve Arden", "Fay Wray", "Gus Grissom", "Hal Clement"} {
		players = append(players, fmt.Sprintf(`{"name": %q, "rating": %d}`, n, 2500-40*i))
	}
	status, body := apiDo(t, "POST", srv.URL+"/api/events", "", `{"settings": {"name": "Freestyle KO", "place": "Weissenhaus", "system": "knockout", "timeControl": "45+10",
		"knockout": {"games": 2, "ladder": [{"games": 2, "timeControl": "15+10"}], "armageddon": true, "armageddonWhite": "5+2", "armageddonBlack": "4+2", "armageddonChoice": true, "places": -1}},
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
		KO           struct {
			Match string
			N     int
		}
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

	// Round 1 by clicks at 360 px: 1.1 and 1.3 the better seed wins (1-0
	// with White in game 1), 1.2 (Dov-Eve) and 1.4 (Cai-Fay) drawn.
	arb, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	run(t, arb, chromedp.EmulateViewport(360, 900), chromedp.Navigate(base+"/round/1"))
	waitFor(t, arb, `document.querySelectorAll('.admin-boards tbody tr').length === 4`, "round 1's four boards")
	for _, b := range boards(1) {
		res := "1-0"
		if b.KO.Match == "1.2" || b.KO.Match == "1.4" {
			res = "1/2-1/2"
		}
		sel := fmt.Sprintf(`#board-%d .result-form`, b.Board)
		run(t, arb, chromedp.SetValue(sel+` select[name="result"]`, res), chromedp.Click(sel+` button[type="submit"]`))
		// Saved: the page comes back with the board's button as Correct.
		waitFor(t, arb, fmt.Sprintf(`(() => { const b = document.querySelector('#board-%d .result-form button[type="submit"]'); return document.readyState === 'complete' && b && b.textContent.trim() === 'Correct'; })()`, b.Board), "board "+fmt.Sprint(b.Board)+"'s result saved")
	}
	shootTab(t, arb, "event-ko-round", 360, 900, 360, 1280)
	// Game 2: the better seeds win again; 1.2 and 1.4 drawn again; the
	// rapid: 1.2 drawn twice (to the Armageddon), 1.4 won by Cai.
	play := func(n int, res func(b board) string) {
		t.Helper()
		for _, b := range boards(n) {
			change(fmt.Sprintf(`{"kind": "result", "round": %d, "board": %d, "result": %q}`, n, b.Board, res(b)))
		}
	}
	start(2)
	play(2, func(b board) string {
		if b.KO.Match == "1.2" || b.KO.Match == "1.4" {
			return "1/2-1/2"
		}
		return "0-1" // game 2: the better seed has Black
	})
	start(3)
	play(3, func(b board) string {
		if b.KO.Match == "1.4" {
			return "1-0" // Cai, the better seed, has White in the rapid's first game
		}
		return "1/2-1/2"
	})
	start(4)
	play(4, func(b board) string { return "1/2-1/2" })
	// 1.2 goes to its Armageddon: Dov chooses, on the bracket tab.
	run(t, arb, chromedp.Navigate(base+"/bracket"))
	waitFor(t, arb, `document.querySelector('[id="choose-1.2"]') !== null`, "the Armageddon's choice form")
	if txt := text(t, arb, `[id="match-1.2"] .ko-text`); !strings.Contains(txt, "Dov Ber (the better seed) chooses the colour") {
		t.Errorf("match 1.2 says %q", txt)
	}
	shootTab(t, arb, "event-ko-choice", 360, 900, 360, 1280)
	run(t, arb, chromedp.SetValue(`[id="choose-1.2"]`, "b"), chromedp.Click(`[id="match-1.2"] form button[type="submit"]`))
	waitFor(t, arb, `document.querySelector('[id="choose-1.2"]') === null && document.readyState === 'complete'`, "the choice recorded")
	start(5)
	if bs := boards(5); len(bs) != 1 || bs[0].KO.Match != "1.2" || bs[0].KO.N != 5 {
		t.Fatalf("round 5, the Armageddon: %+v", bs)
	}
	play(5, func(b board) string { return "1/2-1/2" }) // Black (Dov) goes through
	// The semi-finals and 5th-8th, then the final round: the better seed wins.
	for n := 6; ; n++ {
		if st, b := apiDo(t, "POST", srv.URL+"/api/events/"+id+"/changes", admin, fmt.Sprintf(`{"kind": "pair", "round": %d}`, n)); st != 200 {
			if !strings.Contains(b, "the knockout is over") {
				t.Fatalf("pair %d: %d %s", n, st, b)
			}
			break
		}
		change(fmt.Sprintf(`{"kind": "publish", "round": %d}`, n))
		change(fmt.Sprintf(`{"kind": "start", "round": %d}`, n))
		play(n, func(b board) string {
			if b.KO.N%2 == 1 {
				return "1-0"
			}
			return "0-1"
		})
		if n > 20 {
			t.Fatal("no end")
		}
	}

	pub, cancel2 := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel2()
	run(t, pub, chromedp.EmulateViewport(1280, 1000), chromedp.Navigate(srv.URL+"/e/"+id))
	waitFor(t, pub, `document.querySelectorAll('.ko-round').length === 3`, "the bracket's three rounds")
	if n := eval[int](t, pub, `document.querySelectorAll('.ko-places li').length`); n != 8 {
		t.Errorf("%d places listed, want 8", n)
	}
	if txt := text(t, pub, ".ko-places"); !strings.HasPrefix(strings.TrimSpace(txt), "1 Ada Lovelace") {
		t.Errorf("the places begin %q", txt)
	}
	if txt := text(t, pub, `[id="match-1.2"]`); !strings.Contains(txt, "1-1, tie-break 1-1, Armageddon") || !strings.Contains(txt, "Dov Ber wins") {
		t.Errorf("match 1.2 on the public page: %q", txt)
	}
	// The rounds side by side at 1280 px, one under another at 360.
	if x := eval[bool](t, pub, `(() => { const r = document.querySelectorAll('.ko-round'); return r[1].getBoundingClientRect().left > r[0].getBoundingClientRect().right - 1; })()`); !x {
		t.Error("at 1280 px the bracket's rounds are not side by side")
	}
	run(t, pub, chromedp.EmulateViewport(360, 900))
	if y := eval[bool](t, pub, `(() => { const r = document.querySelectorAll('.ko-round'); return r[1].getBoundingClientRect().top >= r[0].getBoundingClientRect().bottom - 1 && document.querySelector('.ko-bracket').getBoundingClientRect().right <= 360; })()`); !y {
		t.Error("at 360 px the bracket's rounds are not one under another, or the bracket is wider than the screen")
	}
	run(t, pub, chromedp.EmulateViewport(1280, 1000))
	shootTab(t, pub, "event-ko-public", 1280, 1000, 360, 1280)
	run(t, pub, chromedp.Navigate(srv.URL+"/e/"+id+"/print/bracket"))
	waitFor(t, pub, `document.querySelectorAll('table').length === 3`, "the printed bracket's three rounds")
	shootTab(t, pub, "event-ko-print", 1280, 1000, 1280)
	run(t, pub, chromedp.Navigate(srv.URL+"/e/"+id+"/print/match/1.2"))
	waitFor(t, pub, `document.querySelectorAll('.games li').length === 5`, "match 1.2's five games on its screen")
	if txt := text(t, pub, ".text"); txt != "Dov Ber wins" {
		t.Errorf("match 1.2's screen says %q", txt)
	}
	shootTab(t, pub, "event-ko-match", 1280, 720, 360, 1280)
}
