package site

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// MaxParam is the most bytes of one query parameter's value.
const MaxParam = 8 << 10

// Query is a request's query parameters, read strictly: a parameter given
// twice is refused rather than one of its values silently chosen.
type Query struct{ v url.Values }

// ParseQuery reads a raw query.
func ParseQuery(raw string) (Query, *Error) {
	v, err := url.ParseQuery(raw)
	if err != nil {
		return Query{}, &Error{Status: 400, Code: CodeInvalid, Msg: "query " + quote.Input(raw) + ": malformed: " + err.Error()}
	}
	for k, vs := range v {
		if len(vs) > 1 {
			return Query{}, BadParam(k, vs[1], "given %d times: give it once", len(vs)).WithCode(CodeRepeated)
		}
		if len(vs[0]) > MaxParam {
			return Query{}, BadParam(k, vs[0], "too long: at most %d bytes", MaxParam).WithCode(CodeTooLong)
		}
	}
	return Query{v}, nil
}

// NoQuery refuses a request with a query: a page that takes no parameters.
func NoQuery(r *http.Request) *Error {
	if r.URL.RawQuery == "" {
		return nil
	}
	q, err := ParseQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	return q.Only()
}

// Has reports whether the parameter is given.
func (q Query) Has(k string) bool { return q.v.Has(k) }

// Get returns the parameter, or "".
func (q Query) Get(k string) string { return q.v.Get(k) }

// GetOr returns the parameter, or def when it is absent or empty.
func (q Query) GetOr(k, def string) string {
	if v := q.v.Get(k); v != "" {
		return v
	}
	return def
}

// Only refuses parameters other than those named.
func (q Query) Only(names ...string) *Error {
	for k, vs := range q.v {
		known := false
		for _, n := range names {
			known = known || n == k
		}
		if !known {
			want := "none"
			if len(names) > 0 {
				want = strings.Join(names, ", ")
			}
			return BadParam(k, vs[0], "unknown parameter: this endpoint takes %s", want).WithCode(CodeUnknown)
		}
	}
	return nil
}

// Flag reads a boolean parameter: absent is false; present with no value,
// "1", "true", "on" or "yes" is true; "0", "false", "off" or "no" is false.
func (q Query) Flag(k string) (bool, *Error) {
	if !q.v.Has(k) {
		return false, nil
	}
	switch strings.ToLower(q.v.Get(k)) {
	case "", "1", "true", "on", "yes":
		return true, nil
	case "0", "false", "off", "no":
		return false, nil
	}
	return false, BadParam(k, q.v.Get(k), "want 1 or 0 (true or false)")
}

// Int reads k as a whole number in lo..hi (plain decimal digits, see
// package internal/decimal), or def when absent.
func (q Query) Int(k string, lo, hi, def int) (int, *Error) {
	if !q.v.Has(k) {
		return def, nil
	}
	s := q.v.Get(k)
	n, err := decimal.Int(s, int64(lo), int64(hi))
	switch {
	case err == decimal.ErrSyntax:
		return 0, BadParam(k, s, "not a whole number (plain decimal digits)")
	case err != nil:
		return 0, BadParam(k, s, "out of range: must be %d..%d", lo, hi).WithCode(CodeRange)
	}
	return int(n), nil
}

// QueryOf is the query of values (one value per parameter), for a request
// whose parameters come from a body rather than the URL.
func QueryOf(v url.Values) Query { return Query{v} }
