package testtool

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records Fatalf and Skipf instead of
// stopping the test.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()                          {}
func (r *recorder) Fatalf(f string, a ...any)        { r.fatal = fmt.Sprintf(f, a...) }
func (r *recorder) Skipf(format string, args ...any) { r.skip = fmt.Sprintf(format, args...) }

func TestFind(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "fake-engine")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	t.Setenv("FAKE", "")

	// Found on the PATH, and through the variable, which comes first.
	if got := find(&recorder{TB: t}, "FAKE", []string{"nothing-here", "fake-engine"}, "Fake", "install it"); got != prog {
		t.Errorf("on the PATH: %q, want %q", got, prog)
	}
	t.Setenv("FAKE", prog)
	if got := find(&recorder{TB: t}, "FAKE", []string{"nothing-here"}, "Fake", "install it"); got != prog {
		t.Errorf("from $FAKE: %q, want %q", got, prog)
	}

	// Missing: skipped without CI, failed with it.
	t.Setenv("FAKE", "")
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	if got := find(r, "FAKE", []string{"nothing-here"}, "Fake", "install it"); got != "" || r.fatal != "" || !strings.Contains(r.skip, "Fake is not installed") {
		t.Errorf("missing, no CI: %q, fatal %q, skip %q", got, r.fatal, r.skip)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	if find(r, "FAKE", []string{"nothing-here"}, "Fake", "install it"); r.fatal == "" || !strings.Contains(r.fatal, ".ci/run must install it") {
		t.Errorf("missing, CI set: fatal %q, skip %q", r.fatal, r.skip)
	}
}

func TestLong(t *testing.T) {
	short := flag.Lookup("test.short")
	saved := short.Value.String()
	defer short.Value.Set(saved)
	short.Value.Set("false")
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	Long(r, "slow")
	if r.skip != "" {
		t.Errorf("skipped without -short: %q", r.skip)
	}
	short.Value.Set("true")
	Long(r, "slow")
	if r.skip != "-short: slow" {
		t.Errorf("-short without CI: skip %q", r.skip)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	Long(r, "slow")
	if r.skip != "" {
		t.Errorf("-short with CI: skipped %q", r.skip)
	}
}

func TestFakeEngine(t *testing.T) {
	p := FakeEngine(t)
	out, err := exec.Command(p, "-name", "Probe 1").Output()
	if err != nil || !strings.HasPrefix(string(out), "Probe 1 by the chess960 tests\n") {
		t.Errorf("%s: %q, %v", p, out, err)
	}
	if again := FakeEngine(t); again != p {
		t.Errorf("built twice: %s and %s", p, again)
	}
}
