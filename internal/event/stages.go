package event

import (
	"cmp"
	"context"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// Stages: a knockout may be the next stage of earlier events (two
// round-robin groups, an open Swiss). Its players are the top Top of each
// source's final standings (its tie-breaks decide the ranks), entered in
// seed order: the sources' winners first (in the order the sources are
// given), then their seconds, and so on; so with two groups A and B of
// four qualifiers each, seeds 1 to 8 are A1, B1, A2, B2, A3, B3, A4, B4,
// and the quarter-finals are A1-B4, B2-A3, B1-A4, A2-B3. Its seeding is
// "entry" (this order). The positions the sources played are left out of
// its draws, so no position of the whole event repeats.
//
// Documented for anyone who checks: the stage's own seed draws its
// positions as any event's do, with the sources' positions among the
// exclusions its settings show.

// KOSeedingEntry seeds a knockout in the order its players were entered
// (a stage: by the ranks in the earlier stages).
const KOSeedingEntry = "entry"

// maxSources bounds the earlier stages of one.
const maxSources = 16

// qualify sets the stage d's sources, seeding and positions to leave out,
// and returns its players in seed order.
func (s *Service) qualify(ctx context.Context, d *doc, from []StageSource) ([]PlayerInfo, error) {
	if d.System != Knockout {
		return nil, invalid("from: only a knockout is the next stage of other events")
	}
	if len(from) > maxSources {
		return nil, invalid("from: %d earlier stages: at most %d", len(from), maxSources)
	}
	played := chess960.Set{}
	var tops [][]PlayerInfo
	seen := map[string]bool{}
	for i, src := range from {
		if seen[src.Event] {
			return nil, invalid("from: event %s is given twice", quote.Input(src.Event))
		}
		seen[src.Event] = true
		if src.Top < 1 || src.Top > MaxPlayers {
			return nil, invalid("from %s: top %d: want 1 or more qualifiers", quote.Input(src.Event), src.Top)
		}
		st, err := s.Load(ctx, src.Event)
		if err != nil {
			return nil, err
		}
		e := st.Public()
		if e.System == Knockout {
			return nil, invalid("from %s: a knockout ranks by its bracket: take the qualifiers of a Swiss or a round robin", quote.Input(src.Event))
		}
		if !e.done() {
			return nil, notNow("from %s: the stage is not over: every round must be paired and have its results", quote.Input(src.Event))
		}
		stand, err := e.Standings(0)
		if err != nil {
			return nil, err
		}
		if src.Top > len(stand.Rows) {
			return nil, invalid("from %s: top %d: the stage has %d players", quote.Input(src.Event), src.Top, len(stand.Rows))
		}
		if src.Top < len(stand.Rows) && stand.Rows[src.Top].Rank == stand.Rows[src.Top-1].Rank {
			return nil, notNow("from %s: the cut after place %d falls in a tie that the tie-breaks do not break (%s and %s share rank %d): break it first (a play-off), or take another number",
				quote.Input(src.Event), src.Top, quote.Input(stand.Rows[src.Top-1].Name), quote.Input(stand.Rows[src.Top].Name), stand.Rows[src.Top].Rank)
		}
		var top []PlayerInfo
		for _, row := range stand.Rows[:src.Top] {
			p := e.PlayerByID(row.Player)
			top = append(top, PlayerInfo{Name: p.Name, Rating: p.Rating, FideID: p.FideID, Federation: p.Federation,
				Title: p.Title, Club: p.Club, Sex: p.Sex, Birth: p.Birth, K: p.K})
		}
		tops = append(tops, top)
		for _, r := range e.Schedule {
			if r.Position != nil {
				played.Add(*r.Position)
			}
			for _, b := range r.Boards {
				if b.Position != nil {
					played.Add(*b.Position)
				}
			}
		}
		from[i].Name = e.Name
	}
	var qualified []PlayerInfo
	for rank := 0; ; rank++ {
		more := false
		for _, top := range tops {
			if rank < len(top) {
				qualified = append(qualified, top[rank])
				more = true
			}
		}
		if !more {
			break
		}
	}
	d.From = from
	d.Knockout.Seeding = KOSeedingEntry
	if played.Len() > 0 {
		ex, _ := chess960.ParseSet(d.Positions.Exclude) // normalized
		d.Positions.Exclude = ex.Union(played).String()
		if _, err := d.Positions.allowed(); err != nil {
			return nil, err
		}
	}
	return qualified, nil
}

// done reports whether every round of the event is paired and complete.
func (e *Event) done() bool {
	if e.Finished {
		return true
	}
	if len(e.Schedule) == 0 || e.Rounds > 0 && e.RoundsBegun() < e.Rounds {
		return false
	}
	if e.matches() {
		return e.MatchRoundsDone() == len(e.matchRounds())
	}
	return e.Schedule[len(e.Schedule)-1].complete()
}

// ParseFrom reads a stage's sources as the forms and the command line
// write them: EVENT:TOP, separated by commas ("group-a:4,group-b:4").
func ParseFrom(s string) ([]StageSource, error) {
	var out []StageSource
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, n, ok := strings.Cut(part, ":")
		top, err := decimal.Int(strings.TrimSpace(n), 1, MaxPlayers)
		if !ok || err != nil || CheckID(strings.TrimSpace(id)) != nil {
			return nil, invalid("from %s: want EVENT:TOP, such as group-a:4", quote.Input(part))
		}
		out = append(out, StageSource{Event: strings.TrimSpace(id), Top: int(top)})
	}
	return out, nil
}

// seedOrder sorts players for a knockout's seeds by its seeding rule.
func seedOrder(rule string) func(a, b *Player) int {
	if rule == KOSeedingEntry {
		return func(a, b *Player) int { return cmp.Compare(a.ID, b.ID) }
	}
	return func(a, b *Player) int { return cmp.Compare(a.Number, b.Number) }
}
