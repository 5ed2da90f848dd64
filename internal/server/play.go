package server

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/uci"
)

// game is a game as a URL gives it: the start (pos= or fen=), the moves,
// the ply on view, a claimed draw, and the board's orientation.
type game struct {
	startKey, startVal string // "pos" and "518", or "fen" and the FEN
	start              chess.Position
	moves              []chess.Move
	san                []string
	ply                int
	claim              chess.Termination // FiftyMoves, ThreefoldRepetition or Ongoing
	flip               bool
	eng                playEngine
	engineName         string      // the server's engine, when playing it
	g                  *chess.Game // the whole game, with the claim
}

// playEngine is the engine's part in a game, as the URL gives it: the side
// it plays (engine=white|black, or none), its Skill Level (skill=, -1 for
// the engine's own), its node limit (nodes=, 0 for a timed search), and
// whether the analysis panel shows (analysis=1).
type playEngine struct {
	side     string
	skill    int
	nodes    int
	analysis bool
}

// readPlayEngine reads engine=, skill=, nodes= and analysis=. Empty values
// (as a form sends them) are absent.
func readPlayEngine(q query) (playEngine, *site.Error) {
	pe := playEngine{skill: -1}
	switch v := q.Get("engine"); v {
	case "":
	case "white", "black":
		pe.side = v
	default:
		return pe, site.BadParam("engine", v, "want white or black: the side the engine plays")
	}
	var err *site.Error
	if q.Get("skill") != "" {
		if pe.skill, err = q.Int("skill", 0, maxSkill, 0); err != nil {
			return pe, err
		}
	}
	if q.Get("nodes") != "" {
		if pe.nodes, err = q.Int("nodes", 1, maxEngineNodes, 0); err != nil {
			return pe, err
		}
	}
	pe.analysis, err = q.Flag("analysis")
	return pe, err
}

// engineTurn reports whether the engine is to move at ply q.
func (gm *game) engineTurn(q int) bool {
	if gm.eng.side == "" {
		return false
	}
	return (gm.turnAt(q) == chess.Black) == (gm.eng.side == "black")
}

// turnAt is the side to move at ply q.
func (gm *game) turnAt(q int) chess.Color {
	if (gm.start.Turn() == chess.Black) != (q%2 == 1) {
		return chess.Black
	}
	return chess.White
}

// blackBottom reports whether the board shows Black at the bottom: when
// the player plays Black against the engine, or (otherwise) flipped.
func (gm *game) blackBottom() bool { return gm.flip != (gm.eng.side == "white") }

// backPly and forwardPly are where undo and redo go: one ply back or
// forward, or against the engine, to the player's previous or next turn
// (undo takes back the player's move and the engine's reply). They return
// the ply itself when there is nowhere to go.
func (gm *game) backPly() int {
	for q := gm.ply - 1; q >= 0; q-- {
		if !gm.engineTurn(q) {
			return q
		}
	}
	return gm.ply
}

func (gm *game) forwardPly() int {
	n := len(gm.moves)
	for q := gm.ply + 1; q <= n; q++ {
		if !gm.engineTurn(q) || q == n {
			return q
		}
	}
	return gm.ply
}

// claimNames are the claim= values.
var claimNames = map[string]chess.Termination{"threefold": chess.ThreefoldRepetition, "fifty": chess.FiftyMoves}

func claimName(t chess.Termination) string {
	for k, v := range claimNames {
		if v == t {
			return k
		}
	}
	return ""
}

// readGame reads a game from a query. A bad move is reported with the game
// up to it (partial), so a page can offer it.
func readGame(q query) (*game, *game, *site.Error) {
	gm := &game{}
	p, key, err := q.position()
	if err != nil {
		return nil, nil, err
	}
	gm.start, gm.startKey, gm.startVal = p, key, q.Get(key)
	if key == "fen" {
		gm.startVal = p.FEN(chess.Standard)
		if sp, perr := chess960.ParseFEN(gm.startVal); perr == nil {
			gm.startKey, gm.startVal = "pos", strconv.Itoa(sp.ID())
		}
	} else {
		sp, _ := chess960.Parse(gm.startVal)
		gm.startVal = strconv.Itoa(sp.ID())
	}
	if gm.flip, err = q.Flag("flip"); err != nil {
		return nil, nil, err
	}
	if gm.eng, err = readPlayEngine(q); err != nil {
		return nil, nil, err
	}
	texts := moveList(q.Get("moves"))
	if len(texts) > maxMoves {
		return nil, nil, &site.Error{Status: http.StatusBadRequest, Param: "moves",
			Msg: fmt.Sprintf("moves: %d moves: too many: at most %d", len(texts), maxMoves)}
	}
	gm.g = chess.NewGame(p)
	for i, t := range texts {
		before := gm.g.Position()
		m, perr := gm.g.PlayText(t)
		if perr != nil {
			gm.ply = len(gm.moves)
			e := site.BadInput("moves", api.MoveError(gm.g, i+1, t, before, perr, chess.Standard))
			return nil, gm, e
		}
		gm.moves = append(gm.moves, m)
		gm.san = append(gm.san, before.SAN(m))
	}
	if q.Has("claim") {
		t, ok := claimNames[q.Get("claim")]
		if !ok {
			return nil, nil, site.BadParam("claim", q.Get("claim"), "want threefold or fifty")
		}
		if cerr := gm.applyClaim(t); cerr != nil {
			gm.ply = len(gm.moves)
			return nil, gm, cerr
		}
		gm.claim = t
	}
	gm.ply, err = q.Int("ply", 0, len(gm.moves), len(gm.moves))
	if err != nil {
		return nil, nil, err
	}
	return gm, nil, nil
}

// applyClaim claims a draw at the end of the game: on the position reached
// (FIDE 9.2.1.2, 9.3.2), or else by the last move, announced (9.2.1.1,
// 9.3.1). Both end the game drawn after the same moves.
func (gm *game) applyClaim(t chess.Termination) *site.Error {
	if err := gm.g.Claim(chess.Claim{Termination: t}); err == nil {
		return nil
	}
	if n := len(gm.moves); n > 0 {
		last := gm.moves[n-1]
		gm.g.Undo()
		if err := gm.g.Claim(chess.Claim{Termination: t, Move: last}); err == nil {
			return nil
		}
		gm.g.Play(last)
	}
	return &site.Error{Status: http.StatusBadRequest, Param: "claim",
		Msg: fmt.Sprintf("claim %q: no such draw to claim after these moves (%s)", claimName(t), t)}
}

// values returns the URL parameters of the game with the moves up to n (all
// of them when n < 0), viewing ply (or the end when ply < 0), with a claim
// and the orientation.
func (gm *game) values(n, ply int, claim chess.Termination, flip bool) url.Values {
	if n < 0 || n > len(gm.moves) {
		n = len(gm.moves)
	}
	v := url.Values{gm.startKey: {gm.startVal}}
	if n > 0 {
		ms := make([]string, n)
		for i, m := range gm.moves[:n] {
			ms[i] = m.UCI(chess.Chess960)
		}
		v.Set("moves", strings.Join(ms, ","))
	}
	if ply >= 0 && ply < n {
		v.Set("ply", strconv.Itoa(ply))
	}
	if claim != chess.Ongoing {
		v.Set("claim", claimName(claim))
	}
	if flip {
		v.Set("flip", "1")
	}
	if gm.eng.side != "" {
		v.Set("engine", gm.eng.side)
	}
	if gm.eng.skill >= 0 {
		v.Set("skill", strconv.Itoa(gm.eng.skill))
	}
	if gm.eng.nodes > 0 {
		v.Set("nodes", strconv.Itoa(gm.eng.nodes))
	}
	if gm.eng.analysis {
		v.Set("analysis", "1")
	}
	return v
}

// url is the play page's address of the whole game, viewing ply.
func (gm *game) url(ply int) string {
	return "/play?" + encodeOrdered(gm.values(-1, ply, gm.claim, gm.flip))
}

// encodeOrdered writes the parameters in a fixed, readable order.
func encodeOrdered(v url.Values) string {
	var b strings.Builder
	for _, k := range gameParams {
		if !v.Has(k) {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k)
		b.WriteByte('=')
		// Keep the commas of the move list and the slashes of a FEN readable.
		b.WriteString(readableQuery.Replace(url.QueryEscape(v.Get(k))))
	}
	return b.String()
}

// legalMove is a move the board accepts: dropping the piece on From onto
// To plays UCI. Castling is accepted on the rook's square and, when no other
// move of the king goes there, on the king's destination.
type legalMove struct {
	From  string `json:"from"`
	To    string `json:"to"`
	UCI   string `json:"uci"`
	SAN   string `json:"san"`
	Promo string `json:"promo,omitempty"`
	// For the page's preview before the server's board arrives: castling
	// and the king's square after it, and the pawn an en-passant capture
	// takes.
	Castle bool   `json:"castle,omitempty"`
	KingTo string `json:"kingTo,omitempty"`
	EP     string `json:"ep,omitempty"`
}

// claimView is a draw the player to move may claim.
type claimView struct {
	Kind  string `json:"kind"`
	UCI   string `json:"uci,omitempty"`
	SAN   string `json:"san,omitempty"`
	Label string `json:"label"`
	URL   string `json:"url"`
}

// playState is the play page's state at one ply: what the page shows, and
// the legal moves of the position on view. The page embeds it and fetches
// it again from /play/state after every move.
type playState struct {
	URL        string      `json:"url"`
	Start      string      `json:"start"` // "pos=518" or "fen=..."
	Moves      []string    `json:"moves"` // every move, Chess960 UCI
	SAN        []string    `json:"san"`
	Ply        int         `json:"ply"`
	FEN        string      `json:"fen"` // X-FEN of the position on view
	Shredder   string      `json:"shredderFen"`
	Turn       string      `json:"turn"`
	Check      bool        `json:"check"`
	Over       bool        `json:"over"`
	Result     string      `json:"result"`
	Status     string      `json:"status"`
	Claimed    string      `json:"claimed,omitempty"`
	Claims     []claimView `json:"claims"`
	Legal      []legalMove `json:"legal"`
	Flip       bool        `json:"flip"`
	StartFEN   string      `json:"startFen"`
	StartNum   int         `json:"startNum"` // Scharnagl number, or -1
	FirstNum   int         `json:"firstMove"`
	BlackFirst bool        `json:"blackFirst"`
	PGN        string      `json:"pgn"`
	SVG        string      `json:"svg"`
	// Against the engine: the side it plays ("" when not playing it), its
	// Skill Level (-1: the engine's own) and node limit (0: timed); the
	// analysis panel; the board's orientation; the server's engine ("":
	// none) and its time cap in ms.
	Engine      string `json:"engine"`
	Skill       int    `json:"skill"`
	Nodes       int    `json:"nodes"`
	Analysis    bool   `json:"analysis"`
	BlackBottom bool   `json:"blackBottom"`
	EngineName  string `json:"engineName"`
	EngineTime  int    `json:"engineTime"`
}

// state computes the page's state for the ply on view.
func (gm *game) state() playState {
	st := playState{Start: gm.startKey + "=" + gm.startVal, Ply: gm.ply, Flip: gm.flip,
		Engine: gm.eng.side, Skill: gm.eng.skill, Nodes: gm.eng.nodes, Analysis: gm.eng.analysis, BlackBottom: gm.blackBottom(),
		SAN: gm.san, Moves: make([]string, len(gm.moves)), Claims: []claimView{}, Legal: []legalMove{},
		StartFEN: gm.start.FEN(chess.Standard), StartNum: -1,
		FirstNum: gm.start.Fullmove(), BlackFirst: gm.start.Turn() == chess.Black}
	if st.SAN == nil {
		st.SAN = []string{}
	}
	if sp, err := chess960.ParseFEN(st.StartFEN); err == nil {
		st.StartNum = sp.ID()
	}
	for i, m := range gm.moves {
		st.Moves[i] = m.UCI(chess.Chess960)
	}
	st.URL = gm.url(gm.ply)
	// The game at the ply on view.
	view := gm.g
	if gm.ply < len(gm.moves) {
		view = chess.NewGame(gm.start)
		for _, m := range gm.moves[:gm.ply] {
			view.Play(m)
		}
	}
	p := view.Position()
	status := view.Status()
	st.FEN, st.Shredder = p.FEN(chess.Standard), p.FEN(chess.Chess960)
	st.Turn, st.Check = p.Turn().String(), status.Check
	st.Over, st.Result = status.Outcome.IsOver(), status.Outcome.Result.String()
	st.Status = statusText(p, status)
	if view == gm.g && gm.claim != chess.Ongoing {
		st.Claimed = claimName(gm.claim)
	}
	if !st.Over {
		for _, c := range status.Claims {
			cv := claimView{Kind: claimName(c.Termination)}
			n := gm.ply
			if c.Move != 0 {
				cv.UCI, cv.SAN = c.Move.UCI(chess.Chess960), p.SAN(c.Move)
				cv.Label = "Play " + cv.SAN + " and claim a draw (" + c.Termination.String() + ")"
				v := gm.values(n, -1, chess.Ongoing, gm.flip)
				v.Set("moves", strings.TrimPrefix(v.Get("moves")+","+cv.UCI, ","))
				v.Set("claim", cv.Kind)
				cv.URL = "/play?" + encodeOrdered(v)
			} else {
				cv.Label = "Claim a draw (" + c.Termination.String() + ")"
				cv.URL = "/play?" + encodeOrdered(gm.values(n, -1, c.Termination, gm.flip))
			}
			st.Claims = append(st.Claims, cv)
		}
		st.Legal = legalMoves(p)
	}
	var last chess.Move
	if gm.ply > 0 {
		last = gm.moves[gm.ply-1]
	}
	st.SVG = string(appendPositionBoard(nil, p, boardOpts{Coords: true, Flip: gm.blackBottom(), LastMove: diagram.MoveSquares(last),
		Class: "play-board", ID: "board-svg"}))
	st.PGN = exportPGN(gm, st.StartNum)
	return st
}

func legalMoves(p chess.Position) []legalMove {
	moves := p.AppendLegalMoves(nil)
	out := make([]legalMove, 0, len(moves)+2)
	for _, m := range moves {
		lm := legalMove{From: m.From().String(), To: m.To().String(), UCI: m.UCI(chess.Chess960), SAN: p.SAN(m)}
		if r := m.Promotion(); r != chess.NoRole {
			lm.Promo = strings.ToLower(string(r.Letter()))
		}
		if m.IsCastle() {
			lm.Castle, lm.KingTo = true, m.KingTo().String()
		}
		if m.IsEnPassant() {
			lm.EP = chess.SquareAt(m.To().File(), m.From().Rank()).String()
		}
		out = append(out, lm)
		if !m.IsCastle() || m.KingTo() == m.From() || m.KingTo() == m.To() {
			continue
		}
		// The king's own destination also castles, unless another king move
		// goes there.
		ambiguous := false
		for _, o := range moves {
			ambiguous = ambiguous || (o != m && o.From() == m.From() && !o.IsCastle() && o.To() == m.KingTo())
		}
		if !ambiguous {
			lm.To = m.KingTo().String()
			out = append(out, lm)
		}
	}
	return out
}

// statusText says what the position on view is.
func statusText(p chess.Position, st chess.Status) string {
	side := "White"
	if p.Turn() == chess.Black {
		side = "Black"
	}
	o := st.Outcome
	switch o.Termination {
	case chess.Ongoing:
		if st.Check {
			return side + " to move, in check"
		}
		return side + " to move"
	case chess.Checkmate:
		w, _ := o.Result.Winner()
		return "Checkmate: " + titleCase(w.String()) + " wins (" + o.Result.String() + ")"
	case chess.Stalemate:
		return "Stalemate: draw (½–½)"
	case chess.InsufficientMaterial:
		return "Draw: insufficient material (½–½)"
	case chess.SeventyFiveMoves:
		return "Draw: 75 moves without a capture or pawn move (½–½)"
	case chess.FivefoldRepetition:
		return "Draw: fivefold repetition (½–½)"
	case chess.FiftyMoves:
		return "Draw claimed: fifty-move rule (½–½)"
	case chess.ThreefoldRepetition:
		return "Draw claimed: threefold repetition (½–½)"
	}
	return o.String()
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// moveRow is one line of the move list: a move number and White's and
// Black's moves.
type moveRow struct {
	Num          int
	White, Black *moveCell
}

type moveCell struct {
	Ply     int // 1-based: the ply this move leads to
	SAN     string
	URL     string
	Current bool
}

type playPage struct {
	site.Page
	S                                     playState
	Board                                 template.HTML
	Rows                                  []moveRow
	StateURL                              string
	BackURL, ForwardURL, StartURL, EndURL string
	FlipURL, PGNURL                       string
	Hidden                                []hiddenField
	MoveError                             string
	MoveValue                             string
	Lichess                               string
	StartLabel                            string
	StartFEN                              string
	BackOff, ForwardOff                   bool
	// The engine's part.
	EngineError   string
	EngineLabel   string        // who plays whom, at what strength
	EngineToMove  bool          // the engine is to move at the end of the game
	EngineHidden  []hiddenField // the game, for the engine's forms
	StopURL       string        // the game without the engine
	AnalysisURL   string        // the analysis panel toggled
	APIAnalyseURL string        // the analysis as JSON, for pages without JavaScript
	SkillOptions  []option
	NodesOptions  []option
	PlayerWhite   bool // the form's side: the player's
	// Live: the server keeps games (a database), so the page offers to
	// play a friend online, from OnlinePosition (the start as the form
	// takes it: a number, a DFRC pair or a FEN).
	Live           bool
	OnlinePosition string
}

// option is an option of a select.
type option struct {
	Value, Label string
	Selected     bool
}

type hiddenField struct{ Name, Value string }

func (gm *game) rows(cur int) []moveRow {
	var rows []moveRow
	num := gm.start.Fullmove()
	black := gm.start.Turn() == chess.Black
	for i, san := range gm.san {
		c := &moveCell{Ply: i + 1, SAN: san, URL: gm.url(i + 1), Current: i+1 == cur}
		if !black {
			rows = append(rows, moveRow{Num: num, White: c})
		} else {
			if len(rows) == 0 {
				rows = append(rows, moveRow{Num: num})
			}
			rows[len(rows)-1].Black = c
			num++
		}
		black = !black
	}
	return rows
}

// GET /play?pos=N|fen=FEN[&moves=...][&ply=][&claim=][&flip=1][&move=M]
// [&engine=white|black][&skill=][&nodes=][&analysis=1][&go=1]: the play
// page. move= plays one more move (the form for play without JavaScript)
// and, against the engine, its reply; go=1 asks the engine for its move;
// both redirect to the game's new address.
func (s *Server) play(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only(append(gameParams, "move", "go")...); err != nil {
		return err
	}
	if !q.Has("pos") && !q.Has("fen") {
		w.Header().Set("Cache-Control", site.CacheNever)
		http.Redirect(w, r, "/play?pos="+strconv.Itoa(chess960.Random().ID()), http.StatusSeeOther)
		return nil
	}
	gm, partial, err := readGame(q)
	if err != nil && partial == nil {
		return err
	}
	goFlag, gerr := q.Flag("go")
	if gerr != nil {
		return gerr
	}
	var moveErr, moveValue, engineErr string
	status := http.StatusOK
	cache := site.CacheStable
	if err != nil {
		gm, moveErr, status = partial, err.Msg, err.Status
	} else if q.Has("move") {
		// Play one more move after the ply on view.
		moveValue = site.Echo(q.Get("move"))
		ng := chess.NewGame(gm.start)
		for _, m := range gm.moves[:gm.ply] {
			ng.Play(m)
		}
		m, perr := ng.PlayText(strings.TrimSpace(q.Get("move")))
		if perr == nil && s.cfg.Engine != nil && gm.engineTurn(gm.ply) {
			perr = errEngineTurn
		}
		if perr == nil {
			played := append(gm.moves[:gm.ply:gm.ply], m)
			if gm.eng.side != "" && s.cfg.Engine != nil && !ng.Status().Outcome.IsOver() {
				// The engine's reply, if it has one now; if not, the page
				// offers to ask again.
				if reply, ierr := s.playEngineMove(r, gm, played); ierr == nil {
					played = append(played, reply)
				}
			}
			s.redirectToGame(w, r, gm, played)
			return nil
		}
		moveErr = "move " + quote.Input(q.Get("move")) + ": " + site.CapMessage(site.OneLine(strings.TrimPrefix(perr.Error(), "chess: ")))
		if errors.Is(perr, chess.ErrGameOver) {
			moveErr = "move " + quote.Input(q.Get("move")) + ": the game is over"
		}
		status = http.StatusBadRequest
	} else if goFlag {
		// The engine's move, asked for by the page's button.
		switch {
		case s.cfg.Engine == nil:
			return errNoEngine()
		case !gm.engineTurn(gm.ply) || gm.ply != len(gm.moves) || gm.g.Outcome().IsOver():
			return site.BadParam("go", q.Get("go"), "it is not the engine's move: it moves only at the end of a game, on its side's turn")
		}
		reply, ierr := s.playEngineMove(r, gm, gm.moves)
		if ierr != nil {
			if ierr.Status == 499 {
				return ierr
			}
			engineErr, status, cache = ierr.Msg, ierr.Status, site.CacheNever
			if ierr.RetryAfter > 0 {
				w.Header().Set("Retry-After", strconv.Itoa(ierr.RetryAfter))
			}
		} else {
			s.redirectToGame(w, r, gm, append(gm.moves, reply))
			return nil
		}
	}
	if gm.eng.side != "" && s.cfg.Engine != nil {
		gm.engineName = s.cfg.Engine.Name()
	}
	st := s.stateOf(gm)
	pp := &playPage{Page: s.site.NewPage(r, "Play", "play"), S: st, Board: template.HTML(st.SVG), Rows: gm.rows(gm.ply),
		MoveError: moveErr, MoveValue: moveValue, EngineError: engineErr}
	pp.S.SVG = "" // the page has the board once, in the HTML
	pp.Script = "play.js"
	pp.Live, pp.OnlinePosition = s.cfg.Games != nil, st.StartFEN
	if st.StartNum >= 0 {
		pp.OnlinePosition = strconv.Itoa(st.StartNum)
		pp.Title = "Play Chess960 position " + strconv.Itoa(st.StartNum)
		pp.StartLabel = "Chess960 position " + strconv.Itoa(st.StartNum) + " (" + chess960.MustNew(st.StartNum).String() + ")"
	} else if d, err := chess960.ParseDFRC(st.StartFEN); err == nil {
		// The start of a DFRC game (/dfrc's "Play this start").
		pp.Title = "Play DFRC " + d.String()
		pp.OnlinePosition = d.String()
		pp.StartLabel = "DFRC start " + d.String() + " (" + d.White.String() + " against " + strings.ToLower(d.Black.String()) + ")"
	} else {
		pp.Title = "Play from a position"
		pp.StartLabel = "From a position"
		pp.StartFEN = st.StartFEN
	}
	pp.Description = "Play a Chess960 game in the browser: legal moves, castling the Chess960 way, PGN export."
	pp.StateURL = "/play/state?" + strings.TrimPrefix(st.URL, "/play?")
	n := len(gm.moves)
	pp.StartURL, pp.EndURL = gm.url(0), gm.url(n)
	pp.BackURL, pp.ForwardURL = gm.url(gm.backPly()), gm.url(gm.forwardPly())
	pp.BackOff, pp.ForwardOff = gm.backPly() == gm.ply, gm.forwardPly() == gm.ply
	pp.FlipURL = "/play?" + encodeOrdered(gm.values(-1, gm.ply, gm.claim, !gm.flip))
	pp.PGNURL = "/play.pgn?" + encodeOrdered(gm.values(-1, -1, gm.claim, false))
	for k, vs := range gm.values(gm.ply, -1, chess.Ongoing, gm.flip) {
		pp.Hidden = append(pp.Hidden, hiddenField{k, vs[0]})
	}
	sortHidden(pp.Hidden)
	pp.Lichess = lichessEditor(st.FEN)
	s.enginePanel(pp, gm)
	return s.site.WritePage(w, r, "play", pp, status, cache)
}

// errEngineTurn refuses a player's move on the engine's turn.
var errEngineTurn = errors.New("it is the engine's move (the button below asks for it)")

// redirectToGame answers with a redirect to the game with these moves,
// viewed at its end.
func (s *Server) redirectToGame(w http.ResponseWriter, r *http.Request, gm *game, moves []chess.Move) {
	ng := *gm
	ng.moves = moves
	v := ng.values(-1, -1, chess.Ongoing, gm.flip)
	w.Header().Set("Cache-Control", site.CacheNever)
	http.Redirect(w, r, "/play?"+encodeOrdered(v), http.StatusSeeOther)
}

// playEngineMove asks the engine for its move after moves, at the game's
// strength: its node limit, or a second's search (or the time cap, if
// shorter).
func (s *Server) playEngineMove(r *http.Request, gm *game, moves []chess.Move) (chess.Move, *site.Error) {
	p := gm.start
	for _, m := range moves {
		p.Play(m)
	}
	lim := uci.Limits{MoveTime: min(moveTime, s.engineTime())}
	if gm.eng.nodes > 0 {
		lim = uci.Limits{Nodes: uint64(gm.eng.nodes)}
	}
	m, _, err := s.engineReply(r, engineGame{start: gm.start, moves: moves, pos: p}, lim, gm.eng.skill)
	return m, err
}

// stateOf is the game's state with the server's engine.
func (s *Server) stateOf(gm *game) playState {
	st := gm.state()
	if s.cfg.Engine != nil {
		st.EngineName = s.cfg.Engine.Name()
		st.EngineTime = int(s.engineTime() / time.Millisecond)
	}
	return st
}

func sortHidden(h []hiddenField) {
	order := map[string]int{}
	for i, k := range gameParams {
		order[k] = i
	}
	sort.Slice(h, func(i, j int) bool { return order[h[i].Name] < order[h[j].Name] })
}

// gameParams are the parameters of a game's address, in the order they
// are written.
var gameParams = []string{"pos", "fen", "moves", "ply", "claim", "flip", "engine", "skill", "nodes", "analysis"}

// readGameOnly reads the game of a request that takes no other
// parameter, and names its engine.
func (s *Server) readGameOnly(r *http.Request) (*game, *site.Error) {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return nil, err
	}
	if err := q.Only(gameParams...); err != nil {
		return nil, err
	}
	gm, _, err := readGame(q)
	if err != nil {
		return nil, err
	}
	if gm.eng.side != "" && s.cfg.Engine != nil {
		gm.engineName = s.cfg.Engine.Name()
	}
	return gm, nil
}

// GET /play/state: the play page's state as JSON (not part of the public
// API: its shape follows the page).
func (s *Server) playState(w http.ResponseWriter, r *http.Request) *site.Error {
	gm, err := s.readGameOnly(r)
	if err != nil {
		return err
	}
	st := s.stateOf(gm)
	site.WriteJSONBytes(w, marshalCompact(st), site.CacheStable)
	return nil
}

// GET /play.pgn: the game as a PGN file.
func (s *Server) playPGN(w http.ResponseWriter, r *http.Request) *site.Error {
	gm, err := s.readGameOnly(r)
	if err != nil {
		return err
	}
	num := -1
	if sp, perr := chess960.ParseFEN(gm.start.FEN(chess.Standard)); perr == nil {
		num = sp.ID()
	}
	body := exportPGN(gm, num)
	h := w.Header()
	h.Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	name := "chess960-game.pgn"
	if num >= 0 {
		name = "chess960-" + strconv.Itoa(num) + ".pgn"
	}
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Cache-Control", site.CacheStable)
	w.Write([]byte(body))
	return nil
}

// readableQuery keeps the commas of a move list and the slashes of a FEN
// as they are in an address.
var readableQuery = strings.NewReplacer("%2C", ",", "%2F", "/")
