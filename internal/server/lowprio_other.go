//go:build !linux

package server

// lowPriority runs f. Only on Linux does it lower the thread's priority.
func lowPriority(f func()) { f() }
