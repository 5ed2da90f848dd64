package game

import (
	"fmt"
	"time"

	"github.com/chess960/chess960/pgn"
)

// Players names the two sides and the occasion for the PGN tags; empty
// fields are written as PGN writes unknowns ("?").
type Players struct {
	Event, Site  string
	White, Black string
}

// PGN returns the game as a PGN game: the Seven Tag Roster (the Date is
// the day of the first action, "????.??.??" before one), the Variant,
// SetUp and FEN tags that pgn writes for a Chess960 start or any other
// non-standard one, a TimeControl tag (PGN standard 9.6.1; "-" for an
// untimed game, none for a control PGN cannot write, such as a delay), a
// Termination tag (8.2.5: "normal", "time forfeit", "adjudication" for
// the arbiter's result, or "abandoned" for an aborted game and a side
// that never arrived) once it is over, and in a timed game a [%clk H:MM:SS]
// comment after each move: the mover's time left after it.
func (g *Game) PGN(p Players) *pgn.Game {
	out := &pgn.Game{Start: g.Start()}
	set := func(name, v string) {
		if v != "" {
			out.Tags.Set(name, v)
		}
	}
	set("Event", p.Event)
	set("Site", p.Site)
	if len(g.log) > 0 {
		set("Date", g.log[0].At.UTC().Format("2006.01.02"))
	}
	set("White", p.White)
	set("Black", p.Black)
	out.Tags.Set("Result", g.result.String())
	if !g.timed {
		out.Tags.Set("TimeControl", "-")
	} else if tc, err := g.control.PGN(); err == nil {
		out.Tags.Set("TimeControl", tc)
	}
	if g.over {
		switch g.ending {
		case TimeForfeit:
			out.Tags.Set("Termination", "time forfeit")
		case Aborted, DefaultLoss:
			out.Tags.Set("Termination", "abandoned")
		case Adjudicated:
			out.Tags.Set("Termination", "adjudication")
		default:
			out.Tags.Set("Termination", "normal")
		}
	}
	for i, m := range g.g.Moves() {
		n := pgn.Node{Move: m}
		if i < len(g.left) {
			n.Comments = []string{clk(g.left[i])}
		}
		out.Moves.Nodes = append(out.Moves.Nodes, n)
	}
	return out
}

// clk writes a time left as a [%clk] command: whole seconds, rounded down
// (a clock shows 0:00:00 only when the time is gone).
func clk(d time.Duration) string {
	s := int64(d / time.Second)
	return fmt.Sprintf("[%%clk %d:%02d:%02d]", s/3600, s/60%60, s%60)
}
