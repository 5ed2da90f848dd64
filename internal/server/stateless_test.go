package server

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/testtool"
)

// instance is a chess960 serve process started by a test.
type instance struct {
	cmd     *exec.Cmd
	url     string
	done    chan error // the process's exit, once
	stopped bool
	mu      sync.Mutex
	log     strings.Builder // its stderr
}

// bound is how long a test waits for a server process to start or to stop
// before it gives up: a guard against a hang, not a measure of speed.
const bound = 30 * time.Second

// startServe starts bin serve on a free loopback port and returns once it
// says where it serves. The process is stopped when the test ends.
func startServe(t *testing.T, bin string) *instance {
	t.Helper()
	return startServeDB(t, bin, filepath.Join(t.TempDir(), "events.db"))
}

// startServeDB is startServe on the database db.
func startServeDB(t *testing.T, bin, db string) *instance {
	t.Helper()
	in := &instance{cmd: exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--engine", "none", "--db", db), done: make(chan error, 1)}
	stderr, err := in.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		// Read all of stderr, so that the access log never blocks the
		// server, and pass on the address.
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)`)
		for sc.Scan() {
			in.mu.Lock()
			in.log.WriteString(sc.Text() + "\n")
			in.mu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		in.done <- in.cmd.Wait()
	}()
	t.Cleanup(func() { in.stop(t) })
	select {
	case in.url = <-addr:
	case err := <-in.done:
		in.done <- err
		t.Fatalf("chess960 serve exited before serving: %v\n%s", err, in.stderr())
	case <-time.After(bound):
		t.Fatalf("chess960 serve did not say where it serves within %v:\n%s", bound, in.stderr())
	}
	return in
}

func (in *instance) stderr() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.log.String()
}

// stop interrupts the server, as Ctrl+C does, and waits for it to finish;
// one that does not is killed and fails the test.
func (in *instance) stop(t *testing.T) {
	t.Helper()
	if in.stopped {
		return
	}
	in.stopped = true
	in.cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-in.done:
		if err != nil || !strings.Contains(in.stderr(), "chess960: stopped") {
			t.Errorf("chess960 serve at %s: exit %v on interrupt\n%s", in.url, err, in.stderr())
		}
	case <-time.After(bound):
		in.cmd.Process.Kill()
		<-in.done
		t.Errorf("chess960 serve at %s did not stop within %v of an interrupt", in.url, bound)
	}
}

// fetch gets a path of the instance and returns the status and the body.
func (in *instance) fetch(t *testing.T, path string) (int, string) {
	t.Helper()
	r, err := http.Get(in.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return r.StatusCode, string(b)
}

// TestStateless runs two real server processes (the chess960 binary, built
// for the test) and goes from one to the other: a game started on one
// continues on the other from its address, a draw made on one is verified
// on the other, both give the same answers to the same addresses and
// refuse the same bad input, and both stop on an interrupt.
func TestStateless(t *testing.T) {
	testtool.Long(t, "builds and runs the binary")
	bin := filepath.Join(t.TempDir(), "chess960")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/chess960/chess960/cmd/chess960").CombinedOutput(); err != nil {
		t.Fatalf("building chess960: %v\n%s", err, out)
	}
	a, b := startServe(t, bin), startServe(t, bin)
	if a.url == b.url {
		t.Fatalf("both servers at %s", a.url)
	}
	want := func(in *instance, path string, status int, contains ...string) string {
		t.Helper()
		code, body := in.fetch(t, path)
		if code != status {
			t.Errorf("%s%s: %d, want %d: %.300s", in.url, path, code, status, body)
		}
		for _, s := range contains {
			if !strings.Contains(body, s) {
				t.Errorf("%s%s: the answer lacks %q: %.300s", in.url, path, s, body)
			}
		}
		return body
	}

	// Position 250, NRKQBBNR: two moves on A, its answer's address then
	// played on by B (O-O-O with the king staying on c1, as king takes
	// rook), and the whole game back on A.
	var st struct {
		URL   string   `json:"url"`
		Moves []string `json:"moves"`
		FEN   string   `json:"fen"`
	}
	body := want(a, "/play/state?pos=250&moves=d2d4,d7d5", 200)
	if err := json.Unmarshal([]byte(body), &st); err != nil || st.URL != "/play?pos=250&moves=d2d4,d7d5" {
		t.Fatalf("A's state: %v %q", err, st.URL)
	}
	next := strings.Replace(st.URL, "/play?", "/play/state?", 1) + ",d1d3,d8d6,c1b1"
	const fen = "nrk1bbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/N1KRBBNR b kq - 3 3"
	onB := want(b, next, 200, `"fen":"`+fen+`"`, `"san":["d4","d5","Qd3","Qd6","O-O-O"]`)
	if onA := want(a, next, 200); onA != onB {
		t.Errorf("A and B answer %s differently:\n%s\n%s", next, onA, onB)
	}
	// The page and the PGN of the same address.
	query := next[strings.Index(next, "?"):]
	if pa, pb := want(a, "/play"+query, 200, fen), want(b, "/play"+query, 200, fen); pa != pb {
		t.Errorf("the play page %s differs between A and B", query)
	}
	want(b, "/play.pgn"+query, 200, `[Variant "Chess960"]`, "1. d4 d5 2. Qd3 Qd6 3. O-O-O *")

	// A draw made on A (random --count 3 --seed 'Round 1' --unique
	// --exclude 518,0-9: 671, 589, 576) is verified on B.
	draw := "rounds=3&seed=Round+1&unique=1&exclude=518%2C0-9"
	want(a, "/draw?"+draw, 200, `data-id="671"`, `data-id="589"`, `data-id="576"`)
	want(b, "/verify?"+draw+"&commit=129acdd50865dd9c2cfa496a8e4148994d6c6ea2fb68a06fd3a2c82982be07f6", 200, "matches")
	want(b, "/verify?"+draw+"&commit="+strings.Repeat("0", 64), 200, "does not match")
	if ja, jb := want(a, "/api/random?count=3&seed=Round%201", 200, `"id": 353`, `"id": 14`, `"id": 506`), want(b, "/api/random?count=3&seed=Round%201", 200); ja != jb {
		t.Errorf("the seeded draw differs between A and B:\n%s\n%s", ja, jb)
	}

	// Bad input is refused alike, with the reason.
	for _, c := range []struct {
		path   string
		status int
		says   string
	}{
		{"/play/state?pos=250&moves=d2d4,e2e4", 400, `move 2 \"e2e4\": no piece of the side to move`},
		{"/api/positions/961", 400, "961"},
		{"/draw?rounds=0&seed=x", 400, "rounds"},
		{"/gallery?ids=5-", 400, "a range needs a number after"},
		{"/nowhere", 404, "no such page"},
	} {
		ba, bb := want(a, c.path, c.status, c.says), want(b, c.path, c.status, c.says)
		if ba != bb {
			t.Errorf("%s: A and B refuse it differently:\n%s\n%s", c.path, ba, bb)
		}
	}
	a.stop(t)
	b.stop(t)
}
