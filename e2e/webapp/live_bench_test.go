package webapp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
)

// seatedScript, run in the page before its own scripts, notes in
// window.__seated the page's time (performance.now(), from the start of
// the navigation) at which the seat is taken and the board drawn: from
// then on a click moves a piece.
var cpuRate = 4.0

const seatedScript = `new MutationObserver(function () {
  if (window.__seated) return;
  var n = document.getElementById('seat-note');
  if (n && n.textContent.indexOf('You play White') >= 0 && document.querySelector('#board svg')) window.__seated = performance.now();
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
window.__marks = [];
var WS = window.WebSocket;
window.WebSocket = function (u, p) {
  window.__marks.push(['ws new', performance.now()]);
  var s = new WS(u, p);
  s.addEventListener('open', function () { window.__marks.push(['ws open', performance.now()]); });
  s.addEventListener('message', function (e) { window.__marks.push(['ws message ' + String(e.data).slice(0, 20), performance.now()]); });
  return s;
};
window.WebSocket.prototype = WS.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
document.addEventListener('DOMContentLoaded', function () { window.__marks.push(['DOMContentLoaded', performance.now()]); });`

// BenchmarkLivePageFirstMove opens a seat's link in a new browser context
// (an empty cache) on a phone as Lighthouse's mobile profile has it: a
// 360 x 780 viewport, the CPU slowed four times, and a network of 150 ms
// latency, 1.6 Mbit/s down and 750 kbit/s up. It reports ms-to-move, the
// time from the navigation's start to the moment the page is seated with
// its board drawn (the first move possible), as the page measures it.
//
//	go test ./webapp/ -run '^$' -bench LivePageFirstMove -count 5
func BenchmarkLivePageFirstMove(b *testing.B) {
	srv := startLiveServer(b, filepath.Join(b.TempDir(), "games.db"), "127.0.0.1:0")
	base := "http://" + srv.addr
	bctx := browser.Start(b, 360, 780)
	var total float64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		resp, err := http.Post(base+"/api/games", "application/json",
			strings.NewReader(`{"position":"random","control":"10+5","colour":"white"}`))
		if err != nil {
			b.Fatal(err)
		}
		var made struct {
			Game  struct{ ID string }
			White string
		}
		err = json.NewDecoder(resp.Body).Decode(&made)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
			b.Fatalf("POST /api/games: %d %v", resp.StatusCode, err)
		}
		c, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
		phone := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			if _, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuRate}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{{Latency: 150, DownloadThroughput: 1.6e6 / 8, UploadThroughput: 750e3 / 8}}}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: seatedScript})
			return err
		})
		browser.Do(b, c, chromedp.EmulateViewport(360, 780), phone)
		b.StartTimer()
		browser.Do(b, c, chromedp.Navigate(base+"/g/"+made.Game.ID+"#"+made.White))
		browser.WaitFor(b, c, `!!window.__seated`, "the seat taken and the board drawn")
		b.StopTimer()
		total += browser.Eval[float64](b, c, `window.__seated`)
		if testing.Verbose() && i == 0 {
			b.Log(browser.Eval[string](b, c, `JSON.stringify(window.__marks)`))
			b.Log(browser.Eval[string](b, c, `JSON.stringify(performance.getEntries().map(e => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd || e.startTime + e.duration), e.transferSize, e.encodedBodySize, e.decodedBodySize]))`))
		}
		cancel()
	}
	b.ReportMetric(total/float64(b.N), "ms-to-move")
}
