package server

// The generator's Double Fischer Random side (/dfrc): one DFRC start W:B
// and everything about it, drawn at random, from a seed (as random --dfrc
// --seed draws), by name or index, or from the balanced starts of the
// engine sample of DFRC starts.

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/balance"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
	"github.com/chess960/chess960/uci"
)

// dfrcSample is an engine's evaluation of a sample of DFRC starts: the
// generator shows a sampled start's score and draws balanced starts from
// it.
type dfrcSample struct {
	source string            // "Stockfish 17, depth 20"
	score  map[int]uci.Score // by index W × 960 + B, from White's side
	lines  map[int][]string  // the best lines, UCI
	sorted []int             // the indices, ascending
}

// DFRCScores is an engine's evaluation of a sample of DFRC starts.
type DFRCScores struct {
	Source string                      // the engine and its limits: "Stockfish 17, depth 20"
	Scores map[chess960.DFRC]uci.Score // each sampled start's score, from White's side
	Lines  map[chess960.DFRC][]string  // the engine's best line from a start, in UCI (optional)
}

// newDFRCSample indexes a sample.
func newDFRCSample(sc *DFRCScores) *dfrcSample {
	s := &dfrcSample{source: sc.Source, score: make(map[int]uci.Score, len(sc.Scores)), lines: map[int][]string{}}
	for d, v := range sc.Scores {
		s.score[d.Index()] = v
		s.sorted = append(s.sorted, d.Index())
		if l := sc.Lines[d]; len(l) > 0 {
			s.lines[d.Index()] = l
		}
	}
	sort.Ints(s.sorted)
	return s
}

// lookup returns the sampled score of d.
func (s *dfrcSample) lookup(d chess960.DFRC) (uci.Score, bool) {
	if s == nil {
		return uci.Score{}, false
	}
	sc, ok := s.score[d.Index()]
	return sc, ok
}

// line returns the first plies of the sampled best line from d in SAN,
// numbered ("1. e4 e5 2. Nf3"), or "" without one; it stops at the first
// move that does not read.
func (s *dfrcSample) line(d chess960.DFRC) string {
	if s == nil {
		return ""
	}
	p, err := chess.ParseFEN(d.FEN())
	if err != nil {
		return ""
	}
	start := p
	var sans []string
	for _, u := range s.lines[d.Index()] {
		if len(sans) == 8 {
			break
		}
		m, err := p.ParseUCI(u)
		if err != nil {
			break
		}
		sans = append(sans, p.SAN(m))
		p.Play(m)
	}
	return api.Movetext(start, sans)
}

// balanced returns the sampled starts within maxCP centipawns of equality
// (no mate score), as a set.
func (s *dfrcSample) balanced(maxCP int) chess960.DFRCSet {
	var set chess960.DFRCSet
	if s == nil {
		return set
	}
	for _, i := range s.sorted {
		if sc := s.score[i]; sc.Kind == uci.Centipawns && sc.Value >= -maxCP && sc.Value <= maxCP {
			d, _ := chess960.DFRCFromIndex(i)
			set.Add(d)
		}
	}
	return set
}

// count returns how many sampled starts are within maxCP centipawns.
func (s *dfrcSample) count(maxCP int) int {
	n := 0
	if s != nil {
		for _, sc := range s.score {
			if sc.Kind == uci.Centipawns && sc.Value >= -maxCP && sc.Value <= maxCP {
				n++
			}
		}
	}
	return n
}

// shippedDFRCScores is the engine sample of DFRC starts the project
// ships (balance.ShippedDFRC: Stockfish's scores of a seeded sample). It is
// embedded and checked by its package's tests, so it reads; were it not
// to, the pages would show no scores rather than fail.
func shippedDFRCScores() *DFRCScores {
	sample, err := balance.ShippedDFRC()
	if err != nil {
		return nil
	}
	h := sample.Header()
	sc := &DFRCScores{Source: fmt.Sprintf("%s, depth %d", h.Engine, h.Depth),
		Scores: map[chess960.DFRC]uci.Score{}, Lines: map[chess960.DFRC][]string{}}
	for _, r := range sample.Rows() {
		d := r.Start()
		sc.Scores[d] = r.Score
		sc.Lines[d] = r.PV
	}
	return sc
}

// dfrcSampleOnce is the shipped sample, loaded once.
var dfrcSampleOnce = sync.OnceValue(func() *dfrcSample {
	sc := shippedDFRCScores()
	if sc == nil {
		return nil
	}
	return newDFRCSample(sc)
})

// dfrcPage is the DFRC generator's page.
type dfrcPage struct {
	site.Page
	D            chess960.DFRC
	Name         string // "502:532"
	Index        int
	BlackFirst   int
	WhiteRank    string // "RQBNKBNR"
	BlackRank    string // "rbbnkqnr", as it stands on rank 8
	WhiteFritz9  int
	BlackFritz9  int
	Mirror       string
	Chess960     bool
	XFEN, SFEN   string
	SCastle      string
	Board        template.HTML
	WhiteStages  string // "**B**B** → … → RQBNKBNR"
	BlackStages  string
	Kicker       string
	Random       bool
	HasSeed      bool
	Seed         string
	K            int
	Balanced     int // the limit of a balanced draw, or -1
	SeedDrawn    string
	SeedDrawnURL string
	NextSeedURL  string
	CLI          string
	DrawCLI      string
	PlayURL      string
	SVGURL       string
	PNGURL       string
	Lichess      string
	// The engine sample: the start's score if it is in it.
	HasSample    bool
	SampleSource string
	SampleSize   int
	InSample     bool
	Eval         string
	Line         string // the sampled best line in SAN
	// A Chess960 start out of the sample: the balance table's row.
	Table        balanceView
	BalancedOpts []option
	// The forms' values and errors.
	FindValue, FindError string
	SeedError            string
	BalancedError        string
}

func (s *Server) dfrcData(r *http.Request, d chess960.DFRC) *dfrcPage {
	name := d.String()
	h := &dfrcPage{Page: s.site.NewPage(r, "DFRC "+name+": "+d.White.String()+" against "+strings.ToLower(d.Black.String()), "home"),
		D: d, Name: name, Index: d.Index(), BlackFirst: d.BlackFirstIndex(),
		WhiteRank: d.White.String(), BlackRank: strings.ToLower(d.Black.String()),
		WhiteFritz9: d.White.Fritz9(), BlackFritz9: d.Black.Fritz9(), Mirror: d.Mirror().String(), Chess960: d.IsChess960(),
		XFEN: d.FEN(), SFEN: d.ShredderFEN(), Balanced: -1, Kicker: "Double Fischer Random start"}
	h.SCastle = strings.Fields(h.SFEN)[2]
	h.Description = fmt.Sprintf("Double Fischer Random start %s (index %d): White %s, Black %s. Both FENs, and play it.", name, h.Index, h.WhiteRank, h.BlackRank)
	h.Canonical = "/dfrc/" + name
	h.Script = "home.js"
	h.Defs = boardDefs()
	p, _ := chess.ParseFEN(h.XFEN) // a start's FEN: it reads
	title := fmt.Sprintf("DFRC %s: White %s on rank 1, Black %s on rank 8", name, h.WhiteRank, h.BlackRank)
	h.Board = template.HTML(appendPositionBoard(nil, p, boardOpts{Coords: true, Class: "main-board", External: true, Title: title}))
	wd, bd := d.White.Derive(), d.Black.Derive()
	h.WhiteStages = strings.Join(wd.Stages[:], " → ")
	h.BlackStages = strings.Join(bd.Stages[:], " → ")
	esc := url.QueryEscape(name)
	h.PlayURL = "/play?fen=" + esc
	h.SVGURL = "/diagram.svg?fen=" + esc + "&coords=1&download=1"
	h.PNGURL = "/diagram.png?fen=" + esc + "&coords=1&size=800&download=1"
	h.Lichess = lichessEditor(h.XFEN)
	h.CLI = "chess960 pos " + name
	h.FindValue = name
	sample := s.dfrcSample()
	if sample != nil {
		h.HasSample, h.SampleSource, h.SampleSize = true, sample.source, len(sample.sorted)
		if sc, ok := sample.lookup(d); ok {
			h.InSample, h.Eval, h.Line = true, sc.Short(), sample.line(d)
		}
		h.BalancedOpts = s.dfrcBalancedOptions(sample, -1)
	}
	if d.IsChess960() && !h.InSample {
		h.Table = balanceOf(d.White)
		h.Eval = h.Table.Eval
	}
	return h
}

// dfrcBalancedOptions are the choices of the balanced draw: the limits
// with how many sampled starts each admits, cp selected.
func (s *Server) dfrcBalancedOptions(sample *dfrcSample, cp int) []option {
	var opts []option
	choices := balancedChoices
	known := cp < 0
	for _, c := range choices {
		known = known || c == cp
	}
	if !known {
		choices = append(choices[:len(choices):len(choices)], cp)
	}
	for _, c := range choices {
		opts = append(opts, option{Value: strconv.Itoa(c), Label: balancedLabel(c) + fmt.Sprintf(" (%d)", sample.count(c)),
			Selected: c == cp || (cp < 0 && c == 30)})
	}
	return opts
}

// dfrcDraw returns draw k (from 0) of a seeded DFRC draw: random --dfrc
// --seed S's, or, with a limit, from the sampled starts within maxCP
// centipawns (the others excluded). ok is false when the limit leaves none.
func (s *Server) dfrcDraw(seed string, k, maxCP int) (chess960.DFRC, bool) {
	o := chess960.DFRCDrawOptions{Seeded: true, Seed: seed}
	if maxCP >= 0 {
		o.Exclude = chess960.AllDFRC().Minus(s.dfrcSample().balanced(maxCP))
	}
	dr, err := chess960.NewDFRCDrawer(o)
	if err != nil {
		return chess960.DFRC{}, false
	}
	var d chess960.DFRC
	for i := 0; i <= k; i++ {
		d = dr.Next()
	}
	return d, true
}

// dfrcStartOf reads what the DFRC finder takes: W:B, an index 0..921599
// (W × 960 + B) or the FEN of a start.
func dfrcStartOf(s string) (chess960.DFRC, error) {
	t := strings.TrimSpace(s)
	if t != "" && decimal.Digits(t) {
		if len(t) > 7 {
			return chess960.DFRC{}, fmt.Errorf("DFRC index %s: out of range: must be 0..921599", quote.Input(s))
		}
		i, _ := strconv.Atoi(t)
		return chess960.DFRCFromIndex(i)
	}
	if t == "" {
		return chess960.DFRC{}, fmt.Errorf("DFRC start %s: empty: want W:B such as 502:532, an index 0..921599 or a FEN", quote.Input(s))
	}
	if !strings.Contains(t, ":") && !strings.Contains(t, "/") {
		return chess960.DFRC{}, fmt.Errorf("DFRC start %s: want W:B such as 502:532, an index 0..921599 or a FEN", quote.Input(s))
	}
	return chess960.ParseDFRC(t)
}

// dfrcFrom reads the hidden from= of the DFRC forms: the start the form
// was sent from, shown again with the error. Without it, 518:518.
func dfrcFrom(q query) chess960.DFRC {
	if d, err := chess960.ParseDFRC(q.Get("from")); err == nil {
		return d
	}
	return chess960.DFRC{White: chess960.Standard(), Black: chess960.Standard()}
}

// dfrcURL is the page of d, with a seeded draw's parameters.
func dfrcURL(d chess960.DFRC, seed string, k, maxCP int, seeded bool) string {
	u := "/dfrc/" + d.String()
	if seeded {
		v := url.Values{"seed": {seed}, "k": {strconv.Itoa(k)}}
		if maxCP >= 0 {
			v.Set("balanced", strconv.Itoa(maxCP))
		}
		u += "?" + v.Encode()
	}
	return u
}

// GET /dfrc: the DFRC generator with a start drawn from the secure
// source (each side's rank drawn apart: each of the 921,600 equally
// likely).
func (s *Server) dfrcHome(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	h := s.dfrcData(r, chess960.DFRC{White: chess960.Random(), Black: chess960.Random()})
	h.Random = true
	h.Title = "Double Fischer Random (DFRC) start generator"
	h.Kicker = "Drawn at random: each of the 921,600 equally likely"
	return s.site.WritePage(w, r, "dfrc", h, http.StatusOK, site.CacheNever)
}

// GET /dfrc/{name}[?seed=S&k=K[&balanced=CP]]: one DFRC start; with a
// seed, as draw K from it.
func (s *Server) dfrcPosPage(w http.ResponseWriter, r *http.Request) *site.Error {
	n := r.PathValue("name")
	if len(n) > maxNumber {
		return site.BadParam("name", n, "too long for a DFRC start W:B")
	}
	d, err := chess960.ParseDFRC(n)
	if err != nil || strings.Contains(n, "/") {
		if err == nil {
			err = fmt.Errorf("DFRC start %s: want W:B such as 502:532", quote.Input(n))
		}
		return site.BadInput("name", err)
	}
	if n != d.String() {
		// 0502:532 or "DFRC 502:532": one address per start.
		target := "/dfrc/" + d.String()
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
		return nil
	}
	q, qerr := newQuery(r.URL.RawQuery)
	if qerr != nil {
		return qerr
	}
	if err := q.Only("seed", "k", "balanced"); err != nil {
		return err
	}
	h := s.dfrcData(r, d)
	if q.Has("seed") {
		k, err := q.Int("k", 0, maxSeedDraw, 0)
		if err != nil {
			return err
		}
		bal, err := s.dfrcBalancedParam(q)
		if err != nil {
			return err
		}
		h.HasSeed, h.Seed, h.K, h.Balanced = true, q.Get("seed"), k, bal
		drawn, ok := s.dfrcDraw(h.Seed, k, bal)
		if ok {
			h.SeedDrawn = drawn.String()
			h.SeedDrawnURL = dfrcURL(drawn, h.Seed, k, bal, true)
		}
		h.NextSeedURL = "/dfrc/random?" + url.Values{"seed": {h.Seed}, "k": {strconv.Itoa(k + 1)}}.Encode()
		h.Kicker = fmt.Sprintf("Draw %d from seed", k+1)
		if bal >= 0 {
			h.NextSeedURL += "&balanced=" + strconv.Itoa(bal)
			h.Kicker = fmt.Sprintf("Balanced draw %d (%s in the engine sample) from seed", k+1, balancedLabel(bal))
			h.BalancedOpts = s.dfrcBalancedOptions(s.dfrcSample(), bal)
		} else {
			h.DrawCLI = fmt.Sprintf("chess960 random --dfrc --seed %s --count %d", shellQuote(h.Seed), k+1)
		}
	}
	return s.site.WritePage(w, r, "dfrc", h, http.StatusOK, site.CacheStable)
}

// dfrcBalancedParam reads balanced= of a DFRC draw: a limit in
// centipawns, which needs the engine sample; absent or empty is -1.
func (s *Server) dfrcBalancedParam(q query) (int, *site.Error) {
	bal, err := balancedParam(q)
	if err != nil || bal < 0 {
		return bal, err
	}
	if s.dfrcSample() == nil {
		return 0, site.BadParam("balanced", q.Get("balanced"), "this server has no engine sample of DFRC starts to draw balanced ones from")
	}
	return bal, nil
}

// GET /dfrc/find?q=W:B|INDEX|FEN: the finder form.
func (s *Server) dfrcFind(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("q", "from"); err != nil {
		return err
	}
	d, perr := dfrcStartOf(q.Get("q"))
	if perr != nil {
		h := s.dfrcData(r, dfrcFrom(q))
		h.FindValue = site.Echo(q.Get("q"))
		h.FindError = site.CapMessage(api.Message(perr))
		return s.site.WritePage(w, r, "dfrc", h, http.StatusBadRequest, site.CacheNever)
	}
	http.Redirect(w, r, "/dfrc/"+d.String(), http.StatusSeeOther)
	return nil
}

// GET /dfrc/random[?seed=S&k=K][&balanced=CP]: a start from the secure
// source, draw K of random --dfrc --seed S, or a start of the engine
// sample within CP centipawns; redirects to its page.
func (s *Server) dfrcRandom(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("seed", "k", "balanced", "from"); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", site.CacheNever)
	bal, err := s.dfrcBalancedParam(q)
	if err != nil {
		return err
	}
	k, err := q.Int("k", 0, maxSeedDraw, 0)
	if err != nil {
		return err
	}
	if bal >= 0 && s.dfrcSample().count(bal) == 0 {
		h := s.dfrcData(r, dfrcFrom(q))
		h.BalancedError = fmt.Sprintf("balanced %d: no start of the engine sample is within %d centipawns of equality: nothing to draw", bal, bal)
		return s.site.WritePage(w, r, "dfrc", h, http.StatusBadRequest, site.CacheNever)
	}
	if !q.Has("seed") {
		var d chess960.DFRC
		if bal >= 0 {
			dr, _ := chess960.NewDFRCDrawer(chess960.DFRCDrawOptions{Exclude: chess960.AllDFRC().Minus(s.dfrcSample().balanced(bal))})
			d = dr.Next()
		} else {
			d = chess960.DFRC{White: chess960.Random(), Black: chess960.Random()}
		}
		http.Redirect(w, r, "/dfrc/"+d.String(), http.StatusSeeOther)
		return nil
	}
	seed := q.Get("seed")
	if strings.TrimSpace(seed) == "" {
		h := s.dfrcData(r, dfrcFrom(q))
		h.SeedError = "seed " + quote.Input(seed) + ": empty: type any text, such as the event's name and round"
		return s.site.WritePage(w, r, "dfrc", h, http.StatusBadRequest, site.CacheNever)
	}
	d, _ := s.dfrcDraw(seed, k, bal) // the limit leaves some: checked above
	http.Redirect(w, r, dfrcURL(d, seed, k, bal, true), http.StatusSeeOther)
	return nil
}
