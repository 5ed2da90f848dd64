package pairing

import (
	"context"
	"errors"
	"os"
	"reflect"
	"sync/atomic"
	"testing"
	"time"
)

// countdownCtx is a context that ends after its Err has been asked n
// times: a cancellation in the middle of a pairing, at the same point on
// every run.
type countdownCtx struct {
	context.Context
	left atomic.Int64
	done chan struct{}
}

func newCountdown(n int64) *countdownCtx {
	c := &countdownCtx{Context: context.Background(), done: make(chan struct{})}
	c.left.Store(n)
	return c
}

func (c *countdownCtx) Done() <-chan struct{} { return c.done }
func (c *countdownCtx) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

func contextTournament(t *testing.T) *Tournament {
	t.Helper()
	data, err := os.ReadFile("testdata/trf/generated/p101-r11-s5.trf")
	if err != nil {
		t.Fatal(err)
	}
	full, err := ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	c := full.Before(6)
	c.Rounds = 11
	c.InitialColor = full.FirstColor()
	return c
}

// TestDutchContextStops: a context that ends in the middle of the pairing
// stops it with an error that wraps the context's, and a context that
// never ends gives the same pairing as Dutch.
func TestDutchContextStops(t *testing.T) {
	tour := contextTournament(t)
	want, err := Dutch(tour)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	got, err := DutchContext(ctx, tour)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DutchContext with a live context paired differently:\n got %v\nwant %v", got, want)
	}
	// Count how often a full pairing asks the context, then end it
	// halfway through.
	probe := newCountdown(1 << 40)
	if _, err := DutchContext(probe, tour); err != nil {
		t.Fatal(err)
	}
	asked := 1<<40 - probe.left.Load()
	if asked < 4 {
		t.Fatalf("the pairing asked its context %d times: too few to stop it halfway", asked)
	}
	for _, n := range []int64{0, 1, asked / 2, asked - 1} {
		_, err := DutchContext(newCountdown(n), tour)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("context ending after %d of %d checks: err %v, want context.Canceled", n, asked, err)
		}
	}
	// The engine is left usable: the same tournament pairs again.
	again, err := Dutch(tour)
	if err != nil || !reflect.DeepEqual(again, want) {
		t.Fatalf("after the stopped runs: %v %v", again, err)
	}
}
