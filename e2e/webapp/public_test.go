package webapp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/store"
)

// publicEvent is an event of eleven players on an SQLite store of the
// test's own, with round 1 published (not started), served by the app.
type publicEvent struct {
	svc *event.Service
	id  string
	srv string
}

func newPublicEvent(t *testing.T) *publicEvent {
	t.Helper()
	return newPublicEventWith(t, event.PositionRules{})
}

// newPublicEventWith is newPublicEvent with the position rules.
func newPublicEventWith(t *testing.T, pr event.PositionRules) *publicEvent {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "events.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := event.NewService(st)
	var ps []event.PlayerInfo
	for i := range 11 {
		ps = append(ps, event.PlayerInfo{Name: fmt.Sprintf("Spieler-Mustermann, Maximilian %02d", i+1), Rating: 2400 - 37*i, Federation: "GER",
			Title: []string{"GM", "IM", "FM", ""}[i%4], Club: "Schachfreunde Neukölln", Sex: "m", Birth: "1990/01/02"})
	}
	sets := event.Settings{Name: "Projector Open 960", Place: "Berlin", System: event.Swiss, Rounds: 2, TimeControl: "90+30",
		TieBreaks: []string{"BH-C1", "BH", "SB", "DE", "WIN", "ARO"}, Positions: pr}
	s, _, err := svc.Create(ctx, event.Init{Settings: sets, Seed: "projector-seed", WeakSeed: true, FirstColor: "w", Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	e := &publicEvent{svc: svc, id: s.ID()}
	e.do(t, event.Change{Kind: event.KindPair, Round: 1})
	e.do(t, event.Change{Kind: event.KindPublish, Round: 1})
	ts := httptest.NewServer(server.New(server.Config{Events: svc, WriteBurst: 1_000_000}))
	t.Cleanup(func() { ts.CloseClientConnections(); ts.Close() })
	e.srv = ts.URL
	return e
}

// position returns round n's start position number, as the event's public
// JSON gives it.
func (e *publicEvent) position(t *testing.T, n int) string {
	t.Helper()
	r, err := http.Get(e.srv + "/api/events/" + e.id)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var ev struct {
		Schedule []struct {
			Position json.RawMessage `json:"position"`
		} `json:"schedule"`
	}
	if err := json.NewDecoder(r.Body).Decode(&ev); err != nil || len(ev.Schedule) < n {
		t.Fatalf("the event's JSON: %v, %d rounds", err, len(ev.Schedule))
	}
	p := strings.Trim(string(ev.Schedule[n-1].Position), `"`)
	if _, err := strconv.Atoi(p); err != nil {
		t.Fatalf("round %d's position %q", n, p)
	}
	return p
}

func (e *publicEvent) do(t *testing.T, c event.Change) *event.State {
	t.Helper()
	st, _, err := e.svc.Apply(context.Background(), e.id, event.Actor{Role: event.RoleAdmin, Label: "test"}, c)
	if err != nil {
		t.Fatalf("%s: %v", c.Kind, err)
	}
	return st
}

// closeTab closes a tab (and its page's live stream).
func closeTab(c context.Context) { chromedp.Cancel(c) }

// fits returns what of the element (CSS selector) is outside the
// viewport or cut off in its box: "" if it is all in view.
const fitsJS = `((sel) => {
  const el = document.querySelector(sel);
  if (!el) return sel + ": missing";
  const r = el.getBoundingClientRect();
  const out = [];
  if (r.width === 0 || r.height === 0) out.push("empty");
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    out.push("outside the viewport: " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",") + " of " + innerWidth + "x" + innerHeight);
  if (el.scrollWidth > el.clientWidth + 0.5 && el.clientWidth > 0) out.push("cut: scrollWidth " + el.scrollWidth + " > clientWidth " + el.clientWidth);
  return out.join("; ");
})`

// TestProjectorScreens: the projector page of a published round shows
// its position by itself once the round starts (no reload: a mark left on
// the window survives), and at 1024×768, 1280×900, 1920×1080, 3840×2160
// and 360×740 the position's number, its FEN and the board are whole and
// inside the viewport.
func TestProjectorScreens(t *testing.T) {
	ctx := browser.Start(t, 1280, 900)
	e := newPublicEvent(t)
	url := e.srv + "/e/" + e.id + "/print/projector/1"
	c := tab(t, ctx)
	run(t, c, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(url))
	waitFor(t, c, `document.readyState === 'complete' && !!document.querySelector('.pos-note')`, "the projector's note before the start")
	eval[bool](t, c, `window.stayed = true`)
	// Start the round elsewhere (the stream sends the current version
	// first, so it does not matter whether it is connected yet).
	st := e.do(t, event.Change{Kind: event.KindStart, Round: 1})
	waitFor(t, c, `(document.getElementById('pno') || {}).textContent === '`+e.position(t, 1)+`'`, "the position on the projector after Start")
	if !eval[bool](t, c, `window.stayed === true`) {
		t.Error("the projector page was reloaded to show the position")
	}
	// Each projector page holds a live stream, and Chromium opens at most
	// six connections to a server: each size's tab is closed after it.
	closeTab(c)
	for _, vp := range [][2]int64{{1024, 768}, {1280, 900}, {1920, 1080}, {3840, 2160}, {360, 740}} {
		c := tab(t, ctx)
		run(t, c, chromedp.EmulateViewport(vp[0], vp[1]), chromedp.Navigate(url))
		waitFor(t, c, `document.readyState === 'complete' && !!document.getElementById('pno')`, "the projector page")
		for _, sel := range []string{"#pno", "#fen", "#projector > svg", ".rnd"} {
			if bad := eval[string](t, c, fitsJS+`(`+strconv.Quote(sel)+`)`); bad != "" {
				t.Errorf("%dx%d: %s: %s", vp[0], vp[1], sel, bad)
			}
		}
		if got := eval[int](t, c, `document.scrollingElement.scrollWidth - innerWidth`); got > 0 {
			t.Errorf("%dx%d: the page is %d px wider than the screen", vp[0], vp[1], got)
		}
		if *screenshots != "" && (vp[0] == 1024 || vp[0] == 1920 || vp[0] == 360) {
			browser.Screenshot(t, c, filepath.Join(*screenshots, fmt.Sprintf("projector-%dx%d.png", vp[0], vp[1])))
		}
		closeTab(c)
	}
	// The projector of the current round moves on to round 2 when it is
	// published, and shows its position when it starts, without a reload.
	cur := tab(t, ctx)
	run(t, cur, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(e.srv+"/e/"+e.id+"/print/projector/current"))
	waitFor(t, cur, `document.readyState === 'complete' && !!document.getElementById('pno')`, "the current round's projector")
	eval[bool](t, cur, `window.stayed = true`)
	for _, b := range st.Public().Schedule[0].Boards {
		e.do(t, event.Change{Kind: event.KindResult, Round: 1, Board: b.Board, Result: "1-0"})
	}
	e.do(t, event.Change{Kind: event.KindPair, Round: 2})
	e.do(t, event.Change{Kind: event.KindPublish, Round: 2})
	waitFor(t, cur, `document.querySelector('.rnd').textContent === 'Round 2' && !!document.querySelector('.pos-note')`, "round 2 on the current projector")
	e.do(t, event.Change{Kind: event.KindStart, Round: 2})
	waitFor(t, cur, `(document.getElementById('pno') || {}).textContent === '`+e.position(t, 2)+`'`, "round 2's position on the current projector")
	if !eval[bool](t, cur, `window.stayed === true`) {
		t.Error("the current projector was reloaded")
	}
	closeTab(cur)
	// One position per board: every board's tile is in view.
	pb := newPublicEventWith(t, event.PositionRules{PerBoard: true})
	pb.do(t, event.Change{Kind: event.KindStart, Round: 1})
	for _, vp := range [][2]int64{{1024, 768}, {1920, 1080}, {3840, 2160}, {360, 740}} {
		c := tab(t, ctx)
		run(t, c, chromedp.EmulateViewport(vp[0], vp[1]), chromedp.Navigate(pb.srv+"/e/"+pb.id+"/print/projector/1"))
		waitFor(t, c, `document.readyState === 'complete' && document.querySelectorAll('.tile').length === 5`, "the per-board projector")
		for i := 1; i <= 5; i++ {
			if bad := eval[string](t, c, fitsJS+`(".tile:nth-child(`+strconv.Itoa(i)+`)")`); bad != "" {
				t.Errorf("per board, %dx%d: tile %d: %s", vp[0], vp[1], i, bad)
			}
		}
		if got := eval[int](t, c, `document.scrollingElement.scrollWidth - innerWidth`); got > 0 {
			t.Errorf("per board, %dx%d: the page is %d px wider than the screen", vp[0], vp[1], got)
		}
		if *screenshots != "" {
			browser.Screenshot(t, c, filepath.Join(*screenshots, fmt.Sprintf("projector-perboard-%dx%d.png", vp[0], vp[1])))
		}
		closeTab(c)
	}
}

// wideJS lists the elements that reach past the viewport's right edge
// outside a box that scrolls sideways, and says how much wider than the
// viewport the page is: "" if it fits.
const wideJS = `(() => {
  const out = [];
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; } return false; };
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > innerWidth + 1 && !scrolls(el)) out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' ' + Math.round(r.right));
    if (out.length >= 6) break;
  }
  const extra = document.scrollingElement.scrollWidth - innerWidth;
  if (extra > 0) out.unshift('page ' + extra + ' px wider');
  return out.join('; ');
})()`

// TestPublicPagesPhone: at 360 px no page of a running event (public
// page, verify page, the admin dashboard with its Finish card, players,
// a round with its PGN box open, standings, history, settings, exports,
// links) is wider than the screen; the public standings show the
// tie-break columns, in a table that scrolls sideways with a cue, and
// each tie-break column can be scrolled into view beside the names. With
// -screenshots, pictures at 360 and 1280 px, light and dark.
func TestPublicPagesPhone(t *testing.T) {
	ctx := browser.Start(t, 360, 740)
	e := newPublicEvent(t)
	tok := e.adminToken(t)
	for rn := 1; rn <= 2; rn++ {
		if rn > 1 {
			e.do(t, event.Change{Kind: event.KindPair, Round: rn})
			e.do(t, event.Change{Kind: event.KindPublish, Round: rn})
		}
		st := e.do(t, event.Change{Kind: event.KindStart, Round: rn})
		for _, b := range st.Public().Schedule[rn-1].Boards {
			res := []string{"1-0", "1/2-1/2", "0-1"}[b.Board%3]
			e.do(t, event.Change{Kind: event.KindResult, Round: rn, Board: b.Board, Result: res})
		}
	}
	admin := "/e/" + e.id + "/a/" + tok
	pages := []string{"/e/" + e.id, "/e/" + e.id + "/verify", admin, admin + "/players", admin + "/round/2", admin + "/standings",
		admin + "/history", admin + "/settings", admin + "/exports", admin + "/links", "/events/new"}
	check := func(c context.Context, path string) {
		t.Helper()
		run(t, c, chromedp.Navigate(e.srv+path))
		waitFor(t, c, `document.readyState === 'complete'`, path)
		// Open every folded part (the PGN box, the row actions).
		eval[bool](t, c, `document.querySelectorAll('details').forEach(d => d.open = true), true`)
		if bad := eval[string](t, c, wideJS); bad != "" {
			t.Errorf("360 px, %s: %s", strings.Replace(path, tok, "TOKEN", 1), bad)
		}
	}
	c := tab(t, ctx)
	run(t, c, chromedp.EmulateViewport(360, 740))
	for _, p := range pages {
		check(c, p)
	}
	// The standings' tie-breaks at 360 px.
	run(t, c, chromedp.Navigate(e.srv+"/e/"+e.id))
	waitFor(t, c, `document.readyState === 'complete' && !!document.getElementById('standings-table')`, "the public standings")
	got := eval[string](t, c, `(() => {
	  const wrap = document.getElementById('standings-wrap'), cue = document.getElementById('standings-cue');
	  const tbs = [...document.querySelectorAll('#standings-table thead th.tb')];
	  if (tbs.length !== 6) return 'tie-break columns: ' + tbs.length + ', want 6';
	  if (!(wrap.scrollWidth > wrap.clientWidth)) return 'the standings do not scroll sideways';
	  if (!cue || cue.getBoundingClientRect().height === 0) return 'no visible cue that the table scrolls';
	  const name = document.querySelector('#standings-table thead th.st-name');
	  for (const th of tbs) {
	    if (getComputedStyle(th).display === 'none') return th.textContent + ' is hidden';
	    for (let i = 0; i < 3; i++) wrap.scrollTo({ left: wrap.scrollLeft + th.getBoundingClientRect().left - name.getBoundingClientRect().right, behavior: "instant" });
	    const w = wrap.getBoundingClientRect(), r = th.getBoundingClientRect(), n = name.getBoundingClientRect();
	    if (r.left < n.right - 1 || r.right > w.right + 1) return th.textContent + ' cannot be brought into view: ' + [r.left, r.right, n.right, w.right, wrap.scrollLeft].map(Math.round).join(',');
	  }
	  return '';
	})()`)
	if got != "" {
		t.Errorf("360 px standings: %s", got)
	}
	if *screenshots != "" {
		for _, scheme := range []string{"light", "dark"} {
			run(t, c, browser.Media("", scheme))
			eval[bool](t, c, `document.getElementById('st-title').scrollIntoView(), document.getElementById('standings-wrap').scrollTo({left: 0, behavior: 'instant'}), true`)
			browser.Screenshot(t, c, filepath.Join(*screenshots, "standings-360-"+scheme+".png"))
			eval[bool](t, c, `document.getElementById('standings-wrap').scrollTo({left: 200, behavior: 'instant'}), true`)
			browser.Screenshot(t, c, filepath.Join(*screenshots, "standings-360-scrolled-"+scheme+".png"))
		}
		run(t, c, browser.Media("", "light"))
	}
	// Finished: the public page with the seed, and the verify page.
	e.do(t, event.Change{Kind: event.KindFinish})
	check(c, "/e/"+e.id)
	check(c, "/e/"+e.id+"/verify")
	if *screenshots != "" {
		ready := func(c context.Context) { waitFor(t, c, `document.readyState === 'complete'`, "loaded") }
		shoot(t, ctx, "public-event", e.srv+"/e/"+e.id, "", ready)
		shoot(t, ctx, "public-verify", e.srv+"/e/"+e.id+"/verify", "", ready)
		shoot(t, ctx, "public-standings-print", e.srv+"/e/"+e.id+"/print/standings", "", ready)
		shoot(t, ctx, "public-pairings-print", e.srv+"/e/"+e.id+"/print/pairings/2", "", ready)
	}
}

// adminToken adds an arbiter link and returns its token.
func (e *publicEvent) adminToken(t *testing.T) string {
	t.Helper()
	_, tok, err := e.svc.Apply(context.Background(), e.id, event.Actor{Role: event.RoleAdmin, Label: "test"}, event.Change{Kind: event.KindRotateAdmin})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// TestDraftPrintables: printed, a draft round's pairing sheet, board cards
// and result slips carry the DRAFT mark fixed to the page, which the
// browser repeats on every printed page, and a line saying the pairing is
// a draft; the published round's sheet has neither.
func TestDraftPrintables(t *testing.T) {
	ctx := browser.Start(t, 1280, 900)
	e := newPublicEvent(t)
	tok := e.adminToken(t)
	st := e.do(t, event.Change{Kind: event.KindStart, Round: 1})
	for _, b := range st.Public().Schedule[0].Boards {
		e.do(t, event.Change{Kind: event.KindResult, Round: 1, Board: b.Board, Result: "1-0"})
	}
	e.do(t, event.Change{Kind: event.KindPair, Round: 2})
	c := tab(t, ctx)
	run(t, c, chromedp.EmulateViewport(1280, 900), browser.Media("print", "light"))
	mark := `(() => { const m = document.querySelector('.draft-mark'); if (!m) return 'none';
	  const s = getComputedStyle(m), r = m.getBoundingClientRect();
	  return [s.position, s.display, s.visibility, m.textContent, r.width > 0 && r.height > 0, !!document.querySelector('.draft-line')].join(' ') })()`
	for _, doc := range []string{"pairings", "cards", "slips"} {
		run(t, c, chromedp.Navigate(e.srv+"/e/"+e.id+"/a/"+tok+"/print/"+doc+"/2"))
		waitFor(t, c, `document.readyState === 'complete'`, doc)
		if got := eval[string](t, c, mark); got != "fixed block visible DRAFT true true" {
			t.Errorf("%s of the draft round 2, printed: mark %q, want fixed block visible DRAFT true true", doc, got)
		}
		if *screenshots != "" && doc == "pairings" {
			browser.Screenshot(t, c, filepath.Join(*screenshots, "draft-pairings-print.png"))
		}
		run(t, c, chromedp.Navigate(e.srv+"/e/"+e.id+"/a/"+tok+"/print/"+doc+"/1"))
		waitFor(t, c, `document.readyState === 'complete'`, doc)
		if got := eval[string](t, c, mark); got != "none" {
			t.Errorf("%s of the started round 1: mark %q, want none", doc, got)
		}
	}
}

// TestLateEntryBrowser: at 1280 and at 360 px, the add-player form of an
// event whose round 1 is over says how a late entry is numbered; Preview
// says "Late, Kim gets number 7; players 7-11 move down one ..." and adds
// nobody; Add adds her; the public page's round 1 still shows Player 07
// as number 7, and the history says what moved.
func TestLateEntryBrowser(t *testing.T) {
	ctx := browser.Start(t, 1280, 900)
	for _, w := range []int64{1280, 360} {
		e := newPublicEvent(t)
		tok := e.adminToken(t)
		st := e.do(t, event.Change{Kind: event.KindStart, Round: 1})
		for _, b := range st.Public().Schedule[0].Boards {
			e.do(t, event.Change{Kind: event.KindResult, Round: 1, Board: b.Board, Result: "1-0"})
		}
		admin := e.srv + "/e/" + e.id + "/a/" + tok
		c := tab(t, ctx)
		run(t, c, chromedp.EmulateViewport(w, 900), chromedp.Navigate(admin+"/players"))
		waitFor(t, c, `document.readyState === 'complete' && !!document.getElementById('late-rule')`, "the players page")
		if got := text(t, c, "#late-rule"); !strings.Contains(got, "ranked in by rating") {
			t.Errorf("%d px: the rule says %q", w, got)
		}
		fill := func() {
			run(t, c, chromedp.SendKeys(css("#new-name"), "Late, Kim"), chromedp.SendKeys(css("#new-rating"), "2200"))
		}
		fill()
		eval[bool](t, c, `window.__before = true`)
		run(t, c, chromedp.Click(css(`#add-player button[name=preview]`)))
		waitFor(t, c, `window.__before === undefined && document.readyState === 'complete' && !!document.getElementById('number-preview')`, "the preview")
		want := "Late, Kim gets number 7; players 7-11 move down one (to 8-12); round 1, published, keeps the numbers it was published with"
		if got := strings.Join(strings.Fields(text(t, c, "#number-preview")), " "); !strings.Contains(got, want) {
			t.Errorf("%d px: preview %q, want %q", w, got, want)
		}
		if st, err := e.svc.Load(context.Background(), e.id); err != nil || len(st.Public().Players) != 11 {
			t.Fatalf("%d px: the preview added a player (%v)", w, err)
		}
		if bad := eval[string](t, c, wideJS); bad != "" {
			t.Errorf("%d px, the preview: %s", w, bad)
		}
		// The form kept the entry: Add it.
		if got := eval[string](t, c, `document.getElementById('new-name').value + '|' + document.getElementById('new-rating').value`); got != "Late, Kim|2200" {
			t.Errorf("%d px: the preview's form holds %q", w, got)
		}
		eval[bool](t, c, `window.__before = true`)
		run(t, c, chromedp.Click(css(`#add-player button.primary`)))
		waitFor(t, c, `window.__before === undefined && document.readyState === 'complete'`, "the page after Add")
		run(t, c, chromedp.Navigate(e.srv+"/e/"+e.id))
		waitFor(t, c, `document.readyState === 'complete'`, "the public page")
		got := eval[string](t, c, `[...document.querySelectorAll('#round-1 td')].map(td => td.textContent.trim()).filter(s => s.includes('Maximilian 07')).join('|')`)
		if got != "Spieler-Mustermann, Maximilian 07 (7)" {
			t.Errorf("%d px: round 1 shows %q, want Spieler-Mustermann, Maximilian 07 (7)", w, got)
		}
		if bad := eval[string](t, c, wideJS); bad != "" {
			t.Errorf("%d px, the public page: %s", w, bad)
		}
		run(t, c, chromedp.Navigate(admin+"/history"))
		waitFor(t, c, `document.readyState === 'complete'`, "the history")
		if got := strings.Join(strings.Fields(text(t, c, "main")), " "); !strings.Contains(got, want) {
			t.Errorf("%d px: the history does not say what moved", w)
		}
		if *screenshots != "" {
			run(t, c, chromedp.Navigate(admin+"/players"))
			fill()
			eval[bool](t, c, `window.__before = true`)
			run(t, c, chromedp.Click(css(`#add-player button[name=preview]`)))
			waitFor(t, c, `window.__before === undefined && !!document.getElementById('number-preview')`, "the preview")
			eval[bool](t, c, `document.getElementById('add-player').scrollIntoView(), true`)
			browser.Screenshot(t, c, filepath.Join(*screenshots, fmt.Sprintf("late-entry-preview-%d.png", w)))
		}
	}
}
