package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/secret"
	"github.com/chess960/chess960/internal/store"
)

// Service keeps games in a store of Kind Games: each game's record holds
// its start and the hashes of its seats' tokens, and its history the
// accepted actions, one version each. An action is acknowledged (Act
// returns) only once it is committed, and two actions on one version
// never both land: the second is refused with ErrConflict, or, when it
// does not depend on the board (an offer, a resignation), applied to
// what came first.
//
// The Service keeps the games it has read in memory, each at the version
// it read, and asks the store only for the record's version (one indexed
// read) and the actions since; so an action or a watcher's read does not
// replay the whole game. The games it returns are shared: read them, or
// Clone one to change it.
type Service struct {
	onEnd   atomic.Pointer[func(id string, g *Game)]
	present atomic.Pointer[func() []string]
	st      store.Store
	now     func() time.Time

	mu    sync.Mutex
	cache map[string]*cached
	// locks serialise this process's actions on one game, so that they
	// do not race each other to the store; one lock a game, held while
	// its action commits (a lock shared by several games made each wait
	// for the others' commits: bench-play's p99 of 87 ms).
	locks map[string]*gameLock
}

type gameLock struct {
	mu    sync.Mutex
	users int // under Service.mu
}

// cached is a game as the Service read it; g is shared (never changed).
type cached struct {
	g  *Game
	sg storedGame
}

// maxCached bounds the games kept in memory; past it, one is forgotten
// for each one read.
const maxCached = 20000

// NewService returns a Service over st, which must be of Kind Games.
func NewService(st store.Store) *Service {
	return &Service{st: st, now: time.Now, cache: map[string]*cached{}, locks: map[string]*gameLock{}}
}

// Seats are the capabilities of a new game: the token of each seat,
// which its player's link carries, shown once. Whoever has the game's ID
// may watch it.
type Seats struct {
	ID           string
	White, Black string
}

// ErrNotFound: no game has this ID (or the seat's token does not open it).
var ErrNotFound = errors.New("no such game or seat")

// storedGame is the record's state: what a game is besides its actions.
// Format 1.
type storedGame struct {
	Format  int    `json:"format"`
	Start   string `json:"start"`             // FEN, Shredder castling
	Control string `json:"control,omitempty"` // clock.Control's String; "": untimed
	White   string `json:"white"`             // SHA-256 of the seat's token, hex
	Black   string `json:"black"`
	Seed    string `json:"seed,omitempty"`  // of the random draw that chose the start
	Delay   string `json:"delay,omitempty"` // Delay's String
	Prev    string `json:"prev,omitempty"`  // the game this is a rematch of
	// An event's game: the event, round and board, when the clocks start,
	// and the default time in seconds.
	Event   string     `json:"event,omitempty"`
	Round   int        `json:"round,omitempty"`
	Board   int        `json:"board,omitempty"`
	StartAt *time.Time `json:"start_at,omitempty"`
	Default int64      `json:"default,omitempty"`
	Names   [2]string  `json:"names,omitzero"`
	// Format 2: Black's first period's time in seconds, when it differs
	// from White's (an Armageddon's clocks).
	BlackTime int64 `json:"black_time,omitempty"`
}

// info returns the game's Info from its stored form.
func (sg storedGame) info() (Info, error) {
	delay, err := ParseDelay(sg.Delay)
	if err != nil {
		return Info{}, err
	}
	i := Info{Seed: sg.Seed, Delay: delay, Prev: sg.Prev, Event: EventRef{ID: sg.Event, Round: sg.Round, Board: sg.Board},
		DefaultTime: time.Duration(sg.Default) * time.Second, Names: sg.Names, BlackTime: time.Duration(sg.BlackTime) * time.Second}
	if sg.StartAt != nil {
		i.StartAt = *sg.StartAt
	}
	return i, nil
}

// storedAction is an action as the history keeps it.
type storedAction struct {
	Kind   Kind       `json:"kind"`
	Side   string     `json:"side"` // "w" or "b"
	Text   string     `json:"text,omitempty"`
	At     time.Time  `json:"at"`
	Think  int64      `json:"think,omitempty"`  // the mover's own measure, in nanoseconds
	Next   string     `json:"next,omitempty"`   // an accepted rematch's game
	Since  *time.Time `json:"since,omitempty"`  // a resume's downtime's start
	Amount int64      `json:"amount,omitempty"` // an addtime's, in nanoseconds
	Note   string     `json:"note,omitempty"`   // an adjudication's
	By     string     `json:"by,omitempty"`     // an adjudication's arbiter
}

// Spec is what a new game is: its start and time control, and its Info.
type Spec struct {
	Start   chess.Position
	Control clock.Control // the zero Control: untimed
	Seed    string        // the seed of the random draw that chose Start, if one did
	Delay   Delay         // the spectators' delay
	// An event's game (CreateEvent): its board, when its clocks start,
	// and its default time (whole seconds), and its players' names.
	Event       EventRef
	StartAt     time.Time
	DefaultTime time.Duration
	Names       [2]string
	// BlackTime is Black's first period's time when it is not White's
	// (an Armageddon: 5+2 against 4+2), in whole seconds; 0: the same.
	BlackTime time.Duration
}

// Create makes a game from start with the time control c (the zero
// Control: untimed) and returns its ID and seat tokens, and the game.
// White's clock starts now.
func (s *Service) Create(ctx context.Context, start chess.Position, c clock.Control) (Seats, *Game, error) {
	return s.CreateWith(ctx, Spec{Start: start, Control: c})
}

// CreateWith makes the game sp; see Create.
func (s *Service) CreateWith(ctx context.Context, sp Spec) (Seats, *Game, error) {
	seats := Seats{White: secret.Token(16), Black: secret.Token(16)}
	g, err := s.create(ctx, sp, secret.Hash(seats.White), secret.Hash(seats.Black), "")
	if err != nil {
		return Seats{}, nil, err
	}
	seats.ID = g.id
	return seats, g.Game, nil
}

type made struct {
	*Game
	id string
}

// create stores a new game whose seats' tokens hash to white and black.
func (s *Service) create(ctx context.Context, sp Spec, white, black, prev string) (made, error) {
	if err := sp.Delay.check(); err != nil {
		return made{}, err
	}
	if !sp.Start.HasLegalMoves() {
		return made{}, &Error{Action: Action{Kind: "create"}, Err: ErrIllegal, Detail: "the side to move has no legal move in the start"}
	}
	// The ID is public (72 bits); the seats' tokens are the secrets.
	return s.createID(ctx, secret.Token(9), sp, white, black, prev)
}

// createID stores the new game sp under id.
func (s *Service) createID(ctx context.Context, id string, sp Spec, white, black, prev string) (made, error) {
	sg := storedGame{Format: 1, Start: sp.Start.FEN(chess.Chess960), White: white, Black: black,
		Seed: sp.Seed, Delay: sp.Delay.String(), Prev: prev,
		Event: sp.Event.ID, Round: sp.Event.Round, Board: sp.Event.Board, Default: int64(sp.DefaultTime / time.Second), Names: sp.Names}
	if sp.Event.ID != "" && !sp.StartAt.IsZero() {
		at := stamp(sp.StartAt)
		sg.StartAt = &at
	}
	if sp.Control.Kind != clock.Untimed {
		sg.Control = sp.Control.String()
		if sp.BlackTime > 0 {
			sg.Format, sg.BlackTime = 2, int64(sp.BlackTime/time.Second)
		}
	}
	state, _ := json.Marshal(sg)
	now := stamp(s.now())
	err := s.st.Create(ctx, store.Record{ID: id, Name: recordName(false), State: state, Created: now, Updated: now},
		store.Change{At: now, Kind: "create", By: "server", Body: []byte("{}")})
	if err != nil {
		return made{}, fmt.Errorf("game: creating: %w", err)
	}
	g := NewTimed(sp.Start, sp.Control, now)
	info, _ := sg.info() // made from sp's, which were checked
	g.SetInfo(info)
	s.keep(id, g, sg)
	return made{g.Clone(), id}, nil
}

// CreateEvent makes an event's game under the ID the event gives it,
// with the seats whose tokens hash to white and black (secret.Hash), or
// returns the game already made under that ID (the event's start of a
// round may be tried again after a crash). sp.Event must name the board.
func (s *Service) CreateEvent(ctx context.Context, id string, sp Spec, white, black string) (*Game, error) {
	if sp.Event.ID == "" || sp.Event.Round < 1 || sp.Event.Board < 1 {
		return nil, fmt.Errorf("game %s: an event's game names its event, round and board", quote.Input(id))
	}
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	if sp.DefaultTime < 0 || sp.DefaultTime%time.Second != 0 {
		return nil, fmt.Errorf("game %s: default time %s: want whole seconds, 0 for none", id, sp.DefaultTime)
	}
	if sp.BlackTime < 0 || sp.BlackTime%time.Second != 0 || sp.BlackTime > 0 && (sp.Control.Kind == clock.Untimed || sp.Control.Kind == clock.Correspondence) {
		return nil, fmt.Errorf("game %s: Black's time %s: want whole seconds, on a timed control", id, sp.BlackTime)
	}
	defer s.lock(id)()
	m, err := s.createID(ctx, id, sp, white, black, "")
	if errors.Is(err, store.ErrExists) {
		g, sg, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		if sg.Event != sp.Event.ID || sg.Round != sp.Event.Round || sg.Board != sp.Event.Board {
			return nil, fmt.Errorf("game %s exists, and is not round %d board %d of event %s", id, sp.Event.Round, sp.Event.Board, sp.Event.ID)
		}
		return g.Clone(), nil
	}
	if err != nil {
		return nil, err
	}
	return m.Game, nil
}

// recordName is the store's name of a game's record: "game" while it
// goes on (Resume looks for those), "over" once it has ended.
func recordName(over bool) string {
	if over {
		return "over"
	}
	return "game"
}

// cached returns the cached game id, if there is one, unread.
func (s *Service) cached(id string) (*Game, storedGame, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.cache[id]; c != nil {
		return c.g, c.sg, true
	}
	return nil, storedGame{}, false
}

// keep caches g (which the cache now owns) at its version.
func (s *Service) keep(id string, g *Game, sg storedGame) {
	g.share()
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.cache[id]; old != nil && old.g.Version() > g.Version() {
		return
	}
	if _, ok := s.cache[id]; !ok && len(s.cache) >= maxCached {
		for k := range s.cache {
			delete(s.cache, k)
			break
		}
	}
	s.cache[id] = &cached{g: g, sg: sg}
}

// lock takes game id's lock and returns its release.
func (s *Service) lock(id string) (unlock func()) {
	s.mu.Lock()
	l := s.locks[id]
	if l == nil {
		l = &gameLock{}
		s.locks[id] = l
	}
	l.users++
	s.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		s.mu.Lock()
		if l.users--; l.users == 0 {
			delete(s.locks, id)
		}
		s.mu.Unlock()
	}
}

// Load returns the game as it stands (shared: Clone it to change it).
func (s *Service) Load(ctx context.Context, id string) (*Game, error) {
	g, _, err := s.load(ctx, id)
	return g, err
}

// load returns the game as it stands: the cached game if the record is
// at its version, else the cached game and the actions since, else the
// whole history.
func (s *Service) load(ctx context.Context, id string) (*Game, storedGame, error) {
	if err := checkGameID(id); err != nil {
		return nil, storedGame{}, err
	}
	v, err := s.st.Version(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, storedGame{}, ErrNotFound
	}
	if err != nil {
		return nil, storedGame{}, err
	}
	s.mu.Lock()
	c := s.cache[id]
	s.mu.Unlock()
	if c != nil && int64(c.g.Version()) == v {
		return c.g, c.sg, nil
	}
	if c != nil && int64(c.g.Version()) < v {
		changes, err := s.st.Changes(ctx, id, int64(c.g.Version()), int(v)-c.g.Version())
		if err != nil {
			return nil, storedGame{}, err
		}
		g := c.g.Clone()
		for _, ch := range changes {
			a, err := readAction(id, ch)
			if err != nil {
				return nil, storedGame{}, err
			}
			a.Base = g.version
			if err := g.Apply(a); err != nil {
				return nil, storedGame{}, fmt.Errorf("game %s: action %d of the log: %w", id, ch.Version, err)
			}
		}
		if int64(g.Version()) == v {
			s.keep(id, g, c.sg)
			return g, c.sg, nil
		}
		// Fewer actions than the version said: read it all again.
	}
	return s.loadAll(ctx, id)
}

// loadAll reads the game's record and its whole history.
func (s *Service) loadAll(ctx context.Context, id string) (*Game, storedGame, error) {
	rec, err := s.st.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, storedGame{}, ErrNotFound
	}
	if err != nil {
		return nil, storedGame{}, err
	}
	var sg storedGame
	if err := json.Unmarshal(rec.State, &sg); err != nil || sg.Format != 1 && sg.Format != 2 {
		return nil, storedGame{}, fmt.Errorf("game %s: the stored game cannot be read (format %d): %v", id, sg.Format, err)
	}
	start, err := chess.ParseFEN(sg.Start)
	if err != nil {
		return nil, storedGame{}, fmt.Errorf("game %s: the stored start: %w", id, err)
	}
	var control clock.Control
	if sg.Control != "" {
		if control, err = clock.Parse(sg.Control); err != nil {
			return nil, storedGame{}, fmt.Errorf("game %s: the stored control: %w", id, err)
		}
	}
	info, err := sg.info()
	if err != nil {
		return nil, storedGame{}, fmt.Errorf("game %s: the stored delay: %w", id, err)
	}
	created := rec.Created
	// The actions up to the record's version: a version committed since
	// the record was read is left for the next read (the header does not
	// change, so this is the game as it stood at rec.Version).
	var log []Action
	if rec.Version >= 2 {
		changes, err := s.st.Changes(ctx, id, 1, int(rec.Version-1))
		if err != nil {
			return nil, storedGame{}, err
		}
		log = make([]Action, len(changes))
		for i, c := range changes {
			if log[i], err = readAction(id, c); err != nil {
				return nil, storedGame{}, err
			}
		}
	}
	g, err := replayInfo(start, control, created, info, log)
	if err != nil {
		return nil, storedGame{}, fmt.Errorf("game %s: %w", id, err)
	}
	if g.Version() != int(rec.Version) {
		return nil, storedGame{}, fmt.Errorf("game %s: the history ends at version %d, the record is at %d", id, g.Version(), rec.Version)
	}
	s.keep(id, g, sg)
	return g, sg, nil
}

// readAction reads an action of the history.
func readAction(id string, c store.Change) (Action, error) {
	var sa storedAction
	if err := json.Unmarshal(c.Body, &sa); err != nil {
		return Action{}, fmt.Errorf("game %s: action %d cannot be read: %v", id, c.Version, err)
	}
	side := chess.White
	if sa.Side == "b" {
		side = chess.Black
	}
	a := Action{Kind: sa.Kind, Side: side, Text: sa.Text, At: sa.At, Think: time.Duration(sa.Think), Next: sa.Next,
		Amount: time.Duration(sa.Amount), Note: sa.Note, By: sa.By}
	if sa.Since != nil {
		a.Since = *sa.Since
	}
	return a, nil
}

// commit appends a (applied to ng, a clone of the game at expect) to the
// history and caches ng.
func (s *Service) commit(ctx context.Context, id string, expect int, ng *Game, sg storedGame, a Action, by string) error {
	sa := storedAction{Kind: a.Kind, Side: sideText(a.Side), Text: a.Text, At: a.At, Think: int64(a.Think), Next: a.Next,
		Amount: int64(a.Amount), Note: a.Note, By: a.By}
	if !a.Since.IsZero() {
		sa.Since = &a.Since
	}
	body, _ := json.Marshal(sa)
	if by == "" {
		by = sa.Side
	}
	_, err := s.st.Update(ctx, id, int64(expect), recordName(ng.Over()), mustState(sg), store.Change{At: a.At, Kind: string(a.Kind), By: by, Body: body})
	if err != nil {
		return err
	}
	s.keep(id, ng, sg)
	if ng.Over() && a.Kind != Rematch && a.Kind != Decline {
		if f := s.onEnd.Load(); f != nil {
			(*f)(id, ng)
		}
	}
	return nil
}

// Known reports whether the Service holds the game id in its cache: it
// exists (a game is never deleted), without asking the store.
func (s *Service) Known(id string) bool {
	_, _, ok := s.cached(id)
	return ok
}

// SetClock replaces the wall clock the Service reads (for tests and
// simulations); call it before the Service is used.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// OnEnd sets f to be called, in the goroutine that committed it, after
// each action this Service commits that ends a game, with the game (do
// not change it; f must not block). Package eventplay carries an event's
// game's result to its board this way.
func (s *Service) OnEnd(f func(id string, g *Game)) { s.onEnd.Store(&f) }

func sideText(c chess.Color) string {
	if c == chess.Black {
		return "b"
	}
	return "w"
}

// Seat returns the side a seat's token holds in the game, comparing the
// token with both seats' in constant time; ErrNotFound if it holds none.
func (s *Service) Seat(ctx context.Context, id, token string) (chess.Color, error) {
	_, sg, err := s.load(ctx, id)
	if err != nil {
		return chess.White, err
	}
	return seatOf(sg, token)
}

func seatOf(sg storedGame, token string) (chess.Color, error) {
	w, b := secret.Matches(token, sg.White), secret.Matches(token, sg.Black)
	switch {
	case w:
		return chess.White, nil
	case b:
		return chess.Black, nil
	}
	return chess.White, ErrNotFound
}

// Act applies the action of the seat whose token is given (a.Side is set
// from it) and commits it. It returns the game after the action. A
// refused action is an *Error (see Game.Apply) and changes nothing.
// An accepted rematch makes the new game first (see Rematch).
func (s *Service) Act(ctx context.Context, id, token string, a Action) (*Game, error) {
	if a.Next != "" || !a.Since.IsZero() {
		return nil, &Error{Action: a, Err: ErrInvalid, Detail: "the server names the next game and the downtime"}
	}
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	defer s.lock(id)()
	// The first try is on the cached game, unread: if another instance
	// has moved it on, the commit finds out (ErrConflict) and the next try
	// reads it. Any refusal on the cached game is checked on the game
	// read, so that nobody is refused on a stale one.
	for try := 0; try < 4; try++ {
		var g *Game
		var sg storedGame
		fromCache := false
		if try == 0 {
			g, sg, fromCache = s.cached(id)
		}
		if !fromCache {
			var err error
			if g, sg, err = s.load(ctx, id); err != nil {
				return nil, err
			}
		}
		side, err := seatOf(sg, token)
		if err != nil {
			return nil, err
		}
		a.Side = side
		if slices.Contains(ServerKinds, a.Kind) {
			return nil, &Error{Action: a, Err: ErrInvalid, Detail: "only the server or the arbiter sends " + quote.Input(string(a.Kind)) + ", never a seat"}
		}
		if a.At.IsZero() || try > 0 {
			a.At = stamp(s.now())
		}
		if due, ok := g.Due(a.At); ok {
			if fromCache {
				continue
			}
			// The side to move ran out of time (or the default time
			// passed) before this action: the game ended then, whoever
			// acts now.
			ng, err := s.commitDue(ctx, id, g, sg, due)
			if err != nil && !errors.Is(err, ErrConflict) {
				return nil, err
			}
			if ng == nil {
				ng = g
			}
			if due.Kind == Flag {
				return nil, &Error{Action: a, Err: ErrOver, Detail: "the " + g.Position().Turn().String() + " flag fell at " + due.At.UTC().Format("15:04:05.000")}
			}
			return nil, &Error{Action: a, Err: ErrOver, Detail: ng.Describe()}
		}
		expect := g.Version()
		ng := g.Clone()
		a.Next = ""
		if a.Kind == Rematch && g.RematchAccepts(side, a.Text) {
			if fromCache {
				continue
			}
			if a.Base != 0 && a.Base != expect {
				return nil, &Error{Action: a, Err: ErrConflict, Detail: fmt.Sprintf("you saw version %d, it is at %d", a.Base, expect)}
			}
			// The new game first: the acceptance names it.
			next, err := s.rematch(ctx, id, g, sg, a.Text)
			if err != nil {
				return nil, err
			}
			a.Next = next
		}
		if err := ng.Apply(a); err != nil {
			if fromCache {
				continue
			}
			return nil, err
		}
		err = s.commit(ctx, id, expect, ng, sg, a, "")
		if errors.Is(err, store.ErrConflict) {
			// Another instance's action landed first. A move named the
			// version it was made on, so the next try refuses it
			// (ErrConflict); anything else applies to the new state.
			continue
		}
		if err != nil {
			return nil, err
		}
		return ng.Clone(), nil
	}
	return nil, &Error{Action: a, Err: ErrConflict, Detail: "the game changed three times while this action was applied; send it again"}
}

// rematch makes the rematch of game id in mode: the same start, or a new
// random draw, the colours reversed (each seat's token opens the other
// seat of the new game), with the same time control and delay.
func (s *Service) rematch(ctx context.Context, id string, g *Game, sg storedGame, mode string) (string, error) {
	sp := Spec{Start: g.Start(), Control: g.Control(), Delay: g.info.Delay}
	if mode == RematchNew {
		sp.Seed = secret.Token(12)
		sp.Start = chess.NewPosition(DrawStart(sp.Seed))
	}
	m, err := s.create(ctx, sp, sg.Black, sg.White, id)
	if err != nil {
		return "", err
	}
	return m.id, nil
}

// Flag ends the game on time for the clock's owner: side's flag fell at
// at (see Game.Flag). Of two instances that see the same flag fall, one
// commits it; the other is told the game changed (ErrConflict).
func (s *Service) Flag(ctx context.Context, id string, side chess.Color, at time.Time) (*Game, error) {
	g, sg, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if g.Over() {
		return nil, &Error{Action: Action{Kind: Flag, Side: side, At: at}, Err: ErrOver, Detail: g.Describe()}
	}
	if g.Position().Turn() != side && g.timed {
		return nil, &Error{Action: Action{Kind: Flag, Side: side, At: at}, Err: ErrIllegal, Detail: "only the side to move's clock runs"}
	}
	return s.commitFlag(ctx, id, g, sg, at)
}

// Check ends a timed game whose side to move has run out of time by now,
// as the next contact with it must (nobody may be connected when the flag
// falls), and returns the game as it stands.
func (s *Service) Check(ctx context.Context, id string) (*Game, error) {
	return s.CheckAt(ctx, id, 0)
}

// CheckAt is Check for a caller that knows the game is at version v or
// later (a watcher told so): a cached game at v or later is not read
// again. v 0: read the version.
func (s *Service) CheckAt(ctx context.Context, id string, v int) (*Game, error) {
	g, sg, ok := s.cached(id)
	if !ok || v == 0 || g.Version() < v {
		var err error
		if g, sg, err = s.load(ctx, id); err != nil {
			return nil, err
		}
	}
	if due, ok := g.Due(stamp(s.now())); ok {
		if ng, err := s.commitDue(ctx, id, g, sg, due); err == nil {
			return ng, nil
		} else if !errors.Is(err, ErrConflict) {
			return nil, err
		}
		return s.Load(ctx, id)
	}
	return g, nil
}

// commitDue commits the ending that fell due (Game.Due) on g (as loaded).
func (s *Service) commitDue(ctx context.Context, id string, g *Game, sg storedGame, a Action) (*Game, error) {
	if a.Kind == Flag {
		return s.commitFlag(ctx, id, g, sg, a.At)
	}
	ng := g.Clone()
	if err := ng.Apply(a); err != nil {
		return nil, err
	}
	if err := s.commit(ctx, id, g.Version(), ng, sg, a, "clock"); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, &Error{Action: a, Err: ErrConflict, Detail: "the game changed; load it again"}
		}
		return nil, err
	}
	return ng, nil
}

// Arrive records the arrival of the seat whose token is given at an
// event's game (its first connection), once; it returns the game as it
// stands. A game that is not an event's, a seat already arrived and a
// game over are left as they are.
func (s *Service) Arrive(ctx context.Context, id, token string) (*Game, error) {
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	if g, _, ok := s.cached(id); ok && !g.info.IsEvent() {
		return g.Clone(), nil // what a game is does not change: nothing to record
	}
	defer s.lock(id)()
	for try := 0; try < 4; try++ {
		g, sg, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		side, err := seatOf(sg, token)
		if err != nil {
			return nil, err
		}
		at := stamp(s.now())
		if due, ok := g.Due(at); ok {
			ng, err := s.commitDue(ctx, id, g, sg, due)
			if errors.Is(err, ErrConflict) {
				continue
			}
			return ng, err
		}
		if !g.info.IsEvent() || g.Over() || g.Arrived(side) {
			return g, nil
		}
		a := Action{Kind: Arrive, Side: side, At: at, Base: g.Version()}
		ng := g.Clone()
		if err := ng.Apply(a); err != nil {
			return nil, err
		}
		err = s.commit(ctx, id, g.Version(), ng, sg, a, "")
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return ng.Clone(), nil
	}
	return nil, &Error{Action: Action{Kind: Arrive}, Err: ErrConflict, Detail: "the game changed three times; try again"}
}

// Arbitrate applies an arbiter's action to an event's game (Pause,
// Unpause, AddTime with Side and Amount, Adjudicate with Text and Note),
// made by the arbiter named by, and commits it. Base 0: on the game as it
// stands. A due ending is committed first (the arbiter then acts on a
// game over, and is refused).
func (s *Service) Arbitrate(ctx context.Context, id, by string, a Action) (*Game, error) {
	switch a.Kind {
	case Pause, Unpause, AddTime, Adjudicate:
	default:
		return nil, &Error{Action: a, Err: ErrInvalid, Detail: "an arbiter pauses, unpauses, adds time or adjudicates, not " + quote.Input(string(a.Kind))}
	}
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	defer s.lock(id)()
	for try := 0; try < 4; try++ {
		g, sg, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		if !g.info.IsEvent() {
			return nil, &Error{Action: a, Err: ErrIllegal, Detail: "only an event's game has an arbiter"}
		}
		a.At = stamp(s.now())
		if due, ok := g.Due(a.At); ok {
			if _, err := s.commitDue(ctx, id, g, sg, due); err != nil && !errors.Is(err, ErrConflict) {
				return nil, err
			}
			continue
		}
		if a.Kind == Adjudicate {
			a.By = by
		}
		ng := g.Clone()
		if err := ng.Apply(a); err != nil {
			return nil, err
		}
		if by == "" {
			by = "arbiter"
		}
		err = s.commit(ctx, id, g.Version(), ng, sg, a, by)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return ng.Clone(), nil
	}
	return nil, &Error{Action: a, Err: ErrConflict, Detail: "the game changed three times while this was applied; try again"}
}

// commitFlag commits the side to move's flag at at on g (as loaded).
func (s *Service) commitFlag(ctx context.Context, id string, g *Game, sg storedGame, at time.Time) (*Game, error) {
	side := g.Position().Turn()
	ng := g.Clone()
	if err := ng.Flag(side, at); err != nil {
		return nil, err
	}
	a := Action{Kind: Flag, Side: side, At: at}
	if err := s.commit(ctx, id, g.Version(), ng, sg, a, "clock"); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, &Error{Action: a, Err: ErrConflict, Detail: "the game changed; load it again"}
		}
		return nil, err
	}
	return ng, nil
}

// The heartbeat of the downtime rule (Start).
const (
	// BeatEvery is how often a running Service records that it is alive.
	BeatEvery = time.Second
	// DownAfter is how long without a beat from any instance means that
	// the service was down.
	DownAfter = 3 * BeatEvery
)

// Start applies the downtime rule and then keeps this instance's
// heartbeat until stop is called. Call it before serving.
//
// The rule: while no instance of the service runs, no clock runs. When
// the service comes back (no instance has beaten for DownAfter), every
// timed game in play gets a Resume: the side to move's clock restarts now
// with the time it had at the last beat, so the downtime is charged to
// nobody. A flag that had fallen before the last beat falls as it did.
// The beat is every BeatEvery, so the side to move is given back at most
// BeatEvery of time it did use (the time between the last beat and the
// crash); with another instance alive nothing is given back (its beats
// are recent).
//
// Started says what the rule did.
func (s *Service) Start(ctx context.Context) (stop func(), did Started, err error) {
	instance := secret.Token(9)
	last, ok, err := s.st.LastBeat(ctx)
	if err != nil {
		return nil, did, err
	}
	now := stamp(s.now())
	if ok && now.Sub(last) > DownAfter {
		did.Down, did.Since = true, last
		if did.Resumed, did.Failed, err = s.ResumeAll(ctx, last, now); err != nil {
			return nil, did, err
		}
	}
	if err := s.st.Beat(ctx, instance, now, s.localPresent()); err != nil {
		return nil, did, err
	}
	bctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(BeatEvery)
		defer t.Stop()
		for {
			select {
			case <-bctx.Done():
				return
			case <-t.C:
				// A failed beat is tried again at the next tick; a long
				// failure looks like a downtime to the next instance to
				// start, which is what it was for the players.
				s.st.Beat(bctx, instance, stamp(s.now()), s.localPresent())
			}
		}
	}()
	return func() { cancel(); <-done }, did, nil
}

// SetPresent tells the Service who is connected to this instance: f
// returns the seats held by a live connection here, each as PresentKey
// makes it. Each beat (Start) records them, so that Present on any
// instance knows them.
func (s *Service) SetPresent(f func() []string) { s.present.Store(&f) }

// PresentKey names a game's seat in what SetPresent's function returns.
func PresentKey(id string, side chess.Color) string {
	if side == chess.White {
		return id + ":w"
	}
	return id + ":b"
}

func (s *Service) localPresent() []string {
	if f := s.present.Load(); f != nil {
		return (*f)()
	}
	return nil
}

// Present returns which seats of which games have a player connected to
// an instance of the service, by game ID: this instance's as they are,
// the others' as of their latest beat (at most BeatEvery old; an instance
// that has not beaten for DownAfter counts as gone, with its
// connections).
func (s *Service) Present(ctx context.Context) (map[string][2]bool, error) {
	all, err := s.st.Present(ctx, s.now().Add(-DownAfter))
	if err != nil {
		return nil, err
	}
	out := map[string][2]bool{}
	for _, k := range append(all, s.localPresent()...) {
		i := strings.LastIndexByte(k, ':')
		if i < 0 {
			continue
		}
		id, p := k[:i], out[k[:i]]
		switch k[i+1:] {
		case "w":
			p[chess.White] = true
		case "b":
			p[chess.Black] = true
		default:
			continue
		}
		out[id] = p
	}
	return out, nil
}

// Started is what Start's downtime rule did.
type Started struct {
	// Down says that no instance had beaten for DownAfter: the service
	// was down since Since.
	Down  bool
	Since time.Time
	// Resumed is how many games in play got a Resume; Failed holds the
	// games that could not be read or written (each error names its
	// game), which were left as they were.
	Resumed int
	Failed  []error
}

// ResumeAll applies the downtime from since to at to every timed game in
// play (see Start): it returns how many it resumed and the games it could
// not (one game that cannot be read does not stop the others), and an
// error only when the games cannot be listed.
func (s *Service) ResumeAll(ctx context.Context, since, at time.Time) (int, []error, error) {
	list, err := s.st.List(ctx)
	if err != nil {
		return 0, nil, err
	}
	n := 0
	var failed []error
	for _, sum := range list {
		if sum.Name != recordName(false) {
			continue
		}
		ok, err := s.resume(ctx, sum.ID, since, at)
		if err != nil {
			failed = append(failed, err)
			continue
		}
		if ok {
			n++
		}
	}
	return n, failed, nil
}

// resume gives one game its Resume, or its flag if it fell before since.
func (s *Service) resume(ctx context.Context, id string, since, at time.Time) (bool, error) {
	defer s.lock(id)()
	g, sg, err := s.load(ctx, id)
	if err != nil {
		return false, err
	}
	if !g.timed || g.over {
		return false, nil
	}
	if due, ok := g.Due(since); ok {
		_, err := s.commitDue(ctx, id, g, sg, due)
		if errors.Is(err, ErrConflict) {
			err = nil
		}
		return false, err
	}
	a := Action{Kind: Resume, Side: g.Position().Turn(), At: stamp(at), Since: stamp(since)}
	ng := g.Clone()
	if err := ng.Apply(a); err != nil {
		// Another instance resumed it first (the server was up after
		// since): nothing to do.
		if errors.Is(err, ErrIllegal) {
			return false, nil
		}
		return false, err
	}
	if err := s.commit(ctx, id, g.Version(), ng, sg, a, "server"); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// DrawStart is the start a random draw with seed gives: the first draw of
// a seeded chess960.Drawer with no exclusions, which anyone can re-derive
// from the seed (see chess960.DrawOptions).
func DrawStart(seed string) chess960.StartPos {
	d, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: seed})
	if err != nil {
		// Only exclusions can leave nothing to draw.
		return chess960.Standard()
	}
	return d.Next()
}

// stamp is an instant as the store keeps it: UTC, to the microsecond.
func stamp(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func mustState(sg storedGame) []byte {
	b, _ := json.Marshal(sg)
	return b
}

// checkGameID checks a game ID's form before it is looked up.
func checkGameID(id string) error {
	if len(id) == 0 || len(id) > 40 || strings.Trim(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return fmt.Errorf("game ID %s: want up to 40 letters, digits, - and _: %w", quote.Input(id), ErrNotFound)
	}
	return nil
}

// Watch sends the game's version each time it changes, whoever changed
// it (another process or instance too), until ctx ends; it sends the
// current version first (see store.Store.Watch).
func (s *Service) Watch(ctx context.Context, id string) (<-chan int64, error) {
	if err := checkGameID(id); err != nil {
		return nil, err
	}
	ch, err := s.st.Watch(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	return ch, err
}
