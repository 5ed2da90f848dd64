package server

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/server/site"
)

// maxRounds is the most rounds one draw may have.
const maxRounds = 200

// drawSpec is an arbiter's draw: rounds, the secret seed, no repeats,
// exclusions and mirror pairs, plus the event's name for the sheet.
type drawSpec struct {
	Rounds  int
	Seed    string
	Unique  bool
	Exclude string
	Mirror  bool
	Event   string
	Commit  string // the commitment to check (verify only)
	// Balanced limits the draw to the positions the balance table scores
	// within this many centipawns (-1: no limit).
	Balanced int
	ex       chess960.Set
}

// values returns the spec as URL parameters (without the commitment).
func (d drawSpec) values() url.Values {
	v := url.Values{"rounds": {strconv.Itoa(d.Rounds)}, "seed": {d.Seed}}
	if d.Unique {
		v.Set("unique", "1")
	}
	if d.Exclude != "" {
		v.Set("exclude", d.Exclude)
	}
	if d.Mirror {
		v.Set("mirror", "1")
	}
	if d.Event != "" {
		v.Set("event", d.Event)
	}
	if d.Balanced >= 0 {
		v.Set("balanced", strconv.Itoa(d.Balanced))
	}
	return v
}

func readDrawSpec(q query) (drawSpec, *site.Error) {
	var d drawSpec
	var err *site.Error
	if d.Rounds, err = q.Int("rounds", 1, maxRounds, 8); err != nil {
		return d, err
	}
	if d.Unique, err = q.Flag("unique"); err != nil {
		return d, err
	}
	if d.Mirror, err = q.Flag("mirror"); err != nil {
		return d, err
	}
	if d.Balanced, err = balancedParam(q); err != nil {
		return d, err
	}
	d.Seed, d.Exclude, d.Event, d.Commit = q.Get("seed"), strings.TrimSpace(q.Get("exclude")), q.Get("event"), q.Get("commit")
	if len(d.Event) > 200 {
		return d, site.BadParam("event", d.Event, "too long: at most 200 bytes")
	}
	ex, perr := chess960.ParseSet(d.Exclude)
	if perr != nil {
		return d, site.BadInput("exclude", perr)
	}
	d.ex = ex
	return d, nil
}

// pool returns the exclusions the drawer gets: the excluded positions and,
// with a balance limit, the unbalanced ones. With mirror pairs, each round
// is a pair (a position and its mirror image), so a pair is drawn by its
// lower-numbered member: the drawer also excludes every higher member, and
// the mirror image of every excluded position.
func (d drawSpec) pool() chess960.Set {
	ex := d.ex
	if d.Balanced >= 0 {
		ex = ex.Union(unbalanced(d.Balanced))
	}
	if !d.Mirror {
		return ex
	}
	for _, p := range ex.Positions() {
		ex.Add(p.Mirror())
	}
	for _, pr := range chess960.MirrorPairs() {
		ex.Add(pr[1])
	}
	return ex
}

// round is one round of a draw: one game, or two with mirror pairs.
type round struct {
	N     int
	Games []drawGame
}

type drawGame struct {
	Label string // "", or "A" and "B" for a mirror pair
	P     posView
	Board template.HTML
}

// draws runs the draw: exactly random --seed SEED --count ROUNDS
// [--unique] [--exclude POOL].
func (d drawSpec) draws(boards bool) ([]round, *site.Error) {
	ex := d.pool()
	dr, err := newDrawer(chess960.DrawOptions{Seeded: true, Seed: d.Seed, Exclude: ex, Unique: d.Unique}, d.Exclude)
	if err != nil {
		if d.Balanced >= 0 {
			return nil, balancedNothing(d.Balanced, d.Exclude)
		}
		return nil, err
	}
	var out []round
	for i, sp := range dr.Draw(d.Rounds) {
		r := round{N: i + 1}
		list := []chess960.StartPos{sp}
		if d.Mirror {
			list = append(list, sp.Mirror())
		}
		for j, p := range list {
			g := drawGame{P: viewOf(p)}
			if d.Mirror {
				g.Label = string(rune('A' + j))
			}
			if boards {
				g.Board = startBoard(p, boardOpts{Coords: true, External: true})
			}
			r.Games = append(r.Games, g)
		}
		out = append(out, r)
	}
	return out, nil
}

// command is the command line that prints the same draws.
func (d drawSpec) command() string {
	c := "chess960 random --seed " + shellQuote(d.Seed) + " --count " + strconv.Itoa(d.Rounds)
	if d.Unique {
		c += " --unique"
	}
	ex := d.pool()
	if d.Balanced >= 0 {
		// random --balanced leaves out the unbalanced positions itself.
		c += " --balanced " + strconv.Itoa(d.Balanced)
		ex = ex.Minus(unbalanced(d.Balanced))
	}
	if ex.Len() > 0 {
		c += " --exclude " + ex.String()
	}
	return c
}

type drawPage struct {
	site.Page
	Spec         drawSpec
	HasResult    bool
	Verify       bool
	Rounds       []round
	Commitment   string
	CommitGiven  string
	CommitOK     bool
	Command      string
	VerifyURL    string
	SheetURL     string
	CSVURL       string
	FreshSeed    string
	ExcludeError string
	// The balance limit's choices, and the table it uses.
	BalancedOptions []option
	BalanceSource   string
	BalancedText    string // "|eval| ≤ 0.30", or ""
}

// setBalance fills the balance limit's field.
func (p *drawPage) setBalance(cp int) {
	p.BalancedOptions, p.BalanceSource = balancedOptions(cp), balanceSource()
	if cp >= 0 {
		p.BalancedText = balancedLabel(cp)
	}
}

// freshSeed is a new secret seed: 128 bits from the secure source.
func freshSeed() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// GET /draw: the arbiter's form, and with rounds= the draw.
func (s *Server) draw(w http.ResponseWriter, r *http.Request) *site.Error {
	return s.drawOrVerify(w, r, false)
}

// GET /verify?seed=&commit=&rounds=...: the same draw, re-derived by
// anyone after the seed is revealed, with the commitment checked.
func (s *Server) verify(w http.ResponseWriter, r *http.Request) *site.Error {
	return s.drawOrVerify(w, r, true)
}

func (s *Server) drawOrVerify(w http.ResponseWriter, r *http.Request, verify bool) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	names := []string{"rounds", "seed", "unique", "exclude", "mirror", "event", "balanced"}
	if verify {
		names = append(names, "commit")
	}
	if err := q.Only(names...); err != nil {
		return err
	}
	title, nav := "Arbiter draws", "draw"
	if verify {
		title = "Verify a draw"
	}
	p := &drawPage{Page: s.site.NewPage(r, title, nav), Verify: verify}
	p.Description = "Draw Chess960 positions for the rounds of an event, reproducibly from a secret seed, with a SHA-256 commitment to publish before the event."
	p.Script = "draw.js"
	spec, err := readDrawSpec(q)
	if err != nil {
		if err.Param != "exclude" {
			return err
		}
		p.ExcludeError = err.Msg
		p.Spec = spec
		p.setBalance(spec.Balanced)
		p.Spec.Exclude = site.Echo(q.Get("exclude"))
		p.FreshSeed = freshSeed()
		return s.site.WritePage(w, r, "draw", p, http.StatusBadRequest, site.CacheNever)
	}
	p.Spec = spec
	p.setBalance(spec.Balanced)
	if !q.Has("rounds") && !verify {
		// The form, with a fresh secret seed.
		p.FreshSeed = freshSeed()
		p.Spec.Unique = true
		return s.site.WritePage(w, r, "draw", p, http.StatusOK, site.CacheNever)
	}
	if spec.Seed == "" {
		if verify {
			return site.Missing("seed", "the seed the arbiter revealed")
		}
		spec.Seed = freshSeed()
		http.Redirect(w, r, "/draw?"+spec.values().Encode(), http.StatusSeeOther)
		return nil
	}
	rounds, err := spec.draws(false)
	if err != nil {
		p.ExcludeError = err.Msg
		p.FreshSeed = spec.Seed
		return s.site.WritePage(w, r, "draw", p, http.StatusBadRequest, site.CacheNever)
	}
	p.HasResult, p.Rounds = true, rounds
	p.Commitment = chess960.Commitment(spec.Seed)
	p.Command = spec.command()
	v := spec.values()
	p.SheetURL = "/draw/sheet?" + v.Encode()
	p.CSVURL = "/draw.csv?" + v.Encode()
	v.Set("commit", p.Commitment)
	p.VerifyURL = "/verify?" + v.Encode()
	if verify && spec.Commit != "" {
		p.CommitGiven = strings.ToLower(strings.TrimSpace(spec.Commit))
		if b, herr := hex.DecodeString(p.CommitGiven); herr != nil || len(b) != sha256.Size {
			return site.BadParam("commit", spec.Commit, "not a SHA-256 digest: want 64 hexadecimal digits")
		}
		p.CommitOK = p.CommitGiven == p.Commitment
	}
	return s.site.WritePage(w, r, "draw", p, http.StatusOK, site.CacheNever)
}

type sheetPage struct {
	site.Page
	Spec       drawSpec
	Rounds     []round
	Commitment string
	Command    string
}

// GET /draw/sheet: the printable sheet, one round per section.
func (s *Server) drawSheet(w http.ResponseWriter, r *http.Request) *site.Error {
	spec, err := s.drawRequest(r)
	if err != nil {
		return err
	}
	rounds, err := spec.draws(true)
	if err != nil {
		return err
	}
	title := "Draw sheet"
	if spec.Event != "" {
		title = spec.Event + ": draw sheet"
	}
	p := &sheetPage{Page: s.site.NewPage(r, title, "draw"), Spec: spec, Rounds: rounds,
		Commitment: chess960.Commitment(spec.Seed), Command: spec.command()}
	p.Defs = boardDefs()
	return s.site.WritePage(w, r, "sheet", p, http.StatusOK, site.CacheNever)
}

func (s *Server) drawRequest(r *http.Request) (drawSpec, *site.Error) {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return drawSpec{}, err
	}
	if err := q.Only("rounds", "seed", "unique", "exclude", "mirror", "event", "balanced"); err != nil {
		return drawSpec{}, err
	}
	if !q.Has("seed") || q.Get("seed") == "" {
		return drawSpec{}, site.Missing("seed", "the draw's seed")
	}
	return readDrawSpec(q)
}

// GET /draw.csv: the draw as CSV, one line per game.
func (s *Server) drawCSV(w http.ResponseWriter, r *http.Request) *site.Error {
	spec, err := s.drawRequest(r)
	if err != nil {
		return err
	}
	rounds, err := spec.draws(false)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="chess960-draw.csv"`)
	h.Set("Cache-Control", site.CacheNever)
	cw := csv.NewWriter(w)
	cw.Write([]string{"round", "game", "id", "fritz9", "rank", "fen", "shredder_fen"})
	for _, rd := range rounds {
		for _, g := range rd.Games {
			cw.Write([]string{strconv.Itoa(rd.N), g.Label, strconv.Itoa(g.P.ID), strconv.Itoa(g.P.Fritz9), g.P.Rank, g.P.XFEN, g.P.SFEN})
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return &site.Error{Status: 499, Msg: fmt.Sprintf("writing: %v", err)}
	}
	return nil
}
