package uci

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/chess"
)

// PoolConfig configures a Pool.
type PoolConfig struct {
	// Engine says how to start each engine process.
	Engine Config
	// Size is the most searches that run at once, each on its own engine
	// process (0: 1). Give each engine one thread (Engine.Options
	// {"Threads", "1"}, Stockfish's default) and Size at most the number
	// of CPUs the searches may take.
	Size int
	// MaxSearch caps the time of every search: the pool tells the engine
	// to stop then, and the search returns the engine's move as usual
	// (0: DefaultMaxSearch).
	MaxSearch time.Duration
}

// DefaultMaxSearch is the time cap of a Pool's searches when its config
// gives none.
const DefaultMaxSearch = 10 * time.Second

// Job is one search for a Pool.
type Job struct {
	Start  chess.Position
	Moves  []chess.Move
	Limits Limits
	// Options are set before the search (e.g. {"Skill Level", "5"},
	// {"MultiPV", "3"}). An option that an earlier job set on the same
	// engine and this one does not is put back to its default, so that
	// jobs do not leak settings into each other.
	Options []Setting
	// NewGame sends ucinewgame first (the engine forgets what it learnt
	// from earlier searches).
	NewGame bool
}

// Pool runs searches on at most Size engine processes at once. It is
// made for servers: Search never queues; when Size searches are running
// it fails at once with a *BusyError (ErrBusy) that says when to retry,
// which an HTTP handler turns into "429 Too Many Requests" with a
// Retry-After header. Every search is stopped after MaxSearch, so a
// request holds an engine for at most that long (plus the engine's start,
// bounded by Engine.ReadyTimeout, and its answer to stop, bounded by
// Engine.StopTimeout). Engines are started when first needed, kept for the
// next search, and replaced when they fail. Its methods may be called
// from any goroutine.
type Pool struct {
	cfg    PoolConfig
	mu     sync.Mutex
	idle   []*pooled
	busy   map[*pooled]time.Time // running searches and when they are due to end
	closed bool
}

type pooled struct {
	e   *Engine
	set map[string]bool // options set by jobs (lower-case names)
}

// NewPool returns a pool; it starts no engine yet.
func NewPool(c PoolConfig) *Pool {
	if c.Size <= 0 {
		c.Size = 1
	}
	if c.MaxSearch <= 0 {
		c.MaxSearch = DefaultMaxSearch
	}
	return &Pool{cfg: c, busy: map[*pooled]time.Time{}}
}

// Size returns the most searches the pool runs at once.
func (p *Pool) Size() int { return p.cfg.Size }

// Running returns the number of searches running now.
func (p *Pool) Running() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.busy)
}

// Check makes sure an engine can be started (starting one if none is idle,
// and keeping it for the first search) and returns its name. A server
// calls it at start-up to fail early on a wrong engine path.
func (p *Pool) Check(ctx context.Context) (string, error) {
	pe, err := p.take(ctx)
	if err != nil {
		return "", err
	}
	name := pe.e.Name()
	p.put(pe)
	return name, nil
}

// Search runs a job on a free engine and returns its result, or fails at
// once with a *BusyError when Size searches are running. onInfo, if not
// nil, is called with each of the engine's info lines (on the caller's
// goroutine). The context works as for Engine.Go: when it ends the search
// is stopped. Errors are those of Engine.Go and Search.Wait, and ErrClosed
// after Close.
func (p *Pool) Search(ctx context.Context, j Job, onInfo func(Info)) (Result, error) {
	pe, err := p.take(ctx)
	if err != nil {
		return Result{}, err
	}
	defer p.put(pe)
	if err := pe.configure(ctx, j.Options); err != nil {
		return Result{}, err
	}
	if j.NewGame {
		if err := pe.e.NewGame(ctx); err != nil {
			return Result{}, err
		}
	}
	s, err := pe.e.Go(ctx, j.Start, j.Moves, j.Limits)
	if err != nil {
		return Result{}, err
	}
	t := time.AfterFunc(p.cfg.MaxSearch, s.Stop)
	defer t.Stop()
	return s.Wait(onInfo)
}

// take reserves a search slot and an engine for it.
func (p *Pool) take(ctx context.Context) (*pooled, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, &Error{Engine: p.cfg.Engine.Path, Op: "pool", Err: ErrClosed, Detail: "the pool was closed"}
	}
	now := time.Now()
	if len(p.busy) >= p.cfg.Size {
		first := now.Add(p.cfg.MaxSearch)
		for _, end := range p.busy {
			if end.Before(first) {
				first = end
			}
		}
		p.mu.Unlock()
		return nil, &BusyError{Size: p.cfg.Size, RetryAfter: max(first.Sub(now), 0)}
	}
	var pe *pooled
	if n := len(p.idle); n > 0 {
		pe, p.idle = p.idle[n-1], p.idle[:n-1]
	} else {
		pe = &pooled{set: map[string]bool{}}
	}
	ready := p.cfg.Engine.ReadyTimeout
	if ready <= 0 {
		ready = DefaultReadyTimeout
	}
	due := now.Add(p.cfg.MaxSearch)
	if pe.e == nil {
		due = due.Add(ready)
	}
	p.busy[pe] = due
	p.mu.Unlock()
	if pe.e == nil {
		e, err := Start(ctx, p.cfg.Engine)
		p.mu.Lock()
		if err == nil && p.closed {
			err = &Error{Engine: e.Name(), Op: "pool", Err: ErrClosed, Detail: "the pool was closed"}
			defer e.Close()
		}
		if err != nil {
			delete(p.busy, pe)
			p.mu.Unlock()
			return nil, err
		}
		pe.e = e
		p.mu.Unlock()
	}
	return pe, nil
}

// put returns an engine to the pool, or closes it if it failed or the
// pool was closed.
func (p *Pool) put(pe *pooled) {
	p.mu.Lock()
	delete(p.busy, pe)
	keep := !p.closed && pe.e.Err() == nil
	if keep {
		p.idle = append(p.idle, pe)
	}
	p.mu.Unlock()
	if !keep {
		pe.e.Close()
	}
}

// configure sets the job's options and puts back to their defaults those
// an earlier job set.
func (pe *pooled) configure(ctx context.Context, opts []Setting) error {
	want := map[string]bool{}
	for _, s := range opts {
		want[strings.ToLower(s.Name)] = true
	}
	for name := range pe.set {
		if want[name] {
			continue
		}
		o, _ := pe.e.Option(name)
		def := o.Default
		if def == "<empty>" {
			def = ""
		}
		if o.Type != "button" {
			if err := pe.e.SetOption(ctx, o.Name, def); err != nil {
				return err
			}
		}
		delete(pe.set, name)
	}
	for _, s := range opts {
		if err := pe.e.SetOption(ctx, s.Name, s.Value); err != nil {
			return err
		}
		pe.set[strings.ToLower(s.Name)] = true
	}
	return nil
}

// Close closes the idle engines and stops the running searches (they fail
// with ErrClosed); later searches fail with ErrClosed. It returns nil.
func (p *Pool) Close() error {
	p.mu.Lock()
	p.closed = true
	all := p.idle
	p.idle = nil
	for pe := range p.busy {
		if pe.e != nil {
			all = append(all, pe)
		}
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, pe := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pe.e.Close()
		}()
	}
	wg.Wait()
	return nil
}
