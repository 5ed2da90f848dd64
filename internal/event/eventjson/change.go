package eventjson

import "github.com/chess960/chess960/internal/event"

// The API's request bodies are types of their own too, apart from
// event.Change (the model's command) and from the history's stored layout
// (internal/event's), so that a body never decodes straight into what is
// stored. Their JSON names are the API's (web/openapi.json); the settings
// are the same Settings the answers write.

// Change is a change as POST /api/events/{id}/changes takes it and the
// history API writes it.
type Change struct {
	Kind     string       `json:"kind"`
	Base     int64        `json:"base,omitempty"`
	Round    int          `json:"round,omitempty"`
	Board    int          `json:"board,omitempty"`
	Player   int          `json:"player,omitempty"`
	Result   string       `json:"result,omitempty"`
	PGN      string       `json:"pgn,omitempty"`
	Bye      string       `json:"bye,omitempty"`
	Settings *Settings    `json:"settings,omitempty"`
	Players  []PlayerInfo `json:"players,omitempty"`
	Pairs    []ManualPair `json:"pairs,omitempty"`
	Label    string       `json:"label,omitempty"`
	Link     string       `json:"link,omitempty"`
	Note     string       `json:"note,omitempty"`
	// Confirm: a result for a board whose game is in play ends the game.
	Confirm bool `json:"confirm,omitempty"`
	// Match and Color: a knockout's match ("round.match") for decide
	// (player wins it; note says why) and choose (color, "w" or "b", the
	// better seed's Armageddon colour).
	Match string `json:"match,omitempty"`
	Color string `json:"color,omitempty"`
	// Event: for next-stage, the later stage's event ID (it must take
	// its players from this event).
	Event string `json:"event,omitempty"`
}

// PlayerInfo is a player as a request gives one.
type PlayerInfo struct {
	Name       string `json:"name"`
	Rating     int    `json:"rating,omitempty"`
	FideID     string `json:"fideId,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
	Club       string `json:"club,omitempty"`
	Sex        string `json:"sex,omitempty"`
	Birth      string `json:"birth,omitempty"`
	K          int    `json:"k,omitempty"`
	AtBoard    bool   `json:"atBoard,omitempty"`
}

// ManualPair is a board of a pairing made by hand.
type ManualPair struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// Model is the model's command the body asks for.
func (c Change) Model() event.Change {
	out := event.Change{Kind: event.ChangeKind(c.Kind), Base: c.Base, Round: c.Round, Board: c.Board, Player: c.Player,
		Result: c.Result, PGN: c.PGN, Bye: event.ByeKind(c.Bye), Label: c.Label, Link: c.Link, Note: c.Note, Confirm: c.Confirm,
		Match: c.Match, Color: c.Color, Event: c.Event}
	if c.Settings != nil {
		s := c.Settings.Model()
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

// FromChange is the change as the API writes it (the history).
func FromChange(c event.Change) Change {
	out := Change{Kind: string(c.Kind), Round: c.Round, Board: c.Board, Player: c.Player, Result: c.Result,
		PGN: c.PGN, Bye: string(c.Bye), Label: c.Label, Link: c.Link, Note: c.Note, Confirm: c.Confirm,
		Match: c.Match, Color: c.Color, Event: c.Event}
	if c.Settings != nil {
		s := fromSettings(*c.Settings)
		out.Settings = &s
	}
	for _, p := range c.Players {
		out.Players = append(out.Players, PlayerInfo(p))
	}
	for _, p := range c.Pairs {
		out.Pairs = append(out.Pairs, ManualPair(p))
	}
	return out
}

// Model is the model's settings.
func (s Settings) Model() event.Settings {
	return event.Settings{Name: s.Name, Place: s.Place, Start: s.Start, End: s.End, System: s.System,
		Rounds: s.Rounds, TimeControl: s.TimeControl, TieBreaks: s.TieBreaks, TieBreakRules: s.TieBreakRules,
		UnratedRating: s.UnratedRating, Positions: event.PositionRules(s.Positions), LateEntries: s.LateEntries,
		Play: s.Play, Study: s.Study, DefaultTime: s.DefaultTime, Delay: s.Delay, Knockout: s.Knockout.Model(),
		Matches: s.Matches.Model()}
}

// Players is the model's list of players a request gives.
func Players(ps []PlayerInfo) []event.PlayerInfo {
	var out []event.PlayerInfo
	for _, p := range ps {
		out = append(out, event.PlayerInfo(p))
	}
	return out
}
