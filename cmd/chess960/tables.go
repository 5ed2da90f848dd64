package main

import (
	"flag"
	"fmt"

	"github.com/chess960/chess960"
)

func init() {
	register(&command{
		name: "tables", args: "",
		summary: "print the seed tables: King's, Bishop's, N5N, NQ-skeleton and Fritz9's",
		detail: `The tables are computed from the rules and laid out as in the source: the King's
table, Scharnagl's NQ-skeleton table, the Bishop's table, the N5N table, Fritz9's
knight table and the Fritz9 NQ-skeleton table.`,
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
}
