package server

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
)

// posView is a start position as the pages show it.
type posView struct {
	ID, Fritz9   int
	Rank         string
	XFEN, SFEN   string
	MirrorID     int
	MirrorRank   string
	Title        string
	KingFile     string
	LightBishop  string
	DarkBishop   string
	KingsEntry   string
	KingsEntryAt int
	BishopCode   int
	Skeleton     string
	SCastle      string // the castling field of the Shredder-FEN
	// The balance table's score ("+0.32") and its distance from equality
	// in centipawns (-1: a mate score).
	Eval  string
	AbsCP int
}

func viewOf(sp chess960.StartPos) posView {
	d := sp.Derive()
	k, _, _ := sp.Files()
	eval, abs := evalOf(sp)
	sfen := chess.NewPosition(sp).FEN(chess.Chess960)
	return posView{Eval: eval, AbsCP: abs, ID: sp.ID(), Fritz9: sp.Fritz9(), Rank: sp.String(),
		XFEN: sp.FEN(), SFEN: sfen,
		MirrorID: sp.Mirror().ID(), MirrorRank: sp.Mirror().String(), Title: startTitle(sp),
		KingFile: string(rune('a' + k)), LightBishop: d.LightBishop, DarkBishop: d.DarkBishop,
		KingsEntry: sp.KingsTableEntry(), KingsEntryAt: sp.ID() - sp.BishopCode(), BishopCode: sp.BishopCode(),
		Skeleton: sp.Skeleton(), SCastle: strings.Fields(sfen)[2]}
}

// step is one stage of the derivation: its title, the arithmetic, and the
// rank as it stands after it.
type step struct {
	Title, Text string
	Math        string
	Stage       string
	Strip       template.HTML
}

// homePage is the generator: one start position and everything about it.
type homePage struct {
	site.Page
	P              posView
	Board          template.HTML
	Steps          []step
	Fritz9Text     string
	BishopsRow     string
	Random         bool
	HasSeed        bool
	Seed           string
	K              int
	SeedDrawn      int // the position draw K from Seed really is
	SeedDrawnURL   string
	Fritz9Mode     bool
	NumberValue    string
	RankValue      string
	NumberError    string
	RankError      string
	SeedError      string
	Lichess        string
	Prev, Next     int
	PlayURL        string
	Balance        balanceView
	SVGURL, PNGURL string
	NextSeedURL    string
	CLI            string
}

func (s *Server) homeData(r *http.Request, sp chess960.StartPos) *homePage {
	v := viewOf(sp)
	h := &homePage{Page: s.site.NewPage(r, fmt.Sprintf("Chess960 position %d: %s", v.ID, v.Rank), "home"), P: v,
		Prev: (v.ID + 959) % 960, Next: (v.ID + 1) % 960, NumberValue: strconv.Itoa(v.ID)}
	h.Description = fmt.Sprintf("Chess960 start position %d (Fritz9 %d): %s. FEN, mirror image, derivation, and play it.", v.ID, v.Fritz9, v.Rank)
	h.Canonical = "/pos/" + strconv.Itoa(v.ID)
	h.Script = "home.js"
	h.Defs = boardDefs()
	h.Board = startBoard(sp, boardOpts{Coords: true, Class: "main-board", External: true})
	h.Steps = derivationSteps(sp)
	d := sp.Derive()
	h.Fritz9Text = fmt.Sprintf("%d = %d + 1 + 16 × %d + 240 × %d", v.Fritz9, d.BishopCode, d.N6N, d.Fritz9Queen)
	h.BishopsRow = chess960.BishopsTable()[d.BishopCode]
	h.Lichess = lichessEditor(v.XFEN)
	h.PlayURL = "/play?pos=" + strconv.Itoa(v.ID)
	h.Balance = balanceOf(sp)
	h.SVGURL = "/diagram.svg?pos=" + strconv.Itoa(v.ID) + "&coords=1&download=1"
	h.PNGURL = "/diagram.png?pos=" + strconv.Itoa(v.ID) + "&coords=1&size=800&download=1"
	h.CLI = "chess960 pos " + strconv.Itoa(v.ID)
	return h
}

// lichessEditor is the URL of lichess's board editor with a FEN, in the
// form lichess itself writes (app/controllers/Editor.scala, editorUrl: the
// FEN's spaces as underscores, ?variant= for variants other than standard).
func lichessEditor(fen string) string {
	return "https://lichess.org/editor/" + strings.ReplaceAll(fen, " ", "_") + "?variant=chess960"
}

// The files of the light- and the dark-squared bishop, by remainder.
const bishopFilesLight, bishopFilesDark = "bdfh", "aceg"

// derivationSteps explains the number as Scharnagl's direct derivation:
// bishops, queen, knights, then rook, king and rook.
func derivationSteps(sp chess960.StartPos) []step {
	d := sp.Derive()
	id := sp.ID()
	n1, b1 := id/4, id%4
	n2, b2 := n1/4, n1%4
	n3, q := n2/6, n2%6
	ord := []string{"first", "second", "third", "fourth", "fifth", "sixth"}
	steps := []step{
		{Title: "Bishops",
			Math: fmt.Sprintf("%d = %d × 4 + %d, %d = %d × 4 + %d", id, n1, b1, n1, n2, b2),
			Text: fmt.Sprintf("Remainder %d puts the light-squared bishop on the %c-file (b, d, f, h), remainder %d the dark-squared bishop on the %c-file (a, c, e, g): %s and %s.",
				b1, bishopFilesLight[b1], b2, bishopFilesDark[b2], d.LightBishop, d.DarkBishop)},
		{Title: "Queen",
			Math: fmt.Sprintf("%d = %d × 6 + %d", n2, n3, q),
			Text: fmt.Sprintf("Remainder %d: the queen goes on the %s empty square from the a-file, %s.", q, ord[q], d.Queen)},
		{Title: "Knights",
			Math: fmt.Sprintf("%d → %s", n3, d.N5NPattern),
			Text: fmt.Sprintf("What is left, %d, picks the knights' places among the five empty squares (N5N table): %s and %s.", n3, d.Knights[0], d.Knights[1])},
		{Title: "Rook, king, rook",
			Math: fmt.Sprintf("%s %s %s", d.RookKingRook[0], d.RookKingRook[1], d.RookKingRook[2]),
			Text: fmt.Sprintf("The three squares left take a rook, the king and a rook, in that order: %s, %s and %s.", d.RookKingRook[0], d.RookKingRook[1], d.RookKingRook[2])},
	}
	for i := range steps {
		steps[i].Stage = d.Stages[i]
		steps[i].Strip = rankStrip(stageBoard(d.Stages[i]), fmt.Sprintf("Step %d, %s: %s", i+1, strings.ToLower(steps[i].Title), d.Stages[i]))
	}
	return steps
}

// stageBoard puts a partial back rank ("**B**B**") on White's first rank.
func stageBoard(stage string) chess.Board {
	var b chess.Board
	roles := map[byte]chess.Role{'K': chess.King, 'Q': chess.Queen, 'R': chess.Rook, 'B': chess.Bishop, 'N': chess.Knight}
	for f := 0; f < 8 && f < len(stage); f++ {
		if r, ok := roles[stage[f]]; ok {
			b.Set(chess.SquareAt(f, 0), chess.Piece{Color: chess.White, Role: r})
		}
	}
	return b
}

// GET /: the generator with a position drawn from the secure source.
func (s *Server) home(w http.ResponseWriter, r *http.Request) *site.Error {
	if err := site.NoQuery(r); err != nil {
		return err
	}
	h := s.homeData(r, chess960.Random())
	h.Random = true
	h.Title = "Chess960 position generator"
	return s.site.WritePage(w, r, "home", h, http.StatusOK, site.CacheNever)
}

// GET /pos/{n}[?seed=S&k=K]: one position; with a seed, as draw K from it.
func (s *Server) posPage(w http.ResponseWriter, r *http.Request) *site.Error {
	n := r.PathValue("n")
	if len(n) > maxNumber {
		return site.BadParam("n", n, "too long for a position number")
	}
	sp, err := chess960.ParseID(n)
	if err != nil {
		return site.BadInput("n", err)
	}
	if n != strconv.Itoa(sp.ID()) {
		// SP-518, 0518 or 960: one address per position.
		target := "/pos/" + strconv.Itoa(sp.ID())
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
	if err := q.Only("seed", "k"); err != nil {
		return err
	}
	h := s.homeData(r, sp)
	if q.Has("seed") {
		k, err := q.Int("k", 0, maxSeedDraw, 0)
		if err != nil {
			return err
		}
		h.HasSeed, h.Seed, h.K = true, q.Get("seed"), k
		h.SeedDrawn = seedDraw(h.Seed, k).ID()
		h.SeedDrawnURL = "/pos/" + strconv.Itoa(h.SeedDrawn) + "?" + url.Values{"seed": {h.Seed}, "k": {strconv.Itoa(k)}}.Encode()
		h.NextSeedURL = "/random?" + url.Values{"seed": {h.Seed}, "k": {strconv.Itoa(k + 1)}}.Encode()
		h.CLI = fmt.Sprintf("chess960 random --seed %s --count %d", shellQuote(h.Seed), k+1)
	}
	return s.site.WritePage(w, r, "home", h, http.StatusOK, site.CacheStable)
}

// seedDraw is draw k (from 0) of random --seed S.
func seedDraw(seed string, k int) chess960.StartPos {
	d, _ := chess960.NewDrawer(chess960.DrawOptions{Seeded: true, Seed: seed})
	var sp chess960.StartPos
	for i := 0; i <= k; i++ {
		sp = d.Next()
	}
	return sp
}

// shellQuote quotes s for a POSIX shell, for the commands the pages show.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/=+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fromParam reads the hidden from= of the generator's forms: the position
// the form was sent from, shown again with the error. Without it, 518.
func fromParam(q query) chess960.StartPos {
	if sp, err := chess960.ParseID(q.Get("from")); err == nil {
		return sp
	}
	return chess960.Standard()
}

// GET /pos?n=N&numbering=scharnagl|fritz9: the number form.
func (s *Server) posForm(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("n", "numbering", "from"); err != nil {
		return err
	}
	fritz := false
	switch q.Get("numbering") {
	case "", "scharnagl":
	case "fritz9":
		fritz = true
	default:
		return site.BadParam("numbering", q.Get("numbering"), "want scharnagl or fritz9")
	}
	n := strings.TrimSpace(q.Get("n"))
	var sp chess960.StartPos
	var perr error
	if strings.Contains(n, ":") && !fritz && len(n) <= maxNumber {
		// A DFRC start W:B: its page.
		d, err := chess960.ParseDFRC(n)
		if err == nil {
			http.Redirect(w, r, "/dfrc/"+d.String(), http.StatusSeeOther)
			return nil
		}
		perr = err
	} else if len(n) > maxNumber {
		perr = errors.New("number " + quote.Input(n) + ": too long for a position number")
	} else if fritz {
		sp, perr = chess960.ParseFritz9(n)
	} else {
		sp, perr = chess960.ParseID(n)
	}
	if perr != nil {
		h := s.homeData(r, fromParam(q))
		h.NumberValue, h.Fritz9Mode = site.Echo(q.Get("n")), fritz
		h.NumberError = site.CapMessage(site.OneLine(perr.Error()))
		return s.site.WritePage(w, r, "home", h, http.StatusBadRequest, site.CacheNever)
	}
	http.Redirect(w, r, "/pos/"+strconv.Itoa(sp.ID()), http.StatusSeeOther)
	return nil
}

// GET /identify?q=RANK: the back-rank form.
func (s *Server) identifyForm(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("q", "from"); err != nil {
		return err
	}
	sp, perr := identifyStart(q.Get("q"))
	if perr != nil {
		h := s.homeData(r, fromParam(q))
		h.RankValue = site.Echo(q.Get("q"))
		h.RankError = site.CapMessage(site.OneLine(perr.Error()))
		return s.site.WritePage(w, r, "home", h, http.StatusBadRequest, site.CacheNever)
	}
	http.Redirect(w, r, "/pos/"+strconv.Itoa(sp.ID()), http.StatusSeeOther)
	return nil
}

// GET /random[?seed=S&k=K]: a position from the secure source, or draw K
// of random --seed S; redirects to its page.
func (s *Server) randomRedirect(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	if err := q.Only("seed", "k", "from"); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", site.CacheNever)
	if !q.Has("seed") {
		http.Redirect(w, r, "/pos/"+strconv.Itoa(chess960.Random().ID()), http.StatusSeeOther)
		return nil
	}
	k, err := q.Int("k", 0, maxSeedDraw, 0)
	if err != nil {
		return err
	}
	seed := q.Get("seed")
	if strings.TrimSpace(seed) == "" {
		h := s.homeData(r, fromParam(q))
		h.SeedError = "seed " + quote.Input(seed) + ": empty: type any text, such as the event's name and round"
		return s.site.WritePage(w, r, "home", h, http.StatusBadRequest, site.CacheNever)
	}
	sp := seedDraw(seed, k)
	http.Redirect(w, r, "/pos/"+strconv.Itoa(sp.ID())+"?"+url.Values{"seed": {seed}, "k": {strconv.Itoa(k)}}.Encode(), http.StatusSeeOther)
	return nil
}
