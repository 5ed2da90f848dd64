package event

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chess960/chess960/internal/store"
)

// benchEvent is a 100-player Swiss after rounds complete rounds, on db.
func benchEvent(b *testing.B, db store.Store, rounds int) *fixture {
	b.Helper()
	svc := NewService(db)
	ps := make([]PlayerInfo, 100)
	for i := range ps {
		ps[i] = PlayerInfo{Name: fmt.Sprintf("Player %03d", i+1), Rating: 2600 - 9*i}
	}
	st, _, err := svc.Create(context.Background(), Init{Settings: Settings{Name: "Bench", Rounds: 9}, Seed: "bench", WeakSeed: true, Players: ps})
	if err != nil {
		b.Fatal(err)
	}
	do := func(c Change) {
		var err error
		if st, _, err = svc.Apply(context.Background(), st.ID(), Actor{Role: RoleAdmin, Label: "admin"}, c); err != nil {
			b.Fatal(err)
		}
	}
	for rn := 1; rn <= rounds; rn++ {
		do(Change{Kind: KindPair, Round: rn})
		do(Change{Kind: KindPublish, Round: rn})
		do(Change{Kind: KindStart, Round: rn})
		for _, bd := range st.Public().Schedule[rn-1].Boards {
			do(Change{Kind: KindResult, Round: rn, Board: bd.Board, Result: outcome(st.Public(), bd)})
		}
	}
	return &fixture{svc: svc, id: st.ID(), st: st}
}

// BenchmarkApplyResult is one result entered on a 100-player event in round
// 6 (load, check, apply, write, in one transaction), each on a board of its
// own: the event is restored from a backup every 40 results, so that every
// result lands on an event of the same size.
func BenchmarkApplyResult(b *testing.B) {
	for _, kind := range []string{"memory", "sqlite"} {
		b.Run(kind, func(b *testing.B) {
			var db store.Store = newMem()
			if kind == "sqlite" {
				var err error
				db, err = store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
			}
			f := benchEvent(b, db, 5)
			ctx := context.Background()
			for _, c := range []ChangeKind{KindPair, KindPublish, KindStart} {
				if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: c, Round: 6}); err != nil {
					b.Fatal(err)
				}
			}
			cur, _ := f.svc.Load(ctx, f.id)
			backup, err := cur.Backup()
			if err != nil {
				b.Fatal(err)
			}
			id, i := f.id, 0
			for b.Loop() {
				if i%40 == 0 {
					b.StopTimer()
					st, err := f.svc.Restore(ctx, backup, true)
					if err != nil {
						b.Fatal(err)
					}
					id = st.ID()
					b.StartTimer()
				}
				i++
				if _, _, err := f.svc.Apply(ctx, id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindResult, Round: 6, Board: 1 + (i-1)%40, Result: "1-0"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPairRound pairs round 9 of a 100-player Swiss (and discards
// the draft), in memory: the pairing engine and the event's bookkeeping.
func BenchmarkPairRound(b *testing.B) {
	f := benchEvent(b, newMem(), 8)
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindPair, Round: 9}); err != nil {
			b.Fatal(err)
		}
		if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindUnpair, Round: 9}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStandings is the standings of a 100-player Swiss after 8 rounds
// with the default tie-breaks, with the crosstable and rating figures.
func BenchmarkStandings(b *testing.B) {
	f := benchEvent(b, newMem(), 8)
	e := f.st.Public()
	for b.Loop() {
		if _, err := e.Standings(8); err != nil {
			b.Fatal(err)
		}
	}
}

// benchMatchEvent is benchEvent's 100 players in a Swiss of 2-game
// matches counting match points, with an Armageddon for a tie, after
// rounds rounds of matches (every game 2 schedule rounds, and an
// Armageddon round where matches are tied).
func benchMatchEvent(b *testing.B, rounds int) *fixture {
	b.Helper()
	svc := NewService(newMem())
	ps := make([]PlayerInfo, 100)
	for i := range ps {
		ps[i] = PlayerInfo{Name: fmt.Sprintf("Player %03d", i+1), Rating: 2600 - 9*i}
	}
	set := Settings{Name: "Bench matches", Rounds: 9, Matches: MatchRules{Games: 2, Scoring: ScoreMatch, Armageddon: true}}
	st, _, err := svc.Create(context.Background(), Init{Settings: set, Seed: "bench", WeakSeed: true, Players: ps})
	if err != nil {
		b.Fatal(err)
	}
	do := func(c Change) {
		var err error
		if st, _, err = svc.Apply(context.Background(), st.ID(), Actor{Role: RoleAdmin, Label: "admin"}, c); err != nil {
			b.Fatal(err)
		}
	}
	for rn := 1; ; rn++ {
		e := st.Public()
		if m, _ := e.NextMatchGame(); m == 0 || m > rounds {
			break
		}
		do(Change{Kind: KindPair, Round: rn})
		do(Change{Kind: KindPublish, Round: rn})
		do(Change{Kind: KindStart, Round: rn})
		for _, bd := range st.Public().Schedule[rn-1].Boards {
			do(Change{Kind: KindResult, Round: rn, Board: bd.Board, Result: outcome(st.Public(), bd)})
		}
	}
	return &fixture{svc: svc, id: st.ID(), st: st}
}

// BenchmarkMatchPairRound pairs the first game of round 9 of matches of
// the Swiss of matches (and discards the draft): BenchmarkPairRound's
// work on a schedule of twice the rounds and more.
func BenchmarkMatchPairRound(b *testing.B) {
	f := benchMatchEvent(b, 8)
	n := len(f.st.Public().Schedule) + 1
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindPair, Round: n}); err != nil {
			b.Fatal(err)
		}
		if _, _, err := f.svc.Apply(ctx, f.id, Actor{Role: RoleAdmin, Label: "admin"}, Change{Kind: KindUnpair, Round: n}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMatchStandings is the standings of the Swiss of matches after
// 8 rounds of matches, as BenchmarkStandings after 8 rounds of games.
func BenchmarkMatchStandings(b *testing.B) {
	f := benchMatchEvent(b, 8)
	e := f.st.Public()
	for b.Loop() {
		if _, err := e.Standings(8); err != nil {
			b.Fatal(err)
		}
	}
}
