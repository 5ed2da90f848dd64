package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"strconv"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
)

func init() {
	register(&command{
		name: "table", args: "[--format text|csv|json]",
		summary: "list all 960 start positions in Scharnagl order",
		detail: `The CSV columns and the JSON keys have the same names: id, fritz9, rank, fen
(X-FEN), shredderFen, mirror (and, in JSON, the rest of the object pos prints).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) error {
			format := choiceFlag(fs, "format", "text", []string{"text", "csv", "json"}, nil, "the output format")
			return func(e *env, args []string) error {
				if err := wantArgs(args, 0, 0, ""); err != nil {
					return err
				}
				all := chess960.All().Positions()
				switch format.v {
				case "json":
					return writeJSON(e.stdout, api.NewStartPositions(all))
				case "csv":
					w := csv.NewWriter(e.stdout)
					w.Write([]string{"id", "fritz9", "rank", "fen", "shredderFen", "mirror"})
					for _, p := range all {
						sp := api.NewStartPosition(p)
						w.Write([]string{strconv.Itoa(sp.ID), strconv.Itoa(sp.Fritz9), sp.Rank, sp.FEN, sp.ShredderFEN, strconv.Itoa(sp.Mirror)})
					}
					w.Flush()
					if err := w.Error(); err != nil {
						return &outputError{err}
					}
					return nil
				}
				fmt.Fprintln(e.stdout, " ID  RANK      FRITZ9  MIRROR  SHREDDER-FEN")
				for _, p := range all {
					fmt.Fprintf(e.stdout, "%3d  %s  %6d  %6d  %s\n", p.ID(), p, p.Fritz9(), p.Mirror().ID(), chess.NewPosition(p).FEN(chess.Chess960))
				}
				return nil
			}
		},
	})
}
