package event

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chess960/chess960"
)

// fill sets every field reachable from v to a value that is not its zero
// value (one element in each slice and map), so that a field the stored
// layout forgets shows up as a difference after the round trip.
func fill(t *testing.T, v reflect.Value, path string) {
	special := map[reflect.Type]any{
		reflect.TypeFor[RoundStatus]():       Started,
		reflect.TypeFor[ByeKind]():           ByeHalf,
		reflect.TypeFor[Result]():            Draw,
		reflect.TypeFor[System]():            RoundRobin,
		reflect.TypeFor[PlayMode]():          PlayHybrid,
		reflect.TypeFor[Role]():              RoleArbiter,
		reflect.TypeFor[chess960.StartPos](): chess960.MustNew(123),
		reflect.TypeFor[time.Time]():         time.Date(2026, 3, 1, 10, 30, 0, 0, time.UTC),
	}
	if x, ok := special[v.Type()]; ok {
		v.Set(reflect.ValueOf(x))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() || f.Anonymous {
				fill(t, v.Field(i), path+"."+f.Name)
			} else {
				t.Fatalf("%s.%s: unexported field in the stored document", path, f.Name)
			}
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(t, v.Index(0), path+"[0]")
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(t, k, path+"[key]")
		fill(t, e, path+"[elem]")
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.String:
		v.SetString("x" + path)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	default:
		t.Fatalf("%s: kind %s: teach fill about it", path, v.Kind())
	}
}

// TestStoredRoundTrip: every field of the event's document survives the
// stored layout, so that a field added to Event and forgotten there fails
// here instead of vanishing from the database.
func TestStoredRoundTrip(t *testing.T) {
	var d doc
	fill(t, reflect.ValueOf(&d).Elem(), "doc")
	d.Version = 0 // the store's record holds the version, not the document
	d.Links = nil // arbiters' links live in Keys; Links is a view
	back, err := decodeDoc(encodeDoc(&d))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, &d) {
		a, _ := json.Marshal(d)
		b, _ := json.Marshal(back)
		t.Fatalf("the round trip changed the document:\n was %s\n now %s", a, b)
	}
	var top map[string]any
	json.Unmarshal(encodeDoc(&d), &top)
	if top["format"] != float64(storeFormat) || top["name"] == nil || top["seedSecret"] == nil {
		t.Errorf("the stored document's top level: %v", top)
	}
}

// TestStoredFormat1 restores a backup made by chess960 before the stored
// document had a layout of its own (format 1, no "format" field; made
// with the program at 35af81e: event new with seed "format one seed", five
// players, round 1 paired, started, a corrected result and a forfeit, a
// half-point bye asked for round 2, an arbiter link "Deputy"), and checks
// what it holds.
func TestStoredFormat1(t *testing.T) {
	data, err := os.ReadFile("testdata/format1-backup.json")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"format": 2`) {
		t.Fatal("the testdata is not format 1")
	}
	svc := NewService(newMem())
	st, err := svc.Restore(context.Background(), data, false)
	if err != nil {
		t.Fatal(err)
	}
	e := st.Admin()
	if e.ID != "format-one" || e.Name != "Format One Open" || len(e.Players) != 5 || len(e.Schedule) != 1 || !e.OwnSeed {
		t.Fatalf("restored %+v", e)
	}
	r := e.Schedule[0]
	if r.Status != Started || r.Position == nil || len(r.Boards) != 2 {
		t.Fatalf("round 1: %+v", r)
	}
	if b := r.Boards[0]; b.Result != Draw || len(b.History) != 2 || b.History[0].Result != WhiteWins {
		t.Errorf("board 1: %+v", b)
	}
	if b := r.Boards[1]; b.Result != WhiteForfeit {
		t.Errorf("board 2: %+v", b)
	}
	var asked bool
	for _, p := range e.Players {
		for _, y := range p.Byes {
			asked = asked || (y.Round == 2 && y.Kind == ByeHalf)
		}
	}
	if !asked {
		t.Error("the half-point bye for round 2 is lost")
	}
	if len(e.Links) != 1 || e.Links[0].Label != "Deputy" {
		t.Errorf("links %+v", e.Links)
	}
	if e.Commitment != chess960.Commitment("format one seed") {
		t.Errorf("commitment %s", e.Commitment)
	}
	// The round's position is the derivation's first draw for the seed.
	if r.Position.ID() != firstDraw("format one seed") {
		t.Errorf("position %d, the derivation gives %d", r.Position.ID(), firstDraw("format one seed"))
	}
	// And its backup now is format 5, which reads back the same.
	b2, err := st.Backup()
	if err != nil || !strings.Contains(string(b2), `"format": 5`) {
		t.Fatalf("backup: %v\n%.300s", err, b2)
	}
	st2, err := NewService(newMem()).Restore(context.Background(), b2, false)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st2.Admin().Schedule, e.Schedule) || !reflect.DeepEqual(st2.Admin().Players, e.Players) {
		t.Error("the format 5 backup reads back otherwise")
	}
}

// TestStoredFormatRefused: a document of a format this program does not
// know is refused with the reason.
func TestStoredFormatRefused(t *testing.T) {
	for doc, want := range map[string]string{
		`{"format": 6, "id": "x"}`: "newer than this program's 5",
		`{"format": 0, "id": "x"}`: "which no chess960 wrote",
		`[1, 2]`:                   "cannot unmarshal",
		`{"format": 2, "schedule": [{"status": "paused"}]}`: `round status "paused"`,
	} {
		if _, err := decodeDoc([]byte(doc)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", doc, err, want)
		}
	}
}

// TestStoredChangeRoundTrip: every field of a change but its base survives
// the history's layout.
func TestStoredChangeRoundTrip(t *testing.T) {
	var c Change
	fill(t, reflect.ValueOf(&c).Elem(), "change")
	c.Base = 0
	back, err := DecodeChange(encodeChange(c))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, c) {
		a, _ := json.Marshal(c)
		b, _ := json.Marshal(back)
		t.Fatalf("the round trip changed the change:\n was %s\n now %s", a, b)
	}
	if _, err := DecodeChange([]byte(`{"kind": "result", "bye": "quarter"}`)); err == nil || !strings.Contains(err.Error(), "quarter") {
		t.Errorf("a bad bye kind: %v", err)
	}
}
