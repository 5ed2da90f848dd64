package game

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

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
type Service struct {
	st  store.Store
	now func() time.Time
}

// NewService returns a Service over st, which must be of Kind Games.
func NewService(st store.Store) *Service { return &Service{st: st, now: time.Now} }

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
}

// storedAction is an action as the history keeps it.
type storedAction struct {
	Kind  Kind      `json:"kind"`
	Side  string    `json:"side"` // "w" or "b"
	Text  string    `json:"text,omitempty"`
	At    time.Time `json:"at"`
	Think int64     `json:"think,omitempty"` // the mover's own measure, in nanoseconds
}

// Create makes a game from start with the time control c (the zero
// Control: untimed) and returns its ID and seat tokens, and the game.
// White's clock starts now.
func (s *Service) Create(ctx context.Context, start chess.Position, c clock.Control) (Seats, *Game, error) {
	// The ID is public (72 bits); the seats' tokens are the secrets.
	seats := Seats{ID: secret.Token(9), White: secret.Token(16), Black: secret.Token(16)}
	sg := storedGame{Format: 1, Start: start.FEN(chess.Chess960), White: secret.Hash(seats.White), Black: secret.Hash(seats.Black)}
	if c.Kind != clock.Untimed {
		sg.Control = c.String()
	}
	state, _ := json.Marshal(sg)
	now := stamp(s.now())
	err := s.st.Create(ctx, store.Record{ID: seats.ID, Name: "game", State: state, Created: now, Updated: now},
		store.Change{At: now, Kind: "create", By: "server", Body: []byte("{}")})
	if err != nil {
		return Seats{}, nil, fmt.Errorf("game: creating: %w", err)
	}
	return seats, NewTimed(start, c, now), nil
}

// Load returns the game as it stands.
func (s *Service) Load(ctx context.Context, id string) (*Game, error) {
	g, _, err := s.load(ctx, id)
	return g, err
}

func (s *Service) load(ctx context.Context, id string) (*Game, storedGame, error) {
	if err := checkGameID(id); err != nil {
		return nil, storedGame{}, err
	}
	rec, err := s.st.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, storedGame{}, ErrNotFound
	}
	if err != nil {
		return nil, storedGame{}, err
	}
	var sg storedGame
	if err := json.Unmarshal(rec.State, &sg); err != nil || sg.Format != 1 {
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
	created := rec.Created
	// The actions up to the record's version: a version committed since
	// the record was read is left for the next read (the header does not
	// change, so this is the game as it stood at rec.Version).
	if rec.Version < 2 {
		return NewTimed(start, control, created), sg, nil
	}
	changes, err := s.st.Changes(ctx, id, 1, int(rec.Version-1))
	if err != nil {
		return nil, storedGame{}, err
	}
	log := make([]Action, len(changes))
	for i, c := range changes {
		var sa storedAction
		if err := json.Unmarshal(c.Body, &sa); err != nil {
			return nil, storedGame{}, fmt.Errorf("game %s: action %d cannot be read: %v", id, c.Version, err)
		}
		side := chess.White
		if sa.Side == "b" {
			side = chess.Black
		}
		log[i] = Action{Kind: sa.Kind, Side: side, Text: sa.Text, At: sa.At, Think: time.Duration(sa.Think)}
	}
	g, err := ReplayTimed(start, control, created, log)
	if err != nil {
		return nil, storedGame{}, fmt.Errorf("game %s: %w", id, err)
	}
	if g.Version() != int(rec.Version) {
		return nil, storedGame{}, fmt.Errorf("game %s: the history ends at version %d, the record is at %d", id, g.Version(), rec.Version)
	}
	return g, sg, nil
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
func (s *Service) Act(ctx context.Context, id, token string, a Action) (*Game, error) {
	for try := 0; try < 3; try++ {
		g, sg, err := s.load(ctx, id)
		if err != nil {
			return nil, err
		}
		side, err := seatOf(sg, token)
		if err != nil {
			return nil, err
		}
		if a.Kind == Flag {
			return nil, &Error{Action: a, Err: ErrInvalid, Detail: "the server's clock decides a flag"}
		}
		a.Side = side
		if a.At.IsZero() {
			a.At = stamp(s.now())
		}
		if fell, when := g.Flagged(a.At); fell {
			// The side to move ran out of time before this action: the
			// game ended then, whoever acts now.
			if _, err := s.commitFlag(ctx, id, g, sg, when); err != nil && !errors.Is(err, ErrConflict) {
				return nil, err
			}
			return nil, &Error{Action: a, Err: ErrOver, Detail: "the " + g.Position().Turn().String() + " flag fell at " + when.UTC().Format("15:04:05.000")}
		}
		expect := g.Version()
		if err := g.Apply(a); err != nil {
			return nil, err
		}
		sideText := "w"
		if side == chess.Black {
			sideText = "b"
		}
		body, _ := json.Marshal(storedAction{Kind: a.Kind, Side: sideText, Text: a.Text, At: a.At, Think: int64(a.Think)})
		_, err = s.st.Update(ctx, id, int64(expect), "game", mustState(sg), store.Change{At: a.At, Kind: string(a.Kind), By: sideText, Body: body})
		if errors.Is(err, store.ErrConflict) {
			// Another action landed first. A move named the version it
			// was made on, so the next try refuses it (ErrConflict);
			// anything else applies to the new state.
			continue
		}
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	return nil, &Error{Action: a, Err: ErrConflict, Detail: "the game changed three times while this action was applied; send it again"}
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
	g, sg, err := s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if fell, when := g.Flagged(stamp(s.now())); fell {
		if ng, err := s.commitFlag(ctx, id, g, sg, when); err == nil {
			return ng, nil
		} else if !errors.Is(err, ErrConflict) {
			return nil, err
		}
		return s.Load(ctx, id)
	}
	return g, nil
}

// commitFlag commits the side to move's flag at at on g (as loaded).
func (s *Service) commitFlag(ctx context.Context, id string, g *Game, sg storedGame, at time.Time) (*Game, error) {
	side := g.Position().Turn()
	expect := g.Version()
	if err := g.Flag(side, at); err != nil {
		return nil, err
	}
	sideText := "w"
	if side == chess.Black {
		sideText = "b"
	}
	body, _ := json.Marshal(storedAction{Kind: Flag, Side: sideText, At: at})
	if _, err := s.st.Update(ctx, id, int64(expect), "game", mustState(sg), store.Change{At: at, Kind: string(Flag), By: "clock", Body: body}); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return nil, &Error{Action: Action{Kind: Flag, Side: side, At: at}, Err: ErrConflict, Detail: "the game changed; load it again"}
		}
		return nil, err
	}
	return g, nil
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
