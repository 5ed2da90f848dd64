package uci_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"testing"
	"time"

	"github.com/chess960/chess960"
	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/internal/testtool"
	"github.com/chess960/chess960/perft"
	"github.com/chess960/chess960/uci"
)

// TestDFRCPerftStockfish counts perft to depth 3 on 200 DFRC starts whose
// ranks differ (drawn from SHA-256 of "dfrc-sample:" and a counter, so the
// sample is the same in every run) with package perft and with Stockfish
// in Chess960 mode, sending each start in the X-FEN our DFRC type writes,
// and compares the divides move by move. Stockfish must be installed when
// CI is set.
func TestDFRCPerftStockfish(t *testing.T) {
	path := testtool.Stockfish(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	e, err := uci.Start(ctx, uci.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	checked := 0
	for k := uint64(0); checked < 200; k++ {
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], k)
		sum := sha256.Sum256(append([]byte("dfrc-sample:"), buf[:]...))
		d, err := chess960.DFRCFromIndex(int(binary.BigEndian.Uint64(sum[:8]) % chess960.DFRCCount))
		if err != nil {
			t.Fatal(err)
		}
		if d.IsChess960() {
			continue
		}
		p, err := chess.ParseFEN(d.FEN())
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		div, err := e.Perft(ctx, p, nil, 3)
		if err != nil {
			t.Fatalf("%v: Stockfish: %v", d, err)
		}
		var total uint64
		for _, m := range p.AppendLegalMoves(nil) {
			q := p
			q.Play(m)
			n := perft.Count(q, 2)
			total += n
			if got := div.Counts[m.UCI(chess.Chess960)]; got != n {
				t.Errorf("%v (%s): after %s, Stockfish counts %d, we %d", d, d.FEN(), m.UCI(chess.Chess960), got, n)
			}
		}
		if len(div.Counts) != len(p.AppendLegalMoves(nil)) || perft.Count(p, 3) != total {
			t.Errorf("%v: Stockfish has %d moves, we %d", d, len(div.Counts), len(p.AppendLegalMoves(nil)))
		}
		checked++
	}
}
