package pairing

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/quote"
)

// Format is a TRF version for WriteTRF.
type Format int

// The formats WriteTRF writes. Both write the player lines in the standard
// columns; they differ in how they give the tournament's settings.
const (
	// TRF16 is FIDE's 2016 format with JaVaFo's and BBP Pairings'
	// extensions: XXR, XXC, BBW ... BBU, XXA and XXP.
	TRF16 Format = iota
	// TRF2026 is FIDE's 2026 format: 142, 152, 162 and 250 records (XXC
	// rank, XXP and the BB lines a 162 record cannot hold stay).
	TRF2026
)

// WriteTRF writes the tournament as a TRF file in the format, with CR LF
// line ends: the header lines, the lines for the settings, then the player
// lines. Reading the file back gives the same tournament. It refuses a
// tournament that Validate refuses, and one with a field too wide for its
// columns.
func (t *Tournament) WriteTRF(w io.Writer, format Format) error {
	if format != TRF16 && format != TRF2026 {
		return fmt.Errorf("pairing: unknown TRF format %d", format)
	}
	if err := t.Validate(); err != nil {
		return err
	}
	for _, p := range t.Players {
		for r, g := range p.Games {
			if g.Scored {
				return &TRFError{Field: "result", Reason: fmt.Sprintf("player %d, round %d: a round scored as a match of games (%s points), which a TRF cannot hold: write each game as a round", p.Number, r+1, g.Score)}
			}
		}
	}
	var b bytes.Buffer
	line := func(s string) {
		b.WriteString(s)
		b.WriteString("\r\n")
	}
	for _, h := range t.Header {
		if strings.ContainsAny(h.Code+h.Text, "\r\n") || utf8.RuneCountInString(h.Code) != 3 {
			return &TRFError{Field: "header", Reason: fmt.Sprintf("header line %s: a three-character code and text with no line end", quote.Input(h.Code+h.Text))}
		}
		line(h.Code + h.Text)
	}
	if err := t.writeSettings(line, format); err != nil {
		return err
	}
	order := t.LineOrder
	if order == nil {
		for _, p := range t.Players {
			order = append(order, p.Number)
		}
	}
	for _, n := range order {
		s, err := playerLine(t.Player(n))
		if err != nil {
			return err
		}
		line(s)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// pointsField writes points in the four columns of a score field.
func pointsField(v Points, field string) (string, error) {
	s := v.String()
	if len(s) > 4 {
		if v%10 != 0 || v/10 > 9999 {
			return "", &TRFError{Field: field, Reason: fmt.Sprintf("%s points do not fit in 4 columns", s)}
		}
		s = strconv.Itoa(int(v / 10))
	}
	return fmt.Sprintf("%4s", s), nil
}

// writeSettings writes the lines for the rounds, the colours, the point
// system, the tournament type, the accelerations, the forbidden pairs and
// the byes.
func (t *Tournament) writeSettings(line func(string), format Format) error {
	ps := t.Points
	if t.Rounds > 0 {
		if format == TRF2026 {
			line("142 " + strconv.Itoa(t.Rounds))
		} else {
			line("XXR " + strconv.Itoa(t.Rounds))
		}
	}
	switch {
	case format == TRF2026 && t.InitialColor != NoColor:
		line("152 " + map[Color]string{White: "W", Black: "B"}[t.InitialColor])
		if t.UseRank {
			line("XXC rank")
		}
	case t.UseRank || t.InitialColor != NoColor:
		s := "XXC"
		if t.UseRank {
			s += " rank"
		}
		switch t.InitialColor {
		case White:
			s += " white1"
		case Black:
			s += " black1"
		}
		line(s)
	}
	type setting struct {
		code string
		v    Points
		on   bool
	}
	var settings []setting
	if format == TRF2026 {
		z := ps.ZeroBye != 0 || ps.ForfeitLoss != 0
		settings = []setting{
			{"W", ps.Win, ps.Win != 10},
			{"D", ps.Draw, ps.Draw != 5},
			{"L", ps.Loss, ps.Loss != 0},
			{"Z", ps.ZeroBye, z},
			{"P", ps.PairingBye, ps.PairingBye != ps.Win},
		}
		var parts []string
		for _, s := range settings {
			if s.on {
				f, err := pointsField(s.v, "162 points for "+s.code)
				if err != nil {
					return err
				}
				parts = append(parts, s.code+f)
			}
		}
		if len(parts) > 0 {
			line("162  " + strings.Join(parts, "    "))
		}
		settings = []setting{{"BBF", ps.ForfeitLoss, ps.ForfeitLoss != ps.ZeroBye}}
	} else {
		settings = []setting{
			{"BBW", ps.Win, ps.Win != 10},
			{"BBD", ps.Draw, ps.Draw != 5},
			{"BBL", ps.Loss, ps.Loss != 0},
			{"BBZ", ps.ZeroBye, ps.ZeroBye != 0},
			{"BBF", ps.ForfeitLoss, ps.ForfeitLoss != 0},
			// BBW sets the pairing bye's points too.
			{"BBU", ps.PairingBye, ps.PairingBye != ps.Win},
		}
	}
	for _, s := range settings {
		if s.on {
			f, err := pointsField(s.v, s.code+" points")
			if err != nil {
				return err
			}
			line(s.code + " " + f)
		}
	}
	if t.System != "" {
		line("192 " + t.System)
	}
	manual := false
	for _, p := range t.Players {
		if len(p.Accelerations) == 0 {
			continue
		}
		manual = true
		if format == TRF2026 && len(p.Accelerations) <= 999 {
			for r := 0; r < len(p.Accelerations); {
				v, end := p.Accelerations[r], r+1
				for end < len(p.Accelerations) && p.Accelerations[end] == v {
					end++
				}
				if v != 0 {
					f, err := pointsField(v, "250 points")
					if err != nil {
						return err
					}
					line(fmt.Sprintf("250      %s %03d %03d %04d %04d", f, r+1, end, p.Number, p.Number))
				}
				r = end
			}
			continue
		}
		s := fmt.Sprintf("XXA %4d", p.Number)
		for _, a := range p.Accelerations {
			f, err := pointsField(a, "XXA points")
			if err != nil {
				return err
			}
			s += " " + f
		}
		line(s)
	}
	// A Baku tournament type with accelerations of the file's own: an XXA
	// line with no values says so even when they are all zero.
	if strings.HasSuffix(t.System, "_BAKU") && !t.Baku && !manual && len(t.Players) > 0 {
		line(fmt.Sprintf("XXA %4d", t.Players[0].Number))
	}
	for _, f := range t.Forbidden {
		line(fmt.Sprintf("XXP %d %d", f[0], f[1]))
	}
	for _, pr := range t.Prohibited {
		s := fmt.Sprintf("260 %03d %03d", pr.First, pr.Last)
		for _, n := range pr.Players {
			s += fmt.Sprintf(" %4d", n)
		}
		if len(s) < 18 {
			s += "  " // a 260 record reaches column 18 even with one player
		}
		line(s)
	}
	for _, by := range t.Byes {
		k := by.Kind
		if k == 0 {
			k = ' '
		}
		s := fmt.Sprintf("240 %c %03d", k, by.Round)
		for _, n := range by.Players {
			s += fmt.Sprintf(" %04d", n)
		}
		if len(by.Players) == 0 {
			s += "  " // a 240 record reaches column 11 even with no players
		}
		line(s)
	}
	return nil
}

// playerLine writes a 001 line.
func playerLine(p *Player) (string, error) {
	fields := []struct {
		name, v string
		width   int
	}{
		{"sex", p.Sex, 1}, {"title", p.Title, 3}, {"name", p.Name, 33},
		{"federation", p.Federation, 3}, {"FIDE ID", p.FideID, 11}, {"birth date", p.Birth, 10},
	}
	for _, f := range fields {
		if utf8.RuneCountInString(f.v) > f.width || strings.ContainsAny(f.v, "\r\n") || f.v != strings.TrimSpace(f.v) {
			return "", &TRFError{Field: fmt.Sprintf("player %d %s", p.Number, f.name), Reason: fmt.Sprintf("%s does not fit in %d columns (or has spaces at its ends, or a line end)", quote.Input(f.v), f.width)}
		}
	}
	if p.Rating < 0 || p.Rating > 9999 || p.Rank < 0 || p.Rank > 9999 {
		return "", &TRFError{Field: fmt.Sprintf("player %d", p.Number), Reason: fmt.Sprintf("rating %d or rank %d does not fit in 4 columns", p.Rating, p.Rank)}
	}
	pts, err := pointsField(p.Points, fmt.Sprintf("player %d points", p.Number))
	if err != nil {
		return "", err
	}
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "001 %4d %1s%3s %-33s %4s %-3s %11s %-10s %s %4s", p.Number, p.Sex, p.Title, p.Name, num(p.Rating), p.Federation, p.FideID, p.Birth, pts, num(p.Rank))
	for _, g := range p.Games {
		if g.Result == NoResult {
			b.WriteString("          ")
			continue
		}
		c := byte('-')
		switch g.Color {
		case White:
			c = 'w'
		case Black:
			c = 'b'
		}
		opp := "0000"
		if g.Opponent != 0 {
			opp = strconv.Itoa(g.Opponent)
		}
		b.WriteString("      "[:6-len(opp)])
		b.WriteString(opp)
		b.Write([]byte{' ', c, ' ', byte(g.Result)})
	}
	return strings.TrimRight(b.String(), " "), nil
}
