// Package pgnjson turns games read by package pgn into the JSON that
// "chess960 pgn --json" prints, one object per game, and counts results per
// start position for "chess960 pgn --stats". The command and the web
// server's POST /api/pgn share it, so both give the same objects.
//
// A game's object has these fields, in this order:
//
//	game      its number in the input, from 1
//	line      the line where its text begins
//	tags      its tag pairs, as an object in their order
//	startFen  the start position (X-FEN), or null if it could not be read
//	startId   the start position's Scharnagl number, or null if it is not one of the 960
//	uci       the main line in UCI, castling as the king taking its rook (e1h1)
//	san       the main line in SAN
//	fen       the position after the last move (X-FEN), or null
//	result    the result: the Result tag's, or the one ending the movetext, or "*"
//	status    the state after the last move, as "play --json" gives it in its
//	          position's "status" (api.StatusCode: "ongoing", "checkmate",
//	          "stalemate", "insufficientMaterial", "seventyFiveMoves",
//	          "fivefoldRepetition"), or null
//	error     null, or {"line", "column", "message"} for the first error
//
// The moves are those before the first error. Strings are escaped as
// encoding/json escapes them, so json.Compact leaves the output as it is.
package pgnjson

import (
	"strconv"
	"unicode/utf8"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/pgn"
)

// AppendGame appends the JSON object of g to dst, with no line end.
func AppendGame(dst []byte, g *pgn.Game) []byte {
	dst = append(dst, `{"game":`...)
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(g.Line), 10)
	dst = append(dst, `,"tags":{`...)
	for i, t := range g.Tags {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, t.Name)
		dst = append(dst, ':')
		dst = AppendString(dst, t.Value)
	}
	dst = append(dst, `},"startFen":`...)
	start := g.Start
	valid := start != chess.Position{}
	if valid {
		dst = append(dst, '"')
		dst = start.AppendFEN(dst, chess.Standard)
		dst = append(dst, '"')
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"startId":`...)
	if id, ok := g.StartID(); ok {
		dst = strconv.AppendInt(dst, int64(id), 10)
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"uci":[`...)
	for i, n := range g.Moves.Nodes {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = n.Move.AppendUCI(dst, chess.Chess960)
		dst = append(dst, '"')
	}
	dst = append(dst, `],"san":[`...)
	p := start
	for i, n := range g.Moves.Nodes {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = p.AppendSAN(dst, n.Move)
		dst = append(dst, '"')
		if n.Move == chess.NullMove {
			p.PlayNull() // read as legal: the side passing was not in check
		} else {
			p.Play(n.Move)
		}
	}
	dst = append(dst, `],"fen":`...)
	if valid {
		dst = append(dst, '"')
		dst = p.AppendFEN(dst, chess.Standard)
		dst = append(dst, `","result":"`...)
	} else {
		dst = append(dst, `null,"result":"`...)
	}
	dst = append(dst, g.Result().String()...)
	dst = append(dst, `","status":`...)
	if valid {
		dst = AppendString(dst, Status(g))
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"error":`...)
	if e := g.Err; e != nil {
		dst = append(dst, `{"line":`...)
		dst = strconv.AppendInt(dst, int64(e.Line), 10)
		dst = append(dst, `,"column":`...)
		dst = strconv.AppendInt(dst, int64(e.Column), 10)
		dst = append(dst, `,"message":`...)
		dst = AppendString(dst, e.Message())
		dst = append(dst, '}')
	} else {
		dst = append(dst, "null"...)
	}
	return append(dst, '}')
}

// Status is the "status" of a game's object: the state after the last move
// of its main line, as api.StatusCode names it for "play --json" after the
// same moves.
func Status(g *pgn.Game) string {
	return api.StatusCode(g.Status().Outcome.Termination)
}

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it (HTML-safe, with invalid UTF-8 as U+FFFD).
func AppendString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&15])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
