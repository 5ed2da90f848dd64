package chess960

import (
	"bytes"
	"strconv"
)

// In JSON a StartPos is its Scharnagl number as a JSON number (518), the
// natural form of a number, as the API's and the event files' "position"
// fields have always been. UnmarshalJSON also takes the text form as a
// JSON string ("518"), as MarshalText writes it for map keys and other
// text encodings; a *StartPos is null when absent.

// MarshalJSON writes the Scharnagl number as a JSON number.
func (p StartPos) MarshalJSON() ([]byte, error) {
	return strconv.AppendUint(make([]byte, 0, 3), uint64(p.id), 10), nil
}

// UnmarshalJSON reads a Scharnagl number 0..959 as a JSON number or a JSON
// string of decimal digits. Anything else (null for a StartPos that is not
// a pointer, 518.0, -1, "SP-518") gets an *Error naming it and leaves *p as
// it was.
func (p *StartPos) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		s, err := strconv.Unquote(string(b))
		if err != nil {
			return &Error{Kind: "position number", Input: string(b), Err: ErrSyntax, Detail: "not a JSON string"}
		}
		return p.UnmarshalText([]byte(s))
	}
	if string(b) == "null" {
		return &Error{Kind: "position number", Input: "null", Err: ErrSyntax, Detail: "want a number 0..959 such as 518 (a field that may be absent is a *StartPos)"}
	}
	return p.UnmarshalText(b)
}
