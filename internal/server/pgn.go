package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
)

// exportPGN writes the game in PGN's export format: the Seven Tag Roster,
// the Chess960 tags, and the moves in lines of at most 80 characters.
func exportPGN(gm *game, startNum int) string {
	res := gm.g.Outcome().Result.String()
	event := "Chess960 game"
	if startNum >= 0 {
		event = "Chess960 game, position " + strconv.Itoa(startNum)
	}
	var b strings.Builder
	tag := func(k, v string) {
		b.WriteString("[" + k + " \"")
		b.WriteString(tagEscaper.Replace(v))
		b.WriteString("\"]\n")
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", "????.??.??")
	tag("Round", "-")
	tag("White", "?")
	tag("Black", "?")
	tag("Result", res)
	tag("Variant", "Chess960")
	tag("SetUp", "1")
	tag("FEN", gm.start.FEN(chess960.XFEN))
	if gm.claim != chess.Ongoing {
		tag("Termination", "draw claimed: "+gm.claim.String())
	}
	b.WriteByte('\n')
	var tokens []string
	num := gm.start.Fullmove()
	black := gm.start.Turn() == chess.Black
	for i, san := range gm.san {
		switch {
		case !black:
			tokens = append(tokens, strconv.Itoa(num)+".")
		case i == 0:
			tokens = append(tokens, strconv.Itoa(num)+"...")
		}
		tokens = append(tokens, san)
		if black {
			num++
		}
		black = !black
	}
	tokens = append(tokens, res)
	line := 0
	for i, t := range tokens {
		if i > 0 {
			if line+1+len(t) > 80 {
				b.WriteByte('\n')
				line = 0
			} else {
				b.WriteByte(' ')
				line++
			}
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteString("\n\n")
	return b.String()
}

// marshalCompact encodes the page's own JSON.
func marshalCompact(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types
	}
	return append(b, '\n')
}

// POST /api/pgn: pgn --json, once package pgn has landed.
func (s *Server) apiPGN(w http.ResponseWriter, r *http.Request) *inputError {
	_, err := readBody(w, r, maxPGNBody)
	if err != nil {
		return err
	}
	return &inputError{status: http.StatusNotFound, msg: "POST /api/pgn: PGN reading is not in this build yet"}
}

// maxPGNBody is the largest PGN POST /api/pgn reads.
const maxPGNBody = 4 << 20

var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)
