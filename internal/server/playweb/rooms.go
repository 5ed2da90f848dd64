package playweb

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/game"
)

// rooms are this instance's live connections by game. Each game with a
// connection here has one room, and each room one goroutine (run) that
// watches the game in the store, reads it once per version, encodes its
// message once for the seats and once for the watchers, and hands each
// connection the latest; so a move costs this instance one read and two
// encodings however many watch. The room also keeps each seat's presence,
// which is what this instance sees: a player connected to another
// instance shows here as not connected (see docs/web.md).
type rooms struct {
	games *game.Service

	mu sync.Mutex
	m  map[string]*room
}

type room struct {
	id     string
	conns  map[*member]struct{}
	cancel context.CancelFunc
	// kick (cap 1) makes run send the game again now: a seat was taken,
	// or a player came or went.
	kick chan struct{}
	// seats[side]: how many of this instance's connections hold the seat,
	// and when that last went from none to some or back (zero: never).
	seats [2]struct {
		n     int
		since time.Time
	}
	// The last messages sent, for a connection that joins: the seats'
	// and the watchers'.
	full, watch []byte
}

// member is one live connection in a room. msg is the latest game message
// for it, and wake (cap 1) says that msg changed; gone is closed when the
// room cannot follow the game any more.
type member struct {
	msg  atomic.Pointer[[]byte]
	wake chan struct{}
	gone chan struct{}
	side int // -1: watching; else the seat it holds (chess.White, chess.Black); under rooms.mu
}

func newRooms(games *game.Service) *rooms { return &rooms{games: games, m: map[string]*room{}} }

// join adds a connection to game id's room, making the room if it is the
// first.
func (rs *rooms) join(id string) *member {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		ctx, cancel := context.WithCancel(context.Background())
		r = &room{id: id, conns: map[*member]struct{}{}, cancel: cancel, kick: make(chan struct{}, 1)}
		rs.m[id] = r
		go rs.run(ctx, r)
	}
	m := &member{wake: make(chan struct{}, 1), gone: make(chan struct{}), side: -1}
	r.conns[m] = struct{}{}
	if r.watch != nil {
		m.set(r.watch)
	}
	return m
}

func (m *member) set(b []byte) {
	m.msg.Store(&b)
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// sit records that m holds seat c (a second seat message for another
// seat moves it), and has the room send m the game in full.
func (rs *rooms) sit(id string, m *member, c chess.Color) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		return
	}
	if m.side != int(c) {
		if m.side >= 0 {
			r.stand(m.side)
		}
		m.side = int(c)
		if r.seats[c].n++; r.seats[c].n == 1 {
			r.seats[c].since = time.Now()
		}
	}
	r.kickRun()
}

// leave removes m from the room, and ends the room with its last member.
func (rs *rooms) leave(id string, m *member) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		return
	}
	if _, ok := r.conns[m]; !ok {
		return
	}
	delete(r.conns, m)
	if m.side >= 0 {
		r.stand(m.side)
	}
	if len(r.conns) == 0 {
		r.cancel()
		delete(rs.m, id)
	}
}

// stand takes one connection off a seat, and has the room tell the others
// when the seat is left empty.
func (r *room) stand(side int) {
	if r.seats[side].n--; r.seats[side].n == 0 {
		r.seats[side].since = time.Now()
		r.kickRun()
	}
}

func (r *room) kickRun() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// present lists the seats held by a connection to this instance, for the
// beats that tell the other instances (game.Service.SetPresent).
func (rs *rooms) present() []string {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	var out []string
	for id, r := range rs.m {
		for _, side := range []chess.Color{chess.White, chess.Black} {
			if r.seats[side].n > 0 {
				out = append(out, game.PresentKey(id, side))
			}
		}
	}
	return out
}

// presence is each seat's connection to this instance, nil when nobody
// is connected to the game here.
func (rs *rooms) presence(id string) *presenceJSON {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if r := rs.m[id]; r != nil {
		return r.presence()
	}
	return nil
}

func (r *room) presence() *presenceJSON {
	seat := func(i int) seatPresence {
		p := seatPresence{Online: r.seats[i].n > 0}
		if t := r.seats[i].since; !t.IsZero() {
			u := t.UTC()
			p.Since = &u
		}
		return p
	}
	return &presenceJSON{White: seat(int(chess.White)), Black: seat(int(chess.Black))}
}

// retryAfter is how soon a room tries again after the store failed it.
const retryAfter = time.Second

// run follows the game of room r until the room ends: at each version
// (from whichever instance), when kicked, at the instant the side to
// move's flag falls (and commits the flag, if no one has: Service.Check)
// and when a delayed move comes into the watchers' view.
func (rs *rooms) run(ctx context.Context, r *room) {
	versions, err := rs.games.Watch(ctx, r.id)
	if err != nil {
		rs.fail(r)
		return
	}
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	last, known := 0, 0
	for {
		select {
		case <-ctx.Done():
			return
		case v, ok := <-versions:
			if !ok {
				rs.fail(r)
				return
			}
			if int(v) <= last {
				continue
			}
			known = int(v)
		case <-r.kick:
		case <-timer.C:
		}
		g, err := rs.games.CheckAt(ctx, r.id, known)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			timer.Reset(retryAfter)
			continue
		}
		last = g.Version()
		now := time.Now()
		full := view(r.id, g, now)
		watch, next := spectate(r.id, g, now)
		rs.mu.Lock()
		full.Presence = r.presence()
		watch.Presence = full.Presence
		fb, _ := json.Marshal(liveOut{Type: "game", Game: &full})
		wb := fb
		if watch.Delayed {
			wb, _ = json.Marshal(liveOut{Type: "game", Game: &watch})
		}
		r.full, r.watch = fb, wb
		for m := range r.conns {
			if m.side >= 0 {
				m.set(fb)
			} else {
				m.set(wb)
			}
		}
		rs.mu.Unlock()
		if fall := g.NextDue(); !fall.IsZero() && (next.IsZero() || fall.Before(next)) {
			next = fall
		}
		timer.Stop()
		if !next.IsZero() {
			timer.Reset(max(time.Until(next), 0) + time.Millisecond)
		}
	}
}

// fail ends the room's connections: the game can no longer be followed
// (the store is closing).
func (rs *rooms) fail(r *room) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for m := range r.conns {
		close(m.gone)
	}
	r.conns = map[*member]struct{}{}
	if rs.m[r.id] == r {
		delete(rs.m, r.id)
	}
}
