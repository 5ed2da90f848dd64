package webapp_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/store"
)

var adminShots = flag.String("admin-shots", "", "directory to write pictures of the admin pages into, at 360 and 1280 px, light and dark")

// TestEventAdminNight runs a small event through the admin pages as a new
// arbiter would on the night, on a phone (360 px) and a laptop (1280 px),
// once on SQLite and once on PostgreSQL (CHESS960_TEST_POSTGRES; with CI
// set and no database the subtest fails, otherwise it is skipped): one
// number per player, forms that redirect, refusals shown on their form
// with the input kept, confirmations, read-only finished pages, the badges
// of the admin and public pages agreeing, the live admin page.
func TestEventAdminNight(t *testing.T) {
	ctx := browser.Start(t, 1280, 1000)
	eachStore(t, func(t *testing.T, st store.Store, first bool) {
		shots := ""
		if first {
			shots = *adminShots
		}
		adminNight(t, ctx, st, shots)
	})
}

// refused clicks the button sel of a form the server must refuse, and
// returns the reason the page shows next to the form. The page must be
// the event's admin page (its tabs), not a bare error page.
func (b *evBrowser) refused(c context.Context, sel string, fill ...browser.Action) string {
	b.t.Helper()
	b.bounded(c, fill...)
	eval[bool](b.t, c, `window.__before = true`)
	b.bounded(c, chromedp.Click(css(sel)))
	waitFor(b.t, c, `window.__before === undefined && document.readyState === 'complete'`, "the page after "+sel)
	if eval[bool](b.t, c, `!!document.querySelector('.error-page')`) {
		b.t.Fatalf("after %s: a bare error page: %s", sel, b.where(c))
	}
	if !eval[bool](b.t, c, `!!document.querySelector('nav.tabs a[href$="/players"]')`) {
		b.t.Fatalf("after %s: the refusal is not inside the event's admin pages", sel)
	}
	if f := eval[string](b.t, c, `document.querySelector('footer.site').textContent`); strings.Contains(f, "Nothing is stored") {
		b.t.Errorf("after %s: the footer says %q", sel, strings.TrimSpace(f))
	}
	msg := eval[string](b.t, c, `(document.getElementById('form-error') || {}).textContent || ''`)
	if msg == "" {
		b.t.Fatalf("after %s: no reason next to the form: %s", sel, b.where(c))
	}
	// The reason is inside the form it came from.
	if !eval[bool](b.t, c, fmt.Sprintf(`(() => { const f = document.querySelector(%q).closest('form'); const e = document.getElementById('form-error'); return !!f && (f.contains(e) || f.parentElement.contains(e)); })()`, sel)) {
		b.t.Errorf("after %s: the reason %q is not at its form", sel, msg)
	}
	b.keep(c)
	return strings.TrimSpace(msg)
}

// post sends an admin form with plain HTTP (the CSRF token and the version
// of the tab's page), without following a redirect: the status, the
// Location and the body.
func (b *evBrowser) post(c context.Context, fields ...string) (int, string, string) {
	b.t.Helper()
	f := url.Values{
		"csrf": {eval[string](b.t, c, `document.querySelector('input[name=csrf]').value`)},
		"base": {eval[string](b.t, c, `document.querySelector('input[name=base]').value`)},
	}
	for i := 0; i+1 < len(fields); i += 2 {
		f.Set(fields[i], fields[i+1])
	}
	cl := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	r, err := cl.PostForm(b.srv+b.base+"/do", f)
	if err != nil {
		b.t.Fatal(err)
	}
	defer r.Body.Close()
	body, _ := io.ReadAll(r.Body)
	return r.StatusCode, strings.Replace(r.Header.Get("Location"), b.base, "/e/ID/a/TOKEN", 1), string(body)
}

// inView reports whether the element is on the screen.
func inView(t *testing.T, c context.Context, sel string) bool {
	t.Helper()
	return eval[bool](t, c, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`, sel))
}

func adminNight(tt *testing.T, ctx context.Context, st store.Store, shots string) {
	ts := httptest.NewServer(server.New(server.Config{Events: event.NewService(st), WriteBurst: 1_000_000}))
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	tt.Cleanup(func() { ts.CloseClientConnections(); ts.Close() })
	b := &evBrowser{t: tt, ctx: ctx, srv: ts.URL, names: map[int]string{}}
	phone := tab(tt, ctx)
	run(tt, phone, chromedp.EmulateViewport(360, 800))
	b.admin = phone
	noOverflow := func(what string) {
		tt.Helper()
		if o := overflow(tt, phone); o > 1 {
			wide := eval[[]string](tt, phone, `[...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.table-wrap')).slice(0, 4).map(e => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right))`)
			tt.Errorf("%s at 360 px is %d px wider than the screen: %q", what, o, wide)
		}
	}

	// An event without players: "Pair round 1" is disabled, and the hint
	// is a link to the players.
	b.open(phone, "/events/new")
	b.submit(phone, "#create-form button[type=submit]", chromedp.SendKeys(css("#ev-name"), "Empty Open"))
	b.base = eval[string](tt, phone, `location.pathname`)
	if !eval[bool](tt, phone, `document.querySelector('.next-actions form:has(input[name=kind][value=pair]) button').disabled`) {
		tt.Error("the dashboard of an event without players offers Pair round 1 enabled")
	}
	if h := eval[string](tt, phone, `(document.querySelector('#next-note a') || {}).pathname || ''`); h != b.base+"/players" {
		tt.Errorf("the hint to add the players is no link to the players page (%q)", strings.Replace(h, b.base, "/e/ID/a/TOKEN", 1))
	}
	// Pairing anyway (a stale page): refused on the form, under 4xx.
	if code, _, body := b.post(phone, "kind", "pair", "round", "1", "back", "round/1", "on", ""); code < 400 || code >= 500 || !strings.Contains(body, `id="form-error"`) || !strings.Contains(body, `class="tabs"`) {
		tt.Errorf("pairing without players: status %d, want 4xx with the reason on the admin page", code)
	}
	eval[bool](tt, phone, `(document.querySelector('.next-actions form:has(input[name=kind][value=pair]) button').disabled = false, true)`)
	if msg := b.refused(phone, ".next-actions form:has(input[name=kind][value=pair]) button"); !strings.Contains(msg, "player") {
		tt.Errorf("pairing without players says %q", msg)
	}
	if shots != "" {
		browser.Screenshot(tt, phone, filepath.Join(shots, "admin-refused-pair-360-light.png"))
		b.open(phone, b.base)
		browser.Screenshot(tt, phone, filepath.Join(shots, "admin-empty-dashboard-360-light.png"))
	}

	// The real event: the players come with the creation form, entered
	// in an order that is not the rating order.
	seed := "admin-night-seed-7c1e"
	b.open(phone, "/events/new")
	if !eval[bool](tt, phone, `!!document.querySelector('#create-form textarea[name=playersText]')`) {
		tt.Fatal("the creation form has no players step")
	}
	// A players' list without names: refused next to it, kept.
	badList := "rating\n2000\n"
	b.bounded(phone, chromedp.SendKeys(css("#ev-name"), "Night Open"), chromedp.SetValue(css("#ev-players-text"), badList))
	eval[bool](tt, phone, `window.__before = true`)
	b.bounded(phone, chromedp.Click(css("#create-form button[type=submit]")))
	waitFor(tt, phone, `window.__before === undefined && document.readyState === 'complete'`, "the creation form refused")
	if got := eval[[]string](tt, phone, `[(document.getElementById('players-error') || {}).textContent || '', document.getElementById('ev-players-text').value, document.getElementById('ev-name').value]`); got[0] == "" || got[1] != badList || got[2] != "Night Open" {
		tt.Errorf("the creation form with a list without names: reason %q, list %q, name %q", got[0], got[1], got[2])
	}
	run(tt, phone, clearField("#ev-name"))
	b.submit(phone, "#create-form button[type=submit]",
		chromedp.SendKeys(css("#ev-name"), "Night Open"),
		clearField("#ev-rounds"), chromedp.SendKeys(css("#ev-rounds"), "1"),
		chromedp.SetValue(css("#ev-players-text"), "name,rating\nEve Low,1500\nDan Mid,1800\nAnn Top,2200\nBob High,2000\nCy Zed,1900\n"),
		chromedp.Click(css("#create-form details.ev-details summary")),
		chromedp.SendKeys(css("#ev-seed"), seed),
		chromedp.Click(css("#ev-weak-seed")))
	b.base = eval[string](tt, phone, `location.pathname`)
	b.id = strings.Split(b.base, "/")[2]
	if n := eval[string](tt, phone, `[...document.querySelectorAll('.ev-facts div')].find(d => d.querySelector('dt').textContent === 'Players').querySelector('dd').textContent`); n != "5" {
		tt.Errorf("the new event's dashboard says %s players, want the 5 of the creation form", n)
	}
	if eval[bool](tt, phone, `document.querySelector('.next-actions form:has(input[name=kind][value=pair]) button').disabled`) {
		tt.Error("Pair round 1 is disabled with 5 players")
	}

	// A player by hand: the focus is back in the name field; a name
	// already in asks to confirm, keeping what was typed.
	b.open(phone, b.base+"/players")
	b.submit(phone, "#add-player button[type=submit]", chromedp.SendKeys(css("#new-name"), "Fay New"), chromedp.SendKeys(css("#new-rating"), "2100"))
	if got := eval[string](tt, phone, `document.activeElement.id`); got != "new-name" {
		tt.Errorf("after adding a player the focus is on %q, want the name field (%v)", got, eval[[]string](tt, phone, `[document.activeElement.tagName, String(!!document.querySelector('script[src*="admin.js"]')), location.hash, String(!!document.getElementById('added')), String(document.hasFocus())]`))
	}
	if got := text(tt, phone, "#added"); !strings.Contains(got, "Fay New") || !strings.Contains(got, "No. 2") {
		tt.Errorf("after adding: %q", got)
	}
	msg := b.refused(phone, "#add-player button[type=submit]", chromedp.SendKeys(css("#new-name"), "ann top"), chromedp.SendKeys(css("#new-fed"), "NOR"))
	if !strings.Contains(msg, "Ann Top") || !strings.Contains(msg, "tick") {
		tt.Errorf("a duplicate name says %q", msg)
	}
	if got := eval[[]string](tt, phone, `[document.getElementById('new-name').value, document.getElementById('new-fed').value]`); got[0] != "ann top" || got[1] != "NOR" {
		tt.Errorf("the refused player's fields now read %q", got)
	}
	if n := eval[int](tt, phone, `document.querySelectorAll('tr[id^=player-]').length`); n != 6 {
		tt.Errorf("%d players after the unconfirmed duplicate, want 6", n)
	}
	b.submit(phone, "#add-player button[type=submit]", chromedp.Click(css("#new-dup")))
	// One number per player, in pairing-number order, no internal IDs.
	head := eval[[]string](tt, phone, `[...document.querySelectorAll('table.admin-players thead th')].map(th => th.textContent.trim())`)
	if strings.Join(head, ",") != "No.,Name,Rating,Fed.,Status,Actions" {
		tt.Errorf("the players table's columns %q, want one number column", head)
	}
	rows := eval[[][]string](tt, phone, `[...document.querySelectorAll('tr[id^=player-]')].map(tr => [tr.cells[0].textContent.trim(), tr.querySelector('.pl-name').textContent.trim()])`)
	want := []string{"1 Ann Top", "2 Fay New", "3 Bob High", "4 Cy Zed", "5 Dan Mid", "6 Eve Low", "7 ann top"}
	var got []string
	for _, r := range rows {
		got = append(got, r[0]+" "+r[1])
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		tt.Errorf("the players list %q, want by pairing number %q", got, want)
	}
	noOverflow("the players page")
	// A bad CSV: the reason at the import form, the text kept.
	bad := "rating,club\n2000,x\n"
	msg = b.refused(phone, "#import-players button[type=submit]", chromedp.SetValue(css("#imp-text"), bad))
	if !strings.Contains(strings.ToLower(msg), "name") {
		tt.Errorf("a CSV without names says %q", msg)
	}
	if got := eval[string](tt, phone, `document.getElementById('imp-text').value`); got != bad {
		tt.Errorf("the pasted CSV is now %q, want it kept", got)
	}

	// Round 1, by hand, by pairing numbers.
	b.open(phone, b.base)
	b.submit(phone, kindButton(".actions", "pair"))
	if got := eval[string](tt, phone, `document.querySelector('#manual-pairing textarea').value`); !strings.Contains(got, "-") || strings.ContainsAny(got, " ") {
		tt.Errorf("the manual pairing's text %q, want boards as N-M", got)
	}
	// A number on two boards: refused at the form, the text kept.
	twice := "1-2\n1-3"
	msg = b.refused(phone, "#manual-pairing button[type=submit]", chromedp.SetValue(css("#manual-pairing textarea"), twice))
	if !strings.Contains(msg, "number 1") {
		tt.Errorf("a number on two boards says %q", msg)
	}
	if got := eval[string](tt, phone, `document.querySelector('#manual-pairing textarea').value`); got != twice {
		tt.Errorf("the refused pairing now reads %q", got)
	}
	b.submit(phone, "#manual-pairing button[type=submit]", chromedp.SetValue(css("#manual-pairing textarea"), "1-2\n3-4\n5 6\n7"))
	boardText := func(c context.Context, sel string) []string {
		return eval[[]string](tt, c, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(tr => tr.innerText.replace(/\s+/g, ' ').trim())`, sel))
	}
	wantBoards := []string{"1 Ann Top (1) – Fay New (2)", "2 Bob High (3) – Cy Zed (4)", "3 Dan Mid (5) – Eve Low (6)"}
	got = boardText(phone, "#round tr[id^=board-]")
	for i, w := range wantBoards {
		if i >= len(got) || got[i] != w+" after the start" {
			tt.Errorf("the round page's boards %q, want by pairing numbers %q", got, wantBoards)
			break
		}
	}
	if got := boardText(phone, "#round tr.bye-row"); len(got) != 1 || got[0] != "ann top (7) — bye (1 point)" {
		tt.Errorf("the round page's bye %q", got)
	}
	b.submit(phone, kindButton("#round", "publish"))
	pub := tab(tt, ctx)
	b.open(pub, "/e/"+b.id)
	if got := boardText(pub, "#round-1 table.pairings tbody tr:not(.bye-row)"); len(got) != 3 || !strings.Contains(got[0], "Ann Top (1)") || !strings.Contains(got[0], "Fay New (2)") || !strings.Contains(got[2], "Dan Mid (5)") {
		tt.Errorf("the public page's boards %q: not the admin page's numbers", got)
	}
	b.submit(phone, kindButton("#round", "start"))

	// An arbiter link with a label: the form redirects, a reload makes no
	// second link, and the link shows its label and creation time.
	b.open(phone, b.base+"/links")
	b.submit(phone, "#add-link button[type=submit]", chromedp.SendKeys(css("#link-label"), "Deputy"))
	if p := eval[string](tt, phone, `location.pathname`); p != b.base+"/links" {
		tt.Errorf("after adding a link the page is %s, want the links page", strings.Replace(p, b.base, "/e/ID/a/TOKEN", 1))
	}
	arbiter := eval[string](tt, phone, `document.getElementById('arbiter-link').value`)
	au, err := url.Parse(arbiter)
	if err != nil || !strings.HasPrefix(au.Path, "/e/"+b.id+"/a/") || au.Path == b.base {
		tt.Fatalf("the new arbiter link shown is %q", arbiter)
	}
	run(tt, phone, chromedp.Reload())
	waitFor(tt, phone, `document.readyState === 'complete'`, "the reloaded links page")
	if n := eval[int](tt, phone, `document.querySelectorAll('.links-list li').length`); n != 1 {
		tt.Errorf("after a reload there are %d arbiter links, want 1", n)
	}
	if got := text(tt, phone, ".links-list li .link-label") + " " + text(tt, phone, ".links-list li .link-made"); !strings.Contains(got, "Deputy") || !strings.Contains(got, time.Now().UTC().Format("2006-01-02")) {
		tt.Errorf("the link is listed as %q, want its label and creation time", got)
	}
	if code, loc, _ := b.post(phone, "kind", "add-link", "back", "links"); code != http.StatusSeeOther || !strings.HasPrefix(loc, "/e/ID/a/TOKEN/links?link=") {
		tt.Errorf("add-link without a label: %d %s, want 303 to the links page", code, loc)
	}
	noOverflow("the links page")

	// Results on a phone, a second arbiter on a laptop: the admin page
	// follows the arbiter's entry live and takes its own without a 409.
	b.open(phone, b.base+"/round/1")
	lap := tab(tt, ctx)
	run(tt, lap, chromedp.EmulateViewport(1280, 900))
	b.open(lap, au.Path+"/round/1")
	if k := text(tt, lap, ".kicker"); !strings.Contains(k, "arbiter Deputy") {
		tt.Errorf("the arbiter's page says %q, want the link's label", k)
	}
	// The phone has board 3's result chosen, not saved: the live page
	// does not swap itself under it, and offers the reload instead.
	b.bounded(phone, chromedp.SetValue(css("#board-3 select[name=result]"), "1/2-1/2"))
	eval[bool](tt, phone, `window.__stays = true`)
	b.submit(lap, "#board-1 .result-form button[type=submit]", chromedp.SetValue(css("#board-1 select[name=result]"), "1-0"))
	waitFor(tt, phone, `window.__stays === true && !!document.getElementById('live-bar')`, "the phone's round page to offer the reload")
	if got := eval[[]string](tt, phone, `[document.querySelector('#board-1 select[name=result]').value, document.querySelector('#board-3 select[name=result]').value]`); got[0] != "" || got[1] != "1/2-1/2" {
		tt.Errorf("the busy phone's page was swapped under it: boards 1 and 3 read %q", got)
	}
	if h := eval[string](tt, phone, `document.querySelector('#live-bar a').pathname`); h != b.base+"/round/1" {
		tt.Errorf("the reload bar leads to %s, want the round page", strings.Replace(h, b.base, "/e/ID/a/TOKEN", 1))
	}
	// Its own entry, on the version before the arbiter's: no 409.
	b.submit(phone, "#board-3 .result-form button[type=submit]", chromedp.SetValue(css("#board-3 select[name=result]"), "1/2-1/2"))
	if got := eval[string](tt, phone, `document.querySelector('#board-1 select[name=result]').value`); got != "1-0" {
		tt.Errorf("after saving board 3 the phone shows board 1 as %q, want the arbiter's 1-0", got)
	}
	if h := eval[string](tt, phone, `location.hash`); h != "#board-3" {
		tt.Errorf("after saving board 3 the page is at %q, want #board-3", h)
	}
	if !inView(tt, phone, "#board-3") {
		tt.Error("after saving board 3 its row is not on the phone's screen")
	}
	if s := text(tt, phone, "#round .status"); s != "playing" {
		tt.Errorf("the round with a result to come is %q, want playing", s)
	}
	// The same result again: refused on its board, with the page's tabs.
	msg = b.refused(phone, "#board-1 .result-form button[type=submit]")
	if shots != "" {
		browser.Screenshot(tt, phone, filepath.Join(shots, "admin-refused-result-360-light.png"))
	}
	if !strings.Contains(msg, "already") {
		tt.Errorf("a repeated result says %q", msg)
	}
	noOverflow("the refused result")
	// A change meanwhile: the refusal's page (at …/do) offers to reload
	// the round page it shows.
	b.open(lap, au.Path+"/round/1")
	b.submit(lap, "#board-3 .result-form button[type=submit]", chromedp.SetValue(css("#board-3 select[name=result]"), "0-1"))
	waitFor(tt, phone, `!!document.getElementById('live-bar')`, "the refusal's page to offer the reload")
	if h := eval[string](tt, phone, `document.querySelector('#live-bar a').pathname`); h != b.base+"/round/1" {
		tt.Errorf("the refusal page's reload bar leads to %s, want the round page", strings.Replace(h, b.base, "/e/ID/a/TOKEN", 1))
	}
	// A bad PGN: refused at its board, the text kept.
	b.open(phone, b.base+"/round/1")
	badPGN := "1. e4 e5 2. Kxe8 *"
	b.bounded(phone, chromedp.Click(css("#board-2 details.pgn-attach summary")))
	msg = b.refused(phone, "#board-2 .pgn-attach button[type=submit]", chromedp.SetValue(css("#board-2 textarea[name=pgnText]"), badPGN))
	if got := eval[[]string](tt, phone, `[document.querySelector('#board-2 textarea[name=pgnText]').value, String(document.querySelector('#board-2 details.pgn-attach').open)]`); got[0] != badPGN || got[1] != "true" {
		tt.Errorf("after the refused PGN (%q) its field reads %q", msg, got)
	}
	// An idle phone follows the arbiter's last result live, and then
	// offers the next step without a reload.
	b.open(phone, b.base+"/round/1")
	eval[bool](tt, phone, `window.__stays = true`)
	b.submit(lap, "#board-2 .result-form button[type=submit]", chromedp.SetValue(css("#board-2 select[name=result]"), "0-1"))
	waitFor(tt, phone, `window.__stays === true && document.querySelector('#board-2 select[name=result]').value === '0-1' && !!document.getElementById('round-done')`, "the phone's round page to show the arbiter's result live")
	noOverflow("the round page")
	// Complete: the round page offers the next step, and the badges of
	// the admin and the public page agree.
	if !eval[bool](tt, phone, `!!document.querySelector('#round-done form:has(input[name=kind][value=finish])')`) {
		tt.Error("the complete last round's page does not offer to finish")
	}
	b.open(pub, "/e/"+b.id)
	for _, sel := range [][2]string{{"#round .status", "#round-1 .status"}, {"#ev-badge", "#ev-badge"}} {
		if a, p := text(tt, phone, sel[0]), text(tt, pub, sel[1]); !strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(p)) {
			tt.Errorf("the admin page's badge %q, the public page's %q", a, p)
		}
	}
	if s := text(tt, phone, "#round .status"); !strings.HasPrefix(s, "complete") {
		tt.Errorf("the complete round's badge is %q", s)
	}
	// The arbiter's label is on the result the arbiter entered.
	b.open(phone, b.base+"/history")
	if by := eval[string](tt, phone, `[...document.querySelectorAll('table.history tbody tr')].filter(tr => tr.cells[2].textContent.includes('board 1: 1-0')).map(tr => tr.cells[3].textContent.trim()).join(',')`); by != "Deputy" {
		tt.Errorf("board 1's result is by %q in the history, want the link's label Deputy", by)
	}
	if shots != "" {
		b.adminShots(shots, au.Path, false)
	}

	// Revoke and finish ask for a confirmation, without JavaScript too.
	b.open(phone, b.base+"/links")
	linkID := eval[string](tt, phone, `document.querySelector('.links-list input[name=link]').value`)
	if code, _, body := b.post(phone, "kind", "revoke-link", "link", linkID, "back", "links", "on", "links"); code != http.StatusBadRequest || !strings.Contains(body, "tick the box") {
		tt.Errorf("revoke without the confirm box: %d, want 400 asking for it", code)
	}
	if !eval[bool](tt, phone, `document.querySelector('.links-list input[name=confirm]').required`) {
		tt.Error("the revoke form's confirm box is not required")
	}
	b.bounded(phone, chromedp.Click(css(".links-list details summary")))
	b.submit(phone, ".links-list form button[type=submit]", chromedp.Click(css(".links-list input[name=confirm]")))
	if n := eval[int](tt, phone, `document.querySelectorAll('.links-list li').length`); n != 1 {
		tt.Errorf("%d links after revoking one of 2", n)
	}
	b.open(phone, b.base)
	if code, _, body := b.post(phone, "kind", "finish", "on", ""); code != http.StatusBadRequest || !strings.Contains(body, "tick the box") {
		tt.Errorf("finish without the confirm box: %d, want 400 asking for it", code)
	}
	if f := text(tt, phone, "#finish-form"); !strings.Contains(f, "reveals the seed") {
		tt.Errorf("the finish form does not say what it does: %q", f)
	}
	b.submit(phone, "#finish-form button[type=submit]", chromedp.Click(css("#finish-form input[name=confirm]")))

	// Finished: the admin pages are read-only, bar the links and the
	// link to a later stage (made once the event is over, as a rule).
	for _, tabPath := range []string{"", "/players", "/round/1", "/settings", "/standings"} {
		b.open(phone, b.base+tabPath)
		if n := eval[int](tt, phone, `document.querySelectorAll('form[action$="/do"]:not(#next-stage-form)').length`); n != 0 {
			tt.Errorf("the finished event's admin page %q has %d forms", tabPath, n)
		}
	}
	if n := eval[int](tt, phone, `document.querySelectorAll('#next-stage-form').length`); n != 0 {
		tt.Errorf("the standings tab has the next stage's form")
	}
	b.open(phone, b.base+"/settings")
	if n := eval[int](tt, phone, `document.querySelectorAll('#next-stage-form').length`); n != 1 {
		tt.Errorf("the finished event's settings tab has %d next-stage forms, want 1", n)
	}
	b.open(phone, b.base+"/exports")
	if n := eval[int](tt, phone, `document.querySelectorAll('a[href$="/print/standings"], a[href$="/export.trf"]').length`); n < 2 {
		tt.Error("the finished event's exports are gone")
	}
	// The seed revealed at the end is the one committed to at the start:
	// SHA-256 of it, computed here (docs/events.md), is the commitment
	// every page showed.
	b.open(pub, "/e/"+b.id)
	revealed := strings.TrimSpace(text(tt, pub, ".ev-seed code"))
	sum := sha256.Sum256([]byte(revealed))
	if revealed != seed || text(tt, pub, "#commitment") != hex.EncodeToString(sum[:]) {
		tt.Errorf("the revealed seed %q and the commitment %q do not match (want the seed %q)", revealed, text(tt, pub, "#commitment"), seed)
	}
	if shots != "" {
		b.adminShots(shots, au.Path, true)
	}
}

// adminShots takes the pictures of the admin pages into dir, at 360 and
// 1280 px, light and dark. Each tab leaves its page when its picture is
// taken: a live page holds a stream, and Chromium opens at most six
// connections to one host.
func (b *evBrowser) adminShots(dir, arbiter string, finished bool) {
	t := b.t
	a := b.base
	pages := [][2]string{{"admin-dashboard", a}, {"admin-players", a + "/players"}, {"admin-round", a + "/round/1"},
		{"admin-links", a + "/links"}, {"admin-arbiter-round", arbiter + "/round/1"}, {"admin-new", "/events/new"}, {"admin-error", a + "/nothing"}}
	if finished {
		pages = [][2]string{{"admin-finished-dashboard", a}, {"admin-finished-round", a + "/round/1"}, {"admin-finished-players", a + "/players"}}
	}
	for _, p := range pages {
		for _, w := range []int64{360, 1280} {
			for _, scheme := range []string{"light", "dark"} {
				c := tab(t, b.ctx)
				h := int64(1000)
				if w < 600 {
					h = 1600
				}
				run(t, c, chromedp.EmulateViewport(w, h), browser.Media("", scheme), chromedp.Navigate(b.srv+p[1]))
				waitFor(t, c, `document.readyState === 'complete' && [...document.images].every(i => i.complete)`, p[0]+" loaded")
				b.keep(c)
				browser.Screenshot(t, c, filepath.Join(dir, fmt.Sprintf("%s-%d-%s.png", p[0], w, scheme)))
				run(t, c, chromedp.Navigate("about:blank"))
			}
		}
	}
}
