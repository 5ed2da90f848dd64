package chess

// Termination says how a game ended, or which draw may be claimed.
type Termination int

// The ways a game can end. The automatic ones end it at once; FiftyMoves and
// ThreefoldRepetition only give a player the right to claim a draw.
const (
	Ongoing              Termination = iota
	Checkmate                        // the side to move is mated: the other side wins
	Stalemate                        // the side to move has no legal move and is not in check
	InsufficientMaterial             // no sequence of legal moves can lead to mate
	SeventyFiveMoves                 // 75 moves by each side without a capture or pawn move
	FivefoldRepetition               // the same position for the fifth time
	FiftyMoves                       // claimable: 50 moves each without a capture or pawn move
	ThreefoldRepetition              // claimable: the same position for the third time
)

var terminationNames = [...]string{"ongoing", "checkmate", "stalemate", "insufficient material",
	"seventy-five-move rule", "fivefold repetition", "fifty-move rule (claimable)", "threefold repetition (claimable)"}

// String names the termination, e.g. "checkmate" or "fifty-move rule (claimable)".
func (t Termination) String() string {
	if t < 0 || int(t) >= len(terminationNames) {
		return "unknown"
	}
	return terminationNames[t]
}

// Status is the state of a game after its last move.
type Status struct {
	// Result is "1-0", "0-1", "1/2-1/2", or "*" while the game goes on
	// (a claimable draw leaves it "*" until claimed).
	Result string
	// Termination is the automatic ending, or Ongoing. When the game is
	// ongoing, Claimable lists the draws the player to move may claim.
	Termination Termination
	Claimable   []Termination
	// Check reports whether the side to move is in check.
	Check bool
}

// IsOver reports whether the game has ended without any claim.
func (s Status) IsOver() bool { return s.Termination != Ongoing }

// Game is a game from a start position: the moves played and every position
// reached, for the repetition rules.
type Game struct {
	start Position
	moves []Move
	// history[i] is the position before moves[i]; the current position is
	// history[len(moves)].
	history []Position
}

// NewGame starts a game from p.
func NewGame(p Position) *Game {
	return &Game{start: p, history: []Position{p}}
}

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.history[len(g.history)-1] }

// Moves returns the moves played so far (the caller must not modify it).
func (g *Game) Moves() []Move { return g.moves }

// Play plays a legal move. An illegal move is refused with a *MoveError and
// leaves the game as it was.
func (g *Game) Play(m Move) error {
	p := g.Position()
	if !p.IsLegal(m) {
		return &MoveError{Input: m.UCI(Chess960), Err: ErrIllegal, Detail: "not a legal move in " + p.FEN(Standard)}
	}
	p.Play(m)
	g.moves = append(g.moves, m)
	g.history = append(g.history, p)
	return nil
}

// PlayMove reads a move in SAN or UCI, plays it and returns it.
func (g *Game) PlayMove(s string) (Move, error) {
	p := g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		return 0, err
	}
	p.Play(m)
	g.moves = append(g.moves, m)
	g.history = append(g.history, p)
	return m, nil
}

// Undo takes back the last move; it reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.history = g.history[:len(g.history)-1]
	return true
}

// Repetitions returns how many times the current position has occurred in
// the game, counting this one. Positions are the same when the same pieces
// stand on the same squares, the same side is to move, and the castling
// rights and the possible en-passant captures are the same.
func (g *Game) Repetitions() int {
	cur := g.Position()
	n := 1
	// Only positions since the last capture or pawn move can repeat; they
	// are the last Halfmove() plies, and only those with the same side to move.
	for i := len(g.history) - 3; i >= 0 && i >= len(g.history)-1-cur.Halfmove(); i -= 2 {
		if g.history[i].samePosition(&cur) {
			n++
		}
	}
	return n
}

// samePosition compares what the repetition rules compare.
func (p *Position) samePosition(q *Position) bool {
	return p.hash == q.hash && p.board == q.board && p.turn == q.turn && p.castling == q.castling && p.ep == q.ep
}

// Status returns the state of the game.
func (g *Game) Status() Status {
	p := g.Position()
	s := Status{Result: "*", Check: p.InCheck()}
	if !p.HasLegalMoves() {
		if s.Check {
			s.Termination = Checkmate
			s.Result = "1-0"
			if p.Turn() == White {
				s.Result = "0-1"
			}
		} else {
			s.Termination = Stalemate
			s.Result = "1/2-1/2"
		}
		return s
	}
	reps := g.Repetitions()
	switch {
	case p.InsufficientMaterial():
		s.Termination = InsufficientMaterial
	case reps >= 5:
		s.Termination = FivefoldRepetition
	case p.Halfmove() >= 150:
		s.Termination = SeventyFiveMoves
	}
	if s.Termination != Ongoing {
		s.Result = "1/2-1/2"
		return s
	}
	if reps >= 3 {
		s.Claimable = append(s.Claimable, ThreefoldRepetition)
	}
	if p.Halfmove() >= 100 {
		s.Claimable = append(s.Claimable, FiftyMoves)
	}
	return s
}

// InsufficientMaterial reports whether neither side can ever mate, whatever
// is played: only kings remain, or kings and one knight, or kings and any
// number of bishops that all stand on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
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
