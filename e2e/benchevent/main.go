// Command benchevent is the load driver of scripts/bench-event-play: an
// open Swiss played in the app against a running chess960 serve, with the
// public watching.
//
// It makes an event of -players players (play in the app, one round,
// control -control, no study window), pairs, publishes and starts round 1
// through the API, reads each player's link from the arbiter's CSV and
// each seat from the player's JSON (/api/events/ID/me), and then, all at
// once:
//   - two bots a board play it over the game's WebSocket, as the players'
//     phones do: on its turn a bot waits -pace (±50%) and sends a random
//     legal move on the version it saw; after -plies plies the side to
//     move resigns;
//   - -spectators phones follow the public page, as a browser with
//     event.js does: each opens the page, then holds the event's live
//     stream (/e/ID/live, each from an address of its own,
//     X-Forwarded-For) and fetches /e/ID again on every version it is
//     told of (on the page's connection, kept alive);
//   - -feeds relays poll the round's feed (/e/ID/round/1.pgn) every
//     -feed-every;
//   - a watcher of the results reads the public event (GET /api/events/ID)
//     every 100 ms, and times each board's result from the moment its game
//     ended (the resigning bot's ack, or the game message saying it is
//     over) to the first read that has it (so to within 100 ms).
//
// It prints one row: moves a second, the move round trip (a move sent to
// the opponent's receipt of its version: p50, p99, max), the public page's
// and the feed's times (p50, p99), the result's time to the public event
// (p50, p99, max), refused and lost moves (every acknowledged move is
// looked for in the game at the end), errors, and serve's RSS.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/e2e/internal/proc"
	"github.com/coder/websocket"
)

var (
	baseURL    = flag.String("url", "", "the server, http://127.0.0.1:PORT (started with --client-ip-header X-Forwarded-For)")
	pid        = flag.Int("pid", 0, "the serve process, for its RSS (0: not measured)")
	players    = flag.Int("players", 500, "players in the Swiss")
	pace       = flag.Duration("pace", 2*time.Second, "a bot's think time a move, jittered by ±50%")
	maxPlies   = flag.Int("plies", 60, "after this many plies the side to move resigns")
	control    = flag.String("control", "15+10", "the event's time control")
	spectators = flag.Int("spectators", 1000, "phones following the public page")
	feeds      = flag.Int("feeds", 10, "relays polling the round's feed")
	feedEvery  = flag.Duration("feed-every", 2*time.Second, "how often a relay polls the feed")
	label      = flag.String("label", "", "the row's first column (the store)")
	header     = flag.Bool("header", false, "print the table's header and exit")
	timeout    = flag.Duration("timeout", 10*time.Minute, "give up after this long")
)

func main() {
	flag.Parse()
	if *header {
		fmt.Printf("%-8s %7s %6s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %6s %5s %5s %6s\n", "store", "players", "boards", "moves/s",
			"rtt.p50", "rtt.p99", "rtt.max", "pg.p50", "pg.p99", "ref.p50", "ref.p99", "fd.p50", "fd.p99", "res.p50", "res.p99", "res.max", "refusd", "lost", "errs", "rss")
		return
	}
	if *baseURL == "" || *players < 2 || *spectators < 0 || *feeds < 0 {
		fail("-url is required; -players at least 2")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	b := &bench{client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 256}},
		base: strings.TrimRight(*baseURL, "/"), ended: map[int]time.Time{}, seen: map[int]bool{}}
	b.run(ctx)
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "benchevent: "+format+"\n", a...)
	os.Exit(1)
}

type bench struct {
	client *http.Client
	base   string
	id     string
	admin  string

	mu                          sync.Mutex
	rtt, page, probe, feed, res []float64 // ms
	ended                       map[int]time.Time
	seen                        map[int]bool
	errShown                    int
	acked, refused, lost        atomic.Int64
	errs                        atomic.Int64
}

func (b *bench) error(format string, a ...any) {
	b.errs.Add(1)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.errShown < 10 {
		b.errShown++
		fmt.Fprintf(os.Stderr, "benchevent: error: "+format+"\n", a...)
	}
}

func (b *bench) sample(list *[]float64, d time.Duration) {
	b.mu.Lock()
	*list = append(*list, float64(d.Microseconds())/1000)
	b.mu.Unlock()
}

// do sends a request and returns the status and body.
func (b *bench) do(ctx context.Context, method, path, bearer, body string, hdr ...string) (int, []byte, error) {
	req, _ := http.NewRequestWithContext(ctx, method, b.base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := b.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

type board struct {
	n            int
	game         string
	white, black string // the seats' tokens
	mu           sync.Mutex
	sent         map[int]time.Time // version -> when the move making it was sent
	by           map[int]string    // version -> "w" or "b"
	acked        map[int]string    // version -> uci
}

func (b *bench) run(ctx context.Context) {
	boards := b.setUp(ctx)
	fmt.Fprintf(os.Stderr, "benchevent: event %s: %d boards; playing\n", b.id, len(boards))
	rctx, stopAll := context.WithCancel(ctx)
	defer stopAll()
	var watchers sync.WaitGroup
	for i := range *spectators {
		watchers.Add(1)
		go func() { defer watchers.Done(); b.spectator(rctx, i) }()
	}
	for range *feeds {
		watchers.Add(1)
		go func() { defer watchers.Done(); b.relay(rctx) }()
	}
	watchers.Add(1)
	go func() { defer watchers.Done(); b.prober(rctx) }()
	allSeen := make(chan struct{})
	watchers.Add(1)
	go func() { defer watchers.Done(); b.results(rctx, len(boards), allSeen) }()
	start := time.Now()
	srv0, self0 := cpuTime()
	var bots sync.WaitGroup
	for _, bd := range boards {
		bots.Add(1)
		go func() { defer bots.Done(); b.playBoard(rctx, bd) }()
	}
	bots.Wait()
	played := time.Since(start)
	srv1, self1 := cpuTime()
	select {
	case <-allSeen:
	case <-time.After(30 * time.Second):
		b.error("not every result reached the public event within 30 s of the last game's end")
	}
	stopAll()
	watchers.Wait()
	for _, bd := range boards {
		b.check(ctx, bd)
	}
	rss := rssMB()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, l := range [][]float64{b.rtt, b.page, b.probe, b.feed, b.res} {
		sort.Float64s(l)
	}
	fmt.Printf("%-8s %7d %6d %7.0f %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s %6d %5d %5d %6s\n", *label, *players, len(boards),
		float64(b.acked.Load())/played.Seconds(), ms(pct(b.rtt, 50)), ms(pct(b.rtt, 99)), ms(pct(b.rtt, 100)),
		ms(pct(b.probe, 50)), ms(pct(b.probe, 99)), ms(pct(b.page, 50)), ms(pct(b.page, 99)), ms(pct(b.feed, 50)), ms(pct(b.feed, 99)),
		ms(pct(b.res, 50)), ms(pct(b.res, 99)), ms(pct(b.res, 100)), b.refused.Load(), b.lost.Load(), b.errs.Load(), rss)
	fmt.Fprintf(os.Stderr, "benchevent: %d moves in %.0fs; %d probes, %d refetches, %d feed polls, %d results timed\n",
		b.acked.Load(), played.Seconds(), len(b.probe), len(b.page), len(b.feed), len(b.res))
	fmt.Printf("#   %s: serve used %.2f CPUs while the games were played, the driver (bots, phones, relays) %.2f\n",
		*label, (srv1-srv0).Seconds()/played.Seconds(), (self1-self0).Seconds()/played.Seconds())
}

// setUp makes the event, starts round 1 and reads every seat.
func (b *bench) setUp(ctx context.Context) []*board {
	var ps []string
	for i := range *players {
		ps = append(ps, fmt.Sprintf(`{"name": "Player %04d", "rating": %d}`, i+1, 2600-i))
	}
	st, body, err := b.do(ctx, "POST", "/api/events", "", fmt.Sprintf(`{"settings": {"name": "Open 960 online", "system": "dutch", "rounds": 1, "timeControl": %q, "play": "app"}, "players": [%s]}`,
		*control, strings.Join(ps, ",")))
	if err != nil || st != http.StatusCreated {
		fail("create: %d %v %.300s", st, err, body)
	}
	var made struct {
		Event struct{ ID string }
		Admin string
	}
	json.Unmarshal(body, &made)
	b.id, b.admin = made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
	for _, k := range []string{"pair", "publish", "start"} {
		if st, body, err := b.do(ctx, "POST", "/api/events/"+b.id+"/changes", b.admin, `{"kind": "`+k+`", "round": 1}`); err != nil || st != 200 {
			fail("%s: %d %v %.300s", k, st, err, body)
		}
	}
	st, body, err = b.do(ctx, "GET", "/e/"+b.id+"/a/"+b.admin+"/player-links.csv", "", "")
	if err != nil || st != 200 {
		fail("player links: %d %v", st, err)
	}
	var tokens []string
	for _, m := range regexp.MustCompile(`/p/([0-9]+-[A-Za-z0-9_-]+)`).FindAllSubmatch(body, -1) {
		tokens = append(tokens, string(m[1]))
	}
	byBoard := map[int]*board{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for _, tok := range tokens {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			st, body, err := b.do(ctx, "GET", "/api/events/"+b.id+"/me", tok, "")
			if err != nil || st != 200 {
				b.error("a player's page: %d %v", st, err)
				return
			}
			var me struct {
				Rounds []struct {
					Board int
					Color string
					Game  string
					Link  string
				}
			}
			json.Unmarshal(body, &me)
			if len(me.Rounds) != 1 || me.Rounds[0].Link == "" {
				return // the bye
			}
			r := me.Rounds[0]
			seat := r.Link[strings.Index(r.Link, "#")+1:]
			mu.Lock()
			bd := byBoard[r.Board]
			if bd == nil {
				bd = &board{n: r.Board, game: r.Game, sent: map[int]time.Time{}, by: map[int]string{}, acked: map[int]string{}}
				byBoard[r.Board] = bd
			}
			if r.Color == "w" {
				bd.white = seat
			} else {
				bd.black = seat
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	var out []*board
	for _, bd := range byBoard {
		if bd.white == "" || bd.black == "" {
			fail("board %d: a seat is missing", bd.n)
		}
		out = append(out, bd)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].n < out[j].n })
	return out
}

// gameMsg is what the bots read of the server's "game" message.
type gameMsg struct {
	Version int    `json:"version"`
	FEN     string `json:"fen"`
	Turn    string `json:"turn"`
	Over    bool   `json:"over"`
}

type outMsg struct {
	Type    string   `json:"type"`
	Game    *gameMsg `json:"game"`
	N       int64    `json:"n"`
	Version *int     `json:"version"`
	Error   string   `json:"error"`
}

// playBoard plays the board's game to its end: a bot a side.
func (b *bench) playBoard(ctx context.Context, bd *board) {
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for _, side := range []string{"w", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.bot(gctx, bd, side)
			cancel()
		}()
	}
	wg.Wait()
}

func (b *bench) bot(ctx context.Context, bd *board, side string) {
	tok := bd.white
	if side == "b" {
		tok = bd.black
	}
	ws := "ws" + strings.TrimPrefix(b.base, "http")
	c, _, err := websocket.Dial(ctx, ws+"/api/games/"+bd.game+"/live", &websocket.DialOptions{HTTPClient: b.client})
	if err != nil {
		b.error("board %d: dial: %v", bd.n, err)
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	seat, _ := json.Marshal(map[string]string{"type": "seat", "token": tok})
	c.Write(ctx, websocket.MessageText, seat)
	msgs := make(chan outMsg, 16)
	go func() {
		defer close(msgs)
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m outMsg
			json.Unmarshal(data, &m)
			if m.Type == "game" && m.Game != nil {
				bd.mu.Lock()
				if at, ok := bd.sent[m.Game.Version]; ok && bd.by[m.Game.Version] != side {
					delete(bd.sent, m.Game.Version)
					bd.mu.Unlock()
					b.sample(&b.rtt, time.Since(at))
				} else {
					bd.mu.Unlock()
				}
			}
			select {
			case msgs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	var cur gameMsg
	var n int64
	inFlight := map[int64]string{}
	var timer <-chan time.Time
	seated := false
	arm := func() {
		if seated && !cur.Over && cur.Turn == side && len(inFlight) == 0 && timer == nil {
			timer = time.After(*pace/2 + rand.N(*pace+1))
		}
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer:
			timer = nil
			if cur.Over || cur.Turn != side {
				continue
			}
			pos, err := chess.ParseFEN(cur.FEN)
			if err != nil {
				b.error("board %d: FEN %q: %v", bd.n, cur.FEN, err)
				return
			}
			kind, text := "move", ""
			moves := pos.AppendLegalMoves(nil)
			if cur.Version-1 >= *maxPlies || len(moves) == 0 {
				kind = "resign"
			} else {
				text = moves[rand.IntN(len(moves))].UCI(chess.Chess960)
			}
			n++
			inFlight[n] = text
			msg, _ := json.Marshal(map[string]any{"type": "action", "n": n, "kind": kind, "move": text, "base": cur.Version})
			if kind == "move" {
				bd.mu.Lock()
				bd.sent[cur.Version+1], bd.by[cur.Version+1] = time.Now(), side
				bd.mu.Unlock()
			}
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				b.error("board %d: write: %v", bd.n, err)
				return
			}
		case m, ok := <-msgs:
			if !ok {
				return
			}
			switch m.Type {
			case "seated":
				seated = true
				arm()
			case "game":
				if m.Game == nil || m.Game.Version <= cur.Version {
					continue
				}
				cur = *m.Game
				if cur.Over {
					b.mu.Lock()
					if _, ok := b.ended[bd.n]; !ok {
						b.ended[bd.n] = time.Now()
					}
					b.mu.Unlock()
					return
				}
				arm()
			case "ack":
				text, ok := inFlight[m.N]
				delete(inFlight, m.N)
				if !ok {
					continue
				}
				if text == "" { // the resignation: the game ended now
					b.mu.Lock()
					if _, ok := b.ended[bd.n]; !ok {
						b.ended[bd.n] = time.Now()
					}
					b.mu.Unlock()
					return
				}
				b.acked.Add(1)
				if m.Version != nil {
					bd.mu.Lock()
					bd.acked[*m.Version] = text
					bd.mu.Unlock()
				}
				arm()
			case "refused":
				delete(inFlight, m.N)
				b.refused.Add(1)
				arm()
			}
		}
	}
}

// check counts the acknowledged moves missing from the board's game.
func (b *bench) check(ctx context.Context, bd *board) {
	st, body, err := b.do(ctx, "GET", "/api/games/"+bd.game, "", "")
	if err != nil || st != 200 {
		b.error("board %d: GET: %d %v", bd.n, st, err)
		return
	}
	var g struct {
		Moves []struct{ UCI string }
		Over  bool
	}
	json.Unmarshal(body, &g)
	// The acknowledged moves, in the order of their versions, are the
	// game's first moves (the versions between are the seats' arrivals).
	var vs []int
	for v := range bd.acked {
		vs = append(vs, v)
	}
	sort.Ints(vs)
	for i, v := range vs {
		if i >= len(g.Moves) || g.Moves[i].UCI != bd.acked[v] {
			b.lost.Add(1)
		}
	}
	if !g.Over {
		b.error("board %d: the game goes on", bd.n)
	}
}

// spectator follows the public page as a phone: the live stream, and the
// page fetched on each version.
func (b *bench) spectator(ctx context.Context, i int) {
	addr := fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255+1)
	// A phone of its own: its own connections, kept alive.
	phone := &bench{client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 2}}, base: b.base, id: b.id}
	// The phone opens the page first, as a browser does before its script
	// opens the stream (its connection is then the one it fetches on).
	if st, _, err := phone.do(ctx, "GET", "/e/"+b.id, "", "", "X-Forwarded-For", addr, "Accept-Encoding", "gzip"); err != nil || st != 200 {
		if ctx.Err() == nil {
			b.error("a phone opening the page: %d %v", st, err)
		}
	}
	for ctx.Err() == nil {
		b.stream(ctx, addr, func(v string) {
			t := time.Now()
			// As event.js does: the version the stream told of.
			st, _, err := phone.do(ctx, "GET", "/e/"+b.id, "", "", "X-Forwarded-For", addr, "Accept-Encoding", "gzip", "X-Event-Version", v)
			if err != nil || st != 200 {
				if ctx.Err() == nil {
					b.error("the public page: %d %v", st, err)
				}
				return
			}
			b.sample(&b.page, time.Since(t))
		})
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// stream reads the event's live stream, calling on for each version.
func (b *bench) stream(ctx context.Context, addr string, on func(version string)) {
	req, _ := http.NewRequestWithContext(ctx, "GET", b.base+"/e/"+b.id+"/live", nil)
	req.Header.Set("X-Forwarded-For", addr)
	res, err := (&http.Client{}).Do(req)
	if err != nil {
		if ctx.Err() == nil {
			b.error("live stream: %v", err)
		}
		return
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		b.error("live stream: %d", res.StatusCode)
		return
	}
	sc := bufio.NewScanner(res.Body)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && event == "version":
			on(strings.TrimPrefix(line, "data: "))
		}
	}
}

// prober opens the public page as a visitor does, probeRate a second
// (gzip, no version told: the page of the event as it now is).
const probeRate = 20

func (b *bench) prober(ctx context.Context) {
	visitor := &bench{client: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 2}}, base: b.base, id: b.id}
	t := time.NewTicker(time.Second / probeRate)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		start := time.Now()
		st, _, err := visitor.do(ctx, "GET", "/e/"+b.id, "", "", "X-Forwarded-For", "172.16.0.1", "Accept-Encoding", "gzip")
		if err != nil || st != 200 {
			if ctx.Err() == nil {
				b.error("the probe: %d %v", st, err)
			}
			continue
		}
		b.sample(&b.probe, time.Since(start))
	}
}

// relay polls the round's feed.
func (b *bench) relay(ctx context.Context) {
	t := time.NewTicker(*feedEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			start := time.Now()
			st, _, err := b.do(ctx, "GET", "/e/"+b.id+"/round/1.pgn", "", "")
			if err != nil || st != 200 {
				if ctx.Err() == nil {
					b.error("the feed: %d %v", st, err)
				}
				continue
			}
			b.sample(&b.feed, time.Since(start))
		}
	}
}

// results reads the public event every resultEvery and notes when each
// board's result is first on it; it is timed from the game's end (the
// resigning bot's ack, or the game message saying it is over).
const resultEvery = 100 * time.Millisecond

func (b *bench) results(ctx context.Context, boards int, all chan struct{}) {
	first := map[int]time.Time{}
	t := time.NewTicker(resultEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		st, body, err := b.do(ctx, "GET", "/api/events/"+b.id, "", "")
		if err != nil || st != 200 {
			continue
		}
		now := time.Now()
		var e struct {
			Schedule []struct {
				Boards []struct {
					Board  int
					Result string
				}
			}
		}
		json.Unmarshal(body, &e)
		if len(e.Schedule) == 0 {
			continue
		}
		b.mu.Lock()
		for _, bd := range e.Schedule[0].Boards {
			if bd.Result != "" && first[bd.Board].IsZero() {
				first[bd.Board] = now
			}
		}
		for n, at := range first {
			if end, ok := b.ended[n]; ok && !b.seen[n] {
				b.seen[n] = true
				b.res = append(b.res, float64(max(0, at.Sub(end)).Microseconds())/1000)
			}
		}
		done := len(b.seen) == boards
		b.mu.Unlock()
		if done {
			close(all)
			return
		}
	}
}

func ms(v float64) string {
	if v < 0 {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return -1
	}
	i := int(float64(len(sorted))*p/100+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func cpuTime() (serve, self time.Duration) { return proc.CPU(*pid) }

func rssMB() string {
	if *pid == 0 {
		return "-"
	}
	kb, _ := proc.Memory(*pid)
	return strconv.FormatInt((kb+512)/1024, 10)
}
