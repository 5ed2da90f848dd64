// Package webapp_test tests the web app in a real browser: Debian's
// chromium, driven by chromedp, against the app on an httptest server.
// With CI set they fail when chromium is missing; locally they skip.
package webapp_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/e2e/internal/browser"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/pgn"
)

var screenshots = flag.String("screenshots", "", "directory to write screenshots of every page at 360 and 1280 px into")

// shoot saves pictures of the page at url, 360 and 1280 px wide, light and
// dark, as DIR/NAME-WIDTH-SCHEME.png (-screenshots DIR), each in a new
// tab of the browser of ctx, for the media type ("print", or "" for the
// screen), once ready has waited for what the picture must show.
func shoot(t *testing.T, ctx context.Context, name, url, media string, ready func(c context.Context)) {
	t.Helper()
	for _, w := range []int64{360, 1280} {
		for _, scheme := range []string{"light", "dark"} {
			c := tab(t, ctx)
			h := int64(1100)
			if w < 600 {
				h = 1800
			}
			run(t, c, chromedp.EmulateViewport(w, h), browser.Media(media, scheme), chromedp.Navigate(url))
			ready(c)
			browser.Screenshot(t, c, filepath.Join(*screenshots, fmt.Sprintf("%s-%d-%s.png", name, w, scheme)))
			// Closed at once: a live page (the public page, the projector)
			// holds a stream, and Chromium opens six connections to a host.
			chromedp.Cancel(c)
		}
	}
}

// app starts chromium and a test server of the app, and returns the
// browser's context and the server's address.
func app(t *testing.T) (context.Context, string) {
	t.Helper()
	return appWith(t, server.Config{})
}

// appWith is app with a server of the config.
func appWith(t *testing.T, cfg server.Config) (context.Context, string) {
	t.Helper()
	return appHandler(t, server.New(cfg))
}

// appHandler is app with the handler as the server.
func appHandler(t *testing.T, h http.Handler) (context.Context, string) {
	t.Helper()
	ctx := browser.Start(t, 1280, 1000)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ctx, ts.URL
}

// The helpers of package browser, under short names.
var (
	tab     = browser.Tab
	run     = browser.Do
	text    = browser.Text
	waitFor = browser.WaitFor
)

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	return browser.Eval[T](t, ctx, js)
}

// css selects the first element matching a CSS selector.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// waitFEN waits until #fen shows want.
func waitFEN(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	js := fmt.Sprintf("document.getElementById('fen').textContent.trim() === %q", want)
	deadline := time.Now().Add(browser.Patience)
	for time.Now().Before(deadline) {
		if eval[bool](t, ctx, js) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for FEN %s; the page shows %s (moves %s, error %q)", want,
		strings.TrimSpace(text(t, ctx, "#fen")), movesText(t, ctx), text(t, ctx, "#move-error"))
}

// center returns the centre of a square of the board on the screen.
func center(t *testing.T, ctx context.Context, sq string) (float64, float64) {
	t.Helper()
	r := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#board [data-square=%q]:not([data-piece])').getBoundingClientRect(); return [b.left + b.width/2, b.top + b.height/2]; })()`, sq))
	return r[0], r[1]
}

// click clicks a square.
func click(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	x, y := center(t, ctx, sq)
	run(t, ctx, chromedp.MouseClickXY(x, y))
}

// clickMove plays from -> to by clicking both squares.
func clickMove(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	click(t, ctx, from)
	click(t, ctx, to)
}

// dragMove plays from -> to by dragging the piece.
func dragMove(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	x0, y0 := center(t, ctx, from)
	x1, y1 := center(t, ctx, to)
	steps := []browser.Action{chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.Button("left"), chromedp.ClickCount(1))}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.Button("left")))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.Button("left"), chromedp.ClickCount(1)))
	run(t, ctx, steps...)
}

func movesText(t *testing.T, ctx context.Context) string {
	t.Helper()
	return strings.Join(strings.Fields(eval[string](t, ctx, `[...document.querySelectorAll('#moves .mv')].map(a => a.textContent).join(' ')`)), " ")
}

func TestBrowser(t *testing.T) {
	ctx, base := app(t)

	t.Run("generate", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/"), chromedp.WaitVisible(css("#pos-number")))
		n := text(t, c, "#pos-number")
		rank := text(t, c, "#pos-rank")
		if len(rank) != 8 {
			t.Fatalf("rank %q", rank)
		}
		pieces := eval[int](t, c, `document.querySelectorAll('#board svg [data-piece]').length`)
		if pieces != 32 {
			t.Errorf("the board has %d pieces, want 32", pieces)
		}
		// The board shows the rank: the piece on each first-rank square.
		got := eval[string](t, c, `"abcdefgh".split("").map(f => document.querySelector('#board svg [data-piece][data-square="'+f+'1"]').dataset.piece[1]).join("")`)
		if got != rank {
			t.Errorf("board's first rank %q, page says %q (position %s)", got, rank, n)
		}
		// Random draws another position and lands on its address.
		run(t, c, chromedp.Click(css("#random")))
		waitFor(t, c, `location.pathname.startsWith('/pos/')`, "the position's address")
		// A back rank typed in is identified live, then opened.
		run(t, c, chromedp.SendKeys(css("#q"), "rkrnnqbb"))
		waitFor(t, c, `document.getElementById('q-live').textContent.includes('959 RKRNNQBB')`, "the live answer")
		run(t, c, chromedp.Submit(css("#q")))
		waitFor(t, c, `location.pathname === '/pos/959'`, "/pos/959")
		if got := text(t, c, "#pos-rank"); got != "RKRNNQBB" {
			t.Errorf("959 shows %q", got)
		}
		// Fritz9 number 359 is ordinary chess, 518.
		run(t, c, chromedp.Click(css("label[for=nb-f]")),
			chromedp.SetValue(css("#n"), "359"), chromedp.Submit(css("#n")))
		waitFor(t, c, `location.pathname === '/pos/518'`, "/pos/518")
		// A seed gives draw 1 of random --seed, and the next one.
		run(t, c, chromedp.SendKeys(css("#seed"), "Round 1"), chromedp.Submit(css("#seed")))
		waitFor(t, c, `location.pathname === '/pos/353'`, "/pos/353 (random --seed 'Round 1': 353, 14, 506)")
		run(t, c, chromedp.Click(css("#next-seed")))
		waitFor(t, c, `location.pathname === '/pos/14'`, "/pos/14")
	})

	t.Run("draw and verify", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/draw"), chromedp.WaitVisible(css("#draw-form")),
			chromedp.SetValue(css("#rounds-n"), "3"),
			chromedp.SetValue(css("#seed"), "Round 1"),
			chromedp.SetValue(css("#exclude"), "518,0-9"),
			chromedp.Click(css("#draw-button")))
		waitFor(t, c, `document.querySelectorAll('#rounds tbody tr').length === 3`, "3 rounds")
		// random --count 3 --seed 'Round 1' --unique --exclude 518,0-9, from the README.
		ids := eval[string](t, c, `[...document.querySelectorAll('#rounds tbody tr')].map(r => r.dataset.id).join(',')`)
		if ids != "671,589,576" {
			t.Errorf("draws %s, want 671,589,576", ids)
		}
		commit := eval[string](t, c, `document.getElementById('commitment').value`)
		// printf 'Round 1' | sha256sum
		if commit != "129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6" {
			t.Errorf("commitment %q", commit)
		}
		run(t, c, chromedp.Click(css("#verify-link")))
		waitFor(t, c, `location.pathname === '/verify' && !!document.getElementById('verdict')`, "the verify page")
		if v := text(t, c, "#verdict"); !strings.Contains(v, "matches") {
			t.Errorf("verdict %q", v)
		}
		ids2 := eval[string](t, c, `[...document.querySelectorAll('#rounds tbody tr')].map(r => r.dataset.id).join(',')`)
		if ids2 != ids {
			t.Errorf("verify re-derived %s, the draw was %s", ids2, ids)
		}
		// A wrong commitment is reported.
		u := eval[string](t, c, `location.href`)
		run(t, c, chromedp.Navigate(strings.Replace(u, "commit="+commit, "commit="+strings.Repeat("0", 64), 1)))
		if v := text(t, c, "#verdict"); !strings.Contains(v, "does not match") {
			t.Errorf("wrong commitment: verdict %q", v)
		}
	})

	t.Run("play", func(t *testing.T) {
		c := tab(t, ctx)
		// Position 250, NRKQBBNR: White castles long with the king staying
		// on c1 (the rook goes b1-d1), Black castles short (c8-g8, h8-f8).
		run(t, c, chromedp.Navigate(base+"/play?pos=250"), chromedp.WaitVisible(css("#board svg")))
		clickMove(t, c, "d2", "d4")
		waitFEN(t, c, "nrkqbbnr/pppppppp/8/8/3P4/8/PPP1PPPP/NRKQBBNR b KQkq - 0 1")
		dragMove(t, c, "d7", "d5")
		waitFEN(t, c, "nrkqbbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/NRKQBBNR w KQkq - 0 2")
		clickMove(t, c, "d1", "d3")
		waitFEN(t, c, "nrkqbbnr/ppp1pppp/8/3p4/3P4/3Q4/PPP1PPPP/NRK1BBNR b KQkq - 1 2")
		dragMove(t, c, "d8", "d6")
		waitFEN(t, c, "nrk1bbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/NRK1BBNR w KQkq - 2 3")
		// O-O-O: the king onto its own rook; it does not move.
		clickMove(t, c, "c1", "b1")
		waitFEN(t, c, "nrk1bbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/N1KRBBNR b kq - 3 3")
		for _, m := range [][2]string{{"g8", "f6"}, {"g1", "f3"}, {"g7", "g6"}, {"h2", "h3"}, {"f8", "g7"}, {"a2", "a3"}, {"e8", "d7"}, {"b2", "b3"}} {
			clickMove(t, c, m[0], m[1])
			waitFor(t, c, fmt.Sprintf(`!document.querySelector('#board [data-piece][data-square=%q]')`, m[0]), "the move "+m[0]+m[1])
		}
		// O-O by moving the king two squares and more toward the rook: to g8.
		dragMove(t, c, "c8", "g8")
		want := "nr3rk1/pppbppbp/3q1np1/3p4/3P4/PP1Q1N1P/2P1PPP1/N1KRBB1R w - - 1 8"
		waitFEN(t, c, want)
		if got := movesText(t, c); got != "d4 d5 Qd3 Qd6 O-O-O Nf6 Nf3 g6 h3 Bg7 a3 Bd7 b3 O-O" {
			t.Errorf("moves %q", got)
		}
		// The URL reproduces the game.
		u := eval[string](t, c, `location.href`)
		if !strings.Contains(u, "moves=d2d4,d7d5,d1d3,d8d6,c1b1,") || !strings.Contains(u, ",c8h8") {
			t.Errorf("address %q lacks the moves in UCI (castling as king takes rook)", u)
		}
		c2 := tab(t, ctx)
		run(t, c2, chromedp.Navigate(u), chromedp.WaitVisible(css("#board svg")))
		if got := strings.TrimSpace(text(t, c2, "#fen")); got != want {
			t.Errorf("reloaded address shows %q, want %q", got, want)
		}
		if got := movesText(t, c2); got != movesText(t, c) {
			t.Errorf("reloaded moves %q", got)
		}
		// Undo takes back O-O; redo plays it again; clicking a move goes to it.
		run(t, c, chromedp.Click(css("#undo")))
		waitFEN(t, c, "nrk4r/pppbppbp/3q1np1/3p4/3P4/PP1Q1N1P/2P1PPP1/N1KRBB1R b kq - 0 7")
		run(t, c, chromedp.Click(css("#redo")))
		waitFEN(t, c, want)
		run(t, c, chromedp.Click(css(`#moves [data-ply="5"]`)))
		waitFEN(t, c, "nrk1bbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/N1KRBBNR b kq - 3 3")
		if !strings.Contains(eval[string](t, c, `location.search`), "ply=5") {
			t.Errorf("address after going to move 5: %q", eval[string](t, c, `location.search`))
		}
		// Keyboard: the right arrow goes forward one move.
		run(t, c, chromedp.KeyEvent(kb.ArrowRight))
		waitFEN(t, c, "nrk1bb1r/ppp1pppp/3q1n2/3p4/3P4/3Q4/PPP1PPPP/N1KRBBNR w kq - 4 4")
		run(t, c, chromedp.Click(css(`#moves [data-ply="14"]`)))
		waitFEN(t, c, want)

		// Flip: Black at the bottom, in the address too; and back.
		run(t, c, chromedp.Click(css("#flip")))
		waitFor(t, c, `document.querySelector('#board svg').dataset.orientation === 'black' && location.search.includes('flip=1')`, "the flipped board")
		x, _ := center(t, c, "h1")
		if xa, _ := center(t, c, "a1"); xa < x {
			t.Error("flipped, a1 is still left of h1")
		}
		run(t, c, chromedp.Click(css("#flip")))
		waitFor(t, c, `document.querySelector('#board svg').dataset.orientation === 'white' && !location.search.includes('flip')`, "the board the right way up")

		// PGN export of the game, read back with package pgn; the download
		// holds the same text.
		text := eval[string](t, c, `document.getElementById('pgn').value`)
		g, err := pgn.NewReader(strings.NewReader(text)).Read()
		if err != nil || g.Err != nil {
			t.Fatalf("reading the exported PGN: %v %v\n%s", err, g.Err, text)
		}
		if id, ok := g.StartID(); !ok || id != 250 || !g.IsChess960() || g.Tags.Get("Variant") != "Chess960" {
			t.Errorf("PGN start %d %v, Variant %q", id, ok, g.Tags.Get("Variant"))
		}
		var ucis []string
		for _, n := range g.Moves.Nodes {
			ucis = append(ucis, n.Move.UCI(chess.Chess960))
		}
		if got := strings.Join(ucis, ","); !strings.Contains(u, "moves="+got) {
			t.Errorf("PGN moves %s, the address %s", got, u)
		}
		if final := g.Final(); g.Result() != chess.NoResult || final.FEN(chess.Standard) != want {
			t.Errorf("PGN result %v, final %s", g.Result(), final.FEN(chess.Standard))
		}
		dl, err := chromedp.Run(c, chromedp.Evaluate[string](`fetch(document.getElementById('download-pgn').href).then(r => r.text())`, chromedp.EvalAwaitPromise))
		if err != nil || dl != text {
			t.Errorf("the downloaded PGN (%v) differs from the page's:\n%s\n%s", err, dl, text)
		}
	})

	t.Run("promotion", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/play?fen="+strings.ReplaceAll("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", " ", "%20")),
			chromedp.WaitVisible(css("#board svg")))
		clickMove(t, c, "b7", "b8")
		run(t, c, chromedp.WaitVisible(css("#promo")))
		if n := eval[int](t, c, `document.querySelectorAll('#promo [data-promotion]').length`); n != 4 {
			t.Errorf("%d promotion buttons", n)
		}
		run(t, c, chromedp.Click(css(`#promo [data-promotion="n"]`)))
		waitFEN(t, c, "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1")
		if got := movesText(t, c); got != "b8=N" {
			t.Errorf("moves %q", got)
		}
		// Undo, then promote to a queen by dragging: check.
		run(t, c, chromedp.Click(css("#undo")))
		waitFEN(t, c, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
		dragMove(t, c, "b7", "b8")
		run(t, c, chromedp.WaitVisible(css("#promo")), chromedp.Click(css(`#promo [data-promotion="q"]`)))
		waitFEN(t, c, "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1")
		if got := movesText(t, c); got != "b8=Q+" {
			t.Errorf("moves %q", got)
		}
		if s := text(t, c, "#status"); !strings.Contains(s, "check") {
			t.Errorf("status %q", s)
		}
	})

	t.Run("keyboard", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/play?pos=518"), chromedp.WaitVisible(css("#board svg")), chromedp.Focus(css("#board")))
		// The cursor starts on White's king (e1): up to e2, pick up, up twice, put down.
		for _, k := range []string{kb.ArrowUp, " ", kb.ArrowUp, kb.ArrowUp, kb.Enter} {
			run(t, c, chromedp.KeyEvent(k))
		}
		waitFEN(t, c, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
		// A typed move in SAN.
		run(t, c, chromedp.SendKeys(css("#move-input"), "Nf6\r"))
		waitFEN(t, c, "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2")
		// A typed move that is not legal says why, and changes nothing.
		run(t, c, chromedp.SendKeys(css("#move-input"), "Ke3\r"))
		waitFor(t, c, `!document.getElementById('move-error').hidden`, "the error")
		if e := text(t, c, "#move-error"); !strings.Contains(e, "Ke3") {
			t.Errorf("error %q", e)
		}
		if got := movesText(t, c); got != "e4 Nf6" {
			t.Errorf("moves %q", got)
		}
		// Left arrow (outside the board) goes back a move.
		run(t, c, chromedp.Blur(css("#move-input")), chromedp.KeyEvent(kb.ArrowLeft))
		waitFEN(t, c, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	})

	t.Run("touch", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.EmulateViewport(360, 740, chromedp.EmulateTouch, chromedp.EmulateScale(2)),
			chromedp.Navigate(base+"/play?pos=0"), chromedp.WaitVisible(css("#board svg")))
		if w := eval[float64](t, c, `document.querySelector('#board').getBoundingClientRect().right`); w > 360 {
			t.Errorf("the board reaches x=%v on a 360 px screen", w)
		}
		if sw := eval[float64](t, c, `document.documentElement.scrollWidth`); sw > 360 {
			t.Errorf("the page is %v px wide on a 360 px screen", sw)
		}
		for _, sq := range []string{"f2", "f3"} {
			x, y := center(t, c, sq)
			run(t, c, chromedp.TapXY(x, y))
		}
		waitFEN(t, c, "bbqnnrkr/pppppppp/8/8/8/5P2/PPPPP1PP/BBQNNRKR b KQkq - 0 1")
	})

	t.Run("no javascript", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, browser.NoScript(), chromedp.Navigate(base+"/pos/518"), chromedp.WaitVisible(css("#n")))
		// What needs JavaScript is hidden.
		for _, sel := range []string{"#theme-toggle", ".copy.js-only", "#n-live"} {
			if got := eval[string](t, c, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).display`, sel)); got != "none" {
				t.Errorf("without JavaScript, %s has display %q", sel, got)
			}
		}
		run(t, c, chromedp.SetValue(css("#n"), "7"), chromedp.Submit(css("#n")))
		waitFor(t, c, `location.pathname === '/pos/7'`, "/pos/7 from the GET form")
		// Position 7 worked out by hand from Scharnagl's rules (SPEC 2):
		// 7 mod 4 = 3 puts a bishop on h, 1 mod 4 = 1 the other on c, the
		// queen takes the first free square (a), the knights the first two
		// left (b, d), then rook, king, rook. chessRank must agree.
		if got := text(t, c, "#pos-rank"); got != "QNBNRKRB" || chessRank(7) != "QNBNRKRB" {
			t.Errorf("position 7 shows %q", got)
		}
		run(t, c, chromedp.Navigate(base+"/play?pos=518"), chromedp.WaitVisible(css("#move-input")),
			chromedp.SetValue(css("#move-input"), "e4"), chromedp.Submit(css("#move-input")))
		waitFor(t, c, `location.search.includes('moves=e2e4')`, "the move played by the form")
		if got := strings.TrimSpace(text(t, c, "#fen")); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
			t.Errorf("FEN %q", got)
		}
		// The move list's links and undo work as plain links.
		run(t, c, chromedp.Click(css("#undo")))
		waitFor(t, c, `location.search.includes('ply=0')`, "undo as a link")
	})

	t.Run("copy twice", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/pos/518"), chromedp.WaitVisible(css(`button[data-copy="xfen"]`)))
		// The page may write to the clipboard, as a visitor's browser lets
		// it after a click.
		for _, name := range []string{"clipboard-write", "clipboard-read"} {
			if _, err := chromedp.CallBrowser(c, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted, Origin: base}); err != nil {
				t.Fatal(err)
			}
		}
		// Click, and once the button has changed its label, click again:
		// the second click falls within the first's moment.
		labels := eval[[]string](t, c, `(async () => {
			const b = document.querySelector('button[data-copy="xfen"]');
			const seen = [b.textContent];
			const changed = () => new Promise((ok) => {
				const o = new MutationObserver(() => { o.disconnect(); ok(); });
				o.observe(b, { childList: true, characterData: true, subtree: true });
			});
			let c = changed(); b.click(); await c;
			seen.push(b.textContent);
			b.click();
			return seen;
		})()`)
		if len(labels) != 2 || labels[0] != "Copy" || labels[1] != "Copied" {
			t.Fatalf("labels %q, want Copy, then Copied", labels)
		}
		if got := eval[string](t, c, `navigator.clipboard.readText().catch(e => "(" + e.message + ")")`); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
			t.Errorf("the clipboard holds %q, want the X-FEN of 518", got)
		}
		// After the moment the button says Copy again, and stays so.
		waitFor(t, c, `document.querySelector('button[data-copy="xfen"]').textContent === 'Copy'`, "the label Copy again")
		if got := text(t, c, `button[data-copy="xfen"]`); got != "Copy" {
			t.Errorf("after two clicks the button says %q", got)
		}
	})

	t.Run("home and end", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/play?pos=518&moves=e2e4,e7e5,g1f3&ply=1"), chromedp.WaitVisible(css("#board svg")),
			chromedp.Focus(css("#board")))
		waitFEN(t, c, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
		// With the board focused, Home and End go through the game; the
		// arrows move the board's cursor.
		run(t, c, chromedp.KeyEvent(kb.End))
		waitFEN(t, c, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
		run(t, c, chromedp.KeyEvent(kb.Home))
		waitFEN(t, c, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		if !eval[bool](t, c, `document.activeElement === document.getElementById('board')`) {
			t.Error("the board lost the focus")
		}
		run(t, c, chromedp.KeyEvent(kb.ArrowRight))
		if got := strings.TrimSpace(text(t, c, "#fen")); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
			t.Errorf("the right arrow on the board went to %s", got)
		}
		// Elsewhere on the page too.
		run(t, c, chromedp.Blur(css("#board")), chromedp.KeyEvent(kb.End))
		waitFEN(t, c, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
	})

	t.Run("state cache", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/play?pos=518"), chromedp.WaitVisible(css("#board svg")))
		// The play page keeps its states in an LRU of app.js: at most its
		// size, the entries used longest ago let go first.
		got := eval[[]any](t, c, `(async () => {
			const { LRU } = await import(document.querySelector('script[src*="/js/app.js"]').src);
			const m = new LRU(3);
			m.set("a", 1).set("b", 2).set("c", 3);
			const first = m.get("a"); // a is now the latest
			m.set("d", 4);            // b goes
			const out = [first, m.size, m.has("a"), m.has("b"), m.has("c"), m.has("d")];
			m.set("c", 30);           // c again, now the latest
			m.set("e", 5);            // a goes
			out.push(m.size, m.has("a"), m.get("c"), m.get("missing") === undefined);
			for (let i = 0; i < 1000; i++) m.set("k" + i, i);
			out.push(m.size, m.has("k999"), m.has("k996"));
			return out;
		})()`)
		want := []any{1.0, 3.0, true, false, true, true, 3.0, false, 30.0, true, 3.0, true, false}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("LRU: %v, want %v", got, want)
		}
		if !strings.Contains(eval[string](t, c, `fetch(document.querySelector('script[src*="/js/play.js"]').src).then(r => r.text())`), "new LRU(") {
			t.Error("play.js does not keep its states in an LRU")
		}
	})

	t.Run("theme", func(t *testing.T) {
		c := tab(t, ctx)
		run(t, c, chromedp.Navigate(base+"/pos/518"), chromedp.WaitVisible(css("#theme-toggle")))
		if got := eval[string](t, c, `document.documentElement.getAttribute('data-theme') || ''`); got != "" {
			t.Fatalf("data-theme %q before any choice", got)
		}
		bg := func() string { return eval[string](t, c, `getComputedStyle(document.body).backgroundColor`) }
		before := bg()
		// The headless browser's system theme is light: the switch goes dark.
		run(t, c, chromedp.Click(css("#theme-toggle")))
		waitFor(t, c, `document.documentElement.getAttribute('data-theme') === 'dark'`, "the dark theme")
		dark := bg()
		if dark == before {
			t.Errorf("the background stays %s in the dark theme", dark)
		}
		// The next page comes from the server in the chosen theme.
		run(t, c, chromedp.Navigate(base+"/gallery"), chromedp.WaitReady(css("main")))
		if got := eval[string](t, c, `document.documentElement.getAttribute('data-theme') || ''`); got != "dark" {
			t.Errorf("the next page's data-theme is %q", got)
		}
		if got := bg(); got != dark {
			t.Errorf("the next page's background is %s, want %s", got, dark)
		}
		run(t, c, chromedp.Click(css("#theme-toggle")))
		waitFor(t, c, `document.documentElement.getAttribute('data-theme') === 'light'`, "the light theme")
		run(t, c, chromedp.Navigate(base+"/pos/7"), chromedp.WaitReady(css("main")))
		if got := eval[string](t, c, `document.documentElement.getAttribute('data-theme') || ''`); got != "light" {
			t.Errorf("after switching back, the next page's data-theme is %q", got)
		}
		if got := bg(); got != before {
			t.Errorf("the light background is %s, want %s", got, before)
		}
		// The buttons that need JavaScript show (the copy button as a flex
		// item, which blockifies its inline-flex).
		for sel, want := range map[string]string{".copy.js-only": "flex", "#theme-toggle": "flex"} {
			if got := eval[string](t, c, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).display`, sel)); got != want {
				t.Errorf("%s has display %q, want %q", sel, got, want)
			}
		}
	})

	t.Run("claims", func(t *testing.T) {
		c := tab(t, ctx)
		// Knights out and back twice: after Ng1 the third occurrence is one
		// move away, and Black may claim by announcing Ng8.
		run(t, c, chromedp.Navigate(base+"/play?pos=518&moves=g1f3,g8f6,f3g1,f6g8,g1f3,g8f6,f3g1"), chromedp.WaitVisible(css("#claims a")))
		if l := text(t, c, "#claims a"); !strings.Contains(l, "Ng8") || !strings.Contains(l, "threefold") {
			t.Errorf("claim button %q", l)
		}
		run(t, c, chromedp.Click(css("#claims a")))
		waitFor(t, c, `document.getElementById('status').textContent.includes('Draw claimed')`, "the claimed draw")
		if r := text(t, c, "#result"); r != "1/2-1/2" {
			t.Errorf("result %q", r)
		}
		if !strings.Contains(eval[string](t, c, `location.search`), "claim=threefold") {
			t.Errorf("address %q lacks the claim", eval[string](t, c, `location.search`))
		}
		if n := eval[int](t, c, `document.querySelectorAll('#board [data-piece]').length`); n != 32 {
			t.Errorf("%d pieces", n)
		}
	})

	t.Run("accessibility", func(t *testing.T) {
		c := tab(t, ctx)
		for _, p := range []string{"/pos/518", "/gallery", "/draw", "/draw?rounds=3&seed=a&mirror=1", "/verify?rounds=2&seed=a", "/draw/sheet?rounds=1&seed=a", "/play?pos=250&moves=d4", "/api", "/pos/9999"} {
			run(t, c, chromedp.Navigate(base+p), chromedp.WaitReady(css("main")))
			problems := a11yProblems(t, c)
			for _, pr := range problems {
				t.Errorf("%s: %s", p, pr)
			}
		}
	})

	if *screenshots != "" {
		t.Run("screenshots", func(t *testing.T) {
			for _, p := range []struct{ name, path string }{
				{"home", "/pos/518"}, {"random", "/pos/250"},
				{"gallery", "/gallery"}, {"gallery-filter", "/gallery?pattern=R%3FK%3F%3FR%3F%3F"},
				{"gallery-error", "/gallery?ids=5-&pattern=RKX"},
				{"draw", "/draw?rounds=6&seed=Club+championship+2026&unique=1&exclude=518&event=Club+championship"},
				{"verify", "/verify?rounds=3&seed=Round+1&unique=1&exclude=518%2C0-9&commit=129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6"},
				{"sheet", "/draw/sheet?rounds=2&seed=s&unique=1&mirror=1&event=Club+night"},
				{"play", "/play?pos=250&moves=d2d4,d7d5,d1d3,d8d6,c1b1,g8f6,g1f3,g7g6,h2h3,f8g7,a2a3,e8d7,b2b3,c8h8"},
				{"play-check", "/play?fen=4k3/1P6/8/8/8/8/8/4K3%20w%20-%20-%200%201&moves=b7b8q"},
				{"api", "/api"}, {"error", "/pos/961"},
				{"print-sheet", "/draw/sheet?rounds=3&seed=Club+night&unique=1&event=Club+night"},
				{"print-gallery", "/gallery?ids=16-47"},
			} {
				media := ""
				if strings.HasPrefix(p.name, "print") {
					media = "print"
				}
				shoot(t, ctx, p.name, base+p.path, media, func(c context.Context) {
					waitFor(t, c, `document.readyState === 'complete'`, "the page loaded")
				})
			}
		})
	}
}

// a11yProblems checks the basics of accessibility on the page: a
// language, one h1, labels on every field, alt text on images, names on
// buttons and links, boards as images with a title, unique ids.
func a11yProblems(t *testing.T, c context.Context) []string {
	t.Helper()
	return eval[[]string](t, c, `(() => {
				const out = [];
				if (!document.documentElement.lang) out.push('no lang');
				if (document.querySelectorAll('h1').length !== 1) out.push(document.querySelectorAll('h1').length + ' h1');
				for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea, output')) {
					if (!el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')) out.push('unlabelled ' + el.outerHTML.slice(0, 80));
				}
				for (const el of document.querySelectorAll('img')) if (!el.hasAttribute('alt')) out.push('img without alt ' + el.src);
				for (const el of document.querySelectorAll('button, a')) {
					if (!(el.textContent.trim() || el.getAttribute('aria-label') || el.querySelector('img[alt]:not([alt=""])'))) out.push('nameless ' + el.outerHTML.slice(0, 80));
				}
				for (const el of document.querySelectorAll('svg.c960-board')) {
					if (el.getAttribute('role') !== 'img' || !el.querySelector('title')?.textContent) out.push('board without role img and title');
				}
				const ids = new Set();
				for (const el of document.querySelectorAll('[id]')) { if (ids.has(el.id)) out.push('duplicate id ' + el.id); ids.add(el.id); }
				return out;
			})()`)
}

// chessRank is the back rank of a start position, by Scharnagl's rules as
// SPEC 2 states them, for the pages' expected values.
func chessRank(n int) string {
	var r [8]byte
	free := func(k int) int { // the k-th empty square from the a-file
		for i := range r {
			if r[i] == 0 {
				if k == 0 {
					return i
				}
				k--
			}
		}
		return -1
	}
	r[2*(n%4)+1] = 'B'
	n /= 4
	r[2*(n%4)] = 'B'
	n /= 4
	r[free(n%6)] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	a, b := free(knights[0]), free(knights[1])
	r[a], r[b] = 'N', 'N'
	r[free(0)] = 'R'
	r[free(0)] = 'K'
	r[free(0)] = 'R'
	return string(r[:])
}
