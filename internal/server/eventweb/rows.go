package eventweb

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/event"
)

// The tables of the event pages that grow with the field (the pairings,
// the standings with the crosstable, the players) are written here rather
// than by the templates: a 500-player Swiss has thousands of cells, and
// html/template spends about 4 ms of the public page's 5 on them
// (reflection on every field and method). The rows read exactly as the
// templates wrote them; the tables' heads stay in the templates.

// htmlText escapes s as html/template escapes text and quoted attribute
// values.
var htmlText = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

// rowWriter builds the rows of one table.
type rowWriter struct{ strings.Builder }

func (w *rowWriter) text(s string) { htmlText.WriteString(w, s) }

func (w *rowWriter) int(n int) {
	var b [20]byte
	w.Write(strconv.AppendInt(b[:0], int64(n), 10))
}

func (w *rowWriter) html() template.HTML { return template.HTML(w.String()) }

// players returns the players by ID, made once per page.
func (p *eventPage) players() map[int]*event.Player {
	if p.byID == nil {
		p.byID = make(map[int]*event.Player, len(p.ev.Players))
		for i := range p.ev.Players {
			p.byID[p.ev.Players[i].ID] = &p.ev.Players[i]
		}
	}
	return p.byID
}

// nameNumber writes a player's name and, in brackets, the pairing number
// of the round r.
func (p *eventPage) nameNumber(w *rowWriter, r *event.Round, id int) {
	pl := p.players()[id]
	if id == 0 {
		w.text("bye")
	} else if pl != nil {
		w.text(pl.Name)
	}
	w.WriteString(` <span class="hint">(`)
	n, ok := r.Numbers[id]
	if !ok && pl != nil {
		n = pl.Number
	}
	w.int(n)
	w.WriteString(`)</span>`)
}

// PerBoard reports whether the boards have positions of their own (one
// per board, or a knockout's per match).
func (p *eventPage) PerBoard() bool { return p.ev.Positions.PerBoard || p.ev.System == event.Knockout }

// PairingRows is the body of a round's pairings table: a row a board, then
// a row a bye.
func (p *eventPage) PairingRows(r event.Round) template.HTML {
	var w rowWriter
	w.Grow(len(r.Boards)*300 + len(r.Byes)*120)
	perBoard := p.PerBoard()
	for i := range r.Boards {
		b := &r.Boards[i]
		w.WriteString("<tr>\n    <td class=\"num\">")
		w.int(b.Board)
		if b.KO != nil {
			// A knockout's match game: the match, the game, the stage.
			w.WriteString("</td>\n    <td class=\"ko-cell\">")
			if p.ev.System == event.Knockout {
				w.WriteString("<a href=\"#match-")
				w.text(b.KO.Match)
				w.WriteString("\" class=\"mono\">")
				w.text(b.KO.Match)
				w.WriteString("</a>")
			} else {
				w.WriteString("<span class=\"mono\">")
				w.text(b.KO.Match)
				w.WriteString("</span>")
			}
			switch {
			case b.KO.Armageddon && p.ev.System != event.Knockout:
				// The card's title and note say it: its clocks, its rule.
			default:
				w.WriteString(" <span class=\"hint\">game ")
				w.int(b.KO.N)
				if st := p.ev.StageName(b.KO); st != "" {
					w.WriteString(" · ")
					w.text(st)
				}
				w.WriteString("</span>")
			}
		}
		w.WriteString("</td>\n    <td>")
		p.nameNumber(&w, &r, b.White)
		w.WriteString("</td>\n    <td class=\"res mono\">")
		if b.Result != "" {
			w.text(string(b.Result))
		} else {
			w.WriteString(`<span class="hint">…</span>`)
		}
		w.WriteString("</td>\n    <td>")
		p.nameNumber(&w, &r, b.Black)
		w.WriteString("</td>\n    ")
		if perBoard {
			w.WriteString("<td>")
			if b.Position != nil {
				s := b.Position.String()
				w.WriteString(`<a href="/pos/`)
				w.text(s)
				w.WriteString(`">`)
				w.text(s)
				w.WriteString("</a>")
			}
			w.WriteString("</td>")
		}
		w.WriteString("\n    <td>")
		if b.Game != "" {
			w.WriteString(`<span class="mini-live" data-game-board="`)
			w.int(b.Board)
			w.WriteString(`"></span><a href="/g/`)
			w.text(b.Game)
			w.WriteString(`" class="game-link" data-game="`)
			w.text(b.Game)
			w.WriteString(`">`)
			if b.Result != "" {
				w.WriteString("game")
			} else {
				w.WriteString(`<span class="live-dot" aria-hidden="true"></span>watch`)
			}
			w.WriteString("</a>")
			if b.PGN != "" {
				w.WriteString(" · ")
			}
		}
		if b.PGN != "" {
			w.WriteString(`<a href="/e/`)
			w.text(p.ev.ID)
			w.WriteString("/pgn/")
			w.int(r.Number)
			w.WriteString("/")
			w.int(b.Board)
			w.WriteString(`">PGN</a>`)
		}
		w.WriteString("</td>\n  </tr>")
	}
	if len(r.Boards) > 0 {
		w.WriteString("\n  ")
	}
	for _, by := range r.Byes {
		w.WriteString(`<tr class="bye-row"><td></td><td colspan="3">`)
		p.nameNumber(&w, &r, by.Player)
		w.WriteString(` <span class="hint">— `)
		w.text(byeName(by.Kind))
		w.WriteString("</span></td></tr>")
	}
	return w.html()
}

// StandingRows is the body of the standings table: a row a player, with
// the tie-breaks, the crosstable and the performance.
func (p *eventPage) StandingRows() template.HTML {
	var w rowWriter
	st := p.Stand
	if st == nil {
		return ""
	}
	w.Grow(len(st.Rows) * (250 + 40*len(st.TieBreaks) + 60*st.Rounds))
	for i := range st.Rows {
		row := &st.Rows[i]
		w.WriteString("<tr>\n    <td class=\"num st-rank\">")
		w.int(row.Rank)
		w.WriteString("</td>\n    <th scope=\"row\" class=\"st-name\">")
		if row.Title != "" {
			w.WriteString(`<span class="title">`)
			w.text(row.Title)
			w.WriteString("</span> ")
		}
		w.text(row.Name)
		if row.Rating != 0 {
			w.WriteString(` <span class="hint">`)
			w.int(row.Rating)
			w.WriteString("</span>")
		}
		w.WriteString("</th>\n    <td class=\"num\"><strong>")
		w.text(row.Points)
		w.WriteString("</strong></td>\n    ")
		for j := range st.TieBreaks {
			w.WriteString(`<td class="num tb">`)
			if j < len(row.TieBreaks) {
				w.text(row.TieBreaks[j])
			}
			w.WriteString("</td>")
		}
		w.WriteString("\n    ")
		for _, c := range row.Results {
			w.WriteString(`<td class="num xt">`)
			if c.Opponent != 0 {
				w.int(c.Opponent)
				w.WriteString(`<span class="hint">`)
				w.text(c.Color)
				w.WriteString("</span>")
			}
			w.text(c.Result)
			w.WriteString("</td>")
		}
		w.WriteString("\n    <td class=\"num\">")
		if row.Performance != 0 {
			w.int(row.Performance)
		}
		w.WriteString("</td>\n  </tr>")
	}
	return w.html()
}

// PlayerRows is the body of the public players table, in pairing-number
// order.
func (p *eventPage) PlayerRows() template.HTML {
	var w rowWriter
	ps := p.ByNumber()
	w.Grow(len(ps) * 200)
	for i := range ps {
		pl := &ps[i]
		w.WriteString(`<tr><td class="num">`)
		w.int(pl.Number)
		w.WriteString("</td><td>")
		if pl.Title != "" {
			w.WriteString(`<span class="title">`)
			w.text(pl.Title)
			w.WriteString("</span> ")
		}
		w.text(pl.Name)
		if pl.Withdrawn != 0 {
			w.WriteString(` <span class="hint">(withdrew, round `)
			w.int(pl.Withdrawn)
			w.WriteString(")</span>")
		}
		w.WriteString(`</td><td class="num">`)
		if pl.Rating != 0 {
			w.int(pl.Rating)
		}
		w.WriteString(`</td><td class="wide-only">`)
		w.text(pl.Federation)
		w.WriteString(`</td><td class="wide-only">`)
		w.text(pl.Club)
		w.WriteString("</td></tr>")
	}
	return w.html()
}
