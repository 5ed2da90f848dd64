// Package eventplay plays an event's rounds in the app: it makes the games
// of a round that starts (package game, one per board played in the app,
// on the round's position, the colours from the pairing, the clocks
// starting when the study window ends), and carries each game's result to
// its board (event.KindGameResult), with its PGN.
//
// The event and its games are kept apart (two kinds of record, each
// written in its own transactions), so a crash can fall between a game's
// end and its result on the board, or between a round's start and its
// games. Both are made good by Sync, which every instance runs at its
// start on every event with games in play, and then every second:
//
//   - a board whose game does not exist yet gets it (CreateEvent finds the
//     one another instance made, under the same ID);
//   - a game whose flag or default time has passed with nobody connected
//     ends then (game.Service.CheckAt);
//   - a game over whose board has no result gets it: a board's result is
//     its game's, or a result the arbiter entered, which ended the game
//     first (EnterResult), or a correction entered after either.
//
// The instance that ends a game puts its result on the board at once
// (game.Service.OnEnd); Sync is for the rest, and for the crash.
package eventplay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/secret"
)

// Coordinator plays the events' games of one instance.
type Coordinator struct {
	events *event.Service
	games  *game.Service
	log    *slog.Logger

	mu   sync.Mutex
	live map[string]bool // events with games in play, as last seen
	kick chan string
	// scanned is when the event list was last read for events started
	// elsewhere.
	scanned time.Time
}

// New returns a Coordinator of the events and games; log may be nil.
// It sets the games' OnEnd.
func New(events *event.Service, games *game.Service, log *slog.Logger) *Coordinator {
	c := &Coordinator{events: events, games: games, log: log, live: map[string]bool{}, kick: make(chan string, 1024)}
	games.OnEnd(func(id string, g *game.Game) {
		if ev := g.Info().Event; ev.ID != "" {
			select {
			case c.kick <- ev.ID:
			default: // the second's sweep will see it
			}
		}
	})
	return c
}

// Games returns the coordinator's games.
func (c *Coordinator) Games() *game.Service { return c.games }

// seat returns the hash a game's seat is opened by: the event's seat
// token, hashed as game.Service keeps it.
func seatHash(st *event.State, gameID, side string) string {
	return secret.Hash(st.SeatToken(gameID, side))
}

// MakeGames makes the games of the event's started rounds that have none
// yet (after a start, or after a crash between the start and its games).
// It returns how many it made.
func (c *Coordinator) MakeGames(ctx context.Context, st *event.State) (int, error) {
	e := st.Admin()
	made := 0
	for _, r := range e.Schedule {
		if r.Status != event.Started {
			continue
		}
		for _, b := range r.Boards {
			if b.Game == "" || b.Result != "" || c.games.Known(b.Game) {
				continue
			}
			if _, err := c.games.Load(ctx, b.Game); err == nil {
				continue
			} else if !errors.Is(err, game.ErrNotFound) {
				return made, err
			}
			if _, err := c.makeGame(ctx, st, e, r, b); err != nil {
				return made, err
			}
			made++
		}
	}
	if made > 0 || hasLive(e) {
		c.mu.Lock()
		c.live[e.ID] = true
		c.mu.Unlock()
	}
	return made, nil
}

func (c *Coordinator) makeGame(ctx context.Context, st *event.State, e event.Event, r event.Round, b event.Board) (*game.Game, error) {
	pos := r.Position
	if b.Position != nil {
		pos = b.Position
	}
	if pos == nil {
		return nil, fmt.Errorf("event %s round %d board %d: no position to play", e.ID, r.Number, b.Board)
	}
	control, black := e.BoardControl(&b)
	sp := game.Spec{Start: chess.NewPosition(*pos), Control: control, BlackTime: black, Delay: e.SpectatorDelay(),
		Event: game.EventRef{ID: e.ID, Round: r.Number, Board: b.Board}, StartAt: r.Clocks,
		DefaultTime: time.Duration(e.DefaultTime) * time.Minute, Names: [2]string{playerName(&e, b.White), playerName(&e, b.Black)}}
	return c.games.CreateEvent(ctx, b.Game, sp, seatHash(st, b.Game, "w"), seatHash(st, b.Game, "b"))
}

func playerName(e *event.Event, id int) string {
	if p := e.PlayerByID(id); p != nil {
		return p.Name
	}
	return ""
}

// hasLive reports whether a started round has a board whose game has no
// result on the board.
func hasLive(e event.Event) bool {
	for _, r := range e.Schedule {
		if r.Status != event.Started {
			continue
		}
		for _, b := range r.Boards {
			if b.Game != "" && b.Result == "" {
				return true
			}
		}
	}
	return false
}

// server is the actor of the game results.
var server = event.Actor{Role: event.RoleServer, Label: "game"}

// Sync brings the event's boards up to date with their games (see the
// package comment) and returns the event as it then stands. fresh reads
// every game's version from the store; otherwise a game this instance
// holds is taken as it holds it (another instance's moves reach it
// through the rooms, and its ends through its own Sync).
func (c *Coordinator) Sync(ctx context.Context, id string, fresh bool) (*event.State, error) {
	st, err := c.events.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if _, err := c.MakeGames(ctx, st); err != nil {
		return st, err
	}
	e := st.Admin()
	var firstErr error
	for _, r := range e.Schedule {
		if r.Status != event.Started {
			continue
		}
		for _, b := range r.Boards {
			if b.Game == "" || b.Result != "" {
				continue
			}
			v := 1
			if fresh {
				v = 0
			}
			g, err := c.games.CheckAt(ctx, b.Game, v)
			if err != nil {
				firstErr = cmpErr(firstErr, fmt.Errorf("event %s round %d board %d: game %s: %w", id, r.Number, b.Board, b.Game, err))
				continue
			}
			if !g.Over() {
				continue
			}
			if next, err := c.putResult(ctx, st, e, r, b, g); err != nil {
				firstErr = cmpErr(firstErr, err)
			} else {
				st = next
			}
		}
	}
	if !hasLive(st.Admin()) {
		c.mu.Lock()
		delete(c.live, id)
		c.mu.Unlock()
	}
	return st, firstErr
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// Result is how an event's game ended, as its board takes it: the
// result, the PGN (none for a forfeit) and a note for the history.
func Result(e event.Event, r event.Round, b event.Board, g *game.Game) (event.Result, string, string) {
	var res event.Result
	note := g.Describe()
	switch g.Ending() {
	case game.Adjudicated:
		text, why := g.Adjudication()
		res = event.Result(text)
		note = "adjudicated"
		if why != "" {
			note += ": " + why
		}
	case game.DefaultLoss:
		switch g.Result() {
		case chess.WhiteWins:
			res, note = event.WhiteForfeit, "default time: Black did not come to the game"
		case chess.BlackWins:
			res, note = event.BlackForfeit, "default time: White did not come to the game"
		default:
			res, note = event.DoubleForfeit, "default time: neither player came to the game"
		}
	default:
		switch g.Result() {
		case chess.WhiteWins:
			res = event.WhiteWins
		case chess.BlackWins:
			res = event.BlackWins
		case chess.Draw:
			res = event.Draw
		default:
			res = event.DoubleForfeit // an event's game cannot be aborted; kept safe
		}
	}
	if res.Forfeit() {
		return res, "", note
	}
	return res, PGN(e, r, b, g, true), note
}

// PGN is the board's game as PGN: the event's tags (Event, Site, Round
// as N.board, the players), the Variant, SetUp and FEN, the moves with
// [%clk]. full false shows what a spectator may see (the delay).
func PGN(e event.Event, r event.Round, b event.Board, g *game.Game, full bool) string {
	if !full {
		g, _, _ = g.Shown(time.Now())
	}
	site := e.Place
	if site == "" {
		site = "chess960 serve"
	}
	pg := g.PGN(game.Players{Event: e.Name, Site: site, White: playerName(&e, b.White), Black: playerName(&e, b.Black)})
	pg.Tags.Set("Round", r.PGNRound(&b))
	if st := e.StageName(b.KO); st != "" {
		pg.Tags.Set("Stage", st)
	}
	return pg.String()
}

func (c *Coordinator) putResult(ctx context.Context, st *event.State, e event.Event, r event.Round, b event.Board, g *game.Game) (*event.State, error) {
	res, pgn, note := Result(e, r, b, g)
	// An adjudication is the arbiter's result, whichever path puts it on
	// the board: this one, or EnterResult's own after it.
	next, _, err := c.events.ApplyTo(ctx, st, server, event.Change{Kind: event.KindGameResult, Round: r.Number, Board: b.Board,
		Game: b.Game, Result: string(res), PGN: pgn, Note: note, Label: g.Adjudicator()})
	if err != nil {
		return nil, fmt.Errorf("event %s round %d board %d: the game's result %s: %w", e.ID, r.Number, b.Board, res, err)
	}
	return next, nil
}

// ErrGameOver: the board's game ended before the arbiter's result reached
// it; its own result is on the board.
var ErrGameOver = errors.New("the game ended first")

// EnterResult enters an arbiter's result on a board: on a board whose
// game is in play (Confirm set: the arbiter confirmed), it adjudicates the
// game with the result and the change's note, then enters the result; if
// the game ended first, its result goes on the board and the arbiter's
// does not (ErrGameOver, which names the game's). Any other result is
// applied as it is.
func (c *Coordinator) EnterResult(ctx context.Context, st *event.State, who event.Actor, ch event.Change) (*event.State, error) {
	if ch.Kind != event.KindResult {
		return nil, fmt.Errorf("eventplay: EnterResult takes a result, not %s", ch.Kind)
	}
	b, ok := board(st.Admin(), ch.Round, ch.Board)
	if ok && b.Game != "" && b.Result == "" && ch.Confirm {
		res, err := event.ParseResult(ch.Result)
		if err != nil {
			return nil, err
		}
		if res == "" {
			return nil, fmt.Errorf("round %d, board %d: clearing the result of a game in play: %w", ch.Round, ch.Board, event.ErrInvalid)
		}
		_, err = c.games.Arbitrate(ctx, b.Game, who.Label, game.Action{Kind: game.Adjudicate, Text: string(res), Note: trimNote(ch.Note)})
		if errors.Is(err, game.ErrOver) {
			next, serr := c.Sync(ctx, st.ID(), true)
			if serr != nil {
				return nil, serr
			}
			nb, _ := board(next.Admin(), ch.Round, ch.Board)
			return next, fmt.Errorf("round %d, board %d: the game ended first (%s), and its result %s is on the board: %w",
				ch.Round, ch.Board, c.describe(ctx, b.Game), nb.Result, ErrGameOver)
		}
		if err != nil {
			return nil, err
		}
	}
	next, _, err := c.events.ApplyTo(ctx, st, who, ch)
	if err != nil && ok && b.Game != "" && b.Result == "" && ch.Confirm {
		// The game's end, which this adjudicated, may have reached the
		// board first (the instance's sync): that is this result.
		if cur, lerr := c.events.Load(ctx, st.ID()); lerr == nil {
			if nb, _ := board(cur.Admin(), ch.Round, ch.Board); string(nb.Result) == normalized(ch.Result) {
				return cur, nil
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return next, nil
}

// normalized is a result as the board keeps it ("" if it does not read).
func normalized(s string) string {
	r, err := event.ParseResult(s)
	if err != nil {
		return ""
	}
	return string(r)
}

// describe says how a game stands.
func (c *Coordinator) describe(ctx context.Context, id string) string {
	if g, err := c.games.Load(ctx, id); err == nil {
		return g.Describe()
	}
	return "over"
}

func trimNote(s string) string {
	if len(s) > game.MaxNote {
		s = s[:game.MaxNote]
	}
	return s
}

func board(e event.Event, rn, bn int) (event.Board, bool) {
	if rn < 1 || rn > len(e.Schedule) {
		return event.Board{}, false
	}
	r := e.Schedule[rn-1]
	if bn < 1 || bn > len(r.Boards) {
		return event.Board{}, false
	}
	return r.Boards[bn-1], true
}

// Arbitrate applies an arbiter's action (pause, unpause, add time) to a
// board's game in play.
func (c *Coordinator) Arbitrate(ctx context.Context, st *event.State, who event.Actor, rn, bn int, a game.Action) (*game.Game, error) {
	b, ok := board(st.Admin(), rn, bn)
	if !ok {
		return nil, fmt.Errorf("round %d has no board %d: %w", rn, bn, event.ErrInvalid)
	}
	if b.Game == "" {
		return nil, fmt.Errorf("round %d, board %d is played over the board: it has no game here: %w", rn, bn, event.ErrState)
	}
	if a.Kind == game.Adjudicate {
		return nil, fmt.Errorf("an adjudication is a result: enter it on the board: %w", event.ErrInvalid)
	}
	return c.games.Arbitrate(ctx, b.Game, who.Label, a)
}

// Sweep is how often Run syncs the events with games in play; every
// FreshEvery sweeps it reads every game from the store, and every Rescan
// it looks for events started by other instances.
const (
	Sweep      = time.Second
	FreshEvery = 10
	Rescan     = 30 * time.Second
)

// Start finds the events with games in play (every event, once: an event
// stored before this instance started may have a game that ended during a
// crash), syncs them, and then keeps them in sync until stop is called.
// Call it after the games' Start (their downtime rule).
func (c *Coordinator) Start(ctx context.Context) (stop func(), err error) {
	if err := c.scan(ctx, time.Time{}); err != nil {
		return nil, err
	}
	c.sweep(ctx, true)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(Sweep)
		defer t.Stop()
		for n := 1; ; n++ {
			select {
			case <-rctx.Done():
				return
			case id := <-c.kick:
				if _, err := c.Sync(rctx, id, true); err != nil && rctx.Err() == nil {
					c.logErr(err)
				}
			case <-t.C:
				if time.Since(c.scanned) > Rescan {
					if err := c.scan(rctx, c.scanned.Add(-Rescan)); err != nil && rctx.Err() == nil {
						c.logErr(err)
					}
				}
				c.sweep(rctx, n%FreshEvery == 0)
			}
		}
	}()
	return func() { cancel(); <-done }, nil
}

// Live lists the events this instance keeps in sync.
func (c *Coordinator) Live() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.live))
	for id := range c.live {
		out = append(out, id)
	}
	return out
}

func (c *Coordinator) sweep(ctx context.Context, fresh bool) {
	for _, id := range c.Live() {
		if _, err := c.Sync(ctx, id, fresh); err != nil && ctx.Err() == nil {
			c.logErr(err)
		}
	}
}

// scan reads the events updated after since (all, for the zero time) and
// notes those with games in play.
func (c *Coordinator) scan(ctx context.Context, since time.Time) error {
	list, err := c.events.List(ctx)
	if err != nil {
		return err
	}
	c.scanned = time.Now()
	for _, s := range list {
		if !s.Updated.After(since) {
			continue
		}
		st, err := c.events.Load(ctx, s.ID)
		if err != nil {
			c.logErr(fmt.Errorf("event %s: %w", s.ID, err))
			continue
		}
		if hasLive(st.Admin()) {
			c.mu.Lock()
			c.live[s.ID] = true
			c.mu.Unlock()
		}
	}
	return nil
}

func (c *Coordinator) logErr(err error) {
	if c.log != nil {
		c.log.Error("event games", "error", err.Error())
	}
}
