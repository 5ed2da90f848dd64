package main

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/server"
)

// contract lists the answers of testdata/contract: each file is what the
// command prints with --json and what the endpoint answers (api, when the
// web app has one) for the same input. The files were written and checked
// without this project's code: the start positions and draws from SPEC's
// definitions and the published draw algorithm (oracle/startpos.py), the
// moves, SAN and perft divides by chessops and Stockfish (oracle/moves.mjs),
// and the rest by hand (testdata/contract/README.md says which is which).
var contract = []struct {
	file string   // the expected answer
	cli  []string // the command
	api  string   // the endpoint, if the web app has one
}{
	{"position-518.json", []string{"pos", "518", "--json"}, "/api/positions/518"},
	{"position-518.json", []string{"pos", "SP-518", "--json"}, "/api/positions/SP-518"},
	{"position-518.json", []string{"pos", "359", "--fritz9", "--json"}, "/api/positions/359?fritz9=1"},
	{"identify-518.json", []string{"id", "RNBQKBNR", "--json"}, "/api/identify?q=RNBQKBNR"},
	{"position-0.json", []string{"pos", "960", "--json"}, "/api/positions/960"},
	{"identify-0.json", []string{"id", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", "--json"},
		"/api/identify?q=" + url.QueryEscape("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")},
	{"identify-959.json", []string{"id", "rkrnnqbb", "--json"}, "/api/identify?q=rkrnnqbb"},
	{"position-959.json", []string{"pos", "928", "--fritz9", "--json"}, "/api/positions/928?fritz9=1"},
	{"dfrc-0-959.json", []string{"pos", "0:959", "--json"}, "/api/positions/0:959"},
	{"dfrc-518-518.json", []string{"pos", "518:518", "--json"}, "/api/positions/518:518"},
	{"draw-dfrc-round1.json", []string{"random", "--dfrc", "--count", "3", "--seed", "Round 1", "--json"}, "/api/random?dfrc=1&count=3&seed=Round%201"},
	{"draw-dfrc-unique-exclude.json", []string{"random", "--dfrc", "--count", "4", "--seed", "x", "--unique", "--exclude", "chess960,518:*", "--json"},
		"/api/random?dfrc=1&count=4&seed=x&unique=1&exclude=" + url.QueryEscape("chess960,518:*")},
	{"table.json", []string{"table", "--format", "json"}, ""},
	{"explain-518.json", []string{"explain", "518", "--json"}, ""},
	{"draw-round1.json", []string{"random", "--count", "3", "--seed", "Round 1", "--json"}, "/api/random?count=3&seed=Round%201"},
	{"draw-empty-seed.json", []string{"random", "--seed", "", "--json"}, "/api/random?seed="},
	{"draw-unique-exclude.json", []string{"random", "--count", "12", "--seed", "x", "--unique", "--exclude", "518,0-9", "--json"},
		"/api/random?count=12&seed=x&unique=1&exclude=518,0-9"},
	{"draw-balanced.json", []string{"random", "--count", "5", "--seed", "Round 1", "--unique", "--balanced", "20", "--json"},
		"/api/random?count=5&seed=Round%201&unique=1&balanced=20"},
	{"moves-960-castling.json", []string{"moves", "1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "--json"},
		"/api/moves?fen=" + url.QueryEscape("1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1")},
	{"moves-f1-standard.json", []string{"moves", "4k3/8/8/8/8/8/8/5K1R w H - 0 1", "--standard", "--json"},
		"/api/moves?fen=" + url.QueryEscape("4k3/8/8/8/8/8/8/5K1R w H - 0 1") + "&standard=1"},
	{"moves-promotion.json", []string{"moves", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "--json"},
		"/api/moves?fen=" + url.QueryEscape("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")},
	{"play-foolsmate.json", []string{"play", "startpos", "f3", "e5", "g4", "Qh4", "--json"}, "/api/play?fen=startpos&moves=f3,e5,g4,Qh4"},
	{"perft-960-divide.json", []string{"perft", "--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "2", "--divide", "--threads", "1", "--json"},
		"/api/perft?fen=" + url.QueryEscape("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9") + "&depth=2&divide=1"},
	{"perft-castling-divide.json", []string{"perft", "1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "--depth", "2", "--divide", "--threads", "1", "--json"},
		"/api/perft?fen=" + url.QueryEscape("1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1") + "&depth=2&divide=1"},
	{"perft-kiwipete-3.json", []string{"perft", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "--depth", "3", "--threads", "1", "--json"},
		"/api/perft?fen=" + url.QueryEscape("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1") + "&depth=3"},
}

// TestContract compares what each command prints with --json, and what
// the matching endpoint answers, with the hand-checked answer in
// testdata/contract: every value, every move of a list and every count of
// a divide (the time and speed of a count are left out). The command and
// the endpoint also answer the same bytes.
func TestContract(t *testing.T) {
	h := server.New(server.Config{})
	for _, c := range contract {
		want, err := os.ReadFile(filepath.Join("testdata", "contract", c.file))
		if err != nil {
			t.Fatal(err)
		}
		out, errOut, code := call(t, "", c.cli...)
		if code != 0 {
			t.Errorf("chess960 %q: exit %d: %s", c.cli, code, errOut)
			continue
		}
		if d := jsonDiff(out, string(want)); d != "" {
			t.Errorf("chess960 %q differs from %s: %s", c.cli, c.file, d)
		}
		if c.api == "" {
			continue
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", c.api, nil))
		if w.Code != 200 {
			t.Errorf("GET %s: %d %s", c.api, w.Code, w.Body)
			continue
		}
		if d := jsonDiff(w.Body.String(), string(want)); d != "" {
			t.Errorf("GET %s differs from %s: %s", c.api, c.file, d)
		}
		if perftTiming.ReplaceAllString(w.Body.String(), `"$1": T`) != perftTiming.ReplaceAllString(out, `"$1": T`) {
			t.Errorf("GET %s and chess960 %q answer different bytes", c.api, c.cli)
		}
	}
	// POST /api/play reads its body as GET reads its query.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/api/play", strings.NewReader(`{"fen": "startpos", "moves": ["f3", "e5", "g4", "Qh4"]}`)))
	want, _ := os.ReadFile(filepath.Join("testdata", "contract", "play-foolsmate.json"))
	if d := jsonDiff(w.Body.String(), string(want)); w.Code != 200 || d != "" {
		t.Errorf("POST /api/play: %d %s", w.Code, d)
	}
}

// TestContractFiles: the files are what they claim to hold, counted
// without them: the table has 960 distinct positions in order, the divides
// add up to their totals (known counts of these positions: 528, 305 and
// Kiwipete's 97862) and name each move once.
func TestContractFiles(t *testing.T) {
	read := func(name string, v any) {
		b, err := os.ReadFile(filepath.Join("testdata", "contract", name))
		if err == nil {
			err = json.Unmarshal(b, v)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var table []struct {
		ID   int
		Rank string
	}
	read("table.json", &table)
	ranks := map[string]bool{}
	for i, p := range table {
		if p.ID != i {
			t.Errorf("table.json: entry %d is %d", i, p.ID)
		}
		ranks[p.Rank] = true
	}
	if len(table) != 960 || len(ranks) != 960 || table[518].Rank != "RNBQKBNR" {
		t.Errorf("table.json: %d entries, %d ranks", len(table), len(ranks))
	}
	for name, total := range map[string]uint64{"perft-960-divide.json": 528, "perft-castling-divide.json": 305, "perft-kiwipete-3.json": 97862} {
		var p struct {
			Nodes  uint64
			Divide []struct {
				UCI   string
				Nodes uint64
			}
		}
		read(name, &p)
		var sum uint64
		seen := map[string]bool{}
		for _, e := range p.Divide {
			sum += e.Nodes
			seen[e.UCI] = true
		}
		if p.Nodes != total || (p.Divide != nil && (sum != total || len(seen) != len(p.Divide))) {
			t.Errorf("%s: %d nodes, divide adds to %d over %d moves", name, p.Nodes, sum, len(seen))
		}
	}
}

// jsonDiff compares two JSON texts as values (objects' keys in any order,
// numbers exactly as written), leaving out the perftTiming of a perft count,
// and says where they first differ, or "" when they do not.
func jsonDiff(got, want string) string {
	decode := func(s string) (any, error) {
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var v any
		err := d.Decode(&v)
		if m, ok := v.(map[string]any); ok {
			delete(m, "seconds")
			delete(m, "nps")
		}
		return v, err
	}
	g, err := decode(got)
	if err != nil {
		return "not JSON: " + err.Error()
	}
	w, err := decode(want)
	if err != nil {
		return "the expected file is not JSON: " + err.Error()
	}
	return valueDiff("", g, w)
}

func valueDiff(path string, got, want any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path + ": not an object"
		}
		for k := range w {
			if _, ok := g[k]; !ok {
				return path + "." + k + ": missing"
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return path + "." + k + ": not expected"
			}
			if d := valueDiff(path+"."+k, g[k], w[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return path + ": not a list"
		}
		for i := range min(len(g), len(w)) {
			if d := valueDiff(path+"["+strconv.Itoa(i)+"]", g[i], w[i]); d != "" {
				return d
			}
		}
		if len(g) != len(w) {
			return path + ": " + strconv.Itoa(len(g)) + " items, want " + strconv.Itoa(len(w))
		}
		return ""
	}
	if !reflect.DeepEqual(got, want) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		return path + ": " + string(gb) + ", want " + string(wb)
	}
	return ""
}

// perftTiming matches the time and speed of a perft count, which differ from
// run to run.
var perftTiming = regexp.MustCompile(`"(seconds|nps)": [0-9.e+-]+`)
