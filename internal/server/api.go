package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/perft"
)

// GET /api/positions/{n}[?fritz9=1]: pos N [--fritz9] --json; n may be a
// DFRC start W:B, as pos W:B --json.
func (s *Server) apiPosition(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fritz9"); err != nil {
		return err
	}
	fritz, err := q.Flag("fritz9")
	if err != nil {
		return err
	}
	n := r.PathValue("n")
	if len(n) > maxNumber {
		return site.BadParam("n", n, "too long for a position number").WithCode(site.CodeTooLong)
	}
	if t := strings.TrimSpace(n); strings.Contains(t, ":") && !strings.Contains(t, "/") {
		if fritz {
			return site.BadParam("fritz9", q.Get("fritz9"), "goes with a position number, not a DFRC start")
		}
		d, perr := chess960.ParseDFRC(t)
		if perr != nil {
			return site.BadInput("n", perr)
		}
		site.WriteJSONBytes(w, site.MarshalCLI(api.NewDFRCStart(d)), site.CacheStable)
		return nil
	}
	if t := strings.TrimSpace(n); !chess960.NumberLike(t) && (api.RankLike(t) || strings.Contains(t, "/")) {
		what := "a back rank"
		if strings.Contains(t, "/") {
			what = "a FEN"
		}
		return site.BadParam("n", n, "%s, and this reads a number (GET /api/identify?q=... finds its number)", what)
	}
	var sp chess960.StartPos
	var perr error
	if fritz {
		sp, perr = chess960.ParseFritz9(n)
	} else {
		sp, perr = chess960.ParseID(n)
	}
	if perr != nil {
		return site.BadInput("n", perr)
	}
	site.WriteJSONBytes(w, positionBody(sp), site.CacheStable)
	return nil
}

// positionBodies keeps the answer of each position once it is made: it
// depends on the number only.
var positionBodies [chess960.Count]atomic.Pointer[[]byte]

func positionBody(sp chess960.StartPos) []byte {
	if b := positionBodies[sp.ID()].Load(); b != nil {
		return *b
	}
	b := site.MarshalCLI(api.NewStartPosition(sp))
	positionBodies[sp.ID()].Store(&b)
	return b
}

// drawParams reads the parameters of a draw: count (1..max), seed (its
// presence makes the draw reproducible), unique and exclude.
func drawParams(q query, countName string, maxN int) (chess960.DrawOptions, int, *site.Error) {
	var o chess960.DrawOptions
	count, err := q.Int(countName, 1, maxN, 1)
	if err != nil {
		return o, 0, err
	}
	if o.Unique, err = q.Flag("unique"); err != nil {
		return o, 0, err
	}
	ex, perr := chess960.ParseSet(q.Get("exclude"))
	if perr != nil {
		return o, 0, site.BadInput("exclude", perr)
	}
	o.Exclude = ex
	o.Seeded, o.Seed = q.Has("seed"), q.Get("seed")
	return o, count, nil
}

// newDrawer is chess960.NewDrawer with the command line's message for a
// draw with nothing left.
func newDrawer(o chess960.DrawOptions, exclude string) (*chess960.Drawer, *site.Error) {
	d, err := chess960.NewDrawer(o)
	if err != nil {
		return nil, &site.Error{Status: http.StatusBadRequest, Param: "exclude", Code: api.Code(err),
			Msg: "exclude " + quote.Input(exclude) + ": every position is excluded: nothing left to draw"}
	}
	return d, nil
}

// GET /api/random?count=&seed=&unique=&exclude=&balanced=: random --json
// with the same flags; with dfrc=1, random --dfrc --json.
func (s *Server) apiRandom(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("count", "seed", "unique", "exclude", "balanced", "dfrc"); err != nil {
		return err
	}
	dfrc, err := q.Flag("dfrc")
	if err != nil {
		return err
	}
	if dfrc {
		return s.apiRandomDFRC(w, q)
	}
	o, count, err := drawParams(q, "count", maxCount)
	if err != nil {
		return err
	}
	bal, err := balancedParam(q)
	if err != nil {
		return err
	}
	ex := o.Exclude
	if bal >= 0 {
		o.Exclude = ex.Union(unbalanced(bal))
	}
	d, err := newDrawer(o, q.Get("exclude"))
	if err != nil {
		if bal >= 0 {
			return balancedNothing(bal, q.Get("exclude"))
		}
		return err
	}
	cache := site.CacheNever
	if o.Seeded {
		cache = site.CacheStable
	}
	a := api.NewDraw(o, d.Draw(count))
	if bal >= 0 {
		a.LimitToBalanced(bal, ex)
	}
	site.WriteJSONBytes(w, site.MarshalCLI(a), cache)
	return nil
}

// GET /api/random?dfrc=1&count=&seed=&unique=&exclude=: random --dfrc
// --json with the same flags.
func (s *Server) apiRandomDFRC(w http.ResponseWriter, q query) *site.Error {
	if q.Has("balanced") {
		return site.BadParam("balanced", q.Get("balanced"), "goes with Chess960 draws: the balance table has the 960 starts, not the DFRC ones")
	}
	count, err := q.Int("count", 1, maxCount, 1)
	if err != nil {
		return err
	}
	o := chess960.DFRCDrawOptions{Seeded: q.Has("seed"), Seed: q.Get("seed")}
	if o.Unique, err = q.Flag("unique"); err != nil {
		return err
	}
	ex, perr := chess960.ParseDFRCSet(q.Get("exclude"))
	if perr != nil {
		return site.BadInput("exclude", perr)
	}
	o.Exclude = ex
	d, derr := chess960.NewDFRCDrawer(o)
	if derr != nil {
		return &site.Error{Status: http.StatusBadRequest, Param: "exclude", Code: api.Code(derr),
			Msg: "exclude " + quote.Input(q.Get("exclude")) + ": every start is excluded: nothing left to draw"}
	}
	starts := make([]chess960.DFRC, count)
	for i := range starts {
		starts[i] = d.Next()
	}
	cache := site.CacheNever
	if o.Seeded {
		cache = site.CacheStable
	}
	site.WriteJSONBytes(w, site.MarshalCLI(api.NewDFRCDraw(o, q.Get("exclude"), d.Allowed(), starts)), cache)
	return nil
}

// GET /api/identify?q=RANK-or-FEN: id Q --json.
func (s *Server) apiIdentify(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("q"); err != nil {
		return err
	}
	if !q.Has("q") {
		return site.Missing("q", "a back rank such as RNBQKBNR or a start position's FEN")
	}
	sp, perr := identifyStart(q.Get("q"))
	if perr != nil {
		return site.BadInput("q", perr)
	}
	site.WriteJSONBytes(w, site.MarshalCLI(api.NewIdentifiedStart(sp)), site.CacheStable)
	return nil
}

// GET /api/moves?fen=[&standard=1]: moves FEN [--standard] --json.
func (s *Server) apiMoves(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fen", "pos", "standard"); err != nil {
		return err
	}
	p, _, err := q.position()
	if err != nil {
		return err
	}
	std, err := q.Flag("standard")
	if err != nil {
		return err
	}
	mode := chess.Chess960
	if std {
		mode = chess.Standard
	}
	site.WriteJSONBytes(w, site.MarshalCLI(api.NewMoves(p, mode)), site.CacheStable)
	return nil
}

// GET /api/play?fen=&moves=a,b,c[&castling=shredder]: play FEN a b c --json.
func (s *Server) apiPlayGET(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fen", "pos", "moves", "castling"); err != nil {
		return err
	}
	return s.answerPlay(w, q, moveList(q.Get("moves")))
}

// playBody is the JSON body of POST /api/play. Moves may be an array of
// moves or one string of moves separated by commas or spaces.
type playBody struct {
	FEN      string          `json:"fen"`
	Moves    json.RawMessage `json:"moves"`
	Castling string          `json:"castling"`
}

// maxPlayBody is the largest body POST /api/play reads.
const maxPlayBody = 256 << 10

// POST /api/play with {"fen": ..., "moves": [...]}: as GET /api/play.
func (s *Server) apiPlayPOST(w http.ResponseWriter, r *http.Request) *site.Error {
	body, err := readBody(w, r, maxPlayBody)
	if err != nil {
		return err
	}
	var b playBody
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if jerr := dec.Decode(&b); jerr != nil {
		return &site.Error{Status: http.StatusBadRequest, Param: "body", Code: site.CodeInvalid,
			Msg: "body " + quote.Input(string(body)) + `: not a JSON object {"fen": "...", "moves": ["e4", ...]}: ` + jerr.Error()}
	}
	if dec.More() {
		return &site.Error{Status: http.StatusBadRequest, Param: "body", Code: site.CodeInvalid, Msg: "body " + quote.Input(string(body)) + ": more than one JSON value"}
	}
	var moves []string
	if len(b.Moves) > 0 && string(b.Moves) != "null" {
		var text string
		if json.Unmarshal(b.Moves, &moves) != nil {
			if json.Unmarshal(b.Moves, &text) != nil {
				return &site.Error{Status: http.StatusBadRequest, Param: "moves", Code: site.CodeInvalid,
					Msg: "moves " + quote.Input(string(b.Moves)) + ": want an array of moves or a string of moves"}
			}
			moves = moveList(text)
		}
	}
	v := map[string][]string{"fen": {b.FEN}}
	if b.Castling != "" {
		v["castling"] = []string{b.Castling}
	}
	return s.answerPlay(w, query{site.QueryOf(v)}, moves)
}

func (s *Server) answerPlay(w http.ResponseWriter, q query, moves []string) *site.Error {
	p, _, err := q.position()
	if err != nil {
		return err
	}
	mode, err := q.castlingMode()
	if err != nil {
		return err
	}
	if len(moves) > maxMoves {
		return &site.Error{Status: http.StatusBadRequest, Param: "moves", Code: site.CodeTooLong,
			Msg: fmt.Sprintf("moves: %d moves: too many: at most %d", len(moves), maxMoves)}
	}
	g, perr := api.PlayMoves(p, moves, mode)
	if perr != nil {
		return site.BadInput("moves", perr)
	}
	site.WriteJSONBytes(w, site.MarshalCLI(api.NewPlay(g, moves, mode)), site.CacheStable)
	return nil
}

// readBody reads a request body of at most limit bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, *site.Error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, &site.Error{Status: http.StatusRequestEntityTooLarge, Param: "body", Code: site.CodeTooLarge,
				Msg: fmt.Sprintf("body: too large: at most %d bytes", limit)}
		}
		return nil, &site.Error{Status: http.StatusBadRequest, Param: "body", Code: site.CodeInvalid, Msg: "body: cannot be read: " + err.Error()}
	}
	return body, nil
}

// GET /api/perft?fen=&depth=[&divide=1]: perft --fen FEN --depth D
// [--divide] --threads 1 --json, within the node budget: any depth up to
// perft.MaxDepth, as the budget bounds the work.
func (s *Server) apiPerft(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("fen", "pos", "depth", "divide"); err != nil {
		return err
	}
	p, _, err := q.position()
	if err != nil {
		return err
	}
	if !q.Has("depth") {
		return site.Missing("depth", fmt.Sprintf("the depth in plies, 0..%d", perft.MaxDepth))
	}
	depth, err := q.Int("depth", 0, perft.MaxDepth, 0)
	if err != nil {
		return err
	}
	divide, err := q.Flag("divide")
	if err != nil {
		return err
	}
	if divide && depth == 0 {
		return site.BadParam("divide", q.Get("divide"), "needs depth 1 or more (depth 0 has no moves to divide)")
	}
	start := time.Now()
	nodes := uint64(1)
	var div []perft.Entry
	var cerr error
	// One thread, on the calling goroutine: lowPriority's thread, yielding
	// often to the cheap requests.
	lowPriority(func() {
		if depth > 0 {
			div, cerr = perft.DivideContext(r.Context(), p, depth, perft.Options{MaxNodes: s.cfg.PerftBudget, Threads: 1, Yield: true})
			nodes = perft.Total(div)
		}
	})
	switch {
	case cerr != nil && r.Context().Err() != nil:
		return &site.Error{Status: 499, Code: site.CodeClientGone, Msg: "client went away"}
	case cerr != nil: // perft.ErrBudget (the depth is checked, and the budget keeps counts far below 2^64)
		return &site.Error{Status: http.StatusUnprocessableEntity, Param: "depth", Code: site.CodeBudget,
			Msg: fmt.Sprintf("depth %d: this count passes the budget of %d nodes per request; ask for a smaller depth, or run chess960 perft on your own computer", depth, s.cfg.PerftBudget)}
	}
	site.WriteJSONBytes(w, site.MarshalCLI(perftJSON(p, depth, nodes, div, divide, time.Since(start))), site.CacheStable)
	return nil
}

// GET /healthz.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	site.WriteJSONBytes(w, []byte("{\"status\": \"ok\"}\n"), site.CacheNever)
	return nil
}

// GET /api/openapi.json: the API described in OpenAPI 3.
func (s *Server) apiOpenAPI(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	site.WriteJSONBytes(w, s.openAPI, site.CacheStable)
	return nil
}
