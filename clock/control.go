package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is how a control's clock runs.
type Kind int

// The kinds of control. The zero Kind is Untimed.
const (
	// Untimed games have no clock; nobody ever flags.
	Untimed Kind = iota
	// Fischer adds Control.Increment to the mover's clock after each move.
	Fischer
	// Bronstein gives back, after each move, the time the move used, up to
	// Control.Increment.
	Bronstein
	// SimpleDelay (US delay) does not start the mover's clock until
	// Control.Increment has passed in the turn.
	SimpleDelay
	// Correspondence gives each move a fresh Control.PerMove; unused time
	// does not accumulate.
	Correspondence
)

// Limits on what Parse and ParsePGN accept.
const (
	// MaxTime is the most time a period, or an increment or delay, may have.
	MaxTime = 1000 * time.Hour
	// MaxDays is the most days per move a correspondence control may have.
	MaxDays = 100
	// MaxMoves is the most moves a period may count.
	MaxMoves = 1000
	// MaxPeriods is the most periods a control may have.
	MaxPeriods = 10
)

// Period is one stage of a timed control: Time is put on each side's clock
// when the period begins, and the period ends after the side's Moves-th move
// in it. Moves is 0 for the last period, which lasts for the rest of the game.
type Period struct {
	Moves int
	Time  time.Duration
}

// Control is a time control. The zero Control is untimed.
//
// For Fischer, Bronstein and SimpleDelay, Periods holds at least one period,
// the last one with Moves 0, and Increment is the increment or delay, applied
// on every move from move 1 in every period. For Correspondence, PerMove is
// the time each move gets. Controls made by Parse and ParsePGN hold whole
// seconds only.
type Control struct {
	Kind      Kind
	Periods   []Period
	Increment time.Duration
	PerMove   time.Duration
}

// ErrPGN is wrapped by the errors of Control.PGN for controls the PGN
// TimeControl tag cannot express.
var ErrPGN = errors.New("PGN TimeControl cannot express it")

// quote quotes s for an error message, cutting it to 100 bytes.
func quote(s string) string {
	if len(s) > 100 {
		return strconv.Quote(s[:100]) + "..."
	}
	return strconv.Quote(s)
}

// amount reads s, a count of unit (named for messages: "seconds",
// "minutes") of at most MaxTime, written shown in the input; why says what
// is wrong with it, "" if nothing.
func amount(s, shown string, unit time.Duration, name string) (d time.Duration, why string) {
	n, ok := number(s)
	if !ok {
		return 0, quote(shown) + " is not a whole number of " + name
	}
	if n > int(MaxTime/unit) {
		return 0, strconv.Itoa(n) + " " + name + " is more than 1000 hours"
	}
	return time.Duration(n) * unit, ""
}

// periodMoves reads a period's move count, 1 to MaxMoves; why as for
// amount.
func periodMoves(s string) (n int, why string) {
	n, ok := number(s)
	switch {
	case !ok:
		return 0, quote(s) + " is not a whole number of moves"
	case n == 0:
		return 0, "a period of 0 moves"
	case n > MaxMoves:
		return 0, "a period of " + strconv.Itoa(n) + " moves is more than " + strconv.Itoa(MaxMoves)
	}
	return n, ""
}

// number reads a whole decimal number of at most 9 digits, no sign.
func number(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// Parse reads a time control in this package's notation (see the package
// comment for the grammar).
func Parse(s string) (Control, error) {
	bad := func(format string, args ...any) (Control, error) {
		return Control{}, fmt.Errorf("time control %s: %s", quote(s), fmt.Sprintf(format, args...))
	}
	switch s {
	case "":
		return bad("empty")
	case "untimed", "-":
		return Control{}, nil
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, ok := number(days)
		if !ok {
			goto timed // not days: the error comes from the timed grammar
		}
		if n == 0 {
			return bad("0 days per move")
		}
		if n > MaxDays {
			return bad("%d days is more than %d days", n, MaxDays)
		}
		return Control{Kind: Correspondence, PerMove: time.Duration(n) * 24 * time.Hour}, nil
	}
timed:
	c := Control{Kind: Fischer}
	rest := s
	if r, ok := strings.CutSuffix(rest, " delay"); ok {
		c.Kind, rest = SimpleDelay, r
	} else if r, ok := strings.CutSuffix(rest, " bronstein"); ok {
		c.Kind, rest = Bronstein, r
	}
	periods, inc, hasInc := strings.Cut(rest, "+")
	if hasInc {
		var why string
		if c.Increment, why = amount(inc, inc, time.Second, "seconds"); why != "" {
			return bad("%s", why)
		}
	}
	if c.Kind != Fischer && c.Increment == 0 {
		return bad("a delay of 0 seconds")
	}
	fields := strings.Split(periods, ",")
	if len(fields) > MaxPeriods {
		return bad("more than %d periods", MaxPeriods)
	}
	for i, f := range fields {
		tm, mv, hasMoves := strings.Cut(f, "/")
		var p Period
		var why string
		if secs, ok := strings.CutSuffix(tm, "s"); ok {
			p.Time, why = amount(secs, tm, time.Second, "seconds")
		} else {
			p.Time, why = amount(tm, tm, time.Minute, "minutes")
		}
		if why != "" {
			return bad("%s", why)
		}
		if hasMoves {
			if p.Moves, why = periodMoves(mv); why != "" {
				return bad("%s", why)
			}
		}
		last := i == len(fields)-1
		if last && hasMoves {
			if !hasInc || c.Kind != Fischer || c.Increment == 0 || c.Increment/time.Second > MaxTime/time.Minute {
				return bad("the last period must be for the rest of the game (write the next period after a ',', as in \"90/40,30+30\")")
			}
			// FIDE's shorthand "90/40+30": then N minutes for the rest
			// of the game, and N seconds a move from move 1.
			c.Periods = append(c.Periods, p, Period{Time: c.Increment / time.Second * time.Minute})
			continue
		}
		if !last && !hasMoves {
			return bad("only the last period can be for the rest of the game")
		}
		c.Periods = append(c.Periods, p)
	}
	if c.Periods[0].Time == 0 {
		return bad("no time for either side")
	}
	return c, nil
}

// minutes writes a period's time: whole minutes as a number, else seconds
// followed by "s".
func minutes(d time.Duration) string {
	if d%time.Minute == 0 {
		return strconv.FormatInt(int64(d/time.Minute), 10)
	}
	return strconv.FormatInt(int64(d/time.Second), 10) + "s"
}

// String writes c in the notation Parse reads, so that Parse(c.String())
// gives c back for every control Parse can make. The increment is always
// written, "+0" included.
func (c Control) String() string {
	switch c.Kind {
	case Untimed:
		return "untimed"
	case Correspondence:
		return strconv.FormatInt(int64(c.PerMove/(24*time.Hour)), 10) + "d"
	}
	var b strings.Builder
	for i, p := range c.Periods {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(minutes(p.Time))
		if p.Moves > 0 {
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(p.Moves))
		}
	}
	b.WriteByte('+')
	b.WriteString(strconv.FormatInt(int64(c.Increment/time.Second), 10))
	switch c.Kind {
	case SimpleDelay:
		b.WriteString(" delay")
	case Bronstein:
		b.WriteString(" bronstein")
	}
	return b.String()
}

// ParsePGN reads the value of a PGN TimeControl tag (PGN standard 9.6.1):
// fields separated by ':', each "moves/seconds", "seconds" or
// "seconds+increment"; "-" alone is untimed. As many PGN writers do, a
// "moves/seconds" field may carry "+increment" too. Since a Control has one
// increment for the whole game, every field must carry the same increment
// (or none does), and the last field must be for the rest of the game (no
// "moves/"). "?" (unknown) and "*" (sandclock) are refused: this package has
// no clock for them.
func ParsePGN(s string) (Control, error) {
	bad := func(format string, args ...any) (Control, error) {
		return Control{}, fmt.Errorf("PGN time control %s: %s", quote(s), fmt.Sprintf(format, args...))
	}
	switch s {
	case "":
		return bad("empty")
	case "-":
		return Control{}, nil
	case "?":
		return bad("unknown")
	}
	fields := strings.Split(s, ":")
	if len(fields) > MaxPeriods {
		return bad("more than %d periods", MaxPeriods)
	}
	c := Control{Kind: Fischer}
	for i, f := range fields {
		if f == "*" {
			return bad("sandclock is not supported")
		}
		body, inc, hasInc := strings.Cut(f, "+")
		incr := time.Duration(0)
		if hasInc {
			var why string
			if incr, why = amount(inc, inc, time.Second, "seconds"); why != "" {
				return bad("%s", why)
			}
		}
		if i == 0 {
			c.Increment = incr
		} else if incr != c.Increment {
			return bad("periods with different increments")
		}
		mv, secs, hasMoves := strings.Cut(body, "/")
		if !hasMoves {
			secs = mv
		}
		var p Period
		var why string
		if p.Time, why = amount(secs, secs, time.Second, "seconds"); why != "" {
			return bad("%s", why)
		}
		if hasMoves {
			if p.Moves, why = periodMoves(mv); why != "" {
				return bad("%s", why)
			}
		}
		last := i == len(fields)-1
		if last && hasMoves {
			return bad("the last period must be for the rest of the game")
		}
		if !last && !hasMoves {
			return bad("only the last period can be for the rest of the game")
		}
		c.Periods = append(c.Periods, p)
	}
	if c.Periods[0].Time == 0 {
		return bad("no time for either side")
	}
	return c, nil
}

// PGN writes c as the value of a PGN TimeControl tag, which ParsePGN reads
// back: "-" for untimed, else one field per period, "moves/seconds" for all
// but the last and "seconds" for the last, each followed by "+increment" when
// the increment is not 0. PGN has no way to write a delay (Bronstein or
// simple) or days per move, so for those PGN returns an error wrapping
// ErrPGN rather than a value that would be read as something else.
func (c Control) PGN() (string, error) {
	switch c.Kind {
	case Untimed:
		return "-", nil
	case Fischer:
	default:
		return "", fmt.Errorf("time control %s: %w", quote(c.String()), ErrPGN)
	}
	var b strings.Builder
	for i, p := range c.Periods {
		if i > 0 {
			b.WriteByte(':')
		}
		if p.Moves > 0 {
			b.WriteString(strconv.Itoa(p.Moves))
			b.WriteByte('/')
		}
		b.WriteString(strconv.FormatInt(int64(p.Time/time.Second), 10))
		if c.Increment != 0 {
			b.WriteByte('+')
			b.WriteString(strconv.FormatInt(int64(c.Increment/time.Second), 10))
		}
	}
	return b.String(), nil
}
