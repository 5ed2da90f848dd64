// Package clock models chess clocks for online play as pure functions: it
// does no I/O, starts no goroutines and never reads the time itself; every
// function is given the instants it needs.
//
// # Notation
//
// Parse reads this grammar, and Control.String writes it (spaces appear only
// where shown, as one space; no other characters are allowed):
//
//	control = "untimed" | "-" | days "d" | periods [ "+" seconds [ " delay" | " bronstein" ] ]
//	periods = { time "/" moves "," } time
//	time    = minutes | seconds "s"
//	days, minutes, seconds, moves = decimal digits (whole numbers, no sign)
//
// Examples:
//
//	untimed               no clock ("-" is the same)
//	3d                    correspondence: 3 days for each move, not accumulated
//	3+2                   Fischer: 3 minutes each, 2 seconds added after each move
//	15                    15 minutes each, no increment (written back as "15+0")
//	45s+1                 45 seconds each, 1 second added per move
//	15+5 delay            simple (US) delay: each turn, the clock waits 5 s before it runs
//	15+5 bronstein        Bronstein delay: after each move, the time used, up to 5 s, is given back
//	90/40,30+30           FIDE classical: 90 minutes for the first 40 moves, then 30
//	                      minutes for the rest of the game, 30 s per move from move 1
//	120/40,60/20,15+30    120 for 40 moves, 60 for the next 20, 15 for the rest, 30 s a move
//
// Each period but the last is "time/moves"; the last is for the rest of the
// game. A period's time is put on a side's clock when the period begins: the
// first at the start, the next one right after the side's last move of the
// previous period (after its 40th move, for "90/40,30+30"). The increment
// (or delay) applies to every move in every period. FIDE's short form,
// "90/40+30", where the last period has a move count and is followed by an
// increment of N seconds, means a final period of N minutes with that
// increment: "90/40+30" is "90/40,30+30" (FIDE's standard classical
// control), and String writes it that way. Without an increment (or with a
// delay) a last period with a move count is refused.
//
// Parse refuses the empty string, a first period of no time (such as "0+0"),
// periods of 0 moves, a delay of 0 seconds, more than MaxPeriods periods, more
// than MaxMoves moves in a period, more than MaxTime (1000 hours) in a period
// or increment, more than MaxDays (100) days per move, signs, spaces and
// anything else outside the grammar. Errors quote the input (at most 100
// bytes of it) and say why, for example
//
//	time control "0+0": no time for either side
//
// # PGN
//
// ParsePGN reads the PGN TimeControl tag and Control.PGN writes it. PGN can
// express untimed games ("-") and Fischer controls with any number of
// periods ("40/5400+30:1800+30"), but neither delay kind nor days per move:
// for those Control.PGN returns an error wrapping ErrPGN rather than a value
// that another program would read as a different control.
//
// # Clock
//
// A State is the clock between moves. Start begins the game with White to
// move and White's clock running from the instant given: the server calls
// it when the game begins (the first moves are not free). State.Move charges
// the mover at the instant its move reached the server, adds increments and
// periods and passes the turn; State.Remaining says what a side's clock
// shows at an instant; State.Flagged says whether, and when, the side to move
// lost on time, at any instant, with or without a move (the server asks
// when it likes). A side whose time reaches exactly zero has flagged.
//
// Fischer adds the increment after each move. Bronstein gives back after
// each move the time it used, up to the delay, so a move never gains time.
// Simple delay charges only what a turn takes beyond the delay: the clock
// does not run during the first "delay" seconds of each turn. Correspondence
// gives each move a fresh PerMove and flags when one turn takes it all.
// Untimed games never flag.
//
// # Lag allowance
//
// A move may carry the client's own measure of its think time. The server's
// measure (from the start of the turn to the move's arrival) also includes
// the network's delay both ways, which the client's does not. The clock
// charges max(client's measure, server's measure − quota): the server
// forgives at most the side's lag quota, and never charges more than its own
// measure. The allowance given is taken from the quota; after each move the
// quota gets LagRefill (100 ms) back, up to LagQuotaMax (1 s). Each side's
// quota starts at LagQuotaStart (1 s). Correspondence and untimed games have
// no allowance.
//
// Worst case: a client that lies (claims 0 every move) gains at most
// LagQuotaStart (1 s) on one move, and at most LagQuotaStart + (n−1) ×
// LagRefill over its n moves: 1 s + 3.9 s = 4.9 s over 40 moves, 1 s + 9.9
// s = 10.9 s over 100 moves. Once its quota is spent, it gains at most
// LagRefill (100 ms) per move. Because a move may be forgiven up to the quota,
// Flagged counts the side to move as flagged only once its time plus its
// quota is spent.
package clock
