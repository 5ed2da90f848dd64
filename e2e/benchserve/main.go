// Command benchserve measures chess960 serve with wrk on loopback, beside a
// bare net/http handler that answers a constant, in the same run: requests
// per second and the 50th and 99th percentile latencies of cheap requests,
// the same while 32 clients hammer /api/perft, the home page's weight and
// server time, and, for information only (it has no budget: the floor of
// software-rendered headless Chromium on a small machine is most of any
// budget one could set), its first paint in headless Chromium.
// scripts/bench-serve builds and runs it; it is in the e2e module, which
// has chromedp.
//
// Usage: benchserve -chess960 PATH [-rounds N] [-duration D] [-conns C]
//
// With -bare ADDR it is the bare server instead; with -event-load URL
// -admin /e/ID/a/TOKEN it is the event load of scripts/bench-events
// (events.go).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/chess960/chess960/e2e/internal/browser"
)

var (
	bin       = flag.String("chess960", "", "the chess960 binary to serve")
	rounds    = flag.Int("rounds", 3, "rounds; the summary gives the median")
	duration  = flag.Duration("duration", 5*time.Second, "length of one wrk run")
	conns     = flag.Int("conns", 16, "wrk connections for the throughput runs")
	bare      = flag.String("bare", "", "run the bare server on this address")
	chromium  = flag.String("chromium", "chromium", "browser for the first-paint measure ('' to skip)")
	onlyPaint = flag.Bool("only-paint", false, "measure the first paint only")
	onlyLoad  = flag.Bool("only-load", false, "measure under perft load only")
)

// body is the bare handler's constant: the size of /api/positions/518.
var body = []byte(`{
  "id": 518,
  "fritz9": 359,
  "rank": "RNBQKBNR",
  "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "shredderFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
  "mirror": 534,
  "mirrorRank": "RNBKQBNR",
  "bishopCode": 6,
  "kingsTable": "RNQKNR",
  "skeleton": "-NQ-N-"
}
`)

func main() {
	flag.Parse()
	if *bare != "" {
		http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(body)
		})
		fmt.Fprintln(os.Stderr, http.ListenAndServe(*bare, nil))
		os.Exit(1)
	}
	if *eventLoad != "" {
		runEventLoad(*eventLoad, *adminPath)
		return
	}
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "benchserve: -chess960 PATH is required")
		os.Exit(2)
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		fmt.Fprintln(os.Stderr, "benchserve: needs wrk (apt-get install -y wrk)")
		os.Exit(1)
	}
	appAddr, bareAddr := freeAddr(), freeAddr()
	self, _ := os.Executable()
	app := exec.Command(*bin, "serve", "--addr", appAddr, "--log", "text", "--engine", "none") // as measured before serve found engines itself
	bareCmd := exec.Command(self, "-bare", bareAddr)
	for _, c := range []*exec.Cmd{app, bareCmd} {
		c.Stderr = io.Discard // the access log is written, as in production, and thrown away
		if err := c.Start(); err != nil {
			fatal(err)
		}
		children = append(children, c)
	}
	defer stopChildren()
	waitUp("http://" + appAddr + "/healthz")
	waitUp("http://" + bareAddr + "/")
	appURL, bareURL := "http://"+appAddr, "http://"+bareAddr

	if *onlyPaint {
		printPaint(appURL, bareURL)
		return
	}
	targets := []struct{ name, url string }{
		{"bare net/http (constant)", bareURL + "/"},
		{"/api/positions/{n}", appURL + "/api/positions/518"},
		{"/api/moves", appURL + "/api/moves?fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R%20w%20KQkq%20-%200%201"},
		{"/pos/{n}", appURL + "/pos/518"},
		{"/diagram.svg", appURL + "/diagram.svg?pos=518"},
	}
	res := map[string][]result{}
	load := map[string][]result{}
	var hammer []result
	for r := 0; r < *rounds; r++ {
		for _, tg := range targets {
			if *onlyLoad {
				break
			}
			x := wrk(tg.url, *conns, *duration)
			res[tg.name] = append(res[tg.name], x)
			fmt.Fprintf(os.Stderr, "round %d  %-26s %9.0f req/s  p50 %7.3f ms  p99 %7.3f ms\n", r+1, tg.name, x.rps, x.p50, x.p99)
		}
		// Cheap requests while 32 clients ask for perft all the time.
		perft := exec.Command("wrk", "-t1", "-c32", "-d"+strconv.Itoa(int((*duration+3*time.Second).Seconds()))+"s", "--latency",
			appURL+"/api/perft?pos=518&depth=5")
		out := new(strings.Builder)
		perft.Stdout = out
		if err := perft.Start(); err != nil {
			fatal(err)
		}
		time.Sleep(time.Second)
		for _, tg := range targets[:4] {
			x := wrk(tg.url, 4, *duration/2)
			load[tg.name] = append(load[tg.name], x)
			fmt.Fprintf(os.Stderr, "round %d  %-26s under perft load: %7.0f req/s  p50 %7.3f ms  p99 %7.3f ms\n", r+1, tg.name, x.rps, x.p50, x.p99)
		}
		perft.Wait()
		h := parse(out.String())
		hammer = append(hammer, h)
		fmt.Fprintf(os.Stderr, "round %d  perft hammer: %.0f req/s, %d of %d answered 429 (busy)\n", r+1, h.rps, h.non2xx, h.total)
	}

	fmt.Printf("chess960 serve on 127.0.0.1, wrk -t1 -c%d -d%s, median of %d rounds (GOMAXPROCS=%s, %s)\n\n",
		*conns, *duration, *rounds, envOr("GOMAXPROCS", "serve's default"), cpuModel())
	if !*onlyLoad {
		fmt.Printf("%-26s %12s %10s %10s %10s\n", "endpoint", "req/s", "p50 ms", "p99 ms", "vs bare")
	}
	bareRPS := median(res[targets[0].name], func(r result) float64 { return r.rps })
	for _, tg := range targets {
		if *onlyLoad {
			break
		}
		rs := res[tg.name]
		rps := median(rs, func(r result) float64 { return r.rps })
		fmt.Printf("%-26s %12.0f %10.3f %10.3f %9.0f%%\n", tg.name, rps,
			median(rs, func(r result) float64 { return r.p50 }), median(rs, func(r result) float64 { return r.p99 }), 100*rps/bareRPS)
	}
	fmt.Printf("\nwhile 32 clients hammer /api/perft?pos=518&depth=5 (4,865,609 nodes each; wrk -t1 -c4 on the cheap one;\nthe bare server, another process, shows what the machine itself allows):\n")
	fmt.Printf("%-26s %12s %10s %10s\n", "endpoint", "req/s", "p50 ms", "p99 ms")
	for _, tg := range targets[:4] {
		rs := load[tg.name]
		fmt.Printf("%-26s %12.0f %10.3f %10.3f\n", tg.name, median(rs, func(r result) float64 { return r.rps }),
			median(rs, func(r result) float64 { return r.p50 }), median(rs, func(r result) float64 { return r.p99 }))
	}
	fmt.Printf("perft: %.0f answers/s, %.2f%% of them 429 (busy, with Retry-After)\n",
		median(hammer, func(r result) float64 { return r.rps }),
		median(hammer, func(r result) float64 { return 100 * float64(r.non2xx) / float64(max(1, r.total)) }))

	if !*onlyLoad {
		printPaint(appURL, bareURL)
	}
}

func printPaint(appURL, bareURL string) {
	size, ttfb := pageWeight(appURL)
	fmt.Printf("\nhome page: %d bytes in all (HTML, CSS, scripts, icon; uncompressed); server time to last byte %.2f ms (median of 20)\n", size, ttfb)
	if *chromium == "" {
		return
	}
	// Same-origin loads in one tab: a first load from another site would
	// time Chromium starting a renderer process, not the page. The pages
	// take turns, so that the machine's ups and downs fall on all alike.
	// For information: the first paint has no budget (see the package
	// comment). The heading is that of the recorded runs.
	fmt.Println("first contentful paint in headless Chromium (software raster, no GPU), and the CPU time of all its processes per load, in a window of the issue's two sizes, 1280x800 and 360x740 (device pixel ratio 1). Medians of 15 rounds in one warm tab; in each round every page is loaded once, in turn, after a load of /healthz or / on the same origin:")
	loads := func() []paintLoad {
		return []paintLoad{
			{name: "the bare server's one-line text answer", warm: bareURL + "/", url: bareURL + "/"},
			{name: "/healthz, a one-line text answer of the app", warm: appURL + "/healthz", url: appURL + "/healthz"},
			{name: "/pos/518, repeat visit (style sheet and scripts from the HTTP cache)", warm: appURL + "/healthz", url: appURL + "/pos/518"},
			{name: "/, repeat visit", warm: appURL + "/healthz", url: appURL + "/"},
			{name: "/play?pos=518, repeat visit", warm: appURL + "/healthz", url: appURL + "/play?pos=518"},
			{name: "/pos/518, first visit (HTTP cache off)", warm: appURL + "/healthz", url: appURL + "/pos/518", cacheOff: true},
		}
	}
	desk, phone := loads(), loads()
	if err := firstPaints(desk, 1280, 800); err != nil {
		fmt.Printf("first paint: not measured (%v)\n", err)
		return
	}
	if err := firstPaints(phone, 360, 740); err != nil {
		fmt.Printf("first paint: not measured (%v)\n", err)
		return
	}
	fmt.Printf("  %-72s %17s %17s\n", "", "1280x800", "360x740")
	for i, l := range desk {
		fmt.Printf("  %-72s %4.0f ms (CPU %3.0f) %4.0f ms (CPU %3.0f)\n", l.name, l.fcp, l.cpu, phone[i].fcp, phone[i].cpu)
	}
}

type result struct {
	rps, p50, p99 float64 // requests/s, milliseconds
	non2xx, total int
}

func wrk(url string, c int, d time.Duration) result {
	out, err := exec.Command("wrk", "-t1", "-c"+strconv.Itoa(c), "-d"+strconv.Itoa(max(1, int(d.Seconds())))+"s", "--latency", url).Output()
	if err != nil {
		fatal(fmt.Errorf("wrk %s: %v", url, err))
	}
	return parse(string(out))
}

var (
	reRPS   = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
	rePct   = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([0-9.]+)(us|ms|s)\s*$`)
	reNon   = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	reTotal = regexp.MustCompile(`(\d+) requests in`)
)

func parse(s string) result {
	var r result
	if m := reRPS.FindStringSubmatch(s); m != nil {
		r.rps, _ = strconv.ParseFloat(m[1], 64)
	}
	for _, m := range rePct.FindAllStringSubmatch(s, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		switch m[3] {
		case "us":
			v /= 1000
		case "s":
			v *= 1000
		}
		if m[1] == "50" {
			r.p50 = v
		} else {
			r.p99 = v
		}
	}
	if m := reNon.FindStringSubmatch(s); m != nil {
		r.non2xx, _ = strconv.Atoi(m[1])
	}
	if m := reTotal.FindStringSubmatch(s); m != nil {
		r.total, _ = strconv.Atoi(m[1])
	}
	return r
}

func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	sort.Float64s(v)
	if len(v) == 0 {
		return 0
	}
	return v[len(v)/2]
}

// pageWeight loads /pos/518 and everything it references, and times the
// page itself.
func pageWeight(base string) (int, float64) {
	get := func(u string) []byte {
		r, err := http.Get(u)
		if err != nil {
			fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return b
	}
	page := get(base + "/pos/518")
	total := len(page)
	for _, m := range regexp.MustCompile(`(?:src|href)="(/s/[^"]+)"`).FindAllSubmatch(page, -1) {
		total += len(get(base + string(m[1])))
	}
	var ts []float64
	for i := 0; i < 20; i++ {
		t := time.Now()
		get(base + "/pos/518")
		ts = append(ts, float64(time.Since(t).Microseconds())/1000)
	}
	sort.Float64s(ts)
	return total, ts[len(ts)/2]
}

// paintLoad is one page whose first paint is measured: url, loaded after
// warm, with the HTTP cache on or off; fcp and cpu are the medians found.
type paintLoad struct {
	name, warm, url string
	cacheOff        bool
	fcp, cpu        float64 // milliseconds
}

// firstPaints loads the pages in turn, 16 rounds, in one headless Chromium
// tab of the given window size, each after its warm page (of the same
// origin, so that the renderer process is kept), and sets each one's median first contentful paint and
// CPU time (all of Chromium's processes, from /proc) over the last 15
// rounds. With cacheOff a load fetches the page, the style sheet and the
// scripts again, as a first visit does.
func firstPaints(loads []paintLoad, width, height int) error {
	path, err := exec.LookPath(*chromium)
	if err != nil {
		return err
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), browser.Options(path, width, height)...)
	defer cancel()
	ctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	cache := func(off bool) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: off})
			return err
		})
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{})
		return err
	})); err != nil {
		return err
	}
	fcps := make([][]float64, len(loads))
	cpus := make([][]float64, len(loads))
	for round := 0; round < 16; round++ {
		for i, l := range loads {
			if err := chromedp.Do(ctx, cache(l.cacheOff), chromedp.Navigate(l.warm), chromedp.Sleep(150*time.Millisecond)); err != nil {
				return err
			}
			c0 := chromiumCPU()
			if err := chromedp.Do(ctx, chromedp.Navigate(l.url), chromedp.Sleep(300*time.Millisecond)); err != nil {
				return err
			}
			c1 := chromiumCPU()
			fcp, err := chromedp.Run(ctx, chromedp.Poll[float64](`(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime`, chromedp.WithPollingTimeout(5*time.Second)))
			if err != nil {
				return err
			}
			if round > 0 { // the first round warms the renderer up
				fcps[i] = append(fcps[i], fcp)
				cpus[i] = append(cpus[i], c1-c0)
			}
		}
	}
	for i := range loads {
		loads[i].fcp = medianOf(fcps[i])
		loads[i].cpu = medianOf(cpus[i])
	}
	return chromedp.Do(ctx, cache(false))
}

func medianOf(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}

// chromiumCPU returns the CPU time, user and system, that the processes
// whose command line names chromium have used, in milliseconds (from
// /proc; 0 where there is none).
func chromiumCPU() float64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	ticks := 0
	for _, d := range dirs {
		cmd, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		if !strings.Contains(string(cmd), "chrom") {
			continue
		}
		st, _ := os.ReadFile(filepath.Join(d, "stat"))
		i := bytes.LastIndexByte(st, ')')
		if i < 0 || i+2 > len(st) {
			continue
		}
		f := strings.Fields(string(st[i+2:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.Atoi(f[11])
		k, _ := strconv.Atoi(f[12])
		ticks += u + k
	}
	return float64(ticks) * 10 // USER_HZ is 100 on Linux
}

func waitUp(u string) {
	for i := 0; i < 100; i++ {
		if r, err := http.Get(u); err == nil {
			r.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	fatal(fmt.Errorf("%s does not answer", u))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	n := 0
	model := ""
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			n++
			model = strings.TrimSpace(v)
		}
	}
	return fmt.Sprintf("%d x %s", n, model)
}

// children are the servers this program started; it stops them however it
// ends.
var children []*exec.Cmd

func stopChildren() {
	for _, c := range children {
		c.Process.Kill()
		c.Wait()
	}
}

func fatal(err error) {
	stopChildren()
	fmt.Fprintln(os.Stderr, "benchserve:", err)
	os.Exit(1)
}

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
