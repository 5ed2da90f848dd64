package eventweb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/site"
)

// A round's games in the app, for the arbiter's round page (made with the
// page, then kept up to date by roundlive.js), the public page's live
// boards (GET /api/events/{id}/rounds/{n}/games) and the arbiter's
// actions on them (the round page's forms).

// roundGameJSON is a board's game as the round's live views show it.
type roundGameJSON struct {
	Board   int          `json:"board"`
	Game    string       `json:"game"`
	FEN     string       `json:"fen"`
	Last    string       `json:"last,omitempty"` // the last move shown, UCI
	Turn    string       `json:"turn"`           // "w" or "b"
	Plies   int          `json:"plies"`
	Clock   *clockBrief  `json:"clock,omitempty"`
	Over    bool         `json:"over"`
	Result  event.Result `json:"result,omitempty"` // the board's
	Status  string       `json:"status"`
	Arrived [2]bool      `json:"arrived"`
	// Online says whether each player is connected now (to any instance),
	// for the arbiter only; absent when unknown (the store could not say).
	Online   *[2]bool  `json:"online,omitempty"`
	Paused   bool      `json:"paused,omitempty"`
	Studying bool      `json:"studying,omitempty"`
	Delayed  bool      `json:"delayed,omitempty"`
	StartsAt time.Time `json:"-"` // when the clocks start (the round page says it)
}

type clockBrief struct {
	White int64 `json:"white"` // ms left at asOf
	Black int64 `json:"black"`
	// Running is the side whose clock runs ("" for none: the study
	// window, the clocks stopped, the game over).
	Running string    `json:"running,omitempty"`
	AsOf    time.Time `json:"asOf"`
}

// boardGames reads round rd's games in the app at now: as they are
// (full), or as a spectator sees them (the delay applied, and no clocks
// for a delayed view). A game not made yet is left out (the
// coordinator's next sweep makes it).
func (s *Server) boardGames(ctx context.Context, rd event.Round, full bool, now time.Time) []roundGameJSON {
	out := []roundGameJSON{}
	if s.cfg.Play == nil {
		return out
	}
	var online map[string][2]bool
	if full {
		// Who is connected: one read of the instances' beats for the
		// round (on failure the arbiter sees the arrivals only).
		online, _ = s.cfg.Play.Games().Present(ctx)
	}
	for _, b := range rd.Boards {
		if b.Game == "" {
			continue
		}
		g, err := s.cfg.Play.Games().Load(ctx, b.Game)
		if err != nil {
			continue
		}
		shown, delayed := g, false
		if !full {
			shown, delayed, _ = g.Shown(now)
		}
		v := roundGameJSON{Board: b.Board, Game: b.Game, FEN: shown.Position().FEN(chess.Chess960), Plies: len(shown.Moves()),
			Turn: "w", Over: g.Over(), Result: b.Result, Status: shown.Describe(), Delayed: delayed,
			Arrived: [2]bool{g.Arrived(chess.White), g.Arrived(chess.Black)}, Studying: now.Before(g.StartsAt()), StartsAt: g.StartsAt()}
		if shown.Position().Turn() == chess.Black {
			v.Turn = "b"
		}
		if ms := shown.Moves(); len(ms) > 0 {
			v.Last = ms[len(ms)-1].UCI(chess.Chess960)
		}
		if online != nil {
			o := online[b.Game]
			v.Online = &o
		}
		v.Paused, _ = g.Paused()
		if clk, ok := g.Clock(); ok && !delayed {
			at := now
			if g.Over() {
				at = g.EndedAt()
			}
			c := &clockBrief{White: clk.Remaining(clock.White, at).Milliseconds(), Black: clk.Remaining(clock.Black, at).Milliseconds(), AsOf: now.UTC()}
			if !g.Over() && !v.Paused && !v.Studying {
				c.Running = v.Turn
			}
			v.Clock = c
		}
		out = append(out, v)
	}
	return out
}

// gameBrief is a board's game as the arbiter's round page shows it when
// the page is made (roundlive.js keeps it up to date): the side to move
// and the clocks in words.
type gameBrief struct {
	roundGameJSON
	TurnName     string // "White" or "Black"
	White, Black string // the clocks
}

// roundGames reads the round's games in the app for the round page, by
// board.
func (s *Server) roundGames(r *http.Request, rd event.Round) map[int]*gameBrief {
	if s.cfg.Play == nil {
		return nil
	}
	out := map[int]*gameBrief{}
	for _, v := range s.boardGames(r.Context(), rd, true, time.Now()) {
		gb := &gameBrief{roundGameJSON: v, TurnName: "White"}
		if v.Turn == "b" {
			gb.TurnName = "Black"
		}
		if v.Clock != nil {
			gb.White, gb.Black = clockShown(time.Duration(v.Clock.White)*time.Millisecond), clockShown(time.Duration(v.Clock.Black)*time.Millisecond)
		}
		out[v.Board] = gb
	}
	return out
}

// seatState is how a board's player stands, in words: connected (now,
// to any instance), away (came, but no connection now), not here yet
// (never opened the game), or here (came; whether still connected is
// not known).
func seatState(v *roundGameJSON, side int) string {
	switch {
	case v.Online != nil && v.Online[side]:
		return "connected"
	case !v.Arrived[side]:
		return "not here yet"
	case v.Online != nil:
		return "away"
	}
	return "here"
}

// Seats is both players' seatState, the ones to look at in bold (as
// roundlive.js writes it too).
func (gb *gameBrief) Seats() template.HTML {
	var w rowWriter
	for side, name := range []string{"White", "Black"} {
		if side > 0 {
			w.WriteString(", ")
		}
		w.WriteString(name + " ")
		if st := seatState(&gb.roundGameJSON, side); st == "connected" || st == "here" {
			w.WriteString(st)
		} else {
			w.WriteString("<strong>" + st + "</strong>")
		}
	}
	return w.html()
}

func clockShown(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// GET /api/events/{id}/rounds/{n}/games: the round's games in the app as
// they stand, for the live boards of the public page (the spectators'
// delay applied); under the admin link (/e/{id}/a/{token}/games/{n}) as
// they are.
func (s *Server) apiRoundGames(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	return s.roundGamesJSON(w, r, st, false)
}

func (s *Server) adminRoundGames(w http.ResponseWriter, r *http.Request) *site.Error {
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	return s.roundGamesJSON(w, r, a.st, true)
}

func (s *Server) roundGamesJSON(w http.ResponseWriter, r *http.Request, st *event.State, full bool) *site.Error {
	if e := site.NoQuery(r); e != nil {
		return e
	}
	n, err := strconv.Atoi(r.PathValue("n"))
	ev := st.Public()
	if err != nil || n < 1 || n > len(ev.Schedule) {
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "round " + site.QuotePath(r.PathValue("n")) + " is not published"}
	}
	k := liveKey{id: st.ID(), round: n, full: full}
	now := time.Now()
	s.feeds.mu.Lock()
	if c, ok := s.feeds.live[k]; ok && (c.building || now.Sub(c.at) < FeedEvery && c.version == st.Version()) {
		// Fresh enough, or being built again: one build at a time.
		s.feeds.mu.Unlock()
		writeLiveJSON(w, c.body)
		return nil
	} else if ok {
		c.building = true
		s.feeds.live[k] = c
	}
	s.feeds.mu.Unlock()
	out := []roundGameJSON{}
	if rd := ev.Schedule[n-1]; rd.Status == event.Started {
		out = s.boardGames(r.Context(), rd, full, now)
	}
	body, _ := json.Marshal(out)
	s.feeds.mu.Lock()
	if s.feeds.live == nil || len(s.feeds.live) > 1000 {
		s.feeds.live = map[liveKey]feedEntry{}
	}
	s.feeds.live[k] = feedEntry{at: now, version: st.Version(), body: body}
	s.feeds.mu.Unlock()
	writeLiveJSON(w, body)
	return nil
}

// liveKey names a round's live games as cached: at most FeedEvery old,
// for everyone polling them.
type liveKey struct {
	id    string
	round int
	full  bool
}

func writeLiveJSON(w http.ResponseWriter, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", site.CacheNever)
	w.Write(body)
}

// gameAction is an arbiter's action on a board's game from the round
// page: game-pause, game-unpause, game-addtime (side, minutes).
func (s *Server) gameAction(r *http.Request, a admin, kind string) *site.Error {
	if s.cfg.Play == nil {
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "this server plays no games in the app"}
	}
	rn, e := formInt(r, "round", true)
	if e != nil {
		return e
	}
	bn, e := formInt(r, "board", true)
	if e != nil {
		return e
	}
	var act game.Action
	switch kind {
	case "game-pause":
		act.Kind = game.Pause
	case "game-unpause":
		act.Kind = game.Unpause
	case "game-addtime":
		act.Kind = game.AddTime
		mins, e := formInt(r, "minutes", true)
		if e != nil {
			return e
		}
		if mins < 1 || mins > 60 {
			return site.BadParam("minutes", strconv.Itoa(mins), "want 1 to 60 minutes")
		}
		act.Amount = time.Duration(mins) * time.Minute
		switch r.PostFormValue("side") {
		case "w":
			act.Side = chess.White
		case "b":
			act.Side = chess.Black
		default:
			return site.BadParam("side", r.PostFormValue("side"), "want w or b")
		}
	default:
		return site.BadParam("kind", kind, "want game-pause, game-unpause or game-addtime")
	}
	if _, err := s.cfg.Play.Arbitrate(r.Context(), a.st, event.Actor{Role: a.role, Label: a.label}, rn, bn, act); err != nil {
		return s.gameErr(r, err)
	}
	return nil
}

// gameErr turns a game's refusal into the answer.
func (s *Server) gameErr(r *http.Request, err error) *site.Error {
	msg := site.CapMessage(err.Error())
	switch {
	case errors.Is(err, game.ErrIllegal), errors.Is(err, game.ErrOver), errors.Is(err, event.ErrState):
		return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state", Msg: msg}
	case errors.Is(err, game.ErrInvalid), errors.Is(err, event.ErrInvalid):
		return &site.Error{Status: http.StatusBadRequest, Code: site.CodeInvalid, Msg: msg}
	case errors.Is(err, game.ErrNotFound):
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: msg}
	case errors.Is(err, game.ErrConflict):
		return &site.Error{Status: http.StatusConflict, Code: "conflict", Msg: msg}
	}
	return s.eventErr(r, err)
}
