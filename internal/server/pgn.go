package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/pgnjson"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/pgn"
)

// exportPGN writes the game in PGN's export format with package pgn: the
// Seven Tag Roster, the Chess960 tags and the moves, with the result the
// rules (or a claimed draw) give.
func exportPGN(gm *game, startNum int) string {
	g := pgn.NewGame(gm.start, gm.moves)
	event := "Chess960 game"
	if startNum >= 0 {
		event = "Chess960 game, position " + strconv.Itoa(startNum)
	}
	g.Tags.Set("Event", event)
	if gm.engineName != "" {
		name := gm.engineName
		switch {
		case gm.eng.skill >= 0 && gm.eng.nodes > 0:
			name += fmt.Sprintf(" (skill %d, %d nodes)", gm.eng.skill, gm.eng.nodes)
		case gm.eng.skill >= 0:
			name += fmt.Sprintf(" (skill %d)", gm.eng.skill)
		case gm.eng.nodes > 0:
			name += fmt.Sprintf(" (%d nodes)", gm.eng.nodes)
		}
		g.Tags.Set(titleCase(gm.eng.side), name)
	}
	g.Tags.Set("Result", gm.g.Outcome().Result.String())
	b, err := g.AppendPGN(nil, chess.Standard)
	if err != nil {
		// The moves were played by the same rules: they are legal.
		panic(err)
	}
	return string(b)
}

// marshalCompact encodes the page's own JSON.
func marshalCompact(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types
	}
	return append(b, '\n')
}

// POST /api/pgn: pgn --json. The body is PGN text; the answer is one JSON
// object per game, one per line (NDJSON), as the command prints them: a
// game with an error is in the answer with its "error", like the others.
func (s *Server) apiPGN(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	body, err := readBody(w, r, maxPGNBody)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return &site.Error{Status: http.StatusBadRequest, Param: "body", Code: site.CodeMissing, Msg: "body: empty: want PGN text, one or more games"}
	}
	out := make([]byte, 0, 2*len(body))
	rd := pgn.NewReader(bytes.NewReader(body))
	rd.ReuseGames = true // each game is written out before the next is read
	for {
		g, rerr := rd.Read()
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return &site.Error{Status: http.StatusBadRequest, Param: "body", Code: site.CodeInvalid, Msg: "body: " + rerr.Error()}
		}
		out = append(pgnjson.AppendGame(out, g), '\n')
	}
	h := w.Header()
	h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
	h.Set("Cache-Control", site.CacheNever)
	h.Set("Content-Length", strconv.Itoa(len(out)))
	w.Write(out)
	return nil
}

// maxPGNBody is the largest PGN POST /api/pgn reads.
const maxPGNBody = 4 << 20
