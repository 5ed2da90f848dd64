package event

import (
	"fmt"
	"io"
	"strings"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pgn"
)

// MaxPGN is the largest PGN a board may have, in bytes.
const MaxPGN = 64 << 10

// readOneGame reads a PGN that must hold exactly one game.
func readOneGame(text string) (*pgn.Game, error) {
	if len(text) > MaxPGN {
		return nil, invalid("PGN: %d bytes, at most %d", len(text), MaxPGN)
	}
	r := pgn.NewReader(strings.NewReader(text))
	g, err := r.Read()
	if err == io.EOF {
		return nil, invalid("PGN: no game in it")
	}
	if err != nil {
		return nil, invalid("PGN: %v", err)
	}
	if g.Err != nil {
		return nil, invalid("PGN: %v", g.Err)
	}
	if _, err := r.Read(); err != io.EOF {
		return nil, invalid("PGN: more than one game; attach one game per board")
	}
	return g, nil
}

// checkPGNResult checks that a game's result agrees with a board's.
func checkPGNResult(text string, res Result) error {
	g, err := readOneGame(text)
	if err != nil {
		return err
	}
	return resultAgrees(g, res)
}

func resultAgrees(g *pgn.Game, res Result) error {
	gr := g.Result()
	if res.Forfeit() {
		return fmt.Errorf("the board's result %s is a forfeit, and a forfeit has no game", res)
	}
	if want, _ := res.Game(); gr != want {
		return fmt.Errorf("the game's result is %s and the board's %s", gr, res)
	}
	return nil
}

// setPGN attaches a game to a board, after checking that it starts from
// the board's position and that its result is the board's.
func (d *doc) setPGN(rn, bn int, text string) error {
	r, b, err := d.board(rn, bn)
	if err != nil {
		return err
	}
	if strings.TrimSpace(text) == "" {
		if b.PGN == "" {
			return notNow("round %d, board %d has no PGN to remove", rn, bn)
		}
		b.PGN = ""
		return nil
	}
	if b.Result == "" {
		return notNow("round %d, board %d: enter the result first; the game's result is then checked against it", rn, bn)
	}
	g, err := readOneGame(text)
	if err != nil {
		return err
	}
	want := -1
	switch {
	case b.Position != nil:
		want = b.Position.ID()
	case r.Position != nil:
		want = r.Position.ID()
	}
	if want < 0 {
		return notNow("round %d, board %d: the round was imported without its position, so a game cannot be checked against it", rn, bn)
	}
	id, ok := g.StartID()
	switch {
	case !ok:
		return invalid("PGN: the game starts from %s, which is not a Chess960 start position; round %d, board %d played position %d", g.Start.FEN(chess.Chess960), rn, bn, want)
	case id != want:
		return invalid("PGN: the game starts from position %d, and round %d, board %d played position %d", id, rn, bn, want)
	}
	if err := resultAgrees(g, b.Result); err != nil {
		return invalid("PGN for round %d, board %d: %v", rn, bn, err)
	}
	b.PGN = text
	return nil
}
