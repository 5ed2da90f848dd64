package server

import (
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/server/site"
)

// Limits on what one request may ask for.
const (
	maxMoves     = 6000  // moves in one game (the longest legal game is shorter)
	maxCount     = 1000  // draws of one /api/random or /draw request
	maxSeedDraw  = 10000 // index of a draw from a seed on the home page
	maxImageSize = 2000  // pixels of a picture
	maxNumber    = 32    // bytes of a position number
)

// query is a request's query parameters (site.Query), with the readers of
// positions that the server's pages share.
type query struct{ site.Query }

func newQuery(raw string) (query, *site.Error) {
	q, err := site.ParseQuery(raw)
	return query{q}, err
}

// startPos reads a start position: a Scharnagl number (or SP-N), a back
// rank or a start FEN; with fritz9, a Fritz9 number.
func startPosParam(k, s string, fritz9 bool) (chess960.StartPos, *site.Error) {
	var sp chess960.StartPos
	var err error
	if fritz9 {
		sp, err = chess960.ParseFritz9(s)
	} else {
		sp, err = chess960.Parse(s)
	}
	if err != nil {
		return sp, site.BadInput(k, err)
	}
	return sp, nil
}

// position reads the position of a request: fen= (a FEN, a start position
// number, a back rank, "startpos" or a DFRC start W:B) or pos= (a start
// position number).
// With neither, it is def (and an error when def is nil).
func (q query) position() (chess.Position, string, *site.Error) {
	switch {
	case q.Has("fen") && q.Has("pos"):
		return chess.Position{}, "", site.BadParam("pos", q.Get("pos"), "give fen or pos, not both").WithCode(site.CodeRepeated)
	case q.Has("pos"):
		sp, err := startPosParam("pos", q.Get("pos"), false)
		if err != nil {
			return chess.Position{}, "pos", err
		}
		return chess.NewPosition(sp), "pos", nil
	case q.Has("fen"):
		p, err := api.ParsePosition(q.Get("fen"))
		if err != nil {
			return p, "fen", site.BadInput("fen", err)
		}
		return p, "fen", nil
	}
	return chess.Position{}, "", site.Missing("fen", "a FEN, or pos=N for a start position")
}

// moveList splits a list of moves written with commas or spaces.
func moveList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// castlingMode reads castling=xfen|shredder, the notation of FEN output.
func (q query) castlingMode() (chess.CastlingMode, *site.Error) {
	switch strings.ToLower(q.Get("castling")) {
	case "", "xfen", "x-fen":
		return chess.Standard, nil
	case "shredder", "shredder-fen":
		return chess.Chess960, nil
	}
	return 0, site.BadParam("castling", q.Get("castling"), "unknown style: want xfen or shredder")
}
