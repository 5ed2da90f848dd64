package eventweb

import (
	"bytes"
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
// polling it: a relay that polls every 2 s sees each move within 3 s.

// FeedEvery is how stale a round's feed may be.
const FeedEvery = time.Second

type feedKey struct {
	id    string
	round int
}

type feedEntry struct {
	at      time.Time
	version int64
	body    []byte
}

// feeds caches the built feeds.
type feeds struct {
	mu sync.Mutex
	m  map[feedKey]feedEntry
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
	if f, ok := s.feeds.m[k]; ok && f.version == st.Version() && now.Sub(f.at) < FeedEvery {
		s.feeds.mu.Unlock()
		return f.body, nil
	}
	s.feeds.mu.Unlock()
	ev := st.Public().Redacted()
	var buf bytes.Buffer
	if err := s.writeRound(r, &buf, &ev, n); err != nil {
		return nil, err
	}
	s.feeds.mu.Lock()
	if s.feeds.m == nil || len(s.feeds.m) > 1000 {
		s.feeds.m = map[feedKey]feedEntry{}
	}
	s.feeds.m[k] = feedEntry{at: now, version: st.Version(), body: buf.Bytes()}
	s.feeds.mu.Unlock()
	return buf.Bytes(), nil
}

// writeRound writes round n's games (see roundFeed).
func (s *Server) writeRound(r *http.Request, buf *bytes.Buffer, ev *event.Event, n int) error {
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
			g, err := s.cfg.Play.Games().Load(r.Context(), b.Game)
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
