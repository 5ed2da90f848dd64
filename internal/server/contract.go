package server

// The JSON the API returns is, byte for byte, what the command line prints
// with --json for the same input: one contract. This file builds those
// values. The command line's rework moves the same builders into a shared
// internal package; when it lands, each function here becomes a call to it.
// cmd/chess960's TestAPIEqualsCLI compares the two outputs.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/perft"
)

// posJSON is the object of pos --json (and of id, random and table).
type posJSON struct {
	ID          int    `json:"id"`
	Fritz9      int    `json:"fritz9"`
	Rank        string `json:"rank"`
	FEN         string `json:"fen"`
	ShredderFEN string `json:"shredderFen"`
	Mirror      int    `json:"mirror"`
	MirrorRank  string `json:"mirrorRank"`
	BishopCode  int    `json:"bishopCode"`
	KingsTable  string `json:"kingsTable"`
	Skeleton    string `json:"skeleton"`
}

func positionJSON(p chess960.StartPos) posJSON {
	return posJSON{
		ID: p.ID(), Fritz9: p.Fritz9(), Rank: p.String(),
		FEN: p.FEN(chess960.XFEN), ShredderFEN: p.FEN(chess960.Shredder),
		Mirror: p.Mirror().ID(), MirrorRank: p.Mirror().String(),
		BishopCode: p.BishopCode(), KingsTable: p.KingsTableEntry(), Skeleton: p.Skeleton(),
	}
}

// marshalCLI encodes v as the command line writes it: indented by two
// spaces, with a final newline.
func marshalCLI(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		// Only our own types are encoded; they always encode.
		panic(err)
	}
	return b.Bytes()
}

// randomJSON is random --json: the array of the draws' objects, in the
// command's streamed layout.
func randomJSON(d *chess960.Drawer, count int) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for i := 0; i < count; i++ {
		obj, _ := json.MarshalIndent(positionJSON(d.Next()), "  ", "  ")
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		b.Write(obj)
	}
	b.WriteString("\n]\n")
	return b.Bytes()
}

// moveJSON is one element of moves --json.
type moveJSON struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
}

func movesJSON(p chess.Position, standard bool) []moveJSON {
	mode := chess.Chess960
	if standard {
		mode = chess.Standard
	}
	list := []moveJSON{}
	for _, m := range p.AppendLegalMoves(nil) {
		list = append(list, moveJSON{m.UCI(mode), p.SAN(m)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].UCI < list[j].UCI })
	return list
}

// fenJSON is the object of fen --json, which play --json extends.
type fenJSON struct {
	FEN          string   `json:"fen"`
	XFEN         string   `json:"xfen"`
	ShredderFEN  string   `json:"shredderFen"`
	Turn         string   `json:"turn"`
	Check        bool     `json:"check"`
	LegalMoves   int      `json:"legalMoves"`
	Status       string   `json:"status"`
	Result       string   `json:"result"`
	Claimable    []string `json:"claimable,omitempty"`
	StartPos     *int     `json:"startPos,omitempty"`
	CastlingRook []string `json:"castlingRooks"`
}

func describe(g *chess.Game, style chess960.CastlingMode) fenJSON {
	p := g.Position()
	st := g.Status()
	j := fenJSON{FEN: p.FEN(style), XFEN: p.FEN(chess960.XFEN), ShredderFEN: p.FEN(chess960.Shredder),
		Turn: p.Turn().String(), Check: p.InCheck(), LegalMoves: p.CountLegalMoves(),
		Status: st.Outcome.Termination.String(), Result: st.Outcome.Result.String(), CastlingRook: []string{}}
	for _, c := range st.Claims {
		if c.Move == 0 {
			j.Claimable = append(j.Claimable, c.Termination.String()+" (claimable)")
		}
	}
	if sp, err := chess960.ParseFEN(j.XFEN); err == nil {
		id := sp.ID()
		j.StartPos = &id
	}
	for b := p.CastlingRooks(); b != 0; b &= b - 1 {
		j.CastlingRook = append(j.CastlingRook, b.First().String())
	}
	return j
}

// playJSON is play --json.
type playJSON struct {
	fenJSON
	SAN []string `json:"san"`
	UCI []string `json:"uci"`
}

// playMoves plays moves (SAN or UCI) from p as the play command does, and
// returns the game, or the error the command prints for the first bad move.
func playMoves(p chess.Position, moves []string, style chess960.CastlingMode) (*chess.Game, playJSON, error) {
	g := chess.NewGame(p)
	sans, ucis := []string{}, []string{}
	for i, s := range moves {
		before := g.Position()
		m, err := g.PlayText(s)
		if err != nil {
			var me *chess.MoveError
			if errors.As(err, &me) {
				return g, playJSON{}, fmt.Errorf("move %d %s: %v: %s (in %s)", i+1, quote.Input(s), me.Err, me.Detail, before.FEN(style))
			}
			return g, playJSON{}, fmt.Errorf("move %d: %v", i+1, err)
		}
		sans = append(sans, before.SAN(m))
		ucis = append(ucis, m.UCI(chess.Chess960))
	}
	return g, playJSON{describe(g, style), sans, ucis}, nil
}

// perftJSON is perft --json for a count on one thread without a table;
// seconds and nps are the time this count took.
func perftJSON(p chess.Position, depth int, nodes uint64, divide []perft.Entry, withDivide bool, seconds float64) map[string]any {
	nps := float64(nodes) / seconds
	out := map[string]any{"fen": p.FEN(chess960.Shredder), "depth": depth, "nodes": nodes,
		"threads": 1, "hash_mb": 0, "seconds": seconds, "nps": int64(nps)}
	if withDivide {
		m := map[string]uint64{}
		for _, d := range divide {
			m[d.Move.UCI(chess.Chess960)] = d.Nodes
		}
		out["divide"] = m
	}
	return out
}

// parsePositionText reads a position as the commands do: a FEN, a start
// position number, a back rank, or "startpos".
func parsePositionText(s string) (chess.Position, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		return chess.ParseFEN(s)
	}
	if strings.EqualFold(s, "startpos") {
		return chess.NewPosition(chess960.Standard), nil
	}
	sp, err := chess960.Parse(s)
	if err != nil {
		return chess.Position{}, fmt.Errorf("position %s: want a FEN, a start position number 0..959 or a back rank such as RNBQKBNR", quote.Input(s))
	}
	return chess.NewPosition(sp), nil
}
