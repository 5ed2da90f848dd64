package clock_test

import (
	"fmt"
	"time"

	"github.com/chess960/chess960/clock"
)

// A blitz game at 3+2: the server records each move's arrival and asks,
// later, whether the side to move has flagged.
func Example() {
	c, err := clock.Parse("3+2")
	if err != nil {
		panic(err)
	}
	start := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	st := clock.Start(c, start)

	// White's move arrives 10 s in; the client says it thought 9.8 s.
	// 0.2 s of lag is forgiven: 180 − 9.8 + 2 = 172.2.
	st, err = st.Move(start.Add(10*time.Second), 9800*time.Millisecond)
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Remaining(clock.White, start.Add(10*time.Second)))

	// Black never moves. Black's 180 s and 1 s lag quota are gone at +191.
	flagged, when := st.Flagged(start.Add(time.Hour))
	fmt.Println(flagged, when.Sub(start))
	// Output:
	// 2m52.2s
	// true 3m11s
}
