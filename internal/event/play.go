package event

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/clock"
	"github.com/chess960/chess960/internal/game"
	"github.com/chess960/chess960/internal/quote"
)

// The games in the app. An event that plays in the app (Settings.Play)
// gives every board of a round a live game (package game) when the round
// starts: Board.Game names it, and Round.Clocks is when its clocks start,
// at the end of the study window. The game's result comes back to the
// board as a change of its own (KindGameResult), through the same path as
// a result entered by hand; package eventplay makes the games and carries
// their results.
//
// Each player has a link of their own (PlayerToken), a capability like
// an arbiter's: /e/{id}/p/{token}. It opens the player's page, and from it
// the player's seat in each of their games (SeatToken). Both are derived
// from the event's PlayerSecret with HMAC-SHA-256, so nothing per player
// is stored but the count of rotations (Player.LinkGen): rotating a link
// makes a new one and the old one stops opening the page. (A seat's token
// is the game's: a game already made keeps its seats.)

// MaxStudy is the longest study window, in minutes; MaxDefaultTime the
// longest default time.
const (
	MaxStudy       = 60
	MaxDefaultTime = 240
)

// normalizePlay checks the settings of the games in the app.
func (s *Settings) normalizePlay() error {
	if s.Play == "" {
		s.Play = PlayBoard
	}
	var p PlayMode
	if err := p.UnmarshalText([]byte(s.Play)); err != nil {
		return err
	}
	if !s.Play.InApp() {
		switch {
		case s.Study != 0:
			return invalid("study window %d minutes: only for games in the app (play app or hybrid)", s.Study)
		case s.DefaultTime != 0:
			return invalid("default time %d minutes: only for games in the app (play app or hybrid); over the board the arbiter applies it", s.DefaultTime)
		case s.Delay != "":
			return invalid("spectator delay %s: only for games in the app (play app or hybrid)", quote.Input(s.Delay))
		}
		return nil
	}
	if strings.TrimSpace(s.TimeControl) == "" {
		return invalid("time control: the games in the app need one, such as 15+10, 90/40+30 or 3d")
	}
	if _, err := clock.Parse(s.TimeControl); err != nil {
		return invalid("time control %s: the games in the app need a clock: %v", quote.Input(s.TimeControl), strings.TrimPrefix(err.Error(), "clock: "))
	}
	if s.System == Knockout {
		if err := s.Knockout.checkClocks(); err != nil {
			return err
		}
	}
	if m := s.Matches; m.On() && m.Armageddon {
		if err := (KnockoutRules{Armageddon: true, ArmageddonWhite: m.ArmageddonWhite, ArmageddonBlack: m.ArmageddonBlack}).checkClocks(); err != nil {
			return err
		}
	}
	if s.Study < 0 || s.Study > MaxStudy {
		return invalid("study window %d minutes: want 0 to %d", s.Study, MaxStudy)
	}
	if s.DefaultTime < 0 || s.DefaultTime > MaxDefaultTime {
		return invalid("default time %d minutes: want 0 (none) to %d", s.DefaultTime, MaxDefaultTime)
	}
	d, err := game.ParseDelay(s.Delay)
	if err != nil {
		return invalid("spectator delay %s: %v", quote.Input(s.Delay), err)
	}
	s.Delay = d.String()
	return nil
}

// Control is the clock of the event's games in the app.
func (s Settings) Control() clock.Control {
	c, _ := clock.Parse(s.TimeControl) // checked by normalizePlay
	return c
}

// SpectatorDelay is the delay of the games in the app.
func (s Settings) SpectatorDelay() game.Delay {
	d, _ := game.ParseDelay(s.Delay) // checked by normalizePlay
	return d
}

// inApp reports whether board b of the round is played in the app.
func (d *doc) inApp(b Board) bool {
	switch d.Play {
	case PlayApp:
		return true
	case PlayHybrid:
		w, bl := d.player(b.White), d.player(b.Black)
		return w != nil && bl != nil && !w.AtBoard && !bl.AtBoard
	}
	return false
}

// GameID is the ID of the game of round r, board b of the event id: the
// event's, readable and fixed, so that making it again after a crash
// finds it (game.Service.CreateEvent).
func GameID(id string, r, b int) string {
	return id + "-r" + strconv.Itoa(r) + "-b" + strconv.Itoa(b)
}

// startGames gives round r's boards played in the app their games, with
// the clocks starting when the study window ends.
func (d *doc) startGames(r *Round, now time.Time) {
	if !d.Play.InApp() {
		return
	}
	r.Clocks = now.Add(time.Duration(d.Study) * time.Minute)
	for j := range r.Boards {
		b := &r.Boards[j]
		if b.Result == "" && d.inApp(*b) {
			b.Game = GameID(d.ID, r.Number, b.Board)
		}
	}
}

// mac is HMAC-SHA-256 of the parts under the event's player secret,
// base64url without padding.
func (d *doc) mac(parts ...string) string {
	m := hmac.New(sha256.New, []byte(d.PlayerSecret))
	for _, p := range parts {
		m.Write([]byte(p))
		m.Write([]byte{0})
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// playerToken is player p's link token: "ID-MAC", 256 bits of MAC.
func (d *doc) playerToken(p *Player) string {
	if d.PlayerSecret == "" {
		return ""
	}
	return strconv.Itoa(p.ID) + "-" + d.mac("player", d.ID, strconv.Itoa(p.ID), strconv.Itoa(p.LinkGen))
}

// playerOf returns the player whose link token is tok, comparing the MAC
// in constant time; nil for none.
func (d *doc) playerOf(tok string) *Player {
	idText, m, ok := strings.Cut(tok, "-")
	if !ok || d.PlayerSecret == "" || len(idText) > 6 {
		return nil
	}
	id, err := strconv.Atoi(idText)
	if err != nil {
		return nil
	}
	p := d.player(id)
	if p == nil {
		return nil
	}
	want := d.mac("player", d.ID, strconv.Itoa(p.ID), strconv.Itoa(p.LinkGen))
	if subtle.ConstantTimeCompare([]byte(m), []byte(want)) != 1 {
		return nil
	}
	return p
}

// seatToken is the token of a seat ("w" or "b") in the event's game.
func (d *doc) seatToken(gameID, side string) string {
	return d.mac("seat", gameID, side)
}

// PlayerToken returns player id's link token ("" if there is no such
// player, or the event plays over the board and has no player secret).
// For the organiser's and arbiters' pages only.
func (st *State) PlayerToken(id int) string {
	p := st.d.player(id)
	if p == nil {
		return ""
	}
	return st.d.playerToken(p)
}

// PlayerOf returns the ID of the player whose link token is tok, or 0.
func (st *State) PlayerOf(tok string) int {
	if p := st.d.playerOf(tok); p != nil {
		return p.ID
	}
	return 0
}

// SeatToken returns the token of the seat ("w" or "b") of the event's
// game gameID: what the game's seat hash is made from, and what the
// player's page hands its player.
func (st *State) SeatToken(gameID, side string) string { return st.d.seatToken(gameID, side) }

// gameResult puts the result of the board's game on the board (a change
// of kind KindGameResult): unless the board has a result already, which
// the arbiter entered (by hand, ending the game) or an earlier copy of
// this change did; then nothing changes (errNoChange). A game that ended
// without a result (neither arrived: -/-) comes as that forfeit.
func (d *doc) gameResult(c Change, now time.Time) error {
	r := d.round(c.Round)
	if r == nil || c.Board < 1 || c.Board > len(r.Boards) {
		return invalid("game result: round %d has no board %d", c.Round, c.Board)
	}
	b := &r.Boards[c.Board-1]
	if b.Game == "" || b.Game != c.Game {
		return invalid("game result: round %d, board %d's game is %s, not %s", c.Round, c.Board, quote.Input(b.Game), quote.Input(c.Game))
	}
	res, err := ParseResult(c.Result)
	if err != nil {
		return err
	}
	if res == "" {
		return invalid("game result: none given")
	}
	if b.Result != "" {
		return errNoChange
	}
	if c.PGN != "" && !res.Forfeit() {
		if err := checkPGNResult(c.PGN, res); err != nil {
			return invalid("game result: the PGN does not match: %v", err)
		}
		b.PGN = c.PGN
	}
	by := c.Label
	if by == "" {
		by = "game"
	}
	b.Result = res
	b.History = append(b.History, Entry{Result: res, At: now, By: by, Note: c.Note})
	return nil
}

// rotatePlayer gives player id a new link; the old one stops working.
func (d *doc) rotatePlayer(id int) (string, error) {
	p := d.player(id)
	if p == nil {
		return "", invalid("rotate-player: no player has the ID %d", id)
	}
	if d.PlayerSecret == "" {
		return "", notNow("rotate-player: the event plays over the board: its players have no links")
	}
	p.LinkGen++
	return d.playerToken(p), nil
}

// errNoChange: the change is already true of the event; Apply returns the
// event as it is and writes nothing.
var errNoChange = errors.New("event: nothing to change")

// checkInPlay refuses a result entered by hand for a board whose game is
// in play in the app, unless the arbiter confirmed that it ends the game
// (package eventplay ends the game, then enters the result).
func (d *doc) checkInPlay(c Change) error {
	r := d.round(c.Round)
	if r == nil || c.Board < 1 || c.Board > len(r.Boards) {
		return nil // setResult says what is wrong
	}
	b := r.Boards[c.Board-1]
	if b.Game != "" && b.Result == "" && !c.Confirm {
		return &Error{Kind: ErrState, Msg: "round " + strconv.Itoa(c.Round) + ", board " + strconv.Itoa(c.Board) +
			": its game is in play in the app; a result entered by hand ends it: confirm to end the game with this result", also: ErrConfirm}
	}
	return nil
}

// ErrConfirm is wrapped by the refusal of a result for a board whose game
// is in play: the client asks the arbiter to confirm, and sends the
// change again with Confirm.
var ErrConfirm = errors.New("confirm to end the game")
