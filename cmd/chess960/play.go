package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

// positionArg reads a position given as a FEN, "-" (a FEN line on stdin), or
// a start position (a Scharnagl number, "SP-N", a back rank, or "startpos").
func positionArg(e *env, a string) (chess.Position, error) {
	s, err := readArg(e, a)
	if err != nil {
		return chess.Position{}, err
	}
	if strings.Contains(s, "/") {
		return chess.ParseFEN(s)
	}
	if strings.EqualFold(s, "startpos") {
		return chess.NewPosition(chess960.Standard), nil
	}
	sp, err := chess960.Parse(s)
	if err != nil {
		return chess.Position{}, fmt.Errorf("position %q: want a FEN (quoted), a start position number 0..959 or a back rank such as RNBQKBNR", s)
	}
	note960(e, s)
	return chess.NewPosition(sp), nil
}

// joinFEN rejoins a FEN that arrived unquoted as several arguments: the
// board field followed by the side to move and the other fields.
func joinFEN(args []string) []string {
	if len(args) < 2 || !strings.Contains(args[0], "/") || (args[1] != "w" && args[1] != "b") {
		return args
	}
	n := 2
	for n < len(args) && n < 6 && looksLikeFENField(n, args[n]) {
		n++
	}
	return append([]string{strings.Join(args[:n], " ")}, args[n:]...)
}

func looksLikeFENField(i int, s string) bool {
	switch i {
	case 2: // castling
		return s == "-" || strings.Trim(s, "KQkqABCDEFGHabcdefgh") == ""
	case 3: // en passant
		return s == "-" || (len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && (s[1] == '3' || s[1] == '6'))
	default: // counters
		_, err := strconv.Atoi(s)
		return err == nil
	}
}

func castlingStyle(s string) (chess960.CastlingMode, error) {
	switch strings.ToLower(s) {
	case "xfen", "x-fen":
		return chess960.XFEN, nil
	case "shredder":
		return chess960.Shredder, nil
	}
	return 0, fmt.Errorf("--castling %q: unknown style: want xfen or shredder", s)
}

// positionAndStyle checks the arguments of fen and play (the position first,
// at most max in all; -1: no limit) and reads the position and the castling
// style of the output.
func positionAndStyle(e *env, args []string, max int, castling string) (chess.Position, chess960.CastlingMode, error) {
	if err := wantArgs(args, 1, max, "FEN"); err != nil {
		return chess.Position{}, 0, err
	}
	style, err := castlingStyle(castling)
	if err != nil {
		return chess.Position{}, 0, err
	}
	p, err := positionArg(e, args[0])
	return p, style, err
}

type fenJSON struct {
	FEN          string   `json:"fen"`
	XFEN         string   `json:"xfen"`
	ShredderFEN  string   `json:"shredderFen"`
	Turn         string   `json:"turn"`
	Check        bool     `json:"check"`
	LegalMoves   int      `json:"legalMoves"`
	Status       string   `json:"status"`
	Result       string   `json:"result"`
	Claimable    []string `json:"claimable,omitempty"`
	StartPos     *int     `json:"startPos,omitempty"`
	CastlingRook []string `json:"castlingRooks"`
}

func describe(g *chess.Game, style chess960.CastlingMode) fenJSON {
	p := g.Position()
	st := g.Status()
	j := fenJSON{FEN: p.FEN(style), XFEN: p.FEN(chess960.XFEN), ShredderFEN: p.FEN(chess960.Shredder),
		Turn: p.Turn().String(), Check: p.InCheck(), LegalMoves: p.CountLegalMoves(),
		Status: st.Outcome.Termination.String(), Result: st.Outcome.Result.String(), CastlingRook: []string{}}
	for _, c := range st.Claims {
		if c.Move == 0 {
			j.Claimable = append(j.Claimable, c.Termination.String()+" (claimable)")
		}
	}
	if sp, err := chess960.ParseFEN(j.XFEN); err == nil {
		id := sp.ID()
		j.StartPos = &id
	}
	for b := p.CastlingRooks(); b != 0; b &= b - 1 {
		j.CastlingRook = append(j.CastlingRook, b.First().String())
	}
	return j
}

func writeStatusText(e *env, j fenJSON) {
	fmt.Fprintln(e.stdout, j.FEN)
	state := j.Status
	if j.Status == "ongoing" {
		state = j.Turn + " to move"
		if j.Check {
			state += ", in check"
		}
		state += fmt.Sprintf(", %d legal moves", j.LegalMoves)
	}
	fmt.Fprintf(e.stdout, "status: %s (%s)\n", state, j.Result)
	if len(j.Claimable) > 0 {
		fmt.Fprintf(e.stdout, "claimable: %s\n", strings.Join(j.Claimable, ", "))
	}
	if j.StartPos != nil {
		fmt.Fprintf(e.stdout, "start position: %d\n", *j.StartPos)
	}
}

func init() {
	register(&command{
		name: "fen", args: "FEN [--castling xfen|shredder] [--json]",
		summary: "validate a FEN and print it normalised",
		detail: `Reads castling rights in KQkq, X-FEN and Shredder-FEN form (and mixtures) and writes
them in the chosen style. Refuses impossible positions, naming the rule that breaks.
FEN may also be "-" (read from stdin), a start-position number or a back rank.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			castling := fs.String("castling", "xfen", "castling style of the output: xfen or shredder")
			asJSON := fs.Bool("json", false, "print a JSON object with both styles and the game state")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				p, style, err := positionAndStyle(e, args, 1, *castling)
				if err != nil {
					return err
				}
				j := describe(chess.NewGame(p), style)
				if *asJSON {
					return writeJSON(e.stdout, j)
				}
				fmt.Fprintln(e.stdout, j.FEN)
				return nil
			}
		},
	})
	register(&command{
		name: "moves", args: "FEN [--uci|--san] [--standard] [--json]",
		summary: "list the legal moves of a position",
		detail: `Prints one move per line: UCI (castling as king-takes-rook, e1h1) and SAN, or only
one of them with --uci or --san. --standard writes castling in UCI as the king's move (e1g1).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			uciOnly := fs.Bool("uci", false, "print UCI only")
			sanOnly := fs.Bool("san", false, "print SAN only")
			standard := fs.Bool("standard", false, "UCI castling as e1g1 (standard chess) instead of e1h1")
			asJSON := fs.Bool("json", false, "print a JSON array of {uci, san}")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "FEN"); err != nil {
					return err
				}
				if *uciOnly && *sanOnly {
					return usagef("--uci and --san exclude each other")
				}
				p, err := positionArg(e, args[0])
				if err != nil {
					return err
				}
				type mv struct {
					UCI string `json:"uci"`
					SAN string `json:"san"`
				}
				var list []mv
				for _, m := range p.AppendLegalMoves(nil) {
					list = append(list, mv{m.UCI(map[bool]chess.CastlingMode{false: chess.Chess960, true: chess.Standard}[*standard]), p.SAN(m)})
				}
				sort.Slice(list, func(i, j int) bool { return list[i].UCI < list[j].UCI })
				if *asJSON {
					if list == nil {
						list = []mv{}
					}
					return writeJSON(e.stdout, list)
				}
				for _, m := range list {
					switch {
					case *uciOnly:
						fmt.Fprintln(e.stdout, m.UCI)
					case *sanOnly:
						fmt.Fprintln(e.stdout, m.SAN)
					default:
						fmt.Fprintf(e.stdout, "%-6s %s\n", m.UCI, m.SAN)
					}
				}
				return nil
			}
		},
	})
	register(&command{
		name: "play", args: "FEN MOVE... [--castling xfen|shredder] [--json]",
		summary: "play moves (SAN or UCI) from a position; print the FEN and the game state",
		detail: `FEN may also be a start-position number (518), a back rank or "startpos"; quote a FEN.
Moves are SAN (Nf3, O-O, exd6, e8=Q) or UCI (g1f3, e1h1 or e1g1, e7e8q).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			castling := fs.String("castling", "xfen", "castling style of the FEN: xfen or shredder")
			asJSON := fs.Bool("json", false, "print a JSON object")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				p, style, err := positionAndStyle(e, args, -1, *castling)
				if err != nil {
					return err
				}
				g := chess.NewGame(p)
				var sans, ucis []string
				for i, s := range args[1:] {
					before := g.Position()
					m, err := g.PlayText(s)
					if err != nil {
						var me *chess.MoveError
						if errors.As(err, &me) {
							return fmt.Errorf("move %d %q: %v: %s (in %s)", i+1, s, me.Err, me.Detail, before.FEN(style))
						}
						return fmt.Errorf("move %d: %v", i+1, err)
					}
					sans = append(sans, before.SAN(m))
					ucis = append(ucis, m.UCI(chess.Chess960))
				}
				j := describe(g, style)
				if *asJSON {
					return writeJSON(e.stdout, struct {
						fenJSON
						SAN []string `json:"san"`
						UCI []string `json:"uci"`
					}{j, nonNil(sans), nonNil(ucis)})
				}
				writeStatusText(e, j)
				if len(sans) > 0 {
					fmt.Fprintf(e.stdout, "moves: %s\n", movetext(p, sans))
				}
				return nil
			}
		},
	})
	register(&command{
		name: "perft", args: "(--fen FEN | --pos N) --depth D [--divide] [--threads N] [--hash MB] [--json] | --suite FILE [--max-nodes N] [--threads N]",
		summary: "count the leaf nodes of the legal move tree (perft), or check a .perft suite",
		detail: `With --divide, prints the count below each legal move (Chess960 UCI). --threads sets
how many CPUs count (default: all); the counts do not depend on it. --hash MB keeps
the counts of subtrees in a table of that size, shared by the threads, to count
positions reached again by another move order once (faster at depth 7 and more; a
table entry is trusted on its 64-bit key). With --suite, runs every position of a
.perft file at each depth whose expected count is at most --max-nodes (counts of
100,000 and more on --threads CPUs), reports every mismatch and exits 1 if there is any.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fen := fs.String("fen", "", "the position (FEN)")
			pos := fs.String("pos", "", "the position: a start position number (0..959)")
			depth := fs.Int("depth", 0, "depth in plies (0..15)")
			divide := fs.Bool("divide", false, "also count below each root move")
			asJSON := fs.Bool("json", false, "print a JSON object")
			threads := fs.Int("threads", 0, "goroutines counting in parallel (0: one per CPU)")
			hashMB := fs.Int("hash", 0, "transposition table size in MB (0: none)")
			suite := fs.String("suite", "", "a .perft suite file to check")
			maxNodes := fs.Uint64("max-nodes", 10_000_000, "with --suite: skip expected counts above this (0: no limit)")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				if *suite != "" {
					if *fen != "" || *pos != "" {
						return usagef("--suite excludes --fen and --pos")
					}
					return runSuite(e, *suite, *maxNodes, *threads, *asJSON)
				}
				if (*fen == "") == (*pos == "") {
					return usagef("give exactly one of --fen, --pos or --suite")
				}
				set := false
				fs.Visit(func(f *flag.Flag) { set = set || f.Name == "depth" })
				if !set {
					return usagef("missing --depth")
				}
				if *depth < 0 || *depth > 15 {
					return fmt.Errorf("--depth %d: out of range: must be 0..15", *depth)
				}
				var p chess.Position
				if *fen != "" {
					s, err := readArg(e, *fen)
					if err != nil {
						return err
					}
					if p, err = chess.ParseFEN(s); err != nil {
						return err
					}
				} else {
					sp, err := chess960.ParseID(*pos)
					if err != nil {
						return err
					}
					note960(e, *pos)
					p = chess.NewPosition(sp)
				}
				if *threads < 0 {
					return fmt.Errorf("--threads %d: out of range: must be 0 or more", *threads)
				}
				if limit := maxHashMB(); *hashMB < 0 || *hashMB > limit {
					return fmt.Errorf("--hash %d: out of range: must be 0..%d (MB; at most three quarters of the memory available)", *hashMB, limit)
				}
				return runPerft(e, p, *depth, *threads, *hashMB, *divide, *asJSON)
			}
		},
	})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// movetext numbers SAN moves as in PGN: "1. e4 e5 2. Nf3", or "3... Nc6 4. ...".
func movetext(start chess.Position, sans []string) string {
	var b strings.Builder
	n := start.Fullmove()
	black := start.Turn() == chess.Black
	for i, s := range sans {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case !black:
			fmt.Fprintf(&b, "%d. ", n)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", n)
		}
		b.WriteString(s)
		if black {
			n++
		}
		black = !black
	}
	return b.String()
}

func runPerft(e *env, p chess.Position, depth, threads, hashMB int, divide, asJSON bool) error {
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	divideFn := perft.DivideParallel
	if hashMB > 0 {
		divideFn = perft.NewTable(hashMB).DivideParallel
	}
	start := time.Now()
	nodes := uint64(1)
	var div []perft.Entry
	if depth > 0 {
		div = divideFn(p, depth, threads)
		nodes = 0
		for _, d := range div {
			nodes += d.Nodes
		}
	}
	el := time.Since(start)
	nps := float64(nodes) / el.Seconds()
	if asJSON {
		out := map[string]any{"fen": p.FEN(chess960.Shredder), "depth": depth, "nodes": nodes,
			"threads": threads, "hash_mb": hashMB, "seconds": el.Seconds(), "nps": int64(nps)}
		if divide {
			m := map[string]uint64{}
			for _, d := range div {
				m[d.Move.UCI(chess.Chess960)] = d.Nodes
			}
			out["divide"] = m
		}
		return writeJSON(e.stdout, out)
	}
	if divide {
		for _, d := range div {
			fmt.Fprintf(e.stdout, "%s: %d\n", d.Move.UCI(chess.Chess960), d.Nodes)
		}
		fmt.Fprintf(e.stdout, "\nmoves: %d\n", len(div))
	}
	fmt.Fprintf(e.stdout, "nodes: %d\n", nodes)
	fmt.Fprintf(e.stdout, "time:  %.3fs (%.1f Mnodes/s)\n", el.Seconds(), nps/1e6)
	return nil
}

func runSuite(e *env, file string, maxNodes uint64, threads int, asJSON bool) error {
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("--suite %q: %v", file, err)
	}
	defer f.Close()
	entries, err := perft.ReadSuite(f, file)
	if err != nil {
		return err
	}
	start := time.Now()
	var nodes, checked uint64
	var mismatches []string
	for _, en := range entries {
		p, err := chess.ParseFEN(en.FEN)
		if err != nil {
			mismatches = append(mismatches, fmt.Sprintf("%s (line %d): %v", en.ID, en.Line, err))
			continue
		}
		for i, want := range en.Counts {
			if want == 0 {
				continue
			}
			if maxNodes != 0 && want > maxNodes {
				break
			}
			var got uint64
			if want < 100_000 || threads == 1 {
				got = perft.Count(p, i+1) // small trees: not worth the goroutines
			} else {
				got = perft.CountParallel(p, i+1, threads)
			}
			nodes += got
			checked++
			if got != want {
				mismatches = append(mismatches, fmt.Sprintf("%s (line %d) depth %d: got %d, want %d: %s", en.ID, en.Line, i+1, got, want, en.FEN))
			}
		}
	}
	el := time.Since(start)
	if asJSON {
		if err := writeJSON(e.stdout, map[string]any{"suite": file, "positions": len(entries), "counts": checked,
			"nodes": nodes, "seconds": el.Seconds(), "mismatches": nonNil(mismatches)}); err != nil {
			return err
		}
	} else {
		for _, m := range mismatches {
			fmt.Fprintln(e.stdout, "MISMATCH "+m)
		}
		fmt.Fprintf(e.stdout, "%s: %d positions, %d counts checked, %d nodes, %d mismatches, %.1fs (%.1f Mnodes/s)\n",
			file, len(entries), checked, nodes, len(mismatches), el.Seconds(), float64(nodes)/el.Seconds()/1e6)
	}
	if len(mismatches) > 0 {
		return fmt.Errorf("--suite %q: %d mismatches", file, len(mismatches))
	}
	return nil
}

// maxHashMB is the largest --hash accepted: three quarters of the memory
// available (Linux: MemAvailable in /proc/meminfo), and never above 1 TiB.
// The table's size is rounded down to a power of two, so this only refuses
// sizes that could not be allocated, which would crash the program.
func maxHashMB() int {
	limit := 1 << 20
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return limit
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemAvailable:" {
			if kb, err := strconv.Atoi(f[1]); err == nil {
				limit = min(limit, kb/1024*3/4)
			}
		}
	}
	return limit
}
