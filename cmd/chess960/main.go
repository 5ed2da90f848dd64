// Command chess960 names, finds, draws and explains the 960 Chess960 start
// positions, and plays and counts Chess960 games.
//
// Run "chess960 help" for the list of subcommands and "chess960 help CMD"
// (or "chess960 CMD --help") for each one's arguments and flags. Results go
// to stdout; an error is one line on stderr, "chess960 CMD: ...", with exit
// status 1 for bad input and 2 for wrong usage. Notes (a position that no
// game can reach, a number taken mod 960) go to stderr as
// "chess960 CMD: note: ..." and do not change the exit status.
//
// Each subcommand lives in its own file and registers itself with
// register(&command{...}); positionArg reads the position argument that
// fen, moves, play and perft share.
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

	"github.com/chess960/chess960/internal/api"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a subcommand may touch.
type env struct {
	cmd            string // the subcommand's name, for messages
	stdin          io.Reader
	stdout, stderr io.Writer
	notes          []string // written on stderr if the command succeeds
}

// notef adds a note, "chess960 CMD: note: ...", one line. The notes go to
// stderr before the output when the command succeeds; a command that fails
// writes its error alone.
func (e *env) notef(format string, a ...any) {
	e.notes = append(e.notes, "chess960 "+e.cmd+": note: "+oneLine(fmt.Sprintf(format, a...))+"\n")
}

// command is one subcommand.
type command struct {
	name    string
	args    string // synopsis of the positional arguments and flags
	summary string
	detail  string
	// setup declares the flags; run does the work with the positional args.
	setup func(fs *flag.FlagSet) func(e *env, args []string) error
	// raw: run gets the arguments as given, flags and all, and parses
	// them itself (event, whose actions have flag sets of their own).
	raw bool
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
type usageError struct {
	msg  string
	flag string // an unknown flag's name, when that is the error
}

func (u *usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// interruptedError is a command stopped by Ctrl-C (SIGINT): exit status
// 130, as a shell reports a command killed by that signal (128 + 2).
type interruptedError struct{ msg string }

func (i *interruptedError) Error() string { return i.msg }

// outputError is a failed write to stdout: the command stops at once.
type outputError struct{ err error }

func (o *outputError) Error() string { return "writing output: " + o.err.Error() }

var errHelp = errors.New("help requested")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriter(stdout)
	e := &env{cmd: "", stdin: stdin, stdout: out, stderr: stderr}
	code := dispatch(e, args)
	if code == 0 {
		for _, n := range e.notes {
			io.WriteString(stderr, n)
		}
	}
	if err := out.Flush(); err != nil && code == 0 {
		name := "chess960"
		if e.cmd != "" {
			name += " " + e.cmd
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, &outputError{err})
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
		switch {
		case len(args) == 1:
			mainUsage(e.stdout)
			return 0
		case len(args) > 2:
			fmt.Fprintf(e.stderr, "chess960 help: unexpected argument %s (usage: chess960 help [COMMAND])\n", quoteArg(args[2]))
			return 2
		}
		c := lookup(args[1])
		if c == nil {
			fmt.Fprintf(e.stderr, "chess960 help: unknown command %s (run 'chess960 help' for the list)\n", quoteArg(args[1]))
			return 2
		}
		commandUsage(e.stdout, c, newFlagSet(c))
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(e.stderr, "chess960: unknown command %s (run 'chess960 help' for the list)\n", quoteArg(name))
		return 2
	}
	e.cmd = c.name
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runFn := c.setup(fs)
	pos, err := args[1:], error(nil)
	if !c.raw {
		pos, err = parseFlags(fs, args[1:])
	}
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
	msg := "chess960 " + c.name + ": " + api.Message(err)
	var u *usageError
	if errors.As(err, &u) {
		fmt.Fprintf(e.stderr, "%s (usage: chess960 %s %s)\n", msg, c.name, c.args)
		return 2
	}
	var ie *interruptedError
	if errors.As(err, &ie) {
		fmt.Fprintln(e.stderr, msg)
		return 130
	}
	fmt.Fprintln(e.stderr, msg)
	return 1
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.setup(fs)
	return fs
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
	fmt.Fprintln(w, "Run 'chess960 help COMMAND' for a command's arguments and flags.")
	fmt.Fprintln(w, "A position is a FEN (quoted), startpos, a start position number (518) or a back rank")
	fmt.Fprintln(w, "(RNBQKBNR), or - to read one from stdin. Numbers are plain decimal digits; keyword")
	fmt.Fprintln(w, "values (csv, shredder, startpos, true) are read in either case.")
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
	printFlags(w, fs)
}

// printFlags lists the flags of fs, one a line.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if v, ok := f.Value.(interface{ kind() string }); ok && !strings.Contains(f.Usage, "`") {
			name = v.kind()
		}
		left := "--" + f.Name
		if len(f.Name) == 1 {
			left = "-" + f.Name // -p, -c: one letter, one dash, as the commands they mimic write them
		}
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
