package server

// Engine play and analysis (serve --engine PATH): GET /api/analyse (the
// analyse command's --json, or its progress as NDJSON), GET
// /api/engine/move (the engine's reply in a game) and GET /api/engine (what
// this server's engine allows). Every search runs on the engine pool, which
// never queues: a busy pool is a 429 with Retry-After. Every search is
// stopped at the server's time cap. Input is checked before any engine is
// asked, so no input reaches an engine that it could not search; an engine
// that fails (crashes, says an illegal move) is the server's failure, and
// is answered 503 with Retry-After, never a hang.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/uci"
)

// Engine is a pool of UCI engines: what engine play and analysis need.
// A *uci.Pool with the name its Check reported (PoolEngine) is one; tests
// use fakes.
type Engine interface {
	// Name is the engine's name as it reports it ("Stockfish 15.1").
	Name() string
	// Search runs a job and returns its result as uci.Pool.Search does: it
	// fails at once with a *uci.BusyError when every engine is searching,
	// and stops the search when the context ends, returning the engine's
	// result with the context's error.
	Search(ctx context.Context, j uci.Job, onInfo func(uci.Info)) (uci.Result, error)
}

// PoolEngine is the Engine of a uci.Pool.
type PoolEngine struct {
	*uci.Pool
	EngineName string // as Pool.Check returned it
}

// Name returns the engine's name.
func (p PoolEngine) Name() string { return p.EngineName }

// Limits of engine requests.
const (
	maxEngineDepth = 99
	maxEngineNodes = 999_999_999
	maxMultiPV     = 5
	maxSkill       = 20
	// analyseDepth is the depth of an analysis without a limit, as the
	// analyse command.
	analyseDepth = 18
	// moveTime is how long the engine thinks over a move without a
	// limit (or the time cap, if it is shorter).
	moveTime = time.Second
	// engineQueueWait is how long a request waits for a free engine before
	// it is answered 429: enough for a search the client has just
	// abandoned (the page's analysis, when a move is played) to stop.
	engineQueueWait = 300 * time.Millisecond
	// MaxEngineTime is the largest time cap a server takes: a search and
	// its answer must fit in WriteTimeout.
	MaxEngineTime = 20 * time.Second
)

// engineTime returns the time cap of a search.
func (s *Server) engineTime() time.Duration { return s.cfg.EngineTime }

// Error codes of the engine endpoints.
const (
	codeNoEngine     = "noEngine"     // the server runs without an engine (404)
	codeEngineFailed = "engineFailed" // the engine failed: the server's fault (503)
	codeGameOver     = "gameOver"     // no move to search: the game is over
	codeEngineRefuse = "engineRefused"
)

func errNoEngine() *site.Error {
	return &site.Error{Status: http.StatusNotFound, Code: codeNoEngine,
		Msg: "this server runs without a chess engine: engine play and analysis need one (install Stockfish, which chess960 serve finds on the PATH or at /usr/games/stockfish, or start it with chess960 serve --engine PATH)"}
}

// engineGame is the position an engine request is about: the start, the
// moves played from it, and the position they reach.
type engineGame struct {
	start chess.Position
	moves []chess.Move
	pos   chess.Position
}

// readEngineGame reads fen= or pos=, and moves= (SAN or UCI, separated by
// commas or spaces), as the analyse command reads its position and
// --moves, with its words for a bad move and for a game that is over.
func readEngineGame(q query, what string) (engineGame, *site.Error) {
	var eg engineGame
	p, key, err := q.position()
	if err != nil {
		return eg, err
	}
	texts := moveList(q.Get("moves"))
	if len(texts) > maxMoves {
		return eg, &site.Error{Status: http.StatusBadRequest, Param: "moves", Code: site.CodeTooLong,
			Msg: fmt.Sprintf("moves: %d moves: too many: at most %d", len(texts), maxMoves)}
	}
	g := chess.NewGame(p)
	for i, s := range texts {
		before := g.Position()
		m, perr := g.PlayText(s)
		if perr != nil {
			e := &site.Error{Status: http.StatusBadRequest, Param: "moves", Code: api.Code(perr)}
			var me *chess.MoveError
			if errors.As(perr, &me) {
				e.Msg = fmt.Sprintf("moves: move %d %s: %v: %s (in %s)", i+1, quote.Input(s), me.Err, me.Detail, before.FEN(chess.Standard))
			} else {
				e.Msg = fmt.Sprintf("moves: move %d %s: %v", i+1, quote.Input(s), perr)
			}
			e.Msg = site.CapMessage(e.Msg)
			return eg, e
		}
		eg.moves = append(eg.moves, m)
	}
	eg.start, eg.pos = p, g.Position()
	if st := g.Status(); st.Outcome.IsOver() {
		param := key
		if len(texts) > 0 {
			param = "moves"
		}
		return eg, &site.Error{Status: http.StatusBadRequest, Param: param, Code: codeGameOver,
			Msg: fmt.Sprintf("position %s: %s, the game is over: %v", quote.Input(eg.pos.FEN(chess.Standard)), what, st.Outcome)}
	}
	return eg, nil
}

// readLimits reads the search limit: one of depth=, movetime= (ms, at most
// the time cap) and nodes=, or def.
func (s *Server) readLimits(q query, def uci.Limits) (uci.Limits, *site.Error) {
	var given []string
	for _, k := range []string{"depth", "movetime", "nodes"} {
		if q.Has(k) {
			given = append(given, k)
		}
	}
	if len(given) > 1 {
		return uci.Limits{}, site.BadParam(given[1], q.Get(given[1]), "give one of depth, movetime and nodes, not %s", strings.Join(given, " and "))
	}
	capMS := int(s.engineTime() / time.Millisecond)
	switch {
	case q.Has("depth"):
		d, err := q.Int("depth", 1, maxEngineDepth, 0)
		return uci.Limits{Depth: d}, err
	case q.Has("nodes"):
		n, err := q.Int("nodes", 1, maxEngineNodes, 0)
		return uci.Limits{Nodes: uint64(n)}, err
	case q.Has("movetime"):
		ms, err := q.Int("movetime", 1, math.MaxInt32, 0)
		if err != nil {
			return uci.Limits{}, err
		}
		if ms > capMS {
			return uci.Limits{}, &site.Error{Status: http.StatusUnprocessableEntity, Param: "movetime", Code: site.CodeBudget,
				Msg: fmt.Sprintf("movetime %d: over this server's cap of %d ms per search; ask for less, or run chess960 analyse on your own computer", ms, capMS)}
		}
		return uci.Limits{MoveTime: time.Duration(ms) * time.Millisecond}, nil
	}
	return def, nil
}

// search runs a job within the time cap. A busy pool is retried for up to
// engineQueueWait, then answered 429 with the pool's Retry-After. A search
// stopped by the cap is a result like any other.
func (s *Server) search(r *http.Request, j uci.Job, onInfo func(uci.Info)) (uci.Result, *site.Error) {
	ctx, cancel := context.WithTimeout(r.Context(), s.engineTime())
	defer cancel()
	waitUntil := time.Now().Add(engineQueueWait)
	for {
		res, err := s.cfg.Engine.Search(ctx, j, onInfo)
		var busy *uci.BusyError
		switch {
		case err == nil:
			return res, nil
		case r.Context().Err() != nil:
			return res, &site.Error{Status: 499, Code: site.CodeClientGone, Msg: "client went away"}
		case errors.As(err, &busy):
			if time.Now().Before(waitUntil) {
				select {
				case <-time.After(25 * time.Millisecond):
					continue
				case <-ctx.Done():
				}
			}
			secs := max(1, int(math.Ceil(busy.RetryAfter.Seconds())))
			return res, &site.Error{Status: http.StatusTooManyRequests, RetryAfter: secs, Code: site.CodeBusy,
				Msg: fmt.Sprintf("busy: all %d engines of this server are searching; retry in %d s", busy.Size, secs)}
		case errors.Is(err, context.DeadlineExceeded) && res.BestMove != 0:
			// Stopped at the time cap: the engine's answer so far. (An
			// engine that gave no move when told to stop was killed.)
			return res, nil
		case errors.Is(err, uci.ErrPosition), errors.Is(err, uci.ErrUnknownOption), errors.Is(err, uci.ErrOptionValue):
			// What this engine cannot do with a valid request (a position
			// it cannot be sent, an option it lacks).
			return res, &site.Error{Status: http.StatusUnprocessableEntity, Code: codeEngineRefuse,
				Msg: site.CapMessage("the engine " + quote.Input(s.cfg.Engine.Name()) + " cannot do this: " + engineReason(err))}
		}
		return res, s.engineFailed(r, err)
	}
}

// engineReason is the reason of an engine error, without the engine's
// stderr (which stays in the log).
func engineReason(err error) string {
	var ue *uci.Error
	if errors.As(err, &ue) {
		msg := ue.Err.Error()
		if ue.Detail != "" {
			msg += ": " + ue.Detail
		}
		return msg
	}
	return err.Error()
}

// engineFailed is the answer to an engine that failed during a search:
// 503 with Retry-After. The pool replaces the engine.
func (s *Server) engineFailed(r *http.Request, err error) *site.Error {
	if s.cfg.Logger != nil {
		s.cfg.Logger.Warn("engine failed", "path", r.URL.Path, "error", err.Error())
	}
	return &site.Error{Status: http.StatusServiceUnavailable, RetryAfter: 1, Code: codeEngineFailed,
		Msg: site.CapMessage("the engine failed (" + engineReason(err) + "); a new one is started for the next request: retry")}
}

// GET /api/analyse?fen=|pos=&moves=&depth=|movetime=|nodes=&multipv=[&stream=1]:
// analyse FEN --moves ... --json. With stream=1 the answer is NDJSON: one
// analysis (the same object, on one line) each time the engine reaches a
// new depth, the last one being the result.
func (s *Server) apiAnalyse(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fen", "pos", "moves", "depth", "movetime", "nodes", "multipv", "stream"); err != nil {
		return err
	}
	if s.cfg.Engine == nil {
		return errNoEngine()
	}
	eg, err := readEngineGame(q, "nothing to analyse")
	if err != nil {
		return err
	}
	lim, err := s.readLimits(q, uci.Limits{Depth: analyseDepth})
	if err != nil {
		return err
	}
	multipv, err := q.Int("multipv", 1, maxMultiPV, 1)
	if err != nil {
		return err
	}
	stream, err := q.Flag("stream")
	if err != nil {
		return err
	}
	job := uci.Job{Start: eg.start, Moves: eg.moves, Limits: lim, NewGame: true}
	if multipv > 1 {
		job.Options = []uci.Setting{{Name: "MultiPV", Value: strconv.Itoa(multipv)}}
	}
	if !stream {
		res, err := s.search(r, job, nil)
		if err != nil {
			return err
		}
		site.WriteJSONBytes(w, site.MarshalCLI(api.NewAnalysis(res)), site.CacheNever)
		return nil
	}
	return s.streamAnalysis(w, r, eg, job, min(multipv, len(eg.pos.AppendLegalMoves(nil))))
}

// streamInterval is the least time between two lines of a streamed
// analysis (except the last).
const streamInterval = 100 * time.Millisecond

// streamAnalysis answers a streamed analysis: a line after each report of
// the last of the want lines at a new depth (or streamInterval after the
// last line sent), and the result.
func (s *Server) streamAnalysis(w http.ResponseWriter, r *http.Request, eg engineGame, job uci.Job, want int) *site.Error {
	rc := http.NewResponseController(w)
	started := false
	write := func(b []byte) {
		if !started {
			h := w.Header()
			h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
			h.Set("Cache-Control", site.CacheNever)
			h.Set("X-Accel-Buffering", "no")
			w.WriteHeader(http.StatusOK)
			started = true
		}
		w.Write(b)
		rc.Flush()
	}
	lines := map[int]uci.Info{}
	depth, sent := 0, 0
	var last time.Time
	partial := func() uci.Result {
		res := uci.Result{Position: eg.pos, Depth: depth}
		for k := 1; k <= len(lines)+1; k++ {
			if l, ok := lines[k]; ok {
				res.Lines = append(res.Lines, l)
			}
		}
		if len(res.Lines) > 0 {
			res.BestMove = res.Lines[0].PV[0]
		}
		return res
	}
	onInfo := func(i uci.Info) {
		if i.Has(uci.HasDepth) && i.Depth > depth {
			depth = i.Depth
		}
		if !i.Has(uci.HasPV|uci.HasScore) || len(i.PV) == 0 || i.Score.Bound != uci.Exact {
			return
		}
		k := max(i.MultiPV, 1)
		lines[k] = i
		if k != want || depth == sent && time.Since(last) < streamInterval {
			return
		}
		last, sent = time.Now(), depth
		write(marshalCompact(api.NewAnalysis(partial())))
	}
	res, err := s.search(r, job, onInfo)
	if err != nil {
		if !started {
			return err
		}
		if err.Status != 499 {
			write(marshalCompact(site.ErrorJSON{Error: err.Msg, Code: err.Code, Status: err.Status}))
		}
		return nil
	}
	write(marshalCompact(api.NewAnalysis(res)))
	return nil
}

// engineMove is the answer of GET /api/engine/move.
type engineMove struct {
	UCI    string `json:"uci"` // Chess960 UCI: castling as the king taking its rook
	SAN    string `json:"san"`
	FEN    string `json:"fen"` // the position after the move (X-FEN)
	Depth  int    `json:"depth"`
	Nodes  uint64 `json:"nodes"`
	Engine string `json:"engine"`
}

// GET /api/engine/move?fen=|pos=&moves=[&skill=0..20][&depth=|movetime=|nodes=]:
// the engine's move in the position the moves reach, at a Skill Level
// and a search limit (a second's search, or the cap, by default).
func (s *Server) apiEngineMove(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fen", "pos", "moves", "depth", "movetime", "nodes", "skill"); err != nil {
		return err
	}
	if s.cfg.Engine == nil {
		return errNoEngine()
	}
	eg, err := readEngineGame(q, "no move to play")
	if err != nil {
		return err
	}
	lim, err := s.readLimits(q, uci.Limits{MoveTime: min(moveTime, s.engineTime())})
	if err != nil {
		return err
	}
	skill := -1
	if q.Has("skill") {
		if skill, err = q.Int("skill", 0, maxSkill, 0); err != nil {
			return err
		}
	}
	m, res, err := s.engineReply(r, eg, lim, skill)
	if err != nil {
		return err
	}
	after := eg.pos
	after.Play(m)
	site.WriteJSONBytes(w, site.MarshalCLI(engineMove{UCI: m.UCI(chess.Chess960), SAN: eg.pos.SAN(m), FEN: after.FEN(chess.Standard),
		Depth: res.Depth, Nodes: res.Nodes, Engine: s.cfg.Engine.Name()}), site.CacheNever)
	return nil
}

// engineReply asks the engine for its move in the position eg reaches,
// with a search limit and a Skill Level (-1: the engine's own).
func (s *Server) engineReply(r *http.Request, eg engineGame, lim uci.Limits, skill int) (chess.Move, uci.Result, *site.Error) {
	job := uci.Job{Start: eg.start, Moves: eg.moves, Limits: lim, NewGame: true}
	if skill >= 0 {
		job.Options = []uci.Setting{{Name: "Skill Level", Value: strconv.Itoa(skill)}}
	}
	res, err := s.search(r, job, nil)
	if err != nil {
		return 0, res, err
	}
	if res.BestMove == 0 {
		return 0, res, s.engineFailed(r, errors.New("the engine gave no move in a position that has moves"))
	}
	return res.BestMove, res, nil
}

// engineInfo is the answer of GET /api/engine.
type engineInfo struct {
	Engine      string `json:"engine"`
	Searches    int    `json:"searches,omitempty"` // searches at once
	MaxMovetime int    `json:"maxMovetime"`        // ms: every search stops then
	MaxDepth    int    `json:"maxDepth"`
	MaxNodes    int    `json:"maxNodes"`
	MaxMultiPV  int    `json:"maxMultipv"`
	MaxSkill    int    `json:"maxSkill"`
}

// GET /api/engine: the engine and the limits of its requests.
func (s *Server) apiEngine(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	if s.cfg.Engine == nil {
		return errNoEngine()
	}
	info := engineInfo{Engine: s.cfg.Engine.Name(), MaxMovetime: int(s.engineTime() / time.Millisecond),
		MaxDepth: maxEngineDepth, MaxNodes: maxEngineNodes, MaxMultiPV: maxMultiPV, MaxSkill: maxSkill}
	if sz, ok := s.cfg.Engine.(interface{ Size() int }); ok {
		info.Searches = sz.Size()
	}
	site.WriteJSONBytes(w, site.MarshalCLI(info), site.CacheNever)
	return nil
}
