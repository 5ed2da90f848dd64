// Command fakeengine is a UCI engine for the tests of package uci (and of
// the packages and commands that drive engines). It plays legal moves (from
// package chess) without thinking, and misbehaves as its flags ask: slowly,
// crashing, with odd spacing or unknown words, with illegal moves, without
// uciok, with garbage, and with planted move generation bugs in "go
// perft". It never waits for a length of time: a test that needs it to be
// at some point mid-search gets a signal instead (-stall-at with -signal).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/chess960/chess960/chess"
)

var (
	name      = flag.String("name", "Fake 1.0", "id name")
	no960     = flag.Bool("no960", false, "declare no UCI_Chess960 option")
	noUCIOK   = flag.Bool("nouciok", false, "never answer uciok")
	exitUCI   = flag.Bool("exit-on-uci", false, "write to stderr and exit 2 on uci")
	garbage   = flag.Bool("garbage", false, "print binary garbage when told to go")
	longLine  = flag.Bool("longline", false, "print a 2 MB line when told to go")
	spacing   = flag.Bool("spacing", false, "odd spacing in every line")
	unknown   = flag.Bool("unknown", false, "unknown words in info lines")
	slow      = flag.Bool("slow", false, "search until told to stop")
	hang      = flag.Bool("hang", false, "search until killed, ignoring stop")
	crash     = flag.Bool("crash", false, "crash in the middle of a search")
	bestmove  = flag.String("bestmove", "", "the bestmove to print (\"castle\": the first castling move)")
	ponder    = flag.String("ponder", "", "the ponder move to print")
	pvText    = flag.String("pv", "", "the pv to print")
	mate      = flag.Int("mate", 0, "report score mate N")
	wrongCast = flag.Bool("standard-castling", false, "write castling as the king's move even with UCI_Chess960")
	perftFmt  = flag.String("perft", "sf", "divide format: sf, space, colon, dash, nototal, total")
	async     = flag.Bool("async", false, "count perft on another goroutine, answering the isready after it first (as Stockfish does)")
	bug       = flag.String("bug", "", "planted move generation bug: castle-static-king, ep-pin, promo-capture-knight")
	stallAt   = flag.Int("stall-at", 0, "search until told to stop in the `N`-th search (1 is the first), after writing a line to -signal")
	signal    = flag.String("signal", "", "the `FILE` (or named pipe) -stall-at writes its line to")
)

var (
	outMu    sync.Mutex
	out      = bufio.NewWriter(os.Stdout)
	chess960 bool
	multiPV  = 1
)

func say(format string, a ...any) {
	s := fmt.Sprintf(format, a...)
	if *spacing {
		s = "  " + strings.ReplaceAll(s, " ", " \t  ") + " \t"
	}
	outMu.Lock()
	out.WriteString(s + "\n")
	out.Flush()
	outMu.Unlock()
}

func mode() chess.CastlingMode {
	if chess960 && !*wrongCast {
		return chess.Chess960
	}
	return chess.Standard
}

func main() {
	flag.Parse()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	var pos chess.Position
	var last chess.Move
	var lastFrom chess.Position
	var stop chan struct{}
	var searching sync.WaitGroup
	var afterReady []chan struct{} // async divides waiting for the next readyok
	searches := 0
	say("%s by the chess960 tests", *name)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if *exitUCI {
				fmt.Fprintln(os.Stderr, "fakeengine: cannot load network file nn-0000.nnue")
				os.Exit(2)
			}
			say("id name %s", *name)
			say("id author the chess960 tests")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name Skill Level type spin default 20 min 0 max 20")
			say("option name MultiPV type spin default 1 min 1 max 10")
			say("option name Style type combo default Normal var Solid var Normal var Risky")
			say("option name Clear Hash type button")
			say("option name Debug Log File type string default ")
			if !*no960 {
				say("option name UCI_Chess960 type check default false")
			}
			if !*noUCIOK {
				say("uciok")
			}
		case "isready":
			say("readyok")
			for _, c := range afterReady {
				close(c)
			}
			afterReady = nil
		case "setoption":
			line := strings.Join(f, " ")
			if strings.HasPrefix(line, "setoption name UCI_Chess960 value ") {
				chess960 = strings.HasSuffix(line, "true")
			}
			if v, ok := strings.CutPrefix(line, "setoption name MultiPV value "); ok {
				multiPV, _ = strconv.Atoi(v)
			}
			if strings.HasPrefix(line, "setoption name Skill Level value ") || strings.HasPrefix(line, "setoption name Style value ") {
				say("info string set %s", strings.TrimPrefix(line, "setoption name "))
			}
		case "ucinewgame":
		case "position":
			var err error
			pos, last, lastFrom, err = readPosition(f[1:])
			if err != nil {
				fmt.Fprintln(os.Stderr, "fakeengine:", err)
				os.Exit(4)
			}
		case "go":
			if len(f) > 2 && f[1] == "perft" {
				depth, _ := strconv.Atoi(f[2])
				p, l, lf := pos, last, lastFrom
				if *async {
					ready := make(chan struct{})
					afterReady = append(afterReady, ready)
					searching.Add(1)
					go func() {
						defer searching.Done()
						<-ready
						divide(p, l, lf, depth)
					}()
				} else {
					divide(p, l, lf, depth)
				}
				continue
			}
			stop = make(chan struct{})
			searches++
			stall := searches == *stallAt
			searching.Add(1)
			go func(p chess.Position, stop chan struct{}) {
				defer searching.Done()
				search(p, f[1:], stop, stall)
			}(pos, stop)
		case "stop":
			if stop != nil && !*hang {
				close(stop)
				stop = nil
			}
		case "ponderhit":
			say("info string ponderhit")
		case "quit":
			searching.Wait()
			return
		}
	}
}

func readPosition(f []string) (chess.Position, chess.Move, chess.Position, error) {
	var pos chess.Position
	i := 0
	switch {
	case len(f) > 0 && f[0] == "startpos":
		pos = chess.MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		i = 1
	case len(f) > 0 && f[0] == "fen":
		j := 1
		for j < len(f) && f[j] != "moves" {
			j++
		}
		var err error
		if pos, err = chess.ParseFEN(strings.Join(f[1:j], " ")); err != nil {
			return pos, 0, pos, err
		}
		i = j
	default:
		return pos, 0, pos, fmt.Errorf("bad position command %q", strings.Join(f, " "))
	}
	var last chess.Move
	var lastFrom chess.Position
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := pos.ParseUCI(s)
			if err != nil {
				return pos, 0, pos, err
			}
			// Be strict, as an engine would misread the other form.
			if want := m.UCI(mode()); want != s {
				return pos, 0, pos, fmt.Errorf("castling %q: want %q in this mode", s, want)
			}
			lastFrom, last = pos, m
			pos.Play(m)
		}
	}
	return pos, last, lastFrom, nil
}

// line returns a legal line from p: the first legal move (in UCI order)
// each time, up to n moves.
func line(p chess.Position, n int) []chess.Move {
	var pv []chess.Move
	for range n {
		ms := sorted(p)
		if len(ms) == 0 {
			break
		}
		pv = append(pv, ms[0])
		p.Play(ms[0])
	}
	return pv
}

func sorted(p chess.Position) []chess.Move {
	ms := p.AppendLegalMoves(nil)
	sort.Slice(ms, func(i, j int) bool { return ms[i].UCI(chess.Chess960) < ms[j].UCI(chess.Chess960) })
	return ms
}

func text(ms []chess.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.UCI(mode())
	}
	return strings.Join(s, " ")
}

func search(p chess.Position, args []string, stop chan struct{}, stall bool) {
	depth := 3
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "depth" {
			depth, _ = strconv.Atoi(args[i+1])
			depth = min(depth, 6)
		}
	}
	if *garbage {
		say("info depth 1 \x00\x01\xfe\xff")
	}
	if *longLine {
		say("info string %s", strings.Repeat("x", 2<<20))
	}
	ms := sorted(p)
	pvFor := func(k int) []chess.Move {
		if k >= len(ms) {
			return nil
		}
		q := p
		q.Play(ms[k])
		return append([]chess.Move{ms[k]}, line(q, 3)...)
	}
	for d := 1; d <= depth; d++ {
		for k := 1; k <= multiPV; k++ {
			pv := text(pvFor(k - 1))
			if *pvText != "" && k == 1 {
				pv = *pvText
			}
			score := fmt.Sprintf("cp %d", 20*d-15*k)
			if *mate != 0 {
				score = fmt.Sprintf("mate %d", *mate)
			}
			extra := ""
			if *unknown {
				extra = " foo 12 bar wdl 400 300 300 sbhits 0 cpuload 500 currline 1 e2e4 e7e5 refutation d1h5 g7g6"
			}
			if len(ms) == 0 {
				say("info depth 0 score mate 0")
				break
			}
			say("info depth %d seldepth %d multipv %d score %s%s nodes %d nps 1000 hashfull 1 tbhits 0 time %d pv %s",
				d, d+2, k, score, extra, 100*d, d, pv)
		}
		if *crash && d == 1 {
			fmt.Fprintln(os.Stderr, "fakeengine: segmentation fault (planted)")
			os.Exit(3)
		}
		if *unknown {
			say("info depth %d currmove %s currmovenumber 1 newfield x", d, text(ms[:min(1, len(ms))]))
		}
	}
	if stall {
		signalStall()
	}
	if *slow || *hang || stall {
		<-stop
		if *hang {
			select {}
		}
	}
	best := ""
	pond := ""
	if pv := pvFor(0); len(pv) > 0 {
		best = pv[0].UCI(mode())
		if len(pv) > 1 {
			pond = pv[1].UCI(mode())
		}
	} else {
		best = "(none)"
	}
	if *bestmove == "castle" {
		for _, m := range ms {
			if m.IsCastle() {
				best = m.UCI(mode())
				pond = ""
				break
			}
		}
	} else if *bestmove != "" {
		best, pond = *bestmove, ""
	}
	if *ponder != "" {
		pond = *ponder
	}
	if pond != "" {
		say("bestmove %s ponder %s", best, pond)
	} else {
		say("bestmove %s", best)
	}
}

// signalStall writes a line to the -signal file: opening a named pipe
// waits for the test to open it for reading.
func signalStall() {
	if *signal == "" {
		return
	}
	f, err := os.OpenFile(*signal, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakeengine: -signal:", err)
		os.Exit(5)
	}
	fmt.Fprintf(f, "stalled at search %d\n", *stallAt)
	f.Close()
}

// gen returns the moves of the fake's move generator: the legal moves,
// changed by the planted bug, as text (invented moves cannot be played).
func gen(p chess.Position, last chess.Move, lastFrom chess.Position) (legal []chess.Move, invented []string) {
	for _, m := range p.AppendLegalMoves(nil) {
		switch *bug {
		case "castle-static-king":
			if m.IsCastle() && m.KingTo() == m.From() {
				continue
			}
		case "promo-capture-knight":
			if m.Promotion() == chess.Knight && p.PieceAt(m.To()).Role != chess.NoRole {
				continue
			}
		}
		legal = append(legal, m)
	}
	if *bug == "ep-pin" && last != 0 && lastFrom.PieceAt(last.From()).Role == chess.Pawn {
		from, to := last.From(), last.To()
		if d := int(to.Rank()) - int(from.Rank()); d == 2 || d == -2 {
			behind := chess.SquareAt(to.File(), (to.Rank()+from.Rank())/2)
			for _, df := range []int{-1, 1} {
				f := to.File() + df
				if f < 0 || f > 7 {
					continue
				}
				sq := chess.SquareAt(f, to.Rank())
				if pc := p.PieceAt(sq); pc.Role != chess.Pawn || pc.Color != p.Turn() {
					continue
				}
				have := false
				for _, m := range legal {
					if m.From() == sq && m.IsEnPassant() {
						have = true
					}
				}
				if !have {
					// Forgets that the capture may leave the king in check.
					invented = append(invented, sq.String()+behind.String())
				}
			}
		}
	}
	return legal, invented
}

func count(p chess.Position, depth int, last chess.Move, lastFrom chess.Position) uint64 {
	legal, invented := gen(p, last, lastFrom)
	if depth <= 1 {
		return uint64(len(legal) + len(invented))
	}
	n := uint64(len(invented)) // an invented move cannot be played: count it once
	for _, m := range legal {
		q := p
		q.Play(m)
		n += count(q, depth-1, m, p)
	}
	return n
}

func divide(p chess.Position, last chess.Move, lastFrom chess.Position, depth int) {
	legal, invented := gen(p, last, lastFrom)
	type entry struct {
		move string
		n    uint64
	}
	var es []entry
	for _, m := range legal {
		n := uint64(1)
		if depth > 1 {
			q := p
			q.Play(m)
			n = count(q, depth-1, m, p)
		}
		es = append(es, entry{m.UCI(mode()), n})
	}
	for _, s := range invented {
		es = append(es, entry{s, 1})
	}
	var total uint64
	for _, e := range es {
		total += e.n
		switch *perftFmt {
		case "space":
			say("%s %d", e.move, e.n)
		case "colon":
			say("%s:%d", e.move, e.n)
		case "dash":
			say("%s - %d nodes", e.move, e.n)
		default:
			say("%s: %d", e.move, e.n)
		}
	}
	switch *perftFmt {
	case "sf":
		say("")
		say("Nodes searched: %d", total)
	case "space":
		say("Total: %d", total)
	case "colon", "dash":
		say("nodes %d", total)
	case "total":
		say("")
		say("Perft %d total time 0 ms", depth)
		say("Total nodes: %d", total)
	case "nototal":
	}
}
