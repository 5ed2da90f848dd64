package eventweb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/pairing"
)

// Routes adds the event pages, the live stream, the exports and the event
// API to mux.
func (s *Server) Routes(mux *http.ServeMux) {
	page := func(pattern string, h site.HandlerFunc) { mux.Handle(pattern, s.site.Handler(h)) }
	api := page
	page("GET /events", s.eventsIndex)
	page("GET /events/new", s.eventNew)
	page("POST /events", s.eventCreate)
	page("GET /e/{id}", s.eventPublic)
	page("GET /e/{id}/verify", s.eventVerify)
	page("GET /e/{id}/pgn/{round}/{board}", s.eventBoardPGN)
	for _, name := range []string{"export.trf", "standings.csv", "games.pgn", "event.json"} {
		page("GET /e/{id}/"+name, s.publicExport(name))
	}
	mux.Handle("GET /e/{id}/live", http.HandlerFunc(s.eventLive))
	page("GET /e/{id}/a/{token}", s.adminGET)
	page("GET /e/{id}/a/{token}/{tab}", s.adminGET)
	page("GET /e/{id}/a/{token}/round/{n}", s.adminGET)
	page("POST /e/{id}/a/{token}/do", s.adminDo)
	page("GET /e/{id}/p/{token}", s.playerGET)
	page("GET /e/{id}/round/{file}", s.roundFeed)

	s.printRoutes(page)

	api("POST /api/events", s.apiEventCreate)
	api("GET /api/events/{id}", s.apiEvent)
	api("GET /api/events/{id}/standings", s.apiStandings)
	api("GET /api/events/{id}/bracket", s.apiBracket)
	api("GET /api/events/{id}/history", s.apiHistory)
	api("POST /api/events/{id}/changes", s.apiChange)
	api("GET /api/events/{id}/me", s.apiPlayer)
	api("GET /api/events/{id}/rounds/{n}/games", s.apiRoundGames)
	page("GET /e/{id}/a/{token}/games/{n}", s.adminRoundGames)
}

func exportQuery(r *http.Request, name string) *site.Error {
	q, e := site.ParseQuery(r.URL.RawQuery)
	if e != nil {
		return e
	}
	if name == "export.trf" {
		if e := q.Only("format"); e != nil {
			return e
		}
		if f := q.Get("format"); f != "" && f != "trf16" && f != "trf26" && f != "trf2026" {
			return site.BadParam("format", f, "want trf16, or nothing for TRF-2026")
		}
		return nil
	}
	return q.Only()
}

func (s *Server) publicExport(name string) site.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) *site.Error {
		st, e := s.loadPublic(r)
		if e != nil {
			return e
		}
		if e := exportQuery(r, name); e != nil {
			return e
		}
		return s.export(w, r, st.Public().Redacted(), name, false)
	}
}

// export writes one of the event's files: TRF (TRF-2026, or TRF-16 with
// ?format=trf16), the standings as CSV, the games as PGN, or the event
// as JSON.
func (s *Server) export(w http.ResponseWriter, r *http.Request, ev event.Event, name string, admin bool) *site.Error {
	var b bytes.Buffer
	ctype := "text/plain; charset=utf-8"
	file := ev.ID
	if admin {
		file += "-admin"
	}
	switch name {
	case "export.trf":
		f := pairing.TRF2026
		if r.URL.Query().Get("format") == "trf16" {
			f = pairing.TRF16
		}
		if err := ev.TRF(&b, f); err != nil {
			// The model writes no TRF while a round is in play (a board
			// without its result): a matter of the event's state.
			return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state",
				Msg: "TRF export: " + site.CapMessage(err.Error()) + " (the TRF is written once every board of the rounds played has a result)"}
		}
		file += ".trf"
	case "standings.csv":
		stand, err := ev.Standings(0)
		if err != nil {
			return s.eventErr(r, err)
		}
		if err := event.WriteStandingsCSV(&b, ev, stand); err != nil {
			return s.eventErr(r, err)
		}
		ctype, file = "text/csv; charset=utf-8", file+"-standings.csv"
	case "games.pgn":
		if ev.Play.InApp() && s.cfg.Play != nil {
			// Every round's games as the feeds have them: the games in the
			// app as they stand (under the spectators' delay).
			for n := range ev.Schedule {
				if err := s.writeRound(r.Context(), &b, &ev, n+1); err != nil {
					return s.eventErr(r, err)
				}
			}
		} else if err := ev.PGN(&b); err != nil {
			return s.eventErr(r, err)
		}
		ctype, file = "application/x-chess-pgn", file+".pgn"
	case "event.json":
		b.Write(site.MarshalCLI(eventjson.FromEvent(ev)))
		ctype, file = "application/json; charset=utf-8", file+".json"
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", site.CacheNever)
	h.Set("Content-Disposition", `attachment; filename="`+file+`"`)
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.Write(b.Bytes())
	return nil
}

// GET /e/{id}/pgn/{round}/{board}: one game's PGN.
func (s *Server) eventBoardPGN(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	rn, err1 := strconv.Atoi(r.PathValue("round"))
	bn, err2 := strconv.Atoi(r.PathValue("board"))
	if err1 != nil || err2 != nil || rn < 1 || bn < 1 {
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such game: want /e/ID/pgn/ROUND/BOARD with numbers"}
	}
	ev := st.Public()
	b, err := ev.BoardPGN(rn, bn)
	if err != nil {
		return s.eventErr(r, err)
	}
	h := w.Header()
	h.Set("Content-Type", "application/x-chess-pgn")
	h.Set("Cache-Control", site.CacheNever)
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-r%d-b%d.pgn"`, ev.ID, rn, bn))
	w.Write(b)
	return nil
}

// GET /e/{id}/live: Server-Sent Events, an "event: version" each time the
// event changes (the current version first; at most one a second, the
// latest), a comment every 20 s to keep the connection, for at most 30
// minutes (the browser reconnects).
func (s *Server) eventLive(w http.ResponseWriter, r *http.Request) {
	fail := func(e *site.Error) { s.site.WriteError(w, r, e) }
	if s.cfg.Events == nil {
		fail(noDatabase())
		return
	}
	id := r.PathValue("id")
	if err := event.CheckID(id); err != nil {
		fail(&site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event: " + site.CapMessage(err.Error())})
		return
	}
	release, why := s.streams.Acquire(clientIP(r, s.cfg.ClientIPHeader))
	if release == nil {
		msg := "busy: too many live pages open; the page still works, reload it"
		if why == middleware.ClientFull {
			_, per := s.streams.Limits()
			msg = fmt.Sprintf("busy: %d live pages are open from your address, the most one address may hold; close some, the page still works, reload it", per)
		}
		fail(&site.Error{Status: http.StatusTooManyRequests, RetryAfter: 30, Code: site.CodeBusy, Msg: msg})
		return
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), s.liveMax)
	defer cancel()
	ch, err := s.cfg.Events.Watch(ctx, id)
	if err != nil {
		fail(s.eventErr(r, err))
		return
	}
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Now().Add(s.liveMax + time.Minute))
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", site.CacheNever)
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "retry: 5000\n\n")
	rc.Flush()
	tick := time.NewTicker(liveHeartbeat)
	defer tick.Stop()
	// The versions go out at most one each liveGap: a version that comes
	// sooner waits, and only the latest of those that wait is sent. Every
	// phone fetches the page on the news, so results entered at 10 a
	// second mean one fetch a second from each, not ten.
	var pending int64        // a version waiting for the gap to end, or 0
	var gap <-chan time.Time // the gap after the last version sent; nil: none
	first := true            // the current version, sent at once
	send := func(v int64) bool {
		s.warmPublicPage(r, id, v)
		if _, err := fmt.Fprintf(w, "event: version\ndata: %d\n\n", v); err != nil {
			return false
		}
		if s.liveGap > 0 {
			// A little longer on each stream, at random, so that streams
			// opened together (a room of phones) drift apart.
			d := s.liveGap
			if s.liveSpread > 0 {
				d += rand.N(s.liveSpread)
			}
			gap = s.liveAfter(d)
		}
		return true
	}
	for {
		select {
		case <-ctx.Done():
			return
		case v, ok := <-ch:
			if !ok {
				return
			}
			if gap != nil {
				pending = v
				continue
			}
			if !first && s.liveSpread > 0 {
				// News after a quiet spell: each stream tells its page
				// after a random moment within liveSpread, so that the
				// phones' fetches come spread out, not all in the same
				// millisecond.
				pending = v
				gap = s.liveAfter(rand.N(s.liveSpread))
				continue
			}
			first = false
			if !send(v) {
				return
			}
		case <-gap:
			gap = nil
			if pending == 0 {
				continue
			}
			v := pending
			pending = 0
			if !send(v) {
				return
			}
		case <-tick.C:
			if _, err := io.WriteString(w, ": heartbeat\n\n"); err != nil {
				return
			}
		}
		if rc.Flush() != nil {
			return
		}
	}
}

// createJSON is the body of POST /api/events.
type createJSON struct {
	Settings eventjson.Settings `json:"settings"`
	Seed     string             `json:"seed,omitempty"`
	// WeakSeed accepts an own seed of fewer than 128 bits (see
	// event.Init.WeakSeed).
	WeakSeed bool                   `json:"weakSeed,omitempty"`
	Players  []eventjson.PlayerInfo `json:"players,omitempty"`
	// From makes a knockout the next stage of earlier events.
	From []eventjson.StageSource `json:"from,omitempty"`
}

// createdJSON is the answer of POST /api/events: the event (the admin
// view) and the admin link's path, shown this once.
type createdJSON struct {
	Event eventjson.Event `json:"event"`
	Admin string          `json:"admin"`
}

// changedJSON is the answer of POST /api/events/{id}/changes: the event
// (the admin view) and, for a change that makes a link, its path.
type changedJSON struct {
	Event eventjson.Event `json:"event"`
	Link  string          `json:"link,omitempty"`
}

// conflictJSON is the 409 of a change whose subject changed meanwhile,
// with the event as it now is.
type conflictJSON struct {
	site.ErrorJSON
	Event eventjson.Event `json:"event"`
}

// historyJSON is one change of GET /api/events/{id}/history.
type historyJSON struct {
	Version int64            `json:"version"`
	At      time.Time        `json:"at"`
	Kind    event.ChangeKind `json:"kind"`
	By      string           `json:"by"`
	Change  json.RawMessage  `json:"change,omitempty"`
}

// POST /api/events.
func (s *Server) apiEventCreate(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	var in createJSON
	if e := site.ReadJSON(w, r, maxImport, &in); e != nil {
		return e
	}
	var from []event.StageSource
	for _, f := range in.From {
		from = append(from, event.StageSource{Event: f.Event, Top: f.Top})
	}
	st, tok, err := s.cfg.Events.Create(r.Context(), event.Init{Settings: in.Settings.Model(), Seed: in.Seed, WeakSeed: in.WeakSeed, Players: eventjson.Players(in.Players), From: from})
	if err != nil {
		return s.eventErr(r, err)
	}
	w.Header().Set("Location", "/api/events/"+st.ID())
	site.WriteJSONStatus(w, http.StatusCreated, createdJSON{Event: eventjson.FromEvent(st.Admin()), Admin: "/e/" + st.ID() + "/a/" + tok})
	return nil
}

// GET /api/events/{id}: the public view.
func (s *Server) apiEvent(w http.ResponseWriter, r *http.Request) *site.Error {
	pg, e := s.publicRendering(r, false, func() (string, *site.Error) { return "json", site.NoQuery(r) },
		func(st *event.State) (renderedPage, *site.Error) {
			return renderedPage{body: site.MarshalCLI(eventjson.FromEvent(st.Public().Redacted()))}, nil
		})
	if e != nil {
		return e
	}
	writePublicJSON(w, pg)
	return nil
}

// writePublicJSON writes the JSON of an event's public view or standings,
// made once per version (publicRendering).
func writePublicJSON(w http.ResponseWriter, pg renderedPage) {
	h := w.Header()
	h["Content-Type"] = site.JSONType()
	h.Set("Cache-Control", site.CacheNever)
	h.Set("Content-Length", strconv.Itoa(len(pg.body)))
	w.WriteHeader(http.StatusOK)
	w.Write(pg.body)
}

// GET /api/events/{id}/standings?after=N.
func (s *Server) apiStandings(w http.ResponseWriter, r *http.Request) *site.Error {
	after := 0
	query := func() (string, *site.Error) {
		q, e := site.ParseQuery(r.URL.RawQuery)
		if e != nil {
			return "", e
		}
		if e := q.Only("after"); e != nil {
			return "", e
		}
		if v := q.Get("after"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 2*event.MaxRounds {
				return "", site.BadParam("after", v, "want a round number, 0..%d", 2*event.MaxRounds)
			}
			after = n
		}
		return "standings/" + strconv.Itoa(after), nil
	}
	pg, e := s.publicRendering(r, false, query, func(st *event.State) (renderedPage, *site.Error) {
		stand, err := st.Standings(after)
		if err != nil {
			return renderedPage{}, s.eventErr(r, err)
		}
		return renderedPage{body: site.MarshalCLI(eventjson.FromStandings(stand))}, nil
	})
	if e != nil {
		return e
	}
	writePublicJSON(w, pg)
	return nil
}

// GET /api/events/{id}/history: the changes, oldest first. A manual
// pairing of a round still in draft is listed without its pairs.
func (s *Server) apiHistory(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	chs, err := s.cfg.Events.History(r.Context(), st.ID(), 0)
	if err != nil {
		return s.eventErr(r, err)
	}
	public := len(st.Public().Schedule)
	out := []historyJSON{}
	for _, c := range chs {
		h := historyJSON{Version: c.Version, At: c.At, Kind: event.ChangeKind(c.Kind), By: c.By}
		// The change as the API writes a change (eventjson.Change), not as
		// the history stores it.
		ch, err := event.DecodeChange(c.Body)
		switch {
		case err != nil:
		case h.Kind == event.KindAddLink, h.Kind == event.KindRevokeLink, h.Kind == event.KindRotateAdmin:
			// The links are the admin's business, as in the public
			// event (which has no links): the history says a link
			// changed, not its label or ID. A label appears in public
			// only as the name on the results its link entered.
		case h.Kind == event.KindSetPairing && ch.Round > public:
			// A draft's manual pairing is not public yet.
		default:
			// What a crosstable shows of a player, no more: no birth
			// date or sex (as in the public event).
			for i := range ch.Players {
				ch.Players[i].Birth, ch.Players[i].Sex = "", ""
			}
			h.Change, _ = json.Marshal(eventjson.FromChange(ch))
		}
		out = append(out, h)
	}
	site.WriteJSONStatus(w, http.StatusOK, out)
	return nil
}

// POST /api/events/{id}/changes, with Authorization: Bearer TOKEN.
func (s *Server) apiChange(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || tok == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="chess960 event"`)
		return &site.Error{Status: http.StatusUnauthorized, Param: "Authorization", Code: "unauthorized",
			Msg: "Authorization: want Bearer TOKEN, the token of the event's admin or arbiter link"}
	}
	r.SetPathValue("token", strings.TrimSpace(tok))
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	var body eventjson.Change
	if e := site.ReadJSON(w, r, maxImport, &body); e != nil {
		return e
	}
	c := body.Model()
	if len(c.PGN) > maxPGN {
		return &site.Error{Status: http.StatusRequestEntityTooLarge, Param: "pgn", Code: site.CodeTooLarge, Msg: fmt.Sprintf("pgn: %d bytes, at most %d", len(c.PGN), maxPGN)}
	}
	if c.Kind == event.KindCreate || c.Kind == event.KindImport {
		return site.BadParam("kind", string(c.Kind), "want one of %s", event.KindNames())
	}
	st, secret, err := s.applyChange(r, a.st, event.Actor{Role: a.role, Label: a.label}, c)
	var ce *event.ConflictError
	if errors.As(err, &ce) {
		site.WriteJSONStatus(w, http.StatusConflict, conflictJSON{
			ErrorJSON: site.ErrorJSON{Error: ce.Error(), Code: "conflict", Status: http.StatusConflict},
			Event:     eventjson.FromEvent(ce.State.Admin())})
		return nil
	}
	if err != nil {
		return s.eventErr(r, err)
	}
	out := changedJSON{Event: eventjson.FromEvent(st.Admin())}
	if secret != "" {
		out.Link = "/e/" + st.ID() + "/a/" + secret
		if c.Kind == event.KindRotatePlayer {
			out.Link = "/e/" + st.ID() + "/p/" + secret
		}
	}
	site.WriteJSONStatus(w, http.StatusOK, out)
	return nil
}

// describeChange is a line of the history as the admin pages list it.
func describeChange(v int64, at time.Time, kind, by string, body []byte) historyRow {
	h := historyRow{Version: v, Day: at.Format("2006-01-02"), Time: at.Format("15:04"), Kind: event.ChangeKind(kind), By: by}
	c, err := event.DecodeChange(body)
	if err != nil {
		return h
	}
	switch event.ChangeKind(kind) {
	case event.KindResult:
		res := c.Result
		if res == "" {
			res = "cleared"
		}
		h.What = fmt.Sprintf("round %d, board %d: %s", c.Round, c.Board, res)
	case event.KindPGN:
		h.What = fmt.Sprintf("round %d, board %d: PGN", c.Round, c.Board)
	case event.KindPair, event.KindSetPairing, event.KindUnpair, event.KindPublish, event.KindStart:
		if c.Round > 0 {
			h.What = fmt.Sprintf("round %d", c.Round)
		}
	case event.KindAddPlayers:
		h.What = fmt.Sprintf("%d player(s)", len(c.Players))
	case event.KindWithdraw, event.KindReinstate, event.KindEditPlayer:
		h.What = fmt.Sprintf("player %d", c.Player)
	case event.KindBye:
		h.What = fmt.Sprintf("player %d, round %d: %s", c.Player, c.Round, byeName(c.Bye))
	case event.KindAddLink:
		h.What = c.Label
	case event.KindRevokeLink:
		h.What = c.Label // the revoked link's label, recorded with the change
	}
	return h
}
