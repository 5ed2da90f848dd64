package eventjson

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"github.com/chess960/chess960/internal/event"
	"github.com/chess960/chess960/internal/testtool"
)

// TestWireCoversModel: each field of event.Change has its field in the
// API's Change (but Import, which the API does not take, and Game, which
// only the server's game-result has), so that a field
// added to the model and forgotten in the API fails here. (PlayerInfo,
// ManualPair and PositionRules convert to and from their wire types
// directly, which the compiler checks; Settings is in
// TestFieldsMatchTheModel.)
func TestWireCoversModel(t *testing.T) {
	model, wire := reflect.TypeFor[event.Change](), reflect.TypeFor[Change]()
	for i := range model.NumField() {
		f := model.Field(i)
		if f.Tag != "" {
			t.Errorf("%s.%s has a tag (%q): the model is not a wire format", model, f.Name, f.Tag)
		}
		if f.Name == "Import" || f.Name == "Game" {
			continue
		}
		if w, ok := wire.FieldByName(f.Name); !ok || w.Tag.Get("json") == "" {
			t.Errorf("%s.%s has no field with a JSON name in %s", model, f.Name, wire)
		}
	}
}

// TestOpenAPIDocumentsTheJSON: the API's document (web/openapi.json)
// names exactly the fields of the bodies a client sends, and every field
// of the event and standings the API answers with.
func TestOpenAPIDocumentsTheJSON(t *testing.T) {
	for _, c := range []struct {
		wire    reflect.Type
		schemas []string
	}{
		{reflect.TypeFor[Change](), []string{"EventChange"}},
		{reflect.TypeFor[Settings](), []string{"EventSettings"}},
		{reflect.TypeFor[PlayerInfo](), []string{"PlayerInfo"}},
		{reflect.TypeFor[Event](), []string{"Event", "EventSettings"}},
		{reflect.TypeFor[Standings](), []string{"Standings"}},
	} {
		if got, want := testtool.OpenAPINames(t, "../../server/web/openapi.json", c.schemas...), testtool.JSONNames(c.wire); !slices.Equal(got, want) {
			t.Errorf("%s: openapi.json %v names %v, the JSON has %v", c.wire, c.schemas, got, want)
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
	back := FromChange(c).Model()
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip:\n was %+v\n now %+v", c, back)
	}
	var body Change
	if err := json.Unmarshal([]byte(`{"kind": "result", "base": 7, "round": 1, "board": 2, "result": "0-1"}`), &body); err != nil {
		t.Fatal(err)
	}
	if got := body.Model(); got.Kind != event.KindResult || got.Base != 7 || got.Round != 1 || got.Board != 2 || got.Result != "0-1" {
		t.Errorf("decoded %+v", got)
	}
}
