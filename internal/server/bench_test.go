package server

import (
	"net/http/httptest"
	"testing"
)

func benchGet(b *testing.B, target string) {
	s := testServer()
	r := httptest.NewRequest("GET", target, nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

func BenchmarkAPIPosition(b *testing.B) { benchGet(b, "/api/positions/518") }
func BenchmarkAPIMoves(b *testing.B) {
	benchGet(b, "/api/moves?fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R%20w%20KQkq%20-%200%201")
}
func BenchmarkPosPage(b *testing.B)    { benchGet(b, "/pos/518") }
func BenchmarkDiagramSVG(b *testing.B) { benchGet(b, "/diagram.svg?pos=518") }
func BenchmarkPlayState(b *testing.B)  { benchGet(b, "/play/state?pos=518&moves=e2e4,e7e5,g1f3") }
func BenchmarkGallery(b *testing.B)    { benchGet(b, "/gallery") }
