package event

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/quote"
	"github.com/chess960/chess960/pairing"
)

// importRound adds round n, played elsewhere, with its boards and byes.
func (d *doc) importRound(n int, ir ImportedRound) error {
	if d.System == Knockout {
		return notNow("import-round: a knockout's rounds are played here, not imported")
	}
	r := Round{Number: n, Status: Started, Imported: true, Boards: []Board{}}
	in := map[int]bool{}
	use := func(id int) error {
		if d.player(id) == nil {
			return invalid("imported round %d: no player %d", n, id)
		}
		if in[id] {
			return invalid("imported round %d: player %d appears twice", n, id)
		}
		in[id] = true
		return nil
	}
	for _, b := range ir.Boards {
		if err := use(b.White); err != nil {
			return err
		}
		if err := use(b.Black); err != nil {
			return err
		}
		res, err := ParseResult(string(b.Result))
		if err != nil {
			return fmt.Errorf("imported round %d: %w", n, err)
		}
		nb := Board{Board: len(r.Boards) + 1, White: b.White, Black: b.Black, Result: res}
		if res != "" {
			nb.History = []Entry{{Result: res, By: "import"}}
		}
		r.Boards = append(r.Boards, nb)
	}
	for _, y := range ir.Byes {
		if err := use(y.Player); err != nil {
			return err
		}
		r.Byes = append(r.Byes, y)
	}
	for _, p := range d.byNumber() {
		if !in[p.ID] {
			r.Byes = append(r.Byes, Bye{Player: p.ID, Kind: ByeAbsent})
		}
	}
	if n > 1 && !d.Schedule[n-2].complete() {
		return invalid("imported round %d: round %d has boards without a result", n, n-1)
	}
	d.Schedule = append(d.Schedule, r)
	return nil
}

// FromTRF reads a TRF file (TRF-16 or TRF-2026, as BBP Pairings writes and
// reads them) as an event to continue here: its name, place, dates and
// rounds from the header, its players with their pairing numbers, and its
// rounds played, which have no position. The settings given fill what the
// file does not say.
func FromTRF(data []byte, s Settings) (Init, error) {
	t, err := pairing.ParseTRF(data)
	if err != nil {
		return Init{}, invalid("TRF: %v", err)
	}
	for _, h := range t.Header {
		v := strings.TrimSpace(h.Text)
		switch h.Code {
		case "012":
			if s.Name == "" {
				s.Name = v
			}
		case "022":
			if s.Place == "" {
				s.Place = v
			}
		case "042":
			if s.Start == "" {
				s.Start = trfDate(v)
			}
		case "052":
			if s.End == "" {
				s.End = trfDate(v)
			}
		case "122":
			if s.TimeControl == "" {
				s.TimeControl = v
			}
		}
	}
	if s.Name == "" {
		s.Name = "Imported event"
	}
	if t.Rounds > 0 && s.Rounds == 0 {
		s.Rounds = t.Rounds
	}
	if s.System == "" {
		s.System = Swiss
	}
	in := Init{Settings: s}
	switch c := t.InitialColor; {
	case c == pairing.NoColor && t.PlayedRounds() > 0:
		// The colour the file's round 1 gave, as BBP Pairings infers it.
		if t.FirstColor() == pairing.Black {
			in.FirstColor = "b"
		} else {
			in.FirstColor = "w"
		}
	case c == pairing.White:
		in.FirstColor = "w"
	case c == pairing.Black:
		in.FirstColor = "b"
	}
	id := map[int]int{}
	for i, p := range t.Players {
		id[p.Number] = i + 1
		in.Players = append(in.Players, PlayerInfo{Name: p.Name, Rating: p.Rating, FideID: p.FideID,
			Federation: p.Federation, Title: p.Title, Sex: p.Sex, Birth: p.Birth})
		in.numbers = append(in.numbers, p.Number)
	}
	played := t.RecordedRounds()
	// A last round in which nobody is paired holds the byes and absences
	// set before its pairing: they are requests for the round to pair.
	if played > 0 {
		paired := false
		for _, p := range t.Players {
			if len(p.Games) >= played && p.Games[played-1].Paired() {
				paired = true
			}
		}
		if !paired {
			for i, p := range t.Players {
				if len(p.Games) < played {
					continue
				}
				kind := map[pairing.Result]ByeKind{pairing.HalfBye: ByeHalf, pairing.FullBye: ByeFull, pairing.ZeroBye: ByeZero}[p.Games[played-1].Result]
				if kind != "" {
					in.requests = append(in.requests, request{player: i, bye: ByeRequest{Round: played, Kind: kind}})
				}
			}
			played--
		}
	}
	for r := 1; r <= played; r++ {
		var ir ImportedRound
		for _, p := range t.Players {
			if len(p.Games) < r {
				continue
			}
			g := p.Games[r-1]
			if g.Opponent == 0 {
				var kind ByeKind
				switch g.Result {
				case pairing.PairingBye:
					kind = ByePairing
				case pairing.HalfBye:
					kind = ByeHalf
				case pairing.FullBye:
					kind = ByeFull
				case pairing.ZeroBye, pairing.NoResult, pairing.ForfeitLoss, pairing.Loss:
					kind = ByeZero
				case pairing.ForfeitWin, pairing.Win:
					kind = ByeFull
				case pairing.Draw:
					kind = ByeHalf
				}
				if kind != "" {
					ir.Byes = append(ir.Byes, Bye{Player: id[p.Number], Kind: kind})
				}
				continue
			}
			if g.Color != pairing.White {
				continue
			}
			o := t.Player(g.Opponent)
			if o == nil || len(o.Games) < r {
				return Init{}, invalid("TRF: round %d: player %d's opponent %d has no such round", r, p.Number, g.Opponent)
			}
			res, err := ResultOfTRF(g.Result, o.Games[r-1].Result)
			if err != nil {
				return Init{}, invalid("TRF: round %d, players %d and %d: %v", r, p.Number, g.Opponent, err)
			}
			ir.Boards = append(ir.Boards, Board{White: id[p.Number], Black: id[g.Opponent], Result: res})
		}
		in.Rounds = append(in.Rounds, ir)
	}
	return in, nil
}

// trfDate turns a TRF date (YYYY/MM/DD or YY/MM/DD) into YYYY-MM-DD, or ""
// if it is not one.
func trfDate(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' })
	if len(f) != 3 || len(f[0]) != 4 {
		return ""
	}
	for i := 1; i < 3; i++ {
		if len(f[i]) == 1 {
			f[i] = "0" + f[i]
		}
	}
	out := f[0] + "-" + f[1] + "-" + f[2]
	if checkDate("", out) != nil {
		return ""
	}
	return out
}

// csvColumns are the column names ReadPlayersCSV knows, by field.
var csvColumns = map[string]string{
	"name": "name", "player": "name",
	"rating": "rating", "elo": "rating",
	"fideid": "fideId", "fide id": "fideId", "fide_id": "fideId", "id fide": "fideId",
	"federation": "federation", "fed": "federation",
	"title": "title", "club": "club", "sex": "sex", "birth": "birth", "born": "birth", "k": "k",
}

// ReadPlayersCSV reads players from CSV (RFC 4180) with a header row naming
// the columns: name (required), rating, fideId, federation, title, club,
// sex, birth and k, in any order and case (also "elo", "fed", "fide id").
func ReadPlayersCSV(r io.Reader) ([]PlayerInfo, error) {
	cr := csv.NewReader(io.LimitReader(r, 4<<20))
	cr.FieldsPerRecord = 0
	head, err := cr.Read()
	if err == io.EOF {
		return nil, invalid("CSV: empty: want a header row such as name,rating,fideId,federation,title,club")
	}
	if err != nil {
		return nil, invalid("CSV: %v", err)
	}
	cols := make([]string, len(head))
	hasName := false
	for i, h := range head {
		key := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		f, ok := csvColumns[key]
		if !ok {
			return nil, invalid("CSV: column %d is %s: want name, rating, fideId, federation, title, club, sex, birth or k", i+1, quote.Input(h))
		}
		cols[i] = f
		hasName = hasName || f == "name"
	}
	if !hasName {
		return nil, invalid("CSV: the header has no name column")
	}
	var out []PlayerInfo
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, invalid("CSV line %d: %v", pe.Line, pe.Err)
			}
			return nil, invalid("CSV: %v", err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		var p PlayerInfo
		for i, v := range rec {
			v = strings.TrimSpace(v)
			switch cols[i] {
			case "name":
				p.Name = v
			case "rating", "k":
				n := 0
				if v != "" {
					n, err = strconv.Atoi(v)
					if err != nil {
						return nil, invalid("CSV line %d: %s %s: not a whole number", line, cols[i], quote.Input(v))
					}
				}
				if cols[i] == "k" {
					p.K = n
				} else {
					p.Rating = n
				}
			case "fideId":
				p.FideID = v
			case "federation":
				p.Federation = v
			case "title":
				p.Title = v
			case "club":
				p.Club = v
			case "sex":
				p.Sex = v
			case "birth":
				p.Birth = v
			}
		}
		if _, err := normalizePlayer(p); err != nil {
			return nil, fmt.Errorf("CSV line %d: %w", line, err)
		}
		out = append(out, p)
		if len(out) > MaxPlayers {
			return nil, invalid("CSV: more than %d players", MaxPlayers)
		}
	}
	if len(out) == 0 {
		return nil, invalid("CSV: a header and no players")
	}
	return out, nil
}

// ReadPlayers reads players from CSV, or from the player lines of a TRF
// file (one that starts with a TRF record code).
func ReadPlayers(data []byte) ([]PlayerInfo, error) {
	trim := bytes.TrimLeft(data, "\ufeff \t\r\n")
	if len(trim) >= 4 && (bytes.HasPrefix(trim, []byte("001 ")) || bytes.HasPrefix(trim, []byte("012 "))) {
		in, err := FromTRF(data, Settings{})
		if err != nil {
			return nil, err
		}
		return in.Players, nil
	}
	return ReadPlayersCSV(bytes.NewReader(data))
}
