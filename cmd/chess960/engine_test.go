package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chess960/chess960/internal/api"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestPerftCommand(t *testing.T) {
	out := mustRun(t, "perft", "--pos", "518", "--depth", "4")
	if !strings.HasPrefix(out, "nodes: 197281\n") || !strings.Contains(out, "Mnodes/s") {
		t.Errorf("perft 518 4:\n%s", out)
	}
	var obj api.Perft
	if err := json.Unmarshal([]byte(mustRun(t, "perft", "--fen", kiwipete, "--depth", "3", "--divide", "--json")), &obj); err != nil {
		t.Fatal(err)
	}
	div := map[string]uint64{}
	var sum uint64
	for _, d := range obj.Divide {
		div[d.UCI] = d.Nodes
		sum += d.Nodes
	}
	// Kiwipete: 48 moves, 97862 nodes at depth 3 (published figures); castling
	// appears king-takes-rook.
	if obj.Nodes != 97862 || len(div) != 48 || div["e1h1"] == 0 || div["e1a1"] == 0 {
		t.Errorf("kiwipete divide: %d nodes, %d moves, e1h1 %d", obj.Nodes, len(div), div["e1h1"])
	}
	if sum != obj.Nodes {
		t.Errorf("divide sums to %d, nodes %d", sum, obj.Nodes)
	}
	text := mustRun(t, "perft", "--fen", kiwipete, "--depth", "2", "--divide")
	if !strings.Contains(text, "e1h1: 43\n") || !strings.Contains(text, "nodes: 2039\n") {
		t.Errorf("kiwipete divide text:\n%s", text)
	}
	for _, threads := range []string{"1", "2", "3"} {
		for _, hash := range []string{"0", "1"} {
			out := mustRun(t, "perft", "--fen", kiwipete, "--depth", "4", "--threads", threads, "--hash", hash, "--divide")
			if !strings.Contains(out, "e1h1: 86975\n") || !strings.Contains(out, "nodes: 4085603\n") {
				t.Errorf("kiwipete --threads %s --hash %s:\n%s", threads, hash, out)
			}
		}
	}
	if out := mustRun(t, "perft", "--pos", "518", "--depth", "0", "--hash", "1"); !strings.HasPrefix(out, "nodes: 1\n") {
		t.Errorf("perft depth 0:\n%s", out)
	}
}

func TestPerftSuiteCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.perft")
	os.WriteFile(good, []byte("# test\nid std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 2 400\nperft 3 8902\nperft 6 119060324\n\nid kiwi\nepd "+kiwipete+"\nperft 1 48\n"), 0o644)
	out := mustRun(t, "perft", "--suite", good, "--max-nodes", "100000")
	if !strings.Contains(out, "2 positions, 4 counts checked") || !strings.Contains(out, "0 mismatches") {
		t.Errorf("good suite:\n%s", out)
	}
	bad := filepath.Join(dir, "bad.perft")
	os.WriteFile(bad, []byte("id std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 21\nperft 2 400\n"), 0o644)
	out, errOut, code := call(t, "", "perft", "--suite", bad)
	if code != 1 || !strings.Contains(out, "MISMATCH std (line 1) depth 1: got 20, want 21") || !strings.HasSuffix(errOut, ": 1 mismatch\n") || !strings.Contains(out, "1 position, 1 count checked, 20 nodes, 1 mismatch,") {
		t.Errorf("bad suite: exit %d\n%s\n%s", code, out, errOut)
	}
	// A suite that understates a deep count: the count stops soon after
	// --max-nodes leaves, and is a mismatch.
	liar := filepath.Join(dir, "liar.perft")
	os.WriteFile(liar, []byte("id std\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 9 100\n"), 0o644)
	out, errOut, code = call(t, "", "perft", "--suite", liar, "--max-nodes", "100000")
	if code != 1 || !strings.Contains(out, "MISMATCH std (line 1) depth 9: got at least ") || !strings.Contains(out, " (stopped at the node budget), want 100: ") || !strings.Contains(out, "1 position, 1 count checked") || !strings.HasSuffix(errOut, ": 1 mismatch\n") {
		t.Errorf("liar suite: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := strings.Fields(strings.SplitN(out, "checked, ", 2)[1])[0]; len(n) > 7 {
		t.Errorf("liar suite counted %s nodes for --max-nodes 100000", n)
	}
	junk := filepath.Join(dir, "junk.perft")
	os.WriteFile(junk, []byte("id x\nfoo bar\n"), 0o644)
	if _, errOut, code := call(t, "", "perft", "--suite", junk); code != 1 || !strings.Contains(errOut, "unknown keyword") {
		t.Errorf("junk suite: %d %q", code, errOut)
	}
}

func TestFenMovesPlay(t *testing.T) {
	if got := mustRun(t, "fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" {
		t.Errorf("fen: %q", got)
	}
	if got := mustRun(t, "fen", "--castling", "shredder", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n" {
		t.Errorf("fen unquoted, shredder: %q", got)
	}
	moves := mustRun(t, "moves", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "--uci")
	if !strings.Contains(moves, "e1h1\n") || !strings.Contains(moves, "e1a1\n") || strings.Count(moves, "\n") != 26 {
		t.Errorf("moves --uci:\n%s", moves)
	}
	std := mustRun(t, "moves", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "--uci", "--standard")
	if !strings.Contains(std, "e1g1\n") || !strings.Contains(std, "e1c1\n") {
		t.Errorf("moves --standard:\n%s", std)
	}
	san := mustRun(t, "moves", "518", "--san")
	if strings.Count(san, "\n") != 20 || !strings.Contains(san, "Nf3\n") {
		t.Errorf("moves --san 518:\n%s", san)
	}
	var list api.Moves
	if err := json.Unmarshal([]byte(mustRun(t, "moves", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "--json")), &list); err != nil || list.Moves == nil || len(list.Moves) != 0 {
		t.Errorf("stalemate moves --json: %v %v", list, err)
	}

	out := mustRun(t, "play", "518", "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "e1h1")
	if !strings.HasPrefix(out, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4\n") ||
		!strings.Contains(out, "moves: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O") {
		t.Errorf("play:\n%s", out)
	}
	out = mustRun(t, "play", "startpos", "f3", "e5", "g4", "Qh4")
	if !strings.Contains(out, "status: checkmate (0-1)") || !strings.Contains(out, "2. g4 Qh4#") {
		t.Errorf("play mate:\n%s", out)
	}
	var pj api.Play
	if err := json.Unmarshal([]byte(mustRun(t, "play", "--json", "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", "Kg6")), &pj); err != nil || pj.Position.Status != "stalemate" || pj.Moves[0].SAN != "Kg6" {
		t.Errorf("play --json stalemate: %+v %v", pj, err)
	}
	// Chess960 castling where the king stays put, read both ways.
	out = mustRun(t, "play", "--castling", "shredder", "1r2k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "O-O")
	if !strings.HasPrefix(out, "1r2k3/8/8/8/8/8/8/1R3RK1 b - - 1 1\n") {
		t.Errorf("O-O with king on g1:\n%s", out)
	}
}

func TestEngineCommandErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		frag string
	}{
		{[]string{"perft", "--pos", "518", "--depth", "-1"}, 1, `--depth "-1": out of range: must be 0..10000`},
		{[]string{"perft", "--pos", "518", "--depth", "x"}, 1, `--depth "x"`},
		{[]string{"perft", "--pos", "518"}, 2, "missing --depth"},
		{[]string{"perft", "--pos", "518", "--depth", "1", "--threads", "-2"}, 1, `--threads "-2": out of range`},
		{[]string{"perft", "--pos", "518", "--depth", "1", "--hash", "-1"}, 1, `--hash "-1": out of range`},
		{[]string{"perft", "--depth", "3"}, 2, "give one position"},
		{[]string{"perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"}, 1, "white has no king; placement field: black has no king"},
		{[]string{"perft", "--fen", "nonsense!", "--depth", "1"}, 1, `position "nonsense!": want a FEN`},
		{[]string{"perft", "--pos", "960x", "--depth", "1"}, 1, "position number"},
		{[]string{"perft", "--suite", "/nonexistent.perft"}, 1, "nonexistent"},
		{[]string{"perft", "--pos", "518", "--depth", "1", "--hash", "1048576"}, 1, "--hash 1048576: out of range"},
		{[]string{"perft", "--pos", "518", "--depth", "1", "--threads", "-1"}, 1, `--threads "-1"`},
		{[]string{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w BQkq - 0 1"}, 1, "castling"},
		{[]string{"fen", "xyz"}, 1, "want a FEN"},
		{[]string{"fen", "518", "--castling", "fancy"}, 1, `--castling "fancy": unknown value: want xfen or shredder`},
		{[]string{"fen"}, 2, "missing position"},
		{[]string{"moves", "518", "--uci", "--san"}, 2, "exclude"},
		{[]string{"play", "518", "e4", "e4"}, 1, `move 2 "e4": illegal`},
		{[]string{"play", "518", "Nb3"}, 1, `move 1 "Nb3"`},
		{[]string{"play", "518", "O-O"}, 1, "castling"},
		{[]string{"play", "startpos", "f3", "e5", "g4", "Qh4", "a3"}, 1, "game is over"},
		{[]string{"play", "7k/8/8/8/8/8/N1N5/K7 w - - 0 1", "Nb4"}, 1, "ambiguous"},
	}
	for _, c := range cases {
		out, errOut, code := call(t, "", c.args...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.frag) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("chess960 %v: exit %d (want %d), stdout %q, stderr %q (want %q)", c.args, code, c.code, out, errOut, c.frag)
		}
	}
}
