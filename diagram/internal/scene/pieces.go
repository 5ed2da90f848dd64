package scene

import (
	"strconv"

	"github.com/chess960/chess960/chess"
)

// PartKind says how a Part of a piece is painted.
type PartKind uint8

// The kinds of part.
const (
	// Body is filled with the piece's colour and outlined (WhiteFill and
	// WhiteLine, or BlackFill and BlackLine).
	Body PartKind = iota
	// Line is a detail line, stroked but not filled: WhiteLine on White's
	// pieces, BlackDetail on Black's.
	Line
	// Dot is a detail area, filled with the detail colour and not outlined
	// (an eye, a nostril).
	Dot
)

// String returns "body", "line" or "dot".
func (k PartKind) String() string {
	switch k {
	case Body:
		return "body"
	case Line:
		return "line"
	case Dot:
		return "dot"
	}
	return "PartKind(" + strconv.Itoa(int(k)) + ")"
}

// Part is one layer of a piece's shape: SVG path data in the piece's box,
// 100 units wide and high with y downwards (the box of one square), using
// only the absolute commands M, L, H, V, C, Q, A and Z. The parts of a piece
// are painted in order, each body filled and then outlined.
type Part struct {
	Kind PartKind
	D    string
}

// StrokeWidth is the width of outlines and detail lines in the piece's box.
const StrokeWidth = 3.2

// ProbeX, ProbeY is a point of the piece's box that is inside a body of
// every shape and on no line: the colour there tells a white piece from a
// black one. Tests of rendered pictures look there.
const ProbeX, ProbeY = 50, 70

// Shape returns the parts of the piece shape for role r (nil for NoRole or
// an unknown role), which the caller must not change. The same shapes serve
// both colours; the palette paints them.
func Shape(r chess.Role) []Part {
	if int(r) >= len(shapes) {
		return nil
	}
	return shapes[r]
}

// The shapes: our own Staunton-style silhouettes, drawn for this project.
var shapes = [...][]Part{
	chess.Pawn: {
		{Body, "M20 91 H80 Q84.5 91 84.5 87 Q84.5 83 80 83 H20 Q15.5 83 15.5 87 Q15.5 91 20 91 Z"},
		{Body, "M24 83 H76 Q79 83 78 80 Q77 77 73 77 H27 Q23 77 22 80 Q21 83 24 83 Z"},
		{Body, "M31 77 C34 68 41 60 42 50 H58 C59 60 66 68 69 77 Z"},
		{Body, "M36 44 H64 Q68 44 68 47.5 Q68 51 64 51 H36 Q32 51 32 47.5 Q32 44 36 44 Z"},
		{Body, "M50 17 C57.46 17 63.5 23.04 63.5 30.5 C63.5 37.96 57.46 44 50 44 C42.54 44 36.5 37.96 36.5 30.5 C36.5 23.04 42.54 17 50 17 Z"},
		{Line, "M36 51 H64"},
		{Line, "M24 83 H76"},
	},
	chess.Knight: {
		{Body, "M19.26 91 H80.74 Q86.04 91 86.04 87 Q86.04 83 80.74 83 H19.26 Q13.96 83 13.96 87 Q13.96 91 19.26 91 Z"},
		{Body, "M23.5 83 H76.5 Q79.68 83 78.62 80 Q77.56 77 73.32 77 H26.68 Q22.44 77 21.38 80 Q20.32 83 23.5 83 Z"},
		{Body, "M28.8 77 C28.8 71 36.22 67 45.76 64 C50 62 50 57 44.7 56 C37.28 56 28.8 62 22.44 66 C17.14 69 10.78 66 9.72 61 C8.66 57 9.72 53 12.9 50 C18.2 42 28.8 30 39.4 22 C42.58 19 45.76 17 48.94 16 L53.18 5 C56.36 8 60.6 12 61.66 16 Q68.02 14 70.14 20 Q76.5 20 76.5 27 Q82.86 28 80.74 35 Q86.04 38 82.86 44 Q88.16 48 83.92 53 C82.86 62 81.8 70 80.74 77 Z"},
		{Dot, "M30.92 29.5 Q36.75 24 43.11 27 Q37.81 32 30.92 29.5 Z"},
		{Dot, "M12.9 54 Q16.08 51 18.2 54 Q16.08 57 12.9 54 Z"},
		{Line, "M11.84 62 Q15.02 62 19.26 61"},
		{Line, "M58.48 21 C69.08 27 75.44 40 76.5 56"},
		{Line, "M23.5 83 H76.5"},
	},
	chess.Bishop: {
		{Body, "M18.1 91 H81.9 Q87.4 91 87.4 87 Q87.4 83 81.9 83 H18.1 Q12.6 83 12.6 87 Q12.6 91 18.1 91 Z"},
		{Body, "M22.5 83 H77.5 Q80.8 83 79.7 80 Q78.6 77 74.2 77 H25.8 Q21.4 77 20.3 80 Q19.2 83 22.5 83 Z"},
		{Body, "M30.2 77 C34.6 68 41.2 62 41.2 55 H58.8 C58.8 62 65.4 68 69.8 77 Z"},
		{Body, "M35.7 48 H64.3 Q68.7 48 68.7 51.5 Q68.7 55 64.3 55 H35.7 Q31.3 55 31.3 51.5 Q31.3 48 35.7 48 Z"},
		{Body, "M50 13 C39 21 31.3 30 31.3 38 C31.3 45 37.9 48 50 48 C62.1 48 68.7 45 68.7 38 C68.7 30 61 21 50 13 Z"},
		{Body, "M50 5.5 C52.74 5.5 54.95 7.51 54.95 10 C54.95 12.49 52.74 14.5 50 14.5 C47.26 14.5 45.05 12.49 45.05 10 C45.05 7.51 47.26 5.5 50 5.5 Z"},
		{Line, "M57.7 24 L45.6 37"},
		{Line, "M35.7 55 H64.3"},
		{Line, "M36.8 48 H63.2"},
		{Line, "M22.5 83 H77.5"},
	},
	chess.Rook: {
		{Body, "M18.1 91 H81.9 Q87.4 91 87.4 87 Q87.4 83 81.9 83 H18.1 Q12.6 83 12.6 87 Q12.6 91 18.1 91 Z"},
		{Body, "M22.5 83 H77.5 Q80.8 83 79.7 80 Q78.6 77 74.2 77 H25.8 Q21.4 77 20.3 80 Q19.2 83 22.5 83 Z"},
		{Body, "M29.1 77 L32.4 50 H67.6 L70.9 77 Z"},
		{Body, "M28 50 H72 V44 H28 Z"},
		{Body, "M26.9 44 V18 H36.8 V25 H45.05 V18 H54.95 V25 H63.2 V18 H73.1 V44 Z"},
		{Line, "M31.3 44 H68.7"},
		{Line, "M32.4 50 H67.6"},
		{Line, "M31.3 31 H68.7"},
		{Line, "M22.5 83 H77.5"},
	},
	chess.Queen: {
		{Body, "M18.1 91 H81.9 Q87.4 91 87.4 87 Q87.4 83 81.9 83 H18.1 Q12.6 83 12.6 87 Q12.6 91 18.1 91 Z"},
		{Body, "M22.5 83 H77.5 Q80.8 83 79.7 80 Q78.6 77 74.2 77 H25.8 Q21.4 77 20.3 80 Q19.2 83 22.5 83 Z"},
		{Body, "M28 77 C32.4 68 40.1 60 40.1 50 H59.9 C59.9 60 67.6 68 72 77 Z"},
		{Body, "M32.4 50 H67.6 Q72 50 72 46.5 Q72 43 67.6 43 H32.4 Q28 43 28 46.5 Q28 50 32.4 50 Z"},
		{Body, "M33.5 43 L21.4 22 L31.3 32 L35.7 17 L43.4 30 L50 14 L56.6 30 L64.3 17 L68.7 32 L78.6 22 L66.5 43 Z"},
		{Body, "M21.4 16 C23.83 16 25.8 17.79 25.8 20 C25.8 22.21 23.83 24 21.4 24 C18.97 24 17 22.21 17 20 C17 17.79 18.97 16 21.4 16 Z"},
		{Body, "M35.7 11 C38.13 11 40.1 12.79 40.1 15 C40.1 17.21 38.13 19 35.7 19 C33.27 19 31.3 17.21 31.3 15 C31.3 12.79 33.27 11 35.7 11 Z"},
		{Body, "M50 7.3 C52.55 7.3 54.62 9.18 54.62 11.5 C54.62 13.82 52.55 15.7 50 15.7 C47.45 15.7 45.38 13.82 45.38 11.5 C45.38 9.18 47.45 7.3 50 7.3 Z"},
		{Body, "M64.3 11 C66.73 11 68.7 12.79 68.7 15 C68.7 17.21 66.73 19 64.3 19 C61.87 19 59.9 17.21 59.9 15 C59.9 12.79 61.87 11 64.3 11 Z"},
		{Body, "M78.6 16 C81.03 16 83 17.79 83 20 C83 22.21 81.03 24 78.6 24 C76.17 24 74.2 22.21 74.2 20 C74.2 17.79 76.17 16 78.6 16 Z"},
		{Line, "M32.4 43 H67.6"},
		{Line, "M32.4 50 H67.6"},
		{Line, "M22.5 83 H77.5"},
	},
	chess.King: {
		{Body, "M18.1 91 H81.9 Q87.4 91 87.4 87 Q87.4 83 81.9 83 H18.1 Q12.6 83 12.6 87 Q12.6 91 18.1 91 Z"},
		{Body, "M22.5 83 H77.5 Q80.8 83 79.7 80 Q78.6 77 74.2 77 H25.8 Q21.4 77 20.3 80 Q19.2 83 22.5 83 Z"},
		{Body, "M28 77 C32.4 68 40.1 60 40.1 50 H59.9 C59.9 60 67.6 68 72 77 Z"},
		{Body, "M32.4 50 H67.6 Q72 50 72 46.5 Q72 43 67.6 43 H32.4 Q28 43 28 46.5 Q28 50 32.4 50 Z"},
		{Body, "M32.4 43 C30.2 36 26.9 30 28 26 Q50 18 72 26 C73.1 30 69.8 36 67.6 43 Z"},
		{Body, "M46.7 4 H53.3 V9.5 H59.35 V15.5 H53.3 V22 H46.7 V15.5 H40.65 V9.5 H46.7 Z"},
		{Line, "M32.4 43 H67.6"},
		{Line, "M32.4 50 H67.6"},
		{Line, "M33.5 30 Q50 24 66.5 30"},
		{Line, "M22.5 83 H77.5"},
	},
}
