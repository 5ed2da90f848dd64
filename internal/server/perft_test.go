package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chess960/chess960/perft"
)

// TestPerftDeep: the budget, not the depth, bounds a count: deep counts of
// tiny trees are answered (counts of perft/testdata/tiny-trees.perft, from
// Stockfish 15.1), up to perft.MaxDepth, and the divide is Stockfish's.
func TestPerftDeep(t *testing.T) {
	s := New(Config{PerftBudget: 1_000_000})
	const (
		shuttle1 = "k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K1N5 w - - 0 1"
		shuttle2 = "k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/K2B4 w - - 0 1"
		mated    = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	)
	for _, c := range []struct {
		fen   string
		depth string
		nodes uint64
	}{
		{shuttle1, "32", 1}, {shuttle1, "500", 1}, {shuttle1, "10000", 1}, {shuttle2, "64", 65536}, {mated, "32", 0},
	} {
		r := get(t, s, "GET", "/api/perft?fen="+url.QueryEscape(c.fen)+"&depth="+c.depth, nil)
		b := readAll(t, r)
		var j struct {
			Depth int    `json:"depth"`
			Nodes uint64 `json:"nodes"`
		}
		if r.StatusCode != 200 || json.Unmarshal([]byte(b), &j) != nil || j.Nodes != c.nodes || j.Depth == 0 {
			t.Errorf("%s depth %s: %d %s, want %d nodes", c.fen, c.depth, r.StatusCode, b, c.nodes)
		}
	}
	// Stockfish's divide of shuttle-2 with the king on b1 at depth 30:
	// b1a1 128, b1c1 128.
	r := get(t, s, "GET", "/api/perft?fen="+url.QueryEscape("k1b5/1p1p4/1P1P4/8/1p1p4/pPpPp3/P1P1P3/1K1B4 w - - 0 1")+"&depth=30&divide=1", nil)
	b := readAll(t, r)
	var j struct {
		Nodes  uint64 `json:"nodes"`
		Divide []struct {
			UCI   string `json:"uci"`
			Nodes uint64 `json:"nodes"`
		} `json:"divide"`
	}
	if json.Unmarshal([]byte(b), &j) != nil || j.Nodes != 256 || len(j.Divide) != 2 ||
		j.Divide[0].UCI != "b1a1" || j.Divide[0].Nodes != 128 || j.Divide[1].UCI != "b1c1" || j.Divide[1].Nodes != 128 {
		t.Errorf("divide at depth 30: %d %s", r.StatusCode, b)
	}
	// A wide tree past the budget, however deep, is refused at the budget.
	for _, depth := range []string{"7", "15", "10000"} {
		r := get(t, s, "GET", "/api/perft?fen=518&depth="+depth, nil)
		if b := readAll(t, r); r.StatusCode != 422 || !strings.Contains(b, "depth "+depth+": this count passes the budget of 1000000 nodes per request") {
			t.Errorf("518 depth %s: %d %s", depth, r.StatusCode, b)
		}
	}
	r = get(t, s, "GET", "/api/perft?fen=518&depth=10001", nil)
	if b := readAll(t, r); r.StatusCode != 400 || !strings.Contains(b, `depth \"10001\": out of range: must be 0..`) || perft.MaxDepth != 10000 {
		t.Errorf("depth 10001: %d %s", r.StatusCode, b)
	}
}

// TestPerftClientGone: a count whose request is gone stops and is
// answered 499 (which no client reads), not counted to the budget.
func TestPerftClientGone(t *testing.T) {
	s := New(Config{PerftBudget: 1 << 62})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("GET", "/api/perft?fen=518&depth=12", nil).WithContext(ctx)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != 499 {
		t.Errorf("cancelled request: %d %s", w.Code, w.Body)
	}
}

// TestPerftOpenAPIDepth: the API description gives the depths the
// handler takes.
func TestPerftOpenAPIDepth(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name   string `json:"name"`
				Schema struct {
					Minimum *int `json:"minimum"`
					Maximum *int `json:"maximum"`
				} `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(New(Config{}).openAPI, &doc); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range doc.Paths["/api/perft"]["get"].Parameters {
		if p.Name == "depth" {
			found = p.Schema.Minimum != nil && *p.Schema.Minimum == 0 && p.Schema.Maximum != nil && *p.Schema.Maximum == perft.MaxDepth
		}
	}
	if !found {
		t.Errorf("openapi.json: /api/perft has no depth 0..%d", perft.MaxDepth)
	}
}
