package book

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pgn"
)

// Castling notations Fix can write.
const (
	XFEN     = "xfen"
	Shredder = "shredder"
)

// FixOptions are Fix's settings.
type FixOptions struct {
	// Castling is XFEN or Shredder: every castling field is written so.
	Castling string
	// Dedupe drops the lines (games) whose position an earlier one gave.
	Dedupe bool
	// Sort puts the starts in their order (Scharnagl's for the 960, the
	// index W x 960 + B for DFRC), and the other positions after them in
	// the order they came. It holds the book in memory.
	Sort bool
	// Report gets each change, and each line left alone because it cannot
	// be repaired (Problem.Kind tells why; Fix is "" for those).
	Report func(Change)
}

// Change is one thing Fix did, or could not do, on a line.
type Change struct {
	Line   int
	What   string
	Failed bool // the line was left as it is: Fix does not guess
}

// FixSummary counts what Fix did.
type FixSummary struct {
	Format   string
	Entries  int // positions (lines or games) read
	Written  int // positions written
	Castling int // castling fields rewritten
	Moves    int // UCI castling moves rewritten as king takes rook
	Removed  int // duplicates dropped
	Sorted   bool
	Unfixed  int // lines left as they are
}

type fixer struct {
	o       FixOptions
	sum     FixSummary
	target  notation
	firstAt []uint32
	others  *hashSet
	l       epdLine
	held    []heldLine // with Sort
	out     *bufio.Writer
}

type heldLine struct {
	key  int // the start's index, or DFRCCount + the line for others
	text []byte
}

// Fix rewrites a book from r to w with one castling notation (and, as
// asked, without duplicates and in order). It changes nothing else: the
// opcodes, clocks, tags and moves stay as they are, except UCI castling
// written as the king's move (e1g1), which becomes king takes rook (e1h1),
// as Chess960 UCI writes it. Lines it cannot read are written unchanged and
// reported.
func Fix(r io.Reader, w io.Writer, o FixOptions) (FixSummary, error) {
	f := &fixer{o: o, others: newHashSet(), out: bufio.NewWriterSize(w, 1<<16)}
	switch o.Castling {
	case XFEN:
		f.target = xfen
	case Shredder:
		f.target = shredder
	default:
		return f.sum, fmt.Errorf("castling notation %s: want xfen or shredder", quote.Input(o.Castling))
	}
	br := bufio.NewReaderSize(r, 1<<16)
	first, err := firstByte(br)
	if err != nil {
		return f.sum, fmt.Errorf("%w: %v", ErrRead, err)
	}
	if first == '[' {
		f.sum.Format = "PGN"
		err = f.pgn(br)
	} else {
		f.sum.Format = "EPD"
		err = f.epd(br)
	}
	if err != nil {
		return f.sum, err
	}
	if o.Sort {
		sort.SliceStable(f.held, func(i, j int) bool { return f.held[i].key < f.held[j].key })
		for _, h := range f.held {
			if _, err := f.out.Write(h.text); err != nil {
				return f.sum, err
			}
		}
		f.sum.Sorted = true
	}
	return f.sum, f.out.Flush()
}

func (f *fixer) change(n int, what string, failed bool) {
	if failed {
		f.sum.Unfixed++
	}
	if f.o.Report != nil {
		f.o.Report(Change{n, what, failed})
	}
}

// emit writes a line (or game) now, or holds it for sorting; key is its
// start's index, or -1 when it holds none.
func (f *fixer) emit(n, key int, text []byte) error {
	if !f.o.Sort {
		_, err := f.out.Write(text)
		return err
	}
	if key < 0 {
		key = chess960.DFRCCount + n
	}
	f.held = append(f.held, heldLine{key, append([]byte(nil), text...)})
	return nil
}

// seen reports whether a position came before, recording it if not; it
// returns the earlier line.
func (f *fixer) seen(n, index int, h uint64) (int, bool) {
	if index >= 0 {
		if f.firstAt == nil {
			f.firstAt = make([]uint32, chess960.DFRCCount)
		}
		if first := f.firstAt[index]; first != 0 {
			return int(first), true
		}
		f.firstAt[index] = uint32(n)
		return 0, false
	}
	first, dup := f.others.add(h, uint32(n))
	return int(first), dup
}

func (f *fixer) epd(br *bufio.Reader) error {
	n := 0
	for {
		b, err := readLine(br)
		if len(b) > 0 {
			n++
			if werr := f.epdLine(n, b); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: line %d: %v", ErrRead, n+1, err)
		}
	}
}

func (f *fixer) epdLine(n int, raw []byte) error {
	body := bytes.TrimRight(raw, "\r\n")
	eol := raw[len(body):]
	s := string(body)
	t := strings.TrimLeft(s, " \t")
	if t == "" || t[0] == '#' || strings.HasPrefix(t, "//") {
		if f.o.Sort {
			// Comments and blank lines go first, in their order.
			f.held = append(f.held, heldLine{-1, append([]byte(nil), raw...)})
			return nil
		}
		return f.emit(n, -1, raw)
	}
	f.sum.Entries++
	l := &f.l
	if !splitEPD(s, l) {
		f.change(n, "left as it is: not an EPD line", true)
		f.sum.Written++
		return f.emit(n, -1, raw)
	}
	castling := l.fields[2]
	d, shaped, why := startOf(l.fields[0].of(s))
	var p chess.Position
	index := -1
	var field string
	if shaped && why == "" && l.fields[1].of(s) == "w" && l.fields[3].of(s) == "-" && !hasMoves(l) {
		x, sh := startCastling(d)
		switch castling.of(s) {
		case x, sh:
			index = d.Index()
			field = x
			if f.target == shredder {
				field = sh
			}
		}
	}
	if index < 0 || hasMoves(l) {
		var err error
		if p, err = chess.ParseFEN(l.fen(s)); err != nil {
			f.change(n, "left as it is: "+strings.TrimPrefix(err.Error(), "chess: "), true)
			f.sum.Written++
			return f.emit(n, -1, raw)
		}
		var b [16]byte
		field = string(castlingField(b[:0], &p, f.target))
		if shaped && why == "" && c960Start(&p) {
			index = d.Index()
		}
	}
	if f.o.Dedupe {
		if first, dup := f.seen(n, index, p.Hash()); dup {
			f.sum.Removed++
			f.change(n, "removed: the position of line "+strconv.Itoa(first)+" again", false)
			return nil
		}
	}
	// Rewrite the castling field and the castling moves, from the end of
	// the line backwards so that the offsets hold.
	type edit struct {
		sp   span
		text string
	}
	var edits []edit
	if old := castling.of(s); old != field {
		edits = append(edits, edit{castling, field})
		f.sum.Castling++
		f.change(n, "castling "+quote.Input(old)+" -> "+field, false)
	}
	if hasMoves(l) {
		for _, op := range l.ops {
			switch op.opcode {
			case "bm", "am", "pm", "sm", "pv":
			default:
				continue
			}
			q := p
			for k, sp := range op.operands {
				text := sp.of(s)
				m, err := q.ParseMove(text)
				if err != nil {
					f.change(n, op.opcode+" move "+quote.Input(text)+" left as it is: "+strings.TrimPrefix(err.Error(), "chess: "), true)
					break
				}
				if m.IsCastle() && isUCI(text) && text[2:4] != m.To().String() {
					edits = append(edits, edit{sp, m.UCI(chess.Chess960)})
					f.sum.Moves++
					f.change(n, op.opcode+" "+text+" -> "+m.UCI(chess.Chess960), false)
				}
				if op.opcode == "pv" {
					q.Play(m)
				}
				_ = k
			}
		}
	}
	out := []byte(s)
	sort.Slice(edits, func(i, j int) bool { return edits[i].sp.start > edits[j].sp.start })
	for _, e := range edits {
		out = append(out[:e.sp.start:e.sp.start], append([]byte(e.text), out[e.sp.end:]...)...)
	}
	out = append(out, eol...)
	f.sum.Written++
	return f.emit(n, index, out)
}

// c960Start reports whether a position that stands as a start (checked by
// startOf) also has a start's side to move, rights and en-passant square.
func c960Start(p *chess.Position) bool {
	_, ep := p.EnPassantSquare()
	return p.Turn() == chess.White && p.CastlingRooks().Count() == 4 && !ep
}

// pgn fixes a PGN book game by game: the castling field of the FEN tag,
// and with Dedupe and Sort the games as wholes.
func (f *fixer) pgn(br *bufio.Reader) error {
	var game []byte
	line, start := 0, 0
	inMoves := false
	flush := func() error {
		if len(game) == 0 {
			return nil
		}
		err := f.game(start, game)
		game = game[:0]
		return err
	}
	for {
		b, err := readLine(br)
		if len(b) > 0 {
			line++
			t := bytes.TrimLeft(b, " \t")
			isTag := len(t) > 0 && t[0] == '['
			if isTag && inMoves {
				if ferr := flush(); ferr != nil {
					return ferr
				}
				inMoves = false
			}
			if len(game) == 0 {
				start = line
			}
			if !isTag && len(bytes.TrimSpace(b)) > 0 {
				inMoves = true
			}
			game = append(game, b...)
		}
		if err == io.EOF {
			return flush()
		}
		if err != nil {
			return fmt.Errorf("%w: line %d: %v", ErrRead, line+1, err)
		}
	}
}

func (f *fixer) game(n int, text []byte) error {
	f.sum.Entries++
	rd := pgn.NewReader(bytes.NewReader(text))
	g, err := rd.Read()
	if err != nil || g.Err != nil && g.Start == (chess.Position{}) {
		msg := "no game"
		if err == nil {
			msg = g.Err.Message()
		}
		f.change(n, "left as it is: "+msg, true)
		f.sum.Written++
		return f.emit(n, -1, text)
	}
	if g.Err != nil {
		f.change(n, "moves left as they are: "+g.Err.Message(), true)
	}
	out := text
	index := -1
	if fen, ok := g.Tags.Lookup("FEN"); ok {
		fields := strings.Fields(fen)
		p := g.Start
		var b [16]byte
		field := string(castlingField(b[:0], &p, f.target))
		if fields[2] != field {
			// Rewrite the tag's line: the field is the third of the FEN.
			i := bytes.Index(out, []byte("[FEN "))
			if i >= 0 {
				j := bytes.IndexByte(out[i:], '\n')
				if j < 0 {
					j = len(out) - i
				}
				tag := string(out[i : i+j])
				nf := append([]string(nil), fields...)
				nf[2] = field
				newTag := strings.Replace(tag, strings.Join(fields, " "), strings.Join(nf, " "), 1)
				if newTag != tag {
					out = append(append(append([]byte(nil), out[:i]...), newTag...), out[i+j:]...)
					f.sum.Castling++
					f.change(n, "FEN castling "+quote.Input(fields[2])+" -> "+field, false)
				}
			}
		}
		if d, shaped, why := startOf(fields[0]); shaped && why == "" && c960Start(&p) && len(g.Moves.Nodes) == 0 {
			index = d.Index()
		}
	} else if len(g.Moves.Nodes) == 0 {
		index = 518*chess960.Count + 518
	}
	if f.o.Dedupe {
		if first, dup := f.seen(n, index, g.Final().Hash()); dup {
			f.sum.Removed++
			f.change(n, "removed: the position of the game on line "+strconv.Itoa(first)+" again", false)
			return nil
		}
	}
	f.sum.Written++
	return f.emit(n, index, out)
}
