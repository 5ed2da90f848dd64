//go:build !linux

package server

// lowPriority runs f. Only on Linux does it lower the thread's priority.
func lowPriority(f func()) { f() }

// LowPriority is lowPriority for the event service's pairings
// (event.Limits.Run).
func LowPriority(f func()) { lowPriority(f) }
