package game

import (
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
// non-standard one, and a Termination tag (PGN standard 8.2.5: "normal",
// "time forfeit", or "abandoned" for an aborted game) once it is over.
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
	if g.over {
		switch g.ending {
		case TimeForfeit:
			out.Tags.Set("Termination", "time forfeit")
		case Aborted:
			out.Tags.Set("Termination", "abandoned")
		default:
			out.Tags.Set("Termination", "normal")
		}
	}
	for _, m := range g.g.Moves() {
		out.Moves.Nodes = append(out.Moves.Nodes, pgn.Node{Move: m})
	}
	return out
}
