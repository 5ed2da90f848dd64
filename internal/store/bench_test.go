package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

// BenchmarkUpdate measures one Update (a transaction: version check,
// state write, change append; committed durably) on each backend.
func BenchmarkUpdate(b *testing.B) {
	for _, be := range []backend{sqliteBackend, postgresBackend} {
		b.Run(be.name, func(b *testing.B) {
			ctx := context.Background()
			s := open(b, be.fresh(b), Options{})
			state := []byte(`{"players":[{"name":"A","rating":2400},{"name":"B","rating":2300}],"rounds":[]}`)
			if err := s.Create(ctx, Record{ID: "bench", Name: "Bench", State: state}, Change{Kind: "create", Body: state}); err != nil {
				b.Fatal(err)
			}
			body := []byte(`{"board":1,"result":"1-0"}`)
			v := int64(1)
			for b.Loop() {
				nv, err := s.Update(ctx, "bench", v, "Bench", state, Change{Kind: "result", By: "bench", Body: body})
				if err != nil {
					b.Fatal(err)
				}
				v = nv
			}
		})
	}
}

// BenchmarkUpdateParallel measures Updates of many records at once (64
// writers a CPU, each on its own record), as live play makes them: the
// group committer writes those that wait together in one transaction.
func BenchmarkUpdateParallel(b *testing.B) {
	for _, be := range []backend{sqliteBackend, postgresBackend} {
		b.Run(be.name, func(b *testing.B) {
			ctx := context.Background()
			s := open(b, be.fresh(b), Options{Kind: Games})
			state := []byte(`{"format":1,"start":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"}`)
			var next atomic.Int64
			b.SetParallelism(64)
			b.RunParallel(func(pb *testing.PB) {
				id := fmt.Sprintf("g%d", next.Add(1))
				if err := s.Create(ctx, Record{ID: id, Name: "game", State: state}, Change{Kind: "create"}); err != nil {
					b.Error(err)
					return
				}
				body := []byte(`{"kind":"move","side":"w","text":"e2e4","at":"2026-12-03T18:00:00Z"}`)
				v := int64(1)
				for pb.Next() {
					nv, err := s.Update(ctx, id, v, "game", state, Change{Kind: "move", By: "w", Body: body})
					if err != nil {
						b.Error(err)
						return
					}
					v = nv
				}
			})
		})
	}
}
