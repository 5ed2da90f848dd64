package eventweb

import (
	"bytes"
	"encoding/csv"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/server/site"
)

// A player's page, /e/{id}/p/{token}: the player's own link for the whole
// event (event.State.PlayerToken), a capability like an arbiter's. It shows
// the event as the public sees it (no draft pairing, no position before
// its round starts) and, for this player, each round's pairing, the game
// to open once the round starts (with the seat's token in the link's
// fragment, which no log sees), the study window's end, and the results.
// GET /api/events/{id}/me, with the token as a Bearer, is the same as
// JSON. A wrong token and a missing event get the same 404.

// playerReq is a player's link opened.
type playerReq struct {
	st     *event.State
	player event.Player
	token  string
}

// loadPlayer loads the event of a player path (or of a Bearer token, on
// the API) and finds its player.
func (s *Server) loadPlayer(r *http.Request, tok string) (playerReq, *site.Error) {
	if s.cfg.Events == nil {
		return playerReq{}, noDatabase()
	}
	id := r.PathValue("id")
	if event.CheckID(id) != nil || len(tok) > 100 || tok == "" {
		return playerReq{}, noPlayer()
	}
	st, err := s.cfg.Events.Load(r.Context(), id)
	if errors.Is(err, event.ErrNotFound) {
		return playerReq{}, noPlayer()
	}
	if err != nil {
		return playerReq{}, s.eventErr(r, err)
	}
	pid := st.PlayerOf(tok)
	if pid == 0 {
		return playerReq{}, noPlayer()
	}
	for _, p := range st.Public().Players {
		if p.ID == pid {
			return playerReq{st: st, player: p, token: tok}, nil
		}
	}
	return playerReq{}, noPlayer()
}

func noPlayer() *site.Error {
	return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event or player link: ask the arbiter for your link"}
}

// playerRound is one round as its player sees it.
type playerRound struct {
	Round  int               `json:"round"`
	Status event.RoundStatus `json:"status"`
	// Board, Color and Opponent: the pairing; Bye instead for a round
	// without a game.
	Board    int            `json:"board,omitempty"`
	Color    string         `json:"color,omitempty"` // "w" or "b"
	Opponent *playerRef     `json:"opponent,omitempty"`
	Bye      event.ByeKind  `json:"bye,omitempty"`
	Result   event.Result   `json:"result,omitempty"`
	Points   string         `json:"points,omitempty"` // the player's: "1", "½", "0"
	InApp    bool           `json:"inApp,omitempty"`  // the game is in the app
	Game     string         `json:"game,omitempty"`   // the game's ID, once the round started
	Link     string         `json:"link,omitempty"`   // the game's page with the seat: /g/{game}#{seat}
	Clocks   *time.Time     `json:"clocks,omitempty"` // when the clocks start
	Position *positionBrief `json:"position,omitempty"`
}

type playerRef struct {
	ID     int    `json:"id"`
	Number int    `json:"number"`
	Name   string `json:"name"`
	Rating int    `json:"rating,omitempty"`
}

type positionBrief struct {
	ID   int    `json:"id"`
	Rank string `json:"rank"`
}

// playerJSON is GET /api/events/{id}/me.
type playerJSON struct {
	Event   string        `json:"event"`
	Name    string        `json:"name"`
	Version int64         `json:"version"`
	Player  playerRef     `json:"player"`
	Rounds  []playerRound `json:"rounds"`
}

// playerRounds lists the player's rounds, public ones only.
func playerRounds(st *event.State, pl event.Player) []playerRound {
	ev := st.Public()
	byID := map[int]event.Player{}
	for _, p := range ev.Players {
		byID[p.ID] = p
	}
	var out []playerRound
	for _, r := range ev.Schedule {
		pr := playerRound{Round: r.Number, Status: r.Status}
		found := false
		for _, b := range r.Boards {
			if b.White != pl.ID && b.Black != pl.ID {
				continue
			}
			found = true
			pr.Board, pr.Result = b.Board, b.Result
			opp, color := b.Black, "w"
			if b.Black == pl.ID {
				opp, color = b.White, "b"
			}
			pr.Color = color
			if o, ok := byID[opp]; ok {
				pr.Opponent = &playerRef{ID: o.ID, Number: o.Number, Name: o.Name, Rating: o.Rating}
			}
			w, bl := b.Result.Halves()
			if b.Result != "" {
				h := w
				if color == "b" {
					h = bl
				}
				pr.Points = halves(h)
			}
			pr.InApp = b.Game != ""
			if b.Game != "" && r.Status == event.Started {
				pr.Game = b.Game
				pr.Link = "/g/" + b.Game + "#" + st.SeatToken(b.Game, color)
			}
			pos := r.Position
			if b.Position != nil {
				pos = b.Position
			}
			if pos != nil && r.Status == event.Started {
				pr.Position = &positionBrief{ID: pos.ID(), Rank: pos.String()}
			}
		}
		if !found {
			for _, y := range r.Byes {
				if y.Player == pl.ID {
					pr.Bye = y.Kind
				}
			}
		}
		if !r.Clocks.IsZero() && pr.Game != "" {
			c := r.Clocks
			pr.Clocks = &c
		}
		out = append(out, pr)
	}
	return out
}

func halves(h int) string {
	switch h {
	case 2:
		return "1"
	case 1:
		return "½"
	}
	return "0"
}

// GET /api/events/{id}/me: the player's rounds, for the Bearer token of
// their link.
func (s *Server) apiPlayer(w http.ResponseWriter, r *http.Request) *site.Error {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || tok == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="chess960 player"`)
		return &site.Error{Status: http.StatusUnauthorized, Param: "Authorization", Code: "unauthorized",
			Msg: "Authorization: want Bearer TOKEN, the token of the player's link (/e/ID/p/TOKEN)"}
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	p, e := s.loadPlayer(r, strings.TrimSpace(tok))
	if e != nil {
		return e
	}
	ev := p.st.Public()
	w.Header().Set("Cache-Control", site.CacheNever)
	site.WriteJSONStatus(w, http.StatusOK, playerJSON{Event: ev.ID, Name: ev.Name, Version: ev.Version,
		Player: playerRef{ID: p.player.ID, Number: p.player.Number, Name: p.player.Name, Rating: p.player.Rating},
		Rounds: playerRounds(p.st, p.player)})
	return nil
}

// playerPage is what templates/player.html gets.
type playerPage struct {
	*eventPage
	Player event.Player
	Rounds []playerRound
	// Current is the round to show first: the last one public.
	Current *playerRound
	Now     time.Time
}

// GET /e/{id}/p/{token}: the player's page.
func (s *Server) playerGET(w http.ResponseWriter, r *http.Request) *site.Error {
	if e := site.NoQuery(r); e != nil {
		return e
	}
	p, e := s.loadPlayer(r, r.PathValue("token"))
	if e != nil {
		return e
	}
	ev := p.st.Public().Redacted()
	page := &playerPage{eventPage: s.newEventPage(r, p.player.Name+" · "+ev.Name, ev), Player: p.player,
		Rounds: playerRounds(p.st, p.player), Now: time.Now()}
	page.Script = "event.js"
	page.Description = "Your pairings and games in " + ev.Name + "."
	if n := len(page.Rounds); n > 0 {
		page.Current = &page.Rounds[n-1]
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	return s.site.WritePage(w, r, "player", page, http.StatusOK, site.CacheNever)
}

// playerLink is a player's link as the arbiters' page lists it.
type playerLink struct {
	Player event.Player
	Path   string // /e/{id}/p/{token}
}

// playerLinks lists every player's link, in pairing-number order.
func playerLinks(st *event.State, ev event.Event) []playerLink {
	var out []playerLink
	for _, p := range ev.Players {
		if tok := st.PlayerToken(p.ID); tok != "" {
			out = append(out, playerLink{Player: p, Path: "/e/" + ev.ID + "/p/" + tok})
		}
	}
	slices.SortFunc(out, func(a, b playerLink) int { return a.Player.Number - b.Player.Number })
	return out
}

// GET /e/{id}/a/{token}/player-links.csv: the players' links, for a mail
// merge: number, name, FIDE ID, the link (absolute, from the request's
// host), guarded against spreadsheet formulas.
func (s *Server) playerLinksCSV(w http.ResponseWriter, r *http.Request, st *event.State) *site.Error {
	ev := st.Admin()
	links := playerLinks(st, ev)
	if len(links) == 0 {
		return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state", Msg: "the event plays over the board: its players have no links (set play to app or hybrid in the settings)"}
	}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.UseCRLF = true
	cw.Write([]string{"number", "name", "fide id", "link"})
	for _, l := range links {
		cw.Write([]string{strconv.Itoa(l.Player.Number), event.CSVText(l.Player.Name), l.Player.FideID, linkBase(r) + l.Path})
	}
	cw.Flush()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", `attachment; filename="`+ev.ID+`-player-links.csv"`)
	w.Write(b.Bytes())
	return nil
}

// linkBase is the scheme and host of the links handed out on paper and
// by mail, from the request: https behind a proxy that ends TLS and says
// so (X-Forwarded-Proto), else as the request came.
func linkBase(r *http.Request) string {
	scheme := "https"
	if r.TLS == nil && !strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "http"
	}
	return scheme + "://" + r.Host
}
