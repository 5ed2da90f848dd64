package eventweb

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/printable"
	"github.com/chess960/chess960/internal/qrsvg"
	"github.com/chess960/chess960/internal/server/site"
)

// The printed paper of an event (package printable): a round's pairing
// sheet, board cards, result slips and projector page, and the standings.
// The public ones show what the public page shows; the admin ones (under
// the admin link) include a draft pairing.

// printDocs are the documents of a round.
var printDocs = map[string]func(io.Writer, event.Event, int) error{
	"pairings":  printable.PairingSheet,
	"cards":     printable.BoardCards,
	"slips":     printable.ResultSlips,
	"projector": printable.Projector,
}

func (s *Server) printRoutes(page func(string, site.HandlerFunc)) {
	page("GET /e/{id}/print/standings", s.printPublic)
	page("GET /e/{id}/print/bracket", s.printPublic)
	page("GET /e/{id}/a/{token}/print/bracket", s.printAdmin)
	page("GET /e/{id}/print/{doc}/{round}", s.printPublic)
	page("GET /e/{id}/a/{token}/print/standings", s.printAdmin)
	page("GET /e/{id}/a/{token}/print/player-links", s.printPlayerLinks)
	page("GET /e/{id}/a/{token}/print/{doc}/{round}", s.printAdmin)
}

func (s *Server) printPublic(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	return s.printDoc(w, r, st.Public().Redacted())
}

func (s *Server) printAdmin(w http.ResponseWriter, r *http.Request) *site.Error {
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	return s.printDoc(w, r, a.st.Admin())
}

func (s *Server) printDoc(w http.ResponseWriter, r *http.Request, ev event.Event) *site.Error {
	q, qe := site.ParseQuery(r.URL.RawQuery)
	if qe != nil {
		return qe
	}
	if e := q.Only(); e != nil {
		return e
	}
	var b bytes.Buffer
	var err error
	doc := r.PathValue("doc")
	switch {
	case doc == "" && strings.HasSuffix(r.URL.Path, "/print/bracket"):
		err = printable.Bracket(&b, ev)
	case doc == "":
		err = printable.FinalStandings(&b, ev)
	case doc == "match":
		// A knockout match on the hall's screen, live as the projector.
		err = printable.MatchProjector(&b, ev, r.PathValue("round"), s.site.AssetURL("js/projector.js"))
	default:
		f, ok := printDocs[doc]
		if !ok {
			return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such document " + site.QuotePath(doc) + ": want pairings, cards, slips, projector or standings"}
		}
		text := r.PathValue("round")
		n, perr := strconv.Atoi(text)
		switch {
		case text == "current" && doc == "projector":
			// The screen in the hall: the latest round, whichever it is
			// when the page (re)loads.
			n = len(ev.Schedule)
		case perr != nil || n < 1 || len(text) > 3:
			if doc == "projector" || doc == "match" {
				return site.BadParam("round", text, "want a round number, or current")
			}
			return site.BadParam("round", text, "want a round number")
		}
		switch {
		case doc == "projector" && n == 0:
			// No round yet: the page waits for the first.
			err = printable.ProjectorWaiting(&b, ev, s.site.AssetURL("js/projector.js"))
		case doc == "projector":
			// The projector page follows the event live, with a script.
			err = printable.ProjectorLive(&b, ev, n, s.site.AssetURL("js/projector.js"))
		default:
			err = f(&b, ev, n)
		}
	}
	if err != nil {
		if errors.Is(err, printable.ErrRound) {
			return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: site.CapMessage(err.Error())}
		}
		return s.eventErr(r, err)
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// The documents carry their style sheet inline, so that they print
	// the same when saved; but for the projector's, they have no script,
	// and fetch nothing.
	csp := "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"
	if doc == "projector" || doc == "match" {
		// Its one script, from here, follows /e/ID/live and loads the
		// page again.
		csp += "; script-src 'self'; connect-src 'self'"
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("Vary", "Accept-Encoding")
	body := b.Bytes()
	// A pairing sheet of 50 boards is tens of kB of HTML, a small part of
	// it gzipped: worth it on a venue's Wi-Fi.
	if len(body) > 1400 && site.AcceptsGzip(r) {
		body = site.GzipFast(body)
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
	return nil
}

// GET /e/{id}/a/{token}/print/player-links: the sheet of the players'
// links, a slip a player with a QR code, to hand out at the venue. The
// links are absolute (linkBase).
func (s *Server) printPlayerLinks(w http.ResponseWriter, r *http.Request) *site.Error {
	a, e := s.loadAdmin(r)
	if e != nil {
		return e
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	ev := a.st.Admin()
	var slips []printable.PlayerSlip
	for _, l := range playerLinks(a.st, ev) {
		link := linkBase(r) + l.Path
		qr, err := qrsvg.SVG(link, 30)
		if err != nil {
			return s.eventErr(r, err)
		}
		slips = append(slips, printable.PlayerSlip{Number: l.Player.Number, Name: l.Player.Name, Title: l.Player.Title, Link: link, QR: qr})
	}
	if len(slips) == 0 {
		return &site.Error{Status: http.StatusUnprocessableEntity, Code: "state", Msg: "the event plays over the board: its players have no links (set play to app or hybrid in the settings)"}
	}
	var b bytes.Buffer
	if err := printable.PlayerLinks(&b, ev, slips); err != nil {
		return s.eventErr(r, err)
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	// As the other printables: the style inline, nothing fetched, no script.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'")
	w.Write(b.Bytes())
	return nil
}
