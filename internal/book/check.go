package book

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pgn"
)

// Kind is a kind of problem.
type Kind uint8

// The kinds of problem, in the order the summary lists them.
const (
	Syntax        Kind = iota // a line that does not read as EPD or FEN
	Illegal                   // a position that breaks the rules
	NoRook                    // a castling right that names no rook
	Ambiguous                 // K or Q where two rooks stand on that side of the king
	OtherCastling             // a castling field in neither notation's form
	MixedCastling             // a line in the file's other castling notation
	Duplicate                 // a position already given on an earlier line
	NotStart                  // not a start position, in a book of starts
	Missing                   // a start of a complete set that no line gives
	Extra                     // a start outside the complete set
	Order                     // a complete set out of its order
	BadMove                   // an illegal move in pv, bm, am or the PGN moves
	KingCastle                // UCI castling as the king's move (e1g1), not king takes rook
	numKinds
)

var kindNames = [numKinds]string{
	Syntax: "unreadable", Illegal: "illegal position", NoRook: "castling right naming no rook",
	Ambiguous: "ambiguous KQkq", OtherCastling: "non-standard castling field",
	MixedCastling: "mixed castling notation", Duplicate: "duplicate", NotStart: "not a start",
	Missing: "missing start", Extra: "extra start", Order: "out of order", BadMove: "illegal move",
	KingCastle: "castling as the king's move",
}

// String names the kind, as the summary does.
func (k Kind) String() string { return kindNames[k] }

// Problem is one thing wrong in a book: the line (0 for the file as a
// whole), what is wrong and how to fix it.
type Problem struct {
	Line int
	Kind Kind
	Msg  string
	Fix  string
}

// Expect says what a book is meant to hold.
type Expect uint8

// What a book can be meant to hold.
const (
	Auto      Expect = iota // decided from the file: see Check
	Positions               // any legal positions
	Starts                  // start positions (Chess960 or DFRC), any of them
	All960                  // the 960 Chess960 starts, each once, in Scharnagl order
	AllDFRC                 // the 921,600 DFRC starts, each once, in index order
)

// ParseExpect reads "auto", "positions", "starts", "960" or "dfrc".
func ParseExpect(s string) (Expect, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "positions":
		return Positions, nil
	case "starts":
		return Starts, nil
	case "960", "chess960":
		return All960, nil
	case "dfrc":
		return AllDFRC, nil
	}
	return 0, fmt.Errorf("want auto, positions, starts, 960 or dfrc, have %s", quote.Input(s))
}

// Summary is what Check found in one file.
type Summary struct {
	Format    string // "EPD" or "PGN"
	Expect    Expect // what the book was checked as
	Why       string // why, when Expect was Auto
	Entries   int    // positions (EPD lines or PGN games) read
	Starts    int    // of them, start positions
	Distinct  int    // different positions (starts and others)
	XFEN      int    // lines whose castling is X-FEN
	Shredder  int    // lines whose castling is Shredder-FEN
	Counts    [numKinds]int
	Unlisted  int // problems counted but not listed (see Options.MaxListed)
	Problems  int
	InOrder   bool // the starts are in their set's order
	Chess960  bool // every start is a Chess960 start (White's and Black's ranks mirror)
	MovesSeen int  // moves checked in pv, bm, am and PGN moves
}

// Options are Check's settings.
type Options struct {
	Expect Expect
	// Report gets each problem. Problems of single lines come in line
	// order as they are found; those of the whole file (mixed notation
	// lines, missing starts, order, and under Auto the non-starts) after.
	Report func(Problem)
	// MaxListed bounds the lines kept for the problems reported at the end
	// (0: 1<<20), so that memory stays bounded on any file; the rest are
	// counted in Summary.Unlisted.
	MaxListed int
	// Reopen, when set, reads the book again from its start. A book with
	// more than MaxTable different positions that are not starts (0:
	// 1<<20) is then checked for duplicates in two passes, in bounded
	// memory: the first keeps a fixed 32 MB Bloom filter of the positions
	// and notes the few that may have come before, the second finds which
	// did and where they came first; memory is then that of the filter and
	// 12 to 24 bytes for each position that repeats. Without Reopen, it
	// grows by 12 to 24 bytes for each different position.
	Reopen   func() (io.Reader, func(), error)
	MaxTable int
}

// checker holds the state of one file's check.
type checker struct {
	o   Options
	sum Summary
	// firstAt[i] is the line of the first start with index i, plus one
	// (0: not seen): exact duplicate finding for starts in 3.7 MB.
	firstAt []uint32
	others  *hashSet // positions that are not starts, by hash
	// Past MaxTable positions with Reopen: the Bloom filter, the hashes
	// that may repeat (with the line they first came on in the second
	// pass), and the line from which the filter took over.
	bloom      *bloom
	cand       *hashSet
	switchLine int
	pass2      bool
	// The lines of positions that are not starts, and how many repeat one.
	otherLines, otherDups, startDistinct int
	// lines of the two notations, for the mixed-notation report.
	xfenLines, shredLines []uint32
	decided               bool // under Auto: the first position decided Expect
	lastIndex, lastID     int
	firstUnordered        [2]int // the first line out of index order and of Scharnagl order
	all960                bool
	l                     epdLine
}

func newChecker(o Options) *checker {
	if o.MaxListed <= 0 {
		o.MaxListed = 1 << 20
	}
	if o.MaxTable <= 0 {
		o.MaxTable = 1 << 20
	}
	c := &checker{o: o, others: newHashSet(), lastIndex: -1, lastID: -1, all960: true}
	c.sum.Expect = o.Expect
	c.decided = o.Expect != Auto
	return c
}

func (c *checker) report(p Problem) {
	c.sum.Counts[p.Kind]++
	c.sum.Problems++
	if c.o.Report != nil {
		c.o.Report(p)
	}
}

// ErrRead is the reason Check stops: the file could not be read.
var ErrRead = errors.New("cannot read the book")

// Check reads a book from r, EPD or PGN (told by its first character: '['
// starts a PGN), and reports every problem it finds to o.Report. Under
// Auto, a book whose first position is a start is checked as a book of
// starts, and as the complete set when it holds 900 to 1,020 Chess960
// starts (All960) or more than 900,000 starts (AllDFRC); other books as
// positions. Memory stays bounded: starts are tracked in a fixed table,
// and other positions by a 64-bit hash each.
func Check(r io.Reader, o Options) (Summary, error) {
	c := newChecker(o)
	br := bufio.NewReaderSize(r, 1<<16)
	first, err := firstByte(br)
	if err != nil {
		return c.sum, fmt.Errorf("%w: %v", ErrRead, err)
	}
	if first == '[' {
		c.sum.Format = "PGN"
		err = c.pgn(br)
	} else {
		c.sum.Format = "EPD"
		err = c.epd(br)
	}
	if err != nil {
		return c.sum, err
	}
	if c.bloom != nil {
		// The second pass: which of the candidates repeat, and where
		// they first came.
		r2, done, err := c.o.Reopen()
		if err != nil {
			return c.sum, fmt.Errorf("%w: reading it again: %v", ErrRead, err)
		}
		c.bloom, c.pass2 = nil, true
		err = c.epd(bufio.NewReaderSize(r2, 1<<16))
		done()
		if err != nil {
			return c.sum, err
		}
	}
	c.finish()
	return c.sum, nil
}

// firstByte peeks at the first byte that is not white space (0 for an
// empty input).
func firstByte(br *bufio.Reader) (byte, error) {
	for n := 1; ; n++ {
		b, err := br.Peek(n)
		if len(b) < n {
			if err == io.EOF || err == bufio.ErrBufferFull {
				return 0, nil
			}
			return 0, err
		}
		if c := b[n-1]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c, nil
		}
		if n == br.Size() {
			return 0, nil
		}
	}
}

func (c *checker) epd(br *bufio.Reader) error {
	line := 0
	for {
		b, err := readLine(br)
		if len(b) > 0 {
			line++
			c.epdLine(line, strings.TrimRight(string(b), "\r\n"))
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: line %d: %v", ErrRead, line+1, err)
		}
	}
}

func (c *checker) epdLine(n int, s string) {
	t := strings.TrimLeft(s, " \t")
	if t == "" || t[0] == '#' || strings.HasPrefix(t, "//") {
		return // blank lines and comments
	}
	l := &c.l
	if c.pass2 {
		c.secondPass(n, s)
		return
	}
	if !splitEPD(s, l) {
		c.sum.Entries++
		c.report(Problem{n, Syntax, "not an EPD line (want placement, side to move, castling, en passant): " + quote.Input(t), "correct or delete the line"})
		return
	}
	c.sum.Entries++
	castling := l.fields[2].of(s)
	d, shaped, why := startOf(l.fields[0].of(s))
	isStart := false
	// The fast way for a start: both ranks read, White to move, all four
	// rights in one of the notations, no en-passant square, clocks 0 1.
	if shaped && why == "" && l.fields[1].of(s) == "w" && l.fields[3].of(s) == "-" &&
		(len(l.clocks) == 0 || (l.clocks[0].of(s) == "0" && l.clocks[1].of(s) == "1")) {
		x, sh := startCastling(d)
		switch castling {
		case x:
			isStart = true
			c.notation(n, xfen)
		case sh:
			isStart = true
			c.notation(n, shredder)
		}
	}
	var p chess.Position
	needPos := !isStart || hasMoves(l)
	if needPos {
		var ok bool
		if p, ok = c.position(n, l.fen(s), castling, !isStart); !ok {
			return
		}
		if !isStart {
			why = c.notStartReason(&p, d, shaped, why)
			if why == "" {
				isStart = true // a start written in another way (its clocks, say)
			}
		}
	}
	c.decide(n, isStart)
	if isStart {
		c.start(n, d)
	} else {
		c.other(n, p.Hash())
		c.notAStart(n, why)
	}
	if hasMoves(l) {
		c.moves(n, s, l, p)
	}
}

// secondPass looks at a line again for its duplicates only: a position
// that is not a start, whose hash the first pass found may repeat.
func (c *checker) secondPass(n int, s string) {
	l := &c.l
	if !splitEPD(s, l) {
		return
	}
	d, shaped, why := startOf(l.fields[0].of(s))
	if shaped && why == "" && l.fields[1].of(s) == "w" && l.fields[3].of(s) == "-" {
		if x, sh := startCastling(d); l.fields[2].of(s) == x || l.fields[2].of(s) == sh {
			if len(l.clocks) == 0 || (l.clocks[0].of(s) == "0" && l.clocks[1].of(s) == "1") {
				return
			}
		}
	}
	p, err := chess.ParseFEN(l.fen(s))
	if err != nil || c.notStartReason(&p, d, shaped, why) == "" {
		return
	}
	h := p.Hash()
	first, ok := c.cand.get(h)
	switch {
	case !ok:
	case first == 0:
		c.cand.set(h, uint32(n))
	case n > c.switchLine:
		// (Repeats up to switchLine were reported by the first pass.)
		c.otherDups++
		c.report(Problem{n, Duplicate, "the position of line " + strconv.Itoa(int(first)) + " again (clocks aside)", "delete the line (book fix --dedupe)"})
	}
}

func hasMoves(l *epdLine) bool {
	for _, op := range l.ops {
		switch op.opcode {
		case "pv", "bm", "am", "pm", "sm":
			return true
		}
	}
	return false
}

// position reads the FEN of a line that is not a plain start, reporting
// what is wrong with it.
func (c *checker) position(n int, fen, castling string, count bool) (chess.Position, bool) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		var fe *chess.FENError
		var pe *chess.PositionError
		switch {
		case errors.As(err, &fe):
			d := fe.Detail
			if d == "" && fe.Err != nil {
				d = fe.Err.Error()
			}
			field := fe.Field + " field: "
			if fe.Field == "fields" {
				field = ""
			}
			c.report(Problem{n, Syntax, field + d, "correct or delete the line"})
		case errors.As(err, &pe):
			for _, pr := range pe.Problems {
				if errors.Is(pr.Err, chess.ErrCastling) && pr.Field == "castling" {
					c.report(Problem{n, NoRook, "castling " + quote.Input(castling) + ": " + pr.Detail, "drop that right from the castling field"})
				} else {
					c.report(Problem{n, Illegal, pr.String(), "correct or delete the line"})
				}
			}
		default:
			c.report(Problem{n, Illegal, err.Error(), "correct or delete the line"})
		}
		return p, false
	}
	if !count {
		return p, true // a start, its notation counted already
	}
	switch k := classify(castling, &p); k {
	case ambiguousK:
		var b [16]byte
		c.report(Problem{n, Ambiguous, "castling " + quote.Input(castling) + ": K or Q with two rooks on that side of the king (X-FEN reads the outermost)",
			"name the rook by its file: " + string(castlingField(b[:0], &p, xfen)) + " (book fix --castling xfen or shredder)"})
		c.notation(n, xfen)
	case otherForm:
		var b, b2 [16]byte
		c.report(Problem{n, OtherCastling, "castling " + quote.Input(castling) + " is neither X-FEN (" + string(castlingField(b[:0], &p, xfen)) +
			") nor Shredder-FEN (" + string(castlingField(b2[:0], &p, shredder)) + ")", "book fix --castling xfen or shredder"})
	default:
		c.notation(n, k)
	}
	return p, true
}

// notStartReason says why a legal position is not a start ("" if it is
// one after all).
func (c *checker) notStartReason(p *chess.Position, d chess960.DFRC, shaped bool, why string) string {
	switch {
	case !shaped:
		return "the pieces or pawns are not on their start squares"
	case why != "":
		return why
	case p.Turn() != chess.White:
		return "Black to move"
	case p.CastlingRooks().Count() != 4:
		return "castling rights " + castlingText(p) + ": a start has all four"
	}
	if _, ok := p.EnPassantSquare(); ok {
		return "an en-passant square"
	}
	return ""
}

func castlingText(p *chess.Position) string {
	var b [16]byte
	return string(castlingField(b[:0], p, xfen))
}

// notation counts a line's castling notation, keeping the lines of each
// (bounded) for the mixed-notation report.
func (c *checker) notation(n int, k notation) {
	switch k {
	case xfen:
		c.sum.XFEN++
		if len(c.xfenLines) < c.o.MaxListed {
			c.xfenLines = append(c.xfenLines, uint32(n))
		}
	case shredder:
		c.sum.Shredder++
		if len(c.shredLines) < c.o.MaxListed {
			c.shredLines = append(c.shredLines, uint32(n))
		}
	}
}

// decide settles Expect from the first position, under Auto.
func (c *checker) decide(n int, isStart bool) {
	if c.decided {
		return
	}
	c.decided = true
	if isStart {
		c.sum.Expect = Starts
		c.sum.Why = "its first position (line " + strconv.Itoa(n) + ") is a start"
	} else {
		c.sum.Expect = Positions
		c.sum.Why = "its first position (line " + strconv.Itoa(n) + ") is not a start"
	}
}

func (c *checker) start(n int, d chess960.DFRC) {
	c.sum.Starts++
	if c.firstAt == nil {
		c.firstAt = make([]uint32, chess960.DFRCCount)
	}
	i := d.Index()
	if f := c.firstAt[i]; f != 0 {
		c.report(Problem{n, Duplicate, "start " + startName(d) + " again (first on line " + strconv.Itoa(int(f)) + ")", "delete the line (book fix --dedupe)"})
		return
	}
	c.firstAt[i] = uint32(n)
	c.startDistinct++
	if !d.IsChess960() {
		c.all960 = false
	}
	if i < c.lastIndex && c.firstUnordered[0] == 0 {
		c.firstUnordered[0] = n
	}
	c.lastIndex = i
	if d.IsChess960() {
		if d.White.ID() < c.lastID && c.firstUnordered[1] == 0 {
			c.firstUnordered[1] = n
		}
		c.lastID = d.White.ID()
	}
}

func startName(d chess960.DFRC) string {
	if d.IsChess960() {
		return strconv.Itoa(d.White.ID())
	}
	return "DFRC " + d.String()
}

func (c *checker) other(n int, h uint64) {
	c.otherLines++
	if c.bloom != nil {
		if c.bloom.has(h) {
			c.cand.add(h, 0) // decided by the second pass
			return
		}
		c.bloom.add(h)
		return
	}
	if f, dup := c.others.add(h, uint32(n)); dup {
		c.otherDups++
		c.report(Problem{n, Duplicate, "the position of line " + strconv.Itoa(int(f)) + " again (clocks aside)", "delete the line (book fix --dedupe)"})
		return
	}
	if c.o.Reopen != nil && c.sum.Format == "EPD" && c.others.n > c.o.MaxTable {
		// Too many to hold: a Bloom filter takes over, and a second pass
		// settles what it cannot.
		c.bloom, c.cand, c.switchLine = newBloom(), newHashSet(), n
		for _, k := range c.others.keys {
			if k != 0 {
				c.bloom.add(k)
			}
		}
		if c.others.zero != 0 {
			c.bloom.add(0)
		}
		c.others = newHashSet()
	}
}

func (c *checker) notAStart(n int, why string) {
	if c.sum.Expect != Positions {
		c.report(Problem{n, NotStart, why, "delete the line, or check with --expect positions"})
	}
}

// moves checks the move operands of an EPD line: bm, am, pm and sm are
// moves from the position, pv a line of moves.
func (c *checker) moves(n int, s string, l *epdLine, p chess.Position) {
	for _, op := range l.ops {
		switch op.opcode {
		case "bm", "am", "pm", "sm":
			for _, sp := range op.operands {
				c.move(n, op.opcode, sp.of(s), p, 0)
			}
		case "pv":
			q := p
			for k, sp := range op.operands {
				m, ok := c.move(n, op.opcode, sp.of(s), q, k+1)
				if !ok {
					break
				}
				q.Play(m)
			}
		}
	}
}

// move checks one move; k is its place in a pv (0 for bm and the like).
func (c *checker) move(n int, opcode, text string, p chess.Position, k int) (chess.Move, bool) {
	c.sum.MovesSeen++
	where := opcode + " " + quote.Input(text)
	if k > 0 {
		where = opcode + " move " + strconv.Itoa(k) + " " + quote.Input(text)
	}
	m, err := p.ParseMove(text)
	if err != nil {
		msg := err.Error()
		var me *chess.MoveError
		if errors.As(err, &me) {
			msg = me.Err.Error()
			if me.Detail != "" {
				msg += ": " + me.Detail
			}
		}
		msg = strings.TrimPrefix(msg, "chess: ")
		c.report(Problem{n, BadMove, where + ": " + msg, "correct the move, or cut the line there"})
		return m, false
	}
	if m.IsCastle() && isUCI(text) && text[2:4] != m.To().String() {
		c.report(Problem{n, KingCastle, where + " writes castling as the king's move; Chess960 UCI writes it as the king taking its rook: " + m.UCI(chess.Chess960),
			"write " + m.UCI(chess.Chess960) + " (book fix rewrites it)"})
	}
	return m, true
}

// isUCI reports whether s is shaped like a UCI move.
func isUCI(s string) bool {
	return (len(s) == 4 || len(s) == 5) && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' && s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8'
}

// pgn checks a PGN book: each game's FEN tag (or the standard start), its
// moves, and the position at its end for duplicates.
func (c *checker) pgn(br *bufio.Reader) error {
	rd := pgn.NewReader(br)
	rd.ReuseGames = true
	for {
		g, err := rd.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %v", ErrRead, err)
		}
		c.game(g)
	}
}

const standardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func (c *checker) game(g *pgn.Game) {
	n := g.Line
	c.sum.Entries++
	fen, hasFEN := g.Tags.Lookup("FEN")
	if !hasFEN {
		fen = standardFEN
	}
	fields := strings.Fields(fen)
	if g.Err != nil && g.Start == (chess.Position{}) {
		// The FEN tag could not be read: report it as an EPD line would be.
		if len(fields) >= 4 {
			c.position(n, fen, fields[2], true)
		} else {
			c.report(Problem{n, Syntax, "FEN tag " + quote.Input(fen) + ": " + g.Err.Message(), "correct the FEN tag"})
		}
		return
	}
	p := g.Start
	isStart := false
	d, shaped, why := startOf(fields[0])
	if hasFEN {
		switch k := classify(fields[2], &p); k {
		case ambiguousK:
			var b [16]byte
			c.report(Problem{n, Ambiguous, "FEN tag castling " + quote.Input(fields[2]) + ": K or Q with two rooks on that side of the king (X-FEN reads the outermost)",
				"name the rook by its file: " + string(castlingField(b[:0], &p, xfen)) + " (book fix --castling xfen or shredder)"})
			c.notation(n, xfen)
		case otherForm:
			c.report(Problem{n, OtherCastling, "FEN tag castling " + quote.Input(fields[2]) + " is neither X-FEN (" + castlingText(&p) + ") nor Shredder-FEN", "book fix --castling xfen or shredder"})
		default:
			c.notation(n, k)
		}
	}
	why = c.notStartReason(&p, d, shaped, why)
	isStart = why == ""
	c.decide(n, isStart)
	c.sum.MovesSeen += len(g.Moves.Nodes)
	if g.Err != nil {
		c.report(Problem{n, BadMove, "line " + strconv.Itoa(g.Err.Line) + ": " + g.Err.Message(), "correct the move, or cut the game there"})
	}
	if isStart && len(g.Moves.Nodes) == 0 {
		c.start(n, d)
		return
	}
	if isStart {
		c.sum.Starts++
	} else {
		c.notAStart(n, why)
	}
	c.other(n, g.Final().Hash())
}

// finish reports what only the whole file shows.
func (c *checker) finish() {
	s := &c.sum
	s.Chess960 = c.all960
	s.Distinct = c.startDistinct + c.otherLines - c.otherDups
	if s.Expect == Auto {
		s.Expect = Positions
		s.Why = "it holds no position"
	}
	if c.o.Expect == Auto && s.Expect == Starts {
		switch {
		case c.all960 && s.Starts >= 900 && s.Starts <= 1020:
			s.Expect = All960
			s.Why += ", and it has " + strconv.Itoa(s.Starts) + " Chess960 starts: the complete 960"
		case s.Starts > 900000:
			s.Expect = AllDFRC
			s.Why += ", and it has " + strconv.Itoa(s.Starts) + " starts: all the DFRC starts"
		}
	}
	// Mixed notation: the lines of the notation fewer lines use.
	if s.XFEN > 0 && s.Shredder > 0 {
		minority, other, name, otherName, fix := c.shredLines, s.XFEN, "Shredder-FEN", "X-FEN", "xfen"
		count := s.Shredder
		if s.XFEN < s.Shredder {
			minority, other, name, otherName, fix = c.xfenLines, s.Shredder, "X-FEN", "Shredder-FEN", "shredder"
			count = s.XFEN
		}
		for _, ln := range minority {
			c.report(Problem{int(ln), MixedCastling, "castling in " + name + "; " + strconv.Itoa(other) + " other lines write " + otherName,
				"write one notation throughout (book fix --castling " + fix + ")"})
		}
		if extra := count - len(minority); extra > 0 {
			s.Unlisted += extra
			s.Counts[MixedCastling] += extra
			s.Problems += extra
		}
	}
	// Complete sets: what is missing, what is extra, the order.
	switch s.Expect {
	case All960:
		for id := 0; id < chess960.Count; id++ {
			i := id*chess960.Count + id
			if c.firstAt == nil || c.firstAt[i] == 0 {
				d := chess960.DFRC{White: chess960.MustNew(id), Black: chess960.MustNew(id)}
				c.report(Problem{0, Missing, "start " + strconv.Itoa(id) + " is missing", "add " + d.FEN() + " (line " + strconv.Itoa(id+1) + " in Scharnagl order)"})
			}
		}
		if c.firstAt != nil {
			for i, f := range c.firstAt {
				if f != 0 && i/chess960.Count != i%chess960.Count {
					d, _ := chess960.DFRCFromIndex(i)
					c.report(Problem{int(f), Extra, "DFRC start " + d.String() + " in a book of the 960 (White's and Black's ranks differ)", "delete the line"})
				}
			}
		}
		if c.firstUnordered[1] != 0 {
			c.report(Problem{c.firstUnordered[1], Order, "not in Scharnagl order from this line on (line n should be start n - 1)", "book fix --sort"})
		}
		s.InOrder = c.firstUnordered[1] == 0
	case AllDFRC:
		for i := 0; i < chess960.DFRCCount; i++ {
			if c.firstAt == nil || c.firstAt[i] == 0 {
				d, _ := chess960.DFRCFromIndex(i)
				c.report(Problem{0, Missing, "DFRC start " + d.String() + " (index " + strconv.Itoa(i) + ") is missing", "add " + d.FEN()})
			}
		}
		if c.firstUnordered[0] != 0 {
			c.report(Problem{c.firstUnordered[0], Order, "not in index order (W x 960 + B) from this line on", "book fix --sort"})
		}
		s.InOrder = c.firstUnordered[0] == 0
	}
}
