package testtool

import (
	"crypto/sha256"
	"errors"
	"fmt"
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
// built once per test binary. It is built into a directory of the
// system's temporary one that belongs to this checkout of the module
// (test binaries of one checkout, which build the same program, share it;
// those of another checkout do not), so that runs do not leave a copy
// each. A test that cannot build it fails.
func FakeEngine(t testing.TB) string {
	t.Helper()
	fake.once.Do(func() {
		root, err := moduleRoot()
		if err != nil {
			fake.err = err
			return
		}
		sum := sha256.Sum256([]byte(root))
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("chess960-fakeengine-%x", sum[:6]))
		if fake.err = os.MkdirAll(dir, 0o755); fake.err != nil {
			return
		}
		// Built beside, then renamed: a test binary running the engine
		// built by another keeps its copy.
		fake.path = filepath.Join(dir, "fakeengine")
		tmp := fmt.Sprintf("%s.%d", fake.path, os.Getpid())
		fake.out, fake.err = exec.Command("go", "build", "-o", tmp, "github.com/chess960/chess960/uci/testdata/fakeengine").CombinedOutput()
		if fake.err == nil {
			fake.err = os.Rename(tmp, fake.path)
		}
		if fake.err != nil {
			os.Remove(tmp)
		}
	})
	if fake.err != nil {
		t.Fatalf("building the fake engine: %v\n%s", fake.err, fake.out)
	}
	return fake.path
}

// moduleRoot returns the directory of the go.mod above the test's.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the test's directory")
		}
		dir = parent
	}
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
