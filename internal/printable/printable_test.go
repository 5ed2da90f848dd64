package printable

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"html"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/event"
)

var outDir = flag.String("out", "", "write the documents the tests render into this directory, for a look")

type fixture struct {
	t   *testing.T
	svc *event.Service
	id  string
	st  *event.State
}

func newEvent(t *testing.T, s event.Settings, seed string, ps []event.PlayerInfo) *fixture {
	t.Helper()
	svc := event.NewService(newMem())
	st, _, err := svc.Create(context.Background(), event.Init{Settings: s, Seed: seed, WeakSeed: true, FirstColor: "w", Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, svc: svc, id: st.ID(), st: st}
}

func (f *fixture) do(c event.Change) {
	f.t.Helper()
	st, _, err := f.svc.Apply(context.Background(), f.id, event.Actor{Role: event.RoleAdmin, Label: "arbiter"}, c)
	if err != nil {
		f.t.Fatalf("%s round %d: %v", c.Kind, c.Round, err)
	}
	f.st = st
}

// outcome decides a game: the higher rated wins, every third board is
// drawn.
func outcome(e event.Event, b event.Board) string {
	if b.Board%3 == 0 {
		return "1/2-1/2"
	}
	if e.PlayerByID(b.White).Rating > e.PlayerByID(b.Black).Rating {
		return "1-0"
	}
	return "0-1"
}

// play pairs round rn, publishes it and, if start, starts it; with results
// it enters every board's result.
func (f *fixture) play(rn int, start, results bool) {
	f.t.Helper()
	f.do(event.Change{Kind: event.KindPair, Round: rn})
	f.do(event.Change{Kind: event.KindPublish, Round: rn})
	if !start {
		return
	}
	f.do(event.Change{Kind: event.KindStart, Round: rn})
	if !results {
		return
	}
	e := f.st.Public()
	for _, b := range e.Schedule[rn-1].Boards {
		f.do(event.Change{Kind: event.KindResult, Round: rn, Board: b.Board, Result: outcome(e, b)})
	}
}

const evil = `<script>alert("x")</script> & Co`

func entrants(n int) []event.PlayerInfo {
	names := []string{"Anna Berg", "Bo Carlsen", "Chen Dai", "Dora Eklund", "Emil Fors", evil,
		"Gita Holm", "Hugo Ivarsson", "Ines Jonsson", "Jan Kask", "Kari Lund", "Lea Moen"}
	var ps []event.PlayerInfo
	for i := range n {
		p := event.PlayerInfo{Name: names[i], Rating: 2450 - 41*i, Federation: "SWE"}
		if i == 0 {
			p.Title = "GM"
		}
		ps = append(ps, p)
	}
	return ps
}

// firstDraw is round 1's position with no exclusions, from the documented
// derivation: the first 8 bytes of SHA-256("chess960:" + seed + ":0"),
// big-endian, mod 960.
func firstDraw(seed string) int {
	sum := sha256.Sum256([]byte("chess960:" + seed + ":0"))
	return int(binary.BigEndian.Uint64(sum[:8]) % 960)
}

func renderDoc(t *testing.T, name string, fn func(io.Writer) error) string {
	t.Helper()
	var buf bytes.Buffer
	if err := fn(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if *outDir != "" {
		if err := os.WriteFile(filepath.Join(*outDir, name+".html"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buf.String()
}

var (
	tagRE      = regexp.MustCompile(`<[^>]*>`)
	boardRowRE = regexp.MustCompile(`(?s)<tr class="board-row" data-board="(\d+)">(.*?)</tr>`)
	whiteRE    = regexp.MustCompile(`(?s)class="(?:pl|n) white">(.*?)</(?:td|span)>\s*(?:<td|<span class="c"|</div>)`)
	blackRE    = regexp.MustCompile(`(?s)class="(?:pl|n) black">(.*?)</(?:td|span)>\s*(?:<td|</div>)`)
	pointsRE   = regexp.MustCompile(`<td class="pt num">([^<]*)</td>`)
	bigBoardRE = regexp.MustCompile(`(?s)<svg [^>]*class="c960-board c960-light board"[^>]*>.*?</svg>`)
	cardRE     = regexp.MustCompile(`(?s)<article class="(card|slip)" data-board="(\d+)">(.*?)</article>`)
)

// text strips the tags of a fragment and unescapes it.
func text(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(s, " "))), " ")
}

func fullName(e event.Event, id int) string {
	p := e.PlayerByID(id)
	return strings.TrimSpace(p.Title + " " + p.Name)
}

// pieces parses an inline SVG diagram with encoding/xml and returns its
// pieces by square ("e1" -> "wK").
func pieces(t *testing.T, svg string) map[string]string {
	t.Helper()
	out := map[string]string{}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("diagram is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "use" {
			var pc, sq string
			for _, a := range se.Attr {
				switch a.Name.Local {
				case "data-piece":
					pc = a.Value
				case "data-square":
					sq = a.Value
				}
			}
			if pc != "" {
				out[sq] = pc
			}
		}
	}
	return out
}

// checkDiagram checks that a diagram shows start position n: White's back
// rank on rank 1 as the position's letters, pawns on ranks 2 and 7, Black's
// mirror on rank 8, 32 pieces in all.
func checkDiagram(t *testing.T, svg string, n int) {
	t.Helper()
	got := pieces(t, svg)
	if len(got) != 32 {
		t.Errorf("diagram of %d: %d pieces, want 32", n, len(got))
	}
	rank := chess960.MustNew(n).String()
	for f := range 8 {
		file := string(rune('a' + f))
		if got[file+"1"] != "w"+rank[f:f+1] || got[file+"8"] != "b"+rank[f:f+1] {
			t.Errorf("diagram of %d (%s): %s1 %q, %s8 %q", n, rank, file, got[file+"1"], file, got[file+"8"])
		}
		if got[file+"2"] != "wP" || got[file+"7"] != "bP" {
			t.Errorf("diagram of %d: pawns %s2 %q, %s7 %q", n, file, got[file+"2"], file, got[file+"7"])
		}
	}
}

// pointsBefore counts each player's points before round rn from the
// results and byes, FIDE's way (a pairing-allocated bye scores a win).
func pointsBefore(e event.Event, rn int) map[int]float64 {
	pts := map[int]float64{}
	for _, r := range e.Schedule[:rn-1] {
		for _, b := range r.Boards {
			switch b.Result {
			case "1-0", "+/-":
				pts[b.White]++
			case "0-1", "-/+":
				pts[b.Black]++
			case "1/2-1/2":
				pts[b.White] += .5
				pts[b.Black] += .5
			}
		}
		for _, y := range r.Byes {
			switch y.Kind {
			case event.ByePairing, event.ByeFull:
				pts[y.Player]++
			case event.ByeHalf:
				pts[y.Player] += .5
			}
		}
	}
	return pts
}

func swiss(t *testing.T) *fixture {
	f := newEvent(t, event.Settings{Name: "Malmö <Open> 960", Place: "Malmö", Start: "2026-12-01", End: "2026-12-03",
		System: event.Swiss, Rounds: 3, TimeControl: "90+30"}, "print-test-seed", entrants(9))
	f.do(event.Change{Kind: event.KindBye, Player: 4, Round: 2, Bye: event.ByeHalf})
	f.play(1, true, true)
	f.play(2, true, true)
	f.play(3, false, false) // published, not started
	return f
}

func TestPairingSheet(t *testing.T) {
	f := swiss(t)
	e := f.st.Public()
	for rn := 1; rn <= 2; rn++ {
		r := e.Schedule[rn-1]
		doc := renderDoc(t, fmt.Sprintf("pairings-r%d", rn), func(w io.Writer) error { return PairingSheet(w, e, rn) })
		n := r.Position.ID()
		if rn == 1 && n != firstDraw("print-test-seed") {
			t.Fatalf("round 1 plays %d, the derivation gives %d", n, firstDraw("print-test-seed"))
		}
		sp := chess960.MustNew(n)
		for _, want := range []string{
			`<small>Start position</small>` + strconv.Itoa(n) + `</p>`,
			`<dt>Scharnagl</dt><dd class="num">` + strconv.Itoa(n) + `</dd>`,
			`<dt>Fritz9</dt><dd class="num">` + strconv.Itoa(sp.Fritz9()) + `</dd>`,
			`<dd class="mono rank">` + sp.String() + `</dd>`,
			sp.FEN(),
			"Round " + strconv.Itoa(rn) + " of 3", "2026-12-01 – 2026-12-03", "90&#43;30", "Malmö &lt;Open&gt; 960",
		} {
			if !strings.Contains(doc, want) {
				t.Errorf("round %d sheet: no %q", rn, want)
			}
		}
		big := bigBoardRE.FindString(doc)
		if big == "" {
			t.Fatalf("round %d sheet: no large diagram", rn)
		}
		checkDiagram(t, big, n)
		// Every board, in order, with its players, their points before the
		// round and the result.
		rows := boardRowRE.FindAllStringSubmatch(doc, -1)
		if len(rows) != len(r.Boards) {
			t.Fatalf("round %d sheet: %d board rows, want %d", rn, len(rows), len(r.Boards))
		}
		pts := pointsBefore(e, rn)
		for i, b := range r.Boards {
			row := rows[i]
			if row[1] != strconv.Itoa(b.Board) {
				t.Errorf("round %d row %d: board %s, want %d", rn, i, row[1], b.Board)
			}
			w, bl := whiteRE.FindStringSubmatch(row[2]), blackRE.FindStringSubmatch(row[2])
			if w == nil || bl == nil || text(w[1]) != fullName(e, b.White) || text(bl[1]) != fullName(e, b.Black) {
				t.Errorf("round %d board %d: players %q / %q, want %q / %q", rn, b.Board, w, bl, fullName(e, b.White), fullName(e, b.Black))
			}
			p := pointsRE.FindAllStringSubmatch(row[2], -1)
			wantW, wantB := strconv.FormatFloat(pts[b.White], 'f', 1, 64), strconv.FormatFloat(pts[b.Black], 'f', 1, 64)
			if len(p) != 2 || p[0][1] != wantW || p[1][1] != wantB {
				t.Errorf("round %d board %d: points %v, want %s and %s", rn, b.Board, p, wantW, wantB)
			}
			wantRes := map[event.Result]string{"1-0": "1–0", "0-1": "0–1", "1/2-1/2": "½–½"}[b.Result]
			if !strings.Contains(row[2], `<td class="res">`+wantRes+`</td>`) {
				t.Errorf("round %d board %d: result %s not printed as %s", rn, b.Board, b.Result, wantRes)
			}
		}
		// 9 players: a pairing-allocated bye each round; in round 2 player
		// 4's half-point bye too.
		for _, y := range r.Byes {
			want := html.EscapeString(e.PlayerByID(y.Player).Name)
			if !strings.Contains(doc, want) || !strings.Contains(doc, byeKinds[y.Kind]) {
				t.Errorf("round %d: bye of %q (%s) not listed", rn, e.PlayerByID(y.Player).Name, y.Kind)
			}
		}
		if rn == 2 && !strings.Contains(doc, "<b>"+html.EscapeString(e.PlayerByID(4).Name)+`</b> <span class="muted">(`+strconv.Itoa(e.NumberIn(&r, 4))+")</span> (") || !strings.Contains(doc, "Half-point bye") && rn == 2 {
			t.Errorf("round 2: player 4's half-point bye is not listed")
		}
		if strings.Contains(doc, "<script>") || !strings.Contains(doc, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co") {
			t.Errorf("round %d sheet: the name %q is not escaped", rn, evil)
		}
		if strings.Contains(doc, NotRevealed) {
			t.Errorf("round %d sheet: a started round says %q", rn, NotRevealed)
		}
	}
}

// noPosition checks that a document shows no position: no pieces, no
// FEN, no numbers, and the note.
func noPosition(t *testing.T, what, doc string) {
	t.Helper()
	if !strings.Contains(doc, NotRevealed) {
		t.Errorf("%s: no %q", what, NotRevealed)
	}
	for _, bad := range []string{"data-piece", "X-FEN", "/pppppppp/8/8/8/8/PPPPPPPP/", "Scharnagl", "Fritz9"} {
		if strings.Contains(doc, bad) {
			t.Errorf("%s: shows %q before the round starts", what, bad)
		}
	}
}

func TestRoundNotStarted(t *testing.T) {
	f := swiss(t)
	e := f.st.Public()
	if e.Schedule[2].Status != event.Published || e.Schedule[2].Position != nil {
		t.Fatalf("round 3: %s %v", e.Schedule[2].Status, e.Schedule[2].Position)
	}
	sheet := renderDoc(t, "pairings-r3", func(w io.Writer) error { return PairingSheet(w, e, 3) })
	noPosition(t, "sheet", sheet)
	if n := len(boardRowRE.FindAllString(sheet, -1)); n != len(e.Schedule[2].Boards) {
		t.Errorf("sheet of round 3: %d boards, want %d", n, len(e.Schedule[2].Boards))
	}
	if n := strings.Count(sheet, `class="blank"`); n != len(e.Schedule[2].Boards) {
		t.Errorf("sheet of round 3: %d empty result boxes, want %d", n, len(e.Schedule[2].Boards))
	}
	cards := renderDoc(t, "cards-r3", func(w io.Writer) error { return BoardCards(w, e, 3) })
	noPosition(t, "cards", cards)
	if n := strings.Count(cards, NotRevealed); n != len(e.Schedule[2].Boards) {
		t.Errorf("cards of round 3: the note on %d cards, want %d", n, len(e.Schedule[2].Boards))
	}
	proj := renderDoc(t, "projector-r3", func(w io.Writer) error { return Projector(w, e, 3) })
	noPosition(t, "projector", proj)
	// Even an event value that carries a position for a round not started
	// (as no event the service makes does) shows none.
	odd := e
	odd.Schedule = append([]event.Round(nil), e.Schedule...)
	n := chess960.MustNew(100)
	odd.Schedule[2].Position = &n
	for name, fn := range map[string]func(io.Writer, event.Event, int) error{"sheet": PairingSheet, "cards": BoardCards, "projector": Projector} {
		var buf bytes.Buffer
		if err := fn(&buf, odd, 3); err != nil {
			t.Fatal(err)
		}
		noPosition(t, name+" with a stray position", buf.String())
	}
	// Once the round starts, the sheet shows the position the event holds.
	f.do(event.Change{Kind: event.KindStart, Round: 3})
	e3 := f.st.Public()
	if e3.Schedule[2].Position == nil {
		t.Fatal("round 3 started without a position")
	}
	sheet = renderDoc(t, "pairings-r3-started", func(w io.Writer) error { return PairingSheet(w, e3, 3) })
	if !strings.Contains(sheet, `<small>Start position</small>`+strconv.Itoa(e3.Schedule[2].Position.ID())+`</p>`) {
		t.Error("round 3, once started: the sheet does not show its position")
	}
}

func TestCardsAndSlips(t *testing.T) {
	f := newEvent(t, event.Settings{Name: "Cards", System: event.Swiss, Rounds: 2}, "cards-seed", entrants(12))
	f.play(1, true, false)
	e := f.st.Public()
	r := e.Schedule[0]
	n := r.Position.ID()
	sp := chess960.MustNew(n)
	cards := renderDoc(t, "cards-r1", func(w io.Writer) error { return BoardCards(w, e, 1) })
	slips := renderDoc(t, "slips-r1", func(w io.Writer) error { return ResultSlips(w, e, 1) })
	for _, c := range []struct {
		name, doc string
	}{{"cards", cards}, {"slips", slips}} {
		got := cardRE.FindAllStringSubmatch(c.doc, -1)
		if len(got) != len(r.Boards) {
			t.Fatalf("%s: %d, want one per board (%d)", c.name, len(got), len(r.Boards))
		}
		// 6 boards, four to a page: two pages.
		if pages := strings.Count(c.doc, `<div class="page">`); pages != 2 {
			t.Errorf("%s: %d pages, want 2", c.name, pages)
		}
		for i, b := range r.Boards {
			body := got[i][3]
			if got[i][2] != strconv.Itoa(b.Board) {
				t.Errorf("%s %d: board %s, want %d", c.name, i, got[i][2], b.Board)
			}
			w, bl := whiteRE.FindStringSubmatch(body), blackRE.FindStringSubmatch(body)
			if w == nil || bl == nil || !strings.HasPrefix(text(w[1]), fullName(e, b.White)) || !strings.HasPrefix(text(bl[1]), fullName(e, b.Black)) {
				t.Errorf("%s board %d: players %q / %q, want %q / %q", c.name, b.Board, w, bl, fullName(e, b.White), fullName(e, b.Black))
			}
			switch c.name {
			case "cards":
				if !strings.Contains(body, `<small>Board</small>`+strconv.Itoa(b.Board)+`</p>`) {
					t.Errorf("card %d: no board number", b.Board)
				}
				if !strings.Contains(body, "Position <b>"+strconv.Itoa(n)+"</b> · Fritz9 <b>"+strconv.Itoa(sp.Fritz9())+"</b>") || !strings.Contains(body, sp.FEN()) {
					t.Errorf("card %d: no position %d with its Fritz9 number and FEN", b.Board, n)
				}
				checkDiagram(t, bigBoardRE.FindString(body), n)
			case "slips":
				for _, want := range []string{"Round <b>1</b> · Board <b>" + strconv.Itoa(b.Board) + "</b>", "1–0", "½–½", "0–1", "White's signature", "Black's signature"} {
					if !strings.Contains(body, want) {
						t.Errorf("slip %d: no %q", b.Board, want)
					}
				}
				if k := strings.Count(body, `class="box"`); k != 3 {
					t.Errorf("slip %d: %d result boxes, want 3", b.Board, k)
				}
			}
		}
		if strings.Contains(c.doc, "<script>") {
			t.Errorf("%s: a name is not escaped", c.name)
		}
	}
}

func TestProjector(t *testing.T) {
	f := swiss(t)
	e := f.st.Public()
	doc := renderDoc(t, "projector-r2", func(w io.Writer) error { return Projector(w, e, 2) })
	n := e.Schedule[1].Position.ID()
	if !strings.Contains(doc, `<p class="pno" id="pno">`+strconv.Itoa(n)+`</p>`) {
		t.Errorf("projector: no position number %d", n)
	}
	if !strings.Contains(doc, `<p class="rnd">Round 2</p>`) || !strings.Contains(doc, "Malmö &lt;Open&gt; 960") {
		t.Error("projector: no round number or event name")
	}
	checkDiagram(t, bigBoardRE.FindString(doc), n)
}

func TestPerBoard(t *testing.T) {
	s := event.Settings{Name: "Every board its own", System: event.RoundRobin, Positions: event.PositionRules{PerBoard: true, Exclude: "518"}}
	f := newEvent(t, s, "per-board-seed", entrants(6))
	f.play(1, true, true)
	e := f.st.Public()
	r := e.Schedule[0]
	sheet := renderDoc(t, "pairings-perboard", func(w io.Writer) error { return PairingSheet(w, e, 1) })
	rows := boardRowRE.FindAllStringSubmatch(sheet, -1)
	if len(rows) != 3 || len(r.Boards) != 3 {
		t.Fatalf("%d rows for %d boards", len(rows), len(r.Boards))
	}
	seen := map[int]bool{}
	for i, b := range r.Boards {
		n := b.Position.ID()
		seen[n] = true
		if !strings.Contains(rows[i][2], `<div class="n">`+strconv.Itoa(n)+`</div>`) || !strings.Contains(rows[i][2], chess960.MustNew(n).String()) {
			t.Errorf("board %d: its position %d is not in its row", b.Board, n)
		}
		if strings.Count(rows[i][2], "data-piece") != 32 {
			t.Errorf("board %d: the row's diagram has %d pieces", b.Board, strings.Count(rows[i][2], "data-piece"))
		}
	}
	if len(seen) != 3 || seen[518] {
		t.Errorf("positions %v: want three, none 518", seen)
	}
	if bigBoardRE.MatchString(sheet) {
		t.Error("a per-board sheet shows one large diagram for the round")
	}
	proj := renderDoc(t, "projector-perboard", func(w io.Writer) error { return Projector(w, e, 1) })
	for _, b := range r.Boards {
		if !strings.Contains(proj, `<div class="t-b">Board `+strconv.Itoa(b.Board)+`</div><div class="t-n">`+strconv.Itoa(b.Position.ID())+`</div>`) {
			t.Errorf("projector: board %d without its position %d", b.Board, b.Position.ID())
		}
	}
}

func TestFinalStandings(t *testing.T) {
	const seed = "final-seed"
	f := newEvent(t, event.Settings{Name: "Final", System: event.Swiss, Rounds: 3}, seed, entrants(8))
	for rn := 1; rn <= 3; rn++ {
		f.play(rn, true, true)
	}
	before := renderDoc(t, "standings-provisional", func(w io.Writer) error { return FinalStandings(w, f.st.Public()) })
	if strings.Contains(before, seed) || !strings.Contains(before, "The seed is revealed when the event is finished") {
		t.Error("standings before the finish: the seed shows, or the note is missing")
	}
	f.do(event.Change{Kind: event.KindFinish})
	e := f.st.Public()
	doc := renderDoc(t, "standings-final", func(w io.Writer) error { return FinalStandings(w, e) })
	sum := sha256.Sum256([]byte(seed))
	for _, want := range []string{
		"Final standings", fmt.Sprintf("%x", sum), `<dd class="mono">` + seed + `</dd>`,
		`<code class="cmd">chess960 random --seed final-seed --unique --count 3</code>`,
		"The seed's SHA-256 is the commitment", "Every position played is the one the seed gives (3 checked)",
		`<th class="r" title="Buchholz Cut-1">BH-C1</th>`, `<th class="r" title="Sonneborn-Berger">SB</th>`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("final standings: no %q", want)
		}
	}
	// The points column, against the results counted here; the rows in
	// points order; each crosstable line with three cells.
	pts := pointsBefore(e, 4)
	rowRE := regexp.MustCompile(`(?s)<tr class="row" data-player="(\d+)">(.*?)</tr>`)
	rows := rowRE.FindAllStringSubmatch(doc, -1)
	if len(rows) != 8 {
		t.Fatalf("%d standings rows, want 8", len(rows))
	}
	last := 99.0
	for _, r := range rows {
		id, _ := strconv.Atoi(r[1])
		want := strconv.FormatFloat(pts[id], 'f', 1, 64)
		if !strings.Contains(r[2], `<td class="r pts">`+want+`</td>`) {
			t.Errorf("player %d: points not %s: %s", id, want, text(r[2]))
		}
		if pts[id] > last {
			t.Errorf("player %d with %v points below one with %v", id, pts[id], last)
		}
		last = pts[id]
	}
	cross := doc[strings.Index(doc, `<table class="cross">`):]
	cross = cross[:strings.Index(cross, "</table>")]
	if got := strings.Count(cross, `<td class="c">`); got != 8*3 {
		t.Errorf("crosstable: %d cells, want 24", got)
	}
	// Each cell: the opponent's line in the table, the colour and the
	// result, from the boards as played.
	line := map[int]int{}
	for i, r := range rows {
		id, _ := strconv.Atoi(r[1])
		line[id] = i + 1
	}
	xrows := regexp.MustCompile(`(?s)<tr class="xrow" data-player="(\d+)">(.*?)</tr>`).FindAllStringSubmatch(cross, -1)
	cellRE := regexp.MustCompile(`<td class="c">([^<]*)</td>`)
	if len(xrows) != 8 {
		t.Fatalf("crosstable: %d lines, want 8", len(xrows))
	}
	for i, xr := range xrows {
		id, _ := strconv.Atoi(xr[1])
		if line[id] != i+1 {
			t.Errorf("crosstable line %d is player %d, the standings' line %d", i+1, id, line[id])
		}
		cells := cellRE.FindAllStringSubmatch(xr[2], -1)
		for rn, r := range e.Schedule {
			want := ""
			for _, b := range r.Boards {
				score := map[event.Result][2]string{"1-0": {"1", "0"}, "0-1": {"0", "1"}, "1/2-1/2": {"½", "½"}}[b.Result]
				switch id {
				case b.White:
					want = fmt.Sprintf("%dw%s", line[b.Black], score[0])
				case b.Black:
					want = fmt.Sprintf("%db%s", line[b.White], score[1])
				}
			}
			if rn >= len(cells) || cells[rn][1] != want {
				t.Errorf("crosstable: player %d round %d: %v, want %q", id, rn+1, cells, want)
			}
		}
	}
	for rn := 1; rn <= 3; rn++ {
		n := e.Schedule[rn-1].Position.ID()
		if !strings.Contains(doc, fmt.Sprintf(`<tr><td class="r">%d</td><td class="r"><b>%d</b></td>`, rn, n)) {
			t.Errorf("positions played: round %d's %d is missing", rn, n)
		}
	}
}

func TestErrors(t *testing.T) {
	f := swiss(t)
	e := f.st.Public()
	for _, rn := range []int{0, -1, 4, 99} {
		for name, fn := range map[string]func(io.Writer, event.Event, int) error{
			"pairing sheet": PairingSheet, "board cards": BoardCards, "result slips": ResultSlips, "projector page": Projector,
		} {
			var buf bytes.Buffer
			err := fn(&buf, e, rn)
			if !errors.Is(err, ErrRound) {
				t.Fatalf("%s round %d: error %v, want ErrRound", name, rn, err)
			}
			want := fmt.Sprintf("printable: %s, round %d: no such round: rounds 1 to 3 are paired", name, rn)
			if err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
			if buf.Len() != 0 {
				t.Errorf("%s round %d: wrote %d bytes before failing", name, rn, buf.Len())
			}
		}
	}
	empty := newEvent(t, event.Settings{Name: "Empty", System: event.Swiss, Rounds: 3}, "s", entrants(4)).st.Public()
	if err := PairingSheet(io.Discard, empty, 1); err == nil || !strings.Contains(err.Error(), "no round is paired yet") {
		t.Errorf("no round paired: %v", err)
	}
	// A board naming a player the event does not have, and a position out
	// of range: errors and notes, no panic.
	bad := e
	bad.Schedule = append([]event.Round(nil), e.Schedule...)
	bad.Schedule[0].Boards = append([]event.Board(nil), e.Schedule[0].Boards...)
	bad.Schedule[0].Boards[1].Black = 999
	if err := BoardCards(io.Discard, bad, 1); err == nil || err.Error() != "printable: board cards, round 1: board 2: no player with ID 999" {
		t.Errorf("unknown player: %v", err)
	}
	// A position outside 0..959 cannot be made: Round.Position is a
	// *chess960.StartPos, and a stored event with one does not decode.
}

// TestSelfContained checks every document for anything fetched: no links,
// scripts, images, fonts or URLs but the SVG namespace.
func TestSelfContained(t *testing.T) {
	f := swiss(t)
	e := f.st.Public()
	docs := map[string]func(io.Writer) error{
		"sheet":     func(w io.Writer) error { return PairingSheet(w, e, 2) },
		"cards":     func(w io.Writer) error { return BoardCards(w, e, 2) },
		"slips":     func(w io.Writer) error { return ResultSlips(w, e, 2) },
		"projector": func(w io.Writer) error { return Projector(w, e, 2) },
		"standings": func(w io.Writer) error { return FinalStandings(w, e) },
	}
	urlRE := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^"' )]*`)
	for name, fn := range docs {
		var buf bytes.Buffer
		if err := fn(&buf); err != nil {
			t.Fatal(err)
		}
		doc := buf.String()
		for _, bad := range []string{"<link", "<script", "<img", "<iframe", "src=", "url(", "@import", "@font-face"} {
			if strings.Contains(strings.ToLower(doc), bad) {
				t.Errorf("%s: has %q", name, bad)
			}
		}
		for _, u := range urlRE.FindAllString(doc, -1) {
			if u != "http://www.w3.org/2000/svg" {
				t.Errorf("%s: refers to %s", name, u)
			}
		}
		if !strings.HasPrefix(doc, "<!DOCTYPE html>") || !strings.Contains(doc, "@page") {
			t.Errorf("%s: not a whole printable document", name)
		}
	}
}

// TestProjectorResults: while a round is in play the projector counts the
// results in and lists each board's (with up to 24 boards), a pending
// board with an ellipsis; a round not started lists none.
func TestProjectorResults(t *testing.T) {
	f := newEvent(t, event.Settings{Name: "Results on the screen", System: event.Swiss, Rounds: 2}, "projector-results", entrants(8))
	f.play(1, true, false)
	e := f.st.Public()
	b1 := e.Schedule[0].Boards[0]
	f.do(event.Change{Kind: event.KindResult, Round: 1, Board: 1, Result: "1-0"})
	e = f.st.Public()
	doc := renderDoc(t, "projector-results", func(w io.Writer) error { return Projector(w, e, 1) })
	if !strings.Contains(doc, `<p class="res-count" id="res-count"><b>1</b> of 4 results in</p>`) {
		t.Errorf("the count of results: %.300s", doc[strings.Index(doc, "<main"):])
	}
	wn, bn := e.PlayerByID(b1.White).Name, e.PlayerByID(b1.Black).Name
	if !strings.Contains(doc, `<li class=""><span class="rb">1</span><span class="rp">`+template.HTMLEscapeString(wn)+` – `+template.HTMLEscapeString(bn)+`</span><span class="rr">1–0</span></li>`) {
		t.Error("board 1's result is not listed")
	}
	if strings.Count(doc, `<li class="pending">`) != 3 {
		t.Errorf("%d boards pending, want 3", strings.Count(doc, `<li class="pending">`))
	}
	g := newEvent(t, event.Settings{Name: "Not started", System: event.Swiss, Rounds: 2}, "projector-results", entrants(8))
	g.play(1, false, false)
	doc = renderDoc(t, "projector-published", func(w io.Writer) error { return Projector(w, g.st.Public(), 1) })
	if strings.Contains(doc, `id="res-count"`) {
		t.Error("a round not started lists results")
	}
}
