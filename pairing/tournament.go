// Package pairing pairs the rounds of chess tournaments: the FIDE Dutch
// system (C.04.3, the rules in force from 1 July 2025) with the same
// pairings as BBP Pairings, the engine FIDE endorses, and round robins by the
// Berger tables (C.05, Annex 1). It reads and writes the FIDE Tournament
// Report File (TRF-2026, TRF-16 and the TRF(x)/TRF(bx) extensions that
// JaVaFo and BBP Pairings read).
//
// The package uses the standard library only.
package pairing

import (
	"fmt"
	"slices"
	"strconv"
)

// Points is a score in tenths of a point: 15 is 1.5 points. TRF files give
// scores with one decimal, and so does every point system FIDE uses.
type Points int

// Color is the colour a player had, or is to have, in one game.
type Color int8

// The colours. NoColor is a round without a game, or a colour not chosen.
const (
	NoColor Color = iota
	White
	Black
)

// Invert returns the other colour; NoColor stays NoColor.
func (c Color) Invert() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// Result is a player's result in one round, as a TRF result code.
type Result byte

// The TRF result codes (TRF-16 and TRF-2026).
const (
	NoResult    Result = 0   // the round is not in the record yet
	Win         Result = '1' // a game won
	Draw        Result = '=' // a game drawn
	Loss        Result = '0' // a game lost
	ForfeitWin  Result = '+' // won by forfeit: the opponent did not play
	ForfeitLoss Result = '-' // lost by forfeit: the player did not play
	UnratedWin  Result = 'W' // a game won that is not rated (too short, say)
	UnratedDraw Result = 'D' // an unrated game drawn
	UnratedLoss Result = 'L' // an unrated game lost
	PairingBye  Result = 'U' // the pairing-allocated bye
	FullBye     Result = 'F' // a full-point bye (requested, or given by the arbiter)
	HalfBye     Result = 'H' // a half-point bye
	ZeroBye     Result = 'Z' // a zero-point bye: absent, not paired
)

// Game is one round of a player's record.
type Game struct {
	Opponent int    // the opponent's pairing number; 0 for none
	Color    Color  // the player's colour, NoColor for none
	Result   Result // NoResult for a round not yet played
	// Score, with Scored, is what the round scores instead of the point
	// system's value for Result: a round played as a match of several
	// games and counted by its games (1.5 for a 2-game match won 1½-½),
	// Result then being the match's outcome. TRF files have no such
	// rounds; the writer refuses them.
	Score  Points
	Scored bool
}

// Played reports whether the game was played over the board (rated or not).
// A forfeit, a bye and an absence are not played games.
func (g Game) Played() bool {
	if g.Opponent == 0 {
		return false
	}
	switch g.Result {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		return true
	}
	return false
}

// Player is one player line of a tournament file.
type Player struct {
	Number     int    // pairing number (starting rank), 1 up
	Sex        string // "m", "w" or ""
	Title      string // GM, IM, WGM, ... or ""
	Name       string // "Surname, Forename"
	Rating     int    // 0 if unrated
	Federation string // three letters, or ""
	FideID     string // digits, or ""
	Birth      string // as the file gives it: YYYY/MM/DD or YYYY, or ""
	Points     Points // the score the file declares
	Rank       int    // the rank the file declares, 0 if none
	Games      []Game // round r is Games[r-1]

	// Accelerations are the points added to the player's score for pairing
	// round r (Accelerations[r-1]), from TRF(x)'s XXA lines; missing
	// entries are zero.
	Accelerations []Points
}

// PointSystem is the points each kind of result scores, in tenths. FIDE's
// default is 1, ½ and 0, with byes scoring as the TRF codes say (U and F a
// win, H a draw, Z nothing). BBP Pairings' TRF(x) codes BBW, BBD, BBL, BBZ,
// BBF and BBU change them, and so does TRF-2026's 162 record.
type PointSystem struct {
	Win         Points // a game won, or a forfeit win (BBW)
	Draw        Points // a game drawn, or a half-point bye (BBD)
	Loss        Points // a game lost (BBL)
	ZeroBye     Points // a zero-point bye, or a round absent (BBZ)
	ForfeitLoss Points // a forfeit loss (BBF)
	PairingBye  Points // the pairing-allocated bye (BBU)
}

// FIDEPoints is the usual point system: 1, ½, 0.
var FIDEPoints = PointSystem{Win: 10, Draw: 5, Loss: 0, ZeroBye: 0, ForfeitLoss: 0, PairingBye: 10}

// Tournament is a tournament file: its players, the rounds played so far,
// and what the pairing engine needs to know to pair the next round.
type Tournament struct {
	// Header holds the file's header lines other than the player lines
	// and the extension lines the package interprets, in file order, so
	// that writing a file back keeps them. Text is all of the line after
	// the code, usually starting with a space.
	Header []HeaderLine

	Rounds       int   // total rounds planned (XXR or 142); 0 if the file does not say
	InitialColor Color // the top player's colour in round 1 (XXC or 152), NoColor if unset
	Points       PointSystem

	// Players in pairing-number order. A file may leave pairing numbers
	// unused; Players holds only the numbers that appear.
	Players []*Player

	// Forbidden lists pairs of players who must not meet (XXP lines), by
	// pairing number, the lower number first, each pair once. An XXP line
	// naming three or more players forbids every pair among them.
	Forbidden [][2]int

	// Prohibited holds TRF-2026's 260 records: groups of players none of
	// whom may meet another in the given rounds.
	Prohibited []Prohibition

	// Byes holds TRF-2026's 240 records: players who are not to be paired
	// in a round. BBP Pairings reads only the round and the players (not
	// the kind of bye), and only for the round it pairs.
	Byes []Bye

	// UseRank is JaVaFo's "XXC rank": the players' order for pairing
	// purposes is the order of their player lines (LineOrder), not their
	// pairing numbers, and pairing numbers may have gaps.
	UseRank bool

	// LineOrder is the pairing numbers in the order of the file's player
	// lines. The reader sets it only with UseRank; nil means number order.
	LineOrder []int

	// System is the code of TRF-2026's 192 line ("FIDE_DUTCH_2025",
	// "FIDE_DUTCH_2025_BAKU", ...), "" if the file has none.
	System string

	// Baku applies the Baku acceleration (C.04.5.1) as BBP Pairings does:
	// set when System names it and the file gives no accelerations of its
	// own (XXA or 250 lines).
	Baku bool
}

// Prohibition is one 260 record: none of Players may meet another in rounds
// First to Last.
type Prohibition struct {
	First, Last int
	Players     []int
}

// Bye is one 240 record: Players are not paired in Round. Kind is the bye's
// letter as the file gives it (F, H or Z; 0 if blank).
type Bye struct {
	Kind    rune
	Round   int
	Players []int
}

// HeaderLine is one header line of a TRF file: its three-character code
// ("012", "042", "132", ...) and the text after it.
type HeaderLine struct {
	Code string
	Text string
}

// Pair is one board of a round: the two players' pairing numbers, White
// first. A bye is a Pair with Black 0.
type Pair struct {
	White, Black int
}

// String writes p with one decimal, as TRF files do: "1.5", "10.0", "-0.5".
func (p Points) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return sign + strconv.Itoa(int(p)/10) + "." + strconv.Itoa(int(p)%10)
}

// MarshalJSON writes p as a JSON number with one decimal.
func (p Points) MarshalJSON() ([]byte, error) { return []byte(p.String()), nil }

// Outcome is a round's result reduced to a win, a draw or a loss, as BBP
// Pairings scores it: byes and forfeits count as the result they give.
type Outcome int8

// The outcomes.
const (
	Lost Outcome = iota
	Drawn
	Won
)

// Outcome returns the round's outcome: 1, +, W, F and U are wins; =, D and
// H draws; 0, -, L, Z and NoResult (a round missing from the record)
// losses.
func (g Game) Outcome() Outcome {
	switch g.Result {
	case Win, ForfeitWin, UnratedWin, FullBye, PairingBye:
		return Won
	case Draw, UnratedDraw, HalfBye:
		return Drawn
	}
	return Lost
}

// Paired reports whether the player took part in the round's pairing: was
// given an opponent (whether or not the game was then played) or the
// pairing-allocated bye. A requested bye (F, H), a zero-point bye and a
// round missing from the record are not. This is BBP Pairings'
// participatedInPairing; a player is counted as present for the Dutch
// system's purposes only in the rounds where it holds.
func (g Game) Paired() bool {
	return g.Opponent != 0 || g.Result == PairingBye || g.Result == ForfeitWin
}

// Of returns the points the round scores under the point system, as BBP
// Pairings counts them: a loss scores Loss if the game was played,
// ForfeitLoss if the player was paired but did not play, and ZeroBye if
// the player was not paired (Z, or a round missing from the record); a win
// scores PairingBye for the pairing-allocated bye and Win otherwise (a
// forfeit win and a full-point bye included); a draw, and a half-point
// bye, score Draw.
func (ps PointSystem) Of(g Game) Points {
	if g.Scored {
		return g.Score
	}
	switch g.Outcome() {
	case Won:
		if g.Opponent == 0 && g.Paired() {
			return ps.PairingBye
		}
		return ps.Win
	case Drawn:
		return ps.Draw
	}
	switch {
	case !g.Paired():
		return ps.ZeroBye
	case g.Played():
		return ps.Loss
	}
	return ps.ForfeitLoss
}

// Player returns the player with the pairing number, or nil if there is
// none. Players must be in pairing-number order, as the reader leaves them.
func (t *Tournament) Player(number int) *Player {
	if i := number - 1; i >= 0 && i < len(t.Players) && t.Players[i].Number == number {
		return t.Players[i]
	}
	lo, hi := 0, len(t.Players)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.Players[m].Number < number {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(t.Players) && t.Players[lo].Number == number {
		return t.Players[lo]
	}
	return nil
}

// recorded returns how many of the player's rounds are in the record:
// trailing rounds with NoResult do not count.
func (p *Player) recorded() int {
	n := len(p.Games)
	for n > 0 && p.Games[n-1].Result == NoResult {
		n--
	}
	return n
}

// game returns the player's round r (1 up), or the zero Game if the record
// does not reach it.
func (p *Player) game(r int) Game {
	if r >= 1 && r <= len(p.Games) {
		return p.Games[r-1]
	}
	return Game{}
}

// RecordedRounds is the number of rounds in the longest player record,
// which is the number of rounds BBP Pairings' checker (-c) counts: every
// entry in the file is a past round.
func (t *Tournament) RecordedRounds() int {
	n := 0
	for _, p := range t.Players {
		n = max(n, p.recorded())
	}
	return n
}

// PlayedRounds is the number of rounds played, as BBP Pairings counts them
// when it pairs the next round (-p): the last round in which some player
// was paired, or the round before an entry in which nobody was, unless that
// column is complete (every player has an entry in it). An entry past
// PlayedRounds is a bye or an absence already set for the round to be
// paired, PlayedRounds+1.
func (t *Tournament) PlayedRounds() int {
	played := 0
	for _, p := range t.Players {
		n := p.recorded()
		played = max(played, n-1)
		for k := n; k > played; k-- {
			if p.Games[k-1].Paired() {
				played = k
				break
			}
		}
	}
	if len(t.Players) == 0 {
		return played
	}
	for _, p := range t.Players {
		if p.recorded() <= played {
			return played
		}
	}
	return played + 1
}

// Score returns the player's points after the first rounds rounds under
// t.Points, without accelerations. Rounds missing from the record score as
// zero-point byes.
func (t *Tournament) Score(p *Player, rounds int) Points {
	var s Points
	for r := 1; r <= rounds; r++ {
		s += t.Points.Of(p.game(r))
	}
	return s
}

// ByRank returns the players in the order the pairing ranks them when
// scores are equal (their effective pairing numbers): by pairing number,
// or, with UseRank, in the order of their player lines.
func (t *Tournament) ByRank() []*Player {
	out := make([]*Player, 0, len(t.Players))
	if t.UseRank && t.LineOrder != nil {
		for _, n := range t.LineOrder {
			if p := t.Player(n); p != nil {
				out = append(out, p)
			}
		}
		return out
	}
	return append(out, t.Players...)
}

// rankIndex returns the player's place (0 up) in ByRank's order, or -1.
func (t *Tournament) rankIndex(p *Player) int {
	if t.UseRank && t.LineOrder != nil {
		for i, n := range t.LineOrder {
			if n == p.Number {
				return i
			}
		}
		return -1
	}
	lo, hi := 0, len(t.Players)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.Players[m].Number < p.Number {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(t.Players) && t.Players[lo] == p {
		return lo
	}
	return -1
}

// expectedRounds is the tournament's length as BBP Pairings takes it: the
// declared number of rounds, or the rounds played if none is declared.
func (t *Tournament) expectedRounds() int {
	if t.Rounds > 0 {
		return t.Rounds
	}
	return t.PlayedRounds()
}

// Acceleration returns the points added to the player's score for pairing
// round r (1 up): the file's own accelerations (XXA or 250 lines), or with
// Baku, the Baku method's (C.04.5.1) as BBP Pairings computes them: with n
// players and R rounds (Rounds, or PlayedRounds if the file declares none)
// and k = (R-1)/2, the first (n+1)/2 players in ByRank's order get a win's
// points in rounds 1 to k/2+1 and a draw's points in rounds k/2+2 to k+1.
func (t *Tournament) Acceleration(p *Player, r int) Points {
	if !t.Baku {
		if r >= 1 && r <= len(p.Accelerations) {
			return p.Accelerations[r-1]
		}
		return 0
	}
	return t.baku(p, r, t.expectedRounds())
}

// baku is the Baku method's acceleration for round r of a tournament of
// expected rounds.
func (t *Tournament) baku(p *Player, r, expected int) Points {
	i := t.rankIndex(p)
	if expected == 0 || i < 0 || i > (len(t.Players)-1)/2 || r < 1 {
		return 0
	}
	last := (expected - 1) / 2
	switch {
	case r-1 <= last/2:
		return t.Points.Win
	case r-1 <= last:
		return t.Points.Draw
	}
	return 0
}

// hasBye reports whether a 240 record names the player for round r.
func (t *Tournament) hasBye(number, r int) bool {
	for _, b := range t.Byes {
		if b.Round != r {
			continue
		}
		for _, n := range b.Players {
			if n == number {
				return true
			}
		}
	}
	return false
}

// next returns the player's entry for the round after PlayedRounds (played
// is PlayedRounds), if the record or a 240 record sets one: an entry in
// the file, or for a 240 record a round with no result (a zero-point bye,
// as BBP Pairings records it whatever the kind of bye).
func (t *Tournament) next(p *Player, played int) (Game, bool) {
	if p.recorded() > played {
		return p.Games[played], true
	}
	if t.hasBye(p.Number, played+1) {
		return Game{}, true
	}
	return Game{}, false
}

// NotPaired returns the pairing numbers of the players who are not to be
// paired in round r (1 up), in pairing-number order: those whose entry for
// the round is a bye or an absence, and, for a round after PlayedRounds,
// those that a 240 record names for it.
func (t *Tournament) NotPaired(r int) []int {
	var out []int
	after := r > t.PlayedRounds()
	for _, p := range t.Players {
		if r <= p.recorded() && !p.Games[r-1].Paired() || after && r > p.recorded() && t.hasBye(p.Number, r) {
			out = append(out, p.Number)
		}
	}
	return out
}

// Eligible reports whether BBP Pairings counts the player as in the
// tournament when pairing the next round (its isValid): a player with an
// entry already set for that round (a bye or an absence) who has never been
// paired is left out entirely, and takes no effective pairing number.
func (t *Tournament) Eligible(p *Player) bool {
	if _, ok := t.next(p, t.PlayedRounds()); !ok {
		return true
	}
	for _, g := range p.Games {
		if g.Paired() {
			return true
		}
	}
	return false
}

// FirstColor returns the colour the top player had, or is to have, in round
// 1: InitialColor if the file sets it, or else inferred as BBP Pairings
// does: in the first round where anyone had a colour, the colour of the
// first player by rank who had been paired by then, inverted if an odd
// number of paired players rank above. NoColor if it cannot be told (when
// nobody has had a colour, BBP Pairings reads past the end of a record).
func (t *Tournament) FirstColor() Color {
	if t.InitialColor != NoColor {
		return t.InitialColor
	}
	first := -1
	for _, p := range t.Players {
		for i, g := range p.Games[:p.recorded()] {
			if g.Color != NoColor && (first < 0 || i < first) {
				first = i
				break
			}
		}
	}
	if first < 0 {
		return NoColor
	}
	result, above := NoColor, 0
	for _, p := range t.ByRank() {
		present := false
		for r := 1; r <= first+1; r++ {
			if p.game(r).Paired() {
				present = true
				break
			}
		}
		if !present {
			continue
		}
		if result == NoColor {
			result = p.game(first + 1).Color
			if above%2 == 1 {
				result = result.Invert()
			}
		}
		above++
	}
	return result
}

// PairingReady reports whether the next round can be paired as BBP
// Pairings' -p requires: the number of rounds is declared, a round is left,
// and the first round's colour is set or can be inferred.
func (t *Tournament) PairingReady() error {
	if t.Rounds == 0 {
		return &TRFError{Field: "XXR", Reason: "the file does not give the number of rounds (XXR or 142), which pairing the next round needs"}
	}
	if played := t.PlayedRounds(); played >= t.Rounds {
		return &TRFError{Field: "XXR", Reason: fmt.Sprintf("all %d rounds have been played", played)}
	}
	if t.FirstColor() == NoColor {
		return &TRFError{Field: "XXC", Reason: "the top player's colour in round 1 is not known: add XXC white1 or XXC black1 (or 152 W or 152 B)"}
	}
	return nil
}

// Clone returns a deep copy of the tournament.
func (t *Tournament) Clone() *Tournament {
	c := *t
	c.Header = slices.Clone(t.Header)
	c.Players = make([]*Player, len(t.Players))
	for i, p := range t.Players {
		q := *p
		q.Games = slices.Clone(p.Games)
		q.Accelerations = slices.Clone(p.Accelerations)
		c.Players[i] = &q
	}
	c.Forbidden = slices.Clone(t.Forbidden)
	c.Prohibited = slices.Clone(t.Prohibited)
	for i := range c.Prohibited {
		c.Prohibited[i].Players = slices.Clone(c.Prohibited[i].Players)
	}
	c.Byes = slices.Clone(t.Byes)
	for i := range c.Byes {
		c.Byes[i].Players = slices.Clone(c.Byes[i].Players)
	}
	c.LineOrder = slices.Clone(t.LineOrder)
	return &c
}

// Before returns a deep copy of the tournament as it stood before round r
// was paired: each player's rounds after r-1 are removed, except a round-r
// entry that the pairing did not make (a requested bye, an absence: an
// entry without an opponent other than the pairing-allocated bye), which
// was set before the pairing and tells the engine not to pair the player;
// Points is recomputed under t.Points (without accelerations) from the
// rounds kept before r, and if a round is removed, Rank (the standing after
// the last round) is cleared. Pairing round r of the copy is pairing round
// r of the event. The copy is what reading the cut-down file gives: rounds
// past PlayedRounds left without a result are dropped and short records are
// filled with empty rounds up to it.
func (t *Tournament) Before(r int) *Tournament {
	c := t.Clone()
	keep := max(r-1, 0)
	cut := keep < t.RecordedRounds()
	for _, p := range c.Players {
		if len(p.Games) > keep {
			next := p.Games[keep]
			p.Games = p.Games[:keep]
			if r >= 1 && next.Result != NoResult && !next.Paired() {
				p.Games = append(p.Games, next)
			}
		}
		if cut {
			p.Rank = 0
		}
	}
	c.normalize()
	// The points of the rounds kept before r, or of round r too when every
	// player's entry for it was kept: a round without pairings counts as
	// played.
	played := c.PlayedRounds()
	for _, p := range c.Players {
		p.Points = c.Score(p, played)
	}
	return c
}

// normalize drops the empty rounds at the end of each record and fills
// each record up to PlayedRounds with empty rounds, as BBP Pairings does.
func (t *Tournament) normalize() {
	for _, p := range t.Players {
		p.Games = p.Games[:p.recorded()]
	}
	played := t.PlayedRounds()
	for _, p := range t.Players {
		for len(p.Games) < played {
			p.Games = append(p.Games, Game{})
		}
	}
}

// AcceleratedScore returns the score the player is paired on in round r (1
// up): the results' points after round r-1 (Score) plus the acceleration
// for round r. BBP Pairings pairs on these, not on the declared score,
// which only has to agree with them (Validate).
func (t *Tournament) AcceleratedScore(p *Player, r int) Points {
	return t.Score(p, r-1) + t.Acceleration(p, r)
}

// Preference is a player's colour preference for a round, from the games
// played before it, as BBP Pairings derives it (tournament.cpp,
// computePlayerData; the definitions are C.04.3's).
type Preference struct {
	Color      Color // the colour preferred, NoColor if none
	Absolute   bool  // a colour difference beyond ±1, or the same colour in the last two games played
	Strong     bool  // not absolute, and a colour difference of ±1
	Difference int   // games with White minus games with Black
	Repeated   Color // the colour of the last two or more games played, if they had the same; NoColor if not
}

// ColorPreference returns the player's colour preference after the first
// rounds rounds, counting only games played over the board (Game.Played):
// with a colour difference beyond ±1, the colour that reduces it; else
// after the same colour twice in a row, the other; else with a difference
// of ±1, the colour that evens it; else the colour other than the last
// game's; else none.
func (p *Player) ColorPreference(rounds int) Preference {
	var pr Preference
	run := 0
	last := NoColor
	for r := 1; r <= rounds; r++ {
		g := p.game(r)
		if !g.Played() {
			continue
		}
		if g.Color == White {
			pr.Difference++
		} else {
			pr.Difference--
		}
		if run == 0 || g.Color != last {
			run = 1
		} else {
			run++
		}
		last = g.Color
	}
	lower, imbalance := White, -pr.Difference
	if pr.Difference > 0 {
		lower, imbalance = Black, pr.Difference
	}
	switch {
	case imbalance > 1:
		pr.Color = lower
	case run > 1:
		pr.Color = last.Invert()
	case imbalance > 0:
		pr.Color = lower
	case run > 0:
		pr.Color = last.Invert()
	}
	if run > 1 {
		pr.Repeated = last
	}
	pr.Absolute = imbalance > 1 || pr.Repeated != NoColor
	pr.Strong = !pr.Absolute && imbalance > 0
	return pr
}
