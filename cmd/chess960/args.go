package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/api"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// quoteArg quotes an argument for a message, at most 100 bytes of it.
func quoteArg(s string) string { return quote.Input(s) }

// parseFlags reads flags anywhere among the arguments ("pos 518 --json"),
// with one or two dashes, "--name=value" or "--name value". A negative
// number is an argument, not a flag, so "pos -1" reports a number out of
// range; "-" alone is an argument (stdin), and so is a dash followed by
// what no flag name starts with ("-/+", a result). "--" ends the flags. A flag
// given twice, and a value that looks like a flag ("--seed --json"), are
// refused: write "--seed=--json" to mean it.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' || isNegativeNumber(a) || notFlagName(a) {
			pos = append(pos, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, val, hasVal := strings.Cut(name, "=")
		if name == "h" || name == "help" {
			if hasVal {
				return nil, usagef("%s: --help takes no value", quoteArg(a))
			}
			return nil, errHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			hint := ""
			if g := fs.Lookup(strings.ToLower(name)); g != nil {
				hint = " (flag names are lower case: --" + g.Name + ")"
			}
			return nil, &usageError{msg: fmt.Sprintf("unknown flag %s%s", quoteArg(a), hint), flag: name}
		}
		if seen[name] {
			return nil, usagef("flag --%s given twice", name)
		}
		seen[name] = true
		isBool := false
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			isBool = true
			if !hasVal {
				val = "true"
			}
		} else if !hasVal {
			if i+1 >= len(args) {
				return nil, usagef("flag --%s needs a value", name)
			}
			i++
			val = args[i]
			if len(val) > 1 && val[0] == '-' && !isNegativeNumber(val) {
				eq := "--" + name + "=" + val
				if len(eq) > 40 || strings.IndexFunc(val, func(r rune) bool { return r <= ' ' || r > '~' || r == '"' || r == '\'' || r == '\\' }) >= 0 {
					eq = "--" + name + "=VALUE"
				}
				return nil, usagef("flag --%s needs a value, and %s looks like a flag (write %s to use it as the value)", name, quoteArg(val), eq)
			}
		}
		if err := fs.Set(name, val); err != nil {
			if isBool {
				err = errors.New("want true or false") // the flag package says "parse error"
			}
			return nil, usageValueError(name, val, err)
		}
	}
	return pos, nil
}

// notFlagName reports whether an argument that starts with a dash cannot
// be a flag: a single dash followed by a character no flag name begins
// with, as in the results "-/+", "-/-" and "-+".
func notFlagName(s string) bool {
	c := s[1]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-')
}

func isNegativeNumber(s string) bool {
	return len(s) >= 2 && s[0] == '-' && decimal.Digits(s[1:])
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// errNumber is the reason a number flag refuses text that is not plain
// decimal digits.
var errNumber = errors.New("want a whole number in plain decimal digits, such as 12")

// parseDecimal reads a whole number written in plain decimal digits, with a
// leading '-' for a negative one (package internal/decimal: "010" is ten;
// no '+', '_', 0x, 0o or 0b prefix). It is how every number flag reads its
// value; positional numbers (pos 518) are read the same way by package
// chess960. A number outside min..max is out of range.
func parseDecimal(s string, min, max int64) (int64, error) {
	n, err := decimal.Int(s, min, max)
	switch {
	case err == decimal.ErrSyntax:
		return 0, errNumber
	case err != nil && max == math.MaxInt64:
		return 0, fmt.Errorf("out of range: must be %d or more", min)
	case err != nil:
		return 0, fmt.Errorf("out of range: must be %d..%d", min, max)
	}
	return n, nil
}

// number is the flag.Value of every number flag: plain decimal digits in a
// range (see parseDecimal).
type number struct {
	n        int64
	min, max int64
}

func (v *number) Set(s string) error {
	n, err := parseDecimal(s, v.min, v.max)
	if err != nil {
		return err
	}
	v.n = n
	return nil
}

func (v *number) String() string {
	if v == nil {
		return "0"
	}
	return strconv.FormatInt(v.n, 10)
}

func (v *number) kind() string { return "N" }

// numberFlag defines a number flag with a default and a range (max
// math.MaxInt64: no upper bound).
func numberFlag(fs *flag.FlagSet, name string, def, min, max int64, usage string) *number {
	v := &number{n: def, min: min, max: max}
	fs.Var(v, name, usage)
	return v
}

// boolFlag defines a true/false flag: given alone it is true, and a value
// is read as the flag package reads it (true, false, TRUE, False, 1, 0, ...).
func boolFlag(fs *flag.FlagSet, name, usage string) *bool { return fs.Bool(name, false, usage) }

// choice is the flag.Value of a flag that takes one of a few keywords, in
// either case; each keyword may have aliases.
type choice struct {
	v       string
	options []string          // the keywords, as help lists them
	alias   map[string]string // other spellings -> keyword
}

func (c *choice) Set(s string) error {
	t := strings.ToLower(s)
	if k, ok := c.alias[t]; ok {
		t = k
	}
	for _, o := range c.options {
		if t == o {
			c.v = o
			return nil
		}
	}
	return errors.New("unknown value: want " + orList(c.options))
}

func (c *choice) String() string {
	if c == nil {
		return ""
	}
	return c.v
}

func (c *choice) kind() string { return strings.Join(c.options, "|") }

func choiceFlag(fs *flag.FlagSet, name, def string, options []string, alias map[string]string, usage string) *choice {
	c := &choice{v: def, options: options, alias: alias}
	fs.Var(c, name, usage)
	return c
}

// orList writes "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// castlingFlag defines --castling, the castling style of FEN output.
func castlingFlag(fs *flag.FlagSet, usage string) *choice {
	return choiceFlag(fs, "castling", "xfen", []string{"xfen", "shredder"}, map[string]string{"x-fen": "xfen", "shredder-fen": "shredder"}, usage)
}

// castlingMode returns the mode a --castling flag chose.
func castlingMode(c *choice) chess.CastlingMode {
	if c.v == "shredder" {
		return chess.Chess960
	}
	return chess.Standard
}

// maxStdin bounds what "-" reads from stdin.
const maxStdin = 1 << 20

// readInput returns the argument, or for "-" the text on stdin: one line,
// surrounding space trimmed, at most 1 MiB; what names what is expected,
// for messages ("stdin is empty: want one position for '-'").
func readInput(e *env, a, what string) (string, error) {
	if a != "-" {
		return a, nil
	}
	data, err := io.ReadAll(io.LimitReader(e.stdin, maxStdin+1))
	if err != nil {
		return "", fmt.Errorf("reading stdin for '-': %v", err)
	}
	if len(data) > maxStdin {
		return "", fmt.Errorf("stdin holds more than 1 MiB: want one %s for '-'", what)
	}
	s := strings.TrimSpace(string(data))
	if s == "" {
		return "", fmt.Errorf("stdin is empty: want one %s for '-'", what)
	}
	if n := strings.Count(s, "\n") + 1; n > 1 {
		return "", fmt.Errorf("stdin holds %d lines: want one %s for '-'", n, what)
	}
	return s, nil
}

// positionArg reads a position argument the way fen, moves, play and perft
// all read it (and the commands built on them should): a FEN (quoted; any
// castling style), "startpos", a Scharnagl number (518, SP-518), a back rank
// (RNBQKBNR, either case), or "-" to read one of these from stdin. A
// refused argument gets the reason (a number out of range, bishops on one
// colour, the rules a FEN breaks). It writes a note on stderr when 960 is
// taken as 0; noteWarnings tells about a position no game can reach.
func positionArg(e *env, a string) (chess.Position, error) {
	s, err := readInput(e, a, "position (FEN, startpos, number or back rank)")
	if err != nil {
		return chess.Position{}, err
	}
	p, err := api.ParsePosition(s)
	if err == nil && chess960.NumberLike(strings.TrimSpace(s)) {
		note960(e, s)
	}
	return p, err
}

// note960 says on stderr that 960 was taken as 0.
func note960(e *env, arg string) {
	t := strings.ToUpper(strings.TrimSpace(arg))
	t = strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(t, "SP"), "-"), "#")
	if strings.TrimLeft(t, "0") == "960" {
		e.notef("960 is taken as 0 (Scharnagl's 1..960 convention: the number mod 960)")
	}
}

// noteWarnings says on stderr, in one line, what no game can reach about a
// position that is played all the same (promoted material, castling rights
// that do not mirror, an impossible check or halfmove clock). The --json
// forms carry the same warnings in their "warnings" list instead.
func noteWarnings(e *env, p chess.Position) {
	w := p.Warnings()
	if len(w) == 0 {
		return
	}
	parts := make([]string, len(w))
	for i, x := range w {
		parts[i] = x.String()
	}
	e.notef("no game can reach this position, but it is played: %s", strings.Join(parts, "; "))
}

// joinFEN rejoins a FEN that arrived unquoted as several arguments: the
// board field followed by the side to move and the other fields.
func joinFEN(args []string) []string {
	if len(args) < 2 || !strings.Contains(args[0], "/") || (args[1] != "w" && args[1] != "b") {
		return args
	}
	n := 2
	for n < len(args) && n < 6 && looksLikeFENField(n, args[n]) {
		n++
	}
	return append([]string{strings.Join(args[:n], " ")}, args[n:]...)
}

func looksLikeFENField(i int, s string) bool {
	switch i {
	case 2: // castling
		return s == "-" || strings.Trim(s, "KQkqABCDEFGHabcdefgh") == ""
	case 3: // en passant
		return s == "-" || (len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && (s[1] == '3' || s[1] == '6'))
	default: // counters
		return decimal.Digits(s)
	}
}

// wantArgs checks the number of positional arguments (max < 0: no limit).
func wantArgs(args []string, min, max int, what string) error {
	switch {
	case len(args) < min:
		return usagef("missing %s", what)
	case max >= 0 && len(args) > max:
		return usagef("unexpected argument %s", quoteArg(args[max]))
	}
	return nil
}

// usageValueError is the error for a bad value of a flag: `--name "value":
// reason`.
func usageValueError(name, val string, err error) error {
	return fmt.Errorf("--%s %s: %v", name, quoteArg(val), err)
}

// openArg opens the file a command reads from an argument or flag: the
// file name, or stdin for "-". shown names it in messages: the quoted name,
// or stdin. A file that cannot be opened, and a directory, get an error
// "NAME: reason" (the reason alone, as "no such file or directory");
// close closes the file (for stdin it does nothing).
func openArg(e *env, name string) (r io.Reader, shown string, close func(), err error) {
	if name == "-" {
		return e.stdin, "stdin", func() {}, nil
	}
	shown = quoteArg(name)
	f, err := os.Open(name)
	if err != nil {
		return nil, shown, nil, fmt.Errorf("%s: %v", shown, unwrapPathError(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, shown, nil, fmt.Errorf("%s: is a directory", shown)
	}
	return f, shown, func() { f.Close() }, nil
}

// readArg reads the whole file that openArg opens, refusing one larger
// than limit bytes.
func readArg(e *env, name string, limit int64) ([]byte, error) {
	r, shown, done, err := openArg(e, name)
	if err != nil {
		return nil, err
	}
	defer done()
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, unwrapPathError(err))
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", shown, limit)
	}
	return data, nil
}
