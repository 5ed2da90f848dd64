package event

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pairing/knockout"
)

// A knockout (System Knockout) is a bracket of matches (package
// pairing/knockout). Its rounds in the schedule are the games of the
// bracket's rounds: each pairing makes the next game of every match of
// the bracket's current round that goes on (KORound, KOGame), so a round
// of 2-game matches is two rounds of the schedule, and a third with the
// tied matches' first tie-break game, and so on. The boards record which
// match game they play (Board.KO), and the bracket is computed afresh
// from the boards' results, the arbiter's decisions and the Armageddon
// choices each time.
//
// Documented for anyone who checks an event (with the positions' rules
// in derive.go):
//
//   - The seeds are the pairing numbers (by rating), or with Seeding
//     "lot" the players in ascending order of
//     SHA-256("chess960:seeding:" + seed + ":" + player's entry number),
//     as hex; fixed when round 1 is paired.
//   - With Colors "lot" (and for an Armageddon without Choice), the better
//     seed has White in the first game of a match's stage when the first
//     byte of SHA-256("chess960:knockout:" + seed + ":" + match + ":" +
//     stage) is even (match as "2.3", stage 0 for the match's games, 1 on
//     for the ladder's, the last for the Armageddon).
//   - The positions: each game takes the position of its unit (the games
//     of a match with one stage and unit share one); a unit's first game
//     takes the next draw of the event's sequence, in the order the rounds
//     start and, in a round, board by board.

// The knockout rules' words.
const (
	KOSeedingRating = "rating"
	KOSeedingLot    = "lot"
)

// normalize checks a knockout's rules and fills in their defaults: 2-game
// matches, colours by seed, a position per match, seeding by rating, no
// placement matches.
func (k KnockoutRules) normalize() (KnockoutRules, error) {
	if k.Games == 0 {
		k.Games = 2
	}
	switch {
	case k.Places == 0:
		k.Places = 2
	case k.Places < 0:
		k.Places = -1 // every place
	}
	if k.Colors == "" {
		k.Colors = string(knockout.BySeed)
	}
	if k.Positions == "" {
		k.Positions = string(knockout.PerMatch)
	}
	switch k.Seeding {
	case "":
		k.Seeding = KOSeedingRating
	case KOSeedingRating, KOSeedingLot, KOSeedingEntry:
	default:
		return k, invalid("knockout seeding %s: want rating, lot or entry (the order entered)", quote.Input(k.Seeding))
	}
	var err error
	for i := range k.Ladder {
		if k.Ladder[i].TimeControl, err = text(fmt.Sprintf("tie-break stage %d's time control", i+1), k.Ladder[i].TimeControl, 100, false); err != nil {
			return k, err
		}
	}
	if !k.Armageddon {
		k.ArmageddonWhite, k.ArmageddonBlack, k.ArmageddonChoice = "", "", false
	}
	if k.ArmageddonWhite, err = text("Armageddon time control for White", k.ArmageddonWhite, 100, false); err != nil {
		return k, err
	}
	if k.ArmageddonBlack, err = text("Armageddon time control for Black", k.ArmageddonBlack, 100, false); err != nil {
		return k, err
	}
	if err := k.format().Check(); err != nil {
		return k, invalid("%s", strings.TrimPrefix(err.Error(), "knockout: "))
	}
	if k.Places > 0 && k.Places&(k.Places-1) != 0 {
		return k, invalid("knockout places %d: want 2, 4, 8, ... (the places a bracket's rounds decide), or every place", k.Places)
	}
	return k, nil
}

// format is the rules as package knockout reads them.
func (k KnockoutRules) format() knockout.Format {
	f := knockout.Format{Games: k.Games, FinalGames: k.FinalGames, Places: max(k.Places, 0),
		Colors: knockout.Colors(k.Colors), Positions: knockout.Positions(k.Positions),
		Armageddon: knockout.Armageddon{On: k.Armageddon, White: k.ArmageddonWhite, Black: k.ArmageddonBlack, Choice: k.ArmageddonChoice}}
	for _, s := range k.Ladder {
		f.Ladder = append(f.Ladder, knockout.Stage{Games: s.Games, SuddenDeath: s.SuddenDeath, Control: s.TimeControl})
	}
	return f
}

// koResult is a board's result as package knockout reads it.
func koResult(r Result) knockout.Result {
	switch r {
	case WhiteForfeit:
		return knockout.WhiteWinsForfeit
	case BlackForfeit:
		return knockout.BlackWinsForfeit
	case DoubleForfeit:
		return knockout.DoubleForfeit
	}
	return knockout.Result(r)
}

// ParseMatch reads a match's name, "round.match".
func ParseMatch(s string) (knockout.MatchID, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), ".")
	r, err1 := decimal.Int(a, 1, 1<<20)
	m, err2 := decimal.Int(b, 1, 1<<20)
	if !ok || err1 != nil || err2 != nil {
		return knockout.MatchID{}, invalid("match %s: want round.match, such as 2.3", quote.Input(s))
	}
	return knockout.MatchID{Round: int(r), Number: int(m)}, nil
}

// lotColor is the documented lot of a match's stage: whether the better
// seed has White in its first game.
func lotColor(seed string, id knockout.MatchID, stage int) bool {
	h := sha256.Sum256([]byte("chess960:knockout:" + seed + ":" + id.String() + ":" + strconv.Itoa(stage)))
	return h[0]%2 == 0
}

// Bracket is the knockout's bracket as the event stands, with each seed's
// player ID (SeedPlayer), or an error for an event that is not a
// knockout or not yet paired. The colours of the games played are the
// boards'; those of a game not yet paired are not known (the lots are
// secret until then) and shown as the better seed's White.
func (e *Event) Bracket() (*knockout.Bracket, error) {
	return e.bracket(func(id knockout.MatchID, stage int) bool { return e.playedLot(id, stage) })
}

// playedLot reads a stage's lot off its first game's board: true when
// the better seed had White.
func (e *Event) playedLot(id knockout.MatchID, stage int) bool {
	for _, r := range e.Schedule {
		for _, b := range r.Boards {
			if b.KO != nil && b.KO.Match == id.String() && b.KO.Stage == stage {
				// The stage's first game (the schedule is in game order):
				// White is the better seed, or not.
				return e.seedOf(b.White) < e.seedOf(b.Black)
			}
		}
	}
	return true
}

// seedOf returns the seed of the player with the ID (0 if none).
func (e *Event) seedOf(id int) int {
	if i := slices.Index(e.Seeds, id); i >= 0 {
		return i + 1
	}
	return 0
}

// SeedPlayer returns the player ID of seed s (0 for none, a bye).
func (e *Event) SeedPlayer(s int) int {
	if s < 1 || s > len(e.Seeds) {
		return 0
	}
	return e.Seeds[s-1]
}

func (e *Event) bracket(lot func(knockout.MatchID, int) bool) (*knockout.Bracket, error) {
	if e.System != Knockout {
		return nil, notNow("the event is a %s, not a knockout: it has no bracket", SystemWord(e.System))
	}
	if len(e.Seeds) == 0 {
		return nil, notNow("the bracket is drawn when round 1 is paired")
	}
	in := knockout.Input{Players: len(e.Seeds), Format: e.Knockout.format(), Lot: lot,
		Results: map[knockout.MatchID][]knockout.Result{}, Decisions: map[knockout.MatchID]int{}, Choices: map[knockout.MatchID]string{}}
	for _, r := range e.Schedule {
		if r.Status != Started {
			continue
		}
		for _, b := range r.Boards {
			if b.KO == nil || b.Result == "" {
				continue
			}
			id, err := ParseMatch(b.KO.Match)
			if err != nil {
				return nil, err
			}
			in.Results[id] = append(in.Results[id], koResult(b.Result))
		}
	}
	for _, x := range e.Decisions {
		id, err := ParseMatch(x.Match)
		if err != nil {
			return nil, err
		}
		in.Decisions[id] = e.seedOf(x.Winner)
	}
	for _, x := range e.Choices {
		id, err := ParseMatch(x.Match)
		if err != nil {
			return nil, err
		}
		in.Choices[id] = x.Color
	}
	b, err := knockout.Build(in)
	if err != nil {
		return nil, notNow("%s", strings.TrimPrefix(err.Error(), "knockout: "))
	}
	return b, nil
}

// SystemWord names a system for messages.
func SystemWord(s System) string {
	switch s {
	case Swiss:
		return "Swiss"
	case RoundRobin:
		return "round robin"
	case DoubleRoundRobin:
		return "double round robin"
	case Knockout:
		return "knockout"
	}
	return string(s)
}

// secretBracket is the bracket with the lots drawn from the seed (for
// the pairing of new games).
func (d *doc) secretBracket() (*knockout.Bracket, error) {
	seed := d.SeedSecret
	return d.bracket(func(id knockout.MatchID, stage int) bool { return lotColor(seed, id, stage) })
}

// seedKO fixes a knockout's seeds at round 1's pairing.
func (d *doc) seedKO() error {
	var ps []*Player
	for _, p := range d.byNumber() {
		if p.active(1) {
			ps = append(ps, p)
		}
	}
	if len(ps) < 2 {
		return notNow("pair round 1: a knockout needs 2 players, it has %d", len(ps))
	}
	if len(ps) > knockout.MaxPlayers {
		return notNow("pair round 1: a knockout takes at most %d players, not %d", knockout.MaxPlayers, len(ps))
	}
	slices.SortStableFunc(ps, seedOrder(d.Knockout.Seeding))
	if d.Knockout.Seeding == KOSeedingLot {
		key := func(p *Player) string {
			h := sha256.Sum256([]byte("chess960:seeding:" + d.SeedSecret + ":" + strconv.Itoa(p.ID)))
			return hex.EncodeToString(h[:])
		}
		slices.SortFunc(ps, func(a, b *Player) int { return cmp.Compare(key(a), key(b)) })
	}
	d.Seeds = d.Seeds[:0]
	for _, p := range ps {
		d.Seeds = append(d.Seeds, p.ID)
	}
	return nil
}

// pairKO pairs round n of a knockout: the next game of every match of the
// bracket's current round that goes on.
func (d *doc) pairKO(n int, now time.Time) error {
	if err := d.canPair(n); err != nil {
		return err
	}
	if n == 1 {
		if err := d.seedKO(); err != nil {
			return err
		}
	}
	b, err := d.secretBracket()
	if err != nil {
		return err
	}
	for ri, ms := range b.Rounds {
		var games []*knockout.Match
		for _, m := range ms {
			switch m.State {
			case knockout.Playing:
				games = append(games, m)
			case knockout.NeedChoice:
				return notNow("pair round %d: match %s goes to its Armageddon, and %s (the better seed) has not chosen a colour: record the choice first",
					n, m.ID, quote.Input(d.PlayerName(d.SeedPlayer(min(m.A, m.B)))))
			case knockout.NeedLots:
				return notNow("pair round %d: match %s is tied with no tie-break left: decide it (by lot) first", n, m.ID)
			}
		}
		if len(games) == 0 {
			continue
		}
		for _, m := range games {
			for _, seed := range []int{m.A, m.B} {
				if p := d.player(d.SeedPlayer(seed)); p != nil && !p.active(n) {
					return notNow("pair round %d: %s, of match %s, has withdrawn: decide the match for the other player (a walkover) first", n, quote.Input(p.Name), m.ID)
				}
			}
		}
		r := Round{Number: n, Status: Draft, Paired: now, KORound: ri + 1}
		for _, m := range games {
			g := m.Next()
			r.KOGame = max(r.KOGame, g.N)
			r.Boards = append(r.Boards, Board{Board: len(r.Boards) + 1, White: d.SeedPlayer(g.White), Black: d.SeedPlayer(g.Black),
				KO: &MatchGame{Match: m.ID.String(), N: g.N, Stage: g.Stage, Unit: g.Unit, Armageddon: g.Armageddon}})
		}
		d.putRound(r)
		return nil
	}
	return notNow("pair round %d: the knockout is over; finish the event", n)
}

// checkKO checks that the knockout's boards are the games its bracket
// has: after a corrected result, a decision or a choice, no board may
// play a game the bracket no longer has, or with other colours.
func (d *doc) checkKO() error {
	if d.System != Knockout || len(d.Seeds) == 0 {
		return nil
	}
	b, err := d.secretBracket()
	if err != nil {
		return err
	}
	games := map[string]knockout.Game{}
	for _, ms := range b.Rounds {
		for _, m := range ms {
			for _, g := range m.Games {
				games[m.ID.String()+"/"+strconv.Itoa(g.N)] = g
			}
		}
	}
	for _, r := range d.Schedule {
		for _, bd := range r.Boards {
			if bd.KO == nil {
				continue
			}
			g, ok := games[bd.KO.Match+"/"+strconv.Itoa(bd.KO.N)]
			if !ok {
				return notNow("match %s would be over before its game %d, which round %d, board %d plays: correct that board first, or unpair the round", bd.KO.Match, bd.KO.N, r.Number, bd.Board)
			}
			if d.SeedPlayer(g.White) != bd.White || d.SeedPlayer(g.Black) != bd.Black {
				return notNow("match %s's game %d (round %d, board %d) would have other colours", bd.KO.Match, bd.KO.N, r.Number, bd.Board)
			}
		}
	}
	return nil
}

// matchOf finds a match of the bracket by name.
func matchOf(b *knockout.Bracket, id knockout.MatchID) *knockout.Match {
	if id.Round > len(b.Rounds) || id.Number > len(b.Rounds[id.Round-1]) {
		return nil
	}
	return b.Rounds[id.Round-1][id.Number-1]
}

// decide records the arbiter's decision of a match.
func (d *doc) decide(c Change, by string, now time.Time) error {
	if d.System != Knockout {
		return notNow("decide: only a knockout's matches are decided")
	}
	id, err := ParseMatch(c.Match)
	if err != nil {
		return err
	}
	b, err := d.secretBracket()
	if err != nil {
		return err
	}
	m := matchOf(b, id)
	if m == nil {
		return invalid("decide: the bracket has no match %s yet", id)
	}
	seed := d.seedOf(c.Player)
	if seed == 0 || seed != m.A && seed != m.B {
		return invalid("decide: match %s is between %s and %s; player %d is neither", id,
			quote.Input(d.PlayerName(d.SeedPlayer(m.A))), quote.Input(d.PlayerName(d.SeedPlayer(m.B))), c.Player)
	}
	switch m.State {
	case knockout.Decided:
		return notNow("decide: match %s was won in its games by %s", id, quote.Input(d.PlayerName(d.SeedPlayer(m.Winner))))
	case knockout.ByeMatch, knockout.Empty:
		return notNow("decide: match %s has a bye", id)
	}
	note, err := text("note", c.Note, 200, false)
	if err != nil {
		return err
	}
	d.Decisions = append(d.Decisions, MatchDecision{Match: id.String(), Winner: c.Player, Note: note, By: by, At: now})
	return d.checkKO()
}

// choose records the better seed's Armageddon colour.
func (d *doc) choose(c Change, by string, now time.Time) error {
	if d.System != Knockout || !d.Knockout.Armageddon || !d.Knockout.ArmageddonChoice {
		return notNow("choose: the event's Armageddon colours are not chosen by the players")
	}
	id, err := ParseMatch(c.Match)
	if err != nil {
		return err
	}
	if c.Color != "w" && c.Color != "b" {
		return invalid("choose: colour %s: want w or b", quote.Input(c.Color))
	}
	if slices.ContainsFunc(d.Choices, func(x ArmageddonChoice) bool { return x.Match == id.String() }) {
		return notNow("choose: match %s's Armageddon colour is chosen already", id)
	}
	b, err := d.secretBracket()
	if err != nil {
		return err
	}
	m := matchOf(b, id)
	if m == nil || m.State == knockout.Decided || m.State == knockout.ByeMatch || m.State == knockout.Empty {
		return notNow("choose: match %s is not one going on", id)
	}
	d.Choices = append(d.Choices, ArmageddonChoice{Match: id.String(), Color: c.Color, By: by, At: now})
	return d.checkKO()
}

// PGNRound is a board's Round tag: "round.board", or in a knockout
// "round.match.game" (the bracket's round, the match, the game).
func (r *Round) PGNRound(b *Board) string {
	if b.KO != nil {
		return b.KO.Match + "." + strconv.Itoa(b.KO.N)
	}
	return strconv.Itoa(r.Number) + "." + strconv.Itoa(b.Board)
}

// StageName names a knockout game's stage, for the PGN's Stage tag and
// the pages: "" for the match's own games.
func (e *Event) StageName(g *MatchGame) string {
	switch {
	case g == nil || g.Stage == 0:
		return ""
	case g.Armageddon:
		s := "Armageddon"
		if w, b := e.armageddonClocks(); w != "" {
			s += " (" + w + " v " + b + "; a draw is Black's win)"
		} else {
			s += " (a draw is Black's win)"
		}
		return s
	case g.Stage <= len(e.Knockout.Ladder):
		s := "Tie-break " + strconv.Itoa(g.Stage)
		if tc := e.Knockout.Ladder[g.Stage-1].TimeControl; tc != "" {
			s += " (" + tc + ")"
		}
		return s
	}
	return "Tie-break"
}

// koSame reports whether two knockouts' rules are the same.
func koSame(a, b KnockoutRules) bool {
	if !slices.Equal(a.Ladder, b.Ladder) {
		return false
	}
	a.Ladder, b.Ladder = nil, nil
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// perBoard reports whether each board has a position of its own: with
// one position per board, and in a knockout (a position per match).
func (e *Event) perBoard() bool { return e.Positions.PerBoard || e.System == Knockout }

// assignKO gives every board of the started rounds of a knockout its
// position: each unit (a match's stage and unit) takes the next draw when
// its first game starts, in the order the rounds start and board by
// board; it returns the boards' positions and the number of draws.
func assignKO(e *Event, seed string) ([][]int, int, error) {
	return assignUnits(e, seed, func(_ *Round, b *Board) string {
		return b.KO.Match + "/" + strconv.Itoa(b.KO.Stage) + "/" + strconv.Itoa(b.KO.Unit)
	})
}

// assignUnits gives every match game of the started rounds the position
// of its unit (named by unit): a unit's first game, in the order the
// rounds start and board by board, takes the next draw of the event's
// sequence. It returns the boards' positions (-1 for a board that is no
// match game) and the number of draws.
func assignUnits(e *Event, seed string, unit func(*Round, *Board) string) ([][]int, int, error) {
	units := map[string]int{} // unit -> the index of its draw
	for i := range e.Schedule {
		r := &e.Schedule[i]
		if r.Status != Started {
			continue
		}
		for j := range r.Boards {
			if b := &r.Boards[j]; b.KO != nil {
				if _, ok := units[unit(r, b)]; !ok {
					units[unit(r, b)] = len(units)
				}
			}
		}
	}
	seq, err := draws(e.Positions, seed, len(units))
	if err != nil {
		return nil, 0, err
	}
	boards := make([][]int, len(e.Schedule))
	for i := range e.Schedule {
		r := &e.Schedule[i]
		if r.Status != Started {
			continue
		}
		boards[i] = make([]int, len(r.Boards))
		for j := range r.Boards {
			boards[i][j] = -1
			if b := &r.Boards[j]; b.KO != nil {
				boards[i][j] = seq[units[unit(r, b)]]
			}
		}
	}
	return boards, len(units), nil
}

// ParseLadder reads a tie-break ladder as the forms and the command line
// write it: stages separated by commas, each GAMES@CONTROL ("2@15+10"),
// GAMES alone, or sd@CONTROL for sudden death (one game at a time until
// one is won); "" for none.
func ParseLadder(s string) ([]TieBreakStage, error) {
	var out []TieBreakStage
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		n, tc, _ := strings.Cut(part, "@")
		st := TieBreakStage{TimeControl: strings.TrimSpace(tc)}
		switch n = strings.TrimSpace(n); {
		case strings.EqualFold(n, "sd"):
			st.Games, st.SuddenDeath = 1, true
		default:
			g, err := decimal.Int(n, 1, 50)
			if err != nil {
				return nil, invalid("tie-break stage %d, %s: want GAMES@CONTROL (2@15+10), GAMES, or sd@CONTROL for sudden death", i+1, quote.Input(part))
			}
			st.Games = int(g)
		}
		out = append(out, st)
	}
	return out, nil
}

// LadderText writes a ladder as ParseLadder reads it.
func LadderText(l []TieBreakStage) string {
	var parts []string
	for _, st := range l {
		p := strconv.Itoa(st.Games)
		if st.SuddenDeath {
			p = "sd"
		}
		if st.TimeControl != "" {
			p += "@" + st.TimeControl
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// ParsePlaces reads the places a knockout plays for: 2, 4, 8, ... or
// "all" (every place).
func ParsePlaces(s string) (int, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "all") {
		return -1, nil
	}
	n, err := decimal.Int(s, 2, knockout.MaxPlayers)
	if err != nil || n&(n-1) != 0 {
		return 0, invalid("places %s: want 2 (the final only), 4 (and third place), 8, ... or all", quote.Input(s))
	}
	return int(n), nil
}

// PlacesText writes the places as ParsePlaces reads them.
func PlacesText(n int) string {
	if n < 0 {
		return "all"
	}
	return strconv.Itoa(max(n, 2))
}

// KORoundName names the bracket's round r (from 1) for the pages: "Final",
// "Semi-finals", "Quarter-finals", "Round of 16", ..., with the
// placement matches it also holds.
func KORoundName(b *knockout.Bracket, r int) string {
	left := b.Size >> (r - 1)
	name := ""
	switch left {
	case 2:
		name = "Final"
	case 4:
		name = "Semi-finals"
	case 8:
		name = "Quarter-finals"
	default:
		name = "Round of " + strconv.Itoa(left)
	}
	if r <= len(b.Rounds) {
		for _, m := range b.Rounds[r-1] {
			if m.From > 1 && m.State != knockout.Empty {
				return name + " and placement matches"
			}
		}
	}
	return name
}

// Halves writes half points: 3 is "1½", 1 is "½".
func Halves(n int) string {
	s := ""
	if n >= 2 || n == 0 {
		s = strconv.Itoa(n / 2)
	}
	if n%2 == 1 {
		s += "½"
	}
	return s
}

// MatchScore writes a match's score, A's first, stage by stage: "1½-½",
// "1-1, tie-break 1½-½", "1-1, 1-1, 1-1, Armageddon 1-0".
func MatchScore(m *knockout.Match) string {
	var parts []string
	for i, sc := range m.Score {
		played := false
		for _, g := range m.Games {
			played = played || g.Stage == i && g.Result != ""
		}
		if !played {
			continue // a stage to come
		}
		p := Halves(sc[0]) + "-" + Halves(sc[1])
		if i > 0 {
			p = "tie-break " + p
			if i == len(m.Score)-1 && len(m.Games) > 0 && m.Games[len(m.Games)-1].Armageddon && m.Games[len(m.Games)-1].Stage == i {
				p = "Armageddon " + Halves(sc[0]) + "-" + Halves(sc[1])
			}
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// MatchState says how a match stands, in words.
func MatchState(e *Event, m *knockout.Match) string {
	name := func(seed int) string { return e.PlayerName(e.SeedPlayer(seed)) }
	places := ""
	if m.From > 1 {
		places = fmt.Sprintf(" (places %d-%d)", m.From, m.To)
	}
	switch m.State {
	case knockout.Decided:
		if m.ByArbiter {
			return name(m.Winner) + " goes through, by the arbiter's decision" + places
		}
		return name(m.Winner) + " wins" + places
	case knockout.ByeMatch:
		return name(m.Winner) + " has a bye"
	case knockout.Playing:
		g := m.Next()
		what := "game " + strconv.Itoa(g.N)
		if st := e.StageName(&MatchGame{Stage: g.Stage, Armageddon: g.Armageddon}); st != "" {
			what += ": " + st
		}
		return "to play " + what + places
	case knockout.NeedChoice:
		return "to its Armageddon: " + name(min(m.A, m.B)) + " (the better seed) chooses the colour" + places
	case knockout.NeedLots:
		return "tied, with no tie-break left: the arbiter decides (by lot)" + places
	}
	return ""
}

// checkClocks checks a knockout's clocks for games in the app: each
// tie-break stage's (or none: the event's), and the Armageddon's two,
// which must be one control but for the time Black starts with.
func (k KnockoutRules) checkClocks() error {
	for i, st := range k.Ladder {
		if st.TimeControl == "" {
			continue
		}
		if _, err := clock.Parse(st.TimeControl); err != nil {
			return invalid("tie-break stage %d's time control %s: the games in the app need a clock: %v", i+1, quote.Input(st.TimeControl), strings.TrimPrefix(err.Error(), "clock: "))
		}
	}
	if !k.Armageddon {
		return nil
	}
	if k.ArmageddonWhite == "" || k.ArmageddonBlack == "" {
		return invalid("Armageddon: the games in the app need its two clocks, such as 5+2 for White and 4+2 for Black")
	}
	w, err := clock.Parse(k.ArmageddonWhite)
	if err != nil {
		return invalid("Armageddon time control for White %s: %v", quote.Input(k.ArmageddonWhite), strings.TrimPrefix(err.Error(), "clock: "))
	}
	b, err := clock.Parse(k.ArmageddonBlack)
	if err != nil {
		return invalid("Armageddon time control for Black %s: %v", quote.Input(k.ArmageddonBlack), strings.TrimPrefix(err.Error(), "clock: "))
	}
	same := w.Kind == b.Kind && w.Increment == b.Increment && len(w.Periods) == len(b.Periods) && len(w.Periods) > 0 &&
		(w.Kind == clock.Fischer || w.Kind == clock.Bronstein || w.Kind == clock.SimpleDelay) && w.Periods[0].Moves == b.Periods[0].Moves &&
		slices.Equal(w.Periods[1:], b.Periods[1:])
	if !same {
		return invalid("Armageddon clocks %s and %s: in the app they may differ only in the time each side starts with (5+2 and 4+2)", quote.Input(k.ArmageddonWhite), quote.Input(k.ArmageddonBlack))
	}
	return nil
}

// BoardControl is the clock of a board's game in the app: the event's, a
// tie-break stage's, or the Armageddon's, with the time Black starts with
// when it is not White's (0 otherwise).
func (e *Event) BoardControl(b *Board) (clock.Control, time.Duration) {
	tc := e.TimeControl
	var black time.Duration
	if g := b.KO; g != nil {
		switch {
		case g.Armageddon:
			ws, bs := e.armageddonClocks()
			w, _ := clock.Parse(ws) // checked by checkClocks
			bl, _ := clock.Parse(bs)
			if len(w.Periods) > 0 && len(bl.Periods) > 0 && bl.Periods[0].Time != w.Periods[0].Time {
				black = bl.Periods[0].Time
			}
			return w, black
		case g.Stage > 0 && g.Stage <= len(e.Knockout.Ladder) && e.Knockout.Ladder[g.Stage-1].TimeControl != "":
			tc = e.Knockout.Ladder[g.Stage-1].TimeControl
		}
	}
	c, _ := clock.Parse(tc)
	return c, black
}

// armageddonClocks are the Armageddon's clocks, White's and Black's: a
// knockout's, or an event of matches'.
func (e *Event) armageddonClocks() (white, black string) {
	if e.matches() {
		return e.Matches.ArmageddonWhite, e.Matches.ArmageddonBlack
	}
	return e.Knockout.ArmageddonWhite, e.Knockout.ArmageddonBlack
}

// FromKO is a knockout game's result as the event writes it.
func FromKO(r knockout.Result) Result {
	switch r {
	case knockout.WhiteWinsForfeit:
		return WhiteForfeit
	case knockout.BlackWinsForfeit:
		return BlackForfeit
	case knockout.DoubleForfeit:
		return DoubleForfeit
	}
	return Result(r)
}

// MatchLabel names what a match plays for: "Final", "Third place",
// "Fifth place", "Places 5-8"; "" for the main bracket before its final.
func MatchLabel(m *knockout.Match) string {
	switch {
	case m.Final():
		return "Final"
	case m.From == 1:
		return ""
	case m.To == m.From+1:
		switch m.From {
		case 3:
			return "Third place"
		case 5:
			return "Fifth place"
		case 7:
			return "Seventh place"
		}
		return "Place " + strconv.Itoa(m.From)
	}
	return "Places " + strconv.Itoa(m.From) + "-" + strconv.Itoa(m.To)
}

// MatchBoard is where the schedule has a knockout match's game: its
// round's number and its board.
type MatchBoard struct {
	Round int
	Board *Board
}

// MatchBoards returns where the schedule has each knockout match game
// paired so far, by match and game number.
func (e *Event) MatchBoards() map[knockout.MatchID]map[int]MatchBoard {
	out := map[knockout.MatchID]map[int]MatchBoard{}
	for i := range e.Schedule {
		r := &e.Schedule[i]
		for j := range r.Boards {
			b := &r.Boards[j]
			if b.KO == nil {
				continue
			}
			id, err := ParseMatch(b.KO.Match)
			if err != nil {
				continue
			}
			if out[id] == nil {
				out[id] = map[int]MatchBoard{}
			}
			out[id][b.KO.N] = MatchBoard{Round: r.Number, Board: b}
		}
	}
	return out
}
