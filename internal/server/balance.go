package server

// The balance table the project ships (data/: Stockfish's evaluation of
// every start position): each position's score on its page and in the
// gallery, the gallery's filter by |score|, and draws limited to the
// balanced positions (balanced=CP, as random --balanced CP).

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/uci"
)

// maxBalanced is the largest balanced= a request takes, as random
// --balanced.
const maxBalanced = 10000

// balanceData is what the pages use of the shipped table: its source,
// each start's score, and the start of its best line in SAN. The table
// itself (every row's whole line as text) is not kept: a smaller live heap
// is less for the collector to scan.
type balanceData struct {
	source string // "Stockfish 15.1, depth 25"
	score  [chess960.Count]uci.Score
	line   [chess960.Count]string // "1. d4 Nf6 2. c4 c6": the first 8 plies
}

// balanceTable is the shipped table. It is embedded and checked by its
// package's tests, so it loads.
var balanceTable = sync.OnceValue(func() *balanceData {
	t, err := balance.Load()
	if err != nil {
		panic(err)
	}
	b := &balanceData{source: fmt.Sprintf("%s, depth %d", t.Header().Engine, t.Header().Depth)}
	for id := range chess960.Count {
		sp := chess960.MustNew(id)
		row := t.Row(sp)
		b.score[id] = row.Score
		p := chess.NewPosition(sp)
		start := p
		var sans []string
		for _, u := range row.PV {
			if len(sans) == 8 {
				break
			}
			m, err := p.ParseUCI(u)
			if err != nil {
				break // the table's lines are checked when read: not reached
			}
			sans = append(sans, p.SAN(m))
			p.Play(m)
		}
		b.line[id] = api.Movetext(start, sans)
	}
	return b
})

// balanced returns the start positions within maxCP centipawns of
// equality, as balance.Table.Balanced.
func (b *balanceData) balanced(maxCP int) chess960.Set {
	var s chess960.Set
	for id, sc := range b.score {
		if sc.Kind == uci.Centipawns && sc.Value >= -maxCP && sc.Value <= maxCP {
			s.Add(chess960.MustNew(id))
		}
	}
	return s
}

// balanceSource names the table: "Stockfish 15.1, depth 25".
func balanceSource() string { return balanceTable().source }

// unbalanced is the complement of the positions within maxCP centipawns.
func unbalanced(maxCP int) chess960.Set {
	return chess960.All().Minus(balanceTable().balanced(maxCP))
}

// balancedParam reads balanced= (centipawns, 0..maxBalanced); absent or
// empty (as a form sends "any") is -1.
func balancedParam(q query) (int, *site.Error) {
	if q.Get("balanced") == "" {
		return -1, nil
	}
	return q.Int("balanced", 0, maxBalanced, -1)
}

// evalOf is a start position's score from the table, as players read it
// ("+0.32", "#5"), and its distance from equality in centipawns (-1 for a
// mate, which no limit admits).
func evalOf(sp chess960.StartPos) (string, int) {
	s := balanceTable().score[sp.ID()]
	if s.Kind != uci.Centipawns {
		return s.Short(), -1
	}
	return s.Short(), max(s.Value, -s.Value)
}

// balanceView is a start position's row of the table as its page shows
// it.
type balanceView struct {
	Eval   string // "+0.32"
	Source string // "Stockfish 15.1, depth 25"
	Line   string // the best line in SAN, numbered: "1. c4 c6 2. g4 d5"
	// A link to the gallery of the starts as balanced as this one (or of
	// the balanced ones, for an unbalanced start).
	GalleryURL, GalleryText string
}

func balanceOf(sp chess960.StartPos) balanceView {
	bt := balanceTable()
	v := balanceView{Eval: bt.score[sp.ID()].Short(), Source: bt.source, Line: bt.line[sp.ID()]}
	_, abs := evalOf(sp)
	v.GalleryURL, v.GalleryText = "/gallery?balanced=30", "The balanced starts"
	for _, c := range balancedChoices {
		if abs >= 0 && abs <= c {
			v.GalleryURL, v.GalleryText = fmt.Sprintf("/gallery?balanced=%d", c), "Starts as balanced"
			break
		}
	}
	return v
}

// balancedLabel says what balanced=CP means: "|eval| ≤ 0.30".
func balancedLabel(cp int) string {
	return fmt.Sprintf("|eval| ≤ %d.%02d", cp/100, cp%100)
}

// balancedChoices are the limits the gallery and the draw page offer.
var balancedChoices = []int{10, 20, 30, 50}

// balancedOptions are the options of a balanced= select, with cp (or
// "any") selected; a limit not among the choices is added.
func balancedOptions(cp int) []option {
	opts := []option{{Value: "", Label: "any", Selected: cp < 0}}
	known := cp < 0
	for _, c := range balancedChoices {
		known = known || c == cp
	}
	choices := balancedChoices
	if !known {
		choices = append(choices[:len(choices):len(choices)], cp)
	}
	for _, c := range choices {
		opts = append(opts, option{Value: fmt.Sprint(c), Label: balancedLabel(c) + fmt.Sprintf(" (%d)", balanceTable().balanced(c).Len()), Selected: c == cp})
	}
	return opts
}

// balancedNothing is the error of a draw that the limit and the
// exclusions leave empty.
func balancedNothing(cp int, exclude string) *site.Error {
	within := balanceTable().balanced(cp).Len()
	msg := fmt.Sprintf("balanced %d: %d positions are within %d centipawns, and exclude %s leaves none of them: nothing left to draw", cp, within, cp, quote.Input(exclude))
	if within == 0 {
		msg = fmt.Sprintf("balanced %d: no start position is within %d centipawns of equality in the balance table: nothing to draw", cp, cp)
	}
	return &site.Error{Status: http.StatusBadRequest, Param: "balanced", Code: api.Code(chess960.ErrNoneLeft), Msg: msg}
}
