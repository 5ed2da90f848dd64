package eventweb

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/store"
)

// alwaysConflict is a store on which every Update loses the version check,
// as under a storm of concurrent changes.
type alwaysConflict struct{ store.Store }

func (alwaysConflict) Update(context.Context, string, int64, string, []byte, store.Change) (int64, error) {
	return 0, store.ErrConflict
}

// TestEventContentionIs503: a change that keeps losing to others is not a
// 500 but a 503 with Retry-After and the code "busy", through the API and
// the admin form, and the event is unchanged.
func TestEventContentionIs503(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	tok := strings.Split(a.base, "/")[4]
	v := c.version(a.id())
	real := c.s.cfg.Events
	c.s.cfg.Events = event.NewService(alwaysConflict{real.Store()})
	c.allow503 = true
	r := c.do("POST", "/api/events/"+a.id()+"/changes", "application/json",
		strings.NewReader(`{"kind": "result", "round": 1, "board": 1, "result": "1-0"}`), map[string]string{"Authorization": "Bearer " + tok})
	var ej site.ErrorJSON
	if r.status != 503 || r.header.Get("Retry-After") == "" || json.Unmarshal([]byte(r.body), &ej) != nil || ej.Code != site.CodeBusy {
		t.Errorf("API under contention: %d Retry-After %q %.300s", r.status, r.header.Get("Retry-After"), r.body)
	}
	if !strings.Contains(ej.Error, "nothing was changed") {
		t.Errorf("API under contention says %q", ej.Error)
	}
	f := a.change("result", "round", "1", "board", "1", "result", "1-0")
	if f.status != 503 || f.header.Get("Retry-After") == "" {
		t.Errorf("form under contention: %d Retry-After %q", f.status, f.header.Get("Retry-After"))
	}
	c.s.cfg.Events, c.allow503 = real, false
	if got := c.version(a.id()); got != v {
		t.Errorf("the event moved from version %d to %d", v, got)
	}
}

// TestEventNegativeBase: a base version below 0 is refused (400), not
// taken as "no base".
func TestEventNegativeBase(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	tok := strings.Split(a.base, "/")[4]
	v := c.version(a.id())
	r := c.do("POST", "/api/events/"+a.id()+"/changes", "application/json",
		strings.NewReader(`{"kind": "result", "base": -3, "round": 1, "board": 1, "result": "1-0"}`), map[string]string{"Authorization": "Bearer " + tok})
	var ej site.ErrorJSON
	if r.status != 400 || json.Unmarshal([]byte(r.body), &ej) != nil || ej.Code != site.CodeInvalid || !strings.Contains(ej.Error, "base version -3") {
		t.Errorf("base -3: %d %.300s", r.status, r.body)
	}
	if c.version(a.id()) != v {
		t.Error("the event changed")
	}
}

// TestEventPublicHistoryHidesLinks: the public history says that an
// arbiter link was added or revoked, but not its label or ID, as the
// public event has no links.
func TestEventPublicHistoryHidesLinks(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	a.must("add-link", "label", "Unused Deputy Phone")
	ev := a.event()
	if len(ev.Links) != 1 {
		t.Fatalf("links: %+v", ev.Links)
	}
	a.must("revoke-link", "link", ev.Links[0].ID, "confirm", "1")
	for _, path := range []string{"/api/events/" + a.id() + "/history", "/api/events/" + a.id(), "/e/" + a.id()} {
		r := c.get(path)
		if r.status != 200 {
			t.Fatalf("%s: %d", path, r.status)
		}
		if strings.Contains(r.body, "Unused Deputy Phone") || strings.Contains(r.body, ev.Links[0].ID) {
			t.Errorf("%s shows the link's label or ID:\n%.600s", path, r.body)
		}
	}
	if r := c.get("/api/events/" + a.id() + "/history"); !strings.Contains(r.body, `"kind": "add-link"`) || !strings.Contains(r.body, `"kind": "revoke-link"`) {
		t.Errorf("the public history leaves out the link changes:\n%.600s", r.body)
	}
}

// TestEventPublicHistoryPrivacy: the public history of an add-players
// change shows what a crosstable shows of the player, not the birth date
// or sex the organiser entered.
func TestEventPublicHistoryPrivacy(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	tok := strings.Split(a.base, "/")[4]
	r := c.do("POST", "/api/events/"+a.id()+"/changes", "application/json",
		strings.NewReader(`{"kind": "add-players", "players": [{"name": "Late Lina", "rating": 1999, "birth": "1987/06/05", "sex": "w", "federation": "NOR"}]}`),
		map[string]string{"Authorization": "Bearer " + tok})
	if r.status != 200 {
		t.Fatalf("add-players: %d %.300s", r.status, r.body)
	}
	h := c.get("/api/events/" + a.id() + "/history")
	if h.status != 200 || !strings.Contains(h.body, "Late Lina") || !strings.Contains(h.body, `"rating": 1999`) {
		t.Fatalf("history: %d %.600s", h.status, h.body)
	}
	if strings.Contains(h.body, "1987") || strings.Contains(h.body, `"sex"`) {
		t.Errorf("the public history shows the birth date or sex:\n%.900s", h.body)
	}
}

// TestEventWeakSeed: the creation form and the API refuse a seed of fewer
// than 128 bits unless the organiser accepts it, and then the public page
// says so.
func TestEventWeakSeed(t *testing.T) {
	c := newEvClient(t, Config{})
	form := url.Values{"name": {"Weak"}, "system": {"dutch"}, "rounds": {"3"}, "positions": {"round"}, "seed": {"oslo"}}
	r := c.post("/events", form)
	if r.status != 400 || !strings.Contains(r.body, "128 bits") {
		t.Errorf("form with a weak seed: %d %.300s", r.status, r.body)
	}
	// The reason is next to the seed, which is kept, in its open box.
	if !strings.Contains(r.body, `id="seed-error"`) || !strings.Contains(r.body, `value="oslo"`) || !strings.Contains(r.body, `<details class="ev-details" open>`) {
		t.Errorf("the refused form does not show the seed with its reason:\n%.2000s", r.body)
	}
	api := c.do("POST", "/api/events", "application/json", strings.NewReader(`{"settings": {"name": "Weak", "rounds": 3}, "seed": "oslo"}`), nil)
	if api.status != 400 || !strings.Contains(api.body, "128 bits") {
		t.Errorf("API with a weak seed: %d %.300s", api.status, api.body)
	}
	form.Set("weakSeed", "1")
	r = c.post("/events", form)
	if r.status != 303 {
		t.Fatalf("form with a weak seed accepted: %d %.300s", r.status, r.body)
	}
	id := strings.Split(r.location, "/")[2]
	pub := c.get("/e/" + id)
	if !strings.Contains(pub.body, `id="weak-seed"`) {
		t.Errorf("the public page does not say the seed is weak")
	}
	strong := c.do("POST", "/api/events", "application/json", strings.NewReader(`{"settings": {"name": "Strong", "rounds": 3}, "seed": "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9"}`), nil)
	if strong.status != 201 {
		t.Fatalf("API with a 256-bit seed: %d %.300s", strong.status, strong.body)
	}
	if p := c.get("/e/" + strings.Split(strings.Split(strong.body, `"id": "`)[1], `"`)[0]); strings.Contains(p.body, `id="weak-seed"`) {
		t.Error("the strong seed's page says it is weak")
	}
}

// TestEventRevokeHistorySaysWhich: the admin history names the revoked
// link by its label.
func TestEventRevokeHistorySaysWhich(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	a.must("add-link", "label", "Deputy Dana")
	a.must("add-link", "label", "Deputy Eli")
	ev := a.event()
	var id string
	for _, l := range ev.Links {
		if l.Label == "Deputy Dana" {
			id = l.ID
		}
	}
	a.must("revoke-link", "link", id, "confirm", "1")
	h := c.get(a.base + "/history")
	i := strings.Index(h.body, "revoke-link")
	if h.status != 200 || i < 0 || !strings.Contains(h.body[i:min(len(h.body), i+200)], "Deputy Dana") {
		t.Errorf("the history's revoke-link line does not name the link:\n%.400s", h.body[max(0, i):])
	}
}

// TestEventAdminUnknownTab: an admin page that does not exist is a 404
// inside the event's pages (the tabs, the dashboard), naming the address
// without the token.
func TestEventAdminUnknownTab(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	tok := strings.Split(a.base, "/")[4]
	r := c.get(a.base + "/nonsense")
	if r.status != 404 || !strings.Contains(r.body, `id="not-found"`) || !strings.Contains(r.body, `href="`+a.base+`/players"`) {
		t.Errorf("unknown tab: %d %.500s", r.status, r.body)
	}
	if strings.Contains(r.body, "/nonsense") && strings.Contains(r.body[strings.Index(r.body, `id="not-found"`):], tok+"/nonsense") {
		t.Error("the message quotes the token")
	}
}
