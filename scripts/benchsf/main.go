// Command benchsf times chess960's perft against Stockfish's "go perft",
// side by side on the same CPU, and the parallel perft against the
// machine's capacity. It is run by scripts/bench-vs-stockfish, which builds
// the chess960 binary it times; it installs nothing.
//
// Fairness: Stockfish runs as one long-lived process per CPU (pinned with
// taskset, UCI_Chess960 true, Threads 1), and its time is measured from
// sending "go perft D" to reading "Nodes searched", so process start-up and
// the UCI handshake are excluded. chess960 is run pinned to the same CPU and
// reports its own in-process time (perft --json "seconds"), which excludes
// its start-up too. Each round uses the next CPU and swaps which engine goes
// first, so that a CPU's speed changing during the run hits both engines.
//
// Parallel share: per round and position, the one-thread rate pinned to each
// CPU (their sum is the capacity) and the unpinned rate with one thread per
// CPU, share = parallel rate / capacity.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

type position struct {
	name  string
	fen   string
	depth int
}

var positions = []position{
	{"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6},
	{"nrbkqbrn", "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1", 6},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	{"fischer-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 6},
}

func main() {
	defSF := os.Getenv("STOCKFISH")
	if defSF == "" {
		defSF = "/usr/games/stockfish"
	}
	sfPath := flag.String("stockfish", defSF, "Stockfish binary ($STOCKFISH overrides the default)")
	ours := flag.String("chess960", "chess960", "chess960 binary to time")
	rounds := flag.Int("rounds", 4, "rounds; round i runs on CPU i mod 2")
	cpuList := flag.String("cpus", "0,1", "the two CPUs to pin to")
	shallow := flag.Int("shallower", 0, "run every position this many plies shallower (quick checks)")
	flag.Parse()
	cpus := strings.Split(*cpuList, ",")
	if len(cpus) != 2 {
		fail("-cpus: want two CPUs, e.g. 0,1")
	}
	if _, err := os.Stat(*sfPath); err != nil {
		fail("Stockfish not found (%v); set $STOCKFISH or -stockfish", err)
	}
	for i := range positions {
		positions[i].depth -= *shallow
	}

	sf := make([]*engine, len(cpus))
	for i, c := range cpus {
		var err error
		if sf[i], err = startStockfish(*sfPath, c); err != nil {
			fail("stockfish on CPU %s: %v", c, err)
		}
		defer sf[i].close()
	}
	fmt.Printf("bench-vs-stockfish: %s vs %s (%s), %d rounds on CPUs %s, %s\n",
		*ours, *sfPath, sf[0].name, *rounds, *cpuList, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Printf("single thread: each pair pinned to the same CPU, both timed without start-up\n")
	fmt.Printf("load average at start: %s\n", loadavg())

	type acc struct{ nodes, sfNS, ourNS float64 }
	single := make([]acc, len(positions))
	type pacc struct{ cap, par float64 }
	par := make([]pacc, len(positions))
	var rate1 [2][]float64
	for r := 0; r < *rounds; r++ {
		ci := r % 2
		for i, pos := range positions {
			var sfN, ourN uint64
			var sfT, ourT time.Duration
			var err error
			if r%4 < 2 {
				ourN, ourT = runOurs(*ours, cpus[ci], pos, 1)
				sfN, sfT, err = sf[ci].perft(pos.fen, pos.depth)
			} else {
				sfN, sfT, err = sf[ci].perft(pos.fen, pos.depth)
				ourN, ourT = runOurs(*ours, cpus[ci], pos, 1)
			}
			if err != nil {
				fail("stockfish: %v", err)
			}
			if sfN != ourN {
				fail("%s depth %d: Stockfish counts %d, chess960 %d", pos.name, pos.depth, sfN, ourN)
			}
			single[i].nodes += float64(ourN)
			single[i].sfNS += float64(sfT)
			single[i].ourNS += float64(ourT)
			fmt.Fprintf(os.Stderr, "round %d cpu %s %-10s SF %7.1f  ours %7.1f Mnodes/s\n", r+1, cpus[ci], pos.name,
				float64(sfN)/sfT.Seconds()/1e6, float64(ourN)/ourT.Seconds()/1e6)
		}
		// Capacity and the parallel rate, close together in time.
		for i, pos := range positions {
			var r1 [2]float64
			order := []int{ci, 1 - ci}
			for _, c := range order {
				n, t := runOurs(*ours, cpus[c], pos, 1)
				r1[c] = float64(n) / t.Seconds()
			}
			n, t := runOurs(*ours, "", pos, 2)
			r2 := float64(n) / t.Seconds()
			rate1[0] = append(rate1[0], r1[0])
			rate1[1] = append(rate1[1], r1[1])
			par[i].cap += r1[0] + r1[1]
			par[i].par += r2
			fmt.Fprintf(os.Stderr, "round %d parallel %-10s cpu%s %7.1f  cpu%s %7.1f  2 threads %7.1f Mnodes/s  share %.2f\n",
				r+1, pos.name, cpus[0], r1[0]/1e6, cpus[1], r1[1]/1e6, r2/1e6, r2/(r1[0]+r1[1]))
		}
	}

	fmt.Printf("%-10s %5s %11s %12s %12s %7s\n", "position", "depth", "nodes", "SF Mnodes/s", "us Mnodes/s", "us/SF")
	logSum := 0.0
	for i, pos := range positions {
		a := single[i]
		sfRate := a.nodes / (a.sfNS / 1e9)
		ourRate := a.nodes / (a.ourNS / 1e9)
		ratio := ourRate / sfRate
		logSum += math.Log(ratio)
		fmt.Printf("%-10s %5d %11.0f %12.1f %12.1f %7.2f\n", pos.name, pos.depth, a.nodes/float64(*rounds), sfRate/1e6, ourRate/1e6, ratio)
	}
	fmt.Printf("geometric mean us/SF: %.2f (target >= 0.60, aim > 1.0)\n\n", math.Exp(logSum/float64(len(positions))))

	fmt.Printf("parallel: capacity = 1-thread rate pinned to CPU %s + pinned to CPU %s; 2 threads unpinned\n", cpus[0], cpus[1])
	fmt.Printf("%-10s %14s %14s %7s\n", "position", "capacity Mn/s", "2 threads Mn/s", "share")
	logSum = 0
	for i, pos := range positions {
		share := par[i].par / par[i].cap
		logSum += math.Log(share)
		fmt.Printf("%-10s %14.1f %14.1f %7.2f\n", pos.name, par[i].cap/float64(*rounds)/1e6, par[i].par/float64(*rounds)/1e6, share)
	}
	fmt.Printf("parallel share of capacity (geometric mean): %.2f (target >= 0.85)\n", math.Exp(logSum/float64(len(positions))))
	fmt.Printf("load average at end: %s (other work on the machine lowers the parallel share)\n", loadavg())
	fmt.Printf("CPU speeds seen (1 thread, mean Mnodes/s over positions and rounds): CPU %s %.1f, CPU %s %.1f\n",
		cpus[0], mean(rate1[0])/1e6, cpus[1], mean(rate1[1])/1e6)
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench-vs-stockfish: "+format+"\n", args...)
	os.Exit(1)
}

// runOurs runs chess960 perft pinned to cpu ("" = unpinned) and returns its
// count and in-process time.
func runOurs(bin, cpu string, pos position, threads int) (uint64, time.Duration) {
	args := []string{"perft", "--fen", pos.fen, "--depth", strconv.Itoa(pos.depth), "--threads", strconv.Itoa(threads), "--json"}
	var cmd *exec.Cmd
	if cpu != "" {
		cmd = exec.Command("taskset", append([]string{"-c", cpu, bin}, args...)...)
	} else {
		cmd = exec.Command(bin, args...)
	}
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fail("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	var res struct {
		Nodes   uint64  `json:"nodes"`
		Seconds float64 `json:"seconds"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		fail("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	return res.Nodes, time.Duration(res.Seconds * 1e9)
}

// engine is a Stockfish process driven over UCI.
type engine struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	name string
}

func startStockfish(path, cpu string) (*engine, error) {
	cmd := exec.Command("taskset", "-c", cpu, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.send("uci")
	for {
		line, err := e.line()
		if err != nil {
			return nil, err
		}
		if s, ok := strings.CutPrefix(line, "id name "); ok {
			e.name = s
		}
		if line == "uciok" {
			break
		}
	}
	e.send("setoption name UCI_Chess960 value true")
	e.send("setoption name Threads value 1")
	if err := e.ready(); err != nil {
		return nil, err
	}
	// Warm up.
	if _, _, err := e.perft(positions[0].fen, 4); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *engine) send(s string) { io.WriteString(e.in, s+"\n") }

func (e *engine) line() (string, error) {
	if !e.out.Scan() {
		if err := e.out.Err(); err != nil {
			return "", err
		}
		return "", io.ErrUnexpectedEOF
	}
	return strings.TrimSpace(e.out.Text()), nil
}

func (e *engine) ready() error {
	e.send("isready")
	for {
		line, err := e.line()
		if err != nil {
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// perft sets up fen, waits until the engine is ready, then times "go perft"
// up to its "Nodes searched" line.
func (e *engine) perft(fen string, depth int) (uint64, time.Duration, error) {
	e.send("position fen " + fen)
	if err := e.ready(); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	e.send("go perft " + strconv.Itoa(depth))
	for {
		line, err := e.line()
		if err != nil {
			return 0, 0, err
		}
		if s, ok := strings.CutPrefix(line, "Nodes searched:"); ok {
			el := time.Since(start)
			n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
			return n, el, err
		}
	}
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	e.cmd.Wait()
}
