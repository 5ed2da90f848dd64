package main

// The extra cases: files ready to pair, each a generated tournament cut
// before one round and then given what bbpPairings -g never writes: late
// entries, the Baku acceleration, accelerations of its own (XXA), other
// point systems (BBW, BBD, BBU), forbidden pairs (XXP, 260), byes set in a
// 240 record, black for the top player in round 1. NAME.trf is the file,
// NAME.out what bbpPairings --dutch NAME.trf -p writes, or NAME.err its
// exit status and message when it refuses.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// extraCase is one crafted file.
type extraCase struct {
	name  string
	s     settings
	round int    // the round to pair
	xxc   string // round 1: "white1" or "black1"
	// The point system, in tenths: a win, a draw, the pairing-allocated
	// bye; zero values mean FIDE's 10, 5, and a win's.
	win, draw, bye int
	lines          []string // added after the player lines
	late           int      // players who join now, added with numbers after the others
}

func extraCases() []extraCase {
	base := settings{Seed: 11, Players: 20, Rounds: 7, DrawPct: 30, Forfeit: 10, Retired: 20, HalfBye: 10}
	big := settings{Seed: 23, Players: 64, Rounds: 9, DrawPct: 40, Forfeit: 12, Retired: 25, HalfBye: 12}
	odd := settings{Seed: 5, Players: 31, Rounds: 9, DrawPct: 25, Forfeit: 15, Retired: 30, HalfBye: 15}
	var cs []extraCase
	for _, r := range []int{2, 4, 7} {
		cs = append(cs, extraCase{name: fmt.Sprintf("late-p20-r%d", r), s: base, round: r, late: 3})
	}
	cs = append(cs, extraCase{name: "late-p31-r5", s: odd, round: 5, late: 2})
	for _, r := range []int{1, 2, 3, 5, 9} {
		cs = append(cs, extraCase{name: fmt.Sprintf("baku-p64-r%d", r), s: big, round: r, xxc: "white1", lines: []string{"192 FIDE_DUTCH_2025_BAKU"}})
		cs = append(cs, extraCase{name: fmt.Sprintf("baku-p31-r%d", r), s: odd, round: r, xxc: "white1", lines: []string{"192 FIDE_DUTCH_2025_BAKU"}})
	}
	for _, r := range []int{3, 6, 9} {
		cs = append(cs, extraCase{name: fmt.Sprintf("football-p31-r%d", r), s: odd, round: r, win: 30, draw: 10, lines: []string{"BBW  3.0", "BBD  1.0"}})
		cs = append(cs, extraCase{name: fmt.Sprintf("byehalf-p31-r%d", r), s: odd, round: r, bye: 5, lines: []string{"BBU  0.5"}})
		cs = append(cs, extraCase{name: fmt.Sprintf("points162-p64-r%d", r), s: big, round: r, win: 20, draw: 10, lines: []string{"162  W 2.0    D 1.0"}})
	}
	for _, r := range []int{2, 5} {
		cs = append(cs, extraCase{name: fmt.Sprintf("xxp-p20-r%d", r), s: base, round: r, lines: []string{"XXP 1 2", "XXP 3 4 5", "XXP 10 11"}})
		cs = append(cs, extraCase{name: fmt.Sprintf("prohibit260-p31-r%d", r), s: odd, round: r, lines: []string{fmt.Sprintf("260 %3d %3d    1    2    3", r, r+1), "260   1   1    4    5"}})
		cs = append(cs, extraCase{name: fmt.Sprintf("bye240-p31-r%d", r), s: odd, round: r, lines: []string{fmt.Sprintf("240 H %3d    1    7", r), fmt.Sprintf("240 F %3d   12", r)}})
	}
	cs = append(cs, extraCase{name: "xxa-p20-r1", s: base, round: 1, xxc: "white1", lines: []string{"XXA    1  1.0  1.0", "XXA    2  1.0  1.0", "XXA    3  0.5", "XXA    4  0.5"}})
	cs = append(cs, extraCase{name: "xxa-p20-r3", s: base, round: 3, lines: []string{"XXA    1  1.0  1.0  1.0  0.5", "XXA    2  1.0  1.0  1.0  0.5", "XXA    5  0.5  0.5  0.5"}})
	cs = append(cs, extraCase{name: "black1-p20-r1", s: base, round: 1, xxc: "black1"})
	cs = append(cs, extraCase{name: "black1-p31-r1", s: odd, round: 1, xxc: "black1"})
	return cs
}

// file makes the case's file from the generated tournament.
func (c extraCase) file(g *generated) []byte {
	win, draw, bye := c.win, c.draw, c.bye
	if win == 0 {
		win = 10
	}
	if draw == 0 {
		draw = 5
	}
	if bye == 0 {
		bye = win
	}
	score := func(code byte) int {
		switch code {
		case '1', '+', 'W', 'F':
			return win
		case 'U':
			return bye
		case '=', 'D', 'H':
			return draw
		}
		return 0
	}
	var b strings.Builder
	players := 0
	for _, line := range g.lines {
		if !strings.HasPrefix(line, "001") {
			continue
		}
		players++
		keep := line[:min(len(line), firstRound)]
		for len(keep) < firstRound {
			keep += " "
		}
		total := 0
		for k := 1; k < c.round; k++ {
			blk := block(line, k)
			keep += blk
			if len(blk) == 10 {
				total += score(blk[9])
			}
		}
		if blk := block(line, c.round); preRoundBye(blk) {
			keep += blk
		}
		keep = keep[:80] + fmt.Sprintf("%4.1f", float64(total)/10) + keep[84:]
		b.WriteString(strings.TrimRight(keep, " "))
		b.WriteByte('\n')
	}
	for i := 1; i <= c.late; i++ {
		// A late entry: no rounds before this one (absent), a rating in
		// the middle of the field.
		n := players + i
		line := fmt.Sprintf("001 %4d      Test%04d Player%04d", n, n, n)
		line += strings.Repeat(" ", 48-len(line)) + fmt.Sprintf("%4d", 2000+37*i)
		line += strings.Repeat(" ", 80-len(line)) + fmt.Sprintf("%4.1f%5d", 0.0, n)
		b.WriteString(line)
		b.WriteByte('\n')
	}
	for _, l := range c.lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "XXR %d\n", g.s.Rounds)
	if c.xxc != "" {
		fmt.Fprintf(&b, "XXC %s\n", c.xxc)
	}
	return []byte(b.String())
}

// extra writes the extra cases and BBP's answers to dir.
func extra(bin, dir string) error {
	tmp, err := os.MkdirTemp("", "pairingextra")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	made := map[settings]*generated{}
	for _, c := range extraCases() {
		g := made[c.s]
		if g == nil {
			if g, err = generate(bin, tmp, c.s); err != nil {
				return err
			}
			made[c.s] = g
		}
		if c.round == 1 && c.xxc == "" {
			c.xxc = "white1"
		}
		data := c.file(g)
		path := filepath.Join(dir, c.name+".trf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		cmd := exec.Command(bin, "--dutch", path, "-p")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		os.Remove(filepath.Join(dir, c.name+".out"))
		os.Remove(filepath.Join(dir, c.name+".err"))
		if runErr != nil {
			code := -1
			if x, ok := runErr.(*exec.ExitError); ok {
				code = x.ExitCode()
			}
			msg := strings.ReplaceAll(stderr.String(), path, c.name+".trf")
			if err := os.WriteFile(filepath.Join(dir, c.name+".err"), []byte(strconv.Itoa(code)+"\n"+msg), 0o644); err != nil {
				return err
			}
			fmt.Printf("%s: bbpPairings refuses (exit %d): %s", c.name, code, msg)
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, c.name+".out"), stdout.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Printf("%s: %d boards\n", c.name, strings.Count(stdout.String(), "\n")-1)
	}
	return nil
}
