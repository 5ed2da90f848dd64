package chess

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	chess960 "github.com/chess960/chess960"
)

func sanList(p Position) []string {
	var out []string
	for _, m := range p.AppendLegalMoves(nil) {
		out = append(out, p.SAN(m))
	}
	sort.Strings(out)
	return out
}

func TestSANStart(t *testing.T) {
	p := NewPosition(chess960.Standard())
	got := strings.Join(sanList(p), " ")
	want := "Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4"
	if got != want {
		t.Errorf("SAN of the start moves:\n got %s\nwant %s", got, want)
	}
}

func TestSANWrite(t *testing.T) {
	cases := []struct {
		fen, uci, san string
	}{
		// Disambiguation by file, by rank, by both.
		{"7k/8/8/8/8/8/8/N1N4K w - - 0 1", "a1b3", "Nab3"},
		{"7k/8/8/N7/8/8/8/N6K w - - 0 1", "a1b3", "N1b3"},
		{"8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"},
		{"8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"},
		{"8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"},
		// A pinned knight does not count for disambiguation.
		{"4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1", "c1d3", "Nd3"},
		// Captures, en passant, promotions, check and mate.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8n", "exd8=N"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", "e8=Q+"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		// Chess960 castling: by the rook's side, whatever the squares.
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1", "O-O-O"},
		{"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", "O-O"},
		{"1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1", "O-O-O"},
		{"4k3/8/8/8/8/8/8/RK5R w HA - 0 1", "b1a1", "O-O-O"},
		// A king move to the castling square is a king move, not castling.
		{"4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", "e1f1", "Kf1"},
	}
	for _, c := range cases {
		p := MustParseFEN(c.fen)
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Errorf("%s: ParseUCI(%s): %v", c.fen, c.uci, err)
			continue
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s: SAN(%s) = %s, want %s", c.fen, c.uci, got, c.san)
		}
		back, err := p.ParseSAN(c.san)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%s) = %v, %v; want %s", c.fen, c.san, back, err, c.uci)
		}
	}
}

func TestSANReadLenient(t *testing.T) {
	p := NewPosition(chess960.Standard())
	for in, want := range map[string]string{"Nf3": "g1f3", "Ng1f3": "g1f3", "Ngf3": "g1f3", "N1f3": "g1f3", "Nf3+": "g1f3",
		"Nf3!?": "g1f3", " e4 ": "e2e4", "g1f3": "g1f3", "e2e4": "e2e4"} {
		m, err := p.ParseMove(in)
		if err != nil || m.UCI(Chess960) != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
	q := MustParseFEN("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1")
	for in, want := range map[string]string{"e8Q": "e7e8q", "e8=q": "e7e8q", "exd8=N": "e7d8n", "ed8N": "e7d8n", "e7d8r": "e7d8r"} {
		m, err := q.ParseMove(in)
		if err != nil || m.UCI(Chess960) != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
	c := MustParseFEN("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
	for in, want := range map[string]string{"0-0": "e1h1", "O-O": "e1h1", "0-0-0": "e1a1", "O-O-O+": "e1a1", "e1g1": "e1h1", "e1h1": "e1h1"} {
		m, err := c.ParseMove(in)
		if err != nil || m.UCI(Chess960) != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
	e := MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	if m, err := e.ParseSAN("exf6e.p."); err != nil || !m.IsEnPassant() {
		t.Errorf("exf6e.p.: %v %v", m, err)
	}
}

func TestSANErrors(t *testing.T) {
	cases := []struct {
		fen, in string
		err     error
		frag    string
	}{
		{"", "Nf4", ErrIllegal, "no white knight can move to f4"},
		{"", "Bb5", ErrIllegal, "bishop"},
		{"", "Kb5", ErrIllegal, "king"},
		{"", "e5", ErrIllegal, "pawn"},
		{"", "O-O", ErrIllegal, "castling h-side"},
		{"", "Zf3", chess960.ErrSyntax, ""},
		{"", "", chess960.ErrSyntax, "empty"},
		{"", "N", chess960.ErrSyntax, ""},
		{"", "Nf9", chess960.ErrSyntax, "destination"},
		{"", "960", chess960.ErrSyntax, "want a move such as e4"},
		{"", "Nz3", chess960.ErrSyntax, "destination"},
		{"", "Nxyzf3", chess960.ErrSyntax, ""},
		{"", "e2-e4", chess960.ErrSyntax, ""},
		{"7k/8/8/8/8/8/8/N1N4K w - - 0 1", "Nb3", ErrAmbiguous, "Nab3 or Ncb3"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8", ErrIllegal, "must promote"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e8=K", chess960.ErrSyntax, "a pawn cannot promote to a king (want =Q, =R, =B or =N)"},
		{"", "a8=K", chess960.ErrSyntax, "a pawn cannot promote to a king"},
		{"", "a8K", chess960.ErrSyntax, "a pawn cannot promote to a king"},
		{"", "e8=P", chess960.ErrSyntax, "a pawn cannot promote to a pawn"},
		// No pawn can reach b8: say so, not "must promote".
		{"", "b8", ErrIllegal, "no white pawn can move to b8"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "d8", ErrIllegal, "no white pawn can move to d8"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "exd8", ErrIllegal, "must promote"},
		{"", strings.Repeat("N", 5000), chess960.ErrSyntax, `"... (5000 bytes)`},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", ErrIllegal, "no castling right"},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Ra1", ErrIllegal, ""},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", ErrIllegal, "in check"},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "Ra2", ErrIllegal, "in check"},
	}
	for _, c := range cases {
		p := NewPosition(chess960.Standard())
		if c.fen != "" {
			p = MustParseFEN(c.fen)
		}
		_, err := p.ParseSAN(c.in)
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.frag) || me.Input != c.in {
			t.Errorf("%s: ParseSAN(%q) = %v; want %v mentioning %q", c.fen, c.in, err, c.err, c.frag)
		}
	}
}

// Over random games from random Chess960 starts, every legal move's SAN is
// unique in its position and reads back as the same move.
func TestSANRoundTripPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := 0
	for g := 0; g < 150; g++ {
		p := NewPosition(chess960.MustNew(rng.IntN(960)))
		for ply := 0; ply < 120; ply++ {
			legal := p.AppendLegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			seen := map[string]Move{}
			for _, m := range legal {
				s := p.SAN(m)
				if o, dup := seen[s]; dup {
					t.Fatalf("%s: %s and %s both write %s", p.FEN(Chess960), o, m, s)
				}
				seen[s] = m
				back, err := p.ParseSAN(s)
				if err != nil || back != m {
					t.Fatalf("%s: ParseSAN(SAN(%s) = %s) = %v, %v", p.FEN(Chess960), m, s, back, err)
				}
				moves++
			}
			p.Play(legal[rng.IntN(len(legal))])
		}
	}
	if moves < 100000 {
		t.Errorf("only %d moves checked", moves)
	}
}

// sanMatchesByList is what ParseSAN did before sanMatches: filter the whole
// list of legal moves.
func sanMatchesByList(p *Position, legal []Move, role Role, to Square, promo Role, fromFile, fromRank int) []Move {
	var out []Move
	for _, m := range legal {
		if m.IsCastle() || m.To() != to || p.PieceAt(m.From()).Role != role {
			continue
		}
		if (fromFile >= 0 && m.From().File() != fromFile) || (fromRank >= 0 && m.From().Rank() != fromRank) {
			continue
		}
		if role == Pawn && fromFile < 0 && m.From().File() != to.File() {
			continue
		}
		if m.Promotion() != promo {
			continue
		}
		out = append(out, m)
	}
	return out
}

// sanMatches finds the same moves, in the same order, as filtering the list
// of legal moves, for every role, destination, disambiguation and
// promotion, in positions from random games (checks, pins, en passant,
// promotions) and a few made for the purpose.
func TestSANMatchesLegalMoves(t *testing.T) {
	positions := []Position{
		MustParseFEN("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"),      // en passant along a pinned rank
		MustParseFEN("8/8/8/1k6/2pP4/8/8/5BK1 b - d3 0 1"),   // en passant out of check by the pawn
		MustParseFEN("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"),   // check: block or capture
		MustParseFEN("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1"),      // promotions, with a capture
		MustParseFEN("8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1"),      // three queens
		MustParseFEN("4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1"),  // a pinned knight
		MustParseFEN("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1"),    // a pinned pawn that may not push
		MustParseFEN("4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1"),    // ... that may capture the pinner
		MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), // kings and rooks only
		MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
	}
	positions = playouts(positions, rand.New(rand.NewPCG(9, 6)), 200, 80)
	checked := 0
	for _, p := range positions {
		legal := p.AppendLegalMoves(nil)
		for role := Pawn; role <= King; role++ {
			for to := A1; to <= H8; to++ {
				for ff := -1; ff < 8; ff++ {
					for fr := -1; fr < 8; fr++ {
						for promo := NoRole; promo <= Queen; promo++ {
							if promo == Pawn || (promo != NoRole && role != Pawn) || (ff >= 0 && fr >= 0 && ff != fr) {
								continue
							}
							want := sanMatchesByList(&p, legal, role, to, promo, ff, fr)
							var found [16]Move
							got := found[:p.sanMatches(role, to, promo, ff, fr, &found)]
							if len(got) != len(want) || (len(got) > 0 && !slices.Equal(got, want)) {
								t.Fatalf("%s: %s to %s promo %s file %d rank %d: got %v, want %v", p.FEN(Chess960), role, to, promo, ff, fr, got, want)
							}
							checked++
						}
					}
				}
			}
		}
	}
	t.Logf("%d queries checked", checked)
}

// TestSANDisambiguationEverywhere: a move needs both coordinates of its
// square when another piece of its kind that can go to the same square
// shares its file and a third shares its rank. For queens, bishops and
// knights, every destination and every square they can come from, each
// with every such pair of partners (and a capture on every other one), is
// set up on a board with the two kings; the SAN of every move to the
// destination is checked against the rule of the PGN standard, applied here
// to the pieces that this test's own geometry finds can go there.
func TestSANDisambiguationEverywhere(t *testing.T) {
	type board [64]byte // 'Q', 'B', 'N', 'K': white; 'k', 'n': black; 0 empty
	file := func(sq int) int { return sq % 8 }
	rank := func(sq int) int { return sq / 8 }
	abs := func(x int) int { return max(x, -x) }
	sign := func(x int) int { return min(max(x, -1), 1) }
	name := func(sq int) string { return string([]byte{'a' + byte(file(sq)), '1' + byte(rank(sq))}) }
	// reaches reports whether a white piece of kind kind on from attacks
	// to, with the squares between empty on b.
	reaches := func(b *board, kind byte, from, to int) bool {
		dx, dy := file(to)-file(from), rank(to)-rank(from)
		if from == to {
			return false
		}
		switch kind {
		case 'N':
			return abs(dx)*abs(dy) == 2
		case 'K':
			return max(abs(dx), abs(dy)) == 1
		case 'B':
			if abs(dx) != abs(dy) {
				return false
			}
		case 'Q':
			if dx != 0 && dy != 0 && abs(dx) != abs(dy) {
				return false
			}
		}
		for x, y := file(from)+sign(dx), rank(from)+sign(dy); x != file(to) || y != rank(to); x, y = x+sign(dx), y+sign(dy) {
			if b[8*y+x] != 0 {
				return false
			}
		}
		return true
	}
	attacked := func(b *board, sq int) bool {
		for s, pc := range b {
			if pc >= 'A' && pc <= 'Z' && reaches(b, pc, s, sq) {
				return true
			}
		}
		return false
	}
	letters := map[byte]Role{'Q': Queen, 'B': Bishop, 'N': Knight, 'K': King, 'k': King, 'n': Knight}

	type key struct {
		kind           byte
		to, dirX, dirY int
	}
	full := map[key]bool{}
	checked := 0
	for _, kind := range []byte{'Q', 'B', 'N'} {
		var empty board
		for to := range 64 {
			for from := range 64 {
				if !reaches(&empty, kind, from, to) {
					continue
				}
				for fp := file(from); fp < 64; fp += 8 {
					for rp := 8 * rank(from); rp < 8*rank(from)+8; rp++ {
						if fp == from || rp == from || !reaches(&empty, kind, fp, to) || !reaches(&empty, kind, rp, to) {
							continue
						}
						var b board
						b[from], b[fp], b[rp] = kind, kind, kind
						if !reaches(&b, kind, from, to) || !reaches(&b, kind, fp, to) || !reaches(&b, kind, rp, to) {
							continue // one of them stands in another's way
						}
						capture := (from+fp+rp+to)%2 == 0
						if capture {
							b[to] = 'n'
						}
						// The kings: White's where it blocks nothing and no
						// black knight attacks it, Black's where no white
						// piece attacks it, before any of the moves or after.
						placed := false
						for i := range 64 {
							wk := (i + 7*to + from) % 64
							if b[wk] != 0 || wk == to || (capture && abs(file(wk)-file(to))*abs(rank(wk)-rank(to)) == 2) {
								continue
							}
							b[wk] = 'K'
							if !reaches(&b, kind, from, to) || !reaches(&b, kind, fp, to) || !reaches(&b, kind, rp, to) {
								b[wk] = 0
								continue
							}
							for bk := range 64 {
								if b[bk] != 0 || bk == to || attacked(&b, bk) {
									continue
								}
								b[bk] = 'k'
								safe := true
								for _, c := range []int{from, fp, rp} {
									after := b
									after[c], after[to] = 0, kind
									safe = safe && !attacked(&after, bk)
								}
								if safe {
									placed = true
									break
								}
								b[bk] = 0
							}
							if placed {
								break
							}
							b[wk] = 0
						}
						if !placed {
							t.Fatalf("%c on %s, %s and %s to %s: no squares for the kings", kind, name(from), name(fp), name(rp), name(to))
						}

						s := Setup{Turn: White, EnPassant: NoSquare, Fullmove: 1}
						for sq, pc := range b {
							if pc != 0 {
								c := White
								if pc >= 'a' {
									c = Black
								}
								s.Board.Set(Square(sq), Piece{Color: c, Role: letters[pc]})
							}
						}
						p, err := s.Position()
						if err != nil {
							t.Fatalf("%c on %s, %s and %s to %s: %v", kind, name(from), name(fp), name(rp), name(to), err)
						}
						var movers []int
						for sq, pc := range b {
							if pc == kind && reaches(&b, kind, sq, to) {
								movers = append(movers, sq)
							}
						}
						for _, m := range movers {
							sameFile, sameRank := false, false
							for _, o := range movers {
								if o != m {
									sameFile = sameFile || file(o) == file(m)
									sameRank = sameRank || rank(o) == rank(m)
								}
							}
							want := string(kind)
							switch {
							case !sameFile:
								want += name(m)[:1]
							case !sameRank:
								want += name(m)[1:]
							default:
								want += name(m)
							}
							if capture {
								want += "x"
							}
							want += name(to)
							mv := newMove(Square(m), Square(to))
							if got := p.SAN(mv); got != want {
								t.Fatalf("%s: SAN(%s) = %s, want %s", p.FEN(Chess960), mv, got, want)
							}
							if back, err := p.ParseSAN(want); err != nil || back != mv {
								t.Fatalf("%s: ParseSAN(%s) = %v, %v; want %s", p.FEN(Chess960), want, back, err, mv)
							}
							checked++
						}
						full[key{kind, to, sign(file(from) - file(to)), sign(rank(from) - rank(to))}] = true
						if kind == 'N' {
							full[key{kind, to, file(from) - file(to), rank(from) - rank(to)}] = true
						}
					}
				}
			}
		}
	}
	// Every destination needs both coordinates from each direction that has
	// room for two partners: each of the 8 for a queen and a knight (by its
	// jump) on the 16 middle squares c3-f6, each of the 4 diagonals for a
	// bishop on the 36 squares b2-g7.
	for to := range 64 {
		f, r := file(to), rank(to)
		middle := f >= 2 && f <= 5 && r >= 2 && r <= 5
		for dx := -2; dx <= 2; dx++ {
			for dy := -2; dy <= 2; dy++ {
				var want []key
				if abs(dx) <= 1 && abs(dy) <= 1 && (dx != 0 || dy != 0) && middle {
					want = append(want, key{'Q', to, dx, dy})
				}
				if abs(dx) == 1 && abs(dy) == 1 && f >= 1 && f <= 6 && r >= 1 && r <= 6 {
					want = append(want, key{'B', to, dx, dy})
				}
				if abs(dx)*abs(dy) == 2 && middle {
					want = append(want, key{'N', to, dx, dy})
				}
				for _, k := range want {
					if !full[k] {
						t.Errorf("no %c from direction %d,%d to %s needed both coordinates", k.kind, dx, dy, name(to))
					}
				}
			}
		}
	}
	t.Logf("%d moves checked", checked)
}
