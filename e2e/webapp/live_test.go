package webapp_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	chess960 "github.com/chess960/chess960"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pgn"
)

// liveServer is the app with live play's games in an SQLite file, served
// on a listener of the test's own, so that the test can crash it (close
// the listener, every connection, the WebSockets too, and the store, as
// a killed process leaves them) and start a new one on the same address
// and file.
type liveServer struct {
	addr string
	srv  *http.Server
	st   store.Store
	mu   sync.Mutex
	conn map[net.Conn]bool
	ln   net.Listener
}

func startLiveServer(t testing.TB, db, addr string) *liveServer {
	t.Helper()
	st, err := store.OpenWith(context.Background(), db, store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	var ln net.Listener
	for try := 0; ; try++ { // the old listener's port may take a moment to free
		if ln, err = net.Listen("tcp", addr); err == nil || try == 50 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &liveServer{addr: ln.Addr().String(), st: st, conn: map[net.Conn]bool{}, ln: ln}
	s.srv = &http.Server{Handler: server.New(server.Config{Games: game.NewService(st)})}
	go s.srv.Serve(trackListener{ln, s})
	t.Cleanup(s.crash)
	return s
}

type trackListener struct {
	net.Listener
	s *liveServer
}

func (l trackListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.s.mu.Lock()
		l.s.conn[c] = true
		l.s.mu.Unlock()
	}
	return c, err
}

func (s *liveServer) crash() {
	s.srv.Close()
	s.mu.Lock()
	for c := range s.conn {
		c.Close()
	}
	s.conn = map[net.Conn]bool{}
	s.mu.Unlock()
	s.st.Close()
}

// livePly is a move of the test's game: the squares clicked (or dragged
// across), and the move in Chess960 UCI that the server must record.
type livePly struct {
	from, to, uci string
	drag          bool
}

// TestLivePlay: two players in two browser contexts (their own local
// storage), White on a 360 px phone and Black at 1280 px, make a game on
// the play page and play it through its links: both 960 castlings (Black
// the king onto its rook, White the king two squares), a premove, a draw
// offer declined, clocks running, a crash of the server mid-game with a
// move made while it is down (the pages reconnect by themselves and the
// move lands), a promotion, and a resignation. The PGN then holds the
// moves played, read by package pgn, by pgn-extract, and by python-chess
// with $PYTHON_CHESS.
func TestLivePlay(t *testing.T) {
	db := filepath.Join(t.TempDir(), "games.db")
	srv := startLiveServer(t, db, "127.0.0.1:0")
	base := "http://" + srv.addr
	bctx := browser.Start(t, 1280, 1000)
	newPlayer := func(w, h int64) context.Context {
		c, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		run(t, c, chromedp.EmulateViewport(w, h))
		return c
	}
	white, black := newPlayer(360, 780), newPlayer(1280, 900)

	// Position 245, NRBBKQNR: kings on e1 and e8, rooks on b and h.
	const startID = 245
	start := chess.NewPosition(chess960.MustNew(startID))
	plies := []livePly{
		{"d2", "d4", "d2d4", false}, {"g7", "g6", "g7g6", true},
		{"e2", "e4", "e2e4", true}, {"g8", "f6", "g8f6", false},
		{"c1", "f4", "c1f4", false}, {"f8", "g7", "f8g7", true},
		{"d1", "e2", "d1e2", false},
		{"e8", "h8", "e8h8", false}, // O-O: the king onto its rook
		{"e1", "c1", "e1b1", true},  // O-O-O: the king two squares
		{"d7", "d6", "d7d6", false},
		{"a2", "a4", "a2a4", false}, {"h7", "h6", "h7h6", false},
		{"a4", "a5", "a4a5", false},
		{"h6", "h5", "h6h5", false}, // played by Black's other device while the server is down
		{"a5", "a6", "a5a6", false}, // White's premove
		{"g8", "h7", "g8h7", true},
		{"a6", "b7", "a6b7", false}, {"h7", "g8", "h7g8", false},
		{"b7", "c8", "b7c8q", false}, // bxc8=Q
	}
	// The SAN of each, from the rules engine.
	var sans []string
	{
		g := chess.NewGame(start)
		for _, p := range plies {
			before := g.Position()
			m, err := g.PlayText(p.uci)
			if err != nil {
				t.Fatalf("the test's own game: %s: %v", p.uci, err)
			}
			sans = append(sans, before.SAN(m))
		}
	}

	// White makes the game on the play page.
	run(t, white, chromedp.Navigate(fmt.Sprintf("%s/play?pos=%d", base, startID)), chromedp.WaitVisible(css("#online-form")))
	if got := eval[string](t, white, `document.getElementById('online-position').value`); got != fmt.Sprint(startID) {
		t.Errorf("the form's position is %q, want the page's start %d", got, startID)
	}
	// Bad input is refused next to its field, and nothing is made.
	run(t, white, chromedp.SetValue(css("#online-control"), "other"), chromedp.SetValue(css("#online-control-other"), "0+0"),
		chromedp.Click(css("#online-create")))
	waitFor(t, white, `!document.getElementById('online-control-error').hidden`, "the time control's error")
	if msg := text(t, white, "#online-control-error"); !strings.Contains(msg, "0+0") {
		t.Errorf("the error for 0+0 says %q", msg)
	}
	shootTab(t, white, "live-form", 360, 780, 360)
	run(t, white, chromedp.SetValue(css("#online-control"), "10+5"), chromedp.Click(css("label[for=online-white]")),
		chromedp.Click(css("#online-create")))
	waitFor(t, white, `!document.getElementById('online-links').hidden`, "the game's links")
	if !eval[bool](t, white, `document.getElementById('online-control-error').hidden`) {
		t.Error("the time control's error still shows")
	}
	links := eval[[]string](t, white, `['online-mine', 'online-theirs', 'online-watch'].map(id => document.getElementById(id).value)`)
	mine, theirs, watch := links[0], links[1], links[2]
	if !strings.HasPrefix(mine, watch+"#") || !strings.HasPrefix(theirs, watch+"#") || mine == theirs || !strings.HasPrefix(watch, base+"/g/") {
		t.Fatalf("links: %q %q %q", mine, theirs, watch)
	}
	gameID := strings.TrimPrefix(watch, base+"/g/")
	shootTab(t, white, "live-create", 360, 780, 360, 1280)

	run(t, white, chromedp.Click(css("#online-go")))
	run(t, black, chromedp.Navigate(theirs))
	waitFor(t, white, `document.getElementById('seat-note').textContent.includes('You play White')`, "White seated")
	waitFor(t, black, `document.getElementById('seat-note').textContent.includes('You play Black')`, "Black seated")
	for _, c := range []context.Context{white, black} {
		if h := eval[string](t, c, `location.hash`); h != "" {
			t.Errorf("the seat's token is still in the address: %q", h)
		}
	}
	if o := eval[string](t, black, `document.querySelector('#board svg').dataset.orientation`); o != "black" {
		t.Errorf("Black's board is oriented %q", o)
	}
	if eval[bool](t, white, `document.getElementById('abort').hidden`) {
		t.Error("White cannot abort before the first move")
	}

	// moveCount waits until the page lists n moves, and checks them.
	waitMoves := func(c context.Context, n int) {
		t.Helper()
		waitFor(t, c, fmt.Sprintf(`document.querySelectorAll('#moves button.mv').length === %d`, n), fmt.Sprintf("%d moves", n))
		if got, want := liveMoves(t, c), strings.Join(sans[:n], " "); got != want {
			t.Fatalf("the moves are %q, want %q", got, want)
		}
	}
	mover := func(i int) context.Context {
		if i%2 == 0 {
			return white
		}
		return black
	}
	play := func(i int) {
		t.Helper()
		p, c := plies[i], mover(i)
		waitFor(t, c, `document.getElementById('status').textContent.startsWith('Your move')`, "the mover's turn: "+p.uci)
		// The legal moves are the server's: wait for the hints.
		waitFor(t, c, `!!document.querySelector('#board svg')`, "the board")
		if p.drag {
			dragMove(t, c, p.from, p.to)
		} else {
			clickMove(t, c, p.from, p.to)
		}
	}
	both := func(n int) {
		t.Helper()
		waitMoves(white, n)
		waitMoves(black, n)
	}

	for i := 0; i < 9; i++ {
		play(i)
		both(i + 1)
		if i == 0 {
			// The clocks run: Black's, on both pages, changes by itself.
			for _, c := range []context.Context{white, black} {
				clockRuns(t, c, "b")
			}
			if !eval[bool](t, white, `document.getElementById('abort').hidden`) {
				t.Error("White may still abort after moving")
			}
		}
	}
	// The castlings, on the board: Black's king on g8 and rook on f8,
	// White's king on c1 and rook on d1.
	for _, c := range []context.Context{white, black} {
		if got := livePieces(t, c, "g8", "f8", "c1", "d1", "e1", "e8", "b1", "h8"); got != "bK bR wK wR - - - -" {
			t.Errorf("after both castlings the board has %q", got)
		}
	}
	for i := 9; i < 12; i++ {
		if i == 11 {
			// Black offers a draw; White declines it.
			waitFor(t, black, `document.getElementById('status').textContent.startsWith('Your move')`, "Black's turn")
			run(t, black, chromedp.Click(css("#offer-draw")))
			waitFor(t, white, `!document.getElementById('offer-box').hidden`, "the draw offer on White's page")
			waitFor(t, black, `document.getElementById('offer-draw').textContent.includes('Draw offered')`, "Black's offer standing")
			run(t, white, chromedp.Click(css("#decline-draw")))
			waitFor(t, black, `!document.getElementById('offer-draw').disabled`, "the offer declined on Black's page")
			waitFor(t, white, `document.getElementById('offer-box').hidden`, "the offer declined on White's page")
		}
		play(i)
		both(i + 1)
	}
	play(12) // a5
	both(13)
	// White's premove, a5-a6, queued on Black's turn.
	clickMove(t, white, "a5", "a6")
	if n := eval[int](t, white, `document.querySelectorAll('#board .premove-square').length`); n != 2 {
		t.Errorf("the premove shows %d squares, want 2", n)
	}
	shootPlayers(t, white, black, "live-play")
	if *screenshots != "" {
		shoot(t, bctx, "live-watch", watch, "", func(c context.Context) {
			waitFor(t, c, `document.querySelectorAll('#moves button.mv').length === 13`, "the spectator's moves")
		})
	}

	// The server crashes. Both pages say so; Black moves meanwhile (Kh7),
	// and the page keeps the move to send it.
	srv.crash()
	for _, c := range []context.Context{white, black} {
		waitFor(t, c, `!document.getElementById('conn').hidden && document.getElementById('conn').textContent.includes('Connection lost')`, "the connection-lost banner")
	}
	clickMove(t, black, "g8", "h7")
	waitFor(t, black, `!document.getElementById('sending').hidden && document.getElementById('sending').textContent.includes('Not connected')`, "the move waiting to be sent")
	if got := livePieces(t, black, "h7", "g8"); got != "bK -" {
		t.Errorf("Black's move made offline is not on Black's board: %q", got)
	}
	shootPlayers(t, white, black, "live-offline")
	// Meanwhile Black's other device got its move in first: ...h5, into
	// the store. When the pages are back, the page's Kh7, made on the
	// version before, is refused, visibly, and the board is the game's.
	{
		st, err := store.OpenWith(context.Background(), db, store.Options{Kind: store.Games})
		if err != nil {
			t.Fatal(err)
		}
		svc := game.NewService(st)
		g, err := svc.Load(context.Background(), gameID)
		if err != nil {
			t.Fatal(err)
		}
		blackToken := theirs[strings.Index(theirs, "#")+1:]
		if _, err := svc.Act(context.Background(), gameID, blackToken, game.Action{Kind: game.Move, Text: plies[13].uci, Base: g.Version()}); err != nil {
			t.Fatal(err)
		}
		st.Close()
	}
	// A new server on the same address and file: the pages reconnect by
	// themselves; White's premove follows Black's ...h5.
	startLiveServer(t, db, srv.addr)
	for _, c := range []context.Context{white, black} {
		waitLong(t, c, `document.getElementById('conn').hidden`, "the page reconnected")
	}
	waitFor(t, black, `!document.getElementById('live-error').hidden && document.getElementById('live-error').textContent.includes('Kh7 was refused')`, "the refusal of Kh7")
	if msg := text(t, black, "#live-error"); !strings.Contains(msg, "version") {
		t.Errorf("the refusal says %q: want why (the version it was made on)", msg)
	}
	both(15)
	if !eval[bool](t, black, `document.getElementById('sending').hidden`) {
		t.Error("Black's page still says it is sending")
	}
	if got := livePieces(t, black, "h7", "g8", "h5"); got != "- bK bP" {
		t.Errorf("after the refusal Black's board shows %q, want the game's", got)
	}
	if n := eval[int](t, white, `document.querySelectorAll('#board .premove-square').length`); n != 0 {
		t.Errorf("the premove still shows after it was played (%d squares)", n)
	}
	// White reloads the page: the seat is kept (local storage).
	run(t, white, chromedp.Reload())
	waitFor(t, white, `document.getElementById('seat-note').textContent.includes('You play White')`, "White seated again after a reload")
	waitMoves(white, 15)

	for i := 15; i < 18; i++ {
		play(i)
		both(i + 1)
	}
	// The promotion: b7xc8, a queen.
	play(18)
	waitFor(t, white, `!document.getElementById('promo').hidden`, "the promotion picker")
	run(t, white, chromedp.Click(css(`#promo button[data-promotion="q"]`)))
	both(19)
	if got := livePieces(t, black, "c8", "b7"); got != "wQ -" {
		t.Errorf("after bxc8=Q the board has %q", got)
	}
	// Black resigns, after confirming.
	run(t, black, chromedp.Click(css("#resign")))
	waitFor(t, black, `!document.getElementById('resign-confirm').hidden`, "the confirmation")
	run(t, black, chromedp.Click(css("#resign-yes")))
	for _, c := range []context.Context{white, black} {
		waitFor(t, c, `!document.getElementById('after').hidden`, "the result")
		if got := text(t, c, "#after-title") + " / " + text(t, c, "#after-reason"); got != "1–0 · White wins / Black resigned." {
			t.Errorf("the result reads %q", got)
		}
	}
	// Replay: one move back shows the bishop on c8 again, then the end.
	run(t, white, chromedp.Click(css("#nav-back")))
	waitFor(t, white, `document.querySelector('#board [data-piece][data-square="c8"]').dataset.piece === 'bB'`, "the position before bxc8=Q")
	run(t, white, chromedp.KeyEvent(kb.End))
	waitFor(t, white, `document.querySelector('#board [data-piece][data-square="c8"]').dataset.piece === 'wQ'`, "the last position again")
	shootPlayers(t, white, black, "live-over")

	// A rematch, the same position with the colours reversed: White
	// offers, Black accepts, and both pages link to the new game, where
	// each link's token holds the other colour.
	run(t, white, chromedp.Click(css("#rematch-same")))
	waitFor(t, black, `!document.getElementById('rematch-box').hidden`, "the rematch offer on Black's page")
	run(t, black, chromedp.Click(css("#rematch-accept")))
	for _, c := range []context.Context{white, black} {
		waitFor(t, c, `!document.getElementById('next-link').hidden`, "the link to the rematch")
	}
	next := eval[string](t, white, `document.getElementById('next-link').href`)
	run(t, white, chromedp.Navigate(next))
	waitFor(t, white, `document.getElementById('seat-note').textContent.includes('You play Black')`, "the first player, Black in the rematch")
	if got := livePieces(t, white, "a1", "e1", "e8"); got != "wN wK bK" {
		t.Errorf("the rematch's start shows %q, want position 245", got)
	}
	// The opponent's presence: not there yet, then there, then gone.
	waitFor(t, white, `document.getElementById('note-top').textContent.includes('not connected')`, "the opponent not connected yet")
	run(t, black, chromedp.Click(css("#next-link")))
	waitFor(t, black, `document.getElementById('seat-note').textContent.includes('You play White')`, "the second player, White in the rematch")
	waitFor(t, white, `document.querySelector('#dot-top').classList.contains('online') && document.getElementById('note-top').textContent === ''`, "the opponent online")
	run(t, black, chromedp.Navigate("about:blank"))
	waitFor(t, white, `/Opponent disconnected \d+ s ago/.test(document.getElementById('note-top').textContent)`, "the opponent disconnected")
	run(t, white, chromedp.Navigate(watch))
	waitFor(t, white, `!document.getElementById('after').hidden`, "the first game's page again")

	// The PGN has the moves played, read by package pgn and pgn-extract.
	res, err := http.Get(base + "/api/games/" + gameID + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("PGN: %d %s", res.StatusCode, body)
	}
	if href := eval[string](t, white, `document.getElementById('pgn-link').getAttribute('href')`); href != "/api/games/"+gameID+"/pgn" {
		t.Errorf("the PGN link is %q", href)
	}
	var want []string
	for _, p := range plies {
		want = append(want, p.uci)
	}
	g, err := pgn.NewReader(strings.NewReader(string(body))).Read()
	if err != nil || g.Err != nil {
		t.Fatalf("reading the PGN: %v %v\n%s", err, g.Err, body)
	}
	var got []string
	for _, n := range g.Moves.Nodes {
		got = append(got, n.Move.UCI(chess.Chess960))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") || g.Result() != chess.WhiteWins {
		t.Errorf("package pgn reads %v, %v; want %v, 1-0\n%s", got, g.Result(), want, body)
	}
	if id, ok := g.StartID(); !ok || id != startID {
		t.Errorf("the PGN's start is %d %v, want %d", id, ok, startID)
	}
	extract := testtool.PGNExtract(t)
	pf := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(pf, body, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(extract, "-s", "-Wuci", pf).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	// (pgn-extract writes the promotion piece in capitals: b7c8Q.)
	if !strings.Contains(strings.ToLower(string(out)), strings.Join(want, " ")+" 1-0") {
		t.Errorf("pgn-extract -Wuci reads\n%s\nwant the moves %s 1-0", out, strings.Join(want, " "))
	}

	// And python-chess, where one is at hand (testtool.PythonChess).
	if pc, ok := testtool.PythonChess(t, string(body)); ok {
		if len(pc) != 1 || len(pc[0].Errors) != 0 || strings.Join(pc[0].Moves, " ") != strings.Join(want, " ") || pc[0].Headers["Result"] != "1-0" {
			t.Errorf("python-chess reads %+v; want the moves %s 1-0", pc, strings.Join(want, " "))
		}
	}

	// The analysis link opens the play page on the final position.
	final := chess.NewGame(start)
	for _, p := range plies {
		final.PlayText(p.uci)
	}
	href := eval[string](t, white, `document.getElementById('analyse-link').href`)
	run(t, white, chromedp.Navigate(href))
	waitFEN(t, white, final.Position().FEN(chess.Standard))
}

// liveMoves is the page's move list.
func liveMoves(t *testing.T, c context.Context) string {
	t.Helper()
	return eval[string](t, c, `[...document.querySelectorAll('#moves button.mv')].map(b => b.textContent).join(' ')`)
}

// livePieces is what the board shows on each square ("-" for none).
func livePieces(t *testing.T, c context.Context, squares ...string) string {
	t.Helper()
	js := fmt.Sprintf(`%q.split(' ').map(s => { const p = document.querySelector('#board [data-piece][data-square="' + s + '"]'); return p ? p.dataset.piece : '-'; }).join(' ')`, strings.Join(squares, " "))
	return eval[string](t, c, js)
}

// clockRuns waits until side's clock on the page shows another time than
// it does now.
func clockRuns(t *testing.T, c context.Context, side string) {
	t.Helper()
	sel := fmt.Sprintf(`document.querySelector('.clock[data-side=%q]')`, side)
	first := eval[string](t, c, sel+`.textContent`)
	if first == "" {
		t.Fatalf("no clock for %s", side)
	}
	waitFor(t, c, fmt.Sprintf(`%s.textContent !== %q && %s.classList.contains('running')`, sel, first, sel), "the clock running from "+first)
}

// waitLong is waitFor with room for the pages' reconnect backoff (at most
// 10 s between tries).
func waitLong(t *testing.T, c context.Context, js, what string) {
	t.Helper()
	deadline := time.Now().Add(3 * browser.Patience)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(c, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s (%s)", what, js)
}

// shootPlayers saves each player's page, light and dark, with
// -screenshots: White's at 360 px, Black's at 1280 px.
func shootPlayers(t *testing.T, white, black context.Context, name string) {
	t.Helper()
	shootTab(t, white, name, 360, 780, 360)
	shootTab(t, black, name, 1280, 900, 1280)
}

// shootTab saves the tab's page as it is at each width, light and dark
// (-screenshots), and then gives it back its size (w x h).
func shootTab(t *testing.T, c context.Context, name string, w, h int64, widths ...int64) {
	t.Helper()
	if *screenshots == "" {
		return
	}
	for _, sw := range widths {
		tall := int64(900)
		if sw < 600 {
			tall = 1500
		}
		for _, scheme := range []string{"light", "dark"} {
			run(t, c, chromedp.EmulateViewport(sw, tall), browser.Media("", scheme))
			time.Sleep(150 * time.Millisecond) // a frame with the new size
			browser.Screenshot(t, c, filepath.Join(*screenshots, fmt.Sprintf("%s-%d-%s.png", name, sw, scheme)))
		}
	}
	run(t, c, chromedp.EmulateViewport(w, h), browser.Media("", "light"))
}
