package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pairing"
)

// TestTypedFieldsRefuseBadValues: a round status, bye kind, result or
// position that is not one of theirs fails when the document is read,
// naming the value.
func TestTypedFieldsRefuseBadValues(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"number": 1, "status": "paused", "boards": []}`, `round status "paused": want draft, published, started`},
		{`{"number": 1, "status": "started", "byes": [{"player": 1, "kind": "quarter"}], "boards": []}`, `bye kind "quarter"`},
		{`{"number": 1, "status": "started", "boards": [{"board": 1, "white": 1, "black": 2, "result": "2-0"}]}`, `result "2-0"`},
		{`{"number": 1, "status": "started", "position": 5000, "boards": []}`, `5000`},
		{`{"number": 1, "status": "started", "position": "x", "boards": []}`, `"x"`},
	} {
		var r Round
		err := json.Unmarshal([]byte(tc.doc), &r)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %s", tc.doc, err, tc.want)
		}
	}
	var r Round
	if err := json.Unmarshal([]byte(`{"number": 1, "status": "started", "position": 518, "boards": [{"board": 1, "white": 1, "black": 2, "result": "1/2-1/2", "position": 0}]}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Status != Started || r.Position == nil || r.Position.ID() != 518 || r.Boards[0].Result != Draw || r.Boards[0].Position.ID() != 0 {
		t.Errorf("read %+v", r)
	}
	b, _ := json.Marshal([]any{r.Status, r.Position, r.Boards[0].Result})
	if string(b) != `["started",518,"1/2-1/2"]` {
		t.Errorf("written back as %s", b)
	}
}

// TestResultForms: each result's TRF codes, points, game and spelling, as
// C.04.1 and the TRF-16 codes give them.
func TestResultForms(t *testing.T) {
	for _, tc := range []struct {
		r       Result
		w, b    pairing.Result
		hw, hb  int
		game    chess.Result
		played  bool
		forfeit bool
		display string
	}{
		{WhiteWins, '1', '0', 2, 0, chess.WhiteWins, true, false, "1–0"},
		{BlackWins, '0', '1', 0, 2, chess.BlackWins, true, false, "0–1"},
		{Draw, '=', '=', 1, 1, chess.Draw, true, false, "½–½"},
		{WhiteForfeit, '+', '-', 2, 0, chess.NoResult, false, true, "+/−"},
		{BlackForfeit, '-', '+', 0, 2, chess.NoResult, false, true, "−/+"},
		{DoubleForfeit, '-', '-', 0, 0, chess.NoResult, false, true, "−/−"},
		{NoResult, 0, 0, 0, 0, chess.NoResult, false, false, ""},
	} {
		w, b := tc.r.TRF()
		hw, hb := tc.r.Halves()
		g, played := tc.r.Game()
		if w != tc.w || b != tc.b || hw != tc.hw || hb != tc.hb || g != tc.game || played != tc.played || tc.r.Forfeit() != tc.forfeit || tc.r.Display() != tc.display {
			t.Errorf("%q: TRF %c %c, halves %d %d, game %v %v, forfeit %v, %q", tc.r, w, b, hw, hb, g, played, tc.r.Forfeit(), tc.r.Display())
		}
		if back, err := ResultOfTRF(w, b); err != nil || back != tc.r {
			t.Errorf("%q: from its TRF codes %q, %v", tc.r, back, err)
		}
	}
	if r, err := ResultOfTRF('W', 'L'); err != nil || r != WhiteWins {
		t.Errorf("W L: %q %v", r, err)
	}
	if _, err := ResultOfTRF('1', '1'); err == nil {
		t.Error("1 1: no error")
	}
	for in, want := range map[string]Result{"½-½": Draw, "=": Draw, "+-": WhiteForfeit, "0F-1F": BlackForfeit, " 1-0 ": WhiteWins, "": NoResult} {
		if got, err := ParseResult(in); err != nil || got != want {
			t.Errorf("ParseResult(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseResult("1-1"); !errors.Is(err, ErrInvalid) {
		t.Errorf("1-1: %v", err)
	}
}
