package chess960

import (
	"encoding"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

var (
	_ encoding.TextMarshaler   = StartPos{}
	_ encoding.TextAppender    = StartPos{}
	_ encoding.TextUnmarshaler = (*StartPos)(nil)
)

// TestStartPosTextRoundTrip: each of the 960 is written as its number in
// decimal, appended after what the buffer holds, and read back as itself.
func TestStartPosTextRoundTrip(t *testing.T) {
	for n := 0; n < Count; n++ {
		p := MustNew(n)
		b, err := p.MarshalText()
		if err != nil || string(b) != strconv.Itoa(n) {
			t.Fatalf("%d: MarshalText %q, %v", n, b, err)
		}
		a, err := p.AppendText([]byte("id="))
		if err != nil || string(a) != "id="+strconv.Itoa(n) {
			t.Fatalf("%d: AppendText %q, %v", n, a, err)
		}
		q := MustNew((n + 1) % Count)
		if err := q.UnmarshalText(b); err != nil || q != p || q.Rank() != p.Rank() {
			t.Fatalf("%d: UnmarshalText %q: %v (%v), %v", n, b, q.ID(), q, err)
		}
	}
	if b, _ := (StartPos{}).MarshalText(); string(b) != "0" {
		t.Errorf("the zero StartPos: %q, want \"0\"", b)
	}
}

// TestStartPosJSONStruct: a StartPos in a struct is a JSON number (see
// json.go), read back as the same position; a *StartPos may be null; a
// map key is its text form.
func TestStartPosJSONStruct(t *testing.T) {
	type game struct {
		Start StartPos   `json:"start"`
		Next  *StartPos  `json:"next"`
		Seen  []StartPos `json:"seen"`
	}
	g := game{Start: Standard(), Seen: []StartPos{MustNew(0), MustNew(959)}}
	b, err := json.Marshal(g)
	if want := `{"start":518,"next":null,"seen":[0,959]}`; err != nil || string(b) != want {
		t.Fatalf("Marshal: %s, %v; want %s", b, err, want)
	}
	var back game
	if err := json.Unmarshal(b, &back); err != nil || back.Start != Standard() || back.Start.String() != "RNBQKBNR" || back.Next != nil || len(back.Seen) != 2 || back.Seen[1].ID() != 959 {
		t.Fatalf("Unmarshal: %+v, %v", back, err)
	}
	// A map key too.
	m := map[StartPos]int{MustNew(7): 1}
	if b, err := json.Marshal(m); err != nil || string(b) != `{"7":1}` {
		t.Errorf("map: %s, %v", b, err)
	}
	// Bad input: the error names the field's text; nothing is guessed.
	back = game{}
	err = json.Unmarshal([]byte(`{"start":"960"}`), &back)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrRange) || e.Input != "960" || back.Start != (StartPos{}) {
		t.Errorf(`"960": %v, %+v`, err, back)
	}
	if err := json.Unmarshal([]byte(`{"start":"518"}`), &back); err != nil || back.Start != Standard() {
		t.Errorf("a JSON string: %v, %+v", err, back)
	}
}

// TestStartPosUnmarshalTextBad: text that is not a number 0..959 in
// decimal digits is refused with the package's error, naming the input
// (at most 100 bytes of it), and the position is left as it was.
func TestStartPosUnmarshalTextBad(t *testing.T) {
	long := strings.Repeat("9", 300)
	for _, tc := range []struct {
		in     string
		reason error
		msg    string
	}{
		{"", ErrSyntax, `chess960: position number "": invalid syntax: empty; want a number 0..959 such as 518`},
		{"960", ErrRange, `chess960: position number "960": out of range: must be 0..959`},
		{"-1", ErrRange, `chess960: position number "-1": out of range: must be 0..959`},
		{long, ErrRange, `out of range: must be 0..959`},
		{"SP-518", ErrSyntax, `chess960: position number "SP-518": invalid syntax: want a number 0..959 in decimal digits, such as 518`},
		{"RNBQKBNR", ErrSyntax, `chess960: position number "RNBQKBNR": invalid syntax`},
		{" 518", ErrSyntax, `chess960: position number " 518": invalid syntax`},
		{"518\n", ErrSyntax, `chess960: position number "518\n": invalid syntax`},
		{"+518", ErrSyntax, `invalid syntax`},
		{"0x10", ErrSyntax, `invalid syntax`},
		{"５１８", ErrSyntax, `invalid syntax`},
	} {
		p := MustNew(42)
		err := p.UnmarshalText([]byte(tc.in))
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tc.reason) || e.Input != tc.in || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%.20q: %v; want %v with %q", tc.in, err, tc.reason, tc.msg)
		}
		if p.ID() != 42 {
			t.Errorf("%.20q: the position became %d", tc.in, p.ID())
		}
		if len(err.Error()) > 200 {
			t.Errorf("%.20q: the message quotes too much: %d bytes", tc.in, len(err.Error()))
		}
	}
}
