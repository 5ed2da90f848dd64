package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/book"
	"github.com/chess960/chess960/uci"
)

// scoreFilter keeps the starts an engine's scores call balanced: within
// maxCP of equality, or with a model draw rate in [drawLo, drawHi].
type scoreFilter struct {
	maxCP          int // -1: no bound
	drawLo, drawHi float64
	byRate         bool
}

func (f scoreFilter) keep(s uci.Score) bool {
	if s.Kind != uci.Centipawns {
		return false
	}
	if f.maxCP >= 0 && (s.Value < -f.maxCP || s.Value > f.maxCP) {
		return false
	}
	if f.byRate {
		_, d, _ := balance.WDL(s)
		if d < f.drawLo || d > f.drawHi {
			return false
		}
	}
	return true
}

// parseDrawRate reads "40-60" (percent) into [0.40, 0.60].
func parseDrawRate(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(s, "-")
	bad := fmt.Errorf("--draw-rate %s: want a band of percentages LO-HI, such as 40-60", quoteArg(s))
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

// scoredStarts returns the starts a table scores and the table's name:
// the given file, or the shipped table of the 960 (or, for DFRC, the
// shipped sample).
func scoredStarts(file string, dfrc bool) (map[chess960.DFRC]uci.Score, string, error) {
	out := map[chess960.DFRC]uci.Score{}
	if file == "" {
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
	fh, err := os.Open(file)
	if err != nil {
		return nil, "", fmt.Errorf("--scores %s: %v", quoteArg(file), unwrapPathError(err))
	}
	defer fh.Close()
	f, err := balance.Read(fh, file)
	if err != nil {
		return nil, "", fmt.Errorf("--scores: %v", err)
	}
	for _, r := range f.Rows {
		d := r.Start()
		if !dfrc && !d.IsChess960() {
			continue // a book of the 960 takes only the mirrored starts of a DFRC table
		}
		out[d] = r.Score
	}
	return out, quoteArg(file), nil
}

func headerName(h balance.Header) string {
	return h.Engine + " at depth " + strconv.Itoa(h.Depth)
}

// plyPlayer extends a start by plies: random legal moves, or an engine's.
type plyPlayer struct {
	n      int
	random bool
	seed   string // random: the seed, drawn when not given
	en     *uci.Engine
	depth  int
	ctx    context.Context
}

// engineLineError is an engine's failure while extending a line: the
// command stops with it as it is.
type engineLineError struct{ err error }

func (e *engineLineError) Error() string { return e.err.Error() }

// filterText names the score filters given, for messages.
func filterText(fs *flag.FlagSet, drawRate string, maxCP int) string {
	var parts []string
	if flagSet(fs, "balanced") {
		parts = append(parts, "--balanced "+strconv.Itoa(maxCP))
	}
	if drawRate != "" {
		parts = append(parts, "--draw-rate "+drawRate)
	}
	return strings.Join(parts, " and ")
}

// writeExtendedLine plays the plies from d and writes the line: in EPD the
// position reached, in PGN the start's FEN and the moves.
func writeExtendedLine(e *env, w io.Writer, pp *plyPlayer, d chess960.DFRC, line int, format string, shredder, ids, dfrc bool) error {
	start := chess.MustParseFEN(d.ShredderFEN())
	ctx := pp.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	moves, end, err := pp.extend(ctx, start, line)
	if err != nil {
		return &engineLineError{err}
	}
	name := strconv.Itoa(d.White.ID())
	if dfrc {
		name = "DFRC " + d.String()
	}
	if format == "pgn" {
		fen := d.FEN()
		if shredder {
			fen = d.ShredderFEN()
		}
		var b strings.Builder
		fmt.Fprintf(&b, "[Event \"%s\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n[PlyCount \"%d\"]\n\n",
			bookEvent(dfrc, name), line, fen, len(moves))
		p := start
		col := 0
		for i, m := range moves {
			tok := ""
			if i%2 == 0 {
				tok = strconv.Itoa(i/2+1) + ". "
			}
			tok += p.SAN(m)
			if col > 0 && col+1+len(tok) > 79 {
				b.WriteByte('\n')
				col = 0
			} else if col > 0 {
				b.WriteByte(' ')
				col++
			}
			b.WriteString(tok)
			col += len(tok)
			p.Play(m)
		}
		if col > 0 {
			b.WriteString(" ")
		}
		b.WriteString("*\n\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	fen := book.FEN(end, shredder)
	if ids {
		fen = fen[:strings.LastIndexByte(fen[:strings.LastIndexByte(fen, ' ')], ' ')]
		fen += " id \"" + name + "\";"
	}
	_, err = fmt.Fprintln(w, fen)
	return err
}

// extend plays the plies from start; it stops early only when the game
// ends. line numbers the book's line, so that each line has its own stream.
func (pp *plyPlayer) extend(ctx context.Context, start chess.Position, line int) ([]chess.Move, chess.Position, error) {
	p := start
	var moves []chess.Move
	if pp.random {
		sum := sha256.Sum256([]byte("chess960-book-plies:" + pp.seed + ":" + strconv.Itoa(line)))
		rng := mrand.New(mrand.NewChaCha8(sum))
		var ml chess.MoveList
		for len(moves) < pp.n {
			p.LegalMoves(&ml)
			// A random move after which the game goes on (so that every
			// line has its plies): draw, and draw again without the moves
			// that end it.
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
	if err := pp.en.NewGame(ctx); err != nil {
		return nil, p, err
	}
	for len(moves) < pp.n {
		res, err := pp.en.Search(ctx, start, moves, uci.Limits{Depth: pp.depth}, nil)
		if err != nil {
			return nil, p, err
		}
		if res.BestMove == 0 {
			break
		}
		p.Play(res.BestMove)
		moves = append(moves, res.BestMove)
	}
	return moves, p, nil
}

// drawSeed returns a seed from crypto/rand, for random plies without --seed.
func drawSeed() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
