package eventjson

import (
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/event"
)

// Event is event.Event as JSON.
type Event struct {
	ID      string    `json:"id"`
	Version int64     `json:"version"`
	Created time.Time `json:"created"`
	Settings
	// Commitment is the SHA-256 of the seed, public from the start.
	Commitment string `json:"commitment"`
	// OwnSeed says the organiser brought the seed.
	OwnSeed bool `json:"ownSeed,omitempty"`
	// WeakSeed says the organiser's seed has fewer than MinSeedBits of
	// entropy and they chose it knowing that its positions can be found
	// before they are revealed.
	WeakSeed bool `json:"weakSeed,omitempty"`
	// Seed is set once the event is finished and the seed revealed.
	Seed     string   `json:"seed,omitempty"`
	Finished bool     `json:"finished"`
	Players  []Player `json:"players"`
	Schedule []Round  `json:"schedule"`
	// Links are the arbiters' links (labels only); admin views only.
	Links []Link `json:"links,omitempty"`
	// FirstColor is the colour of the player numbered 1 in round 1 ("w" or
	// "b"), drawn by lot from the seed when the event is created: White if
	// the first byte of SHA-256("chess960:colour:" + seed) is even.
	FirstColor string `json:"firstColor"`
	// NumberChanges are the renumberings made after a round went public.
	NumberChanges []NumberChange `json:"numberChanges,omitempty"`
	// A knockout's seeds (player IDs, seed 1 first; fixed when round 1 is
	// paired), the arbiter's decisions and the Armageddon choices.
	Seeds     []int              `json:"seeds,omitempty"`
	Decisions []MatchDecision    `json:"decisions,omitempty"`
	Choices   []ArmageddonChoice `json:"choices,omitempty"`
	// From are the earlier stages a knockout's players qualified from.
	From []StageSource `json:"from,omitempty"`
	// Next are the later stages that take this event's top players, as
	// its organiser linked them.
	Next []StageSource `json:"next,omitempty"`
}

// StageSource is an earlier stage: an event whose top players qualified.
type StageSource struct {
	Event string `json:"event"`
	Name  string `json:"name,omitempty"`
	Top   int    `json:"top"`
}

// MatchDecision is event.MatchDecision as JSON: a knockout match the
// arbiter decided (a walkover, a tie broken by lot).
type MatchDecision struct {
	Match  string    `json:"match"`  // "round.match"
	Winner int       `json:"winner"` // player ID
	Note   string    `json:"note,omitempty"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
}

// ArmageddonChoice is event.ArmageddonChoice as JSON.
type ArmageddonChoice struct {
	Match string    `json:"match"`
	Color string    `json:"color"` // "w" or "b": the better seed's
	By    string    `json:"by"`
	At    time.Time `json:"at"`
}

// KnockoutRules is event.KnockoutRules as JSON.
type KnockoutRules struct {
	Games            int             `json:"games,omitempty"`      // of a match (default 2)
	FinalGames       int             `json:"finalGames,omitempty"` // of the final (0: games)
	Ladder           []TieBreakStage `json:"ladder,omitempty"`     // a tie's stages, in order
	Armageddon       bool            `json:"armageddon,omitempty"` // then one game; a draw is Black's win
	ArmageddonWhite  string          `json:"armageddonWhite,omitempty"`
	ArmageddonBlack  string          `json:"armageddonBlack,omitempty"`
	ArmageddonChoice bool            `json:"armageddonChoice,omitempty"` // the better seed chooses the colour
	// Places: 2 (the final only), 4 (and third place), 8, ...; -1 every place.
	Places    int    `json:"places,omitempty"`
	Colors    string `json:"colors,omitempty"`    // "seed" or "lot"
	Positions string `json:"positions,omitempty"` // "match", "pair" or "game"
	Seeding   string `json:"seeding,omitempty"`   // "rating" or "lot"
}

// TieBreakStage is event.TieBreakStage as JSON.
type TieBreakStage struct {
	Games       int    `json:"games"`
	SuddenDeath bool   `json:"suddenDeath,omitempty"`
	TimeControl string `json:"timeControl,omitempty"`
}

// MatchGame is event.MatchGame as JSON: a board's match game.
type MatchGame struct {
	Match      string `json:"match"` // "round.match"
	N          int    `json:"n"`     // the game's number in the match
	Stage      int    `json:"stage"` // 0: the match's games; 1..: the ladder's; the last: the Armageddon
	Unit       int    `json:"unit"`  // the games of one stage and unit share a position
	Armageddon bool   `json:"armageddon,omitempty"`
}

// Settings is event.Settings as JSON.
type Settings struct {
	Name   string       `json:"name"`
	Place  string       `json:"place,omitempty"`
	Start  string       `json:"start,omitempty"` // first day, YYYY-MM-DD
	End    string       `json:"end,omitempty"`   // last day, YYYY-MM-DD
	System event.System `json:"system"`
	// Rounds is the number of rounds. For a round robin it follows from
	// the field and is set when round 1 is paired.
	Rounds      int      `json:"rounds"`
	TimeControl string   `json:"timeControl,omitempty"`
	TieBreaks   []string `json:"tieBreaks"` // C.07 acronyms, in order
	// TieBreakRules is the edition of C.07 the tie-breaks follow:
	// TieBreaks2024 or TieBreaks2026. A new event gets the one in force on
	// its start date, or else on the day it is created; an event stored
	// before this setting has "" and computes as 2024.
	TieBreakRules string `json:"tieBreakRules,omitempty"`
	// UnratedRating is the rating an unrated player counts with in the
	// rating-based tie-breaks (C.07 article 10: ARO, TPR, PTP, APRO,
	// APPO); 0 for none, and then those are dropped if a player is unrated.
	UnratedRating int           `json:"unratedRating,omitempty"`
	Positions     PositionRules `json:"positions"`
	// LateEntries is how a player entered once a round is public is
	// numbered: LateRerank (the default) or LateNext (see numbers.go).
	LateEntries string `json:"lateEntries,omitempty"`
	// Play is where the games are played: "board" (over the board, the
	// default), "app", or "hybrid" (in the app but for the players at a
	// board). With the app, timeControl is a clock control.
	Play event.PlayMode `json:"play,omitempty"`
	// Study is the study window, in minutes: the position is shown when
	// the round starts, the clocks start when it ends.
	Study int `json:"study,omitempty"`
	// DefaultTime is FIDE's default time in minutes: a player who has not
	// opened their game this long after the clocks started loses by
	// forfeit; 0 for none.
	DefaultTime int `json:"defaultTime,omitempty"`
	// Delay is the spectators' delay, "N moves" or "N minutes".
	Delay string `json:"delay,omitempty"`
	// Knockout is a knockout's format (system "knockout").
	Knockout *KnockoutRules `json:"knockout,omitempty"`
	// Matches make a Swiss's or a round robin's rounds matches.
	Matches *MatchRules `json:"matches,omitempty"`
}

// MatchRules is event.MatchRules as JSON.
type MatchRules struct {
	Games           int    `json:"games"`                // of a match: 2, 4, 6 or 8
	Scoring         string `json:"scoring,omitempty"`    // "games" (the default) or "match" (2, 1, 0)
	Armageddon      bool   `json:"armageddon,omitempty"` // a tied match's Armageddon (with "match")
	ArmageddonWhite string `json:"armageddonWhite,omitempty"`
	ArmageddonBlack string `json:"armageddonBlack,omitempty"`
	Positions       string `json:"positions,omitempty"` // "round" (the default), "pair" or "game"
}

// PositionRules is event.PositionRules as JSON.
type PositionRules struct {
	// PerBoard draws a position for every board; otherwise every board of
	// a round plays the round's position.
	PerBoard bool `json:"perBoard"`
	// Exclude lists positions never drawn, as chess960.ParseSet reads it
	// ("518,534,0-9"); "" for none.
	Exclude string `json:"exclude,omitempty"`
	// MaxEval, when Balanced, draws only positions that the shipped balance
	// table scores within MaxEval centipawns of equality.
	Balanced bool `json:"balanced,omitempty"`
	MaxEval  int  `json:"maxEval,omitempty"`
}

// Player is event.Player as JSON.
type Player struct {
	ID         int    `json:"id"`     // entry number, from 1, never reused
	Number     int    `json:"number"` // pairing number
	Name       string `json:"name"`
	Rating     int    `json:"rating,omitempty"`
	FideID     string `json:"fideId,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
	Club       string `json:"club,omitempty"`
	Sex        string `json:"sex,omitempty"`   // "m", "w" or ""
	Birth      string `json:"birth,omitempty"` // YYYY or YYYY/MM/DD
	// K is the FIDE K factor for the rating change; 0: 20, or 10 from 2400.
	K int `json:"k,omitempty"`
	// Joined is the first round the player is paired in (a late entry
	// misses the rounds before it); 1 for an entry before the start.
	Joined int `json:"joined"`
	// Withdrawn is the first round the player is no longer paired in; 0:
	// still in.
	Withdrawn int `json:"withdrawn,omitempty"`
	// Byes are the byes the player asked for, by round.
	Byes []ByeRequest `json:"byes,omitempty"`
	// AtBoard: in a hybrid event, the player plays at a board.
	AtBoard bool `json:"atBoard,omitempty"`
	// LinkGen counts the rotations of the player's link.
	LinkGen int `json:"linkGen,omitempty"`
}

// ByeRequest is event.ByeRequest as JSON.
type ByeRequest struct {
	Round int           `json:"round"`
	Kind  event.ByeKind `json:"kind"` // ByeHalf, ByeZero or ByeFull
}

// Round is event.Round as JSON.
type Round struct {
	Number int               `json:"number"`
	Status event.RoundStatus `json:"status"`
	// Position is the round's start position (Scharnagl), once started;
	// with PositionRules.PerBoard each board has its own instead.
	Position *chess960.StartPos `json:"position,omitempty"`
	Boards   []Board            `json:"boards"`
	Byes     []Bye              `json:"byes,omitempty"`
	// Manual is set when an arbiter changed the engine's pairing; Warnings
	// name the rules the change breaks.
	Manual bool `json:"manual,omitempty"`
	// Imported marks a round played before the event came here (from a
	// TRF): it has no position.
	Imported bool     `json:"imported,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// Numbers are the pairing numbers the round was published with, by
	// player ID, once a later entry or correction has renumbered the
	// field; nil while they are the players' numbers (see Event.NumberIn).
	Numbers map[int]int `json:"numbers,omitempty"`
	Paired  time.Time   `json:"paired"`
	Began   time.Time   `json:"began,omitzero"`
	// Clocks is when the clocks of the round's games in the app start.
	Clocks time.Time `json:"clocks,omitzero"`
	// KORound and KOGame: in a knockout, the bracket's round and the game
	// of its matches the round plays; in a Swiss or round robin of
	// matches, the round of matches and the game (games+1: the
	// Armageddon).
	KORound int `json:"koRound,omitempty"`
	KOGame  int `json:"koGame,omitempty"`
}

// Board is event.Board as JSON.
type Board struct {
	Board    int                `json:"board"`
	White    int                `json:"white"` // player IDs
	Black    int                `json:"black"`
	Position *chess960.StartPos `json:"position,omitempty"` // per-board position, once started
	Result   event.Result       `json:"result,omitempty"`   // one of Results, "" while playing
	// History is every result entered for the board, the current last.
	History []Entry `json:"history,omitempty"`
	PGN     string  `json:"pgn,omitempty"`
	// Game is the board's game in the app (/g/{game}), once started.
	Game string `json:"game,omitempty"`
	// KO is the match game the board plays (a knockout's, or a round of
	// matches': match "round.table").
	KO *MatchGame `json:"ko,omitempty"`
}

// Entry is event.Entry as JSON.
type Entry struct {
	Result event.Result `json:"result"`
	At     time.Time    `json:"at"`
	By     string       `json:"by"`
	Note   string       `json:"note,omitempty"` // how: the game's ending, a reason
}

// Bye is event.Bye as JSON.
type Bye struct {
	Player int           `json:"player"`
	Kind   event.ByeKind `json:"kind"` // ByePairing, ByeHalf, ByeZero, ByeFull, or ByeAbsent
}

// Link is event.Link as JSON.
type Link struct {
	ID    string    `json:"id"`
	Label string    `json:"label"`
	Made  time.Time `json:"made"`
}

// NumberChange is event.NumberChange as JSON.
type NumberChange struct {
	Version int64  `json:"version"` // the change that made it
	Text    string `json:"text"`
}

// Standings is event.Standings as JSON.
type Standings struct {
	Rounds    int      `json:"rounds"`    // after this many rounds
	TieBreaks []string `json:"tieBreaks"` // the columns of Row.TieBreaks
	// TieBreakRules is the edition of C.07 the values follow, "2024" or
	// "2026" (an event stored before the setting: "2024").
	TieBreakRules string `json:"tieBreakRules"`
	// UnratedRating is the rating unrated players counted with in the
	// rating-based tie-breaks; 0 for none.
	UnratedRating int `json:"unratedRating,omitempty"`
	// Dropped lists the tie-breaks left out of the ranking, with why; their
	// column holds "-" for every player.
	Dropped []DroppedTieBreak `json:"dropped,omitempty"`
	Rows    []Row             `json:"rows"`
}

// DroppedTieBreak is event.DroppedTieBreak as JSON.
type DroppedTieBreak struct {
	TieBreak string `json:"tieBreak"` // as in Standings.TieBreaks
	Reason   string `json:"reason"`
}

// Row is event.Row as JSON.
type Row struct {
	Rank   int    `json:"rank"` // equal for players tied on points and every tie-break
	Player int    `json:"player"`
	Number int    `json:"number"`
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Rating int    `json:"rating,omitempty"`
	Points string `json:"points"` // "3.5"
	// TieBreaks are the values in the order of Standings.TieBreaks, as
	// decimals ("12.5"), or "-" for a tie-break dropped (see
	// Standings.Dropped).
	TieBreaks []string `json:"tieBreaks"`
	// Rated games: the games played against rated opponents, the average
	// rating of those opponents, the performance rating, and the rating
	// change (FIDE's B.02), for a rated player; 0 or "" otherwise.
	RatedGames   int    `json:"ratedGames"`
	Opponents    int    `json:"averageOpponent,omitempty"`
	Performance  int    `json:"performance,omitempty"`
	RatingChange string `json:"ratingChange,omitempty"`
	// Results is the player's line of the crosstable: one cell per round.
	Results []Cell `json:"results"`
}

// Cell is event.Cell as JSON.
type Cell struct {
	// Opponent is the opponent's line in the standings, from 1 (its place
	// in Rows, unique even where ranks are shared); 0 for none.
	Opponent int    `json:"opponent,omitempty"`
	Color    string `json:"color,omitempty"` // "w" or "b"
	Result   string `json:"result"`          // "1", "½", "0", "+", "-", "=" (half-point bye), "" (pending)
}

// Verification is event.Verification as JSON.
type Verification struct {
	Commitment   string `json:"commitment"`
	Seed         string `json:"seed"`
	CommitmentOK bool   `json:"commitmentOk"`
	// Command prints the event's draws with chess960 random.
	Command string       `json:"command"`
	Checks  []RoundCheck `json:"checks"`
	OK      bool         `json:"ok"`
}

// RoundCheck is event.RoundCheck as JSON.
type RoundCheck struct {
	Round   int  `json:"round"`
	Board   int  `json:"board,omitempty"`
	Played  int  `json:"played"`
	Derived int  `json:"derived"`
	OK      bool `json:"ok"`
}

// Bracket is a knockout's bracket as JSON (GET /api/events/{id}/bracket).
type Bracket struct {
	Size     int            `json:"size"` // the lines: the field rounded up to a power of two
	Finished bool           `json:"finished"`
	Rounds   []BracketRound `json:"rounds"`
	// Places are the final places, once every match is decided.
	Places []Place `json:"places,omitempty"`
}

// BracketRound is one round of the bracket.
type BracketRound struct {
	Round   int     `json:"round"`
	Name    string  `json:"name"` // "Quarter-finals", "Final and placement matches"
	Matches []Match `json:"matches"`
}

// Match is one knockout match.
type Match struct {
	Match string `json:"match"` // "round.match"
	// From and To are the places its section plays for (the final 1-2,
	// the third-place match 3-4).
	From  int        `json:"from"`
	To    int        `json:"to"`
	A     *MatchSide `json:"a"` // null for a bye
	B     *MatchSide `json:"b"`
	State string     `json:"state"` // playing, decided, choice, lots, bye
	Text  string     `json:"text"`  // how it stands, in words
	Score string     `json:"score"` // stage by stage, A's first: "1-1, tie-break 1½-½"
	// Winner is the winning seed (0 while undecided); byArbiter when by a
	// decision.
	Winner    int           `json:"winner,omitempty"`
	ByArbiter bool          `json:"byArbiter,omitempty"`
	Games     []BracketGame `json:"games"`
}

// BracketGame is one game of a match: played, or the next to play.
type BracketGame struct {
	N          int          `json:"n"`
	Stage      int          `json:"stage"`               // 0: the match's games; 1..: the ladder's; the last: the Armageddon
	StageName  string       `json:"stageName,omitempty"` // "Tie-break 1 (15+10)", "Armageddon (...)"
	Armageddon bool         `json:"armageddon,omitempty"`
	White      int          `json:"white"` // player IDs
	Black      int          `json:"black"`
	Result     event.Result `json:"result,omitempty"`
	// Round and Board are where the schedule has the game, once paired.
	Round int `json:"round,omitempty"`
	Board int `json:"board,omitempty"`
}

// MatchSide is a match's player: the seed, the player's ID and name.
type MatchSide struct {
	Seed   int    `json:"seed"`
	Player int    `json:"player"`
	Name   string `json:"name"`
}

// Place is a player's final place (From to To when shared).
type Place struct {
	From   int    `json:"from"`
	To     int    `json:"to"`
	Seed   int    `json:"seed"`
	Player int    `json:"player"`
	Name   string `json:"name"`
}
