// Package testtool finds the programs some tests drive: Stockfish and
// Chromium, and the fake UCI engine of package uci's tests (FakeEngine). It
// applies the project's rule for them in one place: when a real program is
// missing, a test fails if the CI environment variable is set (.ci/run
// installs every one of them) and is skipped otherwise, with a message
// saying how to install it; and with CI set, -short skips nothing (Long).
// Only tests import this package.
package testtool

import (
	"os"
	"os/exec"
	"testing"
)

// Stockfish returns the path of $STOCKFISH, else stockfish on the PATH,
// else Debian's /usr/games/stockfish.
func Stockfish(t testing.TB) string {
	t.Helper()
	return find(t, "STOCKFISH", []string{"stockfish", "/usr/games/stockfish"}, "Stockfish", "apt-get install stockfish")
}

// Chromium returns the path of $CHROMIUM, else Debian's chromium or
// another Chromium on the PATH.
func Chromium(t testing.TB) string {
	t.Helper()
	return find(t, "CHROMIUM", []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}, "Chromium", "apt-get install chromium")
}

func find(t testing.TB, env string, names []string, what, install string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		names = append([]string{p}, names...)
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed and CI is set: .ci/run must install it (%s, or set %s)", what, install, env)
	}
	t.Skipf("%s is not installed: skipping (%s, or set %s)", what, install, env)
	return ""
}

// Chessops returns node's path and the directory of lichess's chessops
// package: $CHESSOPS_DIR, else /opt/chessops/node_modules/chessops, where
// .ci/run installs it (npm install --prefix /opt/chessops chessops).
func Chessops(t testing.TB) (node, dir string) {
	t.Helper()
	node = find(t, "NODE", []string{"node", "nodejs"}, "Node.js", "apt-get install nodejs")
	dir = os.Getenv("CHESSOPS_DIR")
	if dir == "" {
		dir = "/opt/chessops/node_modules/chessops"
	}
	if _, err := os.Stat(dir + "/package.json"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("chessops is not installed in %s and CI is set: .ci/run must install it (npm install --prefix /opt/chessops chessops, or set CHESSOPS_DIR)", dir)
		}
		t.Skipf("chessops is not installed in %s: skipping (npm install --prefix /opt/chessops chessops, or set CHESSOPS_DIR)", dir)
	}
	return node, dir
}

// Zbarimg returns the path of $ZBARIMG, else zbarimg on the PATH
// (Debian's zbar-tools): the QR decoder the printed codes are read with.
func Zbarimg(t testing.TB) string {
	t.Helper()
	return find(t, "ZBARIMG", []string{"zbarimg", "/usr/bin/zbarimg"}, "zbarimg", "apt-get install zbar-tools")
}

// PGNExtract returns the path of $PGN_EXTRACT, else pgn-extract on the
// PATH, else Debian's /usr/games/pgn-extract.
func PGNExtract(t testing.TB) string {
	t.Helper()
	return find(t, "PGN_EXTRACT", []string{"pgn-extract", "/usr/games/pgn-extract", "/usr/bin/pgn-extract"}, "pgn-extract", "apt-get install pgn-extract")
}
