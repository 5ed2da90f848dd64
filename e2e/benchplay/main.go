// Command benchplay is the load driver of scripts/bench-play: bots playing
// live games against a running chess960 serve, over its WebSocket
// (/api/games/{id}/live), as browsers do.
//
// For each of -games games it creates the game (POST /api/games, a random
// Chess960 start, control -control), opens three live connections (White's
// and Black's, each taking its seat, and a spectator's), and each player,
// on its turn, waits -pace (jittered by ±50%), picks a random legal move
// with package chess and sends it on the version it saw. A game that ends
// (mate, stalemate, or -plies plies, after which the side to move resigns)
// is checked and replaced by a new one, so -games stay in play.
// Connections open at -ramp a second; the figures count from the moment
// they are all open, for -duration; then the players stop, the moves in
// flight are answered, and every game is fetched over GET to check that
// every acknowledged move is in it.
//
// It measures moves per second (acknowledged), the round trip from a move
// sent to the opponent's receipt of the version it made (p50, p99, max),
// the same for the spectator, the mover's wait for its ack, the server's
// own handling time (the ack's "took", when the server sends it), refused
// and lost moves and errors, and the RSS of the serve process (-pid)
// before and after. With -idle N it first measures memory: N games made
// and left alone, then one live connection on each.
//
// Usage: benchplay -url http://127.0.0.1:PORT [-pid PID] [-games G]
// [-pace D] [-duration D] [-ramp N] [-idle N] [-label TEXT]
//
// It prints one row of the table whose header -header prints.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
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
	baseURL  = flag.String("url", "", "the server, http://127.0.0.1:PORT")
	pid      = flag.Int("pid", 0, "the serve process, for its RSS (0: not measured)")
	games    = flag.Int("games", 2000, "games in play at once")
	pace     = flag.Duration("pace", time.Second, "a player's think time per move, jittered by ±50%")
	duration = flag.Duration("duration", 20*time.Second, "how long to measure, from when every connection is open")
	ramp     = flag.Int("ramp", 400, "connections (and games) opened a second")
	control  = flag.String("control", "90+30", "the games' time control")
	maxPlies = flag.Int("plies", 120, "after this many plies the side to move resigns, and a new game starts")
	idle     = flag.Int("idle", 0, "first measure memory with this many idle games, then one live connection on each")
	label    = flag.String("label", "", "the row's first column (the store)")
	header   = flag.Bool("header", false, "print the table's header and exit")
	quiet    = flag.Bool("quiet", false, "no progress on stderr")
)

// errorsShown is how many error messages go to stderr; the rest are counted.
const errorsShown = 10

func main() {
	flag.Parse()
	if *header {
		fmt.Printf("%-8s %6s %6s %8s %8s %7s %7s %7s %7s %7s %7s %7s %7s %7s %6s %6s %5s %6s %6s %6s %6s %6s %6s\n",
			"store", "games", "socks", "moves/s", "acked", "rtt.p50", "rtt.p99", "rtt.max", "spc.p99",
			"ack.p50", "ack.p99", "tk.p50", "tk.p99", "plies", "refusd", "lost", "errs", "rss0", "rss1", "hwm", "ended", "srvcpu", "botcpu")
		return
	}
	switch {
	case *baseURL == "":
		fail(2, "-url http://127.0.0.1:PORT is required")
	case *games < 1:
		fail(2, "-games %d: want 1 or more", *games)
	case *pace < 0:
		fail(2, "-pace %v: want 0 or more", *pace)
	case *duration <= 0:
		fail(2, "-duration %v: want more than 0", *duration)
	case *ramp < 1:
		fail(2, "-ramp %d: want 1 or more", *ramp)
	case *maxPlies < 1:
		fail(2, "-plies %d: want 1 or more", *maxPlies)
	case *idle < 0:
		fail(2, "-idle %d: want 0 or more", *idle)
	}
	b := newBench()
	if *idle > 0 {
		b.idlePhase(*idle)
		return
	}
	b.play()
}

func fail(code int, format string, a ...any) {
	fmt.Fprintf(os.Stderr, "benchplay: "+format+"\n", a...)
	os.Exit(code)
}

func logf(format string, a ...any) {
	if !*quiet {
		fmt.Fprintf(os.Stderr, "benchplay: "+format+"\n", a...)
	}
}

// bench is the run's shared state: the opening pace and the figures.
type bench struct {
	client *http.Client
	wsURL  string
	tokens chan struct{} // one per connection or game opened: the ramp
	// measuring is set while the figures count.
	measuring atomic.Bool
	// stopMoves ends the players' moves; the connections stay open to
	// hear the answers to the moves in flight.
	stopMoves chan struct{}

	mu                    sync.Mutex
	rtt, spect, ack, took []float64 // ms, while measuring
	ackedInWindow, ended  int       // while measuring
	refusedBy             map[string]int
	errShown              int
	slots                 []*slot
	pliesSeen, gamesSeen  int
	measureStart          time.Time
	// Counted over the whole run.
	socketsOpen, ackedAll, refusedAll, lostAll, errorsAll atomic.Int64
}

func newBench() *bench {
	u := strings.TrimRight(*baseURL, "/")
	b := &bench{
		client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}},
		wsURL:  "ws" + strings.TrimPrefix(u, "http"),
		tokens: make(chan struct{}), stopMoves: make(chan struct{}), refusedBy: map[string]int{},
	}
	*baseURL = u
	go func() {
		t := time.NewTicker(time.Second / time.Duration(*ramp))
		defer t.Stop()
		for range t.C {
			b.tokens <- struct{}{}
		}
	}()
	return b
}

// wait takes one opening token (the ramp).
func (b *bench) wait(ctx context.Context) error {
	select {
	case <-b.tokens:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (b *bench) error(format string, a ...any) {
	b.errorsAll.Add(1)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.errShown < errorsShown {
		b.errShown++
		fmt.Fprintf(os.Stderr, "benchplay: error: "+format+"\n", a...)
	}
}

// sample adds a figure to a list while the figures count.
func (b *bench) sample(list *[]float64, d time.Duration) {
	if !b.measuring.Load() {
		return
	}
	b.mu.Lock()
	*list = append(*list, float64(d.Microseconds())/1000)
	b.mu.Unlock()
}

// gameMsg is the part of the server's "game" message the bots read.
type gameMsg struct {
	ID      string `json:"id"`
	Version int    `json:"version"`
	FEN     string `json:"fen"`
	Turn    string `json:"turn"`
	Over    bool   `json:"over"`
}

// outMsg is any server message on the live connection.
type outMsg struct {
	Type    string   `json:"type"`
	Game    *gameMsg `json:"game"`
	N       int64    `json:"n"`
	Error   string   `json:"error"`
	Code    string   `json:"code"`
	Version *int     `json:"version"`
	Took    *float64 `json:"took"`
}

type created struct {
	Game struct {
		ID      string `json:"id"`
		Version int    `json:"version"`
	} `json:"game"`
	White string `json:"white"`
	Black string `json:"black"`
}

// create makes a game on a random start.
func (b *bench) create(ctx context.Context) (created, error) {
	body := fmt.Sprintf(`{"position": "%d", "control": %q}`, rand.IntN(960), *control)
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, *baseURL+"/api/games", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.client.Do(req)
	if err != nil {
		return created{}, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		return created{}, fmt.Errorf("POST /api/games: %d %.200s", resp.StatusCode, data)
	}
	var c created
	if err := json.Unmarshal(data, &c); err != nil {
		return created{}, fmt.Errorf("POST /api/games: %v", err)
	}
	return c, nil
}

// finalMoves fetches a game over GET and returns its moves in UCI.
func (b *bench) finalMoves(ctx context.Context, id string) ([]string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, *baseURL+"/api/games/"+id, nil)
	resp, err := b.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET /api/games/%s: %d %.200s", id, resp.StatusCode, data)
	}
	var g struct {
		Moves []struct {
			UCI string `json:"uci"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, err
	}
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.UCI
	}
	return out, nil
}

// dial opens a live connection to a game, taking a seat if token is set.
func (b *bench) dial(ctx context.Context, id, token string) (*websocket.Conn, error) {
	if err := b.wait(ctx); err != nil {
		return nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(dctx, b.wsURL+"/api/games/"+id+"/live", &websocket.DialOptions{HTTPClient: b.client})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("live %s: %d: %v", id, resp.StatusCode, err)
		}
		return nil, fmt.Errorf("live %s: %v", id, err)
	}
	c.SetReadLimit(1 << 20)
	if token != "" {
		msg, _ := json.Marshal(map[string]string{"type": "seat", "token": token})
		if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
			c.CloseNow()
			return nil, fmt.Errorf("live %s: seat: %v", id, err)
		}
	}
	b.socketsOpen.Add(1)
	return c, nil
}

func (b *bench) hangUp(c *websocket.Conn) {
	b.socketsOpen.Add(-1)
	c.Close(websocket.StatusNormalClosure, "")
}

// rssKB reads the serve process's VmRSS and VmHWM in kB.
func rssKB() (rss, hwm int64) { return proc.Memory(*pid) }

// cpuTime is the CPU time, user and system, of the serve process and of
// the driver itself.
func cpuTime() (serve, self time.Duration) { return proc.CPU(*pid) }

func mb(kb int64) string {
	if *pid == 0 {
		return "-"
	}
	return strconv.FormatInt((kb+512)/1024, 10)
}

// idlePhase measures memory: n games made and left alone, then one
// spectator connection on each, held open.
func (b *bench) idlePhase(n int) {
	ctx := context.Background()
	settle := func() int64 {
		time.Sleep(2 * time.Second)
		r, _ := rssKB()
		return r
	}
	r0 := settle()
	ids := make([]string, n)
	var wg sync.WaitGroup
	var failed atomic.Int64
	for i := range ids {
		if err := b.wait(ctx); err != nil {
			fail(1, "%v", err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := b.create(ctx)
			if err != nil {
				failed.Add(1)
				b.error("%v", err)
				return
			}
			ids[i] = c.Game.ID
		}()
	}
	wg.Wait()
	r1 := settle()
	conns := make([]*websocket.Conn, n)
	for i, id := range ids {
		if id == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := b.dial(ctx, id, "")
			if err != nil {
				failed.Add(1)
				b.error("%v", err)
				return
			}
			conns[i] = c
			go func() { // read the game message, and whatever follows
				for {
					if _, _, err := c.Read(ctx); err != nil {
						return
					}
				}
			}()
		}()
	}
	wg.Wait()
	r2 := settle()
	for _, c := range conns {
		if c != nil {
			b.hangUp(c)
		}
	}
	if failed.Load() > 0 {
		fail(1, "%d of the idle phase's games or connections failed", failed.Load())
	}
	fmt.Printf("idle: %d games: RSS %s MB before, %s MB after (%.1f kB a game); %d live connections, one a game: %s MB (%.1f kB a connection)\n",
		n, mb(r0), mb(r1), float64(r1-r0)/float64(n), n, mb(r2), float64(r2-r1)/float64(n))
}

// slot is one of the -games places where a game is in play; each game
// that ends there is replaced by a new one.
type slot struct {
	b *bench
	// The current game: its ID, when each version was sent (by whom),
	// and the moves acknowledged, by the version they made.
	mu    sync.Mutex
	id    string
	sent  map[int]sentMove
	acked map[int]string
	plies int // plies acked in this game
}

type sentMove struct {
	at  time.Time
	by  chess.Color
	uci string
}

func (b *bench) play() {
	rss0, _ := rssKB()
	runCtx, stopRun := context.WithCancel(context.Background())
	defer stopRun()
	b.slots = make([]*slot, *games)
	var wg sync.WaitGroup
	for i := range b.slots {
		s := &slot{b: b}
		b.slots[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.run(runCtx)
		}()
	}
	want := int64(3 * *games)
	start := time.Now()
	rampLimit := time.Duration(float64(want)/float64(*ramp)*2+60) * time.Second
	for b.socketsOpen.Load() < want {
		if time.Since(start) > rampLimit {
			fail(1, "only %d of %d connections open after %v; errors %d", b.socketsOpen.Load(), want, rampLimit.Round(time.Second), b.errorsAll.Load())
		}
		time.Sleep(100 * time.Millisecond)
	}
	logf("%d connections open in %.1fs; measuring for %v", want, time.Since(start).Seconds(), *duration)
	b.mu.Lock()
	b.measureStart = time.Now()
	b.measuring.Store(true)
	b.mu.Unlock()
	srvCPU0, botCPU0 := cpuTime()
	tick := time.NewTicker(5 * time.Second)
	end := time.After(*duration)
loop:
	for {
		select {
		case <-end:
			break loop
		case <-tick.C:
			r, _ := rssKB()
			logf("%.0fs: %d acked, %d sockets, RSS %s MB", time.Since(b.measureStart).Seconds(), b.ackedAll.Load(), b.socketsOpen.Load(), mb(r))
		}
	}
	tick.Stop()
	b.mu.Lock()
	b.measuring.Store(false)
	window := time.Since(b.measureStart)
	b.mu.Unlock()
	srvCPU1, botCPU1 := cpuTime()
	rss1, hwm := rssKB()
	close(b.stopMoves)
	// The players stop and wait for the moves in flight; then every game
	// is checked.
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		b.error("the players did not stop within 60s of the end")
		stopRun()
		<-done
	}

	b.mu.Lock()
	defer b.mu.Unlock()
	sort.Float64s(b.rtt)
	sort.Float64s(b.spect)
	sort.Float64s(b.ack)
	sort.Float64s(b.took)
	tk50, tk99 := "-", "-"
	if len(b.took) > 0 {
		tk50, tk99 = ms(pct(b.took, 50)), ms(pct(b.took, 99))
	}
	avgPlies := 0.0
	if b.gamesSeen > 0 {
		avgPlies = float64(b.pliesSeen) / float64(b.gamesSeen)
	}
	fmt.Printf("%-8s %6d %6d %8.0f %8d %7s %7s %7s %7s %7s %7s %7s %7s %7.1f %6d %6d %5d %6s %6s %6s %6d %6s %6.2f\n",
		*label, *games, want, float64(b.ackedInWindow)/window.Seconds(), b.ackedInWindow,
		ms(pct(b.rtt, 50)), ms(pct(b.rtt, 99)), ms(pct(b.rtt, 100)), ms(pct(b.spect, 99)),
		ms(pct(b.ack, 50)), ms(pct(b.ack, 99)), tk50, tk99, avgPlies,
		b.refusedAll.Load(), b.lostAll.Load(), b.errorsAll.Load(), mb(rss0), mb(rss1), mb(hwm), b.ended,
		cores(srvCPU1-srvCPU0, window), (botCPU1-botCPU0).Seconds()/window.Seconds())
	if len(b.refusedBy) > 0 {
		fmt.Fprintf(os.Stderr, "benchplay: refused by code: %v\n", b.refusedBy)
	}
}

// cores is the serve process's CPU time over the window, in CPUs.
func cores(d, window time.Duration) string {
	if *pid == 0 {
		return "-"
	}
	return strconv.FormatFloat(d.Seconds()/window.Seconds(), 'f', 2, 64)
}

func ms(v float64) string {
	if v < 0 {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// pct is the p-th percentile of sorted figures (p 100: the largest); -1 if none.
func pct(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return -1
	}
	i := int(float64(len(sorted))*p/100+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func (b *bench) stopped() bool {
	select {
	case <-b.stopMoves:
		return true
	default:
		return false
	}
}

// run plays games in the slot until the moves stop.
func (s *slot) run(ctx context.Context) {
	b := s.b
	for !b.stopped() {
		if err := b.wait(ctx); err != nil {
			return
		}
		c, err := b.create(ctx)
		if err != nil {
			b.error("%v", err)
			time.Sleep(time.Second)
			continue
		}
		s.mu.Lock()
		s.id, s.sent, s.acked, s.plies = c.Game.ID, map[int]sentMove{}, map[int]string{}, 0
		s.mu.Unlock()
		over := s.playGame(ctx, c)
		s.check(ctx)
		if over {
			b.mu.Lock()
			if b.measuring.Load() {
				b.ended++
			}
			b.mu.Unlock()
		}
	}
}

// check fetches the slot's game and counts the acknowledged moves missing
// from it.
func (s *slot) check(ctx context.Context) {
	b := s.b
	s.mu.Lock()
	id, acked, plies := s.id, s.acked, s.plies
	s.mu.Unlock()
	moves, err := b.finalMoves(ctx, id)
	if err != nil {
		b.error("%v", err)
		return
	}
	lost := 0
	for v, uci := range acked {
		// Version 1 is the game made; each move makes the next. The bots
		// act only by moves (and a resignation at the end).
		if i := v - 2; i < 0 || i >= len(moves) || moves[i] != uci {
			lost++
		}
	}
	b.lostAll.Add(int64(lost))
	if lost > 0 {
		b.error("game %s: %d acknowledged moves are not in it", id, lost)
	}
	b.mu.Lock()
	b.pliesSeen += plies
	b.gamesSeen++
	b.mu.Unlock()
}

// playGame opens the game's three connections and plays it until it ends
// (true) or the moves stop.
func (s *slot) playGame(ctx context.Context, c created) bool {
	b := s.b
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var conns [3]*websocket.Conn
	defer func() {
		for _, c := range conns {
			if c != nil {
				b.hangUp(c)
			}
		}
	}()
	for i, tok := range []string{c.White, c.Black, ""} {
		conn, err := b.dial(gctx, c.Game.ID, tok)
		if err != nil {
			if !b.stopped() {
				b.error("%v", err)
			}
			return false
		}
		conns[i] = conn
	}
	var over atomic.Bool
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); s.spectate(gctx, conns[2]) }()
	for i, side := range []chess.Color{chess.White, chess.Black} {
		go func() {
			defer wg.Done()
			if s.player(gctx, conns[i], side) {
				over.Store(true)
			}
			cancel() // one player done: the game is
		}()
	}
	wg.Wait()
	return over.Load()
}

// reader sends the connection's messages, parsed, with the time each came.
type received struct {
	msg outMsg
	at  time.Time
	err error
}

func reader(ctx context.Context, c *websocket.Conn) <-chan received {
	ch := make(chan received, 8)
	go func() {
		defer close(ch)
		for {
			_, data, err := c.Read(ctx)
			at := time.Now()
			if err != nil {
				select {
				case ch <- received{err: err}:
				case <-ctx.Done():
				}
				return
			}
			var m outMsg
			if jerr := json.Unmarshal(data, &m); jerr != nil {
				err = fmt.Errorf("not JSON: %v: %.100s", jerr, data)
			}
			select {
			case ch <- received{msg: m, at: at, err: err}:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

// closedByUs reports whether a read error is the end of the connection
// the driver itself asked for.
func closedByUs(ctx context.Context, err error) bool {
	return ctx.Err() != nil || errors.Is(err, context.Canceled) || websocket.CloseStatus(err) == websocket.StatusNormalClosure
}

// spectate watches the game, timing each version against its move.
func (s *slot) spectate(ctx context.Context, c *websocket.Conn) {
	last := 0
	for r := range reader(ctx, c) {
		if r.err != nil {
			if !closedByUs(ctx, r.err) {
				s.b.error("spectator of %s: %v", s.id, r.err)
			}
			return
		}
		if r.msg.Type != "game" || r.msg.Game == nil || r.msg.Game.Version <= last {
			continue
		}
		last = r.msg.Game.Version
		s.mu.Lock()
		sm, ok := s.sent[last]
		s.mu.Unlock()
		if ok {
			s.b.sample(&s.b.spect, r.at.Sub(sm.at))
		}
	}
}

// pending is a move sent and not yet answered.
type pending struct {
	at   time.Time
	base int
	uci  string
}

// player plays one side until the game ends (true) or the moves stop
// and the last move sent is answered (false).
func (s *slot) player(ctx context.Context, c *websocket.Conn, side chess.Color) bool {
	b := s.b
	msgs := reader(ctx, c)
	var (
		cur       gameMsg
		turnSince time.Time
		timer     *time.Timer
		timerC    <-chan time.Time
		n         int64
		inFlight  map[int64]pending = map[int64]pending{}
		stopC                       = b.stopMoves
		stopping  bool
		actedOn   int // the version the last move was sent on
	)
	me := "w"
	if side == chess.Black {
		me = "b"
	}
	arm := func() {
		if stopping || cur.Over || cur.Turn != me || cur.Version <= actedOn || len(inFlight) > 0 || timerC != nil {
			return
		}
		d := *pace
		if d > 0 {
			d = d/2 + rand.N(d)
		}
		timer = time.NewTimer(d)
		timerC = timer.C
	}
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-stopC:
			stopping, stopC = true, nil
			if timer != nil {
				timer.Stop()
				timerC = nil
			}
			if len(inFlight) == 0 {
				return false
			}
		case <-timerC:
			timerC = nil
			if cur.Over || cur.Turn != me {
				continue
			}
			kind, text := "move", ""
			s.mu.Lock()
			plies := s.plies
			s.mu.Unlock()
			if plies >= *maxPlies {
				kind = "resign"
			} else {
				pos, err := chess.ParseFEN(cur.FEN)
				if err != nil {
					b.error("game %s: the server's FEN %q: %v", s.id, cur.FEN, err)
					return false
				}
				moves := pos.AppendLegalMoves(nil)
				if len(moves) == 0 {
					continue // the game message saying it is over follows
				}
				text = moves[rand.IntN(len(moves))].UCI(chess.Chess960)
			}
			n++
			actedOn = cur.Version
			now := time.Now()
			msg, _ := json.Marshal(map[string]any{"type": "action", "n": n, "kind": kind, "move": text, "base": cur.Version,
				"think": now.Sub(turnSince).Milliseconds()})
			inFlight[n] = pending{at: now, base: cur.Version, uci: text}
			if kind == "move" {
				s.mu.Lock()
				s.sent[cur.Version+1] = sentMove{at: now, by: side, uci: text}
				s.mu.Unlock()
			}
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				if !closedByUs(ctx, err) {
					b.error("player of %s: write: %v", s.id, err)
				}
				return false
			}
		case r, ok := <-msgs:
			if !ok {
				return false
			}
			if r.err != nil {
				if !closedByUs(ctx, r.err) {
					b.error("player of %s: %v", s.id, r.err)
				}
				return false
			}
			switch r.msg.Type {
			case "game":
				g := r.msg.Game
				if g == nil || g.Version <= cur.Version {
					continue
				}
				cur = *g
				s.mu.Lock()
				sm, ok := s.sent[g.Version]
				s.mu.Unlock()
				if ok && sm.by != side {
					b.sample(&b.rtt, r.at.Sub(sm.at))
				}
				if cur.Over {
					return true
				}
				if cur.Turn == me {
					turnSince = r.at
				}
				arm()
			case "ack":
				p, ok := inFlight[r.msg.N]
				if !ok {
					b.error("player of %s: ack of %d, which it did not send", s.id, r.msg.N)
					continue
				}
				delete(inFlight, r.msg.N)
				b.ackedAll.Add(1)
				b.sample(&b.ack, r.at.Sub(p.at))
				if r.msg.Took != nil {
					b.sample(&b.took, time.Duration(*r.msg.Took*float64(time.Millisecond)))
				}
				v := p.base + 1
				if r.msg.Version != nil {
					v = *r.msg.Version
				}
				if p.uci != "" {
					s.mu.Lock()
					s.acked[v] = p.uci
					s.plies++
					s.mu.Unlock()
				}
				b.mu.Lock()
				if b.measuring.Load() {
					b.ackedInWindow++
				}
				b.mu.Unlock()
				if stopping && len(inFlight) == 0 {
					return false
				}
				arm()
			case "refused":
				delete(inFlight, r.msg.N)
				b.refusedAll.Add(1)
				b.mu.Lock()
				b.refusedBy[r.msg.Code]++
				b.mu.Unlock()
				actedOn = 0 // try again on the game as it now is
				if stopping && len(inFlight) == 0 {
					return false
				}
				arm()
			case "seated":
				// The seat is taken; the game in full follows.
			default:
				b.error("player of %s: message type %q", s.id, r.msg.Type)
			}
		}
	}
}
