package server

import (
	"runtime"
	"syscall"
)

// lowPriority runs f on an OS thread of its own at nice 10, so that the
// kernel gives the CPU to the threads serving cheap requests first, and
// returns when f does. The thread is not given back to the Go runtime (the
// goroutine ends locked to it, so the thread exits): no thread ever serves
// other goroutines at the lowered priority.
func lowPriority(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		// On Linux a thread's nice value is set through its thread id.
		syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 10)
		f()
		// No UnlockOSThread: the thread exits with the goroutine.
	}()
	<-done
}

// LowPriority is lowPriority for the event service's pairings
// (event.Limits.Run).
func LowPriority(f func()) { lowPriority(f) }
