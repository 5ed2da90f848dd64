package webapp_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pairing"
)

// browserSeed is the organiser's own seed of the browser run: the test
// knows it, so it can check that no page shows it before the finish and
// derive the positions itself.
const browserSeed = "browser-open-seed-4f2a9c71"

// TestEventSwissBrowser runs a 5-round Swiss of 11 players entirely
// through the event pages in Chromium, once on SQLite and once on
// PostgreSQL (CHESS960_TEST_POSTGRES; with CI set and no database the
// subtest fails, otherwise it is skipped).
func TestEventSwissBrowser(t *testing.T) {
	ctx := browser.Start(t, 1280, 1000)
	eachStore(t, func(t *testing.T, st store.Store, first bool) {
		swissBrowser(t, ctx, st, first && *screenshots != "") // the pictures are the SQLite run's
	})
}

// eachStore runs f on a fresh SQLite file (first true) and then on the
// tests' PostgreSQL (testtool.Postgres: with CI set and none, the subtest
// fails; otherwise it is skipped).
func eachStore(t *testing.T, f func(t *testing.T, st store.Store, first bool)) {
	t.Run("sqlite", func(t *testing.T) {
		st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "events.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		f(t, st, true)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := testtool.FreshPostgres(t)
		st, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatalf("store.Open(%s): %v", testtool.PostgresEnv, err)
		}
		t.Cleanup(func() { st.Close() })
		f(t, st, false)
	})
}

// originCount counts the same-origin form posts that come with Origin:
// null. The event pages' Referrer-Policy (same-origin) lets a browser's
// forms carry their Origin; under no-referrer Chromium sends null, which
// the server then has to take on Sec-Fetch-Site's word.
type originCount struct {
	h http.Handler
	n atomic.Int64
}

func (o *originCount) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && r.Header.Get("Origin") == "null" {
		o.n.Add(1)
	}
	o.h.ServeHTTP(w, r)
}

// evBrowser is one run of the event pages: the browser, the server, the
// event's admin path, and the documents of every page seen before the
// finish (to look for the seed in).
type evBrowser struct {
	t     *testing.T
	ctx   context.Context // the browser
	admin context.Context // the organiser's tab
	srv   string          // http://127.0.0.1:port
	base  string          // /e/ID/a/TOKEN
	id    string
	names map[int]string // player ID -> name
	seen  []string       // outerHTML of the pages before the finish
	done  bool           // finished: pages are no longer kept
}

// keep records the document of the tab's page.
func (b *evBrowser) keep(c context.Context) {
	b.t.Helper()
	if b.done {
		return
	}
	b.seen = append(b.seen, eval[string](b.t, c, `document.documentElement.outerHTML`))
}

// open loads the path of the server in the tab and keeps its document.
func (b *evBrowser) open(c context.Context, path string) {
	b.t.Helper()
	run(b.t, c, chromedp.Navigate(b.srv+path))
	waitFor(b.t, c, `document.readyState === 'complete'`, path+" loaded")
	b.keep(c)
}

// bounded runs the actions with a time limit, so that a selector that never
// matches fails the test instead of hanging it.
func (b *evBrowser) bounded(c context.Context, actions ...browser.Action) {
	b.t.Helper()
	cc, cancel := context.WithTimeout(c, browser.Patience)
	defer cancel()
	if err := chromedp.Do(cc, actions...); err != nil {
		b.t.Fatalf("%v (page %s)", err, b.where(c))
	}
}

// where is the tab's address with the admin token hidden, and the error a
// page shows, for failure messages.
func (b *evBrowser) where(c context.Context) string {
	s, _ := chromedp.Run(c, chromedp.Evaluate[string](`location.pathname + ' ' + ((document.querySelector('.error, #conflict, #form-error') || {}).textContent || '')`))
	if b.base == "" {
		return s
	}
	return strings.Replace(s, b.base, "/e/ID/a/TOKEN", 1)
}

// clearField empties the field sel, for typing a value in instead of its
// default.
func clearField(sel string) browser.Action {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](fmt.Sprintf(`(document.querySelector(%q).value = '', true)`, sel))(ctx, tg)
		return err
	})
}

// submit clicks the button sel (after the actions that fill its form in),
// waits for the page the form leads to, and checks it is no error page.
func (b *evBrowser) submit(c context.Context, sel string, fill ...browser.Action) {
	b.t.Helper()
	b.bounded(c, fill...)
	eval[bool](b.t, c, `window.__before = true`)
	b.bounded(c, chromedp.Click(css(sel)))
	waitFor(b.t, c, `window.__before === undefined && document.readyState === 'complete'`, "the page after "+sel)
	if bad := eval[string](b.t, c, `(document.querySelector('.error-page, #conflict, #form-error') || {}).textContent || ''`); bad != "" {
		b.t.Fatalf("after %s: %s", sel, strings.Join(strings.Fields(bad), " "))
	}
	b.keep(c)
}

// kindButton is the submit button of the form of a change's kind.
func kindButton(scope, kind string) string {
	return fmt.Sprintf(`%s form:has(input[name=kind][value=%q]) button[type=submit]`, scope, kind)
}

// board is a board of a round as the admin round page shows it.
type board struct{ N, White, Black int }

// boards reads the boards of the admin round page: number, white and black
// player IDs.
func (b *evBrowser) boards() []board {
	b.t.Helper()
	raw := eval[[][]int](b.t, b.admin, `[...document.querySelectorAll('#round tr[id^=board-]')].map(tr => {
		const ids = [...tr.cells[1].querySelectorAll(':scope > .hint')].map(h => h.textContent.trim()).filter(s => /^\(\d+\)$/.test(s)).map(s => +s.slice(1, -1));
		return [+tr.cells[0].textContent.trim(), ...ids];
	})`)
	var out []board
	for _, r := range raw {
		if len(r) != 3 {
			b.t.Fatalf("a board row of the round page reads %v, want the board and two player IDs", r)
		}
		out = append(out, board{r[0], r[1], r[2]})
	}
	return out
}

// result enters a result for a board on the admin round page (which is
// open), with the select and the board's button.
func (b *evBrowser) result(round, bd int, res string) {
	b.t.Helper()
	row := fmt.Sprintf("#board-%d", bd)
	b.submit(b.admin, row+" .result-form button[type=submit]", chromedp.SetValue(css(row+" select[name=result]"), res))
	if got := eval[string](b.t, b.admin, fmt.Sprintf(`document.querySelector('%s select[name=result]').value`, row)); got != res {
		b.t.Fatalf("round %d board %d: the page shows %q after entering %q", round, bd, got, res)
	}
}

// overflow returns how much wider than the viewport the tab's page is
// (0: no horizontal scrolling).
func overflow(t *testing.T, c context.Context) int {
	t.Helper()
	return eval[int](t, c, `document.scrollingElement.scrollWidth - window.innerWidth`)
}

// swissBrowser runs the event on the store; with shots it takes the
// pictures of every event page too.
func swissBrowser(tt *testing.T, ctx context.Context, st store.Store, shots bool) {
	sum := sha256.Sum256([]byte(browserSeed))
	commitment := hex.EncodeToString(sum[:])
	// The burst is raised from its default (20 writes, then 5 a second per
	// address): a browser sends the forms faster than a person, all from
	// 127.0.0.1.
	nullOrigin := &originCount{h: server.New(server.Config{Events: event.NewService(st), WriteBurst: 1_000_000})}
	ts := httptest.NewServer(nullOrigin)
	defer func() {
		if n := nullOrigin.n.Load(); n > 0 {
			tt.Errorf("%d form posts came with Origin: null: the event pages' Referrer-Policy should let same-origin forms carry their Origin", n)
		}
	}()
	// Every wait of the run ends with it: a page that never shows what the
	// test waits for fails the test instead of hanging it.
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	// The live pages' streams stay open until the browser goes: close them
	// first, so that Close does not wait for them.
	tt.Cleanup(func() { ts.CloseClientConnections(); ts.Close() })
	b := &evBrowser{t: tt, ctx: ctx, srv: ts.URL, names: map[int]string{}}
	b.admin = tab(tt, ctx)
	admin := b.admin

	// Create the event, with the organiser's own seed.
	b.open(admin, "/events/new")
	b.submit(admin, "#create-form button[type=submit]",
		chromedp.SendKeys(css("#ev-name"), "Browser Open"),
		chromedp.SendKeys(css("#ev-place"), "Basel"),
		chromedp.SetValue(css("#ev-system"), "dutch"),
		clearField("#ev-rounds"), chromedp.SendKeys(css("#ev-rounds"), "5"),
		chromedp.SendKeys(css("#ev-tc"), "15+10"),
		chromedp.Click(css("#create-form details.ev-details summary")),
		chromedp.SendKeys(css("#ev-seed"), browserSeed),
		chromedp.Click(css("#ev-weak-seed")))
	link := eval[string](tt, admin, `document.getElementById('admin-link').value`)
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Path, "/e/") || strings.Count(u.Path, "/") != 4 {
		tt.Fatalf("the admin link shown is %q", link)
	}
	b.base = u.Path
	b.id = strings.Split(b.base, "/")[2]
	if got := eval[string](tt, admin, `location.pathname`); got != b.base {
		tt.Fatalf("the page after creating is not the admin link's")
	}

	// Before round 1 the public page shows the commitment and no position.
	pub := tab(tt, ctx)
	run(tt, pub, chromedp.EmulateViewport(360, 900))
	b.open(pub, "/e/"+b.id)
	if got := strings.TrimSpace(text(tt, pub, "#commitment")); got != commitment {
		tt.Fatalf("the public page's commitment is %q, want SHA-256 of the seed %s", got, commitment)
	}
	if n := eval[int](tt, pub, `document.querySelectorAll('.ev-pos, img[src*="diagram.svg"]').length`); n != 0 {
		tt.Errorf("the public page shows %d positions before round 1", n)
	}

	// 11 players: 8 through the form, 3 from a CSV file. Ratings fall with
	// the order, so each player's ID is also the pairing number.
	b.open(admin, b.base+"/players")
	for i := 1; i <= 8; i++ {
		name := fmt.Sprintf("Player %02d", i)
		b.submit(admin, "#add-player button[type=submit]",
			chromedp.SendKeys(css("#new-name"), name),
			chromedp.SendKeys(css("#new-rating"), strconv.Itoa(2500-20*i)),
			chromedp.SendKeys(css("#new-fed"), "SUI"))
		b.names[i] = name
	}
	csvPath := filepath.Join(tt.TempDir(), "players.csv")
	csv := "name,rating,federation\n"
	for i := 9; i <= 11; i++ {
		b.names[i] = fmt.Sprintf("Player %02d", i)
		csv += fmt.Sprintf("%s,%d,GER\n", b.names[i], 2500-20*i)
	}
	if err := os.WriteFile(csvPath, []byte(csv), 0o644); err != nil {
		tt.Fatal(err)
	}
	b.submit(admin, "#import-players button[type=submit]", chromedp.SetUploadFiles(css("#imp-file"), []string{csvPath}))
	rows := eval[[][]string](tt, admin, `[...document.querySelectorAll('tr[id^=player-]')].map(tr => [tr.cells[0].textContent.trim(), tr.cells[1].textContent.trim()])`)
	if len(rows) != 11 {
		tt.Fatalf("the players page lists %d players, want 11: %v", len(rows), rows)
	}
	for i, r := range rows {
		if want := strconv.Itoa(i + 1); r[0] != want || r[1] != b.names[i+1] {
			tt.Errorf("players row %d: %v, want number %s, %s", i+1, r, want, b.names[i+1])
		}
	}
	// A half-point bye asked for round 2 by player 5.
	b.bounded(admin, chromedp.Click(css("#player-5 details.row-actions summary")))
	b.submit(admin, kindButton("#player-5", "bye"),
		chromedp.SendKeys(css("#bye-r-5"), "2"), chromedp.SetValue(css("#player-5 select[name=bye]"), "half"))
	if got := text(tt, admin, "#player-5 td.pl-status"); !strings.Contains(got, "round 2: half-point bye") {
		tt.Errorf("player 5's status after the bye request: %q", strings.Join(strings.Fields(got), " "))
	}

	drawer, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: browserSeed, Unique: true})
	if err != nil {
		tt.Fatal(err)
	}
	var derived []int
	withdrawn := 0
	for rn := 1; rn <= 5; rn++ {
		n := strconv.Itoa(rn)
		rsel := "#round-" + n
		b.open(admin, b.base)
		b.submit(admin, kindButton(".actions", "pair"))
		if got := eval[string](tt, admin, `location.pathname`); got != b.base+"/round/"+n {
			tt.Fatalf("round %d: pairing leads to %s", rn, b.where(admin))
		}
		if s := text(tt, admin, "#round .status"); !strings.HasPrefix(s, "draft") {
			tt.Fatalf("round %d after pairing: status %q", rn, s)
		}
		b.open(pub, "/e/"+b.id)
		if eval[bool](tt, pub, fmt.Sprintf(`!!document.querySelector(%q)`, rsel)) {
			tt.Fatalf("round %d: the draft is on the public page", rn)
		}
		b.submit(admin, kindButton("#round", "publish"))
		bds := b.boards()
		if len(bds) != 5 {
			tt.Fatalf("round %d has %d boards, want 5 (11 players, or 10 with the bye or the withdrawal)", rn, len(bds))
		}
		byes := eval[[]string](tt, admin, `[...document.querySelectorAll('#round tr.bye-row')].map(tr => tr.textContent.replace(/\s+/g, ' ').trim())`)
		switch rn {
		case 2:
			if !contains(byes, b.names[5]+" (5) — half-point bye") {
				tt.Errorf("round 2 byes %q: player 5's half-point bye is missing", byes)
			}
		case 4, 5:
			if !contains(byes, b.names[11]+" (11) — not paired") {
				tt.Errorf("round %d byes %q: the withdrawn player is not listed as not paired", rn, byes)
			}
		}
		for _, bd := range bds {
			if rn >= 4 && (bd.White == withdrawn || bd.Black == withdrawn) {
				tt.Errorf("round %d board %d: the withdrawn player %d is paired", rn, bd.N, withdrawn)
			}
		}
		// Published: the public page has the pairing and no position.
		b.open(pub, "/e/"+b.id)
		pairs := eval[[][]string](tt, pub, fmt.Sprintf(`[...document.querySelectorAll('%s table.pairings tbody tr:not(.bye-row)')].map(tr => [tr.cells[0].textContent.trim(), tr.cells[1].textContent.trim(), tr.cells[3].textContent.trim()])`, rsel))
		if len(pairs) != len(bds) {
			tt.Fatalf("round %d: the public page has %d boards, the round page %d", rn, len(pairs), len(bds))
		}
		for i, bd := range bds {
			want := []string{strconv.Itoa(bd.N), fmt.Sprintf("%s (%d)", b.names[bd.White], bd.White), fmt.Sprintf("%s (%d)", b.names[bd.Black], bd.Black)}
			if strings.Join(pairs[i], "|") != strings.Join(want, "|") {
				tt.Errorf("round %d public board %v, want %v", rn, pairs[i], want)
			}
		}
		if n := eval[int](tt, pub, fmt.Sprintf(`document.querySelectorAll('%s .ev-pos').length`, rsel)); n != 0 {
			tt.Errorf("round %d: the published round shows a position before its start", rn)
		}

		// Started: the position appears, the seed's draw k.
		b.submit(admin, kindButton("#round", "start"))
		want := drawer.Next().ID()
		derived = append(derived, want)
		if got := text(tt, admin, "#round .ev-round-pos .big-link"); got != fmt.Sprintf("No. %d", want) {
			tt.Errorf("round %d: the round page shows %q, want No. %d (draw %d of the seed)", rn, got, want, rn)
		}
		b.open(pub, "/e/"+b.id)
		if got := text(tt, pub, rsel+" .ev-pos .big-link"); got != fmt.Sprintf("No. %d", want) {
			tt.Errorf("round %d: the public page shows %q, want No. %d", rn, got, want)
		}

		// The results; on round 1 the public tab follows them live.
		if rn == 1 {
			eval[bool](tt, pub, `window.__stays = true`)
		}
		results := map[int]string{}
		for _, bd := range bds {
			res := "1-0"
			if bd.White > bd.Black {
				res = "1/2-1/2"
			}
			if rn == 3 && bd.N == 2 {
				res = "+/-"
			}
			b.result(rn, bd.N, res)
			results[bd.N] = res
			if rn == 1 && bd.N == 1 {
				js := fmt.Sprintf(`window.__stays === true && document.querySelector('#round-1 table.pairings tbody tr:first-child td.res').textContent.trim() === %q`, res)
				waitFor(tt, pub, js, "the public tab to show board 1's result without a reload")
				b.keep(pub)
				if o := overflow(tt, pub); o > 1 {
					tt.Errorf("the public page at 360 px is %d px wider than the screen", o)
				}
			}
		}
		if rn == 1 {
			// A correction: the board's history has both entries.
			fixed := "0-1"
			if results[1] == "0-1" {
				fixed = "1-0"
			}
			b.result(1, 1, fixed)
			results[1] = fixed
			if got := text(tt, admin, "#board-1 details.hist summary"); got != "2 entries" {
				tt.Errorf("board 1 after the correction: history %q, want 2 entries", got)
			}
			hist := eval[[]string](tt, admin, `[...document.querySelectorAll('#board-1 details.hist li .mono')].map(e => e.textContent)`)
			if len(hist) != 2 || hist[1] != fixed {
				tt.Errorf("board 1's history %q, want two entries ending with %s", hist, fixed)
			}
			// The admin round page at 360 px.
			b.open(pub, b.base+"/round/1")
			if o := overflow(tt, pub); o > 1 {
				tt.Errorf("the admin round page at 360 px is %d px wider than the screen", o)
			}
		}
		if s := text(tt, admin, "#round .status"); !strings.HasPrefix(s, "complete") {
			tt.Errorf("round %d with its results: status %q", rn, s)
		}
		// The complete round's page offers the next step.
		next := "finish"
		if rn < 5 {
			next = "pair"
		}
		if !eval[bool](tt, admin, fmt.Sprintf(`!!document.querySelector('#round-done form:has(input[name=kind][value=%s])')`, next)) {
			tt.Errorf("round %d with its results: the round page does not offer to %s", rn, next)
		} else if rn < 5 {
			if got := eval[string](tt, admin, `document.querySelector('#round-done input[name=round]').value`); got != strconv.Itoa(rn+1) {
				tt.Errorf("round %d's page offers to pair round %s", rn, got)
			}
		}
		b.open(pub, "/e/"+b.id)
		got := eval[[]string](tt, pub, fmt.Sprintf(`[...document.querySelectorAll('%s table.pairings tbody tr:not(.bye-row) td.res')].map(td => td.textContent.trim())`, rsel))
		for i, bd := range bds {
			if i >= len(got) || got[i] != results[bd.N] {
				tt.Errorf("round %d: the public page's results %q, want board %d %s", rn, got, bd.N, results[bd.N])
			}
		}
		if rn == 3 {
			b.checkPrintables(rn)
			if shots {
				b.shootMid()
			}
			// Player 11 withdraws before round 4.
			b.open(admin, b.base+"/players")
			b.bounded(admin, chromedp.Click(css("#player-11 details.row-actions summary")))
			b.submit(admin, kindButton("#player-11", "withdraw"), chromedp.SendKeys(css("#wd-11"), "4"))
			if got := text(tt, admin, "#player-11 td.pl-status"); !strings.Contains(got, "withdrawn from round 4") {
				tt.Errorf("player 11 after the withdrawal: %q", strings.Join(strings.Fields(got), " "))
			}
			withdrawn = 11
		}
	}

	b.checkStandings()

	// Before the finish no page held the seed; the documents are the
	// pages' as the browser had them.
	for i, doc := range b.seen {
		if strings.Contains(doc, browserSeed) {
			tt.Fatalf("page %d of %d holds the seed before the finish: %.200s", i+1, len(b.seen), doc)
		}
	}
	if len(b.seen) < 50 {
		tt.Errorf("only %d pages were kept", len(b.seen))
	}

	// Finish: the seed is revealed, and every round checks out.
	b.open(admin, b.base)
	b.submit(admin, kindButton(".actions", "finish"), chromedp.Click(css("#finish-form input[name=confirm]")))
	b.done = true
	b.open(pub, "/e/"+b.id)
	if got := strings.TrimSpace(text(tt, pub, ".ev-seed code")); got != browserSeed {
		tt.Errorf("the finished event's public page shows the seed %q, want %q", got, browserSeed)
	}
	if o := overflow(tt, pub); o > 1 {
		tt.Errorf("the finished public page at 360 px is %d px wider than the screen", o)
	}
	b.bounded(pub, chromedp.Click(css(".ev-seed a.button")))
	waitFor(tt, pub, fmt.Sprintf(`location.pathname === %q && document.readyState === 'complete'`, "/e/"+b.id+"/verify"), "the verify page")
	if v := text(tt, pub, "#verdict"); !strings.Contains(v, "The draw checks out") {
		tt.Errorf("verify: %q", strings.TrimSpace(v))
	}
	if got := text(tt, pub, "#seed"); got != browserSeed {
		tt.Errorf("verify shows the seed %q", got)
	}
	checks := eval[[][]string](tt, pub, `[...document.querySelectorAll('.verify-table tbody tr')].map(tr => [...tr.cells].map(c => c.textContent.trim()))`)
	if len(checks) != 5 {
		tt.Fatalf("verify has %d checks, want 5: %q", len(checks), checks)
	}
	for i, c := range checks {
		want := []string{strconv.Itoa(i + 1), strconv.Itoa(derived[i]), strconv.Itoa(derived[i]), "✓"}
		if strings.Join(c, "|") != strings.Join(want, "|") {
			tt.Errorf("verify row %d: %q, want %q", i+1, c, want)
		}
	}
	if shots {
		b.shootFinished()
	}
}

// checkPrintables opens the round's printed paper and the standings'
// under the admin link: each names the event, and its style sheet (a
// <style> element of its own) applies: the sheets set the body's margin
// to 0, the browser's default is 8 px.
func (b *evBrowser) checkPrintables(round int) {
	t := b.t
	t.Helper()
	for _, doc := range []string{"pairings", "cards", "slips", "projector", "standings"} {
		path := fmt.Sprintf("%s/print/%s/%d", b.base, doc, round)
		if doc == "standings" {
			path = b.base + "/print/standings"
		}
		b.open(b.admin, path)
		if got := text(t, b.admin, "body"); !strings.Contains(got, "Browser Open") {
			t.Errorf("print/%s does not name the event: %.200q", doc, got)
		}
		got := eval[[]string](t, b.admin, `[getComputedStyle(document.body).marginTop, String(document.querySelectorAll('style').length), String([...document.querySelectorAll('style')].filter(s => s.sheet && s.sheet.cssRules.length > 0).length)]`)
		if got[0] != "0px" {
			t.Errorf("print/%s is unstyled: body margin %s, %s <style> elements of which %s apply (the server's Content-Security-Policy style-src 'self' blocks an inline <style>)", doc, got[0], got[1], got[2])
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// stRow is a line of the standings page.
type stRow struct {
	Rank   string   `json:"rank"`
	Name   string   `json:"name"`
	Points string   `json:"points"`
	TBs    []string `json:"tbs"`
}

// checkStandings compares the standings page with the standings
// package pairing computes from the event's TRF-16 export, its
// tie-break list, its C.07 edition and its rating for unrated players.
func (b *evBrowser) checkStandings() {
	t := b.t
	var ev struct {
		TieBreaks     []string `json:"tieBreaks"`
		TieBreakRules string   `json:"tieBreakRules"`
		UnratedRating int      `json:"unratedRating"`
	}
	if err := json.Unmarshal(b.get("/e/"+b.id+"/event.json"), &ev); err != nil {
		t.Fatalf("event.json: %v", err)
	}
	tbs, err := pairing.ParseTieBreaks(strings.Join(ev.TieBreaks, ","))
	if err != nil || len(tbs) == 0 {
		t.Fatalf("the event's tie-breaks %q: %v", ev.TieBreaks, err)
	}
	trf, err := pairing.ParseTRF(b.get("/e/" + b.id + "/export.trf?format=trf16"))
	if err != nil {
		t.Fatalf("the TRF-16 export: %v", err)
	}
	opt := pairing.StandingsOptions{UnratedRating: ev.UnratedRating}
	if ev.TieBreakRules != "" {
		if opt.Edition, err = pairing.ParseEdition(ev.TieBreakRules); err != nil {
			t.Fatal(err)
		}
	}
	want, err := pairing.StandingsWith(trf, 5, tbs, opt)
	if err != nil {
		t.Fatal(err)
	}
	b.open(b.admin, b.base+"/standings")
	head := eval[[]string](t, b.admin, `[...document.querySelectorAll('#standings-table thead th')].map(th => th.textContent.trim())`)
	if len(head) < 3+len(tbs) || strings.Join(head[3:3+len(tbs)], ",") != strings.Join(ev.TieBreaks, ",") {
		t.Errorf("the standings' columns %q, want the tie-breaks %q after rank, player and points", head, ev.TieBreaks)
	}
	got := eval[[]stRow](t, b.admin, fmt.Sprintf(`[...document.querySelectorAll('#standings-table tbody tr')].map(tr => {
		const th = tr.querySelector('th').cloneNode(true);
		th.querySelectorAll('.hint, .title').forEach(e => e.remove());
		const td = [...tr.querySelectorAll('td')].map(c => c.textContent.trim());
		return {rank: td[0], name: th.textContent.trim(), points: td[1], tbs: td.slice(2, 2 + %d)};
	})`, len(tbs)))
	if len(got) != len(want) || len(want) != 11 {
		t.Fatalf("the standings page has %d rows, the TRF's standings %d, want 11", len(got), len(want))
	}
	for i, w := range want {
		p := trf.Player(w.Number)
		if p == nil {
			t.Fatalf("the TRF's standings name player %d, who is not in it", w.Number)
		}
		exp := stRow{Rank: strconv.Itoa(w.Rank), Name: p.Name, Points: w.Points.String()}
		for _, v := range w.Values {
			exp.TBs = append(exp.TBs, v.String())
		}
		if fmt.Sprint(got[i]) != fmt.Sprint(exp) {
			t.Errorf("standings row %d: the page has %v, the TRF gives %v", i+1, got[i], exp)
		}
	}
}

// get fetches a path of the server with plain HTTP.
func (b *evBrowser) get(path string) []byte {
	b.t.Helper()
	r, err := http.Get(b.srv + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer r.Body.Close()
	body, err := io.ReadAll(r.Body)
	if err != nil || r.StatusCode != http.StatusOK {
		b.t.Fatalf("GET %s: %d %v %.200s", strings.Replace(path, b.base, "/e/ID/a/TOKEN", 1), r.StatusCode, err, body)
	}
	return body
}

// shots takes the pictures of the pages (name, path, media) into the
// -screenshots directory, keeping their documents for the seed check.
func (b *evBrowser) shots(pages [][3]string) {
	b.t.Run("screenshots", func(t *testing.T) {
		for _, p := range pages {
			shoot(t, b.ctx, p[0], b.srv+p[1], p[2], func(c context.Context) {
				waitFor(t, c, `document.readyState === 'complete' && [...document.images].every(i => i.complete || i.getBoundingClientRect().top > innerHeight)`, p[0]+" loaded")
				b.keep(c)
			})
		}
	})
}

// shootMid takes the pictures of the pages in mid-event (round 3 complete).
func (b *evBrowser) shootMid() {
	a := b.base
	b.shots([][3]string{
		{"event-new", "/events/new", ""},
		{"event-dashboard", a, ""},
		{"event-players", a + "/players", ""},
		{"event-round", a + "/round/3", ""},
		{"event-standings", a + "/standings", ""},
		{"event-settings", a + "/settings", ""},
		{"event-links", a + "/links", ""},
		{"event-exports", a + "/exports", ""},
		{"event-history", a + "/history", ""},
		{"event-public-mid", "/e/" + b.id, ""},
		{"event-verify-mid", "/e/" + b.id + "/verify", ""},
		{"print-event-pairings", a + "/print/pairings/3", "print"},
		{"print-event-cards", a + "/print/cards/3", "print"},
		{"print-event-slips", a + "/print/slips/3", "print"},
		{"print-event-standings", a + "/print/standings", "print"},
		{"event-projector", a + "/print/projector/3", ""},
	})
}

// shootFinished takes the pictures of the finished event's public pages.
func (b *evBrowser) shootFinished() {
	b.shots([][3]string{
		{"event-public-finished", "/e/" + b.id, ""},
		{"event-verify", "/e/" + b.id + "/verify", ""},
		{"print-event-final-standings", "/e/" + b.id + "/print/standings", "print"},
	})
}
