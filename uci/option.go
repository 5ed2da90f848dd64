package uci

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// Option is an option an engine declares in its answer to "uci", e.g.
//
//	option name Hash type spin default 16 min 1 max 33554432
//
// Type is "check", "spin", "combo", "button" or "string" (any other word
// is kept as it is). Min and Max are set for a spin, Vars for a combo.
// Default is the text after "default", as the engine wrote it (Stockfish
// writes "<empty>" for an empty string).
type Option struct {
	Name    string
	Type    string
	Default string
	Min     int64
	Max     int64
	Vars    []string
}

// Setting is a value for an engine option, as "setoption" sends it. A
// button takes no value.
type Setting struct {
	Name  string
	Value string
}

// errOptionSyntax is the reason ParseOption refuses a line.
var errOptionSyntax = errors.New("not an option line")

// ParseOption reads an "option" line of the engine's answer to "uci".
// Words may be separated by any run of spaces and tabs; the name runs up
// to the word "type", and each value up to the next keyword (default, min,
// max, var). A line without "option name ... type" is refused; a spin
// whose min or max is not a number is refused too, as the option could not
// be set safely.
func ParseOption(line string) (Option, error) {
	fail := func(detail string) (Option, error) {
		return Option{}, fmt.Errorf("uci: option line %s: %w: %s", quote.Input(line), errOptionSyntax, detail)
	}
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "option" {
		return fail(`want "option name NAME type TYPE ..."`)
	}
	var o Option
	i := 1
	if i >= len(f) || f[i] != "name" {
		return fail(`want "name" after "option"`)
	}
	i++
	start := i
	for i < len(f) && f[i] != "type" {
		i++
	}
	o.Name = strings.Join(f[start:i], " ")
	if o.Name == "" {
		return fail("no name")
	}
	if i >= len(f) {
		return fail(`no "type"`)
	}
	i++
	if i < len(f) && !isOptionKeyword(f[i]) {
		o.Type = f[i]
		i++
	}
	if o.Type == "" {
		return fail("no type")
	}
	var minSet, maxSet bool
	for i < len(f) {
		key := f[i]
		i++
		start := i
		for i < len(f) && !isOptionKeyword(f[i]) {
			i++
		}
		val := strings.Join(f[start:i], " ")
		switch key {
		case "default":
			o.Default = val
		case "var":
			o.Vars = append(o.Vars, val)
		case "min", "max":
			n, err := decimal.Int(val, math.MinInt64, math.MaxInt64)
			if err != nil {
				if o.Type == "spin" {
					return fail(key + " " + quote.Input(val) + " is not a whole number")
				}
				continue
			}
			if key == "min" {
				o.Min, minSet = n, true
			} else {
				o.Max, maxSet = n, true
			}
		default:
			// Words before the first keyword after the type: ignored.
		}
	}
	if o.Type == "spin" && (!minSet || !maxSet) {
		// A spin without bounds: accept any 64-bit value.
		if !minSet {
			o.Min = -1 << 63
		}
		if !maxSet {
			o.Max = 1<<63 - 1
		}
	}
	return o, nil
}

func isOptionKeyword(s string) bool {
	switch s {
	case "default", "min", "max", "var":
		return true
	}
	return false
}

// String writes the option as an engine declares it: "option name Hash
// type spin default 16 min 1 max 33554432". ParseOption reads it back.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(o.Name)
	b.WriteString(" type ")
	b.WriteString(o.Type)
	if o.Default != "" {
		b.WriteString(" default ")
		b.WriteString(o.Default)
	}
	if o.Type == "spin" || o.Min != 0 {
		b.WriteString(" min ")
		b.WriteString(strconv.FormatInt(o.Min, 10))
	}
	if o.Type == "spin" || o.Max != 0 {
		b.WriteString(" max ")
		b.WriteString(strconv.FormatInt(o.Max, 10))
	}
	for _, v := range o.Vars {
		b.WriteString(" var ")
		b.WriteString(v)
	}
	return b.String()
}

// Check reports whether value may be given to the option, and returns it
// as it should be sent: a check is "true" or "false" (in any case), a spin
// a whole number within min..max, a combo one of its vars (in any case;
// the var's own spelling is returned), a button nothing. No value may hold
// a line break, which would end the command. The error unwraps to
// ErrOptionValue.
func (o Option) Check(value string) (string, error) {
	v, detail := o.check(value)
	if detail != "" {
		return "", fmt.Errorf("uci: option %s value %s: %w: %s", quote.Input(o.Name), quote.Input(value), ErrOptionValue, detail)
	}
	return v, nil
}

// check is Check with the reason as text ("" if the value is good).
func (o Option) check(value string) (string, string) {
	if strings.ContainsAny(value, "\r\n") {
		return "", "a value cannot hold a line break"
	}
	switch o.Type {
	case "check":
		switch strings.ToLower(value) {
		case "true", "false":
			return strings.ToLower(value), ""
		}
		return "", "want true or false"
	case "spin":
		n, err := decimal.Int(strings.TrimSpace(value), o.Min, o.Max)
		switch {
		case err == decimal.ErrSyntax:
			return "", "want a whole number"
		case err != nil:
			return "", fmt.Sprintf("out of range %d..%d", o.Min, o.Max)
		}
		return strconv.FormatInt(n, 10), ""
	case "combo":
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, ""
			}
		}
		return "", "want one of " + strings.Join(o.Vars, ", ")
	case "button":
		if value != "" {
			return "", "a button takes no value"
		}
		return "", ""
	}
	return value, ""
}
