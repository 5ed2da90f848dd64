package pairing

// Temporary development harness (not to land): a brute-force matcher and a
// minimal reader of generated TRF files.

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

type bruteMatcher struct {
	n, words int
	w        []weight
	mate     []int
}

func (b *bruteMatcher) SetWeight(u, v int, w []uint64) {
	b.w[u*b.n+v].clear()
	b.w[v*b.n+u].clear()
	copy(b.w[u*b.n+v], w)
	copy(b.w[v*b.n+u], w)
}
func (b *bruteMatcher) Mate(v int) int { return b.mate[v] }
func (b *bruteMatcher) Solve() {
	n := b.n
	memo := make(map[uint32]weight)
	choice := make(map[uint32]int)
	var f func(mask uint32) weight
	f = func(mask uint32) weight {
		if mask == 0 {
			return make(weight, b.words)
		}
		if r, ok := memo[mask]; ok {
			return r
		}
		i := 0
		for mask&(1<<uint(i)) == 0 {
			i++
		}
		rest := mask &^ (1 << uint(i))
		best := append(weight(nil), f(rest)...)
		bc := -1
		for j := i + 1; j < n; j++ {
			if rest&(1<<uint(j)) == 0 || b.w[i*n+j].isZero() {
				continue
			}
			c := append(weight(nil), f(rest&^(1<<uint(j)))...)
			c.addWeight(b.w[i*n+j])
			if c.cmp(best) > 0 {
				best, bc = c, j
			}
		}
		memo[mask], choice[mask] = best, bc
		return best
	}
	full := uint32(1<<uint(n)) - 1
	f(full)
	for i := range b.mate {
		b.mate[i] = -1
	}
	mask := full
	for mask != 0 {
		i := 0
		for mask&(1<<uint(i)) == 0 {
			i++
		}
		j := choice[mask]
		mask &^= 1 << uint(i)
		if j >= 0 {
			b.mate[i], b.mate[j] = j, i
			mask &^= 1 << uint(j)
		}
	}
}

func init() {
	if os.Getenv("DEVBRUTE") != "" {
		newMatcher = func(n, words int) matcher {
			words++
			b := &bruteMatcher{n: n, words: words, w: make([]weight, n*n), mate: make([]int, n)}
			for i := range b.w {
				b.w[i] = make(weight, words)
			}
			return b
		}
	}
}

func devRead(t *testing.T, path string) *Tournament {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := ParseTRF(data)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

func bbpPair(t *testing.T, path string) []Pair {
	cmd := exec.Command("/work/shared/tools/bbpPairings", "--dutch", path, "-p")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		data, _ := os.ReadFile(path)
		os.WriteFile("/tmp/bbp/bbp-error.trf", data, 0o644)
		t.Fatalf("bbp %s: %v %s", path, err, stderr.String())
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Scan()
	var ps []Pair
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		a, _ := strconv.Atoi(f[0])
		b, _ := strconv.Atoi(f[1])
		ps = append(ps, Pair{a, b})
	}
	return ps
}

// cut writes the file cut for pairing round r.
func cut(t *testing.T, src, dst string, r, rounds int) {
	data, _ := os.ReadFile(src)
	var out []string
	lines := strings.FieldsFunc(string(data), func(c rune) bool { return c == '\r' || c == '\n' })
	for _, line := range lines {
		if strings.HasPrefix(line, "001") {
			for len(line) < 91+10*rounds {
				line += " "
			}
			head := line[:91+10*(r-1)]
			// recompute points
			pts := 0
			for i := 0; i < r-1; i++ {
				f := line[91+10*i : 91+10*i+8]
				win, draw := 10, 5
				if v := os.Getenv("DEVPTS"); v != "" {
					fmt.Sscanf(v, "%d,%d", &win, &draw)
				}
				switch f[7] {
				case '1', '+', 'W', 'F', 'U':
					pts += win
				case '=', 'D', 'H':
					pts += draw
				}
			}
			head = head[:80] + fmt.Sprintf("%4.1f", float64(pts)/10) + head[84:]
			f := line[91+10*(r-1) : 91+10*(r-1)+8]
			if strings.HasPrefix(f, "0000") && f[7] != 'U' {
				head += f
			}
			out = append(out, strings.TrimRight(head, " "))
		} else {
			out = append(out, line)
		}
	}
	out = append(out, "XXR "+strconv.Itoa(rounds))
	if x := os.Getenv("DEVEXTRA"); x != "" {
		out = append(out, strings.Split(x, "|")...)
	}
	if r == 1 {
		out = append(out, "XXC white1")
	}
	os.WriteFile(dst, []byte(strings.Join(out, "\n")+"\n"), 0o644)
}

func TestDevBBP(t *testing.T) {
	if os.Getenv("DEVBBP") == "" {
		t.Skip("dev only")
	}
	dir := t.TempDir()
	players, _ := strconv.Atoi(os.Getenv("DEVN"))
	seeds, _ := strconv.Atoi(os.Getenv("DEVSEEDS"))
	rounds := 7
	if r, _ := strconv.Atoi(os.Getenv("DEVR")); r > 0 {
		rounds = r
	}
	diffs, compared := 0, 0
	for seed := 1; seed <= seeds; seed++ {
		cfg := filepath.Join(dir, "cfg")
		os.WriteFile(cfg, []byte(fmt.Sprintf("PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=30\nForfeitRate=15\nRetiredRate=30\nHalfPointByeRate=15\n", players, rounds)), 0o644)
		gen := filepath.Join(dir, "gen.trf")
		if out, err := exec.Command("/work/shared/tools/bbpPairings", "--dutch", "-g", cfg, "-o", gen, "-s", strconv.Itoa(seed)).CombinedOutput(); err != nil {
			t.Logf("gen: %v %s", err, out)
			continue
		}
		for r := 1; r <= rounds; r++ {
			c := filepath.Join(dir, fmt.Sprintf("s%d-r%d.trf", seed, r))
			cut(t, gen, c, r, rounds)
			want := bbpPair(t, c)
			got, err := Dutch(devRead(t, c))
			if err != nil {
				t.Errorf("seed %d round %d: %v (bbp %v)", seed, r, err, want)
				diffs++
				if os.Getenv("DEVKEEP") != "" {
					data, _ := os.ReadFile(c)
					os.WriteFile(fmt.Sprintf("/tmp/bbp/fail-s%d-r%d.trf", seed, r), data, 0o644)
				}
				continue
			}
			compared++
			if seed == 1 && r == 3 {
				t.Logf("sample got %v want %v", got, want)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				diffs++
				t.Errorf("seed %d round %d:\n got %v\nwant %v", seed, r, got, want)
				if os.Getenv("DEVKEEP") != "" {
					data, _ := os.ReadFile(c)
					os.WriteFile(fmt.Sprintf("/tmp/bbp/fail-s%d-r%d.trf", seed, r), data, 0o644)
				}
			}
		}
	}
	t.Logf("compared %d rounds, differences: %d", compared, diffs)
}

func TestDevFile(t *testing.T) {
	f := os.Getenv("DEVFILE")
	if f == "" {
		t.Skip("dev only")
	}
	got, err := Dutch(devRead(t, f))
	want := bbpPair(t, f)
	t.Logf("got %v err %v\nwant %v", got, err, want)
}

func TestDevGlob(t *testing.T) {
	g := os.Getenv("DEVGLOB")
	if g == "" {
		t.Skip("dev only")
	}
	files, _ := filepath.Glob(g)
	same, diff, both, oursOnly, bbpOnly := 0, 0, 0, 0, 0
	for _, f := range files {
		cmd := exec.Command("/work/shared/tools/bbpPairings", "--dutch", f, "-p")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, bErr := cmd.Output()
		data, _ := os.ReadFile(f)
		tt, rErr := ParseTRF(data)
		var got []Pair
		var dErr error
		if rErr == nil {
			got, dErr = Dutch(tt)
		}
		ourErr := rErr
		if ourErr == nil {
			ourErr = dErr
		}
		switch {
		case bErr != nil && ourErr != nil:
			both++
		case bErr != nil:
			bbpOnly++
			t.Logf("%s: bbp refuses (%s), we pair %v", filepath.Base(f), strings.TrimSpace(stderr.String()), got)
		case ourErr != nil:
			oursOnly++
			t.Logf("%s: we refuse (%v), bbp pairs", filepath.Base(f), ourErr)
		default:
			var sb strings.Builder
			fmt.Fprintf(&sb, "%d\n", len(got))
			for _, p := range got {
				fmt.Fprintf(&sb, "%d %d\n", p.White, p.Black)
			}
			if sb.String() == string(out) {
				same++
			} else {
				diff++
				t.Logf("%s: got\n%s want\n%s", filepath.Base(f), sb.String(), out)
			}
		}
	}
	t.Logf("files %d: same %d, different %d, both refuse %d, only we refuse %d, only bbp refuses %d", len(files), same, diff, both, oursOnly, bbpOnly)
}

func TestDevCut(t *testing.T) {
	src := os.Getenv("DEVCUT")
	if src == "" {
		t.Skip("dev only")
	}
	r, _ := strconv.Atoi(os.Getenv("DEVCUTR"))
	rounds, _ := strconv.Atoi(os.Getenv("DEVR"))
	dst := "/tmp/bbp/cut.trf"
	cut(t, src, dst, r, rounds)
	start := time.Now()
	want := bbpPair(t, dst)
	tb := time.Since(start)
	tt := devRead(t, dst)
	start = time.Now()
	got, err := Dutch(tt)
	to := time.Since(start)
	t.Logf("bbp %v, ours %v, err %v, same %v", tb, to, err, fmt.Sprint(got) == fmt.Sprint(want))
}
