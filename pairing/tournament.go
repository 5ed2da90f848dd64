// Package pairing pairs the rounds of chess tournaments: the FIDE Dutch
// system (C.04.3, the rules in force from 1 July 2025) with the same
// pairings as BBP Pairings, the engine FIDE endorses, and round robins by the
// Berger tables (C.05, Annex 1). It reads and writes the FIDE Tournament
// Report File (TRF-2026, TRF-16 and the TRF(x)/TRF(bx) extensions that
// JaVaFo and BBP Pairings read).
//
// The package uses the standard library only.
package pairing

import "strconv"

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
// BBF and BBU change them.
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
	// that writing a file back keeps them.
	Header []HeaderLine

	Rounds       int   // total rounds planned (XXR); 0 if the file does not say
	InitialColor Color // the top player's colour in round 1 (XXC), NoColor if unset
	Points       PointSystem

	// Players in pairing-number order. A file may leave pairing numbers
	// unused; Players holds only the numbers that appear.
	Players []*Player

	// Forbidden lists pairs of players who must not meet (XXP lines), by
	// pairing number.
	Forbidden [][2]int
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
