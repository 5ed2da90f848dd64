package store

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The kill test's child process: the test binary run again with these
// variables set, which TestMain sends to killChild instead of the tests.
const (
	killChildEnv = "CHESS960_STORE_KILL_CHILD" // the DSN
	killIDEnv    = "CHESS960_STORE_KILL_ID"    // the event
)

func TestMain(m *testing.M) {
	if dsn := os.Getenv(killChildEnv); dsn != "" {
		os.Exit(killChild(dsn, os.Getenv(killIDEnv)))
	}
	os.Exit(m.Run())
}

// killBody is the state, and the change's body, that makes version v.
func killBody(v int64) []byte { return fmt.Appendf(nil, `{"v":%d}`, v) }

// killChild updates event id as fast as it can until it is killed. It
// prints "ready" once its first update has committed, and then each
// version whose Update has returned (committed).
func killChild(dsn, id string) int {
	ctx := context.Background()
	s, err := Open(ctx, dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	r, err := s.Load(ctx, id)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	v := r.Version
	for first := true; ; first = false {
		body := killBody(v + 1)
		nv, err := s.Update(ctx, id, v, "kill", body, Change{Kind: "tick", By: "child", Body: body})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		v = nv
		if first {
			fmt.Println("ready")
		}
		fmt.Println(v) // committed
	}
}

// TestKill kills a process that is updating an event with SIGKILL at
// random moments and checks after each kill that the event is whole: its
// version is its last change's, every version 1..N has its one change,
// and the state is the last change's body.
func TestKill(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		dsn := b.fresh(t)
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Create(ctx, Record{ID: "k", Name: "kill", State: killBody(1)}, Change{Kind: "create", Body: killBody(1)})
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		var before int64 = 1
		for kill := range 5 {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), killChildEnv+"="+dsn, killIDEnv+"=k")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewScanner(out)
			if !lines.Scan() || lines.Text() != "ready" {
				cmd.Wait()
				t.Fatalf("kill %d: child did not start updating: %q; stderr: %s", kill, lines.Text(), stderr.String())
			}
			// The highest version the child has reported committed.
			reported := make(chan int64)
			go func() {
				var high int64
				for lines.Scan() {
					if v, err := strconv.ParseInt(lines.Text(), 10, 64); err == nil {
						high = v
					}
				}
				reported <- high
			}()
			time.Sleep(time.Duration(50+rand.IntN(251)) * time.Millisecond)
			if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("kill %d: child ended with %v, not by SIGKILL; stderr: %s", kill, err, stderr.String())
			}
			high := <-reported // the pipe is at EOF: the child is dead
			after := checkWhole(t, dsn, "k")
			// Every version the child saw committed is kept; at most one
			// more may have committed without the child printing it.
			if after <= before || after < high || after > high+1 {
				t.Errorf("kill %d: version %d after reopening; the child reported %d committed (and started at %d)", kill, after, high, before)
			}
			t.Logf("kill %d: version %d, child reported %d", kill, after, high)
			before = after
		}
	})
}

// checkWhole reopens the database and checks that event id is whole; it
// returns the event's version.
func checkWhole(t *testing.T, dsn, id string) int64 {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatalf("reopening after a kill: %v", err)
	}
	defer s.Close()
	r, err := s.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := s.Changes(ctx, id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(cs)) != r.Version {
		t.Fatalf("version %d but %d changes", r.Version, len(cs))
	}
	for i, c := range cs {
		v := int64(i + 1)
		if c.Version != v || !bytes.Equal(c.Body, killBody(v)) {
			t.Fatalf("change %d: version %d, body %s; want version %d, body %s", i, c.Version, c.Body, v, killBody(v))
		}
	}
	if !bytes.Equal(r.State, cs[len(cs)-1].Body) {
		t.Fatalf("state %s is not the last change's body %s", r.State, cs[len(cs)-1].Body)
	}
	return r.Version
}
