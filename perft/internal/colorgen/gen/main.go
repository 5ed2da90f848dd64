// Command gen writes engine_b.go from engine_w.go: go run
// ./internal/colorgen/gen engine_w.go engine_b.go (go generate in package
// perft).
package main

import (
	"fmt"
	"os"

	"github.com/chess960/chess960/perft/internal/colorgen"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gen IN OUT")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err == nil {
		var out []byte
		if out, err = colorgen.Black(in, os.Args[1]); err == nil {
			err = os.WriteFile(os.Args[2], out, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
