package pgnjson

import (
	"fmt"
	"io"
	"strconv"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pgn"
)

// Count is the results of some games.
type Count struct {
	Games, White, Draws, Black int // games, and those White won, drew, Black won
}

func (c *Count) add(r chess.Result) {
	c.Games++
	switch r {
	case chess.WhiteWins:
		c.White++
	case chess.Draw:
		c.Draws++
	case chess.BlackWins:
		c.Black++
	}
}

// Score returns White's score in percent over the games with a result
// (a win 1, a draw 1/2), and false if no game has one.
func (c Count) Score() (float64, bool) {
	n := c.White + c.Draws + c.Black
	if n == 0 {
		return 0, false
	}
	return 100 * (float64(c.White) + float64(c.Draws)/2) / float64(n), true
}

// Stats counts results per start position.
type Stats struct {
	ByID  [960]Count // games from each start position, by Scharnagl number
	Other Count      // games from other positions
	Total Count
}

// Entry is what Stats needs of one game.
type Entry struct {
	ID      int          // the start position's Scharnagl number, when IsStart
	IsStart bool         // the game starts from one of the 960
	Counted bool         // the start position could be read: games without one are not counted
	Result  chess.Result // the game's result (see pgn.Game.Result)
}

// EntryOf returns the Entry of g.
func EntryOf(g *pgn.Game) Entry {
	id, ok := g.StartID()
	return Entry{ID: id, IsStart: ok, Counted: g.Start != chess.Position{}, Result: g.Result()}
}

// Add counts e.
func (s *Stats) Add(e Entry) {
	if !e.Counted {
		return
	}
	if e.IsStart {
		s.ByID[e.ID].add(e.Result)
	} else {
		s.Other.add(e.Result)
	}
	s.Total.add(e.Result)
}

// AppendJSON appends the JSON array of the start positions with games, by
// number: {"id", "games", "white", "draws", "black"} each, and one with id
// null for the games from other positions, if there are any.
func (s *Stats) AppendJSON(dst []byte) []byte {
	dst = append(dst, '[')
	first := true
	one := func(id string, c Count) {
		if c.Games == 0 {
			return
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"id":`...)
		dst = append(dst, id...)
		dst = append(dst, `,"games":`...)
		dst = strconv.AppendInt(dst, int64(c.Games), 10)
		dst = append(dst, `,"white":`...)
		dst = strconv.AppendInt(dst, int64(c.White), 10)
		dst = append(dst, `,"draws":`...)
		dst = strconv.AppendInt(dst, int64(c.Draws), 10)
		dst = append(dst, `,"black":`...)
		dst = strconv.AppendInt(dst, int64(c.Black), 10)
		dst = append(dst, '}')
	}
	for id, c := range s.ByID {
		one(strconv.Itoa(id), c)
	}
	one("null", s.Other)
	return append(dst, ']')
}

// WriteText writes a table of the start positions with games, by number,
// then the games from other positions and the totals.
func (s *Stats) WriteText(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "%5s  %-8s  %7s  %7s  %7s  %7s  %6s\n", "ID", "RANK", "GAMES", "WHITE", "DRAWS", "BLACK", "SCORE"); err != nil {
		return err
	}
	row := func(id, rank string, c Count) error {
		score := "-"
		if sc, ok := c.Score(); ok {
			score = strconv.FormatFloat(sc, 'f', 1, 64) + "%"
		}
		_, err := fmt.Fprintf(w, "%5s  %-8s  %7d  %7d  %7d  %7d  %6s\n", id, rank, c.Games, c.White, c.Draws, c.Black, score)
		return err
	}
	for id, c := range s.ByID {
		if c.Games > 0 {
			if err := row(strconv.Itoa(id), chess960.MustNew(id).String(), c); err != nil {
				return err
			}
		}
	}
	if s.Other.Games > 0 {
		if err := row("other", "", s.Other); err != nil {
			return err
		}
	}
	return row("total", "", s.Total)
}
