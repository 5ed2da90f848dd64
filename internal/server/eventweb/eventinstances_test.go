package eventweb

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/internal/store"
	"github.com/chess960/chess960/internal/testtool"
)

// TestEventTwoInstances runs two instances of the app on one database, as
// behind a load balancer: an event made and changed through instance A is
// served by B, and B's live stream reports a result entered on A (on
// PostgreSQL through LISTEN/NOTIFY; on SQLite, two processes' worth of
// Stores on one file, through its polling). A second arbiter's stale entry
// on B gets a 409 for the board A changed.
// openInstance is an instance of the app over the database dsn, with a
// Store and Service of its own, as another process or machine would have.
func openInstance(t *testing.T, dsn string) (*httptest.Server, *event.Service) {
	t.Helper()
	st, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := event.NewService(st)
	srv := httptest.NewServer(newApp(Config{Events: svc, WriteBurst: 1000}, nil))
	t.Cleanup(srv.Close)
	return srv, svc
}

// createOn makes an event through the API of srv and returns its ID and
// admin token.
func createOn(t *testing.T, srv *httptest.Server, body string) (id, tok string) {
	t.Helper()
	res, err := http.Post(srv.URL+"/api/events", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var made struct {
		Event eventjson.Event `json:"event"`
		Admin string          `json:"admin"`
	}
	json.NewDecoder(res.Body).Decode(&made)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", res.StatusCode)
	}
	return made.Event.ID, made.Admin[strings.LastIndex(made.Admin, "/")+1:]
}

// postChange sends a change through the API of srv and returns the status
// and the event the answer holds (the current one, for a 409).
func postChange(t *testing.T, srv *httptest.Server, id, tok, c string) (int, eventjson.Event) {
	t.Helper()
	req, _ := http.NewRequest("POST", srv.URL+"/api/events/"+id+"/changes", strings.NewReader(c))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0, eventjson.Event{}
	}
	defer res.Body.Close()
	var out struct {
		Event eventjson.Event `json:"event"`
	}
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out.Event
}

func TestEventTwoInstances(t *testing.T) {
	dbs := map[string]string{"sqlite": filepath.Join(t.TempDir(), "shared.db"), "postgres": ""}
	for name, dsn := range dbs {
		t.Run(name, func(t *testing.T) {
			if name == "postgres" {
				dsn = testtool.FreshPostgres(t) // with CI set and none, fails
			}
			a, _ := openInstance(t, dsn)
			b, _ := openInstance(t, dsn)
			body := `{"settings": {"name": "Two", "rounds": 2}, "players": [{"name": "A", "rating": 2400}, {"name": "B", "rating": 2300}, {"name": "C", "rating": 2200}, {"name": "D", "rating": 2100}]}`
			id, tok := createOn(t, a, body)
			change := func(srv *httptest.Server, c string) (int, eventjson.Event) { return postChange(t, srv, id, tok, c) }
			for _, k := range []string{"pair", "publish", "start"} {
				if code, _ := change(a, `{"kind": "`+k+`", "round": 1}`); code != 200 {
					t.Fatalf("%s on A: %d", k, code)
				}
			}
			// B serves what A made.
			res, err := http.Get(b.URL + "/api/events/" + id)
			if err != nil {
				t.Fatal(err)
			}
			var seen eventjson.Event
			json.NewDecoder(res.Body).Decode(&seen)
			res.Body.Close()
			if res.StatusCode != 200 || len(seen.Schedule) != 1 || seen.Schedule[0].Position == nil {
				t.Fatalf("B's view: %d %+v", res.StatusCode, seen.Schedule)
			}
			// B's live stream, then a result entered on A.
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", b.URL+"/e/"+id+"/live", nil)
			live, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer live.Body.Close()
			versions := make(chan string, 8)
			go func() {
				sc := bufio.NewScanner(live.Body)
				for sc.Scan() {
					if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
						versions <- v
					}
				}
				close(versions)
			}()
			if v := <-versions; v != fmt.Sprint(seen.Version) {
				t.Fatalf("B's stream starts at %s, want %d", v, seen.Version)
			}
			code, after := change(a, fmt.Sprintf(`{"kind": "result", "round": 1, "board": 1, "result": "1-0", "base": %d}`, seen.Version))
			if code != 200 {
				t.Fatalf("result on A: %d", code)
			}
			select {
			case v, ok := <-versions:
				if !ok || v != fmt.Sprint(after.Version) {
					t.Fatalf("B's stream gave %q (open %v), want %d", v, ok, after.Version)
				}
			case <-ctx.Done():
				t.Fatal("B's stream did not report the result entered on A")
			}
			// A stale entry for the same board on B: 409 with A's result.
			code, cur := change(b, fmt.Sprintf(`{"kind": "result", "round": 1, "board": 1, "result": "0-1", "base": %d}`, seen.Version))
			if code != http.StatusConflict || cur.Schedule[0].Boards[0].Result != "1-0" {
				t.Errorf("stale entry on B: %d, board 1 %q", code, cur.Schedule[0].Boards[0].Result)
			}
			// The same stale base on another board goes in.
			if code, _ := change(b, fmt.Sprintf(`{"kind": "result", "round": 1, "board": 2, "result": "0-1", "base": %d}`, seen.Version)); code != 200 {
				t.Errorf("another board from the stale base on B: %d", code)
			}
		})
	}
}

// TestClientIPHeader: behind a load balancer the write limit counts the
// client the balancer names (the header's last entry), not the balancer.
func TestClientIPHeader(t *testing.T) {
	r := httptest.NewRequest("POST", "/e/x/a/y/do", nil)
	r.RemoteAddr = "10.0.0.1:5555"
	r.Header.Add("X-Forwarded-For", "6.6.6.6, 203.0.113.7")
	if got := clientIP(r, ""); got != "10.0.0.1" {
		t.Errorf("no header configured: %q", got)
	}
	if got := clientIP(r, "X-Forwarded-For"); got != "203.0.113.7" {
		t.Errorf("X-Forwarded-For: %q, want the entry the balancer added", got)
	}
	r.Header.Del("X-Forwarded-For")
	if got := clientIP(r, "X-Forwarded-For"); got != "10.0.0.1" {
		t.Errorf("header missing: %q, want the peer", got)
	}
	// Two clients behind one balancer have buckets of their own.
	s := newApp(Config{Events: event.NewService(newMem()), WriteBurst: 1, WriteRate: 0.001, ClientIPHeader: "X-Real-IP"}, nil)
	for _, ip := range []string{"198.51.100.1", "198.51.100.2"} {
		for i, want := range []bool{true, false} {
			r := httptest.NewRequest("POST", "/e/x/a/y/do", nil)
			r.RemoteAddr = "10.0.0.1:5555"
			r.Header.Set("X-Real-IP", ip)
			if got := s.limitWrites(r) == nil; got != want {
				t.Errorf("%s, write %d: allowed %v, want %v", ip, i+1, got, want)
			}
		}
	}
}
