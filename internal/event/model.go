// Package event runs Chess960 tournaments: an event's settings, players,
// rounds with their pairings, start positions and results, and what comes
// out of them (standings, exports, the verification of the draw). It is
// plain Go over a store.Store: each change is checked and applied to the
// event's state here, then written with its version in one transaction.
//
// The start positions come from a secret seed drawn when the event is
// created; its SHA-256 commitment is public from that moment, each round's
// position is derived from it when the arbiter starts the round, and the
// seed itself is revealed when the event is finished, so anyone can re-derive
// every round (see Derivation).
package event

import (
	"time"

	"github.com/chess960/chess960"
)

// System is how an event is paired.
type System string

// The systems.
const (
	Swiss            System = "dutch"      // FIDE Dutch system (C.04.3)
	RoundRobin       System = "roundrobin" // Berger tables (C.05)
	DoubleRoundRobin System = "double"     // Berger tables, twice, colours reversed
	Knockout         System = "knockout"   // a bracket of matches (package pairing/knockout; Settings.Knockout)
)

// Settings are what the organiser chooses for an event.
type Settings struct {
	Name   string
	Place  string
	Start  string // first day, YYYY-MM-DD
	End    string // last day, YYYY-MM-DD
	System System
	// Rounds is the number of rounds. For a round robin it follows from
	// the field and is set when round 1 is paired.
	Rounds      int
	TimeControl string
	TieBreaks   []string // C.07 acronyms, in order
	// TieBreakRules is the edition of C.07 the tie-breaks follow:
	// TieBreaks2024 or TieBreaks2026. A new event gets the one in force on
	// its start date, or else on the day it is created; an event stored
	// before this setting has "" and computes as 2024.
	TieBreakRules string
	// UnratedRating is the rating an unrated player counts with in the
	// rating-based tie-breaks (C.07 article 10: ARO, TPR, PTP, APRO,
	// APPO); 0 for none, and then those are dropped if a player is unrated.
	UnratedRating int
	Positions     PositionRules
	// LateEntries is how a player entered once a round is public is
	// numbered: LateRerank (the default) or LateNext (see numbers.go).
	LateEntries string
	// Play is where the games are played: over the board (PlayBoard, the
	// default), in the app (PlayApp), or in the app but for the players
	// who play at a board (PlayHybrid, Player.AtBoard). With the app,
	// TimeControl is a clock control (package clock's notation).
	Play PlayMode
	// Study is the study window, in minutes (0..60): the round's position
	// is shown when the round starts, and the clocks start together when
	// the window ends.
	Study int
	// DefaultTime is FIDE's default time (Laws 6.7), in minutes (0: none):
	// a player who has not come to the game (opened it) this long after
	// the clocks started loses by forfeit.
	DefaultTime int
	// Delay is the spectators' delay of the games in the app ("N moves"
	// or "N minutes"; "" for none), on the public pages and the feed.
	Delay string
	// Knockout is how a knockout's matches are played (System Knockout).
	Knockout KnockoutRules
	// Matches make a Swiss's or a round robin's rounds matches of several
	// games (see matches.go); the zero value is single games.
	Matches MatchRules
}

// KnockoutRules are a knockout's format (see knockout.go).
type KnockoutRules struct {
	// Games is the games of a match, FinalGames those of the final (0:
	// Games).
	Games      int
	FinalGames int
	// Ladder is the tie-break stages of a tied match, in order.
	Ladder []TieBreakStage
	// Armageddon, after the ladder: one game in which a draw counts as
	// Black's win; White and Black are the two clocks ("5+2" against
	// "4+2"); Choice gives the better seed the choice of colour
	// (KindChoose), else the colours are drawn by lot.
	Armageddon       bool
	ArmageddonWhite  string
	ArmageddonBlack  string
	ArmageddonChoice bool
	// Places is down to which place the players play (2: the final only,
	// the default; 4: and the third place; 8: and 5th to 8th; -1: every
	// place).
	Places int
	// Colors is "seed" (the better seed has White in the first game of
	// each stage) or "lot" (drawn from the seed for each match and stage).
	Colors string
	// Positions is "match" (one position for each stage of a match),
	// "pair" (one for each two games) or "game".
	Positions string
	// Seeding is "rating" (the seeds are the pairing numbers, by rating)
	// or "lot" (drawn from the seed when round 1 is paired).
	Seeding string
}

// TieBreakStage is one stage of a knockout's tie-break ladder.
type TieBreakStage struct {
	Games       int
	SuddenDeath bool   // one game at a time until one is won (the last stage)
	TimeControl string // the stage's clock
}

// PositionRules say which start positions an event draws and how.
type PositionRules struct {
	// PerBoard draws a position for every board; otherwise every board of
	// a round plays the round's position.
	PerBoard bool
	// Exclude lists positions never drawn, as chess960.ParseSet reads it
	// ("518,534,0-9"); "" for none.
	Exclude string
	// MaxEval, when Balanced, draws only positions that the shipped balance
	// table scores within MaxEval centipawns of equality.
	Balanced bool
	MaxEval  int
}

// Event is an event as the pages and the JSON API show it (the JSON is
// package eventjson's, which has types of its own: the model has no JSON
// names). Secrets (the seed before its reveal, the link hashes) are not
// part of it.
type Event struct {
	ID      string
	Version int64
	Created time.Time
	Settings
	// Commitment is the SHA-256 of the seed, public from the start.
	Commitment string
	// OwnSeed says the organiser brought the seed.
	OwnSeed bool
	// WeakSeed says the organiser's seed has fewer than MinSeedBits of
	// entropy and they chose it knowing that its positions can be found
	// before they are revealed.
	WeakSeed bool
	// Seed is set once the event is finished and the seed revealed.
	Seed     string
	Finished bool
	Players  []Player
	Schedule []Round
	// Links are the arbiters' links (labels only); admin views only.
	Links []Link
	// FirstColor is the colour of the player numbered 1 in round 1 ("w" or
	// "b"), drawn by lot from the seed when the event is created: White if
	// the first byte of SHA-256("chess960:colour:" + seed) is even.
	FirstColor string
	// NumberChanges are the renumberings made after a round went public.
	NumberChanges []NumberChange
	// A knockout's seeds (player IDs, seed 1 first), fixed when round 1
	// is paired, and the arbiter's decisions and Armageddon choices.
	Seeds     []int
	Decisions []MatchDecision
	Choices   []ArmageddonChoice
	// From are the earlier stages a knockout's players qualified from.
	From []StageSource
	// Next are the later stages that take this event's top players
	// (Top), as its organiser linked them (KindNextStage).
	Next []StageSource
}

// StageSource is an earlier stage of an event: an event whose top Top
// players qualify (its Name, as it was when they did).
type StageSource struct {
	Event string
	Name  string
	Top   int
}

// MatchDecision is a knockout match the arbiter decided: a walkover, or a
// tie the ladder did not break, by lot.
type MatchDecision struct {
	Match  string // "round.match"
	Winner int    // player ID
	Note   string
	By     string
	At     time.Time
}

// ArmageddonChoice is the colour the better seed chose for a match's
// Armageddon.
type ArmageddonChoice struct {
	Match string
	Color string // "w" or "b"
	By    string
	At    time.Time
}

// Player is an entrant.
type Player struct {
	ID         int // entry number, from 1, never reused
	Number     int // pairing number
	Name       string
	Rating     int
	FideID     string
	Federation string
	Title      string
	Club       string
	Sex        string // "m", "w" or ""
	Birth      string // YYYY or YYYY/MM/DD
	// K is the FIDE K factor for the rating change; 0: 20, or 10 from 2400.
	K int
	// Joined is the first round the player is paired in (a late entry
	// misses the rounds before it); 1 for an entry before the start.
	Joined int
	// Withdrawn is the first round the player is no longer paired in; 0:
	// still in.
	Withdrawn int
	// Byes are the byes the player asked for, by round.
	Byes []ByeRequest
	// AtBoard: in a hybrid event, the player plays at a board (no device):
	// their games are over the board, their results entered by hand.
	AtBoard bool
	// LinkGen counts the rotations of the player's link (PlayerToken).
	LinkGen int
}

// ByeRequest is a round a player will not play.
type ByeRequest struct {
	Round int
	Kind  ByeKind // ByeHalf, ByeZero or ByeFull
}

// Round is one round.
type Round struct {
	Number int
	Status RoundStatus
	// Position is the round's start position (Scharnagl), once started;
	// with PositionRules.PerBoard each board has its own instead.
	Position *chess960.StartPos
	Boards   []Board
	Byes     []Bye
	// Manual is set when an arbiter changed the engine's pairing; Warnings
	// name the rules the change breaks.
	Manual bool
	// Imported marks a round played before the event came here (from a
	// TRF): it has no position.
	Imported bool
	Warnings []string
	// Numbers are the pairing numbers the round was published with, by
	// player ID, once a later entry or correction has renumbered the
	// field; nil while they are the players' numbers (see Event.NumberIn).
	Numbers map[int]int
	Paired  time.Time
	Began   time.Time
	// Clocks is when the clocks of the round's games in the app start:
	// Began plus the study window. Zero for a round over the board.
	Clocks time.Time
	// KORound and KOGame: in a knockout, the bracket's round this round
	// plays and the game of its matches (from 1; the tie-breaks' games
	// count on); in a Swiss or round robin of matches, the round of
	// matches and the game (Matches.Games+1 for the Armageddon).
	KORound, KOGame int
}

// Board is one game of a round.
type Board struct {
	Board    int
	White    int // player IDs
	Black    int
	Position *chess960.StartPos // per-board position, once started
	Result   Result             // one of Results, "" while playing
	// History is every result entered for the board, the current last.
	History []Entry
	PGN     string
	// Game is the ID of the board's game in the app (package game), once
	// the round has started; "" for a game over the board.
	Game string
	// KO is the match game the board plays, in a knockout or an event of
	// matches; nil otherwise.
	KO *MatchGame
}

// MatchGame is a board's place in a match: a knockout's, or one of a
// Swiss's or round robin's rounds of matches.
type MatchGame struct {
	Match string // "round.match"; in a Swiss or round robin "round.table"
	N     int    // the game's number in the match
	// Stage is 0 for the match's own games, i for the ladder's i-th
	// stage, and len(Ladder)+1 for the Armageddon; Unit is the game's
	// position unit in it (the games of a match with one Stage and Unit
	// share a position).
	Stage, Unit int
	Armageddon  bool
}

// Entry is one result entered.
type Entry struct {
	Result Result
	At     time.Time
	By     string
	// Note says how: the game's ending ("game: checkmate"), an
	// adjudication's reason, a correction's.
	Note string
}

// Bye is a player without a game in a round.
type Bye struct {
	Player int
	Kind   ByeKind // ByePairing, ByeHalf, ByeZero, ByeFull, or ByeAbsent
}

// Link is an arbiter's link, by its label.
type Link struct {
	ID    string
	Label string
	Made  time.Time
}

// Role is what a link may do.
type Role string

// Roles of a link.
const (
	RoleAdmin   Role = "admin"   // the organiser: everything, links included
	RoleArbiter Role = "arbiter" // everything but links and the event's settings
	// RoleServer is the server's own changes: a game's result (package
	// eventplay). No link has it.
	RoleServer Role = "server"
)

// Actor is who makes a change: the role of the link it came through and
// that link's label, the name the history shows ("admin", an arbiter's
// name, "cli"). Never a secret.
type Actor struct {
	Role  Role
	Label string
}
