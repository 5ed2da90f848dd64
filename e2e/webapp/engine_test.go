package webapp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/pgn"
	"github.com/chess960/chess960/uci"
)

// engineConfig is a server config with a pool of Stockfish.
func engineConfig(t *testing.T, size int, maxSearch time.Duration) server.Config {
	t.Helper()
	pool := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: testtool.Stockfish(t)}, Size: size, MaxSearch: maxSearch})
	t.Cleanup(func() { pool.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	name, err := pool.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return server.Config{Engine: server.PoolEngine{Pool: pool, EngineName: name}, EngineTime: maxSearch}
}

// pageState is what the test needs of /play/state.
type pageState struct {
	Moves []string `json:"moves"`
	Ply   int      `json:"ply"`
	FEN   string   `json:"fen"`
	Turn  string   `json:"turn"`
	Over  bool     `json:"over"`
	Legal []struct {
		From, To, UCI, Promo string
	} `json:"legal"`
}

func fetchState(t *testing.T, base, search string) pageState {
	t.Helper()
	r, err := http.Get(base + "/play/state" + search)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	var st pageState
	if r.StatusCode != 200 || json.Unmarshal(b, &st) != nil {
		t.Fatalf("/play/state%s: %d %s", search, r.StatusCode, b)
	}
	return st
}

// TestBrowserEngineGame plays a whole Chess960 game against Stockfish in
// the browser: the player's moves (random legal moves, seeded, by click or
// drag and through the promotion picker) go on the board, Stockfish
// replies to each, undo takes back a move and its reply, the analysis
// panel shows a score and a line, and the game ends in checkmate or a draw
// by rule, shown as such, with the PGN and the address reproducing it.
func TestBrowserEngineGame(t *testing.T) {
	testtool.Long(t, "a browser game against Stockfish")
	ctx, base := appWith(t, engineConfig(t, 2, 3*time.Second))
	c := tab(t, ctx)
	// Position 631 (RKNBBQNR: the king on b1), the player White, Stockfish
	// Black at 2,000 nodes a move (deterministic with one thread), the
	// analysis panel on.
	run(t, c, chromedp.Navigate(base+"/play?pos=631&engine=black&nodes=2000&analysis=1"), chromedp.WaitVisible(css("#board svg")))
	for _, pr := range a11yProblems(t, c) {
		t.Errorf("the page against the engine: %s", pr)
	}
	if l := text(t, c, "#engine-label"); !strings.Contains(l, "Stockfish") || !strings.Contains(l, "plays Black") || !strings.Contains(l, "2,000 nodes") {
		t.Errorf("engine label %q", l)
	}
	rng := rand.New(rand.NewPCG(960, 631))
	over := func() bool { return eval[bool](t, c, `document.getElementById('status').hasAttribute('data-over')`) }
	// The moves in the address, and whether it views an earlier ply.
	const urlMoves = `(new URLSearchParams(location.search).get('moves') || '').split(',').filter(Boolean).length`
	const atEnd = `!new URLSearchParams(location.search).has('ply')`
	undone := false
	for turn := 0; ; turn++ {
		if turn > 200 {
			t.Fatalf("no end after 200 moves: %s", movesText(t, c))
		}
		st := fetchState(t, base, eval[string](t, c, `location.search`))
		if st.Over {
			break
		}
		if st.Turn != "white" || len(st.Legal) == 0 {
			t.Fatalf("move %d: the player's turn expected: %+v", turn, st)
		}
		if turn == 1 {
			// The analysis panel shows a score from White's side and a
			// line in SAN, numbered from the position on view.
			waitFor(t, c, `/^([+−]\d+\.\d\d|0\.00|#-?\d+)$/.test(document.getElementById('eval').textContent) && /^\d+\. \S/.test(document.getElementById('pv').textContent)`, "the analysis")
			// Hide it (in place, in the address too) for the rest.
			run(t, c, chromedp.Click(css("#analysis-close")))
			waitFor(t, c, `document.getElementById('analysis').hidden && !location.search.includes('analysis')`, "the analysis hidden")
		}
		m := st.Legal[rng.IntN(len(st.Legal))]
		n := st.Ply
		if turn%2 == 0 {
			clickMove(t, c, m.From, m.To)
		} else {
			dragMove(t, c, m.From, m.To)
		}
		if m.Promo != "" {
			run(t, c, chromedp.WaitVisible(css("#promo")), chromedp.Click(css(fmt.Sprintf(`#promo [data-promotion=%q]`, m.Promo))))
		}
		// The player's move, then Stockfish's reply (or the end).
		waitFor(t, c, fmt.Sprintf(`%s && (%s === %d || %s === %d && document.getElementById('status').hasAttribute('data-over'))`, atEnd, urlMoves, n+2, urlMoves, n+1),
			"the player's move "+m.UCI+" and Stockfish's reply")
		if !over() && !strings.Contains(text(t, c, "#engine-status"), "Your move") {
			waitFor(t, c, `document.getElementById('engine-status').textContent.includes('Your move')`, "the player's turn")
		}
		if turn == 3 && !undone {
			// Undo takes back the player's move and Stockfish's reply.
			before := fetchState(t, base, eval[string](t, c, `location.search`))
			run(t, c, chromedp.Click(css("#undo")))
			waitFor(t, c, fmt.Sprintf(`location.search.includes('ply=%d')`, len(before.Moves)-2), "undo")
			p := chess.MustParseFEN(strings.TrimSpace(text(t, c, "#fen")))
			want := replay(t, before.Moves[:len(before.Moves)-2], 631)
			if p.FEN(chess.Standard) != want.FEN(chess.Standard) {
				t.Errorf("after undo: %s, want %s", p.FEN(chess.Standard), want.FEN(chess.Standard))
			}
			if s := text(t, c, "#engine-status"); !strings.Contains(s, "Your move") {
				t.Errorf("after undo the engine status says %q", s)
			}
			undone = true
			// The next move replaces the moves taken back.
		}
	}
	// The end: shown on the page, and no engine move asked for.
	status := text(t, c, "#status")
	result := text(t, c, "#result")
	if !regexp.MustCompile(`^(Checkmate|Stalemate|Draw)`).MatchString(status) || !map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true}[result] {
		t.Errorf("the end: status %q, result %q", status, result)
	}
	if s := text(t, c, "#engine-status"); !strings.Contains(s, "The game is over") {
		t.Errorf("engine status at the end: %q", s)
	}
	u := eval[string](t, c, `location.href`)
	if !strings.Contains(u, "engine=black") || !strings.Contains(u, "nodes=2000") || strings.Contains(u, "ply=") {
		t.Errorf("address %q lacks the engine settings or shows an earlier ply", u)
	}
	final := fetchState(t, base, eval[string](t, c, `location.search`))
	t.Logf("%d plies, %s: %s", len(final.Moves), result, status)
	// The PGN: the moves of the address, the result, and Stockfish as Black.
	g, err := pgn.NewReader(strings.NewReader(eval[string](t, c, `document.getElementById('pgn').value`))).Read()
	if err != nil || g.Err != nil {
		t.Fatalf("reading the PGN: %v %v", err, g.Err)
	}
	var ucis []string
	for _, nd := range g.Moves.Nodes {
		ucis = append(ucis, nd.Move.UCI(chess.Chess960))
	}
	if strings.Join(ucis, ",") != strings.Join(final.Moves, ",") || g.Result().String() != result || !strings.HasPrefix(g.Tags.Get("Black"), "Stockfish") {
		t.Errorf("PGN: moves %v, result %v, Black %q; the game: %v %s", ucis, g.Result(), g.Tags.Get("Black"), final.Moves, result)
	}
	// The form that starts a game against the engine, and the API page
	// with an engine.
	for _, p := range []string{"/play?pos=631&moves=e2e4", "/api"} {
		c3 := tab(t, ctx)
		run(t, c3, chromedp.Navigate(base+p), chromedp.WaitReady(css("main")))
		for _, pr := range a11yProblems(t, c3) {
			t.Errorf("%s: %s", p, pr)
		}
	}
	// Without JavaScript: the form starts a game against the engine, and a
	// move sent by the move form comes back with the engine's reply.
	nojs := tab(t, ctx)
	run(t, nojs, browser.NoScript(), chromedp.Navigate(base+"/play?pos=631"), chromedp.WaitVisible(css("#engine-form")),
		chromedp.SetValue(css("#engine-nodes"), "1000"), chromedp.Click(css("#engine-play")))
	waitFor(t, nojs, `location.search.includes('engine=black') && location.search.includes('nodes=1000') && !!document.getElementById('engine-label')`, "the game against the engine")
	run(t, nojs, chromedp.SetValue(css("#move-input"), "d4"), chromedp.Submit(css("#move-input")))
	// The address changes before the new page is drawn: wait for both.
	waitFor(t, nojs, `/moves=d2d4,[a-h][1-8][a-h][1-8]/.test(location.search) && document.readyState === 'complete' && document.querySelectorAll('#moves .mv').length === 2`, "d4 and the engine's reply")
	if got := strings.Fields(movesText(t, nojs)); len(got) != 2 || got[0] != "d4" {
		t.Errorf("without JavaScript: moves %v", got)
	}
	// The address reproduces the finished game, and asks nothing of the
	// engine.
	c2 := tab(t, ctx)
	run(t, c2, chromedp.Navigate(u), chromedp.WaitVisible(css("#board svg")))
	if got, want := strings.TrimSpace(text(t, c2, "#fen")), strings.TrimSpace(text(t, c, "#fen")); got != want {
		t.Errorf("the address shows %s, the game ended at %s", got, want)
	}
	if r := text(t, c2, "#result"); r != result {
		t.Errorf("reloaded result %q", r)
	}
}

// replay plays UCI moves from a start position.
func replay(t *testing.T, moves []string, id int) chess.Position {
	t.Helper()
	p := chess.MustParseFEN(fetchStartFEN(t, id))
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
	}
	return p
}

func fetchStartFEN(t *testing.T, id int) string {
	t.Helper()
	rank := chessRank(id)
	return strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1"
}

// TestBrowserEngineScreenshots saves the play page against Stockfish,
// with the analysis panel, at 360 and 1280 px, light and dark (with
// -screenshots DIR).
func TestBrowserEngineScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("no -screenshots DIR")
	}
	ctx, base := appWith(t, engineConfig(t, 2, 3*time.Second))
	for _, p := range []struct{ name, path string }{
		{"play-engine", "/play?pos=250&moves=d2d4,d7d5,d1d3,d8d6,c1b1,g8f6,g1f3,g7g6&engine=black&skill=5&analysis=1"},
		{"play-engine-form", "/play?pos=250&moves=d2d4,d7d5"},
	} {
		shoot(t, ctx, p.name, base+p.path, "", func(c context.Context) {
			run(t, c, chromedp.WaitVisible(css("#board svg")))
			if strings.Contains(p.path, "analysis=1") {
				waitFor(t, c, `/depth (1[2-9]|[2-9]\d)/.test(document.getElementById('depth').textContent)`, "an analysis at depth 12 or more")
			}
		})
	}
}

// TestBrowserEngineFailure: an engine that crashes in every search. The
// page retries as the server's Retry-After says, a few times, then says
// what happened and offers to try again; the player's move stays.
func TestBrowserEngineFailure(t *testing.T) {
	testtool.Long(t, "a browser test")
	fake := testtool.FakeEngine(t)
	pool := uci.NewPool(uci.PoolConfig{Engine: uci.Config{Path: fake, Args: []string{"-crash"}}, MaxSearch: time.Second})
	t.Cleanup(func() { pool.Close() })
	ctx, base := appWith(t, server.Config{Engine: server.PoolEngine{Pool: pool, EngineName: "Fake 1.0"}, EngineTime: time.Second})
	c := tab(t, ctx)
	run(t, c, chromedp.Navigate(base+"/play?pos=518&engine=black"), chromedp.WaitVisible(css("#board svg")))
	clickMove(t, c, "e2", "e4")
	waitFor(t, c, `document.getElementById('engine-status').textContent.includes('Trying again')`, "the retry")
	waitFor(t, c, `!document.getElementById('engine-error').hidden`, "the error, after the retries")
	if e := text(t, c, "#engine-error"); !strings.Contains(e, "the engine failed (engine exited") || !strings.Contains(e, "Try again") {
		t.Errorf("error %q", e)
	}
	if got := movesText(t, c); got != "e4" {
		t.Errorf("moves %q", got)
	}
}

// namedEngine is an Engine that has a name and is never asked to search:
// the test answers for it.
type namedEngine string

func (e namedEngine) Name() string { return string(e) }

func (e namedEngine) Search(context.Context, uci.Job, func(uci.Info)) (uci.Result, error) {
	return uci.Result{}, errors.New("namedEngine: not asked to search")
}

// TestBrowserAnalysisTrouble: the analysis panel says what went wrong with
// the stream: a line that is not JSON is something unreadable the server
// sent, a stream that breaks off is a lost connection; neither is a server
// that cannot be reached.
func TestBrowserAnalysisTrouble(t *testing.T) {
	app := server.New(server.Config{Engine: namedEngine("Fake 1.0")})
	good := `{"depth":7,"lines":[{"score":{"cp":31},"san":["e5","Nf3"]}]}` + "\n"
	ctx, base := appHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/analyse" {
			app.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/x-ndjson")
		io.WriteString(w, good)
		w.(http.Flusher).Flush()
		if strings.Contains(r.URL.RawQuery, "e2e4") {
			io.WriteString(w, "<html><body>502 Bad Gateway</body></html>\n"+good)
			return
		}
		// Break the stream off: the connection closes in the middle of a
		// chunk.
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		buf.WriteString("40\r\n{\"depth\":8")
		buf.Flush()
		conn.Close()
	}))
	for _, c := range []struct{ moves, want string }{
		{"e2e4", `The server sent something unreadable in the analysis (not JSON: "<html><body>502 Bad Gateway</body></html>").`},
		{"d2d4", "The analysis broke off: the connection to the server was lost"},
	} {
		tb := tab(t, ctx)
		run(t, tb, chromedp.Navigate(base+"/play?pos=518&moves="+c.moves+"&analysis=1"), chromedp.WaitVisible(css("#board svg")))
		waitFor(t, tb, fmt.Sprintf(`document.getElementById('pv').textContent.startsWith(%q)`, c.want), "the message "+c.want)
		if s := text(t, tb, "#pv"); strings.Contains(s, "cannot be reached") {
			t.Errorf("moves %s: %q", c.moves, s)
		}
	}
}
