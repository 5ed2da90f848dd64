package webapp_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strconv"
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
	svc  *event.Service
	id   string
	srv  string
	done bool
}

func newPublicEvent(t *testing.T) *publicEvent {
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
	sets := event.Settings{Name: "Projector Open 960", Place: "Berlin", System: event.Swiss, Rounds: 5, TimeControl: "90+30",
		TieBreaks: []string{"BH-C1", "BH", "SB", "DE", "WIN", "ARO"}}
	s, _, err := svc.Create(ctx, event.Init{Settings: sets, Seed: "projector-seed", FirstColor: "w", Players: ps})
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

func (e *publicEvent) do(t *testing.T, c event.Change) *event.State {
	t.Helper()
	st, _, err := e.svc.Apply(context.Background(), e.id, event.Actor{Role: event.RoleAdmin, Label: "test"}, c)
	if err != nil {
		t.Fatalf("%s: %v", c.Kind, err)
	}
	return st
}

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
	pos := *st.Public().Schedule[0].Position
	waitFor(t, c, `(document.getElementById('pno') || {}).textContent === '`+strconv.Itoa(pos)+`'`, "the position on the projector after Start")
	if !eval[bool](t, c, `window.stayed === true`) {
		t.Error("the projector page was reloaded to show the position")
	}
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
	}
}
