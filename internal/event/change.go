package event

// Change is one change to an event: the model's command, which the
// command line makes and the API's body (eventjson.Change, of POST
// /api/events/{id}/changes) converts to. Kind says which
// fields count.
type Change struct {
	Kind ChangeKind
	// Base is the version the change was made against (the version the
	// page or client saw); 0 means the current one. A change whose subject
	// (a board, a round, a player) changed after Base is refused with a
	// *ConflictError; other changes since Base do not matter.
	Base int64

	Round    int
	Board    int
	Player   int
	Result   string
	PGN      string
	Bye      ByeKind
	Settings *Settings
	Players  []PlayerInfo
	Pairs    []ManualPair
	Label    string
	Link     string
	Note     string
	Import   *ImportedRound
	// Game is the game whose result a KindGameResult carries.
	Game string
	// Confirm, on a result for a board whose game is in play in the app,
	// says the arbiter confirmed that the result ends the game (package
	// eventplay ends it first); without it the result is refused.
	Confirm bool
	// Match and Color: a knockout's match ("round.match") for KindDecide
	// (Player wins it; Note says why) and KindChoose (Color, "w" or "b",
	// is the better seed's Armageddon colour).
	Match string
	Color string
	// Event is the later stage a KindNextStage links: an event whose
	// players qualify from this one (the Service fills in Label, its
	// name, and Round, the top it takes, from the later stage).
	Event string
}

// The kinds of change.
const (
	KindCreate      ChangeKind = "create"       // the event is created (the first change)
	KindSettings    ChangeKind = "settings"     // Settings: new settings (positions and system fixed once round 1 is paired)
	KindAddPlayers  ChangeKind = "add-players"  // Players: new entrants
	KindEditPlayer  ChangeKind = "edit-player"  // Player, Players[0]: new details
	KindWithdraw    ChangeKind = "withdraw"     // Player, Round: not paired from Round on
	KindReinstate   ChangeKind = "reinstate"    // Player: back in from the next round paired
	KindBye         ChangeKind = "bye"          // Player, Round, Bye (ByeHalf, ByeZero, ByeFull, or "" to cancel)
	KindPair        ChangeKind = "pair"         // Round: pair it with the engine (again, while a draft)
	KindSetPairing  ChangeKind = "set-pairing"  // Round, Pairs: a manual pairing
	KindUnpair      ChangeKind = "unpair"       // Round: discard a draft
	KindPublish     ChangeKind = "publish"      // Round: publish the draft
	KindStart       ChangeKind = "start"        // Round: start it; its position is revealed
	KindResult      ChangeKind = "result"       // Round, Board, Result ("" clears it)
	KindPGN         ChangeKind = "pgn"          // Round, Board, PGN ("" removes it)
	KindFinish      ChangeKind = "finish"       // after the last round: the seed is revealed
	KindRotateAdmin ChangeKind = "rotate-admin" // a new admin link; the old one stops working
	KindAddLink     ChangeKind = "add-link"     // Label: a new arbiter link
	KindRevokeLink  ChangeKind = "revoke-link"  // Link: the link's ID
	KindImport      ChangeKind = "import-round" // Import: a round played elsewhere (from a TRF)
	// KindGameResult is the result of a board's game in the app: Round,
	// Board, Game, Result, PGN, Note (how it ended), Label (who ended it,
	// for an adjudication). The server's (package eventplay), not a
	// client's; it changes nothing on a board with a result already.
	KindGameResult ChangeKind = "game-result"
	// KindRotatePlayer gives Player a new link; the old one stops working.
	KindRotatePlayer ChangeKind = "rotate-player"
	// KindDecide decides a knockout match for Player (Match, Note): a
	// walkover, or a tie the ladder did not break, by lot.
	KindDecide ChangeKind = "decide"
	// KindChoose records the better seed's colour for a match's
	// Armageddon (Match, Color).
	KindChoose ChangeKind = "choose"
	// KindNextStage links the later stage (Event) that takes this
	// event's top players, for its public page; the later stage must
	// name this event among its sources.
	KindNextStage ChangeKind = "next-stage"
)

// PlayerInfo is what an organiser gives about a player.
type PlayerInfo struct {
	Name       string
	Rating     int
	FideID     string
	Federation string
	Title      string
	Club       string
	Sex        string
	Birth      string
	K          int
	// AtBoard: in a hybrid event, the player plays at a board.
	AtBoard bool
}

// ManualPair is one board of a manual pairing, by player IDs; Black 0 is
// the pairing-allocated bye.
type ManualPair struct {
	White int
	Black int
}

// ImportedRound is a round played before the event came here.
type ImportedRound struct {
	Boards []Board
	Byes   []Bye
}
