package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
)

// Writer writes games in PGN export format, each followed by a blank line.
type Writer struct {
	// Castling chooses how the FEN tag writes castling rights:
	// chess.Standard (X-FEN, KQkq where it can; the default) or
	// chess.Chess960 (Shredder-FEN, the rooks' files).
	Castling chess.CastlingMode

	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: w, Castling: chess.Standard}
}

// Write writes g. A game that cannot be written (no start position, or a
// move that is not legal where it stands) is refused with an error, and
// nothing is written.
func (w *Writer) Write(g *Game) error {
	buf, err := g.AppendPGN(w.buf[:0], w.Castling)
	if err != nil {
		return err
	}
	w.buf = append(buf, '\n')
	_, err = w.w.Write(w.buf)
	return err
}

// String returns the game in PGN export format with X-FEN castling, or the
// error's text if it cannot be written.
func (g *Game) String() string {
	b, err := g.AppendPGN(nil, chess.Standard)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// The seven tags that export format writes first, in this order, with
// their values when the game has none.
var sevenTags = [...]Tag{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"}}

// LineWidth is the longest line of movetext that export format writes (a
// comment word longer than that stands on a line of its own).
const LineWidth = 80

// AppendPGN appends the game in PGN export format to dst: the Seven Tag
// Roster, then Variant "Chess960", SetUp "1" and FEN for a Chess960 game
// (see IsChess960; mode chooses X-FEN or Shredder-FEN castling), or SetUp
// and FEN alone for standard chess from another position than the usual
// start, then the game's other tags in their order; a blank line; and the
// movetext in SAN with its comments, NAGs (as $n) and variations, wrapped at
// LineWidth columns and ended by the result and a line end. The Result tag
// and the result at the end are both Result(). A comment loses any "}" it
// holds, and runs of white space in it become single spaces or line ends; a
// comment shorter than half a line (a clock, an evaluation) stays on one
// line.
func (g *Game) AppendPGN(dst []byte, mode chess.CastlingMode) ([]byte, error) {
	if !g.hasStart() {
		return dst, fmt.Errorf("pgn: game %d: no start position to write from", g.Number)
	}
	res := g.Result().String()
	for _, t := range sevenTags {
		v, ok := g.Tags.Lookup(t.Name)
		switch {
		case t.Name == "Result":
			v = res
		case !ok:
			v = t.Value
		}
		dst = appendTag(dst, t.Name, v)
	}
	switch {
	case g.IsChess960():
		dst = appendTag(dst, "Variant", "Chess960")
		dst = appendTag(dst, "SetUp", "1")
		dst = appendTag(dst, "FEN", g.Start.FEN(mode))
	case g.Start != standardStart:
		dst = appendTag(dst, "SetUp", "1")
		dst = appendTag(dst, "FEN", g.Start.FEN(mode))
	}
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN":
			continue
		}
		if !validName(t.Name) {
			return dst, fmt.Errorf("pgn: game %d: tag name %s: want letters, digits and _+#=:-", g.Number, quote.Input(t.Name))
		}
		dst = appendTag(dst, t.Name, t.Value)
	}
	dst = append(dst, '\n')
	w := movetextWriter{buf: dst, lineStart: len(dst)}
	if err := w.variation(&g.Moves, g.Start); err != nil {
		return dst, fmt.Errorf("pgn: game %d: %w", g.Number, err)
	}
	w.word(res, false)
	w.flush()
	return append(w.buf, '\n'), nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}

// appendTag appends [Name "Value"] and a line end, escaping " and \ in the
// value (and writing a line end in it as a space).
func appendTag(dst []byte, name, value string) []byte {
	dst = append(dst, '[')
	dst = append(dst, name...)
	dst = append(dst, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n', '\r':
			dst = append(dst, ' ')
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"', ']', '\n')
}

// movetextWriter lays out movetext: atoms (a move, a move number, a NAG, a
// word of a comment, with the brackets and braces glued to them) separated
// by a space or a line end.
type movetextWriter struct {
	buf       []byte
	lineStart int    // where the current line begins in buf
	atom      []byte // the atom being built, not yet written
	noBreak   bool   // the atom must not begin a line
	glue      bool   // the next word joins the atom
}

// word starts an atom, or joins the one after an opening bracket.
func (w *movetextWriter) word(s string, noBreak bool) {
	if w.glue {
		w.atom = append(w.atom, s...)
		w.glue = false
		return
	}
	w.flush()
	w.atom = append(w.atom[:0], s...)
	w.noBreak = noBreak
}

// start starts an atom (or joins the one after an opening bracket) and
// returns it, for the caller to append to.
func (w *movetextWriter) start() []byte {
	if w.glue {
		w.glue = false
		return w.atom
	}
	w.flush()
	w.noBreak = false
	return w.atom[:0]
}

// open writes "(" or "{", which the next word joins.
func (w *movetextWriter) open(s string) {
	w.word(s, false)
	w.glue = true
}

// close writes ")" or "}" at the end of the atom.
func (w *movetextWriter) close(s string) {
	w.atom = append(w.atom, s...)
	w.glue = false
}

func (w *movetextWriter) flush() {
	if len(w.atom) == 0 {
		return
	}
	if n := len(w.buf) - w.lineStart; n > 0 {
		if n+1+len(w.atom) > LineWidth && !w.noBreak {
			w.buf = append(w.buf, '\n')
			w.lineStart = len(w.buf)
		} else {
			w.buf = append(w.buf, ' ')
		}
	}
	w.buf = append(w.buf, w.atom...)
	w.atom = w.atom[:0]
}

func (w *movetextWriter) comment(c string) {
	if strings.IndexByte(c, '}') >= 0 {
		c = strings.ReplaceAll(c, "}", "")
	}
	n := 1 // the atom's length: the words, a space between them, the braces
	for f := range strings.FieldsSeq(c) {
		n += len(f) + 1
	}
	if n < LineWidth/2 {
		// A short comment, such as a clock, is not broken.
		w.word("{", false)
		sep := false
		for f := range strings.FieldsSeq(c) {
			if sep {
				w.atom = append(w.atom, ' ')
			}
			w.atom = append(w.atom, f...)
			sep = true
		}
		w.atom = append(w.atom, '}')
		return
	}
	w.open("{")
	for f := range strings.FieldsSeq(c) {
		// A line that begins with "[Name" could pass for a tag pair.
		w.word(f, len(f) > 1 && f[0] == '[' && isNameChar(f[1]))
	}
	w.close("}")
}

// errMove is the reason for a move that is not legal where it stands.
var errMove = errors.New("move not legal in its position")

// variation writes the line v from p. Its first move gets a move number
// in any case.
func (w *movetextWriter) variation(v *Variation, p chess.Position) error {
	for _, c := range v.Comments {
		w.comment(c)
	}
	force := true
	for i := range v.Nodes {
		n := &v.Nodes[i]
		if n.Move == chess.NullMove && p.InCheck() || n.Move != chess.NullMove && !p.IsLegal(n.Move) {
			return fmt.Errorf("%w: %s in %s", errMove, n.Move, p.FEN(chess.Standard))
		}
		switch {
		case p.Turn() == chess.White:
			w.atom = append(strconv.AppendInt(w.start(), int64(p.Fullmove()), 10), '.')
		case force:
			w.atom = append(strconv.AppendInt(w.start(), int64(p.Fullmove()), 10), "..."...)
		}
		w.atom = p.AppendSAN(w.start(), n.Move)
		for _, nag := range n.NAGs {
			w.atom = strconv.AppendInt(append(w.start(), '$'), int64(nag), 10)
		}
		for _, c := range n.Comments {
			w.comment(c)
		}
		force = len(n.Comments) > 0
		for k := range n.Variations {
			w.open("(")
			if err := w.variation(&n.Variations[k], p); err != nil {
				return err
			}
			w.close(")")
			force = true
		}
		play(&p, n.Move)
	}
	return nil
}
