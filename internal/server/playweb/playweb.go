// Package playweb is live play's HTTP JSON API: a game between two seats
// (package internal/game), made with POST /api/games, read by anyone with
// its ID, and played by each seat with its token (Authorization: Bearer
// TOKEN). It is the API for bots and tests; the pages and their live
// stream build on it.
package playweb

import (
	"errors"
	"net/http"
	"strings"
	"time"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/secret"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/site"
)

// Limits of the API.
const (
	maxBody = 4 << 10 // bytes of a request body
	// DefaultWriteRate and DefaultWriteBurst are the token bucket of
	// writes (POSTs under /api/games) per client address: enough for a
	// bullet game and a bot, not for a flood.
	DefaultWriteRate  = 20
	DefaultWriteBurst = 60
)

// Config configures the API.
type Config struct {
	// Games keeps the games; nil: the routes answer 404, saying the
	// server runs without a database.
	Games *game.Service
	// WriteRate and WriteBurst: see DefaultWriteRate.
	WriteRate  float64
	WriteBurst int
	// ClientIPHeader: see middleware.ClientIP.
	ClientIPHeader string
	// MaxLive is how many live connections may be open at once (default
	// DefaultMaxLive); MaxLivePerClient is how many of them one client
	// address may hold (default half of MaxLive; more than MaxLive counts
	// as MaxLive). Past either, a connection is answered 429.
	MaxLive          int
	MaxLivePerClient int
}

// DefaultMaxLive is the default of Config.MaxLive: two players and a
// spectator for each of 3,000 games.
const DefaultMaxLive = 10000

// Server serves the games' API.
type Server struct {
	cfg     Config
	site    *site.Site
	writes  *middleware.RateLimiter
	streams *middleware.StreamLimiter
	rooms   *rooms
}

// New returns the API, answering errors through st.
func New(cfg Config, st *site.Site) *Server {
	if cfg.WriteRate <= 0 {
		cfg.WriteRate = DefaultWriteRate
	}
	if cfg.WriteBurst <= 0 {
		cfg.WriteBurst = DefaultWriteBurst
	}
	if cfg.MaxLive <= 0 {
		cfg.MaxLive = DefaultMaxLive
	}
	if cfg.MaxLivePerClient <= 0 {
		cfg.MaxLivePerClient = max(1, cfg.MaxLive/2)
	}
	s := &Server{cfg: cfg, site: st, writes: middleware.NewRateLimiter(cfg.WriteRate, cfg.WriteBurst),
		streams: middleware.NewStreamLimiter(cfg.MaxLive, cfg.MaxLivePerClient), rooms: newRooms(cfg.Games)}
	if cfg.Games != nil {
		cfg.Games.SetPresent(s.rooms.present)
	}
	return s
}

// Routes adds the API and the game page (pages.go) to mux.
func (s *Server) Routes(mux *http.ServeMux) {
	h := func(pattern string, f site.HandlerFunc) { mux.Handle(pattern, s.site.Handler(f)) }
	h("POST /api/games", s.create)
	h("GET /api/games/{id}", s.get)
	h("POST /api/games/{id}/actions", s.act)
	h("GET /api/games/{id}/pgn", s.pgn)
	h("GET /api/games/{id}/live", s.live)
	s.pageRoutes(mux)
}

// IsPath reports whether a path is the API's.
func IsPath(p string) bool { return p == "/api/games" || strings.HasPrefix(p, "/api/games/") }

// Before limits the writes of each client (run it on every request).
func (s *Server) Before(w http.ResponseWriter, r *http.Request) *site.Error {
	if r.Method != http.MethodPost || !IsPath(r.URL.Path) {
		return nil
	}
	if ok, wait := s.writes.Allow(middleware.ClientIP(r, s.cfg.ClientIPHeader)); !ok {
		return &site.Error{Status: http.StatusTooManyRequests, RetryAfter: wait, Code: site.CodeBusy,
			Msg: "too many game actions from one address; retry in a moment"}
	}
	return nil
}

func noDatabase() *site.Error {
	return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound,
		Msg: "this server runs without a database, so it keeps no games: start it with one to play online"}
}

// createJSON is the body of POST /api/games.
type createJSON struct {
	// Position is the start: a Chess960 number, a DFRC start W:B, a back
	// rank, or a FEN.
	Position string `json:"position"`
	// Control is the time control in package clock's notation ("3+2",
	// "90/40+30", "15+5 delay", "3d", "untimed"); absent: untimed.
	Control string `json:"control,omitempty"`
	// Colour is the creator's seat: "white", "black" or "random" (the
	// default); the answer's You says which it is.
	Colour string `json:"colour,omitempty"`
	// Delay is the spectators' delay: "N moves" or "N minutes"; absent:
	// none.
	Delay string `json:"delay,omitempty"`
}

// createdJSON is its answer: the game, and each seat's token, shown once.
type createdJSON struct {
	Game  gameJSON `json:"game"`
	White string   `json:"white"`
	Black string   `json:"black"`
	You   string   `json:"you"` // the creator's seat, "w" or "b"
}

// gameJSON is a game as the API shows it to anyone.
type gameJSON struct {
	ID       string     `json:"id"`
	Version  int        `json:"version"`
	Start    string     `json:"start"` // FEN, Shredder castling
	FEN      string     `json:"fen"`
	Turn     string     `json:"turn"` // "w" or "b"
	Moves    []moveJSON `json:"moves"`
	Offer    string     `json:"offer,omitempty"` // the side whose draw offer stands
	Over     bool       `json:"over"`
	Result   string     `json:"result"`
	Ending   string     `json:"ending,omitempty"`
	Describe string     `json:"status"`
	Control  string     `json:"control"`
	// Clock is the time each side has left at AsOf, in milliseconds; the
	// side to move's is running. Absent for an untimed game.
	Clock *clockJSON `json:"clock,omitempty"`
	// Number is the start's Chess960 number, when it is one of the 960.
	Number *int `json:"number,omitempty"`
	// Seed is the seed of the random draw that chose the start, shown
	// once the game is over.
	Seed string `json:"seed,omitempty"`
	// Rematch is the standing rematch offer after the game; Next the
	// rematch game once agreed, Prev the game this one is a rematch of.
	Rematch *rematchJSON `json:"rematch,omitempty"`
	Next    string       `json:"next,omitempty"`
	Prev    string       `json:"prev,omitempty"`
	// Delay is the spectators' delay ("3 moves", "5 minutes"); Delayed
	// says that this view is a spectator's, the last moves not shown yet.
	Delay   string `json:"delay,omitempty"`
	Delayed bool   `json:"delayed,omitempty"`
	// Presence says whether each seat's player is connected (live only).
	Presence *presenceJSON `json:"presence,omitempty"`
	// Event is the event's board an event's game is; such a game has its
	// players' Names, StartsAt (the end of the study window: no move
	// before), Arrived (who has come to the game, for the default time),
	// and Paused (the arbiter stopped the clocks).
	Event    *eventRefJSON `json:"event,omitempty"`
	Names    *namesJSON    `json:"names,omitempty"`
	StartsAt *time.Time    `json:"startsAt,omitempty"`
	Arrived  *arrivedJSON  `json:"arrived,omitempty"`
	Paused   bool          `json:"paused,omitempty"`
}

type eventRefJSON struct {
	ID    string `json:"id"`
	Round int    `json:"round"`
	Board int    `json:"board"`
}

type arrivedJSON struct {
	White bool `json:"w"`
	Black bool `json:"b"`
}

type namesJSON struct {
	White string `json:"white"`
	Black string `json:"black"`
}

type rematchJSON struct {
	By   string `json:"by"`   // "w" or "b"
	Mode string `json:"mode"` // "same" or "new"
}

// presenceJSON is each seat's connection, as this instance knows it.
type presenceJSON struct {
	White seatPresence `json:"w"`
	Black seatPresence `json:"b"`
}

type seatPresence struct {
	Online bool `json:"online"`
	// Since is when the player connected or was last seen; absent when
	// never connected (to this instance).
	Since *time.Time `json:"since,omitempty"`
}

type clockJSON struct {
	White int64     `json:"white"`
	Black int64     `json:"black"`
	AsOf  time.Time `json:"asOf"`
}

type moveJSON struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
}

// actionJSON is the body of POST /api/games/{id}/actions.
type actionJSON struct {
	Kind string `json:"kind"`
	Text string `json:"move,omitempty"`
	Base int    `json:"base,omitempty"`
}

func side(c chess.Color) string {
	if c == chess.Black {
		return "b"
	}
	return "w"
}

func view(id string, g *game.Game, now time.Time) gameJSON {
	out := gameJSON{Control: g.Control().String(), ID: id, Version: g.Version(), Start: g.Start().FEN(chess.Chess960), FEN: g.Position().FEN(chess.Chess960),
		Turn: side(g.Position().Turn()), Moves: []moveJSON{}, Over: g.Over(), Result: g.Result().String(), Ending: string(g.Ending()),
		Describe: g.Describe()}
	p := g.Start()
	for _, m := range g.Moves() {
		out.Moves = append(out.Moves, moveJSON{UCI: m.UCI(chess.Chess960), SAN: p.SAN(m)})
		p.Play(m)
	}
	if c, ok := g.Offer(); ok {
		out.Offer = side(c)
	}
	if clk, ok := g.Clock(); ok {
		at := now
		if g.Over() {
			at = g.EndedAt()
		}
		out.Clock = &clockJSON{White: clk.Remaining(clock.White, at).Milliseconds(), Black: clk.Remaining(clock.Black, at).Milliseconds(), AsOf: now.UTC()}
	}
	if sp, err := chess960.ParseFEN(out.Start); err == nil {
		n := sp.ID()
		out.Number = &n
	}
	info := g.Info()
	if g.Over() {
		out.Seed = info.Seed
	}
	if mode, by := g.RematchOffer(); mode != "" {
		out.Rematch = &rematchJSON{By: side(by), Mode: mode}
	}
	out.Next, out.Prev, out.Delay = g.Next(), info.Prev, info.Delay.String()
	if info.IsEvent() {
		out.Event = &eventRefJSON{ID: info.Event.ID, Round: info.Event.Round, Board: info.Event.Board}
		out.Names = &namesJSON{White: info.Names[0], Black: info.Names[1]}
		at := g.StartsAt().UTC()
		out.StartsAt = &at
		out.Arrived = &arrivedJSON{White: g.Arrived(chess.White), Black: g.Arrived(chess.Black)}
		out.Paused, _ = g.Paused()
	}
	return out
}

// spectate is the view of g that a spectator gets at now (the game's
// delay applied), and when it next changes by itself (zero: never).
func spectate(id string, g *game.Game, now time.Time) (gameJSON, time.Time) {
	shown, delayed, next := g.Shown(now)
	v := view(id, shown, now)
	if delayed {
		// The version is the game's, so that a client can tell it is
		// behind; the moves are those shown.
		v.Version, v.Delayed = g.Version(), true
		v.Offer, v.Clock = "", nil
	}
	return v, next
}

// POST /api/games.
func (s *Server) create(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Games == nil {
		return noDatabase()
	}
	var in createJSON
	if e := site.ReadJSON(w, r, maxBody, &in); e != nil {
		return e
	}
	if in.Position == "" {
		return site.Missing("position", "a Chess960 number (518 is ordinary chess), random, a DFRC start W:B, or a FEN")
	}
	sp := game.Spec{}
	if strings.EqualFold(strings.TrimSpace(in.Position), "random") {
		sp.Seed = secret.Token(12)
		sp.Start = chess.NewPosition(game.DrawStart(sp.Seed))
	} else {
		start, err := api.ParsePosition(in.Position)
		if err != nil {
			return site.BadInput("position", err)
		}
		if !start.HasLegalMoves() {
			return site.BadParam("position", in.Position, "the game would be over before it began: the side to move has no legal move")
		}
		sp.Start = start
	}
	var err error
	if in.Control != "" {
		if sp.Control, err = clock.Parse(in.Control); err != nil {
			return site.BadInput("control", err)
		}
	}
	if sp.Delay, err = game.ParseDelay(in.Delay); err != nil {
		return site.BadInput("delay", err)
	}
	you := "w"
	switch strings.ToLower(in.Colour) {
	case "white", "w":
	case "black", "b":
		you = "b"
	case "", "random":
		if secret.Token(1)[0]&1 == 1 {
			you = "b"
		}
	default:
		return site.BadParam("colour", in.Colour, "want white, black or random")
	}
	seats, g, err := s.cfg.Games.CreateWith(r.Context(), sp)
	if err != nil {
		return s.internal(r, err)
	}
	w.Header().Set("Location", "/api/games/"+seats.ID)
	site.WriteJSONStatus(w, http.StatusCreated, createdJSON{Game: view(seats.ID, g, time.Now()), White: seats.White, Black: seats.Black, You: you})
	return nil
}

// GET /api/games/{id}: the game as a spectator sees it (its delay
// applied), or with Authorization: Bearer and a seat's token, as it is.
func (s *Server) get(w http.ResponseWriter, r *http.Request) *site.Error {
	id, g, e := s.checked(r)
	if e != nil {
		return e
	}
	full, e := s.seated(r, id)
	if e != nil {
		return e
	}
	now := time.Now()
	v := view(id, g, now)
	if !full {
		v, _ = spectate(id, g, now)
	}
	v.Presence = s.rooms.presence(id)
	site.WriteJSONStatus(w, http.StatusOK, v)
	return nil
}

// seated reports whether the request carries a seat's token of game id
// (Authorization: Bearer); a token that opens no seat is refused.
func (s *Server) seated(r *http.Request, id string) (bool, *site.Error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return false, nil
	}
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || tok == "" {
		return false, &site.Error{Status: http.StatusUnauthorized, Code: "unauthorized", Msg: "Authorization: want Bearer and the seat's token"}
	}
	if _, err := s.cfg.Games.Seat(r.Context(), id, tok); err != nil {
		return false, s.gameErr(r, err)
	}
	return true, nil
}

// checked is the game of a GET that takes no query: the path's {id}, as it
// stands now (a flag that has fallen is committed first: Service.Check).
func (s *Server) checked(r *http.Request) (string, *game.Game, *site.Error) {
	if s.cfg.Games == nil {
		return "", nil, noDatabase()
	}
	if e := site.NoQuery(r); e != nil {
		return "", nil, e
	}
	id := r.PathValue("id")
	g, err := s.cfg.Games.Check(r.Context(), id)
	if err != nil {
		return "", nil, s.gameErr(r, err)
	}
	return id, g, nil
}

// conflictJSON is the 409 of an action on a stale version, with the game
// as it now is.
type conflictJSON struct {
	site.ErrorJSON
	Game gameJSON `json:"game"`
}

// POST /api/games/{id}/actions, with Authorization: Bearer TOKEN.
func (s *Server) act(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Games == nil {
		return noDatabase()
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || tok == "" {
		return &site.Error{Status: http.StatusUnauthorized, Code: "unauthorized", Msg: "Authorization: want Bearer and the seat's token"}
	}
	var in actionJSON
	if e := site.ReadJSON(w, r, maxBody, &in); e != nil {
		return e
	}
	id := r.PathValue("id")
	g, err := s.cfg.Games.Act(r.Context(), id, tok, game.Action{Kind: game.Kind(in.Kind), Text: in.Text, Base: in.Base})
	if errors.Is(err, game.ErrConflict) {
		cur, lerr := s.cfg.Games.Load(r.Context(), id)
		if lerr != nil {
			return s.gameErr(r, lerr)
		}
		site.WriteJSONStatus(w, http.StatusConflict, conflictJSON{
			ErrorJSON: site.ErrorJSON{Error: site.CapMessage(err.Error()), Code: "conflict", Status: http.StatusConflict},
			Game:      view(id, cur, time.Now())})
		return nil
	}
	if err != nil {
		return s.gameErr(r, err)
	}
	site.WriteJSONStatus(w, http.StatusOK, view(id, g, time.Now()))
	return nil
}

// gameErr is the answer to an error of package game: 404 for no such game
// or seat (which says neither which), 400 for a malformed action, 422 for
// one that does not fit the game.
func (s *Server) gameErr(r *http.Request, err error) *site.Error {
	msg := site.CapMessage(err.Error())
	switch {
	case errors.Is(err, game.ErrNotFound):
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such game or seat"}
	case errors.Is(err, game.ErrConflict):
		return &site.Error{Status: http.StatusConflict, Code: "conflict", Msg: msg}
	case errors.Is(err, game.ErrInvalid):
		return &site.Error{Status: http.StatusBadRequest, Code: site.CodeInvalid, Msg: msg}
	case errors.Is(err, game.ErrTurn), errors.Is(err, game.ErrIllegal), errors.Is(err, game.ErrOver), errors.Is(err, game.ErrTime):
		return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state", Msg: msg}
	}
	return s.internal(r, err)
}

func (s *Server) internal(r *http.Request, err error) *site.Error {
	if log := s.site.Logger(); log != nil {
		log.Error("game", "path", middleware.RedactPath(r.URL.Path), "error", err.Error())
	}
	return &site.Error{Status: http.StatusInternalServerError, Code: "internal", Msg: "internal error: the game could not be read or written; try again"}
}

// GET /api/games/{id}/pgn: the game's PGN, with its clocks.
func (s *Server) pgn(w http.ResponseWriter, r *http.Request) *site.Error {
	id, g, e := s.checked(r)
	if e != nil {
		return e
	}
	full, e := s.seated(r, id)
	if e != nil {
		return e
	}
	if !full {
		g, _, _ = g.Shown(time.Now())
	}
	body := []byte(g.PGN(game.Players{Event: "Casual game", Site: "chess960 serve"}).String())
	h := w.Header()
	h.Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="game-`+id+`.pgn"`)
	h.Set("Cache-Control", site.CacheNever)
	w.Write(body)
	return nil
}

// logArrive logs an arrival that could not be recorded (the seat plays
// on; the next connection tries again).
func (s *Server) logArrive(id string, err error) {
	if log := s.site.Logger(); log != nil {
		log.Error("game arrival", "game", id, "error", err.Error())
	}
}
