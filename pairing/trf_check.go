package pairing

import (
	"fmt"
	"strings"

	"github.com/chess960/chess960/internal/quote"
)

// Validate checks that the tournament is consistent, as BBP Pairings checks
// a file it reads: pairing numbers from 1 with no gaps (unless UseRank),
// each round entry well formed (a colour only with an opponent, a bye with
// none, a game with a colour), no more rounds than Rounds, no more
// accelerations than rounds, each played game recorded alike on both
// players' lines (the same round, each other as opponents, opposite
// colours; BBP Pairings does not compare the two results, nor the entries
// of forfeits), and each declared score equal to the results' under the
// point system. The declared score may also include the acceleration for
// the next round and the points of a bye already set for it, as BBP
// Pairings allows.
func (t *Tournament) Validate() error {
	return t.validate(nil)
}

// validate is Validate, with the parser's line numbers for its messages if
// p is not nil.
func (t *Tournament) validate(p *parser) error {
	lineOf := func(n int) int {
		if p == nil {
			return 0
		}
		return p.line[n]
	}
	ps := t.Points
	for _, v := range []Points{ps.Win, ps.Draw, ps.Loss, ps.ZeroBye, ps.ForfeitLoss, ps.PairingBye} {
		if v < 0 || v > maxPoints {
			return &TRFError{Field: "point system", Reason: fmt.Sprintf("%s points are out of range (0 to %s)", v.String(), Points(maxPoints).String())}
		}
	}
	for i, pl := range t.Players {
		if pl == nil {
			return &TRFError{Field: "players", Reason: fmt.Sprintf("Players[%d] is nil", i)}
		}
		if pl.Number < 1 || pl.Number > maxPlayerNumber {
			return &TRFError{Field: "pairing number", Reason: fmt.Sprintf("pairing number %d is out of range (1 to %d)", pl.Number, maxPlayerNumber)}
		}
		if i > 0 && pl.Number <= t.Players[i-1].Number {
			return &TRFError{Line: lineOf(pl.Number), Field: "pairing number", Reason: fmt.Sprintf("pairing number %d is repeated or out of order", pl.Number)}
		}
		if !t.UseRank && pl.Number != i+1 {
			return &TRFError{Field: "pairing number", Reason: fmt.Sprintf("pairing number %d has no player line (without XXC rank, the numbers run from 1 with no gaps)", i+1)}
		}
	}
	if t.LineOrder != nil {
		seen := map[int]bool{}
		for _, n := range t.LineOrder {
			if t.Player(n) == nil || seen[n] {
				return &TRFError{Field: "line order", Reason: fmt.Sprintf("LineOrder is not the players' numbers each once (%d)", n)}
			}
			seen[n] = true
		}
		if len(seen) != len(t.Players) {
			return &TRFError{Field: "line order", Reason: fmt.Sprintf("LineOrder has %d players, the tournament %d", len(seen), len(t.Players))}
		}
	}
	for _, pl := range t.Players {
		for i, g := range pl.Games {
			if err := checkGame(pl.Number, i+1, g); err != nil {
				err.Line = lineOf(pl.Number)
				if err.Line == 0 {
					err.Column = 0
				}
				return err
			}
		}
	}
	if t.Rounds < 0 {
		return &TRFError{Field: "XXR", Reason: fmt.Sprintf("%d rounds", t.Rounds)}
	}
	if rec := t.RecordedRounds(); t.Rounds > 0 && rec > t.Rounds {
		e := &TRFError{Field: "XXR", Reason: fmt.Sprintf("the file records %d rounds, more than the %d it declares (XXR or 142)", rec, t.Rounds)}
		if p != nil {
			e.Line = p.roundsAt
		}
		return e
	}
	if t.System != "" && !knownSystem(t.System) {
		return &TRFError{Field: "192 tournament type", Reason: fmt.Sprintf("%s is not a tournament type BBP Pairings pairs", quote.Input(t.System))}
	}
	if t.Baku {
		if !strings.HasSuffix(t.System, "_BAKU") {
			return &TRFError{Field: "192 tournament type", Reason: "Baku acceleration needs a Baku tournament type (FIDE_DUTCH_2025_BAKU, ...)"}
		}
		for _, pl := range t.Players {
			if len(pl.Accelerations) > 0 {
				return &TRFError{Line: lineOf(pl.Number), Field: "acceleration", Reason: fmt.Sprintf("player %d has accelerations of their own, and the Baku method sets them", pl.Number)}
			}
		}
		if ps.Loss != 0 || 2*ps.Draw != ps.Win {
			return &TRFError{Field: "point system", Reason: fmt.Sprintf("the Baku acceleration needs a loss to score 0 and a win two draws (win %s, draw %s, loss %s)", ps.Win.String(), ps.Draw.String(), ps.Loss.String())}
		}
	}
	for _, f := range t.Forbidden {
		if f[0] >= f[1] || t.Player(f[0]) == nil || t.Player(f[1]) == nil {
			return &TRFError{Field: "XXP", Reason: fmt.Sprintf("forbidden pair %d-%d: two players of the tournament, the lower number first", f[0], f[1])}
		}
	}
	for _, pr := range t.Prohibited {
		if pr.First < 1 || pr.First > 999 || pr.Last < 1 || pr.Last > 999 || len(pr.Players) == 0 {
			return &TRFError{Field: "260", Reason: fmt.Sprintf("prohibition for rounds %d-%d of %d players: rounds 1 to 999 and at least one player", pr.First, pr.Last, len(pr.Players))}
		}
		for _, n := range pr.Players {
			if t.Player(n) == nil {
				return &TRFError{Field: "260 player", Reason: fmt.Sprintf("player %d has no player line", n)}
			}
		}
	}
	for _, b := range t.Byes {
		if b.Round < 1 || b.Round > 999 {
			return &TRFError{Field: "240 round", Reason: fmt.Sprintf("round %d is out of range (1 to 999)", b.Round)}
		}
		if b.Kind == '\r' || b.Kind == '\n' {
			return &TRFError{Field: "240 kind", Reason: "a line end is not a kind of bye"}
		}
		for _, n := range b.Players {
			if t.Player(n) == nil {
				return &TRFError{Field: "240 player", Reason: fmt.Sprintf("player %d has no player line", n)}
			}
		}
	}
	for _, pl := range t.Players {
		for i, g := range pl.Games {
			if !g.Played() {
				continue
			}
			r := i + 1
			fail := func(format string, args ...any) error {
				field := fmt.Sprintf("round %d opponent", r)
				e := &TRFError{Line: lineOf(pl.Number), Column: 92 + 10*i, Field: field, Reason: fmt.Sprintf("round %d: ", r) + fmt.Sprintf(format, args...)}
				if e.Line == 0 {
					e.Column, e.Field = 0, fmt.Sprintf("player %d %s", pl.Number, field)
				}
				return e
			}
			o := t.Player(g.Opponent)
			if o == nil {
				return fail("the opponent, %d, has no player line", g.Opponent)
			}
			og := o.game(r)
			switch {
			case !og.Played():
				return fail("player %d's line does not record a game played against %d", o.Number, pl.Number)
			case og.Opponent != pl.Number:
				return fail("player %d's line has %d as the opponent, not %d", o.Number, og.Opponent, pl.Number)
			case og.Color == g.Color:
				return fail("players %d and %d both have %s", pl.Number, o.Number, colorName(g.Color))
			}
		}
	}
	played := t.PlayedRounds()
	check := p != nil && p.check
	if check {
		played = t.RecordedRounds()
	}
	expected := t.Rounds
	if expected == 0 {
		expected = played
	}
	byes := map[int]bool{}
	for _, b := range t.Byes {
		if b.Round == played+1 && !check {
			for _, n := range b.Players {
				byes[n] = true
			}
		}
	}
	for _, pl := range t.Players {
		n, line := len(pl.Accelerations), 0
		if p != nil {
			n, line = len(p.acc[pl.Number]), p.accAt[pl.Number]
		}
		if n > expected {
			return &TRFError{Line: line, Field: "acceleration", Reason: fmt.Sprintf("player %d has accelerations for %d rounds, more than the tournament's %d", pl.Number, n, expected)}
		}
		for r, a := range pl.Accelerations {
			if a < 0 || a > maxPoints {
				return &TRFError{Line: line, Field: "acceleration", Reason: fmt.Sprintf("player %d's acceleration for round %d, %s, is out of range", pl.Number, r+1, a.String())}
			}
		}
		acc := t.Acceleration(pl, played+1)
		if t.Baku {
			acc = t.baku(pl, played+1, expected)
		}
		if err := t.checkScore(pl, played, acc, byes[pl.Number]); err != nil {
			err.Line = lineOf(pl.Number)
			if err.Line > 0 {
				err.Column, err.Field = 81, "points"
			}
			return err
		}
	}
	return nil
}

// checkScore compares the player's declared score with the results of the
// rounds played, as BBP Pairings does: it accepts the results' score, that
// plus the acceleration for the next round, that plus the points of the
// entry already set for the next round, and that plus both.
//
// acc is the acceleration for the next round, bye whether a 240 record
// names the player for it.
func (t *Tournament) checkScore(pl *Player, played int, acc Points, bye bool) *TRFError {
	want := t.Score(pl, played)
	d := pl.Points
	if d == want {
		return nil
	}
	// The steps, and their guards against going below zero, are BBP
	// Pairings' (validateScores), one by one.
	if d >= acc {
		d -= acc
	}
	if d != want {
		d += acc
	}
	if d != want {
		if pl.recorded() > played || bye {
			// The entry set for the next round; a 240 record's is a
			// round with no result.
			if np := t.Points.Of(pl.game(played + 1)); d >= np {
				d -= np
			}
		}
	}
	if d != want && d >= acc {
		d -= acc
	}
	if d == want {
		return nil
	}
	rounds := fmt.Sprintf("the %d rounds played give", played)
	switch played {
	case 0:
		rounds = "no round has been played: the score is"
	case 1:
		rounds = "round 1 gives"
	}
	reason := fmt.Sprintf("player %d declares %s points, but %s %s", pl.Number, pl.Points.String(), rounds, want.String())
	if acc != 0 {
		reason += fmt.Sprintf(" (%s with the next round's acceleration)", (want + acc).String())
	}
	return &TRFError{Field: fmt.Sprintf("player %d points", pl.Number), Reason: reason}
}

// checkGame checks one round entry on its own.
func checkGame(self, r int, g Game) *TRFError {
	col := 91 + 10*(r-1)
	e := func(at int, what, format string, args ...any) *TRFError {
		return &TRFError{Column: col + at + 1, Field: fmt.Sprintf("round %d %s", r, what), Reason: fmt.Sprintf("player %d: ", self) + fmt.Sprintf(format, args...)}
	}
	if g.Result == NoResult {
		if g != (Game{}) {
			return e(7, "result", "a round with no result has an opponent or a colour")
		}
		return nil
	}
	if g.Opponent < 0 || g.Opponent > maxPlayerNumber {
		return e(0, "opponent", "opponent %d is out of range (0 to %d)", g.Opponent, maxPlayerNumber)
	}
	if g.Opponent == self {
		return e(0, "opponent", "the player is their own opponent")
	}
	switch g.Color {
	case NoColor:
	case White, Black:
		if g.Opponent == 0 {
			return e(5, "colour", "a colour with no opponent")
		}
	default:
		return e(5, "colour", "colour %d is not White, Black or NoColor", g.Color)
	}
	switch g.Result {
	case HalfBye, FullBye, PairingBye, ZeroBye:
		if g.Opponent != 0 {
			return e(7, "result", "%q is a bye or an absence, but the entry has an opponent, %d", rune(g.Result), g.Opponent)
		}
	case ForfeitWin, ForfeitLoss:
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		if g.Color == NoColor && (g.Result != Draw || g.Opponent != 0) {
			return e(7, "result", "%q is a game, which needs an opponent and a colour", rune(g.Result))
		}
	default:
		return e(7, "result", "%s is not a result code (%s)", quote.Input(string(rune(g.Result))), resultCodes)
	}
	return nil
}

// colorName names a colour for messages.
func colorName(c Color) string {
	switch c {
	case White:
		return "White"
	case Black:
		return "Black"
	}
	return "no colour"
}
