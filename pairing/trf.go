package pairing

// Reading TRF files. The rules are BBP Pairings' (its reader at commit
// 16a000f9, src/fileformats/trf.cpp, and what its binary accepts and
// refuses; trf_test.go records each case): which lines it reads, which
// columns, what it refuses, and how it counts the rounds played. The
// formats are FIDE's TRF-16 and TRF-2026 (handbook TRF26.pdf: the 142, 152,
// 162, 192, 240, 250 and 260 records) and the extensions JaVaFo (XXR, XXC,
// XXA, XXP) and BBP Pairings (BBW, BBD, BBL, BBZ, BBF, BBU) define.

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/quote"
)

// TRFError is a TRF file that cannot be read, or a tournament that is not
// consistent: where (Line and Column, 1 up, 0 if not known; columns count
// characters, not bytes), which field, and why.
type TRFError struct {
	Line   int
	Column int
	Field  string
	Reason string
}

// Error returns the error as "line 7, column 45 (round 3 result): reason".
func (e *TRFError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
		if e.Field != "" {
			fmt.Fprintf(&b, " (%s)", e.Field)
		}
	} else {
		b.WriteString(e.Field)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Reason)
	return b.String()
}

// Limits of the fixed columns, and of BBP Pairings' build (its player and
// point types hold 9999 players and 6553.5 points).
const (
	maxPlayerNumber = 9999
	maxPoints       = 65535
	maxForbidden    = 1 << 20 // forbidden pairs: an XXP line of n players forbids n(n-1)/2
)

// ReadTRF reads a TRF file (see ParseTRF).
func ReadTRF(r io.Reader) (*Tournament, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return ParseTRF(data)
}

// ParseTRF parses a TRF file: TRF-16, TRF-2026, and the TRF(x) and TRF(bx)
// extensions, with CR, LF or CRLF line ends, as BBP Pairings reads it to
// pair the next round, and checks it as BBP Pairings does (Validate). It
// accepts what BBP Pairings 16a000f9 accepts and refuses what it refuses
// (testdata/trf records both), except for files that crash it, that it
// reads past the end of its arrays for, or that pass its limits: an XXP,
// 260 or 240 line naming a player with no player line, more than 2^31-1
// rounds, or XXP lines forbidding more than 2^20 pairs are refused here,
// and so is pairing a file in which players were paired but nobody ever
// had a colour, if it does not set the first colour (PairingReady). A file
// with bytes that are not UTF-8 is refused, as BBP Pairings refuses it
// (with an "unexpected error"). What pairing
// the next round needs on top (the number of rounds, a round left, the
// first colour) is PairingReady's to check.
//
// BBP Pairings reads a file in one of two ways: to pair the next round
// (-p), and to check the last round (-c). ParseTRF reads it the first way:
// an entry past the last round in which anyone was paired, in a column not
// every player has, is a bye or an absence set for the round to pair
// (PlayedRounds does not count it), and the declared score may include it.
// The checker counts every entry as a past round (RecordedRounds), and so
// refuses a few files ParseTRF reads (the cases next-round-bye-excluded
// and xxa-next-round-and-bye in testdata/trf), and does not need the
// number of rounds.
//
// The reader normalizes what BBP Pairings reads alike: result letters are
// upper-cased; an entry with no opponent and result + is the pairing bye
// U, with - or no result a zero-point bye Z, with = a half-point bye H.
// Header lines it does not interpret are kept in Header.
func ParseTRF(data []byte) (*Tournament, error) {
	return parseTRF(data, false)
}

// ParseTRFRecord parses a TRF file as ParseTRF does, but checks it as BBP
// Pairings' checker (-c) reads it: every entry in the file is a past round
// (RecordedRounds of them), a 240 record sets nothing, and the declared
// score is the results' of all those rounds, or that plus the acceleration
// of the round after them. It is for checking the last round of a file;
// the tournament it returns is the same as ParseTRF's.
func ParseTRFRecord(data []byte) (*Tournament, error) {
	return parseTRF(data, true)
}

// parseTRF is ParseTRF, or with check ParseTRFRecord.
func parseTRF(data []byte, check bool) (*Tournament, error) {
	p := &parser{
		check:  check,
		t:      &Tournament{Points: FIDEPoints},
		player: map[int]*Player{},
		line:   map[int]int{},
		acc:    map[int][]Points{},
		accAt:  map[int]int{},
	}
	lineNo := 0
	for len(data) > 0 {
		lineNo++
		end := bytes.IndexAny(data, "\r\n")
		var raw []byte
		if end < 0 {
			raw, data = data, nil
		} else {
			raw = data[:end]
			if data[end] == '\r' && end+1 < len(data) && data[end+1] == '\n' {
				end++
			}
			data = data[end+1:]
		}
		if err := p.readLine(lineNo, raw); err != nil {
			return nil, err
		}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.t, nil
}

// parser holds what the lines read so far give.
type parser struct {
	t      *Tournament
	player map[int]*Player // by pairing number
	order  []int           // pairing numbers in file order
	line   map[int]int     // player line of each pairing number

	accOps []accOp          // XXA and 250 lines, in file order
	acc    map[int][]Points // accelerations, by pairing number, as read
	accAt  map[int]int      // first XXA or 250 line naming each number
	manual bool             // an XXA or 250 line was read
	baku   bool             // the 192 line names a Baku system
	pabSet bool             // BBU or 162 P set the pairing bye's points

	forbidden []numbered // XXP lines
	prohibits []int      // line of each 260 record
	byesAt    []int      // line of each 240 record
	roundsAt  int        // the XXR or 142 line
	check     bool       // read as BBP Pairings' checker does (ParseTRFRecord)
}

// accOp is an XXA line (values, for player lo) or a 250 record (v for
// rounds first to last, for players lo to hi). They are applied once all
// player lines are read, in file order, to the players that exist.
type accOp struct {
	line        int
	lo, hi      int
	first, last int
	v           Points
	values      []Points
	xxa         bool
}

// numbered is a line's pairing numbers.
type numbered struct {
	line    int
	players []int
	cols    []int
}

// text is one line, for fixed columns: the columns count characters, so
// a line that is not ASCII is also held as runes.
type text struct {
	no int
	s  string
	r  []rune // nil for an ASCII line
	n  int    // characters
}

// newText returns the line numbered no.
func newText(no int, raw []byte) text {
	l := text{no: no, s: string(raw), n: len(raw)}
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			l.r = []rune(l.s)
			l.n = len(l.r)
			break
		}
	}
	return l
}

// at returns the character at index i.
func (l text) at(i int) rune {
	if l.r == nil {
		return rune(l.s[i])
	}
	return l.r[i]
}

// err returns a TRFError at the character index i (0 up) of the line.
func (l text) err(i int, field, format string, args ...any) *TRFError {
	return &TRFError{Line: l.no, Column: i + 1, Field: field, Reason: fmt.Sprintf(format, args...)}
}

// cut returns the characters [i, j) of the line, clipped to its length.
func (l text) cut(i, j int) string {
	i, j = min(i, l.n), min(j, l.n)
	if l.r == nil {
		return l.s[i:j]
	}
	return string(l.r[i:j])
}

// blankFrom reports the index of the first character from i on that is not
// a space, or -1.
func (l text) blankFrom(i int) int {
	for k := i; k < l.n; k++ {
		if l.at(k) != ' ' {
			return k
		}
	}
	return -1
}

// token returns the one space-separated word in s, as BBP Pairings' fields
// hold: a field that is blank, or holds two words, is refused.
func token(s string) (string, bool) {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' {
		j++
	}
	for k := j; k < len(s); k++ {
		if s[k] != ' ' {
			return "", false
		}
	}
	return s[i:j], i < j
}

// uintValue parses an unsigned decimal integer no larger than limit.
// It reports tooBig for a number past the limit.
func uintValue(s string, limit int) (n int, ok, tooBig bool) {
	if s == "" {
		return 0, false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if n > (limit-int(c-'0'))/10 {
			tooBig = true
			n = limit
			continue
		}
		if !tooBig {
			n = n*10 + int(c-'0')
		}
	}
	return n, !tooBig, tooBig
}

// pointsValue parses a score with at most one decimal, as BBP Pairings
// does: "2", "2.5" and ".5" are scores; "2.", "2.50" and "" are not.
func pointsValue(s string) (Points, bool, bool) {
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" && !dot || dot && len(frac) != 1 {
		return 0, false, false
	}
	n := 0
	if whole != "" {
		var ok, big bool
		n, ok, big = uintValue(whole, maxPoints/10+1)
		if !ok {
			return 0, false, big
		}
	}
	d := 0
	if dot {
		if frac[0] < '0' || frac[0] > '9' {
			return 0, false, false
		}
		d = int(frac[0] - '0')
	}
	v := n*10 + d
	if v > maxPoints {
		return 0, false, true
	}
	return Points(v), true, false
}

// points reads a score field [i, j) of the line.
func (l text) points(i, j int, field string) (Points, error) {
	s := l.cut(i, j)
	w, ok := token(s)
	if !ok {
		return 0, l.err(i, field, "%s is not a score (like 2.5)", quote.Input(s))
	}
	v, ok, big := pointsValue(w)
	if big {
		return 0, l.err(i, field, "%s is more than %s points, the most BBP Pairings holds", quote.Input(w), Points(maxPoints).String())
	}
	if !ok {
		return 0, l.err(i, field, "%s is not a score (like 2.5: digits, at most one after the point)", quote.Input(w))
	}
	return v, nil
}

// number reads a pairing-number field [i, j) of the line.
func (l text) number(i, j int, field string) (int, error) {
	return numberWord(l, i, l.cut(i, j), field)
}

// numberWord reads a pairing number from the field s, which starts at the
// line's index i.
func numberWord(l text, i int, s, field string) (int, error) {
	w, ok := token(s)
	if !ok {
		return 0, l.err(i, field, "%s is not a pairing number", quote.Input(s))
	}
	n, ok, big := uintValue(w, maxPlayerNumber)
	if big {
		return 0, l.err(i, field, "%s is more than %d, the highest pairing number", quote.Input(w), maxPlayerNumber)
	}
	if !ok {
		return 0, l.err(i, field, "%s is not a pairing number", quote.Input(w))
	}
	if n == 0 {
		return 0, l.err(i, field, "pairing number 0: numbers start at 1")
	}
	return n, nil
}

// round reads a round-number field [i, j) of the line.
func (l text) round(i, j int, field string) (int, error) {
	s := l.cut(i, j)
	w, ok := token(s)
	n, ok2, _ := uintValue(w, 999)
	if !ok || !ok2 {
		return 0, l.err(i, field, "%s is not a round number", quote.Input(s))
	}
	if n == 0 {
		return 0, l.err(i, field, "round 0: rounds start at 1")
	}
	return n, nil
}

// readLine reads one line of the file. Lines shorter than three characters
// are skipped, as BBP Pairings skips them.
func (p *parser) readLine(no int, raw []byte) error {
	if !utf8.Valid(raw) {
		bad := 0
		for i := 0; i < len(raw); {
			r, size := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && size <= 1 {
				return &TRFError{Line: no, Column: bad + 1, Reason: fmt.Sprintf("the byte %s is not UTF-8", quote.Char(string(raw), i))}
			}
			i += size
			bad++
		}
	}
	l := newText(no, raw)
	if l.n < 3 {
		return nil
	}
	code := l.cut(0, 3)
	switch code {
	case "001":
		return p.readPlayer(l)
	case "013", "310":
		return l.err(0, code, "team tournaments are not supported")
	case "299":
		return l.err(0, code, "abnormal assignment points (299) are not supported (BBP Pairings refuses them)")
	case "240":
		return p.readBye(l)
	case "250":
		p.manual = true
		return p.read250(l)
	case "XXA":
		p.manual = true
		return p.readXXA(l)
	case "260":
		return p.read260(l)
	case "XXP":
		return p.readXXP(l)
	case "142", "XXR":
		s := l.cut(3, l.n)
		w, ok := token(s)
		n, ok2, big := uintValue(w, 1<<31-1)
		if big {
			return l.err(3, code+" rounds", "%s rounds are more than this program supports", quote.Input(w))
		}
		if !ok || !ok2 || n == 0 {
			return l.err(3, code+" rounds", "%s is not a number of rounds (1 up)", quote.Input(s))
		}
		p.t.Rounds = n
		p.roundsAt = l.no
	case "XXC":
		for _, w := range strings.FieldsFunc(l.cut(3, l.n), func(r rune) bool { return r == ' ' || r == '\t' }) {
			switch w {
			case "rank":
				p.t.UseRank = true
			case "white1":
				p.t.InitialColor = White
			case "black1":
				p.t.InitialColor = Black
			}
		}
	case "152":
		if l.n != 5 || l.at(4) != 'W' && l.at(4) != 'B' {
			return l.err(4, "152 initial colour", "%s is not an initial colour: the line is \"152 W\" or \"152 B\"", quote.Input(l.s))
		}
		p.t.InitialColor = map[rune]Color{'W': White, 'B': Black}[l.at(4)]
	case "162":
		return p.read162(l)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		if l.n < 8 {
			return l.err(4, code+" points", "%s: the points go in columns 5-12", quote.Input(l.s))
		}
		v, err := l.points(4, 12, code+" points")
		if err != nil {
			return err
		}
		ps := &p.t.Points
		switch code {
		case "BBW":
			ps.Win = v
			if !p.pabSet {
				ps.PairingBye = v
			}
		case "BBD":
			ps.Draw = v
		case "BBL":
			ps.Loss = v
		case "BBZ":
			ps.ZeroBye = v
		case "BBF":
			ps.ForfeitLoss = v
		case "BBU":
			ps.PairingBye = v
			p.pabSet = true
		}
	case "192":
		s := l.cut(4, l.n)
		if l.n < 5 || !knownSystem(s) {
			return l.err(4, "192 tournament type", "%s is not a tournament type BBP Pairings pairs (FIDE_DUTCH_2025, FIDE_DUTCH, FIDE_DUTCH_2025_BAKU, FIDE_DUTCH_BAKU, FIDE_BURSTEIN, FIDE_BURSTEIN_BAKU)", quote.Input(s))
		}
		p.t.System = s
		p.baku = strings.HasSuffix(s, "_BAKU")
	default:
		p.t.Header = append(p.t.Header, HeaderLine{Code: code, Text: l.cut(3, l.n)})
	}
	return nil
}

// knownSystem reports whether s is a 192 code BBP Pairings reads.
func knownSystem(s string) bool {
	switch s {
	case "FIDE_DUTCH_2025", "FIDE_DUTCH", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_BAKU", "FIDE_BURSTEIN", "FIDE_BURSTEIN_BAKU":
		return true
	}
	return false
}

// resultCodes lists the result codes for messages.
const resultCodes = "1 = 0 + - W D L H F U Z"

// readPlayer reads a 001 line: columns 5-8 the pairing number, 49-52 the
// rating, 81-84 the score, and from column 92 one entry of ten columns a
// round (opponent in the first four, colour in the sixth, result in the
// eighth). Columns BBP Pairings does not read (sex, title, name, ...) are
// kept as they are, trimmed.
func (p *parser) readPlayer(l text) error {
	if l.n < 84 {
		return l.err(l.n, "player line", "the line is %d characters long; a player line reaches at least column 84, the end of the score", l.n)
	}
	num, err := l.number(4, 8, "pairing number")
	if err != nil {
		return err
	}
	pl := &Player{
		Number:     num,
		Sex:        strings.TrimSpace(l.cut(9, 10)),
		Title:      strings.TrimSpace(l.cut(10, 13)),
		Name:       strings.TrimSpace(l.cut(14, 47)),
		Federation: strings.TrimSpace(l.cut(53, 56)),
		FideID:     strings.TrimSpace(l.cut(57, 68)),
		Birth:      strings.TrimSpace(l.cut(69, 79)),
	}
	if s := l.cut(48, 52); strings.TrimSpace(s) != "" {
		w, ok := token(s)
		n, ok2, _ := uintValue(w, 9999)
		if !ok || !ok2 {
			return l.err(48, "rating", "%s is not a rating", quote.Input(s))
		}
		pl.Rating = n
	}
	if pl.Points, err = l.points(80, 84, "points"); err != nil {
		return err
	}
	// BBP Pairings does not read the rank; a rank that is not a number is
	// left as 0.
	if w, ok := token(l.cut(85, 89)); ok {
		if n, ok, _ := uintValue(w, 9999); ok {
			pl.Rank = n
		}
	}
	skipped := 0
	start := 91
	for ; start+8 <= l.n; start += 10 {
		r := (start-91)/10 + 1
		g, skip, err := p.readGame(l, start, r, num)
		if err != nil {
			return err
		}
		if skip {
			skipped++
			continue
		}
		for ; skipped > 0; skipped-- {
			pl.Games = append(pl.Games, Game{})
		}
		pl.Games = append(pl.Games, g)
	}
	if k := l.blankFrom(start); k >= 0 {
		return l.err(k, "player line", "%s after the last round: a round's entry takes 8 columns", quote.Input(l.cut(k, l.n)))
	}
	if _, dup := p.player[num]; dup {
		return l.err(4, "pairing number", "pairing number %d is repeated (line %d has it)", num, p.line[num])
	}
	p.player[num] = pl
	p.line[num] = l.no
	p.order = append(p.order, num)
	return nil
}

// readGame reads the round entry at index start: opponent, colour and
// result. skip is an entry left blank, which counts only if a later round
// has an entry.
func (p *parser) readGame(l text, start, r, self int) (g Game, skip bool, err error) {
	skip = true
	field := fieldName(r)
	opp := l.cut(start, start+4)
	if opp != "    " {
		skip = false
		if opp != "0000" {
			n, err := l.number(start, start+4, "")
			if err != nil {
				err.(*TRFError).Field = field.String() + " opponent"
				return g, false, err
			}
			if n == self {
				return g, false, l.err(start, field.String()+" opponent", "player %d is given as their own opponent", self)
			}
			g.Opponent = n
		}
	}
	switch c := l.at(start + 5); c {
	case 'w':
		g.Color, skip = White, false
	case 'b':
		g.Color, skip = Black, false
	case '-':
		skip = false
	case ' ':
	default:
		return g, false, l.err(start+5, field.String()+" colour", "%s is not a colour (w, b, - or blank)", quote.Char(string(c), 0))
	}
	if g.Opponent == 0 && g.Color != NoColor {
		return g, false, l.err(start+5, field.String()+" colour", "a colour with no opponent")
	}
	c := l.at(start + 7)
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	switch c {
	case '1', '=', '0', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z', ' ':
	default:
		return g, false, l.err(start+7, field.String()+" result", "%s is not a result code (%s)", quote.Char(string(l.at(start+7)), 0), resultCodes)
	}
	res := Result(c)
	switch res {
	case 'H', 'F', 'U', 'Z', ' ':
		if g.Opponent != 0 {
			return g, false, l.err(start+7, field.String()+" result", "%q is a bye or an absence, but the entry has an opponent, %d", rune(c), g.Opponent)
		}
	case '+', '-':
	default:
		if g.Color == NoColor && (res != Draw || g.Opponent != 0) {
			what := "a game with no colour"
			if g.Opponent == 0 {
				what = "a game with no opponent"
			}
			return g, false, l.err(start+7, field.String()+" result", "%q is %s (only = may stand alone, as a half-point bye)", rune(c), what)
		}
	}
	if res != ' ' {
		skip = false
	}
	if skip {
		return Game{}, true, nil
	}
	if g.Opponent == 0 {
		switch res {
		case ForfeitWin:
			res = PairingBye
		case ForfeitLoss, ' ':
			res = ZeroBye
		case Draw:
			res = HalfBye
		}
	}
	g.Result = res
	return g, false, nil
}

// fieldName is a lazily named round field for messages: "round 3".
type fieldName int

// String returns "round N".
func (f fieldName) String() string {
	return "round " + strconv.Itoa(int(f))
}

// readBye reads a 240 record: the kind of bye in column 5, the round in
// 7-9, and players in 11-14, 16-19, ...
func (p *parser) readBye(l text) error {
	if l.n < 11 {
		return l.err(l.n, "240 record", "the line is %d characters long; a 240 record names a round (columns 7-9) and a player (from column 11)", l.n)
	}
	r, err := l.round(6, 9, "240 round")
	if err != nil {
		return err
	}
	b := Bye{Kind: l.at(4), Round: r}
	if b.Kind == ' ' {
		b.Kind = 0
	}
	start := 10
	for ; start+4 <= l.n; start += 5 {
		n, err := l.number(start, start+4, "240 player")
		if err != nil {
			return err
		}
		b.Players = append(b.Players, n)
	}
	if k := l.blankFrom(start); k >= 0 {
		return l.err(k, "240 player", "%s: players take 4 columns each, a space apart", quote.Input(l.cut(k, l.n)))
	}
	p.t.Byes = append(p.t.Byes, b)
	p.byesAt = append(p.byesAt, l.no)
	return nil
}

// addAccel records that the line gives accelerations for the player.
func (p *parser) addAccel(num, line int) {
	if _, ok := p.accAt[num]; !ok {
		p.accAt[num] = line
	}
}

// read250 reads a 250 record: match points (blank or zero) in columns 5-8,
// points in 10-13, rounds in 15-17 and 19-21, players in 23-26 and 28-31.
func (p *parser) read250(l text) error {
	if l.n < 31 {
		return l.err(l.n, "250 record", "the line is %d characters long; a 250 record reaches column 31", l.n)
	}
	if s := l.cut(4, 8); s != "    " {
		v, err := l.points(4, 8, "250 match points")
		if err != nil {
			return err
		}
		if v != 0 {
			return l.err(4, "250 match points", "match points must be empty in an individual tournament")
		}
	}
	v, err := l.points(9, 13, "250 points")
	if err != nil {
		return err
	}
	if v == 0 {
		return l.err(9, "250 points", "the points must not be zero")
	}
	first, err := l.round(14, 17, "250 first round")
	if err != nil {
		return err
	}
	last, err := l.round(18, 21, "250 last round")
	if err != nil {
		return err
	}
	if first > last {
		return l.err(18, "250 last round", "round %d is before the first round, %d", last, first)
	}
	lo, err := l.number(22, 26, "250 first player")
	if err != nil {
		return err
	}
	hi, err := l.number(27, 31, "250 last player")
	if err != nil {
		return err
	}
	if lo > hi {
		return l.err(27, "250 last player", "player %d is before the first player, %d", hi, lo)
	}
	p.accOps = append(p.accOps, accOp{line: l.no, lo: lo, hi: hi, first: first, last: last, v: v})
	return nil
}

// readXXA reads an XXA line: the player in columns 5-8, then the
// accelerations of rounds 1, 2, ... in 10-13, 15-18, ... As in BBP
// Pairings, a blank field counts as zero only at the very end of the line.
func (p *parser) readXXA(l text) error {
	if l.n < 8 {
		return l.err(l.n, "XXA player", "the line is %d characters long; the pairing number goes in columns 5-8", l.n)
	}
	num, err := l.number(4, 8, "XXA player")
	if err != nil {
		return err
	}
	op := accOp{line: l.no, lo: num, hi: num, xxa: true}
	start := 9
	for ; start+4 <= l.n; start += 5 {
		v := Points(0)
		if l.cut(start, l.n) != "    " {
			if v, err = l.points(start, start+4, fmt.Sprintf("XXA round %d", (start-9)/5+1)); err != nil {
				return err
			}
		}
		op.values = append(op.values, v)
	}
	if k := l.blankFrom(start); k >= 0 {
		return l.err(k, "XXA", "%s: accelerations take 4 columns each, a space apart", quote.Input(l.cut(k, l.n)))
	}
	p.accOps = append(p.accOps, op)
	return nil
}

// read260 reads a 260 record: the first and last round in columns 5-7 and
// 9-11, the players from column 13, 4 columns each a space apart.
func (p *parser) read260(l text) error {
	if l.n < 18 {
		return l.err(l.n, "260 record", "the line is %d characters long; a 260 record has two rounds and a player (to column 18)", l.n)
	}
	first, err := l.round(4, 7, "260 first round")
	if err != nil {
		return err
	}
	last, err := l.round(8, 11, "260 last round")
	if err != nil {
		return err
	}
	pr := Prohibition{First: first, Last: last}
	start := 12
	for ; start+4 <= l.n; start += 5 {
		n, err := l.number(start, start+4, "260 player")
		if err != nil {
			return err
		}
		pr.Players = append(pr.Players, n)
	}
	if k := l.blankFrom(start); k >= 0 {
		return l.err(k, "260 player", "%s: players take 4 columns each, a space apart", quote.Input(l.cut(k, l.n)))
	}
	p.t.Prohibited = append(p.t.Prohibited, pr)
	p.prohibits = append(p.prohibits, l.no)
	return nil
}

// readXXP reads an XXP line: pairing numbers separated by spaces or tabs,
// none of whom may meet another.
func (p *parser) readXXP(l text) error {
	x := numbered{line: l.no}
	i := 3
	for i < l.n {
		if l.at(i) == ' ' || l.at(i) == '\t' {
			i++
			continue
		}
		j := i
		for j < l.n && l.at(j) != ' ' && l.at(j) != '\t' {
			j++
		}
		n, err := l.number(i, j, "XXP player")
		if err != nil {
			return err
		}
		x.players = append(x.players, n)
		x.cols = append(x.cols, i+1)
		i = j
	}
	p.forbidden = append(p.forbidden, x)
	return nil
}

// read162 reads TRF-2026's point system: a code in column 6, its points in
// 7-10, the next code in 15, and so on. BBP Pairings reads W, D, L, Z (for
// zero-point byes and forfeit losses) and P; it refuses X, and A, which
// TRF-2026 lists for absences.
func (p *parser) read162(l text) error {
	if l.n < 10 {
		return l.err(l.n, "162 point system", "the line is %d characters long; the first code and its points reach column 10", l.n)
	}
	start := 5
	for ; start+5 <= l.n; start += 9 {
		v, err := l.points(start+1, start+5, fmt.Sprintf("162 points for %c", l.at(start)))
		if err != nil {
			return err
		}
		ps := &p.t.Points
		switch l.at(start) {
		case 'W':
			ps.Win = v
			if !p.pabSet {
				ps.PairingBye = v
			}
		case 'D':
			ps.Draw = v
		case 'L':
			ps.Loss = v
		case 'Z':
			ps.ZeroBye, ps.ForfeitLoss = v, v
		case 'P':
			ps.PairingBye = v
			p.pabSet = true
		case 'X':
			return l.err(start, "162 code", "X (unknown results) is not supported")
		default:
			return l.err(start, "162 code", "%s is not a point-system code BBP Pairings reads (W D L Z P)", quote.Char(string(l.at(start)), 0))
		}
	}
	if k := l.blankFrom(start); k >= 0 {
		return l.err(k, "162 point system", "%s: each code and its points take 5 columns, 9 apart", quote.Input(l.cut(k, l.n)))
	}
	return nil
}

// accelerate applies the XXA and 250 lines to player n, as BBP Pairings
// does one after the other (an XXA line appends to what the lines before
// it give, a 250 record overwrites its rounds), but in time linear in the
// rounds: each round is written once, by the last line that writes it.
func (p *parser) accelerate(n int) {
	var ops []*accOp
	var start []int // where each op's rounds begin (0 up)
	length := 0
	for i := range p.accOps {
		op := &p.accOps[i]
		if n < op.lo || n > op.hi {
			continue
		}
		p.addAccel(n, op.line)
		ops = append(ops, op)
		if op.xxa {
			start = append(start, length)
			length += len(op.values)
		} else {
			start = append(start, op.first-1)
			length = max(length, op.last)
		}
	}
	if len(ops) == 0 {
		return
	}
	a := make([]Points, length)
	// next[i] is the first round from i on not yet written (path halving).
	next := make([]int, length+1)
	for i := range next {
		next[i] = i
	}
	find := func(i int) int {
		for next[i] != i {
			next[i] = next[next[i]]
			i = next[i]
		}
		return i
	}
	for k := len(ops) - 1; k >= 0; k-- {
		op, s := ops[k], start[k]
		end := op.last
		if op.xxa {
			end = s + len(op.values)
		}
		for i := find(s); i < end; i = find(i + 1) {
			if op.xxa {
				a[i] = op.values[i-s]
			} else {
				a[i] = op.v
			}
			next[i] = i + 1
		}
	}
	p.acc[n] = a
}

// finish builds the tournament from the lines read and checks it.
func (p *parser) finish() error {
	t := p.t
	nums := make([]int, 0, len(p.player))
	for n := range p.player {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	for _, n := range nums {
		t.Players = append(t.Players, p.player[n])
	}
	if !t.UseRank {
		for i, n := range nums {
			if n != i+1 {
				return &TRFError{Field: "pairing number", Reason: fmt.Sprintf("pairing number %d has no player line (without XXC rank, the numbers run from 1 with no gaps)", i+1)}
			}
		}
		for _, op := range p.accOps {
			if op.hi > len(nums) {
				return &TRFError{Line: op.line, Field: "acceleration", Reason: fmt.Sprintf("player %d has no player line (without XXC rank, the numbers run from 1 with no gaps)", max(op.lo, len(nums)+1))}
			}
		}
	} else {
		t.LineOrder = p.order
	}
	if len(p.accOps) > 0 {
		for _, n := range nums {
			p.accelerate(n)
		}
	}
	pairs := map[[2]int]bool{}
	for _, x := range p.forbidden {
		for i, a := range x.players {
			if p.player[a] == nil {
				return &TRFError{Line: x.line, Column: x.cols[i], Field: "XXP player", Reason: fmt.Sprintf("player %d has no player line", a)}
			}
		}
		group := slices.Clone(x.players)
		slices.Sort(group)
		group = slices.Compact(group)
		if len(pairs)+len(group)*(len(group)-1)/2 > maxForbidden {
			return &TRFError{Line: x.line, Field: "XXP", Reason: fmt.Sprintf("more than %d forbidden pairs", maxForbidden)}
		}
		for i, a := range group {
			for _, b := range group[i+1:] {
				pair := [2]int{a, b}
				if !pairs[pair] {
					pairs[pair] = true
					t.Forbidden = append(t.Forbidden, pair)
				}
			}
		}
	}
	for i, b := range t.Byes {
		for k, a := range b.Players {
			if p.player[a] == nil {
				return &TRFError{Line: p.byesAt[i], Column: 11 + 5*k, Field: "240 player", Reason: fmt.Sprintf("player %d has no player line", a)}
			}
		}
	}
	for i, pr := range t.Prohibited {
		for k, a := range pr.Players {
			if p.player[a] == nil {
				return &TRFError{Line: p.prohibits[i], Column: 13 + 5*k, Field: "260 player", Reason: fmt.Sprintf("player %d has no player line", a)}
			}
		}
	}
	t.Baku = p.baku && !p.manual
	t.normalize()
	for _, pl := range t.Players {
		a := p.acc[pl.Number]
		for len(a) > 0 && a[len(a)-1] == 0 {
			a = a[:len(a)-1]
		}
		if len(a) > 0 {
			pl.Accelerations = a
		}
	}
	return t.validate(p)
}
