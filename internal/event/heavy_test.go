package event

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/store"
)

func sqliteStore(t *testing.T) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "events.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var admin = Actor{Role: RoleAdmin, Label: "admin"}

// TestPairBusy: with every pairing slot taken, a pairing waits PairWait
// and is refused with ErrBusy, writing nothing.
func TestPairBusy(t *testing.T) {
	db := sqliteStore(t)
	f := newFixtureOn(t, db, Settings{Name: "Busy", Rounds: 3}, "busy", players(10))
	f.svc.SetLimits(Limits{PairSlots: 1, PairWait: time.Millisecond})
	f.svc.pairSem <- struct{}{} // another pairing holds the only slot
	v := f.st.Version()
	_, _, err := f.svc.Apply(context.Background(), f.id, admin, Change{Kind: KindPair, Round: 1})
	if !errors.Is(err, ErrBusy) {
		t.Fatalf("pair with no free slot: %v, want ErrBusy", err)
	}
	if st, _ := f.svc.Load(context.Background(), f.id); st.Version() != v || len(st.Admin().Schedule) != 0 {
		t.Fatalf("a refused pairing wrote version %d (was %d)", st.Version(), v)
	}
	<-f.svc.pairSem
	f.do(Change{Kind: KindPair, Round: 1})
	if got := len(f.st.Admin().Schedule); got != 1 {
		t.Fatalf("with the slot free: %d rounds", got)
	}
}

// TestPairTimeout: a pairing past the server's time budget is stopped and
// refused (ErrState, with what to do instead), writing nothing.
func TestPairTimeout(t *testing.T) {
	db := sqliteStore(t)
	f := newFixtureOn(t, db, Settings{Name: "Slow", Rounds: 3}, "slow", players(40))
	f.svc.SetLimits(Limits{PairTimeout: time.Nanosecond})
	v := f.st.Version()
	_, _, err := f.svc.Apply(context.Background(), f.id, admin, Change{Kind: KindPair, Round: 1})
	if !errors.Is(err, ErrState) || !strings.Contains(err.Error(), "longer than this server allows") || !strings.Contains(err.Error(), "chess960 event pair") {
		t.Fatalf("pair past its budget: %v", err)
	}
	if st, _ := f.svc.Load(context.Background(), f.id); st.Version() != v {
		t.Fatalf("a stopped pairing wrote version %d (was %d)", st.Version(), v)
	}
}

// TestPairCancelled: a pairing whose request has gone writes nothing and
// says so with the context's error.
func TestPairCancelled(t *testing.T) {
	db := sqliteStore(t)
	f := newFixtureOn(t, db, Settings{Name: "Gone", Rounds: 3}, "gone", players(40))
	// The slot wait sees the cancelled request: hold the slot so that
	// the pairing waits, then cancel.
	f.svc.SetLimits(Limits{PairSlots: 1, PairWait: time.Hour})
	f.svc.pairSem <- struct{}{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, _, err := f.svc.Apply(ctx, f.id, admin, Change{Kind: KindPair, Round: 1})
		done <- err
	}()
	for f.svc.pairings.Load() == 0 {
		time.Sleep(time.Millisecond) // until the pairing waits for its slot
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled pairing: %v", err)
	}
	if st, _ := f.svc.Load(context.Background(), f.id); st.Version() != f.st.Version() {
		t.Fatal("a cancelled pairing wrote a version")
	}
}

// collider is a store whose next Update first lets another change in
// (made by other, through the same database), so that the Update loses
// the version check, as when two arbiters write at once.
type collider struct {
	store.Store
	once  sync.Once
	other func()
}

func (c *collider) Update(ctx context.Context, id string, expect int64, name string, state []byte, ch store.Change) (int64, error) {
	c.once.Do(c.other)
	return c.Store.Update(ctx, id, expect, name, state, ch)
}

// TestPairOnceOnCollision: a pairing that loses the write to a change
// that does not touch the tournament (an arbiter link) is written on the
// next attempt without pairing again; one that loses to a change of the
// players pairs again, on the new field.
func TestPairOnceOnCollision(t *testing.T) {
	for _, tc := range []struct {
		name  string
		other Change
		runs  int64
	}{
		{"link", Change{Kind: KindAddLink, Label: "Second arbiter"}, 1},
		{"player", Change{Kind: KindAddPlayers, Players: []PlayerInfo{{Name: "Late Entry", Rating: 2500}}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := sqliteStore(t)
			f := newFixtureOn(t, db, Settings{Name: "Collide", Rounds: 3}, "collide", players(10))
			other := NewService(db)
			c := &collider{Store: db, other: func() {
				if _, _, err := other.Apply(context.Background(), f.id, admin, tc.other); err != nil {
					t.Error(err)
				}
			}}
			svc := NewService(c)
			st, _, err := svc.Apply(context.Background(), f.id, admin, Change{Kind: KindPair, Round: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := svc.pairings.Load(); got != tc.runs {
				t.Errorf("pairings run: %d, want %d", got, tc.runs)
			}
			e := st.Admin()
			if len(e.Schedule) != 1 || st.Version() != f.st.Version()+2 {
				t.Fatalf("version %d, %d rounds", st.Version(), len(e.Schedule))
			}
			seated := 2*len(e.Schedule[0].Boards) + len(e.Schedule[0].Byes)
			if seated != len(e.Players) {
				t.Errorf("%d of %d players in the pairing", seated, len(e.Players))
			}
		})
	}
}

// TestPairRunsThroughRun: a pairing runs inside Limits.Run (the server's
// low-priority thread), once per pairing.
func TestPairRunsThroughRun(t *testing.T) {
	db := sqliteStore(t)
	f := newFixtureOn(t, db, Settings{Name: "Run", Rounds: 3}, "run", players(10))
	var ran int
	f.svc.SetLimits(Limits{Run: func(g func()) { ran++; g() }})
	f.do(Change{Kind: KindPair, Round: 1})
	f.do(Change{Kind: KindUnpair, Round: 1})
	f.do(Change{Kind: KindPair, Round: 1})
	if ran != 2 {
		t.Fatalf("two pairings ran %d times through Run", ran)
	}
}

// counting is a store that counts its whole-document reads and its
// version reads.
type counting struct {
	store.Store
	loads, versions int
}

func (c *counting) Load(ctx context.Context, id string) (store.Record, error) {
	c.loads++
	return c.Store.Load(ctx, id)
}

func (c *counting) Version(ctx context.Context, id string) (int64, error) {
	c.versions++
	return c.Store.Version(ctx, id)
}

// TestLoadReadsOnce: a result entered with ApplyTo on the state the
// caller loaded reads the document once (the caller's Load), and the page
// after it (the redirect's Load) reads only the version; a change made
// elsewhere is read in full.
func TestLoadReadsOnce(t *testing.T) {
	db := sqliteStore(t)
	f := newFixtureOn(t, db, Settings{Name: "Reads", Rounds: 3}, "reads", players(4))
	startRound(f, 1)
	c := &counting{Store: db}
	svc := NewService(c)
	ctx := context.Background()
	st, err := svc.Load(ctx, f.id) // the POST loads to check the link
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.ApplyTo(ctx, st, admin, Change{Kind: KindResult, Round: 1, Board: 1, Result: "1-0"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Load(ctx, f.id); err != nil { // the page it redirects to
		t.Fatal(err)
	}
	if c.loads != 1 || c.versions != 1 {
		t.Errorf("a result and the page after it: %d document reads and %d version reads, want 1 and 1", c.loads, c.versions)
	}
	// Another instance's change: the version moved, so the document is read.
	if _, _, err := NewService(db).Apply(ctx, f.id, admin, Change{Kind: KindResult, Round: 1, Board: 2, Result: "0-1"}); err != nil {
		t.Fatal(err)
	}
	st, err = svc.Load(ctx, f.id)
	if err != nil || c.loads != 2 || st.Public().Schedule[0].Boards[1].Result != BlackWins {
		t.Errorf("after a change elsewhere: %v, %d document reads, board 2 %q", err, c.loads, st.Public().Schedule[0].Boards[1].Result)
	}
}
