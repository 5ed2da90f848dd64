package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/book"
)

func init() {
	register(&command{
		name: "book", args: "(--all | --sample N [--seed S]) [--dfrc] [--exclude LIST] [--balanced CP] [--draw-rate LO-HI] [--scores FILE] [--plies N [--play random|engine] [--engine PATH] [--depth D]] [--format epd|pgn] [--castling xfen|shredder] [--ids] [-o FILE] | check [--expect auto|positions|starts|960|dfrc] FILE... | fix FILE --castling xfen|shredder [--dedupe] [--sort] [-o FILE]",
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

--balanced CP keeps only the starts an engine scores within CP centipawns of equality, and
--draw-rate LO-HI (percent, such as 40-60) those whose draw rate, derived from the score, is
in the band. The scores are the shipped balance table (Stockfish 15.1 at depth 25) for the
960, the shipped sample of 2,000 DFRC starts for --dfrc, or --scores FILE, a table that
"chess960 balance" wrote. The draw rate is Stockfish 15.1's own WDL model at move one:
with v = cp x 3.61, White wins at the rate W(v) = 1 / (1 + exp((344.497 - v) / 73.610)),
loses at W(-v), and draws at 1 - W(v) - W(-v); 0 cp is a 99% draw rate, 50 cp 89%, 90 cp
55%, 100 cp 38%. With --all the book is every start that passes; with --sample N, N of them
drawn at random.

--plies N plays N plies from each start: random legal moves (--play random, the default;
reproducible with --seed, each line its own stream) or the moves of a UCI engine searching
to --depth D (--play engine, --engine PATH). EPD lines are then the positions reached, and
PGN games the start's FEN with the moves.

book check FILE... reads books (EPD or PGN, plain or .gz/.zst/.bz2; - is stdin) and prints
one line per problem, FILE:LINE: what: detail; fix: how, then a summary of each file,
and exits 1 when it found any. It finds unreadable lines and illegal positions, castling
rights that name no rook, K or Q where two rooks stand on that side of the king, castling
fields in neither notation, lines in the file's minority notation when X-FEN and
Shredder-FEN are mixed, duplicate positions (clocks aside), positions that are not starts
in a book of starts, the missing and extra starts and the order of a complete set, and
illegal moves in pv, bm, am, pm and sm opcodes or the PGN moves, and UCI castling written
as the king's move (e1g1) where Chess960 UCI writes king takes rook (e1h1). --expect says
what the book should hold; auto (the default) checks it as starts when its first position
is one, as the complete 960 when it holds 900 to 1,020 Chess960 starts, and as all the DFRC
starts when it holds more than 900,000, and says so in the summary.

book fix FILE --castling xfen|shredder rewrites every castling field in one notation (X-FEN
writes K or Q only where that side of the king has one rook) and UCI castling moves as king
takes rook, and with --dedupe drops repeated positions and with --sort puts the starts in
order (the other positions after them, in their order). It changes nothing else, writes to
-o FILE (replaced only when done; may be FILE itself) or stdout, and reports each change
on stderr; lines it cannot repair are left as they are and reported.`,
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
			balanced := numberFlag(fs, "balanced", -1, 0, 10000, "keep only the starts scored within `CP` centipawns of equality")
			drawRate := fs.String("draw-rate", "", "keep only the starts whose draw rate, from their score, is in the band `LO-HI` percent")
			scores := fs.String("scores", "", "the scores for --balanced and --draw-rate: a balance table `FILE` (default: the shipped one)")
			plies := numberFlag(fs, "plies", 0, 0, 400, "play `N` plies from each start")
			play := choiceFlag(fs, "play", "random", []string{"random", "engine"}, nil, "with --plies: random moves or an engine's")
			enginePath := engineFlag(fs)
			depth := numberFlag(fs, "depth", 10, 1, 100, "with --play engine: the search depth `D` of each move")
			expect := choiceFlag(fs, "expect", "auto", []string{"auto", "positions", "starts", "960", "dfrc"}, map[string]string{"chess960": "960"}, "check: what the book should hold")
			dedupe := boolFlag(fs, "dedupe", "fix: drop repeated positions")
			sorted := boolFlag(fs, "sort", "fix: put the starts in their order")
			return func(e *env, args []string) error {
				if len(args) > 0 && (args[0] == "check" || args[0] == "fix") {
					allowed := map[string]bool{"expect": args[0] == "check", "castling": args[0] == "fix", "dedupe": args[0] == "fix", "sort": args[0] == "fix", "o": args[0] == "fix"}
					var bad []string
					fs.Visit(func(fl *flag.Flag) {
						if !allowed[fl.Name] {
							bad = append(bad, "--"+fl.Name)
						}
					})
					if len(bad) > 0 {
						return usagef("book %s does not take %s", args[0], strings.Join(bad, ", "))
					}
					if args[0] == "check" {
						return bookCheck(e, args[1:], expect.v)
					}
					if !flagSet(fs, "castling") {
						return usagef("book fix needs --castling xfen or --castling shredder (the notation to write throughout)")
					}
					return bookFix(e, args[1:], castling.v, *dedupe, *sorted, *out)
				}
				switch {
				case flagSet(fs, "expect") || *dedupe || *sorted:
					return usagef("--expect goes with book check, --dedupe and --sort with book fix")
				}
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				switch {
				case *all == flagSet(fs, "sample"):
					return usagef("give one of --all and --sample N")
				case *all && flagSet(fs, "exclude"):
					return usagef("--exclude goes with --sample")
				case *all && flagSet(fs, "seed") && (plies.n == 0 || play.v != "random"):
					return usagef("--seed goes with --sample, or with --plies N for the random plies")
				case *ids && format.v != "epd":
					return usagef("--ids goes with --format epd")
				}
				filtered := flagSet(fs, "balanced") || *drawRate != ""
				if flagSet(fs, "scores") && !filtered {
					return usagef("--scores goes with --balanced or --draw-rate")
				}
				if (flagSet(fs, "play") || flagSet(fs, "depth") || flagSet(fs, "engine")) && plies.n == 0 {
					return usagef("--play, --engine and --depth go with --plies N")
				}
				if play.v == "random" && (flagSet(fs, "depth") || flagSet(fs, "engine")) {
					return usagef("--engine and --depth go with --play engine")
				}
				// The starts the book may hold: every one, or those the
				// scores call balanced.
				sel := book.Selection{All: *all, Sample: int(sample.n), Seeded: flagSet(fs, "seed"), Seed: *seed, DFRC: *dfrc, Exclude: *exclude}
				what := ""
				if filtered {
					f := book.ScoreFilter{MaxCP: int(balanced.n)}
					if *drawRate != "" {
						var err error
						if f.DrawLo, f.DrawHi, err = book.ParseDrawRate(*drawRate); err != nil {
							return fmt.Errorf("--draw-rate %w", err)
						}
						f.ByRate = true
					}
					sc, name, err := bookScores(*scores, *dfrc)
					if err != nil {
						return err
					}
					what = name
					var a960 chess960.Set
					var adfrc chess960.DFRCSet
					for d, s := range sc {
						if !f.Keep(s) {
							continue
						}
						if *dfrc {
							adfrc.Add(d)
						} else {
							a960.Add(d.White)
						}
					}
					if a960.Len()+adfrc.Len() == 0 {
						return fmt.Errorf("no start of %s passes %s", what, filterText(fs, *drawRate, int(balanced.n)))
					}
					sel.Allowed960, sel.AllowedDFRC = &a960, &adfrc
				}
				next, n, err := sel.Starts()
				var few *book.TooFewError
				switch {
				case errors.As(err, &few) && few.Filtered:
					return fmt.Errorf("--sample %d: %d starts of %s pass %s (and --exclude), and a book has no start twice", few.Sample, few.Allowed, what, filterText(fs, *drawRate, int(balanced.n)))
				case errors.As(err, &few) && *dfrc:
					return fmt.Errorf("--sample %d: the exclusions leave %d starts, and a book has no start twice", few.Sample, few.Allowed)
				case errors.As(err, &few):
					return fmt.Errorf("--sample %d: %d start positions are allowed, and a book has no start twice (--dfrc has 921,600)", few.Sample, few.Allowed)
				case errors.Is(err, book.ErrAllExcluded) && *dfrc:
					return fmt.Errorf("--exclude %s: every start is excluded", quoteArg(*exclude))
				case errors.Is(err, book.ErrAllExcluded):
					return fmt.Errorf("--exclude %s: every position is excluded", quoteArg(*exclude))
				case err != nil:
					return err
				}
				var pp *book.Plies
				pctx := context.Background()
				if plies.n > 0 {
					pp = &book.Plies{N: int(plies.n), Random: play.v == "random", Seed: *seed, Depth: int(depth.n)}
					if pp.Random && !flagSet(fs, "seed") {
						pp.Seed = drawSeed()
					}
					if !pp.Random {
						path, err := findEngine(*enginePath)
						if err != nil {
							return err
						}
						ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
						defer stop()
						en, err := startEngine(ctx, path, nil, nil)
						if err != nil {
							return err
						}
						defer en.Close()
						pp.Engine = en
						pctx = ctx
					}
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
				o := book.WriterOptions{Shredder: castling.v == "shredder", IDs: *ids, DFRC: *dfrc, Plies: pp != nil}
				if format.v == "pgn" {
					o.Format = book.PGN
				}
				bw := book.NewWriter(w, o)
				for line := 1; line <= n; line++ {
					d, ok := next()
					if !ok {
						break
					}
					var moves []chess.Move
					if pp != nil {
						start := chess.MustParseFEN(d.ShredderFEN())
						if moves, _, err = pp.Play(pctx, start, line); err != nil {
							return err
						}
					}
					if err := bw.Write(d, line, moves); err != nil {
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
