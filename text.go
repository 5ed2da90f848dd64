package chess960

import (
	"strconv"

	"github.com/chess960/chess960/internal/decimal"
)

// The text form of a StartPos is its Scharnagl number in decimal ("518"),
// as encoding/json, encoding/xml and flag.TextVar use it through the
// methods below, in the manner of netip.Addr.
//
// A netip.Addr's zero value is no address, and its text form is "". The
// zero StartPos is a position, number 0 (BBQNNRKR), so its text form is
// "0"; and UnmarshalText refuses empty text instead of taking it for
// position 0, which would guess a position from a missing value. Use a
// *StartPos (nil in JSON as null) for a position that may be absent.

// AppendText appends the Scharnagl number in decimal to b.
func (p StartPos) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendUint(b, uint64(p.id), 10), nil
}

// MarshalText returns the Scharnagl number in decimal, e.g. "518".
func (p StartPos) MarshalText() ([]byte, error) {
	return p.AppendText(make([]byte, 0, 3))
}

// UnmarshalText reads a Scharnagl number 0..959 in plain decimal digits,
// the form MarshalText writes. Other text (empty text, "SP-518", "960",
// a rank) gets an *Error naming the input, with ErrSyntax or ErrRange, and
// leaves *p as it was; ParseID and Parse read the other ways of writing a
// position.
func (p *StartPos) UnmarshalText(text []byte) error {
	s := string(text)
	n, err := decimal.Int(s, 0, Count-1)
	switch {
	case err == decimal.ErrSyntax && s == "":
		return &Error{Kind: "position number", Input: s, Err: ErrSyntax, Detail: "empty; want a number 0..959 such as 518"}
	case err == decimal.ErrSyntax:
		return &Error{Kind: "position number", Input: s, Err: ErrSyntax, Detail: "want a number 0..959 in decimal digits, such as 518"}
	case err != nil:
		return &Error{Kind: "position number", Input: s, Err: ErrRange, Detail: "must be 0..959"}
	}
	*p = StartPos{uint16(n)}
	return nil
}
