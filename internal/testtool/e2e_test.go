package testtool

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestE2EModule runs every test of the nested module e2e/ (the browser
// tests, which need chromedp: a requirement the libraries' module leaves
// out), so that "go test ./..." at the top of the repository, which only
// matches the root module's packages, runs the tests of both modules. With
// -v the nested run is verbose too; its output is shown when it fails.
func TestE2EModule(t *testing.T) {
	Long(t, "the browser tests of the nested module e2e/")
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"test"}
	if testing.Verbose() {
		args = append(args, "-v")
	}
	if testing.Short() {
		args = append(args, "-short")
	}
	cmd := exec.Command("go", append(args, "./...")...)
	cmd.Dir = filepath.Join(root, "e2e")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test ./... in e2e/: %v\n%s", err, out)
	}
	t.Logf("go test ./... in e2e/:\n%s", out)
}
