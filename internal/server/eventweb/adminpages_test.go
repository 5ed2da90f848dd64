package eventweb

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestSealLink: the new arbiter link sealed into the redirect opens with
// the admin token that made it, within linkShown, and not otherwise.
func TestSealLink(t *testing.T) {
	made := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	v := sealLink("admin-token", "ev1", "arbiter-token", made)
	if strings.Contains(v, "arbiter-token") {
		t.Fatalf("the sealed value %q holds the token in the clear", v)
	}
	if tok, at, ok := openLink("admin-token", "ev1", v, made.Add(time.Minute)); !ok || tok != "arbiter-token" || !at.Equal(made) {
		t.Errorf("openLink = %q, %v, %v; want the token made at %v", tok, at, ok, made)
	}
	for name, open := range map[string]func() bool{
		"another admin token": func() bool { _, _, ok := openLink("other", "ev1", v, made); return ok },
		"another event":       func() bool { _, _, ok := openLink("admin-token", "ev2", v, made); return ok },
		"too late":            func() bool { _, _, ok := openLink("admin-token", "ev1", v, made.Add(linkShown+time.Second)); return ok },
		"tampered":            func() bool { _, _, ok := openLink("admin-token", "ev1", v[:len(v)-2]+"AA", made); return ok },
		"not base64":          func() bool { _, _, ok := openLink("admin-token", "ev1", "%%%", made); return ok },
		"short":               func() bool { _, _, ok := openLink("admin-token", "ev1", "AAAA", made); return ok },
	} {
		if open() {
			t.Errorf("%s: the sealed link opens", name)
		}
	}
}

// TestAdminFormsRedirect: each admin form that changes the event answers
// 303 to the page it acts on, and a refused one answers 4xx with the
// admin page, the reason at the form and the input kept.
func TestAdminFormsRedirect(t *testing.T) {
	c := newEvClient(t, Config{})
	a := c.createEvent("Forms", "forms-seed", 3)
	loc := func(r evResp) string { return strings.Replace(r.location, a.base, "~", 1) }
	for i, n := range []string{"A", "B", "C", "D"} {
		r := a.must("add-players", "name", n, "rating", []string{"2000", "1900", "1800", "1700"}[i], "back", "players")
		if loc(r) != "~/players?added=1#new-name" {
			t.Errorf("add-players: to %s", loc(r))
		}
	}
	// A name already in: 409 and a confirm box, the fields kept.
	r := a.change("add-players", "name", " a ", "federation", "SUI", "back", "players", "on", "players")
	if r.status != http.StatusConflict || !strings.Contains(r.body, `name="dupOK"`) || !strings.Contains(r.body, `value=" a "`) || !strings.Contains(r.body, `value="SUI"`) {
		t.Errorf("a duplicate name: %d, want 409 with the confirm box and the fields kept", r.status)
	}
	if n := len(a.event().Players); n != 4 {
		t.Errorf("%d players after the unconfirmed duplicate", n)
	}
	// A manual pairing by pairing numbers that names no player: 400, the
	// text kept, the reason at the form, inside the admin page.
	a.must("pair", "round", "1", "back", "round/1")
	r = a.change("set-pairing", "round", "1", "pairs", "1-2\n3-9", "back", "round/1", "on", "round/1")
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, ">1-2\n3-9</textarea>") || !strings.Contains(r.body, `id="form-error"`) ||
		!strings.Contains(r.body, "pairing number 9") || !strings.Contains(r.body, `class="tabs"`) {
		t.Errorf("a pairing with number 9: %d %.300s", r.status, r.body)
	}
	a.must("publish", "round", "1", "back", "round/1")
	a.must("start", "round", "1", "back", "round/1")
	if r := a.must("result", "round", "1", "board", "2", "result", "1-0", "back", "round/1"); loc(r) != "~/round/1#board-2" {
		t.Errorf("result: to %s, want the board", loc(r))
	}
	r = a.change("result", "round", "1", "board", "2", "result", "1-0", "back", "round/1", "on", "round/1")
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "already") || !strings.Contains(r.body, `id="form-error"`) {
		t.Errorf("a repeated result: %d", r.status)
	}
	// A link: 303 to the links page, which shows it; its label is optional.
	r = a.must("add-link", "back", "links")
	if !strings.HasPrefix(loc(r), "~/links?link=") {
		t.Fatalf("add-link: to %s", loc(r))
	}
	to, _, _ := strings.Cut(r.location, "#") // a browser does not send the fragment
	page := c.get(to)
	if page.status != 200 || !strings.Contains(page.body, `id="arbiter-link"`) || !strings.Contains(page.body, "Arbiter 1") {
		t.Errorf("the links page after add-link: %d, no new link or no default label", page.status)
	}
	if n := len(a.event().Links); n != 1 {
		t.Errorf("%d links", n)
	}
	// Another event's admin cannot open the sealed link.
	b := c.createEvent("Other", "other-seed", 3)
	u, _ := url.Parse(to)
	if p := c.get(b.base + "/links?" + u.RawQuery); strings.Contains(p.body, `id="arbiter-link"`) {
		t.Error("another event's admin page opens the sealed link")
	}
	// Finish needs its confirm box.
	if r := a.change("finish", "on", ""); r.status != http.StatusBadRequest || !strings.Contains(r.body, "tick the box") {
		t.Errorf("finish without confirm: %d", r.status)
	}
	if a.event().Finished {
		t.Error("finished without the confirm box")
	}
}
