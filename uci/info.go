package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
	"github.com/chess960/chess960/internal/quote"
)

// ScoreKind says what a Score counts.
type ScoreKind uint8

// The kinds of score.
const (
	NoScore    ScoreKind = iota // the info line gave no score
	Centipawns                  // "score cp N": hundredths of a pawn
	MateIn                      // "score mate N": moves (not plies) to mate
)

// Bound says whether a score is exact or only a bound, as engines report
// while they re-search a line that failed high or low.
type Bound uint8

// The bounds.
const (
	Exact      Bound = iota
	LowerBound       // "lowerbound": the score is at least this
	UpperBound       // "upperbound": the score is at most this
)

// Score is an engine's evaluation, from the point of view of the side to
// move (as UCI sends it; ForWhite turns it to White's). For MateIn, Value
// is the number of moves to mate: positive when the side to move mates,
// negative when it is mated, and 0 when it is already mated. The zero
// Score is "no score".
type Score struct {
	Kind  ScoreKind
	Value int
	Bound Bound
}

// ForWhite returns the score from White's point of view, given the side to
// move of the position it scores.
func (s Score) ForWhite(turn chess.Color) Score {
	if turn == chess.Black {
		s.Value = -s.Value
		switch s.Bound {
		case LowerBound:
			s.Bound = UpperBound
		case UpperBound:
			s.Bound = LowerBound
		}
	}
	return s
}

// String writes the score as UCI does: "cp 32", "mate -3", "cp 40
// lowerbound", or "" for no score.
func (s Score) String() string {
	var b string
	switch s.Kind {
	case Centipawns:
		b = "cp " + strconv.Itoa(s.Value)
	case MateIn:
		b = "mate " + strconv.Itoa(s.Value)
	default:
		return ""
	}
	switch s.Bound {
	case LowerBound:
		b += " lowerbound"
	case UpperBound:
		b += " upperbound"
	}
	return b
}

// Short writes the score as players read it: "+0.32", "-1.50", "0.00",
// "#3" (mate in 3), "#-2" (mated in 2), with "≥" or "≤" before a bound,
// or "" for no score.
func (s Score) Short() string {
	var b string
	switch s.Kind {
	case Centipawns:
		v := s.Value
		sign := "+"
		if v < 0 {
			sign, v = "-", -v
		} else if v == 0 {
			sign = ""
		}
		b = fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
	case MateIn:
		b = "#" + strconv.Itoa(s.Value)
	default:
		return ""
	}
	switch s.Bound {
	case LowerBound:
		b = "≥" + b
	case UpperBound:
		b = "≤" + b
	}
	return b
}

// Field is a bit set of the fields an info line gave.
type Field uint32

// The fields of an info line.
const (
	HasDepth Field = 1 << iota
	HasSelDepth
	HasMultiPV
	HasScore
	HasNodes
	HasNPS
	HasHashFull
	HasTBHits
	HasTime
	HasPV
	HasCurrMove
	HasCurrMoveNumber
	HasWDL
	HasString
)

// Info is one "info" line of an engine, e.g.
//
//	info depth 20 seldepth 27 multipv 1 score cp 29 nodes 475655 nps 767185 hashfull 173 tbhits 0 time 620 pv c2c4 c7c5
//
// Fields tells which fields the line gave. PV holds the moves of the
// principal variation that are legal, in order, from the position searched;
// if the engine sent a move that is not legal (or not written as the
// castling mode asks), the PV stops before it and Illegal holds that
// move's text.
type Info struct {
	Fields         Field
	Depth          int
	SelDepth       int
	MultiPV        int
	Score          Score
	Nodes          uint64
	NPS            uint64
	HashFull       int // permille of the hash table in use
	TBHits         uint64
	Time           time.Duration
	PV             []chess.Move
	Illegal        string
	CurrMove       chess.Move
	CurrMoveNumber int
	WDL            [3]int // win, draw, loss in permille ("wdl", UCI_ShowWDL)
	Text           string // the text of "info string": the rest of the line

	mode chess.CastlingMode
}

// Has reports whether the line gave all the fields f.
func (i *Info) Has(f Field) bool { return i.Fields&f == f }

// ParseInfo reads an engine's "info" line about a search of pos, with
// moves written in the castling mode mode. Words may be separated by any
// run of spaces and tabs. It is lenient, as the protocol asks: unknown
// words, and known words whose value does not read (say "depth x"), are
// skipped, so that one odd field does not lose the others. Only a line
// that does not start with "info" is refused. The line ends at a line
// break, if it holds one.
func ParseInfo(line string, pos chess.Position, mode chess.CastlingMode) (Info, error) {
	info := Info{mode: mode}
	s := line
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] // one line only
	}
	w, rest := nextWord(s)
	if w != "info" {
		return info, fmt.Errorf("uci: info line %s: %w: does not start with \"info\"", quote.Input(line), ErrProtocol)
	}
	for {
		var key string
		key, rest = nextWord(rest)
		if key == "" {
			return info, nil
		}
		switch key {
		case "depth", "seldepth", "multipv", "hashfull", "currmovenumber":
			n, r, ok := uintWord(rest, 1<<31-1)
			if !ok {
				continue
			}
			rest = r
			switch key {
			case "depth":
				info.Depth, info.Fields = int(n), info.Fields|HasDepth
			case "seldepth":
				info.SelDepth, info.Fields = int(n), info.Fields|HasSelDepth
			case "multipv":
				info.MultiPV, info.Fields = int(n), info.Fields|HasMultiPV
			case "hashfull":
				info.HashFull, info.Fields = int(n), info.Fields|HasHashFull
			case "currmovenumber":
				info.CurrMoveNumber, info.Fields = int(n), info.Fields|HasCurrMoveNumber
			}
		case "nodes", "nps", "tbhits":
			n, r, ok := uintWord(rest, 1<<63-1)
			if !ok {
				continue
			}
			rest = r
			switch key {
			case "nodes":
				info.Nodes, info.Fields = n, info.Fields|HasNodes
			case "nps":
				info.NPS, info.Fields = n, info.Fields|HasNPS
			case "tbhits":
				info.TBHits, info.Fields = n, info.Fields|HasTBHits
			}
		case "time":
			n, r, ok := uintWord(rest, 1<<40)
			if !ok {
				continue
			}
			rest = r
			info.Time, info.Fields = time.Duration(n)*time.Millisecond, info.Fields|HasTime
		case "score":
			sc, r, ok := scoreWords(rest)
			if !ok {
				continue
			}
			rest = r
			info.Score, info.Fields = sc, info.Fields|HasScore
		case "wdl":
			var wdl [3]int
			r := rest
			ok := true
			for k := range wdl {
				var n uint64
				if n, r, ok = uintWord(r, 1<<31-1); !ok {
					break
				}
				wdl[k] = int(n)
			}
			if !ok {
				continue
			}
			rest = r
			info.WDL, info.Fields = wdl, info.Fields|HasWDL
		case "currmove":
			mv, r := nextWord(rest)
			if !looksLikeMove(mv) {
				continue
			}
			rest = r
			if m, err := engineMove(pos, mv, mode); err == nil {
				info.CurrMove, info.Fields = m, info.Fields|HasCurrMove
			}
		case "pv":
			info.Fields |= HasPV
			info.PV, info.Illegal, rest = pvWords(rest, pos, mode)
		case "refutation", "currline":
			// Move lists that this client does not use; currline may
			// start with a CPU number.
			if n, r, ok := uintWord(rest, 1<<31-1); ok && key == "currline" {
				_ = n
				rest = r
			}
			for {
				mv, r := nextWord(rest)
				if !looksLikeMove(mv) {
					break
				}
				rest = r
			}
		case "string":
			info.Text, info.Fields = strings.TrimRight(strings.TrimLeft(rest, " \t"), " \t"), info.Fields|HasString
			return info, nil
		default:
			// Unknown word (sbhits, cpuload, an engine's own field or
			// its value): skip it.
		}
	}
}

// String writes the info line as UCI does, with the fields it has;
// ParseInfo reads it back.
func (i Info) String() string {
	b := []byte("info")
	num := func(key string, n uint64) {
		b = append(b, ' ')
		b = append(b, key...)
		b = append(b, ' ')
		b = strconv.AppendUint(b, n, 10)
	}
	if i.Has(HasDepth) {
		num("depth", uint64(i.Depth))
	}
	if i.Has(HasSelDepth) {
		num("seldepth", uint64(i.SelDepth))
	}
	if i.Has(HasMultiPV) {
		num("multipv", uint64(i.MultiPV))
	}
	if i.Has(HasScore) && i.Score.Kind != NoScore {
		b = append(b, " score "...)
		b = append(b, i.Score.String()...)
	}
	if i.Has(HasWDL) {
		b = append(b, " wdl"...)
		for _, n := range i.WDL {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(n), 10)
		}
	}
	if i.Has(HasNodes) {
		num("nodes", i.Nodes)
	}
	if i.Has(HasNPS) {
		num("nps", i.NPS)
	}
	if i.Has(HasHashFull) {
		num("hashfull", uint64(i.HashFull))
	}
	if i.Has(HasTBHits) {
		num("tbhits", i.TBHits)
	}
	if i.Has(HasTime) {
		num("time", uint64(i.Time/time.Millisecond))
	}
	if i.Has(HasCurrMove) {
		b = append(b, " currmove "...)
		b = i.CurrMove.AppendUCI(b, i.mode)
	}
	if i.Has(HasCurrMoveNumber) {
		num("currmovenumber", uint64(i.CurrMoveNumber))
	}
	if i.Has(HasPV) {
		b = append(b, " pv"...)
		for _, m := range i.PV {
			b = append(b, ' ')
			b = m.AppendUCI(b, i.mode)
		}
	}
	if i.Has(HasString) {
		b = append(b, " string "...)
		b = append(b, i.Text...)
	}
	return string(b)
}

// nextWord returns the first word of s (words are separated by spaces and
// tabs) and the text after it.
func nextWord(s string) (word, rest string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '\t' {
		j++
	}
	return s[i:j], s[j:]
}

// uintWord reads a whole number no larger than max as the next word.
func uintWord(s string, max uint64) (uint64, string, bool) {
	w, rest := nextWord(s)
	n, err := decimal.Uint(w, max)
	if err != nil {
		return 0, s, false
	}
	return n, rest, true
}

// scoreWords reads "cp N" or "mate N", then an optional bound.
func scoreWords(s string) (Score, string, bool) {
	kind, rest := nextWord(s)
	var sc Score
	switch kind {
	case "cp":
		sc.Kind = Centipawns
	case "mate":
		sc.Kind = MateIn
	default:
		return sc, s, false
	}
	w, rest := nextWord(rest)
	n, err := decimal.Int(w, -1<<30, 1<<30)
	if err != nil {
		return sc, s, false
	}
	sc.Value = int(n)
	switch w, r := nextWord(rest); w {
	case "lowerbound":
		sc.Bound, rest = LowerBound, r
	case "upperbound":
		sc.Bound, rest = UpperBound, r
	}
	return sc, rest, true
}

// pvWords reads the moves of a pv: the words that look like moves. The
// legal ones are returned up to the first that is not legal in its
// position.
func pvWords(s string, pos chess.Position, mode chess.CastlingMode) ([]chess.Move, string, string) {
	pv := make([]chess.Move, 0, 16)
	illegal := ""
	p := pos
	for {
		w, rest := nextWord(s)
		if !looksLikeMove(w) {
			return pv, illegal, s
		}
		s = rest
		if illegal != "" {
			continue
		}
		m, err := engineMove(p, w, mode)
		if err != nil {
			illegal = w
			continue
		}
		pv = append(pv, m)
		p.Play(m)
	}
}

// looksLikeMove reports whether w is written like a UCI move ("e2e4",
// "e7e8q", or the null move "0000").
func looksLikeMove(w string) bool {
	if w == "0000" {
		return true
	}
	if len(w) != 4 && len(w) != 5 {
		return false
	}
	if w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8' || w[2] < 'a' || w[2] > 'h' || w[3] < '1' || w[3] > '8' {
		return false
	}
	return len(w) == 4 || strings.IndexByte("qrbnQRBN", w[4]) >= 0
}

// engineMove reads a move the engine sent: it must be legal in p and
// written as mode writes it (king takes rook with UCI_Chess960, the king's
// move without), so that an engine that confuses the two is caught.
func engineMove(p chess.Position, s string, mode chess.CastlingMode) (chess.Move, error) {
	s = strings.ToLower(s)
	m, err := p.ParseUCI(s)
	if err != nil {
		return 0, err
	}
	var buf [8]byte
	if want := m.AppendUCI(buf[:0], mode); string(want) != s {
		how := "the king's move (standard UCI)"
		if mode == chess.Chess960 {
			how = "the king taking its own rook (UCI_Chess960)"
		}
		return 0, fmt.Errorf("castling %s must be written as %s: %s", quote.Input(s), how, string(want))
	}
	return m, nil
}
