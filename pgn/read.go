package pgn

import (
	"io"
	"iter"
	"sync"

	"github.com/chess960/chess960/chess"
)

// Reader reads games from PGN text, one at a time.
type Reader struct {
	// MaxGameBytes bounds the text of one game (0: DefaultMaxGameBytes; at
	// most 1 GiB).
	// The rest of a longer game is skipped, and the game gets an error
	// (ErrTooLong). Set it before the first Read.
	MaxGameBytes int

	// ReuseGames lets the Reader read each game into the Game it returned
	// before, reusing the room of its tags, moves, comments and NAGs: a
	// Game from Read is then only good until the next Read, and one given
	// to ReadParallel's work only until work returns. Copy what must last
	// longer (Game.Clone). A program that looks at each game once and moves
	// on, as statistics and conversions do, allocates far less this way and
	// so needs less memory. Set it before the first Read.
	ReuseGames bool

	// Start is the start position of the games without a FEN tag (as
	// broadcast boards and DGT exports write Chess960 games); the zero
	// Position means the standard start, as the PGN standard has it. A
	// game's own FEN tag always wins. Set it before the first Read.
	Start chess.Position

	in   io.Reader
	s    *scanner
	p    parser
	fens fenCache
	last *raw // with ReuseGames, the raw of the game Read returned last
}

// NewReader returns a Reader that reads from r. It buffers r itself.
func NewReader(r io.Reader) *Reader {
	return &Reader{in: r}
}

func (r *Reader) scanner() *scanner {
	if r.s == nil {
		r.s = newScanner(r.in, r.MaxGameBytes)
		r.p.fens = &r.fens
		if r.Start != (chess.Position{}) {
			e := entryOf(r.Start)
			r.fens.start = &e
		}
	}
	return r.s
}

// Read returns the next game, or io.EOF after the last one. A game that
// cannot be read completely is returned all the same, with Game.Err set;
// Read's own error is for the input failing, and ends the reading.
func (r *Reader) Read() (*Game, error) {
	s := r.scanner()
	raw, err := s.next()
	if err != nil {
		return nil, err
	}
	if r.last != nil {
		s.recycle(r.last)
		r.last = nil
	}
	g := r.p.parse(raw, r.ReuseGames)
	if r.ReuseGames {
		r.last = raw // g's strings are in it
	} else {
		s.recycle(raw)
	}
	return g, nil
}

// All returns an iterator over the games, for a range loop. It stops after
// the last game, or after yielding the error that ended the input.
func (r *Reader) All() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := r.Read()
			if err == io.EOF {
				return
			}
			if !yield(g, err) || err != nil {
				return
			}
		}
	}
}

// ReadParallel reads every game of r, calls work on each game on workers
// goroutines, and calls emit with the results one at a time, in the order
// of the games in the input. It returns emit's first error, which stops the
// reading, or the input's error, after the games before it have been
// emitted; nil at the end of the input. With workers <= 1 everything runs
// on the calling goroutine.
//
// Work is done in batches of games: emit sees the first result only when
// its batch is done, and at most a few batches per worker are in flight,
// so the memory used stays bounded whatever the input's size.
func ReadParallel[T any](r *Reader, workers int, work func(*Game) T, emit func(T) error) error {
	if workers <= 1 {
		for {
			g, err := r.Read()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if err := emit(work(g)); err != nil {
				return err
			}
		}
	}
	type batch struct {
		raws []*raw
		out  []T
		err  error
		done chan struct{}
	}
	s := r.scanner()
	order := make(chan *batch, workers+2)
	todo := make(chan *batch, workers)
	quit := make(chan struct{})
	var wg sync.WaitGroup

	// The scanner cuts the input into batches.
	go func() {
		defer close(order)
		defer close(todo)
		for {
			b := &batch{done: make(chan struct{})}
			size := 0
			for len(b.raws) < batchGames && size < batchBytes {
				raw, err := s.next()
				if err != nil {
					if err != io.EOF {
						b.err = err
					}
					break
				}
				b.raws = append(b.raws, raw)
				size += len(raw.text)
			}
			last := len(b.raws) < batchGames && size < batchBytes
			select {
			case order <- b:
			case <-quit:
				return
			}
			select {
			case todo <- b:
			case <-quit:
				return
			}
			if last {
				return
			}
		}
	}()

	// The workers parse the games and work on them.
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := parser{fens: &r.fens}
			for b := range todo {
				b.out = make([]T, len(b.raws))
				for i, raw := range b.raws {
					g := p.parse(raw, r.ReuseGames)
					b.out[i] = work(g)
					s.recycle(raw)
				}
				b.raws = nil
				close(b.done)
			}
		}()
	}

	// The caller emits the results in order.
	stop := func() {
		close(quit)
		go func() {
			// Let the workers finish what they hold, then free them.
			for b := range todo {
				close(b.done)
			}
		}()
		wg.Wait()
	}
	for b := range order {
		<-b.done
		for _, x := range b.out {
			if err := emit(x); err != nil {
				stop()
				return err
			}
		}
		if b.err != nil {
			stop()
			return b.err
		}
	}
	wg.Wait()
	return nil
}

// The size of the batches ReadParallel hands to its workers.
const (
	batchGames = 32
	batchBytes = 64 << 10
)
