package event

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pairing"
	"github.com/chess960/chess960/pgn"
)

// TRF returns the event as a tournament report file in the format: the
// header (name, place, dates, arbiter-facing settings), the rounds complete
// so far (a round in play, whose results are not all in, is left out), and
// byes requested for the rounds to come (240 records in TRF-2026; in TRF-16
// they are left out). BBP Pairings, JaVaFo, Swiss Manager and Vega read it.
func (e *Event) TRF(w io.Writer, format pairing.Format) error {
	if e.System == Knockout {
		return notNow("TRF: a knockout is not a Swiss or a round robin, which is what TRF holds; export its PGN or its JSON")
	}
	started := 0
	for _, r := range e.Schedule {
		if !r.complete() {
			break
		}
		started = r.Number
	}
	t := e.Tournament(started, false)
	ranked := started
	if e.matches() {
		// Each game a round, as FIDE rates them: the rounds of matches
		// over, without their Armageddons.
		ranked = e.MatchRoundsDone()
		mrs := e.matchRounds()
		started = 0
		for _, mr := range mrs[:ranked] {
			started += len(mr.Games)
		}
		last := 0
		if ranked > 0 {
			mr := mrs[ranked-1]
			last = max(mr.Games[len(mr.Games)-1], mr.Arm) + 1
		}
		t = e.GameTournament(last)
	}
	add := func(code, text string) {
		if text != "" {
			t.Header = append(t.Header, pairing.HeaderLine{Code: code, Text: " " + text})
		}
	}
	add("012", trfText(e.Name))
	add("022", trfText(e.Place))
	add("042", strings.ReplaceAll(e.Start, "-", "/"))
	add("052", strings.ReplaceAll(e.End, "-", "/"))
	add("062", strconv.Itoa(len(e.Players)))
	rated := 0
	for _, p := range e.Players {
		if p.Rating > 0 {
			rated++
		}
	}
	add("072", strconv.Itoa(rated))
	kind := map[System]string{Swiss: "Swiss System, FIDE Dutch", RoundRobin: "Round robin", DoubleRoundRobin: "Double round robin"}[e.System]
	if e.matches() {
		kind += fmt.Sprintf(", of %d-game matches (each game a round here; the standings count %s)", e.Matches.Games,
			map[string]string{ScoreGames: "the games", ScoreMatch: "match points"}[e.Matches.Scoring])
	}
	add("092", kind)
	add("122", trfText(e.TimeControl))
	if format == pairing.TRF2026 {
		for _, p := range e.byNumber() {
			for _, b := range p.Byes {
				if b.Round > ranked {
					kind := rune(b.Kind.TRF())
					if !e.matches() {
						t.Byes = append(t.Byes, pairing.Bye{Kind: kind, Round: b.Round, Players: []int{p.Number}})
						continue
					}
					for g := range e.Matches.Games {
						t.Byes = append(t.Byes, pairing.Bye{Kind: kind, Round: (b.Round-1)*e.Matches.Games + g + 1, Players: []int{p.Number}})
					}
				}
			}
		}
	}
	for _, tp := range t.Players {
		for len(tp.Games) < started {
			tp.Games = append(tp.Games, pairing.Game{Result: pairing.ZeroBye})
		}
	}
	// Rank: the standings' order, when the tie-breaks can be computed.
	if rank, err := e.ranks(ranked); err == nil {
		for _, tp := range t.Players {
			tp.Rank = rank[tp.Number]
		}
	}
	return t.WriteTRF(w, format)
}

// trfText keeps a text to one line of printable characters.
func trfText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' {
			return ' '
		}
		return r
	}, s)
}

// positionOf returns a board's start position, and false if it has none
// (a round imported without one, or not started).
func (e *Event) positionOf(r *Round, b *Board) (chess960.StartPos, bool) {
	switch {
	case b.Position != nil:
		return *b.Position, true
	case r.Position != nil:
		return *r.Position, true
	}
	return chess960.StartPos{}, false
}

// PGN writes every game played over the board, in round and board order:
// the game attached to the board if there is one, with the event's tags
// set, or else a game with the tags and the result and no moves. Each has
// Event, Site, Date, Round, Board, White, Black, Result, the Elo tags,
// Variant, SetUp and FEN.
func (e *Event) PGN(w io.Writer) error {
	pw := pgn.NewWriter(w)
	for i := range e.Schedule {
		r := &e.Schedule[i]
		if r.Status != Started {
			continue
		}
		for j := range r.Boards {
			b := &r.Boards[j]
			switch b.Result {
			case "+/-", "-/+", "-/-":
				continue // not played
			}
			g, err := e.boardGame(r, b)
			if err != nil {
				return err
			}
			if err := pw.Write(g); err != nil {
				return err
			}
		}
	}
	return nil
}

// FeedGame returns a board's game for the round's broadcast feed: live,
// the board's game in the app as a spectator sees it now (nil: the
// board's own, as PGN writes it), with the event's tags and the Round
// tag as "N.board", the form relays such as lichess broadcast read. A
// live game keeps its TimeControl and [%clk] comments; its Result is the
// board's once the board has one, else the game's ("*" while it goes
// on). A forfeit has no game: nil.
func (e *Event) FeedGame(r *Round, b *Board, live *pgn.Game) (*pgn.Game, error) {
	if b.Result.Forfeit() {
		return nil, nil
	}
	if live == nil {
		g, err := e.boardGame(r, b)
		if err != nil {
			return nil, err
		}
		g.Tags.Set("Round", r.PGNRound(b))
		g.Tags.Delete("Board")
		return g, nil
	}
	g := live.Clone()
	tc, hasTC := g.Tags.Lookup("TimeControl")
	res := g.Tags.Get("Result")
	e.setTags(r, b, g)
	g.Tags.Set("Round", r.PGNRound(b))
	g.Tags.Delete("Board")
	if hasTC {
		g.Tags.Set("TimeControl", tc)
	}
	if b.Result == "" && res != "" {
		g.Tags.Set("Result", res)
	}
	return g, nil
}

// boardGame returns a board's game with the event's tags.
func (e *Event) boardGame(r *Round, b *Board) (*pgn.Game, error) {
	var g *pgn.Game
	if b.PGN != "" {
		var err error
		if g, err = readOneGame(b.PGN); err != nil {
			return nil, fmt.Errorf("round %d, board %d: %w", r.Number, b.Board, err)
		}
	} else {
		start := chess.NewPosition(chess960.Standard())
		if sp, ok := e.positionOf(r, b); ok {
			start = chess.NewPosition(sp)
		}
		g = pgn.NewGame(start, nil)
	}
	e.setTags(r, b, g)
	return g, nil
}

// setTags sets the event's tags on a board's game.
func (e *Event) setTags(r *Round, b *Board, g *pgn.Game) {
	sp, ok := e.positionOf(r, b)
	wp, bp := e.PlayerByID(b.White), e.PlayerByID(b.Black)
	res := b.Result
	if res == "" {
		res = "*"
	}
	date := ""
	if !r.Began.IsZero() {
		date = r.Began.Format("2006.01.02")
	}
	set := func(k, v string) {
		if v != "" {
			g.Tags.Set(k, v)
		} else {
			g.Tags.Delete(k)
		}
	}
	set("Event", e.Name)
	set("Site", e.Place)
	set("Date", date)
	set("Round", strconv.Itoa(r.Number))
	set("Board", strconv.Itoa(b.Board))
	set("Stage", "")
	if b.KO != nil {
		// A knockout: the bracket's round, the match, the game; the
		// tie-break stage by name (PGN has no tag of its own for it).
		set("Round", r.PGNRound(b))
		set("Stage", e.StageName(b.KO))
	}
	set("White", wp.Name)
	set("Black", bp.Name)
	set("Result", string(res))
	set("WhiteElo", ratingTag(wp.Rating))
	set("BlackElo", ratingTag(bp.Rating))
	set("WhiteTitle", wp.Title)
	set("BlackTitle", bp.Title)
	set("WhiteFideId", wp.FideID)
	set("BlackFideId", bp.FideID)
	set("TimeControl", "")
	if ok {
		set("Variant", "Chess960")
		set("SetUp", "1")
		set("FEN", sp.FEN())
	}
}

func ratingTag(r int) string {
	if r == 0 {
		return ""
	}
	return strconv.Itoa(r)
}

// BoardPGN returns one board's game as PGN text.
func (e *Event) BoardPGN(round, board int) ([]byte, error) {
	if round < 1 || round > len(e.Schedule) {
		return nil, invalid("round %d: not paired", round)
	}
	r := &e.Schedule[round-1]
	if board < 1 || board > len(r.Boards) {
		return nil, invalid("round %d has boards 1..%d, not %d", round, len(r.Boards), board)
	}
	g, err := e.boardGame(r, &r.Boards[board-1])
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = pgn.NewWriter(&buf).Write(g)
	return buf.Bytes(), err
}

// CSVText keeps a spreadsheet from reading a name as a formula: a name
// that starts with =, +, -, @, a tab or a carriage return gets a leading '.
func CSVText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// WriteStandingsCSV writes standings as CSV (RFC 4180, CR LF): rank,
// number, name (guarded against formulas, see CSVText), title, rating,
// federation, points, one column per tie-break, rated games, average
// opponent, performance and rating change.
func WriteStandingsCSV(w io.Writer, e Event, s Standings) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	head := []string{"rank", "number", "name", "title", "rating", "federation", "points"}
	head = append(head, s.TieBreaks...)
	head = append(head, "rated games", "average opponent", "performance", "rating change")
	cw.Write(head)
	for _, r := range s.Rows {
		p := e.PlayerByID(r.Player)
		rec := []string{strconv.Itoa(r.Rank), strconv.Itoa(r.Number), CSVText(r.Name), r.Title, ratingTag(r.Rating), p.Federation, r.Points}
		rec = append(rec, r.TieBreaks...)
		for len(rec) < 7+len(s.TieBreaks) {
			rec = append(rec, "")
		}
		rec = append(rec, strconv.Itoa(r.RatedGames), ratingTag(r.Opponents), ratingTag(r.Performance), r.RatingChange)
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}
