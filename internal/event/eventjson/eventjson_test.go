package eventjson

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/chess960/chess960/internal/event"
)

// TestSameJSONAsBefore: an event, standings and a verification with every
// field set encode as the API wrote them before it had types of its own
// (testdata/*.json was written from the model's JSON names, before they
// were moved here): the move changed no byte of the API.
func TestSameJSONAsBefore(t *testing.T) {
	for _, c := range []struct {
		file string
		v    any
	}{
		{"event.json", FromEvent(filled[event.Event](t))},
		{"standings.json", FromStandings(filled[event.Standings](t))},
		{"verification.json", FromVerification(filled[event.Verification](t))},
	} {
		want, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.MarshalIndent(c.v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		if os.Getenv("EVENTJSON_UPDATE") != "" {
			// A field added to the API: rewrite the file, and read its diff.
			if err := os.WriteFile("testdata/"+c.file, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the JSON differs:\n%s", c.file, got)
		}
	}
}

// TestFieldsMatchTheModel: each type here has the fields of the model's
// type of its name, by name, so that a field added to the model and not
// here (or the other way) fails, and none of the model's types carries a
// JSON name (the model is not a wire format).
func TestFieldsMatchTheModel(t *testing.T) {
	for _, p := range [][2]reflect.Type{
		{reflect.TypeFor[Event](), reflect.TypeFor[event.Event]()},
		{reflect.TypeFor[Settings](), reflect.TypeFor[event.Settings]()},
		{reflect.TypeFor[PositionRules](), reflect.TypeFor[event.PositionRules]()},
		{reflect.TypeFor[Player](), reflect.TypeFor[event.Player]()},
		{reflect.TypeFor[ByeRequest](), reflect.TypeFor[event.ByeRequest]()},
		{reflect.TypeFor[Round](), reflect.TypeFor[event.Round]()},
		{reflect.TypeFor[Board](), reflect.TypeFor[event.Board]()},
		{reflect.TypeFor[Entry](), reflect.TypeFor[event.Entry]()},
		{reflect.TypeFor[Bye](), reflect.TypeFor[event.Bye]()},
		{reflect.TypeFor[Link](), reflect.TypeFor[event.Link]()},
		{reflect.TypeFor[NumberChange](), reflect.TypeFor[event.NumberChange]()},
		{reflect.TypeFor[Standings](), reflect.TypeFor[event.Standings]()},
		{reflect.TypeFor[DroppedTieBreak](), reflect.TypeFor[event.DroppedTieBreak]()},
		{reflect.TypeFor[Row](), reflect.TypeFor[event.Row]()},
		{reflect.TypeFor[Cell](), reflect.TypeFor[event.Cell]()},
		{reflect.TypeFor[Verification](), reflect.TypeFor[event.Verification]()},
		{reflect.TypeFor[RoundCheck](), reflect.TypeFor[event.RoundCheck]()},
	} {
		wire, model := p[0], p[1]
		if wire.NumField() != model.NumField() {
			t.Errorf("%s has %d fields, %s %d", wire, wire.NumField(), model, model.NumField())
		}
		for i := range model.NumField() {
			f := model.Field(i)
			if tag, ok := f.Tag.Lookup("json"); ok {
				t.Errorf("%s.%s has a JSON name (%q): the model is not a wire format", model, f.Name, tag)
			}
			w, ok := wire.FieldByName(f.Name)
			if !ok || len(w.Index) != 1 {
				t.Errorf("%s has no field %s", wire, f.Name)
				continue
			}
			if _, ok := w.Tag.Lookup("json"); !ok && !w.Anonymous {
				t.Errorf("%s.%s has no JSON name", wire, w.Name)
			}
		}
	}
}
