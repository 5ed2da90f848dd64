package scene

// Glyphs for the coordinates: our own single-stroke letters a-h and digits
// 1-8, so that SVG and raster draw the same shapes without a font. A glyph
// is SVG path data to be stroked (GlyphStroke wide, round caps and joins),
// in a box 100 high from the top of a digit or a tall letter (y = 0) to the
// baseline (y = 100); the descender of g goes below.

// GlyphStroke is the width of a glyph's strokes in its own units.
const GlyphStroke = 11

// Glyph returns the path data of coordinate character c ('a'..'h',
// '1'..'8'), or "" for any other.
func Glyph(c byte) string {
	if i := glyphIndex(c); i >= 0 {
		return glyphs[i].d
	}
	return ""
}

// GlyphWidth returns the width of c's glyph box in its own units.
func GlyphWidth(c byte) float64 {
	if i := glyphIndex(c); i >= 0 {
		return glyphs[i].w
	}
	return 0
}

func glyphIndex(c byte) int {
	switch {
	case c >= 'a' && c <= 'h':
		return int(c - 'a')
	case c >= '1' && c <= '8':
		return 8 + int(c-'1')
	}
	return -1
}

var glyphs = [16]struct {
	w float64
	d string
}{
	{56, "M50 40 V100 M50 69 C50 50 41 38 28 38 C14 38 6 52 6 69 C6 87 14 100 28 100 C41 100 50 89 50 69"},
	{58, "M8 0 V100 M8 69 C8 50 17 38 30 38 C44 38 52 52 52 69 C52 87 44 100 30 100 C17 100 8 89 8 69"},
	{54, "M49 46 C44 40 38 38 30 38 C16 38 6 51 6 69 C6 87 16 100 30 100 C38 100 44 98 49 92"},
	{56, "M50 0 V100 M50 69 C50 50 41 38 28 38 C14 38 6 52 6 69 C6 87 14 100 28 100 C41 100 50 89 50 69"},
	{56, "M8 69 H51 C51 50 42 38 29 38 C15 38 6 51 6 69 C6 87 15 100 30 100 C38 100 45 97 50 90"},
	{44, "M42 4 C37 1 33 0 30 0 C22 0 18 6 18 16 V100 M4 42 H38"},
	{56, "M50 40 V106 C50 122 40 130 28 130 C20 130 13 127 9 122 M50 67 C50 49 41 38 28 38 C14 38 6 51 6 67 C6 84 14 96 28 96 C41 96 50 86 50 67"},
	{56, "M8 0 V100 M8 62 C10 46 19 38 31 38 C44 38 50 46 50 60 V100"},
	{44, "M10 20 L30 2 V100"},
	{58, "M7 24 C8 10 18 2 30 2 C43 2 51 11 51 24 C51 44 26 62 6 100 H54"},
	{58, "M8 14 C14 6 21 2 30 2 C43 2 51 10 51 24 C51 38 41 47 26 47 C44 47 54 56 54 73 C54 90 43 100 29 100 C19 100 11 96 6 89"},
	{60, "M43 100 V2 L4 70 H57"},
	{58, "M50 2 H15 L11 45 C17 40 23 38 30 38 C44 38 54 50 54 69 C54 88 43 100 28 100 C19 100 11 96 6 89"},
	{58, "M47 8 C42 4 36 2 31 2 C15 2 7 24 7 58 C7 86 16 100 30 100 C44 100 53 88 53 71 C53 54 44 44 31 44 C19 44 10 52 7 64"},
	{56, "M5 2 H52 L20 100"},
	{58, "M29 47 C16 47 9 39 9 25 C9 11 17 2 29 2 C41 2 49 11 49 25 C49 39 42 47 29 47 C14 47 6 57 6 74 C6 91 15 100 29 100 C43 100 52 91 52 74 C52 57 44 47 29 47 Z"},
}
