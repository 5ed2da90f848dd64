// Package api holds the JSON values of the chess960 command's --json output
// and of the web app's JSON API, and the pure functions that build them from
// the library's values. The command line and the HTTP handlers call the same
// functions, so that an endpoint returns exactly what the matching command
// prints for the same input.
//
// Every type here is a plain value with camelCase JSON keys; lists are never
// null (an empty list is []). Nothing here does I/O.
//
// Node counts are uint64: JavaScript reads numbers above 2^53 (about 9e15)
// inexactly, far beyond what a capped request counts.
package api

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

// StartPosition is one of the 960 start positions: what `chess960 pos`,
// `id`, `table` and `random` print with --json, and what
// GET /api/positions/{n} returns.
type StartPosition struct {
	ID          int    `json:"id"`          // Scharnagl number 0..959
	Fritz9      int    `json:"fritz9"`      // Fritz9 number 1..960
	Rank        string `json:"rank"`        // White's back rank, "RNBQKBNR"
	FEN         string `json:"fen"`         // X-FEN (castling KQkq)
	ShredderFEN string `json:"shredderFen"` // Shredder-FEN (castling HAha)
	Mirror      int    `json:"mirror"`      // the mirror image's number
	MirrorRank  string `json:"mirrorRank"`  // the mirror image's back rank
	BishopCode  int    `json:"bishopCode"`  // row of the Bishop's table, 0..15
	KingsTable  string `json:"kingsTable"`  // King's table entry, "RNQKNR"
	Skeleton    string `json:"skeleton"`    // NQ-skeleton, "-NQ-N-"
}

// NewStartPosition describes p.
func NewStartPosition(p chess960.StartPos) StartPosition {
	m := p.Mirror()
	return StartPosition{
		ID: p.ID(), Fritz9: p.Fritz9(), Rank: p.String(),
		FEN: p.FEN(), ShredderFEN: chess.NewPosition(p).FEN(chess.Chess960),
		Mirror: m.ID(), MirrorRank: m.String(),
		BishopCode: p.BishopCode(), KingsTable: p.KingsTableEntry(), Skeleton: p.Skeleton(),
	}
}

// DFRCStart is a Double Fischer Random start as pos W:B --json prints it.
type DFRCStart struct {
	Name            string        `json:"dfrc"`            // "W:B", White first
	Index           int           `json:"index"`           // W × 960 + B, Stockfish's DFRC_openings.epd order
	BlackFirstIndex int           `json:"blackFirstIndex"` // B × 960 + W
	Chess960        bool          `json:"chess960"`        // Black mirrors White
	FEN             string        `json:"fen"`             // X-FEN (KQkq)
	ShredderFEN     string        `json:"shredderFen"`     // the rooks' files
	Mirror          string        `json:"mirror"`          // B:W, the start from the other side
	White           StartPosition `json:"white"`
	Black           StartPosition `json:"black"`
}

// DFRCDraw is random --dfrc --json's answer.
type DFRCDraw struct {
	Seeded     bool        `json:"seeded"`
	Seed       string      `json:"seed,omitempty"`
	SeedSHA256 string      `json:"seedSha256,omitempty"`
	Unique     bool        `json:"unique"`
	Exclude    string      `json:"exclude,omitempty"`
	Allowed    int         `json:"allowed"` // the starts that may be drawn
	Starts     []DFRCStart `json:"starts"`
}

// NewDFRCStart describes d.
func NewDFRCStart(d chess960.DFRC) DFRCStart {
	return DFRCStart{Name: d.String(), Index: d.Index(), BlackFirstIndex: d.BlackFirstIndex(), Chess960: d.IsChess960(),
		FEN: d.FEN(), ShredderFEN: d.ShredderFEN(), Mirror: d.Mirror().String(),
		White: NewStartPosition(d.White), Black: NewStartPosition(d.Black)}
}

// NewStartPositions describes each of ps, in order (`chess960 table`).
func NewStartPositions(ps []chess960.StartPos) []StartPosition {
	out := make([]StartPosition, len(ps))
	for i, p := range ps {
		out[i] = NewStartPosition(p)
	}
	return out
}

// Explanation is what `chess960 explain --json` prints: the derivation of
// a start position, whose keys (chess960.Derivation's) stand at the top
// level, and its text as `chess960 explain` prints it.
type Explanation struct {
	chess960.Derivation
	Text string `json:"text"`
}

// NewExplanation explains p.
func NewExplanation(p chess960.StartPos) Explanation {
	d := p.Derive()
	return Explanation{Derivation: d, Text: d.String()}
}

// Draw is a draw of start positions (`chess960 random --json`,
// GET /api/random).
type Draw struct {
	// Seeded tells whether the draw is reproducible from Seed; without a
	// seed the positions come from the operating system's secure source.
	Seeded bool    `json:"seeded"`
	Seed   *string `json:"seed,omitempty"`
	// SeedSHA256 is the seed's commitment (chess960.Commitment), which an
	// arbiter publishes before the event.
	SeedSHA256 string `json:"seedSha256,omitempty"`
	Unique     bool   `json:"unique"`
	Exclude    string `json:"exclude"` // the excluded positions, "0-9,518", or ""
	// Balanced, if set, limits the draw to the start positions within
	// this many centipawns of equality in the balance table the project
	// ships (data/); the others are left out without being in Exclude.
	Balanced  *int            `json:"balanced,omitempty"`
	Allowed   int             `json:"allowed"` // how many positions could be drawn
	Positions []StartPosition `json:"positions"`
}

// NewDraw describes the draws ps made with the options o (Exclude is
// written in its normal form, as Set.String writes it).
func NewDraw(o chess960.DrawOptions, ps []chess960.StartPos) Draw {
	d := Draw{Seeded: o.Seeded, Unique: o.Unique, Exclude: o.Exclude.String(),
		Allowed: chess960.All().Minus(o.Exclude).Len(), Positions: NewStartPositions(ps)}
	if o.Seeded {
		seed := o.Seed
		d.Seed = &seed
		d.SeedSHA256 = chess960.Commitment(seed)
	}
	return d
}

// LimitToBalanced records that the draw was limited to the balanced start
// positions (|score| <= maxCP centipawns): its options excluded the others
// too, and exclude is what was excluded besides, as Exclude shows it.
func (d *Draw) LimitToBalanced(maxCP int, exclude chess960.Set) {
	d.Balanced = &maxCP
	d.Exclude = exclude.String()
}

// Problem is one thing wrong with an input, or one warning about it: a
// stable code for programs (see Code), the field or part of the input it
// concerns, and a message for people.
type Problem struct {
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"` // "placement", "castling", "en passant", "move 3", ...
	Message string `json:"message"`
}

// NewProblem converts a problem or warning of package chess.
func NewProblem(p chess.Problem) Problem {
	msg := p.Detail
	if msg == "" && p.Err != nil {
		msg = p.Err.Error()
	}
	return Problem{Code: Code(p.Err), Field: p.Field, Message: msg}
}

// NewProblems converts a list of problems; nil gives an empty list.
func NewProblems(ps []chess.Problem) []Problem {
	out := make([]Problem, len(ps))
	for i, p := range ps {
		out[i] = NewProblem(p)
	}
	return out
}

// codes names the library's reasons. A code is stable: programs may test it.
var codes = []struct {
	err  error
	code string
}{
	// Positions refused (chess).
	{chess.ErrKings, "kings"}, {chess.ErrPawnRank, "pawnRank"},
	{chess.ErrCheck, "check"}, {chess.ErrCastling, "castling"}, {chess.ErrEnPassant, "enPassant"},
	{chess.ErrCounter, "counter"},
	// Positions played with a warning (chess).
	{chess.ErrMaterial, "material"}, {chess.ErrPromoted, "promoted"}, {chess.ErrCastlingMirror, "castlingMirror"},
	{chess.ErrImpossibleCheck, "impossibleCheck"}, {chess.ErrHalfmoveClock, "halfmoveClock"},
	// FEN text (chess).
	{chess.ErrFieldCount, "fieldCount"}, {chess.ErrRankSize, "rankSize"},
	// Moves and games (chess).
	{chess.ErrNoPiece, "noPiece"}, {chess.ErrIllegal, "illegal"},
	{chess.ErrAmbiguous, "ambiguous"}, {chess.ErrGameOver, "gameOver"}, {chess.ErrNoClaim, "noClaim"},
	{chess.ErrSquare, "square"}, {chess.ErrResult, "result"},
	// Text that does not read, of any kind: a FEN, a move, a number, a
	// rank, a list, PGN (chess960.ErrSyntax, the one reason for all).
	{chess960.ErrSyntax, "syntax"},
	// Start positions (chess960).
	{chess960.ErrRange, "range"}, {chess960.ErrLength, "length"},
	{chess960.ErrLetter, "letter"}, {chess960.ErrPieceSet, "pieceSet"}, {chess960.ErrBishops, "bishops"},
	{chess960.ErrKingPlacement, "kingPlacement"}, {chess960.ErrNotMirrored, "notMirrored"},
	{chess960.ErrNotStart, "notStart"}, {chess960.ErrNoneLeft, "noneLeft"},
	// Suites (perft).
	{perft.ErrSuite, "suite"},
}

// Code returns the stable code of a library reason, such as "promoted" for
// chess.ErrPromoted or "bishops" for chess960.ErrBishops, found with
// errors.Is; "invalid" for any other error and "" for nil.
func Code(err error) string {
	if err == nil {
		return ""
	}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return "invalid"
}

// Error is the body of an error answer: the message the command line
// prints (without its "chess960 CMD: " prefix), the code of its reason
// (see Code), and every problem when a position breaks several rules.
type Error struct {
	Error    string    `json:"error"`
	Code     string    `json:"code"`
	Problems []Problem `json:"problems,omitempty"`
}

// NewError describes err.
func NewError(err error) Error {
	e := Error{Error: Message(err), Code: Code(err)}
	var pe *chess.PositionError
	if errors.As(err, &pe) {
		e.Problems = NewProblems(pe.Problems)
	}
	return e
}

// Message returns the text of err without the library's package prefix
// ("chess: ", "chess960: ", "perft: "), on one line: the part after
// "chess960 CMD: " in the command line's messages.
func Message(err error) string {
	s := err.Error()
	for _, p := range []string{"chess: ", "chess960: ", "perft: "} {
		if t, ok := strings.CutPrefix(s, p); ok {
			s = t
			break
		}
	}
	return strings.Join(strings.Fields(s), " ")
}

// Position is a position and the state of the game in it (`chess960 fen
// --json`, and the final position of `play`).
type Position struct {
	FEN           string    `json:"fen"` // in the castling style asked for
	XFEN          string    `json:"xfen"`
	ShredderFEN   string    `json:"shredderFen"`
	Turn          string    `json:"turn"` // "white" or "black"
	Check         bool      `json:"check"`
	LegalMoves    int       `json:"legalMoves"`
	Status        string    `json:"status"`     // see StatusCode
	StatusText    string    `json:"statusText"` // "checkmate", "insufficient material", ...
	Result        string    `json:"result"`     // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on
	Claims        []Claim   `json:"claims"`     // draws the side to move may claim
	CastlingRooks []string  `json:"castlingRooks"`
	EnPassant     string    `json:"enPassant,omitempty"` // only when an en-passant capture is legal
	Halfmove      int       `json:"halfmove"`
	Fullmove      int       `json:"fullmove"`
	StartPos      *int      `json:"startPos,omitempty"` // the Scharnagl number, for a start position
	Warnings      []Problem `json:"warnings"`           // what no game can reach (see chess.Position.Warnings)
}

// Claim is a draw the side to move may claim: by its rule, at once or by
// announcing a move (UCI and SAN given, empty for a claim at once).
type Claim struct {
	Rule string `json:"rule"`          // "threefoldRepetition" or "fiftyMoves"
	UCI  string `json:"uci,omitempty"` // Chess960 UCI: castling as the king taking its rook
	SAN  string `json:"san,omitempty"`
}

// StatusCode returns the status token of a termination: "ongoing",
// "checkmate", "stalemate", "insufficientMaterial", "seventyFiveMoves",
// "fivefoldRepetition", "fiftyMoves" or "threefoldRepetition".
func StatusCode(t chess.Termination) string {
	switch t {
	case chess.Ongoing:
		return "ongoing"
	case chess.Checkmate:
		return "checkmate"
	case chess.Stalemate:
		return "stalemate"
	case chess.InsufficientMaterial:
		return "insufficientMaterial"
	case chess.SeventyFiveMoves:
		return "seventyFiveMoves"
	case chess.FivefoldRepetition:
		return "fivefoldRepetition"
	case chess.FiftyMoves:
		return "fiftyMoves"
	case chess.ThreefoldRepetition:
		return "threefoldRepetition"
	}
	return t.String()
}

// NewPosition describes the current position of g and the state of the
// game, with the "fen" field in the castling style mode.
func NewPosition(g *chess.Game, mode chess.CastlingMode) Position {
	p := g.Position()
	st := g.Status()
	j := Position{
		FEN: p.FEN(mode), XFEN: p.FEN(chess.Standard), ShredderFEN: p.FEN(chess.Chess960),
		Turn: p.Turn().String(), Check: st.Check, LegalMoves: p.CountLegalMoves(),
		Status: StatusCode(st.Outcome.Termination), StatusText: st.Outcome.Termination.String(),
		Result: st.Outcome.Result.String(), Claims: []Claim{}, CastlingRooks: []string{},
		Halfmove: p.Halfmove(), Fullmove: p.Fullmove(), Warnings: NewProblems(p.Warnings()),
	}
	for _, c := range st.Claims {
		cl := Claim{Rule: StatusCode(c.Termination)}
		if c.Move != 0 {
			cl.UCI, cl.SAN = c.Move.UCI(chess.Chess960), p.SAN(c.Move)
		}
		j.Claims = append(j.Claims, cl)
	}
	for b := p.CastlingRooks(); b != 0; b &= b - 1 {
		j.CastlingRooks = append(j.CastlingRooks, b.First().String())
	}
	if sq, ok := p.EnPassantSquare(); ok {
		j.EnPassant = sq.String()
	}
	if sp, err := chess960.ParseFEN(j.XFEN); err == nil {
		id := sp.ID()
		j.StartPos = &id
	}
	return j
}

// Move is one legal move (`chess960 moves --json`).
type Move struct {
	UCI       string `json:"uci"`                 // castling as the king taking its rook, or as the king's move (see NewMoves)
	SAN       string `json:"san"`                 // with + or #
	From      string `json:"from"`                // the moving piece's square (castling: the king's)
	To        string `json:"to"`                  // its destination (castling: the rook's square)
	Promotion string `json:"promotion,omitempty"` // "q", "r", "b" or "n"
	KingTo    string `json:"kingTo,omitempty"`    // castling: where the king lands
	RookTo    string `json:"rookTo,omitempty"`    // castling: where the rook lands
}

// Moves is the list of legal moves of a position (`chess960 moves --json`,
// GET /api/moves).
type Moves struct {
	FEN      string    `json:"fen"` // X-FEN
	Moves    []Move    `json:"moves"`
	Warnings []Problem `json:"warnings"` // about the position, and castling that Standard UCI cannot write
}

// NewMoves lists the legal moves of p sorted by their UCI text, castling
// written in mode. In mode Standard a castling move is written as the
// king's move (e1g1) where that text names it alone; where the king does not
// move (g1g1, which reads as a null move to a GUI) or where an ordinary king
// move has the same text (king f1, rook h1: O-O and Kg1 are both f1g1), it
// is written as the king taking its rook (f1h1), as Chess960 GUIs read it,
// and a warning with code "uciCastling" names the moves. So no two moves
// ever have the same text.
func NewMoves(p chess.Position, mode chess.CastlingMode) Moves {
	legal := p.AppendLegalMoves(nil)
	out := Moves{FEN: p.FEN(chess.Standard), Moves: make([]Move, 0, len(legal)), Warnings: NewProblems(p.Warnings())}
	ordinary := map[string]bool{}
	for _, m := range legal {
		if !m.IsCastle() {
			ordinary[m.UCI(chess.Chess960)] = true
		}
	}
	for _, m := range legal {
		j := Move{UCI: m.UCI(mode), SAN: p.SAN(m), From: m.From().String(), To: m.To().String()}
		if r := m.Promotion(); r != chess.NoRole {
			j.Promotion = string(rune(r.Letter() + 'a' - 'A'))
		}
		if m.IsCastle() {
			j.KingTo, j.RookTo = m.KingTo().String(), m.RookTo().String()
			if mode == chess.Standard {
				std, c960 := m.UCI(chess.Standard), m.UCI(chess.Chess960)
				switch {
				case m.KingTo() == m.From():
					j.UCI = c960
					out.Warnings = append(out.Warnings, Problem{Code: "uciCastling", Field: "uci",
						Message: j.SAN + " is written " + c960 + " (king takes rook): the king does not move, and standard UCI " + std + " reads as no move"})
				case ordinary[std]:
					j.UCI = c960
					out.Warnings = append(out.Warnings, Problem{Code: "uciCastling", Field: "uci",
						Message: j.SAN + " is written " + c960 + " (king takes rook): standard UCI " + std + " is also the king's ordinary move"})
				}
			}
		}
		out.Moves = append(out.Moves, j)
	}
	sort.Slice(out.Moves, func(i, k int) bool { return out.Moves[i].UCI < out.Moves[k].UCI })
	return out
}

// PlayedMove is one move of a game: the text it was given as, and the move
// written in SAN (corrected: "+" and "#" as the position demands) and in
// Chess960 UCI (castling as the king taking its rook, e1h1), the form that
// reads back as the same move in every position.
type PlayedMove struct {
	Input string `json:"input"`
	SAN   string `json:"san"`
	UCI   string `json:"uci"`
	// Note says when the input's check or mate suffix was wrong, e.g.
	// "Qxf7+ gives checkmate: Qxf7#".
	Note string `json:"note,omitempty"`
}

// Play is a game played from a position (`chess960 play --json`,
// GET and POST /api/play).
type Play struct {
	Start    string       `json:"start"` // the start position's FEN, in the castling style asked for
	Moves    []PlayedMove `json:"moves"`
	Movetext string       `json:"movetext"` // numbered SAN, "1. e4 e5 2. Nf3"
	Position Position     `json:"position"` // the position reached and the state of the game
}

// NewPlay describes the game g, whose moves were given as inputs (one text
// per move; a missing text is taken as the move's UCI), with the FENs'
// castling field written in mode.
func NewPlay(g *chess.Game, inputs []string, mode chess.CastlingMode) Play {
	start := g.Start()
	j := Play{Start: start.FEN(mode), Moves: []PlayedMove{}, Position: NewPosition(g, mode)}
	p := start
	sans := make([]string, 0, g.Len())
	for i, m := range g.Moves() {
		pm := PlayedMove{SAN: p.SAN(m), UCI: m.UCI(chess.Chess960)}
		if i < len(inputs) {
			pm.Input = inputs[i]
		} else {
			pm.Input = pm.UCI
		}
		pm.Note = SuffixNote(pm.Input, pm.SAN)
		sans = append(sans, pm.SAN)
		j.Moves = append(j.Moves, pm)
		p.Play(m)
	}
	j.Movetext = Movetext(start, sans)
	return j
}

// SuffixNote compares the check or mate suffix that a SAN input gives
// ("+" or "#", after any "!" and "?" annotations) with that of the move's
// SAN, and describes the difference: "Qxf7+ gives checkmate: Qxf7#". It
// returns "" when the input gives no suffix or the right one.
func SuffixNote(input, san string) string {
	t := strings.TrimRight(strings.TrimSpace(input), "!? ")
	var have string
	switch {
	case strings.HasSuffix(t, "#"):
		have = "#"
	case strings.HasSuffix(t, "+"):
		have = "+"
	default:
		return ""
	}
	want := ""
	if n := len(san); n > 0 && (san[n-1] == '+' || san[n-1] == '#') {
		want = san[n-1:]
	}
	if have == want {
		return ""
	}
	switch want {
	case "#":
		return t + " gives checkmate: " + san
	case "+":
		return t + " gives check, not mate: " + san
	}
	return t + " gives no check: " + san
}

// Movetext numbers SAN moves as PGN does: "1. e4 e5 2. Nf3", or "3... Nc6
// 4. d4" when Black moves first; start is the position before the first.
func Movetext(start chess.Position, sans []string) string {
	var b strings.Builder
	n := start.Fullmove()
	black := start.Turn() == chess.Black
	for i, s := range sans {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			b.WriteString(strconv.Itoa(n) + ". ")
		case i == 0:
			b.WriteString(strconv.Itoa(n) + "... ")
		}
		b.WriteString(s)
		if black {
			n++
		}
		black = !black
	}
	return b.String()
}

// Perft is one perft count (`chess960 perft --json`, GET /api/perft).
type Perft struct {
	FEN      string       `json:"fen"` // Shredder-FEN
	Depth    int          `json:"depth"`
	Nodes    uint64       `json:"nodes"`
	Divide   []PerftEntry `json:"divide,omitempty"` // with divide: the count below each legal move, by UCI
	Threads  int          `json:"threads"`
	HashMB   int          `json:"hashMb"` // transposition table size, 0 for none
	Seconds  float64      `json:"seconds"`
	NPS      int64        `json:"nps"`      // nodes per second
	Warnings []Problem    `json:"warnings"` // about the position
}

// PerftEntry is one line of a divide.
type PerftEntry struct {
	UCI   string `json:"uci"` // Chess960 UCI: castling as the king taking its rook
	SAN   string `json:"san"`
	Nodes uint64 `json:"nodes"`
}

// PerftRun is how a count was made.
type PerftRun struct {
	Threads int
	HashMB  int
	Elapsed time.Duration
}

// NewPerft describes a count of p to depth: nodes, and with divide the
// entries (perft.Divide's), made as run says.
func NewPerft(p chess.Position, depth int, nodes uint64, divide []perft.Entry, withDivide bool, run PerftRun) Perft {
	j := Perft{FEN: p.FEN(chess.Chess960), Depth: depth, Nodes: nodes, Threads: run.Threads,
		HashMB: run.HashMB, Seconds: run.Elapsed.Seconds(), Warnings: NewProblems(p.Warnings())}
	if s := run.Elapsed.Seconds(); s > 0 {
		j.NPS = int64(float64(nodes) / s)
	}
	if withDivide {
		j.Divide = make([]PerftEntry, len(divide))
		for i, e := range divide {
			j.Divide[i] = PerftEntry{UCI: e.Move.UCI(chess.Chess960), SAN: p.SAN(e.Move), Nodes: e.Nodes}
		}
	}
	return j
}

// Suite is the check of a .perft suite (`chess960 perft --suite --json`).
type Suite struct {
	Suite      string     `json:"suite"` // the file's name
	Positions  int        `json:"positions"`
	Counts     int        `json:"counts"` // counts compared
	Nodes      uint64     `json:"nodes"`  // leaves counted
	MaxNodes   uint64     `json:"maxNodes"`
	Seconds    float64    `json:"seconds"`
	Mismatches []Mismatch `json:"mismatches"`
	// Unchecked are the counts stopped at maxNodes before they reached the
	// suite's count (deep, narrow trees): neither right nor wrong.
	Unchecked []Mismatch `json:"unchecked"`
}

// Mismatch is a count that differs from the suite's, or an entry whose FEN
// is refused (Error set, Depth 0).
type Mismatch struct {
	ID    string `json:"id"`
	Line  int    `json:"line"`
	FEN   string `json:"fen"`
	Depth int    `json:"depth,omitempty"`
	Want  uint64 `json:"want,omitempty"`
	Got   uint64 `json:"got,omitempty"`
	// Over tells that counting stopped at maxNodes (more leaves, or more
	// positions visited above them), so that Got is only a lower bound.
	Over  bool   `json:"over,omitempty"`
	Error string `json:"error,omitempty"`
}

// NewSuite describes what perft.Check found in the suite name, checked with
// the node limit maxNodes, in elapsed time.
func NewSuite(name string, maxNodes uint64, s perft.Summary, elapsed time.Duration) Suite {
	j := Suite{Suite: name, Positions: s.Positions, Counts: s.Counts, Nodes: s.Nodes,
		MaxNodes: maxNodes, Seconds: elapsed.Seconds(), Mismatches: newMismatches(s.Mismatches), Unchecked: newMismatches(s.Unchecked)}
	return j
}

func newMismatches(rs []perft.Result) []Mismatch {
	out := make([]Mismatch, len(rs))
	for i, r := range rs {
		m := Mismatch{ID: r.Entry.ID, Line: r.Entry.Line, FEN: r.Entry.FEN, Depth: r.Depth, Want: r.Want, Got: r.Got, Over: r.Over}
		if r.Err != nil {
			m.Error = Message(r.Err)
		}
		out[i] = m
	}
	return out
}

// NewDFRCDraw describes DFRC draws made with the options o (exclude as it
// was given), from a drawer that allows allowed starts: random --dfrc
// --json's answer and GET /api/random?dfrc=1's.
func NewDFRCDraw(o chess960.DFRCDrawOptions, exclude string, allowed int, starts []chess960.DFRC) DFRCDraw {
	out := DFRCDraw{Seeded: o.Seeded, Unique: o.Unique, Exclude: exclude, Allowed: allowed, Starts: make([]DFRCStart, len(starts))}
	if o.Seeded {
		out.Seed, out.SeedSHA256 = o.Seed, chess960.Commitment(o.Seed)
	}
	for i, d := range starts {
		out.Starts[i] = NewDFRCStart(d)
	}
	return out
}

// DFRCExplanation is what `chess960 explain W:B --json` prints: the DFRC
// start's numbers and FENs, the derivation of each side's rank from its
// Scharnagl number, and the whole as text.
type DFRCExplanation struct {
	Name            string      `json:"dfrc"`            // "W:B"
	Index           int         `json:"index"`           // W × 960 + B
	BlackFirstIndex int         `json:"blackFirstIndex"` // B × 960 + W
	Chess960        bool        `json:"chess960"`        // W == B: Black mirrors White
	FEN             string      `json:"fen"`             // X-FEN (KQkq)
	ShredderFEN     string      `json:"shredderFen"`
	Mirror          string      `json:"mirror"` // B:W
	White           Explanation `json:"white"`  // White's rank, start position W
	Black           Explanation `json:"black"`  // Black's rank, start position B
	Text            string      `json:"text"`
}

// NewDFRCExplanation explains the DFRC start d.
func NewDFRCExplanation(d chess960.DFRC) DFRCExplanation {
	w, b := NewExplanation(d.White), NewExplanation(d.Black)
	e := DFRCExplanation{Name: d.String(), Index: d.Index(), BlackFirstIndex: d.BlackFirstIndex(), Chess960: d.IsChess960(),
		FEN: d.FEN(), ShredderFEN: d.ShredderFEN(), Mirror: d.Mirror().String(), White: w, Black: b}
	wn, bn := d.White.ID(), d.Black.ID()
	var s strings.Builder
	fmt.Fprintf(&s, "DFRC %s: White's back rank is start position %d, %s; Black's is start position %d, %s\n\n",
		d, wn, d.White, bn, strings.ToLower(d.Black.String()))
	fmt.Fprintf(&s, "Index:      %d*960 + %d = %d (Black first, %d*960 + %d = %d)\n", wn, bn, e.Index, bn, wn, e.BlackFirstIndex)
	fmt.Fprintf(&s, "Mirror:     %s (the ranks swapped: each side gets the other's)\n", e.Mirror)
	if e.Chess960 {
		fmt.Fprintf(&s, "Chess960:   yes: both numbers are %d, so Black mirrors White (start position %d)\n", wn, wn)
	} else {
		fmt.Fprintf(&s, "Chess960:   no: %d and %d differ, so Black does not mirror White\n", wn, bn)
	}
	fmt.Fprintf(&s, "X-FEN:      %s\n", e.FEN)
	fmt.Fprintf(&s, "Shredder:   %s\n\n", e.ShredderFEN)
	fmt.Fprintf(&s, "White's rank (rank 1), from %d:\n\n%s\n\n", wn, w.Text)
	fmt.Fprintf(&s, "Black's rank (rank 8, on the same files; the squares below are named on rank 1), from %d:\n\n%s", bn, b.Text)
	e.Text = s.String()
	return e
}
