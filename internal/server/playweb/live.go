package playweb

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/coder/websocket"
)

// The live connection's limits.
const (
	maxMessage  = 4 << 10          // bytes of a client's message
	msgRate     = 10               // a client's messages a second, on average,
	msgBurst    = 20               // in bursts of at most this many
	writeWithin = 10 * time.Second // a message to a client that takes longer closes it
)

// The server pings a connection every pingEvery and closes it if the pong
// does not come within pongWithin (variables for the tests only).
var (
	pingEvery  = 20 * time.Second
	pongWithin = 10 * time.Second
)

// liveIn is a client's message on GET /api/games/{id}/live.
//   - {"type": "seat", "token": "..."} takes a seat: the actions that
//     follow are its own. A connection without one watches.
//   - {"type": "action", "n": 7, "kind": "move", "move": "e4", "base": 3,
//     "think": 1234} acts (think: the client's own measure of its think
//     time, in ms). The answer is {"type": "ack", "n": 7} once the action
//     is committed, or {"type": "refused", "n": 7, "error": ..., "code":
//     ...}; the game that follows it comes as a "game" message.
type liveIn struct {
	Type  string `json:"type"`
	Token string `json:"token,omitempty"`
	N     int64  `json:"n,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Text  string `json:"move,omitempty"`
	Base  int    `json:"base,omitempty"`
	Think int64  `json:"think,omitempty"`
}

// liveOut is the server's message: {"type": "game", "game": {...}} on
// connection, after each version and when a player connects or leaves
// (the game as the connection may see it: a watcher's with the game's
// delay); {"type": "seated", "side": "w"} when a seat is taken; "ack"
// (with the version the action made, and the server's handling time in
// milliseconds, took) and "refused" as above.
type liveOut struct {
	Type    string    `json:"type"`
	Game    *gameJSON `json:"game,omitempty"`
	N       int64     `json:"n,omitempty"`
	Side    string    `json:"side,omitempty"`
	Version int       `json:"version,omitempty"`
	Took    float64   `json:"took,omitempty"`
	Error   string    `json:"error,omitempty"`
	Code    string    `json:"code,omitempty"`
}

// GET /api/games/{id}/live: the game as a WebSocket (Origin checked:
// same host only), for its seats and its watchers.
func (s *Server) live(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Games == nil {
		return noDatabase()
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	id := r.PathValue("id")
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	if _, err := s.cfg.Games.Load(ctx, id); err != nil {
		return s.gameErr(r, err)
	}
	release, why := s.streams.Acquire(middleware.ClientIP(r, s.cfg.ClientIPHeader))
	if release == nil {
		msg := "too many live connections open; retry in a moment"
		if why == middleware.ClientFull {
			msg = "too many live connections from one address; close some and retry"
		}
		return &site.Error{Status: http.StatusTooManyRequests, RetryAfter: 5, Code: site.CodeBusy, Msg: msg}
	}
	defer release()
	c, err := websocket.Accept(w, r, nil) // refuses another site's Origin (403)
	if err != nil {
		return nil // Accept has answered
	}
	defer c.CloseNow()
	c.SetReadLimit(maxMessage)

	// The room: the game at each version, encoded once for all the
	// game's connections here (rooms.go).
	me := s.rooms.join(id)
	defer s.rooms.leave(id, me)
	out := make(chan liveOut, 16)
	// The writer: every message to the client goes through here, the
	// latest game message first.
	go func() {
		defer cancel()
		ping := time.NewTicker(pingEvery)
		defer ping.Stop()
		write := func(b []byte) bool {
			wctx, wcancel := context.WithTimeout(ctx, writeWithin)
			defer wcancel()
			return c.Write(wctx, websocket.MessageText, b) == nil
		}
		for {
			select {
			case <-ctx.Done():
				return
			case <-me.gone:
				c.Close(websocket.StatusTryAgainLater, "the server is stopping")
				return
			case <-me.wake:
				if b := me.msg.Load(); b != nil && !write(*b) {
					return
				}
			case m := <-out:
				b, _ := json.Marshal(m)
				if !write(b) {
					return
				}
			case <-ping.C:
				pctx, pcancel := context.WithTimeout(ctx, pongWithin)
				err := c.Ping(pctx)
				pcancel()
				if err != nil {
					return
				}
			}
		}
	}()
	send := func(m liveOut) {
		select {
		case out <- m:
		case <-ctx.Done():
		}
	}
	// The reader: the client's messages, at most msgRate a second.
	token := ""
	bucket, lastFill := float64(msgBurst), time.Now()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) == -1 && errors.Is(err, context.Canceled) {
				c.Close(websocket.StatusGoingAway, "")
			}
			return nil
		}
		now := time.Now()
		bucket = min(msgBurst, bucket+now.Sub(lastFill).Seconds()*msgRate)
		lastFill = now
		if bucket < 1 {
			c.Close(websocket.StatusPolicyViolation, "too many messages")
			return nil
		}
		bucket--
		var in liveIn
		if err := json.Unmarshal(data, &in); err != nil {
			send(liveOut{Type: "refused", Error: "message: not JSON: " + site.CapMessage(err.Error()), Code: site.CodeInvalid})
			continue
		}
		switch in.Type {
		case "seat":
			c, err := s.cfg.Games.Seat(ctx, id, in.Token)
			if err != nil {
				send(liveOut{Type: "refused", Error: "no such seat", Code: site.CodeNotFound})
				continue
			}
			token = in.Token
			// A frame still waiting to go is the game as a watcher sees
			// it (with a spectator delay, behind): dropped, so that what
			// follows "seated" is the seat's own view, which sit has the
			// room send.
			me.msg.Store(nil)
			send(liveOut{Type: "seated", Side: side(c)})
			s.rooms.sit(id, me, c)
			// At an event's game, the seat's first connection is its
			// arrival (the default time's); the room sends the new version.
			if _, err := s.cfg.Games.Arrive(ctx, id, in.Token); err != nil && ctx.Err() == nil {
				s.logArrive(id, err)
			}
		case "action":
			if token == "" {
				send(liveOut{Type: "refused", N: in.N, Error: "take a seat first: a watcher cannot act", Code: "forbidden"})
				continue
			}
			began := time.Now()
			g, err := s.cfg.Games.Act(ctx, id, token, game.Action{Kind: game.Kind(in.Kind), Text: in.Text, Base: in.Base,
				Think: time.Duration(in.Think) * time.Millisecond})
			if err != nil {
				e := s.gameErr(r, err)
				send(liveOut{Type: "refused", N: in.N, Error: e.Msg, Code: e.Code})
				continue
			}
			took := float64(time.Since(began).Microseconds()) / 1000
			send(liveOut{Type: "ack", N: in.N, Version: g.Version(), Took: took})
		default:
			send(liveOut{Type: "refused", N: in.N, Error: "message type " + site.QuotePath(in.Type) + ": want seat or action", Code: site.CodeInvalid})
		}
	}
}
