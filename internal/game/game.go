// Package game is a game between two people, as live play keeps it: the
// start position, the moves, the draw offers, resignation, abort and draw
// claims, each an action of one seat checked against the rules (package
// chess) and numbered by a version, so that a client that acted on an old
// state is told so instead of being guessed at.
//
// A Game is a pure value of its actions: Replay rebuilds it from the start
// and the actions in order, so what a store keeps is the start and the
// log of actions, each appended once it is accepted. Game reads no clock
// and does no I/O; the time of each action is given by the caller.
// Service keeps games in the store (internal/store, Kind Games), each
// action acknowledged only once it is committed.
package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/quote"
)

// Kind is what an action does.
type Kind string

// The kinds of action.
const (
	Move    Kind = "move"    // play Text, a move in UCI or SAN; the side to move only
	Offer   Kind = "offer"   // offer a draw; it stands until the opponent answers or moves
	Accept  Kind = "accept"  // accept the opponent's standing offer: a draw by agreement
	Decline Kind = "decline" // decline the opponent's standing offer
	Resign  Kind = "resign"  // the other side wins
	Abort   Kind = "abort"   // end the game with no result, before this side's first move
	Claim   Kind = "claim"   // claim a draw (threefold, fifty moves), with Text an announced move or ""
	// Flag is the clock's: Side's time ran out at At. Only the server's
	// clock applies it (Game.Flag); a seat cannot.
	Flag Kind = "flag"
	// Rematch, once the game is over, offers a new game between the same
	// two: Text is the mode, RematchSame or RematchNew. The same action
	// by the opponent, in the same mode, accepts it (Next is then the new
	// game's ID, which the Service makes); Decline declines it.
	Rematch Kind = "rematch"
	// Resume is the server's: it was down from Since to At, and the side
	// to move's clock restarts at At with the time it had at Since: the
	// downtime is charged to nobody (see clock.State.Pause).
	Resume Kind = "resume"

	// The kinds of an event's game (Info.Event): the server's and the
	// arbiter's, never a seat's.

	// Arrive is a seat's arrival at the board: its first connection (or
	// its first move). FIDE's default time (Laws 6.7) is about arriving.
	Arrive Kind = "arrive"
	// Default ends the game when the default time has passed (Info.Default
	// after Info.StartAt) and a side has not arrived: Text is "w", "b" or
	// "both", the sides that lose by forfeit.
	Default Kind = "default"
	// Pause stops the clocks (the arbiter's); Unpause restarts them, the
	// time between charged to nobody.
	Pause   Kind = "pause"
	Unpause Kind = "unpause"
	// AddTime puts Amount on Side's clock (the arbiter's, FIDE Laws 7.5.5
	// and 6.10).
	AddTime Kind = "addtime"
	// Adjudicate ends the game with the arbiter's result, Text: "1-0",
	// "0-1", "1/2-1/2", or a forfeit, "+/-", "-/+", "-/-"; Note says why.
	Adjudicate Kind = "adjudicate"
)

// The modes of a rematch.
const (
	RematchSame = "same" // the same start, the colours reversed
	RematchNew  = "new"  // a new random draw, the colours reversed
)

var kinds = []Kind{Move, Offer, Accept, Decline, Resign, Abort, Claim, Flag, Rematch, Resume,
	Arrive, Default, Pause, Unpause, AddTime, Adjudicate}

// ServerKinds are the kinds a seat may not send: the clock's, the
// server's and the arbiter's.
var ServerKinds = []Kind{Flag, Resume, Arrive, Default, Pause, Unpause, AddTime, Adjudicate}

// Adjudications are the results an arbiter may give a game (Adjudicate).
var Adjudications = []string{"1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"}

// MaxNote is the most bytes of an adjudication's note.
const MaxNote = 200

// MaxAddTime is the most time one AddTime may give.
const MaxAddTime = 24 * time.Hour

// Action is one seat's act on a game.
type Action struct {
	Kind Kind
	Side chess.Color
	// Text is the move (Move), or the move announced with a claim (Claim,
	// "" for a claim on the current position).
	Text string
	// Base is the version of the game the seat saw when it acted; 0: any.
	// A move must name the current version: a move made on a stale board
	// is refused (ErrConflict), never played on another.
	Base int
	// At is when the action was taken (the server's clock).
	At time.Time
	// Think is the mover's own measure of its think time, for a move of
	// a timed game (see clock.State.Move); clock.NoClaim or 0 for none.
	Think time.Duration
	// Next is the ID of the game a Rematch that accepts an offer made.
	Next string
	// Since is when the server went down, for a Resume.
	Since time.Time
	// Amount is the time an AddTime gives.
	Amount time.Duration
	// Note is an Adjudicate's reason, and By the arbiter who gave it.
	Note string
	By   string
}

// Ending says how a game ended, beyond the rules of chess.
type Ending string

// The endings that are no rule of the board.
const (
	ByRules     Ending = ""            // checkmate, stalemate, the material and repetition rules (see Outcome)
	Resigned    Ending = "resignation" // Result says who won
	Agreed      Ending = "agreement"   // a draw offer accepted
	Claimed     Ending = "claim"       // a draw claimed (Outcome.Termination says which)
	Aborted     Ending = "aborted"     // ended before both sides moved: no result, nobody's loss
	TimeForfeit Ending = "time"        // a flag fell (set by the clock's caller)
	// DefaultLoss: a side had not arrived when the default time passed;
	// Result says who won, NoResult when neither had arrived.
	DefaultLoss Ending = "default"
	// Adjudicated: the arbiter gave the result (Adjudication).
	Adjudicated Ending = "adjudication"
)

// Errors of Apply. Each comes wrapped in an *Error that names the action.
var (
	ErrConflict = errors.New("the game changed since the version you saw")
	ErrTurn     = errors.New("not your turn")
	ErrOver     = errors.New("the game is over")
	ErrIllegal  = errors.New("not possible here")
	ErrInvalid  = errors.New("malformed action")
	// ErrTime: the mover's time ran out before the move (the clock's
	// owner then flags the game).
	ErrTime = errors.New("out of time")
)

// Error is an action refused: which, and why.
type Error struct {
	Action Action
	Err    error // one of the Err values above
	Detail string
}

func (e *Error) Error() string {
	what := string(e.Action.Kind)
	if e.Action.Text != "" {
		what += " " + quote.Input(e.Action.Text)
	}
	msg := e.Action.Side.String() + " " + what + ": " + e.Err.Error()
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Game is a game in play or ended.
type Game struct {
	// timed says the game has a clock; clk is its state.
	timed   bool
	clk     clock.State
	control clock.Control
	// left[i] is the mover's time left after move i of a timed game, for
	// the PGN's [%clk] comments.
	left    []time.Duration
	g       *chess.Game
	version int
	log     []Action
	// offer is the side whose draw offer stands, and hasOffer whether one
	// does.
	offer    chess.Color
	hasOffer bool
	result   chess.Result
	ending   Ending
	over     bool
	endAt    time.Time
	// rematch is the standing rematch offer ("" for none: then rematchBy
	// means nothing), and next the rematch game, once one was accepted.
	rematch   string
	rematchBy chess.Color
	next      string
	// lastAt is the instant of the last action (of the creation before
	// the first).
	lastAt time.Time
	// created is when the game was made.
	created time.Time
	// info is what the game is besides its actions (see Info).
	info Info
	// startAt is when the clocks start: the creation, or an event game's
	// Info.StartAt.
	startAt time.Time
	// paused says the arbiter has stopped the clocks, since pausedAt.
	paused   bool
	pausedAt time.Time
	// arrived says which seats have arrived (Arrive, or a move).
	arrived [2]bool
	// adjudicated is the arbiter's result (Adjudicate), note why, and
	// adjudicator who gave it.
	adjudicated, note, adjudicator string
	// shared marks a Game that others hold (the Service's cache): Apply
	// refuses to change it; Clone it first.
	shared bool
}

// Info is what a game is besides its moves: how its start was chosen and
// who may see it when.
type Info struct {
	// Seed is the seed of the random draw that chose the start, "" when
	// it was named.
	Seed string
	// Delay is the spectators' delay.
	Delay Delay
	// Prev is the game this one is a rematch of ("" for none).
	Prev string
	// Event is the event's board this game is, for an event's game; the
	// zero EventRef for any other. An event's game cannot be aborted or
	// rematched.
	Event EventRef
	// StartAt is when an event game's clocks start (the end of its study
	// window): no move before. Zero: at its creation.
	StartAt time.Time
	// DefaultTime is FIDE's default time (Laws 6.7) of an event's game: a
	// side that has not arrived DefaultTime after StartAt loses by
	// forfeit (Default). 0: none.
	DefaultTime time.Duration
	// Names are the players' names, White's and Black's, for an event's
	// game ("" for none).
	Names [2]string
	// BlackTime is Black's time at the start when it is not White's (an
	// Armageddon's clocks); 0: the control's.
	BlackTime time.Duration
}

// EventRef names an event's board: the event's ID, the round and the
// board, from 1.
type EventRef struct {
	ID           string
	Round, Board int
}

// IsEvent reports whether the game is an event's.
func (i Info) IsEvent() bool { return i.Event.ID != "" }

// Info returns the game's Info.
func (g *Game) Info() Info { return g.info }

// SetInfo sets the game's Info (its maker's, before the game is shared):
// with a StartAt, the clocks start then.
func (g *Game) SetInfo(i Info) {
	g.info = i
	if !i.StartAt.IsZero() {
		g.startAt = i.StartAt
		if g.timed {
			g.clk = clock.Start(g.control, i.StartAt)
		}
	}
	if g.timed && i.BlackTime > 0 {
		g.clk.Left[clock.Black] = i.BlackTime
	}
}

// StartsAt is when the clocks start (or started).
func (g *Game) StartsAt() time.Time { return g.startAt }

// Paused reports whether the arbiter has stopped the clocks, and since
// when.
func (g *Game) Paused() (bool, time.Time) { return g.paused, g.pausedAt }

// Arrived reports whether side's seat has arrived (an event's game).
func (g *Game) Arrived(side chess.Color) bool { return g.arrived[sideIndex(side)] }

// Adjudication is the arbiter's result and its note, for a game ended
// by Adjudicate.
func (g *Game) Adjudication() (result, note string) { return g.adjudicated, g.note }

// Adjudicator is the arbiter who adjudicated the game ("" if none said).
func (g *Game) Adjudicator() string { return g.adjudicator }

func sideIndex(c chess.Color) int {
	if c == chess.Black {
		return 1
	}
	return 0
}

// Due returns the ending the server must commit by the instant at, if
// one is due: the side to move's flag (Flag), or an event game's default
// (Default) once its default time has passed with a side not arrived,
// whichever came first, with At the instant it came. Nothing is due on a
// game over or while the clocks are stopped.
func (g *Game) Due(at time.Time) (Action, bool) {
	next, a := g.nextDue()
	if next.IsZero() || at.Before(next) {
		return Action{}, false
	}
	return a, true
}

// NextDue is the instant the next ending falls due if nothing happens
// first (see Due); zero if none will.
func (g *Game) NextDue() time.Time {
	t, _ := g.nextDue()
	return t
}

func (g *Game) nextDue() (time.Time, Action) {
	if g.over || g.paused {
		return time.Time{}, Action{}
	}
	var when time.Time
	var a Action
	turn := g.g.Position().Turn()
	if g.timed {
		if _, w := g.clk.Flagged(g.startAt); !w.IsZero() {
			when, a = w, Action{Kind: Flag, Side: turn, At: w}
		}
	}
	if d := g.info.DefaultTime; d > 0 && g.info.IsEvent() && !(g.arrived[0] && g.arrived[1]) {
		dl := g.startAt.Add(d)
		if when.IsZero() || dl.Before(when) {
			who := "both"
			switch {
			case g.arrived[0]:
				who = "b"
			case g.arrived[1]:
				who = "w"
			}
			when, a = dl, Action{Kind: Default, Side: turn, Text: who, At: dl}
		}
	}
	return when, a
}

// Clone returns a copy of g that shares nothing with it.
func (g *Game) Clone() *Game {
	c := *g
	c.g = g.g.Clone()
	c.left = append([]time.Duration(nil), g.left...)
	c.log = append([]Action(nil), g.log...)
	c.shared = false
	return &c
}

// share marks g as held by others.
func (g *Game) share() *Game {
	g.shared = true
	return g
}

// New returns an untimed game from start, at version 1 (its creation).
func New(start chess.Position) *Game {
	return &Game{g: chess.NewGame(start), version: 1}
}

// NewTimed returns a game from start with the time control c, made at the
// instant at, when White's clock starts (package clock). An untimed c is
// New.
func NewTimed(start chess.Position, c clock.Control, at time.Time) *Game {
	g := New(start)
	g.control = c
	g.lastAt, g.created, g.startAt = at, at, at
	if c.Kind != clock.Untimed {
		g.timed, g.clk = true, clock.Start(c, at)
	}
	return g
}

// Replay rebuilds an untimed game from its start and its accepted
// actions, in order. It fails if an action does not apply: a log that this
// package did not write.
func Replay(start chess.Position, log []Action) (*Game, error) {
	return ReplayTimed(start, clock.Control{}, time.Time{}, log)
}

// ReplayTimed is Replay for a game made with NewTimed(start, c, at).
func ReplayTimed(start chess.Position, c clock.Control, at time.Time, log []Action) (*Game, error) {
	return replayInfo(start, c, at, Info{}, log)
}

// replayInfo is ReplayTimed for a game with the Info i (an event's game's
// rules apply to its log).
func replayInfo(start chess.Position, c clock.Control, at time.Time, i Info, log []Action) (*Game, error) {
	g := NewTimed(start, c, at)
	g.SetInfo(i)
	for i, a := range log {
		a.Base = g.version
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("game: action %d of the log: %w", i+1, err)
		}
	}
	return g, nil
}

// Version is the game's version: 1 at creation, one more per action.
func (g *Game) Version() int { return g.version }

// Log returns the accepted actions in order.
func (g *Game) Log() []Action { return append([]Action(nil), g.log...) }

// Start is the start position.
func (g *Game) Start() chess.Position { return g.g.Start() }

// Position is the current position.
func (g *Game) Position() chess.Position { return g.g.Position() }

// Moves returns the moves played.
func (g *Game) Moves() []chess.Move { return g.g.Moves() }

// Control is the game's time control (the zero Control: untimed).
func (g *Game) Control() clock.Control { return g.control }

// Clock returns the clocks' state and whether the game is timed.
func (g *Game) Clock() (clock.State, bool) { return g.clk, g.timed }

// Flagged reports whether the side to move's time has run out by at, and
// the instant it did: the game is then lost on time (Flag), though nobody
// has said so yet.
func (g *Game) Flagged(at time.Time) (bool, time.Time) {
	if !g.timed || g.over || g.paused {
		return false, time.Time{}
	}
	return g.clk.Flagged(at)
}

// Offer returns the side whose draw offer stands, if one does.
func (g *Game) Offer() (chess.Color, bool) { return g.offer, g.hasOffer }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Result is the game's result (NoResult while it goes on, and for an
// aborted game).
func (g *Game) Result() chess.Result { return g.result }

// Ending says how the game ended ("" while it goes on, and when the rules
// of the board ended it: see Outcome).
func (g *Game) Ending() Ending { return g.ending }

// Outcome is the rules' view of the game (checkmate, stalemate, draws by
// rule or claim).
func (g *Game) Outcome() chess.Outcome { return g.g.Outcome() }

// EndedAt is when the game ended (zero while it goes on).
func (g *Game) EndedAt() time.Time { return g.endAt }

// plies returns how many moves side has made.
func (g *Game) plies(side chess.Color) int {
	n := g.g.Len()
	firstToMove := g.g.Start().Turn()
	if side == firstToMove {
		return (n + 1) / 2
	}
	return n / 2
}

// Apply applies the action, or refuses it with an *Error and changes
// nothing.
func (g *Game) Apply(a Action) error {
	refuse := func(err error, detail string) error { return &Error{Action: a, Err: err, Detail: detail} }
	if g.shared {
		return refuse(ErrInvalid, "this game is shared (a Service's): Clone it to change it")
	}
	known := false
	for _, k := range kinds {
		known = known || a.Kind == k
	}
	switch {
	case !known:
		return refuse(ErrInvalid, "unknown kind "+quote.Input(string(a.Kind))+": want one of "+kindList())
	case a.Side != chess.White && a.Side != chess.Black:
		return refuse(ErrInvalid, "no such side")
	case a.Base < 0:
		return refuse(ErrInvalid, "base "+strconv.Itoa(a.Base)+": want a version, or 0 for any")
	case len(a.Text) > 16:
		return refuse(ErrInvalid, "a move is at most 16 characters")
	case (a.Kind != Move && a.Kind != Claim && a.Kind != Rematch && a.Kind != Adjudicate && a.Kind != Default) && a.Text != "":
		return refuse(ErrInvalid, "a "+string(a.Kind)+" takes no move")
	case (a.Note != "" || a.By != "") && a.Kind != Adjudicate:
		return refuse(ErrInvalid, "only an adjudication has a note and an arbiter")
	case len(a.By) > 100:
		return refuse(ErrInvalid, "an arbiter's name is at most 100 bytes")
	case len(a.Note) > MaxNote:
		return refuse(ErrInvalid, "a note is at most "+strconv.Itoa(MaxNote)+" bytes")
	case a.Amount != 0 && a.Kind != AddTime:
		return refuse(ErrInvalid, "only an addtime gives an amount of time")
	case a.Kind == AddTime && (a.Amount <= 0 || a.Amount > MaxAddTime):
		return refuse(ErrInvalid, "time to add "+a.Amount.String()+": want more than 0, at most 24h")
	case g.info.IsEvent() && a.Kind == Abort:
		return refuse(ErrIllegal, "an event's game cannot be aborted: resign, offer a draw, or call the arbiter")
	case g.info.IsEvent() && a.Kind == Rematch:
		return refuse(ErrIllegal, "an event's game has no rematch: the next round is paired by the arbiter")
	case a.Kind == Rematch && a.Text != RematchSame && a.Text != RematchNew:
		return refuse(ErrInvalid, "a rematch is "+RematchSame+" (the same start, colours reversed) or "+RematchNew+" (a new draw), not "+quote.Input(a.Text))
	case a.Next != "" && a.Kind != Rematch:
		return refuse(ErrInvalid, "only an accepted rematch names a next game")
	case !a.Since.IsZero() && a.Kind != Resume:
		return refuse(ErrInvalid, "only a resume names when the server went down")
	case g.over && (a.Kind == Rematch || a.Kind == Decline && g.rematch != ""):
		if a.Base != 0 && a.Base != g.version {
			return refuse(ErrConflict, "you saw version "+strconv.Itoa(a.Base)+", it is at "+strconv.Itoa(g.version))
		}
		if err := g.applyRematch(a); err != nil {
			return refuse(ErrIllegal, err.Error())
		}
		a.Base = g.version
		g.log = append(g.log, a)
		g.version++
		g.lastAt = a.At
		return nil
	case a.Kind == Rematch:
		return refuse(ErrIllegal, "a rematch is offered once the game is over")
	case g.over:
		return refuse(ErrOver, g.Describe())
	case a.Base != 0 && a.Base != g.version:
		return refuse(ErrConflict, "you saw version "+strconv.Itoa(a.Base)+", it is at "+strconv.Itoa(g.version))
	case a.Kind == Move && a.Base == 0:
		return refuse(ErrInvalid, "a move names the version it was made on (base)")
	}
	turn := g.g.Position().Turn()
	switch a.Kind {
	case Move, Claim, Offer, Accept:
		if g.info.IsEvent() && a.At.Before(g.startAt) {
			return refuse(ErrIllegal, "the clocks start at "+g.startAt.UTC().Format("15:04:05")+" UTC, when the study window ends: no move or offer before")
		}
		if g.paused && (a.Kind == Move || a.Kind == Claim) {
			return refuse(ErrIllegal, "the arbiter has stopped the clocks: wait until they restart")
		}
	}
	switch a.Kind {
	case Move:
		if a.Side != turn {
			return refuse(ErrTurn, turn.String()+" is to move")
		}
		if a.Text == "" {
			return refuse(ErrInvalid, "no move given")
		}
		if _, err := g.g.Position().ParseMove(a.Text); err != nil {
			return refuse(ErrIllegal, strings.TrimPrefix(err.Error(), "chess: "))
		}
		if g.timed {
			think := a.Think
			if think <= 0 {
				think = clock.NoClaim
			}
			mover := clock.White
			if turn == chess.Black {
				mover = clock.Black
			}
			clk, err := g.clk.Move(a.At, think)
			if err != nil {
				return refuse(ErrTime, err.Error())
			}
			g.clk = clk
			g.left = append(g.left, clk.Left[mover])
		}
		if _, err := g.g.PlayText(a.Text); err != nil {
			return refuse(ErrIllegal, strings.TrimPrefix(err.Error(), "chess: "))
		}
		g.arrived[sideIndex(a.Side)] = true
		// A move answers the opponent's standing offer: declined.
		if g.hasOffer && g.offer != a.Side {
			g.hasOffer = false
		}
		if o := g.g.Outcome(); o.IsOver() {
			g.end(o.Result, ByRules, a.At)
		}
	case Offer:
		if g.hasOffer {
			if g.offer == a.Side {
				return refuse(ErrIllegal, "your offer already stands")
			}
			return refuse(ErrIllegal, "your opponent's offer stands: accept or decline it")
		}
		g.offer, g.hasOffer = a.Side, true
	case Accept, Decline:
		if !g.hasOffer || g.offer == a.Side {
			return refuse(ErrIllegal, "no draw offer of your opponent's stands")
		}
		g.hasOffer = false
		if a.Kind == Accept {
			g.end(chess.Draw, Agreed, a.At)
		}
	case Resign:
		g.end(winner(a.Side.Other()), Resigned, a.At)
	case Abort:
		if n := g.plies(a.Side); n > 0 {
			return refuse(ErrIllegal, "you have moved: abort is only before your first move; resign or offer a draw")
		}
		g.end(chess.NoResult, Aborted, a.At)
	case Flag:
		r := winner(a.Side.Other())
		if !CanMate(g.g.Position(), a.Side.Other()) {
			r = chess.Draw
		}
		g.end(r, TimeForfeit, a.At)
	case Arrive:
		if g.arrived[sideIndex(a.Side)] {
			return refuse(ErrIllegal, a.Side.String()+" has arrived already")
		}
		g.arrived[sideIndex(a.Side)] = true
	case Default:
		var r chess.Result
		switch {
		case !g.info.IsEvent() || g.info.DefaultTime <= 0:
			return refuse(ErrIllegal, "the game has no default time")
		case a.Text == "w" && !g.arrived[0] && g.arrived[1]:
			r = chess.BlackWins
		case a.Text == "b" && g.arrived[0] && !g.arrived[1]:
			r = chess.WhiteWins
		case a.Text == "both" && !g.arrived[0] && !g.arrived[1]:
			r = chess.NoResult
		default:
			return refuse(ErrIllegal, "a default names the sides that have not arrived (w, b or both), not "+quote.Input(a.Text))
		}
		if a.At.Before(g.startAt.Add(g.info.DefaultTime)) {
			return refuse(ErrIllegal, "the default time has not passed")
		}
		g.end(r, DefaultLoss, a.At)
	case Pause:
		switch {
		case !g.timed:
			return refuse(ErrIllegal, "an untimed game has no clock to stop")
		case g.paused:
			return refuse(ErrIllegal, "the clocks are stopped already")
		}
		g.paused, g.pausedAt = true, a.At
	case Unpause:
		if !g.paused {
			return refuse(ErrIllegal, "the clocks are not stopped")
		}
		g.clk = g.clk.Pause(g.pausedAt, a.At)
		g.paused = false
	case AddTime:
		if !g.timed {
			return refuse(ErrIllegal, "an untimed game has no clock to add time to")
		}
		if g.control.Kind == clock.Correspondence {
			return refuse(ErrIllegal, "a correspondence game has a fixed time per move: nothing to add to")
		}
		side := clock.White
		if a.Side == chess.Black {
			side = clock.Black
		}
		g.clk = g.clk.Give(side, a.Amount)
	case Adjudicate:
		var r chess.Result
		switch a.Text {
		case "1-0", "+/-":
			r = chess.WhiteWins
		case "0-1", "-/+":
			r = chess.BlackWins
		case "1/2-1/2":
			r = chess.Draw
		case "-/-":
			r = chess.NoResult
		default:
			return refuse(ErrInvalid, "an adjudication is one of "+strings.Join(Adjudications, ", ")+", not "+quote.Input(a.Text))
		}
		g.adjudicated, g.note, g.adjudicator = a.Text, a.Note, a.By
		g.end(r, Adjudicated, a.At)
	case Resume:
		switch {
		case !g.timed:
			return refuse(ErrIllegal, "an untimed game has no clock to restart")
		case a.Side != turn:
			return refuse(ErrTurn, "the clock that restarts is the side to move's: "+turn.String())
		case a.Since.IsZero() || !a.Since.Before(a.At):
			return refuse(ErrInvalid, "a resume names a downtime that ends after it begins")
		case a.Since.Before(g.lastAt):
			return refuse(ErrIllegal, "the server was up at "+g.lastAt.UTC().Format(time.RFC3339Nano)+", after the downtime began")
		}
		if fell, when := g.clk.Flagged(a.Since); fell && !g.paused {
			return refuse(ErrTime, "the flag fell at "+when.UTC().Format(time.RFC3339Nano)+", before the downtime")
		}
		if g.paused {
			break // the arbiter's pause covers the downtime: Unpause charges it to nobody
		}
		g.clk = g.clk.Pause(a.Since, a.At)
	case Claim:
		if a.Side != turn {
			return refuse(ErrTurn, "only the player to move may claim a draw")
		}
		c, err := g.claim(a.Text)
		if err != nil {
			return refuse(ErrIllegal, err.Error())
		}
		if err := g.g.Claim(c); err != nil {
			return refuse(ErrIllegal, strings.TrimPrefix(err.Error(), "chess: "))
		}
		g.hasOffer = false
		g.end(chess.Draw, Claimed, a.At)
	}
	a.Base = g.version
	g.log = append(g.log, a)
	g.version++
	g.lastAt = a.At
	return nil
}

// applyRematch applies a Rematch or a Decline of one to a game over.
func (g *Game) applyRematch(a Action) error {
	switch {
	case g.next != "":
		return errors.New("the rematch is already agreed: game " + g.next)
	case a.Kind == Decline && g.rematchBy == a.Side:
		return errors.New("the rematch offer is your own")
	case a.Kind == Decline:
		g.rematch = ""
	case g.rematch == "":
		if a.Next != "" {
			return errors.New("no rematch offer stands to accept")
		}
		g.rematch, g.rematchBy = a.Text, a.Side
	case g.rematchBy == a.Side:
		return errors.New("your rematch offer stands")
	case g.rematch == a.Text:
		// The opponent's offer, in the same mode: accepted.
		if a.Next == "" {
			return errors.New("an accepted rematch names its game")
		}
		g.next, g.rematch = a.Next, ""
	default:
		// The opponent offered the other mode: this is a counter-offer.
		if a.Next != "" {
			return errors.New("the standing rematch offer is " + g.rematch + ", not " + a.Text)
		}
		g.rematch, g.rematchBy = a.Text, a.Side
	}
	return nil
}

// RematchOffer returns the standing rematch offer: its mode and who made
// it; mode is "" when none stands.
func (g *Game) RematchOffer() (mode string, by chess.Color) { return g.rematch, g.rematchBy }

// Next is the ID of the rematch game, once one was agreed ("" until then).
func (g *Game) Next() string { return g.next }

// RematchAccepts reports whether side's Rematch in mode would accept the
// standing offer (so that the caller makes the new game first).
func (g *Game) RematchAccepts(side chess.Color, mode string) bool {
	return g.over && g.next == "" && g.rematch == mode && g.rematchBy != side
}

// claim finds the claim the player to move may make: with the announced
// move text, or on the current position. Threefold comes first when both
// apply.
func (g *Game) claim(text string) (chess.Claim, error) {
	var m chess.Move
	if text != "" {
		var err error
		if m, err = g.g.Position().ParseMove(text); err != nil {
			return chess.Claim{}, errors.New(strings.TrimPrefix(err.Error(), "chess: "))
		}
	}
	for _, c := range g.g.Claims() {
		if c.Move == m {
			return c, nil
		}
	}
	if text != "" {
		return chess.Claim{}, errors.New("that move gives no draw to claim (threefold repetition or the fifty-move rule)")
	}
	return chess.Claim{}, errors.New("no draw to claim here: no threefold repetition and no fifty moves without a capture or pawn move")
}

// Flag ends the game on time: side's flag fell at the instant at. The
// opponent wins, unless they cannot mate by any series of legal moves
// (FIDE Laws 6.9, see CanMate): then it is a draw. It is for the clock's
// owner; a game already over is refused.
func (g *Game) Flag(side chess.Color, at time.Time) error {
	return g.Apply(Action{Kind: Flag, Side: side, At: at})
}

func (g *Game) end(r chess.Result, e Ending, at time.Time) {
	g.result, g.ending, g.over, g.endAt, g.hasOffer = r, e, true, at, false
}

func winner(c chess.Color) chess.Result {
	if c == chess.White {
		return chess.WhiteWins
	}
	return chess.BlackWins
}

// Describe says how the game stands or ended, as people read it: "goes
// on", "1-0 (Black resigned)", "1/2-1/2 (agreement)", "aborted".
func (g *Game) Describe() string {
	if !g.over {
		return "goes on"
	}
	switch g.ending {
	case Resigned:
		loser := chess.White
		if g.result == chess.WhiteWins {
			loser = chess.Black
		}
		return g.result.String() + " (" + loser.String() + " resigned)"
	case Agreed:
		return g.result.String() + " (draw by agreement)"
	case Claimed:
		return g.g.Outcome().String() + ", claimed"
	case Aborted:
		return "aborted"
	case TimeForfeit:
		if g.result == chess.Draw {
			return g.result.String() + " (time; the opponent could not mate)"
		}
		return g.result.String() + " (time)"
	case DefaultLoss:
		switch g.result {
		case chess.WhiteWins:
			return "+/- (Black did not arrive)"
		case chess.BlackWins:
			return "-/+ (White did not arrive)"
		}
		return "-/- (neither player arrived)"
	case Adjudicated:
		d := g.adjudicated + " (adjudicated by the arbiter"
		if g.note != "" {
			d += ": " + g.note
		}
		return d + ")"
	}
	return g.g.Outcome().String()
}

func kindList() string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}
