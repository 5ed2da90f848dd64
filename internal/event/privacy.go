package event

// Redacted returns the event as the public sees it in its pages, its JSON
// and its public TRF: each player with what a crosstable shows (pairing
// number, name, title, rating, federation, FIDE ID, club), without the
// birth date and sex the organiser may have entered for the rating report.
// Those are in the admin views and the admin link's TRF only.
func (e Event) Redacted() Event {
	c := e.clone()
	for i := range c.Players {
		c.Players[i].Birth = ""
		c.Players[i].Sex = ""
	}
	return c
}
