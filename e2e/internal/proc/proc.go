// Package proc reads what the load drivers (benchplay, benchevent) report
// of the serve process they load and of themselves: its RSS from
// /proc/PID/status and the CPU time of both (Linux).
package proc

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Memory returns process pid's VmRSS and VmHWM in kB (0, 0 if it cannot
// be read, or pid is 0).
func Memory(pid int) (rss, hwm int64) {
	if pid == 0 {
		return 0, 0
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = n
		case "VmHWM:":
			hwm = n
		}
	}
	return rss, hwm
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat's times:
// 100 on every Linux this runs on.
const clockTicks = 100

// CPU returns the CPU time, user and system, of process pid (0 if it
// cannot be read, or pid is 0) and of the calling process.
func CPU(pid int) (other, self time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if pid == 0 {
		return 0, self
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, self
	}
	// The fields after the command's name, which is in parentheses:
	// utime and stime are the 14th and 15th of the line, in ticks.
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, self
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / clockTicks, self
}
