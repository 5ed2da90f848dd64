package eventweb

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestEventTieBreakRulesForm: the create and settings forms take the C.07
// edition and the rating for unrated players; bad values are a 4xx naming
// the field.
func TestEventTieBreakRulesForm(t *testing.T) {
	c := newEvClient(t, Config{})
	if r := c.get("/events/new"); !strings.Contains(r.body, `name="tieBreakRules"`) || !strings.Contains(r.body, `name="unratedRating"`) {
		t.Fatalf("the new event form has no tie-break rules fields: %.300s", r.body)
	}
	// Not given: the text in force on the first day (2026-03-01: 2026).
	a := c.createEvent("Rules by date", "rules-seed", 3)
	if e := a.event(); e.TieBreakRules != "2026" || e.UnratedRating != 0 {
		t.Errorf("by date: rules %q, unrated %d; want 2026, 0", e.TieBreakRules, e.UnratedRating)
	}
	r := c.post("/events", url.Values{"name": {"Given"}, "system": {"dutch"}, "rounds": {"3"}, "start": {"2026-05-01"},
		"tieBreakRules": {"2024"}, "unratedRating": {"1400"}, "positions": {"round"}})
	if r.status != http.StatusSeeOther {
		t.Fatalf("create with rules 2024: %d %.300s", r.status, r.body)
	}
	b := c.open(strings.TrimSuffix(r.location, "?created=1"))
	if e := b.event(); e.TieBreakRules != "2024" || e.UnratedRating != 1400 {
		t.Errorf("given: rules %q, unrated %d; want 2024, 1400", e.TieBreakRules, e.UnratedRating)
	}
	if p := c.get(b.base + "/settings"); !strings.Contains(p.body, `<option value="2024" selected>`) || !strings.Contains(p.body, `name="unratedRating" inputmode="numeric" size="5" value="1400"`) {
		t.Errorf("the settings form does not show the rules: %.2000s", p.body)
	}
	// The settings form changes them.
	b.must("settings", "name", "Given", "system", "dutch", "rounds", "3", "positions", "round", "tieBreakRules", "2026", "unratedRating", "", "back", "settings")
	if e := b.event(); e.TieBreakRules != "2026" || e.UnratedRating != 0 {
		t.Errorf("after the settings form: rules %q, unrated %d; want 2026, 0", e.TieBreakRules, e.UnratedRating)
	}
	for _, bad := range []url.Values{
		{"tieBreakRules": {"2025"}},
		{"tieBreakRules": {"<script>" + strings.Repeat("x", 500)}},
		{"unratedRating": {"abc"}},
		{"unratedRating": {"5000"}},
	} {
		f := url.Values{"name": {"Bad"}, "system": {"dutch"}, "rounds": {"3"}, "positions": {"round"}}
		var field string
		for k, v := range bad {
			f[k], field = v, k
		}
		r := c.post("/events", f)
		want := map[string]string{"tieBreakRules": "tie-break rules", "unratedRating": "unrated"}[field]
		if r.status < 400 || r.status >= 500 || !strings.Contains(r.body, want) || strings.Contains(r.body, "<script>") || strings.Contains(r.body, strings.Repeat("x", 200)) {
			t.Errorf("%v: status %d: %.300s", bad, r.status, r.body)
		}
	}
}
