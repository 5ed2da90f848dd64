//go:build unix

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// TestEventKillChild is the writer TestEventKill kills: it corrects one
// board's result again and again through the command line until it is
// killed.
func TestEventKillChild(t *testing.T) {
	db := os.Getenv("CHESS960_KILL_DB")
	if db == "" {
		t.Skip("the child of TestEventKill; it runs only under it")
	}
	for i := 0; ; i++ {
		res := []string{"1-0", "0-1", "1/2-1/2"}[i%3]
		if _, errOut, code := call(t, "", "event", "result", os.Getenv("CHESS960_KILL_ID"), "1", "1", res, "--db", db); code != 0 && !strings.Contains(errOut, "already") {
			fmt.Fprintln(os.Stderr, errOut)
			os.Exit(3)
		}
	}
}

// TestEventKill kills (SIGKILL) a process in the middle of entering
// results, several times, and checks after each kill that the event is
// whole: its state decodes, its version is the number of its changes, and
// the board's history holds exactly the results the store's changes
// record, the last of them the board's result.
func TestEventKill(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { killRun(t, filepath.Join(t.TempDir(), "kill.db")) })
	// The kill test must run on both databases: with CI set and no
	// PostgreSQL, this fails.
	t.Run("postgres", func(t *testing.T) { killRun(t, testtool.FreshPostgres(t)) })
}

func killRun(t *testing.T, db string) {
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	svc := event.NewService(st)
	// A Postgres database outlives the test: each run has its own event.
	id := fmt.Sprintf("kill-%d-%d", time.Now().UnixNano(), rand.IntN(1e6))
	_, _, err = svc.Create(ctx, event.Init{ID: id, Settings: event.Settings{Name: "Kill", Rounds: 1}, Seed: "kill", WeakSeed: true,
		Players: []event.PlayerInfo{{Name: "A", Rating: 2000}, {Name: "B", Rating: 1900}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
		if _, _, err := svc.Apply(ctx, id, event.Actor{Role: event.RoleAdmin, Label: "test"}, event.Change{Kind: k, Round: 1}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	last := int64(0)
	for kill := range 5 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestEventKillChild$")
		cmd.Env = append(os.Environ(), "CHESS960_KILL_DB="+db, "CHESS960_KILL_ID="+id)
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+rand.IntN(350)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("kill %d: the child ended by itself: %v", kill+1, err)
		}
		st, err := store.Open(ctx, db)
		if err != nil {
			t.Fatalf("kill %d: reopen: %v", kill+1, err)
		}
		svc := event.NewService(st)
		cur, err := svc.Load(ctx, id)
		if err != nil {
			t.Fatalf("kill %d: load: %v", kill+1, err)
		}
		chs, err := svc.History(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(chs)) != cur.Version() {
			t.Fatalf("kill %d: version %d, %d changes", kill+1, cur.Version(), len(chs))
		}
		var results []string
		for i, c := range chs {
			if c.Version != int64(i+1) {
				t.Fatalf("kill %d: change %d has version %d", kill+1, i+1, c.Version)
			}
			if event.ChangeKind(c.Kind) == event.KindResult {
				var ch event.Change
				if err := json.Unmarshal(c.Body, &ch); err != nil {
					t.Fatal(err)
				}
				results = append(results, ch.Result)
			}
		}
		b := cur.Admin().Schedule[0].Boards[0]
		if len(b.History) != len(results) {
			t.Fatalf("kill %d: the board's history has %d results, the store %d changes", kill+1, len(b.History), len(results))
		}
		for i, h := range b.History {
			if string(h.Result) != results[i] {
				t.Fatalf("kill %d: history entry %d is %s, the change says %s", kill+1, i+1, h.Result, results[i])
			}
		}
		if len(results) > 0 && string(b.Result) != results[len(results)-1] {
			t.Fatalf("kill %d: result %s, last change %s", kill+1, b.Result, results[len(results)-1])
		}
		if cur.Version() <= last {
			t.Errorf("kill %d: no write went in (version %d)", kill+1, cur.Version())
		}
		last = cur.Version()
		st.Close()
	}
	t.Logf("%d changes written across 5 kills", last)
}
