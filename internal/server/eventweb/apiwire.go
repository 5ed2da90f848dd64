package eventweb

import "github.com/chess960/chess960/internal/event"

// The API's bodies are types of the server's own (the wire), apart from
// event.Change (the model's command) and from the history's stored layout
// (internal/event's), so that a name in the API is changed here and
// nowhere else, and a body never decodes straight into what is stored.
// Their JSON names are the API's (web/openapi.json).

// changeJSON is a change as POST /api/events/{id}/changes takes it and the
// history API writes it.
type changeJSON struct {
	Kind     string        `json:"kind"`
	Base     int64         `json:"base,omitempty"`
	Round    int           `json:"round,omitempty"`
	Board    int           `json:"board,omitempty"`
	Player   int           `json:"player,omitempty"`
	Result   string        `json:"result,omitempty"`
	PGN      string        `json:"pgn,omitempty"`
	Bye      string        `json:"bye,omitempty"`
	Settings *settingsJSON `json:"settings,omitempty"`
	Players  []playerJSON  `json:"players,omitempty"`
	Pairs    []pairJSON    `json:"pairs,omitempty"`
	Label    string        `json:"label,omitempty"`
	Link     string        `json:"link,omitempty"`
	Note     string        `json:"note,omitempty"`
}

type settingsJSON struct {
	Name          string        `json:"name"`
	Place         string        `json:"place,omitempty"`
	Start         string        `json:"start,omitempty"`
	End           string        `json:"end,omitempty"`
	System        string        `json:"system"`
	Rounds        int           `json:"rounds"`
	TimeControl   string        `json:"timeControl,omitempty"`
	TieBreaks     []string      `json:"tieBreaks"`
	TieBreakRules string        `json:"tieBreakRules,omitempty"`
	UnratedRating int           `json:"unratedRating,omitempty"`
	Positions     positionsJSON `json:"positions"`
	LateEntries   string        `json:"lateEntries,omitempty"`
}

type positionsJSON struct {
	PerBoard bool   `json:"perBoard"`
	Exclude  string `json:"exclude,omitempty"`
	Balanced bool   `json:"balanced,omitempty"`
	MaxEval  int    `json:"maxEval,omitempty"`
}

type playerJSON struct {
	Name       string `json:"name"`
	Rating     int    `json:"rating,omitempty"`
	FideID     string `json:"fideId,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
	Club       string `json:"club,omitempty"`
	Sex        string `json:"sex,omitempty"`
	Birth      string `json:"birth,omitempty"`
	K          int    `json:"k,omitempty"`
}

type pairJSON struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// change is the model's command the body asks for.
func (c changeJSON) change() event.Change {
	out := event.Change{Kind: event.ChangeKind(c.Kind), Base: c.Base, Round: c.Round, Board: c.Board, Player: c.Player,
		Result: c.Result, PGN: c.PGN, Bye: event.ByeKind(c.Bye), Label: c.Label, Link: c.Link, Note: c.Note}
	if c.Settings != nil {
		s := c.Settings.settings()
		out.Settings = &s
	}
	for _, p := range c.Players {
		out.Players = append(out.Players, event.PlayerInfo(p))
	}
	for _, p := range c.Pairs {
		out.Pairs = append(out.Pairs, event.ManualPair(p))
	}
	return out
}

// changeOf is the change as the API writes it (the history).
func changeOf(c event.Change) changeJSON {
	out := changeJSON{Kind: string(c.Kind), Round: c.Round, Board: c.Board, Player: c.Player, Result: c.Result,
		PGN: c.PGN, Bye: string(c.Bye), Label: c.Label, Link: c.Link, Note: c.Note}
	if c.Settings != nil {
		s := settingsOf(*c.Settings)
		out.Settings = &s
	}
	for _, p := range c.Players {
		out.Players = append(out.Players, playerJSON(p))
	}
	for _, p := range c.Pairs {
		out.Pairs = append(out.Pairs, pairJSON(p))
	}
	return out
}

func (s settingsJSON) settings() event.Settings {
	return event.Settings{Name: s.Name, Place: s.Place, Start: s.Start, End: s.End, System: event.System(s.System),
		Rounds: s.Rounds, TimeControl: s.TimeControl, TieBreaks: s.TieBreaks, TieBreakRules: s.TieBreakRules,
		UnratedRating: s.UnratedRating, Positions: event.PositionRules(s.Positions), LateEntries: s.LateEntries}
}

func settingsOf(s event.Settings) settingsJSON {
	return settingsJSON{Name: s.Name, Place: s.Place, Start: s.Start, End: s.End, System: string(s.System),
		Rounds: s.Rounds, TimeControl: s.TimeControl, TieBreaks: s.TieBreaks, TieBreakRules: s.TieBreakRules,
		UnratedRating: s.UnratedRating, Positions: positionsJSON(s.Positions), LateEntries: s.LateEntries}
}

func players(ps []playerJSON) []event.PlayerInfo {
	var out []event.PlayerInfo
	for _, p := range ps {
		out = append(out, event.PlayerInfo(p))
	}
	return out
}
