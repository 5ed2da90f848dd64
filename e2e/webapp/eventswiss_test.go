package webapp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/testtool"
)

// TestEventSwissInApp runs an 8-player Swiss of 3 rounds with every game
// in the app, on SQLite and on PostgreSQL: seven players' browsers (one a
// 360 px phone) follow their own links, open their games when the arbiter
// starts a round and come to them; the games are played by bots with the
// seats' tokens their pages were given, but for one game of round 1, which
// the phone's player plays by clicking the board. Round 1 has a study
// window of a minute (no move before the clocks start) and a default time
// of a minute: the eighth player never connects and loses by forfeit.
// The arbiter withdraws that player, corrects a result of round 2 (it is
// in the board's history), and finishes the event; the standings are
// checked after each round against the results the test made, and the
// verify page against the draw.
func TestEventSwissInApp(t *testing.T) {
	testtool.Long(t, "a 3-round Swiss in the app with a minute's study window and default time, on both databases")
	bctx := browser.Start(t, 1280, 1000)
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			dsn := ""
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t)
			}
			swissInApp(t, bctx, eventPlayServerOn(t, dsn))
		})
	}
}

// swissRun is the arbiter's side of the test, over the API.
type swissRun struct {
	t         *testing.T
	srv       *httptest.Server
	id, admin string
	tokens    map[int]string // player ID -> link token
	points    map[int]int    // player ID -> half points, as the test made them
}

func (s *swissRun) change(body string) {
	s.t.Helper()
	if st, b := apiDo(s.t, "POST", s.srv.URL+"/api/events/"+s.id+"/changes", s.admin, body); st != 200 {
		s.t.Fatalf("%s: %d %.300s", body, st, b)
	}
}

type apiBoard struct {
	Board, White, Black int
	Result              string
	Game                string
	History             []struct{ Result, By, Note string }
}

type apiRound struct {
	Number int
	Status string
	Boards []apiBoard
	Byes   []struct {
		Player int
		Kind   string
	}
	Clocks time.Time
}

func (s *swissRun) round(n int) apiRound {
	s.t.Helper()
	_, body := apiDo(s.t, "GET", s.srv.URL+"/api/events/"+s.id, "", "")
	var e struct{ Schedule []apiRound }
	if err := json.Unmarshal([]byte(body), &e); err != nil || len(e.Schedule) < n {
		s.t.Fatalf("the event: %v, %d rounds", err, len(e.Schedule))
	}
	return e.Schedule[n-1]
}

// seat is a player's seat token in their game of the current round, from
// their JSON page.
func (s *swissRun) seat(pid int) string {
	s.t.Helper()
	_, body := apiDo(s.t, "GET", s.srv.URL+"/api/events/"+s.id+"/me", s.tokens[pid], "")
	var me struct {
		Rounds []struct{ Link string }
	}
	json.Unmarshal([]byte(body), &me)
	l := me.Rounds[len(me.Rounds)-1].Link
	if l == "" {
		s.t.Fatalf("player %d has no game link", pid)
	}
	return l[strings.Index(l, "#")+1:]
}

type gameNow struct {
	Version int
	FEN     string
	Turn    string
	Over    bool
	Moves   []struct{ UCI string }
}

func (s *swissRun) game(id string) gameNow {
	s.t.Helper()
	_, body := apiDo(s.t, "GET", s.srv.URL+"/api/games/"+id, "", "")
	var g gameNow
	if err := json.Unmarshal([]byte(body), &g); err != nil {
		s.t.Fatalf("game %s: %v", id, err)
	}
	return g
}

// botMove plays a random legal move that is not a castling (so that the
// phone's clicks never need one) on the seat's turn.
func (s *swissRun) botMove(id, seat string) {
	s.t.Helper()
	g := s.game(id)
	mv := quietMove(s.t, g.FEN)
	if st, b := apiDo(s.t, "POST", s.srv.URL+"/api/games/"+id+"/actions", seat, fmt.Sprintf(`{"kind": "move", "move": %q, "base": %d}`, mv, g.Version)); st != 200 {
		s.t.Fatalf("a bot's move %s in %s: %d %.300s", mv, id, st, b)
	}
}

func quietMove(t *testing.T, fen string) string {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Moves() {
		u := m.UCI(chess.Chess960)
		if m.IsCastle() {
			continue // the phone's clicks never need one
		}
		if len(u) == 4 {
			out = append(out, u)
		}
	}
	return out[rand.IntN(len(out))]
}

// resign has the seat resign; the winner's half points are counted.
func (s *swissRun) resign(id, seat string, winner int) {
	s.t.Helper()
	if st, b := apiDo(s.t, "POST", s.srv.URL+"/api/games/"+id+"/actions", seat, `{"kind": "resign"}`); st != 200 {
		s.t.Fatalf("resign in %s: %d %.300s", id, st, b)
	}
	s.points[winner] += 2
}

// waitRound waits until every board of round n has its result.
func (s *swissRun) waitRound(n int) apiRound {
	s.t.Helper()
	for end := time.Now().Add(90 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		r := s.round(n)
		done := true
		for _, b := range r.Boards {
			done = done && b.Result != ""
		}
		if done {
			return r
		}
		if time.Now().After(end) {
			s.t.Fatalf("round %d: results still missing after 90 s: %+v", n, r.Boards)
		}
	}
}

// checkStandings compares the standings with the test's own count.
func (s *swissRun) checkStandings(after int) {
	s.t.Helper()
	_, body := apiDo(s.t, "GET", s.srv.URL+"/api/events/"+s.id+"/standings", "", "")
	var st struct {
		Rounds int
		Rows   []struct {
			Player int
			Points string
		}
	}
	json.Unmarshal([]byte(body), &st)
	if st.Rounds != after {
		s.t.Fatalf("standings after %d rounds, want %d", st.Rounds, after)
	}
	for _, r := range st.Rows {
		if want := fmt.Sprintf("%d.%d", s.points[r.Player]/2, 5*(s.points[r.Player]%2)); r.Points != want {
			s.t.Errorf("after round %d: player %d has %s points, the games gave %s", after, r.Player, r.Points, want)
		}
	}
}

func swissInApp(t *testing.T, bctx context.Context, srv *httptest.Server) {
	names := []string{"Ada", "Ben", "Cai", "Dov", "Eva", "Fay", "Gus", "Hal"}
	var ps []string
	for i, n := range names {
		ps = append(ps, fmt.Sprintf(`{"name": %q, "rating": %d}`, n, 2200-50*i))
	}
	settings := func(study, dflt int) string {
		return fmt.Sprintf(`{"name": "Club Swiss in the app", "system": "dutch", "rounds": 3, "timeControl": "5+3", "play": "app", "study": %d, "defaultTime": %d}`, study, dflt)
	}
	st, body := apiDo(t, "POST", srv.URL+"/api/events", "", `{"settings": `+settings(1, 1)+`, "players": [`+strings.Join(ps, ",")+`]}`)
	if st != 201 {
		t.Fatalf("create: %d %s", st, body)
	}
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal([]byte(body), &made)
	s := &swissRun{t: t, srv: srv, id: made.Event.ID, admin: made.Admin[strings.LastIndex(made.Admin, "/")+1:], tokens: map[int]string{}, points: map[int]int{}}
	s.change(`{"kind": "pair", "round": 1}`)
	s.change(`{"kind": "publish", "round": 1}`)
	_, csv := apiDo(t, "GET", srv.URL+"/e/"+s.id+"/a/"+s.admin+"/player-links.csv", "", "")
	for _, m := range regexp.MustCompile(`(http://[^\s,]+/e/`+s.id+`/p/)(([0-9]+)-[A-Za-z0-9_-]+)`).FindAllStringSubmatch(csv, -1) {
		var pid int
		fmt.Sscanf(m[3], "%d", &pid)
		s.tokens[pid] = m[2]
	}
	if len(s.tokens) != 8 {
		t.Fatalf("%d player links", len(s.tokens))
	}
	// Players 1..7 open their links; player 8 (Hal) never does.
	tabs := map[int]context.Context{}
	for pid := 1; pid <= 7; pid++ {
		c, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		w, h := int64(1280), int64(900)
		if pid == 1 {
			w, h = 360, 780
		}
		run(t, c, chromedp.EmulateViewport(w, h), chromedp.Navigate(srv.URL+"/e/"+s.id+"/p/"+s.tokens[pid]))
		waitFor(t, c, `document.getElementById('player-pairing') !== null`, names[pid-1]+"'s pairing")
		tabs[pid] = c
	}
	openGames := func() {
		t.Helper()
		for pid := 1; pid <= 7; pid++ {
			c := tabs[pid]
			run(t, c, chromedp.Navigate(srv.URL+"/e/"+s.id+"/p/"+s.tokens[pid]))
			if !eval[bool](t, c, `document.getElementById('player-bye') !== null`) {
				waitFor(t, c, `document.getElementById('player-game') !== null`, names[pid-1]+"'s game button")
				run(t, c, chromedp.Click(css("#player-game")))
				waitFor(t, c, `document.getElementById('seat-note').textContent.includes('You play')`, names[pid-1]+" seated")
			}
		}
	}

	// Round 1: the study window, then the games; Hal's opponent wins on
	// the default time.
	s.change(`{"kind": "start", "round": 1}`)
	r1 := s.round(1)
	if d := time.Until(r1.Clocks); d < 30*time.Second || d > 61*time.Second {
		t.Fatalf("round 1's clocks start in %v, want the minute's study window", d)
	}
	openGames()
	ada := tabs[1]
	waitFor(t, ada, `document.getElementById('status').textContent.startsWith('Study the position')`, "Ada's study countdown")
	var adaBoard apiBoard
	for _, b := range r1.Boards {
		if b.White == 1 || b.Black == 1 {
			adaBoard = b
		}
	}
	other := adaBoard.White + adaBoard.Black - 1
	g := s.game(adaBoard.Game)
	// A move in the study window is refused (for the side to move, and
	// before the turn is even looked at).
	if st, b := apiDo(t, "POST", srv.URL+"/api/games/"+adaBoard.Game+"/actions", s.seat(other), fmt.Sprintf(`{"kind": "move", "move": %q, "base": %d}`, quietMove(t, g.FEN), g.Version)); st != 422 || !strings.Contains(b, "the clocks start at") {
		t.Errorf("a move in the study window: %d %.200s", st, b)
	}
	shootTab(t, ada, "swiss-app-study", 360, 780, 360)
	for time.Now().Before(r1.Clocks.Add(200 * time.Millisecond)) {
		time.Sleep(100 * time.Millisecond)
	}
	for _, b := range r1.Boards {
		if b.White == 8 || b.Black == 8 {
			present := b.White + b.Black - 8
			s.points[present] += 2 // Hal never comes: a forfeit win
			continue
		}
		if b.Board == adaBoard.Board {
			continue
		}
		ws, bs := s.seat(b.White), s.seat(b.Black)
		for i := 0; i < 4; i++ {
			s.botMove(b.Game, []string{ws, bs}[i%2])
		}
		if b.Board%2 == 0 {
			s.resign(b.Game, bs, b.White)
		} else {
			s.resign(b.Game, ws, b.Black)
		}
	}
	// Ada's game: she clicks her moves on the phone; her opponent's bot
	// answers; after four plies the opponent resigns.
	oseat := s.seat(other)
	for ply := 0; ply < 4; ply++ {
		g := s.game(adaBoard.Game)
		adaToMove := (g.Turn == "w") == (adaBoard.White == 1)
		if !adaToMove {
			s.botMove(adaBoard.Game, oseat)
			waitFor(t, ada, fmt.Sprintf(`document.querySelectorAll('#moves button.mv').length === %d`, ply+1), "the bot's move on Ada's phone")
			continue
		}
		waitFor(t, ada, `document.getElementById('status').textContent.startsWith('Your move')`, "Ada's turn")
		mv := quietMove(t, g.FEN)
		clickMove(t, ada, mv[:2], mv[2:4])
		waitFor(t, ada, fmt.Sprintf(`document.querySelectorAll('#moves button.mv').length === %d`, ply+1), "Ada's move "+mv)
		if got := s.game(adaBoard.Game).Moves; len(got) != ply+1 || got[ply].UCI != mv {
			t.Fatalf("Ada clicked %s; the game has %+v", mv, got)
		}
	}
	s.resign(adaBoard.Game, oseat, 1)
	waitFor(t, ada, `document.getElementById('status').textContent.startsWith('Game over')`, "Ada's game over on her phone")
	shootTab(t, ada, "swiss-app-won", 360, 780, 360)
	r1 = s.waitRound(1)
	for _, b := range r1.Boards {
		if (b.White == 8 || b.Black == 8) && b.Result != "+/-" && b.Result != "-/+" {
			t.Errorf("Hal's board: %q, want a forfeit on the default time", b.Result)
		}
	}
	s.checkStandings(1)

	// Hal is withdrawn; no study window or default time from now on.
	s.change(`{"kind": "withdraw", "player": 8, "round": 2}`)
	s.change(`{"kind": "settings", "settings": ` + settings(0, 0) + `}`)
	for n := 2; n <= 3; n++ {
		s.change(fmt.Sprintf(`{"kind": "pair", "round": %d}`, n))
		s.change(fmt.Sprintf(`{"kind": "publish", "round": %d}`, n))
		s.change(fmt.Sprintf(`{"kind": "start", "round": %d}`, n))
		r := s.round(n)
		for _, y := range r.Byes {
			if y.Kind == "pairing" {
				s.points[y.Player] += 2 // the pairing-allocated bye: a point (C.04.1)
			}
		}
		openGames()
		for _, b := range r.Boards {
			ws, bs := s.seat(b.White), s.seat(b.Black)
			for i := 0; i < 2; i++ {
				s.botMove(b.Game, []string{ws, bs}[i%2])
			}
			if (b.Board+n)%2 == 0 {
				s.resign(b.Game, bs, b.White)
			} else {
				s.resign(b.Game, ws, b.Black)
			}
		}
		r = s.waitRound(n)
		if n == 2 {
			// The arbiter corrects board 1 to a draw: the game's PGN goes,
			// the result changes, the history keeps both.
			b := r.Boards[0]
			winner := b.White
			if b.Result == "0-1" {
				winner = b.Black
			}
			s.change(`{"kind": "pgn", "round": 2, "board": 1, "pgn": ""}`)
			s.change(`{"kind": "result", "round": 2, "board": 1, "result": "1/2-1/2", "note": "the arbiter's correction"}`)
			s.points[winner] -= 1
			s.points[b.White+b.Black-winner] += 1
			if h := s.round(2).Boards[0].History; len(h) != 2 || h[0].By != "game" || h[1].Result != "1/2-1/2" {
				t.Errorf("board 1's history after the correction: %+v", h)
			}
		}
		s.checkStandings(n)
	}
	s.change(`{"kind": "finish"}`)
	run(t, ada, chromedp.Navigate(srv.URL+"/e/"+s.id+"/verify"))
	waitFor(t, ada, `document.getElementById('verdict') !== null`, "the verify page")
	if v := text(t, ada, "#verdict"); !strings.Contains(v, "The draw checks out") {
		t.Errorf("the verify page says %q", v)
	}
}
