//go:build unix

package eventplay

import (
	"bufio"
	"context"
	"errors"
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

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

const killEvent = "kill-test-960"

// openReal opens an instance on dsn with the wall clock, its coordinator
// started (the downtime rule first, as serve does).
func openReal(t testing.TB, dsn string) (world, func()) {
	ctx := context.Background()
	est, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	gst, err := store.OpenWith(ctx, dsn, store.Options{Kind: store.Games})
	if err != nil {
		t.Fatal(err)
	}
	w := world{events: event.NewService(est), games: game.NewService(gst)}
	stopBeat, _, err := w.games.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w.c = New(w.events, w.games, nil)
	stop, err := w.c.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return w, func() { stop(); stopBeat(); gst.Close(); est.Close() }
}

// TestEventKillChild is what TestEventKill kills: it runs the event
// killEvent in the app, round after round (pairing, starting, playing
// every board with random legal moves, each game ended by a resignation
// after a random number of plies), and prints each move once the game
// service has acknowledged it ("MOVE game version uci").
func TestEventKillChild(t *testing.T) {
	dsn := os.Getenv("CHESS960_EVENT_KILL_DB")
	if dsn == "" {
		t.Skip("the child of TestEventKill; it runs only under it")
	}
	fail := func(err error) { fmt.Fprintln(os.Stderr, "child:", err); os.Exit(3) }
	ctx := context.Background()
	w, _ := openReal(t, dsn)
	_, err := w.events.Load(ctx, killEvent)
	if errors.Is(err, event.ErrNotFound) {
		var ps []event.PlayerInfo
		for i := range 12 {
			ps = append(ps, event.PlayerInfo{Name: fmt.Sprintf("Player %d", i+1), Rating: 2000 - 10*i})
		}
		_, _, err = w.events.Create(ctx, event.Init{ID: killEvent, Settings: event.Settings{Name: "Kill test", System: event.Swiss, Rounds: 9,
			TimeControl: "60+30", Play: event.PlayApp}, Players: ps})
	}
	if err != nil {
		fail(err)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))
	out := bufio.NewWriter(os.Stdout)
	length := map[string]int{}
	var st *event.State
	for {
		if st, err = w.events.Load(ctx, killEvent); err != nil {
			fail(err)
		}
		e := st.Admin()
		n := len(e.Schedule)
		if n == 0 || e.Schedule[n-1].Complete() {
			if n == e.Rounds {
				select {} // the event is played: wait for the kill
			}
			for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
				if st, _, err = w.events.Apply(ctx, killEvent, admin, event.Change{Kind: k, Round: n + 1}); err != nil {
					fail(err)
				}
			}
			if _, err := w.c.MakeGames(ctx, st); err != nil {
				fail(err)
			}
			continue
		}
		r := e.Schedule[n-1]
		played := false
		for _, b := range r.Boards {
			if b.Game == "" || b.Result != "" {
				continue
			}
			g, err := w.games.Load(ctx, b.Game)
			if errors.Is(err, game.ErrNotFound) {
				continue // made by the next sweep
			}
			if err != nil {
				fail(err)
			}
			if g.Over() {
				continue
			}
			played = true
			side := "w"
			if g.Position().Turn() == chess.Black {
				side = "b"
			}
			seat := st.SeatToken(b.Game, side)
			if length[b.Game] == 0 {
				length[b.Game] = 4 + rng.IntN(60)
			}
			if len(g.Moves()) >= length[b.Game] {
				if _, err := w.games.Act(ctx, b.Game, seat, game.Action{Kind: game.Resign}); err != nil {
					fail(err)
				}
				fmt.Fprintf(out, "END %s\n", b.Game)
				out.Flush()
				continue
			}
			p := g.Position()
			ms := p.AppendLegalMoves(nil)
			m := ms[rng.IntN(len(ms))]
			ng, err := w.games.Act(ctx, b.Game, seat, game.Action{Kind: game.Move, Text: m.UCI(chess.Chess960), Base: g.Version()})
			if err != nil {
				fail(err)
			}
			fmt.Fprintf(out, "MOVE %s %d %s\n", b.Game, ng.Version(), m.UCI(chess.Chess960))
			out.Flush()
			time.Sleep(time.Duration(rng.IntN(4)) * time.Millisecond) // a round lasts across kills
		}
		if !played {
			// Every game is over: the coordinator puts the results on.
			if _, err := w.c.Sync(ctx, killEvent, true); err != nil {
				fail(err)
			}
		}
	}
}

// TestEventKill kills (SIGKILL) a process running an event's rounds in
// the app, several times, on both databases; after each kill a new
// instance starts (the coordinator's start syncs the event), and then:
// every move the process was told was committed is in its game; every
// started round's board has its game; a board's result is its game's
// result exactly when the game is over; and the rounds go on from there.
func TestEventKill(t *testing.T) {
	testtool.Long(t, "kills a process 6 times on each database")
	t.Run("sqlite", func(t *testing.T) { eventKillRun(t, filepath.Join(t.TempDir(), "kill.db")) })
	t.Run("postgres", func(t *testing.T) { eventKillRun(t, testtool.FreshPostgres(t)) })
}

func eventKillRun(t *testing.T, dsn string) {
	ctx := context.Background()
	moves, ends := 0, 0
	for kill := range 6 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestEventKillChild$")
		cmd.Env = append(os.Environ(), "CHESS960_EVENT_KILL_DB="+dsn)
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
					break
				}
				f := strings.Fields(line)
				switch {
				case len(f) == 4 && f[0] == "MOVE":
					v, err := strconv.Atoi(f[2])
					if err == nil {
						acks <- ack{f[1], v, f[3]}
					}
				case len(f) == 2 && f[0] == "END":
					acks <- ack{id: f[1]}
				}
			}
			close(acks)
		}()
		time.Sleep(time.Duration(400+rand.IntN(600)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		werr := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("kill %d: the child ended by itself: %v", kill+1, werr)
		}
		w, closeW := openReal(t, dsn)
		for a := range acks {
			g, err := w.games.Load(ctx, a.id)
			if err != nil {
				t.Fatalf("kill %d: game %s, acknowledged: %v", kill+1, a.id, err)
			}
			if a.version == 0 {
				if !g.Over() {
					t.Fatalf("kill %d: game %s's resignation was acknowledged, and the game goes on", kill+1, a.id)
				}
				ends++
				continue
			}
			ms := g.Moves()
			if g.Version() < a.version || len(ms) < a.version-1 || ms[a.version-2].UCI(chess.Chess960) != a.uci {
				t.Fatalf("kill %d: game %s lost %s acknowledged at version %d", kill+1, a.id, a.uci, a.version)
			}
			moves++
		}
		st, err := w.events.Load(ctx, killEvent)
		if err != nil {
			t.Fatalf("kill %d: %v", kill+1, err)
		}
		e := st.Admin()
		for _, r := range e.Schedule {
			if r.Status != event.Started {
				continue
			}
			for _, b := range r.Boards {
				g, err := w.games.Load(ctx, b.Game)
				if err != nil {
					t.Fatalf("kill %d: round %d board %d's game %s: %v", kill+1, r.Number, b.Board, b.Game, err)
				}
				switch {
				case g.Over() && b.Result == "":
					t.Errorf("kill %d: round %d board %d: the game is over (%s), the board has no result", kill+1, r.Number, b.Board, g.Describe())
				case !g.Over() && b.Result != "":
					t.Errorf("kill %d: round %d board %d: the board has %s, the game goes on", kill+1, r.Number, b.Board, b.Result)
				case g.Over():
					if want, _, _ := Result(e, r, b, g); b.Result != want || len(b.History) != 1 {
						t.Errorf("kill %d: round %d board %d: %s (history %d), the game's is %s", kill+1, r.Number, b.Board, b.Result, len(b.History), want)
					}
				}
			}
		}
		closeW()
		t.Logf("kill %d: %d rounds paired, version %d", kill+1, len(e.Schedule), e.Version)
	}
	if moves == 0 || ends == 0 {
		t.Fatalf("%d moves and %d game ends acknowledged in all: the child did not play", moves, ends)
	}
	t.Logf("%d moves and %d resignations checked across 6 kills", moves, ends)
}
