package webapp_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/server"
	"github.com/chess960/chess960/uci"
)

// dfrcScores is a small engine sample for the pages: 502:532 is the one
// start within 0.10.
func dfrcScores() *server.DFRCScores {
	at := func(w, b int) chess960.DFRC { d, _ := chess960.NewDFRC(w, b); return d }
	return &server.DFRCScores{Source: "Fakefish 1, depth 9", Scores: map[chess960.DFRC]uci.Score{
		at(502, 532): {Kind: uci.Centipawns, Value: 5},
		at(0, 959):   {Kind: uci.Centipawns, Value: -40},
		at(518, 518): {Kind: uci.Centipawns, Value: 25},
	}, Lines: map[chess960.DFRC][]string{
		at(502, 532): {"e2e4", "e7e5", "g1f3", "d8c6"},
	}}
}

// boardRank reads rank n of the page's board, a to h, as FEN letters
// ("." for an empty square).
func boardRank(t *testing.T, c context.Context, n int) string {
	t.Helper()
	return eval[string](t, c, fmt.Sprintf(`"abcdefgh".split("").map(f => {
	  const p = document.querySelector('#board svg [data-piece][data-square="'+f+'%d"]');
	  if (!p) return ".";
	  const l = p.dataset.piece[1];
	  return p.dataset.piece[0] === "w" ? l : l.toLowerCase();
	}).join("")`, n))
}

// TestBrowserDFRC: the generator's DFRC side: the switch, a draw from a
// seed (the start SHA-256 of "chess960-dfrc:Round 1:0" names, as random
// --dfrc --seed publishes it), a start by name and by index with its
// FENs spelled out by hand, the board's two ranks, and a balanced draw
// from the engine sample.
func TestBrowserDFRC(t *testing.T) {
	ctx, base := appWith(t, server.Config{DFRCScores: dfrcScores()})
	c := tab(t, ctx)
	run(t, c, chromedp.Navigate(base+"/"), chromedp.WaitVisible(css(".variant-switch")))
	// The Chess960 number box answers a DFRC start typed in, with its link.
	run(t, c, clearField("#n"), chromedp.SendKeys(css("#n"), "0:959"))
	waitFor(t, c, `document.getElementById('n-live').textContent.includes('DFRC 0:959: BBQNNRKR / rkrnnqbb (index 959)') && !!document.querySelector('#n-live a[href="/dfrc/0:959"]')`, "the live DFRC answer")
	run(t, c, chromedp.Click(css(`.variant-switch a[href="/dfrc"]`)))
	waitFor(t, c, `location.pathname === '/dfrc' && !!document.getElementById('dfrc-name')`, "the DFRC generator")
	if n := eval[int](t, c, `document.querySelectorAll('#board svg [data-piece]').length`); n != 32 {
		t.Errorf("the board has %d pieces, want 32", n)
	}

	sum := sha256.Sum256([]byte("chess960-dfrc:Round 1:0"))
	x := binary.BigEndian.Uint64(sum[:8]) % 921600
	want := fmt.Sprintf("%d:%d", x/960, x%960)
	run(t, c, chromedp.SendKeys(css("#seed"), "Round 1"), chromedp.Submit(css("#seed")))
	waitFor(t, c, `location.pathname === '/dfrc/`+want+`'`, "/dfrc/"+want)
	if got := text(t, c, "#dfrc-name"); got != "DFRC "+want {
		t.Errorf("the seed's draw is named %q, want DFRC %s", got, want)
	}
	// The board's ranks are the FEN's.
	xfen := eval[string](t, c, `document.getElementById('xfen').value`)
	rows := strings.Split(strings.Fields(xfen)[0], "/")
	if len(rows) != 8 || boardRank(t, c, 8) != rows[0] || boardRank(t, c, 1) != rows[7] {
		t.Errorf("board ranks %s and %s, FEN %s", boardRank(t, c, 8), boardRank(t, c, 1), xfen)
	}

	// By name: 0:959 is BBQNNRKR under rkrnnqbb (SPEC's positions 0 and
	// 959), rooks on f1, h1, a8 and c8.
	run(t, c, chromedp.SetValue(css("#dq"), "0:959"), chromedp.Submit(css("#dq")))
	waitFor(t, c, `location.pathname === '/dfrc/0:959'`, "/dfrc/0:959")
	if got := eval[string](t, c, `document.getElementById('xfen').value`); got != "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" {
		t.Errorf("0:959's X-FEN %q", got)
	}
	if got := eval[string](t, c, `document.getElementById('sfen').value`); got != "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1" {
		t.Errorf("0:959's Shredder-FEN %q", got)
	}
	if r8, r1 := boardRank(t, c, 8), boardRank(t, c, 1); r8 != "rkrnnqbb" || r1 != "BBQNNRKR" {
		t.Errorf("0:959's board: rank 8 %s, rank 1 %s", r8, r1)
	}
	if got := text(t, c, "#eval"); got != "-0.40" {
		t.Errorf("0:959's score %q, the sample says -0.40", got)
	}
	if p := a11yProblems(t, c); len(p) > 0 {
		t.Errorf("/dfrc/0:959: %v", p)
	}
	// W:B typed in is looked up as you type (chessRank: SPEC's rules).
	run(t, c, clearField("#dq"), chromedp.SendKeys(css("#dq"), "502:532"))
	live := fmt.Sprintf("DFRC 502:532: %s / %s (index 482452)", chessRank(502), strings.ToLower(chessRank(532)))
	waitFor(t, c, `document.getElementById('dq-live').textContent.includes('`+live+`')`, live)
	// By index: 482452 = 502 * 960 + 532.
	run(t, c, chromedp.SetValue(css("#dq"), "482452"), chromedp.Submit(css("#dq")))
	waitFor(t, c, `location.pathname === '/dfrc/502:532'`, "/dfrc/502:532")
	if got := text(t, c, "#dfrc-index"); got != "482452" {
		t.Errorf("502:532's index %q", got)
	}
	// A balanced draw within 0.10: the sample's only such start.
	run(t, c, chromedp.SetValue(css("#balanced"), "10"), chromedp.Submit(css("#balanced")))
	waitFor(t, c, `location.pathname === '/dfrc/502:532' && document.getElementById('eval').textContent === '+0.05'`, "502:532 with +0.05")
	// Its best line, in SAN: from RQBNKBNR under rbbnkqnr, e4 e5, the g1
	// knight to f3 and the d8 knight to c6.
	if got := text(t, c, "#dfrc-line"); got != "1. e4 e5 2. Nf3 Nc6" {
		t.Errorf("502:532's line %q", got)
	}
	// A bad name is refused on the page, with the reason.
	run(t, c, chromedp.SetValue(css("#dq"), "5:960"), chromedp.Submit(css("#dq")))
	waitFor(t, c, `!!document.getElementById('dq-error')`, "the finder's error")
	if e := text(t, c, "#dq-error"); !strings.Contains(e, "0..959") {
		t.Errorf("error %q", e)
	}
	// Play it: the play page starts from the DFRC FEN.
	run(t, c, chromedp.Navigate(base+"/dfrc/0:959"), chromedp.WaitVisible(css("#play-link")), chromedp.Click(css("#play-link")))
	waitFor(t, c, `location.pathname === '/play' && !!document.querySelector('#board svg [data-piece]')`, "the play page")
	if r8 := boardRank(t, c, 8); r8 != "rkrnnqbb" {
		t.Errorf("play of 0:959: rank 8 %s", r8)
	}
}

// TestDFRCScreenshots: the DFRC generator at 360 and 1280 px, light and
// dark (-screenshots DIR), with the engine sample the project ships
// (144:824 is its first start).
func TestDFRCScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("no -screenshots DIR")
	}
	ctx, base := app(t)
	for _, p := range []struct{ name, path string }{
		{"dfrc-144-824", "/dfrc/144:824"},
		{"dfrc-chess960", "/dfrc/518:518"},
		{"dfrc-seed", "/dfrc/" + "775:187?seed=Round+1&k=0"},
		{"dfrc-error", "/dfrc/find?q=5:960&from=0:959"},
		{"home-switch", "/pos/518"},
	} {
		shoot(t, ctx, p.name, base+p.path, "", func(c context.Context) {
			run(t, c, chromedp.WaitVisible(css("#board svg")))
		})
	}
}
