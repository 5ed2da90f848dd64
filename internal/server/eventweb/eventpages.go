package eventweb

import (
	"cmp"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/pairing/knockout"
)

// eventPage is what the event templates get: the page data, apart from the
// model. E holds the event's fields that the templates show; the methods
// below answer from the model (ev), which the templates do not reach.
type eventPage struct {
	site.Page
	E  eventView
	ev event.Event
	// byID is ev's players by ID, for the rows (players).
	byID map[int]*event.Player
	// bracket is a knockout's bracket, made once a page (Bracket), and
	// koBracket the bracket it is made of.
	bracket   *bracketView
	koBracket *knockout.Bracket
	// Admin pages: the link's path, its role and label, the forms' CSRF
	// token, and the tab shown.
	Admin bool
	Base  string
	Role  string
	Label string
	CSRF  string
	Tab   string
	// Created and Rotated show the admin link once, with "save this
	// link"; NewLink is a new arbiter link, shown once.
	Created bool
	Rotated bool
	NewLink string
	// Conflict is the message of a change refused because its subject
	// changed meanwhile; the page shows the current state.
	Conflict string
	Round    *event.Round
	RoundN   int
	Pairs    string
	Stand    *event.Standings
	History  []historyRow
	Next     []action
	Verify   *event.Verification
	Results  []event.Result
	// PlayerLinks are the players' own links (the player-links tab).
	PlayerLinks []playerLink
	// Games are the round's games in the app, by board (a round's tab).
	Games map[int]*gameBrief
	Form  createForm
	Error string
	// NotFound is the address of an admin page that does not exist (the
	// dashboard is shown with it, answered 404).
	NotFound string
	// Err is a refused form's reason, shown on the form it came from
	// (its key, see formKey), with the input kept in In.
	Err *formErr
	// Preview says what adding PreviewPlayer would do to the pairing
	// numbers (the add-player form's Preview button).
	Preview       string
	PreviewPlayer *event.PlayerInfo
	In            url.Values
	// Added is the player just added by hand: the page says so and the
	// name field has the focus again.
	Added *event.Player
	// NewLinkLabel and NewLinkMade describe NewLink.
	NewLinkLabel string
	NewLinkMade  time.Time
}

// formErr is a refused form: which form (formKey), which field, and why.
type formErr struct {
	Key, Field, Msg string
}

// ErrFor returns the message of the refused form with the key, or "".
func (p *eventPage) ErrFor(key string) string {
	if p.Err != nil && p.Err.Key == key {
		return p.Err.Msg
	}
	return ""
}

// Retry reports whether the form with the key was refused: it shows the
// input sent instead of the current values.
func (p *eventPage) Retry(key string) bool { return p.Err != nil && p.Err.Key == key }

// Val is a field of the refused form as it was sent (at most what the
// field takes; a longer value is not shown back).
func (p *eventPage) Val(field string) string {
	if p.In == nil {
		return ""
	}
	v := p.In.Get(field)
	limit := 200
	switch field {
	case "pairs":
		limit = 64 << 10
	case "fileText":
		limit = maxImport
	case "pgnText":
		limit = maxPGN
	}
	if len(v) > limit {
		return ""
	}
	return v
}

// formKey names the form a POST came from, so that a refusal shows next
// to it: the kind, and the board, player or link it is about.
func formKey(f url.Values) string {
	kind := f.Get("kind")
	switch event.ChangeKind(kind) {
	case event.KindResult, event.KindPGN:
		return kind + "-" + strings.TrimSpace(f.Get("board"))
	case event.KindEditPlayer, event.KindWithdraw, event.KindBye, event.KindReinstate:
		return kind + "-" + strings.TrimSpace(f.Get("player"))
	case event.KindRevokeLink:
		return kind + "-" + f.Get("link")
	}
	return kind
}

// playerForm is the player fields of a form, as text.
type playerForm struct {
	Name, Rating, Title, Federation, FideID, Club, Sex, Birth, K string
	AtBoard                                                      bool
	// Hybrid shows the at-a-board box (a hybrid event).
	Hybrid bool
}

// PlayerForm is a player's fields as the edit form shows them.
func (p *eventPage) PlayerForm(pl event.Player) playerForm {
	key := fmt.Sprintf("%s-%d", event.KindEditPlayer, pl.ID)
	if p.Retry(key) {
		return p.TypedPlayer()
	}
	r := ""
	if pl.Rating > 0 {
		r = strconv.Itoa(pl.Rating)
	}
	k := ""
	if pl.K > 0 {
		k = strconv.Itoa(pl.K)
	}
	return playerForm{Name: pl.Name, Rating: r, Title: pl.Title, Federation: pl.Federation, FideID: pl.FideID, Club: pl.Club, Sex: pl.Sex, Birth: pl.Birth,
		K: k, AtBoard: pl.AtBoard, Hybrid: p.ev.Play == event.PlayHybrid}
}

// NewPlayerForm is the add-a-player form's fields: empty, or as sent when
// it was refused.
func (p *eventPage) NewPlayerForm() playerForm {
	if p.Retry(string(event.KindAddPlayers)) || p.PreviewPlayer != nil {
		return p.TypedPlayer()
	}
	return playerForm{Hybrid: p.ev.Play == event.PlayHybrid}
}

// TypedPlayer is the player fields of the refused form as sent.
func (p *eventPage) TypedPlayer() playerForm {
	return playerForm{Name: p.Val("name"), Rating: p.Val("rating"), Title: p.Val("title"), Federation: p.Val("federation"),
		FideID: p.Val("fideId"), Club: p.Val("club"), Sex: p.Val("sex"), Birth: p.Val("birth"), K: p.Val("k"),
		AtBoard: p.Val("atBoard") != "", Hybrid: p.ev.Play == event.PlayHybrid}
}

// ByNumber returns the players in pairing-number order, the order every
// list of players shows.
func (p *eventPage) ByNumber() []event.Player {
	return playersByNumber(p.ev.Players)
}

func playersByNumber(ps []event.Player) []event.Player {
	out := slices.Clone(ps)
	slices.SortStableFunc(out, func(a, b event.Player) int {
		if a.Number == 0 || b.Number == 0 {
			return cmp.Compare(b.Number, a.Number) // unnumbered last
		}
		return cmp.Compare(a.Number, b.Number)
	})
	return out
}

// Badge is the round's status as every page shows it: draft, published,
// playing (started, results to come) or complete.
func (p *eventPage) Badge(r event.Round) string { return roundBadge(r) }

func roundBadge(r event.Round) string {
	if r.Status == event.Started {
		if r.Complete() {
			return "complete"
		}
		return "playing"
	}
	return string(r.Status)
}

// EventBadge is the event's state as every page shows it.
func (p *eventPage) EventBadge() string {
	switch n := len(p.ev.Schedule); {
	case p.ev.Finished:
		return "Finished"
	case n == 0:
		return "Not started"
	default:
		if l := p.KOLabel(p.ev.Schedule[n-1]); l != "" {
			return l + " " + roundBadge(p.ev.Schedule[n-1])
		}
		if l := p.ev.MatchRoundName(&p.ev.Schedule[n-1]); l != "" {
			return l + " " + roundBadge(p.ev.Schedule[n-1])
		}
		return "Round " + strconv.Itoa(n) + " " + roundBadge(p.ev.Schedule[n-1])
	}
}

// NextAfter is what the round page offers once the round n is complete:
// pairing the next round, or finishing the event.
func (p *eventPage) NextAfter(n int) []action {
	if len(p.ev.Schedule) != n || !p.ev.Schedule[n-1].Complete() {
		return nil
	}
	return nextActions(p.ev, p.Base)
}

// createForm is what the create and settings forms show.
type createForm struct {
	event.Settings
	TieBreakText string
	Seed         string
	Defaults     map[string]string
}

// LadderText is the knockout's ladder as the form writes it.
func (f createForm) LadderText() string { return event.LadderText(f.Knockout.Ladder) }

// PlacesText is the knockout's places as the form writes it.
func (f createForm) PlacesText() string {
	if f.System != event.Knockout && f.Knockout.Places == 0 {
		return "2"
	}
	return event.PlacesText(f.Knockout.Places)
}

// action is a next step the dashboard offers: a form button, or a link.
type action struct {
	Label, Kind, Href string
	Round             int
	Primary           bool
	// Disabled: not possible yet, for the reason of Note (a link to
	// NoteHref, where it is done).
	Disabled       bool
	Note, NoteHref string
}

// historyRow is one change of the event's history, as the pages list it.
type historyRow struct {
	Version int64
	Day     string
	Time    string
	Kind    event.ChangeKind
	By      string
	What    string
}

// Name returns the name of the player with the ID ("bye" for 0).
func (p *eventPage) Name(id int) string {
	if id == 0 {
		return "bye"
	}
	return p.ev.PlayerName(id)
}

// Number returns the pairing number of the player with the ID.
func (p *eventPage) Number(id int) int {
	if pl := p.ev.PlayerByID(id); pl != nil {
		return pl.Number
	}
	return 0
}

// LateRule says how a player added now is numbered.
func (p *eventPage) LateRule() string {
	public := false
	for _, r := range p.ev.Schedule {
		public = public || r.Status != event.Draft
	}
	top := 0
	for _, pl := range p.ev.Players {
		top = max(top, pl.Number)
	}
	switch {
	case !public:
		return "Until round 1 is published the pairing numbers follow the ratings (FIDE C.04.2): a new player is ranked in, and those below move down."
	case p.ev.LateEntries == event.LateNext:
		return "Late entries get the next free number: a player added now gets number " + strconv.Itoa(top+1) + ", and no other number changes."
	}
	return "Late entries are ranked in by rating (FIDE C.04.2): the players below move down, and the rounds already published keep the numbers they were published with. Preview shows who moves."
}

// NumberIn returns the pairing number of the player with the ID in the
// round: the one it was published with, which a late entry does not change.
func (p *eventPage) NumberIn(r event.Round, id int) int { return p.ev.NumberIn(&r, id) }

// Fed returns the federation of the player with the ID.
func (p *eventPage) Fed(id int) string {
	if pl := p.ev.PlayerByID(id); pl != nil {
		return pl.Federation
	}
	return ""
}

// Visible returns the rounds the page shows: every round for an admin,
// the published and started ones publicly (the view has no draft).
func (p *eventPage) Visible() []event.Round { return p.ev.Schedule }

// SystemName is the system as people read it.
func SystemName(s event.System) string {
	switch s {
	case event.Swiss:
		return "Swiss (FIDE Dutch)"
	case event.RoundRobin:
		return "Round robin"
	case event.DoubleRoundRobin:
		return "Double round robin"
	case event.Knockout:
		return "Knockout"
	}
	return string(s)
}

// byeName is a bye's kind as people read it.
func byeName(k event.ByeKind) string {
	switch k {
	case event.ByePairing:
		return "bye (1 point)"
	case event.ByeHalf:
		return "half-point bye"
	case event.ByeZero:
		return "zero-point bye"
	case event.ByeFull:
		return "full-point bye"
	case event.ByeAbsent:
		return "not paired"
	}
	return string(k)
}

func (s *Server) newEventPage(r *http.Request, title string, e event.Event) *eventPage {
	p := &eventPage{Page: s.site.NewPage(r, title, "events"), E: viewOf(e), ev: e, Results: event.Results}
	p.Kept = true
	return p
}

// GET /events/new: the form that creates an event.
func (s *Server) eventNew(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	if err := site.NoQuery(r); err != nil {
		return err
	}
	p := s.newEventPage(r, "New event", event.Event{})
	p.Form = newCreateForm(event.Settings{System: event.Swiss, Rounds: 5})
	p.Script = "event.js"
	return s.site.WritePage(w, r, "eventnew", p, http.StatusOK, site.CacheNever)
}

func newCreateForm(set event.Settings) createForm {
	f := createForm{Settings: set, Defaults: map[string]string{}}
	for _, sys := range []event.System{event.Swiss, event.RoundRobin, event.DoubleRoundRobin} {
		f.Defaults[string(sys)] = strings.Join(event.DefaultTieBreaks(sys), ",")
	}
	f.TieBreakText = strings.Join(set.TieBreaks, ",")
	if f.TieBreakText == "" {
		f.TieBreakText = f.Defaults[string(set.System)]
	}
	return f
}

// POST /events: create the event, then go to its admin page, which shows
// the admin link once.
func (s *Server) eventCreate(w http.ResponseWriter, r *http.Request) *site.Error {
	if s.cfg.Events == nil {
		return noDatabase()
	}
	if e := sameOrigin(r); e != nil {
		return e
	}
	if e := parseForm(w, r, maxCreateForm); e != nil {
		return e
	}
	set, ie := settingsFromForm(r)
	seed := r.PostFormValue("seed")
	fail := func(msg string, status int) *site.Error {
		p := s.newEventPage(r, "New event", event.Event{})
		set.Name, set.Place, set.TimeControl = site.Echo(set.Name), site.Echo(set.Place), site.Echo(set.TimeControl)
		set.Positions.Exclude = site.Echo(set.Positions.Exclude)
		p.Form = newCreateForm(set)
		p.Form.TieBreakText = site.Echo(r.PostFormValue("tieBreaks"))
		p.Error = msg
		p.In = r.PostForm
		// The field the message names first ("players: ...", "trf:
		// ..."): the page repeats the reason next to it.
		if f, _, ok := strings.Cut(msg, ":"); ok && !strings.ContainsAny(f, " \"") {
			p.Err = &formErr{Key: "create", Field: f, Msg: msg}
		}
		p.Script = "event.js"
		return s.site.WritePage(w, r, "eventnew", p, status, site.CacheNever)
	}
	if ie != nil {
		return fail(ie.Msg, ie.Status)
	}
	weak := r.PostFormValue("weakSeed") != ""
	in := event.Init{Settings: set, Seed: seed, WeakSeed: weak}
	trf, ue := readUpload(r, "trf", maxImport)
	if ue != nil {
		return fail(ue.Msg, ue.Status)
	}
	players, ue := readUpload(r, "players", maxImport)
	if ue != nil {
		return fail(ue.Msg, ue.Status)
	}
	if strings.TrimSpace(trf) != "" {
		if strings.TrimSpace(players) != "" {
			return fail("players: give the players in the TRF file or in the players' list, not both", http.StatusBadRequest)
		}
		var err error
		if in, err = event.FromTRF([]byte(trf), set); err != nil {
			return fail("trf: "+site.CapMessage(err.Error()), http.StatusBadRequest)
		}
		in.Seed, in.WeakSeed = seed, weak
	} else if strings.TrimSpace(players) != "" {
		ps, err := event.ReadPlayers([]byte(players))
		if err != nil {
			return fail("players: "+site.CapMessage(err.Error()), http.StatusBadRequest)
		}
		in.Players = ps
	}
	if f := strings.TrimSpace(r.PostFormValue("koFrom")); f != "" {
		from, err := event.ParseFrom(f)
		if err != nil {
			return fail(site.CapMessage(err.Error()), http.StatusBadRequest)
		}
		in.From = from
	}
	st, tok, err := s.cfg.Events.Create(r.Context(), in)
	if err != nil {
		e := s.eventErr(r, err)
		if e.Status >= 500 {
			return e
		}
		return fail(e.Msg, e.Status)
	}
	http.Redirect(w, r, "/e/"+st.ID()+"/a/"+tok+"?created=1", http.StatusSeeOther)
	return nil
}

// GET /e/{id}: the public page.
func (s *Server) eventPublic(w http.ResponseWriter, r *http.Request) *site.Error {
	// Every phone at the event asks for this page when a result comes in:
	// it is rendered once per version (and theme and encoding), and a
	// request for a version already rendered reads only the version.
	pg, e := s.publicRendering(r, site.AcceptsGzip(r), func() (string, *site.Error) { return "page", site.NoQuery(r) },
		func(st *event.State) (renderedPage, *site.Error) { return s.renderPublicPage(r, st), nil })
	if e != nil {
		return e
	}
	site.SendPage(w, r, pg.body, pg.gz, http.StatusOK, site.CacheNever)
	return nil
}

// renderPublicPage renders the public page of st in the theme and the
// encoding r asks for.
func (s *Server) renderPublicPage(r *http.Request, st *event.State) renderedPage {
	ev := st.Public().Redacted()
	p := s.newEventPage(r, ev.Name, ev)
	p.Description = "Pairings, results and standings of " + ev.Name + "."
	p.Script = "event.js"
	if stand, err := st.Standings(0); err == nil && stand.Rounds > 0 {
		p.Stand = &stand
	}
	body, gz := s.site.BuildPage(r, "event", p)
	return renderedPage{body: body, gz: gz}
}

// GET /e/{id}/verify: the check of the draw, once the seed is revealed.
func (s *Server) eventVerify(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	if err := site.NoQuery(r); err != nil {
		return err
	}
	ev := st.Public()
	p := s.newEventPage(r, "Verify "+ev.Name, ev)
	p.Tab = "verify"
	if v, err := ev.Verify(""); err == nil {
		p.Verify = &v
	} else if !errors.Is(err, event.ErrState) {
		return s.eventErr(r, err)
	}
	return s.site.WritePage(w, r, "event", p, http.StatusOK, site.CacheNever)
}

// GET /e/{id}/a/{token} and /e/{id}/a/{token}/{tab}...: the admin pages.
func (s *Server) adminGET(w http.ResponseWriter, r *http.Request) *site.Error {
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	tab := r.PathValue("tab")
	if n := r.PathValue("n"); n != "" {
		tab = "round/" + n
	}
	switch tab {
	case "export.trf", "standings.csv", "games.pgn", "event.json":
		if err := exportQuery(r, tab); err != nil {
			return err
		}
		return s.export(w, r, a.st.Admin(), tab, true)
	case "player-links.csv":
		if err := site.NoQuery(r); err != nil {
			return err
		}
		return s.playerLinksCSV(w, r, a.st)
	}
	q, qe := site.ParseQuery(r.URL.RawQuery)
	if qe != nil {
		return qe
	}
	if err := q.Only("created", "rotated", "added", "link"); err != nil {
		return err
	}
	if tab != "" && backTab(tab) != tab {
		// Inside the event's pages, so that the arbiter keeps the tabs.
		p, e := s.adminView(r, a, a.st, "")
		if e != nil {
			return e
		}
		p.NotFound = site.QuotePath(redactPath(r.URL.Path))
		return s.site.WritePage(w, r, "admin", p, http.StatusNotFound, site.CacheNever)
	}
	p, e := s.adminView(r, a, a.st, tab)
	if e != nil {
		return e
	}
	p.Created, p.Rotated = q.Has("created"), q.Has("rotated")
	if q.Has("added") && tab == "players" {
		// The player just added: the one entered last.
		for i := range p.ev.Players {
			if p.Added == nil || p.ev.Players[i].ID > p.Added.ID {
				p.Added = &p.ev.Players[i]
			}
		}
	}
	if v := q.Get("link"); v != "" && tab == "links" {
		// A link just made, sealed into the redirect's address with a
		// key only this admin link gives (see sealLink): shown for a
		// few minutes, and a reload makes no new link.
		tok, made, ok := openLink(a.token, a.st.ID(), v, time.Now())
		if ok {
			if role, label := a.st.Role(tok); role == event.RoleArbiter {
				p.NewLink, p.NewLinkLabel, p.NewLinkMade = "/e/"+a.st.ID()+"/a/"+tok, label, made
			}
		}
		if p.NewLink == "" {
			p.Conflict = ""
			p.Err = &formErr{Key: string(event.KindAddLink), Msg: "the new link is no longer shown (it is shown for " + strconv.Itoa(int(linkShown/time.Minute)) + " minutes after it is made): revoke it and add another if it was not saved"}
		}
	}
	return s.site.WritePage(w, r, "admin", p, http.StatusOK, site.CacheNever)
}

// adminView builds an admin page of the tab.
func (s *Server) adminView(r *http.Request, a admin, st *event.State, tab string) (*eventPage, *site.Error) {
	ev := st.Admin()
	p := s.newEventPage(r, ev.Name+" · admin", ev)
	p.Admin, p.Base, p.Role, p.Label, p.Tab = true, a.base(), string(a.role), a.label, tab
	p.CSRF = csrfToken(a.token, ev.ID)
	p.Script = "admin.js"
	switch {
	case tab == "settings" || tab == "links":
		if a.role != event.RoleAdmin {
			return nil, &site.Error{Status: http.StatusForbidden, Code: "forbidden", Msg: "the " + tab + " are the organiser's: open them with the admin link"}
		}
		p.Form = newCreateForm(ev.Settings)
	case strings.HasPrefix(tab, "round/"):
		n, _ := strconv.Atoi(strings.TrimPrefix(tab, "round/"))
		p.RoundN = n
		if n > len(ev.Schedule)+1 {
			return nil, &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "round " + strconv.Itoa(n) + ": not paired yet; the next round is " + strconv.Itoa(len(ev.Schedule)+1)}
		}
		if n <= len(ev.Schedule) {
			p.Round = &ev.Schedule[n-1]
			p.Pairs = ev.ManualText(*p.Round)
			p.Games = s.roundGames(r, *p.Round)
		}
	case tab == "standings":
		if stand, err := ev.Standings(0); err == nil {
			p.Stand = &stand
		}
	case tab == "player-links":
		p.PlayerLinks = playerLinks(st, ev)
	case tab == "history" || tab == "":
		chs, err := s.cfg.Events.History(r.Context(), ev.ID, 0)
		if err != nil {
			return nil, s.eventErr(r, err)
		}
		from := 0
		if tab == "" && len(chs) > 8 {
			from = len(chs) - 8
		}
		for i := len(chs) - 1; i >= from; i-- {
			p.History = append(p.History, describeByNumber(ev, describeChange(chs[i].Version, chs[i].At, chs[i].Kind, chs[i].By, chs[i].Body), chs[i].Body))
		}
		if tab == "" {
			p.Next = nextActions(ev, a.base())
		}
	}
	return p, nil
}

// nextActions are the dashboard's buttons: what the event needs next.
func nextActions(ev event.Event, base string) []action {
	if ev.Finished {
		return nil
	}
	n := len(ev.Schedule)
	if n == 0 || ev.Schedule[n-1].Complete() {
		if ev.System == event.Knockout && n > 0 {
			// The bracket says what comes next: a game, a decision or a
			// choice it waits for, or the end.
			b, err := ev.Bracket()
			switch {
			case err != nil:
				return nil
			case b.Finished:
				return []action{{Label: "Finish the event and reveal the seed", Kind: string(event.KindFinish), Primary: true,
					Note: "the knockout is over: the results are final, nothing more can change"}}
			}
			for _, ms := range b.Rounds {
				for _, m := range ms {
					if m.State == knockout.NeedChoice || m.State == knockout.NeedLots {
						return []action{{Label: "Match " + m.ID.String() + ": " + event.MatchState(&ev, m), Href: base + "/bracket#match-" + m.ID.String(), Primary: true}}
					}
				}
			}
		}
		m, g := ev.NextMatchGame()
		matches := ev.Matches.On() && ev.System != event.Knockout
		if matches && m > 0 && n > 0 {
			next := event.Round{Number: n + 1, KORound: m, KOGame: g}
			return []action{{Label: "Pair round " + strconv.Itoa(n+1) + " (" + ev.MatchRoundName(&next) + ")", Kind: string(event.KindPair), Round: n + 1, Primary: true}}
		}
		if n == 0 || (ev.Rounds == 0 || n < ev.Rounds) && !matches {
			a := action{Label: "Pair round " + strconv.Itoa(n+1), Kind: string(event.KindPair), Round: n + 1, Primary: true}
			if active := activePlayers(ev, n+1); active < 2 {
				a.Disabled = true
				a.Note, a.NoteHref = "add the players first", base+"/players"
				if len(ev.Players) > 0 {
					a.Note = fmt.Sprintf("%d player can play round %d: add the players first", active, n+1)
				}
			}
			return []action{a}
		}
		return []action{{Label: "Finish the event and reveal the seed", Kind: string(event.KindFinish), Primary: true,
			Note: "the results are final: nothing more can change"}}
	}
	last := ev.Schedule[n-1]
	rn := strconv.Itoa(last.Number)
	switch last.Status {
	case event.Draft:
		return []action{{Label: "Publish round " + rn, Kind: string(event.KindPublish), Round: last.Number, Primary: true},
			{Label: "Review or edit the pairing", Href: base + "/round/" + rn}}
	case event.Published:
		return []action{{Label: "Start round " + rn + " (reveals its position)", Kind: string(event.KindStart), Round: last.Number, Primary: true}}
	}
	return []action{{Label: "Enter results of round " + rn + " (" + strconv.Itoa(last.Pending()) + " to go)", Href: base + "/round/" + rn, Primary: true}}
}

// activePlayers counts the players who may be paired in round r.
func activePlayers(ev event.Event, r int) int {
	k := 0
	for _, p := range ev.Players {
		if p.Joined <= r && (p.Withdrawn == 0 || p.Withdrawn > r) {
			k++
		}
	}
	return k
}

// describeByNumber names a history row's player by pairing number and
// name, as people know them, instead of the internal ID.
func describeByNumber(ev event.Event, h historyRow, body []byte) historyRow {
	c, err := event.DecodeChange(body)
	if err != nil {
		return h
	}
	who := func(id int) string {
		if pl := ev.PlayerByID(id); pl != nil {
			return fmt.Sprintf("No. %d %s", pl.Number, pl.Name)
		}
		return "a player"
	}
	switch h.Kind {
	case event.KindWithdraw, event.KindReinstate, event.KindEditPlayer:
		h.What = who(c.Player)
	case event.KindBye:
		h.What = fmt.Sprintf("%s, round %d: %s", who(c.Player), c.Round, byeName(c.Bye))
	case event.KindAddPlayers:
		if len(c.Players) == 1 {
			h.What = c.Players[0].Name
		}
	}
	// What the change did to the pairing numbers, once a round was public.
	if n := ev.NumberNote(h.Version); n != "" && h.What != "" {
		h.What += ": " + n
	} else if n != "" {
		h.What = n
	}
	return h
}

// linkShown is how long the redirect after "add an arbiter link" shows
// the new link.
const linkShown = 10 * time.Minute

// sealLink seals a new arbiter link's token for the redirect's address:
// AES-GCM under a key derived from the admin link's token, which the
// server does not keep, so the address alone (in a log, or the history of
// a browser without the admin link) does not give the link. Any instance
// opens it, with no state kept.
func sealLink(adminToken, id, token string, made time.Time) string {
	g := linkAEAD(adminToken, id)
	nonce := make([]byte, g.NonceSize())
	rand.Read(nonce)
	plain := strconv.FormatInt(made.Unix(), 10) + ":" + token
	return base64.RawURLEncoding.EncodeToString(g.Seal(nonce, nonce, []byte(plain), []byte(id)))
}

// openLink opens sealLink's value: the token and when it was made, if the
// value is this admin link's and not older than linkShown.
func openLink(adminToken, id, v string, now time.Time) (string, time.Time, bool) {
	b, err := base64.RawURLEncoding.DecodeString(v)
	g := linkAEAD(adminToken, id)
	if err != nil || len(b) < g.NonceSize() {
		return "", time.Time{}, false
	}
	plain, err := g.Open(nil, b[:g.NonceSize()], b[g.NonceSize():], []byte(id))
	if err != nil {
		return "", time.Time{}, false
	}
	sec, tok, ok := strings.Cut(string(plain), ":")
	n, err := strconv.ParseInt(sec, 10, 64)
	made := time.Unix(n, 0)
	if !ok || err != nil || now.Sub(made) > linkShown || made.Sub(now) > time.Minute {
		return "", time.Time{}, false
	}
	return tok, made, true
}

func linkAEAD(adminToken, id string) cipher.AEAD {
	k := sha256.Sum256([]byte("chess960 new arbiter link:" + adminToken + ":" + id))
	b, err := aes.NewCipher(k[:])
	if err != nil {
		panic(err) // a 32-byte key always makes a cipher
	}
	g, err := cipher.NewGCM(b)
	if err != nil {
		panic(err)
	}
	return g
}

// sameName reports the player already in with the name (spaces and case
// aside), or nil.
func sameName(ev event.Event, name string) *event.Player {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	n := norm(name)
	for i := range ev.Players {
		if n != "" && norm(ev.Players[i].Name) == n {
			return &ev.Players[i]
		}
	}
	return nil
}

// POST /e/{id}/a/{token}/do: every change an admin form makes. A change
// made answers with a redirect (303) to the page it acts on, so that a
// reload sends nothing again; a change refused shows that page again with
// the reason next to the form and the input kept, under the same 4xx.
func (s *Server) adminDo(w http.ResponseWriter, r *http.Request) *site.Error {
	if e := sameOrigin(r); e != nil {
		return e
	}
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	if e := parseForm(w, r, maxForm); e != nil {
		return e
	}
	on := backTab(r.PostFormValue("on"))
	refuse := func(e *site.Error) *site.Error {
		if e.Status >= 500 {
			return e
		}
		p, ie := s.adminView(r, a, a.st, on)
		if ie != nil {
			return e
		}
		p.Err = &formErr{Key: formKey(r.PostForm), Field: e.Param, Msg: e.Msg}
		p.In = r.PostForm
		if on == "settings" && p.Retry(string(event.KindSettings)) {
			set, _ := settingsFromForm(r)
			set.Name, set.Place, set.TimeControl = site.Echo(set.Name), site.Echo(set.Place), site.Echo(set.TimeControl)
			set.Positions.Exclude = site.Echo(set.Positions.Exclude)
			p.Form = newCreateForm(set)
			p.Form.TieBreakText = site.Echo(r.PostFormValue("tieBreaks"))
		}
		return s.site.WritePage(w, r, "admin", p, e.Status, site.CacheNever)
	}
	if e := checkCSRF(r, a.token, a.st.ID()); e != nil {
		return refuse(e)
	}
	if kind := r.PostFormValue("kind"); strings.HasPrefix(kind, "game-") {
		if e := s.gameAction(r, a, kind); e != nil {
			return refuse(e)
		}
		http.Redirect(w, r, a.base()+"/"+backTab(r.PostFormValue("back"))+"#board-"+r.PostFormValue("board"), http.StatusSeeOther)
		return nil
	}
	c, e := changeFromForm(r)
	if e != nil {
		return refuse(e)
	}
	if c.Kind == event.KindAddPlayers && r.PostFormValue("preview") != "" && len(c.Players) == 1 {
		// Say what the entry would do to the pairing numbers; add nothing.
		note, err := a.st.PreviewPlayers(c.Players)
		if err != nil {
			return refuse(s.eventErr(r, err))
		}
		p, ie := s.adminView(r, a, a.st, "players")
		if ie != nil {
			return ie
		}
		p.Preview, p.PreviewPlayer, p.In = note, &c.Players[0], r.PostForm
		return s.site.WritePage(w, r, "admin", p, http.StatusOK, site.CacheNever)
	}
	if c.Kind == event.KindSetPairing {
		// The form has pairing numbers; the change carries IDs.
		ev := a.st.Admin()
		pairs, err := ev.PairsByNumber(c.Pairs)
		if err != nil {
			return refuse(&site.Error{Status: http.StatusBadRequest, Param: "pairs", Code: site.CodeInvalid, Msg: site.CapMessage(err.Error())})
		}
		c.Pairs = pairs
	}
	if c.Kind == event.KindAddLink && strings.TrimSpace(c.Label) == "" {
		c.Label = "Arbiter " + strconv.Itoa(len(a.st.Admin().Links)+1)
	}
	if event.ChangeKind(r.PostFormValue("kind")) == event.KindAddPlayers && len(c.Players) == 1 && r.PostFormValue("dupOK") == "" {
		if pl := sameName(a.st.Admin(), c.Players[0].Name); pl != nil {
			return refuse(&site.Error{Status: http.StatusConflict, Param: "dupOK", Code: "duplicate",
				Msg: fmt.Sprintf("name %s: No. %d is %s already: tick the box to add a second player of this name, or change the name", quote.Input(c.Players[0].Name), pl.Number, pl.Name)})
		}
	}
	back := backTab(r.PostFormValue("back"))
	st, secret, err := s.applyChange(r, a.st, event.Actor{Role: a.role, Label: a.label}, c)
	var ce *event.ConflictError
	if errors.As(err, &ce) {
		tab := back
		if c.Round > 0 && c.Round <= len(ce.State.Admin().Schedule) {
			tab = "round/" + strconv.Itoa(c.Round)
		}
		p, ie := s.adminView(r, a, ce.State, tab)
		if ie != nil {
			return ie
		}
		p.Conflict = ce.Error()
		return s.site.WritePage(w, r, "admin", p, http.StatusConflict, site.CacheNever)
	}
	if err != nil {
		return refuse(s.eventErr(r, err))
	}
	to := a.base()
	switch c.Kind {
	case event.KindRotateAdmin:
		http.Redirect(w, r, "/e/"+st.ID()+"/a/"+secret+"?rotated=1", http.StatusSeeOther)
		return nil
	case event.KindAddLink:
		http.Redirect(w, r, to+"/links?link="+sealLink(a.token, st.ID(), secret, time.Now())+"#new-link", http.StatusSeeOther)
		return nil
	}
	if back != "" {
		to += "/" + back
	}
	switch {
	case event.ChangeKind(r.PostFormValue("kind")) == event.KindAddPlayers && back == "players":
		to += "?added=1#new-name" // the name field: scrolled to, and focused
	case (c.Kind == event.KindResult || c.Kind == event.KindPGN) && back == "round/"+strconv.Itoa(c.Round):
		to += "#board-" + strconv.Itoa(c.Board)
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

// eventView is what the templates show of an event: its settings and
// state, named for the pages. The rounds, players and links are the
// model's values, read only.
type eventView struct {
	ID          string
	Version     int64
	Name        string
	Place       string
	Start, End  string
	System      event.System
	Rounds      int
	TimeControl string
	Positions   event.PositionRules
	Play        event.PlayMode
	Study       int
	DefaultTime int
	Delay       string
	Commitment  string
	WeakSeed    bool
	// Seed is shown once the event is finished and the seed revealed.
	Seed     string
	Finished bool
	Players  []event.Player
	Schedule []event.Round
	Links    []event.Link
}

// viewOf is the view of an event.
func viewOf(e event.Event) eventView {
	return eventView{ID: e.ID, Version: e.Version, Name: e.Name, Place: e.Place, Start: e.Start, End: e.End,
		System: e.System, Rounds: e.Rounds, TimeControl: e.TimeControl, Positions: e.Positions,
		Play: e.Play, Study: e.Study, DefaultTime: e.DefaultTime, Delay: e.Delay,
		Commitment: e.Commitment, WeakSeed: e.WeakSeed, Seed: e.Seed, Finished: e.Finished,
		Players: e.Players, Schedule: e.Schedule, Links: e.Links}
}
