package clock

import (
	"errors"
	"testing"
	"time"
)

// t0 is the instant every test game begins; no test reads the wall clock.
var t0 = time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)

const ms = time.Millisecond

// step is one move in a hand-worked table: the move reaches the server at
// t0+at with the client's claim think, and afterwards the clocks read
// white and black (times as State.Left holds them).
type step struct {
	at           time.Duration
	think        time.Duration
	white, black time.Duration
}

func mustParse(t *testing.T, s string) Control {
	t.Helper()
	c, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// play runs the steps from the start of a game under control, checking the
// clocks after each move, and returns the final state.
func play(t *testing.T, control string, steps []step) State {
	t.Helper()
	st := Start(mustParse(t, control), t0)
	for i, sp := range steps {
		mover := st.Turn
		next, err := st.Move(t0.Add(sp.at), sp.think)
		if err != nil {
			t.Fatalf("%s: move %d (%s) at +%s: %v", control, i+1, mover, sp.at, err)
		}
		st = next
		if st.Left[White] != sp.white || st.Left[Black] != sp.black {
			t.Errorf("%s: after move %d (%s) at +%s: White %s, Black %s; want %s, %s",
				control, i+1, mover, sp.at, st.Left[White], st.Left[Black], sp.white, sp.black)
		}
	}
	return st
}

// TestFischer plays 3+2 (180 s each, 2 s after each move) with no lag claims.
func TestFischer(t *testing.T) {
	st := play(t, "3+2", []step{
		{10 * s, NoClaim, 172 * s, 180 * s},         // W thinks 10: 180 − 10 + 2 = 172
		{25 * s, NoClaim, 172 * s, 167 * s},         // B thinks 15: 180 − 15 + 2 = 167
		{55 * s, NoClaim, 144 * s, 167 * s},         // W thinks 30: 172 − 30 + 2 = 144
		{55 * s, NoClaim, 144 * s, 169 * s},         // B thinks 0: 167 − 0 + 2 = 169
		{56500 * ms, NoClaim, 144500 * ms, 169 * s}, // W thinks 1.5: 144 − 1.5 + 2 = 144.5
	})
	if st.Moves != [2]int{3, 2} || st.Turn != Black || !st.TurnStart.Equal(t0.Add(56500*ms)) {
		t.Errorf("moves %v, turn %s, turn start %s", st.Moves, st.Turn, st.TurnStart)
	}
	// Black to move since +56.5; at +66.5 it has 169 − 10 = 159; White 144.5.
	if got := st.Remaining(Black, t0.Add(66500*ms)); got != 159*s {
		t.Errorf("Remaining(Black) = %s, want 159s", got)
	}
	if got := st.Remaining(White, t0.Add(66500*ms)); got != 144500*ms {
		t.Errorf("Remaining(White) = %s, want 144.5s", got)
	}
	// Black flags at +56.5 + 169 + 1 (quota) = +226.5.
	if f, when := st.Flagged(t0.Add(66500 * ms)); f || !when.Equal(t0.Add(226500*ms)) {
		t.Errorf("Flagged = %v, %s; want false, +226.5s", f, when.Sub(t0))
	}
	// Long after, Remaining shows 0, not a negative time.
	if got := st.Remaining(Black, t0.Add(time.Hour)); got != 0 {
		t.Errorf("Remaining(Black) an hour in = %s, want 0", got)
	}
}

// TestBronstein plays 15+5 bronstein (900 s each; after each move the time
// used, up to 5 s, is given back).
func TestBronstein(t *testing.T) {
	st := play(t, "15+5 bronstein", []step{
		{3 * s, NoClaim, 900 * s, 900 * s},  // W uses 3 < 5: 900 − 3 + 3 = 900
		{13 * s, NoClaim, 900 * s, 895 * s}, // B uses 10 > 5: 900 − 10 + 5 = 895
		{18 * s, NoClaim, 900 * s, 895 * s}, // W uses exactly 5: 900 − 5 + 5 = 900
		{18 * s, NoClaim, 900 * s, 895 * s}, // B uses 0: 895 − 0 + 0 = 895
		{48 * s, NoClaim, 875 * s, 895 * s}, // W uses 30: 900 − 30 + 5 = 875
	})
	// Black to move since +48: the clock runs from the start of the turn,
	// at +50 it shows 895 − 2 = 893.
	if got := st.Remaining(Black, t0.Add(50*s)); got != 893*s {
		t.Errorf("Remaining(Black) = %s, want 893s", got)
	}
	// Flags at +48 + 895 + 1 (quota) = +944.
	if f, when := st.Flagged(t0.Add(943 * s)); f || !when.Equal(t0.Add(944*s)) {
		t.Errorf("Flagged(+943s) = %v, +%s; want false, +944s", f, when.Sub(t0))
	}
	if f, _ := st.Flagged(t0.Add(944 * s)); !f {
		t.Error("Flagged(+944s) = false, want true")
	}
}

// TestSimpleDelay plays 15+5 delay (900 s each; each turn, the clock waits
// 5 s before it runs).
func TestSimpleDelay(t *testing.T) {
	st := play(t, "15+5 delay", []step{
		{3 * s, NoClaim, 900 * s, 900 * s},  // W uses 3 ≤ 5: nothing charged, 900
		{13 * s, NoClaim, 900 * s, 895 * s}, // B uses 10: 900 − (10 − 5) = 895
		{18 * s, NoClaim, 900 * s, 895 * s}, // W uses exactly 5: 900 − 0 = 900
		{48 * s, NoClaim, 900 * s, 870 * s}, // B uses 30: 895 − 25 = 870
	})
	// White to move since +48: at +51 (3 s in) the clock has not started,
	// 900; at +55 (7 s in) it shows 900 − 2 = 898.
	if got := st.Remaining(White, t0.Add(51*s)); got != 900*s {
		t.Errorf("Remaining(White, +51s) = %s, want 900s", got)
	}
	if got := st.Remaining(White, t0.Add(55*s)); got != 898*s {
		t.Errorf("Remaining(White, +55s) = %s, want 898s", got)
	}
	// White may take 900 + 5 s, plus 1 s quota: flags at +48 + 906 = +954.
	if f, when := st.Flagged(t0.Add(953 * s)); f || !when.Equal(t0.Add(954*s)) {
		t.Errorf("Flagged(+953s) = %v, +%s; want false, +954s", f, when.Sub(t0))
	}
	// A move charged 905 s (server 905, no claim) uses all 900 + 5: flagged.
	if _, err := st.Move(t0.Add(48*s+905*s), NoClaim); !errors.Is(err, ErrFlagged) {
		t.Errorf("move using 900 + 5 s: err = %v, want ErrFlagged", err)
	}
	// 904.5 s leaves 0.5 s: 900 − (904.5 − 5) = 0.5.
	next, err := st.Move(t0.Add(48*s+904500*ms), NoClaim)
	if err != nil || next.Left[White] != 500*ms {
		t.Errorf("move using 904.5 s: White %s, %v; want 0.5s", next.Left[White], err)
	}
}

// TestPeriods plays 90/40,30+30 (FIDE classical: 5400 s each, 1800 s more
// after each side's 40th move, 30 s per move from move 1), every move taking
// 100 s of server time: move p (counting both sides' moves, p = 1, 2, ...)
// reaches the server at +100p.
func TestPeriods(t *testing.T) {
	st := Start(mustParse(t, "90/40,30+30"), t0)
	ply := 0
	move := func() {
		t.Helper()
		ply++
		var err error
		if st, err = st.Move(t0.Add(time.Duration(ply)*100*s), NoClaim); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	check := func(what string, white, black time.Duration) {
		t.Helper()
		if st.Left[White] != white || st.Left[Black] != black {
			t.Errorf("%s: White %s, Black %s; want %s, %s", what, st.Left[White], st.Left[Black], white, black)
		}
	}
	// After k moves of 100 s each, a side has 5400 − 100k + 30k = 5400 − 70k.
	for range 2 * 39 {
		move()
	}
	check("after 39 moves each", 2670*s, 2670*s) // 5400 − 70 × 39 = 2670
	move()
	// White's 40th: 2670 − 100 + 30 = 2600, then + 1800 = 4400.
	check("after White's 40th", 4400*s, 2670*s)
	if st.Moves != [2]int{40, 39} {
		t.Errorf("moves %v, want [40 39]", st.Moves)
	}
	move()
	check("after Black's 40th", 4400*s, 4400*s)
	move()
	// White's 41st: no more periods, 4400 − 100 + 30 = 4330.
	check("after White's 41st", 4330*s, 4400*s)
	move()
	check("after Black's 41st", 4330*s, 4330*s)

	// Three periods: 120/40,60/20,15+0; every move takes 60 s.
	// After k ≤ 40 moves: 7200 − 60k; after 40: 7200 − 2400 + 3600 = 8400;
	// after 60: 8400 − 1200 + 900 = 8100; after 61: 8040.
	st = Start(mustParse(t, "120/40,60/20,15+0"), t0)
	for p := 1; p <= 2*61; p++ {
		var err error
		if st, err = st.Move(t0.Add(time.Duration(p)*60*s), NoClaim); err != nil {
			t.Fatalf("ply %d: %v", p, err)
		}
		switch p {
		case 79: // White's 40th
			check("120/40,60/20,15: after White's 40th", 8400*s, 4860*s) // Black: 7200 − 60 × 39
		case 119: // White's 60th
			check("120/40,60/20,15: after White's 60th", 8100*s, 7260*s) // Black: 8400 − 60 × 19
		case 122:
			check("120/40,60/20,15: after 61 each", 8040*s, 8040*s)
		}
	}
}

// TestCorrespondence plays 3d: each move gets a fresh 3 days.
func TestCorrespondence(t *testing.T) {
	st := play(t, "3d", []step{
		{2 * d, NoClaim, 3 * d, 3 * d},                   // W took 2 days: fresh 3 days
		{2*d + 3*d - time.Minute, NoClaim, 3 * d, 3 * d}, // B took 3 days less a minute
		{5*d - time.Minute + 1*h, NoClaim, 3 * d, 3 * d}, // W took an hour
	})
	// Black to move since T = +5d − 1m + 1h; at T + 1 day it has 2 days left.
	turn := t0.Add(5*d - time.Minute + 1*h)
	if got := st.Remaining(Black, turn.Add(d)); got != 2*d {
		t.Errorf("Remaining(Black) = %s, want 48h", got)
	}
	// Black flags at exactly T + 3 days (no lag quota in correspondence).
	if f, when := st.Flagged(turn.Add(3*d - 1)); f || !when.Equal(turn.Add(3*d)) {
		t.Errorf("Flagged(T+3d−1ns) = %v, %s; want false, T+3d", f, when)
	}
	if f, _ := st.Flagged(turn.Add(3 * d)); !f {
		t.Error("Flagged(T+3d) = false, want true")
	}
	if _, err := st.Move(turn.Add(3*d), 0); !errors.Is(err, ErrFlagged) {
		t.Errorf("move at T+3d: %v, want ErrFlagged", err)
	}
	if next, err := st.Move(turn.Add(3*d-1), 0); err != nil || next.Left[Black] != 3*d {
		t.Errorf("move at T+3d−1ns: %s, %v; want 72h", next.Left[Black], err)
	}
}

// TestUntimed: no clock, nobody ever flags.
func TestUntimed(t *testing.T) {
	st := Start(Control{}, t0)
	var err error
	for p := 1; p <= 4; p++ {
		if st, err = st.Move(t0.Add(time.Duration(p)*1000*h), NoClaim); err != nil {
			t.Fatal(err)
		}
	}
	if st.Moves != [2]int{2, 2} || st.Turn != White {
		t.Errorf("moves %v, turn %s", st.Moves, st.Turn)
	}
	if f, when := st.Flagged(t0.Add(1e6 * h)); f || !when.IsZero() {
		t.Errorf("Flagged = %v, %s; want false, zero", f, when)
	}
	if got := st.Remaining(White, t0.Add(5000*h)); got != 0 {
		t.Errorf("Remaining = %s, want 0", got)
	}
}

// TestFlagAtZero: time running out exactly counts as a flag.
func TestFlagAtZero(t *testing.T) {
	st := Start(mustParse(t, "3+2"), t0)
	// White has 180 s and a 1 s quota: flags at exactly +181.
	if f, when := st.Flagged(t0.Add(181*s - 1)); f || !when.Equal(t0.Add(181*s)) {
		t.Errorf("Flagged(+181s−1ns) = %v, +%s; want false, +181s", f, when.Sub(t0))
	}
	if f, _ := st.Flagged(t0.Add(181 * s)); !f {
		t.Error("Flagged(+181s) = false, want true")
	}
	// Arriving at +181 claiming 0: the quota forgives 1 s, 180 s are
	// charged, 180 − 180 = 0 left: flagged.
	if _, err := st.Move(t0.Add(181*s), 0); !errors.Is(err, ErrFlagged) {
		t.Errorf("move at +181s claiming 0: %v, want ErrFlagged", err)
	}
	// Without a claim the server's 180 s are charged: 0 left, flagged.
	if _, err := st.Move(t0.Add(180*s), NoClaim); !errors.Is(err, ErrFlagged) {
		t.Errorf("move at +180s, no claim: %v, want ErrFlagged", err)
	}
	// Exact error text.
	_, err := st.Move(t0.Add(180*s), NoClaim)
	if want := "clock: White's move 1, charged 3m0s with 3m0s to use: time ran out"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	// One nanosecond earlier is in time: 180 − (180 s − 1 ns) + 2 = 2 s + 1 ns.
	next, err := st.Move(t0.Add(180*s-1), NoClaim)
	if err != nil || next.Left[White] != 2*s+1 {
		t.Errorf("move at +180s−1ns: %s, %v; want 2.000000001s", next.Left[White], err)
	}
	// Claiming 0 at +181 − 1 ns: 1 s forgiven, 180 s − 1 ns charged: in time.
	next, err = st.Move(t0.Add(181*s-1), 0)
	if err != nil || next.Left[White] != 2*s+1 {
		t.Errorf("move at +181s−1ns claiming 0: %s, %v; want 2.000000001s", next.Left[White], err)
	}
}

// TestFlagLater: the server asks, long after the last move, whether the side
// to move flagged; nobody moved in between.
func TestFlagLater(t *testing.T) {
	st := play(t, "3+2", []step{
		{10 * s, NoClaim, 172 * s, 180 * s}, // W: 180 − 10 + 2
		{25 * s, NoClaim, 172 * s, 167 * s}, // B: 180 − 15 + 2
	})
	// White to move since +25 with 172 s and 1 s quota: flags at +198.
	f, when := st.Flagged(t0.Add(time.Hour))
	if !f || !when.Equal(t0.Add(198*s)) {
		t.Errorf("Flagged(+1h) = %v, +%s; want true, +198s", f, when.Sub(t0))
	}
	if _, err := st.Move(t0.Add(time.Hour), 0); !errors.Is(err, ErrFlagged) {
		t.Errorf("move at +1h: %v, want ErrFlagged", err)
	}
	// A move before the turn began is refused.
	if _, err := st.Move(t0.Add(24*s), NoClaim); err == nil || errors.Is(err, ErrFlagged) {
		t.Errorf("move before the turn: %v, want a non-flag error", err)
	}
}

// TestLag checks the lag allowance: charged = max(claim, server − quota),
// never more than the server's measure; the quota spends what it forgave,
// then gets 100 ms back, up to 1 s.
func TestLag(t *testing.T) {
	st := play(t, "3+2", []step{
		// W: server 3 s, claims 0.2 s: lag 2.8, forgiven min(2.8, 1) = 1,
		// charged 2; 180 − 2 + 2 = 180. W quota 1 − 1 + 0.1 = 0.1.
		{3 * s, 200 * ms, 180 * s, 180 * s},
		// B: server 1 s, claims 0.7: forgiven 0.3, charged 0.7;
		// 180 − 0.7 + 2 = 181.3. B quota 1 − 0.3 + 0.1 = 0.8 (capped at 1).
		{4 * s, 700 * ms, 180 * s, 181300 * ms},
		// W: server 1 s, claims 0.5: lag 0.5 but quota 0.1, charged 0.9;
		// 180 − 0.9 + 2 = 181.1. W quota 0.1 − 0.1 + 0.1 = 0.1.
		{5 * s, 500 * ms, 181100 * ms, 181300 * ms},
		// B: server 1 s, claims 2 s (more than the server saw): charged 1;
		// 181.3 − 1 + 2 = 182.3. B quota 0.8 + 0.1 = 0.9.
		{6 * s, 2 * s, 181100 * ms, 182300 * ms},
	})
	if st.Quota != [2]time.Duration{100 * ms, 900 * ms} {
		t.Errorf("quota %v, want [100ms 900ms]", st.Quota)
	}
	// White to move since +6 with 181.1 s and 0.1 s quota: flags at +187.2.
	if _, when := st.Flagged(t0); !when.Equal(t0.Add(187200 * ms)) {
		t.Errorf("Flagged: when +%s, want +187.2s", when.Sub(t0))
	}
	// Honest moves (claim = server) spend nothing and refill 0.1 a move:
	// W 0.1 → 0.2 → ... → 1.0 after 9 moves, and stays at 1.0 (the cap)
	// after the 10th; B 0.9 → 1.0 after 1, then stays.
	at := 6 * s
	for i := 1; i <= 10; i++ {
		var err error
		for range 2 {
			at += s
			if st, err = st.Move(t0.Add(at), s); err != nil {
				t.Fatal(err)
			}
		}
		wantW := min(100*ms+time.Duration(i)*100*ms, time.Second)
		if st.Quota != [2]time.Duration{wantW, time.Second} {
			t.Errorf("after %d honest moves each: quota %v, want [%s 1s]", i, st.Quota, wantW)
		}
	}
	// Each honest move costs 1 s and gains 2: White 181.1 + 10 = 191.1,
	// Black 182.3 + 10 = 192.3.
	if st.Left != [2]time.Duration{191100 * ms, 192300 * ms} {
		t.Errorf("after honest moves: %v, want [3m11.1s 3m12.3s]", st.Left)
	}
}

// TestLagWorstCase: a client claiming 0 every move gains LagQuotaStart on
// its first move and LagRefill on each later one: 1 + 9 × 0.1 = 1.9 s over
// 10 moves.
func TestLagWorstCase(t *testing.T) {
	st := Start(mustParse(t, "3+2"), t0)
	at := time.Duration(0)
	var err error
	for range 10 {
		at += 2 * s // White thinks 2 s, claims 0
		if st, err = st.Move(t0.Add(at), 0); err != nil {
			t.Fatal(err)
		}
		if st, err = st.Move(t0.Add(at), NoClaim); err != nil { // Black replies at once
			t.Fatal(err)
		}
	}
	// White was charged 10 × 2 − 1.9 = 18.1 s and got 10 × 2 s:
	// 180 − 18.1 + 20 = 181.9. Black: 180 + 10 × 2 = 200.
	if st.Left != [2]time.Duration{181900 * ms, 200 * s} {
		t.Errorf("Left %v, want [3m1.9s 3m20s]", st.Left)
	}
	if st.Quota != [2]time.Duration{100 * ms, time.Second} {
		t.Errorf("Quota %v, want [100ms 1s]", st.Quota)
	}
}

// TestSide checks Side's String and Other.
func TestSide(t *testing.T) {
	if White.String() != "White" || Black.String() != "Black" || White.Other() != Black || Black.Other() != White {
		t.Error("Side String/Other")
	}
}

// TestPause: 3+2, White moves at +10 s (172 s left). Black's turn begins
// at +10; the server is down from +40 to +100: Black has used 30 s, then
// from +100 the clock runs on, so at +110 Black has 180 − 30 − 10 = 140 s,
// and a move then leaves 140 + 2 = 142. A span before the turn began
// counts only from its start; an empty or backward one changes nothing.
func TestPause(t *testing.T) {
	st := play(t, "3+2", []step{{10 * s, NoClaim, 172 * s, 180 * s}})
	p := st.Pause(t0.Add(40*s), t0.Add(100*s))
	if got := p.Remaining(Black, t0.Add(110*s)); got != 140*s {
		t.Errorf("Remaining(Black) at +110 after a pause +40..+100 = %s, want 140s", got)
	}
	if got := p.Remaining(White, t0.Add(110*s)); got != 172*s {
		t.Errorf("Remaining(White) = %s, want 172s (its clock was not running)", got)
	}
	next, err := p.Move(t0.Add(110*s), NoClaim)
	if err != nil || next.Left[Black] != 142*s {
		t.Errorf("Black's move at +110: %s, %v; want 142s", next.Left[Black], err)
	}
	// Flag: Black's 180 s plus the 1 s lag quota, plus the 60 s paused.
	if _, when := p.Flagged(t0.Add(110 * s)); !when.Equal(t0.Add((10 + 181 + 60) * s)) {
		t.Errorf("flag at +%s, want +251s", when.Sub(t0))
	}
	if q := st.Pause(t0, t0.Add(20*s)); !q.TurnStart.Equal(t0.Add(20 * s)) {
		t.Errorf("a pause from before the turn (+0..+20, turn from +10): turn start +%s, want +20s", q.TurnStart.Sub(t0))
	}
	if q := st.Pause(t0.Add(50*s), t0.Add(50*s)); !q.TurnStart.Equal(st.TurnStart) || q.Left != st.Left {
		t.Errorf("an empty pause changed the clocks: %+v", q)
	}
	if q := st.Pause(t0.Add(50*s), t0.Add(40*s)); !q.TurnStart.Equal(st.TurnStart) || q.Left != st.Left {
		t.Errorf("a backward pause changed the clocks: %+v", q)
	}
}

// TestGive: an arbiter adds two minutes to each side of 3+2 after White's
// first move at +10 s (White 172 s, Black to move from +10 with 180 s).
func TestGive(t *testing.T) {
	st := play(t, "3+2", []step{{10 * s, NoClaim, 172 * s, 180 * s}})
	w := st.Give(White, 120*s)
	if w.Left[White] != 292*s || w.Left[Black] != 180*s {
		t.Errorf("White +2 min: %s, %s; want 292s, 180s", w.Left[White], w.Left[Black])
	}
	// Black, to move: at +40 its clock shows 180 + 120 − 30 = 270.
	b := st.Give(Black, 120*s)
	if got := b.Remaining(Black, t0.Add(40*s)); got != 270*s {
		t.Errorf("Black +2 min, at +40: %s, want 270s", got)
	}
	// Its flag moves two minutes: +10 + 180 + 1 (quota) + 120 = +311.
	if _, when := b.Flagged(t0.Add(40 * s)); !when.Equal(t0.Add(311 * s)) {
		t.Errorf("flag at +%s, want +311s", when.Sub(t0))
	}
	// Black's move at +50: 300 − 40 + 2 = 262.
	next, err := b.Move(t0.Add(50*s), NoClaim)
	if err != nil || next.Left[Black] != 262*s {
		t.Errorf("Black's move at +50: %s, %v; want 262s", next.Left[Black], err)
	}
	for _, c := range []string{"untimed", "3d"} {
		u := Start(mustParse(t, c), t0)
		if g := u.Give(White, time.Minute); g.Left != u.Left || !g.TurnStart.Equal(u.TurnStart) {
			t.Errorf("%s: Give changed the clocks: %+v", c, g)
		}
	}
}
