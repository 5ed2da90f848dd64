package eventweb

import (
	"net/http"
	"strconv"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/pairing/knockout"
)

// A knockout's bracket on the pages: the public page, the arbiter's
// bracket tab (with the decide and choose forms), the printable bracket;
// and GET /api/events/{id}/bracket.

// bracketView is the bracket as the templates show it.
type bracketView struct {
	Rounds   []bracketRoundView
	Places   []placeView
	Finished bool
}

type bracketRoundView struct {
	Number  int
	Name    string
	Matches []matchView
}

type matchView struct {
	ID    string // "2.1"
	Label string // "Final", "Third place", "Places 5-8"
	A, B  sideView
	State knockout.State
	Text  string // how it stands
	Score string // stage by stage
	// Games played and the next, with where the schedule has them.
	Games []gameView
	// For the arbiter's forms: whether the match may be decided (by lot,
	// a walkover) and whether the better seed's Armageddon colour may be
	// recorded.
	CanDecide, CanChoose bool
	Better               sideView
}

type sideView struct {
	Seed   int
	Player int
	Name   string
	Win    bool
	Bye    bool
}

type gameView struct {
	N            int
	Stage        string
	White, Black string
	Result       event.Result
	Round, Board int
	Position     int // -1 until the game starts
}

type placeView struct {
	Place string // "3", "5-8"
	Name  string
	Seed  int
}

// Bracket is the knockout's bracket for the templates; nil for another
// system or before round 1 is paired.
func (p *eventPage) Bracket() *bracketView {
	if p.ev.System != event.Knockout || len(p.ev.Seeds) == 0 {
		return nil
	}
	if p.bracket != nil {
		return p.bracket
	}
	b := p.rawBracket()
	if b == nil {
		return nil
	}
	p.bracket = makeBracketView(&p.ev, b)
	return p.bracket
}

// rawBracket is the knockout's bracket, computed once a page; nil for
// another system or before round 1 is paired.
func (p *eventPage) rawBracket() *knockout.Bracket {
	if p.ev.System != event.Knockout || len(p.ev.Seeds) == 0 {
		return nil
	}
	if p.koBracket == nil {
		b, err := p.ev.Bracket()
		if err != nil {
			return nil
		}
		p.koBracket = b
	}
	return p.koBracket
}

func makeBracketView(e *event.Event, b *knockout.Bracket) *bracketView {
	side := func(seed, winner int) sideView {
		if seed == 0 {
			return sideView{Bye: true, Name: "bye"}
		}
		id := e.SeedPlayer(seed)
		return sideView{Seed: seed, Player: id, Name: e.PlayerName(id), Win: winner == seed}
	}
	where := e.MatchBoards()
	v := &bracketView{Finished: b.Finished}
	for ri, ms := range b.Rounds {
		rv := bracketRoundView{Number: ri + 1, Name: event.KORoundName(b, ri+1)}
		for _, m := range ms {
			if m.State == knockout.Empty {
				continue
			}
			mv := matchView{ID: m.ID.String(), A: side(m.A, m.Winner), B: side(m.B, m.Winner), State: m.State,
				Text: event.MatchState(e, m), Score: event.MatchScore(m)}
			mv.Label = event.MatchLabel(m)
			if m.State == knockout.Playing || m.State == knockout.NeedLots || m.State == knockout.NeedChoice {
				mv.CanDecide = true
				mv.Better = side(min(m.A, m.B), 0)
			}
			if e.Knockout.Armageddon && e.Knockout.ArmageddonChoice && (m.State == knockout.Playing || m.State == knockout.NeedChoice) {
				mv.CanChoose = true
				for _, c := range e.Choices {
					if c.Match == mv.ID {
						mv.CanChoose = false
					}
				}
			}
			for _, g := range m.Games {
				gv := gameView{N: g.N, Stage: e.StageName(&event.MatchGame{Stage: g.Stage, Armageddon: g.Armageddon}),
					White: e.PlayerName(e.SeedPlayer(g.White)), Black: e.PlayerName(e.SeedPlayer(g.Black)),
					Result: event.FromKO(g.Result), Position: -1}
				if at, ok := where[m.ID][g.N]; ok {
					gv.Round, gv.Board = at.Round, at.Board.Board
					if at.Board.Position != nil {
						gv.Position = at.Board.Position.ID()
					}
				}
				mv.Games = append(mv.Games, gv)
			}
			rv.Matches = append(rv.Matches, mv)
		}
		v.Rounds = append(v.Rounds, rv)
	}
	for _, pl := range b.Places {
		s := strconv.Itoa(pl.From)
		if pl.To != pl.From {
			s += "-" + strconv.Itoa(pl.To)
		}
		v.Places = append(v.Places, placeView{Place: s, Name: e.PlayerName(e.SeedPlayer(pl.Seed)), Seed: pl.Seed})
	}
	return v
}

// KOLabel names a knockout round of the schedule: "Quarter-finals, game
// 3"; "" for another system.
func (p *eventPage) KOLabel(r event.Round) string {
	b := p.rawBracket()
	if r.KORound == 0 || b == nil {
		return ""
	}
	return event.KORoundName(b, r.KORound) + ", game " + strconv.Itoa(r.KOGame)
}

// GET /api/events/{id}/bracket: a knockout's bracket.
func (s *Server) apiBracket(w http.ResponseWriter, r *http.Request) *site.Error {
	st, e := s.loadPublic(r)
	if e != nil {
		return e
	}
	if e := site.NoQuery(r); e != nil {
		return e
	}
	ev := st.Public()
	b, err := ev.Bracket()
	if err != nil {
		return s.eventErr(r, err)
	}
	site.WriteJSONStatus(w, http.StatusOK, eventjson.FromBracket(ev, b))
	return nil
}

// StageName names a knockout game's stage ("" for the match's own games).
func (p *eventPage) StageName(g *event.MatchGame) string { return p.ev.StageName(g) }

// KOFormat is a knockout's format in words, for the event's facts.
func (p *eventPage) KOFormat() string {
	k := p.ev.Knockout
	s := strconv.Itoa(k.Games) + "-game matches"
	if k.Games == 1 {
		s = "single games"
	}
	if k.FinalGames > 0 && k.FinalGames != k.Games {
		s += ", a " + strconv.Itoa(k.FinalGames) + "-game final"
	}
	if len(k.Ladder) > 0 {
		s += "; tie-breaks " + event.LadderText(k.Ladder)
	}
	if k.Armageddon {
		s += "; Armageddon"
		if k.ArmageddonWhite != "" {
			s += " " + k.ArmageddonWhite + " v " + k.ArmageddonBlack
		}
	}
	switch k.Places {
	case -1:
		s += "; every place played for"
	case 2:
	case 4:
		s += "; a third-place match"
	default:
		s += "; places down to " + strconv.Itoa(k.Places)
	}
	return s
}

// StageFrom are the earlier stages a knockout's players qualified from.
func (p *eventPage) StageFrom() []event.StageSource { return p.ev.From }

// StageNext are the later stages the event's organiser linked.
func (p *eventPage) StageNext() []event.StageSource { return p.ev.Next }
