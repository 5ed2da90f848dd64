package diagram

import "github.com/chess960/chess960/chess"

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
// an unknown role). The same shapes serve both colours; the palette paints
// them.
func Shape(r chess.Role) []Part {
	if int(r) >= len(shapes) {
		return nil
	}
	return append([]Part(nil), shapes[r]...)
}

// The shapes: our own Staunton-style silhouettes, drawn for this project.
var shapes = [...][]Part{
	chess.Pawn: {
		{Body, "M22 90 H78 Q82 90 82 86 Q82 82 78 81 Q66 78 50 78 Q34 78 22 81 Q18 82 18 86 Q18 90 22 90 Z"},
		{Body, "M33 79 C36 70 42 62 43 52 H57 C58 62 64 70 67 79 Z"},
		{Body, "M38 47 H62 Q66 47 66 50.5 Q66 54 62 54 H38 Q34 54 34 50.5 Q34 47 38 47 Z"},
		{Body, "M50 21 C56.63 21 62 26.37 62 33 C62 39.63 56.63 45 50 45 C43.37 45 38 39.63 38 33 C38 26.37 43.37 21 50 21 Z"},
		{Line, "M38 54 H62"},
		{Line, "M30 80.5 Q50 77 70 80.5"},
	},
	chess.Knight: {
		{Body, "M21 91 H79 Q84 91 84 87 Q84 83 79 83 H21 Q16 83 16 87 Q16 91 21 91 Z"},
		{Body, "M25 83 H75 Q78 83 77 80 Q76 77 72 77 H28 Q24 77 23 80 Q22 83 25 83 Z"},
		{Body, "M30 77 C30 71 37 67 46 64 C50 62 50 57 45 56 C38 56 30 62 24 66 C19 69 13 66 12 61 C11 57 12 53 15 50 C20 42 30 30 40 22 C43 19 46 17 49 16 L53 5 C56 8 60 12 61 16 Q67 14 69 20 Q75 20 75 27 Q81 28 79 35 Q84 38 81 44 Q86 48 82 53 C81 62 80 70 79 77 Z"},
		{Dot, "M32 29.5 Q37.5 24 43.5 27 Q38.5 32 32 29.5 Z"},
		{Dot, "M15 54 Q18 51 20 54 Q18 57 15 54 Z"},
		{Line, "M14 62 Q17 62 21 61"},
		{Line, "M58 21 C68 27 74 40 75 56"},
	},
	chess.Bishop: {
		{Body, "M21 91 H79 Q84 91 84 87 Q84 83 79 83 H21 Q16 83 16 87 Q16 91 21 91 Z"},
		{Body, "M25 83 H75 Q78 83 77 80 Q76 77 72 77 H28 Q24 77 23 80 Q22 83 25 83 Z"},
		{Body, "M32 77 C36 68 42 62 42 55 H58 C58 62 64 68 68 77 Z"},
		{Body, "M37 48 H63 Q67 48 67 51.5 Q67 55 63 55 H37 Q33 55 33 51.5 Q33 48 37 48 Z"},
		{Body, "M50 13 C40 21 33 30 33 38 C33 45 39 48 50 48 C61 48 67 45 67 38 C67 30 60 21 50 13 Z"},
		{Body, "M50 5.5 C52.49 5.5 54.5 7.51 54.5 10 C54.5 12.49 52.49 14.5 50 14.5 C47.51 14.5 45.5 12.49 45.5 10 C45.5 7.51 47.51 5.5 50 5.5 Z"},
		{Line, "M57 24 L46 37"},
		{Line, "M37 55 H63"},
		{Line, "M38 48 H62"},
		{Line, "M25 83 H75"},
	},
	chess.Rook: {
		{Body, "M21 91 H79 Q84 91 84 87 Q84 83 79 83 H21 Q16 83 16 87 Q16 91 21 91 Z"},
		{Body, "M25 83 H75 Q78 83 77 80 Q76 77 72 77 H28 Q24 77 23 80 Q22 83 25 83 Z"},
		{Body, "M31 77 L34 50 H66 L69 77 Z"},
		{Body, "M30 50 H70 V44 H30 Z"},
		{Body, "M29 44 V18 H38 V25 H45.5 V18 H54.5 V25 H62 V18 H71 V44 Z"},
		{Line, "M33 44 H67"},
		{Line, "M34 50 H66"},
		{Line, "M33 31 H67"},
		{Line, "M25 83 H75"},
	},
	chess.Queen: {
		{Body, "M21 91 H79 Q84 91 84 87 Q84 83 79 83 H21 Q16 83 16 87 Q16 91 21 91 Z"},
		{Body, "M25 83 H75 Q78 83 77 80 Q76 77 72 77 H28 Q24 77 23 80 Q22 83 25 83 Z"},
		{Body, "M30 77 C34 68 41 60 41 50 H59 C59 60 66 68 70 77 Z"},
		{Body, "M34 50 H66 Q70 50 70 46.5 Q70 43 66 43 H34 Q30 43 30 46.5 Q30 50 34 50 Z"},
		{Body, "M35 43 L24 22 L33 32 L37 17 L44 30 L50 14 L56 30 L63 17 L67 32 L76 22 L65 43 Z"},
		{Body, "M24 16 C26.21 16 28 17.79 28 20 C28 22.21 26.21 24 24 24 C21.79 24 20 22.21 20 20 C20 17.79 21.79 16 24 16 Z"},
		{Body, "M37 11 C39.21 11 41 12.79 41 15 C41 17.21 39.21 19 37 19 C34.79 19 33 17.21 33 15 C33 12.79 34.79 11 37 11 Z"},
		{Body, "M50 7.3 C52.32 7.3 54.2 9.18 54.2 11.5 C54.2 13.82 52.32 15.7 50 15.7 C47.68 15.7 45.8 13.82 45.8 11.5 C45.8 9.18 47.68 7.3 50 7.3 Z"},
		{Body, "M63 11 C65.21 11 67 12.79 67 15 C67 17.21 65.21 19 63 19 C60.79 19 59 17.21 59 15 C59 12.79 60.79 11 63 11 Z"},
		{Body, "M76 16 C78.21 16 80 17.79 80 20 C80 22.21 78.21 24 76 24 C73.79 24 72 22.21 72 20 C72 17.79 73.79 16 76 16 Z"},
		{Line, "M34 43 H66"},
		{Line, "M34 50 H66"},
		{Line, "M25 83 H75"},
	},
	chess.King: {
		{Body, "M21 91 H79 Q84 91 84 87 Q84 83 79 83 H21 Q16 83 16 87 Q16 91 21 91 Z"},
		{Body, "M25 83 H75 Q78 83 77 80 Q76 77 72 77 H28 Q24 77 23 80 Q22 83 25 83 Z"},
		{Body, "M30 77 C34 68 41 60 41 50 H59 C59 60 66 68 70 77 Z"},
		{Body, "M34 50 H66 Q70 50 70 46.5 Q70 43 66 43 H34 Q30 43 30 46.5 Q30 50 34 50 Z"},
		{Body, "M34 43 C32 36 29 30 30 26 Q50 18 70 26 C71 30 68 36 66 43 Z"},
		{Body, "M47 4 H53 V9.5 H58.5 V15.5 H53 V22 H47 V15.5 H41.5 V9.5 H47 Z"},
		{Line, "M34 43 H66"},
		{Line, "M34 50 H66"},
		{Line, "M35 30 Q50 24 65 30"},
		{Line, "M25 83 H75"},
	},
}
