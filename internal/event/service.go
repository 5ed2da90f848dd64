package event

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/secret"
	"github.com/chess960/chess960/internal/store"
)

// Service runs events over a store.
type Service struct {
	st  store.Store
	now func() time.Time
	// cache holds the last state decoded of each event: an event's state
	// at a version never changes, so a load at the same version skips
	// decoding it again.
	mu    sync.Mutex
	cache map[string]*State

	limits   Limits
	pairSem  chan struct{} // a slot per pairing that may run
	pairings atomic.Int64  // pairings started, for the tests
}

// cacheSize bounds the decoded states kept.
const cacheSize = 128

func (s *Service) cached(id string, version int64) *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.cache[id]; st != nil && st.d.Version == version {
		return st
	}
	return nil
}

// cachedAny returns the state kept of the event, at whatever version.
func (s *Service) cachedAny(id string) *State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cache[id]
}

func (s *Service) keep(st *State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cache == nil {
		s.cache = map[string]*State{}
	}
	if len(s.cache) >= cacheSize {
		for k := range s.cache {
			delete(s.cache, k)
			break
		}
	}
	s.cache[st.d.ID] = st
}

// NewService returns a Service over the store.
func NewService(st store.Store) *Service {
	s := &Service{st: st, now: func() time.Time { return time.Now().UTC().Truncate(time.Second) }}
	s.SetLimits(Limits{})
	return s
}

// SetClock replaces the wall clock the Service reads (for tests and
// simulations); call it before the Service is used.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Store returns the service's store.
func (s *Service) Store() store.Store { return s.st }

// State is an event as loaded, with its secrets, which only its methods
// read. A State never changes (a change makes a new one), so it may be
// shared; it keeps the standings it has computed.
type State struct {
	d *doc

	mu        sync.Mutex
	standings map[int]standingsResult
}

type standingsResult struct {
	s   Standings
	err error
}

// Standings returns the public event's standings after the round (0: the
// last complete one), as Event.Standings does, computed once per State.
// The result is shared: do not change it.
func (st *State) Standings(after int) (Standings, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if r, ok := st.standings[after]; ok {
		return r.s, r.err
	}
	e := st.d.Event // read only: Standings does not change the event
	s, err := e.Standings(after)
	if st.standings == nil {
		st.standings = map[int]standingsResult{}
	}
	if len(st.standings) < 2*MaxRounds+2 {
		st.standings[after] = standingsResult{s, err}
	}
	return s, err
}

// Public returns the event as everyone may see it: no draft pairings, no
// links, and the seed only once revealed.
func (st *State) Public() Event {
	e := st.d.clone().Event
	e.Links = nil
	if l := len(e.Schedule); l > 0 && e.Schedule[l-1].Status == Draft {
		e.Schedule = e.Schedule[:l-1]
	}
	return e
}

// Admin returns the event as the organiser and arbiters see it: with the
// draft pairing and the arbiters' links (labels), never the seed before
// its reveal.
func (st *State) Admin() Event {
	e := st.d.clone().Event
	e.Links = nil
	for _, k := range st.d.Keys {
		if k.Role == RoleArbiter {
			e.Links = append(e.Links, Link{ID: k.ID, Label: k.Label, Made: k.Made})
		}
	}
	return e
}

// Version returns the event's version.
func (st *State) Version() int64 { return st.d.Version }

// ID returns the event's ID.
func (st *State) ID() string { return st.d.ID }

// Role returns the role and label of a link's token ("" if it is no
// link of the event). The comparison takes the same time whatever the
// token.
func (st *State) Role(token string) (role Role, label string) { return st.d.role(token) }

// ConflictError is the answer to a change made against a version whose
// subject has changed since: the second of two arbiters entering the same
// board's result gets it, with the event as it now is.
type ConflictError struct {
	Base, Current int64
	Subject       string // what both changed, such as "round 3, board 2"
	State         *State
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s changed after version %d (the event is at version %d): look at the current state and enter the change again if it still holds", e.Subject, e.Base, e.Current)
}

// Init is what an event starts with.
type Init struct {
	// ID is the event's ID, in its URLs; "" draws one. An organiser may
	// choose a readable one, such as "oslo-960-2026".
	ID       string
	Settings Settings
	// Seed is the organiser's own seed; "" draws one from crypto/rand. A
	// seed of fewer than MinSeedBits (SeedBits) is refused unless WeakSeed
	// is set.
	Seed string
	// WeakSeed accepts a weak seed: the organiser knows that anyone may
	// find it from the commitment, and with it every position before its
	// round. The public page says so.
	WeakSeed bool
	// FirstColor is the colour of player 1 in round 1 ("w" or "b"); ""
	// draws it by lot from the seed (see firstColor).
	FirstColor string
	Players    []PlayerInfo
	// Rounds played elsewhere (from a TRF), with player IDs 1..len(Players)
	// in the order of Players.
	Rounds []ImportedRound
	// From makes a knockout the next stage of earlier events (groups, an
	// open Swiss): its players are the top of each one's standings, seeded
	// by their ranks (see stages.go); Players must be empty.
	From []StageSource
	// numbers are the players' pairing numbers from an imported file.
	numbers []int
	// requests are byes set for the round to pair in an imported file.
	requests []request
}

type request struct {
	player int // index in Players
	bye    ByeRequest
}

// firstColor draws the colour of player 1 in round 1 by lot from the seed,
// so that it too can be checked once the seed is revealed: White if the
// first byte of SHA-256("chess960:colour:" + seed) is even, else Black.
func firstColor(seed string) string {
	sum := sha256.Sum256([]byte("chess960:colour:" + seed))
	if sum[0]%2 == 0 {
		return "w"
	}
	return "b"
}

// SeedBytes is the size of a seed the server draws: 256 bits, written as
// 64 hex digits.
const SeedBytes = 32

// Create creates an event and returns it with the admin link's token,
// which is shown once and never stored (only its hash is).
func (s *Service) Create(ctx context.Context, in Init) (*State, string, error) {
	set, err := in.Settings.normalize()
	if err != nil {
		return nil, "", err
	}
	if err := checkEnough(set, set.Rounds); err != nil {
		return nil, "", err
	}
	d := &doc{}
	if set.TieBreakRules == "" {
		set.TieBreakRules = DefaultTieBreakRules(set.Start, s.now())
	}
	d.Settings = set
	d.ID = newID()
	if in.ID != "" {
		if err := CheckID(in.ID); err != nil {
			return nil, "", err
		}
		if len(in.ID) < 3 {
			return nil, "", invalid("event ID %s: at least 3 characters", quote.Input(in.ID))
		}
		d.ID = in.ID
	}
	d.Created = s.now()
	d.Players = []Player{}
	d.Schedule = []Round{}
	if in.Seed != "" {
		if err := checkSeed(in.Seed); err != nil {
			return nil, "", err
		}
		if bits := SeedBits(in.Seed); bits < MinSeedBits {
			if !in.WeakSeed {
				return nil, "", invalid("seed: about %.0f bits of entropy, fewer than the %d bits a seed needs: anyone can find it by trying seeds against the public commitment, and so know every round's position before round 1 starts; leave the seed out (the server draws 256 bits), give 64 hex digits (as openssl rand -hex 32 prints), or accept the risk (--weak-seed on the command line, weakSeed in the API, the box on the form)", bits, MinSeedBits)
			}
			d.WeakSeed = true
		}
		d.SeedSecret, d.OwnSeed = in.Seed, true
	} else {
		b := make([]byte, SeedBytes)
		rand.Read(b)
		d.SeedSecret = fmt.Sprintf("%x", b)
	}
	d.Commitment = chess960.Commitment(d.SeedSecret)
	switch in.FirstColor {
	case "w", "b":
		d.FirstColor = in.FirstColor
	case "":
		d.FirstColor = firstColor(d.SeedSecret)
	default:
		return nil, "", invalid("first colour %s: want w or b", quote.Input(in.FirstColor))
	}
	if len(in.From) > 0 {
		if len(in.Players) > 0 {
			return nil, "", invalid("from: a stage's players come from the earlier events' standings; give no players")
		}
		qualified, err := s.qualify(ctx, d, in.From)
		if err != nil {
			return nil, "", err
		}
		in.Players = qualified // added below, in seed order
	}
	d.PlayerSecret = secret.Token(TokenBytes)
	tok := secret.Token(TokenBytes)
	d.Keys = []key{{ID: "admin", Label: string(RoleAdmin), Role: RoleAdmin, Hash: secret.Hash(tok), Made: d.Created}}
	if len(in.Players) > 0 {
		if err := d.addPlayers(in.Players); err != nil {
			return nil, "", err
		}
	}

	if in.numbers != nil {
		for i := range d.Players {
			d.Players[i].Number = in.numbers[i]
		}
		d.KeepNumbers = true
	}
	for i, r := range in.Rounds {
		if err := d.importRound(i+1, r); err != nil {
			return nil, "", err
		}
	}
	for _, rq := range in.requests {
		p := &d.Players[rq.player]
		p.Byes = append(p.Byes, rq.bye)
	}
	d.Version = 1
	body := encodeChange(Change{Kind: KindCreate, Settings: &d.Settings, Players: in.Players})
	state := encodeDoc(d)
	rec := store.Record{ID: d.ID, Name: d.Name, Version: 1, State: state, Created: d.Created, Updated: d.Created}
	if err := s.st.Create(ctx, rec, store.Change{Version: 1, At: d.Created, Kind: string(KindCreate), By: string(RoleAdmin), Body: body}); err != nil {
		if errors.Is(err, store.ErrExists) {
			return nil, "", &Error{Kind: ErrInvalid, Msg: fmt.Sprintf("event ID %s: taken: choose another", quote.Input(d.ID)), also: ErrExists}
		}
		return nil, "", storeErr(err)
	}
	return &State{d: d}, tok, nil
}

// newID returns a new event ID: 12 characters of base32, 60 random bits
// (public: the ID names the event, the links' tokens guard it).
func newID() string {
	const abc = "abcdefghijkmnpqrstuvwxyz23456789"
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = abc[int(b[i])%len(abc)]
	}
	return string(b)
}

// CheckID checks an event ID's form before it is looked up.
func CheckID(id string) error {
	if len(id) == 0 || len(id) > 40 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || id[0] == '-' || id[len(id)-1] == '-' {
		return invalid("event ID %s: want up to 40 lower-case letters, digits and inner hyphens", quote.Input(id))
	}
	return nil
}

// Load loads an event.
func (s *Service) Load(ctx context.Context, id string) (*State, error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	// A state this Service has (it made the change, or loaded it) is
	// current if the event's version is still its version: one read of
	// one column instead of the whole document.
	if st := s.cachedAny(id); st != nil {
		v, err := s.st.Version(ctx, id)
		if err != nil {
			return nil, storeErr(err)
		}
		if v == st.d.Version {
			return st, nil
		}
	}
	rec, err := s.st.Load(ctx, id)
	if err != nil {
		return nil, storeErr(err)
	}
	if st := s.cached(id, rec.Version); st != nil {
		return st, nil
	}
	st, err := decode(rec)
	if err == nil {
		s.keep(st)
	}
	return st, err
}

func decode(rec store.Record) (*State, error) {
	d, err := decodeDoc(rec.State)
	if err != nil {
		return nil, fmt.Errorf("event %s: the stored state does not decode: %v", rec.ID, err)
	}
	d.Version = rec.Version
	return &State{d: d}, nil
}

// Apply applies a change made by the actor. It returns the new state and,
// for a change that makes a link, its token.
//
// A change whose subject (a board, a round, a player) changed after c.Base
// gets a *ConflictError with the event as it now is: of two arbiters who
// enter a result on the same board against the same version, exactly one
// wins, whether they reach the same process, two instances or two
// processes on one database. Base 0 means the current version.
//
// When another change is committed between the load and the write (the
// store's version check), the change is applied again to the new state,
// with the conflict check again; after maxAttempts such collisions Apply
// gives up with ErrBusy, having written nothing.
func (s *Service) Apply(ctx context.Context, id string, who Actor, c Change) (*State, string, error) {
	if err := CheckID(id); err != nil {
		return nil, "", err
	}
	return s.apply(ctx, id, nil, who, c)
}

// ApplyTo is Apply on a state the caller has just loaded (the server loads
// the event to check the link before it applies a change): the first
// attempt starts from it instead of reading the event again. A stale state
// is no risk: the write checks the version.
func (s *Service) ApplyTo(ctx context.Context, st *State, who Actor, c Change) (*State, string, error) {
	return s.apply(ctx, st.d.ID, st, who, c)
}

// maxAttempts bounds the attempts of one change that keeps colliding with
// others.
const maxAttempts = 20

func (s *Service) apply(ctx context.Context, id string, st *State, who Actor, c Change) (*State, string, error) {
	if c.Base < 0 {
		return nil, "", invalid("base version %d: want 0 (the current version) or a version the event has had", c.Base)
	}
	if c.Kind == KindNextStage && who.Role == RoleAdmin {
		// The later stage must take its players from this event: a link
		// says what is so, and nobody else's event is named here.
		if err := CheckID(c.Event); err != nil {
			return nil, "", invalid("next-stage: %v", err)
		}
		next, err := s.Load(ctx, c.Event)
		if err != nil {
			return nil, "", invalid("next-stage %s: %v", quote.Input(c.Event), err)
		}
		n := next.Public()
		i := slices.IndexFunc(n.From, func(f StageSource) bool { return f.Event == id })
		if i < 0 {
			return nil, "", invalid("next-stage %s: that event does not take its players from %s", quote.Input(c.Event), id)
		}
		c.Label, c.Round = n.Name, n.From[i].Top
	}
	eng := s.pairer(ctx)
	for range maxAttempts {
		if st == nil {
			var err error
			if st, err = s.Load(ctx, id); err != nil {
				return nil, "", err
			}
		}
		if c.Base > st.d.Version {
			return nil, "", invalid("base version %d: the event is at version %d", c.Base, st.d.Version)
		}
		if c.Base > 0 && c.Base < st.d.Version {
			if err := s.conflicts(ctx, st, c); err != nil {
				return nil, "", err
			}
		}
		d := st.d.clone()
		secret, err := apply(d, c, who, s.now(), eng.pair)
		if errors.Is(err, errNoChange) {
			return st, "", nil
		}
		if err != nil {
			return nil, "", err
		}
		rec := c
		rec.Base = 0 // the history records the change, not what it was made against
		if rec.Kind == KindRotateAdmin || rec.Kind == KindAddLink {
			rec.Link = "" // the change records no secret
		}
		if rec.Kind == KindRevokeLink {
			// The history says which link went by its label, which the
			// event no longer holds once the link is revoked.
			for _, k := range st.d.Keys {
				if k.ID == rec.Link {
					rec.Label = k.Label
				}
			}
		}
		body := encodeChange(rec)
		d.Version = st.d.Version + 1
		state := encodeDoc(d)
		v, err := s.st.Update(ctx, id, st.d.Version, d.Name, state, store.Change{At: s.now(), Kind: string(c.Kind), By: who.Label, Body: body})
		if errors.Is(err, store.ErrConflict) {
			// Another change came in between: apply this one to it,
			// checking c.Base against that change too.
			st = nil
			continue
		}
		if err != nil {
			return nil, "", storeErr(err)
		}
		d.Version = v
		st = &State{d: d}
		s.keep(st)
		return st, secret, nil
	}
	return nil, "", fmt.Errorf("event %s: %d other changes came in while this one was being made, and it was not made: %w", id, maxAttempts, ErrBusy)
}

// subject is what a change is about, for the conflict check: "r3/b2",
// "r3", "r?" (the next round), "p7", "settings", or "" for changes that
// conflict with nothing.
func subject(c Change) string {
	switch c.Kind {
	case KindResult, KindPGN, KindGameResult:
		return fmt.Sprintf("r%d/b%d", c.Round, c.Board)
	case KindPair, KindSetPairing, KindUnpair, KindPublish, KindStart:
		if c.Round == 0 {
			return "r?"
		}
		return fmt.Sprintf("r%d", c.Round)
	case KindEditPlayer, KindWithdraw, KindReinstate, KindBye, KindRotatePlayer:
		return fmt.Sprintf("p%d", c.Player)
	case KindSettings:
		return "settings"
	}
	return ""
}

func overlap(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	ra, _, _ := strings.Cut(a, "/")
	rb, _, _ := strings.Cut(b, "/")
	if ra[0] != 'r' || rb[0] != 'r' {
		return false
	}
	aRound, bRound := !strings.Contains(a, "/"), !strings.Contains(b, "/")
	switch {
	case ra == "r?" && bRound || rb == "r?" && aRound:
		return true
	case ra == rb && (aRound || bRound):
		return true
	}
	return false
}

func describe(subj string) string {
	var r, b int
	switch {
	case strings.Contains(subj, "/b"):
		fmt.Sscanf(subj, "r%d/b%d", &r, &b)
		return fmt.Sprintf("round %d, board %d", r, b)
	case subj == "r?":
		return "the next round"
	case subj[0] == 'r':
		return "round " + subj[1:]
	case subj[0] == 'p':
		return "player " + subj[1:]
	}
	return "the " + subj
}

// conflicts returns a *ConflictError if a change after c.Base has c's
// subject.
func (s *Service) conflicts(ctx context.Context, st *State, c Change) error {
	subj := subject(c)
	if subj == "" {
		return nil
	}
	chs, err := s.st.Changes(ctx, st.d.ID, c.Base, 0)
	if err != nil {
		return storeErr(err)
	}
	for _, ch := range chs {
		past, err := DecodeChange(ch.Body)
		if err != nil {
			continue
		}
		if overlap(subj, subject(past)) {
			return &ConflictError{Base: c.Base, Current: st.d.Version, Subject: describe(subj), State: st}
		}
	}
	return nil
}

// History returns the event's changes after version since.
func (s *Service) History(ctx context.Context, id string, since int64) ([]store.Change, error) {
	if err := CheckID(id); err != nil {
		return nil, err
	}
	chs, err := s.st.Changes(ctx, id, since, 0)
	return chs, storeErr(err)
}

// Watch follows the event's version (see store.Store.Watch).
func (s *Service) Watch(ctx context.Context, id string) (<-chan int64, error) {
	ch, err := s.st.Watch(ctx, id)
	return ch, storeErr(err)
}

// Summary is one event of List.
type Summary struct {
	ID      string
	Name    string
	Version int64
	Created time.Time
	Updated time.Time
}

// List lists the events, the most recently updated first.
func (s *Service) List(ctx context.Context) ([]Summary, error) {
	ls, err := s.st.List(ctx)
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]Summary, len(ls))
	for i, l := range ls {
		out[i] = Summary{ID: l.ID, Name: l.Name, Version: l.Version, Created: l.Created, Updated: l.Updated}
	}
	return out, nil
}

// Backup returns the whole event with its secrets (the seed, the links'
// hashes) as JSON, for `chess960 event export --format backup` on the
// machine that holds the database. Restore reads it back. It never goes
// over HTTP: before the reveal the seed leaves the server only this way,
// to whoever has the database itself.
func (st *State) Backup() ([]byte, error) {
	b, err := json.MarshalIndent(backupFile{Format: backupFormat, Event: encodeDoc(st.d)}, "", "  ")
	return append(b, '\n'), err
}

const backupFormat = "chess960-event-backup/1"

// backupFile is a backup: the stored document (encodeDoc), whose own
// format says its layout, with the backup's format around it.
type backupFile struct {
	Format string          `json:"format"`
	Event  json.RawMessage `json:"event"`
}

// IsBackup reports whether data looks like a backup (Backup's output).
func IsBackup(data []byte) bool {
	var f struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(data, &f) == nil && f.Format == backupFormat
}

// Restore stores an event from a backup, under its own ID (ErrExists if
// the store has it) or a new one if fresh is set. The restored event's
// history starts with the restore; its state is checked as a change would
// be before it is stored.
func (s *Service) Restore(ctx context.Context, data []byte, fresh bool) (*State, error) {
	var f backupFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, invalid("backup: not JSON: %v", err)
	}
	if f.Format != backupFormat || f.Event == nil {
		return nil, invalid("backup: format %s: want %s (made by chess960 event export --format backup); a public JSON export has no seed and cannot be restored", quote.Input(f.Format), backupFormat)
	}
	d, err := decodeDoc(f.Event)
	if err != nil {
		return nil, invalid("backup: the event does not read: %v", err)
	}
	if err := d.checkBackup(); err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if fresh {
		d.ID = newID()
	}
	d.Version = 1
	state := encodeDoc(d)
	body := encodeChange(Change{Kind: KindCreate, Note: "restored from a backup"})
	now := s.now()
	rec := store.Record{ID: d.ID, Name: d.Name, Version: 1, State: state, Created: d.Created, Updated: now}
	if err := s.st.Create(ctx, rec, store.Change{Version: 1, At: now, Kind: string(KindCreate), By: "restore", Body: body}); err != nil {
		return nil, storeErr(err)
	}
	return &State{d: d}, nil
}

// check checks a document read from outside (a backup): the settings,
// the players, the commitment, and that every round's players exist.
func (d *doc) checkBackup() error {
	if err := CheckID(d.ID); err != nil {
		return err
	}
	if _, err := d.Settings.normalize(); err != nil {
		return err
	}
	if d.SeedSecret == "" || chess960.Commitment(d.SeedSecret) != d.Commitment {
		return invalid("the seed does not match the commitment")
	}
	if len(d.Keys) == 0 {
		return invalid("no admin link")
	}
	ids := map[int]bool{}
	for _, p := range d.Players {
		if _, err := normalizePlayer(PlayerInfo{Name: p.Name, Rating: p.Rating, FideID: p.FideID, Federation: p.Federation,
			Title: p.Title, Club: p.Club, Sex: p.Sex, Birth: p.Birth, K: p.K}); err != nil {
			return err
		}
		if ids[p.ID] || p.ID < 1 || p.ID > d.NextPlayer {
			return invalid("player ID %d repeated or out of range", p.ID)
		}
		ids[p.ID] = true
	}
	for i, r := range d.Schedule {
		if r.Number != i+1 {
			return invalid("round %d is numbered %d", i+1, r.Number)
		}
		for _, b := range r.Boards {
			if !ids[b.White] || !ids[b.Black] {
				return invalid("round %d, board %d: no such player", r.Number, b.Board)
			}
			if _, err := ParseResult(string(b.Result)); err != nil {
				return err
			}
		}
		for _, y := range r.Byes {
			if !ids[y.Player] {
				return invalid("round %d: a bye for no player", r.Number)
			}
		}
	}
	return nil
}

// storeErr is the store's error as the event layer gives it: one that
// errors.Is matches with ErrNotFound or ErrExists, so that callers need not
// know the store, and whose message is the store's (it names the event).
func storeErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound):
		return &wrapped{kind: ErrNotFound, err: err}
	case errors.Is(err, store.ErrExists):
		return &wrapped{kind: ErrExists, err: err}
	}
	return err
}

type wrapped struct{ kind, err error }

func (e *wrapped) Error() string   { return e.err.Error() }
func (e *wrapped) Unwrap() []error { return []error{e.kind, e.err} }
