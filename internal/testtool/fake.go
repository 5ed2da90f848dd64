package testtool

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var fake struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// FakeEngine returns the path of the fake UCI engine of package uci's
// tests (uci/testdata/fakeengine; its flags choose how it misbehaves),
// built once per test binary into a temporary directory. A test that
// cannot build it fails.
func FakeEngine(t testing.TB) string {
	t.Helper()
	fake.once.Do(func() {
		dir, err := os.MkdirTemp("", "chess960-fakeengine")
		if err != nil {
			fake.err = err
			return
		}
		fake.path = filepath.Join(dir, "fakeengine")
		fake.out, fake.err = exec.Command("go", "build", "-o", fake.path, "github.com/chess960/chess960/uci/testdata/fakeengine").CombinedOutput()
	})
	if fake.err != nil {
		t.Fatalf("building the fake engine: %v\n%s", fake.err, fake.out)
	}
	return fake.path
}

// Long marks a test that "go test -short" leaves out. When the CI
// environment variable is set, -short is ignored (and said so in the
// test's log): CI runs every test, so that none is skipped there unseen.
func Long(t testing.TB, why string) {
	t.Helper()
	if !testing.Short() {
		return
	}
	if os.Getenv("CI") != "" {
		t.Logf("-short ignored, CI is set: %s", why)
		return
	}
	t.Skipf("-short: %s", why)
}
