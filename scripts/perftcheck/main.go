// Command perftcheck builds perft suites checked against Stockfish. It is a
// development tool: the project's tests do not need it or Stockfish.
//
//	perftcheck suite [-depth 4] < positions.txt > out.perft
//	    reads lines "ID FEN" (or "FEN"), computes perft 1..depth with this
//	    engine and with sfperft, and writes the blocks on which they agree;
//	    disagreements go to stderr.
//	perftcheck random [-n 1000] [-depth 4] [-seed 1] > random.perft
//	    makes positions by random playouts from random start positions and
//	    checks them the same way.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/perft"
)

var stockfish = flag.String("stockfish", "/usr/games/stockfish", "Stockfish binary, driven over UCI in Chess960 mode as sfperft does")

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: perftcheck suite|random [flags]")
		os.Exit(2)
	}
	cmd := os.Args[1]
	os.Args = append(os.Args[:1], os.Args[2:]...)
	depth := flag.Int("depth", 4, "deepest perft")
	n := flag.Int("n", 1000, "positions to make (random)")
	seed := flag.Uint64("seed", 1, "PRNG seed (random)")
	flag.Parse()
	var agree, disagree int
	var nodes uint64
	check := func(id string, p chess.Position) {
		fen := p.FEN(chess.Chess960)
		var counts []uint64
		for d := 1; d <= *depth; d++ {
			ours := perft.Count(p, d)
			theirs, err := sf(fen, d)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s %s: sfperft depth %d: %v\n", id, fen, d, err)
				disagree++
				return
			}
			if ours != theirs {
				fmt.Fprintf(os.Stderr, "DISAGREE %s %s depth %d: ours %d stockfish %d\n", id, fen, d, ours, theirs)
				disagree++
				return
			}
			counts = append(counts, ours)
			nodes += ours
		}
		agree++
		fmt.Printf("\nid %s\nepd %s\n", id, p.FEN(chess.Standard))
		for i, c := range counts {
			fmt.Printf("perft %d %d\n", i+1, c)
		}
	}
	switch cmd {
	case "suite":
		sc := bufio.NewScanner(os.Stdin)
		for i := 1; sc.Scan(); i++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			id := "pos-" + strconv.Itoa(i)
			if f := strings.Fields(line); len(f) == 7 || len(f) == 5 {
				id, line = f[0], strings.Join(f[1:], " ")
			}
			p, err := chess.ParseFEN(line)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			check(id, p)
		}
	case "random":
		rng := rand.New(rand.NewPCG(*seed, 960))
		for i := 0; i < *n; i++ {
			p := randomPosition(rng)
			check("rnd-"+strconv.Itoa(i), p)
		}
	default:
		fmt.Fprintln(os.Stderr, "perftcheck: unknown command", cmd)
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "agree %d, disagree %d, nodes (depths 1..%d summed) %d\n", agree, disagree, *depth, nodes)
}

// engine is one Stockfish process kept open for all queries (starting one
// per query, as sfperft does, costs more than the small perfts).
type engine struct {
	in  io.WriteCloser
	out *bufio.Scanner
}

var sfEngine *engine

func (e *engine) send(s string) { io.WriteString(e.in, s+"\n") }

func (e *engine) waitFor(prefix string) (string, error) {
	for e.out.Scan() {
		if line := e.out.Text(); strings.HasPrefix(line, prefix) {
			return line, nil
		}
	}
	return "", fmt.Errorf("stockfish closed its output before %q", prefix)
}

func sf(fen string, depth int) (uint64, error) {
	if sfEngine == nil {
		cmd := exec.Command(*stockfish)
		in, err := cmd.StdinPipe()
		if err != nil {
			return 0, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return 0, err
		}
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		sfEngine = &engine{in, bufio.NewScanner(out)}
		sfEngine.send("uci")
		if _, err := sfEngine.waitFor("uciok"); err != nil {
			return 0, err
		}
		sfEngine.send("setoption name Threads value 1")
		sfEngine.send("setoption name UCI_Chess960 value true")
	}
	e := sfEngine
	e.send("isready")
	if _, err := e.waitFor("readyok"); err != nil {
		return 0, err
	}
	e.send("position fen " + fen)
	e.send("go perft " + strconv.Itoa(depth))
	line, err := e.waitFor("Nodes searched:")
	if err != nil {
		return 0, err
	}
	return strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
}

// randomPosition plays a random number of random legal moves from a random
// start position. Moves are drawn with weights that keep castling rights
// alive (king and rook moves are rare unless castling), favour pawn moves
// and captures (so that en passant and promotions come up), and it prefers
// to stop right after a double step or when a promotion is near.
func randomPosition(rng *rand.Rand) chess.Position {
	for {
		p := chess.NewPosition(chess960.MustNew(rng.IntN(960)))
		plies := 4 + rng.IntN(60)
		var ml chess.MoveList
		ok := true
		for ply := 0; ply < plies; ply++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				ok = false
				break
			}
			m := pick(rng, &p, ml.Moves())
			p.Play(m)
			if _, ep := p.EnPassantSquare(); ep && rng.IntN(2) == 0 {
				break
			}
		}
		p.LegalMoves(&ml)
		if ok && ml.Len() > 0 {
			return p
		}
	}
}

func pick(rng *rand.Rand, p *chess.Position, moves []chess.Move) chess.Move {
	weights := make([]int, len(moves))
	total := 0
	for i, m := range moves {
		w := 4
		switch pc := p.PieceAt(m.From()); {
		case m.IsCastle():
			w = 12
		case m.IsEnPassant():
			w = 60
		case m.Promotion() != chess.NoRole:
			w = 20
		case pc.Role == chess.King || pc.Role == chess.Rook && p.CastlingRooks().Has(m.From()):
			w = 1
		case pc.Role == chess.Pawn:
			w = 8
		}
		if p.PieceAt(m.To()).Role != chess.NoRole && !m.IsCastle() {
			w += 3
		}
		weights[i] = w
		total += w
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return moves[i]
		}
		r -= w
	}
	return moves[len(moves)-1]
}
