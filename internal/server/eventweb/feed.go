package eventweb

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/pgn"
)

// The broadcast feed, GET /e/{id}/round/{n}.pgn: the round's games as
// they stand, for a relay such as lichess broadcast to poll. Every board
// with a game: Event, Site, Date, Round as "N.board", White, Black, the
// Elo tags, Result ("*" while the game goes on), Variant "Chess960",
// SetUp and FEN, TimeControl, and the moves so far with [%clk] comments;
// a game in the app as a spectator sees it (the event's delay), a game
// over the board as the arbiter attached it (or its tags and result). A
// forfeit has no game and is left out. A round published but not started
// gives an empty feed: its position is secret until the start.
//
// The feed of a round is built at most once a FeedEvery for everyone
// polling it, one build at a time: a poll while the feed is older than
// that gets it as it is and starts the next build, so no poll waits for
// one, but the first after a change of the event (a round started, a
// result), which builds it again. A relay that polls every 2 s sees each move within
// about 3 s.

// FeedEvery is how stale a round's feed may be.
const FeedEvery = time.Second

type feedKey struct {
	id    string
	round int
}

type feedEntry struct {
	at       time.Time
	version  int64
	body     []byte
	building bool // a build is under way
}

// feeds caches the built feeds.
type feeds struct {
	mu   sync.Mutex
	m    map[feedKey]feedEntry
	live map[liveKey]feedEntry
}

// GET /e/{id}/round/{n}.pgn.
func (s *Server) roundFeed(w http.ResponseWriter, r *http.Request) *site.Error {
	file := r.PathValue("file")
	num, ok := strings.CutSuffix(file, ".pgn")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || len(num) > 4 {
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "no such file: the round's feed is /e/ID/round/N.pgn"}
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	ev := st.Public()
	if n > len(ev.Schedule) {
		return &site.Error{Status: http.StatusNotFound, Code: site.CodeNotFound, Msg: "round " + strconv.Itoa(n) + " is not published yet"}
	}
	body, err := s.feedBody(r, st, n)
	if err != nil {
		return s.eventErr(r, err)
	}
	h := w.Header()
	h.Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
	return nil
}

// feedBody returns round n's feed, built again once FeedEvery has passed
// or the event has changed.
func (s *Server) feedBody(r *http.Request, st *event.State, n int) ([]byte, error) {
	k := feedKey{st.ID(), n}
	now := time.Now()
	s.feeds.mu.Lock()
	f, ok := s.feeds.m[k]
	switch {
	case ok && f.version == st.Version() && now.Sub(f.at) < FeedEvery:
		s.feeds.mu.Unlock()
		return f.body, nil
	case ok && f.building:
		s.feeds.mu.Unlock()
		return f.body, nil // the next is being built
	case ok && f.version == st.Version():
		// Older than FeedEvery, the event as it was (the games moved on):
		// this poll gets it as it is, and the next is built.
		f.building = true
		s.feeds.m[k] = f
		s.feeds.mu.Unlock()
		go s.buildFeed(context.WithoutCancel(r.Context()), k, st, n)
		return f.body, nil
	case ok:
		// The event changed: this poll waits for the build, the others
		// meanwhile get the feed as it was.
		f.building = true
		s.feeds.m[k] = f
	}
	s.feeds.mu.Unlock()
	return s.buildFeed(r.Context(), k, st, n)
}

// buildFeed builds round n's feed and keeps it.
func (s *Server) buildFeed(ctx context.Context, k feedKey, st *event.State, n int) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, renderTimeout)
	defer cancel()
	at := time.Now()
	if fresh, err := s.cfg.Events.Load(ctx, k.id); err == nil {
		st = fresh
	}
	ev := st.Public().Redacted()
	var buf bytes.Buffer
	err := s.writeRound(ctx, &buf, &ev, n)
	s.feeds.mu.Lock()
	defer s.feeds.mu.Unlock()
	if s.feeds.m == nil || len(s.feeds.m) > 1000 {
		s.feeds.m = map[feedKey]feedEntry{}
	}
	if err != nil {
		if f, ok := s.feeds.m[k]; ok {
			f.building = false
			s.feeds.m[k] = f
		}
		return nil, err
	}
	s.feeds.m[k] = feedEntry{at: at, version: st.Version(), body: buf.Bytes()}
	return buf.Bytes(), nil
}

// writeRound writes round n's games (see roundFeed).
func (s *Server) writeRound(ctx context.Context, buf *bytes.Buffer, ev *event.Event, n int) error {
	rd := &ev.Schedule[n-1]
	if rd.Status != event.Started {
		return nil
	}
	pw := pgn.NewWriter(buf)
	now := time.Now()
	for j := range rd.Boards {
		b := &rd.Boards[j]
		var live *pgn.Game
		if b.Game != "" && s.cfg.Play != nil {
			g, err := s.cfg.Play.Games().Load(ctx, b.Game)
			if err != nil && err != game.ErrNotFound {
				return err
			}
			if g != nil {
				shown, _, _ := g.Shown(now)
				live = shown.PGN(game.Players{})
			}
		}
		g, err := ev.FeedGame(rd, b, live)
		if err != nil {
			return err
		}
		if g == nil {
			continue
		}
		if err := pw.Write(g); err != nil {
			return err
		}
	}
	return nil
}
