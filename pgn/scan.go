package pgn

import (
	"bufio"
	"bytes"
	"io"
	"sync/atomic"
	"unicode/utf8"

	"github.com/chess960/chess960/internal/decimal"
)

// The scanner cuts the input into games and tokenises each game once, line
// by line, over a bufio.Reader. A game's text and tokens (offsets into the
// text) go into a raw, which parse turns into a Game; raws can be parsed
// on other goroutines.

type tokKind uint8

const (
	tTagName     tokKind = iota + 1 // a tag's name; a tTagValue follows
	tTagValue                       // a tag's value between the quotes, escapes not yet undone
	tBadTag                         // a line in the tag section that is not a tag pair
	tMoveNum                        // digits of a move number (its dots are skipped)
	tSymbol                         // a move, or anything else made of symbol characters
	tResult                         // 1-0, 0-1, 1/2-1/2 or *
	tComment                        // the text of a {...} or ;... comment
	tNAG                            // $n
	tSuffix                         // ! ? !! ?? !? ?! and other runs of ! and ?
	tOpen                           // (
	tClose                          // )
	tBad                            // a character that has no place in movetext
	tOpenComment                    // a { that is never closed
	tTooLong                        // the game is longer than the limit; the rest is dropped
)

type token struct {
	start, end int32 // the token's bytes in raw.text
	kind       tokKind
}

// raw is one game's text as the scanner cut it from the input.
type raw struct {
	number int     // the game's number, from 1
	line   int     // the line of text[0]
	text   []byte  // the game's lines, from its first to the end of its result's line
	toks   []token // the game's tokens
	result int     // the index in toks of the result that ends the game, or -1
	ch     *chunk  // where text and toks are kept
	t0, k0 int     // where they begin in ch
}

// chunk holds the text and tokens of consecutive games, so that the memory
// of the games in flight is a few chunks, whatever the games' sizes, and
// is reused once every game in it has been parsed.
type chunk struct {
	text []byte
	toks []token
	refs atomic.Int32 // the games in it not yet recycled, and 1 while the scanner fills it
}

// chunkBytes is the text after which the scanner starts a new chunk.
const chunkBytes = 32 << 10

// The scanner's states, between lines.
const (
	stBetween = iota // between games: a "[" or a move number starts one
	stAfter          // after a result: the rest up to a blank line or a tag is ignored
	stTags           // in the tag section
	stMoves          // in the movetext
	stComment        // in a {...} comment that goes on over lines
)

// DefaultMaxGameBytes is the longest game text a Reader keeps unless told
// otherwise (Reader.MaxGameBytes). Annotated games with many variations
// take a few hundred kilobytes at most.
const DefaultMaxGameBytes = 16 << 20

type scanner struct {
	br       *bufio.Reader
	max      int    // the longest game text kept
	line     int    // lines read
	state    int    // one of the st values
	depth    int    // open variations
	brace    int    // offset of the { of the comment being read, in stComment
	number   int    // games started
	cur      *raw   // the game being read, nil between games
	done     *raw   // a game finished by the current line
	overflow bool   // cur has reached max: its text and tokens are no longer kept
	lineBuf  []byte // the line being read
	cont     bool   // the next part continues a line longer than max
	skipRest bool   // the rest of the line being read means nothing
	long     []byte
	free     chan *raw   // raws to reuse, given back by the goroutines that parse them
	ch       *chunk      // the chunk being filled
	chunks   chan *chunk // chunks to reuse
	err      error       // the error that ended the input (io.EOF at the end)
}

func newScanner(r io.Reader, max int) *scanner {
	if max <= 0 {
		max = DefaultMaxGameBytes
	}
	max = min(max, 1<<30) // token offsets are int32
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 64<<10 {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &scanner{br: br, max: max, free: make(chan *raw, 256), chunks: make(chan *chunk, 64)}
}

// next returns the next game's raw, or nil and the error that ended the
// input (io.EOF at its end).
func (s *scanner) next() (*raw, error) {
	for {
		if s.err != nil {
			if s.cur != nil {
				return s.finish(), nil
			}
			return nil, s.err
		}
		part, last, err := s.readPart()
		if err != nil {
			s.err = err
		}
		if len(part) > 0 {
			cont := s.cont
			s.cont = !last
			if !cont {
				s.line++
			}
			s.feed(part, cont)
			if s.done != nil {
				r := s.done
				s.done = nil
				return r, nil
			}
		}
	}
}

// readPart returns the next line with its line end, or, for a line longer
// than the longest game, a part of it (last is false while the line goes
// on). It stays valid until the next call.
func (s *scanner) readPart() (part []byte, last bool, err error) {
	line, err := s.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, true, err
	}
	s.long = append(s.long[:0], line...)
	for {
		line, err = s.br.ReadSlice('\n')
		s.long = append(s.long, line...)
		if err != bufio.ErrBufferFull {
			return s.long, true, err
		}
		if len(s.long) > s.max {
			return s.long, false, nil
		}
	}
}

// recycle gives a raw back once its game is done with. Any goroutine may
// call it.
func (s *scanner) recycle(r *raw) {
	s.release(r.ch)
	*r = raw{}
	select {
	case s.free <- r:
	default:
	}
}

// release drops a reference to c, and keeps c for reuse after the last.
func (s *scanner) release(c *chunk) {
	if c.refs.Add(-1) != 0 || cap(c.text) > 1<<20 || cap(c.toks) > 1<<17 {
		return // in use, or grown by a rare large game: let its memory go
	}
	select {
	case s.chunks <- c:
	default:
	}
}

// begin starts a game at the line being read.
func (s *scanner) begin() {
	var r *raw
	select {
	case r = <-s.free:
	default:
		r = &raw{}
	}
	if s.ch == nil || len(s.ch.text) >= chunkBytes {
		if s.ch != nil {
			s.release(s.ch)
		}
		select {
		case s.ch = <-s.chunks:
			s.ch.text, s.ch.toks = s.ch.text[:0], s.ch.toks[:0]
		default:
			s.ch = &chunk{text: make([]byte, 0, chunkBytes+chunkBytes/4), toks: make([]token, 0, chunkBytes/8)}
		}
		s.ch.refs.Store(1)
	}
	s.ch.refs.Add(1)
	s.number++
	*r = raw{number: s.number, line: s.line, result: -1, ch: s.ch, t0: len(s.ch.text), k0: len(s.ch.toks)}
	s.cur, s.depth, s.overflow = r, 0, false
}

// size returns the length of the text of the game being read.
func (s *scanner) size() int { return len(s.ch.text) - s.cur.t0 }

// finish ends the game being read and returns it.
func (s *scanner) finish() *raw {
	if s.state == stComment {
		s.emit(tOpenComment, s.brace, s.brace+1)
	}
	r := s.cur
	s.cur = nil
	r.text = r.ch.text[r.t0:len(r.ch.text):len(r.ch.text)]
	r.toks = r.ch.toks[r.k0:len(r.ch.toks):len(r.ch.toks)]
	return r
}

// feed reads one line, or a part of a line longer than the longest game
// (cont: the part continues a line). Such a line makes its game too long,
// so its text is not kept; its parts are only read to find where the game
// ends.
func (s *scanner) feed(line []byte, cont bool) {
	if cont {
		if s.skipRest || s.cur == nil {
			return
		}
		switch s.state {
		case stMoves:
			s.moves(s.add(line), 0)
		case stComment:
			base := s.add(line)
			if j := bytes.IndexByte(line, '}'); j >= 0 {
				s.emit(tComment, s.brace+1, base+j)
				s.state = stMoves
				s.moves(base, j+1)
			}
		}
		return
	}
	s.skipRest = false
	if s.line == 1 {
		line = bytes.TrimPrefix(line, bom)
	}
	switch s.state {
	case stBetween, stAfter:
		line = bytes.TrimPrefix(line, bom) // also at the start of concatenated files
		i := skipSpace(line, 0)
		switch {
		case i == len(line):
			s.state = stBetween
		case line[i] == '[':
			s.begin()
			s.state = stTags
			s.tagLine(s.add(line), i)
		case s.state == stBetween && line[i] >= '0' && line[i] <= '9':
			s.begin()
			s.state = stMoves
			s.moves(s.add(line), i)
		default:
			s.skipRest = true
		}
	case stTags:
		base := s.add(line)
		if line[0] == '%' {
			s.skipRest = true
			return
		}
		i := skipSpace(line, 0)
		switch {
		case i == len(line):
			s.state = stMoves
		case line[i] == '[':
			s.tagLine(base, i)
		default:
			s.state = stMoves
			s.moves(base, i)
		}
	case stMoves:
		i := skipSpace(line, 0)
		if i < len(line) && line[i] == '[' {
			s.done = s.finish()
			s.begin()
			s.state = stTags
			s.tagLine(s.add(line), i)
			return
		}
		base := s.add(line)
		if line[0] == '%' {
			s.skipRest = true
			return
		}
		s.moves(base, i)
	case stComment:
		if isTagLine(line) {
			// The comment was never closed: this is the next game.
			s.done = s.finish()
			s.begin()
			s.state = stTags
			s.tagLine(s.add(line), skipSpace(line, 0))
			return
		}
		base := s.add(line)
		if j := bytes.IndexByte(line, '}'); j >= 0 {
			s.emit(tComment, s.brace+1, base+j)
			s.state = stMoves
			s.moves(base, j+1)
		}
	}
}

var bom = []byte("\xef\xbb\xbf")

// add appends line to the game's text and returns its offset there. Once
// the text has reached its limit, the scanner goes on reading the game's
// lines to find where it ends, but keeps neither text nor tokens.
func (s *scanner) add(line []byte) int {
	s.lineBuf = line
	n := s.size()
	if !s.overflow && n+len(line) > s.max {
		s.emit(tTooLong, n, n)
		s.overflow = true
	}
	if s.overflow {
		return n
	}
	s.ch.text = append(s.ch.text, line...)
	return n
}

func (s *scanner) emit(k tokKind, start, end int) {
	if s.overflow {
		return
	}
	s.ch.toks = append(s.ch.toks, token{int32(start), int32(end), k})
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// tag name characters: letters, digits and a few signs.
func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-'
}

// symbol characters (PGN standard 7): letters, digits and _+#=:-/.
func isSymbolChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/' || c == '@'
}

// isTagLine reports whether line is a tag pair on a line of its own,
// `[Name "value"]`: how the next game shows itself after a comment that
// was never closed.
func isTagLine(line []byte) bool {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '[' {
		return false
	}
	i++
	j := i
	for j < len(line) && isNameChar(line[j]) {
		j++
	}
	if j == i || j >= len(line) || (line[j] != ' ' && line[j] != '\t') {
		return false
	}
	j = skipSpace(line, j)
	if j >= len(line) || line[j] != '"' {
		return false
	}
	end := bytes.TrimRight(line, " \t\r\n")
	return len(end) > j+1 && bytes.HasSuffix(end, []byte(`"]`))
}

// tagLine reads the tag pairs of a line in the tag section from line[i],
// and the movetext that may follow them on the same line.
func (s *scanner) tagLine(base, i int) {
	line := s.lineBuf
	n := len(line)
	for {
		i = skipSpace(line, i)
		if i >= n {
			return
		}
		if line[i] != '[' {
			s.state = stMoves
			s.moves(base, i)
			return
		}
		start := i
		i = skipSpace(line, i+1)
		ns := i
		for i < n && isNameChar(line[i]) {
			i++
		}
		ne := i
		i = skipSpace(line, i)
		if ne == ns || i >= n || line[i] != '"' {
			s.badTag(base, start)
			return
		}
		i++
		vs := i
		for i < n && line[i] != '"' && line[i] != '\n' {
			if line[i] == '\\' && i+1 < n && line[i+1] != '\n' {
				i++
			}
			i++
		}
		ve := i
		ok := i < n && line[i] == '"'
		if ok {
			i = skipSpace(line, i+1)
			ok = i < n && line[i] == ']'
		}
		if !ok {
			// A value with quotes inside that nobody escaped, as in
			// [Event "The "Big" Open"]: take it up to the last quote when
			// the line ends with "].
			end := bytes.TrimRight(line, " \t\r\n")
			if len(end) < ve+2 || !bytes.HasSuffix(end, []byte(`"]`)) {
				s.badTag(base, start)
				return
			}
			ve = len(end) - 2
			i = len(end) - 1
		}
		s.emit(tTagName, base+ns, base+ne)
		s.emit(tTagValue, base+vs, base+ve)
		i++
	}
}

func (s *scanner) badTag(base, start int) {
	s.skipRest = true
	line := bytes.TrimRight(s.lineBuf, " \t\r\n")
	s.emit(tBadTag, base+start, base+max(start, len(line)))
}

// moves reads movetext from line[i] to the end of the line.
func (s *scanner) moves(base, i int) {
	line := s.lineBuf
	n := len(line)
	for i < n {
		c := line[i]
		switch {
		case isSpace(c) || c == '.':
			i++
		case c == '{':
			j := bytes.IndexByte(line[i+1:], '}')
			if j < 0 {
				s.state = stComment
				s.brace = base + i
				return
			}
			s.emit(tComment, base+i+1, base+i+1+j)
			i += j + 2
		case c == ';':
			s.emit(tComment, base+i+1, base+len(bytes.TrimRight(line, "\r\n")))
			s.skipRest = true
			return
		case c == '(':
			s.depth++
			s.emit(tOpen, base+i, base+i+1)
			i++
		case c == ')':
			if s.depth > 0 {
				s.depth--
			}
			s.emit(tClose, base+i, base+i+1)
			i++
		case c == '$':
			j := i + 1
			for j < n && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			s.emit(tNAG, base+i, base+j)
			i = j
		case c == '!' || c == '?':
			j := i + 1
			for j < n && (line[j] == '!' || line[j] == '?') {
				j++
			}
			s.emit(tSuffix, base+i, base+j)
			i = j
		case c == '*':
			s.emit(tResult, base+i, base+i+1)
			if s.endsGame() {
				return
			}
			i++
		case isSymbolChar(c):
			j := i + 1
			for j < n && isSymbolChar(line[j]) {
				j++
			}
			sym := line[i:j]
			switch {
			case len(sym) == 1 && c == 'e' && bytes.HasPrefix(line[j:], []byte(".p.")):
				// "e.p." after an en-passant capture
				j += 3
			case decimal.Digits(sym) && string(sym) != "0000": // "0000" is a null move
				s.emit(tMoveNum, base+i, base+j)
			case isResult(sym):
				s.emit(tResult, base+i, base+j)
				if s.endsGame() {
					return
				}
			default:
				s.emit(tSymbol, base+i, base+j)
			}
			i = j
		default:
			_, size := utf8.DecodeRune(line[i:])
			s.emit(tBad, base+i, base+i+size)
			i += size
		}
	}
}

// endsGame is called at a result: outside variations it ends the game.
func (s *scanner) endsGame() bool {
	if s.depth > 0 {
		return false
	}
	s.skipRest = true
	if !s.overflow {
		s.cur.result = len(s.ch.toks) - s.cur.k0 - 1
	}
	s.done = s.finish()
	s.state = stAfter
	return true
}

func isResult(b []byte) bool {
	switch string(b) {
	case "1-0", "0-1", "1/2-1/2":
		return true
	}
	return false
}
