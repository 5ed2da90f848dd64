package eventjson

import (
	"maps"
	"slices"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/pairing/knockout"
)

func fromEvent(x event.Event) Event {
	return Event{
		ID:            x.ID,
		Version:       x.Version,
		Created:       x.Created,
		Settings:      fromSettings(x.Settings),
		Commitment:    x.Commitment,
		OwnSeed:       x.OwnSeed,
		WeakSeed:      x.WeakSeed,
		Seed:          x.Seed,
		Finished:      x.Finished,
		Players:       fromSlice(x.Players, fromPlayer),
		Schedule:      fromSlice(x.Schedule, fromRound),
		Links:         fromSlice(x.Links, fromLink),
		FirstColor:    x.FirstColor,
		NumberChanges: fromSlice(x.NumberChanges, fromNumberChange),
		Seeds:         slices.Clone(x.Seeds),
		Decisions:     fromSlice(x.Decisions, func(d event.MatchDecision) MatchDecision { return MatchDecision(d) }),
		Choices:       fromSlice(x.Choices, func(c event.ArmageddonChoice) ArmageddonChoice { return ArmageddonChoice(c) }),
		From:          fromSlice(x.From, func(s event.StageSource) StageSource { return StageSource(s) }),
		Next:          fromSlice(x.Next, func(s event.StageSource) StageSource { return StageSource(s) }),
	}
}

func fromKnockout(s event.Settings) *KnockoutRules {
	if s.System != event.Knockout {
		return nil
	}
	k := s.Knockout
	return &KnockoutRules{Games: k.Games, FinalGames: k.FinalGames, Armageddon: k.Armageddon, ArmageddonWhite: k.ArmageddonWhite,
		ArmageddonBlack: k.ArmageddonBlack, ArmageddonChoice: k.ArmageddonChoice, Places: k.Places, Colors: k.Colors,
		Positions: k.Positions, Seeding: k.Seeding,
		Ladder: fromSlice(k.Ladder, func(t event.TieBreakStage) TieBreakStage { return TieBreakStage(t) })}
}

// Model is the model's knockout rules.
func (k *KnockoutRules) Model() event.KnockoutRules {
	if k == nil {
		return event.KnockoutRules{}
	}
	return event.KnockoutRules{Games: k.Games, FinalGames: k.FinalGames, Armageddon: k.Armageddon, ArmageddonWhite: k.ArmageddonWhite,
		ArmageddonBlack: k.ArmageddonBlack, ArmageddonChoice: k.ArmageddonChoice, Places: k.Places, Colors: k.Colors,
		Positions: k.Positions, Seeding: k.Seeding,
		Ladder: fromSlice(k.Ladder, func(t TieBreakStage) event.TieBreakStage { return event.TieBreakStage(t) })}
}

func fromSettings(x event.Settings) Settings {
	return Settings{
		Name:          x.Name,
		Place:         x.Place,
		Start:         x.Start,
		End:           x.End,
		System:        x.System,
		Rounds:        x.Rounds,
		TimeControl:   x.TimeControl,
		TieBreaks:     slices.Clone(x.TieBreaks),
		TieBreakRules: x.TieBreakRules,
		UnratedRating: x.UnratedRating,
		Positions:     fromPositionRules(x.Positions),
		LateEntries:   x.LateEntries,
		Play:          x.Play,
		Study:         x.Study,
		DefaultTime:   x.DefaultTime,
		Delay:         x.Delay,
		Knockout:      fromKnockout(x),
		Matches:       fromMatches(x.Matches),
	}
}

func fromMatches(m event.MatchRules) *MatchRules {
	if !m.On() {
		return nil
	}
	out := MatchRules(m)
	return &out
}

// Model is the model's match rules.
func (m *MatchRules) Model() event.MatchRules {
	if m == nil {
		return event.MatchRules{}
	}
	return event.MatchRules(*m)
}

func fromPositionRules(x event.PositionRules) PositionRules {
	return PositionRules{
		PerBoard: x.PerBoard,
		Exclude:  x.Exclude,
		Balanced: x.Balanced,
		MaxEval:  x.MaxEval,
	}
}

func fromPlayer(x event.Player) Player {
	return Player{
		ID:         x.ID,
		Number:     x.Number,
		Name:       x.Name,
		Rating:     x.Rating,
		FideID:     x.FideID,
		Federation: x.Federation,
		Title:      x.Title,
		Club:       x.Club,
		Sex:        x.Sex,
		Birth:      x.Birth,
		K:          x.K,
		Joined:     x.Joined,
		Withdrawn:  x.Withdrawn,
		Byes:       fromSlice(x.Byes, fromByeRequest),
		AtBoard:    x.AtBoard,
		LinkGen:    x.LinkGen,
	}
}

func fromByeRequest(x event.ByeRequest) ByeRequest {
	return ByeRequest{
		Round: x.Round,
		Kind:  x.Kind,
	}
}

func fromRound(x event.Round) Round {
	return Round{
		Number:   x.Number,
		Status:   x.Status,
		Position: clonePtr(x.Position),
		Boards:   fromSlice(x.Boards, fromBoard),
		Byes:     fromSlice(x.Byes, fromBye),
		Manual:   x.Manual,
		Imported: x.Imported,
		Warnings: slices.Clone(x.Warnings),
		Numbers:  maps.Clone(x.Numbers),
		Paired:   x.Paired,
		Began:    x.Began,
		Clocks:   x.Clocks,
		KORound:  x.KORound,
		KOGame:   x.KOGame,
	}
}

func fromBoard(x event.Board) Board {
	return Board{
		Board:    x.Board,
		White:    x.White,
		Black:    x.Black,
		Position: clonePtr(x.Position),
		Result:   x.Result,
		History:  fromSlice(x.History, fromEntry),
		PGN:      x.PGN,
		Game:     x.Game,
		KO:       fromPtr(x.KO, func(g event.MatchGame) MatchGame { return MatchGame(g) }),
	}
}

func fromEntry(x event.Entry) Entry {
	return Entry{
		Result: x.Result,
		At:     x.At,
		By:     x.By,
		Note:   x.Note,
	}
}

func fromBye(x event.Bye) Bye {
	return Bye{
		Player: x.Player,
		Kind:   x.Kind,
	}
}

func fromLink(x event.Link) Link {
	return Link{
		ID:    x.ID,
		Label: x.Label,
		Made:  x.Made,
	}
}

func fromNumberChange(x event.NumberChange) NumberChange {
	return NumberChange{
		Version: x.Version,
		Text:    x.Text,
	}
}

func fromStandings(x event.Standings) Standings {
	return Standings{
		Rounds:        x.Rounds,
		TieBreaks:     slices.Clone(x.TieBreaks),
		TieBreakRules: x.TieBreakRules,
		UnratedRating: x.UnratedRating,
		Dropped:       fromSlice(x.Dropped, fromDroppedTieBreak),
		Rows:          fromSlice(x.Rows, fromRow),
	}
}

func fromDroppedTieBreak(x event.DroppedTieBreak) DroppedTieBreak {
	return DroppedTieBreak{
		TieBreak: x.TieBreak,
		Reason:   x.Reason,
	}
}

func fromRow(x event.Row) Row {
	return Row{
		Rank:         x.Rank,
		Player:       x.Player,
		Number:       x.Number,
		Name:         x.Name,
		Title:        x.Title,
		Rating:       x.Rating,
		Points:       x.Points,
		TieBreaks:    slices.Clone(x.TieBreaks),
		RatedGames:   x.RatedGames,
		Opponents:    x.Opponents,
		Performance:  x.Performance,
		RatingChange: x.RatingChange,
		Results:      fromSlice(x.Results, fromCell),
	}
}

func fromCell(x event.Cell) Cell {
	return Cell{
		Opponent: x.Opponent,
		Color:    x.Color,
		Result:   x.Result,
	}
}

func fromVerification(x event.Verification) Verification {
	return Verification{
		Commitment:   x.Commitment,
		Seed:         x.Seed,
		CommitmentOK: x.CommitmentOK,
		Command:      x.Command,
		Checks:       fromSlice(x.Checks, fromRoundCheck),
		OK:           x.OK,
	}
}

func fromRoundCheck(x event.RoundCheck) RoundCheck {
	return RoundCheck{
		Round:   x.Round,
		Board:   x.Board,
		Played:  x.Played,
		Derived: x.Derived,
		OK:      x.OK,
	}
}

func fromSlice[T, W any](xs []T, f func(T) W) []W {
	if xs == nil {
		return nil
	}
	out := make([]W, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func fromPtr[T, W any](x *T, f func(T) W) *W {
	if x == nil {
		return nil
	}
	w := f(*x)
	return &w
}

func clonePtr[T any](x *T) *T {
	if x == nil {
		return nil
	}
	c := *x
	return &c
}

// FromBracket is a knockout's bracket as the API writes it.
func FromBracket(e event.Event, b *knockout.Bracket) Bracket {
	side := func(seed int) *MatchSide {
		if seed == 0 {
			return nil
		}
		id := e.SeedPlayer(seed)
		return &MatchSide{Seed: seed, Player: id, Name: e.PlayerName(id)}
	}
	where := e.MatchBoards()
	out := Bracket{Size: b.Size, Finished: b.Finished, Rounds: []BracketRound{}}
	for ri, ms := range b.Rounds {
		br := BracketRound{Round: ri + 1, Name: event.KORoundName(b, ri+1), Matches: []Match{}}
		for _, m := range ms {
			if m.State == knockout.Empty {
				continue
			}
			jm := Match{Match: m.ID.String(), From: m.From, To: m.To, A: side(m.A), B: side(m.B), State: string(m.State),
				Text: event.MatchState(&e, m), Score: event.MatchScore(m), Winner: m.Winner, ByArbiter: m.ByArbiter, Games: []BracketGame{}}
			for _, g := range m.Games {
				bg := BracketGame{N: g.N, Stage: g.Stage, Armageddon: g.Armageddon,
					StageName: e.StageName(&event.MatchGame{Stage: g.Stage, Armageddon: g.Armageddon}),
					White:     e.SeedPlayer(g.White), Black: e.SeedPlayer(g.Black), Result: event.FromKO(g.Result)}
				if at, ok := where[m.ID][g.N]; ok {
					bg.Round, bg.Board = at.Round, at.Board.Board
				}
				jm.Games = append(jm.Games, bg)
			}
			br.Matches = append(br.Matches, jm)
		}
		out.Rounds = append(out.Rounds, br)
	}
	for _, p := range b.Places {
		id := e.SeedPlayer(p.Seed)
		out.Places = append(out.Places, Place{From: p.From, To: p.To, Seed: p.Seed, Player: id, Name: e.PlayerName(id)})
	}
	return out
}
