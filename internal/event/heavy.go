package event

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/chess960/chess960/pairing"
)

// Limits bound a Service's heavy work, pairing, so that a large field (an
// event may have MaxPlayers) paired by many clients at once cannot take
// every CPU from the requests that are cheap. The zero value of a field
// means its default.
type Limits struct {
	// PairSlots is how many pairings may run at once. Default: half the
	// CPUs Go uses, at least 1.
	PairSlots int
	// PairWait is how long a pairing waits for a free slot before its
	// change is refused with ErrBusy (nothing written; retry later).
	// Default: 5 s.
	PairWait time.Duration
	// PairTimeout is the longest one pairing may run; past it the pairing
	// is stopped and its change refused (ErrState) with a message that
	// says how else to pair. Default: no limit (the command line); the
	// server sets one below its write timeout, so that a client is never
	// left without an answer for a change that was made.
	PairTimeout time.Duration
	// Run runs one pairing and returns when it does; nil runs it on the
	// calling goroutine. The server runs pairings on a thread of lowered
	// priority, so that a large field's pairing leaves the CPU to the
	// requests that are cheap (other events' pages).
	Run func(func())
}

// DefaultPairWait is Limits.PairWait's default.
const DefaultPairWait = 5 * time.Second

// maxPairRuns is how many times one change may pair: once, and again if
// the players or results changed under it before it was written.
const maxPairRuns = 3

// SetLimits sets the Service's limits. Call it before the Service is used.
func (s *Service) SetLimits(l Limits) {
	if l.PairSlots <= 0 {
		l.PairSlots = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if l.PairWait <= 0 {
		l.PairWait = DefaultPairWait
	}
	s.limits = l
	s.pairSem = make(chan struct{}, l.PairSlots)
}

// slot takes a pairing slot, waiting up to PairWait for one; the caller
// calls release when done.
func (s *Service) slot(ctx context.Context) (release func(), err error) {
	select {
	case s.pairSem <- struct{}{}:
		return func() { <-s.pairSem }, nil
	default:
	}
	t := time.NewTimer(s.limits.PairWait)
	defer t.Stop()
	select {
	case s.pairSem <- struct{}{}:
		return func() { <-s.pairSem }, nil
	case <-t.C:
		return nil, fmt.Errorf("%d pairings are running and none finished within %s, so this one was not started: %w", cap(s.pairSem), s.limits.PairWait, ErrBusy)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pairMemo is the pairer of one Apply: it pairs under the Service's
// limits, and when the change is applied again (another change was
// written first) it reuses its pairing if the tournament it paired is the
// same, so that a collision costs no second pairing.
type pairMemo struct {
	s     *Service
	ctx   context.Context
	key   [32]byte
	pairs []pairing.Pair // nil until a pairing succeeded
	runs  int
}

func (s *Service) pairer(ctx context.Context) *pairMemo { return &pairMemo{s: s, ctx: ctx} }

func (m *pairMemo) pair(t *pairing.Tournament, system System) ([]pairing.Pair, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("pairing: the tournament does not encode: %v", err)
	}
	key := sha256.Sum256(append([]byte(string(system)+"\n"), b...))
	if m.pairs != nil && key == m.key {
		return slices.Clone(m.pairs), nil
	}
	if m.runs == maxPairRuns {
		return nil, fmt.Errorf("the players or results changed %d times while round %d was being paired: %w", m.runs, t.PlayedRounds()+1, ErrBusy)
	}
	m.runs++
	m.s.pairings.Add(1)
	release, err := m.s.slot(m.ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	ctx := m.ctx
	if d := m.s.limits.PairTimeout; d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, d, errPairTimeout)
		defer cancel()
	}
	var pairs []pairing.Pair
	run := m.s.limits.Run
	if run == nil {
		run = func(f func()) { f() }
	}
	run(func() {
		if system == Swiss {
			pairs, err = pairing.DutchContext(ctx, t)
		} else {
			pairs, err = pairing.RoundRobin(t, system == DoubleRoundRobin)
		}
	})
	if err != nil && context.Cause(ctx) == errPairTimeout && m.ctx.Err() == nil {
		return nil, notNow("round %d: pairing %d players takes longer than this server allows (%s), so it was stopped and nothing changed: pair the round with the command line (chess960 event pair, on the machine that holds the database), which has no such limit, or by hand",
			t.PlayedRounds()+1, len(t.Players), m.s.limits.PairTimeout)
	}
	if err != nil {
		return nil, err
	}
	m.key, m.pairs = key, slices.Clone(pairs)
	return pairs, nil
}

var errPairTimeout = errors.New("the pairing's time budget ran out")
