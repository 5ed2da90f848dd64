package main

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/pgnjson"
	"github.com/chess960/chess960/pgn"
)

func init() {
	register(&command{
		name: "pgn", args: "[FILE...|-] [--start N|W:B|FEN] [--json | --export [--castling xfen|shredder] | --stats [--json]] [--threads N]",
		summary: "read and check PGN games; print them, convert them, or count results per start position",
		detail: `Reads every game of the files (- or none: stdin), plain or compressed with gzip,
bzip2 or zstd (.pgn.gz, .pgn.bz2, .pgn.zst; told by their first bytes), and plays
every move, variations included. Chess960 games are told by their Variant tag
(Chess960, Chess 960, fischerandom, Fischer Random, FRC, ...) or by a FEN tag with a
start position other than 518; a game with neither is standard chess.

Prints one line per game (number, players, start position, plies, result or error);
with --json one JSON object per game (NDJSON: game, line, tags, startFen, startId,
uci, san, fen, result, status, error); with --export the games in PGN export format;
with --stats the games, White wins, draws, Black wins and White's score per start
position (--json: an array of {id, games, white, draws, black}).

--start gives the start of the games that have no FEN tag, as broadcast boards and DGT
exports write Chess960 games: a start position's number, a DFRC start W:B, or a FEN.
Their moves are played from it, and --export writes them with Variant, SetUp and FEN
tags. A game's own FEN tag still wins.

A game with an error keeps its moves before the error; the others are read as usual.
The exit status is 1 if any game had an error, once all are done. Progress goes to
stderr when it is a terminal.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			asJSON := boolFlag(fs, "json", "one JSON object per game (with --stats: a JSON array)")
			export := boolFlag(fs, "export", "write the games in PGN export format")
			stats := boolFlag(fs, "stats", "count results per start position")
			castling := castlingFlag(fs, "with --export: castling in the FEN tag, xfen (KQkq) or shredder (HAha)")
			threads := numberFlag(fs, "threads", 0, 0, 256, "goroutines parsing games in parallel (0: one per CPU)")
			startFlag := fs.String("start", "", "games without a FEN tag start from `S`: a number, a DFRC start W:B, or a FEN")
			return func(e *env, args []string) error {
				var start chess.Position
				if flagSet(fs, "start") {
					var err error
					if start, err = pgnStart(*startFlag); err != nil {
						return fmt.Errorf("--start %s: %w", quoteArg(*startFlag), err)
					}
				}
				form := pgnText
				switch {
				case *export && (*asJSON || *stats):
					return usagef("--export excludes --json and --stats")
				case *export:
					form = pgnExport
				case *stats && *asJSON:
					form = pgnStatsJSON
				case *stats:
					form = pgnStats
				case *asJSON:
					form = pgnJSON
				}
				if flagSet(fs, "castling") && form != pgnExport {
					return usagef("--castling sets the FEN tag of --export, and does nothing without it")
				}
				n := int(threads.n)
				if n == 0 {
					n = runtime.GOMAXPROCS(0)
				}
				if len(args) == 0 {
					args = []string{"-"}
				}
				return runPGN(e, args, form, castlingMode(castling), n, start)
			}
		},
	})
}

type pgnMode int

const (
	pgnText pgnMode = iota
	pgnJSON
	pgnExport
	pgnStats
	pgnStatsJSON
)

// pgnResult is what a worker makes of one game.
type pgnResult struct {
	out   []byte // for stdout
	msg   string // for stderr: the game's error, when stdout does not show it
	bad   bool   // the game had an error
	entry pgnjson.Entry
}

// pgnStart reads --start: a start position's number, a DFRC start W:B,
// or a FEN.
func pgnStart(s string) (chess.Position, error) {
	t := strings.TrimSpace(s)
	switch {
	case chess960.NumberLike(t):
		sp, err := chess960.ParseID(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.NewPosition(sp), nil
	case strings.Contains(t, ":") && !strings.Contains(t, "/"):
		d, err := chess960.ParseDFRC(t)
		if err != nil {
			return chess.Position{}, err
		}
		return chess.ParseFEN(d.FEN())
	}
	return chess.ParseFEN(t)
}

func runPGN(e *env, files []string, form pgnMode, mode chess.CastlingMode, threads int, start chess.Position) error {
	if os.Getenv("GOGC") == "" {
		// Reading reuses its games and their output (pgn.Reader.ReuseGames),
		// so it makes next to no garbage: a tighter heap goal keeps the
		// resident size within a few MB of the program's start at no cost
		// in speed. The 4 MB minimum goal of the default would double it.
		defer debug.SetGCPercent(debug.SetGCPercent(25))
	}
	// Refuse a missing file before reading any game.
	var total int64
	for _, name := range files {
		if name == "-" {
			continue
		}
		fi, err := os.Stat(name)
		if err != nil {
			return fmt.Errorf("%s: %v", quoteArg(name), errors.Unwrap(err))
		}
		if fi.IsDir() {
			return fmt.Errorf("%s: is a directory", quoteArg(name))
		}
		total += fi.Size()
	}
	prog := newPGNProgress(e.stderr, total)
	defer prog.clear()
	var stats pgnjson.Stats
	games, bad := 0, 0
	// The games' output goes back to the workers once written, so that the
	// reading allocates next to nothing (see pgn.Reader.ReuseGames).
	bufs := make(chan []byte, 256)
	for _, name := range files {
		offset := games
		where := "stdin"
		if name != "-" {
			where = name
		}
		work := func(g *pgn.Game) pgnResult {
			g.Number += offset
			if g.Err != nil {
				g.Err.Game = g.Number
			}
			var dst []byte
			select {
			case dst = <-bufs:
			default:
			}
			return pgnWork(dst, g, form, mode, where)
		}
		emit := func(r pgnResult) error {
			games++
			if r.bad {
				bad++
			}
			if form == pgnStats || form == pgnStatsJSON {
				stats.Add(r.entry)
			}
			if len(r.out) > 0 {
				if _, err := e.stdout.Write(r.out); err != nil {
					return &outputError{err}
				}
			}
			if cap(r.out) > 0 && cap(r.out) <= 16<<10 { // at most 4 MB kept
				select {
				case bufs <- r.out[:0]:
				default:
				}
			}
			if r.msg != "" {
				prog.clear()
				flush(e)
				fmt.Fprintln(e.stderr, r.msg)
			}
			prog.tick(games)
			return nil
		}
		if err := readPGN(e, name, where, threads, start, prog, work, emit); err != nil {
			return err
		}
	}
	prog.clear()
	switch form {
	case pgnStats:
		if err := stats.WriteText(e.stdout); err != nil {
			return err
		}
	case pgnStatsJSON:
		e.stdout.Write(append(stats.AppendJSON(nil), '\n'))
	}
	if bad > 0 {
		flush(e) // the games first, then the summary
		return fmt.Errorf("%d of %d games have errors", bad, games)
	}
	return nil
}

// flush writes out what stdout holds, so that a line on stderr comes after
// the output it is about.
func flush(e *env) {
	if f, ok := e.stdout.(interface{ Flush() error }); ok {
		f.Flush()
	}
}

// readPGN reads one input.
func readPGN(e *env, name, where string, threads int, start chess.Position, prog *pgnProgress, work func(*pgn.Game) pgnResult, emit func(pgnResult) error) error {
	in, _, done, err := openArg(e, name)
	if err != nil {
		return err
	}
	defer done()
	in = &countingReader{r: in, n: &prog.read}
	r, closeFn, err := decompress(in)
	if err != nil {
		return fmt.Errorf("%s: %v", quoteArg(where), err)
	}
	defer closeFn()
	rd := pgn.NewReader(r)
	rd.Start = start
	rd.ReuseGames = true // work keeps nothing of a game
	if err := pgn.ReadParallel(rd, threads, work, emit); err != nil {
		var oe *outputError
		if errors.As(err, &oe) {
			return err
		}
		return fmt.Errorf("%s: %v", quoteArg(where), err)
	}
	return nil
}

// pgnWork turns one game into its output.
func pgnWork(dst []byte, g *pgn.Game, form pgnMode, mode chess.CastlingMode, where string) pgnResult {
	r := pgnResult{bad: g.Err != nil}
	gameErr := func() string {
		return "chess960 pgn: " + where + ": game " + strconv.Itoa(g.Number) + ", line " + strconv.Itoa(g.Err.Line) + ":" + strconv.Itoa(g.Err.Column) + ": " + g.Err.Message()
	}
	switch form {
	case pgnText:
		r.out = appendGameLine(dst, g)
	case pgnJSON:
		r.out = append(pgnjson.AppendGame(dst, g), '\n')
	case pgnExport:
		out, err := g.AppendPGN(dst, mode)
		if err != nil {
			r.bad = true
			r.msg = "chess960 pgn: " + where + ": game " + strconv.Itoa(g.Number) + ": cannot be written: " + err.Error()
			if g.Err != nil {
				r.msg = gameErr()
			}
			break
		}
		r.out = append(out, '\n')
		if g.Err != nil {
			r.msg = gameErr()
		}
	case pgnStats, pgnStatsJSON:
		r.entry = pgnjson.EntryOf(g)
		if g.Err != nil {
			r.msg = gameErr()
		}
	}
	return r
}

// appendGameLine writes the line for people: number, players, start
// position, plies, result, and the error if there is one.
func appendGameLine(dst []byte, g *pgn.Game) []byte {
	name := func(tag string) string {
		if v := g.Tags.Get(tag); v != "" {
			return v
		}
		return "?"
	}
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, "  "...)
	dst = append(dst, name("White")...)
	dst = append(dst, " - "...)
	dst = append(dst, name("Black")...)
	switch id, ok := g.StartID(); {
	case ok:
		dst = append(dst, "  pos "...)
		dst = strconv.AppendInt(dst, int64(id), 10)
	case g.Start != chess.Position{}:
		dst = append(dst, "  from FEN"...)
	default:
		dst = append(dst, "  no start"...)
	}
	dst = append(dst, "  "...)
	dst = strconv.AppendInt(dst, int64(len(g.Moves.Nodes)), 10)
	dst = append(dst, " plies  "...)
	dst = append(dst, g.Result().String()...)
	if g.Err != nil {
		dst = append(dst, "  error at line "...)
		dst = strconv.AppendInt(dst, int64(g.Err.Line), 10)
		dst = append(dst, ':')
		dst = strconv.AppendInt(dst, int64(g.Err.Column), 10)
		dst = append(dst, ": "...)
		dst = append(dst, g.Err.Message()...)
	}
	return append(dst, '\n')
}

// decompress looks at the first bytes of r and undoes gzip, bzip2 or zstd.
func decompress(r io.Reader) (io.Reader, func(), error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip: %v", err)
		}
		return z, func() { z.Close() }, nil
	case bytes.HasPrefix(magic, []byte("BZh")):
		return bzip2.NewReader(br), func() {}, nil
	case bytes.HasPrefix(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
		if err != nil {
			return nil, nil, fmt.Errorf("zstd: %v", err)
		}
		return z, z.Close, nil
	case bytes.HasPrefix(magic, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return nil, nil, errors.New("xz-compressed: not read here (decompress it first: xz -dc FILE | chess960 pgn -)")
	case bytes.HasPrefix(magic, []byte("PK\x03\x04")):
		return nil, nil, errors.New("a zip archive: not read here (unzip it first)")
	}
	return br, func() {}, nil
}

// countingReader counts the bytes read, for the progress line.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// pgnProgress shows games, MB/s and the time left on stderr, when stderr
// is a terminal.
type pgnProgress struct {
	*progress
	total int64 // bytes of all the files, 0 if unknown (stdin)
	read  atomic.Int64
}

func newPGNProgress(w io.Writer, total int64) *pgnProgress {
	return &pgnProgress{progress: newProgress(w), total: total}
}

func (p *pgnProgress) tick(games int) {
	if !p.on || games%256 != 0 || !p.due() {
		return
	}
	read := p.read.Load()
	line := fmt.Sprintf("%d games, %.1f MB/s", games, float64(read)/p.elapsed().Seconds()/1e6)
	if p.total > 0 && read > 0 {
		line += fmt.Sprintf(", %d%%, %s", 100*read/p.total, p.eta(float64(read), float64(p.total)))
	}
	p.show(line)
}
