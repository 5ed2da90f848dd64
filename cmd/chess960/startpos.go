package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
)

// posJSON is the JSON object for one start position, shared by pos, id,
// random and table.
type posJSON struct {
	ID          int    `json:"id"`
	Fritz9      int    `json:"fritz9"`
	Rank        string `json:"rank"`
	FEN         string `json:"fen"`
	ShredderFEN string `json:"shredderFen"`
	Mirror      int    `json:"mirror"`
	MirrorRank  string `json:"mirrorRank"`
	BishopCode  int    `json:"bishopCode"`
	KingsTable  string `json:"kingsTable"`
	Skeleton    string `json:"skeleton"`
}

func toJSON(p chess960.StartPos) posJSON {
	return posJSON{
		ID: p.ID(), Fritz9: p.Fritz9(), Rank: p.String(),
		FEN: p.FEN(chess960.XFEN), ShredderFEN: p.FEN(chess960.Shredder),
		Mirror: p.Mirror().ID(), MirrorRank: p.Mirror().String(),
		BishopCode: p.BishopCode(), KingsTable: p.KingsTableEntry(), Skeleton: p.Skeleton(),
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// diagram draws the start position as text, White at the bottom.
func diagram(p chess960.StartPos) string {
	r := p.String()
	var b strings.Builder
	row := func(n int, s string) {
		fmt.Fprintf(&b, "  %d %s\n", n, strings.Join(strings.Split(s, ""), " "))
	}
	row(8, strings.ToLower(r))
	row(7, "pppppppp")
	for n := 6; n >= 3; n-- {
		row(n, "........")
	}
	row(2, "PPPPPPPP")
	row(1, r)
	b.WriteString("    a b c d e f g h\n")
	return b.String()
}

func writePosText(w io.Writer, p chess960.StartPos) {
	m := p.Mirror()
	fmt.Fprintln(w, p)
	fmt.Fprintf(w, "Scharnagl:  %d\n", p.ID())
	fmt.Fprintf(w, "Fritz9:     %d\n", p.Fritz9())
	fmt.Fprintf(w, "X-FEN:      %s\n", p.FEN(chess960.XFEN))
	fmt.Fprintf(w, "Shredder:   %s\n", p.FEN(chess960.Shredder))
	fmt.Fprintf(w, "Mirror:     %d %s\n", m.ID(), m)
	fmt.Fprintf(w, "Tables:     King's table %d %s + Bishop's table %d; NQ-skeleton %s\n",
		p.ID()-p.BishopCode(), p.KingsTableEntry(), p.BishopCode(), p.Skeleton())
	fmt.Fprintln(w)
	fmt.Fprint(w, diagram(p))
}

// note960 says on stderr that 960 was taken as 0.
func note960(e *env, arg string) {
	if t := strings.TrimLeft(strings.TrimLeft(strings.ToUpper(arg), "SP-#"), "0"); t == "960" {
		fmt.Fprintln(e.stderr, "chess960: note: 960 is taken as 0 (Scharnagl's 1..960 convention: the number mod 960)")
	}
}

func init() {
	register(&command{
		name: "pos", args: "N [--fritz9] [--json]",
		summary: "show the start position with Scharnagl number N (0..959; 960 is taken as 0)",
		detail: `Prints the back rank on the first line, then both numbers, the FEN in X-FEN and
Shredder-FEN castling style, the mirror image and a diagram. N may also be written SP-N.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fritz := fs.Bool("fritz9", false, "N is a Fritz9 number (1..960)")
			asJSON := fs.Bool("json", false, "print one JSON object")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 1, 1, "position number N"); err != nil {
					return err
				}
				var p chess960.StartPos
				var err error
				if *fritz {
					p, err = chess960.ParseFritz9(args[0])
				} else {
					p, err = chess960.ParseID(args[0])
					if err == nil {
						note960(e, args[0])
					}
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, toJSON(p))
				}
				writePosText(e.stdout, p)
				return nil
			}
		},
	})
	register(&command{
		name: "id", args: "RANK|FEN [--json]",
		summary: "print the Scharnagl number of a back rank (RNBQKBNR) or start-position FEN",
		detail: `RANK is eight letters K Q R B N in either case. FEN is a start position's FEN in any
castling style (KQkq, HAha, ...); quote it. "-" reads the rank or FEN from stdin.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			asJSON := fs.Bool("json", false, "print the same JSON object as pos")
			return func(e *env, args []string) error {
				args = joinFEN(args) // an unquoted FEN arrives as several arguments
				if err := wantArgs(args, 1, 1, "back rank or FEN"); err != nil {
					return err
				}
				s, err := readArg(e, args[0])
				if err != nil {
					return err
				}
				var p chess960.StartPos
				if strings.ContainsAny(s, "/ ") {
					p, err = chess960.ParseFEN(s)
				} else {
					p, err = chess960.ParseRank(s)
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, toJSON(p))
				}
				fmt.Fprintln(e.stdout, p.ID())
				return nil
			}
		},
	})
	register(&command{
		name: "random", args: "[--count K] [--seed S] [--unique] [--exclude LIST] [--json]",
		summary: "draw start positions uniformly at random",
		detail: `Prints one line per draw: the Scharnagl number and the back rank.
Without --seed the draws come from the operating system's secure random source.
With --seed S (any text) they are reproducible on every platform and version: draw k
(from 0) is SHA-256("chess960:" + S + ":" + k), first 8 bytes as a big-endian number,
modulo the number of allowed positions (in ascending order), redrawn in the rare case
(< 1e-16) that it falls in the last incomplete block. Re-derive with:
  printf 'chess960:%s:%d' "$S" 0 | sha256sum
LIST is numbers and ranges, e.g. 518,0-9.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			count := fs.Int("count", 1, "number of positions to draw (1..10000000)")
			seed := fs.String("seed", "", "make the draw reproducible from this text")
			unique := fs.Bool("unique", false, "no repeats until every allowed position was drawn")
			exclude := fs.String("exclude", "", "never draw these positions (e.g. 518,0-9)")
			asJSON := fs.Bool("json", false, "print a JSON array of position objects")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				if *count < 1 || *count > 10_000_000 {
					return fmt.Errorf("--count %d: out of range: must be 1..10000000", *count)
				}
				ex, err := chess960.ParseSet(*exclude)
				if err != nil {
					return err
				}
				seeded := false
				fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
				d, err := chess960.NewDrawer(chess960.DrawOptions{Seeded: seeded, Seed: *seed, Exclude: ex, Unique: *unique})
				if err != nil {
					return fmt.Errorf("--exclude %q: every position is excluded: nothing left to draw", *exclude)
				}
				if *asJSON {
					// Streamed, so that a large --count needs no memory.
					fmt.Fprint(e.stdout, "[")
					for i := 0; i < *count; i++ {
						b, err := json.MarshalIndent(toJSON(d.Next()), "  ", "  ")
						if err != nil {
							return err
						}
						if i > 0 {
							fmt.Fprint(e.stdout, ",")
						}
						fmt.Fprintf(e.stdout, "\n  %s", b)
					}
					fmt.Fprintln(e.stdout, "\n]")
					return nil
				}
				for i := 0; i < *count; i++ {
					p := d.Next()
					fmt.Fprintf(e.stdout, "%d %s\n", p.ID(), p)
				}
				return nil
			}
		},
	})
	register(&command{
		name: "table", args: "[--format text|csv|json]",
		summary: "list all 960 start positions in Scharnagl order",
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			format := fs.String("format", "text", "text, csv or json")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				all := chess960.All().Positions()
				switch *format {
				case "json":
					list := make([]posJSON, len(all))
					for i, p := range all {
						list[i] = toJSON(p)
					}
					return writeJSON(e.stdout, list)
				case "csv":
					w := csv.NewWriter(e.stdout)
					w.Write([]string{"id", "fritz9", "rank", "fen", "shredder_fen", "mirror"})
					for _, p := range all {
						w.Write([]string{strconv.Itoa(p.ID()), strconv.Itoa(p.Fritz9()), p.String(),
							p.FEN(chess960.XFEN), p.FEN(chess960.Shredder), strconv.Itoa(p.Mirror().ID())})
					}
					w.Flush()
					return w.Error()
				case "text":
					fmt.Fprintln(e.stdout, " ID  RANK      FRITZ9  MIRROR  SHREDDER-FEN")
					for _, p := range all {
						fmt.Fprintf(e.stdout, "%3d  %s  %6d  %6d  %s\n", p.ID(), p, p.Fritz9(), p.Mirror().ID(), p.FEN(chess960.Shredder))
					}
					return nil
				}
				return fmt.Errorf("--format %q: unknown format: want text, csv or json", *format)
			}
		},
	})
	register(&command{
		name: "tables", args: "",
		summary: "print the seed tables: King's, Bishop's, N5N, NQ-skeleton and Fritz9's",
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				fmt.Fprintln(e.stdout, chess960.TablesText())
				return nil
			}
		},
	})
	register(&command{
		name: "explain", args: "N|RANK|FEN [--fritz9] [--json]",
		summary: "derive a start position from its number step by step",
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			fritz := fs.Bool("fritz9", false, "N is a Fritz9 number (1..960)")
			asJSON := fs.Bool("json", false, "print the derivation as JSON")
			return func(e *env, args []string) error {
				args = joinFEN(args)
				if err := wantArgs(args, 1, 1, "position number N"); err != nil {
					return err
				}
				s, err := readArg(e, args[0])
				if err != nil {
					return err
				}
				var p chess960.StartPos
				if *fritz {
					p, err = chess960.ParseFritz9(s)
				} else {
					p, err = chess960.Parse(s)
					if err == nil {
						note960(e, s)
					}
				}
				if err != nil {
					return err
				}
				if *asJSON {
					return writeJSON(e.stdout, p.Derive())
				}
				fmt.Fprintln(e.stdout, p.Derive())
				return nil
			}
		},
	})
}
