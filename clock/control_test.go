package clock

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

const (
	s = time.Second
	m = time.Minute
	h = time.Hour
	d = 24 * time.Hour
)

// TestParse checks Parse against controls written out by hand, and that
// String writes each back in the canonical form, which parses to the same
// control.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Control
		str  string // canonical form written by String
	}{
		{"untimed", Control{}, "untimed"},
		{"-", Control{}, "untimed"},
		{"1d", Control{Kind: Correspondence, PerMove: 1 * d}, "1d"},
		{"3d", Control{Kind: Correspondence, PerMove: 3 * d}, "3d"},
		{"100d", Control{Kind: Correspondence, PerMove: 100 * d}, "100d"},
		{"3+2", Control{Kind: Fischer, Periods: []Period{{0, 3 * m}}, Increment: 2 * s}, "3+2"},
		{"15+10", Control{Kind: Fischer, Periods: []Period{{0, 15 * m}}, Increment: 10 * s}, "15+10"},
		{"15", Control{Kind: Fischer, Periods: []Period{{0, 15 * m}}}, "15+0"},
		{"5+0", Control{Kind: Fischer, Periods: []Period{{0, 5 * m}}}, "5+0"},
		{"45s+1", Control{Kind: Fischer, Periods: []Period{{0, 45 * s}}, Increment: 1 * s}, "45s+1"},
		{"120s+1", Control{Kind: Fischer, Periods: []Period{{0, 2 * m}}, Increment: 1 * s}, "2+1"},
		{"15+5 delay", Control{Kind: SimpleDelay, Periods: []Period{{0, 15 * m}}, Increment: 5 * s}, "15+5 delay"},
		{"15+5 bronstein", Control{Kind: Bronstein, Periods: []Period{{0, 15 * m}}, Increment: 5 * s}, "15+5 bronstein"},
		{"90/40,30+30", Control{Kind: Fischer, Periods: []Period{{40, 90 * m}, {0, 30 * m}}, Increment: 30 * s}, "90/40,30+30"},
		// FIDE's shorthand for the same control.
		{"90/40+30", Control{Kind: Fischer, Periods: []Period{{40, 90 * m}, {0, 30 * m}}, Increment: 30 * s}, "90/40,30+30"},
		{"120/40,60/20,15+30", Control{Kind: Fischer, Periods: []Period{{40, 120 * m}, {20, 60 * m}, {0, 15 * m}}, Increment: 30 * s}, "120/40,60/20,15+30"},
		{"90/40,0+30", Control{Kind: Fischer, Periods: []Period{{40, 90 * m}, {0, 0}}, Increment: 30 * s}, "90/40,0+30"},
		{"120/40,60+5 delay", Control{Kind: SimpleDelay, Periods: []Period{{40, 120 * m}, {0, 60 * m}}, Increment: 5 * s}, "120/40,60+5 delay"},
		{"60000+3600000", Control{Kind: Fischer, Periods: []Period{{0, 1000 * h}}, Increment: 1000 * h}, "60000+3600000"},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if str := got.String(); str != tc.str {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, str, tc.str)
		}
		again, err := Parse(tc.str)
		if err != nil || !reflect.DeepEqual(again, tc.want) {
			t.Errorf("Parse(%q) = %+v, %v, want %+v", tc.str, again, err, tc.want)
		}
	}
}

// TestParseErrors checks the exact error text for bad inputs.
func TestParseErrors(t *testing.T) {
	long := strings.Repeat("9", 120)
	for _, tc := range []struct{ in, want string }{
		{"", `time control "": empty`},
		{"0+0", `time control "0+0": no time for either side`},
		{"0+2", `time control "0+2": no time for either side`},
		{"0", `time control "0": no time for either side`},
		{"90/0", `time control "90/0": a period of 0 moves`},
		{"90/0,30+30", `time control "90/0,30+30": a period of 0 moves`},
		{"90/40", `time control "90/40": the last period must be for the rest of the game (write the next period after a ',', as in "90/40,30+30")`},
		{"90/40+5 delay", `time control "90/40+5 delay": the last period must be for the rest of the game (write the next period after a ',', as in "90/40,30+30")`},
		{"90,30+30", `time control "90,30+30": only the last period can be for the rest of the game`},
		{"-5+3", `time control "-5+3": "-5" is not a whole number of minutes`},
		{"5+-3", `time control "5+-3": "-3" is not a whole number of seconds`},
		{"3+2x", `time control "3+2x": "2x" is not a whole number of seconds`},
		{"3+2 ", `time control "3+2 ": "2 " is not a whole number of seconds`},
		{" 3+2", `time control " 3+2": " 3" is not a whole number of minutes`},
		{"3+2+1", `time control "3+2+1": "2+1" is not a whole number of seconds`},
		{"3.5+2", `time control "3.5+2": "3.5" is not a whole number of minutes`},
		{"60001+0", `time control "60001+0": 60001 minutes is more than 1000 hours`},
		{"3600001s+0", `time control "3600001s+0": 3600001 seconds is more than 1000 hours`},
		{"3+3600001", `time control "3+3600001": 3600001 seconds is more than 1000 hours`},
		{"90/1001,30+30", `time control "90/1001,30+30": a period of 1001 moves is more than 1000`},
		{"1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1+0", `time control "1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1/1,1+0": more than 10 periods`},
		{"15+0 delay", `time control "15+0 delay": a delay of 0 seconds`},
		{"15 delay", `time control "15 delay": a delay of 0 seconds`},
		{"15+5  delay", `time control "15+5  delay": "5 " is not a whole number of seconds`},
		{"0d", `time control "0d": 0 days per move`},
		{"101d", `time control "101d": 101 days is more than 100 days`},
		{"-3d", `time control "-3d": "-3d" is not a whole number of minutes`},
		{"d", `time control "d": "d" is not a whole number of minutes`},
		{"3d+2", `time control "3d+2": "3d" is not a whole number of minutes`},
		{"Untimed", `time control "Untimed": "Untimed" is not a whole number of minutes`},
		{long, `time control "` + long[:100] + `"...: "` + long[:100] + `"... is not a whole number of minutes`},
	} {
		_, err := Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want error %s", tc.in, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("Parse(%q) error:\n got  %s\n want %s", tc.in, err, tc.want)
		}
	}
}

// TestPGN checks ParsePGN against hand-written controls and that PGN writes
// them back.
func TestPGN(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Control
		out  string // written back by PGN
	}{
		{"-", Control{}, "-"},
		{"180+2", Control{Kind: Fischer, Periods: []Period{{0, 3 * m}}, Increment: 2 * s}, "180+2"},
		{"300", Control{Kind: Fischer, Periods: []Period{{0, 5 * m}}}, "300"},
		{"300+0", Control{Kind: Fischer, Periods: []Period{{0, 5 * m}}}, "300"},
		{"45+1", Control{Kind: Fischer, Periods: []Period{{0, 45 * s}}, Increment: 1 * s}, "45+1"},
		// 5400 s = 90 min, 1800 s = 30 min: FIDE classical.
		{"40/5400+30:1800+30", Control{Kind: Fischer, Periods: []Period{{40, 90 * m}, {0, 30 * m}}, Increment: 30 * s}, "40/5400+30:1800+30"},
		{"40/7200:20/3600:900", Control{Kind: Fischer, Periods: []Period{{40, 2 * h}, {20, 1 * h}, {0, 15 * m}}}, "40/7200:20/3600:900"},
	} {
		got, err := ParsePGN(tc.in)
		if err != nil {
			t.Errorf("ParsePGN(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParsePGN(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		out, err := got.PGN()
		if err != nil || out != tc.out {
			t.Errorf("ParsePGN(%q).PGN() = %q, %v, want %q", tc.in, out, err, tc.out)
		}
	}

	// Our notation and PGN's for the same control.
	c, err := Parse("90/40,30+30")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := c.PGN(); err != nil || out != "40/5400+30:1800+30" {
		t.Errorf(`Parse("90/40,30+30").PGN() = %q, %v, want "40/5400+30:1800+30"`, out, err)
	}

	// PGN cannot write delays or days per move.
	for _, in := range []string{"15+5 delay", "15+5 bronstein", "3d"} {
		c, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		out, err := c.PGN()
		if !errors.Is(err, ErrPGN) {
			t.Errorf("Parse(%q).PGN() = %q, %v, want ErrPGN", in, out, err)
		}
	}
	c, _ = Parse("3d")
	if _, err := c.PGN(); err == nil || err.Error() != `time control "3d": PGN TimeControl cannot express it` {
		t.Errorf(`Parse("3d").PGN() error = %v`, err)
	}
}

// TestParsePGNErrors checks the exact error text for bad PGN values.
func TestParsePGNErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `PGN time control "": empty`},
		{"?", `PGN time control "?": unknown`},
		{"*180", `PGN time control "*180": "*180" is not a whole number of seconds`},
		{"*", `PGN time control "*": sandclock is not supported`},
		{"0+0", `PGN time control "0+0": no time for either side`},
		{"0/5400:1800", `PGN time control "0/5400:1800": a period of 0 moves`},
		{"40/5400", `PGN time control "40/5400": the last period must be for the rest of the game`},
		{"5400:1800", `PGN time control "5400:1800": only the last period can be for the rest of the game`},
		{"40/5400+30:1800", `PGN time control "40/5400+30:1800": periods with different increments`},
		{"40/5400:1800+30", `PGN time control "40/5400:1800+30": periods with different increments`},
		{"-180+2", `PGN time control "-180+2": "-180" is not a whole number of seconds`},
		{"180+2s", `PGN time control "180+2s": "2s" is not a whole number of seconds`},
		{"3600001", `PGN time control "3600001": 3600001 seconds is more than 1000 hours`},
	} {
		_, err := ParsePGN(tc.in)
		if err == nil {
			t.Errorf("ParsePGN(%q) succeeded, want error %s", tc.in, tc.want)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("ParsePGN(%q) error:\n got  %s\n want %s", tc.in, err, tc.want)
		}
	}
}
