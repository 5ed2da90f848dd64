// Package eventjson is the JSON of events: what the web API answers
// (internal/server/eventweb) and what chess960 event --json prints, one
// contract. Its types are apart from the model's (package event, which
// has no JSON names) and from the stored document's (event's stored.go),
// so that a name in the JSON is changed here and nowhere else, and a
// field renamed in the model is a change in the converters below, which
// the compiler checks, never a silent change of the API.
package eventjson

import "github.com/chess960/chess960/internal/event"

// FromEvent is an event's JSON.
func FromEvent(e event.Event) Event { return fromEvent(e) }

// FromPlayers is a list of players' JSON.
func FromPlayers(ps []event.Player) []Player { return fromSlice(ps, fromPlayer) }

// FromRound is a round's JSON (nil: none, which encodes as null).
func FromRound(r *event.Round) *Round { return fromPtr(r, fromRound) }

// FromLinks is a list of arbiter links' JSON.
func FromLinks(ls []event.Link) []Link { return fromSlice(ls, fromLink) }

// FromBoard is a board's JSON.
func FromBoard(b event.Board) Board { return fromBoard(b) }

// FromStandings is a standings table's JSON.
func FromStandings(s event.Standings) Standings { return fromStandings(s) }

// FromVerification is a verification's JSON.
func FromVerification(v event.Verification) Verification { return fromVerification(v) }
