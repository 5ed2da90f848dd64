package pgn

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	chess960 "github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/decimal"
)

// MaxDepth is how deeply variations may nest: a deeper one is an error.
const MaxDepth = 64

// parser turns raws into games. Each goroutine has its own, with its stack
// of open variations; the start positions of the FEN tags read (a Chess960
// database has at most 960 of them, in a few spellings) are in the
// Reader's cache, which its parsers share.
type parser struct {
	fens  *fenCache
	stack []frame
	x     game    // the game being read
	reuse *Game   // the game read last, with Reader.ReuseGames
	sizes []int32 // the moves in each variation of the game, in order
	open  []int32 // the variations open, while counting
}

type fenEntry struct {
	pos chess.Position
	sid int16 // see Game.sid
}

// frame is a line being read: the main line or an open variation.
type frame struct {
	v      *Variation
	pos    chess.Position // after the last move of v
	before chess.Position // before the last move of v
	open   int            // the index of the ( token, or -1 for the main line
}

// game is what parse needs while it reads one game.
type game struct {
	g    *Game
	r    *raw
	s    string      // r.text as a string: tags, comments and moves are cut from it
	cs   []string    // room for all the comments of the game
	nags []int       // room for all its NAGs
	vn   []Node      // room for the moves of all its variations
	vs   []Variation // room for all its variations
}

// comment appends c to dst, a node's or a variation's comments, in the
// room kept for the game's comments (see appendShared).
func (x *game) comment(dst []string, c string) []string { return appendShared(&x.cs, dst, c) }

// nag appends n to dst, a node's NAGs, in the room kept for the game's NAGs.
func (x *game) nag(dst []int, n int) []int { return appendShared(&x.nags, dst, n) }

// appendShared appends v to dst in room, a slice made with the capacity for
// all the game's values of its kind, when dst is empty or ends where room is
// filled up to: one allocation for all of a game's comments (or NAGs).
// Otherwise, or once room is full, it appends to dst as append does.
func appendShared[T any](room *[]T, dst []T, v T) []T {
	r := *room
	k := len(r)
	switch {
	case k == cap(r):
	case len(dst) == 0:
		*room = append(r, v)
		return (*room)[k : k+1 : k+1]
	case len(dst) <= k && &r[k-len(dst)] == &dst[0]:
		*room = append(r, v)
		return (*room)[k-len(dst) : k+1 : k+1]
	}
	return append(dst, v)
}

func (x *game) text(t token) string { return x.s[t.start:t.end] }

// fail records the first error of the game.
func (x *game) fail(t token, reason error, detail string) {
	if x.g.Err != nil {
		return
	}
	line, col := x.r.position(int(t.start))
	x.g.Err = &Error{Game: x.g.Number, Line: line, Column: col, Token: x.text(t), Err: reason, Detail: detail}
}

// position returns the line and column (both from 1, the column in bytes)
// of the byte at off.
func (r *raw) position(off int) (line, col int) {
	line, start := r.line, 0
	for i, c := range r.text[:off] {
		if c == '\n' {
			line++
			start = i + 1
		}
	}
	return line, off - start + 1
}

// parse reads the game in r. With Reader.ReuseGames, it reads it into the
// Game it returned the time before, with the room that game's slices have.
func (ps *parser) parse(r *raw, reuse bool) *Game {
	x := &ps.x
	var g *Game
	if reuse && ps.reuse != nil {
		g = ps.reuse
		*g = Game{Number: r.number, Line: r.line, Tags: g.Tags[:0], Moves: Variation{Nodes: g.Moves.Nodes[:0]}}
		x.cs, x.nags, x.vn, x.vs = x.cs[:0], x.nags[:0], x.vn[:0], x.vs[:0]
	} else {
		g = &Game{Number: r.number, Line: r.line}
		x.cs, x.nags, x.vn, x.vs = nil, nil, nil, nil
	}
	x.g, x.r = g, r
	if reuse {
		ps.reuse = g
		// The game's strings are cut from the raw's text, which is
		// recycled only once the game is done with (Reader.ReuseGames).
		x.s = unsafe.String(unsafe.SliceData(r.text), len(r.text))
	} else {
		x.s = string(r.text)
	}
	toks := r.toks
	if r.result >= 0 {
		g.marker, _ = chess.ParseResult(x.text(toks[r.result]))
	}

	// Tags.
	i := 0
	for i < len(toks) && (toks[i].kind == tTagName || toks[i].kind == tTagValue || toks[i].kind == tBadTag) {
		i++
	}
	if cap(g.Tags) < i/2 {
		g.Tags = make(Tags, 0, i/2)
	}
	var index map[string]int // where each name stands, for a game with many tags
	if i > 64 {
		index = make(map[string]int, i/2)
	}
	fenTok, variantTok := -1, -1
	for k := 0; k < i; k++ {
		t := toks[k]
		if t.kind == tBadTag {
			x.fail(t, ErrTag, `want [Name "value"]`)
			return g
		}
		name, v := x.text(t), toks[k+1]
		value := unescape(x.text(v))
		if index == nil {
			g.Tags.Set(name, value)
		} else if j, ok := index[name]; ok {
			g.Tags[j].Value = value
		} else {
			index[name] = len(g.Tags)
			g.Tags = append(g.Tags, Tag{name, value})
		}
		switch name {
		case "FEN":
			fenTok = k + 1
		case "Variant":
			variantTok = k + 1
		}
		k++
	}

	// The start position.
	if variantTok >= 0 && variantKind(g.Tags.Get("Variant")) == variantUnknown {
		x.fail(toks[variantTok], ErrVariant, "only Chess960 and standard chess are played")
		return g
	}
	if fen := strings.TrimSpace(g.Tags.Get("FEN")); fen != "" {
		e, err := ps.fen(fen)
		if err != nil {
			x.fail(toks[fenTok], ErrFEN, fenDetail(err))
			return g
		}
		g.Start, g.sid = e.pos, e.sid
	} else if st := ps.fens.start; st != nil {
		g.Start, g.sid = st.pos, st.sid
	} else {
		g.Start, g.sid = standardStart, 518+1
	}

	// Movetext.
	// Count what the game holds, to make room for it at once: the moves of
	// the main line, the moves of each variation (in the order of their
	// "(" tokens), the comments and the NAGs.
	n, nvn, nc, nn := 0, 0, 0, 0
	sizes, open := ps.sizes[:0], ps.open[:0]
	for _, t := range toks[i:] {
		switch t.kind {
		case tSymbol:
			if len(open) == 0 {
				n++
			} else {
				sizes[open[len(open)-1]]++
				nvn++
			}
		case tComment:
			nc++
		case tNAG, tSuffix:
			nn++
		case tOpen:
			open = append(open, int32(len(sizes)))
			sizes = append(sizes, 0)
		case tClose:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	ps.sizes, ps.open = sizes, open
	nvs := len(sizes)
	nth := 0 // the "(" tokens met so far
	if cap(g.Moves.Nodes) < n {
		g.Moves.Nodes = make([]Node, 0, n)
	}
	if cap(x.vn) < nvn {
		x.vn = make([]Node, 0, nvn)
	}
	if cap(x.vs) < nvs {
		x.vs = make([]Variation, 0, nvs)
	}
	if cap(x.cs) < nc {
		x.cs = make([]string, 0, nc)
	}
	if cap(x.nags) < nn {
		x.nags = make([]int, 0, nn)
	}
	stack := append(ps.stack[:0], frame{v: &g.Moves, pos: g.Start, open: -1})
	defer func() { ps.stack = stack[:0] }()
	for ; i < len(toks); i++ {
		t := toks[i]
		f := &stack[len(stack)-1]
		var reason error
		var detail string
		switch t.kind {
		case tMoveNum:
		case tSymbol:
			m, err := x.move(&f.pos, t)
			if err != nil {
				reason, detail = err, ""
				var me *chess.MoveError
				if errors.As(err, &me) {
					reason, detail = me.Err, me.Detail
				}
				break
			}
			f.v.Nodes = append(f.v.Nodes, Node{Move: m}) // within the room made for the line
			f.before = f.pos
			play(&f.pos, m)
		case tComment:
			c := trimComment(x.text(t))
			if k := len(f.v.Nodes); k > 0 {
				f.v.Nodes[k-1].Comments = x.comment(f.v.Nodes[k-1].Comments, c)
			} else {
				f.v.Comments = x.comment(f.v.Comments, c)
			}
		case tNAG, tSuffix:
			nag, ok := nagValue(x.text(t))
			if !ok {
				reason, detail = chess960.ErrSyntax, "a NAG is $ and a number from 0 to 255"
				break
			}
			if k := len(f.v.Nodes); k > 0 && nag >= 0 {
				f.v.Nodes[k-1].NAGs = x.nag(f.v.Nodes[k-1].NAGs, nag)
			}
		case tOpen:
			nth++
			k := len(f.v.Nodes)
			if k == 0 {
				reason, detail = chess960.ErrSyntax, "a variation must follow the move it replaces"
				break
			}
			if len(stack) > MaxDepth {
				reason, detail = chess960.ErrSyntax, "variations nested more than "+strconv.Itoa(MaxDepth)+" deep"
				break
			}
			last := &f.v.Nodes[k-1]
			last.Variations = appendShared(&x.vs, last.Variations, Variation{})
			v := &last.Variations[len(last.Variations)-1]
			k = len(x.vn)
			v.Nodes = x.vn[k : k : k+int(sizes[nth-1])] // room for exactly its moves
			x.vn = x.vn[:k+int(sizes[nth-1])]
			stack = append(stack, frame{v: v, pos: f.before, open: i})
		case tClose:
			if len(stack) == 1 {
				reason, detail = chess960.ErrSyntax, "no variation to close"
				break
			}
			stack = pop(stack)
		case tResult: // the one that ends the game is read above; those in variations mean nothing
		case tOpenComment:
			reason, detail = ErrComment, "no } before the next game or the end of the input"
		case tTooLong:
			reason, detail = ErrTooLong, "longer than "+strconv.Itoa(len(r.text))+" bytes: the rest of it is skipped"
		default: // tBad, and tags after the movetext has begun
			reason, detail = chess960.ErrSyntax, "not a move, move number, comment, NAG, variation or result"
		}
		if reason == nil {
			continue
		}
		x.fail(t, reason, detail)
		if len(stack) == 1 {
			break
		}
		// Skip the rest of the variation and go on with the line it
		// belongs to.
		j := skipVariation(toks, i)
		for _, t := range toks[i+1 : j+1] {
			if t.kind == tOpen {
				nth++
			}
		}
		i = j
		stack = pop(stack)
	}
	if len(stack) > 1 {
		x.fail(toks[stack[1].open], ErrVariation, "no ) before the end of the game")
		for len(stack) > 1 {
			stack = pop(stack)
		}
	}
	return g
}

// pop closes the innermost variation, and drops it if it is empty.
func pop(stack []frame) []frame {
	v := stack[len(stack)-1].v
	stack = stack[:len(stack)-1]
	if len(v.Nodes) == 0 && len(v.Comments) == 0 {
		p := stack[len(stack)-1].v
		last := &p.Nodes[len(p.Nodes)-1]
		last.Variations = last.Variations[:len(last.Variations)-1]
	}
	return stack
}

// skipVariation returns the index of the ) that closes the variation in
// which toks[i] stands, or len(toks)-1 if there is none.
func skipVariation(toks []token, i int) int {
	depth := 1
	for ; i < len(toks); i++ {
		switch toks[i].kind {
		case tOpen:
			depth++
		case tClose:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// move reads a move in SAN at p.
func (x *game) move(p *chess.Position, t token) (chess.Move, error) {
	s := x.text(t)
	if s == "--" || s == "Z0" || s == "0000" || s == "@@@@" {
		// A null move, as analysis writes it: the side to move passes.
		if p.InCheck() {
			return 0, &chess.MoveError{Input: s, Err: chess.ErrNullInCheck, Detail: "the side to move must answer the check"}
		}
		return chess.NullMove, nil
	}
	m, err := p.ParseSAN(s)
	if err == nil {
		return m, nil
	}
	switch {
	case strings.IndexByte(s, '-') > 0 && s[0] != 'O' && s[0] != '0' && s[0] != 'o':
		// Long algebraic with a hyphen, "Ng1-f3" or "e2-e4".
		if m, err2 := p.ParseSAN(strings.Replace(s, "-", "", 1)); err2 == nil {
			return m, nil
		}
	}
	return 0, err
}

// fenCache keeps the start positions of the FEN tags read, for all the
// parsers of one Reader (ReadParallel's workers share it).
type fenCache struct {
	mu sync.RWMutex
	m  map[string]fenEntry
	// start is the start of games without a FEN tag (Reader.Start), set
	// before the first game is read; nil: the standard start.
	start *fenEntry
}

// entryOf describes a start position for the cache.
func entryOf(p chess.Position) fenEntry {
	e := fenEntry{pos: p, sid: -1}
	if sp, err := chess960.ParseFEN(p.FEN(chess.Standard)); err == nil {
		e.sid = int16(sp.ID()) + 1
	}
	return e
}

// fen reads a FEN tag, from the cache when it has been read before.
func (ps *parser) fen(s string) (fenEntry, error) {
	c := ps.fens
	c.mu.RLock()
	e, ok := c.m[s]
	c.mu.RUnlock()
	if ok {
		return e, nil
	}
	p, err := chess.ParseFEN(s)
	if err != nil {
		return fenEntry{}, err
	}
	e = entryOf(p)
	c.mu.Lock()
	if c.m == nil || len(c.m) >= 4096 {
		c.m = make(map[string]fenEntry)
	}
	c.m[strings.Clone(s)] = e
	c.mu.Unlock()
	return e, nil
}

// fenDetail words the chess package's error for a FEN without repeating
// the FEN, which the *Error quotes as its token.
func fenDetail(err error) string {
	var fe *chess.FENError
	var pe *chess.PositionError
	switch {
	case errors.As(err, &fe):
		d := fe.Detail
		if d == "" {
			d = fe.Err.Error()
		}
		if fe.Field == "fields" {
			return d
		}
		return fe.Field + " field: " + d
	case errors.As(err, &pe):
		var b strings.Builder
		for i, p := range pe.Problems {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(p.String())
		}
		return b.String()
	}
	return err.Error()
}

// unescape undoes the \" and \\ escapes of a tag value.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// trimComment trims a comment's text and drops carriage returns.
func trimComment(s string) string {
	s = strings.TrimSpace(s)
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r", "")
	}
	return s
}

// nagValue reads "$n" or a suffix annotation. A suffix other than the six
// of the standard gives -1 (it is dropped); ok is false for a $ without a
// number from 0 to 255.
func nagValue(s string) (nag int, ok bool) {
	if s[0] == '$' {
		n, err := decimal.Int(s[1:], 0, 255)
		return int(n), err == nil
	}
	switch s {
	case "!":
		return 1, true
	case "?":
		return 2, true
	case "!!":
		return 3, true
	case "??":
		return 4, true
	case "!?":
		return 5, true
	case "?!":
		return 6, true
	}
	return -1, true
}

// play plays m at p: NullMove passes the turn. A null move was checked
// when it was read (not in check), and PlayNull leaves p as it was if not.
func play(p *chess.Position, m chess.Move) {
	if m == chess.NullMove {
		p.PlayNull()
		return
	}
	p.Play(m)
}
