package server

import (
	"net/url"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// Limits on what one request may ask for.
const (
	maxParam     = 8 << 10 // bytes of one query parameter's value
	maxMoves     = 6000    // moves in one game (the longest legal game is shorter)
	maxCount     = 1000    // draws of one /api/random or /draw request
	maxSeedDraw  = 10000   // index of a draw from a seed on the home page
	maxImageSize = 2000    // pixels of a picture
	maxNumber    = 32      // bytes of a position number
)

// query is a request's query parameters, read strictly: a parameter given
// twice is refused rather than one of its values silently chosen.
type query struct{ v url.Values }

func newQuery(raw string) (query, *inputError) {
	v, err := url.ParseQuery(raw)
	if err != nil {
		return query{}, &inputError{status: 400, code: codeInvalid, msg: "query " + quote.Input(raw) + ": malformed: " + err.Error()}
	}
	for k, vs := range v {
		if len(vs) > 1 {
			return query{}, badParam(k, vs[1], "given %d times: give it once", len(vs)).withCode(codeRepeated)
		}
		if len(vs[0]) > maxParam {
			return query{}, badParam(k, vs[0], "too long: at most %d bytes", maxParam).withCode(codeTooLong)
		}
	}
	return query{v}, nil
}

func (q query) has(k string) bool   { return q.v.Has(k) }
func (q query) get(k string) string { return q.v.Get(k) }

// getOr returns the parameter, or def when it is absent or empty.
func (q query) getOr(k, def string) string {
	if v := q.v.Get(k); v != "" {
		return v
	}
	return def
}

// only refuses parameters other than those named.
func (q query) only(names ...string) *inputError {
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
			return badParam(k, vs[0], "unknown parameter: this endpoint takes %s", want).withCode(codeUnknown)
		}
	}
	return nil
}

// flag reads a boolean parameter: absent is false; present with no value,
// "1", "true", "on" or "yes" is true; "0", "false", "off" or "no" is false.
func (q query) flag(k string) (bool, *inputError) {
	if !q.v.Has(k) {
		return false, nil
	}
	switch strings.ToLower(q.v.Get(k)) {
	case "", "1", "true", "on", "yes":
		return true, nil
	case "0", "false", "off", "no":
		return false, nil
	}
	return false, badParam(k, q.v.Get(k), "want 1 or 0 (true or false)")
}

// intParam reads k as a whole number in lo..hi (plain decimal digits, see
// package internal/decimal), or def when absent.
func (q query) intParam(k string, lo, hi, def int) (int, *inputError) {
	if !q.v.Has(k) {
		return def, nil
	}
	s := q.v.Get(k)
	n, err := decimal.Int(s, int64(lo), int64(hi))
	switch {
	case err == decimal.ErrSyntax:
		return 0, badParam(k, s, "not a whole number (plain decimal digits)")
	case err != nil:
		return 0, badParam(k, s, "out of range: must be %d..%d", lo, hi).withCode(codeRange)
	}
	return int(n), nil
}

// startPos reads a start position: a Scharnagl number (or SP-N), a back
// rank or a start FEN; with fritz9, a Fritz9 number.
func startPosParam(k, s string, fritz9 bool) (chess960.StartPos, *inputError) {
	var sp chess960.StartPos
	var err error
	if fritz9 {
		sp, err = chess960.ParseFritz9(s)
	} else {
		sp, err = chess960.Parse(s)
	}
	if err != nil {
		return sp, badInput(k, err)
	}
	return sp, nil
}

// position reads the position of a request: fen= (a FEN, a start position
// number, a back rank, "startpos" or a DFRC start W:B) or pos= (a start
// position number).
// With neither, it is def (and an error when def is nil).
func (q query) position() (chess.Position, string, *inputError) {
	switch {
	case q.has("fen") && q.has("pos"):
		return chess.Position{}, "", badParam("pos", q.get("pos"), "give fen or pos, not both").withCode(codeRepeated)
	case q.has("pos"):
		sp, err := startPosParam("pos", q.get("pos"), false)
		if err != nil {
			return chess.Position{}, "pos", err
		}
		return chess.NewPosition(sp), "pos", nil
	case q.has("fen"):
		p, err := api.ParsePosition(q.get("fen"))
		if err != nil {
			return p, "fen", badInput("fen", err)
		}
		return p, "fen", nil
	}
	return chess.Position{}, "", missing("fen", "a FEN, or pos=N for a start position")
}

// moveList splits a list of moves written with commas or spaces.
func moveList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// castlingMode reads castling=xfen|shredder, the notation of FEN output.
func (q query) castlingMode() (chess.CastlingMode, *inputError) {
	switch strings.ToLower(q.get("castling")) {
	case "", "xfen", "x-fen":
		return chess.Standard, nil
	case "shredder", "shredder-fen":
		return chess.Chess960, nil
	}
	return 0, badParam("castling", q.get("castling"), "unknown style: want xfen or shredder")
}
