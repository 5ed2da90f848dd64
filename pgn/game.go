package pgn

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// Game is one game: its tags, its start position and its moves as a tree
// (the main line with its variations, comments and NAGs).
type Game struct {
	// Number is the game's place in the input, from 1, and Line the line
	// where its text begins, from 1. Both are 0 for a game built in code.
	Number, Line int
	// Tags are the tag pairs in the order they were read.
	Tags Tags
	// Start is the position the game starts from: the FEN tag's, or the
	// standard start. It is the zero Position when the start could not be
	// read (Err says why); such a game has no moves.
	Start chess.Position
	// Moves is the main line. Its Comments are those before the first move.
	Moves Variation
	// Err is the first error met while reading the game, or nil.
	Err *Error
	// marker is the result written at the end of the movetext.
	marker chess.Result
	// sid is the start position's Scharnagl number plus 1 when the start is
	// one of the 960, -1 when it is not, and 0 when the reader did not look.
	sid int16
}

// Variation is a line of moves: a game's main line, or an alternative to
// one move of another line.
type Variation struct {
	// Comments are the comments before the first move.
	Comments []string
	Nodes    []Node
}

// Node is one move of a line, with what annotates it.
type Node struct {
	// Move is the move played: legal in its position, or chess.NullMove
	// ("--", "Z0", "0000" or "@@@@" in the file), a pass by a side not in
	// check, as analysis writes it. Play it with chess.Position.PlayNull,
	// or record it in a chess.Game with Record.
	Move chess.Move
	// NAGs are the numeric annotation glyphs after the move: $1 for "!",
	// $2 for "?", $3 for "!!", $4 for "??", $5 for "!?", $6 for "?!".
	NAGs []int
	// Comments are the comments after the move, without their braces or
	// semicolon and without surrounding white space.
	Comments []string
	// Variations are alternatives to this move, each starting from the
	// position before it.
	Variations []Variation
}

// Clone returns a deep copy of g, which shares nothing with g that g's
// Reader could reuse (see Reader.ReuseGames).
func (g *Game) Clone() *Game {
	c := *g
	c.Tags = nil
	if g.Tags != nil {
		c.Tags = make(Tags, len(g.Tags))
		for i, t := range g.Tags {
			c.Tags[i] = Tag{strings.Clone(t.Name), strings.Clone(t.Value)}
		}
	}
	c.Moves = g.Moves.clone()
	if g.Err != nil {
		e := *g.Err
		e.Token, e.Detail = strings.Clone(e.Token), strings.Clone(e.Detail)
		c.Err = &e
	}
	return &c
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	c := make([]string, len(s))
	for i, x := range s {
		c[i] = strings.Clone(x)
	}
	return c
}

func (v Variation) clone() Variation {
	c := Variation{Comments: cloneStrings(v.Comments)}
	if v.Nodes != nil {
		c.Nodes = make([]Node, len(v.Nodes))
	}
	for i, n := range v.Nodes {
		c.Nodes[i] = Node{Move: n.Move, NAGs: append([]int(nil), n.NAGs...), Comments: cloneStrings(n.Comments)}
		if n.Variations != nil {
			c.Nodes[i].Variations = make([]Variation, len(n.Variations))
			for j, sub := range n.Variations {
				c.Nodes[i].Variations[j] = sub.clone()
			}
		}
	}
	return c
}

// Tag is a tag pair: [Name "Value"].
type Tag struct {
	Name, Value string
}

// Tags are a game's tag pairs, in order. A name appears at most once.
type Tags []Tag

// Get returns the value of the tag name, or "" if there is none.
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Lookup returns the value of the tag name and whether the tag is there.
func (t Tags) Lookup(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

// Set gives the tag name the value: in its place if it is there, else at
// the end.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Delete removes the tag name, if it is there.
func (t *Tags) Delete(name string) {
	for i := range *t {
		if (*t)[i].Name == name {
			*t = append((*t)[:i], (*t)[i+1:]...)
			return
		}
	}
}

// NewGame returns a game from start with the given main line, which must
// be legal from start (Writer checks it), and no tags. Set its tags with
// Tags.Set; Writer fills in the Seven Tag Roster.
func NewGame(start chess.Position, moves []chess.Move) *Game {
	g := &Game{Start: start}
	g.Moves.Nodes = make([]Node, len(moves))
	for i, m := range moves {
		g.Moves.Nodes[i].Move = m
	}
	return g
}

// Result returns the game's result: the Result tag's when it holds one
// of the four results, else the one at the end of the movetext, else
// NoResult ("*").
func (g *Game) Result() chess.Result {
	if r, err := chess.ParseResult(g.Tags.Get("Result")); err == nil {
		return r
	}
	return g.marker
}

// hasStart reports whether the start position could be read.
func (g *Game) hasStart() bool { return g.Start != chess.Position{} }

// Final returns the position after the last move of the main line (the
// zero Position if the start could not be read).
func (g *Game) Final() chess.Position {
	p := g.Start
	if !g.hasStart() {
		return p
	}
	for _, n := range g.Moves.Nodes {
		play(&p, n.Move)
	}
	return p
}

// Status returns the state of the game after the last move of its main
// line, by the rules of chess.Game, into which the main line is recorded
// (chess.Game.Record): checkmate, stalemate, insufficient material, the
// 75-move rule and fivefold repetition end it, and the draws that may be
// claimed are listed. A game that went on after a rule had ended it keeps
// that ending, and a null move counts as a move that is neither a capture
// nor a pawn move. The zero Status (ongoing) is returned when the start
// could not be read; for a game built with NewGame whose moves are not
// legal, the state where they stop being legal.
func (g *Game) Status() chess.Status {
	if !g.hasStart() {
		return chess.Status{}
	}
	cg := statusGames.Get().(*chess.Game)
	defer statusGames.Put(cg)
	cg.Reset(g.Start)
	nodes := g.Moves.Nodes
	for i := range nodes {
		if cg.Record(nodes[i].Move) != nil {
			break
		}
	}
	return cg.Status()
}

// statusGames keep the room of the games Status replays, for the next
// call: replaying many games then allocates nothing.
var statusGames = sync.Pool{New: func() any { return new(chess.Game) }}

// StartID returns the Scharnagl number of the start position and true when
// the game starts from one of the 960 start positions (White to move, all
// castling rights, counters 0 and 1), else false.
func (g *Game) StartID() (int, bool) {
	switch {
	case g.sid > 0:
		return int(g.sid) - 1, true
	case g.sid < 0 || !g.hasStart():
		return 0, false
	case g.Start == standardStart:
		return 518, true
	}
	sp, err := chess960.ParseFEN(g.Start.FEN(chess.Standard))
	if err != nil {
		return 0, false
	}
	return sp.ID(), true
}

var standardStart = chess.NewPosition(chess960.Standard())

// IsChess960 reports whether the game is Chess960 rather than standard
// chess: its Variant tag names Chess960 (in any of the spellings the reader
// accepts), or it starts from a Chess960 start position other than 518, or
// from a position with castling rights that standard chess cannot have (a
// king off the e-file or a rook off the a- and h-files). The writer gives
// such games Variant "Chess960".
func (g *Game) IsChess960() bool {
	if v, ok := g.Tags.Lookup("Variant"); ok && variantKind(v) == variant960 {
		return true
	}
	if !g.hasStart() || g.Start == standardStart {
		return false
	}
	if id, ok := g.StartID(); ok && id != 518 {
		return true
	}
	for b := g.Start.CastlingRooks(); b != 0; b &= b - 1 {
		rook := b.First()
		king := g.Start.KingSquare(chess.Color(rook.Rank() / 7))
		if king.File() != 4 || (rook.File() != 0 && rook.File() != 7) {
			return true
		}
	}
	return false
}

type variant uint8

const (
	variantUnknown variant = iota
	variantStandard
	variant960
)

// variantKind classifies a Variant tag's value.
func variantKind(v string) variant {
	var b [24]byte
	k := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == ' ' || c == '-' || c == '_':
			continue
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		if k == len(b) {
			return variantUnknown
		}
		b[k] = c
		k++
	}
	switch string(b[:k]) {
	case "chess960", "960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc":
		return variant960
	case "", "standard", "chess", "normal", "classical", "fromposition":
		return variantStandard
	}
	return variantUnknown
}

// The reasons an *Error gives. A token that is not PGN has
// chess960.ErrSyntax, the module's one reason for text that does not read;
// a move that cannot be played has the chess package's reason:
// chess.ErrIllegal, chess.ErrAmbiguous, or chess960.ErrSyntax for a move
// that is not SAN.
var (
	ErrTag       = errors.New("malformed tag pair")
	ErrComment   = errors.New("unterminated comment")
	ErrVariation = errors.New("unterminated variation")
	ErrFEN       = errors.New("bad FEN tag")
	ErrVariant   = errors.New("unsupported variant")
	ErrTooLong   = errors.New("game too long")
)

// Error is an error in one game: where it is, the token at fault and why.
type Error struct {
	Game   int    // the game's number, from 1
	Line   int    // the token's line, from 1
	Column int    // the token's column in bytes, from 1
	Token  string // the token at fault
	Err    error  // the reason: one of the Err values above, or the chess package's for a move
	Detail string // more about the reason, or ""
}

// Error formats the error as `pgn: game 3, line 41:12: "Ke3": illegal
// move: no white king can move to e3 (...)`, quoting at most 100 bytes of
// the token.
func (e *Error) Error() string {
	return "pgn: game " + strconv.Itoa(e.Game) + ", line " + strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Message()
}

// Message is the error without its place: the token, the reason and the
// detail.
func (e *Error) Message() string {
	var b strings.Builder
	b.WriteString(quote.Input(e.Token))
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns the reason, so that errors.Is(err, chess.ErrIllegal)
// works.
func (e *Error) Unwrap() error { return e.Err }
