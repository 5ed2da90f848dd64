package eventweb

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/chess960/chess960/internal/event"
)

// TestWireCoversModel: each field of event.Change and event.Settings has
// its field in the API's types (but Change.Import, which the API does not
// take), so that a field added to the model and forgotten in the API
// fails here. (PlayerInfo, ManualPair and PositionRules convert to and
// from their wire types directly, which the compiler checks.)
func TestWireCoversModel(t *testing.T) {
	for _, tc := range []struct {
		model, wire reflect.Type
		skip        map[string]bool
	}{
		{reflect.TypeFor[event.Change](), reflect.TypeFor[changeJSON](), map[string]bool{"Import": true}},
		{reflect.TypeFor[event.Settings](), reflect.TypeFor[settingsJSON](), nil},
	} {
		for i := range tc.model.NumField() {
			f := tc.model.Field(i)
			if tc.skip[f.Name] {
				continue
			}
			w, ok := tc.wire.FieldByName(f.Name)
			if !ok {
				t.Errorf("%s.%s has no field in %s", tc.model, f.Name, tc.wire)
				continue
			}
			if f.Tag.Get("json") != w.Tag.Get("json") {
				t.Errorf("%s.%s: JSON %q in the model, %q in the API", tc.model, f.Name, f.Tag.Get("json"), w.Tag.Get("json"))
			}
		}
	}
}

// TestWireRoundTrip: a change through the API's type and back is the same
// change, and its JSON is the API's.
func TestWireRoundTrip(t *testing.T) {
	set := event.Settings{Name: "Oslo", Place: "Oslo", Start: "2026-12-05", End: "2026-12-06", System: event.Swiss, Rounds: 5,
		TimeControl: "15+10", TieBreaks: []string{"BH", "SB"}, TieBreakRules: "2026", UnratedRating: 1400,
		Positions: event.PositionRules{PerBoard: true, Exclude: "518", Balanced: true, MaxEval: 30}, LateEntries: event.LateNext}
	c := event.Change{Kind: event.KindAddPlayers, Round: 2, Board: 3, Player: 4, Result: "1-0", PGN: "1. e4 *", Bye: event.ByeHalf,
		Settings: &set, Players: []event.PlayerInfo{{Name: "Ann", Rating: 2000, FideID: "1", Federation: "NOR", Title: "FM", Club: "OSK", Sex: "w", Birth: "1990", K: 20}},
		Pairs: []event.ManualPair{{White: 1, Black: 2}}, Label: "Deputy", Link: "abc", Note: "n"}
	back := changeOf(c).change()
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip:\n was %+v\n now %+v", c, back)
	}
	var body changeJSON
	if err := json.Unmarshal([]byte(`{"kind": "result", "base": 7, "round": 1, "board": 2, "result": "0-1"}`), &body); err != nil {
		t.Fatal(err)
	}
	if got := body.change(); got.Kind != event.KindResult || got.Base != 7 || got.Round != 1 || got.Board != 2 || got.Result != "0-1" {
		t.Errorf("decoded %+v", got)
	}
}
