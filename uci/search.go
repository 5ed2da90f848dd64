package uci

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// ErrLimits is the reason Go refuses limits that make no sense (a
// negative depth, say).
var ErrLimits = errors.New("bad search limits")

// Limits are the limits of a search, as "go" sends them. Zero fields are
// not sent; with none at all the engine searches until Stop (as with
// Infinite).
type Limits struct {
	Depth    int           // plies
	Nodes    uint64        // nodes
	Mate     int           // search for a mate in this many moves
	MoveTime time.Duration // exactly this long (sent in milliseconds)
	// The clocks: time left for White and Black, their increments per
	// move, and the moves to the next time control.
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
	// Infinite searches until Stop; Ponder starts a ponder search, which
	// PonderHit turns into a normal one.
	Infinite bool
	Ponder   bool
	// SearchMoves restricts the search to these moves of the position.
	SearchMoves []chess.Move
}

// command writes the "go" command, checking the limits.
func (l Limits) command(pos chess.Position, mode chess.CastlingMode) (string, error) {
	b := []string{"go"}
	if l.Ponder {
		b = append(b, "ponder")
	}
	for _, d := range []struct {
		key string
		v   time.Duration
	}{{"wtime", l.WTime}, {"btime", l.BTime}, {"winc", l.WInc}, {"binc", l.BInc}, {"movetime", l.MoveTime}} {
		if d.v < 0 {
			return "", fmt.Errorf("%s %v is negative", d.key, d.v)
		}
		if d.v > 0 {
			ms := (d.v + time.Millisecond - 1) / time.Millisecond
			b = append(b, d.key, strconv.FormatInt(int64(ms), 10))
		}
	}
	for _, n := range []struct {
		key string
		v   int
	}{{"movestogo", l.MovesToGo}, {"depth", l.Depth}, {"mate", l.Mate}} {
		if n.v < 0 {
			return "", fmt.Errorf("%s %d is negative", n.key, n.v)
		}
		if n.v > 0 {
			b = append(b, n.key, strconv.Itoa(n.v))
		}
	}
	if l.Nodes > 0 {
		b = append(b, "nodes", strconv.FormatUint(l.Nodes, 10))
	}
	if l.Infinite {
		b = append(b, "infinite")
	}
	if len(l.SearchMoves) > 0 {
		b = append(b, "searchmoves")
		for _, m := range l.SearchMoves {
			if !pos.IsLegal(m) {
				return "", fmt.Errorf("searchmoves: %s is not legal in %s", m, pos.FEN(chess.Standard))
			}
			b = append(b, m.UCI(mode))
		}
	}
	return strings.Join(b, " "), nil
}

// Result is what a search found.
type Result struct {
	// Position is the position searched (the start with the moves
	// played).
	Position chess.Position
	// BestMove is the engine's move, legal in Position; 0 when the engine
	// had none to give because the game is over ("bestmove (none)" or
	// "0000").
	BestMove chess.Move
	// Ponder is the move the engine expects in reply, or 0 (also when the
	// engine named one that is not legal).
	Ponder chess.Move
	// Lines are the last reports of each principal variation, ordered by
	// their multipv number (Lines[0] is the best line). A line re-searched
	// with only a bound does not replace an exact one.
	Lines []Info
	// The deepest depth and selective depth reported, and the last
	// counts of nodes and time.
	Depth, SelDepth int
	Nodes           uint64
	Time            time.Duration
}

// Search is a search running on an engine. Wait for its result with Wait,
// which must be called once: the engine serves no other call until Wait
// returns.
type Search struct {
	e      *Engine
	ctx    context.Context
	pos    chess.Position
	mode   chess.CastlingMode
	mu     sync.Mutex
	done   bool
	waited bool
}

// Go sends the position (the start position's FEN, then the moves played
// from it, written in the engine's castling mode) and the limits, and
// returns the running search. The moves must be legal; an engine without
// UCI_Chess960 cannot be given castling rights standard UCI cannot write;
// and no engine is given more than 16 pieces or 8 pawns a side (positions
// package chess plays with a warning, but that engines are not built for).
// All three are refused with ErrPosition.
//
// The context governs the whole search, up to the end of Wait: when it is
// done, Wait tells the engine to stop and waits up to Config.StopTimeout
// for its bestmove; an engine that does not answer in time is killed.
func (e *Engine) Go(ctx context.Context, start chess.Position, moves []chess.Move, lim Limits) (*Search, error) {
	const op = "search"
	mode := e.Mode()
	cmd, pos, detail := e.positionCommand(start, moves)
	if detail != "" {
		return nil, &Error{Engine: e.Name(), Op: op, Err: ErrPosition, Detail: detail}
	}
	goCmd, err := lim.command(pos, mode)
	if err != nil {
		return nil, &Error{Engine: e.Name(), Op: op, Err: ErrLimits, Detail: err.Error()}
	}
	if err := e.acquire(ctx, op); err != nil {
		return nil, err
	}
	if err := e.send(ctx, op, string(cmd)); err != nil {
		e.release()
		return nil, err
	}
	if err := e.send(ctx, op, goCmd); err != nil {
		e.release()
		return nil, err
	}
	return &Search{e: e, ctx: ctx, pos: pos, mode: mode}, nil
}

// positionCommand writes the "position fen FEN moves ..." command for start
// and the moves played from it, in the engine's castling mode, and returns
// the position reached; or, for a position that cannot be sent, the reason
// (detail non-empty): a move that is not legal, castling that standard UCI
// cannot write, or more material than engines hold.
func (e *Engine) positionCommand(start chess.Position, moves []chess.Move) (cmd []byte, pos chess.Position, detail string) {
	mode := e.Mode()
	if d := materialOK(start); d != "" {
		return nil, start, d
	}
	if mode == chess.Standard {
		if d := standardOK(start); d != "" {
			return nil, start, d
		}
	}
	cmd = append([]byte("position fen "), start.AppendFEN(nil, e.fenMode)...)
	if len(moves) > 0 {
		cmd = append(cmd, " moves"...)
	}
	pos = start
	for i, m := range moves {
		if !pos.IsLegal(m) {
			return nil, pos, fmt.Sprintf("move %d (%s) is not legal in %s", i+1, m, pos.FEN(chess.Standard))
		}
		cmd = append(cmd, ' ')
		cmd = m.AppendUCI(cmd, mode)
		pos.Play(m)
	}
	return cmd, pos, ""
}

// materialOK refuses positions with more than 16 pieces or 8 pawns a side,
// which package chess plays (with a warning) but engines do not: Stockfish
// keeps at most 16 pieces of a kind and 256 moves per position, and
// crashes or miscounts past them. Moves never add material, so the start
// of a game decides for all its positions.
func materialOK(p chess.Position) string {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if n, pawns := p.Pieces(c, chess.NoRole).Count(), p.Pieces(c, chess.Pawn).Count(); n > 16 || pawns > 8 {
			return fmt.Sprintf("%s has %d pieces and %d pawns: engines take at most 16 pieces and 8 pawns a side (%s)",
				c, n, pawns, p.FEN(chess.Standard))
		}
	}
	return ""
}

// standardOK says why standard UCI cannot express the castling rights of
// p, or "": every castling rook must stand in a corner with its king on
// the e-file.
func standardOK(p chess.Position) string {
	for b := p.CastlingRooks(); b != 0; b &= b - 1 {
		sq := b.First()
		c := chess.White
		if sq.Rank() == 7 {
			c = chess.Black
		}
		k := p.KingSquare(c)
		if (sq.File() != 0 && sq.File() != 7) || k.File() != 4 {
			return "the engine has no UCI_Chess960, and standard UCI cannot write castling with the king on " +
				k.String() + " and the rook on " + sq.String() + " (" + p.FEN(chess.Standard) + ")"
		}
	}
	return ""
}

// Search runs a search to its end: Go, then Wait.
func (e *Engine) Search(ctx context.Context, start chess.Position, moves []chess.Move, lim Limits, onInfo func(Info)) (Result, error) {
	s, err := e.Go(ctx, start, moves, lim)
	if err != nil {
		return Result{}, err
	}
	return s.Wait(onInfo)
}

// Position returns the position searched.
func (s *Search) Position() chess.Position { return s.pos }

// Stop tells the engine to stop searching; Wait then returns its result.
// It does not wait, and does nothing once the search is over.
func (s *Search) Stop() { s.sendIfRunning("stop") }

// PonderHit tells the engine that the opponent played the move it was
// pondering on: the ponder search goes on as a normal one.
func (s *Search) PonderHit() { s.sendIfRunning("ponderhit") }

func (s *Search) sendIfRunning(cmd string) {
	s.mu.Lock()
	done := s.done
	s.mu.Unlock()
	if !done {
		s.e.sendNow(cmd)
	}
}

// Wait reads the engine's reports until its bestmove, calling onInfo (if
// not nil) with each info line, and returns the result. The best move is
// checked: an illegal one is an *Error with ErrIllegalMove (the engine
// stays usable). An engine that exits or prints garbage is an *Error with
// ErrExited or ErrProtocol and the tail of its stderr.
//
// If the search's context ends first, Wait sends "stop" and returns the
// result the engine then gives, with the context's error; the engine
// stays usable. If it gives none within Config.StopTimeout, it is killed.
func (s *Search) Wait(onInfo func(Info)) (Result, error) {
	const op = "search"
	e := s.e
	s.mu.Lock()
	if s.waited {
		s.mu.Unlock()
		return Result{Position: s.pos}, &Error{Engine: e.Name(), Op: op, Err: errors.New("Wait called twice")}
	}
	s.waited = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.done = true
		s.mu.Unlock()
		e.release()
	}()
	res := Result{Position: s.pos}
	lines := map[int]Info{}
	var ctxErr error
	ctxDone := s.ctx.Done()
	var stopTimer <-chan time.Time
	for {
		var ev event
		var ok bool
		select {
		case ev, ok = <-e.lines:
		case <-ctxDone:
			ctxErr, ctxDone = s.ctx.Err(), nil
			e.sendNow("stop")
			t := time.NewTimer(e.cfg.StopTimeout)
			defer t.Stop()
			stopTimer = t.C
			continue
		case <-stopTimer:
			err := e.errorf(op, ctxErr, "the engine did not stop within %v; killed it", e.cfg.StopTimeout)
			e.breakWith(err)
			return s.finish(res, lines), err
		case <-e.closing:
			return s.finish(res, lines), e.deadError(op, e.Err())
		}
		line, err := e.got(op, ev, ok)
		if err != nil {
			return s.finish(res, lines), err
		}
		switch w, _ := nextWord(line); w {
		case "info":
			info, _ := ParseInfo(line, s.pos, s.mode)
			res.add(info, lines)
			if onInfo != nil {
				onInfo(info)
			}
		case "bestmove":
			res = s.finish(res, lines)
			if err := s.bestMove(&res, line); err != nil {
				return res, err
			}
			if ctxErr != nil {
				return res, &Error{Engine: e.Name(), Op: op, Err: ctxErr, Detail: "stopped the search"}
			}
			return res, nil
		}
	}
}

// add takes an info line into the result.
func (r *Result) add(info Info, lines map[int]Info) {
	r.Depth = max(r.Depth, info.Depth)
	r.SelDepth = max(r.SelDepth, info.SelDepth)
	if info.Has(HasNodes) {
		r.Nodes = info.Nodes
	}
	if info.Has(HasTime) {
		r.Time = info.Time
	}
	if !info.Has(HasPV) || len(info.PV) == 0 {
		return
	}
	k := info.MultiPV
	if k == 0 {
		k = 1
	}
	if old, ok := lines[k]; ok && info.Score.Bound != Exact && old.Score.Bound == Exact {
		return
	}
	lines[k] = info
}

func (s *Search) finish(r Result, lines map[int]Info) Result {
	keys := make([]int, 0, len(lines))
	for k := range lines {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	r.Lines = r.Lines[:0]
	for _, k := range keys {
		r.Lines = append(r.Lines, lines[k])
	}
	return r
}

// parseBestMove reads "bestmove MOVE [ponder MOVE]" (any spacing, other
// words ignored): the two moves' text, "" for a ponder move not given.
func parseBestMove(line string) (best, ponder string, ok bool) {
	w, rest := nextWord(line)
	if w != "bestmove" {
		return "", "", false
	}
	best, rest = nextWord(rest)
	if best == "" {
		return "", "", false
	}
	if w, rest := nextWord(rest); w == "ponder" {
		ponder, _ = nextWord(rest)
	}
	return best, ponder, true
}

// bestMove reads and checks the bestmove line.
func (s *Search) bestMove(r *Result, line string) error {
	e := s.e
	best, ponder, ok := parseBestMove(line)
	if !ok {
		return e.errorf("search", ErrProtocol, "%s names no move", quote.Input(line))
	}
	fen := s.pos.FEN(e.fenMode)
	switch best {
	case "(none)", "0000", "none", "NULL", "null":
		if n := s.pos.CountLegalMoves(); n > 0 {
			return e.errorf("search", ErrIllegalMove, "bestmove %s, but %s has %d legal moves", quote.Input(best), fen, n)
		}
		return nil
	}
	m, err := engineMove(s.pos, best, s.mode)
	if err != nil {
		return e.errorf("search", ErrIllegalMove, "bestmove %s in %s: %v", quote.Input(best), fen, err)
	}
	r.BestMove = m
	if ponder != "" {
		after := s.pos
		after.Play(m)
		if pm, err := engineMove(after, ponder, s.mode); err == nil {
			r.Ponder = pm
		}
	}
	return nil
}
