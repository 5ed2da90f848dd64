package playweb

import (
	"sync"
	"time"

	"github.com/chess960/chess960/chess"
)

// rooms are this instance's live connections by game: whom to wake when
// something that is no new version changes (a seat's player connecting
// or leaving), and each seat's presence. Presence is what this instance
// sees: a player connected to another instance shows here as not
// connected (see docs/web.md).
type rooms struct {
	mu sync.Mutex
	m  map[string]*room
}

type room struct {
	conns map[*member]struct{}
	// seats[side]: how many of this instance's connections hold the seat,
	// and when that last went from none to some or back (zero: never).
	seats [2]struct {
		n     int
		since time.Time
	}
}

// member is one live connection in a room; wake (cap 1) tells it to send
// the game again.
type member struct {
	wake chan struct{}
	side int // -1: watching; else the seat it holds (chess.White, chess.Black)
}

func newRooms() *rooms { return &rooms{m: map[string]*room{}} }

// join adds a connection to game id's room.
func (rs *rooms) join(id string) *member {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		r = &room{conns: map[*member]struct{}{}}
		rs.m[id] = r
	}
	m := &member{wake: make(chan struct{}, 1), side: -1}
	r.conns[m] = struct{}{}
	return m
}

// sit records that m holds seat c (once: a second seat message for
// another seat moves it).
func (rs *rooms) sit(id string, m *member, c chess.Color) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil || m.side == int(c) {
		return
	}
	if m.side >= 0 {
		r.stand(m.side)
	}
	m.side = int(c)
	if r.seats[c].n++; r.seats[c].n == 1 {
		r.seats[c].since = time.Now()
		r.wakeAll()
	}
}

// leave removes m from the room.
func (rs *rooms) leave(id string, m *member) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		return
	}
	delete(r.conns, m)
	if m.side >= 0 {
		r.stand(m.side)
	}
	if len(r.conns) == 0 {
		delete(rs.m, id)
	}
}

// stand takes one connection off a seat, waking the room when the seat
// is left empty.
func (r *room) stand(side int) {
	if r.seats[side].n--; r.seats[side].n == 0 {
		r.seats[side].since = time.Now()
		r.wakeAll()
	}
}

func (r *room) wakeAll() {
	for m := range r.conns {
		select {
		case m.wake <- struct{}{}:
		default:
		}
	}
}

// presence is each seat's connection to this instance, nil when nobody
// is connected to the game here.
func (rs *rooms) presence(id string) *presenceJSON {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[id]
	if r == nil {
		return nil
	}
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
