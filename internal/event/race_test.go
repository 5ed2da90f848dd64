package event

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chess960/chess960/internal/store"
)

// twoInstances opens the same database twice, as two server instances (or
// two processes) would: each handle has its own connections and its own
// Service with its own cache of states.
func twoInstances(t *testing.T) map[string][2]store.Store {
	t.Helper()
	ctx := context.Background()
	open := func(dsn string) store.Store {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	path := filepath.Join(t.TempDir(), "events.db")
	out := map[string][2]store.Store{"sqlite": {open(path), open(path)}}
	switch pg := os.Getenv("CHESS960_TEST_POSTGRES"); {
	case pg != "":
		out["postgres"] = [2]store.Store{open(pg), open(pg)}
	case os.Getenv("CI") != "":
		t.Error("CI is set and CHESS960_TEST_POSTGRES is not: .ci/run starts PostgreSQL and sets it")
	}
	return out
}

// TestConcurrentArbitersOneWins: two arbiters, on two instances over one
// database, enter different results on the same board against the same
// version at the same moment. Exactly one wins; the other gets a
// *ConflictError whose state holds the winner's result, and the stored
// event holds the winner's result too. Before the fix the retry after the
// store's version check forgot the base, and both got 200 in most trials,
// the second silently replacing the first.
func TestConcurrentArbitersOneWins(t *testing.T) {
	for name, dbs := range twoInstances(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			a, b := NewService(dbs[0]), NewService(dbs[1])
			const boards = 12
			f := newFixtureOn(t, dbs[0], Settings{Name: "Race", Rounds: 3}, "race-seed", players(2*boards))
			f.svc = a
			startRound(f, 1)
			for board := 1; board <= boards; board++ {
				st, err := b.Load(ctx, f.id)
				if err != nil {
					t.Fatal(err)
				}
				base := st.Version()
				results := [2]string{"1-0", "0-1"}
				var errs [2]error
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i, svc := range []*Service{a, b} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						_, _, errs[i] = svc.Apply(ctx, f.id, Actor{Role: RoleArbiter, Label: results[i]},
							Change{Kind: KindResult, Base: base, Round: 1, Board: board, Result: results[i]})
					}()
				}
				close(start)
				wg.Wait()
				won := -1
				for i, err := range errs {
					var ce *ConflictError
					switch {
					case err == nil:
						if won >= 0 {
							t.Fatalf("board %d: both arbiters' results were taken (base %d)", board, base)
						}
						won = i
					case errors.As(err, &ce):
						if ce.Subject != "round 1, board "+itoa(board) {
							t.Errorf("board %d: conflict on %q", board, ce.Subject)
						}
					default:
						t.Fatalf("board %d: arbiter %d: %v", board, i, err)
					}
				}
				if won < 0 {
					t.Fatalf("board %d: neither arbiter's result was taken: %v", board, errs)
				}
				for i, err := range errs {
					var ce *ConflictError
					if i != won && errors.As(err, &ce) {
						if got := ce.State.Public().Schedule[0].Boards[board-1].Result; string(got) != results[won] {
							t.Errorf("board %d: the conflict shows result %q, want the winner's %q", board, got, results[won])
						}
					}
				}
				// Read back through a third handle: what is stored.
				fresh, err := NewService(dbs[1]).Load(ctx, f.id)
				if err != nil {
					t.Fatal(err)
				}
				bd := fresh.Public().Schedule[0].Boards[board-1]
				if string(bd.Result) != results[won] || len(bd.History) != 1 || bd.History[0].By != results[won] {
					t.Fatalf("board %d: stored %q with history %+v, want only the winner's %q", board, bd.Result, bd.History, results[won])
				}
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
