package printable

import (
	"bytes"
	"context"
	"fmt"
	"regexp"

	"github.com/chess960/chess960/internal/event"
)

// The pairing sheet of round 1 of a four-player event, with the seed the
// organiser brought: the position, then each board as a browser shows it.
func ExamplePairingSheet() {
	svc := event.NewService(newMem())
	ctx := context.Background()
	st, _, err := svc.Create(ctx, event.Init{
		Settings:   event.Settings{Name: "Club Championship", System: event.Swiss, Rounds: 3, TimeControl: "G/60"},
		Seed:       "example-seed",
		WeakSeed:   true, // a readable seed for the example; a real event draws one
		FirstColor: "w",
		Players:    []event.PlayerInfo{{Name: "Ann", Rating: 2100}, {Name: "Ben", Rating: 2000}, {Name: "Cy", Rating: 1900}, {Name: "Di", Rating: 1800}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, kind := range []event.ChangeKind{event.KindPair, event.KindPublish, event.KindStart} {
		if st, _, err = svc.Apply(ctx, st.ID(), event.Actor{Role: event.RoleAdmin, Label: "arbiter"}, event.Change{Kind: kind, Round: 1}); err != nil {
			fmt.Println(err)
			return
		}
	}
	var buf bytes.Buffer
	if err := PairingSheet(&buf, st.Public(), 1); err != nil {
		fmt.Println(err)
		return
	}
	doc := buf.String()
	fmt.Println(regexp.MustCompile(`<small>Start position</small>(\d+)`).FindStringSubmatch(doc)[1],
		regexp.MustCompile(`<dd class="mono rank">(\w+)`).FindStringSubmatch(doc)[1])
	for _, row := range regexp.MustCompile(`(?s)<tr class="board-row".*?</tr>`).FindAllString(doc, -1) {
		fmt.Println(text(row))
	}
	// Round 3 is not paired yet.
	fmt.Println(PairingSheet(&buf, st.Public(), 3))
	// Output:
	// 803 BRKQNRNB
	// 1 1 Ann 2100 0.0 0.0 3 Cy 1900
	// 2 4 Di 1800 0.0 0.0 2 Ben 2000
	// printable: pairing sheet, round 3: no such round: only round 1 is paired
}
