package testtool

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// PythonChessGame is a game as python-chess reads it: its headers, its
// moves in Chess960 UCI (king onto rook for castling), and the errors its
// reader logged.
type PythonChessGame struct {
	Headers map[string]string `json:"headers"`
	Moves   []string          `json:"moves"`
	Errors  []string          `json:"errors"`
}

// pythonChessRead is the reader: every game of stdin, as JSON lines.
const pythonChessRead = `import chess, chess.pgn, json, sys
while True:
    g = chess.pgn.read_game(sys.stdin)
    if g is None:
        break
    print(json.dumps({"headers": dict(g.headers), "moves": [m.uci() for m in g.mainline_moves()], "errors": [str(e) for e in g.errors]}))
`

// PythonChess reads PGN text with python-chess, the third reader the PGN
// of the games is checked with (besides package pgn and pgn-extract), and
// reports whether it could: python-chess is not one of the components CI
// installs (PyPI cannot be reached from the project's machines, and
// Debian has no package of it), so it is used where $PYTHON_CHESS names a
// directory it imports from (scripts/bench-book's note says how one was
// put together). With $PYTHON_CHESS set and python-chess failing, the test
// fails.
func PythonChess(t testing.TB, text string) ([]PythonChessGame, bool) {
	t.Helper()
	dir := os.Getenv("PYTHON_CHESS")
	if dir == "" {
		return nil, false
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("PYTHON_CHESS is set, and there is no python3: %v", err)
	}
	cmd := exec.Command(py, "-c", pythonChessRead)
	cmd.Dir = t.TempDir() // away from any chess/ directory of the repository
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Clean(dir))
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("python-chess (PYTHON_CHESS=%s): %v\n%s", dir, err, msg)
	}
	var games []PythonChessGame
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if line == "" {
			continue
		}
		var g PythonChessGame
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("python-chess's output %q: %v", line, err)
		}
		games = append(games, g)
	}
	return games, true
}
