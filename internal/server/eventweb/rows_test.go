package eventweb

import (
	"testing"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/internal/event"
)

// TestPairingRows: the rows of a round of games in the app, written out
// by hand: a game in play (a live board and a watch link), a game over
// with its PGN, a board over the board with a PGN only, a player renumbered
// since the round was published (the round's number shows), a name that
// needs escaping, and a bye.
func TestPairingRows(t *testing.T) {
	pos := chess960.MustNew(0)
	p := &eventPage{ev: event.Event{ID: "open-1", Players: []event.Player{
		{ID: 1, Number: 1, Name: "Ann"},
		{ID: 2, Number: 2, Name: `O'Hara & "Sons" <b>+</b>`},
		{ID: 3, Number: 5, Name: "Cy"},
		{ID: 4, Number: 4, Name: "Di"},
		{ID: 5, Number: 3, Name: "Ed"},
		{ID: 6, Number: 6, Name: "Flo"},
		{ID: 7, Number: 7, Name: "Gus"},
	}}}
	p.ev.Positions.PerBoard = true
	r := event.Round{Number: 2, Numbers: map[int]int{3: 3, 5: 5}, Boards: []event.Board{
		{Board: 1, White: 1, Black: 2, Game: "open-1-r2-b1", Position: &pos},
		{Board: 2, White: 3, Black: 4, Game: "open-1-r2-b2", Result: "1-0", PGN: "1-0"},
		{Board: 3, White: 5, Black: 6, Result: "+-", PGN: "x"},
	}, Byes: []event.Bye{{Player: 7, Kind: event.ByeHalf}}}
	want := "<tr>\n" +
		`    <td class="num">1</td>` + "\n" +
		`    <td>Ann <span class="hint">(1)</span></td>` + "\n" +
		`    <td class="res mono"><span class="hint">…</span></td>` + "\n" +
		`    <td>O&#39;Hara &amp; &#34;Sons&#34; &lt;b&gt;&#43;&lt;/b&gt; <span class="hint">(2)</span></td>` + "\n" +
		`    <td><a href="/pos/BBQNNRKR">BBQNNRKR</a></td>` + "\n" +
		`    <td><span class="mini-live" data-game-board="1"></span><a href="/g/open-1-r2-b1" class="game-link" data-game="open-1-r2-b1"><span class="live-dot" aria-hidden="true"></span>watch</a></td>` + "\n" +
		"  </tr><tr>\n" +
		`    <td class="num">2</td>` + "\n" +
		`    <td>Cy <span class="hint">(3)</span></td>` + "\n" +
		`    <td class="res mono">1-0</td>` + "\n" +
		`    <td>Di <span class="hint">(4)</span></td>` + "\n" +
		`    <td></td>` + "\n" +
		`    <td><span class="mini-live" data-game-board="2"></span><a href="/g/open-1-r2-b2" class="game-link" data-game="open-1-r2-b2">game</a> · <a href="/e/open-1/pgn/2/2">PGN</a></td>` + "\n" +
		"  </tr><tr>\n" +
		`    <td class="num">3</td>` + "\n" +
		`    <td>Ed <span class="hint">(5)</span></td>` + "\n" +
		`    <td class="res mono">&#43;-</td>` + "\n" +
		`    <td>Flo <span class="hint">(6)</span></td>` + "\n" +
		`    <td></td>` + "\n" +
		`    <td><a href="/e/open-1/pgn/2/3">PGN</a></td>` + "\n" +
		"  </tr>\n" +
		`  <tr class="bye-row"><td></td><td colspan="3">Gus <span class="hint">(7)</span> <span class="hint">— half-point bye</span></td></tr>`
	if got := string(p.PairingRows(r)); got != want {
		t.Errorf("rows:\n%s\nwant:\n%s", got, want)
	}

	// Without positions per board there is no position cell.
	p.ev.Positions.PerBoard = false
	r = event.Round{Number: 1, Boards: []event.Board{{Board: 1, White: 2, Black: 1, Result: "1/2-1/2"}}}
	want = "<tr>\n" +
		`    <td class="num">1</td>` + "\n" +
		`    <td>O&#39;Hara &amp; &#34;Sons&#34; &lt;b&gt;&#43;&lt;/b&gt; <span class="hint">(2)</span></td>` + "\n" +
		`    <td class="res mono">1/2-1/2</td>` + "\n" +
		`    <td>Ann <span class="hint">(1)</span></td>` + "\n" +
		"    \n" +
		"    <td></td>\n" +
		"  </tr>\n  "
	if got := string(p.PairingRows(r)); got != want {
		t.Errorf("rows:\n%q\nwant:\n%q", got, want)
	}
}

// TestStandingRows: a line of the standings with a title, a rating, two
// tie-breaks (one of them missing from the row), a crosstable of a game,
// a forfeit and a bye, and the performance; and one unrated line.
func TestStandingRows(t *testing.T) {
	p := &eventPage{Stand: &event.Standings{Rounds: 3, TieBreaks: []string{"BH", "SB"}, Rows: []event.Row{
		{Rank: 1, Name: "Ann <A>", Title: "GM", Rating: 2500, Points: "2.5", TieBreaks: []string{"4.5"}, Performance: 2610,
			Results: []event.Cell{{Opponent: 2, Color: "w", Result: "1"}, {Opponent: 3, Color: "b", Result: "+"}, {Result: "="}}},
		{Rank: 2, Name: "Ben", Points: "0", TieBreaks: []string{"-", "-"}, Results: []event.Cell{{Opponent: 1, Color: "b", Result: "0"}, {Result: "-"}, {}}},
	}}}
	want := "<tr>\n" +
		`    <td class="num st-rank">1</td>` + "\n" +
		`    <th scope="row" class="st-name"><span class="title">GM</span> Ann &lt;A&gt; <span class="hint">2500</span></th>` + "\n" +
		`    <td class="num"><strong>2.5</strong></td>` + "\n" +
		`    <td class="num tb">4.5</td><td class="num tb"></td>` + "\n" +
		`    <td class="num xt">2<span class="hint">w</span>1</td><td class="num xt">3<span class="hint">b</span>&#43;</td><td class="num xt">=</td>` + "\n" +
		`    <td class="num">2610</td>` + "\n" +
		"  </tr><tr>\n" +
		`    <td class="num st-rank">2</td>` + "\n" +
		`    <th scope="row" class="st-name">Ben</th>` + "\n" +
		`    <td class="num"><strong>0</strong></td>` + "\n" +
		`    <td class="num tb">-</td><td class="num tb">-</td>` + "\n" +
		`    <td class="num xt">1<span class="hint">b</span>0</td><td class="num xt">-</td><td class="num xt"></td>` + "\n" +
		`    <td class="num"></td>` + "\n" +
		"  </tr>"
	if got := string(p.StandingRows()); got != want {
		t.Errorf("rows:\n%s\nwant:\n%s", got, want)
	}
	if got := (&eventPage{}).StandingRows(); got != "" {
		t.Errorf("no standings: %q", got)
	}
}

// TestPlayerRows: the players in pairing-number order, the unnumbered
// last, with a title, a withdrawal, no rating, and text to escape.
func TestPlayerRows(t *testing.T) {
	p := &eventPage{ev: event.Event{Players: []event.Player{
		{ID: 1, Number: 2, Name: "Ben", Rating: 2100, Federation: "NOR", Club: "S&S"},
		{ID: 2, Number: 0, Name: "Late"},
		{ID: 3, Number: 1, Name: "Ann", Title: "IM", Withdrawn: 3, Federation: "ENG"},
	}}}
	want := `<tr><td class="num">1</td><td><span class="title">IM</span> Ann <span class="hint">(withdrew, round 3)</span></td><td class="num"></td><td class="wide-only">ENG</td><td class="wide-only"></td></tr>` +
		`<tr><td class="num">2</td><td>Ben</td><td class="num">2100</td><td class="wide-only">NOR</td><td class="wide-only">S&amp;S</td></tr>` +
		`<tr><td class="num">0</td><td>Late</td><td class="num"></td><td class="wide-only"></td><td class="wide-only"></td></tr>`
	if got := string(p.PlayerRows()); got != want {
		t.Errorf("rows:\n%s\nwant:\n%s", got, want)
	}
}
