package chess960

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestStartPosJSON(t *testing.T) {
	type holder struct {
		P   StartPos  `json:"p"`
		Opt *StartPos `json:"opt,omitempty"`
	}
	for n := range Count {
		b, err := json.Marshal(holder{P: MustNew(n)})
		if err != nil {
			t.Fatal(err)
		}
		want := `{"p":` + itoa(n) + `}`
		if string(b) != want {
			t.Fatalf("%d: %s, want %s", n, b, want)
		}
		var h holder
		if err := json.Unmarshal(b, &h); err != nil || h.P.ID() != n || h.Opt != nil {
			t.Fatalf("%d: %+v %v", n, h, err)
		}
	}
	var h holder
	if err := json.Unmarshal([]byte(`{"p": "518", "opt": 0}`), &h); err != nil || h.P.ID() != 518 || h.Opt == nil || h.Opt.ID() != 0 {
		t.Fatalf("string and zero: %+v %v", h, err)
	}
	if err := json.Unmarshal([]byte(`{"opt": null}`), &h); err != nil || h.Opt != nil {
		t.Fatalf("null pointer: %+v %v", h, err)
	}
	for _, bad := range []string{`960`, `-1`, `518.0`, `"SP-518"`, `null`, `""`, `true`, `1e2`} {
		h := holder{P: MustNew(7)}
		err := json.Unmarshal([]byte(`{"p": `+bad+`}`), &h)
		var e *Error
		if !errors.As(err, &e) && bad != `true` {
			t.Errorf("%s: %v, want an *Error", bad, err)
		}
		if err == nil || h.P.ID() != 7 {
			t.Errorf("%s: err %v, position %d (want it left at 7)", bad, err, h.P.ID())
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
