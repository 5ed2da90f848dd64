package eventweb

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/store"
)

// benchEventServer is the app over an SQLite file holding a 100-player
// Swiss in round 6, half its results in; it returns the event's ID.
func benchEventServer(b *testing.B) (*app, string) {
	b.Helper()
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := event.NewService(st)
	ps := make([]event.PlayerInfo, 100)
	for i := range ps {
		ps[i] = event.PlayerInfo{Name: fmt.Sprintf("Player %03d", i+1), Rating: 2700 - 7*i, Federation: "NOR"}
	}
	cur, _, err := svc.Create(context.Background(), event.Init{Settings: event.Settings{Name: "Bench Open", Rounds: 9}, Players: ps})
	if err != nil {
		b.Fatal(err)
	}
	id := cur.ID()
	do := func(c event.Change) {
		if cur, _, err = svc.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"}, c); err != nil {
			b.Fatal(err)
		}
	}
	for rn := 1; rn <= 6; rn++ {
		do(event.Change{Kind: event.KindPair, Round: rn})
		do(event.Change{Kind: event.KindPublish, Round: rn})
		do(event.Change{Kind: event.KindStart, Round: rn})
		for _, bd := range cur.Public().Schedule[rn-1].Boards {
			if rn == 6 && bd.Board > 25 {
				break
			}
			do(event.Change{Kind: event.KindResult, Round: rn, Board: bd.Board, Result: []string{"1/2-1/2", "1-0", "0-1"}[bd.Board%3]})
		}
	}
	return newApp(Config{Events: svc}, nil), id
}

// BenchmarkEventPublic is the public page of a 100-player Swiss in round
// 6: the pairings of six rounds, the standings with the crosstable.
func BenchmarkEventPublic(b *testing.B) {
	s, id := benchEventServer(b)
	for _, tc := range []struct{ name, target string }{{"page", "/e/" + id}, {"json", "/api/events/" + id}, {"standings", "/api/events/" + id + "/standings"}} {
		target := tc.target
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				w := httptest.NewRecorder()
				s.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
				if w.Code != 200 {
					b.Fatalf("%s: %d", target, w.Code)
				}
			}
		})
	}
}

// BenchmarkEventPublicRender is the making of the public page of a new
// version (what the first request after a change waits for): a 500-player
// Swiss in round 1, half its 250 results in, as bench-event-play has it.
func BenchmarkEventPublicRender(b *testing.B) {
	st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := event.NewService(st)
	ps := make([]event.PlayerInfo, 500)
	for i := range ps {
		ps[i] = event.PlayerInfo{Name: fmt.Sprintf("Player %03d", i+1), Rating: 2700 - i, Federation: "NOR"}
	}
	cur, _, err := svc.Create(context.Background(), event.Init{Settings: event.Settings{Name: "Bench Open", Rounds: 9}, Players: ps})
	if err != nil {
		b.Fatal(err)
	}
	id := cur.ID()
	for _, c := range []event.Change{{Kind: event.KindPair, Round: 1}, {Kind: event.KindPublish, Round: 1}, {Kind: event.KindStart, Round: 1}} {
		if cur, _, err = svc.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"}, c); err != nil {
			b.Fatal(err)
		}
	}
	for _, bd := range cur.Public().Schedule[0].Boards[:125] {
		c := event.Change{Kind: event.KindResult, Round: 1, Board: bd.Board, Result: "1-0"}
		if _, _, err = svc.Apply(context.Background(), id, event.Actor{Role: event.RoleAdmin, Label: "admin"}, c); err != nil {
			b.Fatal(err)
		}
	}
	s := newApp(Config{Events: svc}, nil)
	for b.Loop() {
		s.publicPages = pageCache{} // as if the version were new
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/e/"+id, nil)
		r.Header.Set("Accept-Encoding", "gzip")
		s.ServeHTTP(w, r)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
			b.Fatalf("%d %q", w.Code, w.Header().Get("Content-Encoding"))
		}
	}
}
