package eventweb

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/pairing"
)

// evClient drives the event pages as a browser would, keeping every body
// it got (to look for the seed in) and the access log.
type evClient struct {
	t      *testing.T
	s      *app
	log    *syncBuffer
	mu     sync.Mutex
	bodies []string
	// allow503: a 503 (busy, with Retry-After) is what the test wants;
	// any other 5xx still fails it.
	allow503 bool
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func newEvClient(t *testing.T, cfg Config) *evClient {
	t.Helper()
	c := &evClient{t: t, log: &syncBuffer{}}
	// The real store: an SQLite file of the test's own.
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "events.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Events = event.NewService(st)
	if cfg.WriteBurst == 0 {
		cfg.WriteBurst = 1_000_000
	}
	c.s = newApp(cfg, newTestLogger(c.log))
	return c
}

type evResp struct {
	status   int
	body     string
	location string
	header   http.Header
}

// do sends a request with the headers a same-origin browser form sends.
func (c *evClient) do(method, target, ctype string, body io.Reader, hdr map[string]string) evResp {
	c.t.Helper()
	r := httptest.NewRequest(method, target, body)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	if method == http.MethodPost {
		r.Header.Set("Origin", "http://example.com")
		r.Header.Set("Sec-Fetch-Site", "same-origin")
	}
	for k, v := range hdr {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	c.s.ServeHTTP(w, r)
	res := w.Result()
	b, _ := io.ReadAll(res.Body)
	c.mu.Lock()
	c.bodies = append(c.bodies, string(b), res.Header.Get("Location"))
	c.mu.Unlock()
	if res.StatusCode >= 500 && !(c.allow503 && res.StatusCode == http.StatusServiceUnavailable) {
		c.t.Errorf("%s %.100s: status %d: %.300s", method, target, res.StatusCode, b)
	}
	return evResp{status: res.StatusCode, body: string(b), location: res.Header.Get("Location"), header: res.Header}
}

func (c *evClient) get(target string) evResp {
	c.t.Helper()
	return c.do("GET", target, "", nil, nil)
}

func (c *evClient) post(target string, form url.Values) evResp {
	c.t.Helper()
	return c.do("POST", target, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()), nil)
}

var (
	csrfRe = regexp.MustCompile(`name="csrf" value="([0-9a-f]{64})"`)
	baseRe = regexp.MustCompile(`name="base" value="([0-9]+)"`)
)

// adminForm is an open admin page: its link, CSRF token and version.
type adminForm struct {
	c    *evClient
	base string // /e/ID/a/TOKEN
	csrf string
}

func (c *evClient) open(base string) *adminForm {
	c.t.Helper()
	r := c.get(base)
	if r.status != 200 {
		c.t.Fatalf("GET admin page: %d %.300s", r.status, r.body)
	}
	m := csrfRe.FindStringSubmatch(r.body)
	if m == nil {
		c.t.Fatalf("the admin page has no CSRF token: %.500s", r.body)
	}
	return &adminForm{c: c, base: base, csrf: m[1]}
}

// version reads the version the admin page's forms carry.
func (a *adminForm) version() string {
	a.c.t.Helper()
	m := baseRe.FindStringSubmatch(a.c.get(a.base + "/players").body)
	if m == nil {
		a.c.t.Fatal("the admin page's forms carry no base version")
	}
	return m[1]
}

// change posts an admin form with the CSRF token and the current version;
// fields are name, value pairs.
func (a *adminForm) change(kind string, fields ...string) evResp {
	a.c.t.Helper()
	f := url.Values{"kind": {kind}, "csrf": {a.csrf}}
	for i := 0; i+1 < len(fields); i += 2 {
		f.Set(fields[i], fields[i+1])
	}
	return a.c.post(a.base+"/do", f)
}

// must posts a change and wants the redirect of a saved one.
func (a *adminForm) must(kind string, fields ...string) evResp {
	a.c.t.Helper()
	r := a.change(kind, fields...)
	if r.status != http.StatusSeeOther {
		a.c.t.Fatalf("%s %v: status %d: %.400s", kind, fields, r.status, r.body)
	}
	return r
}

func (a *adminForm) event() eventjson.Event {
	a.c.t.Helper()
	r := a.c.get(a.base + "/event.json")
	var e eventjson.Event
	if err := json.Unmarshal([]byte(r.body), &e); err != nil {
		a.c.t.Fatalf("admin event.json: %v: %.200s", err, r.body)
	}
	return e
}

func (a *adminForm) id() string { return strings.Split(a.base, "/")[2] }

// createEvent creates an event through the form and returns its admin
// page.
func (c *evClient) createEvent(name, seed string, rounds int) *adminForm {
	c.t.Helper()
	r := c.post("/events", url.Values{"name": {name}, "place": {"Zürich"}, "start": {"2026-03-01"}, "end": {"2026-03-03"},
		"system": {"dutch"}, "rounds": {strconv.Itoa(rounds)}, "timeControl": {"90+30"}, "positions": {"round"}, "seed": {seed}, "weakSeed": {"1"}})
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.location, "/e/") || !strings.HasSuffix(r.location, "?created=1") {
		c.t.Fatalf("create: %d %q %.300s", r.status, r.location, r.body)
	}
	base := strings.TrimSuffix(r.location, "?created=1")
	p := c.get(r.location)
	if p.status != 200 || !strings.Contains(p.body, "Save this link") || !strings.Contains(p.body, `value="`+base+`"`) {
		c.t.Fatalf("the admin page does not show the link to save: %d %.500s", p.status, p.body)
	}
	if again := c.get(base); strings.Contains(again.body, "Save this link") {
		c.t.Error("the admin page shows the save-this-link banner again")
	}
	return c.open(base)
}

const webSeed = "web-run-seed-7c1e2b"

// TestEventSwissRun runs a Swiss through the pages' forms: create, 11
// players, 5 rounds with a bye request, a forfeit, a withdrawal and a
// corrected result, finish, verify. No response before the finish holds
// the seed, and the log never holds the admin token.
func TestEventSwissRun(t *testing.T) {
	c := newEvClient(t, Config{})
	if r := c.get("/events/new"); r.status != 200 || !strings.Contains(r.body, `action="/events"`) || !strings.Contains(r.body, "BH-C1,BH,SB,DE,WIN") {
		t.Fatalf("new event form: %d %.300s", r.status, r.body)
	}
	a := c.createEvent("Web Open <2026>", webSeed, 5)
	token := strings.Split(a.base, "/")[4]
	for i := 1; i <= 11; i++ {
		a.must("add-players", "name", fmt.Sprintf("Player %02d", i), "rating", strconv.Itoa(2500-10*i), "federation", "SUI", "back", "players")
	}
	if r := c.get(a.base + "/players"); !strings.Contains(r.body, "Player 11") || strings.Count(r.body, `id="player-`) != 11 {
		t.Fatalf("players page: %.300s", r.body)
	}
	a.must("bye", "player", "5", "round", "2", "bye", "half", "back", "players")
	var round1Board1 string
	for rn := 1; rn <= 5; rn++ {
		n := strconv.Itoa(rn)
		r := a.must("pair", "round", n, "back", "round/"+n)
		if r.location != a.base+"/round/"+n {
			t.Fatalf("pair redirects to %q", r.location)
		}
		if pub := c.get("/e/" + a.id()); strings.Contains(pub.body, `id="round-`+n+`"`) {
			t.Fatalf("round %d: the draft is on the public page", rn)
		}
		page := c.get(a.base + "/round/" + n)
		if !strings.Contains(page.body, "Publish") || !strings.Contains(page.body, "Re-pair") {
			t.Fatalf("round %d draft page: %.500s", rn, page.body)
		}
		a.must("publish", "round", n)
		a.must("start", "round", n)
		e := a.event()
		rd := e.Schedule[rn-1]
		if rd.Status != event.Started || rd.Position == nil {
			t.Fatalf("round %d: status %s, position %v", rn, rd.Status, rd.Position)
		}
		// The round just started leads the public page, with a large
		// diagram; earlier rounds have small ones.
		pub := c.get("/e/" + a.id())
		if !strings.Contains(pub.body, fmt.Sprintf(`/diagram.svg?pos=%d" width="320"`, rd.Position.ID())) {
			t.Errorf("round %d: the public page lacks the position's large diagram", rn)
		}
		if rn > 1 && !strings.Contains(pub.body, fmt.Sprintf(`/diagram.svg?pos=%d&amp;thumbnail=1`, e.Schedule[rn-2].Position.ID())) {
			t.Errorf("round %d: the public page lacks round %d's small diagram", rn, rn-1)
		}
		if rn == 2 {
			found := false
			for _, y := range rd.Byes {
				found = found || y.Player == 5 && y.Kind == event.ByeHalf
			}
			if !found {
				t.Errorf("round 2: the half-point bye asked for is missing: %+v", rd.Byes)
			}
		}
		for _, b := range rd.Boards {
			res := "1-0"
			if b.White > b.Black {
				res = "1/2-1/2"
			}
			if rn == 3 && b.Board == 2 {
				res = "+/-"
			}
			a.must("result", "round", n, "board", strconv.Itoa(b.Board), "result", res, "back", "round/"+n)
			if rn == 1 && b.Board == 1 {
				round1Board1 = res
			}
		}
		if rn == 1 {
			corrected := "0-1"
			if round1Board1 == "0-1" {
				corrected = "1-0"
			}
			a.must("result", "round", "1", "board", "1", "result", corrected, "back", "round/1")
			b := a.event().Schedule[0].Boards[0]
			if string(b.Result) != corrected || len(b.History) != 2 || string(b.History[0].Result) != round1Board1 {
				t.Errorf("corrected board: %+v", b)
			}
			if page := c.get(a.base + "/round/1"); !strings.Contains(page.body, "2 entries") {
				t.Error("the round page does not show the board's corrections")
			}
		}
		if rn == 3 {
			a.must("withdraw", "player", "11", "round", "4", "back", "players")
		}
	}
	e := a.event()
	if got := e.Schedule[2].Boards[1].Result; got != "+/-" {
		t.Errorf("round 3 board 2: %q, want the forfeit +/-", got)
	}
	for _, rd := range e.Schedule[3:] {
		for _, b := range rd.Boards {
			if b.White == 11 || b.Black == 11 {
				t.Errorf("round %d: the withdrawn player is paired", rd.Number)
			}
		}
	}
	// Exports before the finish.
	csvR := c.get("/e/" + a.id() + "/standings.csv")
	lines := strings.Split(strings.TrimRight(csvR.body, "\r\n"), "\r\n")
	if csvR.status != 200 || lines[0] != "rank,number,name,title,rating,federation,points,BH-C1,BH,SB,DE,WIN,rated games,average opponent,performance,rating change" || len(lines) != 12 {
		t.Errorf("standings.csv: %d %q", csvR.status, csvR.body)
	}
	trf := c.get("/e/" + a.id() + "/export.trf?format=trf16")
	tt, err := pairing.ParseTRFRecord([]byte(trf.body))
	if err != nil || len(tt.Players) != 11 {
		t.Errorf("export.trf?format=trf16 does not read back: %v\n%s", err, trf.body)
	}
	if r := c.get("/e/" + a.id() + "/export.trf"); r.status != 200 || !strings.Contains(r.body, "Web Open <2026>") {
		t.Errorf("export.trf: %d %.200s", r.status, r.body)
	}
	games := 0 // played over the board: the forfeit is not a game
	for _, rd := range e.Schedule {
		games += len(rd.Boards)
	}
	games--
	if r := c.get("/e/" + a.id() + "/games.pgn"); r.status != 200 || strings.Count(r.body, "[Event ") != games || strings.Count(r.body, "[FEN ") != games {
		t.Errorf("games.pgn: %d, want %d games: %.600s", r.status, games, r.body)
	}
	for _, tab := range []string{"", "/players", "/round/3", "/standings", "/settings", "/links", "/exports", "/history"} {
		if r := c.get(a.base + tab); r.status != 200 {
			t.Errorf("admin %q: %d %.200s", tab, r.status, r.body)
		}
	}
	if r := c.get("/e/" + a.id() + "/verify"); r.status != 200 || strings.Contains(r.body, "checks out") {
		t.Errorf("verify before the finish: %d", r.status)
	}
	if r := c.get("/api/events/" + a.id() + "/history"); r.status != 200 || !strings.Contains(r.body, `"kind": "withdraw"`) {
		t.Errorf("history: %d %.200s", r.status, r.body)
	}
	// Nothing so far held the seed.
	c.mu.Lock()
	for i, b := range c.bodies {
		if strings.Contains(b, webSeed) {
			t.Fatalf("response %d holds the seed before the finish: %.300s", i, b)
		}
	}
	c.mu.Unlock()
	a.must("finish", "confirm", "1")
	pub := c.get("/e/" + a.id())
	if !strings.Contains(pub.body, webSeed) || !strings.Contains(pub.body, `/e/`+a.id()+`/verify`) {
		t.Errorf("the finished event's page lacks the seed or the verify link")
	}
	if !strings.Contains(pub.body, "Web Open &lt;2026&gt;") || strings.Contains(pub.body, "Web Open <2026>") {
		t.Error("the event's name is not escaped")
	}
	v := c.get("/e/" + a.id() + "/verify")
	if !strings.Contains(v.body, "The draw checks out") || strings.Count(v.body, "✓</span>") != 5 ||
		!strings.Contains(v.body, "chess960 random --seed "+webSeed+" --unique --count 5") {
		t.Errorf("verify page: %.1500s", v.body)
	}
	if strings.Contains(c.log.String(), token) || !strings.Contains(c.log.String(), "/a/REDACTED") {
		t.Errorf("the access log holds the admin token, or no redacted admin path")
	}
	if r := a.change("result", "round", "5", "board", "1", "result", "0-1"); r.status != http.StatusUnprocessableEntity {
		t.Errorf("a result after the finish: %d, want 422", r.status)
	}
}

// newSmallEvent makes an event of 4 players over the API with round 1
// started, and returns its admin form.
func newSmallEvent(t *testing.T, c *evClient) *adminForm {
	t.Helper()
	body := `{"settings": {"name": "Small", "system": "dutch", "rounds": 3}, "players": [{"name": "A", "rating": 2400}, {"name": "B", "rating": 2300}, {"name": "C", "rating": 2200}, {"name": "D", "rating": 2100}]}`
	r := c.do("POST", "/api/events", "application/json", strings.NewReader(body), nil)
	if r.status != http.StatusCreated {
		t.Fatalf("POST /api/events: %d %s", r.status, r.body)
	}
	var out struct {
		Event eventjson.Event `json:"event"`
		Admin string          `json:"admin"`
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil || !strings.HasPrefix(out.Admin, "/e/"+out.Event.ID+"/a/") || len(out.Event.Players) != 4 {
		t.Fatalf("POST /api/events: %v %s", err, r.body)
	}
	a := c.open(out.Admin)
	a.must("pair", "round", "1")
	a.must("publish", "round", "1")
	a.must("start", "round", "1")
	return a
}

func (c *evClient) version(id string) int64 {
	st, err := c.s.cfg.Events.Load(context.Background(), id)
	if err != nil {
		c.t.Fatal(err)
	}
	return st.Version()
}

// TestEventCSRF refuses a form without the right token, or from another
// site, and changes nothing.
func TestEventCSRF(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	v := c.version(a.id())
	form := url.Values{"kind": {"result"}, "round": {"1"}, "board": {"1"}, "result": {"1-0"}}
	for _, tc := range []struct {
		name string
		csrf string
		hdr  map[string]string
		want string
	}{
		{"no token", "", nil, "csrf"},
		{"bad token", strings.Repeat("0", 64), nil, "csrf"},
		{"another event's token", csrfToken("x", a.id()), nil, "csrf"},
		{"cross-site origin", a.csrf, map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": ""}, "cross-site"},
		{"cross-site fetch", a.csrf, map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": ""}, "cross-site"},
		{"null origin from another site", a.csrf, map[string]string{"Origin": "null", "Sec-Fetch-Site": "cross-site"}, "cross-site"},
		{"null origin, no fetch site", a.csrf, map[string]string{"Origin": "null", "Sec-Fetch-Site": ""}, "cross-site"},
	} {
		f := url.Values{}
		for k, vs := range form {
			f[k] = vs
		}
		if tc.csrf != "" {
			f.Set("csrf", tc.csrf)
		}
		r := c.do("POST", a.base+"/do", "application/x-www-form-urlencoded", strings.NewReader(f.Encode()), tc.hdr)
		if r.status != http.StatusForbidden || !strings.Contains(r.body, tc.want) || !strings.Contains(r.header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %s %.300s", tc.name, r.status, r.header.Get("Content-Type"), r.body)
		}
		if got := c.version(a.id()); got != v {
			t.Errorf("%s: the event changed to version %d", tc.name, got)
		}
	}
	// The same form with the token goes through; so does one a browser
	// sends with Origin null from this site (Sec-Fetch-Site same-origin).
	a.must("result", "round", "1", "board", "1", "result", "1-0")
	f := url.Values{"csrf": {a.csrf}, "kind": {"result"}, "round": {"1"}, "board": {"2"}, "result": {"0-1"}, "base": {a.version()}}
	if r := c.do("POST", a.base+"/do", "application/x-www-form-urlencoded", strings.NewReader(f.Encode()), map[string]string{"Origin": "null"}); r.status != http.StatusSeeOther {
		t.Errorf("a same-origin form with Origin null: %d %.300s", r.status, r.body)
	}
}

// TestEventConflict: two arbiters enter board 1 against the same version;
// the second gets 409 with the current state. A board nobody else
// touched takes a change against the same old version.
func TestEventConflict(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	base := a.version()
	a.must("result", "base", base, "round", "1", "board", "1", "result", "1-0")
	r := a.change("result", "base", base, "round", "1", "board", "1", "result", "0-1")
	if r.status != http.StatusConflict || !strings.Contains(r.body, "round 1, board 1 changed after version "+base) || !strings.Contains(r.body, `id="board-1"`) {
		t.Fatalf("second entry of board 1: %d %.600s", r.status, r.body)
	}
	if got := a.event().Schedule[0].Boards[0].Result; got != "1-0" {
		t.Errorf("board 1 is %q after the refused entry, want the first 1-0", got)
	}
	a.must("result", "base", base, "round", "1", "board", "2", "result", "1/2-1/2")
	// The API: 409 with the current event.
	tok := strings.Split(a.base, "/")[4]
	r = c.do("POST", "/api/events/"+a.id()+"/changes", "application/json",
		strings.NewReader(`{"kind": "result", "base": `+base+`, "round": 1, "board": 1, "result": "0-1"}`), map[string]string{"Authorization": "Bearer " + tok})
	var cj struct {
		Code  string          `json:"code"`
		Event eventjson.Event `json:"event"`
	}
	if r.status != http.StatusConflict || json.Unmarshal([]byte(r.body), &cj) != nil || cj.Code != "conflict" || cj.Event.Schedule[0].Boards[1].Result != "1/2-1/2" {
		t.Errorf("API conflict: %d %.400s", r.status, r.body)
	}
}

// TestEventRateLimit: past the burst, writes get 429 with Retry-After,
// until the bucket refills.
func TestEventRateLimit(t *testing.T) {
	c := newEvClient(t, Config{WriteRate: 5, WriteBurst: 3})
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c.s.writes.Now = func() time.Time { return now }
	for i := range 3 {
		if r := c.post("/events", url.Values{"name": {""}}); r.status == http.StatusTooManyRequests {
			t.Fatalf("write %d: 429 within the burst", i+1)
		}
	}
	r := c.post("/events", url.Values{"name": {"x"}})
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") != "1" {
		t.Fatalf("write 4: %d, Retry-After %q", r.status, r.header.Get("Retry-After"))
	}
	// Reads are not limited; another address has its own bucket.
	if r := c.get("/events/new"); r.status != 200 {
		t.Errorf("a read after the limit: %d", r.status)
	}
	other := httptest.NewRequest("POST", "/events", strings.NewReader(""))
	other.RemoteAddr = "198.51.100.7:4000"
	w := httptest.NewRecorder()
	c.s.ServeHTTP(w, other)
	if w.Code == http.StatusTooManyRequests {
		t.Error("another client is limited too")
	}
	now = now.Add(time.Second / 5)
	if r := c.post("/events", url.Values{"name": {""}}); r.status == http.StatusTooManyRequests {
		t.Error("still 429 after a token refilled")
	}
	if r := c.post("/events", url.Values{"name": {""}}); r.status != http.StatusTooManyRequests {
		t.Errorf("a second write on one refilled token: %d", r.status)
	}
}

func multipartBody(t *testing.T, fields map[string]string, file, name, content string) (string, io.Reader) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if file != "" {
		fw, _ := w.CreateFormFile(file, name)
		io.WriteString(fw, content)
	}
	w.Close()
	return w.FormDataContentType(), &b
}

// TestEventImportAndPGN imports players from CSV and attaches a PGN,
// through multipart forms.
func TestEventImportAndPGN(t *testing.T) {
	c := newEvClient(t, Config{})
	a := c.createEvent("Import", "import-seed", 3)
	ct, body := multipartBody(t, map[string]string{"kind": "import", "csrf": a.csrf, "back": "players"}, "file", "p.csv",
		"name,rating,federation\r\n\"Smith, Ann\",2300,ENG\r\nBob <b>,2200,USA\r\n")
	if r := c.do("POST", a.base+"/do", ct, body, nil); r.status != http.StatusSeeOther {
		t.Fatalf("import: %d %.300s", r.status, r.body)
	}
	e := a.event()
	if len(e.Players) != 2 || e.Players[0].Name != "Smith, Ann" || e.Players[1].Federation != "USA" {
		t.Fatalf("imported players: %+v", e.Players)
	}
	if p := c.get(a.base + "/players"); !strings.Contains(p.body, "Bob &lt;b&gt;") {
		t.Error("an imported name is not escaped")
	}
	a.must("pair", "round", "1")
	a.must("publish", "round", "1")
	a.must("start", "round", "1")
	a.must("result", "round", "1", "board", "1", "result", "1-0")
	pos := a.event().Schedule[0].Position
	game := "[White \"Smith, Ann\"]\n[Black \"Bob <b>\"]\n[Result \"1-0\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + pos.FEN() + "\"]\n\n1. e4 e5 1-0\n"
	ct, body = multipartBody(t, map[string]string{"kind": "pgn", "csrf": a.csrf, "round": "1", "board": "1", "pgnText": game}, "", "", "")
	if r := c.do("POST", a.base+"/do", ct, body, nil); r.status != http.StatusSeeOther {
		t.Fatalf("pgn: %d %s", r.status, regexp.MustCompile(`(?s)<main.*</main>`).FindString(r.body))
	}
	if r := c.get("/e/" + a.id() + "/pgn/1/1"); r.status != 200 || !strings.Contains(r.body, "1-0") {
		t.Errorf("the game's PGN: %d %.300s", r.status, r.body)
	}
	if pub := c.get("/e/" + a.id()); !strings.Contains(pub.body, `/e/`+a.id()+`/pgn/1/1`) {
		t.Error("the public page has no link to the game's PGN")
	}
}

// TestEventAPI runs the JSON API: create, read, change with the bearer
// token, and its refusals.
func TestEventAPI(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	tok := strings.Split(a.base, "/")[4]
	api := func(body string, auth string) evResp {
		h := map[string]string{}
		if auth != "" {
			h["Authorization"] = auth
		}
		return c.do("POST", "/api/events/"+a.id()+"/changes", "application/json", strings.NewReader(body), h)
	}
	if r := c.get("/api/events/" + a.id()); r.status != 200 || !strings.Contains(r.body, `"commitment": "`) || strings.Contains(r.body, `"links"`) {
		t.Errorf("GET event: %d %.300s", r.status, r.body)
	}
	for _, tc := range []struct {
		body, auth string
		status     int
		code       string
	}{
		{`{"kind": "result", "round": 1, "board": 1, "result": "1-0"}`, "", 401, "unauthorized"},
		{`{"kind": "result", "round": 1, "board": 1, "result": "1-0"}`, "Bearer nope", 404, site.CodeNotFound},
		{`{"kind": "result", "round": 1, "board": 1, "result": "2-0"}`, "Bearer " + tok, 400, site.CodeInvalid},
		{`{"kind": "result", "round": 1, "board": 1, "result": "1-0"`, "Bearer " + tok, 400, site.CodeInvalid},
		{`{"kind": "result", "round": 1, "board": 1, "result": "1-0", "evil": 1}`, "Bearer " + tok, 400, site.CodeInvalid},
		{`{"kind": "pair", "round": 2}`, "Bearer " + tok, 422, "state"},
		{`{"kind": "pgn", "round": 1, "board": 1, "pgn": "` + strings.Repeat("x", maxPGN+1) + `"}`, "Bearer " + tok, 413, site.CodeTooLarge},
		{strings.Repeat(" ", maxImport+1), "Bearer " + tok, 413, site.CodeTooLarge},
	} {
		v := c.version(a.id())
		r := api(tc.body, tc.auth)
		var ej site.ErrorJSON
		if r.status != tc.status || json.Unmarshal([]byte(r.body), &ej) != nil || ej.Code != tc.code {
			t.Errorf("%.60s (%s): %d %.300s, want %d %s", tc.body, tc.auth, r.status, r.body, tc.status, tc.code)
		}
		if c.version(a.id()) != v {
			t.Errorf("%.60s: the event changed", tc.body)
		}
	}
	r := api(`{"kind": "add-link", "label": "Deputy"}`, "Bearer "+tok)
	var out struct {
		Event eventjson.Event `json:"event"`
		Link  string          `json:"link"`
	}
	if r.status != 200 || json.Unmarshal([]byte(r.body), &out) != nil || !strings.HasPrefix(out.Link, "/e/"+a.id()+"/a/") || len(out.Event.Links) != 1 {
		t.Fatalf("add-link: %d %.300s", r.status, r.body)
	}
	arb := strings.Split(out.Link, "/")[4]
	if r := api(`{"kind": "settings", "settings": {"name": "Renamed", "system": "dutch", "rounds": 3}}`, "Bearer "+arb); r.status != 403 {
		t.Errorf("settings with an arbiter link: %d %.200s", r.status, r.body)
	}
	if r := c.get(out.Link + "/settings"); r.status != 403 {
		t.Errorf("settings page with an arbiter link: %d", r.status)
	}
	if r := api(`{"kind": "result", "round": 1, "board": 1, "result": "1/2-1/2"}`, "Bearer "+arb); r.status != 200 || !strings.Contains(r.body, `"by": "Deputy"`) {
		t.Errorf("result with an arbiter link: %d %.300s", r.status, r.body)
	}
	if r := c.get("/api/events/" + a.id() + "/standings?after=1"); r.status != 422 {
		t.Errorf("standings after an incomplete round: %d %.200s", r.status, r.body)
	}
	api(`{"kind": "result", "round": 1, "board": 2, "result": "0-1"}`, "Bearer "+tok)
	r = c.get("/api/events/" + a.id() + "/standings?after=1")
	var st eventjson.Standings
	if r.status != 200 || json.Unmarshal([]byte(r.body), &st) != nil || len(st.Rows) != 4 || st.Rounds != 1 {
		t.Errorf("standings: %d %.300s", r.status, r.body)
	}
	// Rotating the admin link: the old one stops working.
	r = api(`{"kind": "rotate-admin"}`, "Bearer "+tok)
	if r.status != 200 || json.Unmarshal([]byte(r.body), &out) != nil || out.Link == "" || strings.Contains(out.Link, tok) {
		t.Fatalf("rotate-admin: %d %.300s", r.status, r.body)
	}
	if r := c.get(a.base); r.status != 404 {
		t.Errorf("the old admin link after the rotation: %d", r.status)
	}
	if r := c.get(out.Link); r.status != 200 {
		t.Errorf("the new admin link: %d", r.status)
	}
}

// TestEventLive follows the live stream: the current version first, then
// each new one.
func TestEventLive(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	srv := httptest.NewServer(c.s)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/e/"+a.id()+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("live: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(res.Body)
	next := func() string {
		var lines []string
		for sc.Scan() {
			if sc.Text() == "" {
				if len(lines) > 0 && strings.HasPrefix(lines[0], "event:") {
					return strings.Join(lines, "\n")
				}
				lines = nil
				continue
			}
			lines = append(lines, sc.Text())
		}
		t.Fatalf("the stream ended: %v", sc.Err())
		return ""
	}
	v := c.version(a.id())
	if got := next(); got != fmt.Sprintf("event: version\ndata: %d", v) {
		t.Fatalf("first message %q, want version %d", got, v)
	}
	a.must("result", "round", "1", "board", "1", "result", "1-0")
	if got := next(); got != fmt.Sprintf("event: version\ndata: %d", v+1) {
		t.Fatalf("after a result: %q, want version %d", got, v+1)
	}
}

// TestEventStreamsCapped: past MaxStreams, the live stream answers 429.
func TestEventStreamsCapped(t *testing.T) {
	c := newEvClient(t, Config{MaxStreams: 1})
	a := newSmallEvent(t, c)
	if release, _ := c.s.streams.Acquire("192.0.2.1"); release == nil { // one stream open, another client's
		t.Fatal("no stream slot")
	}
	r := c.get("/e/" + a.id() + "/live")
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
		t.Errorf("a stream past the cap: %d", r.status)
	}
}

// TestEventsWithoutDatabase: without a service, the event pages say why
// they are missing.
func TestEventsWithoutDatabase(t *testing.T) {
	s := newApp(Config{}, nil)
	for _, target := range []string{"/events", "/events/new", "/e/abc", "/e/abc/a/tok", "/api/events/abc"} {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		if b := w.Body.String(); w.Code != 404 || !strings.Contains(b, "without a database") {
			t.Errorf("%s: %d %.200s", target, w.Code, b)
		}
	}
}

// TestEventHeaders: the event pages send a referrer to no other site, and
// admin pages are never cached.
func TestEventHeaders(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	for _, target := range []string{"/e/" + a.id(), a.base, a.base + "/round/1", "/events/new", "/api/events/" + a.id()} {
		r := c.get(target)
		if r.header.Get("Referrer-Policy") != "same-origin" {
			t.Errorf("%s: Referrer-Policy %q", target, r.header.Get("Referrer-Policy"))
		}
		if r.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", target, r.header.Get("Cache-Control"))
		}
	}
	if r := c.get("/"); r.header.Get("Referrer-Policy") == "no-referrer" {
		t.Error("the other pages changed their Referrer-Policy too")
	}
}

// TestEventHostileInputs: odd and hostile requests to the event routes get
// a 4xx (or a redirect), never a 5xx, never the huge input echoed, and
// the event does not change on a refused change.
func TestEventHostileInputs(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	id := a.id()
	tok := strings.Split(a.base, "/")[4]
	huge := strings.Repeat("A", 100_000)
	form := func(kv ...string) string {
		f := url.Values{"csrf": {a.csrf}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f.Encode()
	}
	const fct = "application/x-www-form-urlencoded"
	type hc struct{ method, target, ctype, body string }
	cases := []hc{
		{"GET", "/e/" + huge, "", ""},
		{"GET", "/e/%00", "", ""},
		{"GET", "/e/ABC", "", ""},
		{"GET", "/e/" + id + "x", "", ""},
		{"GET", "/e/" + id + "/a/" + huge, "", ""},
		{"GET", "/e/" + id + "/a/%00", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "x", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/nothing", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/round/0", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/round/99", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/round/x", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/round/99999999999999999999", "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "?x=1", "", ""},
		{"GET", "/e/" + id + "?x=" + huge[:5000], "", ""},
		{"GET", "/e/" + id + "/export.trf?format=pdf", "", ""},
		{"GET", "/e/" + id + "/pgn/1/99", "", ""},
		{"GET", "/e/" + id + "/pgn/x/-1", "", ""},
		{"GET", "/e/" + id + "/pgn/99999999999999999999/1", "", ""},
		{"GET", "/api/events/" + id + "/standings?after=abc", "", ""},
		{"GET", "/api/events/" + id + "/standings?after=5", "", ""},
		{"GET", "/api/events/" + huge[:200], "", ""},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "round", "1", "board", "1", "result", "2-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "round", "1", "board", "99", "result", "1-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "round", "-1", "board", "1", "result", "1-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "round", huge[:300], "board", "1", "result", "1-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "base", "-5", "round", "1", "board", "1", "result", "1-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "base", "99999", "round", "1", "board", "1", "result", "1-0")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "nuke")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form()},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "add-players", "name", huge)},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "add-players", "name", "bad\x00name")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "add-players", "name", "<script>alert(1)</script>", "rating", "9999999")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "add-players", "name", "\xff\xfe")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "edit-player", "player", "99", "name", "X")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "withdraw", "player", "1", "round", "1")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "bye", "player", "1", "round", "2", "bye", "double")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "set-pairing", "round", "1", "pairs", "1 2\n3 x")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "set-pairing", "round", "1", "pairs", "1 2\n3 4")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "import", "fileText", "rating,club\n2000,x\n")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "import", "fileText", "\"unterminated,2000\n")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "import", "fileText", "012 bad trf line\n")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "import", "fileText", "")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "pgn", "round", "1", "board", "1", "pgnText", "1. e4 e5 2. Kxe8 *")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "pgn", "round", "1", "board", "1", "pgnText", strings.Repeat("1. e4 ", 20000))},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "pgn", "round", "1", "board", "1", "pgnText", "[White \"<b>hi</b>\"]\n\n1. e4 0-1")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "settings", "name", "x", "system", "chaos")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "revoke-link", "link", "nope")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "finish")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "start", "round", "1")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, form("kind", "result", "round", "1", "round", "2")},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, strings.Repeat("a=1&", 400_000)},
		{"POST", "/e/" + id + "/a/" + tok + "/do", "multipart/form-data; boundary=zz", "--zz\r\nbroken"},
		{"POST", "/e/" + id + "/a/" + tok + "/do", fct, "%zz"},
		{"POST", "/e/" + id + "/a/" + tok + "x/do", fct, form("kind", "finish")},
		{"POST", "/e/" + id + "/a/" + tok + "/round/1", fct, form("kind", "finish")},
		{"PUT", "/e/" + id, "", ""},
		{"DELETE", "/e/" + id + "/a/" + tok, "", ""},
		{"GET", "/e/" + id + "/a/" + tok + "/do", "", ""},
		{"POST", "/events", fct, "name=" + huge},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=abc"},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=5&exclude=0-959"},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=5&balanced=1&maxEval=x"},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=5&tieBreaks=" + url.QueryEscape("<script>")},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=5&start=2026-13-45"},
		{"POST", "/events", fct, "name=x&system=dutch&rounds=5&seed=" + url.QueryEscape(" spaced ")},
		{"POST", "/api/events", "application/json", "{"},
		{"POST", "/api/events", "application/json", `{"settings": {"name": ""}}`},
		{"POST", "/api/events", "application/json", `{"settings": {"name": "x", "system": "dutch", "rounds": 3}, "players": [{"name": 5}]}`},
		{"POST", "/api/events", "application/json", `[]`},
		{"POST", "/api/events", "application/json", strings.Repeat("[", 50000)},
		{"POST", "/api/events/" + id + "/changes", "application/json", `{"kind": "create"}`},
		{"PUT", "/api/events/" + id, "", ""},
	}
	v := c.version(id)
	for _, tc := range cases {
		var body io.Reader
		if tc.body != "" {
			body = strings.NewReader(tc.body)
		}
		hdr := map[string]string{}
		if strings.HasPrefix(tc.target, "/api/events/"+id+"/changes") {
			hdr["Authorization"] = "Bearer " + tok
		}
		r := c.do(tc.method, tc.target, tc.ctype, body, hdr)
		short := tc.target
		if len(short) > 80 {
			short = short[:80] + "..."
		}
		if r.status < 300 || r.status >= 500 {
			t.Errorf("%s %s %.60q: status %d, want 3xx or 4xx: %.200s", tc.method, short, tc.body, r.status, r.body)
		}
		if strings.Contains(r.body, strings.Repeat("A", 1000)) || strings.Contains(r.body, strings.Repeat("1. e4 ", 100)) {
			t.Errorf("%s %s: the answer echoes the huge input", tc.method, short)
		}
		if strings.Contains(r.body, "<script>") || strings.Contains(r.body, "<b>hi") {
			t.Errorf("%s %s: user text not escaped: %.300s", tc.method, short, r.body)
		}
		if strings.HasPrefix(tc.target, "/e/"+id+"/a/") && tc.method == "POST" && r.status >= 400 {
			if !strings.Contains(r.header.Get("Content-Type"), "text/html") {
				t.Errorf("%s %s: a refused form answers %s, want a page", tc.method, short, r.header.Get("Content-Type"))
			}
		}
		if got := c.version(id); got != v {
			t.Errorf("%s %s %.60q: the event changed from version %d to %d", tc.method, short, tc.body, v, got)
			v = got
		}
	}
}

// TestEventManualPairing edits a draft by hand through the round page's
// form; a pairing that repeats a game shows the rule it breaks.
func TestEventManualPairing(t *testing.T) {
	c := newEvClient(t, Config{})
	a := c.createEvent("Manual", "manual-seed", 3)
	for _, n := range []string{"A", "B", "C", "D"} {
		a.must("add-players", "name", n)
	}
	a.must("pair", "round", "1")
	a.must("set-pairing", "round", "1", "pairs", "1 2\n3 4", "back", "round/1")
	r := a.event().Schedule[0]
	if !r.Manual || len(r.Boards) != 2 || r.Boards[0].White != 1 || r.Boards[0].Black != 2 || r.Boards[1].White != 3 || r.Boards[1].Black != 4 {
		t.Fatalf("round 1 after the manual pairing: %+v", r)
	}
	a.must("publish", "round", "1")
	a.must("start", "round", "1")
	a.must("result", "round", "1", "board", "1", "result", "1-0")
	a.must("result", "round", "1", "board", "2", "result", "0-1")
	a.must("pair", "round", "2")
	a.must("set-pairing", "round", "2", "pairs", "2-1\n4-3", "back", "round/2")
	r = a.event().Schedule[1]
	if len(r.Warnings) == 0 {
		t.Fatalf("a repeated pairing has no warning: %+v", r)
	}
	page := c.get(a.base + "/round/2")
	if !strings.Contains(page.body, "breaks these rules") || !strings.Contains(page.body, r.Warnings[0][:20]) {
		t.Errorf("the round page does not show the warnings %q", r.Warnings)
	}
	if !strings.Contains(page.body, "2-1\n4-3\n") { // pairing numbers, the entry order here
		t.Error("the manual form is not filled with the current pairing")
	}
	a.must("unpair", "round", "2", "back", "players")
	if n := len(a.event().Schedule); n != 1 {
		t.Errorf("after unpair: %d rounds", n)
	}
}

// TestEventLiveEnds: a live stream ends at its time cap (the browser then
// reconnects).
func TestEventLiveEnds(t *testing.T) {
	c := newEvClient(t, Config{})
	a := newSmallEvent(t, c)
	c.s.liveMax = 50 * time.Millisecond
	srv := httptest.NewServer(c.s)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/e/"+a.id()+"/live", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || ctx.Err() != nil {
		t.Fatalf("the stream did not end at its cap: %v", err)
	}
	if !strings.HasPrefix(string(b), "retry: 5000\n\nevent: version\ndata: ") {
		t.Errorf("stream %q", b)
	}
	if n, _ := c.s.streams.Open(); n != 0 {
		t.Errorf("%d streams still counted", n)
	}
}
