// Command chess960 names, finds, draws and explains the 960 Chess960 start
// positions, and plays and counts Chess960 games.
//
// Run "chess960 help" for the list of subcommands and "chess960 CMD --help"
// for each one's flags. Results go to stdout; errors go to stderr as one line,
// with exit status 1 for bad input and 2 for wrong usage.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a subcommand may touch.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	name    string
	args    string // synopsis of the positional arguments and flags
	summary string
	detail  string
	// setup declares the flags; run does the work with the positional args.
	setup func(fs *flag.FlagSet) func(e *env, args []string) error
}

var commands []*command

func register(c *command) { commands = append(commands, c) }

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// usageError is wrong usage (exit 2); any other error is bad input (exit 1).
type usageError struct{ msg string }

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

var errHelp = errors.New("help requested")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriter(stdout)
	e := &env{stdin: stdin, stdout: out, stderr: stderr}
	code := dispatch(e, args)
	if err := out.Flush(); err != nil && code == 0 {
		fmt.Fprintf(stderr, "chess960: writing output: %v\n", err)
		return 1
	}
	return code
}

func dispatch(e *env, args []string) int {
	if len(args) == 0 {
		mainUsage(e.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				commandUsage(e.stdout, c, newFlagSet(c))
				return 0
			}
		}
		mainUsage(e.stdout)
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(e.stderr, "chess960: unknown command %q (run 'chess960 help')\n", name)
		return 2
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runFn := c.setup(fs)
	pos, err := parseFlags(fs, args[1:])
	if err == nil {
		err = runFn(e, pos)
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		commandUsage(e.stdout, c, fs)
		return 0
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "chess960") {
		msg = "chess960 " + c.name + ": " + msg
	}
	var u *usageError
	if errors.As(err, &u) {
		fmt.Fprintf(e.stderr, "%s (usage: chess960 %s %s)\n", oneLine(msg), c.name, c.args)
		return 2
	}
	fmt.Fprintln(e.stderr, oneLine(msg))
	return 1
}

func oneLine(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ") }

func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.setup(fs)
	return fs
}

// parseFlags reads flags anywhere among the arguments ("pos 518 --json"),
// with one or two dashes, "--name=value" or "--name value". A negative number
// is an argument, not a flag, so "pos -1" reports a number out of range.
// "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' || isNegativeNumber(a) {
			pos = append(pos, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, val, hasVal := strings.Cut(name, "=")
		if name == "h" || name == "help" {
			return nil, errHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			return nil, usagef("unknown flag %q", a)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if !hasVal {
				val = "true"
			}
		} else if !hasVal {
			if i+1 >= len(args) {
				return nil, usagef("flag --%s needs a value", name)
			}
			i++
			val = args[i]
		}
		if err := fs.Set(name, val); err != nil {
			kind, _ := flag.UnquoteUsage(f)
			return nil, fmt.Errorf("--%s %q: %s", name, val, flagErr(kind, err))
		}
	}
	return pos, nil
}

// flagErr words the flag package's error for a bad value.
func flagErr(kind string, err error) string {
	switch {
	case strings.Contains(err.Error(), "out of range"):
		return "number out of range"
	case kind == "int" || kind == "uint" || kind == "int64" || kind == "uint64":
		return "not a whole number"
	case kind == "":
		return "want true or false"
	}
	return err.Error()
}

func isNegativeNumber(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func mainUsage(w io.Writer) {
	fmt.Fprintln(w, "chess960: Chess960 (Fischer Random Chess) start positions, rules and perft")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: chess960 COMMAND [ARGS] [FLAGS]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	cs := append([]*command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	for _, c := range cs {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'chess960 COMMAND --help' for a command's arguments and flags.")
	fmt.Fprintln(w, "Errors go to stderr; exit status 1 means bad input, 2 wrong usage.")
}

func commandUsage(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: chess960 %s %s\n\n%s\n", c.name, c.args, c.summary)
	if c.detail != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.detail))
	}
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintln(w, "\nflags:")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if name != "" {
			left += " " + name
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "  %-22s %s%s\n", left, usage, def)
	})
}

// readArg returns the argument, or a line of stdin when it is "-".
func readArg(e *env, a string) (string, error) {
	if a != "-" {
		return a, nil
	}
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 4096), 1<<20)
	if sc.Scan() {
		return strings.TrimSpace(sc.Text()), nil
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading stdin: %v", err)
	}
	return "", errors.New("stdin is empty: want a line to read for '-'")
}

// wantArgs checks the number of positional arguments.
func wantArgs(args []string, min, max int, what string) error {
	switch {
	case len(args) < min:
		return usagef("missing %s", what)
	case max >= 0 && len(args) > max:
		return usagef("unexpected argument %q", args[max])
	}
	return nil
}
