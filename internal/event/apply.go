package event

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/secret"
)

// apply applies the change to d, made by the actor, at now; a pairing is
// made by eng. It returns the secret a change makes (a new link's token),
// if any. On error d may be partly changed: apply to a clone.
func apply(d *doc, c Change, who Actor, now time.Time, eng pairer) (string, error) {
	by := who.Label
	switch c.Kind {
	case KindSettings, KindRotateAdmin, KindAddLink, KindRevokeLink, KindNextStage:
		if who.Role != RoleAdmin {
			return "", &Error{Kind: ErrForbidden, Msg: string(c.Kind) + " needs the organiser's admin link"}
		}
	}
	if d.Finished && c.Kind != KindRotateAdmin && c.Kind != KindAddLink && c.Kind != KindRevokeLink && c.Kind != KindPGN && c.Kind != KindNextStage {
		return "", notNow("the event is finished: its seed is revealed and nothing more can change")
	}
	switch c.Kind {
	case KindSettings:
		return "", d.setSettings(c.Settings)
	case KindNextStage:
		if c.Event == "" || c.Label == "" || c.Round < 1 {
			return "", invalid("next-stage: give the later stage's event (the service checks it names this event among its sources)")
		}
		if slices.ContainsFunc(d.Next, func(s StageSource) bool { return s.Event == c.Event }) {
			return "", errNoChange
		}
		d.Next = append(d.Next, StageSource{Event: c.Event, Name: c.Label, Top: c.Round})
		return "", nil
	case KindAddPlayers:
		return "", d.addPlayers(c.Players)
	case KindEditPlayer:
		if len(c.Players) != 1 {
			return "", invalid("edit-player: give exactly one player's details, not %d", len(c.Players))
		}
		return "", d.editPlayer(c.Player, c.Players[0])
	case KindWithdraw:
		return "", d.withdraw(c.Player, c.Round)
	case KindReinstate:
		return "", d.reinstate(c.Player)
	case KindBye:
		return "", d.requestBye(c.Player, c.Round, c.Bye)
	case KindPair:
		return "", d.pair(c.Round, now, eng)
	case KindSetPairing:
		return "", d.setPairing(c.Round, c.Pairs, now)
	case KindUnpair:
		r, err := d.draft(c.Round)
		if err != nil {
			return "", err
		}
		_ = r
		d.Schedule = d.Schedule[:len(d.Schedule)-1]
		return "", nil
	case KindPublish:
		r, err := d.draft(c.Round)
		if err != nil {
			return "", err
		}
		r.Status = Published
		return "", nil
	case KindStart:
		return "", d.start(c.Round, now)
	case KindResult:
		if err := d.checkInPlay(c); err != nil {
			return "", err
		}
		if err := d.setResult(c.Round, c.Board, c.Result, by, now); err != nil {
			return "", err
		}
		return "", d.checkMatches()
	case KindGameResult:
		if who.Role != RoleServer {
			return "", &Error{Kind: ErrForbidden, Msg: "game-result is the server's: a game's result comes from the game"}
		}
		if err := d.gameResult(c, now); err != nil {
			return "", err
		}
		return "", d.checkMatches()
	case KindDecide:
		return "", d.decide(c, by, now)
	case KindChoose:
		return "", d.choose(c, by, now)
	case KindRotatePlayer:
		return d.rotatePlayer(c.Player)
	case KindPGN:
		return "", d.setPGN(c.Round, c.Board, c.PGN)
	case KindFinish:
		return "", d.finish()
	case KindRotateAdmin:
		tok := secret.Token(TokenBytes)
		for i := range d.Keys {
			if d.Keys[i].Role == RoleAdmin {
				d.Keys[i].Hash = secret.Hash(tok)
				d.Keys[i].Made = now
			}
		}
		return tok, nil
	case KindAddLink:
		label, err := text("label", c.Label, 60, true)
		if err != nil {
			return "", err
		}
		if len(d.Keys) >= 50 {
			return "", notNow("the event has %d links already, the most it may have", len(d.Keys))
		}
		tok := secret.Token(TokenBytes)
		k := key{ID: secret.Token(6), Label: label, Role: RoleArbiter, Hash: secret.Hash(tok), Made: now}
		d.Keys = append(d.Keys, k)
		return tok, nil
	case KindRevokeLink:
		i := slices.IndexFunc(d.Keys, func(k key) bool { return k.ID == c.Link && k.Role == RoleArbiter })
		if i < 0 {
			return "", invalid("revoke-link: no arbiter link has the ID %s", quote.Input(c.Link))
		}
		d.Keys = slices.Delete(d.Keys, i, i+1)
		return "", nil
	case "":
		return "", invalid("change: no kind given")
	}
	return "", invalid("change kind %s: want one of %s", quote.Input(string(c.Kind)), kindList())
}

// Kinds lists the kinds of change the API takes.
var Kinds = []ChangeKind{KindSettings, KindAddPlayers, KindEditPlayer, KindWithdraw, KindReinstate, KindBye,
	KindPair, KindSetPairing, KindUnpair, KindPublish, KindStart, KindResult, KindPGN, KindFinish,
	KindRotateAdmin, KindAddLink, KindRevokeLink, KindRotatePlayer, KindDecide, KindChoose, KindNextStage}

// TokenBytes is the size of a link's secret: 256 random bits.
const TokenBytes = 32

func (d *doc) setSettings(s *Settings) error {
	if s == nil {
		return invalid("settings: none given")
	}
	n, err := s.normalize()
	if err != nil {
		return err
	}
	if d.started() {
		switch {
		case n.System != d.System:
			return notNow("system: round 1 is paired, so the system stays %s", d.System)
		case n.Positions != d.Positions:
			return notNow("positions: round 1 is paired, so the position rules stay as announced")
		case n.System == Knockout && !koSame(n.Knockout, d.Knockout):
			return notNow("knockout: round 1 is paired, so the matches' format stays as announced")
		case n.Matches != d.Matches:
			return notNow("matches: round 1 is paired, so the matches' format stays as announced")
		case d.System != Swiss && d.System != Knockout && n.Rounds != d.Rounds:
			return notNow("rounds: a round robin's rounds follow from its field")
		case n.Rounds < d.RoundsBegun():
			return notNow("rounds %d: %d rounds are paired already", n.Rounds, d.RoundsBegun())
		}
	}
	if err := checkEnough(n, d.Rounds); err != nil {
		return err
	}
	if n.Play != d.Play {
		if l := d.lastRound(); l != nil && l.Status == Started && !l.complete() {
			return notNow("play: round %d is in play; change where the games are played between rounds", l.Number)
		}
	}
	if n.Play.InApp() && d.PlayerSecret == "" {
		d.PlayerSecret = secret.Token(TokenBytes) // an event stored before the app's games
	}
	if n.TieBreakRules == "" {
		n.TieBreakRules = d.TieBreakRules // not given: unchanged ("" stays 2024)
	}
	d.Settings = n
	return nil
}

// checkEnough checks that the position rules allow enough positions for
// the rounds, one per round.
func checkEnough(s Settings, rounds int) error {
	allowed, err := s.Positions.allowed()
	if err != nil {
		return err
	}
	need := max(s.Rounds, rounds)
	if s.System == Knockout {
		need = 1 // a knockout's need follows from its field and results: each start checks it
	}
	if s.System == DoubleRoundRobin {
		need = (need + 1) / 2
	}
	if m := s.Matches; m.On() && s.System != Knockout {
		per := m.unit(m.Games) + 1 // the units of a round's games
		if m.Armageddon {
			per++ // at most
		}
		need *= per
	}
	if need > allowed.Len() {
		return invalid("positions: %d rounds need %d positions without repeats, and the rules allow %d", need, need, allowed.Len())
	}
	return nil
}

// normalizePlayer checks a player's details.
func normalizePlayer(p PlayerInfo) (PlayerInfo, error) {
	var err error
	if p.Name, err = text("player name", p.Name, 100, true); err != nil {
		return p, err
	}
	if p.Club, err = text("club", p.Club, 100, false); err != nil {
		return p, err
	}
	if p.Rating < 0 || p.Rating > 3500 {
		return p, invalid("rating %d for %s: want 0 (unrated) to 3500", p.Rating, quote.Input(p.Name))
	}
	if p.K != 0 && p.K != 10 && p.K != 20 && p.K != 40 {
		return p, invalid("K factor %d for %s: FIDE's are 10, 20 and 40", p.K, quote.Input(p.Name))
	}
	p.FideID = strings.TrimSpace(p.FideID)
	if len(p.FideID) > 11 || strings.Trim(p.FideID, "0123456789") != "" {
		return p, invalid("FIDE ID %s for %s: want up to 11 digits", quote.Input(p.FideID), quote.Input(p.Name))
	}
	p.Federation = strings.ToUpper(strings.TrimSpace(p.Federation))
	if p.Federation != "" && (len(p.Federation) != 3 || strings.Trim(p.Federation, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "") {
		return p, invalid("federation %s for %s: want three letters, such as NOR", quote.Input(p.Federation), quote.Input(p.Name))
	}
	p.Title = strings.ToUpper(strings.TrimSpace(p.Title))
	switch p.Title {
	case "", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM":
	default:
		return p, invalid("title %s for %s: want GM, IM, WGM, FM, WIM, CM, WFM, WCM or none", quote.Input(p.Title), quote.Input(p.Name))
	}
	p.Sex = strings.ToLower(strings.TrimSpace(p.Sex))
	switch p.Sex {
	case "", "m", "w":
	case "f":
		p.Sex = "w"
	default:
		return p, invalid("sex %s for %s: want m, w or nothing", quote.Input(p.Sex), quote.Input(p.Name))
	}
	p.Birth = strings.TrimSpace(p.Birth)
	if len(p.Birth) > 10 || strings.Trim(p.Birth, "0123456789/-.") != "" {
		return p, invalid("birth date %s for %s: want YYYY or YYYY/MM/DD", quote.Input(p.Birth), quote.Input(p.Name))
	}
	return p, nil
}

func (pl *Player) set(p PlayerInfo) {
	pl.Name, pl.Rating, pl.FideID, pl.Federation = p.Name, p.Rating, p.FideID, p.Federation
	pl.Title, pl.Club, pl.Sex, pl.Birth, pl.K = p.Title, p.Club, p.Sex, p.Birth, p.K
	pl.AtBoard = p.AtBoard
}

func (d *doc) addPlayers(ps []PlayerInfo) error {
	if err := d.addPlayersOnly(ps); err != nil {
		return err
	}
	d.noteNumbers(d.renumber())
	return nil
}

// addPlayersOnly checks and adds the players, without numbering them.
func (d *doc) addPlayersOnly(ps []PlayerInfo) error {
	if len(ps) == 0 {
		return invalid("add-players: no players given")
	}
	if len(d.Players)+len(ps) > MaxPlayers {
		return invalid("add-players: %d players would make %d, more than the %d an event may have", len(ps), len(d.Players)+len(ps), MaxPlayers)
	}
	if d.System != Swiss && d.started() {
		return notNow("add-players: the round robin has begun; its field is fixed")
	}
	if d.lastRound() != nil && d.lastRound().Status == Draft {
		return notNow("add-players: round %d is a draft pairing: unpair it, add the players, and pair again", d.lastRound().Number)
	}
	joined := d.nextPlayerRound()
	if d.System == Swiss && joined > d.Rounds {
		return notNow("add-players: all %d rounds are paired", d.Rounds)
	}
	for i, p := range ps {
		n, err := normalizePlayer(p)
		if err != nil {
			if len(ps) > 1 {
				return fmt.Errorf("player %d of %d: %w", i+1, len(ps), err)
			}
			return err
		}
		d.NextPlayer++
		pl := Player{ID: d.NextPlayer, Joined: joined}
		pl.set(n)
		d.Players = append(d.Players, pl)
	}
	return nil
}

func (d *doc) editPlayer(id int, p PlayerInfo) error {
	pl := d.player(id)
	if pl == nil {
		return invalid("edit-player: no player has the ID %d", id)
	}
	n, err := normalizePlayer(p)
	if err != nil {
		return err
	}
	if l := d.lastRound(); l != nil && l.Status == Draft && (n.Rating != pl.Rating || n.Title != pl.Title || n.Name != pl.Name) {
		return notNow("edit-player: round %d is a draft pairing, and a new rating, title or name can change the pairing numbers: unpair it first", l.Number)
	}
	pl.set(n)
	d.noteNumbers(d.renumber())
	return nil
}

// nextRound is the number of the next round to pair.
func (d *doc) nextRound() int { return len(d.Schedule) + 1 }

func (d *doc) withdraw(id, r int) error {
	pl := d.player(id)
	if pl == nil {
		return invalid("withdraw: no player has the ID %d", id)
	}
	next := d.nextPlayerRound()
	if r == 0 {
		r = next
	}
	if r < next {
		if l := d.lastRound(); l != nil && d.PlayerRound(l) == r && l.Status == Draft && (l.KOGame <= 1) {
			return notNow("withdraw: round %d is a draft pairing: unpair it first, or withdraw the player from round %d", r, r+1)
		}
		if d.matches() {
			return notNow("withdraw from round %d: its matches are paired already; withdraw from round %d, and enter the forfeits of round %d's games", r, next, r)
		}
		return notNow("withdraw from round %d: it is paired already; withdraw from round %d, and enter the forfeit for round %d", r, next, r)
	}
	if pl.Withdrawn != 0 {
		return notNow("withdraw: %s has withdrawn already (from round %d)", quote.Input(pl.Name), pl.Withdrawn)
	}
	pl.Withdrawn = r
	return nil
}

func (d *doc) reinstate(id int) error {
	pl := d.player(id)
	if pl == nil {
		return invalid("reinstate: no player has the ID %d", id)
	}
	if pl.Withdrawn == 0 {
		return notNow("reinstate: %s has not withdrawn", quote.Input(pl.Name))
	}
	if l := d.lastRound(); l != nil && l.Status == Draft && pl.Withdrawn <= d.PlayerRound(l) {
		return notNow("reinstate: round %d is a draft pairing without %s: unpair it first", l.Number, quote.Input(pl.Name))
	}
	pl.Withdrawn = 0
	return nil
}

func (d *doc) requestBye(id, r int, kind ByeKind) error {
	pl := d.player(id)
	if pl == nil {
		return invalid("bye: no player has the ID %d", id)
	}
	if d.System != Swiss {
		return notNow("bye: a round robin has no byes; a game not played is a forfeit (-/+ or +/-)")
	}
	if next := d.nextPlayerRound(); r < next || r > d.Rounds {
		if l := d.lastRound(); l != nil && d.PlayerRound(l) == r && l.Status == Draft && l.KOGame <= 1 {
			return notNow("bye in round %d: the round is a draft pairing: unpair it first", r)
		}
		return invalid("bye in round %d: want a round not yet paired, %d..%d", r, next, d.Rounds)
	}
	switch {
	case kind.Requested():
	case kind == "":
		pl.Byes = slices.DeleteFunc(pl.Byes, func(b ByeRequest) bool { return b.Round == r })
		return nil
	default:
		return invalid("bye %s: want half, zero, full, or nothing to cancel", quote.Input(string(kind)))
	}
	pl.Byes = slices.DeleteFunc(pl.Byes, func(b ByeRequest) bool { return b.Round == r })
	pl.Byes = append(pl.Byes, ByeRequest{Round: r, Kind: kind})
	slices.SortFunc(pl.Byes, func(a, b ByeRequest) int { return a.Round - b.Round })
	return nil
}

// draft returns round n if it is the last and a draft.
func (d *doc) draft(n int) (*Round, error) {
	r := d.round(n)
	switch {
	case r == nil:
		return nil, invalid("round %d: not paired", n)
	case r.Status != Draft:
		return nil, notNow("round %d is %s: only a draft pairing may change", n, r.Status)
	}
	return r, nil
}

func (d *doc) start(n int, now time.Time) error {
	r := d.round(n)
	switch {
	case r == nil:
		return invalid("start round %d: not paired", n)
	case r.Status == Draft:
		return notNow("start round %d: publish the pairing first", n)
	case r.Status == Started:
		return notNow("start round %d: it has started already", n)
	}
	r.Status = Started
	r.Began = now
	pos, boards, err := assign(&d.Event, d.SeedSecret)
	if err != nil {
		return err
	}
	defer d.startGames(r, now)
	if d.perBoard() {
		for j := range r.Boards {
			v := boards[n-1][j]
			if v < 0 {
				return notNow("start round %d: board %d's players did not meet in the first cycle, so the board has no position to replay", n, j+1)
			}
			sp, err := chess960.New(v)
			if err != nil {
				return fmt.Errorf("start round %d, board %d: %w", n, j+1, err)
			}
			r.Boards[j].Position = &sp
		}
	} else if v := pos[n-1]; v >= 0 {
		sp, err := chess960.New(v)
		if err != nil {
			return fmt.Errorf("start round %d: %w", n, err)
		}
		r.Position = &sp
	} else if d.cycle() > 0 && n > d.cycle() {
		return notNow("start round %d: its games come from different rounds of the first cycle, so it has no one position to replay", n)
	}
	return nil
}

func (d *doc) board(rn, bn int) (*Round, *Board, error) {
	r := d.round(rn)
	if r == nil {
		return nil, nil, invalid("round %d: not paired", rn)
	}
	if bn < 1 || bn > len(r.Boards) {
		return nil, nil, invalid("round %d has boards 1..%d, not %d", rn, len(r.Boards), bn)
	}
	if r.Status != Started {
		return nil, nil, notNow("round %d is %s: results come once it has started", rn, r.Status)
	}
	return r, &r.Boards[bn-1], nil
}

func (d *doc) setResult(rn, bn int, result, by string, now time.Time) error {
	res, err := ParseResult(result)
	if err != nil {
		return err
	}
	_, b, err := d.board(rn, bn)
	if err != nil {
		return err
	}
	if rn < len(d.Schedule) && res == "" {
		return notNow("round %d, board %d: round %d is paired on this result, so it may be corrected but not cleared", rn, bn, rn+1)
	}
	if res == b.Result {
		return notNow("round %d, board %d: the result is %s already", rn, bn, displayResult(res))
	}
	if b.PGN != "" && res != "" {
		if err := checkPGNResult(b.PGN, res); err != nil {
			return notNow("round %d, board %d: the game's PGN says otherwise: %v; remove or replace the PGN first", rn, bn, err)
		}
	}
	b.Result = res
	b.History = append(b.History, Entry{Result: res, At: now, By: by})
	return nil
}

func displayResult(r Result) string {
	if r == "" {
		return "none"
	}
	return string(r)
}

func (d *doc) finish() error {
	if d.System == Knockout {
		b, err := d.secretBracket()
		if err != nil {
			return err
		}
		if !b.Finished {
			return notNow("finish: the knockout's matches are not all decided")
		}
	} else if d.matches() {
		if done := d.MatchRoundsDone(); done < d.Rounds || d.Rounds == 0 {
			return notNow("finish: %d of %d rounds of matches are played", done, d.Rounds)
		}
	} else if len(d.Schedule) < d.Rounds || d.Rounds == 0 {
		return notNow("finish: %d of %d rounds are paired", len(d.Schedule), d.Rounds)
	}
	for _, r := range d.Schedule {
		if !r.complete() {
			return notNow("finish: round %d has %d boards without a result", r.Number, r.Pending())
		}
	}
	d.Finished = true
	d.Seed = d.SeedSecret
	return nil
}

// kindList lists the kinds of change for an error message.
func kindList() string {
	ks := make([]string, len(Kinds))
	for i, k := range Kinds {
		ks[i] = string(k)
	}
	return strings.Join(ks, ", ")
}
