package book

// Writing books: the starts a book holds (every one, or a uniform sample,
// kept to those an engine's scores call balanced), the plies played from
// each, and the lines in EPD or PGN. It is the work of "chess960 book".

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pgn"
	"github.com/chess960/chess960/uci"
)

// ScoreFilter keeps the starts an engine's scores call balanced: within
// MaxCP of equality, or (ByRate) with a model draw rate in
// [DrawLo, DrawHi].
type ScoreFilter struct {
	MaxCP          int // -1: no bound
	DrawLo, DrawHi float64
	ByRate         bool
}

// Keep reports whether a start with the score s passes the filter. Only a
// score in centipawns can: a mate score is not balanced.
func (f ScoreFilter) Keep(s uci.Score) bool {
	if s.Kind != uci.Centipawns {
		return false
	}
	if f.MaxCP >= 0 && (s.Value < -f.MaxCP || s.Value > f.MaxCP) {
		return false
	}
	if f.ByRate {
		_, d, _ := balance.WDL(s)
		if d < f.DrawLo || d > f.DrawHi {
			return false
		}
	}
	return true
}

// ParseDrawRate reads a band of draw rates in percent, "40-60", as
// [0.40, 0.60].
func ParseDrawRate(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	bad := fmt.Errorf("%s: want a band of percentages LO-HI, such as 40-60", quote.Input(s))
	if !ok {
		return 0, 0, bad
	}
	l, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	h, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err1 != nil || err2 != nil || math.IsNaN(l) || math.IsNaN(h) || l < 0 || h > 100 || l > h {
		return 0, 0, bad
	}
	return l / 100, h / 100, nil
}

// Scores returns the starts a balance table scores. A table of DFRC starts
// read for a book of the 960 gives only its Chess960 starts (whose ranks
// mirror).
func Scores(f *balance.File, dfrc bool) map[chess960.DFRC]uci.Score {
	out := map[chess960.DFRC]uci.Score{}
	for _, r := range f.Rows {
		d := r.Start()
		if !dfrc && !d.IsChess960() {
			continue
		}
		out[d] = r.Score
	}
	return out
}

// ShippedScores returns the scores of the shipped balance table of the
// 960, or for dfrc of the shipped sample of DFRC starts, and the table's
// name for messages.
func ShippedScores(dfrc bool) (map[chess960.DFRC]uci.Score, string, error) {
	out := map[chess960.DFRC]uci.Score{}
	if dfrc {
		s, err := balance.ShippedDFRC()
		if err != nil {
			return nil, "", err
		}
		for _, r := range s.Rows() {
			out[r.Start()] = r.Score
		}
		return out, "the shipped DFRC sample (" + headerName(s.Header()) + ")", nil
	}
	t, err := balance.Load()
	if err != nil {
		return nil, "", err
	}
	for id := 0; id < chess960.Count; id++ {
		p := chess960.MustNew(id)
		out[chess960.DFRC{White: p, Black: p}] = t.Row(p).Score
	}
	return out, "the shipped balance table (" + headerName(t.Header()) + ")", nil
}

func headerName(h balance.Header) string {
	return h.Engine + " at depth " + strconv.Itoa(h.Depth)
}

// Selection says which starts a book holds, and in which order.
type Selection struct {
	// All: every start, the 960 in Scharnagl order or with DFRC the
	// 921,600 in the order of their index; else Sample different starts
	// drawn uniformly, in the order drawn (Seeded: reproducibly from Seed).
	All         bool
	Sample      int
	Seeded      bool
	Seed        string
	DFRC        bool
	Exclude     string // with Sample: a list as chess960.ParseSet (or ParseDFRCSet) reads it
	Allowed960  *chess960.Set
	AllowedDFRC *chess960.DFRCSet // when not nil, only these starts (the balanced ones)
}

// ErrTooFew is the reason a sample cannot be drawn: fewer starts are
// allowed than the book is to hold, and a book has no start twice.
var ErrTooFew = errors.New("too few starts allowed for the sample")

// TooFewError is a sample larger than the starts allowed.
type TooFewError struct {
	Sample, Allowed int
	Filtered        bool // some were left out by the scores, not only by Exclude
}

func (e *TooFewError) Error() string {
	return fmt.Sprintf("%d starts allowed, %d asked for", e.Allowed, e.Sample)
}

func (e *TooFewError) Unwrap() error { return ErrTooFew }

// ErrAllExcluded is the reason for an Exclude list that leaves nothing.
var ErrAllExcluded = errors.New("every start is excluded")

// Starts returns the starts of the selection one by one (false after the
// last), and how many there are.
func (s Selection) Starts() (next func() (chess960.DFRC, bool), n int, err error) {
	filtered := s.Allowed960 != nil || s.AllowedDFRC != nil
	if s.All {
		var list []chess960.DFRC
		switch {
		case filtered && s.DFRC:
			for i := 0; i < chess960.DFRCCount; i++ {
				if d, _ := chess960.DFRCFromIndex(i); s.AllowedDFRC.Has(d) {
					list = append(list, d)
				}
			}
		case filtered:
			for _, p := range s.Allowed960.Positions() {
				list = append(list, chess960.DFRC{White: p, Black: p})
			}
		}
		n = chess960.Count
		if s.DFRC {
			n = chess960.DFRCCount
		}
		if filtered {
			n = len(list)
		}
		i := 0
		return func() (chess960.DFRC, bool) {
			if i == n {
				return chess960.DFRC{}, false
			}
			var d chess960.DFRC
			switch {
			case filtered:
				d = list[i]
			case s.DFRC:
				d, _ = chess960.DFRCFromIndex(i)
			default:
				d = chess960.DFRC{White: chess960.MustNew(i), Black: chess960.MustNew(i)}
			}
			i++
			return d, true
		}, n, nil
	}
	n = s.Sample
	if s.DFRC {
		ex, err := chess960.ParseDFRCSet(s.Exclude)
		if err != nil {
			return nil, 0, err
		}
		if filtered {
			ex = ex.Union(chess960.AllDFRC().Minus(*s.AllowedDFRC))
		}
		dr, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: s.Seeded, Seed: s.Seed, Exclude: ex, Unique: true})
		if err != nil {
			return nil, 0, ErrAllExcluded
		}
		if n > dr.Allowed() {
			return nil, 0, &TooFewError{n, dr.Allowed(), filtered}
		}
		return func() (chess960.DFRC, bool) { return dr.Next(), true }, n, nil
	}
	ex, err := chess960.ParseSet(s.Exclude)
	if err != nil {
		return nil, 0, err
	}
	if filtered {
		ex = ex.Union(chess960.All().Minus(*s.Allowed960))
	}
	dr, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: s.Seeded, Seed: s.Seed, Exclude: ex, Unique: true})
	if err != nil {
		return nil, 0, ErrAllExcluded
	}
	if n > dr.Allowed() {
		return nil, 0, &TooFewError{n, dr.Allowed(), filtered}
	}
	return func() (chess960.DFRC, bool) { p := dr.Next(); return chess960.DFRC{White: p, Black: p}, true }, n, nil
}

// Plies plays N plies from each start of a book: random legal moves
// (Random, from a stream of Seed and the line's number), or the best moves
// of Engine searching to Depth.
type Plies struct {
	N      int
	Random bool
	Seed   string
	Engine *uci.Engine
	Depth  int
}

// EngineError is an engine's failure while playing a line's plies.
type EngineError struct{ Err error }

func (e *EngineError) Error() string { return e.Err.Error() }
func (e *EngineError) Unwrap() error { return e.Err }

// Play plays the plies from start, the start of the book's line number
// line; it stops early only when the game ends. A random move is one after
// which the game goes on, so that every line has its plies where it can.
func (pp *Plies) Play(ctx context.Context, start chess.Position, line int) ([]chess.Move, chess.Position, error) {
	p := start
	var moves []chess.Move
	if pp.Random {
		sum := sha256.Sum256([]byte("chess960-book-plies:" + pp.Seed + ":" + strconv.Itoa(line)))
		rng := mrand.New(mrand.NewChaCha8(sum))
		var ml chess.MoveList
		for len(moves) < pp.N {
			p.LegalMoves(&ml)
			// Draw, and draw again without the moves that end the game.
			cand := append([]chess.Move(nil), ml.Moves()...)
			var m chess.Move
			for len(cand) > 0 {
				k := rng.IntN(len(cand))
				q := p
				q.Play(cand[k])
				if q.CountLegalMoves() > 0 {
					m = cand[k]
					break
				}
				cand[k] = cand[len(cand)-1]
				cand = cand[:len(cand)-1]
			}
			if m == 0 {
				break
			}
			p.Play(m)
			moves = append(moves, m)
		}
		return moves, p, nil
	}
	if err := pp.Engine.NewGame(ctx); err != nil {
		return nil, p, &EngineError{err}
	}
	for len(moves) < pp.N {
		res, err := pp.Engine.Search(ctx, start, moves, uci.Limits{Depth: pp.Depth}, nil)
		if err != nil {
			return nil, p, &EngineError{err}
		}
		if res.BestMove == 0 {
			break
		}
		p.Play(res.BestMove)
		moves = append(moves, res.BestMove)
	}
	return moves, p, nil
}

// Format is a book's format.
type Format uint8

const (
	EPD Format = iota // one FEN per line
	PGN               // one game per line of the book
)

// WriterOptions say how a Writer writes the lines.
type WriterOptions struct {
	Format   Format
	Shredder bool // castling as the rooks' files (HAha), not KQkq
	IDs      bool // EPD: the four fields and an id opcode naming the start
	DFRC     bool // the starts are named W:B ("DFRC 502:532"), not by number
	Plies    bool // the lines are played out from their starts: PGN writes PlyCount
	// Event is the Event tag of the PGN games; empty: the start's name,
	// "Chess960 518" or "DFRC 502:532".
	Event string
}

// Writer writes the lines of a book: in EPD a start or the position
// reached from it, in PGN a game from the start with the plies played (by
// package pgn's writer: tag values escaped, movetext wrapped at
// pgn.LineWidth columns).
type Writer struct {
	o  WriterOptions
	w  io.Writer
	pw *pgn.Writer
}

// NewWriter returns a Writer of a book to w.
func NewWriter(w io.Writer, o WriterOptions) *Writer {
	bw := &Writer{o: o, w: w}
	if o.Format == PGN {
		bw.pw = pgn.NewWriter(w)
		if o.Shredder {
			bw.pw.Castling = chess.Chess960
		}
	}
	return bw
}

// name names a start: "518", or "DFRC 502:532".
func (w *Writer) name(d chess960.DFRC) string {
	if w.o.DFRC {
		return "DFRC " + d.String()
	}
	return strconv.Itoa(d.White.ID())
}

// Write writes line number line (from 1) of the book: the start d and,
// with Plies, the moves played from it, which must be legal. In EPD the
// line is the position reached.
func (w *Writer) Write(d chess960.DFRC, line int, moves []chess.Move) error {
	start := chess.MustParseFEN(d.ShredderFEN())
	if w.o.Format == PGN {
		g := pgn.NewGame(start, moves)
		ev := w.o.Event
		if ev == "" {
			ev = w.name(d)
			if !w.o.DFRC {
				ev = "Chess960 " + ev
			}
		}
		g.Tags.Set("Event", ev)
		g.Tags.Set("Round", strconv.Itoa(line))
		g.Tags.Set("Variant", "Chess960")
		if w.o.Plies {
			g.Tags.Set("PlyCount", strconv.Itoa(len(moves)))
		}
		return w.pw.Write(g)
	}
	var fen string
	if !w.o.Plies {
		fen = d.FEN()
		if w.o.Shredder {
			fen = d.ShredderFEN()
		}
	} else {
		end := start
		for _, m := range moves {
			end.Play(m)
		}
		fen = FEN(end, w.o.Shredder)
	}
	if w.o.IDs {
		// The four EPD fields, without the clocks, and the opcode.
		fen = fen[:strings.LastIndexByte(fen[:strings.LastIndexByte(fen, ' ')], ' ')]
		fen += " id " + strconv.Quote(w.name(d)) + ";"
	}
	_, err := io.WriteString(w.w, fen+"\n")
	return err
}
