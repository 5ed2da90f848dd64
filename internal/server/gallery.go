package server

import (
	"bytes"
	"html/template"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/internal/server/site"
)

// galleryItem is one small board of the gallery.
type galleryItem struct {
	posView
	Hidden bool
	// Board is the board drawn in the page, in the file that WriteGallery
	// writes; "" on the served page, whose boards are images of
	// /diagram.svg, loaded as they come into view.
	Board template.HTML
}

// galleryGroup is one row of Scharnagl's King's table: the 16 positions
// that share the six non-bishop pieces, one per Bishop's-table row.
type galleryGroup struct {
	At       int
	Entry    string
	Skeleton string
	Items    []galleryItem
	Pairs    [][2]galleryItem
	Shown    int
}

type galleryPage struct {
	site.Page
	IDs, King, Light, Dark, Pattern string
	Pairs                           bool
	Filtered                        bool
	Shown, Total                    int
	Groups                          []galleryGroup
	IDsError, PatternError          string
	Files                           []string
	LightFiles, DarkFiles           []string
	BalancedOptions                 []option
	BalanceSource                   string
}

// galleryFilter is the gallery's filters: a list of numbers, the king's
// file, the bishops' files, a rank pattern with ? (or .) for any piece, and
// a balance limit. static/js/gallery.js applies the same filters in the
// browser; the browser tests check that both select the same positions.
type galleryFilter struct {
	ids               *chess960.Set // nil: any
	king, light, dark byte
	pattern           string
	balanced          int // |score| at most this many centipawns; -1: any
}

func (f galleryFilter) match(v posView) bool {
	if f.ids != nil && !f.ids.Has(chess960.MustNew(v.ID)) {
		return false
	}
	if f.king != 0 && v.KingFile[0] != f.king {
		return false
	}
	if f.light != 0 && v.LightBishop[0] != f.light {
		return false
	}
	if f.dark != 0 && v.DarkBishop[0] != f.dark {
		return false
	}
	if f.balanced >= 0 && (v.AbsCP < 0 || v.AbsCP > f.balanced) {
		return false
	}
	for i := 0; i < len(f.pattern); i++ {
		if c := f.pattern[i]; c != '?' && c != v.Rank[i] {
			return false
		}
	}
	return true
}

// fileParam reads one file letter among allowed, or "" for any.
func fileParam(q query, k, allowed string) (byte, *site.Error) {
	s := strings.ToLower(q.Get(k))
	if s == "" {
		return 0, nil
	}
	if len(s) != 1 || !strings.Contains(allowed, s) {
		return 0, site.BadParam(k, q.Get(k), "want one of the files %s", strings.Join(strings.Split(allowed, ""), ", "))
	}
	return s[0], nil
}

// readPattern reads a rank pattern: eight of K Q R B N and ? (or . or *)
// for any piece, in either case; shorter patterns are padded with ?.
func readPattern(s string) (string, string) {
	p := strings.ToUpper(strings.TrimSpace(s))
	p = anyPiece.Replace(p)
	if utf8.RuneCountInString(p) > 8 {
		return "", "pattern " + quote.Input(s) + ": longer than the 8 squares of a rank"
	}
	for i, r := range p {
		if !strings.ContainsRune("KQRBN?", r) {
			return "", "pattern " + quote.Input(s) + ": " + quote.Char(p, i) + " is not a piece letter (K Q R B N) or ? for any piece"
		}
	}
	return p + strings.Repeat("?", 8-len(p)), ""
}

// GET /gallery?ids=&king=&light=&dark=&pattern=&pairs=&balanced=: all
// 960, filtered.
func (s *Server) gallery(w http.ResponseWriter, r *http.Request) *site.Error {
	q, err := newQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	g, status, err := s.galleryOf(s.site.NewPage(r, galleryTitle, "gallery"), q)
	if err != nil {
		return err
	}
	if !g.Filtered && status == http.StatusOK {
		// The unfiltered gallery is the same for everyone in a theme: render
		// it once for each.
		key := "groups " + g.Theme
		if g.Pairs {
			key = "pairs " + g.Theme
		}
		v, _ := s.galleryCache.LoadOrStore(key, &cachedPage{})
		cp := v.(*cachedPage)
		cp.once.Do(func() {
			var b bytes.Buffer
			if err := s.site.Render(&b, "gallery", g); err != nil {
				panic(err)
			}
			cp.body, cp.gz = b.Bytes(), site.GzipBest(b.Bytes())
		})
		return writeCached(w, r, cp)
	}
	// A filtered gallery is rendered for its request: an expensive one.
	return s.limit(s.heavySem, func(w http.ResponseWriter, r *http.Request) *site.Error {
		return s.site.WritePage(w, r, "gallery", g, status, site.CacheStable)
	})(w, r)
}

const galleryTitle = "All 960 start positions"

// galleryOf reads the gallery's filters from the query and lists the
// positions they select. A list or pattern that does not read is shown on
// the page, as the reason for the status 400 it returns, and filters
// nothing.
func (s *Server) galleryOf(p site.Page, q query) (*galleryPage, int, *site.Error) {
	if err := q.Only("ids", "king", "light", "dark", "pattern", "pairs", "balanced"); err != nil {
		return nil, 0, err
	}
	var err *site.Error
	f := galleryFilter{balanced: -1}
	if f.balanced, err = balancedParam(q); err != nil {
		return nil, 0, err
	}
	if f.king, err = fileParam(q, "king", "bcdefg"); err != nil {
		return nil, 0, err
	}
	if f.light, err = fileParam(q, "light", "bdfh"); err != nil {
		return nil, 0, err
	}
	if f.dark, err = fileParam(q, "dark", "aceg"); err != nil {
		return nil, 0, err
	}
	g := &galleryPage{Page: p,
		Files: strings.Split("bcdefg", ""), LightFiles: strings.Split("bdfh", ""), DarkFiles: strings.Split("aceg", ""),
		Total: chess960.Count}
	g.Description = "All 960 Chess960 start positions as small boards, grouped by Scharnagl's King's table; filter by number, the king's file, the bishops' squares or a rank pattern."
	g.Script = "gallery.js"
	status := http.StatusOK
	if raw := q.Get("ids"); strings.TrimSpace(raw) != "" {
		set, perr := chess960.ParseSet(raw)
		if perr != nil {
			g.IDsError = api.Message(perr)
			status = http.StatusBadRequest
		} else {
			f.ids = &set
		}
	}
	if raw := q.Get("pattern"); raw != "" {
		pat, perr := readPattern(raw)
		if perr != "" {
			g.PatternError = perr
			status = http.StatusBadRequest
		} else {
			f.pattern = pat
		}
	}
	g.IDs, g.Pattern = site.Echo(q.Get("ids")), site.Echo(q.Get("pattern"))
	g.King, g.Light, g.Dark = q.Get("king"), q.Get("light"), q.Get("dark")
	if g.Pairs, err = q.Flag("pairs"); err != nil {
		return nil, 0, err
	}
	g.Filtered = f != galleryFilter{balanced: -1}
	g.BalancedOptions, g.BalanceSource = balancedOptions(f.balanced), balanceSource()
	views := allViews()
	if g.Pairs {
		// One group of 480 pairs, lower number first; a pair is shown when
		// either position matches.
		grp := galleryGroup{At: -1}
		for _, pr := range chess960.MirrorPairs() {
			a, b := views[pr[0].ID()], views[pr[1].ID()]
			hidden := !f.match(a) && !f.match(b)
			if !hidden {
				grp.Shown++
			}
			grp.Pairs = append(grp.Pairs, [2]galleryItem{{posView: a, Hidden: hidden}, {posView: b, Hidden: hidden}})
		}
		g.Shown = grp.Shown
		g.Groups = []galleryGroup{grp}
		g.Total = len(grp.Pairs)
		return g, status, nil
	}
	table := chess960.KingsTable()
	sort.Slice(table, func(i, j int) bool { return table[i].N < table[j].N })
	for _, e := range table {
		grp := galleryGroup{At: e.N, Entry: e.Entry, Skeleton: views[e.N].Skeleton}
		for b := 0; b < 16; b++ {
			v := views[e.N+b]
			hidden := !f.match(v)
			if !hidden {
				grp.Shown++
			}
			grp.Items = append(grp.Items, galleryItem{posView: v, Hidden: hidden})
		}
		g.Shown += grp.Shown
		g.Groups = append(g.Groups, grp)
	}
	return g, status, nil
}

// WriteGallery writes the gallery of all 960 as one HTML file that holds
// everything it shows, for reading from disk and for printing (chess960
// gallery): the page /gallery serves, unfiltered, with the style sheet and
// the scripts in the page, each board drawn in it, and no links to the
// server's other pages. Its filters work as the served page's do, and keep
// their values in the address's fragment (#ids=0-9&king=c) instead of its
// query.
func (s *Server) WriteGallery(w io.Writer) error {
	p := site.Page{Title: galleryTitle, Nav: "gallery", File: true, Defs: boardDefs(),
		InlineCSS: template.CSS(s.site.AssetBody("style.css"))}
	for _, name := range []string{"js/app.js", "js/gallery.js"} {
		p.InlineJS = append(p.InlineJS, template.JS(s.site.AssetBody(name)))
	}
	q, _ := newQuery("")
	g, _, _ := s.galleryOf(p, q)
	g.Script = ""
	for i := range g.Groups {
		for j := range g.Groups[i].Items {
			it := &g.Groups[i].Items[j]
			it.Board = startBoard(chess960.MustNew(it.ID), boardOpts{External: true, Thumbnail: true})
		}
	}
	var b bytes.Buffer
	if err := s.site.Render(&b, "gallery", g); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// cachedPage is a page rendered once, plain and gzipped.
type cachedPage struct {
	once     sync.Once
	body, gz []byte
}

func writeCached(w http.ResponseWriter, r *http.Request, cp *cachedPage) *site.Error {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", site.CacheStable)
	h.Set("Vary", "Accept-Encoding, Cookie") // the theme cookie
	body := cp.body
	if site.AcceptsGzip(r) {
		body = cp.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
	return nil
}

var anyPiece = strings.NewReplacer(".", "?", "*", "?", "_", "?")

// allViews describes the 960 start positions, once.
var allViews = sync.OnceValue(func() *[chess960.Count]posView {
	var v [chess960.Count]posView
	for i := range v {
		v[i] = viewOf(chess960.MustNew(i))
	}
	return &v
})
