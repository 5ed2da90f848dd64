// Command pgngen writes Chess960 games in PGN with package pgn's writer, in
// the styles real sources use, for tests and benchmarks.
//
//	go run ./scripts/pgngen -style lichess -n 20 -seed 1 > games.pgn
//	go run ./scripts/pgngen -style mixed -mb 60 > corpus.pgn
//
// The games are played by a cheap policy: a random legal move, with
// captures, checks, castling and promotions preferred, from a random start
// position (of the 960; 518 now and then), until the game ends by the rules
// or a player "resigns" after 20 to 160 plies. Styles:
//
//	lichess    Variant "Chess960", lichess's tags, { [%eval ...] [%clk ...] } after every move
//	cutechess  Variant "fischerandom", Shredder-FEN, {+0.35/12 0.52s} after every move, tags sorted
//	chesscom   Variant "Chess960", a four-field FEN, {[%clk ...]} after every move
//	topevent   SetUp and FEN but no Variant tag, no comments
//	annotated  variations (some nested), NAGs and comments
//	mixed      all of these in turn (the benchmark corpus)
//
// The text is the writer's (export format: X-FEN, or Shredder-FEN for Cute
// Chess, movetext wrapped at 80 columns), made to look like its source:
// lichess's movetext on one line with "{ ... }" comments, Cute Chess's
// Variant "fischerandom" and its last comment naming how the game ended,
// chess.com's four-field FEN, no Variant tag for top events. With -export the
// writer's text is left as it is, apart from the Variant tag.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/pgn"
)

func main() {
	style := flag.String("style", "lichess", "lichess, cutechess, chesscom, topevent, annotated or mixed")
	n := flag.Int("n", 10, "games to write (unless -mb is given)")
	mb := flag.Float64("mb", 0, "write games until the output has this many megabytes")
	seed := flag.Uint64("seed", 1, "random seed")
	export := flag.Bool("export", false, "leave the writer's text as it is (no source-specific layout)")
	flag.Parse()
	rng := rand.New(rand.NewPCG(*seed, 960))
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	styles := []string{*style}
	if *style == "mixed" {
		styles = []string{"lichess", "lichess", "lichess", "cutechess", "chesscom", "topevent", "annotated"}
	}
	written := 0
	for i := 0; ; i++ {
		if *mb > 0 && float64(written) >= *mb*1e6 {
			break
		}
		if *mb == 0 && i >= *n {
			break
		}
		text, err := game(rng, styles[i%len(styles)], i+1, *export)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pgngen:", err)
			os.Exit(1)
		}
		out.WriteString(text)
		out.WriteString("\n")
		written += len(text) + 1
	}
}

// weight is how much the policy likes a move.
func weight(p *chess.Position, m chess.Move) int {
	w := 1
	switch {
	case m.IsCastle():
		w = 12
	case m.Promotion() != chess.NoRole:
		w = 8
	case p.PieceAt(m.To()).Role != chess.NoRole:
		w = 6
	case p.PieceAt(m.From()).Role == chess.Pawn:
		w = 2
	}
	q := *p
	q.Play(m)
	if q.InCheck() {
		w += 3
		if !q.HasLegalMoves() {
			w += 1000
		}
	}
	return w
}

func pick(rng *rand.Rand, p *chess.Position) (chess.Move, bool) {
	moves := p.AppendLegalMoves(nil)
	if len(moves) == 0 {
		return 0, false
	}
	total := 0
	ws := make([]int, len(moves))
	for i, m := range moves {
		ws[i] = weight(p, m)
		total += ws[i]
	}
	r := rng.IntN(total)
	for i, w := range ws {
		if r < w {
			return moves[i], true
		}
		r -= w
	}
	return moves[len(moves)-1], true
}

var names = []string{"Carlsen", "Nakamura", "Caruana", "So", "Firouzja", "Aronian", "Nepomniachtchi", "Giri",
	"Vachier-Lagrave", "Duda", "Ding", "Rapport", "Anand", "Kramnik", "Hou Yifan", "Ju Wenjun"}

func game(rng *rand.Rand, style string, num int, export bool) (string, error) {
	id := rng.IntN(960)
	if rng.IntN(20) == 0 {
		id = 518
	}
	start := chess.NewPosition(chess960.MustNew(id))
	cg := chess.NewGame(start)
	limit := 20 + rng.IntN(140)
	var moves []chess.Move
	for len(moves) < limit && !cg.Outcome().IsOver() {
		p := cg.Position()
		m, ok := pick(rng, &p)
		if !ok {
			break
		}
		if err := cg.Play(m); err != nil {
			return "", err
		}
		moves = append(moves, m)
	}
	res := cg.Outcome().Result
	if !cg.Outcome().IsOver() {
		res = []chess.Result{chess.WhiteWins, chess.BlackWins, chess.Draw, chess.WhiteWins, chess.BlackWins}[rng.IntN(5)]
	}
	g := pgn.NewGame(start, moves)
	i := rng.IntN(len(names))
	white, black := names[i], names[(i+1+rng.IntN(len(names)-1))%len(names)]
	g.Tags.Set("Result", res.String())
	mode := chess.Standard
	variant := "Chess960"
	switch style {
	case "lichess":
		g.Tags.Set("Event", "Rated Blitz game")
		g.Tags.Set("Site", fmt.Sprintf("https://lichess.org/%08x", rng.Uint32()))
		g.Tags.Set("Date", "2024.03.17")
		g.Tags.Set("Round", "-")
		g.Tags.Set("White", strings.ReplaceAll(white, " ", "_"))
		g.Tags.Set("Black", strings.ReplaceAll(black, " ", "_"))
		g.Tags.Set("UTCDate", "2024.03.17")
		g.Tags.Set("UTCTime", fmt.Sprintf("%02d:%02d:%02d", rng.IntN(24), rng.IntN(60), rng.IntN(60)))
		g.Tags.Set("WhiteElo", fmt.Sprint(1500+rng.IntN(1000)))
		g.Tags.Set("BlackElo", fmt.Sprint(1500+rng.IntN(1000)))
		g.Tags.Set("TimeControl", "180+0")
		g.Tags.Set("Termination", "Normal")
		clock := [2]int{180, 180}
		for i := range g.Moves.Nodes {
			clock[i%2] -= rng.IntN(6)
			c := clock[i%2]
			if c < 0 {
				c = 0
			}
			comment := fmt.Sprintf("[%%clk %d:%02d:%02d]", c/3600, c/60%60, c%60)
			if rng.IntN(3) > 0 {
				comment = fmt.Sprintf("[%%eval %.2f] ", rng.NormFloat64()) + comment
			}
			g.Moves.Nodes[i].Comments = []string{comment}
		}
	case "cutechess":
		variant = "fischerandom"
		mode = chess.Chess960
		g.Tags.Set("Event", "Engine match")
		g.Tags.Set("Site", "?")
		g.Tags.Set("Date", "2024.01.05")
		g.Tags.Set("Round", fmt.Sprint(num))
		g.Tags.Set("White", "Stockfish 16")
		g.Tags.Set("Black", "Komodo Dragon 3")
		extra := map[string]string{"GameDuration": "00:01:02", "PlyCount": fmt.Sprint(len(moves)), "TimeControl": "40/60"}
		keys := make([]string, 0, len(extra))
		for k := range extra {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			g.Tags.Set(k, extra[k])
		}
		for i := range g.Moves.Nodes {
			g.Moves.Nodes[i].Comments = []string{fmt.Sprintf("%+.2f/%d %.2fs", rng.NormFloat64(), 8+rng.IntN(12), rng.Float64())}
		}
		if n := len(g.Moves.Nodes); n > 0 {
			end := map[chess.Result]string{chess.WhiteWins: "Black resigns", chess.BlackWins: "White resigns", chess.Draw: "Draw by adjudication"}[res]
			if o := cg.Outcome(); o.IsOver() {
				end = o.Termination.String()
			}
			g.Moves.Nodes[n-1].Comments[0] += ", " + end
		}
	case "chesscom":
		g.Tags.Set("Event", "Live Chess - Chess960")
		g.Tags.Set("Site", "Chess.com")
		g.Tags.Set("Date", "2023.11.02")
		g.Tags.Set("Round", "-")
		g.Tags.Set("White", white)
		g.Tags.Set("Black", black)
		g.Tags.Set("TimeControl", "600")
		for i := range g.Moves.Nodes {
			g.Moves.Nodes[i].Comments = []string{fmt.Sprintf("[%%clk 0:%02d:%02d.%d]", 9-i/20, rng.IntN(60), rng.IntN(10))}
		}
	case "topevent":
		variant = ""
		g.Tags.Set("Event", "Freestyle Chess Grand Slam")
		g.Tags.Set("Site", "Weissenhaus GER")
		g.Tags.Set("Date", "2024.02.09")
		g.Tags.Set("Round", fmt.Sprintf("1.%d", num))
		g.Tags.Set("White", white)
		g.Tags.Set("Black", black)
	case "annotated":
		g.Tags.Set("Event", "Annotated")
		g.Tags.Set("White", white)
		g.Tags.Set("Black", black)
		g.Tags.Set("Annotator", "pgngen")
		g.Moves.Comments = []string{"A game with variations, NAGs and comments."}
		annotate(rng, &g.Moves, start, 0)
	default:
		return "", fmt.Errorf("unknown style %q", style)
	}
	text, err := g.AppendPGN(nil, mode)
	if err != nil {
		return "", err
	}
	s := string(text)
	if export {
		return s, nil
	}
	switch {
	case variant == "":
		s = strings.Replace(s, "[Variant \"Chess960\"]\n", "", 1)
	case variant != "Chess960":
		s = strings.Replace(s, "[Variant \"Chess960\"]", "[Variant \""+variant+"\"]", 1)
	}
	if style == "lichess" {
		// lichess: the movetext on one line, comments as { ... }.
		i := strings.Index(s, "\n\n") + 2
		body := strings.ReplaceAll(strings.TrimSpace(s[i:]), "\n", " ")
		body = strings.ReplaceAll(strings.ReplaceAll(body, "{", "{ "), "}", " }")
		s = s[:i] + body + "\n"
	}
	if style == "chesscom" {
		// chess.com writes four FEN fields.
		i := strings.Index(s, "[FEN \"")
		if i >= 0 {
			j := strings.Index(s[i:], "\"]") + i
			f := strings.Fields(s[i+6 : j])
			s = s[:i+6] + strings.Join(f[:4], " ") + s[j:]
		}
	}
	return s, nil
}

// annotate adds NAGs, comments and variations (nested now and then) to v,
// which starts at p.
func annotate(rng *rand.Rand, v *pgn.Variation, p chess.Position, depth int) {
	for i := range v.Nodes {
		n := &v.Nodes[i]
		if rng.IntN(6) == 0 {
			n.NAGs = append(n.NAGs, 1+rng.IntN(6))
		}
		if rng.IntN(8) == 0 {
			n.Comments = append(n.Comments, "An idea worth a comment; (not a variation).")
		}
		if depth < 3 && rng.IntN(7) == 0 {
			q := p
			var alt []chess.Move
			for k := 1 + rng.IntN(6); k > 0; k-- {
				m, ok := pick(rng, &q)
				if !ok {
					break
				}
				if len(alt) == 0 && m == n.Move {
					break
				}
				alt = append(alt, m)
				q.Play(m)
			}
			if len(alt) > 0 {
				sub := pgn.NewGame(p, alt).Moves
				annotate(rng, &sub, p, depth+1)
				n.Variations = append(n.Variations, sub)
			}
		}
		p.Play(n.Move)
	}
}
