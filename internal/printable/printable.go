// Package printable renders an event's paper: the pairing sheet of a round,
// the board cards laid on the tables, the result slips, the final standings
// with the check of the draw, and a full-screen page for the projector.
//
// Every document is one self-contained HTML file: the CSS is inline, the
// diagrams are inline SVG drawn by package diagram, and nothing is fetched
// (no fonts, no scripts, no images). The print CSS lays the documents out for
// A4 and US Letter alike: each page's content fits 190 × 259 mm, the
// narrower and the shorter of the two sheets less 10 mm margins, so the same
// file prints on either without scaling.
//
// A round's start position is shown only once the round has started and the
// event holds it: this package never derives a position from the seed. A
// round not started says that its position is revealed at the start of the
// round.
//
// All text from the event (names, the event's name, the place) goes through
// html/template and is escaped.
package printable

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram"
	"github.com/chess960/chess960/internal/event"
)

//go:embed templates/*.html
var files embed.FS

var tmpl = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).ParseFS(files, "templates/*.html"))

// ErrRound is the error (under errors.Is) for a round number the event does
// not have.
var ErrRound = errors.New("no such round")

// Error is a document that could not be made: which document, for which
// round (0: none), and why.
type Error struct {
	Doc   string // "pairing sheet", "board cards", ...
	Round int    // the round asked for (not for the standings)
	Err   error
	// round says Round counts: every document but the standings is of a
	// round, round 0 included when that is what was asked for.
	round bool
}

// Error says which document failed, for which round, and why.
func (e *Error) Error() string {
	if e.round {
		return fmt.Sprintf("printable: %s, round %d: %v", e.Doc, e.Round, e.Err)
	}
	return fmt.Sprintf("printable: %s: %v", e.Doc, e.Err)
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// The notes shown where a position is not (yet) known.
const (
	// NotRevealed is shown for a round that has not started.
	NotRevealed = "Position revealed at the start of the round"
	// NotRecorded is shown for a round played elsewhere and imported.
	NotRecorded = "Round played elsewhere: no position recorded"
)

// PairingSheet writes the pairing sheet of a round: the header (event,
// place, dates, time control, round), the round's position (a large
// diagram, the Scharnagl and Fritz9 numbers, the back rank and the FENs),
// then every board with White's and Black's names, ratings and points
// before the round and the result column (filled where a result is in),
// and the byes. With one position per board, each board carries its own
// small diagram and numbers instead.
func PairingSheet(w io.Writer, e event.Event, round int) error {
	return render(w, "pairing sheet", "pairings.html", e, round)
}

// BoardCards writes one card per board of a round, to lay on the table:
// the board number in large type, White's and Black's names, the
// position's diagram, numbers and FEN; four cards to a page with cut
// lines between them.
func BoardCards(w io.Writer, e event.Event, round int) error {
	return render(w, "board cards", "cards.html", e, round)
}

// ResultSlips writes a result slip for each board of a round: event,
// round, board, the players, boxes for 1-0, ½-½ and 0-1, and lines for the
// players' signatures; four slips to a page with cut lines between them.
func ResultSlips(w io.Writer, e event.Event, round int) error {
	return render(w, "result slips", "slips.html", e, round)
}

// Projector writes a full-screen dark page announcing a round: the event's
// name, the round number, and the position's diagram and number in type
// read from the back of a hall (sized by the viewport, for 1920×1080 and
// 1280×720 alike). With one position per board it shows every board's
// diagram and number instead.
func Projector(w io.Writer, e event.Event, round int) error {
	return render(w, "projector page", "projector.html", e, round)
}

// NotPaired is the projector's note before the first round is published.
const NotPaired = "No round is published yet: the first appears here when it is"

// ProjectorWaiting writes the projector page of an event with no round
// published yet, with the script that follows the event live (see
// ProjectorLive), so that a screen set up early shows round 1 when it
// comes.
func ProjectorWaiting(w io.Writer, e event.Event, script string) error {
	v := &roundView{Event: headerOf(&e), Pos: pos{Note: NotPaired}, Script: script, EventID: e.ID, Version: e.Version}
	return execute(w, "projector page", 0, "projector.html", v)
}

// ProjectorLive writes the projector page with the script (its URL) that
// keeps it up to date: it follows the event's live stream, /e/ID/live, and
// on each new version loads the page again and shows the new one, so that
// Start shows the position without anyone touching the screen.
func ProjectorLive(w io.Writer, e event.Event, round int, script string) error {
	v, err := roundOf(&e, round)
	if err != nil {
		return &Error{Doc: "projector page", Round: round, Err: err, round: true}
	}
	v.Script, v.EventID, v.Version = script, e.ID, e.Version
	return execute(w, "projector page", round, "projector.html", v)
}

func render(w io.Writer, doc, name string, e event.Event, round int) error {
	v, err := roundOf(&e, round)
	if err != nil {
		return &Error{Doc: doc, Round: round, Err: err, round: true}
	}
	return execute(w, doc, round, name, v)
}

func execute(w io.Writer, doc string, round int, name string, v any) error {
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, name, v); err != nil {
		return &Error{Doc: doc, Round: round, Err: err, round: round != 0}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// header is what every document says about the event.
type header struct {
	Name, Place, Dates, TimeControl, System string
	Rounds                                  int
	Commitment                              string
}

func headerOf(e *event.Event) header {
	h := header{Name: e.Name, Place: e.Place, TimeControl: e.TimeControl, Rounds: e.Rounds, Commitment: e.Commitment}
	switch {
	case e.Start != "" && e.End != "" && e.End != e.Start:
		h.Dates = e.Start + " – " + e.End
	case e.Start != "":
		h.Dates = e.Start
	}
	switch e.System {
	case event.Swiss:
		h.System = "Swiss (FIDE Dutch)"
	case event.RoundRobin:
		h.System = "Round robin"
	case event.DoubleRoundRobin:
		h.System = "Double round robin"
	}
	return h
}

// pos is a start position as the documents show it, or the note saying
// why there is none.
type pos struct {
	Known      bool
	Note       string
	ID, Fritz9 int
	Rank       string
	XFEN, SFEN string
	// XFEN's placement and its other fields, for a screen that wraps it
	// between the two.
	Placement, Fields string
	Board, Small      template.HTML // diagrams: scalable, and a thumbnail
}

func posOf(n *chess960.StartPos, status event.RoundStatus, imported bool) pos {
	switch {
	case imported:
		return pos{Note: NotRecorded}
	case status != event.Started || n == nil:
		return pos{Note: NotRevealed}
	}
	sp := *n
	d := diagram.FromStartPos(sp)
	p := pos{Known: true, ID: sp.ID(), Fritz9: sp.Fritz9(), Rank: sp.String(), XFEN: sp.FEN(),
		SFEN: chess.NewPosition(sp).FEN(chess.Chess960)}
	p.Placement, p.Fields, _ = strings.Cut(p.XFEN, " ")
	p.Board = template.HTML(d.AppendSVG(nil, &diagram.Options{Coords: true, External: true, Class: "board"}))
	p.Small = template.HTML(d.AppendSVG(nil, &diagram.Options{External: true, Thumbnail: true, Class: "thumb"}))
	return p
}

// player is one side of a board.
type player struct {
	Number int
	Name   string
	Title  string
	Rating int
	Points string // before the round
}

type board struct {
	Board        int
	White, Black player
	Result       string // as printed: "1–0", "½–½", ...; "" while playing
	Pos          pos    // the board's own position, with one per board
}

type bye struct {
	Player player
	Kind   string
}

// roundView is what the round documents show.
type roundView struct {
	Event header
	Round int
	// Name is "Round 3", or in an event of matches "Round 1, game 2".
	Name   string
	Status event.RoundStatus
	// Draft marks a pairing not yet published (the admin link's copy):
	// every page says DRAFT.
	Draft    bool
	When     string
	PerBoard bool
	Pos      pos // the round's position (without PerBoard)
	Boards   []board
	Byes     []bye
	Defs     template.HTML
	// Pages are the boards in groups of four, for cards and slips.
	Pages [][]board
	// Grid lays out the projector's tiles with one position per board.
	Grid template.CSS
	// Script, EventID and Version make the projector page follow the
	// event live (ProjectorLive).
	Script  string
	EventID string
	Version int64
}

var byeKinds = map[event.ByeKind]string{
	event.ByePairing: "Pairing-allocated bye",
	event.ByeHalf:    "Half-point bye",
	event.ByeZero:    "Zero-point bye",
	event.ByeFull:    "Full-point bye",
	event.ByeAbsent:  "Not paired",
}

// perPage is how many cards or slips share a page.
const perPage = 4

func roundOf(e *event.Event, n int) (*roundView, error) {
	if n < 1 || n > len(e.Schedule) {
		if len(e.Schedule) == 0 {
			return nil, fmt.Errorf("%w: no round is paired yet", ErrRound)
		}
		if len(e.Schedule) == 1 {
			return nil, fmt.Errorf("%w: only round 1 is paired", ErrRound)
		}
		return nil, fmt.Errorf("%w: rounds 1 to %d are paired", ErrRound, len(e.Schedule))
	}
	r := &e.Schedule[n-1]
	if r.Number != n {
		return nil, fmt.Errorf("%w: the schedule holds round %d in place %d", ErrRound, r.Number, n)
	}
	// Points before the round, as the event counts them.
	before := e.PlayerRound(r) - 1 // in an event of matches, the rounds of matches
	t := e.Tournament(before, false)
	points := map[int]string{}
	for _, tp := range t.Players {
		points[tp.Number] = t.Score(tp, before).String()
	}
	who := func(id int, where string) (player, error) {
		p := e.PlayerByID(id)
		if p == nil {
			return player{}, fmt.Errorf("%s: no player with ID %d", where, id)
		}
		// The number the round was published with: a later entry may have
		// renumbered the field since (event.Event.NumberIn).
		return player{Number: e.NumberIn(r, id), Name: p.Name, Title: p.Title, Rating: p.Rating, Points: points[p.Number]}, nil
	}
	name := e.MatchRoundName(r)
	if name == "" {
		name = "Round " + strconv.Itoa(n)
	}
	v := &roundView{Event: headerOf(e), Round: n, Name: name, Status: r.Status, Draft: r.Status == event.Draft, PerBoard: e.Positions.PerBoard,
		Defs: template.HTML(diagram.AppendDefs(nil, nil))}
	if !r.Began.IsZero() {
		v.When = "Started " + r.Began.UTC().Format("2006-01-02 15:04") + " UTC"
	}
	if !v.PerBoard {
		v.Pos = posOf(r.Position, r.Status, r.Imported)
	} else if r.Status != event.Started || r.Imported {
		v.Pos = posOf(nil, r.Status, r.Imported)
	}
	for _, b := range r.Boards {
		where := "board " + strconv.Itoa(b.Board)
		wp, err := who(b.White, where)
		if err != nil {
			return nil, err
		}
		bp, err := who(b.Black, where)
		if err != nil {
			return nil, err
		}
		bv := board{Board: b.Board, White: wp, Black: bp, Result: b.Result.Display()}
		if v.PerBoard {
			bv.Pos = posOf(b.Position, r.Status, r.Imported)
		} else {
			bv.Pos = v.Pos
		}
		v.Boards = append(v.Boards, bv)
	}
	for _, y := range r.Byes {
		p, err := who(y.Player, "bye")
		if err != nil {
			return nil, err
		}
		k := byeKinds[y.Kind]
		if k == "" {
			k = string(y.Kind)
		}
		v.Byes = append(v.Byes, bye{Player: p, Kind: k})
	}
	v.Grid = grid(len(v.Boards))
	for i := 0; i < len(v.Boards); i += perPage {
		v.Pages = append(v.Pages, v.Boards[i:min(i+perPage, len(v.Boards))])
	}
	return v, nil
}

// standingsView is what the final standings show.
type standingsView struct {
	Event     header
	Finished  bool
	Rounds    int
	TieBreaks []tieBreak
	Rows      []row
	Seed      string
	Verify    *event.Verification
	VerifyErr string
	Positions []played
	Perf      bool // some row has a performance rating
	// NoValues says the event gave no tie-break values at all.
	NoValues bool
}

type tieBreak struct{ Code, Name string }

type row struct {
	event.Row
	Line      int      // the row's place in the table, from 1
	TieBreaks []string // padded to the columns
	Cells     []string
}

// played is one position an event played, for the list under the
// standings.
type played struct {
	Round, Board int
	Pos          pos
}

// tieBreakNames are FIDE C.07's names for the acronyms the event accepts
// (FIDE Handbook C.07, Tie-Break Regulations, section 5 and on).
var tieBreakNames = map[string]string{
	"BH": "Buchholz", "BH-C1": "Buchholz Cut-1", "BH-C2": "Buchholz Cut-2", "BH-M1": "Median Buchholz",
	"SB": "Sonneborn-Berger", "DE": "Direct encounter", "WIN": "Games won (including forfeits and byes)",
	"WON": "Games won over the board", "BPG": "Games played with Black", "BWG": "Games won with Black",
	"ARO": "Average rating of opponents", "TPR": "Tournament performance rating", "PS": "Progressive score",
}

// FinalStandings writes the standings after every complete round, with the
// event's tie-break columns and the crosstable, then the draw's check: the
// commitment published at the start and, once the event is finished, the
// revealed seed, the chess960 random command that re-derives every
// position, and each round's position against the derived one.
func FinalStandings(w io.Writer, e event.Event) error {
	const doc = "final standings"
	s, err := e.Standings(0)
	if err != nil {
		return &Error{Doc: doc, Err: err}
	}
	v := standingsView{Event: headerOf(&e), Finished: e.Finished, Rounds: s.Rounds}
	for _, c := range s.TieBreaks {
		v.TieBreaks = append(v.TieBreaks, tieBreak{Code: c, Name: tieBreakNames[c]})
	}
	// The crosstable names each opponent by their line, which is unique
	// where ranks are shared.
	line := map[int]int{}
	for i, r := range s.Rows {
		line[r.Player] = i + 1
	}
	opp := make([]map[int]int, s.Rounds)
	for i := range opp {
		opp[i] = map[int]int{}
		if i < len(e.Schedule) {
			for _, b := range e.Schedule[i].Boards {
				opp[i][b.White], opp[i][b.Black] = b.Black, b.White
			}
		}
	}
	for i, r := range s.Rows {
		rv := row{Row: r, Line: i + 1, TieBreaks: make([]string, len(s.TieBreaks))}
		copy(rv.TieBreaks, r.TieBreaks)
		for j, c := range r.Results {
			rv.Cells = append(rv.Cells, cellText(c, line[opp[j][r.Player]]))
		}
		for len(rv.Cells) < s.Rounds {
			rv.Cells = append(rv.Cells, "")
		}
		v.Rows = append(v.Rows, rv)
		v.Perf = v.Perf || r.Performance != 0
	}
	if e.Finished && e.Seed != "" {
		v.Seed = e.Seed
		ver, err := e.Verify("")
		if err != nil {
			v.VerifyErr = err.Error()
		} else {
			v.Verify = &ver
		}
	}
	for _, r := range e.Schedule {
		if r.Status != event.Started || r.Imported {
			continue
		}
		if e.Positions.PerBoard {
			for _, b := range r.Boards {
				v.Positions = append(v.Positions, played{Round: r.Number, Board: b.Board, Pos: posOf(b.Position, r.Status, false)})
			}
		} else {
			v.Positions = append(v.Positions, played{Round: r.Number, Pos: posOf(r.Position, r.Status, false)})
		}
	}
	v.NoValues = len(s.TieBreaks) > 0
	for _, r := range s.Rows {
		v.NoValues = v.NoValues && len(r.TieBreaks) == 0
	}
	return execute(w, doc, 0, "standings.html", v)
}

// cellText writes a crosstable cell as crosstables print it: the
// opponent's line, the colour and the result ("7w1"), or the result alone
// for a round without a game.
func cellText(c event.Cell, opponent int) string {
	if c.Opponent == 0 || opponent == 0 {
		return c.Result
	}
	return strconv.Itoa(opponent) + c.Color + c.Result
}

// Full joins the title and the name: "GM Anna Example".
func (p player) Full() string { return strings.TrimSpace(p.Title + " " + p.Name) }

// grid chooses the columns of the projector's tiles (a diagram and its
// number, about 2.3 diagrams wide), under the title, that give the largest
// diagrams on a 16:9 screen, and sizes them by the height (--sv, in vh)
// and by the width (--sw, in vw) so that the page takes the smaller and
// fits a 4:3 screen too; narrower than tall, the page lays them out two
// by two instead.
func grid(n int) template.CSS {
	cols, best, sv, sw := 1, 0.0, 0.0, 0.0
	for c := 1; c <= max(n, 1); c++ {
		rows := float64((n + c - 1) / c)
		v := 74/max(rows, 1) - 2.5
		w := 94 / float64(c) / 2.3
		if s := min(v*9, w*16); s > best {
			cols, best, sv, sw = c, s, v, w
		}
	}
	return template.CSS(fmt.Sprintf("--cols: %d; --sv: %.2f; --sw: %.2f", cols, sv, sw))
}

// PlayerSlip is one player's slip of the sheet of links: who, and their
// link as text and as a QR code (inline SVG, package qrsvg).
type PlayerSlip struct {
	Number int
	Name   string
	Title  string
	Link   string
	QR     template.HTML
}

type playerSlipsView struct {
	Event header
	Pages [][]PlayerSlip
}

// PlayerLinks writes the sheet of the players' own links, to cut up and
// hand out at the venue: a slip a player, eight to an A4 or Letter page,
// each with the event, the player's name and number, the link's QR code,
// the link written out, and a line on keeping it to oneself.
func PlayerLinks(w io.Writer, e event.Event, slips []PlayerSlip) error {
	if len(slips) == 0 {
		return &Error{Doc: "player links", Err: errors.New("the event has no players with links (it plays over the board)")}
	}
	v := playerSlipsView{Event: headerOf(&e)}
	for i := 0; i < len(slips); i += 8 {
		v.Pages = append(v.Pages, slips[i:min(i+8, len(slips))])
	}
	return execute(w, "player links", 0, "playerlinks.html", v)
}
