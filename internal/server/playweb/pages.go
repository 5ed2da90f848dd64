package playweb

import (
	"html/template"
	"net/http"
	"strconv"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/internal/server/site"
)

// The game page, GET /g/{id}: one page for both seats and every
// spectator. The server does not know which it serves: a seat's token
// travels in the URL's fragment (/g/{id}#TOKEN), which browsers never send,
// so it stays out of every log; the page's script (static/js/live.js)
// keeps it in the browser's local storage, takes the seat over the live
// connection, and draws the game from the messages it gets there.

// pageRoutes registers the game page's template and adds its route to
// mux.
func (s *Server) pageRoutes(mux *http.ServeMux) {
	s.site.Register("game", nil, "templates/game.html")
	mux.Handle("GET /g/{id}", s.site.Handler(s.gamePage))
}

// gamePage is what templates/game.html gets.
type gamePage struct {
	site.Page
	ID string
	// Start is the start position's FEN (Shredder castling), Control the
	// time control as written.
	Start, Control string
	// StartLabel names the start: "Chess960 position 245 (NRBBKQNR)", a
	// DFRC pair, or "From a position".
	StartLabel string
	// White and Black are the empty boards the script places the pieces
	// on, with White and Black at the bottom; the script keeps the one
	// of the side it shows (a spectator's: White's).
	White, Black template.HTML
}

// GET /g/{id}: the game page. It shows the start: what the game is at now
// comes over the live connection at once, and for a spectator of a
// delayed game only as late as the delay allows.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) *site.Error {
	id, g, e := s.checked(r)
	if e != nil {
		if e.Code == site.CodeNotFound && s.cfg.Games != nil {
			e.Msg = "no such game: check the link (the part after /g/ is the game's ID)"
		}
		return e
	}
	start := g.Start()
	nav := "play"
	if g.Info().IsEvent() {
		nav = "events" // an event's game is one of the event's pages
	}
	p := s.site.NewPage(r, "Live game "+id+" · Chess960", nav)
	p.Script = "live.js"
	// The head's script opens the game's WebSocket while the page still
	// loads and takes the seat on it at once; live.js adopts the socket
	// and the messages that came before it ran (window.chess960Live). The
	// CSP allows it by its hash (site.InlineScript).
	p.HeadJS = site.InlineScript("live-open.js")
	p.Description = "A live Chess960 game: watch it, or play it with your seat's link."
	p.Defs = template.HTML(diagram.AppendDefs(nil, &diagram.Options{}))
	p.Kept = true
	gp := gamePage{Page: p, ID: id, Start: start.FEN(chess.Chess960), Control: g.Control().String(),
		White: emptyBoard(false), Black: emptyBoard(true), StartLabel: "From a position"}
	if sp, err := chess960.ParseFEN(gp.Start); err == nil {
		gp.StartLabel = "Chess960 position " + strconv.Itoa(sp.ID()) + " (" + sp.String() + ")"
	} else if d, err := chess960.ParseDFRC(gp.Start); err == nil {
		gp.StartLabel = "DFRC start " + d.String()
	}
	return s.site.WritePage(w, r, "game", gp, http.StatusOK, site.CacheNever)
}

// emptyBoard draws the board without pieces, with its coordinates, White
// at the bottom or (flip) Black; the piece definitions are the page's.
// (Package server draws its boards through its board.go; this package
// cannot import it, and this is its only board.)
func emptyBoard(flip bool) template.HTML {
	d := diagram.FromBoard(chess.Board{})
	id := "board-svg-white"
	if flip {
		id = "board-svg-black"
	}
	return template.HTML(d.AppendSVG(nil, &diagram.Options{Coords: true, Flip: flip, External: true,
		Class: "play-board", ID: id, Title: "Chessboard"}))
}
