package event

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/secret"
)

// doc is what the store keeps of an event: the event and its secrets.
type doc struct {
	Event
	// SeedSecret is the seed; it leaves the server only in Event.Seed,
	// once the event is finished.
	SeedSecret string `json:"seedSecret"`
	// PlayerSecret makes the players' links and their seats' tokens
	// (PlayerToken, SeatToken); it never leaves the server.
	PlayerSecret string `json:"playerSecret,omitempty"`
	Keys         []key  `json:"keys"`
	NextPlayer   int    `json:"nextPlayer"`
	// KeepNumbers keeps the pairing numbers an imported file gave; late
	// entries get the next numbers.
	KeepNumbers bool `json:"keepNumbers,omitempty"`
}

// key is a link's secret, kept as its SHA-256.
type key struct {
	ID    string    `json:"id"`
	Label string    `json:"label"`
	Role  Role      `json:"role"`
	Hash  string    `json:"hash"`
	Made  time.Time `json:"made"`
}

// Errors that classify a refusal; the error returned wraps one of them and
// names the input and the reason.
var (
	// ErrInvalid: the change is malformed or names something that does
	// not exist (a 400 or 422).
	ErrInvalid = errors.New("invalid change")
	// ErrState: the change does not fit the event's state (a 409 or 422):
	// a result for a round not started, a pairing before the last round's
	// results are in.
	ErrState = errors.New("not possible now")
	// ErrForbidden: the link's role may not make the change.
	ErrForbidden = errors.New("not allowed for this link")
	// ErrNotFound: no event has the ID. Callers test for it with
	// errors.Is and never look at the store's errors.
	ErrNotFound = errors.New("no such event")
	// ErrExists: an event with the ID exists already.
	ErrExists = errors.New("an event with this ID exists")
	// ErrBusy: the change was not made because too many changes, or too
	// much heavy work (pairing), came in at once. Nothing was written;
	// the same change may be sent again after a short wait (a 503 with
	// Retry-After; the CLI waits and retries).
	ErrBusy = errors.New("busy: too many changes at once")
)

// Error is a refused change: its message names the input and the reason,
// and it unwraps to ErrInvalid, ErrState or ErrForbidden.
type Error struct {
	Kind error
	Msg  string
	also error // a second error it matches, such as ErrExists
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() []error {
	if e.also != nil {
		return []error{e.Kind, e.also}
	}
	return []error{e.Kind}
}

func invalid(format string, a ...any) error {
	return &Error{Kind: ErrInvalid, Msg: fmt.Sprintf(format, a...)}
}

func notNow(format string, a ...any) error {
	return &Error{Kind: ErrState, Msg: fmt.Sprintf(format, a...)}
}

// clone returns a deep copy of the document.
func (d *doc) clone() *doc {
	c := *d
	c.Event = d.Event.clone()
	c.Keys = slices.Clone(d.Keys)
	return &c
}

// clone returns a deep copy of the event.
func (e Event) clone() Event {
	c := e
	c.TieBreaks = slices.Clone(e.TieBreaks)
	c.Links = slices.Clone(e.Links)
	c.NumberChanges = slices.Clone(e.NumberChanges)
	c.Seeds, c.Decisions, c.Choices = slices.Clone(e.Seeds), slices.Clone(e.Decisions), slices.Clone(e.Choices)
	c.From = slices.Clone(e.From)
	c.Knockout.Ladder = slices.Clone(e.Knockout.Ladder)
	c.Players = slices.Clone(e.Players)
	for i := range c.Players {
		c.Players[i].Byes = slices.Clone(c.Players[i].Byes)
	}
	c.Schedule = slices.Clone(e.Schedule)
	for i := range c.Schedule {
		r := &c.Schedule[i]
		r.Position = clonePos(r.Position)
		r.Byes = slices.Clone(r.Byes)
		r.Warnings = slices.Clone(r.Warnings)
		r.Numbers = cloneNumbers(r.Numbers)
		r.Boards = slices.Clone(r.Boards)
		for j := range r.Boards {
			b := &r.Boards[j]
			b.Position = clonePos(b.Position)
			b.History = slices.Clone(b.History)
			if b.KO != nil {
				k := *b.KO
				b.KO = &k
			}
		}
	}
	return c
}

func clonePos(p *chess960.StartPos) *chess960.StartPos {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// role returns the role of a link's token, comparing it with every key in
// constant time; "" if none matches.
func (d *doc) role(token string) (Role, string) {
	h := secret.Hash(token)
	var role Role
	label := ""
	for _, k := range d.Keys {
		if subtle.ConstantTimeCompare([]byte(h), []byte(k.Hash)) == 1 {
			role, label = k.Role, k.Label
		}
	}
	return role, label
}

// text checks a free-text field: at most max characters, valid UTF-8, no
// control characters. It returns the text trimmed.
func text(field, s string, max int, required bool) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case !utf8.ValidString(s):
		return "", invalid("%s %s: not valid UTF-8", field, quote.Input(s))
	case required && s == "":
		return "", invalid("%s: empty: it is required", field)
	case utf8.RuneCountInString(s) > max:
		return "", invalid("%s %s: %d characters, at most %d", field, quote.Input(s), utf8.RuneCountInString(s), max)
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return "", invalid("%s %s: control character %U", field, quote.Input(s), r)
		}
	}
	return s, nil
}

func checkDate(field, s string) error {
	if s == "" {
		return nil
	}
	if _, err := time.Parse("2006-01-02", s); err != nil {
		return invalid("%s %s: not a date as YYYY-MM-DD", field, quote.Input(s))
	}
	return nil
}

// MaxRounds is the most rounds an event may have.
const MaxRounds = 99

// MaxPlayers is the most players an event may have.
const MaxPlayers = 2000

// normalize checks settings and returns them cleaned.
func (s Settings) normalize() (Settings, error) {
	var err error
	if s.Name, err = text("name", s.Name, 200, true); err != nil {
		return s, err
	}
	if s.Place, err = text("place", s.Place, 200, false); err != nil {
		return s, err
	}
	if s.TimeControl, err = text("time control", s.TimeControl, 100, false); err != nil {
		return s, err
	}
	if err := checkDate("start date", s.Start); err != nil {
		return s, err
	}
	if err := checkDate("end date", s.End); err != nil {
		return s, err
	}
	if s.Start != "" && s.End != "" && s.End < s.Start {
		return s, invalid("end date %s is before the start date %s", s.End, s.Start)
	}
	switch s.System {
	case "":
		s.System = Swiss
	case Swiss, RoundRobin, DoubleRoundRobin:
		s.Knockout = KnockoutRules{}
	case Knockout:
		if s.Knockout, err = s.Knockout.normalize(); err != nil {
			return s, err
		}
		s.Rounds = 0 // the bracket's field and results make the rounds
	default:
		return s, invalid("system %s: want dutch, roundrobin, double or knockout", quote.Input(string(s.System)))
	}
	if s.Matches, err = s.Matches.normalize(s.System); err != nil {
		return s, err
	}
	switch {
	case s.System == Swiss && (s.Rounds < 1 || s.Rounds > MaxRounds):
		return s, invalid("rounds %d: a Swiss needs 1..%d rounds", s.Rounds, MaxRounds)
	case s.System != Swiss && (s.Rounds < 0 || s.Rounds > 2*MaxRounds):
		return s, invalid("rounds %d: out of range", s.Rounds)
	}
	if len(s.TieBreaks) == 0 {
		s.TieBreaks = DefaultTieBreaks(s.System)
	}
	tbs, err := parseTieBreaks(strings.Join(s.TieBreaks, ","))
	if err != nil {
		return s, err
	}
	s.TieBreaks = tbs
	if err := checkTieBreakRules(s); err != nil {
		return s, err
	}
	if _, err := s.Positions.allowed(); err != nil {
		return s, err
	}
	if s.Positions.Exclude != "" {
		set, _ := chess960.ParseSet(s.Positions.Exclude)
		s.Positions.Exclude = set.String()
	}
	if !s.Positions.Balanced {
		s.Positions.MaxEval = 0
	}
	if s.LateEntries, err = checkLateEntries(s.LateEntries); err != nil {
		return s, err
	}
	if err := s.normalizePlay(); err != nil {
		return s, err
	}
	return s, nil
}

// MaxSeed is the longest seed an organiser may bring, in bytes.
const MaxSeed = 200

// checkSeed checks an organiser's own seed.
func checkSeed(seed string) error {
	switch {
	case seed == "":
		return invalid("seed: empty")
	case len(seed) > MaxSeed:
		return invalid("seed: %d bytes, at most %d", len(seed), MaxSeed)
	case !utf8.ValidString(seed):
		return invalid("seed: not valid UTF-8")
	case strings.TrimSpace(seed) != seed:
		return invalid("seed: it begins or ends with a space, which is easily lost when it is typed in again")
	}
	for _, r := range seed {
		if unicode.IsControl(r) {
			return invalid("seed: control character %U", r)
		}
	}
	return nil
}

// player returns the player with the ID, or nil.
func (d *doc) player(id int) *Player {
	for i := range d.Players {
		if d.Players[i].ID == id {
			return &d.Players[i]
		}
	}
	return nil
}

// round returns round n, or nil.
func (d *doc) round(n int) *Round {
	if n < 1 || n > len(d.Schedule) {
		return nil
	}
	return &d.Schedule[n-1]
}

// lastRound returns the last round paired, or nil.
func (d *doc) lastRound() *Round {
	if len(d.Schedule) == 0 {
		return nil
	}
	return &d.Schedule[len(d.Schedule)-1]
}

// complete reports whether every board of the round has a result.
func (r *Round) complete() bool {
	if r.Status != Started {
		return false
	}
	for _, b := range r.Boards {
		if b.Result == "" {
			return false
		}
	}
	return true
}

// Complete reports whether every board of the round has a result.
func (r Round) Complete() bool { return r.complete() }

// Pending returns the number of boards still without a result.
func (r Round) Pending() int {
	n := 0
	for _, b := range r.Boards {
		if b.Result == "" {
			n++
		}
	}
	return n
}

// started reports whether any round has started (the positions and the
// system are then fixed).
func (d *doc) started() bool { return len(d.Schedule) > 0 }

// active reports whether the player is paired in round r: entered, not
// withdrawn.
func (p *Player) active(r int) bool {
	return p.Joined <= r && (p.Withdrawn == 0 || p.Withdrawn > r)
}

// byeFor returns the player's requested bye in round r, or "".
func (p *Player) byeFor(r int) ByeKind {
	for _, b := range p.Byes {
		if b.Round == r {
			return b.Kind
		}
	}
	return ""
}

// Name returns the name of the player with the ID, "" if none.
func (e *Event) PlayerName(id int) string {
	for i := range e.Players {
		if e.Players[i].ID == id {
			return e.Players[i].Name
		}
	}
	return ""
}

// PlayerByID returns the player with the ID, or nil.
func (e *Event) PlayerByID(id int) *Player {
	for i := range e.Players {
		if e.Players[i].ID == id {
			return &e.Players[i]
		}
	}
	return nil
}
