package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its two ends: the program
// under test writes to tty, the test reads what a terminal would show from
// master.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("opening a pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock, n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlocking the pseudo-terminal: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("naming the pseudo-terminal: %v", e)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("opening the pseudo-terminal's other end: %v", err)
	}
	return master, tty
}

// TestPerftCtrlC runs a count that would take years with stderr on a
// terminal, waits for its progress line, sends it a real SIGINT and checks
// that it stops cleanly: the line is cleared, the message says what was
// counted, nothing goes to stdout, and the exit status is 130.
func TestPerftCtrlC(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "chess960")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	master, tty := openPTY(t)
	var stdout bytes.Buffer
	cmd := exec.Command(bin, "perft", "518", "--depth", "12", "--threads", "2")
	cmd.Stdout, cmd.Stderr = &stdout, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	// Read the terminal until the progress shows, then press Ctrl-C.
	screen := make(chan string)
	go func() {
		var seen []byte
		buf := make([]byte, 4096)
		signalled := false
		for {
			n, err := master.Read(buf)
			seen = append(seen, buf[:n]...)
			if !signalled && regexp.MustCompile(`perft depth 12: \d+ of \d+ subtrees, \d+ nodes`).Match(seen) {
				cmd.Process.Signal(os.Interrupt)
				signalled = true
			}
			if err != nil { // the program has exited: the terminal is closed
				screen <- string(seen)
				return
			}
		}
	}()
	err := cmd.Wait()
	shown := <-screen
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("exit: %v, want status 130", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", stdout.String())
	}
	// The last thing on the terminal: the progress line erased, then the
	// message (a terminal turns "\n" into "\r\n").
	last := shown[strings.LastIndex(shown, "\r\x1b[K")+len("\r\x1b[K"):]
	if !regexp.MustCompile(`^chess960 perft: interrupted \(Ctrl-C\): depth 12 not finished, \d+ nodes counted in [0-9.]+s\r?\n$`).MatchString(last) {
		t.Errorf("terminal shows %q after the progress %q", last, shown)
	}
}
