//go:build unix

package game

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// TestGameKillChild is the player TestGameKill kills: it plays random
// legal moves in game after game, and prints each move once Act has
// acknowledged it ("ID VERSION UCI"), until it is killed.
func TestGameKillChild(t *testing.T) {
	dsn := os.Getenv("CHESS960_GAME_KILL_DB")
	if dsn == "" {
		t.Skip("the child of TestGameKill; it runs only under it")
	}
	ctx := context.Background()
	st, err := store.OpenWith(ctx, dsn, store.Options{Kind: store.Games})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	svc := NewService(st)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	out := bufio.NewWriter(os.Stdout)
	for {
		seats, _, err := svc.Create(ctx, chess.NewPosition(chess960.MustNew(rng.IntN(960))), clock.Control{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		g, _ := svc.Load(ctx, seats.ID)
		for !g.Over() && g.Version() < 120 {
			p := g.Position()
			ms := p.AppendLegalMoves(nil)
			m := ms[rng.IntN(len(ms))]
			tok := seats.White
			if p.Turn() == chess.Black {
				tok = seats.Black
			}
			g, err = svc.Act(ctx, seats.ID, tok, Action{Kind: Move, Text: m.UCI(chess.Chess960), Base: g.Version()})
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
			fmt.Fprintf(out, "%s %d %s\n", seats.ID, g.Version(), m.UCI(chess.Chess960))
			out.Flush()
		}
	}
}

// TestGameKill kills (SIGKILL) a process playing games through the
// Service, several times, on both databases, and checks after each kill
// that every move the process was told had been committed is in the
// store, in its place: no acknowledged move is lost.
func TestGameKill(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { gameKillRun(t, filepath.Join(t.TempDir(), "kill.db")) })
	t.Run("postgres", func(t *testing.T) { gameKillRun(t, testtool.FreshPostgres(t)) })
}

func gameKillRun(t *testing.T, dsn string) {
	ctx := context.Background()
	total := 0
	for kill := range 5 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGameKillChild$")
		cmd.Env = append(os.Environ(), "CHESS960_GAME_KILL_DB="+dsn)
		cmd.Stderr = os.Stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		type ack struct {
			id      string
			version int
			uci     string
		}
		acks := make(chan ack, 1<<16)
		go func() {
			rd := bufio.NewReader(stdout)
			for {
				line, err := rd.ReadString('\n')
				if err != nil {
					break // the end, or a line cut by the kill: not acknowledged
				}
				f := strings.Fields(line)
				if len(f) != 3 {
					continue // a test binary's own line
				}
				v, err := strconv.Atoi(f[1])
				if err != nil {
					continue
				}
				acks <- ack{f[0], v, f[2]}
			}
			close(acks)
		}()
		time.Sleep(time.Duration(300+rand.IntN(400)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		werr := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("kill %d: the child ended by itself: %v", kill+1, werr)
		}
		st, err := store.OpenWith(ctx, dsn, store.Options{Kind: store.Games})
		if err != nil {
			t.Fatalf("kill %d: reopen: %v", kill+1, err)
		}
		svc := NewService(st)
		games := map[string]*Game{}
		n := 0
		for a := range acks {
			g := games[a.id]
			if g == nil {
				if g, err = svc.Load(ctx, a.id); err != nil {
					t.Fatalf("kill %d: game %s, acknowledged at version %d: %v", kill+1, a.id, a.version, err)
				}
				games[a.id] = g
			}
			moves := g.Moves()
			if g.Version() < a.version || len(moves) < a.version-1 || moves[a.version-2].UCI(chess.Chess960) != a.uci {
				t.Fatalf("kill %d: game %s lost the move %s acknowledged at version %d (the store has version %d)", kill+1, a.id, a.uci, a.version, g.Version())
			}
			n++
		}
		st.Close()
		if n == 0 {
			t.Fatalf("kill %d: no move was acknowledged before the kill", kill+1)
		}
		total += n
	}
	t.Logf("%d acknowledged moves checked across 5 kills", total)
}
