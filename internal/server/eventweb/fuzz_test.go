package eventweb

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/event"
)

// FuzzEventHandler sends any request to the event routes of a server with
// one event (round 1 started): {id}, {tok} and {csrf} in the target and
// the body stand for its ID, admin token and forms' CSRF token. The answer
// must never be a 5xx, a panic or a hang.
func FuzzEventHandler(f *testing.F) {
	for _, seed := range []struct{ method, target, body string }{
		{"GET", "/e/{id}", ""},
		{"GET", "/e/{id}/verify", ""},
		{"GET", "/e/{id}/export.trf?format=trf16", ""},
		{"GET", "/e/{id}/standings.csv", ""},
		{"GET", "/e/{id}/pgn/1/1", ""},
		{"GET", "/e/{id}/a/{tok}/round/1", ""},
		{"GET", "/e/{id}/a/{tok}/players", ""},
		{"POST", "/e/{id}/a/{tok}/do", "csrf={csrf}&kind=result&round=1&board=1&result=1-0"},
		{"POST", "/e/{id}/a/{tok}/do", "csrf={csrf}&kind=add-players&name=X&rating=2000"},
		{"POST", "/e/{id}/a/{tok}/do", "csrf={csrf}&kind=set-pairing&round=1&pairs=1+2%0A3+4"},
		{"POST", "/e/{id}/a/{tok}/do", "csrf={csrf}&kind=import&fileText=name%2Crating%0AA%2C2000"},
		{"POST", "/e/{id}/a/{tok}/do", "csrf={csrf}&kind=pgn&round=1&board=1&pgnText=1.+e4+*"},
		{"POST", "/events", "name=X&system=dutch&rounds=5&exclude=518"},
		{"POST", "/api/events", `{"settings":{"name":"X","system":"roundrobin"},"players":[{"name":"A"},{"name":"B"}]}`},
		{"POST", "/api/events/{id}/changes", `{"kind":"bye","player":1,"round":2,"bye":"half"}`},
		{"GET", "/api/events/{id}/standings?after=0", ""},
		{"GET", "/api/events/{id}/history", ""},
	} {
		f.Add(seed.method, seed.target, seed.body)
	}
	svc := event.NewService(newMem())
	ctx := context.Background()
	st, tok, err := svc.Create(ctx, event.Init{Settings: event.Settings{Name: "Fuzz", System: event.Swiss, Rounds: 3},
		Players: []event.PlayerInfo{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}})
	if err != nil {
		f.Fatal(err)
	}
	for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
		if _, _, err := svc.Apply(ctx, st.ID(), event.Actor{Role: event.RoleAdmin, Label: "admin"}, event.Change{Kind: k, Round: 1}); err != nil {
			f.Fatal(err)
		}
	}
	rep := strings.NewReplacer("{id}", st.ID(), "{tok}", tok, "{csrf}", csrfToken(tok, st.ID()))
	s := newApp(Config{Events: svc, WriteBurst: 1 << 30, WriteRate: 1 << 30}, nil)
	f.Fuzz(func(t *testing.T, method, target, body string) {
		switch method {
		case "GET", "POST", "PUT", "HEAD", "DELETE":
		default:
			method = "GET"
		}
		target, body = rep.Replace(target), rep.Replace(body)
		if !strings.HasPrefix(target, "/") || strings.ContainsAny(target, " \r\n\x00#") || strings.Contains(target, "?%") {
			return
		}
		var r *http.Request
		func() {
			defer func() {
				if recover() != nil {
					r = nil
				}
			}()
			r = httptest.NewRequest(method, target, strings.NewReader(body))
		}()
		if r == nil {
			return
		}
		if method == "POST" {
			if strings.HasPrefix(body, "{") {
				r.Header.Set("Content-Type", "application/json")
				r.Header.Set("Authorization", "Bearer "+tok)
			} else {
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			}
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Errorf("%s %q %q: status %d: %s", method, target, body, w.Code, w.Body)
		}
	})
}
