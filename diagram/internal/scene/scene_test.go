package scene_test

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/chess960/chess960/chess"
	"github.com/chess960/chess960/diagram/internal/scene"
)

// TestShapes: every piece has a body first and only the commands the
// renderers read; the knight's layers are the ones drawn for it.
func TestShapes(t *testing.T) {
	for r := chess.Pawn; r <= chess.King; r++ {
		parts := scene.Shape(r)
		if len(parts) == 0 || parts[0].Kind != scene.Body {
			t.Errorf("%s: %v", r, parts)
		}
		for _, p := range parts {
			if i := strings.IndexFunc(p.D, func(c rune) bool { return c >= 'a' && c <= 'z' || strings.ContainsRune("STB", c) }); i >= 0 {
				t.Errorf("%s: command %q in %.30q", r, p.D[i], p.D)
			}
		}
	}
	var kinds []string
	for _, p := range scene.Shape(chess.Knight) {
		kinds = append(kinds, p.Kind.String())
	}
	if got := strings.Join(kinds, " "); got != "body body body dot dot line line line" {
		t.Errorf("knight: %s", got)
	}
	if scene.Shape(chess.NoRole) != nil || scene.Shape(99) != nil {
		t.Error("a shape for no role")
	}
}

// TestGlyphs: a glyph for each coordinate character and none for others.
func TestGlyphs(t *testing.T) {
	for _, c := range []byte("abcdefgh12345678") {
		if scene.Glyph(c) == "" || scene.GlyphWidth(c) <= 0 {
			t.Errorf("no glyph for %q", c)
		}
	}
	for _, c := range []byte("i09A ") {
		if scene.Glyph(c) != "" || scene.GlyphWidth(c) != 0 {
			t.Errorf("a glyph for %q", c)
		}
	}
}

// TestArrow: an arrow up the e-file from e2 to e4 (centres 450,650 and
// 450,450) stops 10 short of e4's centre; flipped, it goes down; a square
// to itself is a ring; the zero colour is the default's.
func TestArrow(t *testing.T) {
	var s scene.Scene
	a := s.Arrow(chess.E2, chess.E4, colorOf(0), colorOf(7))
	if a.Ring || a.Points[0] != (scene.Point{X: 458.5, Y: 650}) || a.Points[3] != (scene.Point{X: 450, Y: 460}) || a.Color != colorOf(7) {
		t.Errorf("e2e4: %+v", a)
	}
	s.Flip = true
	a = s.Arrow(chess.E2, chess.E4, colorOf(3), colorOf(7))
	if a.Points[3] != (scene.Point{X: 350, Y: 340}) || a.Color != colorOf(3) {
		t.Errorf("e2e4 flipped: %+v", a)
	}
	if a := s.Arrow(chess.D4, chess.D4, colorOf(0), colorOf(7)); !a.Ring || a.Center != (scene.Point{X: 450, Y: 350}) {
		t.Errorf("d4d4 flipped: %+v", a)
	}
	if got := fmt.Sprint(scene.CheckStops()); got != "[{0 1} {0.35 0.85} {1 0}]" {
		t.Errorf("check stops %s", got)
	}
}

func colorOf(a uint8) color.NRGBA { return color.NRGBA{R: 1, A: a} }
