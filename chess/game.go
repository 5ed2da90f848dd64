package chess

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/chess960/chess960/internal/quote"
)

// Termination says how a game ended, or which draw may be claimed.
type Termination uint8

// The ways a game can end by the rules. The first five end it at once;
// FiftyMoves and ThreefoldRepetition give the player to move the right to
// claim a draw (Game.Claim), and end the game only when claimed.
const (
	Ongoing              Termination = iota
	Checkmate                        // the side to move is mated: the other side wins
	Stalemate                        // the side to move has no legal move and is not in check
	InsufficientMaterial             // no sequence of legal moves can lead to mate
	SeventyFiveMoves                 // 75 moves by each side without a capture or pawn move (FIDE 9.6.2)
	FivefoldRepetition               // the same position for the fifth time (FIDE 9.6.1)
	FiftyMoves                       // claimable: 50 moves each without a capture or pawn move (FIDE 9.3)
	ThreefoldRepetition              // claimable: the same position for the third time (FIDE 9.2)
)

var terminationNames = [...]string{"ongoing", "checkmate", "stalemate", "insufficient material",
	"seventy-five-move rule", "fivefold repetition", "fifty-move rule", "threefold repetition"}

// String names the termination, e.g. "checkmate" or "fifty-move rule".
func (t Termination) String() string {
	if int(t) >= len(terminationNames) {
		return "termination(" + strconv.Itoa(int(t)) + ")"
	}
	return terminationNames[t]
}

// Result is the result of a game as PGN writes it.
type Result uint8

// The four results.
const (
	NoResult  Result = iota // "*": the game goes on, or its result is unknown
	WhiteWins               // "1-0"
	BlackWins               // "0-1"
	Draw                    // "1/2-1/2"
)

var resultNames = [...]string{"*", "1-0", "0-1", "1/2-1/2"}

// String returns the result as PGN writes it: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	if int(r) >= len(resultNames) {
		return "*"
	}
	return resultNames[r]
}

// ErrResult is the reason ParseResult gives for text that is not a result.
var ErrResult = errors.New("not a game result")

// ParseResult reads a result as PGN writes it: "1-0", "0-1", "1/2-1/2" or
// "*".
func ParseResult(s string) (Result, error) {
	for r, name := range resultNames {
		if s == name {
			return Result(r), nil
		}
	}
	return NoResult, fmt.Errorf("chess: result %s: %w: want 1-0, 0-1, 1/2-1/2 or *", quote.Input(s), ErrResult)
}

// Winner returns the side that won, and false for a draw or no result.
func (r Result) Winner() (Color, bool) {
	switch r {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// Outcome is how a game ended: the result and the rule that ended it. A
// game that goes on has Result NoResult and Termination Ongoing.
type Outcome struct {
	Result      Result
	Termination Termination
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Termination != Ongoing }

// String describes the outcome: "1-0 (checkmate)", "1/2-1/2 (threefold
// repetition)", or "*" for a game that goes on.
func (o Outcome) String() string {
	if !o.IsOver() {
		return o.Result.String()
	}
	return o.Result.String() + " (" + o.Termination.String() + ")"
}

// Claim is a draw the player to move may claim: by the fifty-move rule or
// threefold repetition, either because the current position already
// qualifies (Move is 0) or by announcing a move that will make it qualify
// (FIDE Laws 9.2.1.1 and 9.3.1: the player writes the move, declares the
// claim, and the move is then played). A move that ends the game by itself,
// by checkmate, stalemate or another rule of FIDE 9.6, is no such move: the
// game ends by that rule first (FIDE 5.1.1).
type Claim struct {
	Termination Termination // FiftyMoves or ThreefoldRepetition
	Move        Move        // the announced move, or 0
}

// String describes the claim: "threefold repetition", or
// "fifty-move rule with g1f3".
func (c Claim) String() string {
	if c.Move == 0 {
		return c.Termination.String()
	}
	return c.Termination.String() + " with " + c.Move.String()
}

// Status is the state of a game after its last move.
type Status struct {
	Outcome Outcome
	// Check reports whether the side to move is in check.
	Check bool
	// Claims lists, while the game goes on, the draws the player to move
	// may claim: first those the current position gives, then those that
	// announced moves give, in the order of the legal moves.
	Claims []Claim
}

// ErrGameOver is the reason Game.Play and Game.Claim give when the game
// has already ended.
var ErrGameOver = errors.New("the game is over")

// ErrNoClaim is the reason Game.Claim gives for a draw that cannot be
// claimed.
var ErrNoClaim = errors.New("no such draw to claim")

// Game is a game from a start position: the moves played and every position
// reached, for the repetition rules, and the draw claimed if any. Once the
// game has ended, by the rules or by a claim, Play refuses further moves;
// Record takes them, as a game's record may go on, and the game keeps its
// first ending.
type Game struct {
	// history[i] is the position before moves[i]; the current position is
	// history[len(moves)].
	history []Position
	moves   []Move
	// end is how the game ended when that is not left to the current
	// position: a draw claimed, or a rule's ending that Record went past.
	// It happened at history[endAt].
	end   Outcome
	endAt int
}

// NewGame starts a game from p.
func NewGame(p Position) *Game {
	return &Game{history: []Position{p}}
}

// Clone returns a copy of g that shares nothing with it.
func (g *Game) Clone() *Game {
	return &Game{history: append([]Position(nil), g.history...), moves: append([]Move(nil), g.moves...), end: g.end, endAt: g.endAt}
}

// Reset starts g again from p, as NewGame(p) would, keeping the room g has
// for positions and moves: a program that replays many games can use one
// Game for all of them.
func (g *Game) Reset(p Position) {
	*g = Game{history: append(g.history[:0], p), moves: g.moves[:0]}
}

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.history[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.history[len(g.history)-1] }

// Moves returns a copy of the moves played so far (NullMove for a pass that
// Record took).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Len returns the number of moves played (plies).
func (g *Game) Len() int { return len(g.moves) }

// Play plays m. An illegal move (NullMove too) is refused with a
// *MoveError (ErrIllegal), and any move after the game has ended with one
// whose reason is ErrGameOver; either leaves the game as it was. Record
// takes a NullMove and moves after the end, as a game's record may hold
// them.
func (g *Game) Play(m Move) error {
	p := &g.history[len(g.history)-1]
	if o := g.Outcome(); o.IsOver() {
		return &MoveError{Input: m.String(), Err: ErrGameOver, Detail: o.String()}
	}
	if !p.isLegal(m) {
		return illegalMove(p, m)
	}
	g.push(m)
	return nil
}

func illegalMove(p *Position, m Move) error {
	return &MoveError{Input: m.String(), Err: ErrIllegal, Detail: "not a legal move in " + p.FEN(Standard)}
}

// push plays m, legal or a pass by a side not in check.
func (g *Game) push(m Move) {
	g.moves = append(g.moves, m)
	g.history = append(g.history, g.history[len(g.history)-1])
	if q := &g.history[len(g.history)-1]; m == NullMove {
		q.PlayNull()
	} else {
		q.Play(m)
	}
}

// Record adds m to the game as a game's record holds it, also where Play
// refuses it: after the game has ended, by a rule or a claim (a PGN file may
// go on past the 75-move rule, say), and NullMove, a pass by a side not in
// check ("--" in PGN), which counts as a move that is neither a capture nor
// a pawn move. A game recorded past its end keeps that end: Outcome and
// Status report the first ending. Record refuses only a move that is not
// legal (ErrIllegal, as Play does) and a pass by a side in check
// (ErrNullInCheck), with a *MoveError, leaving the game as it was.
func (g *Game) Record(m Move) error {
	at := len(g.history) - 1
	p := &g.history[at]
	if m == NullMove {
		if p.checkers != 0 {
			return errNullInCheck()
		}
	} else if !p.isLegal(m) {
		return illegalMove(p, m)
	}
	if !g.end.IsOver() {
		// A legal move shows that p was neither mate nor stalemate.
		if o := g.rules(p, at, m != NullMove); o.IsOver() {
			g.end, g.endAt = o, at
		}
	}
	g.push(m)
	return nil
}

// PlayText reads a move in SAN or UCI (see Position.ParseMove), plays it
// and returns it. Errors are as for Play.
func (g *Game) PlayText(s string) (Move, error) {
	if o := g.Outcome(); o.IsOver() {
		return 0, &MoveError{Input: s, Err: ErrGameOver, Detail: o.String()}
	}
	p := &g.history[len(g.history)-1]
	m, err := p.ParseMove(s)
	if err != nil {
		return 0, err
	}
	g.push(m)
	return m, nil
}

// Undo takes back the last move, and with it an ending that came after the
// position it goes back to: a draw claimed after the move, or the first
// ending of a game that Record took past it. It reports false when there
// is no move to take back.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.history = g.history[:len(g.history)-1]
	if len(g.moves) < g.endAt {
		g.end = Outcome{}
	}
	return true
}

// Repetitions returns how many times the current position has occurred in
// the game, counting this one. Positions are the same when the same pieces
// stand on the same squares, the same side is to move, and the castling
// rights and the possible en-passant captures are the same.
func (g *Game) Repetitions() int {
	return g.repetitions(&g.history[len(g.history)-1], len(g.history)-1)
}

// repetitions counts the occurrences of cur among history[:end+1] at plies
// of cur's parity, where history[end] stands for cur itself (counted once).
func (g *Game) repetitions(cur *Position, end int) int {
	n := 1
	// Only positions since the last capture or pawn move can repeat; they
	// are the last Halfmove() plies, and only those with the same side to
	// move.
	for i := end - 2; i >= 0 && i >= end-int(cur.halfmove); i -= 2 {
		if g.history[i].samePosition(cur) {
			n++
		}
	}
	return n
}

// samePosition compares what the repetition rules compare.
func (p *Position) samePosition(q *Position) bool {
	return p.hash == q.hash && p.board == q.board && p.turn == q.turn && p.castling == q.castling && p.ep == q.ep
}

// Outcome returns how the game ended, or Outcome{} while it goes on. For a
// game that Record took past its end, it is the first ending.
func (g *Game) Outcome() Outcome {
	if g.end.IsOver() {
		return g.end
	}
	end := len(g.history) - 1
	return g.rules(&g.history[end], end, false)
}

// rules returns the ending the rules give position p standing at
// history[end] (or about to stand there, after one more move): checkmate,
// stalemate, insufficient material, fivefold repetition or the 75-move
// rule, or Outcome{} when the game goes on. hasMove tells that p is known
// to have a legal move.
func (g *Game) rules(p *Position, end int, hasMove bool) Outcome {
	if !hasMove && !p.HasLegalMoves() {
		if p.InCheck() {
			if p.Turn() == White {
				return Outcome{BlackWins, Checkmate}
			}
			return Outcome{WhiteWins, Checkmate}
		}
		return Outcome{Draw, Stalemate}
	}
	switch {
	case p.insufficientMaterial():
		return Outcome{Draw, InsufficientMaterial}
	case p.halfmove >= 16 && g.repetitions(p, end) >= 5:
		return Outcome{Draw, FivefoldRepetition}
	case p.halfmove >= 150:
		return Outcome{Draw, SeventyFiveMoves}
	}
	return Outcome{}
}

// Claims returns the draws the player to move may claim (see Status), or
// nil when there is none or the game is over.
func (g *Game) Claims() []Claim {
	if g.Outcome().IsOver() {
		return nil
	}
	return g.claims()
}

func (g *Game) claims() []Claim {
	p := &g.history[len(g.history)-1]
	var out []Claim
	threefold := p.Halfmove() >= 8 && g.Repetitions() >= 3
	fifty := p.Halfmove() >= 100
	if threefold {
		out = append(out, Claim{ThreefoldRepetition, 0})
	}
	if fifty {
		out = append(out, Claim{FiftyMoves, 0})
	}
	// Announced claims: a move that is neither a capture nor a pawn move
	// adds a ply to the clock and may repeat a position. (A threefold
	// repetition needs at least 8 plies without one.) A move that ends the
	// game by a rule (checkmate, stalemate, fivefold repetition, the
	// 75-move rule) ends it by that rule: it is no claim (FIDE 5.1.1, 9.6).
	wantFifty := !fifty && p.Halfmove() >= 99
	wantThree := !threefold && p.Halfmove() >= 7
	if !wantFifty && !wantThree {
		return out
	}
	var ml MoveList
	p.LegalMoves(&ml)
	end := len(g.history)
	for _, m := range ml.Moves() {
		q := *p
		q.Play(m)
		if q.Halfmove() == 0 {
			continue
		}
		three := wantThree && g.repetitions(&q, end) >= 3
		fifty := wantFifty && q.Halfmove() >= 100
		if !three && !fifty || g.rules(&q, end, false).IsOver() {
			continue
		}
		if three {
			out = append(out, Claim{ThreefoldRepetition, m})
		}
		if fifty {
			out = append(out, Claim{FiftyMoves, m})
		}
	}
	return out
}

// Claim claims a draw that Claims lists: the game ends drawn at once, after
// the announced move if the claim names one. A claim that is not
// available is refused with ErrNoClaim (in a *ClaimError), and any claim
// after the game has ended with ErrGameOver.
func (g *Game) Claim(c Claim) error {
	if o := g.Outcome(); o.IsOver() {
		return &ClaimError{Claim: c, Err: ErrGameOver, Detail: o.String()}
	}
	for _, a := range g.claims() {
		if a == c {
			if c.Move != 0 {
				g.push(c.Move)
			}
			g.end, g.endAt = Outcome{Draw, c.Termination}, len(g.moves)
			return nil
		}
	}
	p := g.Position()
	detail := "the position does not qualify"
	switch {
	case c.Termination != FiftyMoves && c.Termination != ThreefoldRepetition:
		detail = "only the fifty-move rule and threefold repetition are claimed"
	case c.Move == 0:
	case !p.IsLegal(c.Move):
		detail = c.Move.String() + " is not a legal move"
	default:
		q := p
		q.Play(c.Move)
		if o := g.rules(&q, len(g.history), false); o.IsOver() {
			detail = c.Move.String() + " ends the game by itself: " + o.String()
		}
	}
	return &ClaimError{Claim: c, Err: ErrNoClaim, Detail: detail}
}

// ClaimError is the error Claim returns: the claim, the reason
// (ErrNoClaim or ErrGameOver) and a detail.
type ClaimError struct {
	Claim  Claim
	Err    error
	Detail string
}

// Error formats the error as `chess: claim "threefold repetition": no such
// draw to claim: the position does not qualify`.
func (e *ClaimError) Error() string {
	return "chess: claim " + strconv.Quote(e.Claim.String()) + ": " + e.Err.Error() + ": " + e.Detail
}

// Unwrap returns the reason.
func (e *ClaimError) Unwrap() error { return e.Err }

// Status returns the state of the game: its outcome, whether the side to
// move is in check, and the draws it may claim.
func (g *Game) Status() Status {
	p := &g.history[len(g.history)-1]
	s := Status{Outcome: g.Outcome(), Check: p.InCheck()}
	if !s.Outcome.IsOver() {
		s.Claims = g.claims()
	}
	return s
}

// InsufficientMaterial reports whether neither side can ever mate, whatever
// is played: only kings remain, or kings and one knight, or kings and any
// number of bishops that all stand on squares of one colour.
func (p Position) InsufficientMaterial() bool { return p.insufficientMaterial() }

func (p *Position) insufficientMaterial() bool {
	if p.byRole[Pawn]|p.byRole[Rook]|p.byRole[Queen] != 0 {
		return false
	}
	minors := p.byRole[Knight] | p.byRole[Bishop]
	if minors.Count() <= 1 {
		return true
	}
	if p.byRole[Knight] != 0 {
		return false
	}
	const dark Bitboard = 0xaa55aa55aa55aa55
	b := p.byRole[Bishop]
	return b&dark == 0 || b&^dark == 0
}
