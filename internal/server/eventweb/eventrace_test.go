package eventweb

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/testtool"
)

// TestEventTwoInstancesRace: two arbiters, each on their own instance of
// the app over one database, enter different results on the same board
// against the same version at the same moment, over HTTP. Exactly one gets
// 200; the other gets 409 with the event as it now is, holding the
// winner's result; and the database holds the winner's result alone.
func TestEventTwoInstancesRace(t *testing.T) {
	dbs := map[string]string{"sqlite": filepath.Join(t.TempDir(), "shared.db"), "postgres": ""}
	for name, dsn := range dbs {
		t.Run(name, func(t *testing.T) {
			if name == "postgres" {
				dsn = testtool.Postgres(t) // with CI set and none, fails
			}
			a, svcA := openInstance(t, dsn)
			b, _ := openInstance(t, dsn)
			const boards = 8
			var ps []string
			for i := range 2 * boards {
				ps = append(ps, fmt.Sprintf(`{"name": "P%02d", "rating": %d}`, i+1, 2500-10*i))
			}
			id, tok := createOn(t, a, `{"settings": {"name": "Race", "rounds": 3}, "players": [`+strings.Join(ps, ",")+`]}`)
			change := func(srv *httptest.Server, c string) (int, eventjson.Event) { return postChange(t, srv, id, tok, c) }
			for _, k := range []string{"pair", "publish", "start"} {
				if code, _ := change(a, `{"kind": "`+k+`", "round": 1}`); code != 200 {
					t.Fatalf("%s: %d", k, code)
				}
			}
			results := [2]string{"1-0", "0-1"}
			for board := 1; board <= boards; board++ {
				st, err := svcA.Load(context.Background(), id)
				if err != nil {
					t.Fatal(err)
				}
				base := st.Version()
				var codes [2]int
				var evs [2]eventjson.Event
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i, srv := range []*httptest.Server{a, b} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						codes[i], evs[i] = change(srv, fmt.Sprintf(`{"kind": "result", "base": %d, "round": 1, "board": %d, "result": %q}`, base, board, results[i]))
					}()
				}
				close(start)
				wg.Wait()
				won := -1
				switch {
				case codes[0] == 200 && codes[1] == 409:
					won = 0
				case codes[0] == 409 && codes[1] == 200:
					won = 1
				default:
					t.Fatalf("board %d: the two entries got %d and %d, want one 200 and one 409", board, codes[0], codes[1])
				}
				lost := evs[1-won]
				if len(lost.Schedule) != 1 || lost.Schedule[0].Boards[board-1].Result != event.Result(results[won]) {
					t.Errorf("board %d: the 409 does not show the winner's %s: %+v", board, results[won], lost.Schedule)
				}
				fresh, err := event.NewService(svcA.Store()).Load(context.Background(), id)
				if err != nil {
					t.Fatal(err)
				}
				if bd := fresh.Public().Schedule[0].Boards[board-1]; bd.Result != event.Result(results[won]) || len(bd.History) != 1 {
					t.Errorf("board %d: stored %s with %d entries, want the winner's %s alone", board, bd.Result, len(bd.History), results[won])
				}
			}
		})
	}
}
