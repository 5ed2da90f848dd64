package pairing

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sort"
)

// ErrNoPairing is the error (wrapped) when no pairing of the round satisfies
// the absolute criteria of C.04.3 (C1-C3): no rematch, no forbidden pair,
// the colour limits, at most one pairing-allocated bye to an eligible
// player.
var ErrNoPairing = errors.New("no pairing satisfies the absolute criteria")

// matcher is the maximum-weight matching the engine drives: a complete graph
// whose edge weights it sets and changes, re-solving after each change.
type matcher interface {
	SetWeight(u, v int, w []uint64)
	Solve()
	Mate(v int) int // -1 if unmatched
}

// newMatcher makes the matcher for n vertices and weights of the given
// number of words.
var newMatcher func(n, words int) matcher

// engine pairs one round.
type engine struct {
	ctx     context.Context // nil: never stops
	t       *Tournament
	players []*entrant
	played  int // rounds played
	planned int // rounds in the tournament

	forbidden map[[2]int]bool // by entrant index, smaller first

	// The bracket layout of the edge weights.
	sorted      []*entrant
	groupShift  map[Points]int // bit offset of each score group in a score field
	groupsBits  int            // width of a score field
	groupBits   int            // width of a count field
	words       int
	byeScore    Points
	singleBye   bool // the single downfloater of the bracket is the bye assignee (C9 applies)
	unplayedRnk map[int]int
}

// Dutch pairs the next round of t (round t's played rounds + 1) by the FIDE
// Dutch system (C.04.3, in force from 1 July 2025), as BBP Pairings pairs it.
// It returns the boards in board order; a bye is a Pair with Black 0, last.
// Players whose record already holds the round being paired (a requested
// bye, an absence) are not paired. The error wraps ErrNoPairing when no
// pairing satisfies the absolute criteria.
func Dutch(t *Tournament) ([]Pair, error) {
	return DutchContext(context.Background(), t)
}

// Board is one board of a round as the Dutch engine paired it, with what
// the arbiter may want to know about it.
type Board struct {
	Board      int    `json:"board"`
	White      int    `json:"white"`
	Black      int    `json:"black"` // 0: the pairing-allocated bye
	WhiteScore Points `json:"whiteScore"`
	BlackScore Points `json:"blackScore"`
	// Float says who floats when the scores differ (with acceleration), as
	// "white down, black up" or "black down, white up"; "" otherwise.
	Float string `json:"float,omitempty"`
	// Colors is the colour rule that gave White white, in words.
	Colors string `json:"colors"`
}

// DutchBoards is Dutch with the scores, floats and colour reasons of each
// board.
func DutchBoards(t *Tournament) ([]Board, error) {
	return DutchBoardsContext(context.Background(), t)
}

// DutchContext is Dutch that gives up when ctx ends: a server pairing a
// large field for a client that has gone, or past its time budget, stops
// within one stage of the matching and returns an error that wraps
// ctx.Err().
func DutchContext(ctx context.Context, t *Tournament) ([]Pair, error) {
	boards, err := DutchBoardsContext(ctx, t)
	if err != nil {
		return nil, err
	}
	pairs := make([]Pair, len(boards))
	for i, b := range boards {
		pairs[i] = Pair{White: b.White, Black: b.Black}
	}
	return pairs, nil
}

// DutchBoardsContext is DutchBoards that gives up when ctx ends, as
// DutchContext does.
func DutchBoardsContext(ctx context.Context, t *Tournament) (boards []Board, err error) {
	if err := t.PairingReady(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("pairing round %d: %w", t.PlayedRounds()+1, err)
	}
	e := &engine{t: t, planned: t.Rounds, ctx: ctx}
	e.load()
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			boards, err = nil, fmt.Errorf("pairing round %d: %w", t.PlayedRounds()+1, s.err)
		}
	}()
	return e.pair()
}

// stopped is the panic that unwinds the engine when its context ends;
// DutchBoardsContext recovers it. It never leaves the package.
type stopped struct{ err error }

// stoppable is a matcher that can be told to stop between its stages.
type stoppable interface{ SetStop(func() bool) }

// ctxMatcher is the engine's matcher with its context: after each Solve it
// unwinds the engine if the context has ended.
type ctxMatcher struct {
	matcher
	ctx context.Context
}

func (m ctxMatcher) Solve() {
	m.matcher.Solve()
	if err := m.ctx.Err(); err != nil {
		panic(stopped{err})
	}
}

func (e *engine) isForbidden(a, b *entrant) bool {
	i, j := a.index, b.index
	if i > j {
		i, j = j, i
	}
	return e.forbidden[[2]int{i, j}]
}

// compatible: the two may meet without breaking an absolute criterion.
func (e *engine) compatible(a, b *entrant) bool {
	if e.isForbidden(a, b) {
		return false
	}
	if !a.absolute() || !b.absolute() || a.pref != b.pref {
		return true
	}
	// The last round: players with more than half the maximum score may
	// break the colour rules (C.04.3 A.7, C3).
	if e.played >= e.planned-1 {
		most := e.t.Points.Win
		if e.t.Points.Draw > most {
			most = e.t.Points.Draw
		}
		top := Points(e.played) * most >> 1
		return e.scoreBack(a, 0) > top || e.scoreBack(b, 0) > top
	}
	return false
}

// float directions.
const (
	floatDown = iota
	floatUp
	floatNone
)

// floatOf is the player's float back rounds ago.
func (e *engine) floatOf(p *entrant, back int) int {
	r := p.rounds[e.played-back]
	if !r.played {
		if e.t.Points.Of(e.t.Players[p.index].game(e.played-back+1)) > e.t.Points.Loss {
			return floatDown
		}
		return floatNone
	}
	ps, os := e.scoreBack(p, back), e.scoreBack(e.players[r.opp], back)
	switch {
	case ps > os:
		return floatDown
	case ps < os:
		return floatUp
	}
	return floatNone
}

func (e *engine) byeCandidate(p *entrant) bool {
	return e.eligibleForBye(p) && e.scoreBack(p, 0) <= e.byeScore
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func compatiblePrefs(a, b Color) bool { return a != b || a == NoColor || b == NoColor }

// layoutBits is the width of an edge weight: the sum of the fields
// edgeWeight stacks.
func (e *engine) layoutBits() int {
	g, s := e.groupBits, e.groupsBits
	n := 2 + g + s + g + s + 2*g + 4*g
	if e.played > 0 {
		n += 2*g + 2*s
	}
	if e.played > 1 {
		n += 2*g + 2*s
	}
	n += 3*g + 1
	return n
}

// edgeWeight computes the basic weight of pairing higher with lower (higher
// ranks above lower in the bracket order), into w: the quality criteria of
// C.04.3 (C5-C21) as fields, most important first, with room at the bottom
// for the ordering rules of the brackets. Zero means the pair is not
// allowed.
func (e *engine) edgeWeight(w weight, higher, lower *entrant, inCurrent, inNext bool) {
	w.clear()
	if !e.compatible(higher, lower) {
		return
	}
	g, s := e.groupBits, e.groupsBits
	hs, ls := e.scoreBack(higher, 0), e.scoreBack(lower, 0)

	// Completion of the round and bye eligibility (C4, C5).
	w.or(1 + b2u(!e.byeCandidate(higher)) + b2u(!e.byeCandidate(lower)))

	// The number of pairs in the current bracket (C6), then their scores (C7).
	w.shl(g)
	w.or(b2u(inCurrent))
	w.shl(s)
	if inCurrent {
		w.addBit(e.groupShift[hs])
	}
	// The same for the next bracket (C8).
	w.shl(g)
	w.or(b2u(inNext))
	w.shl(s)
	if inNext {
		w.addBit(e.groupShift[hs])
	}

	// The unplayed games of the bye assignee (C9).
	w.shl(2 * g)
	if e.singleBye {
		if hs == e.byeScore {
			w.or(uint64(e.unplayedRnk[higher.games]))
		}
		if ls == e.byeScore {
			w.add(uint64(e.unplayedRnk[lower.games]))
		}
	}

	// Colour preferences (C10-C13).
	e.colorBits(w, lower, higher, inCurrent)

	// Downfloaters and upfloaters repeated from the previous round (C14,
	// C15), then from two rounds before (C16, C17).
	for back := 1; back <= 2 && back <= e.played; back++ {
		w.shl(g)
		if inCurrent {
			w.or(b2u(e.floatOf(lower, back) == floatDown))
			w.add(b2u(hs <= ls && e.floatOf(higher, back) == floatDown))
		}
		w.shl(g)
		if inCurrent {
			w.or(b2u(!(hs > ls && e.floatOf(lower, back) == floatUp)))
		}
	}
	// The scores of repeated downfloaters, and of the opponents of repeated
	// upfloaters, from the previous round (C18, C19), then from two rounds
	// before (C20, C21).
	for back := 1; back <= 2 && back <= e.played; back++ {
		w.shl(s)
		if inCurrent {
			if e.floatOf(lower, back) == floatDown {
				w.addBit(e.groupShift[ls])
			}
			if e.floatOf(higher, back) == floatDown {
				w.addBit(e.groupShift[hs])
			}
		}
		w.shl(s)
		if inCurrent && !(e.floatOf(lower, back) == floatUp && hs > ls) {
			w.addBit(e.groupShift[hs])
		}
	}

	// Room for the ordering rules of heterogeneous and homogeneous brackets.
	w.shl(3*g + 1)
}

// colorBits appends the four colour fields (C10-C13) for the pair.
func (e *engine) colorBits(w weight, p, o *entrant, inCurrent bool) {
	g := e.groupBits
	w.shl(g)
	w.or(b2u(inCurrent && (!p.absoluteImbalance() || !o.absoluteImbalance() || p.pref != o.pref)))

	w.shl(g)
	ok := !p.absolute() || !o.absolute() || p.pref != o.pref
	if !ok {
		if p.imbalance == o.imbalance {
			ok = p.repeated == NoColor || p.repeated != o.repeated
		} else {
			q := p
			if p.imbalance > o.imbalance {
				q = o
			}
			ok = q.repeated != p.pref.Invert()
		}
	}
	w.or(b2u(inCurrent && ok))

	w.shl(g)
	w.or(b2u(inCurrent && compatiblePrefs(p.pref, o.pref)))

	w.shl(g)
	w.or(b2u(inCurrent && ((!p.strong && !p.absolute()) || (!o.strong && !o.absolute()) ||
		(p.absolute() && o.absolute()) || p.pref != o.pref)))
}

// bitsFor is the number of bits needed to write n.
func bitsFor(n int) int { return bits.Len(uint(n)) }

// pair runs the Dutch procedure.
func (e *engine) pair() ([]Board, error) {
	e.forbidden = make(map[[2]int]bool)
	forbid := func(i, j int) {
		if i == j {
			return
		}
		if i > j {
			i, j = j, i
		}
		e.forbidden[[2]int{i, j}] = true
	}
	byNumber := make(map[int]int, len(e.players))
	for _, p := range e.players {
		byNumber[p.number] = p.index
	}
	for _, fp := range e.t.Forbidden {
		i, ok1 := byNumber[fp[0]]
		j, ok2 := byNumber[fp[1]]
		if ok1 && ok2 {
			forbid(i, j)
		}
	}
	for _, pr := range e.t.Prohibited {
		if r := e.played + 1; r < pr.First || r > pr.Last {
			continue
		}
		for k, a := range pr.Players {
			for _, c := range pr.Players[k+1:] {
				i, ok1 := byNumber[a]
				j, ok2 := byNumber[c]
				if ok1 && ok2 {
					forbid(i, j)
				}
			}
		}
	}
	var sorted []*entrant
	for _, p := range e.players {
		if !p.valid {
			continue
		}
		if len(p.rounds) <= e.played {
			sorted = append(sorted, p)
		}
		for _, r := range p.rounds {
			if r.played {
				forbid(p.index, r.opp)
			}
		}
	}
	if len(sorted) == 0 {
		// Nobody to pair: an empty round, as BBP Pairings gives it.
		return []Board{}, nil
	}
	sort.SliceStable(sorted, func(i, j int) bool { return e.ranksAbove(sorted[i], sorted[j]) })
	e.sorted = sorted
	n := len(sorted)

	// Score groups: each gets as many bits in a score field as its size
	// needs, the lowest group in the lowest bits.
	e.groupShift = make(map[Points]int)
	maxGroup, run := 0, 0
	for i := n - 1; i >= 0; i-- {
		run++
		sc := e.scoreBack(sorted[i], 0)
		if i == 0 || sc < e.scoreBack(sorted[i-1], 0) {
			e.groupShift[sc] = e.groupsBits
			if run > maxGroup {
				maxGroup = run
			}
			e.groupsBits += bitsFor(run)
			run = 0
		}
	}
	e.groupBits = bitsFor(maxGroup)
	total := e.layoutBits()
	e.words = (total + 2 + 63) / 64
	words := e.words

	// maxWeight is above every edge weight: the weight of a finalised pair.
	maxWeight := make(weight, words)
	for b := 0; b < total; b++ {
		maxWeight.addBit(b)
	}

	var m matcher = newMatcher(n, words)
	if e.ctx != nil && e.ctx.Done() != nil {
		if st, ok := m.(stoppable); ok {
			ctx := e.ctx
			st.SetStop(func() bool { return ctx.Err() != nil })
		}
		m = ctxMatcher{m, e.ctx}
	}
	w := make(weight, words)
	top := e.scoreBack(sorted[0], 0)
	for i := 0; i < n; i++ {
		p := sorted[i]
		for j := 0; j < i; j++ {
			o := sorted[j]
			if n&1 == 1 {
				w.clear()
				if e.compatible(p, o) {
					w.or(1 + b2u(!e.eligibleForBye(p)) + b2u(!e.eligibleForBye(o)))
					w.shl(e.groupsBits)
					w.or(uint64(e.groupShift[e.scoreBack(p, 0)] + e.groupShift[e.scoreBack(o, 0)]))
					w.shl(e.groupBits)
					w.or(b2u(e.scoreBack(p, 0) >= top))
				}
			} else {
				e.edgeWeight(w, o, p, false, false)
			}
			m.SetWeight(i, j, w)
		}
	}

	m.Solve()
	unmatched := -1
	for v := 0; v < n; v++ {
		if m.Mate(v) < 0 {
			if unmatched >= 0 || !e.eligibleForBye(sorted[v]) {
				return nil, fmt.Errorf("round %d: %w", e.played+1, ErrNoPairing)
			}
			unmatched = v
		}
	}
	if n&1 == 1 {
		e.byeScore = e.scoreBack(sorted[unmatched], 0)
		if e.byeScore >= top {
			e.singleBye = true
			for v := 0; v < n && e.scoreBack(sorted[v], 0) >= top; v++ {
				if u := m.Mate(v); u >= 0 && e.scoreBack(sorted[u], 0) < top {
					e.singleBye = false
					break
				}
			}
		}
		var counts []int
		for _, p := range sorted {
			if e.scoreBack(p, 0) == e.byeScore {
				counts = append(counts, p.games)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(counts)))
		e.unplayedRnk = make(map[int]int)
		for r, c := range counts {
			e.unplayedRnk[c] = r
		}
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				e.edgeWeight(w, sorted[j], sorted[i], false, false)
				m.SetWeight(i, j, w)
			}
		}
	}

	b := &brackets{e: e, m: m, maxWeight: maxWeight, w: w}
	mates := b.run()

	var boards []Board
	for _, p := range sorted {
		v := b.vertexOf[p.index]
		u := mates[v]
		if u < 0 {
			boards = append(boards, Board{White: p.number, WhiteScore: p.score, Colors: "pairing-allocated bye"})
			continue
		}
		o := sorted[u]
		if p.index > o.index {
			continue
		}
		c, why := e.color(p, o)
		if c != White {
			p, o = o, p
		}
		bd := Board{White: p.number, Black: o.number, WhiteScore: p.score, BlackScore: o.score, Colors: why}
		if ps, os := e.scoreBack(p, 0), e.scoreBack(o, 0); ps != os {
			bd.Float = "white down, black up"
			if ps < os {
				bd.Float = "black down, white up"
			}
		}
		boards = append(boards, bd)
	}
	e.order(boards)
	for i := range boards {
		boards[i].Board = i + 1
	}
	return boards, nil
}

// color is the colour p gets against o (C.04.3, the colour allocation
// rules), with the rule that decided it, in words.
func (e *engine) color(p, o *entrant) (Color, string) {
	if c, why := neutralColor(p, o); c != NoColor {
		return c, why
	}
	init := e.t.FirstColor()
	higher := p
	if e.ranksAbove(o, p) {
		higher = o
	}
	if higher.pref == NoColor { // and so neither has one
		// Neither preference decides: the higher-ranked player's pairing
		// number, odd or even, with the initial colour.
		c := init
		if higher.rank&1 == 1 {
			c = init.Invert()
		}
		why := "the higher-ranked player has an odd effective pairing number and the initial colour"
		if higher.rank&1 == 1 {
			why = "the higher-ranked player has an even effective pairing number and the colour opposite to the initial one"
		}
		if higher == p {
			return c, why
		}
		return c.Invert(), why
	}
	if higher == o {
		return o.pref.Invert(), "the higher-ranked player's colour preference"
	}
	return p.pref, "the higher-ranked player's colour preference"
}

// neutralColor applies the colour rules that do not depend on the ranking:
// the colour p gets against o, or NoColor if they leave it open.
func neutralColor(p, o *entrant) (Color, string) {
	if compatiblePrefs(p.pref, o.pref) {
		switch {
		case p.pref != NoColor && o.pref != NoColor:
			return p.pref, "both colour preferences"
		case p.pref != NoColor:
			return p.pref, "the only colour preference"
		case o.pref != NoColor:
			return o.pref.Invert(), "the only colour preference"
		}
		return NoColor, ""
	}
	switch {
	case p.absolute() && (p.imbalance > o.imbalance || !o.absolute()):
		return p.pref, "the stronger colour preference (absolute)"
	case o.absolute() && (o.imbalance > p.imbalance || !p.absolute()):
		return o.pref.Invert(), "the stronger colour preference (absolute)"
	case p.strong && !o.strong:
		return p.pref, "the stronger colour preference (strong)"
	case o.strong && !p.strong:
		return o.pref.Invert(), "the stronger colour preference (strong)"
	}
	pc, oc := firstColorDifference(p, o)
	if pc != NoColor && oc != NoColor {
		return oc, "colours alternate from the latest round in which the two had different colours"
	}
	return NoColor, ""
}

// firstColorDifference walks both players' played games back from the
// latest and returns their colours in the latest pair of games in which
// they differed (NoColor once either runs out).
func firstColorDifference(p, o *entrant) (Color, Color) {
	i, j := len(p.rounds)-1, len(o.rounds)-1
	next := func(rs []round, k int) int {
		for k >= 0 && !rs[k].played {
			k--
		}
		return k
	}
	i, j = next(p.rounds, i), next(o.rounds, j)
	for i >= 0 && j >= 0 && p.rounds[i].color == o.rounds[j].color {
		i, j = next(p.rounds, i-1), next(o.rounds, j-1)
	}
	pc, oc := NoColor, NoColor
	if i >= 0 {
		pc = p.rounds[i].color
	}
	if j >= 0 {
		oc = o.rounds[j].color
	}
	return pc, oc
}

// order sorts the boards for publication (C.04.2 B): byes last; then by the
// higher player's score, the lower player's score, and the higher player's
// pairing number. Scores here are without acceleration.
func (e *engine) order(pairs []Board) {
	byNumber := make(map[int]*entrant, len(e.players))
	for _, p := range e.players {
		byNumber[p.number] = p
	}
	above := func(a, b *entrant) bool {
		if a.score != b.score {
			return a.score > b.score
		}
		return a.rank < b.rank
	}
	key := func(pr Board) (bye bool, hi, lo *entrant) {
		w := byNumber[pr.White]
		if pr.Black == 0 {
			return true, w, w
		}
		b := byNumber[pr.Black]
		if above(b, w) {
			return false, b, w
		}
		return false, w, b
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		bi, hi, li := key(pairs[i])
		bj, hj, lj := key(pairs[j])
		if bi != bj {
			return !bi
		}
		if hi.score != hj.score {
			return hi.score > hj.score
		}
		if li.score != lj.score {
			return li.score > lj.score
		}
		return hi.rank < hj.rank
	})
}
