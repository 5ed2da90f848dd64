package store

import (
	"context"
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
