package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/chess960/chess960"
)

func init() {
	register(&command{
		name: "book", args: "(--all | --sample N [--seed S]) [--dfrc] [--exclude LIST] [--format epd|pgn] [--castling xfen|shredder] [--ids] [-o FILE]",
		summary: "write an opening book of start positions for cutechess-cli, fastchess and OpenBench",
		detail: `--all writes every start: the 960 in Scharnagl order (line n is position n - 1, as
Stockfish's FRC_openings.epd orders them), or with --dfrc the 921,600 Double Fischer
Random starts in the order of their index W x 960 + B (Stockfish's DFRC_openings.epd).
--sample N writes N different starts drawn uniformly (as random --unique draws them; with
--seed S reproducibly, and --exclude as random takes it), in the order drawn.

--format epd (the default) writes one FEN per line ("... w KQkq - 0 1"); with --ids, the
four EPD fields and an id opcode, id "518" or id "DFRC 502:532". --format pgn writes one
game per start with the Event, Round (the line's number), Variant, SetUp, FEN and Result
tags and no moves. --castling shredder writes the castling field as the rooks' files
(HAha) instead of KQkq, which is never ambiguous in a start.

Still to come (issue 20): balanced books from an engine's scores, extending the lines by
engine or random plies, and "book check" and "book fix" for the files people exchange.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			all := boolFlag(fs, "all", "write every start")
			sample := numberFlag(fs, "sample", 0, 1, chess960.DFRCCount, "write `N` different starts drawn at random")
			seed := fs.String("seed", "", "with --sample: draw reproducibly from this text `S`")
			dfrc := boolFlag(fs, "dfrc", "Double Fischer Random starts (White's and Black's ranks apart)")
			exclude := fs.String("exclude", "", "with --sample: never draw these, a `LIST` as random --exclude takes it")
			format := choiceFlag(fs, "format", "epd", []string{"epd", "pgn"}, nil, "the book's format")
			castling := castlingFlag(fs, "the castling field: KQkq (xfen) or the rooks' files (shredder)")
			ids := boolFlag(fs, "ids", "EPD: write the four fields and an id opcode naming the start")
			out := fs.String("o", "", "write to `FILE` instead of stdout")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				switch {
				case *all == flagSet(fs, "sample"):
					return usagef("give one of --all and --sample N")
				case *all && (flagSet(fs, "seed") || flagSet(fs, "exclude")):
					return usagef("--seed and --exclude go with --sample")
				case *ids && format.v != "epd":
					return usagef("--ids goes with --format epd")
				}
				var next func() (chess960.DFRC, bool)
				n := int(sample.n)
				if *all {
					n = chess960.Count
					if *dfrc {
						n = chess960.DFRCCount
					}
					i := 0
					next = func() (chess960.DFRC, bool) {
						if i == n {
							return chess960.DFRC{}, false
						}
						var d chess960.DFRC
						if *dfrc {
							d, _ = chess960.DFRCFromIndex(i)
						} else {
							d = chess960.DFRC{White: chess960.MustNew(i), Black: chess960.MustNew(i)}
						}
						i++
						return d, true
					}
				} else if *dfrc {
					ex, err := chess960.ParseDFRCSet(*exclude)
					if err != nil {
						return err
					}
					dr, err := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Seeded: flagSet(fs, "seed"), Seed: *seed, Exclude: ex, Unique: true})
					if err != nil {
						return fmt.Errorf("--exclude %s: every start is excluded", quoteArg(*exclude))
					}
					if n > dr.Allowed() {
						return fmt.Errorf("--sample %d: the exclusions leave %d starts, and a book has no start twice", n, dr.Allowed())
					}
					next = func() (chess960.DFRC, bool) { return dr.Next(), true }
				} else {
					ex, err := chess960.ParseSet(*exclude)
					if err != nil {
						return err
					}
					dr, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: flagSet(fs, "seed"), Seed: *seed, Exclude: ex, Unique: true})
					if err != nil {
						return fmt.Errorf("--exclude %s: every position is excluded", quoteArg(*exclude))
					}
					if n > dr.Allowed() {
						return fmt.Errorf("--sample %d: %d start positions are allowed, and a book has no start twice (--dfrc has 921,600)", n, dr.Allowed())
					}
					next = func() (chess960.DFRC, bool) { p := dr.Next(); return chess960.DFRC{White: p, Black: p}, true }
				}
				w := e.stdout
				var f *os.File
				if *out != "" {
					var err error
					if f, err = os.Create(*out); err != nil {
						return fmt.Errorf("-o %s: %v", quoteArg(*out), err)
					}
					defer f.Close()
					bw := bufio.NewWriterSize(f, 1<<16)
					w = bw
					defer bw.Flush()
				}
				shredder := castling.v == "shredder"
				for line := 1; line <= n; line++ {
					d, ok := next()
					if !ok {
						break
					}
					if err := writeBookLine(w, d, line, format.v, shredder, *ids, *dfrc); err != nil {
						if *out != "" {
							return fmt.Errorf("-o %s: %v", quoteArg(*out), err)
						}
						return &outputError{err}
					}
				}
				if f != nil {
					if err := w.(*bufio.Writer).Flush(); err != nil {
						return fmt.Errorf("-o %s: %v", quoteArg(*out), err)
					}
					return f.Close()
				}
				return nil
			}
		},
	})
}

// writeBookLine writes one start of a book.
func writeBookLine(w io.Writer, d chess960.DFRC, line int, format string, shredder, ids, dfrc bool) error {
	fen := d.FEN()
	if shredder {
		fen = d.ShredderFEN()
	}
	name := strconv.Itoa(d.White.ID())
	if dfrc {
		name = "DFRC " + d.String()
	}
	var err error
	switch {
	case format == "pgn":
		_, err = fmt.Fprintf(w, "[Event \"%s\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"%d\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n\n",
			bookEvent(dfrc, name), line, fen)
	case ids:
		_, err = fmt.Fprintf(w, "%s id \"%s\";\n", fen[:len(fen)-len(" 0 1")], name)
	default:
		_, err = fmt.Fprintln(w, fen)
	}
	return err
}

func bookEvent(dfrc bool, name string) string {
	if dfrc {
		return name
	}
	return "Chess960 " + name
}
