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
		return 0, l.err(i, field, "%s is more than %s points, the most BBP Pairings holds", quote.Input(w), pointsText(maxPoints))
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

// Validate checks that the tournament is consistent, as BBP Pairings checks
// a file it reads: pairing numbers from 1 with no gaps (unless UseRank),
// each round entry well formed (a colour only with an opponent, a bye with
// none, a game with a colour), no more rounds than Rounds, no more
// accelerations than rounds, each played game recorded alike on both
// players' lines (the same round, each other as opponents, opposite
// colours; BBP Pairings does not compare the two results, nor the entries
// of forfeits), and each declared score equal to the results' under the
// point system. The declared score may also include the acceleration for
// the next round and the points of a bye already set for it, as BBP
// Pairings allows.
func (t *Tournament) Validate() error {
	return t.validate(nil)
}

// validate is Validate, with the parser's line numbers for its messages if
// p is not nil.
func (t *Tournament) validate(p *parser) error {
	lineOf := func(n int) int {
		if p == nil {
			return 0
		}
		return p.line[n]
	}
	ps := t.Points
	for _, v := range []Points{ps.Win, ps.Draw, ps.Loss, ps.ZeroBye, ps.ForfeitLoss, ps.PairingBye} {
		if v < 0 || v > maxPoints {
			return &TRFError{Field: "point system", Reason: fmt.Sprintf("%s points are out of range (0 to %s)", pointsText(v), pointsText(maxPoints))}
		}
	}
	for i, pl := range t.Players {
		if pl == nil {
			return &TRFError{Field: "players", Reason: fmt.Sprintf("Players[%d] is nil", i)}
		}
		if pl.Number < 1 || pl.Number > maxPlayerNumber {
			return &TRFError{Field: "pairing number", Reason: fmt.Sprintf("pairing number %d is out of range (1 to %d)", pl.Number, maxPlayerNumber)}
		}
		if i > 0 && pl.Number <= t.Players[i-1].Number {
			return &TRFError{Line: lineOf(pl.Number), Field: "pairing number", Reason: fmt.Sprintf("pairing number %d is repeated or out of order", pl.Number)}
		}
		if !t.UseRank && pl.Number != i+1 {
			return &TRFError{Field: "pairing number", Reason: fmt.Sprintf("pairing number %d has no player line (without XXC rank, the numbers run from 1 with no gaps)", i+1)}
		}
	}
	if t.LineOrder != nil {
		seen := map[int]bool{}
		for _, n := range t.LineOrder {
			if t.Player(n) == nil || seen[n] {
				return &TRFError{Field: "line order", Reason: fmt.Sprintf("LineOrder is not the players' numbers each once (%d)", n)}
			}
			seen[n] = true
		}
		if len(seen) != len(t.Players) {
			return &TRFError{Field: "line order", Reason: fmt.Sprintf("LineOrder has %d players, the tournament %d", len(seen), len(t.Players))}
		}
	}
	for _, pl := range t.Players {
		for i, g := range pl.Games {
			if err := checkGame(pl.Number, i+1, g); err != nil {
				err.Line = lineOf(pl.Number)
				if err.Line == 0 {
					err.Column = 0
				}
				return err
			}
		}
	}
	if t.Rounds < 0 {
		return &TRFError{Field: "XXR", Reason: fmt.Sprintf("%d rounds", t.Rounds)}
	}
	if rec := t.RecordedRounds(); t.Rounds > 0 && rec > t.Rounds {
		e := &TRFError{Field: "XXR", Reason: fmt.Sprintf("the file records %d rounds, more than the %d it declares (XXR or 142)", rec, t.Rounds)}
		if p != nil {
			e.Line = p.roundsAt
		}
		return e
	}
	if t.System != "" && !knownSystem(t.System) {
		return &TRFError{Field: "192 tournament type", Reason: fmt.Sprintf("%s is not a tournament type BBP Pairings pairs", quote.Input(t.System))}
	}
	if t.Baku {
		if !strings.HasSuffix(t.System, "_BAKU") {
			return &TRFError{Field: "192 tournament type", Reason: "Baku acceleration needs a Baku tournament type (FIDE_DUTCH_2025_BAKU, ...)"}
		}
		for _, pl := range t.Players {
			if len(pl.Accelerations) > 0 {
				return &TRFError{Line: lineOf(pl.Number), Field: "acceleration", Reason: fmt.Sprintf("player %d has accelerations of their own, and the Baku method sets them", pl.Number)}
			}
		}
		if ps.Loss != 0 || 2*ps.Draw != ps.Win {
			return &TRFError{Field: "point system", Reason: fmt.Sprintf("the Baku acceleration needs a loss to score 0 and a win two draws (win %s, draw %s, loss %s)", pointsText(ps.Win), pointsText(ps.Draw), pointsText(ps.Loss))}
		}
	}
	for _, f := range t.Forbidden {
		if f[0] >= f[1] || t.Player(f[0]) == nil || t.Player(f[1]) == nil {
			return &TRFError{Field: "XXP", Reason: fmt.Sprintf("forbidden pair %d-%d: two players of the tournament, the lower number first", f[0], f[1])}
		}
	}
	for _, pr := range t.Prohibited {
		if pr.First < 1 || pr.First > 999 || pr.Last < 1 || pr.Last > 999 || len(pr.Players) == 0 {
			return &TRFError{Field: "260", Reason: fmt.Sprintf("prohibition for rounds %d-%d of %d players: rounds 1 to 999 and at least one player", pr.First, pr.Last, len(pr.Players))}
		}
		for _, n := range pr.Players {
			if t.Player(n) == nil {
				return &TRFError{Field: "260 player", Reason: fmt.Sprintf("player %d has no player line", n)}
			}
		}
	}
	for _, b := range t.Byes {
		if b.Round < 1 || b.Round > 999 {
			return &TRFError{Field: "240 round", Reason: fmt.Sprintf("round %d is out of range (1 to 999)", b.Round)}
		}
		if b.Kind == '\r' || b.Kind == '\n' {
			return &TRFError{Field: "240 kind", Reason: "a line end is not a kind of bye"}
		}
		for _, n := range b.Players {
			if t.Player(n) == nil {
				return &TRFError{Field: "240 player", Reason: fmt.Sprintf("player %d has no player line", n)}
			}
		}
	}
	for _, pl := range t.Players {
		for i, g := range pl.Games {
			if !g.Played() {
				continue
			}
			r := i + 1
			fail := func(format string, args ...any) error {
				field := fmt.Sprintf("round %d opponent", r)
				e := &TRFError{Line: lineOf(pl.Number), Column: 92 + 10*i, Field: field, Reason: fmt.Sprintf("round %d: ", r) + fmt.Sprintf(format, args...)}
				if e.Line == 0 {
					e.Column, e.Field = 0, fmt.Sprintf("player %d %s", pl.Number, field)
				}
				return e
			}
			o := t.Player(g.Opponent)
			if o == nil {
				return fail("the opponent, %d, has no player line", g.Opponent)
			}
			og := o.game(r)
			switch {
			case !og.Played():
				return fail("player %d's line does not record a game played against %d", o.Number, pl.Number)
			case og.Opponent != pl.Number:
				return fail("player %d's line has %d as the opponent, not %d", o.Number, og.Opponent, pl.Number)
			case og.Color == g.Color:
				return fail("players %d and %d both have %s", pl.Number, o.Number, colorName(g.Color))
			}
		}
	}
	played := t.PlayedRounds()
	check := p != nil && p.check
	if check {
		played = t.RecordedRounds()
	}
	expected := t.Rounds
	if expected == 0 {
		expected = played
	}
	byes := map[int]bool{}
	for _, b := range t.Byes {
		if b.Round == played+1 && !check {
			for _, n := range b.Players {
				byes[n] = true
			}
		}
	}
	for _, pl := range t.Players {
		n, line := len(pl.Accelerations), 0
		if p != nil {
			n, line = len(p.acc[pl.Number]), p.accAt[pl.Number]
		}
		if n > expected {
			return &TRFError{Line: line, Field: "acceleration", Reason: fmt.Sprintf("player %d has accelerations for %d rounds, more than the tournament's %d", pl.Number, n, expected)}
		}
		for r, a := range pl.Accelerations {
			if a < 0 || a > maxPoints {
				return &TRFError{Line: line, Field: "acceleration", Reason: fmt.Sprintf("player %d's acceleration for round %d, %s, is out of range", pl.Number, r+1, pointsText(a))}
			}
		}
		acc := t.Acceleration(pl, played+1)
		if t.Baku {
			acc = t.baku(pl, played+1, expected)
		}
		if err := t.checkScore(pl, played, acc, byes[pl.Number]); err != nil {
			err.Line = lineOf(pl.Number)
			if err.Line > 0 {
				err.Column, err.Field = 81, "points"
			}
			return err
		}
	}
	return nil
}

// checkScore compares the player's declared score with the results of the
// rounds played, as BBP Pairings does: it accepts the results' score, that
// plus the acceleration for the next round, that plus the points of the
// entry already set for the next round, and that plus both.
//
// acc is the acceleration for the next round, bye whether a 240 record
// names the player for it.
func (t *Tournament) checkScore(pl *Player, played int, acc Points, bye bool) *TRFError {
	want := t.Score(pl, played)
	d := pl.Points
	if d == want {
		return nil
	}
	// The steps, and their guards against going below zero, are BBP
	// Pairings' (validateScores), one by one.
	if d >= acc {
		d -= acc
	}
	if d != want {
		d += acc
	}
	if d != want {
		if pl.recorded() > played || bye {
			// The entry set for the next round; a 240 record's is a
			// round with no result.
			if np := t.Points.Of(pl.game(played + 1)); d >= np {
				d -= np
			}
		}
	}
	if d != want && d >= acc {
		d -= acc
	}
	if d == want {
		return nil
	}
	rounds := fmt.Sprintf("the %d rounds played give", played)
	switch played {
	case 0:
		rounds = "no round has been played: the score is"
	case 1:
		rounds = "round 1 gives"
	}
	reason := fmt.Sprintf("player %d declares %s points, but %s %s", pl.Number, pointsText(pl.Points), rounds, pointsText(want))
	if acc != 0 {
		reason += fmt.Sprintf(" (%s with the next round's acceleration)", pointsText(want+acc))
	}
	return &TRFError{Field: fmt.Sprintf("player %d points", pl.Number), Reason: reason}
}

// checkGame checks one round entry on its own.
func checkGame(self, r int, g Game) *TRFError {
	col := 91 + 10*(r-1)
	e := func(at int, what, format string, args ...any) *TRFError {
		return &TRFError{Column: col + at + 1, Field: fmt.Sprintf("round %d %s", r, what), Reason: fmt.Sprintf("player %d: ", self) + fmt.Sprintf(format, args...)}
	}
	if g.Result == NoResult {
		if g != (Game{}) {
			return e(7, "result", "a round with no result has an opponent or a colour")
		}
		return nil
	}
	if g.Opponent < 0 || g.Opponent > maxPlayerNumber {
		return e(0, "opponent", "opponent %d is out of range (0 to %d)", g.Opponent, maxPlayerNumber)
	}
	if g.Opponent == self {
		return e(0, "opponent", "the player is their own opponent")
	}
	switch g.Color {
	case NoColor:
	case White, Black:
		if g.Opponent == 0 {
			return e(5, "colour", "a colour with no opponent")
		}
	default:
		return e(5, "colour", "colour %d is not White, Black or NoColor", g.Color)
	}
	switch g.Result {
	case HalfBye, FullBye, PairingBye, ZeroBye:
		if g.Opponent != 0 {
			return e(7, "result", "%q is a bye or an absence, but the entry has an opponent, %d", rune(g.Result), g.Opponent)
		}
	case ForfeitWin, ForfeitLoss:
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		if g.Color == NoColor && (g.Result != Draw || g.Opponent != 0) {
			return e(7, "result", "%q is a game, which needs an opponent and a colour", rune(g.Result))
		}
	default:
		return e(7, "result", "%s is not a result code (%s)", quote.Input(string(rune(g.Result))), resultCodes)
	}
	return nil
}

// colorName names a colour for messages.
func colorName(c Color) string {
	switch c {
	case White:
		return "White"
	case Black:
		return "Black"
	}
	return "no colour"
}

// pointsText writes points with one decimal: 25 is "2.5".
func pointsText(v Points) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%d", sign, v/10, v%10)
}

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
	s := pointsText(v)
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
