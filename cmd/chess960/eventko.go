package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/event/eventjson"
	"github.com/chess960/chess960/pairing/knockout"
)

// knockoutFlags are event new's flags for a knockout's format.
var knockoutFlags = []string{"games", "scoring", "final-games", "ladder", "armageddon", "armageddon-choice", "places", "colors", "match-positions", "seeding", "from"}

// knockoutRules sets a knockout's rules from event new's flags, and
// refuses them for another system.
func (o *eventOpts) knockoutRules(s *event.Settings) error {
	if s.System != event.Knockout {
		return o.matchRules(s)
	}
	if o.given("scoring") {
		return usagef("--scoring: a knockout's matches are won or lost; --scoring is for a Swiss or a round robin of matches")
	}
	if o.given("rounds") {
		return usagef("--rounds: a knockout's rounds follow from its field and its results")
	}
	k := event.KnockoutRules{Games: int(o.games.n), FinalGames: int(o.finalGames.n), Colors: o.colors.v,
		Positions: o.matchPos.v, Seeding: o.seeding.v, ArmageddonChoice: *o.armChoice}
	var err error
	if k.Ladder, err = event.ParseLadder(*o.ladder); err != nil {
		return fmt.Errorf("--ladder: %w", err)
	}
	if o.given("armageddon") {
		k.Armageddon = true
		if k.ArmageddonWhite, k.ArmageddonBlack, err = armageddonFlag(*o.armageddon); err != nil {
			return err
		}
	} else if *o.armChoice {
		return usagef("--armageddon-choice goes with --armageddon")
	}
	if *o.places != "" {
		if k.Places, err = event.ParsePlaces(*o.places); err != nil {
			return fmt.Errorf("--places: %w", err)
		}
	}
	s.Knockout = k
	return nil
}

// matchFlags are the flags a Swiss or a round robin of matches takes.
var matchFlags = []string{"games", "scoring", "armageddon", "match-positions"}

// matchRules sets a Swiss's or a round robin's matches from event new's
// flags (--games, --scoring, --armageddon, --match-positions), and
// refuses the knockout's other flags.
func (o *eventOpts) matchRules(s *event.Settings) error {
	for _, f := range knockoutFlags {
		if o.given(f) && !slices.Contains(matchFlags, f) {
			return usagef("--%s goes with --system knockout", f)
		}
	}
	if !o.given("games") {
		for _, f := range matchFlags {
			if o.given(f) {
				return usagef("--%s goes with --games N (rounds of matches of N games) or --system knockout", f)
			}
		}
		return nil
	}
	m := event.MatchRules{Games: int(o.games.n), Scoring: o.scoring.v}
	if o.given("match-positions") {
		m.Positions = o.matchPos.v
	}
	if o.given("armageddon") {
		m.Armageddon = true
		var err error
		if m.ArmageddonWhite, m.ArmageddonBlack, err = armageddonFlag(*o.armageddon); err != nil {
			return err
		}
	}
	s.Matches = m
	return nil
}

// armageddonFlag reads --armageddon WHITE/BLACK ("5+2/4+2"), or "-" for
// an Armageddon without clocks.
func armageddonFlag(a string) (white, black string, err error) {
	a = strings.TrimSpace(a)
	if a == "-" {
		return "", "", nil
	}
	w, b, ok := strings.Cut(a, "/")
	if !ok || strings.TrimSpace(w) == "" || strings.TrimSpace(b) == "" {
		return "", "", usagef("--armageddon %s: want WHITE/BLACK, such as 5+2/4+2, or - for none", quoteArg(a))
	}
	return strings.TrimSpace(w), strings.TrimSpace(b), nil
}

// matchArg checks a MATCH argument, round.match.
func matchArg(s string) error {
	if _, err := event.ParseMatch(s); err != nil {
		return usagef("MATCH %s: want round.match, such as 2.3 (event bracket shows them)", quoteArg(s))
	}
	return nil
}

// decide: event decide ID MATCH NO [--note TEXT].
func (c *eventCtx) decide(args []string) error {
	if err := matchArg(args[0]); err != nil {
		return err
	}
	no, err := decimal.Int(args[1], 1, 1<<30)
	if err != nil {
		return usagef("NO %s: want the winner's pairing number", quoteArg(args[1]))
	}
	ev := c.st.Admin()
	pid := 0
	for _, p := range ev.Players {
		if int64(p.Number) == no {
			pid = p.ID
		}
	}
	if pid == 0 {
		return fmt.Errorf("no player has the pairing number %d", no)
	}
	if _, err := c.do(event.Change{Kind: event.KindDecide, Match: args[0], Player: pid, Note: *c.o.note}); err != nil {
		return err
	}
	return c.bracket()
}

// choose: event choose ID MATCH w|b.
func (c *eventCtx) choose(args []string) error {
	if err := matchArg(args[0]); err != nil {
		return err
	}
	if args[1] != "w" && args[1] != "b" {
		return usagef("COLOR %s: want w or b, the colour the better seed takes", quoteArg(args[1]))
	}
	if _, err := c.do(event.Change{Kind: event.KindChoose, Match: args[0], Color: args[1]}); err != nil {
		return err
	}
	return c.bracket()
}

// bracket prints the knockout's bracket: each round's matches with their
// players (seed and name), the score of each stage, and how each stands;
// then the places once known.
func (c *eventCtx) bracket() error {
	ev := c.st.Public()
	b, err := ev.Bracket()
	if err != nil {
		return err
	}
	if *c.o.json {
		return writeJSON(c.e.stdout, eventjson.FromBracket(ev, b))
	}
	w := c.e.stdout
	name := func(seed int) string {
		if seed == 0 {
			return "bye"
		}
		return fmt.Sprintf("(%d) %s", seed, ev.PlayerName(ev.SeedPlayer(seed)))
	}
	for r, ms := range b.Rounds {
		fmt.Fprintf(w, "%s\n", event.KORoundName(b, r+1))
		tw := newTable(w)
		for _, m := range ms {
			if m.State == knockout.Empty {
				continue
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", m.ID, name(m.A), event.MatchScore(m), name(m.B), event.MatchState(&ev, m))
		}
		tw.Flush()
	}
	if b.Finished {
		fmt.Fprintln(w, "places")
		tw := newTable(w)
		for _, p := range b.Places {
			pl := strconv.Itoa(p.From)
			if p.To != p.From {
				pl += "-" + strconv.Itoa(p.To)
			}
			fmt.Fprintf(tw, "  %s\t%s\n", pl, name(p.Seed))
		}
		tw.Flush()
	}
	return nil
}
