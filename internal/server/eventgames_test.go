package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	livegame "github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pgn"
	"github.com/coder/websocket"
)

// eventApp is the whole app over a database, with the events' games
// coordinated and swept as serve runs them.
type eventApp struct {
	srv *httptest.Server
	ev  *event.Service
}

func openEventApp(t *testing.T, dsn string) eventApp {
	t.Helper()
	ctx := context.Background()
	est, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	gst, err := store.OpenWith(ctx, dsn, store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	ev, games := event.NewService(est), livegame.NewService(gst)
	play := eventplay.New(ev, games, nil)
	stopBeat, _, err := games.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stop, err := play.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(Config{Events: ev, Games: games, Play: play, WriteBurst: 1000, GameWriteBurst: 1000}))
	t.Cleanup(func() { srv.Close(); stop(); stopBeat(); gst.Close(); est.Close() })
	return eventApp{srv: srv, ev: ev}
}

type answer struct {
	status int
	body   string
}

func (a eventApp) do(t *testing.T, method, path, bearer, body string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, a.srv.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, string(b)}
}

// TestEventGamesOverHTTP: an event in the app, run through the HTTP API as
// an arbiter and two players would: the players' links show the pairing
// and nothing of the position before the start (the page, the JSON, the
// feed); a player's link opens no admin page and no other player's game;
// at the start each player's page hands out the seat of their game, the
// study window holds the first move, the game is played over the game
// API, and its result lands on the board and the standings, with the
// feed carrying the game. On SQLite and PostgreSQL.
func TestEventGamesOverHTTP(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "db.sqlite")
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t)
			}
			eventGamesOverHTTP(t, openEventApp(t, dsn))
		})
	}
}

func eventGamesOverHTTP(t *testing.T, a eventApp) {
	r := a.do(t, "POST", "/api/events", "", `{"settings": {"name": "Online 960", "system": "dutch", "rounds": 2, "timeControl": "10+5", "play": "app", "study": 0, "defaultTime": 10},
		"players": [{"name": "Ada", "rating": 2100}, {"name": "Ben", "rating": 2000}, {"name": "Cai", "rating": 1900}, {"name": "Dov", "rating": 1800}]}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal([]byte(r.body), &made)
	id, admin := made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
	change := func(body string) answer {
		t.Helper()
		return a.do(t, "POST", "/api/events/"+id+"/changes", admin, body)
	}
	if r := change(`{"kind": "pair", "round": 1}`); r.status != 200 {
		t.Fatalf("pair: %d %s", r.status, r.body)
	}
	change(`{"kind": "publish", "round": 1}`)
	// The players' links, from the admin's CSV.
	csv := a.do(t, "GET", "/e/"+id+"/a/"+admin+"/player-links.csv", "", "")
	links := regexp.MustCompile(`/e/`+id+`/p/([0-9]+-[A-Za-z0-9_-]+)`).FindAllStringSubmatch(csv.body, -1)
	if csv.status != 200 || len(links) != 4 || !strings.HasPrefix(csv.body, "number,name,fide id,link\r\n") {
		t.Fatalf("player-links.csv: %d\n%s", csv.status, csv.body)
	}
	tokens := map[int]string{}
	for _, l := range links {
		var pid int
		fmt.Sscanf(l[1], "%d-", &pid)
		tokens[pid] = l[1]
	}
	// The printed slips: one a player, with the link and its QR code.
	sheet := a.do(t, "GET", "/e/"+id+"/a/"+admin+"/print/player-links", "", "")
	if sheet.status != 200 || strings.Count(sheet.body, `<article class="slip"`) != 4 || strings.Count(sheet.body, "<svg ") != 4 {
		t.Errorf("the slips: %d, %d slips, %d codes", sheet.status, strings.Count(sheet.body, `<article class="slip"`), strings.Count(sheet.body, "<svg "))
	}
	for _, l := range links {
		if !strings.Contains(sheet.body, "/e/"+id+"/p/"+l[1]+"</div>") {
			t.Errorf("the slips lack the link of %s", l[1][:2])
		}
	}
	if r := a.do(t, "GET", "/e/"+id+"/a/"+tokensOf(links)[1]+"/print/player-links", "", ""); r.status != 404 {
		t.Errorf("the slips with a player's token: %d", r.status)
	}
	me := func(tok string) (answer, meJSON) {
		t.Helper()
		r := a.do(t, "GET", "/api/events/"+id+"/me", tok, "")
		var m meJSON
		json.Unmarshal([]byte(r.body), &m)
		return r, m
	}
	// Before the start: the pairing, and no position anywhere.
	st, _ := a.ev.Load(context.Background(), id)
	{
		r, m := me(tokens[1])
		if r.status != 200 || m.Player.Name != "Ada" || len(m.Rounds) != 1 || m.Rounds[0].Board == 0 || m.Rounds[0].Link != "" || m.Rounds[0].Position != nil {
			t.Fatalf("Ada's JSON before the start: %d %s", r.status, r.body)
		}
		page := a.do(t, "GET", "/e/"+id+"/p/"+tokens[1], "", "")
		if page.status != 200 || !strings.Contains(page.body, "The pairing is published") || strings.Contains(page.body, "/g/") {
			t.Errorf("Ada's page before the start: %d %.400s", page.status, page.body)
		}
		if f := a.do(t, "GET", "/e/"+id+"/round/1.pgn", "", ""); f.status != 200 || f.body != "" {
			t.Errorf("the feed before the start: %d %q", f.status, f.body)
		}
		if st.Admin().Schedule[0].Position != nil {
			t.Fatal("round 1 has a position before its start")
		}
	}
	// A player's link opens nothing else.
	for _, p := range []string{"/e/" + id + "/a/" + tokens[1], "/e/" + id + "/a/" + tokens[1] + "/players"} {
		if r := a.do(t, "GET", p, "", ""); r.status != 404 {
			t.Errorf("%s with a player's token: %d", p, r.status)
		}
	}
	if r := a.do(t, "POST", "/api/events/"+id+"/changes", tokens[1], `{"kind": "start", "round": 1}`); r.status != 404 {
		t.Errorf("a change with a player's token: %d %s", r.status, r.body)
	}
	if r, _ := me("1-" + strings.Repeat("A", 43)); r.status != 404 || strings.Contains(r.body, "Ada") {
		t.Errorf("a forged player token: %d %s", r.status, r.body)
	}
	if r, _ := me(admin); r.status != 404 {
		t.Errorf("the admin token as a player's: %d", r.status)
	}
	// The start: the games are made, each player's page hands out its seat.
	if r := change(`{"kind": "start", "round": 1}`); r.status != 200 {
		t.Fatalf("start: %d %s", r.status, r.body)
	}
	st, _ = a.ev.Load(context.Background(), id)
	b1 := st.Admin().Schedule[0].Boards[0]
	_, wm := me(tokens[b1.White])
	_, bm := me(tokens[b1.Black])
	wl, bl := wm.Rounds[0].Link, bm.Rounds[0].Link
	if !strings.HasPrefix(wl, "/g/"+b1.Game+"#") || !strings.HasPrefix(bl, "/g/"+b1.Game+"#") || wl == bl || wm.Rounds[0].Position == nil {
		t.Fatalf("the seats of board 1: %q %q, position %v", wl, bl, wm.Rounds[0].Position)
	}
	wseat, bseat := wl[strings.Index(wl, "#")+1:], bl[strings.Index(bl, "#")+1:]
	// Board 2's players cannot act on board 1.
	b2 := st.Admin().Schedule[0].Boards[1]
	_, om := me(tokens[b2.White])
	oseat := om.Rounds[0].Link[strings.Index(om.Rounds[0].Link, "#")+1:]
	if r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", oseat, `{"kind": "resign"}`); r.status != 404 {
		t.Errorf("board 2's White resigning board 1: %d %s", r.status, r.body)
	}
	if r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", tokens[b1.White], `{"kind": "resign"}`); r.status != 404 {
		t.Errorf("the player's event token as a seat: %d %s", r.status, r.body)
	}
	// The arbiter's round page shows the games, and its forms stop and
	// restart board 2's clocks and add time.
	rp := a.do(t, "GET", "/e/"+id+"/a/"+admin+"/round/1", "", "")
	if rp.status != 200 || !strings.Contains(rp.body, `href="/g/`+b1.Game+`"`) || !strings.Contains(rp.body, "Stop the clocks") || !strings.Contains(rp.body, "White <strong>not here yet</strong>, Black <strong>not here yet</strong>") {
		t.Errorf("the round page: %d %.300s", rp.status, rp.body)
	}
	form := func(fields string) answer {
		t.Helper()
		m := hmac.New(sha256.New, []byte(admin))
		io.WriteString(m, "csrf:"+id)
		body := fields + "&csrf=" + hex.EncodeToString(m.Sum(nil)) + "&back=round/1&round=1&board=2"
		req, _ := http.NewRequest("POST", a.srv.URL+"/e/"+id+"/a/"+admin+"/do", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return answer{res.StatusCode, string(b)}
	}
	if r := form("kind=game-pause"); r.status != http.StatusSeeOther {
		t.Errorf("pause: %d %.300s", r.status, r.body)
	}
	if g := gameState(t, a, b2.Game); !g.Paused {
		t.Error("board 2's clocks are not stopped")
	}
	if r := form("kind=game-pause"); r.status != 422 || !strings.Contains(r.body, "stopped already") {
		t.Errorf("a second pause: %d", r.status)
	}
	if r := form("kind=game-unpause"); r.status != http.StatusSeeOther {
		t.Errorf("unpause: %d %.300s", r.status, r.body)
	}
	if r := form("kind=game-addtime&side=b&minutes=3"); r.status != http.StatusSeeOther {
		t.Errorf("add time: %d %.300s", r.status, r.body)
	}
	if g := gameState(t, a, b2.Game); g.Paused || g.BlackMS < 12*60*1000 {
		t.Errorf("board 2 after restarting and 3 min for Black: paused %v, Black %d ms", g.Paused, g.BlackMS)
	}
	if r := form("kind=game-addtime&side=x&minutes=3"); r.status != 400 {
		t.Errorf("add time for side x: %d", r.status)
	}
	// Board 1: a move each, then Black resigns.
	g := gameState(t, a, b1.Game)
	for i, seat := range []string{wseat, bseat} {
		mv := g.Legal[0]
		r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", seat, fmt.Sprintf(`{"kind": "move", "move": %q, "base": %d}`, mv, g.Version))
		if r.status != 200 {
			t.Fatalf("move %d (%s): %d %s", i+1, mv, r.status, r.body)
		}
		g = gameState(t, a, b1.Game)
	}
	// The round's live boards: every game's position, clocks and who has
	// come, as the public page's script reads them; the arbiter's too.
	var live []struct {
		Board   int
		Game    string
		FEN     string
		Plies   int
		Arrived [2]bool
		Clock   *struct {
			White, Black int64
			Running      string
		}
	}
	lr := a.do(t, "GET", "/api/events/"+id+"/rounds/1/games", "", "")
	if err := json.Unmarshal([]byte(lr.body), &live); err != nil || lr.status != 200 || len(live) != 2 {
		t.Fatalf("the round's live games: %d %v %.300s", lr.status, err, lr.body)
	}
	if live[0].Game != b1.Game || live[0].FEN != g.FEN || live[0].Plies != 2 || live[0].Clock == nil || live[0].Clock.Running != "w" {
		t.Errorf("board 1 live: %+v (the game's FEN %s)", live[0], g.FEN)
	}
	if r := a.do(t, "GET", "/e/"+id+"/a/"+admin+"/games/1", "", ""); r.status != 200 || !strings.Contains(r.body, b2.Game) {
		t.Errorf("the arbiter's live games: %d %.200s", r.status, r.body)
	}
	if r := a.do(t, "GET", "/api/events/"+id+"/rounds/9/games", "", ""); r.status != 404 {
		t.Errorf("round 9's live games: %d", r.status)
	}
	if p := a.do(t, "GET", "/e/"+id, "", ""); !strings.Contains(p.body, `data-round-games="/api/events/`+id+`/rounds/1/games"`) {
		t.Error("the public page does not follow the round's games")
	}
	// The feed shows the game in play.
	f := a.do(t, "GET", "/e/"+id+"/round/1.pgn", "", "")
	games := readPGN(t, f.body)
	if len(games) != 2 || games[0].Tags.Get("Round") != "1.1" || games[0].Tags.Get("Result") != "*" || len(games[0].Moves.Nodes) != 2 ||
		games[0].Tags.Get("Variant") != "Chess960" || !strings.Contains(f.body, "[%clk ") {
		t.Errorf("the feed in play: %d\n%s", f.status, f.body)
	}
	if pc, ok := testtool.PythonChess(t, f.body); ok {
		if len(pc) != 2 || len(pc[0].Errors) != 0 || pc[0].Headers["Round"] != "1.1" || strings.Join(pc[0].Moves, " ") != uciOf(games[0]) {
			t.Errorf("python-chess reads the feed otherwise: %+v", pc)
		}
	}
	if r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", bseat, `{"kind": "resign"}`); r.status != 200 {
		t.Fatalf("resign: %d %s", r.status, r.body)
	}
	// The result reaches the board (the instance's sync, at once).
	deadline := time.Now().Add(10 * time.Second)
	for {
		st, _ = a.ev.Load(context.Background(), id)
		if st.Admin().Schedule[0].Boards[0].Result != "" || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	b := st.Admin().Schedule[0].Boards[0]
	if b.Result != event.WhiteWins || b.PGN == "" {
		t.Fatalf("board 1 after the resignation: %q, PGN %q", b.Result, b.PGN)
	}
	if _, m := me(tokens[b1.White]); m.Rounds[0].Result != "1-0" || m.Rounds[0].Points != "1" {
		t.Errorf("White's page after the game: %+v", m.Rounds[0])
	}
	// A result by hand on board 2, whose game is in play, needs confirming.
	if r := change(`{"kind": "result", "round": 1, "board": 2, "result": "1/2-1/2"}`); r.status != 409 || !strings.Contains(r.body, `"code": "confirm"`) {
		t.Errorf("an unconfirmed result on a game in play: %d %s", r.status, r.body)
	}
	if r := change(`{"kind": "result", "round": 1, "board": 2, "result": "1/2-1/2", "confirm": true, "note": "agreed at the board"}`); r.status != 200 {
		t.Fatalf("the confirmed result: %d %s", r.status, r.body)
	}
	if g := gameState(t, a, b2.Game); !g.Over || !strings.Contains(g.Status, "adjudicated") {
		t.Errorf("board 2's game after the arbiter's result: %+v", g)
	}
	// The round is complete: the standings count both games.
	var stand struct {
		Rounds int
		Rows   []struct{ Name, Points string }
	}
	json.Unmarshal([]byte(a.do(t, "GET", "/api/events/"+id+"/standings", "", "").body), &stand)
	points := map[string]string{}
	for _, row := range stand.Rows {
		points[row.Name] = row.Points
	}
	name := func(pid int) string { return st.Admin().Players[pid-1].Name }
	if stand.Rounds != 1 || points[name(b1.White)] != "1.0" || points[name(b1.Black)] != "0.0" || points[name(b2.White)] != "0.5" || points[name(b2.Black)] != "0.5" {
		t.Errorf("standings after round 1: %d rounds, %v", stand.Rounds, points)
	}
	// Round 2 pairs on these results.
	if r := change(`{"kind": "pair", "round": 2}`); r.status != 200 {
		t.Errorf("pair round 2: %d %s", r.status, r.body)
	}
	// The whole event's games.
	all := readPGN(t, a.do(t, "GET", "/e/"+id+"/games.pgn", "", "").body)
	if len(all) != 2 || all[0].Tags.Get("Result") != "1-0" || all[1].Tags.Get("Result") != "1/2-1/2" {
		t.Errorf("games.pgn: %d games", len(all))
	}
}

type meJSON struct {
	Player struct{ Name string }
	Rounds []struct {
		Board    int
		Link     string
		Result   string
		Points   string
		Position *struct{ ID int }
	}
}

type gameView struct {
	Version int
	Legal   []string
	Over    bool
	Status  string
	Paused  bool
	BlackMS int64
	FEN     string
}

// gameState reads a game as the API shows it, with its legal moves.
func gameState(t *testing.T, a eventApp, id string) gameView {
	t.Helper()
	r := a.do(t, "GET", "/api/games/"+id, "", "")
	var g struct {
		Version int
		FEN     string
		Over    bool
		Status  string
		Paused  bool
		Clock   struct{ Black int64 }
	}
	if err := json.Unmarshal([]byte(r.body), &g); err != nil || r.status != 200 {
		t.Fatalf("GET /api/games/%s: %d %s", id, r.status, r.body)
	}
	return gameView{Version: g.Version, Over: g.Over, Status: g.Status, Paused: g.Paused, BlackMS: g.Clock.Black, FEN: g.FEN, Legal: legalUCI(t, g.FEN)}
}

func readPGN(t *testing.T, text string) []*pgn.Game {
	t.Helper()
	var out []*pgn.Game
	for g, err := range pgn.NewReader(strings.NewReader(text)).All() {
		if err != nil || g.Err != nil {
			t.Fatalf("PGN: %v %v\n%s", err, g.Err, text)
		}
		out = append(out, g)
	}
	return out
}

// legalUCI lists the legal moves of a FEN in Chess960 UCI.
func legalUCI(t *testing.T, fen string) []string {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Moves() {
		out = append(out, m.UCI(chess.Chess960))
	}
	return out
}

// uciOf is a game's moves in Chess960 UCI, as package pgn reads them.
func uciOf(g *pgn.Game) string {
	var out []string
	for _, n := range g.Moves.Nodes {
		out = append(out, n.Move.UCI(chess.Chess960))
	}
	return strings.Join(out, " ")
}

// TestEventGamesThreeInstances: three instances on one database, as
// behind a load balancer: the arbiter on B makes the event and starts the
// round (B makes the games), the players play on A (their pages and their
// game there), and the public reads C: C's feed has A's moves, C's page
// and standings have the result A's coordinator put on the board, and the
// arbiter's confirmed result on B ends a game that A then shows over. On
// PostgreSQL (LISTEN/NOTIFY) and on SQLite (three processes' worth of
// stores on one file).
func TestEventGamesThreeInstances(t *testing.T) {
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := filepath.Join(t.TempDir(), "db.sqlite")
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t)
			}
			threeInstances(t, openEventApp(t, dsn), openEventApp(t, dsn), openEventApp(t, dsn))
		})
	}
}

// eventually waits for cond, up to 10 s (instances see each other's
// writes through the store's notifications or polling).
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("waited 10 s for %s", what)
		}
	}
}

func threeInstances(t *testing.T, a, b, c eventApp) {
	r := b.do(t, "POST", "/api/events", "", `{"settings": {"name": "Three instances", "system": "dutch", "rounds": 2, "timeControl": "10+5", "play": "app"},
		"players": [{"name": "Ada", "rating": 2100}, {"name": "Ben", "rating": 2000}, {"name": "Cai", "rating": 1900}, {"name": "Dov", "rating": 1800}]}`)
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal([]byte(r.body), &made)
	id, admin := made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
	for _, k := range []string{"pair", "publish", "start"} {
		if r := b.do(t, "POST", "/api/events/"+id+"/changes", admin, `{"kind": "`+k+`", "round": 1}`); r.status != 200 {
			t.Fatalf("%s on B: %d %s", k, r.status, r.body)
		}
	}
	st, _ := b.ev.Load(context.Background(), id)
	b1, b2 := st.Admin().Schedule[0].Boards[0], st.Admin().Schedule[0].Boards[1]
	seat := func(pid int) string {
		r := a.do(t, "GET", "/api/events/"+id+"/me", st.PlayerToken(pid), "")
		var m meJSON
		json.Unmarshal([]byte(r.body), &m)
		if r.status != 200 || len(m.Rounds) != 1 || m.Rounds[0].Link == "" {
			t.Fatalf("player %d's page on A: %d %s", pid, r.status, r.body)
		}
		return m.Rounds[0].Link[strings.Index(m.Rounds[0].Link, "#")+1:]
	}
	ws, bs := seat(b1.White), seat(b1.Black)
	// Board 1's White opens the game on A; the arbiter's round on B shows
	// White connected, Black not here yet; once White's connection ends,
	// White is away.
	seats := func() string {
		var gs []struct {
			Board   int
			Arrived [2]bool
			Online  *[2]bool
		}
		json.Unmarshal([]byte(b.do(t, "GET", "/e/"+id+"/a/"+admin+"/games/1", "", "").body), &gs)
		for _, g := range gs {
			if g.Board == 1 && g.Online != nil {
				return fmt.Sprintf("arrived %v online %v", g.Arrived, *g.Online)
			}
		}
		return fmt.Sprintf("no board 1 with online in %+v", gs)
	}
	if p := c.do(t, "GET", "/api/events/"+id+"/rounds/1/games", "", ""); p.status != 200 || strings.Contains(p.body, "online") {
		t.Errorf("the public round's games say who is online: %d %.300s", p.status, p.body)
	}
	wctx, wcancel := context.WithCancel(context.Background())
	wconn, _, err := websocket.Dial(wctx, "ws"+strings.TrimPrefix(a.srv.URL, "http")+"/api/games/"+b1.Game+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	wconn.Write(wctx, websocket.MessageText, []byte(`{"type": "seat", "token": "`+ws+`"}`))
	eventually(t, "B to show board 1's White connected to A", func() bool { return seats() == "arrived [true false] online [true false]" })
	wconn.Close(websocket.StatusNormalClosure, "")
	wcancel()
	eventually(t, "B to show board 1's White away", func() bool { return seats() == "arrived [true false] online [false false]" })
	g := gameState(t, a, b1.Game)
	for _, s := range []string{ws, bs, ws} {
		mv := g.Legal[0]
		if r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", s, fmt.Sprintf(`{"kind": "move", "move": %q, "base": %d}`, mv, g.Version)); r.status != 200 {
			t.Fatalf("a move on A: %d %s", r.status, r.body)
		}
		g = gameState(t, a, b1.Game)
	}
	eventually(t, "C's feed to have A's 3 moves", func() bool {
		gs := readPGN(t, c.do(t, "GET", "/e/"+id+"/round/1.pgn", "", "").body)
		return len(gs) == 2 && len(gs[0].Moves.Nodes) == 3
	})
	if r := a.do(t, "POST", "/api/games/"+b1.Game+"/actions", bs, `{"kind": "resign"}`); r.status != 200 {
		t.Fatalf("resign on A: %d %s", r.status, r.body)
	}
	eventually(t, "the result on C's public page", func() bool {
		p := c.do(t, "GET", "/e/"+id, "", "")
		return strings.Contains(p.body, "1-0")
	})
	// The arbiter on B ends board 2's game, which A then shows over.
	if r := b.do(t, "POST", "/api/events/"+id+"/changes", admin, `{"kind": "result", "round": 1, "board": 2, "result": "0-1", "confirm": true, "note": "White left the hall"}`); r.status != 200 {
		t.Fatalf("the arbiter's result on B: %d %s", r.status, r.body)
	}
	eventually(t, "board 2's game over on A", func() bool { return gameState(t, a, b2.Game).Over })
	var stand struct{ Rounds int }
	eventually(t, "C's standings after round 1", func() bool {
		json.Unmarshal([]byte(c.do(t, "GET", "/api/events/"+id+"/standings", "", "").body), &stand)
		return stand.Rounds == 1
	})
	// Each board was written once: by A's coordinator, or by the arbiter.
	st, _ = c.ev.Load(context.Background(), id)
	for _, bd := range st.Admin().Schedule[0].Boards {
		if len(bd.History) != 1 {
			t.Errorf("board %d's history: %+v", bd.Board, bd.History)
		}
	}
	if h := st.Admin().Schedule[0].Boards[1].History[0]; h.By != "admin" || h.Result != "0-1" {
		t.Errorf("board 2's entry: %+v", h)
	}
}

// tokensOf maps the player IDs to their tokens, from the CSV's links.
func tokensOf(links [][]string) map[int]string {
	out := map[int]string{}
	for _, l := range links {
		var pid int
		fmt.Sscanf(l[1], "%d-", &pid)
		out[pid] = l[1]
	}
	return out
}
