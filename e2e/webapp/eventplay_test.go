package webapp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// eventPlayServer is the app with events and their games in the app on
// one SQLite file, the games' coordinator running as serve runs it.
func eventPlayServer(t *testing.T) *httptest.Server { return eventPlayServerOn(t, "") }

// eventPlayServerOn is eventPlayServer on the database dsn ("": a fresh
// SQLite file).
func eventPlayServerOn(t *testing.T, dsn string) *httptest.Server {
	t.Helper()
	ctx := context.Background()
	db := dsn
	if db == "" {
		db = filepath.Join(t.TempDir(), "db.sqlite")
	}
	est, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	gst, err := store.OpenWith(ctx, db, store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	ev, games := event.NewService(est), game.NewService(gst)
	play := eventplay.New(ev, games, nil)
	stop, err := play.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.New(server.Config{Events: ev, Games: games, Play: play, WriteBurst: 1000, GameWriteBurst: 1000}))
	t.Cleanup(func() { srv.Close(); stop(); gst.Close(); est.Close() })
	return srv
}

func apiDo(t *testing.T, method, url, bearer, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestEventPlayPages: a player's page follows the event by itself, from
// the published pairing to the start, when it offers the game; the game
// opens on the player's seat with both names and the study window's
// countdown, and no move is possible before the clocks start; the
// arbiter's round page lists the games and their controls; the public
// page links each game. Screenshots at 360 and 1280 px, light and dark,
// with -screenshots.
func TestEventPlayPages(t *testing.T) {
	srv := eventPlayServer(t)
	bctx := browser.Start(t, 1280, 1000)
	status, body := apiDo(t, "POST", srv.URL+"/api/events", "", `{"settings": {"name": "Club 960 online", "place": "Oslo", "system": "dutch", "rounds": 3, "timeControl": "15+10", "play": "app", "study": 3, "defaultTime": 15},
		"players": [{"name": "Ada Lovelace", "rating": 2100}, {"name": "Ben Okri", "rating": 2000}, {"name": "Cai Lun", "rating": 1900}, {"name": "Dov Ber", "rating": 1800}]}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, body)
	}
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal([]byte(body), &made)
	id, admin := made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
	change := func(c string) {
		t.Helper()
		if st, b := apiDo(t, "POST", srv.URL+"/api/events/"+id+"/changes", admin, c); st != 200 {
			t.Fatalf("%s: %d %s", c, st, b)
		}
	}
	change(`{"kind": "pair", "round": 1}`)
	change(`{"kind": "publish", "round": 1}`)
	_, csv := apiDo(t, "GET", srv.URL+"/e/"+id+"/a/"+admin+"/player-links.csv", "", "")
	adaLink := regexp.MustCompile(`http://[^\s,]+/e/` + id + `/p/1-[A-Za-z0-9_-]+`).FindString(csv)
	if adaLink == "" {
		t.Fatalf("no link for Ada in\n%s", csv)
	}

	ada, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel()
	run(t, ada, chromedp.EmulateViewport(360, 780), chromedp.Navigate(adaLink))
	waitFor(t, ada, `document.getElementById('player-wait') !== null`, "Ada's published pairing")
	if txt := text(t, ada, "#player-pairing"); !strings.Contains(txt, "you play") || !strings.Contains(txt, "Board 1") || !strings.Contains(txt, "Cai Lun") {
		t.Errorf("Ada's pairing: %q", txt)
	}
	shootTab(t, ada, "event-player-published", 360, 780, 360, 1280)

	// The arbiter starts the round: Ada's page turns to the game by itself.
	change(`{"kind": "start", "round": 1}`)
	waitFor(t, ada, `document.getElementById('player-game') !== null`, "Ada's game offered")
	if txt := text(t, ada, "#player-clocks"); !strings.Contains(txt, "Study the position") {
		t.Errorf("Ada's page in the study window: %q", txt)
	}
	shootTab(t, ada, "event-player-started", 360, 780, 360, 1280)

	run(t, ada, chromedp.Click(css("#player-game")))
	waitFor(t, ada, `document.getElementById('seat-note').textContent.includes('You play')`, "Ada seated")
	waitFor(t, ada, `document.getElementById('status').textContent.startsWith('Study the position')`, "the study countdown")
	names := eval[string](t, ada, `document.getElementById('name-top').textContent + ' / ' + document.getElementById('name-bottom').textContent`)
	if !strings.Contains(names, "Ada Lovelace") || !strings.Contains(names, "· you") {
		t.Errorf("the bars name %q", names)
	}
	if !eval[bool](t, ada, `document.getElementById('abort').hidden`) {
		t.Error("an event's game offers abort")
	}
	if ev := eval[string](t, ada, `document.getElementById('event-link').textContent`); ev != "Round 1, board 1 of the event" {
		t.Errorf("the event link says %q", ev)
	}
	shootTab(t, ada, "event-game-study", 360, 780, 360, 1280)

	arb, cancel2 := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	defer cancel2()
	run(t, arb, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+"/e/"+id+"/a/"+admin+"/round/1"))
	waitFor(t, arb, `document.querySelectorAll('.game-brief').length === 2`, "the round's two games")
	waitFor(t, arb, `document.querySelectorAll('.game-brief .mini-live img').length === 2`, "the round page's live boards")
	if txt := text(t, arb, ".game-brief"); !strings.Contains(txt, "study window") {
		t.Errorf("board 1's game on the round page: %q", txt)
	}
	// Ada (board 1) has her game open; her opponent never came.
	waitFor(t, arb, `(() => { const t = document.querySelector('[data-seats-board="1"]').textContent; return /^(White connected, Black not here yet|White not here yet, Black connected)$/.test(t); })()`, "Ada connected on the round page")
	if n := eval[int](t, arb, `document.querySelectorAll('[data-seats-board="2"] strong').length`); n != 2 {
		t.Errorf("board 2's players, neither here: %d in bold, want 2", n)
	}
	shootTab(t, arb, "event-admin-round", 1280, 900, 360, 1280)

	run(t, arb, chromedp.Navigate(srv.URL+"/e/"+id+"/a/"+admin+"/print/player-links"))
	waitFor(t, arb, `document.querySelectorAll('article.slip svg').length === 4`, "the four slips with their codes")
	shootTab(t, arb, "event-player-slips", 1280, 900, 1280)
	// The codes as the browser drew them read back, with an independent
	// decoder, to the players' links.
	png := filepath.Join(t.TempDir(), "slips.png")
	browser.Screenshot(t, arb, png)
	out, err := exec.Command(testtool.Zbarimg(t), "--raw", "-q", png).Output()
	if err != nil {
		t.Fatalf("zbarimg on the slips: %v", err)
	}
	read := strings.Fields(string(out))
	sort.Strings(read)
	want := regexp.MustCompile(`http://[^\s,]+/e/`+id+`/p/[0-9]+-[A-Za-z0-9_-]+`).FindAllString(csv, -1)
	sort.Strings(want)
	if strings.Join(read, " ") != strings.Join(want, " ") {
		t.Errorf("the slips' codes read %q, want the links %q", read, want)
	}

	run(t, arb, chromedp.Navigate(srv.URL+"/e/"+id))
	waitFor(t, arb, `document.querySelectorAll('a.game-link').length === 2`, "the public page's game links")
	waitFor(t, arb, `document.querySelectorAll('.mini-live img').length === 2 && document.querySelector('.mini-live .mini-info').textContent.includes('study window')`, "the public page's live boards")
	shootTab(t, arb, "event-public-live", 1280, 900, 360, 1280)
}
