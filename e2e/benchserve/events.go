package main

// The event load (-event-load): the public page of an event while results
// come in, watched live by many phones.

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

var (
	eventLoad = flag.String("event-load", "", "run the event load against the server at this `URL` (with -admin) and print its figures")
	adminPath = flag.String("admin", "", "the event's admin link path, /e/ID/a/TOKEN (with -event-load)")
	watchers  = flag.Int("watchers", 200, "live streams (/e/ID/live) held open during the event load")
	refetch   = flag.Bool("refetch", false, "each watcher fetches the public page on every new version, as phones do")
	rate      = flag.Float64("rate", 10, "results entered a second during the event load")
	round     = flag.Int("round", 6, "the round in play whose boards' results the event load enters")
	boards    = flag.Int("boards", 50, "the boards of that round")
)

// latencies collects request times.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }

// pct returns the p-th percentile in milliseconds (nearest rank).
func (l *latencies) pct(p float64) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), l.d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(p/100*float64(len(s))+0.5) - 1
	i = min(max(i, 0), len(s)-1)
	return float64(s[i].Microseconds()) / 1000
}

func (l *latencies) n() int { l.mu.Lock(); defer l.mu.Unlock(); return len(l.d) }

// runEventLoad holds *watchers live streams on the event, enters *rate
// results a second through the API (spread over four arbiters' addresses
// in X-Forwarded-For, which serve is told to trust, so that the
// per-client write limit does not refuse them), and fetches the public
// page 50 times a second as a probe; with *refetch, every watcher also
// fetches the page on every new version it is told of. It runs for
// *duration and prints one line: the probe's p50, p99 and max, the
// refetches' (if any), the versions made, and any failures.
func runEventLoad(base, admin string) {
	seg := strings.Split(admin, "/") // "", "e", ID, "a", TOKEN
	if len(seg) != 5 || seg[1] != "e" || seg[3] != "a" {
		fatal(fmt.Errorf("-admin %.100q: want /e/ID/a/TOKEN", admin))
	}
	id, tok := seg[2], seg[4]
	page := base + "/e/" + id
	ctx, cancel := context.WithTimeout(context.Background(), *duration+30*time.Second)
	defer cancel()
	tr := &http.Transport{MaxIdleConns: 2 * *watchers, MaxIdleConnsPerHost: 2 * *watchers, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var fails atomic.Int64
	var failMsg atomic.Value
	fail := func(format string, a ...any) {
		if fails.Add(1) == 1 {
			failMsg.Store(fmt.Sprintf(format, a...))
		}
	}
	get := func(l *latencies) {
		req, _ := http.NewRequestWithContext(ctx, "GET", page, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		t0 := time.Now()
		res, err := client.Do(req)
		if err != nil {
			if ctx.Err() == nil {
				fail("GET %s: %v", page, err)
			}
			return
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || err != nil {
			fail("GET %s: %d %v", page, res.StatusCode, err)
			return
		}
		l.add(time.Since(t0))
	}

	// The watchers: each on a connection of its own.
	var probe, refetches latencies
	var streamsUp sync.WaitGroup
	var wg sync.WaitGroup
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var events atomic.Int64
	for range *watchers {
		streamsUp.Add(1)
		wg.Go(func() {
			str := &http.Client{Transport: &http.Transport{DisableCompression: true}}
			req, _ := http.NewRequestWithContext(runCtx, "GET", page+"/live", nil)
			res, err := str.Do(req)
			if err != nil {
				fail("GET %s/live: %v", page, err)
				streamsUp.Done()
				return
			}
			defer res.Body.Close()
			if res.StatusCode != 200 {
				fail("GET %s/live: %d", page, res.StatusCode)
				streamsUp.Done()
				return
			}
			sc := bufio.NewScanner(res.Body)
			first := true
			for sc.Scan() {
				if !strings.HasPrefix(sc.Text(), "data: ") {
					continue
				}
				if first { // the current version: the page is already shown
					first = false
					streamsUp.Done()
					continue
				}
				events.Add(1)
				if *refetch {
					get(&refetches)
				}
			}
			if first {
				streamsUp.Done()
			}
		})
	}
	streamsUp.Wait()
	if n := fails.Load(); n > 0 {
		fatal(fmt.Errorf("event load: %d streams failed to open: %v", n, failMsg.Load()))
	}

	// The arbiters and the probe, for *duration. Each entry gives a
	// board another result than it has, so that each is a change.
	results := []string{"1/2-1/2", "1-0", "0-1"}
	have := currentResults(base, id, *round)
	var versions atomic.Int64
	end := time.Now().Add(*duration)
	var side sync.WaitGroup
	side.Go(func() {
		t := time.NewTicker(time.Duration(float64(time.Second) / *rate))
		defer t.Stop()
		for i := 0; time.Now().Before(end); i++ {
			<-t.C
			b := 1 + i%*boards
			res := results[0]
			for _, x := range results {
				if x != have[b] {
					res = x
					break
				}
			}
			have[b] = res
			body := fmt.Sprintf(`{"kind": "result", "round": %d, "board": %d, "result": %q}`, *round, b, res)
			req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/events/"+id+"/changes", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.0.%d", 1+i%4))
			r, err := client.Do(req)
			if err != nil {
				fail("POST result: %v", err)
				continue
			}
			msg, _ := io.ReadAll(io.LimitReader(r.Body, 300))
			r.Body.Close()
			if r.StatusCode != 200 {
				fail("POST result %s: %d %s", body, r.StatusCode, msg)
				continue
			}
			versions.Add(1)
		}
	})
	side.Go(func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for time.Now().Before(end) {
			<-t.C
			get(&probe)
		}
	})
	side.Wait()
	time.Sleep(500 * time.Millisecond) // the last versions reach the watchers
	stop()
	wg.Wait()
	mode := "watch"
	if *refetch {
		mode = "refetch"
	}
	fmt.Printf("%-8s %8d %9d %8.2f %8.2f %8.2f", mode, *watchers, versions.Load(), probe.pct(50), probe.pct(99), probe.pct(100))
	if *refetch {
		fmt.Printf(" %8d %8.2f %8.2f %8.2f", refetches.n(), refetches.pct(50), refetches.pct(99), refetches.pct(100))
	} else {
		fmt.Printf(" %8s %8s %8s %8s", "-", "-", "-", "-")
	}
	fmt.Printf(" %8d\n", events.Load())
	if n := fails.Load(); n > 0 {
		fmt.Fprintf(os.Stderr, "benchserve: event load: %d requests failed, the first: %v\n", n, failMsg.Load())
		os.Exit(1)
	}
}

// currentResults reads the results of the round's boards from the event's
// public JSON.
func currentResults(base, id string, round int) map[int]string {
	res, err := http.Get(base + "/api/events/" + id)
	if err != nil {
		fatal(err)
	}
	defer res.Body.Close()
	var ev struct {
		Schedule []struct {
			Boards []struct {
				Board  int    `json:"board"`
				Result string `json:"result"`
			} `json:"boards"`
		} `json:"schedule"`
	}
	if err := json.NewDecoder(res.Body).Decode(&ev); err != nil || res.StatusCode != 200 {
		fatal(fmt.Errorf("GET /api/events/%s: %d %v", id, res.StatusCode, err))
	}
	if len(ev.Schedule) < round {
		fatal(fmt.Errorf("event %s has %d rounds public, not round %d", id, len(ev.Schedule), round))
	}
	out := map[int]string{}
	for _, b := range ev.Schedule[round-1].Boards {
		out[b.Board] = b.Result
	}
	return out
}
