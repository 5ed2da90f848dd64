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
