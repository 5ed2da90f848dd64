package event

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pairing"
)

// The event's named types are strings underneath, so that the stored
// documents, the JSON API and the templates read them as before; their
// UnmarshalText refuses a value that is not one of theirs, so a stored
// document or a request body with a bad value fails when it is read, with
// the value named, instead of when it is used.

// RoundStatus is where a round stands: Draft, Published or Started.
type RoundStatus string

// Round states, in order.
const (
	Draft     RoundStatus = "draft"     // paired, seen by the arbiters only; may be re-paired or changed
	Published RoundStatus = "published" // pairings public; position still secret
	Started   RoundStatus = "started"   // position revealed; results come in
)

var roundStatuses = []RoundStatus{Draft, Published, Started}

// MarshalText implements encoding.TextMarshaler.
func (s RoundStatus) MarshalText() ([]byte, error) { return []byte(s), nil }

// UnmarshalText implements encoding.TextUnmarshaler: one of the states.
func (s *RoundStatus) UnmarshalText(b []byte) error {
	return oneOf(s, b, "round status", roundStatuses)
}

// ByeKind is the kind of a bye: the pairing-allocated bye, a requested
// one (half, zero or full point), or an absence.
type ByeKind string

// Kinds of requested byes (TRF codes H, Z, F).
const (
	ByeHalf ByeKind = "half"
	ByeZero ByeKind = "zero"
	ByeFull ByeKind = "full"
)

// More kinds of byes: the pairing-allocated bye (TRF U), and a player not
// paired because they withdrew or had not entered yet (TRF Z).
const (
	ByePairing ByeKind = "pairing"
	ByeAbsent  ByeKind = "absent"
)

var byeKinds = []ByeKind{ByeHalf, ByeZero, ByeFull, ByePairing, ByeAbsent}

// Requested reports whether a player may ask for the bye (half, zero or
// full), as opposed to one the pairing gives.
func (k ByeKind) Requested() bool { return k == ByeHalf || k == ByeZero || k == ByeFull }

// TRF returns the bye's TRF result code.
func (k ByeKind) TRF() pairing.Result {
	switch k {
	case ByePairing:
		return pairing.PairingBye
	case ByeHalf:
		return pairing.HalfBye
	case ByeFull:
		return pairing.FullBye
	}
	return pairing.ZeroBye
}

// MarshalText implements encoding.TextMarshaler.
func (k ByeKind) MarshalText() ([]byte, error) { return []byte(k), nil }

// UnmarshalText implements encoding.TextUnmarshaler: one of the kinds, or
// "" (a change that cancels a requested bye).
func (k *ByeKind) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*k = ""
		return nil
	}
	return oneOf(k, b, "bye kind", byeKinds)
}

// PlayMode is where an event's games are played.
type PlayMode string

// The play modes.
const (
	PlayBoard  PlayMode = "board"  // over the board; results entered by hand
	PlayApp    PlayMode = "app"    // in the app: every board a live game
	PlayHybrid PlayMode = "hybrid" // in the app, but for the players at a board (Player.AtBoard)
)

var playModes = []PlayMode{PlayBoard, PlayApp, PlayHybrid}

// InApp reports whether the event plays any game in the app.
func (m PlayMode) InApp() bool { return m == PlayApp || m == PlayHybrid }

// MarshalText implements encoding.TextMarshaler.
func (m PlayMode) MarshalText() ([]byte, error) { return []byte(m), nil }

// UnmarshalText implements encoding.TextUnmarshaler: one of the modes, or
// "" (over the board).
func (m *PlayMode) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*m = PlayBoard
		return nil
	}
	return oneOf(m, b, "play", playModes)
}

// ChangeKind is the kind of a change (see Change).
type ChangeKind string

// MarshalText implements encoding.TextMarshaler.
func (k ChangeKind) MarshalText() ([]byte, error) { return []byte(k), nil }

// UnmarshalText implements encoding.TextUnmarshaler. Any text is taken:
// an unknown kind is refused when the change is applied, with the list of
// kinds, and history entries of kinds that a later version drops must
// still be read.
func (k *ChangeKind) UnmarshalText(b []byte) error {
	*k = ChangeKind(b)
	return nil
}

// Result is a board's result: a game's result or a forfeit; "" while the
// game goes on. It is the one form of a result in the event: its TRF codes
// (TRF), its points (Halves), the game's result as PGN writes it (Game)
// and the sheets' spelling (Display) are its methods.
type Result string

// The results a board may have.
const (
	NoResult      Result = ""
	WhiteWins     Result = "1-0"
	Draw          Result = "1/2-1/2"
	BlackWins     Result = "0-1"
	WhiteForfeit  Result = "+/-" // White wins by forfeit: Black did not play
	BlackForfeit  Result = "-/+" // Black wins by forfeit
	DoubleForfeit Result = "-/-" // neither played
)

// Results are the results a board may have, in the order the forms list
// them.
var Results = []Result{WhiteWins, Draw, BlackWins, WhiteForfeit, BlackForfeit, DoubleForfeit}

// ParseResult reads a result as an arbiter types it: "1-0", "0-1",
// "1/2-1/2" (or "½-½", "=", "0.5-0.5"), "+/-", "-/+", "-/-" (or "+-",
// "-+", "--"), and "" for none.
func ParseResult(s string) (Result, error) {
	t := strings.TrimSpace(s)
	switch t {
	case "½-½", "=", "0.5-0.5", "1/2", "draw":
		return Draw, nil
	case "+-", "1F-0F":
		return WhiteForfeit, nil
	case "-+", "0F-1F":
		return BlackForfeit, nil
	case "--", "0F-0F":
		return DoubleForfeit, nil
	}
	if r := Result(t); r == NoResult || slices.Contains(Results, r) {
		return r, nil
	}
	return "", invalid("result %s: want 1-0, 1/2-1/2, 0-1, +/-, -/+ or -/-", quote.Input(s))
}

// MarshalText implements encoding.TextMarshaler.
func (r Result) MarshalText() ([]byte, error) { return []byte(r), nil }

// UnmarshalText implements encoding.TextUnmarshaler: the forms
// ParseResult reads.
func (r *Result) UnmarshalText(b []byte) error {
	v, err := ParseResult(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Forfeit reports whether the result is a forfeit: no game was played.
func (r Result) Forfeit() bool {
	return r == WhiteForfeit || r == BlackForfeit || r == DoubleForfeit
}

// Game returns the played game's result as PGN writes it, and false for a
// forfeit or no result.
func (r Result) Game() (chess.Result, bool) {
	switch r {
	case WhiteWins:
		return chess.WhiteWins, true
	case BlackWins:
		return chess.BlackWins, true
	case Draw:
		return chess.Draw, true
	}
	return chess.NoResult, false
}

// TRF returns White's and Black's TRF result codes.
func (r Result) TRF() (white, black pairing.Result) {
	switch r {
	case WhiteWins:
		return pairing.Win, pairing.Loss
	case BlackWins:
		return pairing.Loss, pairing.Win
	case Draw:
		return pairing.Draw, pairing.Draw
	case WhiteForfeit:
		return pairing.ForfeitWin, pairing.ForfeitLoss
	case BlackForfeit:
		return pairing.ForfeitLoss, pairing.ForfeitWin
	case DoubleForfeit:
		return pairing.ForfeitLoss, pairing.ForfeitLoss
	}
	return pairing.NoResult, pairing.NoResult
}

// ResultOfTRF joins White's and Black's TRF results into a board's (the
// unrated W, D, L count as 1, =, 0).
func ResultOfTRF(w, b pairing.Result) (Result, error) {
	norm := func(r pairing.Result) pairing.Result {
		switch r {
		case pairing.UnratedWin:
			return pairing.Win
		case pairing.UnratedDraw:
			return pairing.Draw
		case pairing.UnratedLoss:
			return pairing.Loss
		}
		return r
	}
	w, b = norm(w), norm(b)
	if w == pairing.NoResult && b == pairing.NoResult {
		return NoResult, nil
	}
	for _, r := range Results {
		if rw, rb := r.TRF(); rw == w && rb == b {
			return r, nil
		}
	}
	return "", fmt.Errorf("the results %q (White's) and %q (Black's) do not make one game", string(rune(w)), string(rune(b)))
}

// Halves returns White's and Black's points, in half points.
func (r Result) Halves() (white, black int) {
	switch r {
	case WhiteWins, WhiteForfeit:
		return 2, 0
	case BlackWins, BlackForfeit:
		return 0, 2
	case Draw:
		return 1, 1
	}
	return 0, 0
}

// Display returns the result as the printed sheets spell it ("½–½",
// "+/−"), and "" for none.
func (r Result) Display() string {
	switch r {
	case WhiteWins:
		return "1–0"
	case BlackWins:
		return "0–1"
	case Draw:
		return "½–½"
	case WhiteForfeit:
		return "+/−"
	case BlackForfeit:
		return "−/+"
	case DoubleForfeit:
		return "−/−"
	}
	return ""
}

// oneOf sets *v to the text if it is one of the values, or says what it
// should be.
func oneOf[T ~string](v *T, b []byte, what string, values []T) error {
	t := T(b)
	if slices.Contains(values, t) {
		*v = t
		return nil
	}
	want := make([]string, len(values))
	for i, x := range values {
		want[i] = string(x)
	}
	return invalid("%s %s: want %s", what, quote.Input(string(b)), strings.Join(want, ", "))
}

// KindNames lists the kinds of change the API takes, comma-separated, for
// error messages.
func KindNames() string { return kindList() }
