package eventweb

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/eventplay"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/middleware"
	"github.com/chess960/chess960/internal/server/site"
)

// Limits of the event pages and API.
const (
	maxImport     = 1 << 20  // bytes of a players' file (CSV or TRF), or of an API body
	maxPGN        = 64 << 10 // bytes of one game's PGN
	maxForm       = maxImport + 64<<10
	maxCreateForm = maxImport + 64<<10

	// DefaultWriteRate and DefaultWriteBurst are the token bucket of
	// writes per client IP: POSTs under /events, /e/ and /api/events.
	DefaultWriteRate  = 5
	DefaultWriteBurst = 20
	// DefaultMaxStreams is how many live streams (GET /e/{id}/live) may be
	// open at once; more are answered 429.
	DefaultMaxStreams = 1000
	liveHeartbeat     = 20 * time.Second
	liveMaxTime       = 30 * time.Minute
	// liveGap is the least time between two versions one live stream
	// sends (the latest goes out at the end of the gap).
	liveGap = time.Second
	// liveSpread is the most a stream waits before it tells of a version
	// that comes after a quiet spell, and the most it adds to a gap: the
	// phones' fetches spread over it. At 250 ms, 1,000 phones fetching
	// within it kept both CPUs busy, and a visitor's page waited behind
	// them (bench-event-play: p99 18 to 33 ms); spread over a second
	// they do not queue (9 to 10 ms), and a result reaches the phones at
	// most a second later.
	liveSpread = time.Second
)

// noDatabase answers the event routes of a server without events.
func noDatabase() *site.Error {
	return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound,
		Msg: "this server runs without a database, so it keeps no events: start it with one to run tournaments"}
}

// noEvent is the one answer to an admin link that does not open: it does
// not say whether the event exists.
func noEvent() *site.Error {
	return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event or link"}
}

// redactPath is middleware.RedactPath: the path fit for the log.
func redactPath(p string) string { return middleware.RedactPath(p) }

// eventErr turns an error of the event model or the store into the
// answer: 404 for no such event, 403 for a role that may not, 422 for a
// change that does not fit the event's state, 400 for a malformed one. Any
// other error is the server's own (500).
func (s *Server) eventErr(r *http.Request, err error) *site.Error {
	msg := site.CapMessage(err.Error())
	switch {
	case errors.Is(err, event.ErrNotFound):
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event"}
	case errors.Is(err, event.ErrBusy):
		return &site.Error{Status: http.StatusServiceUnavailable, RetryAfter: 2, Code: site.CodeBusy, Msg: msg + "; nothing was changed: send it again in a few seconds"}
	case errors.Is(err, event.ErrForbidden):
		return &site.Error{Status: http.StatusForbidden, Code: "forbidden", Msg: msg}
	case errors.Is(err, event.ErrConfirm):
		return &site.Error{Status: http.StatusConflict, Param: "confirm", Code: "confirm", Msg: msg}
	case errors.Is(err, eventplay.ErrGameOver):
		return &site.Error{Status: http.StatusConflict, Code: "state", Msg: msg}
	case errors.Is(err, event.ErrState):
		return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state", Msg: msg}
	case errors.Is(err, event.ErrInvalid):
		return &site.Error{Status: http.StatusBadRequest, Code: site.CodeInvalid, Msg: msg}
	case errors.Is(err, context.Canceled):
		return &site.Error{Status: 499, Code: site.CodeClientGone, Msg: "client went away"}
	}
	if s.site.Logger() != nil {
		s.site.Logger().Error("event", "path", redactPath(r.URL.Path), "error", err.Error())
	}
	return &site.Error{Status: http.StatusInternalServerError, Code: "internal", Msg: "internal error: the event could not be read or written; try again"}
}

// applyChange applies an organiser's or arbiter's change: a result goes
// through the games' coordinator (a result on a board whose game is in
// play ends the game), and a round started in the app gets its games.
func (s *Server) applyChange(r *http.Request, st *event.State, who event.Actor, c event.Change) (*event.State, string, error) {
	ctx := r.Context()
	if c.Kind == event.KindResult && s.cfg.Play != nil {
		next, err := s.cfg.Play.EnterResult(ctx, st, who, c)
		return next, "", err
	}
	next, secret, err := s.cfg.Events.ApplyTo(ctx, st, who, c)
	if err == nil && c.Kind == event.KindStart && s.cfg.Play != nil && next.Admin().Play.InApp() {
		// The games now; any not made here (the database failing) are
		// made by the coordinator's next sweep, on any instance.
		if _, gerr := s.cfg.Play.MakeGames(ctx, next); gerr != nil && s.site.Logger() != nil {
			s.site.Logger().Error("event games", "event", next.ID(), "error", gerr.Error())
		}
	}
	return next, secret, err
}

// csrfToken is the hidden token of an admin link's forms:
// HMAC-SHA256(key = the link's token, "csrf:" + event ID). It needs no
// state, so any instance checks it.
func csrfToken(token, id string) string {
	m := hmac.New(sha256.New, []byte(token))
	io.WriteString(m, "csrf:"+id)
	return hex.EncodeToString(m.Sum(nil))
}

// checkCSRF checks a form's CSRF token in constant time.
func checkCSRF(r *http.Request, token, id string) *site.Error {
	got := r.PostFormValue("csrf")
	if !hmac.Equal([]byte(got), []byte(csrfToken(token, id))) {
		return &site.Error{Status: http.StatusForbidden, Param: "csrf", Code: "csrf",
			Msg: "csrf: the form's token does not match this link: reload the page and send the form again"}
	}
	return nil
}

// sameOrigin refuses a request a browser says comes from another site:
// Sec-Fetch-Site other than same-origin (or none, typed by the user), or
// an Origin whose host is not the request's.
func sameOrigin(r *http.Request) *site.Error {
	refuse := func(why string) *site.Error {
		return &site.Error{Status: http.StatusForbidden, Code: "crossSite", Msg: "cross-site request refused: " + why}
	}
	if v := r.Header.Get("Sec-Fetch-Site"); v != "" && v != "same-origin" && v != "none" {
		return refuse("Sec-Fetch-Site is " + quote.Input(v))
	}
	if o := r.Header.Get("Origin"); o != "" {
		if o == "null" && r.Header.Get("Sec-Fetch-Site") == "same-origin" {
			// A browser that sends no referrer may send Origin null on
			// a same-origin form; Sec-Fetch-Site, which no page can
			// set, says where it came from.
			return nil
		}
		u, err := url.Parse(o)
		if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
			return refuse("Origin " + quote.Input(o) + " is not this site")
		}
	}
	return nil
}

// clientIP is middleware.ClientIP.
func clientIP(r *http.Request, header string) string { return middleware.ClientIP(r, header) }

// limitWrites answers a write over the client's rate 429.
func (s *Server) limitWrites(r *http.Request) *site.Error {
	if r.Method != http.MethodPost {
		return nil
	}
	if ok, wait := s.writes.Allow(clientIP(r, s.cfg.ClientIPHeader)); !ok {
		return &site.Error{Status: http.StatusTooManyRequests, RetryAfter: wait, Code: site.CodeBusy,
			Msg: fmt.Sprintf("too many changes: at most %g a second from one address; retry in %d s", s.writes.Rate(), wait)}
	}
	return nil
}

// loadPublic loads the event of the path's {id}.
func (s *Server) loadPublic(r *http.Request) (*event.State, *site.Error) {
	if s.cfg.Events == nil {
		return nil, noDatabase()
	}
	id := r.PathValue("id")
	if err := event.CheckID(id); err != nil {
		return nil, &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such event: " + site.CapMessage(err.Error())}
	}
	st, err := s.cfg.Events.Load(r.Context(), id)
	if err != nil {
		return nil, s.eventErr(r, err)
	}
	return st, nil
}

// admin is an admin link opened: the event, the link's token, role and
// label.
type admin struct {
	st    *event.State
	token string
	role  event.Role
	label string
}

// base is the admin link's path.
func (a admin) base() string { return "/e/" + a.st.ID() + "/a/" + a.token }

// loadAdmin loads the event of an admin path and checks its token; a
// wrong token and a missing event get the same 404.
func (s *Server) loadAdmin(r *http.Request) (admin, *site.Error) {
	if s.cfg.Events == nil {
		return admin{}, noDatabase()
	}
	id, tok := r.PathValue("id"), r.PathValue("token")
	if event.CheckID(id) != nil || len(tok) > 100 {
		return admin{}, noEvent()
	}
	st, err := s.cfg.Events.Load(r.Context(), id)
	if errors.Is(err, event.ErrNotFound) {
		return admin{}, noEvent()
	}
	if err != nil {
		return admin{}, s.eventErr(r, err)
	}
	role, label := st.Role(tok)
	if role == "" {
		return admin{}, noEvent()
	}
	return admin{st: st, token: tok, role: role, label: label}, nil
}

// formInt reads an integer form field; "" is 0 unless required.
func formInt(r *http.Request, name string, required bool) (int, *site.Error) {
	v := strings.TrimSpace(r.PostFormValue(name))
	if v == "" {
		if required {
			return 0, site.Missing(name, "a number")
		}
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1_000_000 {
		return 0, site.BadParam(name, v, "want a whole number from 0 to 1000000")
	}
	return n, nil
}

// settingsFromForm reads the settings fields of the create and settings
// forms.
func settingsFromForm(r *http.Request) (event.Settings, *site.Error) {
	s := event.Settings{
		Name: r.PostFormValue("name"), Place: r.PostFormValue("place"),
		Start: strings.TrimSpace(r.PostFormValue("start")), End: strings.TrimSpace(r.PostFormValue("end")),
		System: event.System(r.PostFormValue("system")), TimeControl: r.PostFormValue("timeControl"),
	}
	var e *site.Error
	if s.Rounds, e = formInt(r, "rounds", false); e != nil {
		return s, e
	}
	if tb := strings.TrimSpace(r.PostFormValue("tieBreaks")); tb != "" {
		for _, f := range strings.Split(tb, ",") {
			s.TieBreaks = append(s.TieBreaks, strings.TrimSpace(f))
		}
	}
	s.LateEntries = r.PostFormValue("lateEntries")
	s.TieBreakRules = strings.TrimSpace(r.PostFormValue("tieBreakRules"))
	if s.UnratedRating, e = formInt(r, "unratedRating", false); e != nil {
		return s, e
	}
	s.Play = event.PlayMode(r.PostFormValue("play"))
	if s.Study, e = formInt(r, "study", false); e != nil {
		return s, e
	}
	if s.DefaultTime, e = formInt(r, "defaultTime", false); e != nil {
		return s, e
	}
	s.Delay = strings.TrimSpace(r.PostFormValue("delay"))
	if s.System == event.Knockout {
		if s.Knockout, e = knockoutFromForm(r); e != nil {
			return s, e
		}
	} else if s.Matches, e = matchesFromForm(r); e != nil {
		return s, e
	}
	s.Positions.PerBoard = r.PostFormValue("positions") == "board"
	s.Positions.Exclude = strings.TrimSpace(r.PostFormValue("exclude"))
	s.Positions.Balanced = r.PostFormValue("balanced") != ""
	if s.Positions.Balanced {
		if s.Positions.MaxEval, e = formInt(r, "maxEval", true); e != nil {
			return s, e
		}
	}
	return s, nil
}

// knockoutFromForm reads a knockout's fields of the settings form.
func knockoutFromForm(r *http.Request) (event.KnockoutRules, *site.Error) {
	var k event.KnockoutRules
	var e *site.Error
	if k.Games, e = formInt(r, "koGames", false); e != nil {
		return k, e
	}
	if k.FinalGames, e = formInt(r, "koFinalGames", false); e != nil {
		return k, e
	}
	var err error
	if k.Ladder, err = event.ParseLadder(r.PostFormValue("koLadder")); err != nil {
		return k, site.BadParam("koLadder", r.PostFormValue("koLadder"), "want stages such as 2@15+10, 2@5+3 (GAMES@CONTROL; sd@CONTROL for sudden death)")
	}
	k.Armageddon = r.PostFormValue("koArmageddon") != ""
	k.ArmageddonWhite = strings.TrimSpace(r.PostFormValue("koArmWhite"))
	k.ArmageddonBlack = strings.TrimSpace(r.PostFormValue("koArmBlack"))
	k.ArmageddonChoice = r.PostFormValue("koArmChoice") != ""
	if p := strings.TrimSpace(r.PostFormValue("koPlaces")); p != "" {
		if k.Places, err = event.ParsePlaces(p); err != nil {
			return k, site.BadParam("koPlaces", p, "want 2, 4, 8, ... or all")
		}
	}
	k.Colors = r.PostFormValue("koColors")
	k.Positions = r.PostFormValue("koPositions")
	k.Seeding = r.PostFormValue("koSeeding")
	return k, nil
}

// matchesFromForm reads the fields of a Swiss's or round robin's matches
// (none: single games).
func matchesFromForm(r *http.Request) (event.MatchRules, *site.Error) {
	var m event.MatchRules
	var e *site.Error
	if m.Games, e = formInt(r, "matchGames", false); e != nil || m.Games < 2 {
		return event.MatchRules{}, e
	}
	m.Scoring = r.PostFormValue("matchScoring")
	m.Positions = r.PostFormValue("matchPositions")
	m.Armageddon = r.PostFormValue("matchArmageddon") != ""
	m.ArmageddonWhite = strings.TrimSpace(r.PostFormValue("matchArmWhite"))
	m.ArmageddonBlack = strings.TrimSpace(r.PostFormValue("matchArmBlack"))
	return m, nil
}

// playerFromForm reads a player's fields.
func playerFromForm(r *http.Request) (event.PlayerInfo, *site.Error) {
	p := event.PlayerInfo{Name: r.PostFormValue("name"), FideID: strings.TrimSpace(r.PostFormValue("fideId")),
		Federation: strings.TrimSpace(r.PostFormValue("federation")), Title: strings.TrimSpace(r.PostFormValue("title")),
		Club: r.PostFormValue("club"), Sex: strings.TrimSpace(r.PostFormValue("sex")), Birth: strings.TrimSpace(r.PostFormValue("birth"))}
	var e *site.Error
	if p.Rating, e = formInt(r, "rating", false); e != nil {
		return p, e
	}
	if p.K, e = formInt(r, "k", false); e != nil {
		return p, e
	}
	p.AtBoard = r.PostFormValue("atBoard") != ""
	return p, nil
}

// parsePairs reads a manual pairing, by pairing numbers, in the one
// syntax of the web and the command line (event.ParseManual): one board a
// line, "3 7" or "3-7", "5 0" or "5 bye" for the pairing bye. adminDo turns
// the numbers into the players' IDs.
func parsePairs(text string) ([]event.ManualPair, *site.Error) {
	pairs, err := event.ParseManual(text)
	if err != nil {
		return nil, &site.Error{Status: http.StatusBadRequest, Param: "pairs", Code: site.CodeInvalid, Msg: site.CapMessage(err.Error())}
	}
	return pairs, nil
}

// readUpload returns the uploaded file of the field, or the text field of
// the same name + "Text", at most max bytes.
func readUpload(r *http.Request, field string, max int64) (string, *site.Error) {
	if r.MultipartForm != nil {
		if fh := r.MultipartForm.File[field]; len(fh) > 0 && fh[0].Size > 0 {
			if fh[0].Size > max {
				return "", &site.Error{Status: http.StatusRequestEntityTooLarge, Param: field, Code: site.CodeTooLarge,
					Msg: fmt.Sprintf("%s: the file has %d bytes, at most %d", field, fh[0].Size, max)}
			}
			f, err := fh[0].Open()
			if err != nil {
				return "", &site.Error{Status: http.StatusBadRequest, Param: field, Code: site.CodeInvalid, Msg: field + ": the upload cannot be read"}
			}
			defer f.Close()
			b, err := io.ReadAll(io.LimitReader(f, max+1))
			if err != nil {
				return "", &site.Error{Status: http.StatusBadRequest, Param: field, Code: site.CodeInvalid, Msg: field + ": the upload cannot be read"}
			}
			return string(b), nil
		}
	}
	t := r.PostFormValue(field + "Text")
	if int64(len(t)) > max {
		return "", &site.Error{Status: http.StatusRequestEntityTooLarge, Param: field, Code: site.CodeTooLarge,
			Msg: fmt.Sprintf("%s: %d bytes, at most %d", field, len(t), max)}
	}
	return t, nil
}

// parseForm reads a POSTed form (urlencoded or multipart) of at most max
// bytes.
func parseForm(w http.ResponseWriter, r *http.Request, max int64) *site.Error {
	r.Body = http.MaxBytesReader(w, r.Body, max)
	var err error
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		// The body is at most max bytes, all kept in memory: no
		// temporary files to remove.
		err = r.ParseMultipartForm(max)
	} else {
		err = r.ParseForm()
	}
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &mb):
		return &site.Error{Status: http.StatusRequestEntityTooLarge, Code: site.CodeTooLarge, Msg: fmt.Sprintf("form too large: at most %d bytes", max)}
	case err != nil:
		return &site.Error{Status: http.StatusBadRequest, Code: site.CodeInvalid, Msg: "form cannot be read: " + site.CapMessage(err.Error())}
	}
	for k, vs := range r.PostForm {
		if len(vs) > 1 {
			return site.BadParam(k, vs[1], "given %d times: give it once", len(vs)).WithCode(site.CodeRepeated)
		}
	}
	return nil
}

// confirmed checks the confirm box of a form whose change cannot be
// undone.
func confirmed(r *http.Request, what string) *site.Error {
	if r.PostFormValue("confirm") == "" {
		return &site.Error{Status: http.StatusBadRequest, Param: "confirm", Code: site.CodeMissing,
			Msg: "confirm: tick the box to " + what}
	}
	return nil
}

// changeFromForm builds the change an admin form asks for.
func changeFromForm(r *http.Request) (event.Change, *site.Error) {
	c := event.Change{Kind: event.ChangeKind(r.PostFormValue("kind"))}
	var e *site.Error
	if b := strings.TrimSpace(r.PostFormValue("base")); b != "" {
		v, err := strconv.ParseInt(b, 10, 64)
		if err != nil || v < 0 {
			return c, site.BadParam("base", b, "want the event's version the page showed, a whole number")
		}
		c.Base = v
	}
	num := func(dst *int, name string, required bool) {
		if e == nil {
			*dst, e = formInt(r, name, required)
		}
	}
	switch c.Kind {
	case event.KindAddPlayers:
		var p event.PlayerInfo
		if p, e = playerFromForm(r); e == nil {
			c.Players = []event.PlayerInfo{p}
		}
	case "import":
		var data string
		if data, e = readUpload(r, "file", maxImport); e != nil {
			return c, e
		}
		if strings.TrimSpace(data) == "" {
			return c, site.Missing("file", "a CSV file with a header row (name, rating, ...) or a TRF file")
		}
		ps, err := event.ReadPlayers([]byte(data))
		if err != nil {
			return c, &site.Error{Status: http.StatusBadRequest, Param: "file", Code: site.CodeInvalid, Msg: site.CapMessage(err.Error())}
		}
		c.Kind, c.Players = event.KindAddPlayers, ps
	case event.KindEditPlayer:
		num(&c.Player, "player", true)
		if e == nil {
			var p event.PlayerInfo
			if p, e = playerFromForm(r); e == nil {
				c.Players = []event.PlayerInfo{p}
			}
		}
	case event.KindWithdraw, event.KindBye:
		num(&c.Player, "player", true)
		num(&c.Round, "round", c.Kind == event.KindBye)
		c.Bye = event.ByeKind(r.PostFormValue("bye"))
	case event.KindReinstate, event.KindRotatePlayer:
		num(&c.Player, "player", true)
	case event.KindPair:
		num(&c.Round, "round", false)
	case event.KindUnpair, event.KindPublish, event.KindStart:
		num(&c.Round, "round", true)
	case event.KindSetPairing:
		num(&c.Round, "round", true)
		if e == nil {
			c.Pairs, e = parsePairs(r.PostFormValue("pairs"))
		}
	case event.KindResult:
		num(&c.Round, "round", true)
		num(&c.Board, "board", true)
		c.Result = r.PostFormValue("result")
		c.Confirm = r.PostFormValue("confirm") != ""
		c.Note = r.PostFormValue("note")
	case event.KindPGN:
		num(&c.Round, "round", true)
		num(&c.Board, "board", true)
		if e == nil {
			c.PGN, e = readUpload(r, "pgn", maxPGN)
		}
	case event.KindSettings:
		var set event.Settings
		if set, e = settingsFromForm(r); e == nil {
			c.Settings = &set
		}
	case event.KindDecide:
		c.Match = r.PostFormValue("match")
		num(&c.Player, "player", true)
		c.Note = r.PostFormValue("note")
	case event.KindChoose:
		c.Match = r.PostFormValue("match")
		c.Color = r.PostFormValue("color")
	case event.KindNextStage:
		c.Event = strings.TrimSpace(r.PostFormValue("event"))
	case event.KindAddLink:
		c.Label = r.PostFormValue("label")
	case event.KindRevokeLink:
		c.Link = r.PostFormValue("link")
		e = confirmed(r, "revoke the link: whoever has it can no longer open the event")
	case event.KindFinish:
		e = confirmed(r, "finish the event: the results become final and the seed is revealed")
	case event.KindRotateAdmin:
	case "":
		return c, site.Missing("kind", "the kind of change")
	default:
		return c, site.BadParam("kind", string(c.Kind), "want one of %s", event.KindNames())
	}
	return c, e
}

// backTab returns the admin tab a form goes back to: one the pages have,
// or the dashboard.
func backTab(v string) string {
	switch v {
	case "players", "settings", "links", "standings", "exports", "history", "player-links", "bracket":
		return v
	}
	if n, ok := strings.CutPrefix(v, "round/"); ok {
		if k, err := strconv.Atoi(n); err == nil && k > 0 && k <= 2*event.MaxRounds {
			return v
		}
	}
	return ""
}
